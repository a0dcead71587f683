"""The full map picture: spaces, railways, pieces, markers and the side panels.

Drawing is split from encoding so tests can ask where things were drawn
(:func:`draw_board` returns the picture and its hit boxes) instead of
comparing whole images.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from engine.gandhi.data import get_data

from ..kit import textboxes
from ..kit.fastdraw import FastDraw, ink_box
from ..kit.fonts import font, localized
from ..kit.shapes import Rect, bar, panel, pill, pill_width, text_width
from ..kit.textboxes import free_spot
from . import theme as th
from .layout import Layout, SpaceShape, get_layout, mask_origin
from .pieces import FACTION_KINDS, draw_piece, piece_width
from .public import public_state


@dataclass
class HitBoxes:
    """Where things were drawn, in picture pixels (x0, y0, x1, y1).

    ``label[sid]``: the space's name; ``pieces[sid][kind]``: the icon and count of
    one kind of piece; ``count[sid][kind]``: the count's digits alone;
    ``piece_area[sid]``: the part of the space's box where pieces go;
    ``markers[sid][name]``: Protest, Unrest, Muslim State, Raj Control, Strike badges;
    ``panels[name]``: the side panels; ``status[sid]``: a land space's name,
    status line and markers together.
    """

    label: dict[str, Rect] = field(default_factory=dict)
    pieces: dict[str, dict[str, Rect]] = field(default_factory=dict)
    count: dict[str, dict[str, Rect]] = field(default_factory=dict)
    piece_area: dict[str, Rect] = field(default_factory=dict)
    markers: dict[str, dict[str, Rect]] = field(default_factory=dict)
    panels: dict[str, Rect] = field(default_factory=dict)
    status: dict[str, Rect] = field(default_factory=dict)  # name, status pills and markers of a land space


def _fitted(text: str, size: int, style: str, width: int, smallest: int = 10):
    """The font of ``size`` (down to ``smallest``) in which ``text`` fits
    ``width`` pixels: longer Italian/Spanish words and CJK names shrink
    instead of running into their neighbours."""
    f = font(size, style)
    while size > smallest and text_width(text, f) > width:
        size -= 1
        f = font(size, style)
    return f


def _crescent(d: ImageDraw.ImageDraw, cx: int, cy: int, r: int, colour, bg) -> None:
    """A crescent and star (the Muslim mark), centred on (cx, cy)."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    o = int(r * 0.45)
    d.ellipse((cx - r + o, cy - r + 2, cx + r + o - 3, cy + r - 2), fill=bg)
    s = max(2, r // 3)
    sx, sy = cx + r // 2 + 1, cy
    d.polygon([(sx, sy - s), (sx + s // 2, sy), (sx, sy + s), (sx - s // 2, sy)], fill=colour)
    d.polygon([(sx - s, sy), (sx, sy - s // 2), (sx + s, sy), (sx, sy + s // 2)], fill=colour)


# ---------------------------------------------------------------- pieces
def _piece_items(pieces: dict[str, int]) -> list[list[tuple[str, int]]]:
    """Rows of (kind, count), one row per faction that has pieces here."""
    rows = []
    for fac in th.FACTIONS:
        row = [(k, pieces.get(k, 0)) for k in FACTION_KINDS[fac] if pieces.get(k, 0) > 0]
        if row:
            rows.append(row)
    return rows


def _item_width(kind: str, n: int, s: int, f) -> int:
    return piece_width(kind, s) + 3 + text_width(str(n), f)


def _draw_piece_rows(d: ImageDraw.ImageDraw, rows: list[list[tuple[str, int]]], x: int, y: int, w: int,
                     h: int, ink, hb_pieces: dict, hb_count: dict, s: int = 26) -> int:
    """Draw piece rows centred in (x, y, w, h); returns the height used.

    Shrinks the icons, then packs several factions on one row, when the rows do
    not fit.
    """
    if not rows:
        return 0
    gap = 10
    for size in (s, s - 4, s - 7):
        f = font(int(size * 0.86), "bold")
        rh = size + 5
        widths = [[_item_width(k, n, size, f) for k, n in r] for r in rows]
        line_w = [sum(ws) + gap * (len(ws) - 1) for ws in widths]
        packed = rows
        if len(rows) * rh > h or max(line_w) > w:
            # flow all items, faction by faction, into lines of width w
            packed, cur, cw = [], [], 0
            for r, ws in zip(rows, widths):
                for item, iw in zip(r, ws):
                    need = iw + (gap if cur else 0)
                    if cur and cw + need > w:
                        packed.append(cur)
                        cur, cw = [], 0
                        need = iw
                    cur.append(item)
                    cw += need
            if cur:
                packed.append(cur)
        if len(packed) * rh <= h or size == s - 7:
            break
    cy = y
    for r in packed:
        ws = [_item_width(k, n, size, f) for k, n in r]
        total = sum(ws) + gap * (len(ws) - 1)
        cx = x + (w - total) // 2
        for (k, n), iw in zip(r, ws):
            pw = draw_piece(d, k, cx, cy, size)
            tx = cx + pw + 3
            d.text((tx, cy + size / 2 + 1), str(n), font=f, fill=ink, anchor="lm")
            hb_pieces[k] = (cx, cy, cx + iw, cy + size)
            hb_count[k] = (tx, cy + 2, tx + text_width(str(n), f) + 1, cy + size - 1)
            cx += iw + gap
        cy += rh
    return cy - y


# ---------------------------------------------------------------- spaces
def _paint_shapes(lay: Layout, spaces: dict[str, Any]) -> Image.Image:
    """The sea and every land space filled with its Support colour, with edges and trims.

    Princely States get a gold band inside the edge, Muslim spaces a green one
    (a Muslim Princely State: gold, then green inside it). A Province that has
    become a Muslim State gets the green band too.
    """
    mp = get_data().map
    pal = list(th.SEA)
    for sid in lay.spaces:
        pal += th.SUPPORT_FILL[spaces[sid]["support"]]
    base = lay.index.copy()
    base.putpalette(pal + [0] * (768 - len(pal)))
    img = Image.alpha_composite(base.convert("RGBA"), lay.overlay)
    for sid, shape in lay.spaces.items():
        if spaces[sid]["muslim_state"] and not mp.spaces[sid].muslim:
            fill_m, _, trim_m, _ = lay.masks[sid]
            ox, oy = mask_origin(shape)
            img.paste(th.MUSLIM_TRIM, (ox, oy, ox + fill_m.width, oy + fill_m.height), trim_m)
    return img


def _space_content(d: ImageDraw.ImageDraw, sid: str, shape: SpaceShape, sp: dict, locale: str,
                   hb: HitBoxes) -> None:
    sd = get_data().map.spaces[sid]
    x, y, w, h = shape.box
    ink = th.INK
    bg = th.SUPPORT_FILL[sp["support"]]
    city = shape.circle is not None
    f_name = font(21 if city else 22, "bold")
    own = th.place(locale, sid)
    lines = _wrap(own, f_name, w - 8)[:3] if own else shape.label.split("\n")
    cy = y
    lx0 = lx1 = x + w // 2
    for i, line in enumerate(lines):
        lw = text_width(line, f_name)
        d.text((x + w / 2, cy), line, font=f_name, fill=ink, anchor="mt")
        lx0, lx1 = min(lx0, x + (w - lw) // 2), max(lx1, x + (w + lw) // 2)
        if i == 0 and (sd.muslim or sp["muslim_state"]):
            _crescent(d, x + (w - lw) // 2 - 14, cy + 11, 8, th.MUSLIM_TRIM, bg)
        cy += 24
    hb.label[sid] = (lx0, y, lx1 + 1, cy)
    hb.markers[sid] = {}
    # status: population, support, Raj Control
    f_st = font(16, "bold")
    sup_key = f"support.{sp['support']}"
    items: list[tuple[str, Any, Any, Any]] = []
    if not city:
        items.append((th.t(locale, "pop", n=sd.population), (255, 255, 255), ink, ink))
    sup = th.t(locale, sup_key)
    items.append((sup, (255, 255, 255), ink, None))
    if sp["raj_control"]:
        items.append((th.t(locale, "control"), th.CONTROL_FILL, th.WHITE, None))
    ph = 22

    def row_w(its):
        return sum(pill_width(s, f_st, ph) for s, *_ in its) - 4

    if row_w(items) > w + 8:
        items = [(th.t(locale, f"support_short.{sp['support']}") if s == sup else s, *rest)
                 for s, *rest in items]
    if row_w(items) > w + 8:
        f_st = font(14, "bold")  # a smaller type rather than "Pop1": the legend's words stay whole
    px = x + (w - row_w(items)) // 2
    cy += 2
    for s, fill, fg, outline in items:
        r = pill(d, px, cy, s, fill, fg, f_st, ph, outline=None)
        if fill == th.CONTROL_FILL:
            hb.markers[sid]["raj_control"] = r
        px = r[2] + 3
    cy += ph + 8  # the markers' row: its capitals clear the descenders above
    # markers
    marks = []
    if sp["protest"]:
        marks.append(("protest", th.t(locale, "protest"), th.PROTEST_FILL, th.INK))
    if sp["unrest"]:
        marks.append(("unrest", th.t(locale, "unrest") + (f" {sp['unrest']}" if sp["unrest"] > 1 else ""),
                      th.UNREST_FILL, th.WHITE))
    if sp["muslim_state"]:
        marks.append(("muslim_state", th.t(locale, "muslim_state"), th.MUSLIM_TRIM, th.WHITE))
    f_m = font(15, "bold")
    rows: list[list] = []
    for m in marks:  # rows no wider than the space (STATO MUSULMANO, PROTESTA: two rows)
        if rows and sum(pill_width(t, f_m, ph) for _, t, _, _ in rows[-1] + [m]) - 4 <= w + 4:
            rows[-1].append(m)
        else:
            rows.append([m])
    for row in rows:
        mw = sum(pill_width(s, f_m, ph) for _, s, _, _ in row) - 4
        px = x + (w - mw) // 2
        for name, s, fill, fg in row:
            r = pill(d, px, cy, s, fill, fg, f_m, ph, outline=th.INK)
            hb.markers[sid][name] = r
            px = r[2] + 3
        cy += ph + 5
    hb.status[sid] = (x, y, x + w, cy)
    area = (x, cy, x + w, y + h)
    hb.piece_area[sid] = area
    hb.pieces[sid], hb.count[sid] = {}, {}
    _draw_piece_rows(d, _piece_items(sp["pieces"]), x, cy, w, y + h - cy, ink, hb.pieces[sid], hb.count[sid])


# ---------------------------------------------------------------- railways
def _rail_points(lay: Layout, rid: str) -> list[tuple[float, float]]:
    """The railway's polyline, cut where it enters a City's circle."""
    pts = [tuple(map(float, p)) for p in lay.railways[rid].points]
    for end in (0, -1):
        p = pts[end]
        for shape in lay.spaces.values():
            if shape.circle and (shape.circle[0], shape.circle[1]) == p:
                cx, cy, r = shape.circle
                q = pts[1] if end == 0 else pts[-2]
                dx, dy = q[0] - cx, q[1] - cy
                n = (dx * dx + dy * dy) ** 0.5 or 1.0
                pts[end] = (cx + dx / n * (r - 2), cy + dy / n * (r - 2))
    return pts


def _nearest_on(pts, p) -> tuple[float, float]:
    best, bd = pts[0], 1e18
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        dx, dy = x1 - x0, y1 - y0
        L = dx * dx + dy * dy or 1.0
        t = max(0.0, min(1.0, ((p[0] - x0) * dx + (p[1] - y0) * dy) / L))
        q = (x0 + t * dx, y0 + t * dy)
        dd = (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2
        if dd < bd:
            best, bd = q, dd
    return best


def _railway_lines(d: ImageDraw.ImageDraw, lay: Layout, spaces: dict[str, Any]) -> None:
    for rid, rw in lay.railways.items():
        strike = spaces[rid]["strike"]
        pts = _rail_points(lay, rid)
        d.line(pts, fill=th.RAIL_DARK, width=10, joint="curve")
        tie = th.STRIKE_RED if strike else th.RAIL_TIE
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            n = max(1, int(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 // 14))
            for i in range(n):
                a, b = (i + 0.25) / n, (i + 0.7) / n
                d.line((x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                       fill=tie, width=4)
        # a leader from a badge set beside its line
        q = _nearest_on(pts, rw.badge)
        if (q[0] - rw.badge[0]) ** 2 + (q[1] - rw.badge[1]) ** 2 > 14 ** 2:
            d.line((rw.badge, q), fill=th.RAIL_DARK, width=3)
    for tid, tw in lay.towns.items():
        x, y = tw.at
        d.ellipse((x - 8, y - 8, x + 8, y + 8), fill=th.WHITE, outline=th.INK, width=3)


def _ink(text: str, f, x: float, y: float, anchor: str) -> Rect:
    """The ink box of ``text`` drawn at (x, y) with ``anchor`` (cached font measure)."""
    b = ink_box(text, f, anchor)
    return (x + b[0], y + b[1], x + b[2], y + b[3])


def _town_candidates(tw, label: str, f) -> list[tuple[tuple[float, float], str]]:
    """Where a Town's name may go: the layout's side first, then the others."""
    x, y = tw.at
    sides = {"right": ((x + 10, y - 12), "lm"), "left": ((x - 10, y - 12), "rm"),
             "below": ((x, y + 10), "mt"), "above": ((x, y - 12), "md"),
             "below_right": ((x + 8, y + 10), "lt"), "below_left": ((x - 8, y + 10), "rt"),
             "above_right": ((x + 8, y - 10), "ld"), "above_left": ((x - 8, y - 10), "rd"),
             "far_above": ((x, y - 30), "md"), "far_below": ((x, y + 28), "mt"),
             "far_right": ((x + 10, y - 32), "lm"), "far_left": ((x - 10, y - 32), "rm"),
             "low_right": ((x + 10, y + 14), "lm"), "low_left": ((x - 10, y + 14), "rm")}
    order = [tw.label_side] + [k for k in sides if k != tw.label_side]
    return [sides[k] for k in order]


def _rail_label_candidates(lines_for, label_at, bx: int, by: int, r: Rect) -> list[tuple[list[str], float, float]]:
    """Where a Railway's name may go: (lines, x, y of the bottom line's base),
    the layout's place first, then above, below, left and right of its badge,
    each with the name wrapped narrow and wide."""
    out = []
    for width in (None, 150, 200, 110):
        lines = lines_for(width)
        n = len(lines)
        lx, ly = label_at or (bx, r[1] - 3)
        out += [(lines, lx, ly), (lines, bx, r[1] - 3), (lines, bx, r[3] + 15 * n + 1)]
        half = max(1, n) * 15 / 2
        out += [(lines, r[0] - 80, by + half), (lines, r[2] + 80, by + half),
                (lines, bx - 60, r[1] - 3), (lines, bx + 60, r[1] - 3),
                (lines, bx - 60, r[3] + 15 * n + 1), (lines, bx + 60, r[3] + 15 * n + 1)]
    return out


def _block(lines: list[str], f, x: float, y: float) -> list[Rect]:
    return [_ink(line, f, x, y - 15 * i, "md") for i, line in enumerate(reversed(lines))]


def _railway_badges(d: ImageDraw.ImageDraw, lay: Layout, spaces: dict[str, Any], locale: str,
                    hb: HitBoxes) -> None:
    """Every Railway's badge, one row centred on its ``badge`` point: Econ, the
    Strike marker if any, then the pieces on the Railway. Town and Railway
    names go where they meet no other text, badge or piece (the layout's
    place first: a longer Italian or Japanese name may not fit there)."""
    mp = get_data().map
    f_e = font(17, "bold")
    f_town = font(14, "italic")
    f_rail = font(13, "italic")
    s_ = 22
    f = font(19, "bold")
    bounds = (2, 2, lay.width - 2, lay.height - 2)
    taken: list[Rect] = [b for b in hb.label.values()] + [b for b in hb.status.values()]
    taken += [(px, py, px + pw, py + ph) for px, py, pw, ph in lay.panels.values()]  # drawn later, over the sea
    for group in (hb.markers, hb.pieces, hb.count):
        taken += [b for m in group.values() for b in m.values()]
    badges = {}
    for rid, rw in lay.railways.items():
        sp = spaces[rid]
        bx, by = rw.badge
        econ = th.t(locale, "econ", n=mp.spaces[rid].econ)
        strike = th.t(locale, "strike") if sp["strike"] else ""
        items = [it for row in _piece_items(sp["pieces"]) for it in row]
        ew = text_width(econ, f_e)
        sw = text_width(strike, f_e) + 14 if strike else 0
        iw = [_item_width(k, n, s_, f) for k, n in items]
        total = 12 + ew + (8 + sw if strike else 0) + (10 + sum(iw) + 10 * len(iw) if items else 0)
        # the layout's place, unless a space's pieces or words reach it: then beside it, on a leader
        spots = [(bx, by)] + [(bx + dx, by + dy) for dx, dy in ((0, -34), (0, 34), (-60, 0), (60, 0), (0, -68),
                                                                (0, 68), (-120, 0), (120, 0), (-60, -34), (60, 34),
                                                                (60, -34), (-60, 34), (0, -102), (0, 102),
                                                                (-180, 0), (180, 0))]
        rects = [(x - total // 2, y - 14, x - total // 2 + total, y + 14) for x, y in spots]
        i = free_spot(taken, rects, bounds)
        if i:
            pts = _rail_points(lay, rid)
            q = _nearest_on(pts, spots[i])
            d.line((spots[i], q), fill=th.RAIL_DARK, width=3)
            d.ellipse((q[0] - 4, q[1] - 4, q[0] + 4, q[1] + 4), fill=th.RAIL_DARK)
        badges[rid] = (econ, strike, items, ew, sw, rects[i], spots[i])
        taken.append(rects[i])
    for tid, tw in lay.towns.items():
        x, y = tw.at
        taken.append((x - 9, y - 9, x + 9, y + 9))
    for rid, rw in lay.railways.items():
        r, (bx, by) = badges[rid][-2:]
        # the Railway's name as prompts say it, so a player can find it (the line alone has no name)
        own = th.place(locale, rid)
        width = max(text_width(ln, f_rail) for ln in rw.label.split("\n"))  # the layout's room for the name

        def lines_for(w, own=own, width=width, rw=rw):
            if not own:
                return rw.label.split("\n")
            return _wrap(own, f_rail, w or max(width, 90))

        cands = _rail_label_candidates(lines_for, rw.label_at, bx, by, r)
        boxes = [_block(ls, f_rail, lx, ly) for ls, lx, ly in cands]
        hulls = [(min(b[0] for b in bs), min(b[1] for b in bs), max(b[2] for b in bs), max(b[3] for b in bs))
                 for bs in boxes]
        i = free_spot(taken, hulls, bounds)
        lines, lx, ly = cands[i]
        for j, line in enumerate(reversed(lines)):  # bottom line at (lx, ly)
            d.text((lx, ly - 15 * j), line, font=f_rail, fill=th.WHITE, anchor="md", stroke_width=3,
                   stroke_fill=th.INK)
        taken += boxes[i]
    for tid, tw in lay.towns.items():
        name = th.place(locale, tid) or tw.label
        cands = _town_candidates(tw, name, f_town)
        i = free_spot(taken, [_ink(name, f_town, *xy, a) for xy, a in cands], bounds)
        (tx, ty), anchor = cands[i]
        d.text((tx, ty), name, font=f_town, fill=th.WHITE, anchor=anchor, stroke_width=3, stroke_fill=th.INK)
        taken.append(_ink(name, f_town, tx, ty, anchor))
    for rid in lay.railways:
        econ, strike, items, ew, sw, r, (bx, by) = badges[rid]
        x0, y0 = r[0], r[1]
        d.rounded_rectangle(r, radius=8, fill=th.RAIL_DARK, outline=th.RAIL_TIE, width=2)
        x = x0 + 6
        d.text((x, by + 1), econ, font=f_e, fill=th.WHITE, anchor="lm")
        hb.label[rid] = (x0, y0, x + ew + 6, y0 + 28)
        x += ew + 8
        hb.markers[rid] = {}
        if strike:
            m = (x, y0 + 3, x + sw, y0 + 25)
            d.rounded_rectangle(m, radius=4, fill=th.STRIKE_RED, outline=th.WHITE, width=2)
            d.text((x + sw / 2, by + 1), strike, font=f_e, fill=th.WHITE, anchor="mm")
            hb.markers[rid]["strike"] = m
            x += sw + 4
        hb.pieces[rid], hb.count[rid] = {}, {}
        if items:
            area = (x + 2, y0 + 2, r[2] - 3, y0 + 26)
            d.rounded_rectangle(area, radius=5, fill=(250, 250, 246))
            hb.piece_area[rid] = area
            _draw_piece_rows(d, [items], x + 6, y0 + 3, r[2] - x - 8, s_ + 6, th.INK, hb.pieces[rid],
                             hb.count[rid], s=s_)
        else:
            hb.piece_area[rid] = (x, y0 + 2, x + 1, y0 + 26)


# ---------------------------------------------------------------- panels
CHIP_W = 86  # the tracks' faction chips: "ムスリム連盟" at 13 px, legible on a phone


def _chip(d: ImageDraw.ImageDraw, x: int, y: int, fac: str, locale: str, h: int = 26, w: int | None = None) -> int:
    """A faction chip: its colour and its name (readable without the colour)."""
    name = th.t(locale, f"faction.{fac}")
    f = _fitted(name, int(h * 0.68), "bold", w - 6) if w else font(int(h * 0.68), "bold")
    w = w or text_width(name, f) + 16
    d.rounded_rectangle((x, y, x + w, y + h), radius=5, fill=th.FACTION_COLOUR[fac],
                        outline=th.WHITE if fac == "rev" else None, width=2 if fac == "rev" else 0)
    d.text((x + w / 2, y + h / 2 + 1), name, font=f, fill=th.FACTION_TEXT[fac], anchor="mm")
    return w


def _title_panel(d, box, st, locale) -> None:
    x, y, w, h = panel(d, box)
    scen = th.t(locale, f"scenario.{st['scenario']}") if st["scenario"] in ("main", "short") else st["scenario"]
    # the turn as players count it (the card in play, 2.3.7), not an internal move counter
    cur = (st["card"] or {}).get("current")
    turn = th.t(locale, "turn_card", n=st["card"].get("played", 0) + 1, c=cur["number"]) if cur else ""
    d.text((x, y + h / 2 + 2), "  ·  ".join(p for p in ("GANDHI", scen, turn) if p),
           font=font(24, "bold"), fill=th.PANEL_TEXT, anchor="lm")
    if st["result"]:
        win = st["result"].get("winner") if isinstance(st["result"], dict) else None
        text = th.t(locale, "winner", w=th.t(locale, f"faction.{win}")) if win in th.FACTIONS else \
            th.t(locale, "game_over")
        f = font(22, "bold")
        tw = text_width(text, f) + 20
        d.rounded_rectangle((x + w - tw, y + 2, x + w, y + h - 2), radius=6, fill=th.PROTEST_FILL)
        d.text((x + w - tw / 2, y + h / 2 + 1), text, font=f, fill=th.INK, anchor="mm")
    elif st["crisis"]:
        f = font(22, "bold")
        text = th.t(locale, "crisis")
        tw = text_width(text, f) + 24
        d.rounded_rectangle((x + w - tw, y + 2, x + w, y + h - 2), radius=6, fill=th.CRISIS_FILL,
                            outline=th.WHITE, width=2)
        d.text((x + w - tw / 2, y + h / 2 + 1), text, font=f, fill=th.WHITE, anchor="mm")


def _tracks_panel(d, box, st, locale, hb: HitBoxes) -> None:
    x, y, w, h = panel(d, box)
    f = font(18, "bold")
    fs = font(16)
    col = w // 2 + 10
    d.text((x, y), th.t(locale, "victory"), font=font(19, "bold"), fill=th.PANEL_DIM, anchor="la")
    ry = y + 30
    for fac in th.FACTIONS:
        v = st["victory"][fac]
        _chip(d, x, ry, fac, locale, h=26, w=CHIP_W)
        top = max(50, v["threshold"] + 4, v["total"]) if fac == "raj" else max(30, v["threshold"] + 4, v["total"])
        bar(d, x + CHIP_W + 10, ry + 5, col - 148 - CHIP_W, 16, v["total"], top, th.FACTION_COLOUR[fac], v["threshold"],
             outline=th.WHITE if fac == "rev" else None)
        m = v["margin"]
        d.text((x + col - 130, ry + 13), f"{v['total']} / {v['threshold']}", font=f, fill=th.PANEL_TEXT,
               anchor="lm")
        d.text((x + col - 50, ry + 13), f"{m:+d}", font=fs, fill=th.PANEL_DIM, anchor="lm")
        hb.panels[f"victory.{fac}"] = (x, ry, x + col - 14, ry + 26)
        ry += 36
    # right column: resources, restraint & protests, unity
    rx = x + col
    rw = w - col
    d.text((rx, y), th.t(locale, "resources"), font=font(19, "bold"), fill=th.PANEL_DIM, anchor="la")
    ry = y + 30
    for fac in ("raj", "rev"):
        v = st["tracks"]["resources"][fac]
        used = st["tracks"].get("resources_used", {}).get(fac, True)  # 8.1: not kept by an NP Raj / Revs
        _chip(d, rx, ry, fac, locale, h=26, w=CHIP_W)
        bar(d, rx + CHIP_W + 10, ry + 5, rw - 68 - CHIP_W, 16, v if used else 0, 50, th.FACTION_COLOUR[fac],
            outline=th.WHITE if fac == "rev" else None)
        d.text((rx + rw, ry + 13), str(v) if used else "—", font=f, fill=th.PANEL_TEXT, anchor="rm")
        hb.panels[f"resources.{fac}"] = (rx, ry, rx + rw, ry + 26)
        ry += 36
    ry += 4

    def track(label: str, value: int, ty: int) -> None:
        d.text((rx, ty + 14), label, font=f, fill=th.PANEL_TEXT, anchor="lm")
        bx = rx + 130
        for i in range(1, 6):
            on = i == value
            r = (bx + (i - 1) * 38, ty, bx + (i - 1) * 38 + 32, ty + 28)
            d.rounded_rectangle(r, radius=5, fill=th.PROTEST_FILL if on else (48, 64, 80),
                                outline=th.WHITE if on else None, width=2)
            d.text(((r[0] + r[2]) / 2, ty + 15), str(i), font=f, fill=th.INK if on else th.PANEL_DIM,
                   anchor="mm")

    track(th.t(locale, "restraint"), st["tracks"]["restraint"], ry)
    hb.panels["restraint"] = (rx, ry, rx + rw, ry + 28)
    ry += 36
    # protest boxes 1..6 beside the Restraint track
    bx = rx
    for i, on in enumerate(st["protest_boxes"]):
        r = (bx + i * 26, ry, bx + i * 26 + 20, ry + 20)
        d.rectangle(r, fill=th.PROTEST_FILL if on else (48, 64, 80), outline=th.PANEL_DIM)
    d.text((bx + 6 * 26 + 6, ry + 10), th.t(locale, "protests_available", n=st["protest_available"]),
           font=fs, fill=th.PANEL_TEXT, anchor="lm")
    ry += 30
    track(th.t(locale, "unity"), st["tracks"]["unity"], ry)
    hb.panels["unity"] = (rx, ry, rx + rw, ry + 28)


def _card_block(d, x, y, w, label: str, card: dict | None, locale: str, big: bool) -> int:
    """One card: its label, number, title and faction order. Returns the height used."""
    f_lab = font(17, "bold")
    d.text((x, y), label, font=f_lab, fill=th.PANEL_DIM, anchor="la")
    y0 = y
    y += 24
    if not card:
        d.text((x, y), th.t(locale, "none"), font=font(20), fill=th.PANEL_TEXT, anchor="la")
        return y + 28 - y0
    campaign = card.get("kind") == "campaign"
    h = 112 if big else 92
    d.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=(250, 246, 232) if not campaign else (226, 214, 240),
                        outline=th.WHITE, width=2)
    f_no = font(30 if big else 24, "bold")
    num = str(card.get("number", "?"))
    d.text((x + 12, y + 8), num, font=f_no, fill=th.INK, anchor="la")
    nx = x + 22 + text_width(num, f_no)
    title = _card_title(card, locale)
    if campaign and (not title or title.lower() == th.t(locale, "campaign").lower()):
        cc = get_data().cards.campaigns.get(card.get("number"))
        title = f"{cc.viceroy}" if cc else ""
    f_t = font(21 if big else 19, "bold")
    lines = _wrap(title, f_t, x + w - 12 - nx)[:2]
    for i, ln in enumerate(lines):
        d.text((nx, y + 10 + i * 24), ln, font=f_t, fill=th.INK, anchor="la")
    fo = card.get("faction_order") or []
    cy = y + h - 36
    if campaign:
        d.text((x + 12, cy + 13), th.t(locale, "campaign").upper(), font=font(19, "bold"), fill=(80, 40, 120),
               anchor="lm")
    else:
        cx = x + 12
        for i, fac in enumerate(fo):
            if fac in th.FACTIONS:
                cw = _chip(d, cx, cy, fac, locale, h=26, w=58)
                cx += cw + 4
                if i < len(fo) - 1:
                    d.text((cx + 2, cy + 13), ">", font=font(18, "bold"), fill=th.INK_SOFT, anchor="lm")
                    cx += 16
    return y + h + 8 - y0


def _words(text: str, f, width: int) -> list[str]:
    """Words of ``text``; a word wider than ``width`` (Japanese has no spaces)
    is cut into pieces that fit."""
    out = []
    for wd in text.split():
        while text_width(wd, f) > width and len(wd) > 1:
            n = len(wd) - 1
            while n > 1 and text_width(wd[:n], f) > width:
                n -= 1
            out.append(wd[:n])
            wd = wd[n:]
        out.append(wd)
    return out


def _wrap(text: str, f, width: int) -> list[str]:
    words, lines, cur = _words(text, f, width), [], ""
    for wd in words:
        t = f"{cur} {wd}".strip()
        if cur and text_width(t, f) > width:
            lines.append(cur)
            cur = wd
        else:
            cur = t
    if cur:
        lines.append(cur)
    return lines


def _cards_panel(d, box, st, locale, hb: HitBoxes) -> None:
    x, y, w, h = panel(d, box)
    card = st["card"]
    y += _card_block(d, x, y, w, th.t(locale, "current"), card["current"], locale, big=True)
    hb.panels["card.current"] = (x, y - 140, x + w, y)
    y += 4
    y += _card_block(d, x, y, w, th.t(locale, "next"), card["next"], locale, big=False)
    y += 6
    # eligibility
    d.text((x, y), th.t(locale, "eligibility"), font=font(17, "bold"), fill=th.PANEL_DIM, anchor="la")
    y += 26
    actor = (st["decision"] or {}).get("actor") if isinstance(st["decision"], dict) else None
    cw = (w - 18) // 4
    f_s = font(16, "bold")
    for i, fac in enumerate(th.FACTIONS):
        cx = x + i * (cw + 6)
        _chip(d, cx, y, fac, locale, h=28, w=cw)
        e = st["eligibility"][fac]
        if e == "acted" and fac == actor:  # chose its action (2.3.4) and is still carrying it out
            e = "acting"
        text = th.t(locale, f"elig.{e}")
        good = e == "eligible"
        d.rounded_rectangle((cx, y + 32, cx + cw, y + 58), radius=5,
                            fill=(40, 120, 70) if good else (58, 72, 88))
        d.text((cx + cw / 2, y + 46), ("✓ " if False else "") + text, font=f_s,
               fill=th.WHITE if good else th.PANEL_DIM, anchor="mm")
        hb.panels[f"eligibility.{fac}"] = (cx, y, cx + cw, y + 58)
        if fac == actor:
            d.rounded_rectangle((cx - 3, y - 3, cx + cw + 3, y + 88), radius=7, outline=th.PROTEST_FILL, width=3)
            d.text((cx + cw / 2, y + 73), th.t(locale, "to_act"), font=f_s, fill=th.PROTEST_FILL, anchor="mm")
    y += 96
    # Viceroy and deck
    vc = card["viceroy"]
    d.text((x, y), th.t(locale, "viceroy"), font=font(17, "bold"), fill=th.PANEL_DIM, anchor="la")
    y += 24
    if vc:
        cc = _campaign_def(vc)
        ct = cc.texts(th.lang(locale)) if cc else {}
        name = ct.get("viceroy") or str(vc.get("name") or "")
        cap = _capability_name(vc, locale)
        d.text((x, y), name, font=font(22, "bold"), fill=th.PANEL_TEXT, anchor="la")
        if cap:
            d.text((x + text_width(name, font(22, "bold")) + 12, y + 3), cap, font=font(18, "italic"),
                   fill=th.PANEL_DIM, anchor="la")
        detail = _capability_text(vc, locale)
        for i, ln in enumerate(_wrap(detail, font(16), w)[:2]):
            d.text((x, y + 30 + i * 20), ln, font=font(16), fill=th.PANEL_TEXT, anchor="la")
    else:
        d.text((x, y), th.t(locale, "none"), font=font(20), fill=th.PANEL_TEXT, anchor="la")
    y += 76
    if card.get("deck_size") is not None:
        d.text((x, y), th.t(locale, "deck", n=card["deck_size"], c=card.get("campaigns_left") or 0),
               font=font(17), fill=th.PANEL_DIM, anchor="la")


def _campaign_def(vc: dict):
    n = vc.get("number")
    return get_data().cards.campaigns.get(n) if isinstance(n, int) else None


def _card_title(card: dict, locale: str) -> str:
    """An Event card's title in the picture's language (``title_<lang>`` of
    the card data; the state's English title otherwise)."""
    ev = get_data().cards.events.get(card.get("number"))
    lang = th.lang(locale)
    own = getattr(ev, f"title_{lang}", "") if ev is not None and lang != "en" else ""
    return own or str(card.get("title") or "")


def _capability_name(vc: dict, locale: str = "en") -> str:
    """The Viceroy's capability name in the picture's language."""
    cc = _campaign_def(vc)
    return cc.texts(th.lang(locale))["capability"] if cc else ""


def _capability_text(vc: dict, locale: str = "en") -> str:
    """The Raj capability's text in the picture's language (the state's
    capability line for a Viceroy the card data does not know)."""
    cc = _campaign_def(vc)
    if cc and cc.raj_capability:
        return cc.texts(th.lang(locale))["raj_capability"]
    cap = str(vc.get("capability") or "")
    return "" if cc and cap == cc.capability else cap


BOX_ROWS = (("troop", "troop"), ("sepoy", "sepoy"), ("inc_activist", "inc_activist_active"),
            ("gandhi", "gandhi"), ("ml_activist", "ml_activist_active"), ("ml_base", "ml_base"),
            ("guerrilla", "guerrilla_underground"), ("rev_base", "rev_base"))


def _boxes_panel(d, box, st, locale, hb: HitBoxes) -> None:
    x, y, w, h = panel(d, box)
    f_h = font(16, "bold")
    f = font(19, "bold")
    cols = ("available", "out_of_play", "prison")
    c0 = x + 200
    cw = (w - 200) // 3
    for i, b in enumerate(cols):
        lab = th.t(locale, f"box.{b}")
        ff = f_h if text_width(lab, f_h) <= cw - 4 else font(13, "bold")
        d.text((c0 + i * cw + cw / 2, y + 8), lab, font=ff, fill=th.PANEL_DIM, anchor="mm")
    y += 22
    rh = (h - 24) // len(BOX_ROWS)
    for j, (kind, icon) in enumerate(BOX_ROWS):
        ry = y + j * rh
        if j % 2 == 0:
            d.rectangle((x - 6, ry, x + w + 6, ry + rh - 1), fill=(32, 48, 63))
        draw_piece(d, icon, x + 2, ry + (rh - 22) // 2, 22)
        d.text((x + 34, ry + rh / 2), th.t(locale, f"kind.{kind}"), font=font(17), fill=th.PANEL_TEXT, anchor="lm")
        for i, b in enumerate(cols):
            n = st["boxes"][b][kind]
            cx = c0 + i * cw + cw / 2
            d.text((cx, ry + rh / 2), str(n) if n else "-", font=f,
                   fill=th.PANEL_TEXT if n else (96, 112, 128), anchor="mm")
            hb.panels[f"box.{b}.{kind}"] = (int(cx - cw / 2), ry, int(cx + cw / 2), ry + rh)


def _legend_panel(d, box, locale) -> None:
    x, y, w, h = panel(d, box)
    entries = [("troop", "legend.troop"), ("sepoy", "legend.sepoy"), ("inc_activist_active", "legend.inc"),
               ("gandhi", "legend.gandhi"), ("ml_activist_active", "legend.ml"), ("ml_base", "legend.ml_base"),
               ("guerrilla_active", "legend.guerrilla"), ("rev_base", "legend.rev_base")]
    cw = w // 2
    for i, (kind, key) in enumerate(entries):
        cx, cy = x + (i % 2) * cw, y + (i // 2) * 28
        draw_piece(d, kind, cx, cy, 22)
        d.text((cx + 30, cy + 11), th.t(locale, key), font=_fitted(th.t(locale, key), 16, "regular", cw - 36),
               fill=th.PANEL_TEXT, anchor="lm")
    cy = y + 4 * 28 + 2
    px = x
    draw_piece(d, "inc_activist_active", px, cy, 22)
    draw_piece(d, "guerrilla_active", px + 20, cy, 22)
    d.text((px + 48, cy + 11), th.t(locale, "legend.solid"),
           font=_fitted(th.t(locale, "legend.solid"), 16, "regular", cw - 54), fill=th.PANEL_TEXT, anchor="lm")
    px = x + cw
    draw_piece(d, "inc_activist_inactive", px, cy, 22)
    draw_piece(d, "guerrilla_underground", px + 20, cy, 22)
    hollow = th.t(locale, "legend.hollow").split(" / ")[0]
    d.text((px + 48, cy + 11), hollow, font=_fitted(hollow, 16, "regular", w - cw - 54), fill=th.PANEL_TEXT,
           anchor="lm")
    cy += 30
    # the support scale
    sx = x
    sw = (w - 8) // 5
    for i, s in enumerate((2, 1, 0, -1, -2)):
        r = (sx + i * (sw + 2), cy, sx + i * (sw + 2) + sw, cy + 24)
        d.rectangle(r, fill=th.SUPPORT_FILL[s], outline=th.INK)
        d.text(((r[0] + r[2]) / 2, cy + 12), th.t(locale, f"support_short.{s}"), font=font(13, "bold"),
               fill=th.INK, anchor="mm")


# ---------------------------------------------------------------- entry points
@localized
def draw_board(state: Any, locale: str = "en") -> tuple[Image.Image, HitBoxes]:
    """Draw the full map of ``state`` (a Gandhi state or its export dict).

    Returns the RGB picture (the layout's canvas size, 1600 px wide by
    default) and the :class:`HitBoxes` of what was drawn where.
    """
    st = public_state(state)
    lay = get_layout()
    hb = HitBoxes()
    img = _paint_shapes(lay, st["spaces"])
    d = FastDraw(img)
    _railway_lines(d, lay, st["spaces"])
    for sid, shape in lay.spaces.items():
        _space_content(d, sid, shape, st["spaces"][sid], locale, hb)
    _railway_badges(d, lay, st["spaces"], locale, hb)
    _title_panel(d, lay.panels["title"], st, locale)
    _tracks_panel(d, lay.panels["tracks"], st, locale, hb)
    _cards_panel(d, lay.panels["cards"], st, locale, hb)
    _boxes_panel(d, lay.panels["boxes"], st, locale, hb)
    _legend_panel(d, lay.panels["legend"], locale)
    for k, (x, y, w, h) in lay.panels.items():
        hb.panels.setdefault(k, (x, y, x + w, y + h))
    return img, hb


def _canonical_state() -> dict:
    """A made-up position using every fill, piece, marker and badge colour."""
    mp = get_data().map
    kinds = [k for ks in FACTION_KINDS.values() for k in ks]
    spaces = {}
    for i, sid in enumerate(mp.ids):
        spaces[sid] = {"pieces": {kinds[(i + j) % len(kinds)]: j + 1 for j in range(4)},
                       "support": (i % 5) - 2, "raj_control": i % 3 == 0, "muslim_state": i % 7 == 3,
                       "protest": i % 4 == 1, "unrest": i % 3, "strike": i % 2 == 0}
    return {"scenario": "main", "move": 1, "crisis": True, "spaces": spaces,
            "card": {"current": {"number": 1, "kind": "event", "title": "Palette",
                                 "faction_order": list(th.FACTIONS)},
                     "next": {"number": 73, "kind": "campaign", "title": "", "faction_order": []},
                     "viceroy": {"number": 73, "name": "Viceroy", "capability": ""}},
            "eligibility": {"raj": "eligible", "inc": "acted", "ml": "passed", "rev": "ineligible"},
            "decision": {"actor": "raj"}, "protest_boxes": [True, False] * 3}


_PALETTE: list[Image.Image] = []


def palette() -> Image.Image:
    """The fixed 256-colour palette of every picture: built once from a made-up
    position using every colour of the theme, so it never depends on the state
    (the same state always gives the same bytes, in any process)."""
    if not _PALETTE:
        img, _ = draw_board(_canonical_state(), "en")
        _PALETTE.append(img.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE,
                                                    dither=Image.Dither.NONE))
    return _PALETTE[0]


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes of ``img`` mapped to the fixed palette (small, and fast to write)."""
    textboxes.finished(img)
    buf = io.BytesIO()
    q = img.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE)
    q.save(buf, format="PNG", optimize=False, compress_level=3)
    return buf.getvalue()


def render(state: Any, locale: str = "en") -> bytes:
    """The full map picture of a Gandhi position as PNG bytes.

    ``state``: a Gandhi state object or the dict of ``engine.export_state``.
    ``locale``: a Discord locale (``"en"``, ``"it"``, ``"es-ES"``, ``"ja"`` …) for
    the panel words and card titles (Japanese with the CJK face); place names
    stay as the map data gives them; locales without a table get English. The picture is the layout's canvas
    (1600 × 1640 px by default), opaque, and the same state always gives the
    same bytes. Raises TypeError for input that is not a Gandhi state.
    """
    img, _ = draw_board(state, locale)
    return encode_png(img)
