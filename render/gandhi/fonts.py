"""Fonts for the Gandhi pictures.

The text face is Atkinson Hyperlegible, shipped by the registry package
``fontpkg-atkinson-hyperlegible`` (a project dependency), so the picture looks
the same on every machine. When the package is missing we fall back to
Pillow's bundled scalable font, which still draws Latin text.

Only Latin-script text is drawn (place names, card titles, our labels): the
Discord message beside the picture carries any localized prose.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

_STYLES = {
    "regular": "AtkinsonHyperlegible-Regular.ttf",
    "bold": "AtkinsonHyperlegible-Bold.ttf",
    "italic": "AtkinsonHyperlegible-Italic.ttf",
    "bolditalic": "AtkinsonHyperlegible-BoldItalic.ttf",
}


@lru_cache(maxsize=1)
def font_dir() -> Path | None:
    """The folder holding the Atkinson Hyperlegible .ttf files, or None if not installed."""
    try:
        import fontpkg_atkinson_hyperlegible as pkg  # type: ignore[import-not-found]
    except ImportError:
        return None
    d = Path(pkg.ROOT) / "files"
    return d if (d / _STYLES["regular"]).is_file() else None


@lru_cache(maxsize=128)
def font(size: int, style: str = "regular") -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A font of ``size`` pixels in ``style`` (regular, bold, italic, bolditalic).

    Raises KeyError for an unknown style. Falls back to Pillow's default font
    (same size) when the font package is not installed.
    """
    name = _STYLES[style]
    d = font_dir()
    if d is not None:
        return ImageFont.truetype(str(d / name), size)
    return ImageFont.load_default(size)


def have_real_font() -> bool:
    """True when Atkinson Hyperlegible is installed (not the fallback)."""
    return font_dir() is not None
