"""Claims survive migration: a ludolog/1 log with scores claimed after its moves keeps its verdict
and its scores when read (migrated on read) and when rewritten by ``ludolog migrate``, because every
move index of the envelope (``claimed.events[].after``) follows its move.

The games with a ludolog/1 format are Entdecker and Kingdom Crossing. The claims are written after
*every* ludolog/1 move of the pinned golden playthroughs (tests/golden/<game>/ludolog-1/), so every
kind of moment is claimed at: after a move followed by reveals (a card, birds, a Queen card, a
Favor refill or restock), after a Paco & Paca or balloon move that became two moves, after a storm
(Entdecker's inserted ``end``), at set-up reveals and at the last move. Each claimed score is the
sum of the pinned ludolog/1 ledger through that move (tests/golden/.../*.expected.json, written
before the format changed), not a number taken from the engine under test.

What a table writes in ludolog/2: Entdecker's ludolog/2 golden playthroughs are the same games as
its ludolog/1 ones (written by the ludolog/2 simulator), so the migrated file must equal that file
with the same claims written where a ludolog/2 table writes them: after the last move of each
ludolog/1 move's turn (the storm's ``end``), with the pinned ludolog/2 ledger's totals. Kingdom
Crossing's ludolog/2 goldens are other games: there the claims of the golden ludolog/1 logs must sit
where an independent alignment of the two move lists puts them (a chance move belongs to the move
whose resolution revealed it; a split move to the move it was split from), and simulated ludolog/2
games, claimed as a table claims them, are written in ludolog/1 by this module (the piles in the
order the game revealed them): migrating that form must give back the table's file exactly.
"""
from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from ludolog.cli.app import app
from ludolog.replayer.core import find_game, migrate_traced, parse_log, replay, simulate_log

TESTS = Path(__file__).parent
GOLDEN_V1 = {game: sorted(TESTS.glob(f"golden/{game}/ludolog-1/*.log.json")) for game in ("entdecker", "kingdom-crossing")}
ALL_V1 = [p for paths in GOLDEN_V1.values() for p in paths]
#: Kingdom Crossing's moves that only reveal (written by the table when the component is turned up)
KC_CHANCE = {"reveal", "birds", "queen", "refill", "restock"}
runner = CliRunner()


def _expected(path: Path) -> dict:
    return orjson.loads(path.with_name(path.name.replace(".log.json", ".expected.json")).read_bytes())


def _totals_through(ledger: list, ids: list[str], move: int) -> dict[str, int]:
    totals = dict.fromkeys(ids, 0)
    for index, player, delta, *_ in ledger:
        if index <= move and player in totals:
            totals[player] += delta
    return totals


def _with_claims_after_every_move(raw: dict, ledger: list) -> dict:
    ids = [p["id"] for p in raw["players"]]
    events = [{"after": k, "label": f"after move {k}", "scores": _totals_through(ledger, ids, k)}
              for k in range(len(raw["moves"]))]
    return {**raw, "claimed": {**raw.get("claimed", {}), "events": events}}


@pytest.mark.parametrize("path", ALL_V1, ids=[f"{p.parts[-3]}/{p.name}" for p in ALL_V1])
def test_a_ludolog_1_log_with_claims_after_every_move_keeps_its_verdict_and_scores(path):
    raw = orjson.loads(path.read_bytes())
    expected = _expected(path)
    claimed = _with_claims_after_every_move(raw, expected["ledger"])
    result = replay(parse_log(orjson.dumps(claimed), path.name, find_game))
    assert [(v.code, v.message) for v in result.violations] == []
    assert result.status == expected["status"] == "valid"
    assert result.scores == expected["scores"]


def test_validate_and_audit_agree_on_a_claimed_ludolog_1_kingdom_crossing_log(tmp_path):
    path = GOLDEN_V1["kingdom-crossing"][2]
    raw = _with_claims_after_every_move(orjson.loads(path.read_bytes()), _expected(path)["ledger"])
    log = tmp_path / "claimed.json"
    log.write_bytes(orjson.dumps(raw))
    validated = runner.invoke(app, ["validate", str(log)])
    assert validated.exit_code == 0, validated.output
    audited = runner.invoke(app, ["audit", str(log), "--format", "json"])
    assert audited.exit_code == 0, audited.output
    report = orjson.loads(audited.output)
    assert report["divergence"] is None and len(report["claims"]) == len(raw["claimed"]["events"]) + 1


def _v1_units(old: list, new: list, game: str) -> list[int]:
    """For each ludolog/2 move, the ludolog/1 move it belongs to, found without the migration: a
    ludolog/1 move is found again as itself or as its parts (Paco & Paca's tiles one by one, a work
    move and the balloon flight after it); any other ludolog/2 move (a reveal, an ``end`` after a
    storm) belongs to the ludolog/1 move before it (set-up reveals before the first move: to move 0)."""
    units, i, pending = [], -1, []
    for move in new:
        if pending and move == pending[0]:
            pending.pop(0)
            units.append(i)
            continue
        nxt = old[i + 1] if i + 1 < len(old) else None
        parts = _parts(nxt) if nxt is not None else []
        if parts and move == parts[0] and not (game == "kingdom-crossing" and move.get("type") in KC_CHANCE):
            i += 1
            pending = parts[1:]
        units.append(max(i, 0))
    assert i == len(old) - 1 and not pending, "every ludolog/1 move is found, in order"
    return units


def _parts(move: dict) -> list[dict]:
    if move.get("type") == "paco" and isinstance(move.get("tiles"), list):
        return [{"type": "paco", "tile": t} for t in move["tiles"]]
    balloon = move.get("balloon")
    if move.get("type") == "work" and isinstance(balloon, dict):
        work = {k: v for k, v in move.items() if k != "balloon"}
        if balloon.get("when") == "after":
            return [work, {"type": "fly", "player": move.get("player"), "to": balloon["to"]}]
        return [{**work, "balloon": {"to": balloon["to"]}}]
    return [move]


def _last_of(units: list[int], count: int) -> list[int]:
    last = [-1] * count
    for j, i in enumerate(units):
        last[i] = j
    return last


@pytest.mark.parametrize("path", GOLDEN_V1["entdecker"], ids=[p.name for p in GOLDEN_V1["entdecker"]])
def test_migrate_writes_the_ludolog_2_file_a_table_would_have_written(path, tmp_path):
    old = orjson.loads(path.read_bytes())
    table = orjson.loads(path.parent.parent.joinpath(path.name).read_bytes())  # the same game, written in ludolog/2
    assert table["format"] == "ludolog/2" and table["setup"] == old["setup"]
    ids = [p["id"] for p in old["players"]]
    units = _v1_units(old["moves"], table["moves"], "entdecker")
    last = _last_of(units, len(old["moves"]))
    ledger_v2 = _expected(path.parent.parent.joinpath(path.name))["ledger"]
    table["claimed"]["events"] = [{"after": last[k], "label": f"after move {k}",
                                   "scores": _totals_through(ledger_v2, ids, last[k])} for k in range(len(old["moves"]))]
    src = tmp_path / "old" / path.name
    src.parent.mkdir()
    src.write_bytes(orjson.dumps(_with_claims_after_every_move(old, _expected(path)["ledger"])))
    out = tmp_path / "new"
    done = runner.invoke(app, ["migrate", str(src), "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert orjson.loads((out / path.name).read_bytes()) == table


@pytest.mark.parametrize("path", GOLDEN_V1["kingdom-crossing"], ids=[p.name for p in GOLDEN_V1["kingdom-crossing"]])
def test_kingdom_crossing_claims_move_past_the_reveals_their_move_caused(path):
    old = _with_claims_after_every_move(orjson.loads(path.read_bytes()), _expected(path)["ledger"])
    migrated = migrate_traced(old, find_game("kingdom-crossing")).raw
    units = _v1_units(old["moves"], migrated["moves"], "kingdom-crossing")
    assert len(units) > len(old["moves"])  # reveals were inserted
    last = _last_of(units, len(old["moves"]))
    assert [e["after"] for e in migrated["claimed"]["events"]] == last
    assert [(e["label"], e["scores"]) for e in migrated["claimed"]["events"]] == \
        [(e["label"], e["scores"]) for e in old["claimed"]["events"]]
    assert {k: v for k, v in migrated.items() if k not in ("format", "setup", "moves", "claimed", "options")} == \
        {k: v for k, v in old.items() if k not in ("format", "setup", "moves", "claimed", "options")}


def test_a_claim_past_the_end_of_a_ludolog_1_log_stays_past_the_end():
    path = GOLDEN_V1["kingdom-crossing"][2]
    raw = orjson.loads(path.read_bytes())
    raw["claimed"]["events"] = [{"after": len(raw["moves"]), "scores": {"ana": 0}}]
    result = replay(parse_log(orjson.dumps(raw), path.name, find_game))
    assert [v.code for v in result.violations] == ["CORE.CLAIM.EVENT_MISMATCH"]
    n = len(raw["moves"])  # the file's moves, not the migrated log's
    assert result.violations[0].message == f"claim after move {n}, but the log has {n} moves"


def test_a_wrong_claim_in_a_ludolog_1_log_is_reported_at_the_files_move(tmp_path):
    path = GOLDEN_V1["kingdom-crossing"][2]
    raw = orjson.loads(path.read_bytes())
    ledger = _expected(path)["ledger"]
    k = max(index for index, *_ in ledger if index < len(raw["moves"]) - 20)  # a scoring move, followed by reveals or not
    scores = _totals_through(ledger, [p["id"] for p in raw["players"]], k)
    scores["ana"] += 1
    raw["claimed"]["events"] = [{"after": k, "scores": scores}]
    result = replay(parse_log(orjson.dumps(raw), path.name, find_game))
    assert [(v.code, v.move_index, v.pointer) for v in result.violations] == \
        [("CORE.CLAIM.EVENT_MISMATCH", k, "/claimed/events/0/scores/ana")]
    assert f"at after move {k} but the replay gives {scores['ana'] - 1}" in result.violations[0].message
    log = tmp_path / "wrong.json"
    log.write_bytes(orjson.dumps(raw))
    done = runner.invoke(app, ["audit", str(log)])
    assert done.exit_code == 1 and f"First claim that differs: after move {k} " in done.output, done.output


# -- Kingdom Crossing: the ludolog/2 file a table writes, and its ludolog/1 form --------------------------

#: where the simulated ludolog/2 games are looked for: the seeds of this fixed range in turn, each
#: for 2, 3 and 4 players. Only some games have a ludolog/1 form with nothing left to guess (see
#: :func:`_no_v1_form`); which ones depends on the simulator's random play, so the test finds them
#: itself rather than naming seeds that a change of the chance model would silently invalidate.
KC_SEARCH = [(players, seed) for seed in range(40) for players in (2, 3, 4)]
#: how many qualifying games the test migrates (the first ones of the search)
KC_WANTED = 2


def _kc_table(players: int, seed: int) -> dict:
    """A simulated ludolog/2 game as a table writes it: the birds arrive in every region at once,
    and this table writes the regions in the catalog's order (the simulator picks any order, which
    the rules allow as well)."""
    cat = find_game("kingdom-crossing").cat
    table = simulate_log("kingdom-crossing", players, seed=seed)
    moves = table["moves"]
    k = 0
    while k < len(moves):
        end = k
        while end < len(moves) and moves[end]["type"] == "birds":
            end += 1
        moves[k:end] = sorted(moves[k:end], key=lambda m: cat.regions.index(m["region"]))
        k = max(end, k + 1)
    return table


def _no_v1_form(table: dict) -> str | None:
    """Why this ludolog/2 game has no ludolog/1 form with nothing left to guess, or None if it has
    one: a Favor drawn from a face-down stack, refilled or restocked (ludolog/2 does not write which
    stack), a balloon flight written as its own move or a Paco & Paca move (ludolog/1 wrote them
    inside another move, in a form the table's file does not determine), or birds that land, when a
    region's stack runs short, on other cards than its first ones in the catalog's order (ludolog/1
    read a short stack that way; a table of ludolog/2 may choose other cards)."""
    cat = find_game("kingdom-crossing").cat
    moves = table["moves"]
    for move in moves:
        if move["type"] in ("refill", "restock", "fly", "paco"):
            return f"a {move['type']!r} move"
        if move["type"] == "favor" and move.get("source") == "stack":
            return "a Favor taken from a stack"
    cards: list[list[str]] = []
    replay(parse_log(orjson.dumps(table), "table.json", find_game),
           on_start=lambda s: cards.append([cat.spaces[sp] for sp in range(len(cat.spaces)) if s.space_card[sp]]),
           on_step=lambda i, m, s: cards.append([cat.spaces[sp] for sp in range(len(cat.spaces)) if s.space_card[sp]]))
    for i, move in enumerate(moves):
        if move["type"] == "birds":
            region = cat.regions.index(move["region"])
            first = [cat.spaces[sp] for sp in cat.region_spaces[region] if cat.spaces[sp] in cards[i]]
            if list(move["birds"]) != first[:len(move["birds"])]:
                return "birds on other cards than a short stack's first ones"
    return None


def _kc_table_and_v1(table: dict) -> tuple[dict, dict]:
    """A ludolog/2 game as a table writes it (:func:`_kc_table`, with a ludolog/1 form:
    :func:`_no_v1_form` is None), with a claim after each of its turns' moves, and the
    same game written in ludolog/1 (built here, move by move, not by the migration): every
    face-down pile in full before move 0 (the components in the order the ludolog/2 log turned
    them up, then the rest), no reveal moves, and the coins of each Invest cashed and each rest
    written (ludolog/1 asked for them; a table writing both would write them in both)."""
    game = find_game("kingdom-crossing")
    cat = game.cat
    moves = table["moves"]
    log = parse_log(orjson.dumps(table), "table.json", find_game)
    ids = log.player_ids
    # per move, each player's Invest position and improved Action tiles before it
    before: list[list[tuple]] = []

    def seen(s):
        before.append([(p.invest, list(p.improved)) for p in s.players])

    replay(log, on_start=seen, on_step=lambda i, m, s: seen(s))
    for i, move in enumerate(moves):
        if "coins" in move or move["type"] not in ("invest", "rest"):
            continue
        invest, improved = before[i][ids.index(move["player"])]
        if move["type"] == "invest" and move.get("option") == "cash":
            move["coins"] = cat.invest_coins[invest]  # the coins shown at the marker
        elif move["type"] == "rest":
            move["coins"] = cat.sides[move["tile"]][1 if improved[move["tile"]] else 0].rest  # printed on the tile
    chance = ("reveal", "birds", "queen")
    kept = [i for i, m in enumerate(moves) if m["type"] not in chance]
    # the table writes a claim after the last move of each turn's part: before its next kept move
    ends = [nxt - 1 for nxt in kept[1:]] + [len(moves) - 1]
    ledger = [[e.move_index, ids[e.seat], e.delta] for e in replay(log).state.ledger.events]
    table["claimed"]["events"] = [{"after": end, "label": f"after move {k}", "scores": _totals_through(ledger, ids, end)}
                                  for k, end in enumerate(ends)]
    setup = table["setup"]
    revealed: dict[str, list[str]] = {sp: [] for sp in cat.spaces}
    empties, queens, birds = [], [], {name: [] for name in cat.regions}
    for m in moves:
        if m["type"] == "reveal":
            (empties if m["card"] in cat.empty_tiles else revealed[m["space"]]).append(m["card"])
        elif m["type"] == "queen":
            queens.append(m["card"])
        elif m["type"] == "birds":
            region = cat.regions.index(m["region"])
            birds[m["region"]] += [m["birds"][cat.spaces[sp]] for sp in cat.region_spaces[region] if cat.spaces[sp] in m["birds"]]
    decks = {}
    for sp in cat.spaces:
        top = setup["decks"][sp]
        deck = next(cards for cards in cat.decks.values() if top in cards)
        order = [top] + revealed[sp]
        decks[sp] = order + sorted(set(deck) - set(order))
    in_sight = set(setup["favor_display"]) | {p["favor"] for p in setup["start_pairs"]}
    hidden = sorted(set(cat.favors) - in_sight)
    stacks, start = [], 0
    for size in setup["favor_stacks"]:
        stacks.append(hidden[start:start + size])
        start += size
    region_birds = {name: [b for b in cat.region_birds[r]] for r, name in enumerate(cat.regions)}
    v1_setup = {"decks": decks, "bridge_goals": setup["bridge_goals"], "favor_display": setup["favor_display"],
                "favor_stacks": stacks, "start_pairs": setup["start_pairs"],
                "birds": {name: birds[name] + sorted(set(region_birds[name]) - set(birds[name])) for name in cat.regions},
                "queen_deck": queens + sorted(set(cat.queen_ids) - set(queens))[:cat.rounds - len(queens)],
                "empty_deck_tiles": empties + sorted(set(cat.empty_tiles) - set(empties))}
    v1_moves = [moves[i] for i in kept]
    # a balloon flown before the Paw markers: ludolog/1 said when ("after" became a fly move)
    v1_moves = [{**m, "balloon": {"when": "before", **m["balloon"]}} if isinstance(m.get("balloon"), dict) else m
                for m in v1_moves]
    v1 = {**table, "format": "ludolog/1", "setup": v1_setup, "moves": v1_moves,
          "claimed": {**table["claimed"], "events": [{**e, "after": k} for k, e in enumerate(table["claimed"]["events"])]}}
    return table, v1


def test_a_kingdom_crossing_ludolog_1_log_migrates_to_what_the_table_wrote(tmp_path):
    found, reasons = [], {}
    for players, seed in KC_SEARCH:
        table = _kc_table(players, seed)
        reason = _no_v1_form(table)
        if reason is None:
            found.append((players, seed, table))
            if len(found) == KC_WANTED:
                break
        else:
            reasons[reason] = reasons.get(reason, 0) + 1
    assert found, ("no simulated Kingdom Crossing game of the search range has a ludolog/1 form with "
                   f"nothing left to guess (widen KC_SEARCH); the games had {reasons}")
    for players, seed, table in found:
        table, v1 = _kc_table_and_v1(table)
        game = f"{players} players, seed {seed}"
        assert replay(parse_log(orjson.dumps(table), "table.json", find_game)).status == "valid", game
        read = replay(parse_log(orjson.dumps(v1), "v1.json", find_game))  # the ludolog/1 form keeps the verdict
        assert [(v.code, v.message) for v in read.violations] == [] and read.status == "valid", game
        src = tmp_path / f"{players}-{seed}" / "v1.json"
        src.parent.mkdir()
        src.write_bytes(orjson.dumps(v1))
        out = tmp_path / f"{players}-{seed}" / "out"
        done = runner.invoke(app, ["migrate", str(src), "--out", str(out)])
        assert done.exit_code == 0, (game, done.output)
        migrated = orjson.loads((out / "v1.json").read_bytes())
        assert migrated["claimed"] == table["claimed"], game
        assert migrated == table, game
