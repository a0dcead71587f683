"""Where a picture's words were drawn: the record the layout test reads.

Inside :func:`recording`, every text :class:`~render.kit.fastdraw.FastDraw`
draws is noted with its ink box and font size, per image. A picture built
from parts (a crop of the map under a panel, scaled to a phone's width) is
put together with :func:`paste`, which carries the boxes of the part into the
picture (moved and scaled as its pixels are); the encoders call
:func:`finished` on the picture they write, so the recorder ends with the
text boxes of every picture a call produced, in the picture's own pixels.

Outside :func:`recording` nothing is noted and :func:`paste` is a plain
crop / resize / paste: drawing pays nothing for the record.

    with recording() as rec:
        render_turn(state, ids, "ja")
    for pic in rec.pictures:
        pic.overlaps(), pic.outside(), pic.smallest_at(400)
"""
from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from PIL import Image

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (x1, y1 exclusive)


@dataclass(frozen=True)
class TextBox:
    """One drawn text: its ink box and its font size (em height), in the
    pixels of the image it is in."""

    text: str
    box: Box
    size: float

    def moved(self, dx: float, dy: float, scale: float = 1.0) -> "TextBox":
        x0, y0, x1, y1 = self.box
        return TextBox(self.text, (x0 * scale + dx, y0 * scale + dy, x1 * scale + dx, y1 * scale + dy),
                       self.size * scale)


def overlap(a: Box, b: Box, slack: float = 1.0) -> bool:
    """True when boxes ``a`` and ``b`` share more than ``slack`` pixels
    both across and down (anti-aliased edges touching are not an overlap)."""
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


@dataclass
class Picture:
    """The text boxes of one finished picture of ``width`` x ``height`` px."""

    width: int
    height: int
    boxes: list[TextBox]

    def overlaps(self) -> list[tuple[TextBox, TextBox]]:
        """Every pair of drawn texts whose ink boxes intersect."""
        out = []
        bs = sorted(self.boxes, key=lambda t: t.box[0])
        for i, a in enumerate(bs):
            for b in bs[i + 1:]:
                if b.box[0] >= a.box[2]:
                    break
                if overlap(a.box, b.box):
                    out.append((a, b))
        return out

    def outside(self, slack: float = 1.0) -> list[TextBox]:
        """Every text whose box leaves the picture (cut at its edge)."""
        return [t for t in self.boxes if t.box[0] < -slack or t.box[1] < -slack
                or t.box[2] > self.width + slack or t.box[3] > self.height + slack]

    def smallest_at(self, width: int = 400) -> float:
        """The smallest font size, in px, once the picture is shown ``width`` px wide."""
        if not self.boxes:
            return float("inf")
        return min(t.size for t in self.boxes) * width / self.width


@dataclass
class Recorder:
    """The boxes noted per image (by identity) and the finished pictures."""

    by_image: dict[int, list[TextBox]] = field(default_factory=dict)
    keep: list[Image.Image] = field(default_factory=list)  # ids stay unique while recording
    pictures: list[Picture] = field(default_factory=list)

    def boxes(self, img: Image.Image) -> list[TextBox]:
        if id(img) not in self.by_image:
            self.keep.append(img)
            self.by_image[id(img)] = []
        return self.by_image[id(img)]


_REC: contextvars.ContextVar[Recorder | None] = contextvars.ContextVar("render_textboxes", default=None)


@contextmanager
def recording() -> Iterator[Recorder]:
    """Note the text boxes of every picture drawn inside the block."""
    rec = Recorder()
    token = _REC.set(rec)
    try:
        yield rec
    finally:
        _REC.reset(token)


def active() -> bool:
    return _REC.get() is not None


def note(img: Image.Image, text: str, box: Box, size: float) -> None:
    """Note that ``text`` was drawn on ``img`` with ink box ``box``, in a
    font of ``size`` px (a no-op outside :func:`recording`)."""
    rec = _REC.get()
    if rec is not None and text.strip():
        rec.boxes(img).append(TextBox(text, tuple(float(v) for v in box), float(size)))


def boxes_of(img: Image.Image) -> list[TextBox]:
    """The text boxes noted on ``img`` so far ([] outside :func:`recording`)."""
    rec = _REC.get()
    return list(rec.by_image.get(id(img), ())) if rec is not None else []


def crop(img: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    """``img.crop(box)`` keeping the text boxes inside it (a text the crop
    cuts is kept too, so the layout test sees it cut)."""
    out = img.crop(box)
    rec = _REC.get()
    if rec is not None:
        x0, y0, x1, y1 = box
        dst = rec.boxes(out)
        for t in rec.by_image.get(id(img), ()):
            b = t.box
            if b[2] > x0 and b[0] < x1 and b[3] > y0 and b[1] < y1:
                dst.append(t.moved(-x0, -y0))
    return out


def resize(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    """``img`` resized (Lanczos) with its text boxes scaled."""
    out = img.resize(size, Image.Resampling.LANCZOS)
    rec = _REC.get()
    if rec is not None:
        s = size[0] / img.width
        rec.boxes(out).extend(t.moved(0, 0, s) for t in rec.by_image.get(id(img), ()))
    return out


def paste(dst: Image.Image, src: Image.Image, at: tuple[int, int]) -> None:
    """Paste ``src`` on ``dst`` at ``at`` with its text boxes."""
    dst.paste(src if src.mode == dst.mode else src.convert(dst.mode), at)
    rec = _REC.get()
    if rec is not None:
        rec.boxes(dst).extend(t.moved(at[0], at[1]) for t in rec.by_image.get(id(src), ()))


def finished(img: Image.Image) -> None:
    """Note ``img`` as a finished picture (the encoders call this)."""
    rec = _REC.get()
    if rec is not None:
        rec.pictures.append(Picture(img.width, img.height, list(rec.by_image.get(id(img), ()))))


def free_spot(placed: list[Box], candidates: list[Box], bounds: Box | None = None) -> int:
    """Index of the first of ``candidates`` that meets none of ``placed``
    (and lies inside ``bounds`` if given); 0 when none is free. Labels that
    may go on several sides of their point use it to dodge each other."""
    for i, c in enumerate(candidates):
        if bounds is not None and (c[0] < bounds[0] or c[1] < bounds[1] or c[2] > bounds[2] or c[3] > bounds[3]):
            continue
        if not any(overlap(c, p, 0) for p in placed):
            return i
    return 0
