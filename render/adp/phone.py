"""The A Distant Plain pictures a phone reads (issue 36): the picture posted
after a turn and the /space picture, :data:`WIDTH` px wide.

The turn picture: a header (the card in play, the next card, the faction
to act), the tracks panel of the map drawn at the phone's width, then the
part of the map the turn touched at the map's scale, its edges cutting no
word (render/kit textboxes ``snap``), so that every word stays at least 7 px
high when the phone shows it 400 px wide."""
from __future__ import annotations

from typing import Any

from PIL import Image

from render.kit import textboxes as tb
from render.kit.fastdraw import FastDraw
from render.kit.fonts import font, localized
from render.kit.shapes import pill, wrap

from .board import (
    BG,
    FACTION_COLOUR,
    FACTION_TEXT,
    WORDS,
    _lang,
    _side_panel,
    cell,
    corner,
    draw_board,
    encode_png,
    layout,
    name,
    space_name,
)

WIDTH = 740
MAX_MAP_H = 760
PANEL_BG = (24, 37, 50)


def _public(state: Any) -> dict:
    st = state if isinstance(state, dict) else __import__("engine").export_state(state)
    if st.get("game") != "adp":
        raise TypeError("not an A Distant Plain state")
    return st


def _header(st: dict, locale: str) -> Image.Image:
    w_ = WORDS[_lang(locale)]
    f_top, f_title, f = font(22, "bold"), font(26, "bold"), font(20, "bold")
    cur, nxt = st["card"]["current"], st["card"]["next"]

    def title(c):
        return w_["propaganda"] if c["kind"] == "propaganda" else f"#{c['number']} {c['title']}"

    lines = wrap(f"{w_['card']}: {title(cur)}", f_title, WIDTH - 32) if cur else []
    actor = (st.get("decision") or {}).get("actor")
    h = 14 + 30 + 34 * len(lines) + (30 if nxt else 0) + (44 if actor in FACTION_COLOUR else 0) + 10
    img = Image.new("RGB", (WIDTH, h), PANEL_BG)
    d = FastDraw(img)
    d.text((16, 12), w_["title"].upper(), font=f_top, fill=(168, 182, 194), anchor="la")
    y = 44
    for ln in lines:
        d.text((16, y), ln, font=f_title, fill=(240, 240, 236), anchor="la")
        y += 34
    if nxt:
        d.text((16, y), f"{w_['next']}: {title(nxt)}", font=font(19), fill=(168, 182, 194), anchor="la")
        y += 30
    if actor in FACTION_COLOUR:
        r = pill(d, 16, y + 4, name(locale, actor), FACTION_COLOUR[actor], FACTION_TEXT[actor], f, 32)
        d.text((r[2] + 10, y + 20), w_["to_act"], font=f, fill=(255, 214, 10), anchor="lm")
    return img


def _box(ids: list[str]) -> tuple[int, int, int, int] | None:
    """The map box round the first of ``ids`` and as many others as fit."""
    lay = layout()
    boxes = []
    for sid in ids:
        if sid in lay["spaces"]:
            x, y, w, h = cell(*lay["spaces"][sid])
            boxes.append((x, y, x + w, y + h))
        elif sid in lay["locs"]:
            cx, cy = corner(*lay["locs"][sid])
            boxes.append((cx - 110, cy - 20, cx + 110, cy + 45))
    if not boxes:
        return None
    m = 16
    x0, y0, x1, y1 = boxes[0]
    for b in boxes[1:]:
        u = (min(x0, b[0]), min(y0, b[1]), max(x1, b[2]), max(y1, b[3]))
        if u[2] - u[0] + 2 * m <= WIDTH and u[3] - u[1] + 2 * m <= MAX_MAP_H:
            x0, y0, x1, y1 = u
    return max(0, x0 - m), max(0, y0 - m), min(lay["panel"][0] - 4, x1 + m), y1 + m


def _map_part(full: Image.Image, ids: list[str], most: tuple[int, int]) -> Image.Image | None:
    want = _box(ids)
    if want is None:
        return None
    lay = layout()
    px = lay["panel"][0] - 4
    words = [t for t in tb.boxes_of(full) if t.box[0] < px]
    keep = None
    if ids[0] in lay["spaces"]:  # the first space touched stays whole
        x, y, w, h = cell(*lay["spaces"][ids[0]])
        keep = (x, y, x + w, y + h)
    box = tb.snap(words, want, most, (0, 0, px, lay["canvas"][1]), keep)
    part = tb.crop(full, box, whole=True)
    if part.width > WIDTH:  # a crop that could not narrow between words: scaled to fit
        part = tb.resize(part, (WIDTH, round(part.height * WIDTH / part.width)))
    strip = Image.new("RGB", (WIDTH, part.height), BG)
    tb.paste(strip, part, ((WIDTH - part.width) // 2, 0))
    return strip


@localized
def render_turn(state: Any, spaces=(), locale: str = "en") -> tuple[bytes, bytes]:
    """``(phone picture, full map)`` as PNG bytes: the header, the tracks and
    the spaces and LoCs the turn touched (ids; unknown ones ignored; none:
    header and tracks alone), and the whole map. Raises TypeError for
    another game's state."""
    st = _public(state)
    with tb.recording(reuse=True):  # the map's words, so that the crop cuts none
        full = draw_board(st, locale)
        with tb.muted():  # measure: the panel as high as its lines
            h = _side_panel(FastDraw(Image.new("RGB", (WIDTH, 1400))), st, locale, (0, 0, WIDTH - 1, 1399)) + 12
        tracks = Image.new("RGB", (WIDTH, h), PANEL_BG)
        _side_panel(FastDraw(tracks), st, locale, (0, 0, WIDTH - 1, h - 1))
        parts = [_header(st, locale), tracks]
        part = _map_part(full, list(dict.fromkeys(spaces)), (WIDTH, MAX_MAP_H))
        if part is not None:
            parts.append(part)
        return encode_png(tb.stack(parts, WIDTH, PANEL_BG)), encode_png(full)


@localized
def render_space(state: Any, sid: str, locale: str = "en") -> bytes:
    """One space (or LoC) of the map under its name, as PNG bytes, at most
    :data:`WIDTH` px wide. Raises KeyError for an unknown id."""
    st = _public(state)
    if sid not in layout()["spaces"] and sid not in layout()["locs"]:
        raise KeyError(sid)
    with tb.recording(reuse=True):
        full = draw_board(st, locale)
        title = Image.new("RGB", (WIDTH, 44), PANEL_BG)
        FastDraw(title).text((16, 22), space_name(locale, sid), font=font(24, "bold"), fill=(240, 240, 236),
                             anchor="lm")
        return encode_png(tb.stack([title, _map_part(full, [sid], (WIDTH, 600))], WIDTH, PANEL_BG))
