"""The Pax pictures a phone reads (issue 36): the picture posted after a turn
and the /space picture.

The turn picture is :data:`WIDTH` px wide: a header (year, turn, phase and
the powers whose orders are awaited), the European Tension and Chinese
Resentment index tracks, each Great Power's treasury and VP, then the part
of the continent map where the turn's areas are, at the continent map's
scale, with edges that cut no word (render/kit textboxes ``snap``), so that
every word is at least 7 px high when the phone shows it 400 px wide."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PIL import Image

from ..kit import textboxes as tb
from ..kit.fastdraw import FastDraw, text_length
from ..kit.fonts import font, localized
from ..kit.shapes import wrap
from .map import (
    CODE,
    HIGHLIGHT,
    PANEL,
    PANEL_DIM,
    PANEL_TEXT,
    POWER_COLOUR,
    SEA,
    _fit_text,
    _text_colour,
    draw_map,
    encode_png,
    geometry,
    index_track,
    label,
    place_name,
    war_lines,
)

WIDTH = 740
MAX_MAP_H = 900


def _public(state: Any) -> dict:
    if isinstance(state, dict):
        return state
    import engine

    return engine.export_state(state)


def _chip(d: FastDraw, x: float, y: float, power: str, locale: str, f) -> float:
    """A power's colour, two letters and name; returns its width."""
    d.rounded_rectangle((x, y, x + 34, y + 26), radius=4, fill=POWER_COLOUR[power])
    with tb.marks():
        d.text((x + 17, y + 13), CODE[power], font=font(14, "bold"), fill=_text_colour(POWER_COLOUR[power]),
               anchor="mm")
    name = place_name(locale, power)
    d.text((x + 40, y + 13), name, font=f, fill=PANEL_TEXT, anchor="lm")
    return 40 + text_length(name, f)


def _header(pub: dict, locale: str) -> Image.Image:
    f_top, f = font(22, "bold"), font(19, "bold")
    actors = list(dict.fromkeys(d["actor"] for d in pub.get("decisions") or () if d.get("actor") in CODE))
    top = "  ·  ".join(["PAX BRITANNICA", str(pub["year"]),
                        label(locale, "turn", turn=pub["turn"], turns=pub["turns"]), place_name(locale, pub["phase"])])
    top_lines = wrap(top, f_top, WIDTH - 32)
    # the actors' chips, in rows
    rows: list[list[str]] = [[]]
    x = 16 + text_length(label(locale, "to_act"), f) + 12
    for p in actors:
        w = 40 + text_length(place_name(locale, p), f) + 14
        if rows[-1] and x + w > WIDTH - 16:
            rows.append([])
            x = 16
        rows[-1].append(p)
        x += w
    result = pub.get("result")
    h = 14 + 30 * len(top_lines) + (36 * len(rows) if actors or result else 0) + 30 + 2 * 62 + 10
    played = [p for p, ps in pub["powers"].items() if ps["kind"] not in ("minor", "native")]
    h += 34 * ((len(played) + 1) // 2)
    f_war = font(17, "bold")
    wars = [x for line in war_lines(pub, locale) for x in wrap(line, f_war, WIDTH - 32)]
    h += 26 * len(wars) + (8 if wars else 0)
    img = Image.new("RGB", (WIDTH, h), PANEL)
    d = FastDraw(img)
    y = 12
    for line in top_lines:
        d.text((16, y), line, font=f_top, fill=PANEL_TEXT, anchor="la")
        y += 30
    y += 6
    if result:
        text = label(locale, "game_over")
        d.text((16, y + 13), text, font=f, fill=(255, 214, 10), anchor="lm")
        y += 36
    elif actors:
        d.text((16, y + 13), label(locale, "to_act"), font=f, fill=(255, 214, 10), anchor="lm")
        x = 16 + text_length(label(locale, "to_act"), f) + 12
        for row in rows:
            for p in row:
                x += _chip(d, x, y, p, locale, f) + 14
            y += 36
            x = 16
    y += 4
    index_track(d, 16, y, WIDTH - 32, label(locale, "et_name"), int(pub["et"]), 100, (230, 159, 0),
                label(locale, "et_end"), f=font(17, "bold"))
    y += 62
    index_track(d, 16, y, WIDTH - 32, label(locale, "cr_name"), int(pub["cr"]), 99, (204, 121, 167),
                label(locale, "cr_end"), f=font(17, "bold"))
    y += 66
    col_w = (WIDTH - 32) / 2
    fm = font(17)
    for i, p in enumerate(played):
        ps = pub["powers"][p]
        x = 16 + (i % 2) * col_w
        yy = y + (i // 2) * 34
        money = f"£{ps['treasury']} · " + label(locale, "vp", vp=ps["vp"])
        mw = text_length(money, fm)
        d.rounded_rectangle((x, yy, x + 34, yy + 26), radius=4, fill=POWER_COLOUR[p])
        with tb.marks():
            d.text((x + 17, yy + 13), CODE[p], font=font(14, "bold"), fill=_text_colour(POWER_COLOUR[p]),
                   anchor="mm")
        name, nf = _fit_text(place_name(locale, p), 17, "bold", col_w - 58 - mw, 13)
        d.text((x + 40, yy + 13), name, font=nf, fill=PANEL_TEXT, anchor="lm")
        d.text((x + col_w - 12, yy + 13), money, font=fm, fill=PANEL_DIM, anchor="rm")
    y += 34 * ((len(played) + 1) // 2) + 4
    for line in wars:  # the wars being fought (ruleset 3)
        d.text((16, y), line, font=f_war, fill=HIGHLIGHT, anchor="la")
        y += 26
    return img


def _want(g, ids: list[str], most: tuple[int, int], pad: int = 24) -> tuple[float, float, float, float] | None:
    """The box round the first of ``ids`` on the map and as many others as fit ``most``."""
    boxes = [g.boxes[i] for i in ids if i in g.boxes]
    if not boxes:
        return None
    x0, y0, x1, y1 = boxes[0]
    for b in boxes[1:]:
        u = (min(x0, b[0]), min(y0, b[1]), max(x1, b[2]), max(y1, b[3]))
        if u[2] - u[0] + 2 * pad <= most[0] and u[3] - u[1] + 2 * pad <= most[1]:
            x0, y0, x1, y1 = u
    x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    w = min(most[0], max(x1 - x0, most[0] * 0.8))
    h = min(most[1], max(y1 - y0, most[1] * 0.5))
    x0, x1 = max(0, cx - w / 2), min(g.width, cx + w / 2)
    y0, y1 = max(0, cy - h / 2), min(g.map_h, cy + h / 2)
    return x0, y0, x1, y1


def _map_crop(pub: dict, ids: list[str], locale: str, most: tuple[int, int],
              highlight: list[str] | str | None = None) -> Image.Image | None:
    """The continent map around ``ids``, cut between words, on a strip
    :data:`WIDTH` px wide (None when no id is on a map)."""
    from . import best_crop

    crop = best_crop(ids)
    g = geometry(crop)
    want = _want(g, ids, most)
    if want is None:
        return None
    box = tuple(int(v) for v in want)
    img, g = draw_map(pub, crop, locale, highlight=highlight, view=box)
    part = tb.crop(img, box)
    strip = Image.new("RGB", (WIDTH, part.height), SEA)
    tb.paste(strip, part, ((WIDTH - part.width) // 2, 0))
    return strip


@localized
def render_turn(state: Any, spaces: Iterable[str] = (), locale: str = "en") -> tuple[bytes, bytes]:
    """``(phone picture, world map)`` as PNG bytes: the phone picture is
    :data:`WIDTH` px wide, its map part the continent holding most of
    ``spaces`` (area, home country and sea ids the turn touched; unknown
    ones ignored; none: header and tracks alone)."""
    pub = _public(state)
    with tb.recording(reuse=True):  # the map's words, so that the crop cuts none
        parts = [_header(pub, locale)]
        ids = list(dict.fromkeys(spaces))
        crop = _map_crop(pub, ids, locale, (WIDTH, MAX_MAP_H), highlight=ids)
        if crop is not None:
            parts.append(crop)
        phone = encode_png(tb.stack(parts, WIDTH, PANEL))
        full, _ = draw_map(pub, "world", locale)
        return phone, encode_png(full)


@localized
def render_space(state: Any, place: str, locale: str = "en") -> bytes:
    """``/space``'s picture: the area, home country or sea ``place`` (an id)
    ringed on its continent map, in a crop no larger than :data:`WIDTH` x
    600 px, under its name. Raises ValueError for an unknown id."""
    from . import best_crop

    pub = _public(state)
    if place not in geometry(best_crop([place])).boxes:
        raise ValueError(f"unknown area or sea zone {place!r}")
    with tb.recording(reuse=True):
        crop = _map_crop(pub, [place], locale, (WIDTH, 600), highlight=place)
        title = Image.new("RGB", (WIDTH, 44), PANEL)
        name, f = _fit_text(place_name(locale, place), 24, "bold", WIDTH - 32, 14)
        FastDraw(title).text((16, 22), name, font=f, fill=PANEL_TEXT, anchor="lm")
        return encode_png(tb.stack([title, crop], WIDTH, PANEL))
