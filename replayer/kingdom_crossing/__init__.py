"""Kingdom Crossing (Sorry We Are French, 2025): a strict engine for 1-4 players with the Paco & Paca solo mode.

Component data lives in ``catalog.json`` (a documented reconstruction, schema
``schema/kingdom-crossing.catalog.schema.json``, replaceable through ``LUDOLOG_KINGDOM_CROSSING_CATALOG``);
the log vocabulary is ``schema/kingdom-crossing.schema.json`` with an annotated example in
``schema/kingdom-crossing.example.md``.

The log form is ``ludolog/2``: ``setup`` holds what the table sees (the face-up top card of each
deck, the Bridge Goal sides, the face-up Favors, the starting pairs, optionally the Favor stack
sizes); every face-down component is written when it is turned up, as a chance move (``reveal``,
``birds``, ``queen``, ``refill``, ``restock``, ``paco``), checked against the core's hidden pools.
``ludolog/1`` logs are migrated on read (``migrate``).

Modules, one line each (the first twelve are laid out alike in every game package):

- ``engine.py``: the ``Game`` subclass, each interface member handing over to the modules below;
- ``state.py``: the position's types (slots dataclasses, the ``Step`` enum, Paco & Paca's id);
- ``catalog.py``: the catalog file read into typed components and lookup tables;
- ``setup.py``: the position before the first move (options and set-up checked, all faults at once)
  and a random set-up;
- ``moves.py``: applying each player move (start, income, rest, work, fly, hire, buy, claim,
  evening ...), every rule checked before anything changes;
- ``listing.py``: the legal moves of a position (who decides, which move types) and its chance outcomes;
- ``scoring.py``: Bridge Goal requirements, the final scoring, the winners (and Paco & Paca's win);
- ``render.py``: the position in words (what the game waits for, ``describe``, ``render``);
- ``board_svg.py``: the board as a picture (``render_svg``);
- ``ids.py``: the ids a log may use, with their names and printed facts (``ludolog ids``);
- ``rules.py``: every ``KC.*`` rule code with its rules passage;
- ``migrate.py``: ``ludolog/1`` logs -> ``ludolog/2`` (pre-declared orders become reveals);
- ``solo.py``: Paco & Paca, the solo opponents (the core's bot seat ``@paco-paca``): their tiles and turns;
- ``decisions.py``: the pending decisions on the core's DecisionStack (choices, automatic steps, chance);
- ``answers.py``: the player's answers to pending decisions (what each accepts, checking and
  resolving one) and the Favors of the Queen;
- ``effects.py``: the named effect kinds of the catalog in the core's EffectRegistry;
- ``reveals.py``: chance moves, the components turned face up, checked against the hidden pools;
- ``buying.py``: can the player still buy a card (the obligation that comes with working);
- ``flow.py``: turn sequencing: rounds and phases, the decision runner (``settle``), Bridge Goal
  claims and declining an optional window nobody wrote down.

Where the rulebook leaves a point open, the engine decides as follows (each is one place in code):

- The first player listed in the log is the starting player (solo: Paco & Paca start).
- "3 roughly equal-sized" Favor stacks: sizes differing by at most one (26 = 9 + 9 + 8) before each
  stack gave its face-up tile and the starting Favors were drawn "from any already-prepared stack".
- A bird token whose back shows more players than the game has is discarded and the next one is
  drawn; a card gets no bird only when its region's stack is exhausted.
- The Beaver may work only if some card of the destination region can be paid (coins after the
  bird's bonus, every way of resolving the bird's choices considered) or an empty-deck tile lies
  there; using an empty-deck tile counts as the purchase (no cost, no bird).
- The balloon is used at most once per turn, before the Paw markers (in the work move) or after them
  (a ``fly`` move before the card). A tile's work coins come with activating it (appendix: "Work:
  Gain 2 coins. Your Beaver must cross a bridge."), so they can pay for the balloon.
- The market tile's purchase ("at any point during this turn") may come right after crossing, before
  or after a ``fly`` (its track bonus may pay for the flight), before the card, or at the end of the
  turn. Working is legal when some order of purchase, flight and card leads to a card.
- Optional decisions nobody writes down need no move: a Bridge Goal not claimed and the market
  purchase not made at the end of a turn are declined by the next move (``pass`` may be written).
  Coins the engine can compute (resting, cashing the Invest track) may be left out; written, they
  are checked.
- The Queen card always goes to its guild column: "if you don't already have it" can only be about
  the first player token (each Queen card exists once, and Bruno's example places his card).
- A bird taken by the Merchant ("as if it were on this Merchant card") is met this turn: the
  improved three-bridge tile resolves it twice, and it counts for the bird Bridge Goals.
- Before the card, the market purchase must leave a card to buy, counting coins from a track bonus
  it reaches (and the choices of that bonus must keep one).
- A card is placed in its column (or under the board) before its effect resolves, so a Means of
  Transport counts itself; Houses are checked after the effect.
- Resources beyond the last track space are lost; the Invest marker stops on the last space (final
  coins buy spaces only while there are spaces left).
- A face-up Favor taken is refilled from its own stack; when the log gave the stack sizes, a stack
  that runs out is restocked from another that keeps a tile (a ``restock`` move says which);
  without sizes only the Favors not yet seen are counted. ``ludolog/1`` logs restocked from the
  fullest other stack, and migrate with that choice written.
- Each morning's birds are written per region (one on every card while the stack lasts); birds whose
  back shows more players than play are discarded unseen, so they can never land. The next card of a
  deck is turned up after the bought card's effect ("Then reveal the next card from the deck").
- Solo: Paco & Paca are a bot seat, not a player of the log (their turns are two ``paco`` chance
  moves, one per solo tile revealed); their starting card goes to its guild column without advancing
  a marker; "take the matching tile" for a decoration space is ambiguous - option
  ``paco_decoration``: ``pictured`` (default; the token pictured on the space, catalog
  ``pictured_stars``, the reading under which the rulebook's 96-Prestige example is reachable) or
  ``most_stars`` (the matching token with the most stars left; ``ludolog/1``'s reading); they take a
  Favor from the display slot closest to the Queen, the display slides up and the new tile comes from
  the last non-empty stack; they claim every Bridge Goal they meet at the end of their turn.
"""
from .engine import PACO_ID, KingdomCrossing

GAME = KingdomCrossing()

__all__ = ["GAME", "KingdomCrossing", "PACO_ID"]
