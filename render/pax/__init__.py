"""Pictures of a Pax Britannica game (issues 19, 36): the world map, its
per-continent crops, the phone picture posted after a turn and the /space
picture.

    from render.pax import render, render_turn, render_space, CROPS
    png = render(state, crop="europe_africa")
    phone, full = render_turn(state, touched_ids, "it")
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .map import draw_map, encode_png, layout, render_map
from .phone import render_space, render_turn

CROPS = ("world", "europe_africa", "asia", "americas", "pacific")


def _public(state: Any) -> dict:
    if isinstance(state, dict):
        return state
    import engine

    return engine.export_state(state)


def render(state: Any, locale: str = "en", crop: str = "world") -> bytes:
    """PNG bytes of the map of a Pax state (or its ``engine.export_state``),
    its names and words in ``locale`` (en, it, es, ja)."""
    return render_map(_public(state), crop, locale=locale)


def best_crop(places: Iterable[str]) -> str:
    """The continent crop holding most of ``places`` (ids; unknown ones are
    ignored); "europe_africa" when none is on the map."""
    lay = layout()
    counts = {c: 0 for c in CROPS if c != "world"}
    for p in places:
        if p not in lay["places"]:
            continue
        lon, lat = lay["places"][p]
        for c in counts:
            w, s, e, n = lay["crops"][c]
            if w <= lon <= e and s <= lat <= n:
                counts[c] += 1
    return max(counts, key=lambda c: (counts[c], c == "europe_africa"))


__all__ = ["CROPS", "best_crop", "draw_map", "encode_png", "layout", "render", "render_map", "render_space",
           "render_turn"]
