"""Phases, rounds and turns: the chance moves that open them (a depot's tiles and the black depot's
turned face up at phase set-up, each player's dice, the white die with the round's goods tile and,
in the Solo game, the hex removal) and the end of a turn (next player, next round, phase end with
its mine income, game end with final scoring, the Solo win)."""
from __future__ import annotations

from ..core.errors import IllegalMove, SetupProblems, all_problems
from ..core.suggest import did_you_mean
from . import scoring
from .depots import BLACK_SUPPLY, GOODS_POOL, phase_spaces, solo_hex_to_remove
from .state import CobState, Step
from .turns import turn_order


def start_phase(s: CobState) -> None:
    """Phase set-up (5.1): the tiles left in the depots leave the game; goods stay."""
    cat = s.cat
    players = cat.solo.setup_players if s.solo else s.n
    letter = cat.phases[s.phase]
    spaces = phase_spaces(cat, players, letter)
    s.depot_spaces = ((),) + tuple(spaces[d] for d in range(1, 7))
    s.depots = {}
    s.black = []
    s.next_depot = 1
    s.black_left = cat.black_depot[players]  # black-back tiles laid out (3.2)
    s.step = Step.DEPOTS


def reveal_depot(s: CobState, seat: None, move: dict) -> None:
    """A numbered depot filled at the start of a phase.

    The table sees which tiles lie in the depot, not in what order they were laid: ``tiles`` may
    name them in any order, and each goes on the depot space of its colour. Every wrong tile of
    the move is reported (one violation each).

    :raises IllegalMove: COB.PHASE.DEPOT, COB.PHASE.TILES, COB.PHASE.COLOUR, CORE.HIDDEN.*."""
    placed = check_depot(s, s.next_depot, move)
    tiles = move["tiles"]
    done = []
    try:
        for k, tile in enumerate(tiles):
            colour = s.cat.hex_kinds[tile].colour
            s.pools[colour.value].reveal(tile, pointer=f"/tiles/{k}")
            done.append((colour, tile))
    except IllegalMove:
        for colour, tile in done:
            s.pools[colour.value].put_back(tile)
        raise
    s.depots.update(placed)
    s.next_depot += 1
    if s.next_depot > 6:
        s.step = Step.BLACK
        if s.black_left == 0:
            begin_round(s)


def check_depot(s: CobState, expected: int, move: dict) -> dict[str, str]:
    """What the table can check of a depot move without the supplies: it fills depot ``expected``,
    with a tile of the right colour and back on each space in use. Depot space -> tile.

    :raises IllegalMove: COB.PHASE.DEPOT, COB.PHASE.TILES, COB.PHASE.COLOUR (every wrong tile)."""
    depot = move["depot"]
    if depot != expected:
        raise IllegalMove("COB.PHASE.DEPOT", f"depot {expected} is filled next (depots 1-6 in order, then the "
                                             f"black depot): write depot {expected}, or the missing depots first", "/depot")
    spaces = s.depot_spaces[depot]
    tiles = move["tiles"]
    players = s.cat.solo.setup_players if s.solo else s.n
    if len(tiles) != len(spaces):
        raise IllegalMove("COB.PHASE.TILES", f"with {players} players depot {depot} has {len(spaces)} spaces in use: "
                                             f"it takes {depot_words(spaces)}; {len(tiles)} {'tile is' if len(tiles) == 1 else 'tiles are'} written",
                          "/tiles")
    return depot_places(s, depot, tiles)


def later_depot_problems(s: CobState, moves: list, index: int) -> list[tuple[int, IllegalMove]]:
    """The wrong tiles of the depot moves that follow a refused one (move ``index``, in the position
    ``s`` before it) in the same filling of the depots: each checked as :func:`check_depot` does,
    so that one run names every wrong depot of a phase."""
    out: list[tuple[int, IllegalMove]] = []
    if s.step is not Step.DEPOTS:
        return out
    expected = s.next_depot
    for j in range(index + 1, len(moves)):
        move = moves[j]
        expected += 1
        if expected > 6 or not isinstance(move, dict) or move.get("type") != "depot":
            break
        try:
            check_depot(s, expected, move)
        except IllegalMove as exc:
            out += [(j, problem) for problem in all_problems(exc)]
    return out


def depot_words(spaces) -> str:
    """``"a building tile and a ship tile"``: what a depot's spaces in use take."""
    names = [f"a {colour.value} tile" for _space, colour in spaces]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def depot_places(s: CobState, depot: int, tiles: list) -> dict[str, str]:
    """Depot space -> tile: each tile on a space of its colour, in the order written.

    :raises IllegalMove: COB.PHASE.COLOUR for every tile that is no hex tile, has a black back or
        has no space of its colour left in the depot (the first raised, the others carried)."""
    spaces = s.depot_spaces[depot]
    wanted = depot_words(spaces)
    problems = SetupProblems()
    free = list(spaces)
    placed: dict[str, str] = {}
    for k, tile in enumerate(tiles):
        kind = s.cat.hex_kinds.get(tile)
        where = f"/tiles/{k}"
        if kind is None:
            problems.add("COB.PHASE.COLOUR", f"there is no hex tile {tile!r}{did_you_mean(tile, s.cat.hex_kinds)}; "
                                             f"depot {depot} takes {wanted}", where)
            continue
        if not kind.normal_back:
            problems.add("COB.PHASE.COLOUR", f"every {tile} tile has a black back: it is laid out only in the black "
                                             f"depot, never in depot {depot}, which takes {wanted} from the supplies "
                                             f"of coloured backs", where)
            continue
        space = next((sp for sp in free if sp[1] is kind.colour), None)
        if space is None:
            problems.add("COB.PHASE.COLOUR", f"{tile} is a {kind.colour.value} tile and depot {depot} has no "
                                             f"{kind.colour.value} space {'left ' if any(c is kind.colour for _x, c in spaces) else ''}"
                                             f"with {s.cat.solo.setup_players if s.solo else s.n} players: it takes {wanted}",
                         where)
            continue
        free.remove(space)
        placed[space[0]] = tile
    problems.check()
    return placed


def reveal_black(s: CobState, seat: None, move: dict) -> None:
    tile = move["tile"]
    s.pools[BLACK_SUPPLY].reveal(tile, pointer="/tile")
    s.black.append(tile)
    s.black_left -= 1
    if s.black_left == 0:
        begin_round(s)


def begin_round(s: CobState) -> None:
    """The round's turn order is fixed when it starts (a ship moves its marker for the next round)."""
    order = turn_order(s.track)
    s.order = [s.ids.index(p) for p in order]
    s.index = 0
    s.step = Step.ROLL


def roll(s: CobState, seat: int | None, move: dict) -> None:
    want = s.order[s.index]
    if seat != want:
        raise IllegalMove("COB.ROLL.ORDER", f"{s.ids[want]} rolls next (this round's turn order: "
                                            f"{', '.join(s.ids[i] for i in s.order)})", "/player")
    s.dice[seat] = list(move["dice"])
    s.index += 1
    if s.index == len(s.order):
        s.step = Step.WHITE


def white(s: CobState, seat: None, move: dict) -> None:
    """The white die: the round's goods tile (turned up) goes to its depot; in the Solo game a hex tile
    leaves that depot (or the next one clockwise)."""
    value, goods = move["white"], move["goods"]
    removed = None
    if s.solo:
        if "removed" not in move:
            raise IllegalMove("COB.SOLO.REMOVED", "a Solo round removes a hex tile from the white die's depot: write "
                                                  "\"removed\" (null when every depot is empty)", "/removed")
        occupied = [sp for sp, tile in s.depots.items() if tile is not None]
        removed = solo_hex_to_remove(s.cat, value, occupied)
        expected = s.depots[removed] if removed is not None else None
        if move["removed"] != expected:
            where = f"space {removed} holds {expected!r}" if removed else "every depot is empty"
            raise IllegalMove("COB.SOLO.REMOVED", f"with the white die on {value} the tile removed comes from "
                                                  f"{'depot ' + removed[0] if removed else 'no depot'} ({where}), not "
                                                  f"{move['removed']!r}", "/removed")
    elif "removed" in move:
        raise IllegalMove("COB.SOLO.REMOVED", "only the Solo game removes a hex tile each round", "/removed")
    s.pools[GOODS_POOL].reveal(str(goods), pointer="/goods")
    s.white = value
    s.depot_goods[value][goods] += 1
    if removed is not None:
        s.depots[removed] = None
    s.index = 0
    start_turn(s)


def start_turn(s: CobState) -> None:
    s.step = Step.TURN
    s.unused = list(s.dice[s.current])
    s.bought = False


def end_turn(s: CobState) -> None:
    """The current player's turn is over: next player, next round, phase end, game end."""
    if s.solo and s.estates[0].filled == s.estates[0].board.full:
        s.rounds_played += 1
        s.step = Step.END  # "You win the game if you manage to occupy all 37 hex spaces"
        return
    s.index += 1
    if s.index < len(s.order):
        start_turn(s)
        return
    s.rounds_played += 1
    s.round += 1
    if s.round < s.cat.economy.rounds_per_phase:
        begin_round(s)
        return
    scoring.phase_end(s)
    s.round = 0
    s.phase += 1
    if s.phase == len(s.cat.phases):
        if not s.solo:
            scoring.final_scoring(s)
        s.step = Step.END
        return
    start_phase(s)
