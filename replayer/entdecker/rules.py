"""Every Entdecker rule the engine enforces, with the section of the rulebook (rules/entdecker.txt
here, the printed rulebook at the table) it comes from.

The piles of tiles and plant tokens are checked by the core's hidden pools (``CORE.HIDDEN.*``:
nothing unseen drawn twice, no draw from an empty pile, pile sizes that add up), and the tied
greatest discoverers' draws by its simultaneous windows (``CORE.SIMULTANEOUS.*``)."""
from ..core.rules import Rule, RuleBook

_T = "Entdecker rules"  # the book a player has; each reference names its section

RULES = RuleBook("entdecker", source=_T, rules=[
    # set-up
    Rule("ENT.SETUP.FIRST_PLAYER", f"{_T}, Setup", "The first player (the youngest) must be one of the players."),
    # turn order and income
    Rule("ENT.TURN.NOT_YOURS", f"{_T}, 5. Next Player", "Players take their turns clockwise; only the player whose turn it is may act."),
    Rule("ENT.TURN.ENDED", f"{_T}, 3. Construction / Events: Storm", "A turn that ended (by building or stopping) allows no further action; after a storm only the turn's end may follow."),
    Rule("ENT.INCOME.REQUIRED", f"{_T}, 1. Determine Income", "Each season begins with the first player's income spin, before any turn."),
    Rule("ENT.INCOME.NOT_NOW", f"{_T}, 1. Determine Income", "Income is spun exactly once per season, at its start."),
    Rule("ENT.INCOME.NOT_FIRST_PLAYER", f"{_T}, 1. Determine Income", "The first player spins the income arrow."),
    Rule("ENT.INCOME.VALUE", f"{_T}, 1. Determine Income", "The spin shows one of the values on the income wheel."),
    # starting the ship
    Rule("ENT.START.REQUIRED", f"{_T}, 2. Exploration", "A turn begins by placing the ship and declaring explorations."),
    Rule("ENT.START.FIRST_ROUND_EDGE", f"{_T}, 2. Exploration", "On the very first turn the ship may only be placed on a circle around the edge of the board."),
    Rule("ENT.START.UNDISCOVERED", f"{_T}, 2. Exploration", "The ship is placed on an already-discovered space or at the edge of the board."),
    Rule("ENT.START.NO_FREE_LANE", f"{_T}, 2. Exploration", "The ship's circle must have a free white line to an undiscovered space."),
    Rule("ENT.START.AT_LEAST_ONE", f"{_T}, 2. Exploration, Declaring", "A player must declare at least one exploration."),
    Rule("ENT.START.CANNOT_AFFORD", f"{_T}, 2. Exploration, Note and Declaring", "Declared explorations and the value of an opponent's construction under the ship must be paid from the player's wealth."),
    Rule("ENT.START.ONCE", f"{_T}, 2. Exploration", "The ship is placed and explorations declared once, at the start of the turn."),
    Rule("ENT.START.PASS_NOT_ALLOWED", f"{_T}, 2. Exploration", "A player may only pass when no start is possible with their wealth."),
    # exploring
    Rule("ENT.DRAW.NO_CREDIT", f"{_T}, 2. Exploration (v)", "A player explores only until the declared explorations are used up."),
    Rule("ENT.DRAW.FORCED_STOP", f"{_T}, 2. Exploration (vi)", "A ship with no connecting line to an undiscovered space must stop."),
    Rule("ENT.DRAW.PENDING_TILE", f"{_T}, 2. Exploration (ii)-(iv)", "A drawn tile must be placed (or shown unplaceable) before anything else happens."),
    Rule("ENT.PLACE.NOTHING_DRAWN", f"{_T}, 2. Exploration (ii)", "Only a tile just drawn can be placed."),
    Rule("ENT.PLACE.NOT_ADJACENT", f"{_T}, 2. Exploration (ii)", "The tile goes on a free side of the ship's space, along one of its white lines."),
    Rule("ENT.PLACE.OCCUPIED", f"{_T}, 2. Exploration (ii)", "A tile can only go on an undiscovered space."),
    Rule("ENT.PLACE.EDGE_MISMATCH", f"{_T}, 2. Exploration (ii)", "All four sides of the new tile must match: water facing water, land facing land (the board's edge is water)."),
    Rule("ENT.PLACE.MUST_PLACE", f"{_T}, 2. Exploration (iv)", "A tile that fits must be placed; only a tile that fits nowhere is set aside."),
    # personal tiles variant
    Rule("ENT.PERSONAL.NOT_IN_VARIANT", f"{_T}, Variants: Personal Tiles", "Personal tiles exist only in the personal-tiles variant."),
    Rule("ENT.PERSONAL.NOT_OWNED", f"{_T}, Variants: Personal Tiles", "Each personal tile can be played once, by its owner."),
    Rule("ENT.PERSONAL.ONE_PER_TURN", f"{_T}, Variants: Personal Tiles", "A player may use only one of their own tiles per turn."),
    Rule("ENT.PERSONAL.NO_CREDIT", f"{_T}, Variants: Personal Tiles", "Placing an own tile costs two gold of the exploration budget."),
    Rule("ENT.PERSONAL.CANNOT_PLACE", f"{_T}, Variants: Personal Tiles", "An own tile may only be played where it can be placed."),
    # building
    Rule("ENT.BUILD.NOT_NEW_LAND", f"{_T}, 3. Construction", "A construction goes only on the land card the ship was moved onto this turn."),
    Rule("ENT.BUILD.NO_PIECE", f"{_T}, Setup; 3. Construction", "A construction comes from the player's reserve."),
    Rule("ENT.BUILD.CANNOT_AFFORD", f"{_T}, 3. Construction / Events: Hostile natives", "A construction costs 1, 3 or 6 gold (double on hostile natives)."),
    Rule("ENT.BUILD.SEGMENT", f"{_T}, 3. Construction", "On a card with two land segments the player chooses which one to build on."),
    Rule("ENT.END.LAST_CARD", f"{_T}, End of Game: Incomplete Board", "The game ends when the last discovery card is placed: no own tile may be played after it (the turn may still end with a construction)."),
    Rule("ENT.END.NOTHING_EXPLORED", f"{_T}, 2. Exploration, Declaring", "A player who declared explorations turns over at least one card before stopping."),
    Rule("ENT.RETURN.NO_POST", f"{_T}, 3. Construction", "Only one's own trading post on the board can be returned to the reserve."),
    Rule("ENT.RETURN.NOT_NOW", f"{_T}, 4. Completing an Island", "Trading posts cannot be taken back while an island is being scored."),
    # plants
    Rule("ENT.PLANT.NOT_DUE", f"{_T}, 4. Completing an Island / Events: Welcoming natives", "A plant token is taken only by a greatest discoverer of a completed island with a fort or colony, or at once on welcoming natives."),
])
