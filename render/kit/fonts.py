"""Fonts for every game's pictures (the drawing kit).

The text face is Atkinson Hyperlegible, shipped by the registry package
``fontpkg-atkinson-hyperlegible`` (a project dependency), so the picture looks
the same on every machine. When the package is missing we fall back to
Pillow's bundled scalable font, which still draws Latin text.

Japanese pictures use Noto Sans CJK (SIL Open Font License 1.1), shipped by
the registry packages ``cvttf-notosanscjk-regular`` and ``-bold`` (project
dependencies): :func:`for_locale` switches every :func:`font` call inside it
to the CJK face, which also covers Latin text. The packaged face's region
default is Traditional Chinese; :class:`_JapaneseFace` lays every string out
as Japanese (Pillow's Raqm layout applies the font's ``locl`` feature), so
kanji take their Japanese shapes (直, 今, 配 ...), not the Chinese ones.
"""
from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from .fastdraw import text_length

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


_CJK_PACKAGES = {"regular": "cvttf-notosanscjk-regular", "bold": "cvttf-notosanscjk-bold"}
_CJK = contextvars.ContextVar("render_cjk", default=False)
CJK_LOCALES = ("ja",)


@lru_cache(maxsize=2)
def cjk_font_path(weight: str = "regular") -> Path | None:
    """The Noto Sans CJK .otf of ``weight`` (regular, bold), or None if its
    package is not installed."""
    from importlib import metadata

    try:
        dist = metadata.distribution(_CJK_PACKAGES[weight])
    except metadata.PackageNotFoundError:
        return None
    for f in dist.files or ():
        p = Path(str(dist.locate_file(f)))
        if p.suffix == ".otf" and p.is_file():
            return p.resolve()
    return None


def needs_cjk(locale: str | None) -> bool:
    """True for a locale whose words need the CJK face (Japanese)."""
    return (locale or "en").split("-")[0].split("_")[0].lower() in CJK_LOCALES


@contextmanager
def for_locale(locale: str | None) -> Iterator[None]:
    """Within the block, :func:`font` gives the face that draws ``locale``'s
    words (the CJK face for Japanese). Safe across threads and tasks."""
    token = _CJK.set(needs_cjk(locale))
    try:
        yield
    finally:
        _CJK.reset(token)


def localized(fn):
    """Decorator: run a drawing entry point under :func:`for_locale` of its
    ``locale`` argument."""
    import functools
    import inspect

    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        with for_locale(bound.arguments.get("locale")):
            return fn(*args, **kwargs)

    return wrapper


def font(size: int, style: str = "regular") -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A font of ``size`` pixels in ``style`` (regular, bold, italic, bolditalic),
    the CJK face inside ``for_locale("ja")`` (italic drawn upright there).

    Raises KeyError for an unknown style. Falls back to Pillow's default font
    (same size) when the font package is not installed.
    """
    return _font(size, style, _CJK.get())


class _JapaneseFace(ImageFont.FreeTypeFont):
    """The CJK face with Japanese as the default text language: every
    measure and draw Pillow asks of it (``ImageDraw.text``, ``textbbox``,
    ``textlength``) uses the Japanese glyph forms unless told otherwise."""

    def getmask2(self, text, mode="", direction=None, features=None, language=None, *args, **kwargs):
        return super().getmask2(text, mode, direction, features, language or "ja", *args, **kwargs)

    def getbbox(self, text, mode="", direction=None, features=None, language=None, *args, **kwargs):
        return super().getbbox(text, mode, direction, features, language or "ja", *args, **kwargs)

    def getlength(self, text, mode="", direction=None, features=None, language=None):
        return super().getlength(text, mode, direction, features, language or "ja")


@lru_cache(maxsize=256)
def _font(size: int, style: str, cjk: bool) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    name = _STYLES[style]
    if cjk:
        p = cjk_font_path("bold" if "bold" in style else "regular") or cjk_font_path("regular")
        if p is not None and ImageFont.core.HAVE_RAQM:
            return _JapaneseFace(str(p), size, layout_engine=ImageFont.Layout.RAQM)
        if p is not None:
            return ImageFont.truetype(str(p), size)
    d = font_dir()
    if d is not None:
        return ImageFont.truetype(str(d / name), size)
    return ImageFont.load_default(size)


def have_real_font() -> bool:
    """True when Atkinson Hyperlegible is installed (not the fallback)."""
    return font_dir() is not None


def fitted(text: str, size: int, style: str, width: float, smallest: int = 10):
    """The font of ``size`` (down to ``smallest``) pixels in which ``text``
    fits ``width`` pixels: longer Italian/Spanish words and CJK names shrink
    instead of running into their neighbours (the face of :func:`font`)."""
    f = font(size, style)
    while size > smallest and text_length(text, f) > width:
        size -= 1
        f = font(size, style)
    return f
