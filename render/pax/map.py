"""The Pax Britannica map as a PNG (issues 19, 36): what the rules read from
the printed map (seed L13-35), drawn to be read.

* Areas are tiles near their place on an equirectangular world, pushed
  apart until no tile, sea oval or word meets another (:func:`geometry`,
  computed once per crop). A tile shows the area's name, its type (fill and
  letter: Independent, Ottoman, Chinese, Vassal, Unorganized, L17-21), its
  coasts (one small square per sea it touches, in that sea's colour and
  number, L23), Economic Value / Combat Strength, status markers (round
  Interest/Influence, hexagonal Controls, L75, each with its power's two
  letters), Unrest, and the armies and fleets there.
* Seas are ovals (L27) with their number, name, merchant fleets, and one
  circle per neighbouring sea in that sea's colour and number; a link through
  a canal or strait has a white ring, and the area holding it a note (Suez,
  the Straits, the Panama and Central America canal sites, L33-35). The two
  Capes are drawn as sea zones "in war only" (L27).
* The panel: year, turn, phase, the European Tension and Chinese Resentment
  index tracks, each Great Power's treasury and VP, and a legend.

Colours are the Okabe-Ito palette for the powers; nothing is told by colour
alone. Words are in the picture's language: names from the engine catalogs
(``name.<id>`` of engine/pax/locales), the other words from labels.yaml;
Japanese uses the Noto Sans CJK face (render/kit ``for_locale``).
"""
from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
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
from ..kit.shapes import wrap

LAYOUT = Path(__file__).with_name("layout.yaml")
LABELS = Path(__file__).with_name("labels.yaml")

SEA = (38, 70, 96)
OVAL = (52, 92, 124)
LAND = (236, 228, 204)
HOME_FILL = (214, 204, 176)
INK = (28, 28, 30)
PANEL = (24, 37, 50)
PANEL_TEXT = (240, 240, 236)
PANEL_DIM = (168, 182, 194)
ROUTE = (150, 138, 110)
UNREST = (204, 121, 167)  # Okabe-Ito reddish purple, with the word UNREST
HIGHLIGHT = (255, 214, 10)

# Okabe-Ito first, then darker and lighter variants; every marker also shows CODE.
POWER_COLOUR = {
    "great_britain": (213, 94, 0), "germany": (0, 0, 0), "france": (0, 114, 178), "usa": (86, 180, 233),
    "japan": (204, 121, 167), "russia": (0, 158, 115), "italy": (230, 159, 0), "austria_hungary": (120, 120, 120),
    "belgium": (240, 228, 66), "netherlands": (250, 170, 120), "spain": (150, 60, 60), "portugal": (80, 110, 40),
    "china": (190, 30, 45), "ottoman": (120, 80, 40),  # the native powers at war (ruleset 3, L473, L495)
}
CODE = {"great_britain": "GB", "germany": "DE", "france": "FR", "usa": "US", "japan": "JP", "russia": "RU",
        "italy": "IT", "austria_hungary": "AH", "belgium": "BE", "netherlands": "NL", "spain": "ES",
        "portugal": "PT", "china": "CN", "ottoman": "OT"}
LEVEL_MARK = {"interest": "I", "influence": "F", "protectorate": "P", "possession": "S", "dominion": "D",
              "state": "T"}
# area types (L17-21): a pale fill, and a letter from labels.yaml so the type is not told by colour alone
TYPE_FILL = {"Independent": (236, 228, 204), "Ottoman Empire": (226, 214, 232), "Chinese Empire": (240, 214, 200),
             "Chinese Vassal": (244, 230, 214), "Unorganized": (214, 230, 206)}
TYPE_KEY = {"Independent": "independent", "Ottoman Empire": "ottoman", "Chinese Empire": "chinese",
            "Chinese Vassal": "vassal", "Unorganized": "unorganized"}
# sea colours: the coastal squares and neighbour circles (L23, L27); distinct from the sea's own blue
SEA_COLOUR = {
    "north_atlantic": (86, 180, 233), "south_atlantic": (0, 114, 178), "caribbean": (0, 158, 115),
    "mediterranean": (240, 228, 66), "black_sea": (60, 60, 60), "north_sea": (200, 200, 200),
    "indian_ocean": (213, 94, 0), "bay_of_bengal": (230, 159, 0), "china_sea": (204, 121, 167),
    "east_indies": (150, 60, 60), "north_pacific": (120, 90, 200), "south_pacific": (160, 220, 160),
    "cape_of_good_hope": (255, 255, 255), "cape_horn": (255, 255, 255),
}
CAPES = ("cape_of_good_hope", "cape_horn")
LINK_NOTE = {"egypt": "suez", "anatolia": "straits", "panama": "panama_canal",
             "central_america": "central_america_canal"}


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


@lru_cache(maxsize=1)
def sea_number() -> dict[str, int]:
    """Each sea's number on the map (1-12, the data's order), the Capes after."""
    ids = list(get_data().seas) + list(CAPES)
    return {s: i + 1 for i, s in enumerate(ids)}


def sea_links(sea: str) -> list[tuple[str, str | None]]:
    """(neighbouring sea, canal or strait id or None) of a sea or Cape, once each."""
    d = get_data()
    if sea in d.seas:
        out: dict[str, str | None] = {}
        for to, via in d.seas[sea].links:
            out.setdefault(to, via)
        for cape in CAPES:
            if sea in _cape(cape).get("adjacent", ()):
                out.setdefault(cape, None)
        return list(out.items())
    return [(s, None) for s in _cape(sea).get("adjacent", ())]


def _cape(cape: str) -> dict:
    return next(c for c in get_data().raw_map.get("cape_zones", []) if c["id"] == cape)


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


def _fit_text(text: str, size: int, style: str, width: float, smallest: int) -> tuple[str, Any]:
    """(text, font) fitting ``width``: the font shrinks down to ``smallest``,
    then the text is cut with an ellipsis (never drawn past its box)."""
    f = fitted(text, size, style, width, smallest)
    while len(text) > 2 and text_length(text, f) > width:
        text = text[:-2].rstrip() + "…"
    return text, f


def _name_lines(text: str, size: int, width: float, smallest: int) -> list[tuple[str, Any]]:
    """A name in one line shrunk to fit ``width``, else two lines."""
    f = fitted(text, size, "bold", width, smallest)
    if text_length(text, f) <= width:
        return [(text, f)]
    return [_fit_text(line, size, "bold", width, smallest) for line in _two_lines(text)]


def _text_colour(c: tuple[int, int, int]) -> tuple[int, int, int]:
    return INK if sum(c) > 420 else (255, 255, 255)


def project(crop: list[float], width: int, stretch: float = 1.15) -> tuple[int, Any]:
    """(height, lon/lat -> x/y) for an equirectangular crop ``[w, s, e, n]``,
    latitudes drawn ``stretch`` times longer than longitudes."""
    w, s, e, n = crop
    height = int(width * (n - s) / (e - w) * stretch)

    def xy(lon: float, lat: float) -> tuple[float, float]:
        return (lon - w) / (e - w) * width, (n - lat) / (n - s) * height
    return height, xy


@dataclass(frozen=True)
class Geometry:
    """Where everything of one crop goes, in picture pixels: ``boxes[id] =
    (x0, y0, x1, y1)`` of each tile (areas, home countries) and sea oval;
    ``k`` the scale of every size (1 for a continent, less for the world)."""

    crop: str
    width: int
    map_h: int
    k: float
    boxes: dict[str, tuple[float, float, float, float]]


def _spread(items: dict[str, list[float]], bounds: tuple[float, float, float, float], rounds: int = 400) -> None:
    """Push boxes ``[cx, cy, w, h]`` apart (2 px apart at least) and keep them
    inside ``bounds``; fixed order of ids, so the result is deterministic."""
    ids = sorted(items)
    gap = 4.0
    for _ in range(rounds):
        moved = False
        order = sorted(ids, key=lambda i: items[i][0] - items[i][2] / 2)
        for n, a in enumerate(order):
            ax, ay, aw, ah = items[a]
            for b in order[n + 1:]:
                bx, by, bw, bh = items[b]
                if bx - bw / 2 >= ax + aw / 2 + gap:
                    break
                dx, dy = bx - ax, by - ay
                ox, oy = (aw + bw) / 2 + gap - abs(dx), (ah + bh) / 2 + gap - abs(dy)
                if ox > 0 and oy > 0:
                    moved = True
                    if ox * 0.8 < oy:
                        s = (ox / 2 + 0.5) * (1 if dx > 0 or (dx == 0 and a < b) else -1)
                        items[a][0] -= s
                        items[b][0] += s
                    else:
                        s = (oy / 2 + 0.5) * (1 if dy > 0 or (dy == 0 and a < b) else -1)
                        items[a][1] -= s
                        items[b][1] += s
                    ax, ay = items[a][0], items[a][1]
        for it in items.values():
            it[0] = min(max(it[0], bounds[0] + it[2] / 2), bounds[2] - it[2] / 2)
            it[1] = min(max(it[1], bounds[1] + it[3] / 2), bounds[3] - it[3] / 2)
        if not moved:
            return


def tile_size(k: float, place: str) -> tuple[float, float]:
    extra = 16 if place in LINK_NOTE else 0
    return 132 * k, (86 + extra) * k


def oval_size(k: float) -> tuple[float, float]:
    return (224 if k >= 1 else 270) * k, 74 * k  # the world's ovals wider: seven powers' boats in a row


@lru_cache(maxsize=8)
def geometry(crop: str) -> Geometry:
    """Where the tiles and ovals of ``crop`` go (a key of layout.yaml
    ``crops``). Raises KeyError for an unknown crop."""
    data = get_data()
    lay = layout()
    box = lay["crops"][crop]
    world = crop == "world"
    width, k = (2400, 0.72) if world else (1280, 1.0)
    # room for the crowded continents: Europe and Africa in the world, China in Asia
    map_h, xy = project(box, width, {"world": 1.75, "asia": 1.6}.get(crop, 1.15))
    places = lay["places"]
    w, s, e, n = box
    items: dict[str, list[float]] = {}
    for p, (lon, lat) in places.items():
        if not (w - 2 <= lon <= e + 2 and s - 2 <= lat <= n + 2):
            continue
        if p in data.areas or p in data.homes:
            tw, th = tile_size(k, p)
        elif p in data.seas or p in CAPES:
            tw, th = oval_size(k)
        else:
            continue
        x, y = xy(lon, lat)
        items[p] = [x, y, tw, th]
    _spread(items, (2, 2, width - 2, map_h - 2))
    boxes = {p: (cx - tw / 2, cy - th / 2, cx + tw / 2, cy + th / 2) for p, (cx, cy, tw, th) in items.items()}
    return Geometry(crop, width, map_h, k, boxes)


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
    with textboxes.marks():
        d.text((cx, cy), CODE.get(power, power[:2].upper()), font=font(int(r * 0.95), "bold"), fill=ink,
               anchor="mm")
    if new:
        d.ellipse((cx + r * 0.5, cy - r * 1.05, cx + r * 1.05, cy - r * 0.5), fill=(255, 255, 255), outline=INK)


def _units_text(units: dict[str, int]) -> str:
    army = sum(int(k.split("-")[1]) * n for k, n in units.items() if k.startswith("army"))
    fleet = sum(int(k.split("-")[1]) * n for k, n in units.items() if k.startswith("fleet"))
    return " ".join(x for x in (f"A{army}" if army else "", f"F{fleet}" if fleet else "") if x)


def _sea_dot(d: FastDraw, sea: str, cx: float, cy: float, r: float, via: str | None = None) -> None:
    """A sea's circle (or a coast's square) in its colour with its number."""
    colour = SEA_COLOUR[sea]
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=(255, 255, 255) if via else INK,
              width=3 if via else 1)
    with textboxes.marks():
        d.text((cx, cy + 1), str(sea_number()[sea]), font=font(max(7, int(r * 1.15)), "bold"),
               fill=_text_colour(colour), anchor="mm")


def _oval(d: FastDraw, g: Geometry, sea: str, public: dict, locale: str) -> None:
    x0, y0, x1, y1 = g.boxes[sea]
    k = g.k
    cape = sea in CAPES
    d.ellipse((x0, y0, x1, y1), fill=SEA if cape else OVAL, outline=(190, 210, 226), width=2)
    r = 9 * k
    _sea_dot(d, sea, x0 + 22 * k, y0 + 20 * k, r)
    name = place_name(locale, sea) + (f" ({label(locale, 'war_only')})" if cape else "")
    at_sea = _unit_tags(public, sea)
    if at_sea:  # war (L605, L626): the name on one line, the units under it
        lines = [_fit_text(name, int(15 * k) + 1, "bold", x1 - x0 - 54 * k, max(8, int(13 * k)))]
    else:
        lines = _name_lines(name, int(15 * k) + 1, x1 - x0 - 54 * k, max(8, int(13 * k)))
    y = y0 + (12 if len(lines) == 1 else 5) * k
    for text, f in lines:
        d.text((x0 + 36 * k, y), text, font=f, fill=(236, 244, 250), anchor="la")
        y += f.size + 1
    if at_sea:
        small = max(8, int(13 * k))
        text, f = _fit_text(at_sea, small, "bold", x1 - x0 - 60 * k, small)
        d.text(((x0 + x1) / 2, y + 1), text, font=f, fill=HIGHLIGHT, anchor="ma")
    # the seas it reaches, then its merchant fleets
    cy = y1 - 18 * k
    links = sea_links(sea)
    fleets = [p for p, ps in sorted(public["powers"].items()) if sea in ps.get("merchant", ())]
    # one row: the seas reached, then the boats; narrower when many powers trade here
    need = len(links) * (2 * r + 3) + (4 * k + len(fleets) * (22 * k + 2) if fleets else 0)
    q = min(1.0, (x1 - x0 - 40 * k) / max(1.0, need))
    cx = (x0 + x1) / 2 - need * q / 2 + r * q
    for to, via in links:
        _sea_dot(d, to, cx, cy, r * 0.85 * q, via)
        cx += (2 * r + 3) * q
    cx += 4 * k * q - r * q
    for p in fleets:
        fx = cx + 10 * k * q
        e = k * q
        d.polygon([(fx - 10 * e, cy - 6 * e), (fx + 10 * e, cy - 6 * e), (fx + 6 * e, cy + 7 * e),
                   (fx - 6 * e, cy + 7 * e)], fill=POWER_COLOUR[p], outline=(255, 255, 255))
        with textboxes.marks():
            d.text((fx, cy), CODE[p], font=font(max(6, int(9 * e)), "bold"), fill=_text_colour(POWER_COLOUR[p]),
                   anchor="mm")
        cx += (22 * k + 2) * q


def _unit_tags(public: dict, place: str, home: bool = False) -> str:
    """"DE A10 F3 GB F1": each power's armies and fleets at ``place`` (an
    area, a sea or Cape zone in war, or with ``home`` the home country)."""
    tags = []
    for p, ps in sorted(public["powers"].items()):
        text = _units_text(ps["units"].get("home" if home and p == place else place, {}))
        if text:
            tags.append(f"{CODE.get(p, p[:2].upper())} {text}")
    return " ".join(tags)


def conquered(public: dict) -> dict[str, str]:
    """Area -> the power whose colour marks it conquered (L664): the first
    power of the side that conquered it, in the wars being fought."""
    out = {}
    for w in public.get("wars") or ():
        for area, side in w.get("conquered", {}).items():
            if w["sides"][side]:
                out[area] = w["sides"][side][0]
    return out


def war_lines(public: dict, locale: str) -> list[str]:
    """The legend of the wars being fought (ruleset 3): "War: Germany,
    Austria-Hungary vs France", the areas each side conquered (L664) and
    the units each power has surrendered (L676), in ``locale``."""
    out = []
    for w in public.get("wars") or ():
        sides = f" {label(locale, 'vs')} ".join(", ".join(place_name(locale, p) for p in side)
                                                for side in w["sides"] if side)
        out.append(label(locale, "war", sides=sides))
        taken = [f"{short_name(locale, a)} ({CODE.get(w['sides'][i][0], '?')})"
                 for a, i in sorted(w.get("conquered", {}).items()) if w["sides"][i]]
        if taken:
            out.append("  " + label(locale, "conquered", areas=", ".join(taken)))
        given = [f"{place_name(locale, p)} {sum(u.values())}" for p, u in sorted(w.get("surrendered", {}).items())
                 if sum(u.values())]
        if given:
            out.append("  " + label(locale, "surrendered", units=", ".join(given)))
    return out


def _tile(d: FastDraw, g: Geometry, a: str, public: dict, locale: str) -> None:
    data = get_data()
    x0, y0, x1, y1 = g.boxes[a]
    k = g.k
    tw = x1 - x0
    home = a in data.homes
    info = public.get("areas", {}).get(a, {})
    unrest = info.get("unrest")
    ar = data.areas.get(a)
    fill = HOME_FILL if home else TYPE_FILL.get(ar.type, LAND)
    d.rounded_rectangle((x0, y0, x1, y1), radius=int(6 * k), fill=fill, outline=UNREST if unrest else INK,
                        width=4 if unrest else 1)
    taker = conquered(public).get(a)
    if taker:  # conquered in war (L664): a thick border and a corner flag in the conqueror's colour
        colour = POWER_COLOUR.get(taker, INK)
        d.rounded_rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), radius=int(6 * k), outline=colour,
                            width=max(3, int(5 * k)))
        d.polygon([(x1 - 22 * k, y0 + 1), (x1 - 1, y0 + 1), (x1 - 1, y0 + 22 * k)], fill=colour)
    small = max(7, int(13 * k))
    y = y0 + 3 * k
    for text, f in _name_lines(short_name(locale, a), int(15 * k), tw - 8 * k, small):
        d.text(((x0 + x1) / 2, y), text, font=f, fill=INK, anchor="ma")
        y += f.size + 1
    y = y0 + 38 * k
    r = 9 * k
    statuses = sorted(info.get("statuses", {}).items())
    for i, (p, st) in enumerate(statuses):
        draw_marker(d, p, st["level"], st.get("new", False), x0 + r + 4 * k + i * (2 * r + 4 * k), y, r)
    if unrest:
        word = label(locale, "unrest")
        ux = x0 + 4 * k + len(statuses) * (2 * r + 4 * k)
        d.text((ux, y), word, font=fitted(word, small, "bold", x1 - ux - 3, small), fill=(140, 40, 100), anchor="lm")
    tags = _unit_tags(public, a, home)
    if tags:
        text, f = _fit_text(tags, small, "bold", tw - 8 * k, small)
        d.text((x0 + 4 * k, y0 + 50 * k), text, font=f, fill=INK, anchor="la")
    if a in LINK_NOTE:
        note = LINK_NOTE[a]
        built = note.replace("_canal", "") in public.get("canals", {})
        word = label(locale, note) + ("" if note in ("suez", "straits") or built else f" ({label(locale, 'site')})")
        text, f = _fit_text(word, small, "italic", tw - 8 * k, small)
        d.text((x0 + 4 * k, y1 - 20 * k), text, font=f, fill=(40, 60, 120), anchor="ld")
    # bottom row: type letter and coasts on the left, EV/CS on the right
    by = y1 - 4 * k
    sx = x0 + 4 * k
    if not home:
        letter = label(locale, f"type_letter.{TYPE_KEY.get(ar.type, 'independent')}")
        d.text((sx, by), letter, font=font(small, "bold"), fill=INK, anchor="ld")
        sx += text_length(letter, font(small, "bold")) + 4 * k
    place = ar or data.homes[a]
    q = 6.5 * k
    for sea in place.coastal:
        cy = by - q - 1
        d.rectangle((sx, cy - q, sx + 2 * q, cy + q), fill=SEA_COLOUR[sea], outline=INK)
        with textboxes.marks():
            d.text((sx + q, cy + 1), str(sea_number()[sea]), font=font(max(7, int(q * 1.5)), "bold"),
                   fill=_text_colour(SEA_COLOUR[sea]), anchor="mm")
        sx += 2 * q + 2
    if ar is not None:
        ev = f"{ar.economic_value}/{ar.combat_strength}"
        f = font(small)
        if sx + text_length(ev, f) + 4 * k < x1:
            d.text((x1 - 4 * k, by), ev, font=f, fill=INK, anchor="rd")


def draw_map(public: dict[str, Any], crop: str = "world", locale: str = "en",
             highlight: str | Iterable[str] | None = None, view: tuple[float, float, float, float] | None = None
             ) -> tuple[Image.Image, Geometry]:
    """The picture (map and panel) of ``crop`` and where things went; a ring
    round ``highlight`` (an area, home country or sea id, or several) if given. With
    ``view`` (x0, y0, x1, y1), only the tiles and ovals wholly inside it are
    drawn (a phone's crop of it cuts none)."""
    data = get_data()
    g = geometry(crop)
    if view is not None:
        inside = {p for p, b in g.boxes.items()
                  if b[0] >= view[0] and b[1] >= view[1] and b[2] <= view[2] and b[3] <= view[3]}
        g = Geometry(g.crop, g.width, g.map_h, g.k, {p: g.boxes[p] for p in inside})
    k = g.k
    wars = [x for line in war_lines(public, locale) for x in wrap(line, font(14, "bold"), g.width - 24)]
    legend = _legend(locale, g.width - 24, bool(wars))
    panel_h = 160 + 22 * (len(legend) + len(wars))
    img = Image.new("RGB", (g.width, g.map_h + panel_h), SEA)
    d = FastDraw(img)
    land = sorted(p for p in g.boxes if p in data.areas or p in data.homes)
    every = geometry(crop).boxes  # routes also run to tiles out of the view
    for a in sorted(p for p in every if p in data.areas or p in data.homes):  # overland routes, under the tiles
        place = data.areas.get(a) or data.homes[a]
        for nb in place.overland:
            if nb in every and a < nb and (a in g.boxes or nb in g.boxes):
                ax, ay = (every[a][0] + every[a][2]) / 2, (every[a][1] + every[a][3]) / 2
                bx, by = (every[nb][0] + every[nb][2]) / 2, (every[nb][1] + every[nb][3]) / 2
                d.line([(ax, ay), (bx, by)], fill=ROUTE, width=max(2, int(3 * k)))
    for sea in sorted(p for p in g.boxes if p not in land):
        _oval(d, g, sea, public, locale)
    for a in land:
        _tile(d, g, a, public, locale)
    for h in [highlight] if isinstance(highlight, str) else (highlight or ()):
        if h in g.boxes:
            x0, y0, x1, y1 = g.boxes[h]
            d.rounded_rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius=8, outline=HIGHLIGHT, width=3)
    _panel(d, public, 0, g.map_h, g.width, panel_h, locale)
    ly = g.map_h + 156
    for text in wars:
        d.text((12, ly), text, font=font(14, "bold"), fill=HIGHLIGHT)
        ly += 22
    for text in legend:
        d.text((12, ly), text, font=font(14), fill=PANEL_TEXT)
        ly += 22
    return img, g


def _legend(locale: str, width: float, war: bool = False) -> list[str]:
    levels = {k: place_name(locale, k) for k in LEVEL_MARK}
    types = [f"{label(locale, 'type_letter.' + t)} = {label(locale, 'type.' + t)}" for t in TYPE_KEY.values()]
    out: list[str] = []
    for text in (label(locale, "legend_markers", **levels), label(locale, "legend_units"),
                 ", ".join(types), label(locale, "legend_map"), *([label(locale, "legend_war")] if war else [])):
        out += wrap(text, font(14), width)
    return out


@localized
def render_map(public: dict[str, Any], crop: str = "world", width: int | None = None, locale: str = "en") -> bytes:
    """PNG bytes of the map of ``public`` (``engine.export_state`` of a Pax
    game) for ``crop`` (a key of layout.yaml ``crops``: world, europe_africa,
    asia, americas, pacific), its words in ``locale``. ``width`` is ignored
    (each crop has the width its words need). Raises KeyError for an
    unknown crop."""
    img, _ = draw_map(public, crop, locale)
    return encode_png(img)


def encode_png(img: Image.Image) -> bytes:
    textboxes.finished(img)
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False, compress_level=6)
    return buf.getvalue()


def index_track(d: FastDraw, x: float, y: float, w: float, title: str, value: int, top: int, colour,
                end_word: str = "", f=None) -> None:
    """An index track 0..``top`` with a box every ten and the marker at ``value``."""
    f = f or font(15, "bold")
    d.text((x, y), f"{title}: {value}", font=f, fill=PANEL_TEXT, anchor="la")
    ty = y + f.size + 6
    cells = top // 10 + 1
    cw = w / cells
    fs = font(max(13, f.size - 2))
    for i in range(cells):
        cx = x + i * cw
        on = value // 10 == i
        d.rectangle((cx, ty, cx + cw - 3, ty + 24), fill=colour if on else (48, 64, 80),
                    outline=PANEL_TEXT if on else None, width=2)
        d.text((cx + (cw - 3) / 2, ty + 12), str(i * 10), font=fs, fill=INK if on else PANEL_DIM, anchor="mm")
    if end_word:
        d.text((x + w, y), end_word, font=fs, fill=PANEL_DIM, anchor="ra")


def _panel(d: FastDraw, public: dict[str, Any], x: int, y: int, width: int, height: int, locale: str) -> None:
    """The tracks: year, phase, ET and CR index tracks; name, treasury and VP
    per Great Power; legend. Every word in ``locale``; each power's name fits
    its column."""
    d.rectangle((x, y, x + width, y + height), fill=PANEL)
    head = f"{public['year']}  {label(locale, 'turn', turn=public['turn'], turns=public['turns'])}  " \
           f"{place_name(locale, public['phase'])}"
    d.text((x + 12, y + 8), head, font=fitted(head, 20, "bold", width - 24, 13), fill=PANEL_TEXT)
    half = (width - 36) / 2
    index_track(d, x + 12, y + 40, half, label(locale, "et_name"), int(public["et"]), 100, (230, 159, 0),
                label(locale, "et_end"))
    index_track(d, x + 24 + half, y + 40, half, label(locale, "cr_name"), int(public["cr"]), 99, (204, 121, 167),
                label(locale, "cr_end"))
    played = [p for p, ps in public["powers"].items() if ps["kind"] not in ("minor", "native")]
    step = min(220, (width - 24) // max(1, len(played)))
    col = 12
    py = y + 104
    for p in played:
        ps = public["powers"][p]
        d.rounded_rectangle((col, py + 2, col + 30, py + 24), radius=4, fill=POWER_COLOUR[p])
        with textboxes.marks():
            d.text((col + 15, py + 13), CODE[p], font=font(13, "bold"), fill=_text_colour(POWER_COLOUR[p]),
                   anchor="mm")
        power, f = _fit_text(place_name(locale, p), 15, "bold", step - 44, 13)
        d.text((col + 36, py), power, font=f, fill=PANEL_TEXT)
        money = f"£{ps['treasury']}  " + label(locale, "vp", vp=ps["vp"])
        money, f = _fit_text(money, 15, "regular", step - 44, 13)
        d.text((col + 36, py + 20), money, font=f, fill=PANEL_TEXT)
        col += step
