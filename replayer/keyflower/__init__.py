"""Keyflower (R&D Games, 2012; Breese & Bleasdale), 2-6 players: the strict engine, registered.

``GAME`` is the ``ludolog.games`` entry point ``keyflower`` (and the registry's built-in fallback).

The log (``schema/keyflower.schema.json``, format ``ludolog/2``): ``setup`` holds the home tiles
in seat order, the turn-order tiles' sides, the winter tiles dealt and the eight starting workers
of each player, ``"?"`` wherever the table could not see. Each of spring, summer and autumn opens
with its tiles laid out (``lay``, a summer boat with its side) and the boats loaded (``load``);
winter opens with ``winter`` (each player's tiles put up, simultaneous). Then ``bid``, ``use`` and
``pass`` clockwise; a use that draws is followed by ``draw`` (the colours or skill types drawn,
``"?"`` unseen), a transport use by ``carry``/``upgrade`` moves and ``done``. After the actions:
``boat`` in turn order, ``place`` (simultaneous), and after winter ``final`` (Flipper's flip and
every unseen worker and skill tile named). The engine never draws: the core's HiddenPool accounts
for the bag, the skill pile and the winter tiles, and identifies unseen workers when they are
placed or paid.

Rules references (``rules``) name the rulebook's chapters and the tile texts' headings (``Keyflower
rules, Bidding``; ``Boat 4a``), never the sources' abbreviations (``TEXT``, ``SUPP``, ``RULEBOOK-MD``,
...), which CATALOG.md lists with what each gave, what the catalog reconstructs and why, and where the
sources disagree.

Modules: the roles every game package has, under the same names (docs/adding-a-game.md):
``engine.py``, ``state.py``, ``catalog.py``, ``setup.py``, ``moves.py``, ``listing.py``, ``scoring.py``,
``render.py``, ``board_svg.py``, ``ids.py``, ``rules.py``; and the game's own domain:

- ``actions.py``: the action phase's moves (bid, use, draws, carries, upgrades).
- ``bidding.py``: the colour rule, bids, outbids, uses, boats 4a and 4b.
- ``effects.py``: one function per action kind of the tiles.
- ``hands.py``: workers and skill tiles behind the screens, known or unseen.
- ``seasons.py``: the course of a season (where products go, boat-choice order, the start
  player, the extra workers of boats 1a and 1b, the end of a season, the next one).
- ``geometry.py``: hex coordinates, placement by matching sides, roads, road loops, rivers.
- ``transport.py``: carrying resources along roads, upgrade costs and payment.
- ``allocation.py``: the best allocation of items to the scoring tiles, or a declared one checked.

Where the rulebook (RULEBOOK-MD) settles what the tile texts leave open and the supplement gets
otherwise or not at all, the reading is written where it is applied, with the rulebook's sentence and a
test: the purple start-player keyple's value at the end (:mod:`.scoring`, item 5; its holder:
``seasons.end_season``) and the boat order when nobody won the start-player tile (``seasons.boat_order``).

Readings where the texts are silent or unclear (each is one place in code):

- Rotation and sides: a tile shows the same sides on both faces (flipping keeps "the
  orientation"); all roads of a tile meet at its building.
- Upgrade payments: :mod:`.transport` (gold for wood, stone or iron; boat 3a; exact payments).
- Boat 2a: transport crosses any touching sides but water; Sea Bastion loops need road meeting
  road on both tiles.
- Sea Bastion counts every tile on at least one closed road loop; turn-order tiles count every
  touching tile, whatever the sides.
- Boat 4a applies to village tiles only ("bid for a village tile"), not to turn-order tiles, and
  only against a standing red, yellow or blue bid of another player. Boat 4b frees a use on any
  tile already bid for or used by anyone.
- Final scoring: :mod:`.scoring` (the best allocation, yards, the purple keyple, shared ties). The
  base point of a gold counter stays with real gold counters.
- Boats 1a and 1b count at every boat pick from the moment the summer boat is won (the text names
  "the end of summer", when the won tiles are not yet placed).
- A bag too short for the boats (rulebook, Start of season: "fill boats in order with one worker at a
  time, but not with more workers than are stated on the tile") is shared out one worker at a time in
  the order of the boats in play (the catalog's: Keyflower, Sea Bastion, Sea Breese, Flipper,
  Ianvincible, White Wind), from the workers the bag held before the season's first load, whatever
  order the loads are written in (``seasons.workers_due``). The text says nothing of skill tiles: a
  short pile gives each boat loaded what is left.
- A winter tile dealt face down may stay unknown in a log until it is played.
- Engine readings (each one place in code): a bid's ``count`` is the workers placed by that
  action (added to the player's own bid on the tile; moved outbid groups count within it, and
  workers of their colour may be added); ``from`` names the tile of one outbid group, or a list of
  two or more different tiles when several move together ("supplement these workers with other
  losing workers"), in any order (the listing writes them in the order of the tile ids); groups
  of two colours make no bid, and a use only where boat 4b frees the colour rule; a group moves to
  another tile, never onto its own; the products of a tile on offer go onto the user's home tile;
  carries come one ``carry`` at a time and a transport use ends with ``done`` (or when no transport
  and no upgrade is left); paid resources go back to the stock and paid skill tiles into the pile;
  a skill tile paid face down may be written ``"?"`` only when it came from an unseen slot; workers
  drawn for a use are written in the next move (``draw``), never chosen by the engine; tiles are
  placed in any order by any player who won tiles (a simultaneous step that closes when every such
  player has placed all); a player's last unseen workers and skill tiles are named in ``final`` so
  the final score can count them.
"""

from .engine import Keyflower  # noqa: E402

#: the engine, registered as the ``ludolog.games`` entry point ``keyflower``
GAME = Keyflower()
