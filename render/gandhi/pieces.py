"""Piece icons: the game's shapes, each with a letter, so that a reader who
cannot tell the colours apart still tells the pieces apart.

=====================  ==============================  ======
piece                  shape                           letter
=====================  ==============================  ======
Troop                  red cube                        T
Sepoy                  white cube                      S
INC Activist           orange cylinder                 C
ML Activist            green cylinder                  M
Gandhi                 white pawn, orange rim          G
Guerrilla              black pentagon (house)          R
ML Base                green disc with a ring          M
Rev Base               black disc with a ring          R
=====================  ==============================  ======

Active pieces are drawn solid; Inactive Activists and Underground Guerrillas
hollow (pale body, coloured rim and letter).
"""
from __future__ import annotations

from PIL import ImageDraw

from ..kit import textboxes
from ..kit.fonts import font
from . import theme as th

# display kinds, in drawing order, grouped by faction
FACTION_KINDS: dict[str, tuple[str, ...]] = {
    "raj": ("troop", "sepoy"),
    "inc": ("inc_activist_active", "inc_activist_inactive", "gandhi"),
    "ml": ("ml_activist_active", "ml_activist_inactive", "ml_base"),
    "rev": ("guerrilla_active", "guerrilla_underground", "rev_base"),
}
MAP_KINDS = tuple(k for ks in FACTION_KINDS.values() for k in ks)

HOLLOW_FILL = (250, 248, 240)


def _shade(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    if f >= 1:
        return tuple(int(v + (255 - v) * (f - 1)) for v in c)  # type: ignore[return-value]
    return tuple(int(v * f) for v in c)  # type: ignore[return-value]


def _letter(d: ImageDraw.ImageDraw, cx: float, cy: float, ch: str, size: int, colour) -> None:
    with textboxes.marks():
        d.text((cx, cy), ch, font=font(max(8, int(size * 0.62)), "bold"), fill=colour, anchor="mm")


def piece_width(kind: str, s: int) -> int:
    """Width in px of the icon of ``kind`` at height ``s``."""
    if kind in ("troop", "sepoy"):
        return int(s * 0.92)
    if kind in ("ml_base", "rev_base"):
        return s
    if kind == "gandhi":
        return int(s * 0.86)
    if kind.startswith("guerrilla"):
        return int(s * 0.8)
    return int(s * 0.72)  # cylinders


def draw_piece(d: ImageDraw.ImageDraw, kind: str, x: int, y: int, s: int) -> int:
    """Draw the icon of ``kind`` with its top-left corner at (x, y), ``s`` px tall.

    Returns the icon's width. Raises KeyError for an unknown kind.
    """
    w = piece_width(kind, s)
    outline = th.INK
    if kind in ("troop", "sepoy"):
        body = th.RAJ_RED if kind == "troop" else th.SEPOY_WHITE
        top = int(s * 0.22)
        # a cube seen slightly from above: a lighter top face, then the front
        d.polygon([(x, y + top), (x + top, y), (x + w, y), (x + w - top, y + top)],
                  fill=_shade(body, 1.35 if kind == "troop" else 0.9), outline=outline)
        d.rectangle((x, y + top, x + w - top, y + s - 1), fill=body, outline=outline, width=1)
        d.polygon([(x + w - top, y + top), (x + w, y), (x + w, y + s - 1 - top), (x + w - top, y + s - 1)],
                  fill=_shade(body, 0.7), outline=outline)
        _letter(d, x + (w - top) / 2, y + top + (s - top) / 2, "T" if kind == "troop" else "S", s - top,
                th.WHITE if kind == "troop" else th.INK)
        return w
    if kind.startswith(("inc_activist", "ml_activist")):
        colour = th.INC_ORANGE if kind.startswith("inc") else th.ML_GREEN
        active = kind.endswith("_active")
        body = colour if active else HOLLOW_FILL
        cap = int(s * 0.26)
        lw = 1 if active else 3
        d.rectangle((x, y + cap // 2, x + w - 1, y + s - 1 - cap // 2), fill=body)
        d.ellipse((x, y + s - 1 - cap, x + w - 1, y + s - 1), fill=body, outline=outline if active else colour,
                  width=lw)
        d.rectangle((x + lw, y + cap // 2, x + w - 1 - lw, y + s - 1 - cap // 2), fill=body)
        d.line((x, y + cap // 2, x, y + s - 1 - cap // 2), fill=outline if active else colour, width=lw)
        d.line((x + w - 1, y + cap // 2, x + w - 1, y + s - 1 - cap // 2), fill=outline if active else colour,
               width=lw)
        d.ellipse((x, y, x + w - 1, y + cap), fill=_shade(body, 1.3) if active else body,
                  outline=outline if active else colour, width=lw)
        ch = "C" if kind.startswith("inc") else "M"
        tc = (th.INK if kind.startswith("inc") else th.WHITE) if active else colour
        _letter(d, x + w / 2, y + s * 0.56, ch, int(s * 0.9), tc)
        return w
    if kind == "gandhi":
        head = int(s * 0.42)
        hx = x + (w - head) / 2
        d.polygon([(x + w * 0.18, y + s - 1), (x + w * 0.82, y + s - 1), (x + w * 0.64, y + head * 0.8),
                   (x + w * 0.36, y + head * 0.8)], fill=th.GANDHI_FILL, outline=th.INC_ORANGE)
        d.rectangle((x + 1, y + s - 5, x + w - 2, y + s - 1), fill=th.INC_ORANGE)
        d.ellipse((hx, y, hx + head, y + head), fill=th.GANDHI_FILL, outline=th.INC_ORANGE, width=2)
        _letter(d, x + w / 2, y + s * 0.62, "G", int(s * 0.78), th.INK)
        return w
    if kind.startswith("guerrilla"):
        # a pentagon pointing up (a "house"): neither a cube, a cylinder nor a disc
        active = kind.endswith("_active")
        c = int(s * 0.34)
        pts = [(x + w / 2, y), (x + w - 1, y + c), (x + w - 1, y + s - 1), (x, y + s - 1), (x, y + c)]
        if active:
            d.polygon(pts, fill=th.REV_BLACK, outline=th.INK)
        else:
            d.polygon(pts, fill=(214, 214, 210), outline=th.REV_BLACK, width=3)
        _letter(d, x + w / 2, y + s * 0.6, "R", int(s * 0.86), th.WHITE if active else th.REV_BLACK)
        return w
    if kind in ("ml_base", "rev_base"):
        colour = th.ML_GREEN if kind == "ml_base" else th.REV_BLACK
        d.ellipse((x, y, x + w - 1, y + s - 1), fill=colour, outline=th.INK)
        r = int(s * 0.14)
        d.ellipse((x + r, y + r, x + w - 1 - r, y + s - 1 - r), outline=th.WHITE, width=max(1, s // 14))
        _letter(d, x + w / 2, y + s / 2, "M" if kind == "ml_base" else "R", int(s * 0.9), th.WHITE)
        return w
    raise KeyError(kind)
