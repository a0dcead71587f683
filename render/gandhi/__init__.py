"""Pictures of a Gandhi game (DESIGN §6): the full map, one space or region,
and a card.

    from render.gandhi import render, render_space, render_card
    png = render(engine.export_state(state), locale="en")

All three are pure functions returning PNG bytes: the same input always gives
the same bytes, and the state is never changed. The map layout is data
(``layout.yaml`` beside this module).
"""
from .board import HitBoxes, draw_board, render  # noqa: F401
from .card import render_card  # noqa: F401
from .space import render_space  # noqa: F401
from .turn import render_turn  # noqa: F401

__all__ = ["render", "render_space", "render_card", "render_turn", "draw_board", "HitBoxes"]
