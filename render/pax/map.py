"""The Pax Britannica world map as a PNG (issue 19): areas as tiles at their
place on an equirectangular world, status markers by power colour *and* shape
*and* letters (round Interest/Influence, hexagonal Controls, L75), Unrest,
armies and fleets, merchant fleets in the sea zones, and the treasury, VP, ET
and CR tracks. ``crop`` picks a continent a phone can read.

Colours are the Okabe-Ito palette (safe for the common colour-vision
deficiencies); every marker also carries its power's two letters, so nothing
is told by colour alone. Words are in the picture's language: names of
areas, seas, powers, phases and statuses from the engine catalogs
(``name.<id>`` of engine/pax/locales), the other words from labels.yaml; a
name too long for its tile shrinks to fit (render/kit ``fitted``); Japanese
uses the Noto Sans CJK face (render/kit ``for_locale``).
"""
from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from PIL import Image

from engine.core.catalogs import name as catalog_name
from engine.pax.data import get_data
from engine.pax.game import display_names

from ..kit import textboxes
from ..kit.fastdraw import FastDraw, text_length
from ..kit.fonts import fitted, font, localized

LAYOUT = Path(__file__).with_name("layout.yaml")
LABELS = Path(__file__).with_name("labels.yaml")

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


@lru_cache(maxsize=1)
def _labels() -> dict[str, dict[str, str]]:
    return yaml.safe_load(LABELS.read_text(encoding="utf-8"))


def lang(locale: str | None) -> str:
    """The picture's language for a locale ("es-ES" -> "es"); English when
    there are no labels for it."""
    base = (locale or "en").split("-")[0].split("_")[0].lower()
    return base if base in _labels() else "en"


def label(locale: str | None, key: str, **params: Any) -> str:
    """A word of the picture (labels.yaml) in ``locale``, formatted."""
    text = _labels()[lang(locale)].get(key) or _labels()["en"][key]
    return text.format(**params) if params else text


def place_name(locale: str | None, ident: str) -> str:
    """The name of an area, sea, power, phase or status in ``locale`` (the
    game's catalog), else the English name, else the id."""
    return catalog_name("pax", lang(locale), ident) or display_names().get(ident, ident)


def short_name(locale: str | None, ident: str) -> str:
    """The name without its parenthesis ("Punjab (with Sind and Kashmir)" ->
    "Punjab"; Japanese full-width brackets too), for a tile."""
    return place_name(locale, ident).split(" (")[0].split("（")[0]


_BREAK_AFTER = "＝・と、"


def _two_lines(text: str) -> tuple[str, str]:
    """``text`` cut in two lines of about equal length: at a space, else after
    a Japanese joining character (＝・と、), else in the middle."""
    cuts = [(i, i + 1) for i, ch in enumerate(text) if ch == " "]
    cuts += [(i + 1, i + 1) for i, ch in enumerate(text[:-1]) if ch in _BREAK_AFTER]
    if not cuts:
        cuts = [(len(text) // 2, len(text) // 2)]
    end, start = min(cuts, key=lambda c: abs(len(text[:c[0]]) - len(text[c[1]:])))
    return text[:end], text[start:]


def _tile_name(d: FastDraw, text: str, cx: float, y: float, width: float, size: int, smallest: int) -> None:
    """An area's name at the top of its tile: one line shrunk to fit
    ``width``, else two lines (Haiti and Santo Domingo, オーストリア＝ハンガリー)."""
    f = fitted(text, size, "bold", width, smallest)
    if text_length(text, f) <= width:
        d.text((cx, y), text, font=f, fill=INK, anchor="ma")
        return
    top, bottom = _two_lines(text)
    longer = max((top, bottom), key=lambda t: text_length(t, f))
    top_f = fitted(longer, size, "bold", width, smallest)
    for i, line in enumerate((top, bottom)):
        line, lf = _fit_text(line, top_f.size, "bold", width, smallest)
        d.text((cx, y + i * (top_f.size + 1)), line, font=lf, fill=INK, anchor="ma")


def _fit_text(text: str, size: int, style: str, width: float, smallest: int) -> tuple[str, Any]:
    """(text, font) fitting ``width``: the font shrinks down to ``smallest``,
    then the text is cut with an ellipsis (never drawn past its box)."""
    f = fitted(text, size, style, width, smallest)
    while len(text) > 2 and text_length(text, f) > width:
        text = text[:-2].rstrip() + "…"
    return text, f


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


@localized
def render_map(public: dict[str, Any], crop: str = "world", width: int | None = None, locale: str = "en") -> bytes:
    """PNG bytes of the map of ``public`` (``engine.export_state`` of a Pax
    game) for ``crop`` (a key of layout.yaml ``crops``: world, europe_africa,
    asia, americas, pacific), its words in ``locale``. Raises KeyError for an
    unknown crop."""
    data = get_data()
    lay = layout()
    box = lay["crops"][crop]
    width = width or (1800 if crop == "world" else 1280)
    tw, th = (78, 40) if crop == "world" else (112, 58)
    map_h, xy = project(box, width)
    panel_h = 170
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
        d.text((x, y - 10), place_name(locale, sea), font=font(15 if crop != "world" else 12, "italic"),
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
        small = crop == "world"
        _tile_name(d, short_name(locale, a), cx, y0 + 2, tw - 4, 11 if small else 14, 7 if small else 9)
        if not home:
            ar = data.areas[a]
            d.text((x0 + tw - 3, y0 + th - 2), f"{ar.economic_value}/{ar.combat_strength}",
                   font=font(9 if small else 11), fill=INK, anchor="rd")
        if unrest:
            word = label(locale, "unrest")
            d.text((x0 + 3, y0 + th - 2), word, font=fitted(word, 9 if small else 11, "bold", tw / 2, 7),
                   fill=(140, 40, 100), anchor="ld")
        r = 8 if small else 11
        for i, (p, st) in enumerate(sorted(info.get("statuses", {}).items())):
            draw_marker(d, p, st["level"], st.get("new", False), x0 + r + 3 + i * (2 * r + 3), cy + 2, r)
        tags = [f"{CODE[p]} {_units_text(ps['units'].get('home' if home and p == a else a, {}))}"
                for p, ps in sorted(public["powers"].items())
                if _units_text(ps["units"].get("home" if home and p == a else a, {}))]
        if tags:
            d.text((cx, y0 + th + 1), " · ".join(tags)[:40], font=font(10 if small else 12, "bold"),
                   fill=(255, 255, 255), anchor="ma", stroke_width=2, stroke_fill=INK)
    _panel(d, public, 0, map_h, width, panel_h, locale)
    textboxes.finished(img)
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False, compress_level=6)
    return buf.getvalue()


def _panel(d: FastDraw, public: dict[str, Any], x: int, y: int, width: int, height: int, locale: str) -> None:
    """The tracks: year, phase, ET, CR; name, treasury and VP per Great
    Power; legend. Every word in ``locale``; each power's name fits its column."""
    d.rectangle((x, y, x + width, y + height), fill=PANEL)
    head = "   ".join([f"{public['year']}  {label(locale, 'turn', turn=public['turn'], turns=public['turns'])}  "
                        f"{place_name(locale, public['phase'])}", label(locale, "et", et=public["et"]),
                        label(locale, "cr", cr=public["cr"])])
    d.text((x + 12, y + 8), head, font=fitted(head, 18, "bold", width - 24, 12), fill=PANEL_TEXT)
    played = [p for p, ps in public["powers"].items() if ps["kind"] != "minor"]
    step = min(170, (width - 24) // max(1, len(played)))
    col = 12
    for p in played:
        ps = public["powers"][p]
        d.rounded_rectangle((col, y + 40, col + 28, y + 62), radius=4, fill=POWER_COLOUR[p])
        d.text((col + 14, y + 51), CODE[p], font=font(12, "bold"), fill=_text_colour(POWER_COLOUR[p]), anchor="mm")
        power, f = _fit_text(place_name(locale, p), 14, "bold", step - 40, 9)
        d.text((col + 34, y + 38), power, font=f, fill=PANEL_TEXT)
        d.text((col + 34, y + 56), f"£{ps['treasury']}", font=font(15, "bold"), fill=PANEL_TEXT)
        vp = label(locale, "vp", vp=ps["vp"])
        d.text((col + 34, y + 74), vp, font=fitted(vp, 13, "regular", step - 40, 9), fill=PANEL_TEXT)
        col += step
    levels = {k: place_name(locale, k) for k in LEVEL_MARK}
    for i, key in enumerate(("legend_markers", "legend_units")):
        text = label(locale, key, **levels)
        d.text((12, y + 106 + i * 24), text, font=fitted(text, 13, "regular", width - 24, 9), fill=PANEL_TEXT)
