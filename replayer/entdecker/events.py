"""The event tiles' effects: each catalog effect kind (``events.<name>.effect`` in catalog.json)
implemented once, registered by name. A catalog naming a kind not registered here is refused
when the engine loads it (:meth:`EffectRegistry.check_catalog`), never when the tile turns up."""
from __future__ import annotations

from ..core.decisions import EffectRegistry
from .state import EntdeckerState

EFFECTS: EffectRegistry = EffectRegistry("Entdecker")


@EFFECTS.effect("end_turn")
def storm(s: EntdeckerState, seat: int, spec: dict) -> None:
    """Storm: the turn is over; its player's ``end`` closes it (one rule for ``end``)."""
    s.stormed = True


@EFFECTS.effect("build_cost_multiplier")
def hostile_natives(s: EntdeckerState, seat: int, spec: dict) -> None:
    s.build_factor = spec.get("amount", 2)


@EFFECTS.effect("draw_plant")
def welcoming_natives(s: EntdeckerState, seat: int, spec: dict) -> None:
    """A plant token may be drawn as the very next move (if any is left)."""
    s.natives_offer = s.plant_tokens.remaining > 0


@EFFECTS.effect("lose_half_wealth_round_up")
def pirates(s: EntdeckerState, seat: int, spec: dict) -> None:
    s.wealth[seat] -= (s.wealth[seat] + 1) // 2


@EFFECTS.effect("victory_points")
def ruins(s: EntdeckerState, seat: int, spec: dict) -> None:
    s.ledger.add(seat, spec.get("amount", 0), "ruins", f"discovered ruins on {s.cat.cell_name(s.ship_cell)}")


@EFFECTS.effect("gain_wealth")
def gold(s: EntdeckerState, seat: int, spec: dict) -> None:
    s.wealth[seat] = min(s.cat.wealth_max, s.wealth[seat] + spec.get("amount", 0))
