"""Kingdom Crossing (Sorry We Are French, 2025): a strict engine for 1-4 players with the Paco & Paca solo mode.

Component data lives in ``catalog.json`` (a documented reconstruction, schema
``schema/kingdom-crossing.catalog.schema.json``, replaceable through ``LUDOLOG_KINGDOM_CROSSING_CATALOG``);
the log vocabulary is ``schema/kingdom-crossing.schema.json`` with an annotated example in
``schema/kingdom-crossing.example.md``.

Modules: ``catalog`` (loading, tables), ``state`` (slots dataclasses), ``effects`` (the named effect
kinds and the choices they ask for), ``moves`` (set-up checks and player moves), ``buying`` (can
the player still buy a card: the obligation of working), ``flow`` (rounds,
phases, the task runner, Bridge Goals), ``scoring`` (requirements, final scoring), ``solo`` (Paco &
Paca), ``engine`` (the Game interface), ``rules`` (every ``KC.*`` code with its rules passage).

Where the rulebook leaves a point open, the engine decides as follows (each is one place in code):

- The first player listed in the log is the starting player (solo: Paco & Paca start).
- "3 roughly equal-sized" Favor stacks: sizes differing by at most one (26 = 9 + 9 + 8) before each
  stack gave its face-up tile and the starting Favors were drawn "from any already-prepared stack".
- A bird token whose back shows more players than the game has is discarded and the next one is
  drawn; a card gets no bird only when its region's stack is exhausted.
- The Beaver may work only if some card of the destination region can be paid (coins after the
  bird's bonus, every way of resolving the bird's choices considered) or an empty-deck tile lies
  there; using an empty-deck tile counts as the purchase (no cost, no bird).
- The balloon is used at most once per turn, before or after the Paw markers. A tile's work coins
  come with activating it (appendix: "Work: Gain 2 coins. Your Beaver must cross a bridge."), so
  they can pay for the balloon.
- The Queen card always goes to its guild column: "if you don't already have it" can only be about
  the first player token (each Queen card exists once, and Bruno's example places his card).
- A bird taken by the Merchant ("as if it were on this Merchant card") is met this turn: the
  improved three-bridge tile resolves it twice, and it counts for the bird Bridge Goals.
- The market tile's purchase happens right after moving (before the card) or at the end of the turn;
  before the card it must leave a card to buy, counting coins from a track bonus it reaches (and the
  choices of that bonus must keep one); working with it is legal if such a purchase makes a card
  affordable.
- A card is placed in its column (or under the board) before its effect resolves, so a Means of
  Transport counts itself; Houses are checked after the effect.
- Resources beyond the last track space are lost; the Invest marker stops on the last space (final
  coins buy spaces only while there are spaces left).
- An empty Favor stack is refilled with the top tile of the fullest other stack (the log does not
  record which stack a table used; simulated games never empty a stack).
- Solo: Paco & Paca are not a player of the log (their turns are ``paco`` chance moves naming the
  solo tiles revealed); their starting card goes to its guild column without advancing a marker;
  the decoration they take is the matching token with the most stars still in the supply; they take
  a Favor from the display slot closest to the Queen, the display slides up and the new tile comes
  from the last non-empty stack; they claim every Bridge Goal they meet as soon as they meet it.
"""
from .engine import PACO_ID, KingdomCrossing

GAME = KingdomCrossing()

__all__ = ["GAME", "KingdomCrossing", "PACO_ID"]
