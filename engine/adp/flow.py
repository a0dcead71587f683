"""Two generic steps carry all of A Distant Plain's play, with the rules kept
in named handlers (data on the stack, never closures):

* ``ask``: a decision. ``PROMPTS[on]`` is a :class:`Prompt` whose
  ``decide(state, ctx)`` returns ``(actor, prompt, choices)`` computed from the
  state when the decision comes up, and whose ``then(state, ctx, choice_id)``
  carries the choice out and returns the frames to run next.
* ``auto``: ``AUTOS[on](state, ctx)`` runs with no one deciding and returns
  frames to run next.

    push(state, ask("train.place", faction="government", space="kabul"))
"""
from __future__ import annotations

from typing import Any, Callable

from ..core.messages import Choice, Decision, Message
from ..core.steps import Frame, Step, frame, push, register


class Prompt:
    """A decision: subclasses set ``name`` and define ``decide`` and ``then``."""

    name = ""

    def decide(self, state: Any, ctx: dict[str, Any]) -> tuple[str, Message, list[Choice]]:  # pragma: no cover
        raise NotImplementedError(self.name)

    def then(self, state: Any, ctx: dict[str, Any], cid: str) -> list[Frame]:  # pragma: no cover
        raise NotImplementedError(self.name)


PROMPTS: dict[str, Prompt] = {}
AUTOS: dict[str, Callable[[Any, dict[str, Any]], list[Frame]]] = {}


def prompt(cls: type[Prompt]) -> type[Prompt]:
    """Class decorator registering a :class:`Prompt` under ``cls.name``."""
    if cls.name in PROMPTS and type(PROMPTS[cls.name]) is not cls:
        raise ValueError(f"prompt {cls.name!r} registered twice")
    PROMPTS[cls.name] = cls()
    return cls


def auto_step(name: str):
    """Decorator registering an automatic handler ``fn(state, ctx) -> frames``."""

    def deco(fn):
        if name in AUTOS and AUTOS[name] is not fn:
            raise ValueError(f"auto step {name!r} registered twice")
        AUTOS[name] = fn
        return fn

    return deco


def ask(_on: str, **ctx: Any) -> Frame:
    """A decision frame of prompt ``_on`` with context ``ctx``."""
    return frame("ask", on=_on, ctx=ctx)


def auto(_on: str, **ctx: Any) -> Frame:
    """An automatic frame of handler ``_on`` with context ``ctx``."""
    return frame("auto", on=_on, ctx=ctx)


def choice(cid: str, key: str, text: str, **params: Any) -> Choice:
    return Choice(cid, Message(key, params, text))


def count_choices(lo: int, hi: int, key: str = "choice.count", text: str = "{n}") -> list[Choice]:
    """Choices "lo".."hi" (a quantity instead of repetitions)."""
    return [Choice(str(k), Message(key, {"n": k}, text)) for k in range(lo, hi + 1)]


#: functions ``fn(state)`` called before any decision is carried out (engine.adp.proposal:
#: the next answer closes an Event's challenge window)
BEFORE_ANSWER: list[Callable[[Any], None]] = []


@register
class Ask(Step):
    name = "ask"

    def decision(self, state, fr):
        actor, msg, choices = PROMPTS[fr["on"]].decide(state, fr["ctx"])
        return Decision(actor, msg, choices, fr["on"])

    def apply(self, state, fr, cid):
        for fn in BEFORE_ANSWER:
            fn(state)
        push(state, *PROMPTS[fr["on"]].then(state, fr["ctx"], cid))


@register
class Auto(Step):
    name = "auto"
    auto = True

    def run(self, state, fr):
        push(state, *AUTOS[fr["on"]](state, fr["ctx"]))
