"""The picture of one space or region for ``/space``: the part of the map
around it, and below it a plain-words list of what is there."""
from __future__ import annotations

from typing import Any

from PIL import Image

from engine.gandhi.data import get_data

from . import theme as th
from .board import draw_board, encode_png
from ..kit import textboxes
from ..kit.fastdraw import FastDraw, text_length
from ..kit.fonts import font, localized
from .layout import get_layout
from .pieces import FACTION_KINDS, draw_piece
from .public import public_state

MIN_W, MIN_H = 640, 440
# English piece words (kept for importers); the picture uses theme "piece.<kind>" per locale.
KIND_WORDS = {
    "troop": "Troops", "sepoy": "Sepoys", "inc_activist_active": "INC Activists (Active)",
    "inc_activist_inactive": "INC Activists (Inactive)", "gandhi": "Gandhi",
    "ml_activist_active": "ML Activists (Active)", "ml_activist_inactive": "ML Activists (Inactive)",
    "ml_base": "ML Bases", "guerrilla_active": "Guerrillas (Active)",
    "guerrilla_underground": "Guerrillas (Underground)", "rev_base": "Rev Bases",
}


def resolve_space(key: str) -> tuple[str, tuple[str, ...]]:
    """``(title, space ids)`` for a space id, a space name or a region name of the layout.

    Raises ValueError naming the unknown key.
    """
    mp = get_data().map
    lay = get_layout()
    k = (key or "").strip()
    if k in mp.spaces:
        return mp.spaces[k].name, (k,)
    low = k.lower()
    for sid, sd in mp.spaces.items():
        if sd.name.lower() == low:
            return sd.name, (sid,)
    if low in lay.regions:
        return low.capitalize(), lay.regions[low]
    raise ValueError(f"unknown space or region {key!r}")


def _bounds(ids: tuple[str, ...]) -> tuple[int, int, int, int]:
    lay = get_layout()
    xs0, ys0, xs1, ys1 = [], [], [], []
    for sid in ids:
        if sid in lay.spaces:
            x0, y0, x1, y1 = lay.spaces[sid].bbox
        else:
            rw = lay.railways[sid]
            pts = list(rw.points) + [rw.badge]
            x0, y0 = min(p[0] for p in pts) - 20, min(p[1] for p in pts) - 20
            x1, y1 = max(p[0] for p in pts) + 20, max(p[1] for p in pts) + 20
            x0, x1 = min(x0, rw.badge[0] - 160), max(x1, rw.badge[0] + 160)
        xs0.append(x0)
        ys0.append(y0)
        xs1.append(x1)
        ys1.append(y1)
    x0, y0, x1, y1 = min(xs0) - 20, min(ys0) - 20, max(xs1) + 20, max(ys1) + 20
    if x1 - x0 < MIN_W:
        c = (x0 + x1) // 2
        x0, x1 = c - MIN_W // 2, c + MIN_W // 2
    if y1 - y0 < MIN_H:
        c = (y0 + y1) // 2
        y0, y1 = c - MIN_H // 2, c + MIN_H // 2
    # keep inside the canvas
    dx = max(0, -x0) - max(0, x1 - lay.width)
    dy = max(0, -y0) - max(0, y1 - lay.height)
    x0, x1, y0, y1 = x0 + dx, x1 + dx, y0 + dy, y1 + dy
    return max(0, x0), max(0, y0), min(lay.width, x1), min(lay.height, y1)


def _panels() -> list[tuple[int, int, int, int]]:
    return [(px - 2, py - 2, px + pw + 2, py + ph + 2) for px, py, pw, ph in get_layout().panels.values()]


def map_words(full) -> list[textboxes.TextBox]:
    """The words drawn on the map itself, not on its side panels."""
    panels = _panels()
    return [t for t in textboxes.boxes_of(full) if not any(textboxes.overlap(t.box, p, 0) for p in panels)]


def map_crop(full, box: tuple[int, int, int, int]):
    """``box`` of the full map with the sea where the map's panels were (the
    title, tracks and cards would repeat, cut, beside a crop)."""
    crop = textboxes.crop(full, box, whole=True)
    for x0, y0, x1, y1 in _panels():
        textboxes.blank(crop, (x0 - box[0], y0 - box[1], x1 - box[0], y1 - box[1]), th.SEA)
    return crop


def _bounds_tight(ids: tuple[str, ...]) -> tuple[int, int, int, int]:
    """The content boxes (name, status, pieces) of the spaces asked for."""
    lay = get_layout()
    boxes = []
    for sid in ids:
        if sid in lay.spaces:
            x, y, w, h = lay.spaces[sid].box
            boxes.append((x, y, x + w, y + h))
        else:
            bx, by = lay.railways[sid].badge
            boxes.append((bx - 40, by - 14, bx + 40, by + 14))
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _lines_for(sid: str, sp: dict, locale: str) -> list[tuple[str, str]]:
    """(style, text) lines describing one space in words."""
    sd = get_data().map.spaces[sid]
    head = th.place(locale, sid) or sd.name
    facts = [th.t(locale, f"type.{sd.type}")]
    if sd.is_railway:
        facts.append(th.t(locale, "econ", n=sd.econ))
        if sp["strike"]:
            facts.append(th.t(locale, "strike"))
    else:
        facts.append(th.t(locale, "pop", n=sd.population))
        facts.append(th.t(locale, f"support.{sp['support']}"))
        if sd.muslim:
            facts.append(th.t(locale, "muslim"))
        if sp["raj_control"]:
            facts.append(th.t(locale, "legend.control"))
        if sp["muslim_state"]:
            facts.append(th.t(locale, "muslim_state"))
        if sp["protest"]:
            facts.append(th.t(locale, "protest"))
        if sp["unrest"]:
            facts.append(f"{th.t(locale, 'unrest')} {sp['unrest']}")
    out = [("bold", head), ("regular", "  ·  ".join(facts))]
    return out


def _wrap(text: str, f, width: int) -> list[str]:
    """Split a "a  ·  b  ·  c" facts line into lines no wider than ``width``."""
    lines: list[str] = []
    for part in text.split("  ·  "):
        if lines and text_length(lines[-1] + "  ·  " + part, f) <= width:
            lines[-1] += "  ·  " + part
        else:
            lines.append(part)
    return lines or [""]


@localized
def render_space(state: Any, space_id: str, locale: str = "en") -> bytes:
    """A picture of one space (or a region of the layout) as PNG bytes.

    ``state``: a Gandhi state or its ``engine.export_state`` dict. ``space_id``:
    a space id (``"punjab"``, ``"rail_punjab_delhi"``), a space name
    (``"Punjab"``) or a region of ``layout.yaml`` (``"east"``). The picture is
    the map around it (at least 640 × 440 px, at the full map's scale, its
    edges between words) over a
    band that lists, in words and icons, the pieces and markers of each space
    asked for. Raises ValueError for an unknown space or region.
    """
    title, ids = resolve_space(space_id)
    st = public_state(state)
    with textboxes.recording(reuse=True):  # the map's words, so that the crop cuts none
        return _space_picture(st, ids, locale)


def _space_picture(st: dict, ids: tuple[str, ...], locale: str) -> bytes:
    full, _ = draw_board(st, locale)
    lay = get_layout()
    want = _bounds(ids)
    keep = _bounds_tight(ids)
    box = textboxes.snap(map_words(full), want, (want[2] - want[0] + 240, want[3] - want[1] + 200),
                         (0, 0, lay.width, lay.height), keep, least=(MIN_W, MIN_H))
    crop = map_crop(full, box)
    w = crop.width
    f_b, f_r, f_p = font(24, "bold"), font(19), font(19, "bold")
    # the band below: per space, its name, a line of facts, then its pieces (wrapped)
    blocks = []
    for sid in ids:
        sp = st["spaces"][sid]
        placed, x, line = [], 16, 0
        for fac in th.FACTIONS:
            for k in FACTION_KINDS[fac]:
                n = sp["pieces"].get(k, 0)
                if n:
                    text = f"{n} {th.t(locale, 'piece.' + k)}"
                    need = 30 + int(text_length(text, f_p)) + 18
                    if x > 16 and x + need > w - 8:
                        x, line = 16, line + 1
                    placed.append((k, text, x, line))
                    x += need
        blocks.append((sid, sp, placed, (line + 1) if placed else 0))
    band_h = 16 + sum(30 + 26 * len(_wrap(_lines_for(sid, sp, locale)[1][1], f_r, w - 32)) + max(1, nl) * 32 + 10
                      for sid, sp, _, nl in blocks)
    img = Image.new("RGB", (w, crop.height + band_h), th.PANEL)
    textboxes.paste(img, crop, (0, 0))
    d = FastDraw(img)
    y = crop.height + 12
    for sid, sp, placed, nl in blocks:
        lines = _lines_for(sid, sp, locale)
        d.text((16, y), lines[0][1], font=f_b, fill=th.PANEL_TEXT, anchor="la")
        y += 30
        for ln in _wrap(lines[1][1], f_r, w - 32):
            d.text((16, y), ln, font=f_r, fill=th.PANEL_DIM, anchor="la")
            y += 26
        for k, text, x, line in placed:
            draw_piece(d, k, x, y + 2 + line * 32, 24)
            d.text((x + 28, y + 14 + line * 32), text, font=f_p, fill=th.PANEL_TEXT, anchor="lm")
        if not placed:
            d.text((16, y + 4), "-", font=f_r, fill=th.PANEL_DIM, anchor="la")
        y += max(1, nl) * 32 + 10
    return encode_png(img)
