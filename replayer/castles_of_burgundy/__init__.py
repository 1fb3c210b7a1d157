"""The Castles of Burgundy (Stefan Feld, alea/Ravensburger 2011): a strict engine for the base game
for 2-4 players and the Solo mini expansion on both board sides.

The log vocabulary is ``schema/castles-of-burgundy.schema.json`` (format ``ludolog/2``; annotated
examples ``schema/castles-of-burgundy.example.md`` and ``schema/castles-of-burgundy.solo.example.md``).
``setup`` holds what the table sees (turn order; each estate's board, castle space and 3 goods).
Everything random is a chance move written when it is seen (``depot``, ``black``, ``roll``,
``white``), each tile checked against the face-down supply of its back (core ``HiddenPool``); the
engine never rolls. A tile effect with a choice is a pending decision (core ``DecisionStack``)
answered by the next move. Editions ``alea-2011`` (default), ``alea-2019`` and
``awaken-realms-2023`` are the catalog with that edition's changes; options ``side`` (A/B) and
``rivers_join_regions`` belong to the Solo game. No ``ludolog/1`` migration (the game is new in
``ludolog/2``).

Readings where the texts are silent (each one place in code):

- A turn ends with an ``end`` move, and only after both dice were used (supplement 12: "accept it as
  a pass" is not taken: taking workers is always possible, so a die is never stuck).
- Workers written must be the fewest the change needs (paying more changes nothing); an extra
  action's die needs none.
- Effects are mandatory when possible and skipped when impossible (supplement 8): the carpenter,
  church, market, city hall and warehouse are answered by the next move; the castle's extra action
  is taken; only the Solo target's action may be declined (``pass``, "you may").
- The order after a placement: the tile's effect, region VP, colour bonus (6.3); VP are scored at
  the placement, the effect's choices are answered first, then a Solo target action, then a Solo
  colour bonus tile.
- A ship takes every tile of the types taken: the types already held and as many new types as free
  goods spaces allow, chosen by the player; nothing storable is left behind (supplement 7's "safest
  model"); the Solo ship takes every type, then the goods on all other depots leave the game (with
  knowledge #5, after the second depot).
- Knowledge #5 is a second ``goods`` move for a depot next to the first on the ring (1-2-...-6-1).
- Knowledge free +-1 (#9-#11) does not apply to a face-down Solo tile (it has no colour); #12 applies
  to every tile taken with a die.
- The purchase's timing: in 2011 "before, between or after the die actions" (supplement 6), so not while
  an effect is pending; the 2019 edition (Board Game Arena: "you are allowed to buy a tile during your
  action", for example right after placing a castle or a city hall; the catalog's ``purchase_timing``
  change) also accepts it while any effect of the turn is pending, which stays pending. A 2019 city
  hall that no stored tile fits stays pending while a purchase could bring one (it may then be
  declined with ``pass``, as an effect that is impossible without the optional purchase); a tile
  bought that leaves a pending effect nothing to do ends that effect.
- The 2019 #6 lets workers pay for the purchase one for one (``buy`` with ``workers``); the SE #6
  buys a building from a numbered depot for 2 workers and counts as the turn's purchase.
- Solo: the trade of 5 goods is offered once right after each ship's goods ("you now (and only now!) have the option", and a
  face-down ship gives "neither goods nor the option"), answered by ``trade`` or declined by ``pass``;
  VP may be bought any number of times in the player's turn while no effect is pending; the
  round's hex removal is written in the ``white`` move (``removed``) and checked; the game ends
  after the turn in which the 37th space is filled (a win), or after round 25 (no final scoring:
  only the full estate decides); the score is every VP gained (the counter shows them since its last
  reset).
- The phase's 5 goods tiles are written one a round, in the ``white`` move that moves each to its
  depot (in the order they lie on the round spaces), not all at phase set-up: the same tiles, and the
  log names each where it acts.
- Estate boards by copies in the box (supplement 1: "4 sides show board #1; the other 8 sides show
  boards #2-#9, one each"): in the 2011 edition no two players use the same board #2-#9
  (``COB.SETUP.BOARD_TAKEN``); the 2019 box is not described, so its boards have no limit
  (the catalog's ``copies`` per edition).
- Boards are named by the number the log's edition prints on them, and only so (no board of
  another edition stands in). The SE prints its standard boards #1-#10 (its rulebook's components:
  "5 boards in 4 copies, #1-10"; a public transcription marks #4 and #8 as reworked) and their
  layouts are not in the catalog: the SE numbers only its Solo board (#33, #34), and a 2-4 player
  SE log is refused at set-up (``COB.SETUP.BOARD``, naming the editions whose boards it holds).
- Solo colour bonus: a black-depot tile placed at once on a legal space of its colour, any die number
  (no die is used), with its effects; skipped when the black depot has none that fits.

Modules: the roles every game package shares (``engine.py``, ``state.py``, ``catalog.py``,
``setup.py``, ``moves.py``, ``listing.py``, ``scoring.py``, ``render.py``, ``board_svg.py``, ``ids.py``,
``rules.py``), then this game's own:

- ``rounds.py`` the chance moves that open phases and rounds, and the end of a turn; ``turns.py`` the
  turn-order track with stacking; ``depots.py`` the depots by player count, the ring, the Solo hex removal.
- ``tile_effects.py`` every effect kind of a placed tile, the placement's scoring and the Solo VP
  counter; ``effects.py`` the closed vocabulary of effect kinds.
- ``answers.py`` the checks both moves and listing need (where a tile may go, worker arithmetic,
  pending decisions, purchases, a ship's goods).
- ``geometry.py`` estate boards as bit masks, the six colours and board code letters;
  ``board_layout.py`` where the picture draws each estate space.

Sources: the project's Solo text ``rules/castles-of-burgundy-solo.txt`` (it wins where it amends the
base game) and the supplement ``rules/supplements/castles-of-burgundy-base.md`` (base rules,
components, knowledge tiles, boards, edition differences, uncertainties) with the public
implementations it cites; the catalog's ``provenance`` lists every source, with those this package
read for facts beyond the supplement (ProperNovice/BurgundyBoard, zzooppii's ``boards.ts``, Board
Game Arena's rules page, another copy of the Solo text, daroolz).

What is a reconstruction, and why: the rules text gives no component data at all, so every table
comes from the supplement's compilation of public implementations; the catalog is flagged
``"reconstruction": true`` and each table or entry the supplement marks UNCERTAIN carries
``"status": "uncertain"``. Points where no source states the fact, and ludolog's reading:

- Solo hex removal: the text says "top to bottom (depots 2, 3, 4, 5 and 6) or left to right (depots
  1 and 4)" (depot 4 is in both lists; another public copy of the text lists "2, 3, 5 and 6"). The
  printed positions of the depot spaces are not known; the catalog's ``solo_removal_order`` takes
  the supplement's listing of the two 2-player spaces, which is also the order ProperNovice removes
  them in. "The next depot in clockwise order" is the next higher number (6 is followed by 1):
  depots are numbered clockwise (zzooppii); when every depot is empty nothing is removed.
- Solo target marker: it goes down 5 each time; the text does not say where it stops. A target of 0
  would be reached at once, so it stops at 5 (``target_minimum``). One gain resets the counter at
  most once; "any remaining victory points are lost".
- Solo goods sale: the base game pays N VP per goods tile for N players; the Solo game is set up
  "as usual for a 2-player game" with "the same ... victory point gains", read as 2 VP per tile
  (``solo.sale_vp_per_tile``).
- Solo knowledge VP "added immediately after placing it": the end-of-game formula is evaluated at
  that moment (``scoring.knowledge_vp`` serves both).
- Solo side A: river-linked ships are separate 1-space regions (supplement default; the option
  ``Catalog.board(id, rivers_join_regions=True)`` gives the other reading). Side B: the river
  from B17 is read as ending at B27 (supplement). The supplement calls side B's die mix standard,
  but its own table counts seven 1s, seven 2s and five 3s (the same as side A); the table is kept.
- Starting castle: board #1 on the centre space 19 (basic game); every other board and both Solo sides
  on any castle space ("any castle space" in the Solo text; the supplement's estimate elsewhere).
- Board numbers are per edition (``Catalog.board_numbers``): Board Game Arena's rules page says
  2011's #2 became #10 in 2019 and 2019 added a new #2; #3-#9 are assumed to keep their numbers
  (confirmed for #6 only). Board ids are the 2011 numbers, ``2019-2`` for the new board.
- Colour bonus tiles: large N+3, small N, both used with 2 players (supplement estimate); the Solo
  game gives a black-depot tile instead of bonus VP.
- Tie-break, per edition (the catalog's ``economy.tie_break`` and each edition's ``tie_break``
  change, all UNCERTAIN, their sources in ``economy.tie_break_note`` and the editions' notes):
  alea-2011 and alea-2019 the most empty spaces, awaken-realms-2023 the fewest, then in each the
  player further back in turn order.
- Animal tiles per type: 2, 2, 3, 3, 4 animals on normal backs and 3, 4 on black backs (2 sources).
- Goods colours are not known; goods types are named by their die number 1-6.
- Silverlings and worker tiles are unlimited (supplement uncertainty 8; the SE rulebook says they
  are not meant to be limited).

The editions' changes to the 2011 default: goats for chickens; knowledge #6, #15, #16-#23, #26; the
SE black depot of 6 with 4 players; each edition's tie-break.
"""
from .engine import CastlesOfBurgundy

GAME = CastlesOfBurgundy()

__all__ = ["GAME", "CastlesOfBurgundy"]
