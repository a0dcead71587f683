"""An ImageDraw whose single-line text is rasterised once and then reused.

A map draws a few hundred short labels ("Pop 2", "3", "Neutral" …) and most of
them recur from picture to picture; FreeType shaping costs about a
millisecond each on a small machine. The cache keys on the exact text, font
object, anchor and stroke, so the pixels are the same as ``ImageDraw.text``'s
at integer positions.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import ImageDraw

from . import textboxes


@lru_cache(maxsize=8192)
def _mask(text: str, font, anchor: str | None, stroke_width: int):
    return font.getmask2(text, "L", anchor=anchor, stroke_width=stroke_width)


@lru_cache(maxsize=8192)
def text_length(text: str, font) -> float:
    """``font.getlength(text)``, cached."""
    return font.getlength(text)


@lru_cache(maxsize=16384)
def ink_box(text: str, font, anchor: str | None = None) -> tuple[int, int, int, int]:
    """``font.getbbox(text, anchor=anchor)``, cached: the ink box of a
    single-line text drawn at (0, 0) (CJK layout costs a millisecond a call)."""
    return font.getbbox(text, anchor=anchor)


class FastDraw(ImageDraw.ImageDraw):
    """``ImageDraw.ImageDraw`` with cached single-line text (see module doc).
    Inside ``textboxes.recording`` every text's ink box is noted."""

    def __init__(self, im, mode=None):
        super().__init__(im, mode)
        self.picture = im

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, stroke_width=0, stroke_fill=None,
             **kwargs):  # type: ignore[override]
        if textboxes.active() and font is not None and text:
            # the glyphs' ink, not the halo of a stroke: halos may touch, letters may not
            if "\n" in text or args or kwargs or not hasattr(font, "getbbox"):
                box = self.textbbox(xy, text, font=font, anchor=anchor)
            else:
                b = ink_box(text, font, anchor)
                box = (xy[0] + b[0], xy[1] + b[1], xy[0] + b[2], xy[1] + b[3])
            textboxes.note(self.picture, text, box, getattr(font, "size", 10))
        if args or kwargs or "\n" in text or font is None or not hasattr(font, "getmask2"):
            return super().text(xy, text, fill, font, anchor, *args, stroke_width=stroke_width,
                                stroke_fill=stroke_fill, **kwargs)
        x, y = int(round(xy[0])), int(round(xy[1]))
        if stroke_width and stroke_fill is not None:
            m, off = _mask(text, font, anchor, stroke_width)
            self.draw.draw_bitmap((x + off[0], y + off[1]), m, self._getink(stroke_fill)[0])
        m, off = _mask(text, font, anchor, 0)
        self.draw.draw_bitmap((x + off[0], y + off[1]), m, self._getink(fill)[0])
