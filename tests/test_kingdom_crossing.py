"""Kingdom Crossing: simulated games replay cleanly, legal moves and the validator agree both ways."""
import copy
import random

import orjson
import pytest

from ludolog.replayer.core import IllegalMove, parse_log, registry, replay, simulate_log, snapshot
from ludolog.replayer.core.log import GameLog, Player
from ludolog.replayer.kingdom_crossing import GAME


@pytest.fixture(autouse=True)
def kc():
    registry.register(GAME)
    yield GAME


def fresh(n, seed):
    rng = random.Random(seed)
    ids = ["ana", "ben", "cleo", "dev"][:n]
    log = GameLog(file="t", raw={}, game=GAME.name, players=[Player(i, i) for i in ids],
                  setup=GAME.random_setup(rng, n, {}), seat_of={i: k for k, i in enumerate(ids)})
    return GAME.new_state(log), rng, log.seat_of


def fingerprint(s):
    return snapshot(s)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_simulated_games_replay_cleanly(n):
    for seed in range(3):
        raw = simulate_log(GAME, n, seed)
        result = replay(parse_log(orjson.dumps(raw), "sim.json"))
        assert result.status == "valid", result.violations[:3]
        assert len(result.scores) == n
        if n == 1:  # Paco & Paca: the core's bot seat, claimed as "@paco-paca"
            assert result.state.paco_ledger.totals[0] == result.bot_scores["paco-paca"] > 0
            assert raw["claimed"]["final"] == {**result.scores, "@paco-paca": result.bot_scores["paco-paca"]}
            assert "Paco & Paca" in result.result_line
        else:
            assert result.state.paco_ledger is None and result.bot_scores == {}
            assert raw["claimed"]["final"] == result.scores


def _mutate(move, rng):
    m = copy.deepcopy(move)
    keys = [k for k in m if k != "type"] or ["type"]
    k = rng.choice(keys)
    v = m.get(k)
    if k == "player":
        m[k] = rng.choice(["ana", "ben", "cleo", "dev"])
    elif isinstance(v, int) and not isinstance(v, bool):
        m[k] = rng.randint(0, 5)
    elif isinstance(v, str):
        m[k] = rng.choice(["island", "marsh", "B1", "I1", "M2", "lumber", "food", "foxes", "home", "G1", "G4",
                           "advance", "cash", "flower", "sculpture", "F01", "LUM-02", "red-01", "stone-a"])
    elif isinstance(v, list):
        m[k] = v[:-1] if v and rng.random() < 0.5 else v + [rng.choice(["B1", "B3", "B6", "lumber", "T-crown"])]
    elif isinstance(v, dict):
        m[k] = {"to": rng.choice(["island", "marsh", "orchard", "pinewood"])}
    return m


@pytest.mark.parametrize("n", [1, 2, 4])
def test_legal_moves_and_apply_agree(n):
    s, rng, seat_of = fresh(n, 100 + n)
    index = 0
    while not GAME.is_terminal(s):
        legal = GAME.legal_moves(s)
        assert legal
        for m in legal if len(legal) <= 25 else rng.sample(legal, 25):
            clone = GAME.clone(s)
            GAME.apply(clone, m, seat_of.get(m.get("player")))  # never raises
        listed = {orjson.dumps(m, option=orjson.OPT_SORT_KEYS) for m in legal}
        for _ in range(4):
            m = _mutate(rng.choice(legal), rng)
            if orjson.dumps(m, option=orjson.OPT_SORT_KEYS) in listed or not GAME.schema.move_ok(m):
                continue  # still legal, or a malformed move that the replay's schema check stops first
            clone = GAME.clone(s)
            before = fingerprint(clone)
            with pytest.raises(IllegalMove):
                GAME.apply(clone, m, seat_of.get(m.get("player")))
            assert fingerprint(clone) == before, m
        move = GAME.random_move(s, rng)
        s.ledger.move_index = index
        GAME.apply(s, move, seat_of.get(move.get("player")))
        index += 1
    assert GAME.legal_moves(s) == []


def test_annotated_example_log_replays():
    import pathlib
    import re

    text = (pathlib.Path(__file__).parents[1] / "schema" / "kingdom-crossing.example.md").read_text()
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    result = replay(parse_log(blocks[0].encode(), "example.json"))
    assert result.violations == [] and result.status == "unfinished"
    assert result.state.round == 2 and result.applied == 35
    assert "decks" in result.log.raw["setup"] and "birds" not in result.log.raw["setup"]  # nothing face down
    assert len(blocks) == 1  # tests/test_examples.py replays the last JSON block of every example
    moves = [orjson.loads(m) for m in re.findall(r"`(\{\"type\": .*?\})`", text)]
    assert {m["type"] for m in moves} >= {"paco", "reveal", "birds", "queen", "refill", "restock", "fly"}
    for move in moves:  # every move the text shows is well formed
        assert GAME.schema.move_ok(move), move


def test_catalog_is_schema_checked_and_replaceable(tmp_path, monkeypatch):
    from importlib import resources

    from ludolog.replayer.kingdom_crossing import KingdomCrossing, catalog

    data = orjson.loads(resources.files("ludolog.replayer.kingdom_crossing").joinpath("catalog.json").read_bytes())
    assert "reconstruction" in data["reconstruction"].lower()
    broken = copy.deepcopy(data)
    broken["decks"][0]["cards"][0]["effect"] = {"kind": "teleport"}
    with pytest.raises(catalog.CatalogError):
        catalog.Catalog(broken)
    broken = copy.deepcopy(data)
    broken["bridges"][0]["b"] = "atlantis"
    with pytest.raises(catalog.CatalogError, match="atlantis"):
        catalog.Catalog(broken)
    official = copy.deepcopy(data)
    official["catalog"] = "kingdom-crossing/2"
    official["invest_track"][6]["prestige"] = 8
    path = tmp_path / "official.json"
    path.write_bytes(orjson.dumps(official))
    monkeypatch.setenv(catalog.CATALOG_ENV, str(path))
    catalog.default_catalog.cache_clear()
    try:
        game = KingdomCrossing()
        assert game.catalog_version == "kingdom-crossing/2" and game.cat.invest_prestige[6] == 8
    finally:
        monkeypatch.delenv(catalog.CATALOG_ENV)
        catalog.default_catalog.cache_clear()
    assert KingdomCrossing().catalog_version == "kingdom-crossing/1"


def test_player_rows_match_the_columns_and_show_paco_and_paca_in_solo():
    raw = simulate_log(GAME, 1, "rows")
    result = replay(parse_log(orjson.dumps(raw), "solo.json"))
    rows = GAME.player_rows(result.state)
    assert len(rows) == 1 and len(rows[0]) == len(GAME.state_columns)
    names = [c for c, _ in GAME.state_columns]
    assert names[0] == "score" and names[1] == "coins"
    assert rows[0][names.index("paco_paca_score")] == result.state.paco_ledger.totals[0] > 0
    types = {"int": int, "str": str}
    assert all(isinstance(v, types[t]) for v, (_, t) in zip(rows[0], GAME.state_columns))
    raw = simulate_log(GAME, 3, "rows")
    result = replay(parse_log(orjson.dumps(raw), "multi.json"))
    assert [r[0] for r in GAME.player_rows(result.state)] == list(result.scores.values())
    assert {r[names.index("paco_paca_score")] for r in GAME.player_rows(result.state)} == {0}


def test_a_catalog_with_other_names_replays_through_the_same_schema():
    """Official data may rename regions, spaces and bridges: the log schema takes any catalog id."""
    from importlib import resources

    from ludolog.replayer.kingdom_crossing import KingdomCrossing, catalog

    text = resources.files("ludolog.replayer.kingdom_crossing").joinpath("catalog.json").read_text()
    for old, new in (('"island"', '"isle"'), ('"B1"', '"north-bridge"'), ('"I1"', '"isle-1"')):
        text = text.replace(old, new)
    data = orjson.loads(text)
    data["catalog"] = "kingdom-crossing/2"
    other = KingdomCrossing(catalog.Catalog(data))
    registry.register(other)
    try:
        for n in (1, 3):
            raw = simulate_log(other, n, "renamed")
            assert "isle-1" in raw["setup"]["decks"]
            result = replay(parse_log(orjson.dumps(raw), "renamed.json"))
            assert result.status == "valid", result.violations[:2]
    finally:
        registry.register(GAME)


def test_validate_shows_paco_and_paca_and_who_won(tmp_path):
    """The bot seat is shown by `ludolog validate` (text and JSON) with the winner line."""
    from ludolog.cli.common import check_file
    from ludolog.cli.render import check_line

    raw = simulate_log(GAME, 1, "shown")
    path = tmp_path / "solo.json"
    path.write_bytes(orjson.dumps(raw))
    check = check_file(path)
    paco = raw["claimed"]["final"]["@paco-paca"]
    you = raw["claimed"]["final"]["ana"]
    assert check.status == "valid" and check.bot_scores == {"@paco-paca": paco}
    verdict = "Paco & Paca win" if paco >= you else "ana wins"
    assert check.result == f"ana {you}, Paco & Paca {paco}: {verdict}"
    assert f"@paco-paca={paco}" in check_line(check)
    assert check.as_dict()["bot_scores"] == {"@paco-paca": paco}
    raw["claimed"]["final"]["@paco-paca"] = paco + 1  # a wrong claim for the bot is caught
    path.write_bytes(orjson.dumps(raw))
    wrong = check_file(path)
    assert wrong.status == "invalid" and wrong.violations[0].code == "CORE.CLAIM.FINAL_MISMATCH"
    assert wrong.violations[0].pointer == "/claimed/final/@paco-paca"
