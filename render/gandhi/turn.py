"""The picture posted after a turn, sized for a phone (Discord's phone width is
360-400 px): the title and tracks panels over the part of the map where this
turn's pieces moved, at most :data:`WIDTH` px wide so that space names and
counts stay legible when the phone shrinks it. The full map is drawn in the
same pass and posted beside it (one tap away)."""
from __future__ import annotations

from typing import Any, Iterable

from PIL import Image, ImageDraw

from . import theme as th
from .board import draw_board, encode_png
from .fonts import localized
from .layout import get_layout
from .public import public_state
from .space import _bounds

WIDTH = 740  # the side panels' width: a phone shows it at about half size
MAX_MAP_H = 820


@localized
def render_turn(state: Any, spaces: Iterable[str] = (), locale: str = "en") -> tuple[bytes, bytes]:
    """``(phone picture, full map)`` as PNG bytes.

    ``spaces``: ids of the spaces and Railways this turn touched (unknown ids
    are ignored); with none, the phone picture is the panels alone. The same
    input always gives the same bytes. Raises TypeError for input that is not
    a Gandhi state."""
    st = public_state(state)
    full, _ = draw_board(st, locale)
    lay = get_layout()
    tx, ty, tw, _ = lay.panels["title"]
    kx, ky, kw, kh = lay.panels["tracks"]
    panels = full.crop((min(tx, kx), ty, max(tx + tw, kx + kw), ky + kh))
    ids = tuple(s for s in dict.fromkeys(spaces) if s in lay.spaces or s in lay.railways)
    parts = [panels]
    if ids:
        box = _bounds(ids)
        crop = full.crop(box)
        # the map's own panels (drawn over the sea) would repeat the title and
        # tracks beside the crop: show the sea there instead
        d = ImageDraw.Draw(crop)
        for px, py, pw, ph in lay.panels.values():
            d.rectangle((px - box[0] - 2, py - box[1] - 2, px + pw - box[0] + 2, py + ph - box[1] + 2), fill=th.SEA)
        scale = min(1.0, WIDTH / crop.width, MAX_MAP_H / crop.height)
        if scale < 1.0:
            crop = crop.resize((max(1, round(crop.width * scale)), max(1, round(crop.height * scale))),
                               Image.Resampling.LANCZOS)
        parts.append(crop)
    w = max(p.width for p in parts)
    img = Image.new("RGB", (w, sum(p.height for p in parts) + 8 * (len(parts) - 1)), th.PANEL)
    y = 0
    for p in parts:
        img.paste(p.convert("RGB"), ((w - p.width) // 2, y))
        y += p.height + 8
    return encode_png(img), encode_png(full)
