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

Handlers are registered **per game** (issue 17): a frame is handled by the
step of its name registered for the state's game, else by the shared step of
that name (a family's machinery, e.g. ``engine/coin``). Two games may define
the same step name; stored frames keep their plain names (``"sop.card"``).
A step's game is its class attribute ``game``, else the package it is defined
in (``engine.<game>.…``; ``engine.core``/``engine.coin`` are shared).
"""
from __future__ import annotations

from typing import Any, ClassVar

from .errors import IllegalChoice
from .messages import Decision, Message

Frame = dict[str, Any]

#: {game id or None (shared): {step name: handler}}
REGISTRY: dict[str | None, dict[str, "Step"]] = {None: {}}
SHARED_PACKAGES = ("core", "coin")


class Step:
    """Base class of step handlers. Subclasses set ``name`` (and ``game``
    when defined outside ``engine/<game>``)."""

    name: ClassVar[str] = ""
    auto: ClassVar[bool] = False
    simultaneous: ClassVar[bool] = False
    game: ClassVar[str | None] = None

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

    def takes_counts(self, state: Any, frame: Frame) -> bool:
        """True when ``apply`` carries out a quantity ``"<id>*<n>"`` itself, in
        one go (a step that closes after one answer: the Raj's cube moves of
        ruleset 5); False (default): the engine applies it as ``n`` takings
        of ``<id>`` in a row."""
        return False

    def check_joined(self, state: Any, frame: Frame, choice_id: str) -> Message | None:
        """Why a joined answer (``"a*2+b"``) that ``Decision.find`` accepts
        part by part is still not legal as a whole (parts that interact: the
        same pieces counted twice, a payment for all of them), in the game's
        terms; None when it is legal (default). Nothing is applied when it
        says why."""
        return None

    def refuse(self, state: Any, frame: Frame, choice_id: str) -> Message | None:
        """Why ``choice_id`` is not legal here, in the game's terms (or None)."""
        return None


def step_game(cls: Any) -> str | None:
    """The game a step class (or a handler function a step looks up by
    name, engine/coin/events.py) belongs to: its ``game`` attribute, else the
    package ``engine.<game>`` it is defined in; None for shared steps
    (``engine.core``, ``engine.coin``). Raises ValueError for one defined
    outside ``engine`` without a ``game``."""
    if getattr(cls, "game", None):
        return cls.game
    parts = cls.__module__.split(".")
    if len(parts) >= 2 and parts[0] == "engine":
        return None if parts[1] in SHARED_PACKAGES else parts[1]
    raise ValueError(f"{cls.__name__} outside engine/<game> needs a game")


def register(cls: type[Step]) -> type[Step]:
    """Class decorator: register one instance of the step under ``cls.name``
    for its game (:func:`step_game`). Raises ValueError when the name is
    missing or another class holds it for the same game."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no step name")
    table = REGISTRY.setdefault(step_game(cls), {})
    if cls.name in table and type(table[cls.name]) is not cls:
        raise ValueError(f"step {cls.name!r} registered twice")
    table[cls.name] = cls()
    return cls


def handler(frame: Frame, game: str | None = None) -> Step:
    """The step handling ``frame`` in ``game`` (the state's ``game``): the
    game's own step of that name, else the shared one. Raises KeyError."""
    name = frame["step"]
    own = REGISTRY.get(game)
    if own is not None and name in own:
        return own[name]
    shared = REGISTRY[None]
    if name in shared:
        return shared[name]
    raise KeyError(f"no step handler for {frame.get('step')!r} in game {game!r}")


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
