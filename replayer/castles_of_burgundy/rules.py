"""Every Castles of Burgundy rule the engine enforces, with the passage it comes from: the Solo rules
(their headings: GAME SETUP, PLAYING THE GAME, END OF THE GAME; they win where they amend the base
game) or the base rules, by the section headings of ludolog's summary of the base rulebook (the
catalog's ``supplement`` source: setup, game structure, a player's turn and its actions A-D, the free
purchase, storage and ships, immediate effects, knowledge tiles, scoring, edition differences)."""
from ..core.rules import Rule, RuleBook

_B = "Castles of Burgundy base rules"
_S = "Castles of Burgundy Solo rules"

RULES = RuleBook("castles-of-burgundy", source="Castles of Burgundy rules", rules=[
    Rule("COB.SETUP.OPTIONS", f"{_S}, GAME SETUP; {_B}, 13. Solo mini expansion", "The Solo options (board side, river regions) belong to the one-player game, and the side is A or B."),
    Rule("COB.SETUP.ORDER", f"{_B}, 4. Setup (5)", "The starting turn order lists every player exactly once, the start player first."),
    Rule("COB.SETUP.ESTATES", f"{_B}, 4. Setup; {_S}, GAME SETUP", "Every player has exactly one estate entry, and nobody else."),
    Rule("COB.SETUP.BOARD", f"{_B}, 2. Estate geometry / 14. Edition differences; {_S}, GAME SETUP", "Each player uses an estate board printed in the log's edition: a standard board for 2-4 players, the Solo board's side A or B alone."),
    Rule("COB.SETUP.BOARD_TAKEN", f"{_B}, 1. Components (estate boards)", "No more players use an estate board than the edition's box holds copies of it (2011: board #1 four times, boards #2-#9 once each)."),
    Rule("COB.SETUP.CASTLE", f"{_B}, 2.1 Board #1 / 2.2 Other boards; {_S}, GAME SETUP", "The starting castle goes on the centre space of board #1 and on a castle space of any other board (any castle space in the Solo game)."),
    Rule("COB.SETUP.GOODS", f"{_B}, 4. Setup (2); {_S}, GAME SETUP", "Each player starts with 3 random goods tiles."),
    # tiles and dice revealed (chance moves)
    Rule("COB.PHASE.DEPOT", f"{_B}, 5.1 Start of each phase", "At the start of a phase depots 1-6 are filled in order, then the black depot."),
    Rule("COB.PHASE.TILES", f"{_B}, 3.1 Numbered depots", "A depot gets one tile on each of its spaces used with this many players (2, 3 or 4)."),
    Rule("COB.PHASE.COLOUR", f"{_B}, 3.1 Numbered depots", "Each depot space gets a tile of its printed colour (with 3 players, depot 6 takes a mine in phases B and D)."),
    Rule("COB.ROLL.ORDER", f"{_B}, 5.2 Each round (1)", "Every player rolls their own dice at the start of the round, in this round's turn order."),
    Rule("COB.SOLO.REMOVED", f"{_S}, PLAYING THE GAME", "Each Solo round removes the hex tile of the white die's depot in the stated order (the next depot clockwise when empty); a base game removes none."),
    Rule("COB.TURN.WRONG_STEP", f"{_B}, 5. Game structure / 6. A player's turn", "Each move comes when the game is at its step: phase set-up, dice, then the players' turns in turn order."),
    Rule("COB.TURN.NOT_YOUR_TURN", f"{_B}, 6. A player's turn", "Only the player whose turn it is acts (turn order by the turn-order track)."),
    Rule("COB.TURN.DICE_LEFT", f"{_B}, 6. A player's turn / 12. Engine checklist", "A turn ends only after each of the player's 2 dice was used for one action."),
    Rule("COB.TURN.PENDING", f"{_B}, 8. Immediate effects", "A tile's effect is resolved at once, before anything else happens."),
    Rule("COB.DIE.NOT_ROLLED", f"{_B}, 6. A player's turn", "A die action uses one of the player's own dice not used yet this turn."),
    Rule("COB.DIE.FIELD", f"{_B}, 6. A player's turn / 8. Immediate effects", "A die action names its die; an action a tile's effect grants names none."),
    Rule("COB.DIE.WORKERS", f"{_B}, 6.1 Worker tiles", "Workers turn a die 1 pip each (2 with knowledge #8, wrapping 6 and 1); the workers written are exactly those the change needs."),
    Rule("COB.DIE.NOT_ENOUGH_WORKERS", f"{_B}, 6.1 Worker tiles", "A player spends only worker tiles they hold."),
    Rule("COB.TAKE.NO_TILE", f"{_B}, 6.2 Action A", "The tile taken lies in the depot shown by the die (or the depot named by the effect)."),
    Rule("COB.TAKE.COLOUR", f"{_B}, 8. Immediate effects (carpenter, church, market)", "A building's take effect takes only the colours it names, from a numbered depot."),
    Rule("COB.STORAGE.DISCARD", f"{_B}, 6.2 Action A", "Storage has 3 spaces: a tile is discarded from it only when all are full, and then one must be; the discarded tile is one stored."),
    Rule("COB.PLACE.NOT_STORED", f"{_B}, 6.3 Action B (1)", "The tile placed comes from the player's storage (a Solo colour bonus tile from the black depot)."),
    Rule("COB.PLACE.NO_SPACE", f"{_B}, 2. Estate geometry", "The space named is a space of the player's estate."),
    Rule("COB.PLACE.OCCUPIED", f"{_B}, 6.3 Action B (2)", "The target space is empty."),
    Rule("COB.PLACE.COLOUR", f"{_B}, 6.3 Action B (3); {_S}, PLAYING THE GAME", "The tile's colour is the space's colour (a face-down black tile fits any colour)."),
    Rule("COB.PLACE.NOT_ADJACENT", f"{_B}, 6.3 Action B (5); {_S}, PLAYING THE GAME", "The space touches a filled space (in the Solo game other land areas only across a river)."),
    Rule("COB.PLACE.SAME_BUILDING", f"{_B}, 6.3 Action B (6)", "A city holds each building type once (unless knowledge #1 lies in the estate)."),
    Rule("COB.SELL.NO_GOODS", f"{_B}, 6.4 Action C", "A sale sells every goods tile of the die's type, and the player holds at least one."),
    Rule("COB.BUY.TWICE", f"{_B}, 6.6 Free purchase", "A player buys at most once per turn."),
    Rule("COB.BUY.SILVERLINGS", f"{_B}, 6.6 Free purchase", "A purchase costs 2 silverlings, which the player pays (workers only where the edition's knowledge #6 allows)."),
    Rule("COB.BUY.NO_TILE", f"{_B}, 6.6 Free purchase", "The tile bought lies in the black depot (or, with knowledge #6, in the numbered depot named)."),
    Rule("COB.BUY.DEPOT", f"{_B}, 6.6 Free purchase / 14. Edition differences", "A purchase comes from the black depot; from a numbered depot only with knowledge #6."),
    Rule("COB.SHIP.GOODS", f"{_B}, 7. Goods storage and ships; {_S}, PLAYING THE GAME", "A ship takes every goods tile of the types taken: all types already held and as many new ones as the 3 goods spaces hold (all types in the Solo game)."),
    Rule("COB.SHIP.DEPOT", f"{_B}, 9. Knowledge tiles (#5)", "Knowledge #5 takes the goods of a depot next to the one chosen, on the ring."),
    # the Solo game
    Rule("COB.SOLO.ONLY", f"{_S}, PLAYING THE GAME", "Trading 5 goods for a black-depot tile and buying victory points exist only in the Solo game."),
    Rule("COB.SOLO.TRADE", f"{_S}, PLAYING THE GAME", "Right after a ship took its goods (and only then), exactly 5 of the player's goods may buy one tile of the black depot, which goes face down into storage."),
    Rule("COB.SOLO.VP", f"{_S}, PLAYING THE GAME", "Each victory point bought costs 1 silverling, which the player pays."),
    Rule("COB.EXTRA.NOT_OPTIONAL", f"{_S}, PLAYING THE GAME; {_B}, 8. Immediate effects (castle)", "Only the die action after the Solo target is reached, the Solo ship's trade and (2019) a city hall that only a purchase could feed may be declined; a castle's extra action is taken."),
])
