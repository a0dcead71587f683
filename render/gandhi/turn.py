"""The picture posted after a turn, sized for a phone (Discord's phone width is
360-400 px): a header naming the card in play (number and title in the
player's language) and who acts next, the tracks panel, then the part of the
map where this turn's pieces moved, at the full map's scale and at most
:data:`WIDTH` px wide, so that names and counts stay at least 7 px high when
the phone shows it 400 px wide. The crop's edges cut no word (render/kit
textboxes ``snap``). The full map is drawn in the same pass and posted
beside it (one tap away)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PIL import Image

from ..kit import textboxes as tb
from ..kit.fastdraw import FastDraw
from ..kit.fonts import font, localized
from . import theme as th
from .board import _card_title, _chip, _wrap, draw_board, encode_png
from .layout import get_layout
from .public import public_state
from .space import _bounds, map_crop, map_words

WIDTH = 740  # the side panels' width: a phone shows it at about half size
MAX_MAP_H = 820


def _header(st: dict, locale: str) -> Image.Image:
    """The card in play (number, title) and who acts, on the panel colour."""
    cur = (st["card"] or {}).get("current")
    scen = th.t(locale, f"scenario.{st['scenario']}") if st["scenario"] in ("main", "short") else st["scenario"]
    turn = th.t(locale, "turn_card", n=st["card"].get("played", 0) + 1, c=cur["number"]) if cur else ""
    top = "  ·  ".join(p for p in ("GANDHI", scen, turn) if p)
    f_top, f_title = font(22, "bold"), font(26, "bold")
    title = f"#{cur['number']} {_card_title(cur, locale)}".strip() if cur else th.t(locale, "none")
    lines = _wrap(title, f_title, WIDTH - 40)[:3]
    actor = (st["decision"] or {}).get("actor") if isinstance(st["decision"], dict) else None
    h = 18 + 30 + len(lines) * 32 + 12 + (44 if actor in th.FACTIONS or st["result"] else 0)
    img = Image.new("RGB", (WIDTH, h), th.PANEL)
    d = FastDraw(img)
    d.text((16, 14), top, font=f_top, fill=th.PANEL_DIM, anchor="la")
    y = 48
    for ln in lines:
        d.text((16, y), ln, font=f_title, fill=th.PANEL_TEXT, anchor="la")
        y += 32
    y += 8
    if st["result"]:
        win = st["result"].get("winner") if isinstance(st["result"], dict) else None
        text = th.t(locale, "winner", w=th.t(locale, f"faction.{win}")) if win in th.FACTIONS else \
            th.t(locale, "game_over")
        d.text((16, y + 16), text, font=font(22, "bold"), fill=th.PROTEST_FILL, anchor="lm")
    elif actor in th.FACTIONS:
        w = _chip(d, 16, y, actor, locale, h=32)
        d.text((16 + w + 12, y + 16), th.t(locale, "to_act"), font=font(22, "bold"), fill=th.PROTEST_FILL,
               anchor="lm")
    return img


def _map_box(ids: tuple[str, ...]) -> tuple[int, int, int, int]:
    """The crop around the first touched space and as many of the others as
    fit in WIDTH x MAX_MAP_H at the map's scale."""
    lay = get_layout()
    box = _bounds(ids[:1])
    for sid in ids[1:]:
        b = _bounds((sid,))
        u = (min(box[0], b[0]), min(box[1], b[1]), max(box[2], b[2]), max(box[3], b[3]))
        if u[2] - u[0] <= WIDTH and u[3] - u[1] <= MAX_MAP_H:
            box = u
    x0, y0, x1, y1 = box
    if x1 - x0 > WIDTH:  # one wide space or Railway: its middle
        c = (x0 + x1) // 2
        x0, x1 = c - WIDTH // 2, c + WIDTH // 2
    if y1 - y0 > MAX_MAP_H:
        c = (y0 + y1) // 2
        y0, y1 = c - MAX_MAP_H // 2, c + MAX_MAP_H // 2
    return max(0, x0), max(0, y0), min(lay.width, x1), min(lay.height, y1)


@localized
def render_turn(state: Any, spaces: Iterable[str] = (), locale: str = "en") -> tuple[bytes, bytes]:
    """``(phone picture, full map)`` as PNG bytes.

    ``spaces``: ids of the spaces and Railways this turn touched (unknown ids
    are ignored); with none, the phone picture is the header and tracks
    alone. The phone picture is :data:`WIDTH` px wide. The same input always
    gives the same bytes. Raises TypeError for input that is not a Gandhi
    state."""
    st = public_state(state)
    lay = get_layout()
    with tb.recording(reuse=True):  # the map's words, so that the crop cuts none
        full, _ = draw_board(st, locale)
        kx, ky, kw, kh = lay.panels["tracks"]
        parts = [_header(st, locale), tb.crop(full, (kx, ky, kx + kw, ky + kh))]
        ids = tuple(s for s in dict.fromkeys(spaces) if s in lay.spaces or s in lay.railways)
        if ids:
            first = lay.spaces[ids[0]].box if ids[0] in lay.spaces else None
            keep = (first[0], first[1], first[0] + first[2], first[1] + first[3]) if first else None
            box = tb.snap(map_words(full), _map_box(ids), (WIDTH, MAX_MAP_H), (0, 0, lay.width, lay.height), keep)
            crop = map_crop(full, box)
            if crop.width > WIDTH:  # a word wider than the room left: the crop shrinks, the words with it
                crop = tb.resize(crop, (WIDTH, round(crop.height * WIDTH / crop.width)))
            strip = Image.new("RGB", (WIDTH, crop.height), th.SEA)  # a crop narrowed not to cut a word
            tb.paste(strip, crop, ((WIDTH - crop.width) // 2, 0))
            parts.append(strip)
        img = tb.stack(parts, WIDTH, th.PANEL)
        return encode_png(img), encode_png(full)
