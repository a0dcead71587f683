"""Shapes every game's panels draw: text width, pills, panels, bars.

All take a Pillow ``ImageDraw`` (or ``render.kit.fastdraw.FastDraw``) and
picture pixels; colours are RGB tuples. The defaults are the dark panel
theme the games share (Gandhi's and A Distant Plain's side panels)."""
from __future__ import annotations

from .fastdraw import text_length
from .fonts import font

Rect = tuple[int, int, int, int]  # x0, y0, x1, y1 (x1, y1 exclusive)

WHITE = (255, 255, 255)
PANEL = (24, 37, 50)
PANEL_EDGE = (92, 118, 140)
PANEL_DIM = (168, 182, 194)
BAR_TRACK = (48, 64, 80)


def text_width(text: str, f) -> int:
    """Width in whole pixels of ``text`` drawn in font ``f``."""
    return int(text_length(text, f))


def pill(d, x: int, y: int, text: str, fill, fg, f, h: int, outline=None) -> Rect:
    """A rounded label of height ``h`` with its top-left corner at (x, y):
    ``text`` in font ``f`` and colour ``fg``, centred on ``fill``; a 2-pixel
    ``outline`` if given. Returns the box drawn (the hit box)."""
    w = text_width(text, f) + h // 2 + 6
    d.rounded_rectangle((x, y, x + w, y + h), radius=h // 2 - 1, fill=fill, outline=outline,
                        width=2 if outline else 0)
    d.text((x + w / 2, y + h / 2 + 1), text, font=f, fill=fg, anchor="mm")
    return (x, y, x + w + 1, y + h + 1)


def pill_width(text: str, f, h: int) -> int:
    """The room ``pill`` takes for ``text``, with a 4-pixel gap after it."""
    return text_width(text, f) + h // 2 + 6 + 4


def panel(d, box, title: str | None = None, fill=PANEL, edge=PANEL_EDGE,
          title_colour=PANEL_DIM) -> tuple[int, int, int, int]:
    """A rounded panel on ``box`` (x, y, width, height), with ``title`` in
    bold at its top if given. Returns the inner box (x, y, width, height)
    to draw the panel's content in."""
    x, y, w, h = box
    d.rounded_rectangle((x, y, x + w, y + h), radius=12, fill=fill, outline=edge, width=2)
    if title:
        d.text((x + 14, y + 10), title, font=font(19, "bold"), fill=title_colour, anchor="la")
        return x + 14, y + 36, w - 28, h - 46
    return x + 14, y + 10, w - 28, h - 20


def bar(d, x: int, y: int, w: int, h: int, value: int, top: int, colour,
        threshold: int | None = None, outline=None, track=BAR_TRACK, mark=WHITE) -> None:
    """A track bar ``w`` x ``h`` pixels at (x, y) filled to ``value`` of
    ``top`` (clamped to 0..top) in ``colour`` (with ``outline``, for a fill
    too dark to see on the track); a ``threshold`` is a vertical ``mark``
    line (a victory threshold)."""
    d.rounded_rectangle((x, y, x + w, y + h), radius=4, fill=track)
    vw = int(w * max(0, min(value, top)) / top)
    if vw > 0:
        d.rounded_rectangle((x, y, x + max(vw, 8), y + h), radius=4, fill=colour, outline=outline)
    if threshold is not None:
        tx = x + int(w * min(threshold, top) / top)
        d.line((tx, y - 5, tx, y + h + 5), fill=mark, width=3)


def code_width(text: str, f) -> int:
    """The width ``code`` takes for ``text``."""
    return len(text) * _cell(f)


def _cell(f) -> int:
    return int(max(text_length(ch, f) for ch in "mwMW0-") * 0.8)


def code(d, x: int, y: int, text: str, f, fill) -> None:
    """``text`` as a command to type: every character centred in a cell of
    the same width (as a monospace face sets it), so that "--" reads as two
    hyphens, not a dash. Top-left at (x, y); noted as one text."""
    from . import textboxes

    cell = _cell(f)
    with textboxes.muted():
        for i, ch in enumerate(text):
            if ch != " ":
                d.text((x + i * cell + cell / 2, y), ch, font=f, fill=fill, anchor="ma")
    if textboxes.active():
        b = f.getbbox(text, anchor="la")
        textboxes.note(d.picture, text, (x, y + b[1], x + len(text) * cell, y + b[3]), f.size)


def wrap(text: str, f, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` in font ``f``: at spaces, or
    between any two characters of a word too long (Japanese)."""
    lines: list[str] = []
    cur = ""
    for word in text.split(" "):
        t = f"{cur} {word}" if cur else word
        if text_length(t, f) <= width:
            cur = t
            continue
        if cur:
            lines.append(cur)
        cur = ""
        for ch in word:
            if text_length(cur + ch, f) > width and cur:
                lines.append(cur)
                cur = ""
            cur += ch
    if cur:
        lines.append(cur)
    return lines
