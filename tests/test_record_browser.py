"""`ludolog record` in a real browser: whole games recorded by tapping through the page.

Debian's Chromium, driven over its DevTools protocol (tests/chromium.py). Each game's set-up is
chosen in the page's form and every move tapped on the page's own buttons (clicks dispatched
through the DOM, which is what a tap does); the file written must validate with exactly the moves
of the simulated log, and each move must have taken the taps the choice tree promises.
"""
from __future__ import annotations

import base64
import json

import pytest

from ludolog.cli.common import check_file
from ludolog.cli.record import choices
from ludolog.replayer.core import get_game, simulate_log

from .chromium import CHROMIUM, SKIP_REASON, chromium, png_pixels
from .record_server import recording, start

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=SKIP_REASON)

#: a short simulated game of each game (2 players): the shortest of the first seeds tried
GAMES = ["entdecker", "kingdom-crossing", "castles-of-burgundy", "keyflower", "boonlake"]

#: taps one move on the page: ``whole`` is the move's key (as the page's whole-move buttons carry
#: it), ``fields`` the key of each field's value; resolves with the number of taps, or throws
_TAP = """
async (whole, fields, absent) => {
  const settle = async (gen) => {  // until the page has drawn and asks the server nothing more
    for (let i = 0; i < 100; i++) {
      if (state.inflight === 0 && !state.busy && document.body.dataset.gen !== gen) return;
      await new Promise((r) => state.waiters.push(r));
    }
    throw new Error("the page did not settle");
  };
  const start = document.body.dataset.count;
  for (let taps = 1; taps <= 12; taps++) {
    const buttons = [...document.querySelectorAll("#options button")];
    let button = buttons.find((b) => b.dataset.key === whole);
    if (!button) {
      const field = document.getElementById("turn").dataset.asking;
      const value = field in fields ? fields[field] : absent;  // a field the move leaves out
      button = buttons.find((b) => b.dataset.value !== undefined && b.dataset.value === value);
      if (!button) throw new Error("no button for " + field + " = " + fields[field] + " among " + buttons.length);
    }
    const gen = document.body.dataset.gen;
    button.click();
    await settle(gen);
    if (document.body.dataset.count !== start) return taps;
  }
  throw new Error("more than 12 taps");
}
"""


def _short_game(name: str) -> dict:
    logs = [simulate_log(name, 2, f"browser:{k}") for k in range(6)]
    return min(logs, key=lambda raw: len(raw["moves"]))


def _leaves(value, pointer=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, f"{pointer}/{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, f"{pointer}/{i}")
    else:
        yield pointer, value


def _open(page, address: str, ready: str) -> None:
    page.call("Page.enable")
    page.call("Runtime.enable")
    page.call("Page.navigate", url=address)
    page.wait_for(f"document.body && document.body.dataset.ready === {json.dumps(ready)}")


def _tap(page, move: dict) -> int:
    fields = {k: choices.value_key(v) for k, v in move.items()}
    result = page.call("Runtime.evaluate", expression=f"({_TAP})({json.dumps(choices.value_key(move))}, {json.dumps(fields)}, "
                                                 f"{json.dumps(choices.ABSENT)})",
                       awaitPromise=True, returnByValue=True)
    assert "exceptionDetails" not in result, (move, result["exceptionDetails"])
    return result["result"]["value"]


def _fill_setup(page, setup: dict) -> None:
    for pointer, value in _leaves(setup):
        found = page.evaluate(f"""(() => {{
            const input = [...document.querySelectorAll("#setup-form [data-pointer]")]
                .find((i) => i.dataset.pointer === {json.dumps(pointer)});
            if (!input) return false;
            input.value = {json.dumps(str(value) if not isinstance(value, bool) else str(value).lower())};
            return input.value === {json.dumps(str(value))} || input.tagName === "INPUT";
        }})()""")
        assert found, f"the set-up form has no choice {value!r} at {pointer}"
    page.evaluate("document.getElementById('setup-start').click()")


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_is_recorded_by_tapping_through_the_page(name, tmp_path):
    raw = _short_game(name)
    path = tmp_path / f"{name}.json"
    server = start([name, "--players", "ana,ben", "--out", str(path)])
    try:
        with chromium("412,915") as page:
            _open(page, server.address, "0:setup")
            _fill_setup(page, raw["setup"])
            page.wait_for("document.body.dataset.ready === '0:play'")
            names = choices.Names.of(__import__("ludolog.replayer.core", fromlist=["get_game"]).get_game(name))
            expected_taps = _expected_taps(name, raw, names)
            for i, move in enumerate(raw["moves"]):
                taps = _tap(page, move)
                assert taps == expected_taps[i], (i, move, taps, expected_taps[i])
            page.wait_for(f"document.body.dataset.ready === '{len(raw['moves'])}:over'")
            for pid, score in raw["claimed"]["final"].items():
                page.evaluate(f"document.querySelector('#claim-form input[data-player={json.dumps(pid)}]').value = '{score}'")
            page.evaluate("document.getElementById('claim-save').click()")
            page.wait_for("!!document.querySelector('#claim-check .ok')")
            # the last move can still be taken back when the game is over
            assert page.evaluate("document.getElementById('undo').offsetParent !== null")
            assert "the game is over" in page.evaluate("document.getElementById('status').textContent")
            assert page.errors() == []
    finally:
        server.stop()
    written = json.loads(path.read_text())
    assert written["moves"] == raw["moves"]
    assert written["setup"] == raw["setup"]
    assert written["claimed"] == {"final": raw["claimed"]["final"]}
    check = check_file(path)
    assert check.status == "valid", check.violations


def _expected_taps(name: str, raw: dict, names) -> list[int]:
    from ludolog.replayer.core import SIMULTANEOUS, get_game, parse_log

    game = get_game(name)
    log = parse_log(json.dumps(raw).encode(), "<simulated>")
    state = game.new_state(log)
    out = []
    for i, move in enumerate(raw["moves"]):
        out.append(choices.taps(game.legal_moves(state), move, names, game.to_move(state) == SIMULTANEOUS))
        state.ledger.move_index = i
        for bot in game.bot_seats(state):
            game.bot_ledger(state, bot).move_index = i
        pid = move.get("player")
        game.apply(state, move, None if pid is None else log.seat_of[pid])
    return out


def test_a_second_tab_sees_each_move_and_a_stale_tap_is_refused(tmp_path):
    raw = simulate_log("entdecker", 2, "browser-tabs")
    path = tmp_path / "e.json"
    with recording("entdecker", path, raw["setup"]) as server:
        with chromium("1280,900") as page:
            _open(page, server.address, "0:play")
            # stop the page's polling for a moment: the other tab records behind its back
            page.evaluate("state.busy = true")
            assert server.post("/api/move", {"count": 0, "move": raw["moves"][0]})[0] == 200
            page.evaluate("state.busy = false")
            page.evaluate(f"record(JSON.parse({json.dumps(json.dumps(raw['moves'][0]))}))")  # the stale tap
            page.wait_for("document.body.dataset.ready === '1:play'")
            assert "Another page recorded a move" in page.evaluate("document.getElementById('banner').textContent")
            assert json.loads(path.read_text())["moves"] == raw["moves"][:1]
            # a move recorded elsewhere shows up by itself (the page polls)
            assert server.post("/api/move", {"count": 1, "move": raw["moves"][1]})[0] == 200
            page.wait_for("document.body.dataset.ready === '2:play'", seconds=10)
            assert page.evaluate("document.querySelector('#last li').dataset.index") == "1"


def test_take_back_and_a_disputed_move_through_the_page(tmp_path):
    raw = simulate_log("entdecker", 2, "browser-undo")
    path = tmp_path / "e.json"
    with recording("entdecker", path, raw["setup"]) as server:
        with chromium("1280,900") as page:
            _open(page, server.address, "0:play")
            assert page.evaluate("document.getElementById('undo').disabled")  # nothing to take back yet
            page.evaluate("window.confirm = () => true")
            for move in raw["moves"][:2]:
                _tap(page, move)
            page.evaluate("document.getElementById('undo').click()")
            page.wait_for("document.body.dataset.ready === '1:play'")
            wrong = dict(raw["moves"][1], player="ana" if raw["moves"][1].get("player") == "ben" else "ben")
            page.evaluate("document.getElementById('by-hand-toggle').click()")
            page.evaluate(f"document.getElementById('by-hand-text').value = {json.dumps(json.dumps(wrong))}")
            page.evaluate("document.getElementById('by-hand-check').click()")
            page.wait_for("!!document.getElementById('force')")
            violation = page.evaluate("document.getElementById('banner').textContent")
            assert "The rules refuse this move" in violation
            assert json.loads(path.read_text())["moves"] == raw["moves"][:1]
            page.evaluate("document.getElementById('force').click()")
            page.wait_for("document.body.dataset.ready === '2:blocked'")
            assert "Recording stopped" in page.evaluate("document.getElementById('banner').textContent")
            assert page.evaluate("document.querySelector('#last li').className") == "refused"
    written = json.loads(path.read_text())
    assert written["moves"] == [raw["moves"][0], wrong]
    [trail] = written["corrections"]
    assert trail["index"] == 1 and trail["move"] == raw["moves"][1]
    check = check_file(path)
    assert check.status == "invalid" and [v.move_index for v in check.violations] == [1]


@pytest.mark.parametrize("size, side_by_side", [((412, 915), False), ((1366, 900), True)])
def test_the_page_fits_a_phone_and_a_laptop(size, side_by_side, tmp_path):
    """On a phone the first choice is on screen without scrolling; on a laptop the board stands
    beside the choices. No part of the page is wider than the screen."""
    raw = simulate_log("kingdom-crossing", 2, "browser-fit")
    path = tmp_path / "kc.json"
    with recording("kingdom-crossing", path, raw["setup"]) as server:
        for i in range(12):
            assert server.post("/api/move", {"count": i, "move": raw["moves"][i]})[0] == 200
        width, height = size
        with chromium(f"{width},{height}") as page:
            page.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                      mobile=not side_by_side)
            _open(page, server.address, "12:play")
            box = page.evaluate("""(() => {
                const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
                return {option: r(document.querySelector('#options button')), board: r(document.getElementById('board')),
                        svg: !!document.querySelector('#board svg'), scroll: document.documentElement.scrollWidth,
                        width: innerWidth, height: innerHeight,
                        scores: [...document.querySelectorAll('#head-scores span')].map((s) => [s.textContent, r(s)])};
            })()""")
            _, view = server.get("/api/view?svg=0")
    # the scores and whose turn it is are on screen without scrolling, on a phone too (the score
    # table is below the board there)
    assert [text.split()[:2] for text, _ in box["scores"]] == [[pid, str(score)] for pid, score in view["scores"].items()]
    assert all(rect[3] <= box["height"] for _, rect in box["scores"])
    assert sum("◀" in text for text, _ in box["scores"]) == len(view["acting"])
    assert box["svg"]  # Kingdom Crossing draws its board
    assert box["scroll"] <= box["width"]
    left, top, right, bottom = box["option"]
    assert bottom <= box["height"] and right <= box["width"]
    if side_by_side:
        assert box["board"][2] <= left  # the board ends left of the choices
    else:
        assert box["board"][1] >= bottom  # the board comes below the choices


def test_the_search_box_narrows_a_long_list_of_choices(tmp_path):
    # the first position of a simulated game with more than a dozen choices: the page shows its
    # search box there; typing words keeps exactly the buttons whose label holds every word
    raw = simulate_log("keyflower", 2, "browser-search")
    path = tmp_path / "k.json"
    with recording("keyflower", path, raw["setup"]) as server:
        for count, move in enumerate(raw["moves"]):
            status, offer = server.post("/api/choices", {"count": count, "picks": []})
            assert status == 200
            if len(offer["options"]) > 12:
                break
            assert server.post("/api/move", {"count": count, "move": move})[0] == 200
        else:
            pytest.fail("no position of the game offers more than 12 choices")
        with chromium("1280,900") as page:
            _open(page, server.address, f"{count}:play")
            assert page.evaluate("!document.getElementById('search').hidden")
            labels = page.evaluate("[...document.querySelectorAll('#options button')].map((b) => b.dataset.label)")
            word = next(w for label in labels for w in label.split() if len(w) > 3
                        and 0 < sum(w in other for other in labels) < len(labels))
            page.evaluate(f"(() => {{ const s = document.getElementById('search'); s.value = {json.dumps(word.upper())};"
                          " s.dispatchEvent(new Event('input')); })()")
            shown = page.evaluate("[...document.querySelectorAll('#options button')].filter((b) => !b.hidden)"
                                  ".map((b) => b.dataset.label)")
            assert shown == [label for label in labels if word in label]
            page.evaluate("(() => { const s = document.getElementById('search'); s.value = '';"
                          " s.dispatchEvent(new Event('input')); })()")
            assert page.evaluate("[...document.querySelectorAll('#options button')].every((b) => !b.hidden)")


def test_the_page_reads_as_the_table_goods_by_name_and_pairs_from_1(tmp_path):
    """Castles of Burgundy's goods are chosen in the set-up form among the catalog's goods by name
    (the form's screenshot is kept as tmp_path/castles-setup.png for a person to look at);
    Kingdom Crossing's starting pairs are offered counted from 1, as the form numbers them, while
    the log keeps the place counted from 0."""
    goods = get_game("castles-of-burgundy").catalog_ids()["goods"]
    server = start(["castles-of-burgundy", "--players", "ana,ben", "--out", str(tmp_path / "c.json")])
    try:
        with chromium("412,915") as page:
            page.call("Emulation.setDeviceMetricsOverride", width=412, height=915, deviceScaleFactor=1, mobile=True)
            _open(page, server.address, "0:setup")
            texts = page.evaluate("""(() => { const s = document.querySelector('[data-pointer="/estates/ana/goods/0"]');
                s.scrollIntoView(); return [s.tagName, s.closest('.field').querySelector('label').textContent,
                [...s.options].map((o) => o.textContent)]; })()""")
            for i in range(3):  # a part filled in, as the scorer sees it
                page.evaluate(f"document.querySelector('[data-pointer=\"/estates/ana/goods/{i}\"]')"
                              f".value = '{2 * i + 1}'")
            shot = base64.b64decode(page.call("Page.captureScreenshot", format="png")["data"])
    finally:
        server.stop()
    assert texts[:2] == ["SELECT", "ana goods 1"]
    assert texts[2][0] == "— choose —" and [t.split(" — ")[1].split(",")[0] for t in texts[2][1:]] == [
        entry["name"] for entry in goods.values()]
    (tmp_path / "castles-setup.png").write_bytes(shot)
    assert png_pixels(shot)[:2] == (412, 915)
    raw = simulate_log("kingdom-crossing", 2, "browser-pairs")
    path = tmp_path / "kc.json"
    with recording("kingdom-crossing", path, raw["setup"]) as server:
        with chromium("412,915") as page:
            _open(page, server.address, "0:play")
            buttons = page.evaluate("[...document.querySelectorAll('#options button')].map((b) => b.textContent)")
            page.evaluate("[...document.querySelectorAll('#options button')][1].click()")
            page.wait_for("document.body.dataset.ready === '1:play'")
            last = page.evaluate("document.querySelector('#last li').textContent")
    assert buttons == ["start pair 1", "start pair 2"]
    assert json.loads(path.read_text())["moves"][0]["pair"] == 1 and "start pair 2" in last
