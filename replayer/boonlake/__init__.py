"""Boonlake (dlp games / Capstone 2021; Alexander Pfister): the strict engine, 1-4 players with the
Wise Eminence's solo mode.

Registered as ``boonlake`` (entry point and the registry's built-in names): ``GAME`` is the engine
object. Component data lives in ``catalog.json`` (a documented reconstruction, see below and
CATALOG.md); the log vocabulary is ``schema/boonlake.schema.json`` with annotated examples in
``schema/boonlake.example.md`` and ``schema/boonlake.solo.example.md``.

Modules: the roles every game package has, under the same names (docs/adding-a-game.md):
``engine.py``, ``state.py``, ``catalog.py``, ``setup.py``, ``moves.py``, ``listing.py``, ``scoring.py``,
``render.py``, ``board_svg.py``, ``ids.py``, ``rules.py``; and the game's own domain:

- ``effects.py``: the closed vocabulary of effect kinds, conditions, timings and strip parts the
  catalog is written in.
- ``interim.py``: the interim scorings' window and the final scoring on the position.
- ``turn.py``: the turn's sequence (phases A, B, C: who decides what next, the steps that need no
  decision, the end of a turn and a round); ``action_board.py``: the action board and set-up
  arithmetic.
- ``board.py``: gameboard geometry; ``river.py``: ship movement; ``costs.py``: what upgrades, cattle
  and cards cost (boats: ``cards.boat_cost``).
- ``resolve.py``: the effects that give or take something, cards drawn and given up;
  ``building.py``: the board effects (explore, develop, upgrade, pastures, cattle, region labels,
  modernize, hire); ``cards.py``: cards, special projects and the cards' effects; ``levers.py``: the
  lever effects and ``lever`` moves.
- ``eminence.py``: the Wise Eminence's decisions, their effects and scoring;
  ``solo_turn.py``: their turn, set-up and the table's moves.

The table records what it sees: the set-up as laid out (cards and a returned scoring tile it could
not see as ``"?"``), every card drawn as a ``card`` move and every card given up by count as a
``give`` move (both right after the move that draws or gives up), the Wise Eminence's solo tile
and gray tiles as ``eminence`` and ``mound`` moves; the engine derives everything else. Golden
playthroughs for 1-4 players are in tests/golden/boonlake/ (the final scorings worked again by hand
in tests/boonlake/test_golden_by_hand.py); every rule code has a case log in tests/cases/boonlake/.

Readings of this engine where the text is silent (each one place in code):

- The first player listed holds the starting player token; round 2 starts with the player after
  the one who ended round 1.
- The right side ahead ("Unless stated otherwise, others may execute this even while the active
  player is still resolving the effects to the left of the arrow"): once a strip with a parallel
  right side is taken (Pioneer, Hire, Progress, Builder), the others may write their right-side
  decision while the active player plays the card part and the middle (``BoonlakeState.ahead``);
  it counts when the part opens for everybody, after the middle. Settle and Cattle-breeding go
  "beginning with you, then clockwise", and Region scoring's right side depends on the active
  player's choice: those wait.
- Region scoring's right side scores the three regions other than the one whose label the active
  player covered this turn; without a covered label (passed, or all four covered) nothing is scored.
- Hire's "take 1 inhabitant", Region scoring's coins (unless a lever could be used there) and the 2
  coins of a wasted explore or pasture are taken without a decision (never worse to take); hiring
  more inhabitants than the supply holds is refused rather than paid for nothing.
- Cards given up by count (Hire's ``cards``, 3 per inhabitant; a building site's cost; an exchange
  card's ``exchange: "discard"``; the discard lever) are written as that count: the move checks that
  the hand, known and unknown cards together, holds that many (BOON.HIRE.CARDS, BOON.PAY.CARDS).
  Then one ``give`` move of that seat names each card (``state.gives``): it goes face up on the
  discard pile, so it is always named ("?" is BOON.CARD.UNKNOWN; an unknown card of the hand is
  identified by it). The gives come right after the move, before the cards it draws and, in a
  window, the other seats' decisions: the cost is paid from the hand of the move. What the cards pay
  for comes with the move itself (the count is the decision; a hand holding that many can always
  name them); no order among them is asked. A single card discarded for 2 coins is one ``discard``
  move naming it. A discard bonus ("always applies when discarding such a card") comes with each
  card as it is named, its kind known only then.
- ``site`` is written exactly when the tile has 2 building sites (one way to write each move).
- A site's "receive your coin-track income" gives the coins and the VP of the marker's space.
- Scoring conditions on production sites count site levels, the set-up site included.
- Paying scoring tiles are paid at most the value of this scoring; paying it in full meets it.
- Levers' moments ("any suitable moment"): a lever is used where its effect names a moment. A
  top-row lever answers the seat's right-side decision (any participant's, the others' at Pioneer
  too); a forgo lever answers a decision that offers playing a card (the card part, Builder's
  play-or-draw, a right-side part offering a card, the play after Pioneer's draw, one of the two
  plays of an interim scoring); the discard lever may come at any decision of the seat's and
  answers none. The other levers only modify a move and are written in its ``levers``.
- Region scoring: players holding an unused top-row or region-scoring lever decide in a window
  (``pass`` keeps the coins, the region lever adds 1 VP per presence, a top-row lever forgoes them); the
  others are paid at once. One decision each, so the region lever and a top-row lever are not both
  used at one region scoring.
- The region-scoring lever ("get 1 victory point in addition to 1 coin per presence") gives 1 VP
  per presence in the three regions scored: a flat 1 VP would equal the 1 VP the lever earns at
  the next interim scoring by staying unused, so using it would never change anything.
- The coins and the joker of a card lever come when the card is played, before it is paid.
- A card moving a lever back up may name a lever used with that very play.
- Announcing order: any player taking part in a parallel right-side part may announce, and only
  before anybody has decided in it (later, the order would undo decisions already made); it is
  written once the part opens for everybody, so a decision written ahead of the middle has begun
  the part. Interim scorings are no action's part: "each resolved by all players simultaneously".
- Special projects: "Each project may be realized only once per game (multiple players'
  inhabitants may sit above a space)": once per player and tile. The kind a project counts as for
  played cards ("decided per project") is written when it is realized. With fewer than 2
  inhabitants in the supply the player takes what is there (1 of them marks the tile).
- Pioneer's others "may draw 2 cards, then play 1 card": the play follows the draw (which costs
  nothing); declining the draw declines the part.
- Boats move when a payment shows resources (a ``play`` or ``project`` writes ``boats``): "at any
  time" matters only then.
- The scoring tiles a player drew and returned go back to the box ("Return the rest to the box"),
  so none of them lies in another area.
- A ship on the final space has no step to make: phase B asks for no move. With both the draw
  pile and the discard pile empty, a card to be drawn is not drawn (nothing can stand for it).
- A production site of the player's choice named at level 2 (river, track, site rewards) is wasted, as
  Explore's "if that site is already level 2, the effect is wasted"; it is not refused.
- Coins, vases and levers never run out ("Only the wooden pieces are limited"; "make do"): the
  materials' 14 vases and 36 levers are not a stock the engine counts down.

Sources: rules/boonlake.txt (it wins) and rules/supplements/boonlake-components.md; every
per-component number is a reconstruction (CATALOG.md and each table's ``provenance`` say what is
confirmed and how the rest was built).

Readings where the texts are silent or disagree (the rules text wins):

- Locks. The rules text says 3 locks and 4 interim scorings, 2 per round, the second of each round
  when a ship reaches the final space; the supplement's "4 locks" loses. Reading: lock 1 lies on
  the trunk before the fork and is crossed in both rounds ("already crossed that lock this round");
  locks 2 and 3 lie right before the final space of the upper and the lower arm, so that reaching
  the final space and first crossing that arm's lock are the same event and no round has a third.
  A replacement river may put another lock within a move of the final space: crossing it first on
  the move that reaches the final space still scores at once (scoring 3 in round 2), and only the
  lock right before the final space waits for the last interim scoring (``turn.after_ship``).
- Round 2 start spaces: "in the 4-player game, ships start further ahead than with 2 or 3
  players"; with 1-3 players round 2 starts on the first river space (the solo text: "put both
  ships back on the first river space"), with 4 players on the third (as in round 1).
- A start space holds all ships at once, so it is a harbor (other spaces hold one ship).
- Fords make spaces adjacent for every purpose ("Spaces connected by a ford are also considered
  adjacent"), but only bridge ends are "next to bridges" for the scoring tile.
- Surcharges: the VP substitution (4 VP each) applies to the additional inhabitants of the third
  and fourth settlement and the fourth and fifth cattle; the base inhabitants (2 for a settlement,
  1-4 for cattle) are always inhabitants. "Give up 1 fewer inhabitant" reductions lower the base
  first and then the additional ones, never below 0.
- Levers at the final scoring: fewer than 4 levers score nothing (the text names 4-6 and 7+ only).
- Scoring tile categories with a pair of values ("top number for one, bottom number for the
  other") are met when either assignment of the two regions or kinds meets both numbers.
- Interim scoring numbers: the first crossing of a round's first lock starts scoring 1 (round 1)
  or 3 (round 2); reaching the final space (the lock before it) starts 2 or 4. Only the fourth
  waits until the player to the right of the starting player has had their turn.
- Income-track rewards are printed on a space and gained when the marker reaches that space.
- Building tiles list their sites top to bottom, so "upper site if 2" is the first.
- Solo location: the corner number of the revealed tile selected by the face-down top tile's
  orientation (a recorded random outcome); upper-left once the stack is empty.
- The Wise Eminence's moves are derived, never written (as Kingdom Crossing's Paco & Paca): the
  table writes what it reveals (solo tile, corner, gray tiles), and the replay shows what followed.
- The stack is remixed at the end of the turn that depleted it (the text's order: "Then advance
  their ship ... If the solo stack is depleted, remix"); a final scoring right after that turn
  counts every B-tile of the new stack as unrevealed.
- The removed tiles are not recorded (the table removes them face down): reveals in the first
  stack are checked against the grades the difficulty leaves, later ones against the six seen.
- Their scoring tile is one of the 4 in play other than the player's two drawn tiles.
- Structures: when their board lacks the kind the rule names but holds the other, they build the
  other; 10 VP only once no house and no settlement remains. Their settlements, like their
  houses, ignore building-tile effects; the text does not say which house becomes a settlement:
  the first of their houses from the location number on, 33 to 1 (its upper site first).
- Pioneer: the house goes on the second tile only when a second tile is placed, and only while a
  house remains on their board. A tile with no open space (or an empty mound) is not drawn.
- Their tiles and pastures take no space reward (they never get coins or cards); a pasture with 4
  cattle takes no more; with every region label covered their region scoring does nothing.
- The cactus track stops at its last space (steps beyond are lost).
- Their strip is never on the two bottom rows (the highest of three strips is at most row 5), so
  they never pay VP for it.
- Their ship is a ship on the river like any other (the player's ship skips it) and starts round 2
  on the first river space with the player's.
- "alternatively you may double their income during the fourth interim scoring": both ways give
  the same VP, so the engine scores their income once more at the final scoring.
- The Eminence's Pioneer: "all the others" is the player; the player's Pioneer: nobody (they
  ignore your turns), so its right side is skipped.
"""

from .engine import Boonlake  # noqa: E402

#: the engine object
GAME_ENGINE = Boonlake()
#: the registered game (pyproject's ludolog.games entry point ``boonlake``)
GAME = GAME_ENGINE
