"""Small helpers every COIN game's steps use: simple choices, "done", the log."""
from __future__ import annotations

from typing import Any

from ..core.engine import log as _log
from ..core.messages import Choice, Message, msg, slug_key


def simple(cid: str, key: str, text: str, **params: Any) -> Choice:
    """A choice ``cid`` labelled by message ``key`` (English ``text``)."""
    return Choice(cid, msg(key, text, **params))


def done_choice(text: str = "Done") -> Choice:
    """The choice ``done`` that ends a loop ("Place no more Protests"): key
    ``choice.done`` for "Done", else keyed by its wording (issue 15)."""
    if text == "Done":
        return Choice("done", msg("choice.done", text))
    return Choice("done", Message(slug_key("choice.done", text), {}, text))


def log(state, key: str, text: str, actor: str | None = None, **params: Any) -> None:
    """Append a log entry (message ``key``, English ``text``) to the state."""
    _log(state, key, text, actor, **params)
