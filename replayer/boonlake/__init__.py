"""Boonlake (dlp games / Capstone 2021; Alexander Pfister): the strict engine.

Registered as ``boonlake`` (entry point and the registry's built-in names): ``GAME`` is the engine
object, held to the conformance suite (tests/test_conformance.py) and its case logs
(tests/cases/boonlake/, solo ones in solo/) like every registered game.

The modules (the roles every game package shares, then Boonlake's own domain):

- ``engine.py``: the ``Game`` subclass; each interface member hands over to a module below.
- ``state.py``: the position's types (the state, players, steps, pieces, cards owed).
- ``catalog.py``: ``catalog.json`` read into typed components; ``effects.py``: the closed vocabulary
  of effect kinds, conditions, timings and strip parts the catalog is written in.
- ``setup.py``: the position before the first move, its set-up checks, and a random set-up.
- ``moves.py``: applying a move: the checks every move passes, the turn's own moves (the strip, the
  card part, the middle, the right side, the ship), each effect handed to its module.
- ``listing.py``: the legal moves of a position, its chance outcomes, and random play.
- ``scoring.py``: scoring arithmetic, the end of the game and its winners; ``interim.py``: the
  interim scorings' window and the final scoring on the position.
- ``render.py``: the position in words (``describe``, ``render``, whose decision is next).
- ``board_svg.py``: the position as a picture (``render_svg``); ``svg_layout.py``: its geometry.
- ``ids.py``: the ids a log may use, with names and printed facts (``ludolog ids``).
- ``rules.py``: the BOON.* rule codes and their references.
- ``turn.py``: the turn's sequence (phases A, B, C: who decides what next, the steps that need no
  decision, the end of a turn and a round); ``action_board.py``: the action board and set-up
  arithmetic.
- ``board.py``: gameboard geometry (adjacency, presences, regions); ``river.py``: ship movement;
  ``costs.py``: what upgrades, cattle, hiring, boats and cards cost.
- ``resolve.py``: the effects that give or take something, cards drawn and given up;
  ``building.py``: the board effects (explore, develop, upgrade, pastures, cattle, region labels,
  modernize, hire); ``cards.py``: playing and discarding cards, special projects and the cards'
  effects; ``levers.py``: the lever effects and ``lever`` moves.
- ``solo.py``: the Wise Eminence's decisions; ``eminence.py``: their effects and scoring;
  ``solo_turn.py``: their turn, set-up and the table's moves; ``solo_state.py``: their part of the
  position.
- ``reconstruction.py``: the program that built ``catalog.json`` (see below).

What is built:

1. Set-up as the table records it (``setup.py``, ``schema/boonlake.schema.json``): the starting
   tiles on the spaces of the player count, the strips' order, the 4 scoring tiles in play and each
   player's two drawn (``"?"`` for one returned unseen) and the one kept, the six starting cards
   (``"?"`` where unseen), the production site, the coins 6/7/8 by seat (optional, checked), ships
   on the first river space (third with 3-4 players), region labels uncovered.
2. The turn (``turn.py``, its moves in ``moves.py``): ``action`` (VP for the two bottom rows, Builder's 3 coins), the card
   part (``play`` of the strip's kind after paying, ``discard`` for 2 coins + discard bonuses, or
   ``pass``), the middle effects left to right each optional (``explore``, ``develop``,
   ``upgrade``, ``pasture``, ``region``, ``modernize``, Builder's ``play``/``draw``; Hire's
   inhabitant is taken without a decision), the right-side part as a core SIMULTANEOUS window
   (Pioneer: the others only, ``draw`` then ``play``/``discard``/``pass``; Region scoring's coins
   need no decision; Hire ``hire``; Progress ``modernize`` for an inhabitant or ``draw``; Builder
   ``play``/``discard``) and clockwise from the active player for Settle and Cattle-breeding;
   phase B ``ship`` (at least 1 step, occupied spaces skipped unless harbors, never back or past
   the end, the fork's arm by round, the end space's reward with the permanent river bonuses);
   phase C (the strip goes to the bottom at once). Cards given up by count are named one ``give``
   move each right after the move (see the readings).
3. Effects through the core's EffectRegistry (``resolve.py``: space, site, track and label rewards
   and costs; ``cards.py``: every immediate card effect, permanent effects read where they apply,
   game-end effects at the final scoring), card costs with resources shown by production sites and
   boats (``boats``: both positions after moving, downstream free, upstream 2 coins each, the
   cheaper assignment), explore with the gray tile revealed from the mound (a hidden pool), 2 coins
   on a full board, develop, upgrade to house (topmost tier, houses set aside reused) and to
   settlement (3 presences, surcharges with VP substitution, 5 VP for a second in a region, at
   most 4, the sites' settlement VP), pastures and cattle (1-4 inhabitants, surcharges, 2 coins per
   adjacent house), region labels, hire, modernize, income tracks with rewards and 2 VP per wasted
   step, tier bonuses, cards drawn as ``card`` moves from the hidden draw pile (reshuffled discards).
4. Locks and scoring (``interim.py``): the first ship across a lock in a round triggers an interim
   scoring after the turn; round 1 ends on its final space (ships back to round 2's start), round 2
   when the player right of the starting player has played; each interim scoring is one window
   (up to two ``play``/``upgrade``, then ``score`` with the 1/2/3/4 marker, doubled on the own
   tile, paying tiles' ``pay``), then income (tracks, vacated recesses, cattle next to
   settlements; VP only at the fourth), 1 VP per unused lever, region markers removed; the final
   scoring (levers 2/3 VP each at 4-6/7+, card VP, tiers 3-5, game-end cards); ties shared.
   Levers (``levers.py``): every lever space's effect kind once through the registry, used at its
   moment: attached to the move it modifies (``levers`` on ``play``: joker, coins, cards, a free
   upstream boat move; on an upgrade to a settlement: the easing; on ``explore``/``pasture``: an
   inhabitant) or as a ``lever`` move (top-row levers in place of the seat's right-side decision,
   forgoing it, one per action; forgo levers in place of a decision offering a card, Builder's and
   an interim scoring's included; the region-scoring lever; the discard lever at any decision);
   ``reset_lever`` cards move the levers named in ``reset`` back up; used levers go back up at each
   interim scoring, 1 VP per unused one.
   Special projects (``cards.play_project``, a ``project`` move wherever a card may be played, of
   any kind): the tile's coins (card discounts apply) and resources (jokers and boats as for
   cards), 2 inhabitants of which 1 marks the tile, its VP (doubled on the own tile), 1 step on its
   income track; once per player and tile; ``counts_as`` names the kind it counts as for a scoring
   tile's played cards.
   Announcing order (``moves.announce_order``): before anybody decides in a parallel right-side part,
   a player of it may ``announce``; the part is then resolved clockwise from the player who chose
   the strip (Pioneer's others each draw and then play before the next).
   The right side ahead ("Unless stated otherwise, others may execute this even while the active
   player is still resolving the effects to the left of the arrow"): from the moment a strip with a
   parallel right side is taken (Pioneer, Hire, Progress, Builder), the other players may write
   their right-side decision while the active player still plays the card part and the middle
   effects (``BoonlakeState.ahead``); it counts in the window that opens for everybody after the
   middle. Settle and Cattle-breeding state otherwise ("beginning with you, then clockwise"), and
   Region scoring's right side scores the regions the active player's choice leaves: those wait.
5. The Wise Eminence, solo (``solo.py`` pure decisions, ``eminence.py`` effects and scoring,
   ``solo_turn.py`` their turn, set-up and the table's moves, ``solo_state.py``): a bot seat of the
   core with its own ledger (claimed as ``@wise-eminence``), acting as seat ``n`` so that their
   houses, settlements and cattle are presences "of any owner" for every rule; set-up
   ``eminence``: the difficulty (the 4 A/B tiles removed, so the stack's grades) and their random
   scoring tile; they hold the starting player token (the player starts with 7 coins); their ship
   beside the player's. Each of their turns is one ``eminence`` move of the table's (the tile
   revealed and the corner of the face-down top tile marking their position, a recorded random
   outcome; none once the stack is depleted: upper-left) plus a ``mound`` move per gray tile they
   draw; the engine never rolls and derives everything else: the bottom-strip check, the
   furthest-up action of the three, locations by the "next higher space, 33 to 1" rule, structures
   (house while at most 1 on the board, else a settlement; 10 VP with none left), cattle (single
   highest difference, fewest cattle, corner order; 10 VP with all 5 placed), Builder/Progress,
   Hire, Pioneer (two tiles, a house on the second), Cattle-breeding, Settle, Region scoring
   (highest difference, ties to the north, 4/3 VP, 1 or 2 VP per presence, and 1 VP per presence
   when the player scores regions), the cactus track, their ship (never wasting steps, no rewards,
   locks trigger interim scorings, both ships back after round 1), the player's right-side part of
   their strip, their interim income, the final scoring (income once more, 10 VP per unrevealed
   B-tile); the player wins on equal points.
6. Legal moves (``listing.py``: candidates completed and kept when the validator accepts them,
   ``moves.apply_unguarded`` on a copy) and
   ``random_setup``: ``simulate_log`` plays whole 1-4 player games (solo at a random difficulty).

7. The proof around it: annotated example logs a person could write at the table
   (schema/boonlake.example.md, 2 players with Ben's hand unseen, a special project and an announced
   order; schema/boonlake.solo.example.md, the Wise Eminence's ``eminence``/``mound`` moves; their
   figures worked out by hand in tests/boonlake/test_example.py), state columns, the named queries
   queries/boonlake_*.sql; every declared rule code has a case log (tests/cases/boonlake/).
8. Speed: ``make bench`` measures Boonlake beside the other games. The replay driver applies its
   moves without the copy per move a rollback needs (``replay_unguarded``: a rejected move's
   position is rebuilt from the log); ``Boonlake.player_rows`` reads each seat's row straight from
   the state, the removed houses and settlements from counts kept as pieces are taken.

Golden playthroughs for 1-4 players (tests/golden/boonlake/, a solo one among them; the final scoring
of each worked again from the rules text and catalog.json in tests/boonlake/test_golden_by_hand.py).

Readings of this engine where the text is silent (each one place in code):

- The first player listed holds the starting player token; round 2 starts with the player after
  the one who ended round 1.
- The right-side part opens once the active player has finished the middle (the text lets others
  act meanwhile; none of their parts depends on the middle's outcome order).
- Region scoring's right side scores the three regions other than the one whose label the active
  player covered this turn; without a covered label (passed, or all four covered) nothing is scored.
- Hire's "take 1 inhabitant", Region scoring's coins (unless a lever could be used there) and the 2
  coins of a wasted explore or pasture are taken without a decision (never worse to take); hiring
  more inhabitants than the supply holds is refused rather than paid for nothing.
- Cards given up by count (Hire's ``cards``, 3 per inhabitant; a building site's cost; an exchange
  card's ``exchange: "discard"``; the discard lever) are written as that count only. The move checks
  that the hand, known and unknown cards together, holds that many (BOON.HIRE.CARDS,
  BOON.PAY.CARDS), then queues one pending give per card on the core's DecisionStack
  (``state.gives``), each answered by a ``give`` move of that seat naming the card: it goes face up
  on the discard pile, so it is always named ("?" is BOON.CARD.UNKNOWN), and an unknown card of the
  hand is identified by it. The gives come right after the move, before anything else: the cards
  the same move draws and, inside a simultaneous window, the other seats' decisions wait, so the
  hand they come from is the hand of the move (cost paid before any reward drawn). What the cards
  pay for (inhabitants, VP, coins, a vase, the site's reward) comes with the move itself: the count
  is the decision, the gives only name the cards, and a hand holding that many can always name
  them. No order among the cards is asked (one card per move). A single card discarded for 2 coins
  is still one ``discard`` move naming it. A discard bonus ("always applies when discarding such a
  card") comes with each card as it is named, its kind known only then.
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
  before anybody has decided in it (the text does not say when; later, the order would undo
  decisions already made); it is written once the part opens for everybody, so a decision written
  ahead of the middle has begun the part. Interim scorings are no action's part: "each resolved by all players
  simultaneously".
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

Sources: rules/boonlake.txt (the complete rulebook, symbol overview and solo mode: it wins),
rules/supplements/boonlake-components.md (reviews: region names, 7 rows with VP costs on the two
bottom rows, 2 boats, 4 resources; no per-component numbers) and this project's search tools
(nothing found: no repository, data file or card list). The catalog's ``provenance`` repeats this.

What is a reconstruction and why: every per-component number. The rules text gives counts and
structure only; the supplement marks the river, board layout, rows, strips' card kinds, tiers 3-5,
recess incomes, lever spaces, tracks, tiles, scoring tiles and cards NOT FOUND. Each table of the
catalog states what is confirmed and how the rest was built (``reconstruction.py``).

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
- Solo settlement: the text does not say which of their houses becomes the settlement; the
  location rule picks it (the first of their houses from the location number on, 33 to 1).
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
  houses, ignore building-tile effects; a house becomes a settlement on the first of their houses
  from the location number on (its upper site first).
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
