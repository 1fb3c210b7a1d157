"""The closed vocabulary of effect kinds a Castles of Burgundy catalog may name.

Every effect in the catalog is a kind from this list plus its parameters; the schema
(``schema/castles-of-burgundy.catalog.schema.json``) holds the same list as an enum and says which
parameters each kind takes. The engine implements each kind once, so adding a knowledge tile or
changing an edition's numbers is editing data. Meaning of each kind (parameters in brackets):

Effects of a tile when it enters the estate (by colour, or by building type):

- ``extra_action``: castle. One extra action at once, as with a die showing any number the player picks.
- ``phase_end_income`` [silverlings]: mine. At the end of every phase the owner gains that many silverlings.
- ``ship`` [turn_order_steps]: take all goods of one numbered depot of the player's choice (storage limits
  apply), then move the turn-order marker that many spaces forward, on top of a stack already there.
- ``score_animals``: pasture. VP = the animals on this tile plus those on every tile of the same animal
  type already in the same pasture region.
- ``sell_goods``: warehouse. Sell one goods type of the player's choice, no die needed, with the usual rewards.
- ``take_tile`` [colours]: carpenter (building), church (mine, castle, knowledge), market (ship, pasture).
  Take one tile of one of those colours from any numbered depot into storage.
- ``gain_workers`` [n]: boarding house. Gain n worker tiles.
- ``gain_silverlings`` [n]: bank. Gain n silverlings.
- ``place_ignoring_die``: city hall. Place one tile from storage on any empty space whatever its die number
  (colour, adjacency and the building rule still apply); that tile's own effect follows.
- ``gain_vp`` [n]: watchtower. Gain n VP.

Knowledge (yellow) tiles, from the moment they are placed:

- ``same_building_in_city``: a city may hold the same building type more than once.
- ``phase_end_workers_per_mine`` [n]: at each phase end, n workers per mine as well as the silverlings.
- ``sale_silverlings`` [n]: a sale gives n silverlings instead of the usual number.
- ``sale_workers`` [n]: a sale also gives n workers.
- ``ship_adjacent_depot``: a ship also takes the goods of one depot next to the chosen one on the ring.
- ``buy_from_numbered_depots``: the once-per-turn purchase may also come from a numbered depot 1-6.
- ``workers_as_silverlings``: (2019 #6) workers may pay for the purchase one for one instead of silverlings.
- ``buy_building_for_workers`` [n]: (SE #6) pay n workers to buy a building from a numbered depot.
- ``animal_tile_bonus`` [vp]: when animals score, vp more for each tile counted, the new one included.
- ``worker_step`` [n]: each worker tile changes a die by up to n instead of 1.
- ``free_adjust`` [action, colours, n]: the die may differ by up to n from the number needed, free, when
  placing (``place``) a tile of those colours or taking (``take``) one from a numbered depot.
- ``take_workers_silverlings`` [n]: the take-workers action also gives n silverlings.
- ``take_workers_count`` [n]: the take-workers action gives n workers instead of the usual number.
- ``end_vp_per_goods_type_sold`` [vp]: game end, vp per different goods type the player has sold.
- ``end_vp_per_building`` [building, vp]: game end, vp per building of that type in the estate.
- ``end_vp_per_animal_type`` [vp]: game end, vp per different animal type in the estate.
- ``end_vp_per_goods_sold`` [vp]: game end, vp per goods tile sold.
- ``end_vp_per_bonus_tile`` [vp]: game end, vp per bonus tile the player owns.

In the Solo game the end-of-game knowledge VP are added as soon as the tile is placed (Solo text:
"Victory points from a yellow Knowledge tile are added immediately after placing it").
"""
from __future__ import annotations

import enum


class EffectKind(enum.Enum):
    """One named effect kind; the value is the string the catalog uses."""

    EXTRA_ACTION = "extra_action"
    PHASE_END_INCOME = "phase_end_income"
    SHIP = "ship"
    SCORE_ANIMALS = "score_animals"
    SELL_GOODS = "sell_goods"
    TAKE_TILE = "take_tile"
    GAIN_WORKERS = "gain_workers"
    GAIN_SILVERLINGS = "gain_silverlings"
    PLACE_IGNORING_DIE = "place_ignoring_die"
    GAIN_VP = "gain_vp"
    SAME_BUILDING_IN_CITY = "same_building_in_city"
    PHASE_END_WORKERS_PER_MINE = "phase_end_workers_per_mine"
    SALE_SILVERLINGS = "sale_silverlings"
    SALE_WORKERS = "sale_workers"
    SHIP_ADJACENT_DEPOT = "ship_adjacent_depot"
    BUY_FROM_NUMBERED_DEPOTS = "buy_from_numbered_depots"
    WORKERS_AS_SILVERLINGS = "workers_as_silverlings"
    BUY_BUILDING_FOR_WORKERS = "buy_building_for_workers"
    ANIMAL_TILE_BONUS = "animal_tile_bonus"
    WORKER_STEP = "worker_step"
    FREE_ADJUST = "free_adjust"
    TAKE_WORKERS_SILVERLINGS = "take_workers_silverlings"
    TAKE_WORKERS_COUNT = "take_workers_count"
    END_VP_PER_GOODS_TYPE_SOLD = "end_vp_per_goods_type_sold"
    END_VP_PER_BUILDING = "end_vp_per_building"
    END_VP_PER_ANIMAL_TYPE = "end_vp_per_animal_type"
    END_VP_PER_GOODS_SOLD = "end_vp_per_goods_sold"
    END_VP_PER_BONUS_TILE = "end_vp_per_bonus_tile"


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
