"""Set-up as the table records it, checked against the rules text's "Set-Up", and a random one.

``setup`` holds: ``tiles`` (board space -> the starting building tile face up on it), ``strips``
(the action strips top to bottom), ``scoring_tiles`` (the 4 in play) and ``players`` (per player id:
the 6 starting cards, ``"?"`` where the recorder could not see them; the 2 scoring tiles drawn,
``"?"`` for the one returned unseen; the tile kept; the production site chosen; optionally the
starting coins, checked). The first player listed holds the starting player token.
"""
from __future__ import annotations

import random

from ..core.components import UNKNOWN, HiddenPool
from ..core.errors import IllegalMove, SetupProblems
from ..core.ledger import Ledger
from . import moves, solo_turn
from .action_board import starting_coins, starting_spaces, starting_tiles
from .catalog import RESOURCES, Catalog
from .state import BoonlakeState, Player


def start(cat: Catalog, ids: list[str], setup: dict) -> BoonlakeState:
    """The position before the first move (``Game.new_state``): the players' set-up and the Wise
    Eminence's (:func:`.solo_turn.attach`) checked together, so that one run names every wrong value,
    then what follows the set-up before anybody moves (:func:`.moves.settle`).

    :raises SetupProblems: the set-up breaks a rule of "Set-Up" or "Solo Set-Up"."""
    problems = SetupProblems()
    s = new_state(cat, ids, setup, problems)
    solo_turn.attach(s, setup, problems)
    problems.check()
    moves.settle(s)
    return s


def new_state(cat: Catalog, ids: list[str], setup: dict, problems: SetupProblems) -> BoonlakeState:
    """The players' set-up; each value breaking a rule of "Set-Up" is added to ``problems`` (pointers
    absolute), so that one run names them all."""
    n = len(ids)
    bad = problems.add
    spaces = set(starting_spaces(cat, n))
    tiles_allowed = set(starting_tiles(cat, n))
    placed: dict[int, str] = {}
    for key, tile in setup["tiles"].items():
        space = int(key)
        where = f"/setup/tiles/{key}"
        if space not in spaces:
            bad("BOON.SETUP.TILES", f"with {n} players the starting tiles go on spaces "
                                    f"{', '.join(map(str, sorted(spaces)))}; not on {space}", where)
        elif tile not in tiles_allowed:
            bad("BOON.SETUP.TILES", f"{tile!r} is not a starting tile for {n} players "
                                    f"({', '.join(sorted(tiles_allowed))})", where)
        elif tile in placed.values():
            bad("BOON.SETUP.TILES", f"starting tile {tile} is placed twice", where)
        placed[space] = tile
    missing = sorted(spaces - set(placed))
    if missing:
        bad("BOON.SETUP.TILES", f"with {n} players every space {', '.join(map(str, sorted(spaces)))} gets a "
                                f"starting tile; {', '.join(map(str, missing))} has none", "/setup/tiles")
    strips = list(setup["strips"])
    if sorted(strips) != sorted(cat.strips):
        twice = sorted({x for x in strips if strips.count(x) > 1})
        unknown = sorted({x for x in strips if x not in cat.strips})
        absent = [x for x in cat.strips if x not in strips]
        wrong = "; ".join(part for part in (
            f"{', '.join(twice)} written twice" if twice else "",
            f"no strip {', '.join(map(repr, unknown))}" if unknown else "",
            f"{', '.join(absent)} missing" if absent else "") if part)
        bad("BOON.SETUP.STRIPS", f"the action board holds the 7 strips once each ({', '.join(cat.strips)}): "
                                 f"{wrong}", "/setup/strips")
    in_play = list(setup["scoring_tiles"])
    for i, t in enumerate(in_play):
        if t not in cat.scoring_tiles:
            bad("BOON.SETUP.SCORING", f"there is no scoring tile {t!r}", f"/setup/scoring_tiles/{i}")
        elif in_play.index(t) != i:
            bad("BOON.SETUP.SCORING", f"scoring tile {t} is in play twice", f"/setup/scoring_tiles/{i}")
    per = setup["players"]
    for pid in per:
        if pid not in ids:
            bad("BOON.SETUP.PLAYERS", f"{pid!r} is not a player of this log (players: {', '.join(ids)})",
                f"/setup/players/{pid}")
    deck = HiddenPool.create("project card", {c: 1 for c in cat.cards})
    drawn_tiles: list[str] = []
    owner: list[str] = []
    players: list[Player] = []
    for seat, pid in enumerate(ids):
        base = f"/setup/players/{pid}"
        if pid not in per:
            bad("BOON.SETUP.PLAYERS", f"the set-up of {pid} is missing", "/setup/players")
            continue
        ps = per[pid]
        hand = ps["hand"]
        if len(hand) != cat.materials["starting_hand"]:
            bad("BOON.SETUP.HAND", f"each player draws {cat.materials['starting_hand']} cards, not {len(hand)}",
                f"{base}/hand")
        known = []
        for i, card in enumerate(hand):
            if card != UNKNOWN and card not in cat.cards:
                bad("BOON.CARD.UNKNOWN", f"there is no project card {card!r}", f"{base}/hand/{i}")
                continue
            try:
                deck.draw(seat, card, pointer=f"{base}/hand/{i}")
            except IllegalMove as exc:
                problems.add_error(exc)
                continue
            if card != UNKNOWN:
                known.append(card)
        drawn = ps["scoring_drawn"]
        kept = ps["scoring_tile"]
        if kept not in drawn:
            bad("BOON.SETUP.SCORING", f"{pid} keeps one of the two scoring tiles drawn ({', '.join(drawn)}), "
                                      f"not {kept}", f"{base}/scoring_tile")
        elif kept not in in_play:
            bad("BOON.SETUP.SCORING", f"{pid}'s kept tile {kept} must be one of the 4 in play", f"{base}/scoring_tile")
        for i, t in enumerate(drawn):
            if t == UNKNOWN:
                continue
            if t not in cat.scoring_tiles:
                bad("BOON.SETUP.SCORING", f"there is no scoring tile {t!r}", f"{base}/scoring_drawn/{i}")
            elif t in drawn_tiles or (t in in_play and t != kept and kept in drawn):  # a wrong kept tile is named once
                bad("BOON.SETUP.SCORING", f"scoring tile {t} cannot be drawn by {pid}: it is drawn by another "
                                          f"player or lies in another area", f"{base}/scoring_drawn/{i}")
            drawn_tiles.append(t)
        owner.append(kept)
        site = ps["site"]  # one of RESOURCES: the schema's enum
        coins = starting_coins(cat, n, seat)
        if "coins" in ps and ps["coins"] != coins:
            bad("BOON.SETUP.COINS", f"{pid} is seat {seat + 1} from the starting player and starts with {coins} "
                                    f"coins, not {ps['coins']}", f"{base}/coins")
        sites = [0, 0, 0, 0]
        sites[RESOURCES.index(site)] = 1
        inh = cat.start_inhabitants
        players.append(Player(coins=coins, ranch=inh["ranch"], supply=inh["supply"], sites=sites,
                              boats=sorted(cat.boat_start), hand=known, ship=cat.river_start[1][n]))
    if len(owner) == n and len(set(owner)) != n:
        bad("BOON.SETUP.SCORING", "each player keeps a scoring tile of their own", "/setup/players")
    gray = {t: 1 for t in cat.tiles_by_back["gray"]}
    mound = HiddenPool.create("gray building tile", gray)
    return BoonlakeState(cat=cat, ids=list(ids), n=n, players=players, ledger=Ledger(n), deck=deck, mound=mound,
                         discard_pile=[], tiles=dict(sorted(placed.items())), sites={}, cattle={},
                         pastures_left=len(cat.tiles_by_back["pasture"]), strips=strips, scoring_tiles=in_play,
                         owner_tile=owner)


def random_setup(cat: Catalog, rng: random.Random, n: int, ids: list[str]) -> dict:
    """A set-up as a table records it (each player's view of their own hand written by id); with 1
    player, the Wise Eminence's too (:func:`.solo_turn.random_setup`, drawn after the players')."""
    spaces = list(starting_spaces(cat, n))
    tiles = list(starting_tiles(cat, n))
    rng.shuffle(tiles)
    strips = list(cat.strips)
    rng.shuffle(strips)
    scoring = sorted(cat.scoring_tiles)
    rng.shuffle(scoring)
    players = {}
    kept = []
    deal = rng.sample(sorted(cat.cards), cat.materials["starting_hand"] * n)
    for seat, pid in enumerate(ids):
        two = scoring[2 * seat:2 * seat + 2]
        keep = rng.choice(two)
        kept.append(keep)
        hand = deal[seat * cat.materials["starting_hand"]:(seat + 1) * cat.materials["starting_hand"]]
        players[pid] = {"hand": hand, "scoring_drawn": [keep, UNKNOWN],
                        "scoring_tile": keep, "site": rng.choice(RESOURCES),
                        "coins": starting_coins(cat, n, seat)}
    rest = scoring[2 * n:]
    in_play = kept + rest[:4 - n]
    out = {"tiles": {str(sp): t for sp, t in zip(spaces, tiles)}, "strips": strips, "scoring_tiles": in_play,
           "players": players}
    if n == 1:
        solo_turn.random_setup(cat, rng, out)
    return out
