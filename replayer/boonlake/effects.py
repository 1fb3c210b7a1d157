"""The closed vocabulary of Boonlake effects: every card, tile, space, track and lever effect is a kind
plus parameters. Adding a card is editing ``catalog.json``; a new kind is a schema change here.

Each kind is applied exactly once in the engine (through the core's effect registry, in a later
session); this module only names them, lists their parameters and says what they mean. Numbers are
the effect's own: ``n`` a count, ``cards``/``coins``/``vases``/``vp``/``inhabitants`` the amounts
given up or gained as the kind's sentence says.
"""
from __future__ import annotations

import enum


class EffectKind(str, enum.Enum):
    """One line per kind: what it does when it applies (the rules text's symbol overview)."""

    # -- rewards and costs shared by river spaces, board spaces, building sites and tracks
    TAKE_COINS = "take_coins"  #: take n coins from the supply
    DRAW_CARDS = "draw_cards"  #: draw n project cards
    TAKE_INHABITANTS = "take_inhabitants"  #: take n inhabitants of your colour from the supply onto your ranch
    TAKE_VASES = "take_vases"  #: take n vases
    GAIN_VP = "gain_vp"  #: gain n victory points
    LOSE_VP = "lose_vp"  #: lose n victory points (the marker may go below 0)
    PAY_COINS = "pay_coins"  #: a building site's cost: pay n coins
    DISCARD_CARDS = "discard_cards"  #: a building site's cost: discard n cards from hand
    FREE = "free"  #: a building site without cost or reward
    BUILD_PRODUCTION_SITE = "build_production_site"  #: place a level-1 site of `resource` ("any": of your choice) or turn it to level 2; wasted at level 2
    VASE_OR_PRODUCTION_SITE = "vase_or_production_site"  #: river: take 1 vase or build 1 production site of your choice
    ADVANCE_COIN_TRACK = "advance_coin_track"  #: advance n spaces on the coin income track
    ADVANCE_CARD_TRACK = "advance_card_track"  #: advance n spaces on the card income track
    ADVANCE_EITHER_TRACK = "advance_either_track"  #: advance n spaces on the coin or the card track (not split)
    COIN_TRACK_INCOME = "coin_track_income"  #: receive your coin-track income now, without advancing
    CARD_TRACK_INCOME = "card_track_income"  #: receive your card-track income now, without advancing
    SETTLEMENT_VP = "settlement_vp"  #: building site: gain n VP the moment a house here becomes a settlement
    SETTLEMENT_PENALTY = "settlement_penalty"  #: building site: lose n VP the moment a house here becomes a settlement
    # -- immediate card effects (lightning)
    DISCARD_CARDS_FOR_INHABITANTS = "discard_cards_for_inhabitants"  #: discard `cards` cards for `inhabitants` inhabitants
    SWAP_CARDS_COINS = "swap_cards_coins"  #: exchange `cards` cards for `coins` coins, or `coins` coins for `cards` cards
    SWAP_CARDS_VASE_COINS = "swap_cards_vase_coins"  #: discard `cards` cards for `vases` vase and `coins` coins, or the reverse to draw `cards`
    SWAP_CARDS_VP = "swap_cards_vp"  #: discard `cards` cards for `vp` VP, or give up `vp` VP to draw `cards` cards
    DISCARD_CARDS_FOR_VP = "discard_cards_for_vp"  #: discard `cards` cards for `vp` VP
    INHABITANT_FOR_COINS = "inhabitant_for_coins"  #: give up `inhabitants` inhabitant for `coins` coins
    VASES_FOR_VP = "vases_for_vp"  #: give up `vases` vases for `vp` VP
    RESET_LEVER = "reset_lever"  #: move n used levers back up
    UPGRADE_HOUSE_FREE = "upgrade_house_free"  #: upgrade 1 inhabitant to a house without giving up an inhabitant
    UPGRADE_SETTLEMENT_EASED = "upgrade_settlement_eased"  #: upgrade a house to a settlement giving up n fewer inhabitants and needing n fewer presences (cumulative); also a lever
    # -- game-end card effects
    VP_PER_PRESENCE_IN_REGION = "vp_per_presence_in_region"  #: 1 VP per own presence in `region`
    VP_PER_PRODUCTION_SITE = "vp_per_production_site"  #: 1 VP per production site level (a level-2 site gives 2)
    VP_PER_HOUSE_REMOVED = "vp_per_house_removed"  #: n VP per house removed from your board
    VP_PER_CATTLE_REMOVED = "vp_per_cattle_removed"  #: n VP per cattle removed from your board
    VP_PER_SETTLEMENT_REMOVED = "vp_per_settlement_removed"  #: n VP per settlement removed from your board
    VP_THRESHOLD = "vp_threshold"  #: `measure` reaching `low` (the top number) gives `low_vp`, reaching `high` (the bottom number) `high_vp`, below `low` nothing
    # -- permanent card effects
    LEVER_DISCOUNT = "lever_discount"  #: modernizing costs n coins less (cumulative, never below 0)
    CARD_COIN_DISCOUNT = "card_coin_discount"  #: cards and special projects cost n coins less (cumulative, never below 0)
    DISCARD_BONUS = "discard_bonus"  #: +n coin whenever you discard a card of `card_kind`
    COIN_SPACE_BONUS = "coin_space_bonus"  #: +n coin when your ship ends on a coin space
    HARBOR_BONUS = "harbor_bonus"  #: n coins or n cards when your ship ends in a harbor
    CATTLE_INHABITANT_DISCOUNT = "cattle_inhabitant_discount"  #: give up n fewer inhabitants per cattle placed (cumulative)
    CATTLE_COINS = "cattle_coins"  #: +n coins per cattle placed (cumulative)
    VASE_SPACE_BONUS = "vase_space_bonus"  #: +n vase when your ship ends on a vase space and you take the vase
    # -- lever effects
    VASE_OR_COINS = "vase_or_coins"  #: top row: take `vases` vase, or give up `vases` vase for `coins` coins
    MODERNIZE_ONCE = "modernize_once"  #: top row: modernize once
    UPGRADE_ONCE = "upgrade_once"  #: top row: upgrade once (not develop)
    FORGO_CARD_COINS_PER_SITE = "forgo_card_coins_per_site"  #: when forgoing playing/discarding a card: 1 coin per production site level
    FORGO_CARD_COINS = "forgo_card_coins"  #: when forgoing playing/discarding a card: n coins
    REGION_SCORING_VP = "region_scoring_vp"  #: at a region scoring: n VP besides the coins
    BOAT_UPSTREAM_FREE = "boat_upstream_free"  #: move 1 boat upstream any number of steps for free
    TILE_PLACED_INHABITANT = "tile_placed_inhabitant"  #: when you place a building tile (pastures too): n inhabitant
    CARD_JOKER_OR_COINS_OR_CARDS = "card_joker_or_coins_or_cards"  #: when playing a card: 1 resource less, or `coins` coins, or `cards` cards
    CARD_JOKER_AND_COINS = "card_joker_and_coins"  #: when playing a card: 1 resource less and `coins` coins, or just the coins
    DISCARD_CARDS_FOR_INHABITANT_VP = "discard_cards_for_inhabitant_vp"  #: discard `cards` cards for `inhabitants` inhabitant and `vp` VP


class Timing(str, enum.Enum):
    """When a project card's top effect applies (the symbol at its top)."""

    IMMEDIATE = "immediate"  #: lightning: when the card is played
    GAME_END = "game_end"  #: at the final scoring
    PERMANENT = "permanent"  #: throughout the game once played


class ConditionKind(str, enum.Enum):
    """The bottom half of a scoring tile: what a player must have at an interim scoring."""

    TWO_REGIONS = "two_regions"  #: the top number of presences in one of `regions`, the bottom number in the other
    TRACK_ADVANCED = "track_advanced"  #: marker advanced at least the value on `track`
    LOWER_TRACK_ADVANCED = "lower_track_advanced"  #: the lower of both income markers advanced at least the value
    PRODUCTION_SITES = "production_sites"  #: that many production site levels built
    ADJACENT_TILES_WITH_PRESENCE = "adjacent_tiles_with_presence"  #: a presence on that many mutually adjacent building tiles (pastures count)
    LEVERS = "levers"  #: that many levers on your board
    CATTLE_REMOVED = "cattle_removed"  #: that many cattle removed from your board
    SETTLEMENTS_REMOVED = "settlements_removed"  #: that many settlements removed from your board
    BRIDGE_PRESENCES = "bridge_presences"  #: that many presences on building tiles next to bridges
    PAY_INHABITANT_OR_COINS = "pay_inhabitant_or_coins"  #: give up 1 inhabitant or `coins` coins that many times, `vp` VP each
    PAY_VASE_OR_COINS = "pay_vase_or_coins"  #: give up 1 vase or `coins` coins that many times, `vp` VP each
    PAY_COINS = "pay_coins"  #: give up `coins` coins that many times, `vp` VP each
    PLAYED_KINDS = "played_kinds"  #: played cards: the top number of one of `kinds`, the bottom number of the other


#: the parameters each kind requires (and the only ones it accepts); the schema says the same
EFFECT_PARAMS: dict[EffectKind, frozenset[str]] = {k: frozenset(v) for k, v in {
    EffectKind.TAKE_COINS: {"n"}, EffectKind.DRAW_CARDS: {"n"}, EffectKind.TAKE_INHABITANTS: {"n"},
    EffectKind.TAKE_VASES: {"n"}, EffectKind.GAIN_VP: {"n"}, EffectKind.LOSE_VP: {"n"},
    EffectKind.PAY_COINS: {"n"}, EffectKind.DISCARD_CARDS: {"n"}, EffectKind.FREE: set(),
    EffectKind.BUILD_PRODUCTION_SITE: {"resource"}, EffectKind.VASE_OR_PRODUCTION_SITE: set(),
    EffectKind.ADVANCE_COIN_TRACK: {"n"}, EffectKind.ADVANCE_CARD_TRACK: {"n"}, EffectKind.ADVANCE_EITHER_TRACK: {"n"},
    EffectKind.COIN_TRACK_INCOME: set(), EffectKind.CARD_TRACK_INCOME: set(),
    EffectKind.SETTLEMENT_VP: {"n"}, EffectKind.SETTLEMENT_PENALTY: {"n"},
    EffectKind.DISCARD_CARDS_FOR_INHABITANTS: {"cards", "inhabitants"},
    EffectKind.SWAP_CARDS_COINS: {"cards", "coins"}, EffectKind.SWAP_CARDS_VASE_COINS: {"cards", "vases", "coins"},
    EffectKind.SWAP_CARDS_VP: {"cards", "vp"}, EffectKind.DISCARD_CARDS_FOR_VP: {"cards", "vp"},
    EffectKind.INHABITANT_FOR_COINS: {"inhabitants", "coins"}, EffectKind.VASES_FOR_VP: {"vases", "vp"},
    EffectKind.RESET_LEVER: {"n"}, EffectKind.UPGRADE_HOUSE_FREE: set(), EffectKind.UPGRADE_SETTLEMENT_EASED: {"n"},
    EffectKind.VP_PER_PRESENCE_IN_REGION: {"region"}, EffectKind.VP_PER_PRODUCTION_SITE: set(),
    EffectKind.VP_PER_HOUSE_REMOVED: {"n"}, EffectKind.VP_PER_CATTLE_REMOVED: {"n"},
    EffectKind.VP_PER_SETTLEMENT_REMOVED: {"n"},
    EffectKind.VP_THRESHOLD: {"measure", "low", "low_vp", "high", "high_vp"},
    EffectKind.LEVER_DISCOUNT: {"n"}, EffectKind.CARD_COIN_DISCOUNT: {"n"}, EffectKind.DISCARD_BONUS: {"card_kind", "n"},
    EffectKind.COIN_SPACE_BONUS: {"n"}, EffectKind.HARBOR_BONUS: {"n"}, EffectKind.CATTLE_INHABITANT_DISCOUNT: {"n"},
    EffectKind.CATTLE_COINS: {"n"}, EffectKind.VASE_SPACE_BONUS: {"n"},
    EffectKind.VASE_OR_COINS: {"vases", "coins"}, EffectKind.MODERNIZE_ONCE: set(), EffectKind.UPGRADE_ONCE: set(),
    EffectKind.FORGO_CARD_COINS_PER_SITE: set(), EffectKind.FORGO_CARD_COINS: {"n"}, EffectKind.REGION_SCORING_VP: {"n"},
    EffectKind.BOAT_UPSTREAM_FREE: set(), EffectKind.TILE_PLACED_INHABITANT: {"n"},
    EffectKind.CARD_JOKER_OR_COINS_OR_CARDS: {"coins", "cards"}, EffectKind.CARD_JOKER_AND_COINS: {"coins"},
    EffectKind.DISCARD_CARDS_FOR_INHABITANT_VP: {"cards", "inhabitants", "vp"},
}.items()}

#: what a card's top effect may be at each timing (the three lists of the symbol overview)
TIMING_KINDS: dict[Timing, frozenset[EffectKind]] = {
    Timing.IMMEDIATE: frozenset({
        EffectKind.ADVANCE_COIN_TRACK, EffectKind.ADVANCE_CARD_TRACK, EffectKind.TAKE_COINS,
        EffectKind.TAKE_INHABITANTS, EffectKind.TAKE_VASES, EffectKind.DISCARD_CARDS_FOR_INHABITANTS,
        EffectKind.SWAP_CARDS_COINS, EffectKind.SWAP_CARDS_VASE_COINS, EffectKind.SWAP_CARDS_VP,
        EffectKind.DISCARD_CARDS_FOR_VP, EffectKind.INHABITANT_FOR_COINS, EffectKind.VASES_FOR_VP,
        EffectKind.RESET_LEVER, EffectKind.UPGRADE_HOUSE_FREE, EffectKind.UPGRADE_SETTLEMENT_EASED}),
    Timing.GAME_END: frozenset({
        EffectKind.VP_PER_PRESENCE_IN_REGION, EffectKind.VP_PER_PRODUCTION_SITE, EffectKind.VP_PER_HOUSE_REMOVED,
        EffectKind.VP_PER_CATTLE_REMOVED, EffectKind.VP_PER_SETTLEMENT_REMOVED, EffectKind.VP_THRESHOLD}),
    Timing.PERMANENT: frozenset({
        EffectKind.LEVER_DISCOUNT, EffectKind.CARD_COIN_DISCOUNT, EffectKind.DISCARD_BONUS,
        EffectKind.COIN_SPACE_BONUS, EffectKind.HARBOR_BONUS, EffectKind.CATTLE_INHABITANT_DISCOUNT,
        EffectKind.CATTLE_COINS, EffectKind.VASE_SPACE_BONUS}),
}

#: what a game-end threshold may measure ("income-track advancement, levers owned, or
#: cattle/houses/settlements removed")
THRESHOLD_MEASURES = ("coin_track", "card_track", "levers", "cattle_removed", "houses_removed", "settlements_removed")


class StripPart(str, enum.Enum):
    """The parts of an action strip: its middle effects (the active player's, left to right) and its
    right-side effect (all players, or the others with Pioneer). The sentences are "The Actions"."""

    EXPLORE = "explore"  #: reveal a gray tile and place it adjacent to a tile (bridges, fords), take the space's reward
    DEVELOP_OR_UPGRADE = "develop_or_upgrade"  #: develop once (an inhabitant onto a site) or upgrade once
    PLACE_PASTURE = "place_pasture"  #: place a cattle pasture as with explore; none left or no space: 2 coins
    REGION_LABEL = "region_label"  #: cover an uncovered region label with a marker and gain its reward
    TAKE_INHABITANT = "take_inhabitant"  #: take 1 inhabitant
    MODERNIZE = "modernize"  #: modernize once (a lever onto a free space, paying its coins)
    PLAY_ANY_OR_DRAW_2 = "play_any_or_draw_2"  #: Builder: play 1 card of any kind, or draw 2 cards
    DRAW_2_THEN_PLAY_ANY = "draw_2_then_play_any"  #: Pioneer, others: draw 2 cards, then play or discard 1 of any kind
    DEVELOP_OR_UPGRADE_OR_PLAY_ANY = "develop_or_upgrade_or_play_any"  #: Settle, all clockwise: develop, upgrade, or play/discard 1 card
    PLACE_CATTLE_OR_PLAY_ANY = "place_cattle_or_play_any"  #: Cattle-breeding, all clockwise: place 1 cattle, or play/discard 1 card
    SCORE_OTHER_REGIONS = "score_other_regions"  #: 1 coin per own presence in the three other regions
    BUY_INHABITANTS = "buy_inhabitants"  #: Hire: any number of times, 3 coins or 3 cards for 1 inhabitant (no mixing within one)
    MODERNIZE_FOR_INHABITANT_OR_DRAW = "modernize_for_inhabitant_or_draw"  #: Progress: give up 1 inhabitant to modernize, else draw 1 card
    PLAY_ANY = "play_any"  #: play 1 card of any kind, or discard it for 2 coins
