"""Every step of play is data: a frame on the state's stack, handled by a
registered :class:`Step` (DESIGN §2).

A frame is a dict ``{"step": "<name>", ...params}``. The top frame of
``state.stack`` is the one being played. A step is either

* a **decision** step: ``decision(state, frame)`` returns the
  :class:`Decision` (actor, prompt, legal choices) and ``apply(state, frame,
  choice_id)`` carries out one offered choice; or
* an **automatic** step (``auto = True``): ``run(state, frame)`` does its work
  with no one deciding; or
* a **simultaneous** step (``simultaneous = True``): several players decide at
  once (sealed orders). ``decisions(state, frame)`` lists one pending
  :class:`Decision` per player still to answer (each player's own queue),
  ``apply_for(state, frame, actor, choice_id)`` records one player's answer in
  the frame (the engine does *not* pop it; the step pops itself when the phase
  reveals and resolves the orders), and ``default(state, frame, actor)`` names
  the choice applied for a player who lets the deadline pass.

The engine pops the frame before calling ``apply``/``run``; a step that goes on
(a loop over spaces) pushes a frame again. ``push(state, a, b)`` schedules
``a`` to run before ``b``.
"""
from __future__ import annotations

from typing import Any, ClassVar

from .errors import IllegalChoice
from .messages import Decision, Message

Frame = dict[str, Any]

REGISTRY: dict[str, "Step"] = {}


class Step:
    """Base class of step handlers. Subclasses set ``name``."""

    name: ClassVar[str] = ""
    auto: ClassVar[bool] = False
    simultaneous: ClassVar[bool] = False

    def decision(self, state: Any, frame: Frame) -> Decision:  # pragma: no cover - abstract
        raise NotImplementedError(self.name)

    def apply(self, state: Any, frame: Frame, choice_id: str) -> None:  # pragma: no cover
        raise NotImplementedError(self.name)

    def run(self, state: Any, frame: Frame) -> None:  # pragma: no cover - abstract
        raise NotImplementedError(self.name)

    def decisions(self, state: Any, frame: Frame) -> list[Decision]:  # pragma: no cover - abstract
        """Simultaneous steps: every pending decision, one per player."""
        raise NotImplementedError(self.name)

    def apply_for(self, state: Any, frame: Frame, actor: str, choice_id: str) -> None:  # pragma: no cover
        """Simultaneous steps: record ``actor``'s offered choice."""
        raise NotImplementedError(self.name)

    def default(self, state: Any, frame: Frame, actor: str) -> str | None:
        """Simultaneous steps: the choice id applied for ``actor`` at the
        deadline (None: the step has no default)."""
        return None

    def refuse(self, state: Any, frame: Frame, choice_id: str) -> Message | None:
        """Why ``choice_id`` is not legal here, in the game's terms (or None)."""
        return None


def register(cls: type[Step]) -> type[Step]:
    """Class decorator: register one instance of the step under ``cls.name``."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no step name")
    if cls.name in REGISTRY and type(REGISTRY[cls.name]) is not cls:
        raise ValueError(f"step {cls.name!r} registered twice")
    REGISTRY[cls.name] = cls()
    return cls


def handler(frame: Frame) -> Step:
    try:
        return REGISTRY[frame["step"]]
    except KeyError:
        raise KeyError(f"no step handler for {frame.get('step')!r}") from None


def frame(step: str, **params: Any) -> Frame:
    """Build a frame dict."""
    return {"step": step, **params}


def push(state: Any, *frames: Frame) -> None:
    """Push frames so that the first given runs first."""
    for f in reversed(frames):
        state.stack.append(f)


def illegal(text: str, key: str = "error.illegal", **params: Any) -> IllegalChoice:
    """An :class:`IllegalChoice` with an English fallback text."""
    return IllegalChoice(Message(key, params, text))
