"""Every BOON.* rule code, declared once with the rules passage it enforces (rules/boonlake.txt)."""
from __future__ import annotations

from ..core.rules import Rule, RuleBook

_R = "rules/boonlake.txt"

RULES = RuleBook("boonlake", [
    # set-up
    Rule("BOON.SETUP.TILES", f"{_R}, Set-Up", "The starting building tiles for the player count lie face up on exactly the "
                                              "matching spaces, each once."),
    Rule("BOON.SETUP.STRIPS", f"{_R}, Set-Up", "The 7 action strips lie on the action board in random order, each once."),
    Rule("BOON.SETUP.SCORING", f"{_R}, Set-Up", "Each player draws 2 scoring tiles and keeps 1; 4 different scoring tiles are "
                                                "in play, the others' areas filled at random."),
    Rule("BOON.SETUP.PLAYERS", f"{_R}, Set-Up", "The set-up names every player of the log, and only them."),
    Rule("BOON.SETUP.HAND", f"{_R}, Set-Up", "Each player draws 6 cards into their hand."),
    Rule("BOON.SETUP.COINS", f"{_R}, Set-Up", "The starting player gets 6 coins, the next player clockwise 7, everybody else 8."),
    # the solo game (Solo Mode)
    Rule("BOON.SETUP.SOLO", f"{_R}, Solo Set-Up", "Set up as for the two-player game, with these differences for the Wise "
                                                  "Eminence (difficulty, scoring tile): they play only in the solo game."),
    Rule("BOON.SETUP.SOLO_TILE", f"{_R}, Solo Set-Up", "Reveal a random scoring tile for them during set-up: one of the 4 in "
                                                       "play, not one you drew."),
    Rule("BOON.SOLO.TILE", f"{_R}, Solo Set-Up", "The Wise Eminence's stack is made of the 10 solo tiles (A and B)."),
    Rule("BOON.SOLO.REVEALED", f"{_R}, Solo Course of the Game", "On each of their turns, reveal the top solo tile: each tile "
                                                                 "of the stack once until it is depleted and remixed."),
    Rule("BOON.SOLO.REMOVED", f"{_R}, Solo Set-Up", "Choose a difficulty and randomly remove that number/type of solo tiles "
                                                    "from the 10: removed tiles never come up."),
    Rule("BOON.SOLO.CORNER", f"{_R}, Solo Course of the Game", "They use the number in the corner that matches their position "
                                                               "on the top tile of the stack; if the stack is depleted, always "
                                                               "the upper-left one."),
    # the turn
    Rule("BOON.TURN.WRONG_STEP", f"{_R}, Course of the Game", "A turn is phase A (the strip, the card, the middle effects, "
                                                              "the right-side part), then phase B (the ship); a move must fit "
                                                              "the step the game is at."),
    Rule("BOON.TURN.NOT_YOURS", f"{_R}, Course of the Game", "Play proceeds clockwise from the starting player; only the "
                                                             "player whose decision it is may make it."),
    # cards
    Rule("BOON.CARD.UNKNOWN", f"{_R}, Play a Card", "A card is named by its catalog id; a discarded card lies face up, so it "
                                                    "is named."),
    Rule("BOON.CARD.NOT_IN_HAND", f"{_R}, Play a Card", "You play or discard a project card from your hand."),
    Rule("BOON.CARD.KIND", f"{_R}, Phase A", "First, you may play 1 card of the kind shown (day, sunset, or night), or put it "
                                             "on the discard pile to get 2 coins."),
    Rule("BOON.CARD.RESOURCES", f"{_R}, Play a Card", "Resource costs are paid by showing that those resources are available "
                                                      "on your production sites and boats."),
    Rule("BOON.BOATS.CANAL", f"{_R}, Play a Card", "Your 2 boats lie on the canal of your player board."),
    Rule("BOON.BOATS.UNCHANGED", f"{_R}, Play a Card", "Boats move downstream for free and upstream for 2 coins; a play writes "
                                                       "the boats' new positions only when they move."),
    Rule("BOON.PAY.COINS", f"{_R}, General Rules for Effects", "You pay coins you have into the supply."),
    Rule("BOON.PAY.VASES", f"{_R}, Play a Card", "Put the vase(s) shown back into the supply: you must have them."),
    Rule("BOON.PAY.CARDS", f"{_R}, General Rules for Effects", "Cards you give up (a site's cost, an exchange, a lever) come "
                                                               "from your hand: you must hold that many."),
    Rule("BOON.PAY.INHABITANTS", f"{_R}, General Rules for Effects", "Inhabitants you give up or place come from your ranch."),
    Rule("BOON.CHOICE.MISSING", f"{_R}, Overview of Symbols", "An effect that lets you choose a production site needs that "
                                                              "choice written."),
    Rule("BOON.CHOICE.UNUSED", f"{_R}, Overview of Symbols", "A move writes only the choices its effects ask for."),
    Rule("BOON.CHOICE.TRACK", f"{_R}, Building Tiles", "Advance 3 spaces on the coin or card track (not split): name the track."),
    Rule("BOON.CHOICE.EXCHANGE", f"{_R}, Card Effects", "An exchange card is used one of the ways it shows."),
    Rule("BOON.CHOICE.UPGRADE", f"{_R}, Card Effects", "A card's upgrade is the one it shows: an inhabitant to a house, or a "
                                                       "house to a settlement."),
    Rule("BOON.CHOICE.HARBOR", f"{_R}, Card Effects", "With the harbor card your ship ending in a harbor gives 2 coins or 2 "
                                                      "cards: choose one."),
    # board effects
    Rule("BOON.EXPLORE.SPACE", f"{_R}, Explore", "A building tile goes on one of the gameboard's 33 spaces."),
    Rule("BOON.EXPLORE.OCCUPIED", f"{_R}, Explore", "Place it on an unoccupied gameboard space."),
    Rule("BOON.EXPLORE.NOT_ADJACENT", f"{_R}, Explore", "The space must be adjacent to another building tile or connected to "
                                                        "one via a bridge or a ford."),
    Rule("BOON.EXPLORE.TILE", f"{_R}, Explore", "Explore reveals a gray building tile from the mound."),
    Rule("BOON.SITE.NO_TILE", f"{_R}, Develop", "Inhabitants and houses stand on building sites of building tiles."),
    Rule("BOON.SITE.PASTURE", f"{_R}, Develop", "Cattle pastures may never contain inhabitants."),
    Rule("BOON.SITE.INDEX", f"{_R}, Develop", "Each building tile contains 1 or 2 sites; on a tile with 2 the move names "
                                              "the site (1 the upper, 2 the lower)."),
    Rule("BOON.DEVELOP.OCCUPIED", f"{_R}, Develop", "One site holds no more than 1 inhabitant, house or settlement."),
    Rule("BOON.UPGRADE.PIECE", f"{_R}, Upgrade", "Upgrade one of your inhabitants on a building site to a house, or one of "
                                                 "your houses to a settlement."),
    Rule("BOON.UPGRADE.NO_HOUSE", f"{_R}, Upgrade", "If all 6 houses are on the gameboard, you cannot upgrade to a house."),
    Rule("BOON.UPGRADE.PRESENCES", f"{_R}, Upgrade", "A house becomes a settlement only when adjacent to at least 3 presences "
                                                     "(same tile, neighbouring tiles, across bridges)."),
    Rule("BOON.UPGRADE.MAX_SETTLEMENTS", f"{_R}, Upgrade", "You cannot build more than 4 settlements."),
    Rule("BOON.UPGRADE.SUBSTITUTE", f"{_R}, Upgrade", "Only the additional inhabitants of the third and fourth settlement "
                                                      "(and the fourth and fifth cattle) may be replaced by 4 VP each."),
    Rule("BOON.CATTLE.NO_PASTURE", f"{_R}, Cattle-breeding", "Cattle are placed on a cattle pasture."),
    Rule("BOON.CATTLE.FULL", f"{_R}, Cattle-breeding", "Choose any cattle pasture with no more than 3 cattle."),
    Rule("BOON.CATTLE.NONE_LEFT", f"{_R}, Cattle-breeding", "Each player has 5 cattle."),
    Rule("BOON.REGION.UNKNOWN", f"{_R}, Region scoring", "The regions are Boonlake, Unknown, New Hope and Southern."),
    Rule("BOON.REGION.COVERED", f"{_R}, Region scoring", "Choose a region whose region-label reward is not yet covered by a "
                                                         "region marker."),
    Rule("BOON.LEVER.SPACE", f"{_R}, Progress", "Modernize: choose a space in the modernization area of your player board."),
    Rule("BOON.LEVER.TAKEN", f"{_R}, Progress", "Modernize: the space chosen must be unoccupied."),
    Rule("BOON.LEVER.NOT_OWNED", f"{_R}, Lever Effects", "You use the levers on your own player board: a lever is added by "
                                                         "modernizing first."),
    Rule("BOON.LEVER.USED", f"{_R}, Lever Effects", "Move the lever down to use it; move it up at the next interim scoring to "
                                                    "reuse it."),
    Rule("BOON.LEVER.NOT_USED", f"{_R}, Card Effects", "Move 1 lever back up: only a lever that was moved down."),
    Rule("BOON.LEVER.TOP_ROW", f"{_R}, Lever Effects", "You may use one of the 3 levers in the top row only if you forgo the "
                                                       "all-players part of an action (the right side of the strip)."),
    Rule("BOON.LEVER.ONE_TOP_ROW", f"{_R}, Lever Effects", "If you have more than one of these 3 top-row levers and forgo that "
                                                           "part, you may use only 1 of them."),
    Rule("BOON.LEVER.MOMENT", f"{_R}, Lever Effects", "You may use lever effects at any suitable moment: each at the moment its "
                                                      "effect names (playing a card, forgoing a card, upgrading to a "
                                                      "settlement, placing a tile, a region scoring)."),
    Rule("BOON.LEVER.TAKE", f"{_R}, Lever Effects", "When playing a card, reduce its resource cost by 1 (a joker), or take 2 "
                                                    "coins, or draw 2 cards: the lever is used one of the ways it shows."),
    Rule("BOON.PROJECT.TILE", f"{_R}, Special Projects on Scoring Tiles", "The special projects are those of the 4 scoring "
                                                                          "tiles on the gameboard."),
    Rule("BOON.PROJECT.DONE", f"{_R}, Special Projects on Scoring Tiles", "Each project may be realized only once per game "
                                                                          "(by each player: several players' inhabitants "
                                                                          "may sit above it)."),
    Rule("BOON.ORDER.NOT_PARALLEL", f"{_R}, General Rules for Effects", "Players normally act in parallel during an action; "
                                                                        "to act in order during a partial action, a player "
                                                                        "of it must announce it."),
    Rule("BOON.ORDER.STARTED", f"{_R}, General Rules for Effects", "Order is announced for a partial action before it is "
                                                                   "resolved; then players resolve it clockwise, starting "
                                                                   "with the player who chose the strip."),
    Rule("BOON.HIRE.CARDS", f"{_R}, Hire", "Pay 3 coins or discard 3 cards per inhabitant (never mixed for one): the cards "
                                           "come from your hand, 3 for each inhabitant hired with cards."),
    Rule("BOON.HIRE.NONE", f"{_R}, Hire", "A hire takes at least one inhabitant; declining is a pass."),
    Rule("BOON.HIRE.SUPPLY", f"{_R}, General Rules for Effects", "Inhabitants come from your supply; a player cannot hire more "
                                                                 "than it holds."),
    # the ship
    Rule("BOON.SHIP.SPACE", f"{_R}, Phase B", "The ship moves along this round's river (the upper arm of the fork in round 1, "
                                              "the lower arm in round 2)."),
    Rule("BOON.SHIP.BACKWARD", f"{_R}, Phase B", "You must advance at least 1 step, only from the top down, never turning around."),
    Rule("BOON.SHIP.OCCUPIED", f"{_R}, Phase B", "Spaces other than harbors hold only 1 ship at a time."),
    Rule("BOON.SHIP.TOO_FAR", f"{_R}, Phase B", "You may move up to as many steps as the just-uncovered action-board space "
                                                "shows (occupied spaces skipped and not counted, harbors always counted)."),
    # interim scoring
    Rule("BOON.INTERIM.TWICE", f"{_R}, Interim Scoring", "Once or twice, each player may play 1 card of any kind or upgrade."),
    Rule("BOON.SCORE.TILE", f"{_R}, Interim Scoring", "Players score for one of the 4 scoring tiles in play."),
    Rule("BOON.SCORE.MARKED", f"{_R}, Interim Scoring", "Choose a scoring tile below which none of your scoring markers is yet "
                                                        "placed."),
    Rule("BOON.SCORE.PAY", f"{_R}, Scoring Tiles", "Paying tiles are paid the indicated number of times at most, each time "
                                                   "with what the tile shows; other tiles ask for no payment."),
])
