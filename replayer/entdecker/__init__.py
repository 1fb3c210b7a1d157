"""Entdecker (Goldsieber 1996): the strict rules engine. ``GAME`` is the registered engine.

Component data lives in ``catalog.json`` (a documented reconstruction, schema
``schema/entdecker.catalog.schema.json``, replaceable through ``LUDOLOG_ENTDECKER_CATALOG``); the log
vocabulary is ``schema/entdecker.schema.json`` with an annotated example in
``schema/entdecker.example.md``. Every ``ENT.*`` code is declared with its passage in ``rules``.

The modules, each importing only those listed above it (a stack, no circle):

- ``catalog.py``: the catalog file read into typed components (tiles and their faces, the board's geometry)
- ``rules.py``: the rule codes and their references
- ``state.py``: the state's types (the position, its phases and pieces, a completed island, a standing)
- ``events.py``: the event tiles' effects, one function per catalog effect kind
- ``islands.py``: land joined across tiles (union-find), its counts, the automatic reserve fill
- ``ship.py``: where the ship may start, its free white lines, where a tile fits beside it
- ``scoring.py``: the islands a turn completes, their scoring, the end of the game and its winners, the rows
- ``setup.py``: the position before the first move, its set-up checks, and a random set-up
- ``moves.py``: applying each move type (every rule checked before anything changes) and the end of a turn
- ``listing.py``: the legal moves of a position, and its chance outcomes
- ``render.py``: the position in words (``describe``, ``render``)
- ``board_svg.py``: the position as a picture (``render_svg``)
- ``ids.py``: the ids a log may use, with their names and printed facts (``catalog_ids``)
- ``migrate.py``: ``ludolog/1`` logs read as ``ludolog/2`` (an ``end`` after each storm)
- ``engine.py``: the ``Game`` subclass, each member handing over to the modules above

Where rules/entdecker.txt leaves a point open, the engine decides as follows:

- "On the very first turn" means each player's first turn, the whole first season: on the first
  player's first turn nothing is discovered, so the sentence would say nothing otherwise.
- The ship places tiles only along its white lines (the catalog draws a lane across every sea side)
  and sails along them, so a tile "cannot be placed" when it fits no space such a line leads to.
- A construction goes only on the land card the ship was moved onto this turn (rules 3 and its
  note); a tile set aside afterwards leaves the ship, and that right, where they were.
- The welcoming natives' token is optional and is drawn as the very next move (returning a trading
  post in between is allowed, since that is allowed at any time); otherwise it is gone.
- Hostile natives double the cost of whatever is built; a colony is refused only when the player
  cannot pay 12 (the text's "effectively impossible" is arithmetic, not a separate ban).
- Plant tokens due at once are drawn island by island (in reading order of their first space);
  tied greatest discoverers draw theirs in any order (the rules give none: a simultaneous window
  of the core); scarcity ("not enough tokens for all the tied players") is judged against the
  tokens left at that moment. Every drawn token stays with its player (Grand Inventor); the island
  counts the highest one.
- Every turn is closed by its player's last move, ``build``, ``pass`` or ``end``: ``end`` also
  follows a storm, which ends the exploring and the building at once (one rule for ``end``; a
  ``ludolog/1`` log, which wrote nothing after a storm, is migrated by inserting it).
- Pile sizes are optional in the set-up: the face-down piles are the core's hidden pools, checked
  per pile when the sizes are given and for all the piles together otherwise.
- Enclosed spaces are filled in reading order; a reserve pile that has run out fills nothing, and
  the space is filled at the end of a later turn if the pile has a tile again. An all-land gap is
  filled only when pile No. 6 holds a tile for each of its spaces.
- Translator's option: a tile set aside goes on top of its reserve pile (the piles lie face up), so
  it is the next tile that pile fills a space with, with its own land segments.
- The game ends at the end of the turn in which the board is full, the last discovery card was
  drawn, or no ship position has a free white line any more (a gap no reserve tile can fill); the
  last two end it as an incomplete board. After the last discovery card no own tile (personal-tiles
  variant) may be played, but the turn may still end with a construction.
- A player may pass only when they cannot pay for any start (one exploration plus the value of an
  opponent's construction under the ship).
- Trading posts may be returned at any time except while a completed island is being scored
  (between the end of a turn and its last plant token).
"""
from .engine import Entdecker

GAME = Entdecker()

__all__ = ["GAME", "Entdecker"]
