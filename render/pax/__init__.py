"""Pictures of a Pax Britannica game (issue 19): the world map and its
per-continent crops.

    from render.pax import render, CROPS
    png = render(engine.export_state(state), crop="europe_africa")
"""
from .map import layout, render_map

CROPS = ("world", "europe_africa", "asia", "americas", "pacific")


def render(public: dict, locale: str = "en", crop: str = "world") -> bytes:
    """PNG bytes of the map (labels in Latin script; the message beside it
    carries the localized prose, as for Gandhi)."""
    return render_map(public, crop)


__all__ = ["CROPS", "layout", "render", "render_map"]
