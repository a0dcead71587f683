"""Pictures of a Pax Britannica game (issue 19): the world map and its
per-continent crops.

    from render.pax import render, render_turn, CROPS
    png = render(state, crop="europe_africa")
    phone, full = render_turn(state, touched_ids)
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .map import layout, render_map

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


def render_turn(state: Any, spaces: Iterable[str] = (), locale: str = "en") -> tuple[bytes, bytes]:
    """``(phone picture, full map)``: the continent where this stretch's log
    entries happened, readable on a phone, and the whole world."""
    pub = _public(state)
    return (render_map(pub, best_crop(spaces), locale=locale),
            render_map(pub, "world", locale=locale))


def render_space(state: Any, place: str, locale: str = "en") -> bytes:
    """``/space``'s picture: the continent crop holding ``place`` (an area,
    home country or sea zone id), in ``locale``."""
    return render_map(_public(state), best_crop([place]), locale=locale)


__all__ = ["CROPS", "best_crop", "layout", "render", "render_map", "render_space", "render_turn"]
