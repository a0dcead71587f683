"""A generic decision step for rules code that needs "choose one of these",
with the follow-up kept as data: the frame names a registered callback.

    push(state, ask(actor="raj", prompt=msg(...), options=["delhi", "bombay"],
                    on="card01.place", ctx={"left": 6}, done="Stop placing"))

When the player picks an option, ``CALLBACKS[on](state, ctx, choice_id)`` runs
and returns frames to push (for instance another ``ask`` for the next piece).
Options are ids; labels come from ``labels`` (id -> English text) or, for space
ids, the space's name. ``done`` (text) adds a "done" choice that ends the
sequence (then ``CALLBACKS[on]`` is called with "done" if ``call_on_done``).
"""
from __future__ import annotations

import functools
from typing import Any, Callable

from ..core.messages import Choice, Decision, Message
from ..core.steps import Frame, Step, frame, register
from .common import done_choice, space_name
from .data import get_data
from .wording import templated

Callback = Callable[[Any, dict[str, Any], str], list[Frame]]
CALLBACKS: dict[str, Callback] = {}


def callback(name: str):
    """Decorator registering a follow-up for :func:`ask` under ``name``."""

    def deco(fn: Callback) -> Callback:
        if name in CALLBACKS and CALLBACKS[name] is not fn:
            raise ValueError(f"callback {name!r} registered twice")
        CALLBACKS[name] = fn
        return fn

    return deco


def ask(actor: str, prompt: Message, options: list[str], on: str, ctx: dict[str, Any] | None = None,
        labels: dict[str, str] | None = None, done: str | None = None, call_on_done: bool = False,
        counts: dict[str, tuple[int, Message, Message]] | None = None) -> Frame:
    """A frame for the ``choose`` step (see module doc). ``counts``: options
    that are quantities (issue 14), ``{id: (most, label, label of a count)}``:
    the callback is then called once per piece, ``n`` times in a row."""
    fr = frame("choose", actor=actor, prompt=prompt.to_dict(), options=list(options), on=on,
               ctx=ctx or {}, labels=labels or {}, done=done, call_on_done=call_on_done)
    if counts:
        fr["counts"] = {o: [most, one.to_dict(), n.to_dict()] for o, (most, one, n) in counts.items()}
    return fr


def _label(fr: Frame, oid: str) -> Message:
    """An option's label, keyed by its wording (see :mod:`.wording`); a bare
    id the game names (a space, a piece kind, a Faction) as that name."""
    if oid in fr["labels"]:
        return templated("option", fr["labels"][oid])
    if oid in get_data().map.spaces:
        return Message("space", {"space": oid}, space_name(oid))
    if oid in _display_names():
        return Message("option.name", {"name": oid}, "{name}")
    return templated("option", oid.replace("_", " "))


def _display_names() -> dict[str, str]:
    return _names_for(id(get_data()))


@functools.lru_cache(maxsize=4)
def _names_for(_data_id: int) -> dict[str, str]:
    from .game import display_names

    return display_names()


@register
class Choose(Step):
    name = "choose"

    def decision(self, state, fr):
        counts = fr.get("counts") or {}
        choices = [Choice(o, _label(fr, o)) if o not in counts else
                   Choice(o, Message.from_dict(counts[o][1]), counts[o][0], Message.from_dict(counts[o][2]))
                   for o in fr["options"]]
        if fr.get("done"):
            choices.append(done_choice(fr["done"]))
        return Decision(fr["actor"], Message.from_dict(fr["prompt"]), choices, f"choose:{fr['on']}")

    def apply(self, state, fr, cid):
        from ..core.steps import push

        if cid == "done" and fr.get("done") and not fr.get("call_on_done"):
            return
        push(state, *CALLBACKS[fr["on"]](state, fr["ctx"], cid))
