"""The Castles of Burgundy (Stefan Feld, alea/Ravensburger 2011), base game for 2-4 players and the
Solo mini expansion: component catalog and pure rules (issue 10). The engine (moves, log schema,
simulator) is not written yet, so this package defines no ``GAME`` and is not registered.

Modules:

- ``catalog`` loads ``catalog.json`` (schema ``schema/castles-of-burgundy.catalog.schema.json``,
  replaceable through ``LUDOLOG_CASTLES_OF_BURGUNDY_CATALOG``), checks its cross-references and
  builds frozen tables; ``load_catalog(edition=...)`` applies another edition's documented changes.
- ``colours`` the six estate colours and the board code letters; ``effects`` the closed vocabulary
  of named effect kinds (one line of meaning each).
- ``geometry`` estate boards as bit masks: adjacency, Solo rivers, regions, land areas, placement
  and completion checks.
- ``dice`` worker arithmetic (wrapping 6 and 1, knowledge #8 and the free +-1).
- ``depots`` phase set-up by player count (the 3-player exception), black depot size, the ring,
  the Solo hex removal.
- ``scoring`` region VP by size and phase, colour bonus, sale, animals, mine income, final scoring,
  end-of-game knowledge VP, the tie-break.
- ``solo`` the target marker, VP bought with silverlings, 5 goods for a black tile, the win.
- ``actions`` die cost with knowledge, sale and take-workers rewards, the building rule, tile
  storage, ship goods within the goods-type limit; ``turns`` the turn-order track with stacking.

Sources: the project's Solo text ``rules/castles-of-burgundy-solo.txt`` (it wins where it amends the
base game) and the supplement ``rules/supplements/castles-of-burgundy-base.md`` (base rules,
components, knowledge tiles, boards, edition differences, uncertainties), which cites zzooppii
(boards 1-10, depots), JunHyung1206 and JoaoAparicio (board #1, 2011 counts), ProperNovice (Solo
side A), funbinary (SE), willisjtc (board 6) and rulebook pages. For facts only, this package also
read ProperNovice/BurgundyBoard (the order it removes Solo depot tiles in; the hex centres of side
A, against which the side A land links were checked; the side B image, read again) and zzooppii's
``boards.ts`` (boards 1-10 as the supplement reproduces them). The catalog's ``provenance`` lists them.

What is a reconstruction, and why: the rules text gives no component data at all, so every table
comes from the supplement's compilation of public implementations; the catalog is flagged
``"reconstruction": true`` and each table or entry the supplement marks UNCERTAIN carries
``"status": "uncertain"``. Points where no source states the fact, and ludolog's reading:

- Solo hex removal: the text says "top to bottom (depots 2, 3, 4, 5 and 6) or left to right (depots
  1 and 4)" (depot 4 is in both lists; another public copy of the text lists "2, 3, 5 and 6"). The
  printed positions of the depot spaces are not known; the catalog's ``solo_removal_order`` takes
  the supplement's listing of the two 2-player spaces, which is also the order ProperNovice removes
  them in. "The next depot in clockwise order" is the
  next higher number (6 is followed by 1): depots are numbered clockwise (zzooppii); when every
  depot is empty nothing is removed.
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
- Board numbers are per edition (``Catalog.board_numbers``, ``Catalog.estate(number)``): Board Game
  Arena's rules page says 2011's #2 became #10 in 2019 and 2019 added a new #2; #3-#9 are assumed
  to keep their numbers (confirmed for #6 only). Board ids are the 2011 numbers, ``2019-2`` for the
  new board.
- Colour bonus tiles: large N+3, small N, both used with 2 players (supplement estimate); the Solo
  game gives a black-depot tile instead of bonus VP.
- Tie-break: "the player with the most unused hex spaces in their duchy wins" (Board Game Arena,
  which calls the English rulebook's wording a translation error); the SE edition uses fewer empty
  spaces, then the player further back in turn order (funbinary). UNCERTAIN.
- Animal tiles per type: 2, 2, 3, 3, 4 animals on normal backs and 3, 4 on black backs (2 sources).
- Knowledge #12 ("free +-1 when taking a tile from a numbered depot") applies to tiles of every colour.
- Goods colours are not known; goods types are named by their die number 1-6.
- Ship goods beyond the 3 goods spaces: the player chooses which new types to take, takes every tile
  of a chosen type and of every type already held, and leaves no storable type behind (the
  supplement's "safest model").
- The turn-order track's printed length is not known; ``turns`` gives it no end.
- Silverlings and worker tiles are unlimited (supplement uncertainty 8; the SE rulebook says they
  are not meant to be limited).

Other editions (2019 alea, 2023 Awaken Realms SE) are catalog data: each lists its changes to the
2011 default (goats for chickens; knowledge #6, #15, #16-#23, #26; the SE black depot of 6 with 4
players and its tie-break), applied by ``load_catalog(edition=...)``; board numbers are per edition.
Sources added by this package beyond the supplement: Board Game Arena's rules page (tie-break,
board numbers), another copy of the Solo text (3trolle.pl), daroolz (SE Solo board numbers).
"""
from .engine import CastlesOfBurgundy

GAME = CastlesOfBurgundy()

__all__ = ["GAME", "CastlesOfBurgundy"]
