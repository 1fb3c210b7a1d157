"""Kingdom Crossing's board as SVG for the HTML report (``Game.render_svg``).

The regions stand on a ring in clockwise order, joined by their bridges (two bridges between the
same regions bent apart, each labelled at its own middle); each region shows its
deck spaces' face-up cards (or the empty-deck tile covering the space), the beavers of the players
standing there, their Houses and the balloon. Under the ring, one line per player: Prestige, coins,
resources and the five guild tracks.
"""
from __future__ import annotations

import math
from html import escape

from ..core.colours import seat_colour
from .catalog import GUILDS, RESOURCES

_WIDTH, _RING = 760, 250  # px: picture width, ring radius
_REGION_R = 78  # px: radius of a region's circle
_BRIDGE_GAP = 44  # px: between the middles of two bridges joining the same regions


def _centres(cat) -> list[tuple[float, float]]:
    """Centre of each region on the ring, the first region at the top, then clockwise."""
    order, region = [], 0
    for _ in cat.regions:
        order.append(region)
        region = cat.clockwise_next[region]
    centres = [(0.0, 0.0)] * len(cat.regions)
    for k, r in enumerate(order):
        angle = -math.pi / 2 + 2 * math.pi * k / len(order)
        centres[r] = (_WIDTH / 2 + _RING * math.cos(angle), 40 + _RING + _REGION_R + _RING * math.sin(angle))
    return centres


def bridge_curves(cat, centres) -> list[tuple[float, float, float, float, float, float]]:
    """Per bridge: its start, the control point of its curve and the point its label is written at.

    Bridges joining the same two regions (B1/B2, B3/B4) are bent apart, symmetrically about the
    straight line between the regions and ``_BRIDGE_GAP`` px apart at their middles, so that
    neither the bridges nor their labels lie on each other; a single bridge is straight."""
    pairs: dict[frozenset, list[int]] = {}
    for b, (a, z) in enumerate(cat.bridge_ends):
        pairs.setdefault(frozenset((a, z)), []).append(b)
    out = []
    for b, (a, z) in enumerate(cat.bridge_ends):
        (x1, y1), (x2, y2) = centres[a], centres[z]
        same = pairs[frozenset((a, z))]
        offset = (same.index(b) - (len(same) - 1) / 2) * _BRIDGE_GAP
        if a > z:  # the same side for both directions of a pair
            offset = -offset
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length  # unit normal to the line between the regions
        mx, my = (x1 + x2) / 2 + nx * offset, (y1 + y2) / 2 + ny * offset  # the curve's middle
        out.append((x1, y1, 2 * mx - (x1 + x2) / 2, 2 * my - (y1 + y2) / 2, mx, my))
    return out


def render_svg(s) -> str:
    """The position as one SVG document (see the module docstring)."""
    cat = s.cat
    centres = _centres(cat)
    top = 80 + 2 * (_RING + _REGION_R)
    people = len(s.players)
    height = top + 22 * people + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board kingdom-crossing" viewBox="0 0 {_WIDTH} {height}" '
           f'width="{_WIDTH}" height="{height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{_WIDTH}" height="{height}" fill="#f3f0e6"/>']
    for b, (x1, y1, cx, cy, lx, ly) in enumerate(bridge_curves(cat, centres)):
        (x2, y2) = centres[cat.bridge_ends[b][1]]
        out.append(f'<g class="bridge" data-bridge="{escape(cat.bridges[b])}"><title>bridge {escape(cat.bridges[b])}</title>'
                   f'<path d="M{x1:.1f},{y1:.1f} Q{cx:.1f},{cy:.1f} {x2:.1f},{y2:.1f}" fill="none" stroke="#8a6a3d" '
                   f'stroke-width="6"/><text x="{lx:.1f}" y="{ly + 4:.1f}" text-anchor="middle" fill="#5a4020" '
                   f'font-weight="bold" paint-order="stroke" stroke="#f3f0e6" stroke-width="3">{escape(cat.bridges[b])}</text></g>')
    for r, name in enumerate(cat.regions):
        x, y = centres[r]
        out.append(f'<g class="region" data-region="{escape(name)}"><circle cx="{x:.1f}" cy="{y:.1f}" r="{_REGION_R}" '
                   f'fill="#cfe3b5" stroke="#4d7a2a" stroke-width="2"/>'
                   f'<text x="{x:.1f}" y="{y - _REGION_R + 16:.1f}" text-anchor="middle" font-weight="bold">{escape(name)}</text>')
        for k, space in enumerate(cat.region_spaces[r]):
            shown = s.space_card[space] or (f"tile {s.space_tile[space]}" if s.space_tile[space] else "empty")
            bird = f" + {s.space_bird[space]}" if s.space_bird[space] else ""
            out.append(f'<text class="deck" x="{x:.1f}" y="{y - _REGION_R + 34 + 14 * k:.1f}" text-anchor="middle">'
                       f'{escape(cat.spaces[space])}: {escape(str(shown))}{escape(bird)}</text>')
        if s.balloon == r:
            out.append(f'<g class="balloon"><title>the balloon</title><circle cx="{x + _REGION_R - 14:.1f}" '
                       f'cy="{y - _REGION_R + 14:.1f}" r="11" fill="#e66" stroke="#000"/>'
                       f'<line x1="{x + _REGION_R - 14:.1f}" y1="{y - _REGION_R + 25:.1f}" x2="{x + _REGION_R - 14:.1f}" '
                       f'y2="{y - _REGION_R + 33:.1f}" stroke="#000"/></g>')
        out.append("</g>")
    for seat, p in enumerate(s.players):
        colour = seat_colour(seat)
        pid = escape(str(s.ids[seat]))
        for h, region in enumerate(p.houses):
            if region < 0:
                continue
            x, y = centres[region]
            hx, hy = x - 50 + 14 * seat, y + 40 + 12 * h
            out.append(f'<rect class="house" x="{hx:.1f}" y="{hy:.1f}" width="10" height="10" fill="{colour}" '
                       f'stroke="#000"><title>House of {pid}</title></rect>')
        if p.region >= 0:
            x, y = centres[p.region]
            bx, by = x - 30 + 20 * seat, y + 22
            out.append(f'<g class="beaver" data-player="{pid}"><title>{pid}\'s beaver</title>'
                       f'<ellipse cx="{bx:.1f}" cy="{by:.1f}" rx="9" ry="7" fill="{colour}" stroke="#000"/>'
                       f'<text x="{bx:.1f}" y="{by + 4:.1f}" text-anchor="middle" font-size="9" fill="#fff">{seat + 1}</text></g>')
    for seat, p in enumerate(s.players):
        y = top + 22 * seat
        colour = seat_colour(seat)
        prestige = s.ledger_of(seat).totals[0 if seat >= s.n else seat]
        resources = ", ".join(f"{n} {name}" for n, name in zip(p.res, RESOURCES))
        tracks = ", ".join(f"{name} {level}" for name, level in zip(GUILDS, p.guild))
        out.append(f'<rect x="20" y="{y - 11}" width="14" height="14" fill="{colour}" stroke="#000"/>'
                   f'<text x="42" y="{y}">{escape(str(s.ids[seat]))}: {prestige} Prestige, {p.coins} coins; {escape(resources)}; '
                   f'guilds: {escape(tracks)}</text>')
    out.append(f'<text x="20" y="{top + 22 * people + 8}" fill="#444">round {s.round}; discs: beavers (seat number), '
               f'squares: Houses, red circle: the balloon; each deck space shows its face-up card</text>')
    out.append("</svg>")
    return "".join(out)
