"""The closed vocabulary of Boonlake effects: every card, tile, space, track and lever effect is a kind
plus parameters. Adding a card is editing ``catalog.json``; a new kind is an entry here and in the
catalog's schema (which holds each kind's parameters) and its one implementation in the engine
(through the core's effect registry). Numbers are the effect's own: ``n`` a count,
``cards``/``coins``/``vases``/``vp``/``inhabitants`` the amounts given up or gained as the kind's
sentence says.
"""
from __future__ import annotations

import enum


class EffectKind(str, enum.Enum):
    """One line per kind: what it does when it applies (the rules text's symbol overview).

    Rewards and costs shared by river spaces, board spaces, building sites and tracks:

    - ``take_coins``: take n coins from the supply
    - ``draw_cards``: draw n project cards
    - ``take_inhabitants``: take n inhabitants of your colour from the supply onto your ranch
    - ``take_vases``: take n vases
    - ``gain_vp``: gain n victory points
    - ``lose_vp``: lose n victory points (the marker may go below 0)
    - ``pay_coins``: a building site's cost: pay n coins
    - ``discard_cards``: a building site's cost: discard n cards from hand
    - ``free``: a building site without cost or reward
    - ``build_production_site``: place a level-1 site of `resource` ("any": of your choice) or turn
      it to level 2; wasted at level 2
    - ``vase_or_production_site``: river: take 1 vase or build 1 production site of your choice
    - ``advance_coin_track``: advance n spaces on the coin income track
    - ``advance_card_track``: advance n spaces on the card income track
    - ``advance_either_track``: advance n spaces on the coin or the card track (not split)
    - ``coin_track_income``: receive your coin-track income now, without advancing
    - ``card_track_income``: receive your card-track income now, without advancing
    - ``settlement_vp``: building site: gain n VP the moment a house here becomes a settlement
    - ``settlement_penalty``: building site: lose n VP the moment a house here becomes a settlement

    Immediate card effects (lightning):

    - ``discard_cards_for_inhabitants``: discard `cards` cards for `inhabitants` inhabitants
    - ``swap_cards_coins``: exchange `cards` cards for `coins` coins, or `coins` coins for `cards`
      cards
    - ``swap_cards_vase_coins``: discard `cards` cards for `vases` vase and `coins` coins, or the
      reverse to draw `cards`
    - ``swap_cards_vp``: discard `cards` cards for `vp` VP, or give up `vp` VP to draw `cards` cards
    - ``discard_cards_for_vp``: discard `cards` cards for `vp` VP
    - ``inhabitant_for_coins``: give up `inhabitants` inhabitant for `coins` coins
    - ``vases_for_vp``: give up `vases` vases for `vp` VP
    - ``reset_lever``: move n used levers back up
    - ``upgrade_house_free``: upgrade 1 inhabitant to a house without giving up an inhabitant
    - ``upgrade_settlement_eased``: upgrade a house to a settlement giving up n fewer inhabitants
      and needing n fewer presences (cumulative); also a lever

    Game-end card effects:

    - ``vp_per_presence_in_region``: 1 VP per own presence in `region`
    - ``vp_per_production_site``: 1 VP per production site level (a level-2 site gives 2)
    - ``vp_per_house_removed``: n VP per house removed from your board
    - ``vp_per_cattle_removed``: n VP per cattle removed from your board
    - ``vp_per_settlement_removed``: n VP per settlement removed from your board
    - ``vp_threshold``: `measure` reaching `low` (the top number) gives `low_vp`, reaching `high`
      (the bottom number) `high_vp`, below `low` nothing

    Permanent card effects:

    - ``lever_discount``: modernizing costs n coins less (cumulative, never below 0)
    - ``card_coin_discount``: cards and special projects cost n coins less (cumulative, never below
      0)
    - ``discard_bonus``: +n coin whenever you discard a card of `card_kind`
    - ``coin_space_bonus``: +n coin when your ship ends on a coin space
    - ``harbor_bonus``: n coins or n cards when your ship ends in a harbor
    - ``cattle_inhabitant_discount``: give up n fewer inhabitants per cattle placed (cumulative)
    - ``cattle_coins``: +n coins per cattle placed (cumulative)
    - ``vase_space_bonus``: +n vase when your ship ends on a vase space and you take the vase

    Lever effects:

    - ``vase_or_coins``: top row: take `vases` vase, or give up `vases` vase for `coins` coins
    - ``modernize_once``: top row: modernize once
    - ``upgrade_once``: top row: upgrade once (not develop)
    - ``forgo_card_coins_per_site``: when forgoing playing/discarding a card: 1 coin per production
      site level
    - ``forgo_card_coins``: when forgoing playing/discarding a card: n coins
    - ``region_scoring_vp``: at a region scoring: n VP per presence in the regions scored, besides
      the coins
    - ``boat_upstream_free``: move 1 boat upstream any number of steps for free
    - ``tile_placed_inhabitant``: when you place a building tile (pastures too): n inhabitant
    - ``card_joker_or_coins_or_cards``: when playing a card: 1 resource less, or `coins` coins, or
      `cards` cards
    - ``card_joker_and_coins``: when playing a card: 1 resource less and `coins` coins, or just the
      coins
    - ``discard_cards_for_inhabitant_vp``: discard `cards` cards for `inhabitants` inhabitant and
      `vp` VP
    """

    TAKE_COINS = "take_coins"
    DRAW_CARDS = "draw_cards"
    TAKE_INHABITANTS = "take_inhabitants"
    TAKE_VASES = "take_vases"
    GAIN_VP = "gain_vp"
    LOSE_VP = "lose_vp"
    PAY_COINS = "pay_coins"
    DISCARD_CARDS = "discard_cards"
    FREE = "free"
    BUILD_PRODUCTION_SITE = "build_production_site"
    VASE_OR_PRODUCTION_SITE = "vase_or_production_site"
    ADVANCE_COIN_TRACK = "advance_coin_track"
    ADVANCE_CARD_TRACK = "advance_card_track"
    ADVANCE_EITHER_TRACK = "advance_either_track"
    COIN_TRACK_INCOME = "coin_track_income"
    CARD_TRACK_INCOME = "card_track_income"
    SETTLEMENT_VP = "settlement_vp"
    SETTLEMENT_PENALTY = "settlement_penalty"
    DISCARD_CARDS_FOR_INHABITANTS = "discard_cards_for_inhabitants"
    SWAP_CARDS_COINS = "swap_cards_coins"
    SWAP_CARDS_VASE_COINS = "swap_cards_vase_coins"
    SWAP_CARDS_VP = "swap_cards_vp"
    DISCARD_CARDS_FOR_VP = "discard_cards_for_vp"
    INHABITANT_FOR_COINS = "inhabitant_for_coins"
    VASES_FOR_VP = "vases_for_vp"
    RESET_LEVER = "reset_lever"
    UPGRADE_HOUSE_FREE = "upgrade_house_free"
    UPGRADE_SETTLEMENT_EASED = "upgrade_settlement_eased"
    VP_PER_PRESENCE_IN_REGION = "vp_per_presence_in_region"
    VP_PER_PRODUCTION_SITE = "vp_per_production_site"
    VP_PER_HOUSE_REMOVED = "vp_per_house_removed"
    VP_PER_CATTLE_REMOVED = "vp_per_cattle_removed"
    VP_PER_SETTLEMENT_REMOVED = "vp_per_settlement_removed"
    VP_THRESHOLD = "vp_threshold"
    LEVER_DISCOUNT = "lever_discount"
    CARD_COIN_DISCOUNT = "card_coin_discount"
    DISCARD_BONUS = "discard_bonus"
    COIN_SPACE_BONUS = "coin_space_bonus"
    HARBOR_BONUS = "harbor_bonus"
    CATTLE_INHABITANT_DISCOUNT = "cattle_inhabitant_discount"
    CATTLE_COINS = "cattle_coins"
    VASE_SPACE_BONUS = "vase_space_bonus"
    VASE_OR_COINS = "vase_or_coins"
    MODERNIZE_ONCE = "modernize_once"
    UPGRADE_ONCE = "upgrade_once"
    FORGO_CARD_COINS_PER_SITE = "forgo_card_coins_per_site"
    FORGO_CARD_COINS = "forgo_card_coins"
    REGION_SCORING_VP = "region_scoring_vp"
    BOAT_UPSTREAM_FREE = "boat_upstream_free"
    TILE_PLACED_INHABITANT = "tile_placed_inhabitant"
    CARD_JOKER_OR_COINS_OR_CARDS = "card_joker_or_coins_or_cards"
    CARD_JOKER_AND_COINS = "card_joker_and_coins"
    DISCARD_CARDS_FOR_INHABITANT_VP = "discard_cards_for_inhabitant_vp"


class Timing(str, enum.Enum):
    """When a project card's top effect applies (the symbol at its top).

    - ``immediate``: lightning: when the card is played
    - ``game_end``: at the final scoring
    - ``permanent``: throughout the game once played
    """

    IMMEDIATE = "immediate"
    GAME_END = "game_end"
    PERMANENT = "permanent"


class ConditionKind(str, enum.Enum):
    """The bottom half of a scoring tile: what a player must have at an interim scoring.

    - ``two_regions``: the top number of presences in one of `regions`, the bottom number in the
      other
    - ``track_advanced``: marker advanced at least the value on `track`
    - ``lower_track_advanced``: the lower of both income markers advanced at least the value
    - ``production_sites``: that many production site levels built
    - ``adjacent_tiles_with_presence``: a presence on that many mutually adjacent building tiles
      (pastures count)
    - ``levers``: that many levers on your board
    - ``cattle_removed``: that many cattle removed from your board
    - ``settlements_removed``: that many settlements removed from your board
    - ``bridge_presences``: that many presences on building tiles next to bridges
    - ``pay_inhabitant_or_coins``: give up 1 inhabitant or `coins` coins that many times, `vp` VP
      each
    - ``pay_vase_or_coins``: give up 1 vase or `coins` coins that many times, `vp` VP each
    - ``pay_coins``: give up `coins` coins that many times, `vp` VP each
    - ``played_kinds``: played cards: the top number of one of `kinds`, the bottom number of the
      other
    """

    TWO_REGIONS = "two_regions"
    TRACK_ADVANCED = "track_advanced"
    LOWER_TRACK_ADVANCED = "lower_track_advanced"
    PRODUCTION_SITES = "production_sites"
    ADJACENT_TILES_WITH_PRESENCE = "adjacent_tiles_with_presence"
    LEVERS = "levers"
    CATTLE_REMOVED = "cattle_removed"
    SETTLEMENTS_REMOVED = "settlements_removed"
    BRIDGE_PRESENCES = "bridge_presences"
    PAY_INHABITANT_OR_COINS = "pay_inhabitant_or_coins"
    PAY_VASE_OR_COINS = "pay_vase_or_coins"
    PAY_COINS = "pay_coins"
    PLAYED_KINDS = "played_kinds"


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


class StripPart(str, enum.Enum):
    """The parts of an action strip: its middle effects (the active player's, left to right) and
    its right-side effect (all players, or the others with Pioneer). The sentences are "The
    Actions".

    - ``explore``: reveal a gray tile and place it adjacent to a tile (bridges, fords), take the
      space's reward
    - ``develop_or_upgrade``: develop once (an inhabitant onto a site) or upgrade once
    - ``place_pasture``: place a cattle pasture as with explore; none left or no space: 2 coins
    - ``region_label``: cover an uncovered region label with a marker and gain its reward
    - ``take_inhabitant``: take 1 inhabitant
    - ``modernize``: modernize once (a lever onto a free space, paying its coins)
    - ``play_any_or_draw_2``: Builder: play 1 card of any kind, or draw 2 cards
    - ``draw_2_then_play_any``: Pioneer, others: draw 2 cards, then play or discard 1 of any kind
    - ``develop_or_upgrade_or_play_any``: Settle, all clockwise: develop, upgrade, or play/discard 1
      card
    - ``place_cattle_or_play_any``: Cattle-breeding, all clockwise: place 1 cattle, or play/discard
      1 card
    - ``score_other_regions``: 1 coin per own presence in the three other regions
    - ``buy_inhabitants``: Hire: any number of times, 3 coins or 3 cards for 1 inhabitant (no mixing
      within one)
    - ``modernize_for_inhabitant_or_draw``: Progress: give up 1 inhabitant to modernize, else draw 1
      card
    - ``play_any``: play 1 card of any kind, or discard it for 2 coins
    """

    EXPLORE = "explore"
    DEVELOP_OR_UPGRADE = "develop_or_upgrade"
    PLACE_PASTURE = "place_pasture"
    REGION_LABEL = "region_label"
    TAKE_INHABITANT = "take_inhabitant"
    MODERNIZE = "modernize"
    PLAY_ANY_OR_DRAW_2 = "play_any_or_draw_2"
    DRAW_2_THEN_PLAY_ANY = "draw_2_then_play_any"
    DEVELOP_OR_UPGRADE_OR_PLAY_ANY = "develop_or_upgrade_or_play_any"
    PLACE_CATTLE_OR_PLAY_ANY = "place_cattle_or_play_any"
    SCORE_OTHER_REGIONS = "score_other_regions"
    BUY_INHABITANTS = "buy_inhabitants"
    MODERNIZE_FOR_INHABITANT_OR_DRAW = "modernize_for_inhabitant_or_draw"
    PLAY_ANY = "play_any"
