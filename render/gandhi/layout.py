"""The map layout as data: ``layout.yaml`` beside this module.

:func:`get_layout` loads and checks it once per process (every space of the
map data must be placed, boxes must lie on the canvas) and prepares the
anti-aliased masks of every shape, so that drawing a picture only pastes
colours through ready masks.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml
from PIL import Image, ImageChops, ImageDraw

from engine.gandhi.data import get_data

from . import theme as th

LAYOUT_FILE = Path(__file__).with_name("layout.yaml")
LAYOUT_ENV = "DAKBOT_GANDHI_LAYOUT"  # another layout file, for contributors trying changes

Box = tuple[int, int, int, int]  # x, y, w, h
_SS = 2  # supersampling factor for the masks
_PAD = 4


class LayoutError(ValueError):
    """The layout file does not fit the map (names the file and the entry)."""


@dataclass(frozen=True)
class SpaceShape:
    """Where one land space is drawn."""

    id: str
    box: Box
    label: str
    polygon: tuple[tuple[int, int], ...] = ()
    circle: tuple[int, int, int] | None = None

    @property
    def bbox(self) -> tuple[int, int, int, int]:
        """(x0, y0, x1, y1) of the shape."""
        if self.circle:
            cx, cy, r = self.circle
            return (cx - r, cy - r, cx + r + 1, cy + r + 1)
        xs = [p[0] for p in self.polygon]
        ys = [p[1] for p in self.polygon]
        return (min(xs), min(ys), max(xs) + 1, max(ys) + 1)

    @property
    def centre(self) -> tuple[int, int]:
        if self.circle:
            return self.circle[0], self.circle[1]
        x, y, w, h = self.box
        return x + w // 2, y + h // 2


@dataclass(frozen=True)
class RailwayShape:
    id: str
    points: tuple[tuple[int, int], ...]
    badge: tuple[int, int]
    label: str
    label_at: tuple[int, int] | None = None  # where the name goes (default: above the badge)


def _unbroken(label: str) -> str:
    """A label broken into lines read as one line (a break after "-" joins)."""
    out = ""
    for line in label.split("\n"):
        line = line.strip()
        out += line if not out or out.endswith("-") else " " + line
    return out


@dataclass(frozen=True)
class TownShape:
    id: str
    at: tuple[int, int]
    label: str
    label_side: str = "right"  # right | left | below


@dataclass
class Layout:
    """The parsed layout plus cached masks (``masks[sid] = (fill, edge, trim, inner trim)``)
    and the static layers of :func:`_static_layers`."""

    width: int
    height: int
    spaces: dict[str, SpaceShape]
    railways: dict[str, RailwayShape]
    towns: dict[str, TownShape]
    panels: dict[str, Box]
    regions: dict[str, tuple[str, ...]]
    source: str
    masks: dict[str, tuple[Image.Image, ...]] = field(default_factory=dict)
    index: Image.Image | None = None
    overlay: Image.Image | None = None


def _box(v, where: str) -> Box:
    if not (isinstance(v, (list, tuple)) and len(v) == 4 and all(isinstance(n, (int, float)) for n in v)):
        raise LayoutError(f"{where}: expected [x, y, w, h], got {v!r}")
    x, y, w, h = (int(n) for n in v)
    if w <= 0 or h <= 0:
        raise LayoutError(f"{where}: width and height must be positive")
    return x, y, w, h


def _pt(v, where: str) -> tuple[int, int]:
    if not (isinstance(v, (list, tuple)) and len(v) == 2):
        raise LayoutError(f"{where}: expected [x, y], got {v!r}")
    return int(v[0]), int(v[1])


def parse_layout(raw: dict, source: str) -> Layout:
    """Check raw layout YAML against the map data. Raises LayoutError."""
    mp = get_data().map
    try:
        width = int(raw["canvas"]["width"])
        height = int(raw["canvas"]["height"])
    except (KeyError, TypeError, ValueError):
        raise LayoutError(f"{source}: canvas: needs width and height") from None
    spaces: dict[str, SpaceShape] = {}
    for sid, e in (raw.get("spaces") or {}).items():
        where = f"{source}: spaces.{sid}"
        if sid not in mp.spaces or mp.spaces[sid].is_railway:
            raise LayoutError(f"{where}: not a land space of the map")
        box = _box(e.get("box"), where + ".box") if "box" in e else None
        label = str(e.get("label") or mp.spaces[sid].name)
        if "circle" in e:
            c = e["circle"]
            if not (isinstance(c, list) and len(c) == 3):
                raise LayoutError(f"{where}.circle: expected [cx, cy, r]")
            cx, cy, r = (int(n) for n in c)
            if box is None:  # the square inside the circle
                half = int(r * 0.78)
                box = (cx - half, cy - int(r * 0.74), 2 * half, int(r * 1.56))
            spaces[sid] = SpaceShape(sid, box, label, circle=(cx, cy, r))
        elif "polygon" in e:
            poly = tuple(_pt(p, f"{where}.polygon") for p in e["polygon"])
            if len(poly) < 3:
                raise LayoutError(f"{where}.polygon: needs at least 3 points")
            if box is None:
                raise LayoutError(f"{where}: a polygon needs a box")
            spaces[sid] = SpaceShape(sid, box, label, polygon=poly)
        else:
            raise LayoutError(f"{where}: needs a polygon or a circle")
        x, y, w, h = spaces[sid].box
        if x < 0 or y < 0 or x + w > width or y + h > height:
            raise LayoutError(f"{where}.box: {spaces[sid].box} leaves the canvas")
    # Cities are drawn over the Provinces they sit in
    spaces = dict(sorted(spaces.items(), key=lambda kv: kv[1].circle is not None))
    missing = [s for s in mp.non_railway if s not in spaces]
    if missing:
        raise LayoutError(f"{source}: spaces: not placed: {', '.join(missing)}")
    towns: dict[str, TownShape] = {}
    for tid, e in (raw.get("towns") or {}).items():
        if tid not in mp.towns:
            raise LayoutError(f"{source}: towns.{tid}: not a Town of the map")
        side = str(e.get("label_side", "right"))
        if side not in ("right", "left", "below"):
            raise LayoutError(f"{source}: towns.{tid}.label_side: right, left or below, not {side!r}")
        towns[tid] = TownShape(tid, _pt(e.get("at"), f"{source}: towns.{tid}.at"),
                               str(e.get("label") or mp.towns[tid].name), side)
    missing = [t for t in mp.towns if t not in towns]
    if missing:
        raise LayoutError(f"{source}: towns: not placed: {', '.join(missing)}")

    def endpoint(p: str, where: str) -> tuple[int, int]:
        if p in towns:
            return towns[p].at
        if p in spaces:
            return spaces[p].centre
        raise LayoutError(f"{where}: endpoint {p!r} has no place")

    railways: dict[str, RailwayShape] = {}
    for rid, e in (raw.get("railways") or {}).items():
        where = f"{source}: railways.{rid}"
        if rid not in mp.spaces or not mp.spaces[rid].is_railway:
            raise LayoutError(f"{where}: not a Railway of the map")
        a, b = mp.spaces[rid].endpoints
        via = tuple(_pt(p, where + ".via") for p in (e.get("via") or []))
        pts = (endpoint(a, where),) + via + (endpoint(b, where),)
        label = str(e.get("label") or mp.spaces[rid].name)
        if _unbroken(label) != mp.spaces[rid].name:
            # the map shows the name prompts use (issue 16), only broken into lines
            raise LayoutError(f"{where}.label: {label!r} is not the Railway's name {mp.spaces[rid].name!r}")
        at = _pt(e["label_at"], where + ".label_at") if e.get("label_at") else None
        railways[rid] = RailwayShape(rid, pts, _pt(e.get("badge"), where + ".badge"), label, at)
    missing = [r for r in mp.railways if r not in railways]
    if missing:
        raise LayoutError(f"{source}: railways: not placed: {', '.join(missing)}")
    panels = {k: _box(v, f"{source}: panels.{k}") for k, v in (raw.get("panels") or {}).items()}
    for need in ("title", "tracks", "cards", "boxes", "legend"):
        if need not in panels:
            raise LayoutError(f"{source}: panels: missing {need}")
    regions: dict[str, tuple[str, ...]] = {}
    for name, ids in (raw.get("regions") or {}).items():
        for s in ids:
            if s not in spaces:
                raise LayoutError(f"{source}: regions.{name}: unknown space {s!r}")
        regions[str(name)] = tuple(ids)
    return Layout(width, height, spaces, railways, towns, panels, regions, source)


def _masks(shape: SpaceShape, edge: int, widths: tuple[int, ...]) -> tuple[Image.Image, ...]:
    """Anti-aliased masks, cropped to the shape's bbox (see :func:`mask_origin`).

    Returns the fill, the edge line (``edge`` px either side of the outline),
    then one band per entry of ``widths`` inside the shape, from the edge
    inwards (the Princely / Muslim trims).
    """
    x0, y0, x1, y1 = shape.bbox
    pad = _PAD
    w, h = (x1 - x0 + 2 * pad) * _SS, (y1 - y0 + 2 * pad) * _SS

    def draw(edge_width: int) -> Image.Image:
        m = Image.new("L", (w, h), 0)
        d = ImageDraw.Draw(m)
        if shape.circle:
            cx, cy, r = shape.circle
            cx, cy = (cx - x0 + pad) * _SS, (cy - y0 + pad) * _SS
            if edge_width:
                r += edge_width // 2 if edge_width < 2 * edge else edge
                box = (cx - r * _SS, cy - r * _SS, cx + r * _SS, cy + r * _SS)
                d.ellipse(box, outline=255, width=edge_width * _SS)
            else:
                d.ellipse((cx - r * _SS, cy - r * _SS, cx + r * _SS, cy + r * _SS), fill=255)
        else:
            pts = [((x - x0 + pad) * _SS, (y - y0 + pad) * _SS) for x, y in shape.polygon]
            if edge_width:
                d.line(pts + [pts[0]], fill=255, width=edge_width * _SS, joint="curve")
            else:
                d.polygon(pts, fill=255)
        return m

    fill = draw(0)
    size = (w // _SS, h // _SS)
    out = [fill.resize(size, Image.Resampling.BOX), draw(2 * edge).resize(size, Image.Resampling.BOX)]
    prev = None
    acc = 0
    for wd in widths:
        acc += wd
        band = ImageChops.multiply(draw(2 * acc), fill)  # the part of the band inside the shape
        ring = band if prev is None else ImageChops.subtract(band, prev)
        out.append(ring.resize(size, Image.Resampling.BOX))
        prev = band
    return tuple(out)


def _static_layers(lay: Layout) -> None:
    """Prepare what does not change from picture to picture.

    ``lay.index``: a palette picture whose pixel is 0 on the sea and i + 1 in the
    i-th space (so a picture's fills are one palette change away);
    ``lay.overlay``: an RGBA picture of the edges, the Princely trims and the
    Muslim trims of the map data, to lay over the fills.
    """
    mp = get_data().map
    index = Image.new("P", (lay.width, lay.height), 0)
    d = ImageDraw.Draw(index)
    edges = Image.new("L", (lay.width, lay.height), 0)
    gold = Image.new("L", (lay.width, lay.height), 0)
    green = Image.new("L", (lay.width, lay.height), 0)
    for i, (sid, shape) in enumerate(lay.spaces.items()):
        if shape.circle:
            cx, cy, r = shape.circle
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=i + 1)
        else:
            d.polygon(shape.polygon, fill=i + 1)
        fill_m, edge_m, trim_m, inner_m = lay.masks[sid]
        ox, oy = mask_origin(shape)
        box = (ox, oy, ox + fill_m.width, oy + fill_m.height)
        # a later shape (a City) hides the trims and edges of the ones below it
        for layer in (edges, gold, green):
            layer.paste(0, box, fill_m)
        sd = mp.spaces[sid]
        if sd.type == "princely_state":
            gold.paste(255, box, trim_m)
            if sd.muslim:
                green.paste(255, box, inner_m)
        elif sd.muslim:
            green.paste(255, box, trim_m)
        edges.paste(255, box, edge_m)
    lay.index = index
    overlay = Image.new("RGBA", (lay.width, lay.height), (0, 0, 0, 0))
    for mask, colour in ((gold, th.PRINCELY_TRIM), (green, th.MUSLIM_TRIM), (edges, th.PROVINCE_EDGE)):
        layer = Image.new("RGBA", (lay.width, lay.height), colour + (0,))
        layer.putalpha(mask)
        overlay = Image.alpha_composite(overlay, layer)
    lay.overlay = overlay


def mask_origin(shape: SpaceShape) -> tuple[int, int]:
    """Top-left corner on the canvas of the masks of ``shape``."""
    x0, y0, _, _ = shape.bbox
    return x0 - _PAD, y0 - _PAD


@lru_cache(maxsize=4)
def _load(path: str) -> Layout:
    try:
        raw = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as e:
        raise LayoutError(f"{path}: {e}") from None
    lay = parse_layout(raw, path)
    for sid, shape in lay.spaces.items():
        lay.masks[sid] = _masks(shape, 1, (6, 4))
    _static_layers(lay)
    return lay


def get_layout() -> Layout:
    """The layout in force (``layout.yaml``, or the file named by $DAKBOT_GANDHI_LAYOUT)."""
    return _load(os.environ.get(LAYOUT_ENV) or str(LAYOUT_FILE))
