"""Events (rule 5): every card side is a step (or a short chain of steps).

A card side registers a function ``start(state, faction) -> list[Frame]`` with
:func:`event`; playing the Event pushes those frames. Sides not (yet)
implemented are not offered as choices (``event_playable``).
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Callable

from ...core.steps import Frame, push
from ..state import GandhiState

EventStart = Callable[[GandhiState, str], list[Frame]]
EVENTS: dict[tuple[int, str], EventStart] = {}
# Optional per-side test: can this text do anything now? (5.1.2 lets a faction
# play an Event that can do little; a side registered without one is always playable.)
EVENT_CHECKS: dict[tuple[int, str], Callable[[GandhiState, str], bool]] = {}
_loaded = False


def event(number: int, side: str, playable: Callable[[GandhiState, str], bool] | None = None):
    """Decorator registering the start function of card ``number``'s ``side``
    ("unshaded" or "shaded")."""
    if side not in ("unshaded", "shaded"):
        raise ValueError(side)

    def deco(fn: EventStart) -> EventStart:
        key = (number, side)
        if key in EVENTS:
            raise ValueError(f"event {key} registered twice")
        EVENTS[key] = fn
        if playable is not None:
            EVENT_CHECKS[key] = playable
        return fn

    return deco


def load_all() -> None:
    """Import every card module in this package (they register themselves)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for m in pkgutil.iter_modules(__path__):
        if m.name.startswith("cards_"):
            importlib.import_module(f"{__name__}.{m.name}")


def implemented(number: int, side: str) -> bool:
    load_all()
    return (number, side) in EVENTS


def event_playable(state: GandhiState, number: int | None, side: str, faction: str) -> bool:
    if number is None or not implemented(number, side):
        return False
    check = EVENT_CHECKS.get((number, side))
    return True if check is None else check(state, faction)


def push_event(state: GandhiState, number: int, side: str, faction: str) -> None:
    load_all()
    push(state, *EVENTS[(number, side)](state, faction))
