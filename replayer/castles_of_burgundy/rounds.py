"""Set-up from the log, the chance moves (tiles turned face up, dice) and the structure of phases,
rounds and turns: phase set-up, rolls, the turn order of the turn-order track, phase end (mines),
game end (final scoring) and, in the Solo game, the hex removal and the win."""
from __future__ import annotations

from ..core.components import HiddenPool
from ..core.errors import IllegalMove, SetupProblems
from ..core.ledger import Ledger
from . import scoring
from .catalog import Back, Catalog
from .colours import Colour
from .depots import BLACK_SUPPLY, black_depot_size, phase_spaces, solo_hex_to_remove, supplies
from .geometry import StartCastle, bit, empty_count
from .state import GOODS_TYPES, CobState, Estate, Step
from .tile_effects import summary
from .turns import start_track, turn_order

GOODS_POOL = "goods"
SOLO_SIDES = {"A": "solo-A", "B": "solo-B"}


def board_number(cat: Catalog, board_id: str) -> str:
    """The number the catalog's edition prints on board ``board_id``; the catalog's board id when the
    edition's number for it is not known (the SE's standard boards)."""
    for number, bid in cat.board_numbers.items():
        if bid == board_id:
            return number
    return board_id


def board_of(cat: Catalog, number: str) -> str | None:
    """The board a log names, by the number the log's edition prints on it; None when the edition
    prints no such number in the catalog. No other board stands in for it: a board of another
    edition under the same number may differ (the SE's #1-#10 are boards of their own, #4 and #8
    reworked, and their layouts are not in the catalog)."""
    return cat.board_numbers.get(number)


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
    s = CobState(cat=cat, ids=ids, n=n, solo=solo, ledger=Ledger(n), pools=pools, rivers_join_regions=rivers)
    econ = cat.economy
    players_on: dict[str, list[str]] = {}  # board id -> the players using it so far
    for seat, pid in enumerate(ids):
        entry = estates_in[pid]
        at = f"/setup/estates/{pid}"
        default = SOLO_SIDES[side] if solo else "1"
        default_number = board_number(cat, default)
        number = entry.get("board", default_number)
        board_id = board_of(cat, number)
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
        s.estates.append(e)
    problems.check()
    s.track = start_track([ids[ids.index(p)] for p in order])
    s.dice = [[] for _ in ids]
    start_phase(s)
    return s


def start_phase(s: CobState) -> None:
    """Phase set-up (5.1): the tiles left in the depots leave the game; goods stay."""
    cat = s.cat
    players = cat.solo.setup_players if s.solo else s.n
    letter = cat.phases[s.phase]
    spaces = phase_spaces(cat, players, letter)
    s.depot_spaces = (() ,) + tuple(tuple((p.id, p.colour) for p in spaces[d]) for d in range(1, 7))
    s.depots = {}
    s.black = []
    s.next_depot = 1
    s.black_left = black_depot_size(cat, players)
    s.step = Step.DEPOTS


def reveal_depot(s: CobState, move: dict) -> None:
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
    from ..core.errors import all_problems

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
    from ..core.errors import SetupProblems
    from ..core.suggest import did_you_mean

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
        if not kind.count(Back.NORMAL):
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


def reveal_black(s: CobState, move: dict) -> None:
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


def white(s: CobState, move: dict) -> None:
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
    phase_end(s)
    s.round = 0
    s.phase += 1
    if s.phase == len(s.cat.phases):
        if not s.solo:
            final_scoring(s)
        s.step = Step.END
        return
    start_phase(s)


def phase_end(s: CobState) -> None:
    """5.3: 1 silverling per mine (face-down Solo tiles are no mines), knowledge #2 a worker per mine too."""
    for e in s.estates:
        income = scoring.phase_end_income(s.cat, e.mines, e.mine_workers)
        e.silverlings += income.silverlings
        e.workers += income.workers


def final_scoring(s: CobState) -> None:
    """11: goods, silverlings, workers (1 VP per 2), knowledge #15-#26."""
    cat = s.cat
    for seat, e in enumerate(s.estates):
        final = scoring.final_score(cat, e.goods_total(), e.silverlings, e.workers)
        s.ledger.add(seat, final.goods, "goods", f"{e.goods_total()} unsold goods tiles")
        s.ledger.add(seat, final.silverlings, "silverlings", f"{e.silverlings} silverlings")
        s.ledger.add(seat, final.workers, "workers", f"{e.workers} worker tiles (1 VP per 2)")
        counts = summary(s, e)
        for number, effect in e.end_effects:
            vp = scoring.knowledge_vp(effect, counts)
            s.ledger.add(seat, vp, "knowledge", f"knowledge #{number} at the end of the game")


def winners(s: CobState) -> list[int]:
    if s.solo:
        e = s.estates[0]
        return [0] if e.filled == e.board.full else []
    order = [s.ids.index(p) for p in turn_order(s.track)]
    standings = [scoring.Standing(s.ids[seat], s.ledger.totals[seat], empty_count(e.board, e.filled), order.index(seat))
                 for seat, e in enumerate(s.estates)]
    first = scoring.ranking(standings, s.cat.economy.tie_break)[0]
    return [s.ids.index(p) for p in first]


__all__ = ["GOODS_POOL", "GOODS_TYPES", "SOLO_SIDES", "begin_round", "end_turn", "new_state", "reveal_black",
           "reveal_depot", "check_depot", "later_depot_problems", "roll", "white", "winners"]
