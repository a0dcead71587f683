"""The layout test (issue 36): in every picture of every game and language,
no drawn text meets another or leaves the picture, and the phone picture's
smallest text is at least 7 px high once the phone shows it 400 px wide.

The renderer notes the ink box of every text it draws (render/kit/textboxes);
positions come from seeded random play through the engine (positions.py).
The CI slice takes a few positions per game; the ``soak`` run takes 20.
"""
from __future__ import annotations

import functools
import importlib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from positions import GAMES, positions

from render.kit.fonts import cjk_font_path, have_real_font
from render.kit.textboxes import Picture, recording

LOCALES = ("en", "it", "es", "ja")
PHONE_MIN_PX = 7.0  # the floor: text at least 7 px high at 400 px wide
RENDERER = {"gandhi": "render.gandhi", "adp": "render.adp", "pax": "render.pax"}

pytestmark = pytest.mark.skipif(not have_real_font() or cjk_font_path() is None,
                                reason="the picture fonts are not installed: sizes would differ")


def _pictures(name: str, pub: dict, touched: list[str], locale: str, space: bool) -> dict[str, Picture]:
    """The phone picture, the full map and (if ``space``) the /space picture of one position."""
    mod = importlib.import_module(RENDERER[GAMES[name][0]])
    with recording() as rec:
        mod.render_turn(pub, touched, locale)
    out = {"phone": rec.pictures[0], "full": rec.pictures[-1]}
    if space and touched:
        with recording() as rec:
            mod.render_space(pub, touched[0], locale)
        out["space"] = rec.pictures[-1]
    return out


def _problems(pics: dict[str, Picture], where: str) -> list[str]:
    out = []
    for kind, pic in pics.items():
        if not pic.boxes:
            out.append(f"{where} {kind}: no text recorded (a picture built around the recorder?)")
        for a, b in pic.overlaps()[:5]:
            out.append(f"{where} {kind}: {a.text!r} {tuple(map(int, a.box))} over {b.text!r} {tuple(map(int, b.box))}")
        for t in pic.outside()[:5]:
            out.append(f"{where} {kind}: {t.text!r} {tuple(map(int, t.box))} leaves the {pic.width}x{pic.height} picture")
    phone = pics["phone"].smallest_at(400)
    if phone < PHONE_MIN_PX:
        small = min(pics["phone"].boxes, key=lambda t: t.size)
        out.append(f"{where} phone: text {small.text!r} is {phone:.1f} px high at 400 px wide (< {PHONE_MIN_PX})")
    return out


@functools.lru_cache(maxsize=16)
def _positions(name: str, seed: int, count: int, every: int):
    """The positions of one game, played once for the four languages."""
    return positions(name, seed, count, every)


def check(name: str, locale: str, count: int, seed: int = 1) -> dict[str, float]:
    """Render ``count`` positions of game ``name`` in ``locale``; fail with
    every problem found. Returns the smallest text px at 400 px per kind."""
    every = 25 if name.startswith("pax") else 7
    problems, smallest = [], {}
    for i, (pub, touched) in enumerate(_positions(name, seed, count, every)):
        pics = _pictures(name, pub, touched, locale, space=i == 0)
        problems += _problems(pics, f"{name} {locale} position {i}")
        for kind, pic in pics.items():
            smallest[kind] = min(smallest.get(kind, 99.0), pic.smallest_at(400))
    assert not problems, "\n".join(problems[:40])
    return smallest


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", list(GAMES))
def test_no_text_over_another_and_the_phone_picture_reads_at_400px(name, locale):
    check(name, locale, count=2)


@pytest.mark.soak
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", list(GAMES))
def test_layout_over_twenty_positions(name, locale):
    smallest = check(name, locale, count=20, seed=7)
    print(name, locale, {k: round(v, 1) for k, v in smallest.items()})
