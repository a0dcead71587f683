"""The Pax Britannica world map as a PNG (issue 19): areas as tiles at their
place on an equirectangular world, status markers by power colour *and* shape
*and* letters (round Interest/Influence, hexagonal Controls, L75), Unrest,
armies and fleets, merchant fleets in the sea zones, and the treasury, VP, ET
and CR tracks. ``crop`` picks a continent a phone can read.

Colours are the Okabe-Ito palette (safe for the common colour-vision
deficiencies); every marker also carries its power's two letters, so nothing
is told by colour alone. Drawing kit (fonts, cached text) is render/gandhi's.
"""
from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from PIL import Image

from engine.pax.data import get_data

from ..gandhi.fastdraw import FastDraw
from ..gandhi.fonts import font

LAYOUT = Path(__file__).with_name("layout.yaml")

SEA = (38, 70, 96)
LAND = (236, 228, 204)
HOME_FILL = (214, 204, 176)
INK = (28, 28, 30)
PANEL = (24, 37, 50)
PANEL_TEXT = (240, 240, 236)
ROUTE = (120, 110, 90)
UNREST = (204, 121, 167)  # Okabe-Ito reddish purple, with the word UNREST

# Okabe-Ito first, then darker and lighter variants; every marker also shows CODE.
POWER_COLOUR = {
    "great_britain": (213, 94, 0), "germany": (0, 0, 0), "france": (0, 114, 178), "usa": (86, 180, 233),
    "japan": (204, 121, 167), "russia": (0, 158, 115), "italy": (230, 159, 0), "austria_hungary": (120, 120, 120),
    "belgium": (240, 228, 66), "netherlands": (250, 170, 120), "spain": (150, 60, 60), "portugal": (80, 110, 40),
}
CODE = {"great_britain": "GB", "germany": "DE", "france": "FR", "usa": "US", "japan": "JP", "russia": "RU",
        "italy": "IT", "austria_hungary": "AH", "belgium": "BE", "netherlands": "NL", "spain": "ES",
        "portugal": "PT"}
LEVEL_MARK = {"interest": "I", "influence": "F", "protectorate": "P", "possession": "S", "dominion": "D",
              "state": "T"}


@lru_cache(maxsize=1)
def layout() -> dict[str, Any]:
    return yaml.safe_load(LAYOUT.read_text(encoding="utf-8"))


def _text_colour(c: tuple[int, int, int]) -> tuple[int, int, int]:
    return INK if sum(c) > 420 else (255, 255, 255)


def project(crop: list[float], width: int) -> tuple[int, Any]:
    """(height, lon/lat -> x/y) for an equirectangular crop ``[w, s, e, n]``."""
    w, s, e, n = crop
    height = int(width * (n - s) / (e - w) * 1.15)

    def xy(lon: float, lat: float) -> tuple[float, float]:
        return (lon - w) / (e - w) * width, (n - lat) / (n - s) * height
    return height, xy


def _spread(boxes: dict[str, list[float]], tw: int, th: int, rounds: int = 40) -> None:
    """Push overlapping tiles apart (deterministic: ids in sorted order)."""
    ids = sorted(boxes)
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                ax, ay = boxes[a]
                bx, by = boxes[b]
                dx, dy = bx - ax, by - ay
                ox, oy = tw + 4 - abs(dx), th + 4 - abs(dy)
                if ox > 0 and oy > 0:
                    moved = True
                    if ox < oy:
                        s = (ox / 2 + 0.5) * (1 if dx >= 0 else -1)
                        boxes[a][0] -= s
                        boxes[b][0] += s
                    else:
                        s = (oy / 2 + 0.5) * (1 if dy >= 0 else -1)
                        boxes[a][1] -= s
                        boxes[b][1] += s
        if not moved:
            return


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx - r, cy), (cx - r / 2, cy - r * 0.87), (cx + r / 2, cy - r * 0.87), (cx + r, cy),
            (cx + r / 2, cy + r * 0.87), (cx - r / 2, cy + r * 0.87)]


def draw_marker(d: FastDraw, power: str, level: str, new: bool, cx: float, cy: float, r: float) -> None:
    """A status marker: round for Interest/Influence, hexagonal for Controls
    (L75); hollow for Interest and Protectorate, filled above; a double ring
    for Dominion/State; a white dot while the Status Change marker is on."""
    colour = POWER_COLOUR.get(power, (128, 128, 128))
    filled = level in ("influence", "possession", "dominion", "state")
    fill = colour if filled else LAND
    ink = _text_colour(colour) if filled else INK
    if level in ("interest", "influence"):
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=colour if not filled else INK, width=3)
    else:
        d.polygon(_hexagon(cx, cy, r), fill=fill, outline=colour if not filled else INK, width=3)
        if level in ("dominion", "state"):
            d.polygon(_hexagon(cx, cy, r + 3), outline=INK, width=2)
    d.text((cx, cy), CODE.get(power, power[:2].upper()), font=font(int(r * 0.95), "bold"), fill=ink, anchor="mm")
    if new:
        d.ellipse((cx + r * 0.5, cy - r * 1.05, cx + r * 1.05, cy - r * 0.5), fill=(255, 255, 255), outline=INK)


def _units_text(units: dict[str, int]) -> str:
    army = sum(int(k.split("-")[1]) * n for k, n in units.items() if k.startswith("army"))
    fleet = sum(int(k.split("-")[1]) * n for k, n in units.items() if k.startswith("fleet"))
    return " ".join(x for x in (f"A{army}" if army else "", f"F{fleet}" if fleet else "") if x)


def render_map(public: dict[str, Any], crop: str = "world", width: int | None = None) -> bytes:
    """PNG bytes of the map of ``public`` (``engine.export_state`` of a Pax
    game) for ``crop`` (a key of layout.yaml ``crops``: world, europe_africa,
    asia, americas, pacific). Raises KeyError for an unknown crop."""
    data = get_data()
    lay = layout()
    box = lay["crops"][crop]
    width = width or (1800 if crop == "world" else 1280)
    tw, th = (78, 40) if crop == "world" else (112, 58)
    map_h, xy = project(box, width)
    panel_h = 150
    img = Image.new("RGB", (width, map_h + panel_h), SEA)
    d = FastDraw(img)
    places = lay["places"]
    w, s, e, n = box
    inside = {p for p, (lon, lat) in places.items() if w - 2 <= lon <= e + 2 and s - 2 <= lat <= n + 2}
    land = [p for p in inside if p in data.areas or p in data.homes]
    centres = {p: list(xy(*places[p])) for p in land}
    _spread(centres, tw, th)
    for c in centres.values():  # keep every tile (and its unit line) on the picture
        c[0] = min(max(c[0], tw / 2 + 2), width - tw / 2 - 2)
        c[1] = min(max(c[1], th / 2 + 2), map_h - th / 2 - 16)
    # sea zones and merchant fleets
    for sea in sorted(p for p in inside if p in data.seas):
        x, y = xy(*places[sea])
        d.text((x, y - 10), data.seas[sea].name, font=font(15 if crop != "world" else 12, "italic"),
               fill=(190, 210, 226), anchor="mm")
        fleets = [p for p, ps in sorted(public["powers"].items()) if sea in ps["merchant"]]
        for i, p in enumerate(fleets):
            fx = x - (len(fleets) - 1) * 13 + i * 26
            d.polygon([(fx - 11, y + 6), (fx + 11, y + 6), (fx + 7, y + 18), (fx - 7, y + 18)],
                      fill=POWER_COLOUR[p], outline=(255, 255, 255))
            d.text((fx, y + 12), CODE[p], font=font(9, "bold"), fill=_text_colour(POWER_COLOUR[p]), anchor="mm")
    # overland routes
    for a in sorted(land):
        place = data.areas.get(a) or data.homes[a]
        for nb in place.overland:
            if nb in centres and a < nb:
                d.line([tuple(centres[a]), tuple(centres[nb])], fill=ROUTE, width=1)
    areas = public.get("areas", {})
    for a in sorted(land):
        cx, cy = centres[a]
        x0, y0 = cx - tw / 2, cy - th / 2
        home = a in data.homes
        info = areas.get(a, {})
        unrest = info.get("unrest")
        d.rounded_rectangle((x0, y0, x0 + tw, y0 + th), radius=6, fill=HOME_FILL if home else LAND,
                            outline=UNREST if unrest else INK, width=4 if unrest else 1)
        name = (data.homes[a].name if home else data.areas[a].name).split(" (")[0]
        small = crop == "world"
        d.text((cx, y0 + 2), name[:16], font=font(11 if small else 14, "bold"), fill=INK, anchor="ma")
        if not home:
            ar = data.areas[a]
            d.text((x0 + tw - 3, y0 + th - 2), f"{ar.economic_value}/{ar.combat_strength}",
                   font=font(9 if small else 11), fill=INK, anchor="rd")
        if unrest:
            d.text((x0 + 3, y0 + th - 2), "UNREST", font=font(9 if small else 11, "bold"), fill=(140, 40, 100),
                   anchor="ld")
        r = 8 if small else 11
        for i, (p, st) in enumerate(sorted(info.get("statuses", {}).items())):
            draw_marker(d, p, st["level"], st.get("new", False), x0 + r + 3 + i * (2 * r + 3), cy + 2, r)
        tags = [f"{CODE[p]} {_units_text(ps['units'].get('home' if home and p == a else a, {}))}"
                for p, ps in sorted(public["powers"].items())
                if _units_text(ps["units"].get("home" if home and p == a else a, {}))]
        if tags:
            d.text((cx, y0 + th + 1), " · ".join(tags)[:40], font=font(10 if small else 12, "bold"),
                   fill=(255, 255, 255), anchor="ma", stroke_width=2, stroke_fill=INK)
    _panel(d, public, 0, map_h, width, panel_h)
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False, compress_level=6)
    return buf.getvalue()


def _panel(d: FastDraw, public: dict[str, Any], x: int, y: int, width: int, height: int) -> None:
    """The tracks: year, phase, ET, CR; treasury and VP per Great Power; legend."""
    d.rectangle((x, y, x + width, y + height), fill=PANEL)
    head = (f"{public['year']}  turn {public['turn']}/{public['turns']}  {public['phase'].replace('_', ' ')}"
            f"   European Tension {public['et']}   Chinese Resentment {public['cr']}")
    d.text((x + 12, y + 8), head, font=font(18, "bold"), fill=PANEL_TEXT)
    col = 12
    for p, ps in public["powers"].items():
        if ps["kind"] == "minor":
            continue
        d.rounded_rectangle((col, y + 40, col + 28, y + 62), radius=4, fill=POWER_COLOUR[p])
        d.text((col + 14, y + 51), CODE[p], font=font(12, "bold"), fill=_text_colour(POWER_COLOUR[p]), anchor="mm")
        d.text((col + 34, y + 40), f"£{ps['treasury']}", font=font(15, "bold"), fill=PANEL_TEXT)
        d.text((col + 34, y + 58), f"{ps['vp']} VP", font=font(13), fill=PANEL_TEXT)
        col += 112
    legend = ("markers: round = Interest (hollow) / Influence (filled); hexagon = Protectorate (hollow) / "
              "Possession (filled); double ring = Dominion/State; white dot = not yet established")
    d.text((12, y + 90), legend, font=font(13), fill=PANEL_TEXT)
    d.text((12, y + 112), "A/F = army/fleet strength; boats = merchant fleets; tile: Economic Value/Combat "
           "Strength (provisional)", font=font(13), fill=PANEL_TEXT)
