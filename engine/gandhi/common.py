"""Small helpers shared by Gandhi's steps: names, messages, choices, logging."""
from __future__ import annotations

from typing import Any

from ..core.engine import log as _log
from ..core.messages import Choice, Message, msg
from .data import get_data

FACTION_NAMES = {"raj": "British Raj", "inc": "Congress", "ml": "Muslim League", "rev": "Revolutionaries"}


def space_name(sid: str) -> str:
    return get_data().map.spaces[sid].name


def space_choice(sid: str) -> Choice:
    return Choice(sid, Message("space", {"space": sid}, space_name(sid)))


def simple(cid: str, key: str, text: str, **params: Any) -> Choice:
    return Choice(cid, msg(key, text, **params))


def done_choice(text: str = "Done") -> Choice:
    """The "done" choice: key ``choice.done`` for "Done", else keyed by its
    wording ("Move no more Guerrillas from {space}")."""
    if text == "Done":
        return Choice("done", msg("choice.done", text))
    from .wording import templated

    return Choice("done", templated("choice.done", text))


def log(state, key: str, text: str, actor: str | None = None, **params: Any) -> None:
    _log(state, key, text, actor, **params)


def card_title(number: int | None) -> str:
    if number is None:
        return "-"
    cards = get_data().cards
    if number in cards.events:
        return f"#{number} {cards.events[number].title}"
    return f"#{number} Campaign ({cards.campaigns[number].viceroy})"
