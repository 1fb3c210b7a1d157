"""Every Kingdom Crossing rule the engine enforces, with the section of the rulebook (rules/kingdom-crossing.txt
here, the printed rulebook at the table) it comes from."""
from ..core.rules import Rule, RuleBook

_T = "Kingdom Crossing rules"  # the book a player has; each reference names its section

RULES = RuleBook("kingdom-crossing", source=_T, rules=[
    # set-up
    Rule("KC.SETUP.DECKS", f"{_T}, General Game Setup", "Each of the 10 deck spaces holds one whole deck of 10 cards, every deck used once; its top card is face up."),
    Rule("KC.SETUP.BRIDGE_GOALS", f"{_T}, General Game Setup", "Each of the 6 Bridge Goal tiles lies easy or hard side up."),
    Rule("KC.SETUP.FAVORS", f"{_T}, General Game Setup / Start of Game", "The 3 face-up Favors and those of the starting pairs are different Favors of the Queen."),
    Rule("KC.SETUP.FAVOR_STACKS", f"{_T}, General Game Setup", "The Favors are shuffled into 3 roughly equal stacks (sizes differing by at most one) before the display and the starting pairs are revealed from them; the stacks hold every Favor not face up."),
    Rule("KC.SETUP.START_PAIRS", f"{_T}, Start of Game", "As many starting cards as players (2 in solo), each a different card, one side up, each paired with a Favor."),
    # components turned face up (chance moves)
    Rule("KC.REVEAL.SPACE", f"{_T}, 2) Noon Phase, Work", "The next card is revealed on the space whose card was just taken."),
    Rule("KC.BIRDS.SPACES", f"{_T}, 1) Morning Phase, B) Birds Arrive", "Each morning one bird lands on every card (Character or Structure) of its region, while the region's stack lasts."),
    Rule("KC.FAVOR.RESTOCK", f"{_T}, Obtaining a Favor of the Queen", "If one stack runs out, refill it with a tile from one of the other stacks (one that keeps a tile)."),
    Rule("KC.SETUP.OPTIONS", f"{_T}, Solo Mode Rules, Difficulty Levels", "A solo game names its difficulty; games of 2-4 players have none."),
    # turn order
    Rule("KC.TURN.NOT_YOURS", f"{_T}, How to Play", "Players act in turn order: starting pairs in reverse order, income and evening from the first player, noon actions clockwise."),
    Rule("KC.TURN.WRONG_STEP", f"{_T}, How to Play / Round Summary", "Each move must be the decision the game waits for now (starting pair, income, action tile, card, choice, Bridge Goal, evening income)."),
    Rule("KC.MOVE.UNKNOWN_ID", "Kingdom Crossing catalog (`ludolog ids kingdom-crossing` lists its ids)", "Regions, deck spaces, bridges and Bridge Goals named by a move are those of the log's catalog."),
    Rule("KC.START.PAIR_TAKEN", f"{_T}, Start of Game", "Each starting pair is chosen by one player only."),
    Rule("KC.INCOME.SOURCE", f"{_T}, 1) Morning Phase, A) Income", "Each guild gives one income per 2 cards and each Structure once; in the first round only the Home card."),
    Rule("KC.REST.COINS", f"{_T}, 2) Noon Phase, Rest", "Resting gains the coins shown in the rest part of the tile (its improved side if flipped); when the log writes them, they are right."),
    Rule("KC.TILE.PLAYED", f"{_T}, 2) Noon Phase", "Each Action tile is played once per round, from the left of the player board."),
    Rule("KC.WORK.FIELDS", f"{_T}, Appendix, Action Tiles", "A work move gives exactly what its tile needs: the path for bridges, the Invest choice of the improved two-bridge tile, nothing for the Queen tile."),
    Rule("KC.BRIDGE.COUNT", f"{_T}, 2) Noon Phase, Work", "The Beaver crosses exactly the number of bridges shown on the tile."),
    Rule("KC.BRIDGE.NOT_CONNECTED", f"{_T}, 2) Noon Phase, Work", "Each bridge crossed connects to the region the Beaver is in."),
    Rule("KC.BRIDGE.ALREADY_CROSSED", f"{_T}, 2) Noon Phase, Work", "A bridge is crossed at most once per round by the same player (a Paw marker shows it)."),
    Rule("KC.BALLOON.COST", f"{_T}, The Balloon", "The balloon costs 3 coins in the Beaver's region, 10 coins elsewhere."),
    Rule("KC.BALLOON.SAME_REGION", f"{_T}, The Balloon", "The balloon flies the Beaver to another region."),
    Rule("KC.BALLOON.ONCE", f"{_T}, The Balloon", "The balloon is used only before OR after placing the Paw markers, never both, and before the card."),
    Rule("KC.WORK.NOTHING_TO_BUY", f"{_T}, 2) Noon Phase, Work", "A player works only if they can buy a card (or use an empty-deck tile) in the region where the Beaver stops."),
    Rule("KC.QUEEN.TAKEN", f"{_T}, The Queen / Easily Forgotten Rules", "Only one player may take the Queen card each round."),
    Rule("KC.CARD.WRONG_REGION", f"{_T}, 2) Noon Phase, Work", "The card bought lies in the region where the Beaver stopped."),
    Rule("KC.CARD.MISMATCH", f"{_T}, 2) Noon Phase, Work", "The card named is the face-up card (or empty-deck tile) of that space, which must show one."),
    Rule("KC.CARD.UNAFFORDABLE", f"{_T}, 2) Noon Phase, Work", "The card's coin cost is paid from the player's coins (after the bird's bonus)."),
    Rule("KC.BUY.NOT_AVAILABLE", f"{_T}, Appendix, Action Tiles", "A resource is bought only with the market tile, once per turn, paying 4 coins (2 improved)."),
    Rule("KC.BUY.UNAFFORDABLE", f"{_T}, Appendix, Action Tiles", "Buying the resource must leave enough coins to buy a card in the region."),
    Rule("KC.INVEST.TRACK_END", f"{_T}, Invest Action", "On the last Invest space the marker cannot advance; the player takes its coins."),
    Rule("KC.INVEST.COINS", f"{_T}, Invest Action", "Cashing the Invest track gives the coins shown at the marker (checked when the log writes them); advancing gives none."),
    Rule("KC.CHOICE.RESOURCES", f"{_T}, Appendix, Merchant Abilities", "A Merchant giving 2 or 3 different resources gives that many, all different."),
    Rule("KC.CHOICE.NOT_OPTIONAL", f"{_T}, Appendix", "Only optional abilities (up to two Structures, Bridge Goals, the market purchase) can be passed."),
    Rule("KC.DECOR.KIND", f"{_T}, Appendix, Florists and Sculptors", "A decoration effect gives only its picture (Flower, Sculpture) and size of token."),
    Rule("KC.DECOR.SUPPLY", f"{_T}, Components", "Decoration tokens come from the limited supply (8, 8 and 4 of each picture)."),
    Rule("KC.DECOR.SPACE", f"{_T}, Player Board (Resources and Decorations)", "A decoration token goes on an empty space of the same picture and size on the player board."),
    Rule("KC.UPGRADE.ALREADY", f"{_T}, Action Tiles", "Only an unimproved Action tile can be improved."),
    Rule("KC.STRUCTURE.NOT_OWNED", f"{_T}, Appendix, Merchant Abilities / Birds", "Only your own Structures (Home card included) can be resolved."),
    Rule("KC.STRUCTURE.REPEATED", f"{_T}, 1) Morning Phase, Bears guild", "Several Structure abilities resolved by one effect must all be different."),
    Rule("KC.FAVOR.MISMATCH", f"{_T}, Obtaining a Favor of the Queen", "A Favor is taken from a face-up tile (the tile named is that one) or drawn from a stack that still has tiles."),
    Rule("KC.HOUSE.REGION", f"{_T}, Houses", "A House goes to a region where the player has no House yet."),
    Rule("KC.BIRD.NONE", f"{_T}, Appendix, Merchant Abilities", "The Merchant takes a bird from a card that has one."),
    Rule("KC.BIRD.MISMATCH", f"{_T}, Appendix, Merchant Abilities", "The bird named is the one on that card."),
    Rule("KC.GOAL.ALREADY", f"{_T}, Claiming a Bridge Goal", "Each player claims each Bridge Goal at most once."),
    Rule("KC.GOAL.REQUIREMENT", f"{_T}, Claiming a Bridge Goal / Appendix", "A Bridge Goal is claimed only when its requirement is met."),
    Rule("KC.EVENING.SOURCE", f"{_T}, 3) Evening Phase", "The evening income is one guild with at least 2 cards or one of your Structures."),
    Rule("KC.SOLO.TILE", f"{_T}, Solo Mode Rules, Noon Phase", "Paco & Paca reveal 2 tiles per turn, one at a time, from this round's stack, each not yet revealed this round."),
])
