"""The position before the first move: the log's options and set-up checked (every wrong value at
once) and read into a state, the estate boards named by the number the log's edition prints on
them; and a random set-up for random play."""
from __future__ import annotations

import random

from ..core.components import HiddenPool
from ..core.errors import IllegalMove, SetupProblems
from ..core.ledger import Ledger
from ..core.simulate import PLAYER_NAMES
from .catalog import Catalog
from .depots import BLACK_SUPPLY, GOODS_POOL, supplies
from .geometry import Colour, StartCastle, bit, region_completed_by
from .rounds import start_phase
from .state import GOODS_TYPES, CobState, Estate
from .turns import start_track


def _no_board(cat: Catalog, number: str) -> str:
    """Why the edition has no board ``number``, and what may be written instead."""
    standard = [n for n, b in cat.board_numbers.items() if not cat.boards[b].solo]
    solo = [n for n, b in cat.board_numbers.items() if cat.boards[b].solo]
    if standard:
        return (f"edition {cat.edition} prints no estate board {number!r}; its boards are "
                f"{', '.join(standard)} (2-4 players) and {' and '.join(solo)} (the Solo board)")
    return (f"edition {cat.edition} prints standard estate boards whose layouts ludolog's catalog does not "
            f"hold, so board {number!r} cannot be checked: of this edition only the Solo board "
            f"({' and '.join(solo)}) is numbered. A 2-4 player game played with the boards of another "
            f"edition is written with that edition ({', '.join(e for e in cat.editions if e != cat.edition)})")


def new_state(cat: Catalog, log) -> CobState:
    """The position before the first move, from the log's options and set-up.

    :raises IllegalMove: COB.SETUP.* (pointer absolute) or CORE.HIDDEN.* (a starting castle or goods
        tile that cannot be unseen any more).
    """
    ids = [p.id for p in log.players]
    n = len(ids)
    solo = n == 1
    opts = log.options or {}
    problems = SetupProblems()  # every wrong set-up value at once: each player's estate is checked on its own
    bad = problems.add
    for name in ("side", "rivers_join_regions"):
        if name in opts and not solo:
            bad("COB.SETUP.OPTIONS", f"the option {name!r} belongs to the Solo game: leave it out of a game of "
                                     f"{n} players", f"/options/{name}")
    side = opts.get("side", "A")
    rivers = bool(opts.get("rivers_join_regions", False))
    setup = log.setup
    order = setup.get("order", ids)
    if sorted(order) != sorted(ids):
        bad("COB.SETUP.ORDER", f"the starting turn order must list {', '.join(ids)} once each", "/setup/order")
    estates_in = setup["estates"]
    if set(estates_in) != set(ids):
        extra = sorted(set(estates_in) - set(ids))
        missing = sorted(set(ids) - set(estates_in))
        if extra:
            bad("COB.SETUP.ESTATES", f"{', '.join(map(repr, extra))} {'is' if len(extra) == 1 else 'are'} not a player "
                                     f"of this log (players: {', '.join(ids)}): write an estate for each player only",
                "/setup/estates")
        if missing:
            bad("COB.SETUP.ESTATES", f"{' and '.join(missing)} {'has' if len(missing) == 1 else 'have'} no estate: "
                                     f"write one for each player under 'estates' (its board, starting castle and goods)",
                "/setup/estates")
        problems.check()  # each player's estate is read next
    pools = {name: HiddenPool.create("hex tile" if name != BLACK_SUPPLY else "black-back hex tile", contents)
             for name, contents in supplies(cat).items()}
    pools[GOODS_POOL] = HiddenPool.create("goods tile", {str(t): c for t, c in cat.goods_count.items()})
    s = CobState(cat=cat, ids=ids, n=n, solo=solo, ledger=Ledger(n), pools=pools)
    econ = cat.economy
    players_on: dict[str, list[str]] = {}  # board id -> the players using it so far
    for seat, pid in enumerate(ids):
        entry = estates_in[pid]
        at = f"/setup/estates/{pid}"
        default = f"solo-{side}" if solo else "1"
        # the SE's standard boards have no number in the catalog: their board id stands for it
        default_number = cat.board_number.get(default, default)
        number = entry.get("board", default_number)
        # by the number the log's edition prints, and only so: a board of another edition under the
        # same number may differ (the SE's #1-#10 are boards of their own, #4 and #8 reworked)
        board_id = cat.board_numbers.get(number)
        if board_id is None:
            problems.add_error(IllegalMove("COB.SETUP.BOARD", _no_board(cat, number),
                                           f"{at}/board" if "board" in entry else at))
            continue
        players_on.setdefault(board_id, []).append(pid)
        copies = cat.board_copies.get(board_id)
        if copies is not None and len(players_on[board_id]) > copies:
            bad("COB.SETUP.BOARD_TAKEN", f"the {cat.edition} box holds board {number} "
                                         f"{'once' if copies == 1 else f'{copies} times'}: it is taken by "
                                         f"{' and '.join(players_on[board_id][:copies])}; write the board {pid} "
                                         f"plays on", f"{at}/board")
        board = cat.board(board_id, rivers and solo)
        if board.solo != solo or (solo and board_id != default):
            want = f"the Solo board side {side} ({default_number})" if solo else "a standard estate board"
            bad("COB.SETUP.BOARD", f"board {number} is not {want}", f"{at}/board")
            continue
        castle_space = entry.get("castle")
        index = board.index.get(castle_space) if castle_space is not None else \
            (board.start_spaces[0] if board.start_castle is StartCastle.CENTRE else None)
        if index is None or index not in board.start_spaces:
            spaces = [board.spaces[i].id for i in board.start_spaces]
            allowed = f"space {spaces[0]}" if len(spaces) == 1 else f"one of the castle spaces {', '.join(spaces)}"
            bad("COB.SETUP.CASTLE", f"the starting castle goes on {allowed} of board {number}"
                + (f", not {castle_space!r}" if castle_space is not None else ""), f"{at}/castle")
            continue
        goods = entry["goods"]
        need = cat.solo.start_goods if solo else cat.goods_per_player
        if len(goods) != need:
            bad("COB.SETUP.GOODS", f"each player starts with {need} goods tiles, not {len(goods)}", f"{at}/goods")
            continue
        e = Estate(board=board, tiles=[None] * len(board.spaces))
        position = order.index(pid) if pid in order else seat  # a wrong order is reported already
        e.silverlings = cat.solo.start_silverlings if solo else econ.start_silverlings
        e.workers = cat.solo.start_workers if solo else econ.start_workers_by_seat[position]
        if solo:
            e.target = cat.solo.target_start
        try:
            pools[Colour.CASTLE.value].reveal("castle", pointer=f"{at}/castle")
            for k, t in enumerate(goods):
                pools[GOODS_POOL].reveal(str(t), pointer=f"{at}/goods/{k}")
                e.goods[t] += 1
        except IllegalMove as exc:
            problems.add_error(exc)
            continue
        e.tiles[index] = "castle"
        e.filled = bit(index)
        e.regions = int(region_completed_by(board, 0, index) is not None)  # a 1-space castle region
        s.estates.append(e)
    problems.check()
    s.track = start_track(order)
    s.dice = [[] for _ in ids]
    start_phase(s)
    return s


def random_setup(cat: Catalog, rng: random.Random, n_players: int, options: dict) -> dict:
    """A set-up as a log would write it: boards (never more copies than the box holds), starting
    castles, goods dealt from the shuffled goods tiles, a shuffled starting order."""
    ids = [name.lower() for name in PLAYER_NAMES[:n_players]]
    goods = [t for t in GOODS_TYPES for _ in range(cat.goods_count[t])]
    rng.shuffle(goods)
    estates = {}
    taken: dict[str, int] = {}  # board id -> players on it: never more than the box holds
    for k, pid in enumerate(ids):
        entry: dict = {}
        if n_players == 1:
            board = cat.board(f"solo-{options.get('side', 'A')}")
        else:
            numbers = sorted(n for n, b in cat.board_numbers.items() if not cat.boards[b].solo
                             and taken.get(b, 0) < cat.board_copies.get(b, n_players))
            number = "1" if rng.random() < 0.5 and "1" in numbers else rng.choice(numbers)
            board = cat.boards[cat.board_numbers[number]]
            taken[board.id] = taken.get(board.id, 0) + 1
            entry["board"] = number
        if len(board.start_spaces) > 1 or n_players == 1:
            entry["castle"] = board.spaces[rng.choice(board.start_spaces)].id
        per = cat.solo.start_goods if n_players == 1 else cat.goods_per_player
        entry["goods"] = sorted(goods[k * per:(k + 1) * per])
        estates[pid] = entry
    order = ids[:]
    rng.shuffle(order)
    return {"order": order, "estates": estates}
