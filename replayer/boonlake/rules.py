"""Every BOON.* rule code, declared once with the rules passage it enforces (rules/boonlake.txt)."""
from __future__ import annotations

from ..core.rules import Rule, RuleBook

_R = "rules/boonlake.txt"
#: (code, section of the rules text, the rule in one sentence a player understands)
_DECLARED: tuple[tuple[str, str, str], ...] = (
    # set-up
    ("BOON.SETUP.TILES", "Set-Up",
        "The starting building tiles for the player count lie face up on exactly the matching spaces, each once."),
    ("BOON.SETUP.STRIPS", "Set-Up", "The 7 action strips lie on the action board in random order, each once."),
    ("BOON.SETUP.SCORING", "Set-Up",
        "Each player draws 2 scoring tiles and keeps 1; 4 different scoring tiles are in play, the others' areas filled at "
        "random."),
    ("BOON.SETUP.PLAYERS", "Set-Up", "The set-up names every player of the log, and only them."),
    ("BOON.SETUP.HAND", "Set-Up", "Each player draws 6 cards into their hand."),
    ("BOON.SETUP.COINS", "Set-Up", "The starting player gets 6 coins, the next player clockwise 7, everybody else 8."),
    # the solo game (Solo Mode)
    ("BOON.SETUP.SOLO", "Solo Set-Up",
        "Set up as for the two-player game, with these differences for the Wise Eminence (difficulty, scoring tile): they "
        "play only in the solo game."),
    ("BOON.SETUP.SOLO_TILE", "Solo Set-Up",
        "Reveal a random scoring tile for them during set-up: one of the 4 in play, not one you drew."),
    ("BOON.SOLO.TILE", "Solo Set-Up", "The Wise Eminence's stack is made of the 10 solo tiles (A and B)."),
    ("BOON.SOLO.REVEALED", "Solo Course of the Game",
        "On each of their turns, reveal the top solo tile: each tile of the stack once until it is depleted and remixed."),
    ("BOON.SOLO.REMOVED", "Solo Set-Up",
        "Choose a difficulty and randomly remove that number/type of solo tiles from the 10: removed tiles never come up."),
    ("BOON.SOLO.CORNER", "Solo Course of the Game",
        "They use the number in the corner that matches their position on the top tile of the stack; if the stack is "
        "depleted, always the upper-left one."),
    # the turn
    ("BOON.TURN.WRONG_STEP", "Course of the Game",
        "A turn is phase A (the strip, the card, the middle effects, the right-side part), then phase B (the ship); a move "
        "must fit the step the game is at."),
    ("BOON.TURN.NOT_YOURS", "Course of the Game",
        "Play proceeds clockwise from the starting player; only the player whose decision it is may make it."),
    # cards
    ("BOON.CARD.UNKNOWN", "Play a Card",
        "A card is named by its catalog id; a discarded card lies face up, so it is named."),
    ("BOON.CARD.NOT_IN_HAND", "Play a Card", "You play or discard a project card from your hand."),
    ("BOON.CARD.KIND", "Phase A",
        "First, you may play 1 card of the kind shown (day, sunset, or night), or put it on the discard pile to get 2 "
        "coins."),
    ("BOON.CARD.RESOURCES", "Play a Card",
        "Resource costs are paid by showing that those resources are available on your production sites and boats."),
    ("BOON.BOATS.CANAL", "Play a Card", "Your 2 boats lie on the canal of your player board."),
    ("BOON.BOATS.UNCHANGED", "Play a Card",
        "Boats move downstream for free and upstream for 2 coins; a play writes the boats' new positions only when they "
        "move."),
    ("BOON.PAY.COINS", "General Rules for Effects", "You pay coins you have into the supply."),
    ("BOON.PAY.VASES", "Play a Card", "Put the vase(s) shown back into the supply: you must have them."),
    ("BOON.PAY.CARDS", "General Rules for Effects",
        "Cards you give up (a site's cost, an exchange, a lever) come from your hand: you must hold that many."),
    ("BOON.PAY.INHABITANTS", "General Rules for Effects", "Inhabitants you give up or place come from your ranch."),
    ("BOON.CHOICE.MISSING", "Overview of Symbols",
        "An effect that lets you choose a production site needs that choice written."),
    ("BOON.CHOICE.UNUSED", "Overview of Symbols", "A move writes only the choices its effects ask for."),
    ("BOON.CHOICE.TRACK", "Building Tiles", "Advance 3 spaces on the coin or card track (not split): name the track."),
    ("BOON.CHOICE.EXCHANGE", "Card Effects", "An exchange card is used one of the ways it shows."),
    ("BOON.CHOICE.UPGRADE", "Card Effects",
        "A card's upgrade is the one it shows: an inhabitant to a house, or a house to a settlement."),
    ("BOON.CHOICE.HARBOR", "Card Effects",
        "With the harbor card your ship ending in a harbor gives 2 coins or 2 cards: choose one."),
    # board effects
    ("BOON.EXPLORE.SPACE", "Explore", "A building tile goes on one of the gameboard's 33 spaces."),
    ("BOON.EXPLORE.OCCUPIED", "Explore", "Place it on an unoccupied gameboard space."),
    ("BOON.EXPLORE.NOT_ADJACENT", "Explore",
        "The space must be adjacent to another building tile or connected to one via a bridge or a ford."),
    ("BOON.EXPLORE.TILE", "Explore", "Explore reveals a gray building tile from the mound."),
    ("BOON.SITE.NO_TILE", "Develop", "Inhabitants and houses stand on building sites of building tiles."),
    ("BOON.SITE.PASTURE", "Develop", "Cattle pastures may never contain inhabitants."),
    ("BOON.SITE.INDEX", "Develop",
        "Each building tile contains 1 or 2 sites; on a tile with 2 the move names the site (1 the upper, 2 the lower)."),
    ("BOON.DEVELOP.OCCUPIED", "Develop", "One site holds no more than 1 inhabitant, house or settlement."),
    ("BOON.UPGRADE.PIECE", "Upgrade",
        "Upgrade one of your inhabitants on a building site to a house, or one of your houses to a settlement."),
    ("BOON.UPGRADE.NO_HOUSE", "Upgrade", "If all 6 houses are on the gameboard, you cannot upgrade to a house."),
    ("BOON.UPGRADE.PRESENCES", "Upgrade",
        "A house becomes a settlement only when adjacent to at least 3 presences (same tile, neighbouring tiles, across "
        "bridges)."),
    ("BOON.UPGRADE.MAX_SETTLEMENTS", "Upgrade", "You cannot build more than 4 settlements."),
    ("BOON.UPGRADE.SUBSTITUTE", "Upgrade",
        "Only the additional inhabitants of the third and fourth settlement (and the fourth and fifth cattle) may be "
        "replaced by 4 VP each."),
    ("BOON.CATTLE.NO_PASTURE", "Cattle-breeding", "Cattle are placed on a cattle pasture."),
    ("BOON.CATTLE.FULL", "Cattle-breeding", "Choose any cattle pasture with no more than 3 cattle."),
    ("BOON.CATTLE.NONE_LEFT", "Cattle-breeding", "Each player has 5 cattle."),
    ("BOON.REGION.UNKNOWN", "Region scoring", "The regions are Boonlake, Unknown, New Hope and Southern."),
    ("BOON.REGION.COVERED", "Region scoring",
        "Choose a region whose region-label reward is not yet covered by a region marker."),
    ("BOON.LEVER.SPACE", "Progress", "Modernize: choose a space in the modernization area of your player board."),
    ("BOON.LEVER.TAKEN", "Progress", "Modernize: the space chosen must be unoccupied."),
    ("BOON.LEVER.NOT_OWNED", "Lever Effects",
        "You use the levers on your own player board: a lever is added by modernizing first."),
    ("BOON.LEVER.USED", "Lever Effects",
        "Move the lever down to use it; move it up at the next interim scoring to reuse it."),
    ("BOON.LEVER.NOT_USED", "Card Effects", "Move 1 lever back up: only a lever that was moved down."),
    ("BOON.LEVER.TOP_ROW", "Lever Effects",
        "You may use one of the 3 levers in the top row only if you forgo the all-players part of an action (the right side"
        " of the strip)."),
    ("BOON.LEVER.ONE_TOP_ROW", "Lever Effects",
        "If you have more than one of these 3 top-row levers and forgo that part, you may use only 1 of them."),
    ("BOON.LEVER.MOMENT", "Lever Effects",
        "You may use lever effects at any suitable moment: each at the moment its effect names (playing a card, forgoing a "
        "card, upgrading to a settlement, placing a tile, a region scoring)."),
    ("BOON.LEVER.TAKE", "Lever Effects",
        "When playing a card, reduce its resource cost by 1 (a joker), or take 2 coins, or draw 2 cards: the lever is used "
        "one of the ways it shows."),
    ("BOON.PROJECT.TILE", "Special Projects on Scoring Tiles",
        "The special projects are those of the 4 scoring tiles on the gameboard."),
    ("BOON.PROJECT.DONE", "Special Projects on Scoring Tiles",
        "Each project may be realized only once per game (by each player: several players' inhabitants may sit above it)."),
    ("BOON.ORDER.NOT_PARALLEL", "General Rules for Effects",
        "Players normally act in parallel during an action; to act in order during a partial action, a player of it must "
        "announce it."),
    ("BOON.ORDER.STARTED", "General Rules for Effects",
        "Order is announced for a partial action before it is resolved; then players resolve it clockwise, starting with "
        "the player who chose the strip."),
    ("BOON.HIRE.CARDS", "Hire",
        "Pay 3 coins or discard 3 cards per inhabitant (never mixed for one): the cards come from your hand, 3 for each "
        "inhabitant hired with cards."),
    ("BOON.HIRE.NONE", "Hire", "A hire takes at least one inhabitant; declining is a pass."),
    ("BOON.HIRE.SUPPLY", "General Rules for Effects",
        "Inhabitants come from your supply; a player cannot hire more than it holds."),
    # the ship
    ("BOON.SHIP.SPACE", "Phase B",
        "The ship moves along this round's river (the upper arm of the fork in round 1, the lower arm in round 2)."),
    ("BOON.SHIP.BACKWARD", "Phase B", "You must advance at least 1 step, only from the top down, never turning around."),
    ("BOON.SHIP.OCCUPIED", "Phase B", "Spaces other than harbors hold only 1 ship at a time."),
    ("BOON.SHIP.TOO_FAR", "Phase B",
        "You may move up to as many steps as the just-uncovered action-board space shows (occupied spaces skipped and not "
        "counted, harbors always counted)."),
    # interim scoring
    ("BOON.INTERIM.TWICE", "Interim Scoring", "Once or twice, each player may play 1 card of any kind or upgrade."),
    ("BOON.SCORE.TILE", "Interim Scoring", "Players score for one of the 4 scoring tiles in play."),
    ("BOON.SCORE.MARKED", "Interim Scoring",
        "Choose a scoring tile below which none of your scoring markers is yet placed."),
    ("BOON.SCORE.PAY", "Scoring Tiles",
        "Paying tiles are paid the indicated number of times at most, each time with what the tile shows; other tiles ask "
        "for no payment."),
)

RULES = RuleBook("boonlake", [Rule(code, f"{_R}, {section}", sentence) for code, section, sentence in _DECLARED])
