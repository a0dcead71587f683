"""Small helpers shared by Gandhi's steps: names, messages, choices, logging
(the COIN family's own in engine/coin/common.py)."""
from __future__ import annotations

from ..coin.common import done_choice as _coin_done
from ..coin.common import log, simple  # noqa: F401  (Gandhi's steps import them from here)
from ..core.messages import Choice, Message
from .data import get_data

FACTION_NAMES = {"raj": "British Raj", "inc": "Congress", "ml": "Muslim League", "rev": "Revolutionaries"}


def space_name(sid: str) -> str:
    return get_data().map.spaces[sid].name


def space_choice(sid: str) -> Choice:
    return Choice(sid, Message("space", {"space": sid}, space_name(sid)))


def done_choice(text: str = "Done") -> Choice:
    """The "done" choice, keyed by its wording with space names as ``{space}``
    ("Move no more Guerrillas from {space}", see wording.py)."""
    if text == "Done":
        return _coin_done(text)
    from .wording import templated

    return Choice("done", templated("choice.done", text))


def card_title(number: int | None) -> str:
    if number is None:
        return "-"
    cards = get_data().cards
    if number in cards.events:
        return f"#{number} {cards.events[number].title}"
    return f"#{number} Campaign ({cards.campaigns[number].viceroy})"
