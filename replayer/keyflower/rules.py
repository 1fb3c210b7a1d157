"""Keyflower rule codes raised by the rules modules, each with the passage of the rulebook it enforces.

A reference names what a player has: the rulebook's section by name (``Keyflower rules, Bidding``;
``End of season: 6. Expanding the villages`` is a numbered step of that section), or the heading of
a tile's or boat's text (``Boat 4a``, ``Farrier, Homes 1 to 6, Stable and Wainwright``, ``Boats:
White Wind``), as the rulebook's village tile detail and ../shared/rules/keyflower-tiles.txt print
them. tests/keyflower/test_rule_refs.py holds every reference to those headings. The functions
raise :class:`~ludolog.replayer.core.errors.IllegalMove` with one of these codes and a sentence a
player understands; the engine adds the move index and the JSON pointer.
"""
from __future__ import annotations

from ..core.errors import IllegalMove
from ..core.rules import Rule, RuleBook

_BOOK = "Keyflower rules, "
_SETUP = _BOOK + "Set up"
_BID = _BOOK + "Bidding"
_USE = _BOOK + "Production"
_EXPAND = _BOOK + "End of season: 6. Expanding the villages"
_TRANSPORT = _BOOK + "Transport and upgrading; Farrier, Homes 1 to 6, Stable and Wainwright"

#: the rulebook's own chapters (the tile texts' headings are in keyflower-tiles.txt)
CHAPTERS = ("Set up", "Start of season", "Bidding", "Production", "Transport and upgrading", "End of season",
            "Game end scoring")

KEYFLOWER_RULES = RuleBook("keyflower", [
    Rule("KEY.BID.COLOUR", _BID + "; Boat 4a",
         "A bid must use the colour of the workers already on or around the tile (green included), unless summer boat 4a allows a counter bid."),
    Rule("KEY.BID.NOT_ENOUGH", _BID, "A bid must be made with more workers than the highest bid on the tile."),
    Rule("KEY.BID.WINNING", _BID, "Workers of a bid that is winning cannot be moved."),
    Rule("KEY.BID.NONE", _BID, "Only workers of one's own outbid bid can be moved on."),
    Rule("KEY.USE.COLOUR", _USE + "; Boat 4b",
         "A use must be made with workers of the colour already on or around the tile, unless summer boat 4b frees it."),
    Rule("KEY.USE.MIXED", _USE + "; Boat 4b", "Workers using a tile are all of one colour (summer boat 4b excepted, on a tile already bid for or used)."),
    Rule("KEY.USE.TOO_FEW", _USE, "Each use of a tile in a season needs more workers than the previous use."),
    Rule("KEY.USE.FULL", _USE + "; Boat 4b", "No more than six workers may be placed on a tile in one season to use it."),
    Rule("KEY.USE.NOTHING", _USE, "A worker must be placed to use a tile."),
    Rule("KEY.PLACE.OCCUPIED", _EXPAND, "A new village tile goes onto an empty space."),
    Rule("KEY.PLACE.DETACHED", _EXPAND, "A new village tile goes next to a tile already in the village."),
    Rule("KEY.PLACE.SIDES", _EXPAND + "; Turn Order Tiles; Boat 2a",
         "All sides that touch must match (roads, no roads, water) unless the player owns summer boat 2a."),
    Rule("KEY.TRANSPORT.NOT_IN_VILLAGE", _TRANSPORT,
         "Resources are transported between tiles of the player's own village."),
    Rule("KEY.TRANSPORT.NO_RESOURCE", _TRANSPORT, "Only resources lying on a tile can be moved from it."),
    Rule("KEY.TRANSPORT.NO_ROAD", _TRANSPORT + "; Boat 2a",
         "The transportation of resources must be along roads (across fields too with summer boat 2a)."),
    Rule("KEY.TRANSPORT.CAPACITY", _TRANSPORT,
         "Transport capacity is shared among resources and steps: moving one resource one tile uses one point."),
    Rule("KEY.UPGRADE.NOT_UPGRADABLE", _BOOK + "Transport and upgrading; Summer Boats", "Only tiles with an upgraded side that are not yet upgraded can be flipped."),
    Rule("KEY.UPGRADE.CAPACITY", _TRANSPORT, "One use upgrades at most as many tiles as its upgrade icons show."),
    Rule("KEY.UPGRADE.COST", _BOOK + "Transport and upgrading; Boat 3a",
         "An upgrade is paid exactly with the resources lying on the tile and skill tiles from behind the screen."),
    Rule("KEY.SETUP.HOMES", _SETUP, "Each player receives a different home tile."),
    Rule("KEY.SETUP.BOATS", _SETUP + "; Boats", "The boats used are those marked for the number of players, one per player."),
    Rule("KEY.SETUP.TURN_ORDER", _SETUP + "; Turn Order Tiles", "The turn-order tiles in use, and their side, depend on the number of players."),
    Rule("KEY.SETUP.SEASON_TILES", _SETUP, "Each season lays out 6 to 10 different tiles of that season for 2 to 6 players."),
    Rule("KEY.SETUP.SUMMER_BOAT_SIDE", _BOOK + "Start of season; Summer Boats", "A summer boat lies with side a or side b up, chosen at random."),
    Rule("KEY.SETUP.WINTER_DEALT", _SETUP, "Each player receives three (two with 5 or 6 players) different winter tiles face down."),
    Rule("KEY.SETUP.WORKERS", _SETUP, "Each player draws eight workers at random from the bag."),
    Rule("KEY.WINTER.CHOICE", _BOOK + "Start of season", "In winter each player selects one or more of the winter tiles they received."),
    # the engine (moves, seasons, hidden workers)
    Rule("KEY.TURN.WRONG_STEP", _BOOK + "Start of season; End of season", "Each step of a season comes in its order: the tiles laid out and the boats loaded, "
         "the actions, the boats taken, the tiles placed, and after winter the final count."),
    Rule("KEY.TURN.NOT_YOURS", _BOOK + "Start of season; End of season: 5. Turn order tiles", "Players act in turn, clockwise from the start player; boats are taken in turn order."),
    Rule("KEY.SETUP.LAYOUT", _SETUP + "; Start of season; Summer Boats", "A season's tile is laid out once, and only a summer boat shows a side a or b."),
    Rule("KEY.BOAT.LOAD", _SETUP + "; Start of season",
         "Each boat in play is loaded once a season with the workers and skill tiles its side shows, fewer only if the bag or pile runs out."),
    Rule("KEY.BOAT.SHORT", _BOOK + "Start of season",
         "When the bag holds too few workers, the boats are filled in order one worker at a time, none with more than its tile states."),
    Rule("KEY.BID.TARGET", _BID, "Bids are made on the season's tiles on offer and on the turn-order tiles."),
    Rule("KEY.BID.GROUP", _BID, "An outbid group moves together, all of it, to another tile, supplemented at most with "
         "other losing workers or workers from behind the screen."),
    Rule("KEY.BID.GROUP_COLOURS", _BID, "Outbid groups moved together into one bid are all of one colour, the bid's."),
    Rule("KEY.USE.TARGET", _USE + "; Summer Boats",
         "Only a tile with an action, in a village or on offer this season, can be used (not boats, turn-order tiles or scoring tiles)."),
    Rule("KEY.USE.PARAMS", _BOOK + "Production; Home and other Spring, Summer and Autumn Tiles",
         "A use names exactly what its tile asks for: the resource chosen, the skill tile or worker paid."),
    Rule("KEY.WORKERS.NOT_ENOUGH", _BOOK + "Bidding; Production", "A player places and pays only workers they have behind their screen."),
    Rule("KEY.SKILLS.NOT_ENOUGH", _BOOK + "Transport and upgrading; Brewer; Carpenter, Mason and Smelter",
         "A player pays only skill tiles they have behind their screen."),
    Rule("KEY.SKILLS.NAME_KNOWN", _BOOK + "Transport and upgrading; Brewer; Hiring Fair", "A skill tile paid face down may be written unseen only when it came from an unseen draw."),
    Rule("KEY.DRAW.COUNT", _BOOK + "Production; Alehouse And Inn; Tavern; Boat 1a",
         "A draw takes the indicated number of workers or skill tiles, fewer only when the bag or pile holds fewer."),
    Rule("KEY.EFFECT.PAY", _BOOK + "Fair, Peddler and Store; Tavern",
         "The additional worker paid to the bag is of the colour indicated (the Tavern: any worker the player has)."),
    Rule("KEY.BOAT.CHOICE", _BOOK + "End of season: 5. Turn order tiles; Boats", "Each player takes one of the boats not yet taken this season."),
    Rule("KEY.PLACE.PENDING", _EXPAND, "A player places the tiles they won this season into their own village, each once."),
    Rule("KEY.FINAL.FLIP", _BOOK + "Boats: Flipper", "Only the owner of the Flipper flips one tile of their village without paying, one that can be upgraded."),
    Rule("KEY.FINAL.SCREEN", _BOOK + "Game end scoring",
         "At the end every worker and skill tile behind the screen is counted: each one not yet seen is named."),
    Rule("KEY.SCORE.ALLOCATION", _BOOK + "Game end scoring; Boats: White Wind; Winter Tiles",
         "Each worker, skill tile or resource is scored once, for one scoring tile."),
])


#: what one item of a move's ``workers`` or ``skills`` is called in a sentence
NOUNS = {"workers": "worker", "skills": "skill tile"}


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun`` as a player writes them: "1 worker", "2 workers", "0 tiles" (``plural``
    when it is not the noun with an s)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def refuse(code: str, message: str, pointer: str = "") -> IllegalMove:
    """The exception for breaking ``code`` (declared above), to be raised by the caller; ``pointer``
    locates the offending field in the move (or, for set-up, in the log).

    :raises KeyError: ``code`` is not declared (a programming error, never a player's).
    """
    if code not in KEYFLOWER_RULES:
        raise KeyError(f"undeclared Keyflower rule code {code}")
    return IllegalMove(code, message, pointer)
