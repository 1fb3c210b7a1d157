"""The per-player figures written to ``boonlake_player_states``: each column worked out by hand from
three short turns of a 2-player game (Builder, Hire, Progress) with the rules text's set-up and the
catalog's printed tables (rows, river rewards, lever costs), never read back from the engine."""
from __future__ import annotations



from .test_engine import GAME, A, B, play, state_of

COLUMNS = ["score", "coins", "cards_in_hand", "ranch", "vases", "levers", "settlements", "cattle", "houses",
           "coin_track", "card_track", "production_sites", "river", "scoring_tile", "eminence_score"]


#: Ana takes Builder (row 7), draws 2 (one seen, one not); Ben takes Hire, discards a night card he had
#: hidden, Ana hires one inhabitant; Ana takes Progress and modernizes m5, Ben draws an unseen card.
BUILDER = [A("action", strip="builder"), A("draw"), {"type": "card", "card": "N05"}, {"type": "card", "card": "?"},
           B("pass"), A("pass"), A("ship", to="2")]
HIRE = [B("action", strip="hire"), B("discard", card="N02"), B("pass"), A("hire", coins=1), B("pass"), B("ship", to="5")]
PROGRESS = [A("action", strip="progress"), A("pass"), A("modernize", lever="m5"), B("draw"), {"type": "card", "card": "?"},
            A("pass"), A("ship", to="6")]
CATTLE = [B("action", strip="cattle_breeding"), B("pass"), B("pasture", space=5), B("cattle", space=5), A("pass"),
          B("ship", to="9")]



def rows(s) -> list[dict]:
    return [dict(zip(COLUMNS, row)) for row in GAME.player_rows(s)]


def test_the_columns_are_those_the_issue_names():
    # VP, coins, cards in hand, inhabitants on the ranch, vases, levers, settlements and cattle placed,
    # income track positions, river position (issue 9, item 7), the scoring tile kept (for the queries); the solo opponent's VP a bot column
    assert [c for c, _ in GAME.state_columns] == COLUMNS
    assert dict(GAME.state_columns)["river"] == dict(GAME.state_columns)["scoring_tile"] == "str"
    assert {t for c, t in GAME.state_columns if c not in ("river", "scoring_tile")} == {"int"}
    assert GAME.bot_columns == ("eminence_score",)


def test_the_figures_at_the_set_up():
    # "the starting player ... 6 coins; the next player clockwise gets 7"; 6 starting cards; "3 on the
    # ranch"; no vase, no lever, nothing placed; both income markers on their first space; one
    # production site chosen; ships on the first river space with 2 players
    ana, ben = rows(state_of())
    common = {"score": 0, "cards_in_hand": 6, "ranch": 3, "vases": 0, "levers": 0, "settlements": 0, "cattle": 0,
              "houses": 0, "coin_track": 0, "card_track": 0, "production_sites": 1, "river": "1", "eminence_score": 0}
    # each keeps one of the two scoring tiles drawn (SETUP: Ana T01, Ben T05)
    assert ana == {**common, "coins": 6, "scoring_tile": "T01"}
    assert ben == {**common, "coins": 7, "scoring_tile": "T05"}


def test_the_figures_after_builder_hire_and_progress():
    ana, ben = rows(play(state_of(), *BUILDER, *HIRE, *PROGRESS))
    # Ana: row 7 costs 2 VP; Builder 3 coins (6 + 3 = 9); 2 cards drawn (6 + 2 = 8, one of them unseen:
    # still a card in hand); river space 2: 2 coins (11); hiring 1 inhabitant for 3 coins (8; ranch 4);
    # lever space m5 costs 1 coin (7); from space 2 with 3 steps (row 5): 3 (a harbor), 4, 5 is Ben's
    # and skipped, 6: 3 coins (10).
    assert ana == {"score": -2, "coins": 10, "cards_in_hand": 8, "ranch": 4, "vases": 0, "levers": 1, "settlements": 0,
                   "cattle": 0, "houses": 0, "coin_track": 0, "card_track": 0, "production_sites": 1, "river": "6",
                   "scoring_tile": "T01", "eminence_score": 0}
    # Ben: Hire from row 5 (no VP); the night card discarded for 2 coins (7 + 2 = 9; 6 - 1 = 5 cards);
    # Hire's middle gives the active player 1 inhabitant (ranch 4); 3 steps from space 1: 2 is Ana's
    # (skipped), 3, 4, 5: 1 vase; Progress's right side: a card drawn unseen (6 cards).
    assert ben == {"score": 0, "coins": 9, "cards_in_hand": 6, "ranch": 4, "vases": 1, "levers": 0, "settlements": 0,
                   "cattle": 0, "houses": 0, "coin_track": 0, "card_track": 0, "production_sites": 1, "river": "5",
                   "scoring_tile": "T05", "eminence_score": 0}


def test_a_pasture_and_a_cattle_placed():
    ana, ben = rows(play(state_of(), *BUILDER, *HIRE, *PROGRESS, *CATTLE))
    # Ben places a pasture on space 5 (next to the starting tile on 6): its reward, 1 inhabitant (ranch 5);
    # the first cattle on a pasture with none costs 1 inhabitant (ranch 4), no house next to it: no coins;
    # Cattle-breeding was on row 3 (4 steps) from space 5: 6 is Ana's and skipped, 7, 8, 9: 1 inhabitant.
    assert ben == {"score": 0, "coins": 9, "cards_in_hand": 6, "ranch": 5, "vases": 1, "levers": 0, "settlements": 0,
                   "cattle": 1, "houses": 0, "coin_track": 0, "card_track": 0, "production_sites": 1, "river": "9",
                   "scoring_tile": "T05", "eminence_score": 0}
    assert ana["cattle"] == 0 and ana["ranch"] == 4
