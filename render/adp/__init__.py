"""Pictures of an A Distant Plain game: the schematic map.

    from render.adp import render
    png = render(engine.export_state(state), locale="en")

A pure function returning PNG bytes; the drawing kit (fonts, cached text,
pills, panels, bars) is Gandhi's, shared.
"""
from .board import draw_board, render, render_card, render_space, render_turn  # noqa: F401

__all__ = ["render", "render_turn", "render_space", "render_card", "draw_board"]
