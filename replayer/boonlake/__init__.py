"""Boonlake (dlp games / Capstone 2021; Alexander Pfister): component catalog and pure rules.

This package is the foundation of the Boonlake engine, not yet the engine: it has no ``GAME``
object and is not registered, so the conformance suites do not pick it up unfinished. It holds

- ``catalog.json`` with ``schema/boonlake.catalog.schema.json`` and ``catalog.py`` (loaded into
  typed frozen tables, replaceable through ``LUDOLOG_BOONLAKE_CATALOG``); ``CATALOG.md`` says what
  each table holds and how to swap in official data; ``reconstruction.py`` builds the shipped file;
- ``effects.py``: the closed vocabulary of effect kinds, condition kinds and strip parts, one line
  of meaning per kind (effects are applied by the engine, later, through the core's registry);
- the pure rules over the catalog, each number from the rules text and tested against its sentence:
  ``board`` (adjacency with bridges and fords, where tiles go, presences around a house, bridges,
  region scoring coins, cattle next to settlements), ``river`` (ship steps with occupied spaces
  skipped unless harbors, never back or past the final space, the fork by round, locks crossed and
  the first crossing), ``actions`` (taking a strip and pushing the others up, set-up coins and tiles,
  discard coins, production sites), ``costs`` (settlement and cattle surcharges with VP substitution,
  houses, hiring, boats, card payment with jokers and discounts), ``scoring`` (levers, tiers 3-5,
  interim scoring-tile values, conditions, income tracks, game-end card effects and thresholds,
  which interim scoring a lock starts, the turns that complete round 2, shared ties) and ``solo``
  (the Wise Eminence's location rule, tile corner, difficulty, bottom-strip check, action, structure,
  tile, house-site, settlement, pasture and region choices, income, final bonus, the player winning
  ties).

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
"""
