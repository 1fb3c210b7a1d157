"""What the scoresheet says to the scorer: whose decision is left, what a card offered by its id
is, what a set-up field is for. Judged against the catalogs' and schemas' own texts and English."""
from __future__ import annotations

import json

from ludolog.cli.record import choices, tapping
from ludolog.cli.record.session import Recording
from ludolog.replayer.core import get_game, simulate_log


def _recording(tmp_path, name: str, seed: str) -> tuple[Recording, dict]:
    raw = simulate_log(name, 2, seed)
    recording = Recording.create(tmp_path / f"{name}.json", name, ["ana", "ben"], raw.get("options") or {})
    assert recording.set_setup(tapping.setup_values(raw["setup"]))["phase"] == "play"
    return recording, raw


def test_whole_moves_offered_by_a_card_id_show_the_cards_printed_facts(tmp_path):
    """Boonlake's cards are named by their ids only (D27): offered whole, each button says what the
    card is (its cost and effect, as `ludolog ids boonlake card` prints them)."""
    recording, raw = _recording(tmp_path, "boonlake", "words")
    cards = get_game("boonlake").catalog_ids()["card"]
    seen = 0
    for move in raw["moves"][:80]:
        offer = recording.step([], recording.count)
        if offer["kind"] == "whole":
            for option in offer["options"]:
                card = option["move"].get("card")
                ids = {o["move"].get("card") for o in offer["options"]}
                if isinstance(card, str) and card in cards and len(ids) > 1:
                    assert cards[card]["text"] in option["detail"], (card, option)
                    seen += 1
        tapping.tap_move(recording, move)
    assert seen >= 3


def test_the_last_player_left_in_a_window_decides(tmp_path):
    """A simultaneous window names who still decides, in English: 'ana and ben decide (in any
    order)', then 'ben decides' once ana has."""
    recording, raw = _recording(tmp_path, "keyflower", "words")
    game = recording.game
    both = one = None
    for move in raw["moves"]:
        view = recording.view(svg=False)
        window = game.open_window(recording.state)
        if window is not None and not window.complete:
            if len(view["acting"]) == 2 and both is None:
                both = (view["to_move"], view["acting"], window.label)
            if len(view["acting"]) == 1 and one is None:
                one = (view["to_move"], view["acting"], window.label)
        if both and one:
            break
        tapping.tap_move(recording, move)
    assert both and one
    assert both[0] == f"{both[2]}: {both[1][0]} and {both[1][1]} decide (in any order)"
    assert one[0] == f"{one[2]}: {one[1][0]} decides"


def test_set_up_fields_name_their_group_and_what_it_is(tmp_path):
    """The form heads each group of fields (Kingdom Crossing's decks: one field per deck space)
    with the set-up key and the schema's description of it."""
    recording, _ = _recording(tmp_path, "kingdom-crossing", "words")
    schema = json.loads(json.dumps(get_game("kingdom-crossing").schema.document))
    setup = schema["properties"]["setup"]
    setup = schema["$defs"][setup["$ref"].split("/")[-1]] if "$ref" in setup else setup
    fields = recording.setup_form()["fields"]
    decks = [f for f in fields if f["pointer"].startswith("/decks/")]
    assert decks and {f["group"] for f in decks} == {"decks"}
    assert {f["group_description"] for f in decks} == {setup["properties"]["decks"]["description"]}
    assert all(f["label"].startswith("decks ") for f in decks)  # the page shows the rest: I1, O2...
    assert {f["group"] for f in fields} == set(setup["properties"]) & {f["pointer"].split("/")[1] for f in fields}


def test_choices_keep_the_values_of_whole_moves_apart():
    """A whole move's detail comes from the fields that tell it apart; the type alone gives none."""
    names = choices.Names({"D01": ("day card D01", "day card D01, costs 1 coin")})
    offer = choices.step([{"type": "discard", "card": "D01"}, {"type": "pass"}], [], names)
    assert offer["kind"] == "whole"
    details = {o["label"]: o["detail"] for o in offer["options"]}
    assert details == {"discard D01": "day card D01, costs 1 coin", "pass": ""}


def test_a_list_in_seat_order_is_labelled_by_the_players(tmp_path):
    """Keyflower's set-up lists the homes, winter tiles and workers 'in seat order': the form
    labels each by the player it belongs to (seat 2 is ben), and the set-up it writes is the
    same list."""
    recording, raw = _recording(tmp_path, "keyflower", "words")
    labels = {f["pointer"]: f["label"] for f in recording.setup_form()["fields"]}
    assert labels["/homes/0"] == "homes ana" and labels["/homes/1"] == "homes ben"
    assert labels["/winter_tiles/1/0"] == "winter_tiles ben 1"
    assert labels["/workers/0/red"] == "workers ana red"
    assert json.loads(recording.path.read_text())["setup"] == raw["setup"]


def test_a_field_named_as_its_move_is_not_named_twice():
    """Keyflower's boat move and Castles' white die: 'boat Keyflower', 'white 1 goods 2' (not
    'boat boat Keyflower', 'white white 1 goods 2') in the last moves and on the buttons."""
    names = choices.Names({"keyflower": ("Keyflower", "Keyflower, boat")})
    assert names.move_text({"type": "boat", "player": "ben", "boat": "keyflower"}) == "boat Keyflower"
    assert names.move_text({"type": "white", "white": 1, "goods": 2}) == "white 1 goods 2"
    assert names.move_text({"type": "take", "player": "ana", "die": 6, "tile": "bank"}) == "take die 6 bank"


def test_a_place_counted_from_0_in_the_log_is_shown_counted_from_1(tmp_path):
    """Kingdom Crossing's start move writes the pair's place in setup.start_pairs counted from 0
    (its schema says so); the buttons and the last moves count from 1, as the set-up form numbers
    the pairs ('start pairs 1 card') and a player at the table does. The move keeps the log's value."""
    recording, _ = _recording(tmp_path, "kingdom-crossing", "words")
    offer = recording.step([], recording.count)
    assert [(o["label"], o["move"]["pair"]) for o in offer["options"]] == [("start pair 1", 0), ("start pair 2", 1)]
    assert {f["label"] for f in recording.setup_form()["fields"]} >= {"start_pairs 1 card", "start_pairs 2 card"}
    assert recording.move_words(offer["options"][1]["move"]).endswith("start pair 2")
    assert choices.Names({}).move_text({"type": "start", "pair": 0}) == "start pair 0"  # no schema: as written


def test_castles_goods_are_chosen_by_the_catalogs_names(tmp_path):
    """Castles of Burgundy's set-up holds each player's 3 goods as numbers (the die numbers 1-6);
    the form offers the catalog's goods list, each named as `ludolog ids castles-of-burgundy goods`
    names it, and the set-up written holds the numbers."""
    recording, raw = _recording(tmp_path, "castles-of-burgundy", "words")
    goods = get_game("castles-of-burgundy").catalog_ids()["goods"]
    fields = [f for f in recording.setup_form()["fields"] if "/goods/" in f["pointer"]]
    assert len(fields) == 6 and all(f["kind"] == "int" for f in fields)
    for f in fields:
        assert [(o["id"], o["detail"].split(",")[0]) for o in f["options"]] == [
            (int(i), entry["name"]) for i, entry in goods.items()]
    written = json.loads(recording.path.read_text())["setup"]["estates"]
    assert {pid: estate["goods"] for pid, estate in written.items()} == {
        pid: estate["goods"] for pid, estate in raw["setup"]["estates"].items()}
