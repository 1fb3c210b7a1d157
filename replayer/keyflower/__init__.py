"""Keyflower (R&D Games, 2012; Breese & Bleasdale), 2-6 players: catalog and pure rules (no engine yet).

This package is the foundation of the strict engine of issue 11. It holds no ``GAME`` object and is
not registered: the engine comes later, on top of the core's second edition.

Modules: ``catalog`` (the component data, its closed vocabularies of effect kinds, set-up lookups),
``geometry`` (hex coordinates, placement by matching sides, roads, road loops, rivers), ``bidding``
(the colour rule, bids, outbids, uses, boats 4a and 4b), ``transport`` (carrying resources along
roads, upgrade costs and payment), ``seasons`` (where products go, boat-choice order, start
player, the extra workers of boats 1a and 1b), ``setup`` (home tiles, boats, turn-order tiles,
season tiles, winter tiles dealt and chosen, starting workers, against the table), ``allocation``
(the best allocation of items to the scoring tiles, or a declared one checked), ``scoring``
(final scoring with one line per source), ``rules`` (every ``KEY.*`` code with its passage).
Every function that refuses raises :class:`~ludolog.replayer.core.errors.IllegalMove` with a
declared code and a sentence; the engine adds the move index and pointer.

Sources (also in the catalog's ``provenance``):

- ``TEXT``: ../shared/rules/keyflower-tiles.txt, the tile, boat, summer boat and turn-order tile
  texts. It wins where it is more precise.
- ``SUPP``: ../shared/rules/supplements/keyflower-base.md, the base rules and tile lists with a
  status per fact.
- ``RULEBOOK-MD``: a public transcription of the rulebook (borisyankov/rulespal,
  data/rulebooks/keyflower_rulebook.md), read for facts: component counts (40 red, yellow and
  blue workers, 20 green, 1 purple; 48 gold and 24 of each other resource; 16 of each skill
  tile), the set-up table, the road counts per tile group, the end-of-season order and the
  game-end scoring notes (yards, purple keyple, ties).
- ``ALS`` (alsrl8/Keyflower-Server game/tileinfo.json): the spring tiles' production, costs, VP.
- ``MTJ`` (mttjhn/keyflowertools javascript/data.js): tile names per season, set-up counts.
- ``KFW`` (as read by the supplement): yard formulas and boat loads. ``BDJ``
  (bdanijel/keyflower-generator): weak evidence for the home tiles' upgraded side only.

What is a reconstruction, and why (each entry of ``catalog.json`` says so in ``status``/``note``):

- Which sides of each tile carry its roads: the rulebook gives only the count per group (home 5
  with one water side, spring and summer buildings 3, summer boats 0, autumn 2, winter 1).
- Costs, amounts and VP of the summer and autumn tiles (NOT FOUND in any source); the yards'
  per-resource points come from KFW, the Hiring Fair's two/three skill tiles from the text.
- The home tiles' upgraded side and cost (one weak source), the turn-order tiles' sides (which
  player counts, the start-player icon on the highest-numbered tile in play, one road), the
  boats' water sides (two opposite), the Sea Bastion's b-side load, and the Sea Breese points
  of each boat (1 per summer boat, 2 per boat).

Where the sources disagree, the rules text wins: the Keyflower boat is marked "2+ Players" (KFW
says 1+, which changes nothing since two players are the minimum); Sea Breese scores "points as
indicated for each boat ... that connects by river to the home tile" (KFW keeps a table by the
length of the river chain), so each boat carries its own ``river_points``; the winter tiles'
twelfth tile is the Keythedral (the supplement was unsure). The rulebook transcription's road
counts ("the home tiles each have five ... each have three roads") lost a line; the catalog reads
five roads for home tiles and three for the spring and summer buildings.

Readings where the texts are silent or unclear (each is one place in code):

- Rotation and sides: a tile shows the same sides on both faces (flipping keeps "the
  orientation"); all roads of a tile meet at its building.
- Gold pays for any one wood, stone or iron of an upgrade (SUPP 5.2, confirmed there); boat 3a
  lets any resource pay for any other; payments are exact.
- Boat 2a: transport crosses any touching sides but water; Sea Bastion loops need road meeting
  road on both tiles.
- Sea Bastion counts every tile on at least one closed road loop; turn-order tiles count every
  touching tile, whatever the sides.
- Boat 4a applies to village tiles only ("bid for a village tile"), not to turn-order tiles, and
  only against a standing red, yellow or blue bid of another player. Boat 4b frees a use on any
  tile already bid for or used by anyone.
- Final scoring takes the best allocation a player can make ("allocated as required"), the
  purple keyple declared as whatever scores best. Resources on a yard that it accepts score
  there and nowhere else; gold on a yard counts as the yard's resource; with boat 3b every
  resource on a yard counts. The base point of a gold counter stays with real gold counters.
- Ties are shared ("the players are tied").
- Boats 1a and 1b count at every boat pick from the moment the summer boat is won (the text names
  "the end of summer", when the won tiles are not yet placed).
- A winter tile dealt face down may stay unknown in a log until it is played.
"""
