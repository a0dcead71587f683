"""Pictures of an A Distant Plain game: the schematic map, the phone
picture posted after a turn, /space and /card.

    from render.adp import render
    png = render(engine.export_state(state), locale="en")

A pure function returning PNG bytes; the drawing kit (fonts, cached text,
pills, panels, bars) is Gandhi's, shared.
"""
from .board import draw_board, render, render_card
from .phone import render_space, render_turn

__all__ = ["draw_board", "render", "render_card", "render_space", "render_turn"]
