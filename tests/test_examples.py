"""The annotated example logs in schema/*.example.md replay exactly as their notes say."""
import re
from pathlib import Path

import orjson
import pytest

from ludolog.replayer.core import parse_log, registry, replay

EXAMPLES = sorted((Path(__file__).parent.parent / "schema").glob("*.example.md"))


def _log_of(path: Path) -> dict:
    blocks = re.findall(r"```json\n(.*?)\n```", path.read_text(encoding="utf-8"), re.S)
    assert blocks, f"{path.name} has no JSON log"
    return orjson.loads(blocks[-1])


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_log_replays_cleanly(path):
    raw = _log_of(path)
    if raw["game"] not in registry.game_names():  # an engine in progress replays its example in tests/<game>/
        pytest.skip(f"{raw['game']} is not registered yet")
    result = replay(parse_log(orjson.dumps(raw), path.name))
    assert result.violations == []
    assert result.applied == len(raw["moves"])
    game = registry.get_game(raw["game"])
    bots = {bot.claim_id: bot for bot in game.bot_seats(result.state)}
    for event in (raw.get("claimed") or {}).get("events", []):
        totals = dict(zip(result.log.player_ids, result.state.ledger.totals_through(event["after"])))
        for key, bot in bots.items():  # a solo opponent's points, claimed under its "@" id
            if key in event["scores"]:
                totals[key] = sum(game.bot_ledger(result.state, bot).totals_through(event["after"]))
        assert totals == event["scores"]


def test_entdecker_example_scores_the_island_as_annotated():
    raw = _log_of(Path(__file__).parent.parent / "schema" / "entdecker.example.md")
    result = replay(parse_log(orjson.dumps(raw), "entdecker.example.md"))
    assert "piles" not in raw["setup"] and raw["format"] == "ludolog/2"  # nobody counted the piles
    # island B2-C2: 2 tiles + the highest token (3) = 5 for each tied greatest discoverer (a fort each)
    assert result.scores == {"ana": 5, "ben": 5}
    # ana 8 - 2 - 3 (fort) + 4 - 2 - 1 (post) = 4; ben 8 - 2 - 3 (fort) + 4 - 2 = 5, pirates take 3 = 2
    assert result.state.wealth == [4, 2]
    assert result.state.plants == [[3, 2], [1]]
    assert raw["moves"][-1] == {"type": "end", "player": "ben"}  # the storm's turn closed by its end
