"""The board effects: explore, develop, upgrade (house, settlement), cattle pastures and cattle,
region labels, modernize and hire, and the levers that modernize or upgrade once (registered with
the other lever effects, :mod:`.levers`, which this module uses).

Rules text: "Special Effects: Play a Card, Explore, Develop, Upgrade", "Tier Bonus", "The Actions".
"""
from __future__ import annotations

from ..core.errors import IllegalMove
from .board import next_to, presences_around, tile_spaces
from .costs import (HIRE_CARDS, HIRE_COINS, MAX_CATTLE, MAX_CATTLE_ON_PASTURE, MAX_SETTLEMENTS, cattle_coins,
                    cattle_payment, settlement_payment, settlement_presences_needed)
from .effects import EffectKind
from .resolve import (EFFECTS, Choices, apply_effect, gain_vp, give_up_cards, give_up_inhabitants, pay_coins,
                      take_inhabitants)
from .levers import use_attached
from .state import BoonlakeState, Piece

_SETTLEMENT = frozenset({"settlement"})
_TILE = frozenset({"tile"})


def _place_tile_space(s: BoonlakeState, space: int) -> None:
    if space not in s.cat.spaces:
        raise IllegalMove("BOON.EXPLORE.SPACE", f"the gameboard has spaces 1-{s.cat.space_count}, not {space}", "/space")
    if space in s.tiles:
        raise IllegalMove("BOON.EXPLORE.OCCUPIED", f"space {space} already holds a building tile", "/space")
    if space not in tile_spaces(s.cat, s.tiles):
        raise IllegalMove("BOON.EXPLORE.NOT_ADJACENT", f"space {space} is not adjacent to a building tile "
                                                       f"(nor connected by a bridge or ford to one)", "/space")


def gray_tile(s: BoonlakeState, tile: str) -> str:
    """The gray tile a move names, revealed from the mound.

    :raises IllegalMove: BOON.EXPLORE.TILE, or the core's CORE.HIDDEN.* codes."""
    if tile not in s.cat.building_tiles or s.cat.building_tiles[tile].back != "gray":
        raise IllegalMove("BOON.EXPLORE.TILE", f"{tile!r} is not a gray building tile of the mound", "/tile")
    s.mound.reveal(tile, pointer="/tile")
    return tile


def explore(s: BoonlakeState, seat: int, move: dict) -> None:
    """Reveal the gray tile written in the move from the mound, place it, take the space's reward."""
    _place_tile_space(s, move["space"])
    _lay_tile(s, seat, move, gray_tile(s, move["tile"]))


def place_pasture(s: BoonlakeState, seat: int, move: dict) -> None:
    """A cattle pasture on an open space, with the space's reward (as with Explore); with none
    left the part gives 2 coins without a decision (``turn._auto_middle``)."""
    _place_tile_space(s, move["space"])
    s.pastures_left -= 1
    s.cattle[move["space"]] = []
    _lay_tile(s, seat, move, "pasture")


def _lay_tile(s: BoonlakeState, seat: int, move: dict, tile: str) -> None:
    """The tile on the move's space, with the levers for a placed tile and the space's reward."""
    s.tiles[move["space"]] = tile
    ch = Choices(move)
    use_attached(s, seat, move, _TILE, ch)
    apply_effect(s, seat, s.cat.spaces[move["space"]].reward, ch)
    ch.finish()


def _site(s: BoonlakeState, move: dict, base: str = "") -> tuple[int, int]:
    space = move["space"]
    tile = s.tiles.get(space)
    if tile is None:
        raise IllegalMove("BOON.SITE.NO_TILE", f"space {space} holds no building tile", f"{base}/space")
    if tile == "pasture":
        raise IllegalMove("BOON.SITE.PASTURE", f"space {space} is a cattle pasture: it never holds inhabitants or houses",
                          f"{base}/space")
    sites = s.cat.building_tiles[tile].sites
    index = move.get("site")
    if index is None:  # one way to write each site: 'site' on a tile with 2, never on a tile with 1
        if len(sites) > 1:
            raise IllegalMove("BOON.SITE.INDEX", f"the tile on space {space} has {len(sites)} building sites: write 'site' "
                                                 f"(1 the upper, 2 the lower)", f"{base}/space")
        return space, 0
    if len(sites) == 1 or not 1 <= index <= len(sites):
        raise IllegalMove("BOON.SITE.INDEX", f"the tile on space {space} has {len(sites)} building site(s)"
                                             + (": write no 'site'" if len(sites) == 1 and index == 1 else f", not site {index}"),
                          f"{base}/site")
    return space, index - 1


def develop(s: BoonlakeState, seat: int, move: dict) -> None:
    """An inhabitant from the ranch onto an unoccupied building site, paying its cost or taking its reward."""
    space, i = _site(s, move)
    if (space, i) in s.sites:
        raise IllegalMove("BOON.DEVELOP.OCCUPIED", f"site {i + 1} on space {space} is already occupied", "/site" if "site" in move else "/space")
    p = s.players[seat]
    if p.ranch < 1:
        raise IllegalMove("BOON.PAY.INHABITANTS", f"developing places an inhabitant from the ranch; {s.ids[seat]} has none there", "/space")
    p.ranch -= 1
    s.sites[(space, i)] = (seat, Piece.INHABITANT)
    ch = Choices(move)
    for eff in s.cat.building_tiles[s.tiles[space]].sites[i]:  # a settlement's VP or penalty does nothing yet
        apply_effect(s, seat, eff, ch)
    ch.finish()


def _tier_bonus(s: BoonlakeState, seat: int) -> None:
    """Emptying tier 1 or 2 of its pieces puts the inhabitant left of it onto the ranch."""
    p = s.players[seat]
    for row, bonus in s.cat.tiers:
        if bonus is not None and bonus.id not in p.vacated and all(r.id in p.vacated for r in row):
            p.vacated.add(bonus.id)
            p.ranch += 1


def _take_piece(s: BoonlakeState, seat: int, piece: str) -> str | None:
    """The topmost recess of ``piece`` still holding one, vacated now (None: the board has none left)."""
    p = s.players[seat]
    for rid in s.cat.piece_order[piece]:
        if rid not in p.vacated:
            p.vacated.add(rid)
            if piece == "house":
                p.houses_removed += 1
            elif piece == "settlement":
                p.settlements_removed += 1
            return rid
    return None


def upgrade(s: BoonlakeState, seat: int, move: dict, base: str = "", free_house: bool = False, eased: int = 0) -> None:
    """Upgrade an inhabitant to a house or a house to a settlement (``move['to']``); an ``upgrade``
    move's own ``levers`` ease a settlement."""
    if not base and "levers" in move:
        ch = Choices(move)
        use_attached(s, seat, move, _SETTLEMENT if move["to"] == "settlement" else frozenset(), ch)
        eased += ch.eased
    space, i = _site(s, move, base)
    held = s.sites.get((space, i))
    to = move["to"]
    want = Piece.INHABITANT if to == "house" else Piece.HOUSE
    where = f"{base}/site" if "site" in move else f"{base}/space"
    if held is None or held[0] != seat or held[1] is not want:
        raise IllegalMove("BOON.UPGRADE.PIECE", f"upgrading to a {to} needs {s.ids[seat]}'s own {want.value} on site "
                                                f"{i + 1} of space {space}", where)
    p = s.players[seat]
    if to == "house":
        if "substitute" in move:
            raise IllegalMove("BOON.UPGRADE.SUBSTITUTE", "a house costs 1 inhabitant; nothing can be substituted", f"{base}/substitute")
        if not free_house:
            give_up_inhabitants(s, seat, 1, where, "upgrading to a house")
        if _take_piece(s, seat, "house") is None:
            if p.houses_aside <= 0:
                raise IllegalMove("BOON.UPGRADE.NO_HOUSE", "all 6 houses are on the gameboard: no house is left to place", where)
            p.houses_aside -= 1
        p.supply += 1  # the replaced inhabitant goes back to the supply
        s.sites[(space, i)] = (seat, Piece.HOUSE)
        _tier_bonus(s, seat)
        return
    needed = settlement_presences_needed(eased)
    around = presences_around(s.cat, space, s.presences())
    if around < needed:
        raise IllegalMove("BOON.UPGRADE.PRESENCES", f"a house becomes a settlement only when adjacent to at least {needed} "
                                                    f"presences; the house on space {space} has {around}", where)
    nth = sum(1 for r in s.cat.piece_order["settlement"] if r in p.vacated) + 1
    region = s.cat.spaces[space].region
    if nth > MAX_SETTLEMENTS:
        raise IllegalMove("BOON.UPGRADE.MAX_SETTLEMENTS", f"a player builds at most {MAX_SETTLEMENTS} settlements; "
                                                          f"this would be number {nth}", where)
    second = region in p.settlement_regions
    pay = settlement_payment(nth, move.get("substitute", 0), eased, second, f"{base}/substitute")
    give_up_inhabitants(s, seat, pay.inhabitants, where, f"settlement no. {nth}")
    gain_vp(s, seat, -pay.vp, "settlements", f"VP given up for settlement no. {nth} (4 per inhabitant substituted, "
                                              f"5 for a second settlement in a region)")
    _take_piece(s, seat, "settlement")
    p.houses_aside += 1
    p.settlement_regions.append(region)
    s.sites[(space, i)] = (seat, Piece.SETTLEMENT)
    for eff in s.cat.building_tiles[s.tiles[space]].sites[i]:
        if eff.kind is EffectKind.SETTLEMENT_VP:
            gain_vp(s, seat, eff.get("n"), "settlements", f"a settlement on a site showing {eff.get('n')} VP")
        elif eff.kind is EffectKind.SETTLEMENT_PENALTY:
            gain_vp(s, seat, -eff.get("n"), "settlements", f"a settlement on a site costing {eff.get('n')} VP")
    _tier_bonus(s, seat)


def place_cattle(s: BoonlakeState, seat: int, move: dict) -> None:
    """A cattle from the board onto a pasture with at most 3, paying 1-4 inhabitants (+ surcharges),
    2 coins per house next to it."""
    space = move["space"]
    if s.tiles.get(space) != "pasture":
        raise IllegalMove("BOON.CATTLE.NO_PASTURE", f"space {space} holds no cattle pasture", "/space")
    on = len(s.cattle[space])
    p = s.players[seat]
    nth = p.cattle_placed + 1
    if nth > MAX_CATTLE:
        raise IllegalMove("BOON.CATTLE.NONE_LEFT", f"all {MAX_CATTLE} of {s.ids[seat]}'s cattle are on the gameboard",
                          "/space")
    if on > MAX_CATTLE_ON_PASTURE:
        raise IllegalMove("BOON.CATTLE.FULL", f"the pasture on space {space} holds {on} cattle; at most "
                                              f"{MAX_CATTLE_ON_PASTURE} may be there "
                                              f"before one more is placed", "/space")
    pay = cattle_payment(on, nth, move.get("substitute", 0), p.permanent.get(EffectKind.CATTLE_INHABITANT_DISCOUNT.value, 0))
    give_up_inhabitants(s, seat, pay.inhabitants, "/space", f"cattle no. {nth} on a pasture holding {on}")
    gain_vp(s, seat, -pay.vp, "cattle", f"VP given up for cattle no. {nth} (4 per inhabitant substituted)")
    _take_piece(s, seat, "cattle")
    p.cattle_placed = nth
    s.cattle[space].append(seat)
    p.coins += cattle_coins(next_to(s.cat, space, s.pieces_at(Piece.HOUSE)),
                            p.permanent.get(EffectKind.CATTLE_COINS.value, 0))
    _tier_bonus(s, seat)


def region_label(s: BoonlakeState, seat: int, move: dict) -> str:
    """Cover an uncovered region label with a marker and gain its reward; the region chosen."""
    region = move["region"]
    if region not in s.cat.region:
        raise IllegalMove("BOON.REGION.UNKNOWN", f"the regions are {', '.join(r.id for r in s.cat.regions)}, not {region!r}", "/region")
    if region in s.covered:
        raise IllegalMove("BOON.REGION.COVERED", f"the label of {s.cat.region[region].name} is already covered by a region marker",
                          "/region")
    s.covered.add(region)
    ch = Choices(move)
    apply_effect(s, seat, s.cat.region[region].label_reward, ch)
    ch.finish()
    return region


def modernize(s: BoonlakeState, seat: int, space: str, pointer: str = "/lever") -> None:
    """A lever onto an unoccupied modernization space, paying its coins less lever discounts."""
    lever = s.cat.lever_spaces.get(space)
    if lever is None:
        raise IllegalMove("BOON.LEVER.SPACE", f"the modernization spaces are {', '.join(s.cat.lever_spaces)}, not {space!r}", pointer)
    p = s.players[seat]
    if space in p.levers:
        raise IllegalMove("BOON.LEVER.TAKEN", f"space {space} of {s.ids[seat]}'s board already holds a lever", pointer)
    cost = max(0, lever.cost - p.permanent.get(EffectKind.LEVER_DISCOUNT.value, 0))
    pay_coins(s, seat, cost, pointer, f"modernizing space {space}")
    p.levers[space] = False


def hire(s: BoonlakeState, seat: int, move: dict) -> None:
    """Hire: 3 coins (``coins``) or 3 cards (``cards``) per inhabitant, each paid one way, as often as
    wanted; the cards are named by the ``give`` moves that follow (3 per inhabitant)."""
    by_coins = move.get("coins", 0)
    by_cards = move.get("cards", 0)
    count = by_coins + by_cards
    if count < 1:
        raise IllegalMove("BOON.HIRE.NONE", "a hire takes at least 1 inhabitant (or pass)", "/coins")
    p = s.players[seat]
    if count > p.supply:
        raise IllegalMove("BOON.HIRE.SUPPLY", f"{s.ids[seat]} has {p.supply} inhabitant(s) left in the supply, not {count}",
                          "/cards" if by_cards and not by_coins else "/coins")
    pay_coins(s, seat, HIRE_COINS * by_coins, "/coins", f"hiring {by_coins} inhabitant(s)")
    if by_cards:
        give_up_cards(s, seat, HIRE_CARDS * by_cards, "/cards", f"hiring {by_cards} inhabitant(s) for {HIRE_CARDS} cards "
                                                                f"each", code="BOON.HIRE.CARDS")
    take_inhabitants(s, seat, count)


# -- the levers that modernize or upgrade once (their effects registered with the others') --

@EFFECTS.effect(EffectKind.MODERNIZE_ONCE.value)
def _modernize_once(s, seat, eff, ch):
    if "modernize" not in ch.move:
        raise IllegalMove("BOON.CHOICE.MISSING", "this lever modernizes once: name the space in 'modernize'", "/lever")
    modernize(s, seat, ch.move["modernize"], "/modernize")


@EFFECTS.effect(EffectKind.UPGRADE_ONCE.value)
def _upgrade_once(s, seat, eff, ch):
    spec = ch.move.get("upgrade")
    if spec is None:
        raise IllegalMove("BOON.CHOICE.MISSING", "this lever upgrades once: write the upgrade in 'upgrade'", "/lever")
    use_attached(s, seat, ch.move, _SETTLEMENT if spec["to"] == "settlement" else frozenset(), ch)
    upgrade(s, seat, spec, "/upgrade", eased=ch.eased)
