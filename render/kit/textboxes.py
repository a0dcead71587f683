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
    mark: bool = False  # a letter on a piece icon (told by its shape and colour too), not a word

    def moved(self, dx: float, dy: float, scale: float = 1.0) -> TextBox:
        x0, y0, x1, y1 = self.box
        return TextBox(self.text, (x0 * scale + dx, y0 * scale + dy, x1 * scale + dx, y1 * scale + dy),
                       self.size * scale, self.mark)


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

    def smallest_at(self, width: int = 400, marks: bool = False) -> float:
        """The smallest font size of a word (or, with ``marks``, of a letter
        on a piece icon), in px, once the picture is shown ``width`` px wide."""
        sizes = [t.size for t in self.boxes if t.mark == marks]
        return min(sizes) * width / self.width if sizes else float("inf")


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
_MARK = contextvars.ContextVar("render_textboxes_mark", default=False)
_MUTE = contextvars.ContextVar("render_textboxes_mute", default=False)


@contextmanager
def _on(var: contextvars.ContextVar) -> Iterator[None]:
    token = var.set(True)
    try:
        yield
    finally:
        var.reset(token)


def marks():
    """Texts drawn inside are letters on piece icons (``TextBox.mark``)."""
    return _on(_MARK)


def muted():
    """Texts drawn inside are not noted one by one (a caller notes them as one)."""
    return _on(_MUTE)


@contextmanager
def recording(reuse: bool = False) -> Iterator[Recorder]:
    """Note the text boxes of every picture drawn inside the block; with
    ``reuse``, the recorder already running if any (a picture that needs
    its own boxes, to crop between words, inside the layout test's)."""
    rec = _REC.get() if reuse else None
    if rec is not None:
        yield rec
        return
    rec = Recorder()
    token = _REC.set(rec)
    try:
        yield rec
    finally:
        _REC.reset(token)


def active() -> bool:
    return _REC.get() is not None and not _MUTE.get()


def note(img: Image.Image, text: str, box: Box, size: float) -> None:
    """Note that ``text`` was drawn on ``img`` with ink box ``box``, in a
    font of ``size`` px (a no-op outside :func:`recording`)."""
    rec = _REC.get()
    if rec is not None and text.strip():
        rec.boxes(img).append(TextBox(text, tuple(float(v) for v in box), float(size), _MARK.get()))


def boxes_of(img: Image.Image) -> list[TextBox]:
    """The text boxes noted on ``img`` so far ([] outside :func:`recording`)."""
    rec = _REC.get()
    return list(rec.by_image.get(id(img), ())) if rec is not None else []


def crop(img: Image.Image, box: tuple[int, int, int, int], whole: bool = False) -> Image.Image:
    """``img.crop(box)`` keeping the text boxes inside it. A text the crop
    cuts is kept too (the layout test sees it cut), or, with ``whole``,
    painted over in the colour around it: a crop shows whole words or none
    (the full map, posted beside it, has them all)."""
    out = img.crop(box)
    rec = _REC.get()
    if rec is not None:
        x0, y0, x1, y1 = box
        dst = rec.boxes(out)
        for t in rec.by_image.get(id(img), ()):
            b = t.box
            if b[2] > x0 and b[0] < x1 and b[3] > y0 and b[1] < y1:
                inside = b[0] >= x0 and b[1] >= y0 and b[2] <= x1 and b[3] <= y1
                if inside or not whole:
                    dst.append(t.moved(-x0, -y0))
                else:
                    _paint_over(out, (max(b[0], x0) - x0 - 1, max(b[1], y0) - y0 - 1,
                                      min(b[2], x1) - x0 + 1, min(b[3], y1) - y0 + 1))
    return out


def _paint_over(img: Image.Image, rect: Box) -> None:
    """Fill ``rect`` with the most common colour on its rim (the ground the
    word was drawn on)."""
    from PIL import ImageDraw

    x0, y0, x1, y1 = (int(v) for v in rect)
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(img.width, x1), min(img.height, y1)
    if x1 <= x0 or y1 <= y0:
        return
    rim = [img.getpixel((x, y)) for x in range(x0, x1) for y in (y0, y1 - 1)]
    rim += [img.getpixel((x, y)) for y in range(y0, y1) for x in (x0, x1 - 1)]
    ground = max(set(rim), key=rim.count)
    ImageDraw.Draw(img).rectangle((x0, y0, x1 - 1, y1 - 1), fill=ground)


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


def blank(img: Image.Image, rect: tuple[int, int, int, int], fill) -> None:
    """Paint ``rect`` of ``img`` with ``fill``, forgetting the texts under it."""
    from PIL import ImageDraw

    ImageDraw.Draw(img).rectangle(rect, fill=fill)
    rec = _REC.get()
    if rec is not None and id(img) in rec.by_image:
        rec.by_image[id(img)] = [t for t in rec.by_image[id(img)] if not overlap(t.box, rect, 0)]


def cut_by(boxes: list[Box], crop: Box) -> int:
    """How many of ``boxes`` the crop box cuts (meets without holding whole)."""
    x0, y0, x1, y1 = crop
    return sum(1 for b in boxes if b[2] > x0 and b[0] < x1 and b[3] > y0 and b[1] < y1
               and (b[0] < x0 or b[1] < y0 or b[2] > x1 or b[3] > y1))


def snap(boxes: list[TextBox], want: Box, most: tuple[int, int], within: Box,
         keep: Box | None = None, least: tuple[int, int] = (0, 0)) -> tuple[int, int, int, int]:
    """A crop box near ``want`` (at most ``most`` = (width, height), inside
    ``within``) whose edges cut as few texts of ``boxes`` as can be (none
    where the map leaves room): each edge in turn goes to the place, from a
    little inside ``want`` to as far out as ``most`` allows, that cuts the
    fewest, the nearest to ``want`` among equals; never inside ``keep`` (the
    part the crop is for), never smaller than ``least``."""
    edges = [float(v) for v in want]
    span = (want[2] - want[0], want[3] - want[1])
    pad = (2, 2)
    near = [t.box for t in boxes if t.box[2] > want[0] - most[0] and t.box[0] < want[2] + most[0]
            and t.box[3] > want[1] - most[1] and t.box[1] < want[3] + most[1]]
    for _ in range(3):
        before = list(edges)
        for side in range(4):
            axis = side % 2
            low = side < 2
            other = edges[side + 2] if low else edges[side - 2]
            if low:
                lo, hi = max(within[side], other - most[axis]), want[side] + span[axis] * 0.45
                hi = min(hi, keep[side]) if keep else hi
                hi = min(hi, other - least[axis])
            else:
                lo, hi = want[side] - span[axis] * 0.45, min(within[side], other + most[axis])
                lo = max(lo, keep[side]) if keep else lo
                lo = max(lo, other + least[axis])
            # the texts this edge can cut: those across the crop's other axis
            o0, o1 = (edges[1], edges[3]) if axis == 0 else (edges[0], edges[2])
            line = [b for b in near if b[3 - axis] > o0 and b[1 - axis] < o1 and b[axis + 2] > lo and b[axis] < hi]
            cands = {c for c in (edges[side], float(want[side])) if lo <= c <= hi} or {min(max(edges[side], lo), hi)}
            for b in line:
                for c in (b[axis] - pad[axis], b[axis + 2] + pad[axis]):
                    if lo <= c <= hi:
                        cands.add(c)

            def cost(c: float, side: int = side, axis: int = axis, line: list = line) -> tuple[int, float]:
                return sum(1 for b in line if b[axis] - 1 < c < b[axis + 2] + 1), abs(c - want[side])
            edges[side] = min(sorted(cands), key=cost)
        if edges == before:
            break
    return tuple(round(v) for v in edges)  # type: ignore[return-value]


def stack(parts: list[Image.Image], width: int, fill, gap: int = 8) -> Image.Image:
    """``parts`` one under the other, centred on a ``width`` px picture of
    ``fill``, ``gap`` px apart, with their text boxes."""
    img = Image.new("RGB", (width, sum(p.height for p in parts) + gap * (len(parts) - 1)), fill)
    y = 0
    for p in parts:
        paste(img, p, ((width - p.width) // 2, y))
        y += p.height + gap
    return img


def finished(img: Image.Image) -> None:
    """Note ``img`` as a finished picture (the encoders call this)."""
    rec = _REC.get()
    if rec is not None:
        rec.pictures.append(Picture(img.width, img.height, list(rec.by_image.get(id(img), ()))))


def free_spot(placed: list[Box], candidates: list[Box], bounds: Box | None = None) -> int:
    """Index of the first of ``candidates`` that meets none of ``placed``
    (and lies inside ``bounds`` if given); when none is free, the one inside
    ``bounds`` that covers the least of ``placed``. Labels that may go on
    several sides of their point use it to dodge each other."""
    def inside(c: Box) -> bool:
        return bounds is None or (c[0] >= bounds[0] and c[1] >= bounds[1] and c[2] <= bounds[2]
                                  and c[3] <= bounds[3])

    def covered(c: Box) -> float:
        return sum(max(0.0, min(c[2], p[2]) - max(c[0], p[0])) * max(0.0, min(c[3], p[3]) - max(c[1], p[1]))
                   for p in placed)

    hull = (min(c[0] for c in candidates), min(c[1] for c in candidates), max(c[2] for c in candidates),
            max(c[3] for c in candidates))
    placed = [p for p in placed if overlap(p, hull, 0)]  # only those a candidate can meet
    for i, c in enumerate(candidates):
        if inside(c) and not any(overlap(c, p, 0) for p in placed):
            return i
    ok = [i for i, c in enumerate(candidates) if inside(c)] or list(range(len(candidates)))
    return min(ok, key=lambda i: covered(candidates[i]))
