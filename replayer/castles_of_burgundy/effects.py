"""The closed vocabulary of effect kinds a Castles of Burgundy catalog may name.

Every effect in the catalog is a kind from this list plus its parameters (in brackets below); the
schema (``schema/castles-of-burgundy.catalog.schema.json``) holds the same list as an enum and says
which parameters each kind takes. The engine implements each kind once, so adding a knowledge tile
or changing an edition's numbers is editing data.
"""
from __future__ import annotations

import enum


class EffectKind(enum.Enum):
    """One named effect kind; the value is the string the catalog uses."""

    # a tile entering the estate (by colour, or by building type)
    EXTRA_ACTION = "extra_action"  # castle: one extra action at once, with a die of any number the player picks
    PHASE_END_INCOME = "phase_end_income"  # [silverlings] mine: the owner gains them at the end of every phase
    #: [turn_order_steps] take all goods of one numbered depot of the player's choice (storage limits
    #: apply), then move the turn-order marker that many spaces forward, on top of a stack already there
    SHIP = "ship"
    #: pasture: VP = the animals on this tile plus those on every tile of the same animal type already
    #: in the same pasture region
    SCORE_ANIMALS = "score_animals"
    SELL_GOODS = "sell_goods"  # warehouse: sell one goods type of the player's choice, no die, usual rewards
    #: [colours] carpenter (building), church (mine, castle, knowledge), market (ship, pasture): take one
    #: tile of those colours from any numbered depot into storage
    TAKE_TILE = "take_tile"
    GAIN_WORKERS = "gain_workers"  # [n] boarding house: gain n worker tiles
    GAIN_SILVERLINGS = "gain_silverlings"  # [n] bank: gain n silverlings
    #: city hall: place one tile from storage on any empty space whatever its die number (colour,
    #: adjacency and the building rule still apply); that tile's own effect follows
    PLACE_IGNORING_DIE = "place_ignoring_die"
    GAIN_VP = "gain_vp"  # [n] watchtower: gain n VP
    # knowledge (yellow) tiles, from the moment they are placed
    SAME_BUILDING_IN_CITY = "same_building_in_city"  # a city may hold the same building type more than once
    PHASE_END_WORKERS_PER_MINE = "phase_end_workers_per_mine"  # [n] at each phase end also n workers per mine
    SALE_SILVERLINGS = "sale_silverlings"  # [n] a sale gives n silverlings instead of the usual number
    SALE_WORKERS = "sale_workers"  # [n] a sale also gives n workers
    SHIP_ADJACENT_DEPOT = "ship_adjacent_depot"  # a ship also takes the goods of a depot next to the one chosen
    BUY_FROM_NUMBERED_DEPOTS = "buy_from_numbered_depots"  # the purchase may also come from a depot 1-6
    WORKERS_AS_SILVERLINGS = "workers_as_silverlings"  # (2019 #6) workers may pay the purchase one for one
    BUY_BUILDING_FOR_WORKERS = "buy_building_for_workers"  # [n] (SE #6) n workers buy a building from a depot 1-6
    ANIMAL_TILE_BONUS = "animal_tile_bonus"  # [vp] when animals score, vp more per tile counted, the new one too
    WORKER_STEP = "worker_step"  # [n] each worker tile changes a die by up to n instead of 1
    #: [action, colours, n] the die may differ by up to n from the number needed, free, when placing
    #: (``place``) a tile of those colours or taking (``take``) one from a numbered depot
    FREE_ADJUST = "free_adjust"
    TAKE_WORKERS_SILVERLINGS = "take_workers_silverlings"  # [n] the take-workers action also gives n silverlings
    TAKE_WORKERS_COUNT = "take_workers_count"  # [n] the take-workers action gives n workers instead of the usual
    # game end (in the Solo game added as soon as the tile is placed: "Victory points from a yellow
    # Knowledge tile are added immediately after placing it")
    END_VP_PER_GOODS_TYPE_SOLD = "end_vp_per_goods_type_sold"  # [vp] per different goods type sold
    END_VP_PER_BUILDING = "end_vp_per_building"  # [building, vp] per building of that type in the estate
    END_VP_PER_ANIMAL_TYPE = "end_vp_per_animal_type"  # [vp] per different animal type in the estate
    END_VP_PER_GOODS_SOLD = "end_vp_per_goods_sold"  # [vp] per goods tile sold
    END_VP_PER_BONUS_TILE = "end_vp_per_bonus_tile"  # [vp] per bonus tile the player owns


class DieUse(enum.Enum):
    """The actions that need a die number, which the free +-1 of knowledge #9-#12 names."""

    TAKE = "take"  # take a hex tile from a numbered depot
    PLACE = "place"  # place a tile from storage on the estate


class TieBreak(enum.Enum):
    """Criteria that separate players tied on VP, in the order the catalog lists them."""

    MORE_EMPTY_SPACES = "more_empty_spaces"
    FEWER_EMPTY_SPACES = "fewer_empty_spaces"
    LATER_IN_TURN_ORDER = "later_in_turn_order"
    EARLIER_IN_TURN_ORDER = "earlier_in_turn_order"
