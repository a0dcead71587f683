"""Look-ups a player makes outside a decision: a card, a space, where a rule is.

One entry point for every front end: the Discord cogs (/card, /space, /rules)
and the console (the same commands) both call these, so the two never answer
differently. Each game registers the module that writes its texts
(``GameSpec.lookup``, a module of :mod:`bot.games`); a game without one
answers politely that it has no such look-up.
"""
from __future__ import annotations

import importlib
import unicodedata
from typing import Any

import engine

from .service import ServiceError


def _texts(game: str) -> Any:
    ref = engine.game_spec(game).lookup
    if not ref:
        raise ServiceError("error.no_lookup", "This game has no look-ups.")
    return importlib.import_module(ref)


def card_text(game: str, number: int, locale: str) -> str:
    """``/card N`` of ``game``. Raises ServiceError ``error.no_card``."""
    return _texts(game).card_text(number, locale)


def find_space(game: str, name: str) -> str:
    """The space id of ``game`` for a name typed loosely. Raises ServiceError
    ``error.no_space``/``error.no_space_suggest``."""
    return _texts(game).find_space(name)


def space_text(game: str, sid: str, locale: str) -> str:
    """``/space`` of ``game``: the space's facts and adjacency."""
    return _texts(game).space_text(sid, locale)


def rules_text(game: str, section: str, locale: str) -> str:
    """``/rules 3.2.1``: where a rule of ``game`` is. Raises ServiceError ``error.no_rule``."""
    return _texts(game).rules_text(section, locale)


def card_choices(game: str, current: str, locale: str | None = "en") -> list[tuple[str, int]]:
    """(label in ``locale``, number) of ``game``'s cards matching ``current`` (autocomplete)."""
    return _texts(game).card_choices(current, locale)


def space_choices(game: str, current: str, locale: str | None = "en") -> list[tuple[str, str]]:
    """(name in ``locale``, id) of ``game``'s spaces matching ``current`` (autocomplete)."""
    return _texts(game).space_choices(current, locale)


def _folded(text: str) -> str:
    """``text`` for a loose match: case and accents folded ("Città" ~ "citta")."""
    norm = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in norm if not unicodedata.combining(ch))


def decision_choices(options: list[tuple[str, str]], current: str, limit: int = 25) -> list[tuple[str, str]]:
    """(label, id) of a decision's ``options`` (its ``Prompt.choices``: ids
    and labels in the player's language) whose label contains every word
    typed in ``current`` (case and accents aside), labels starting with it
    first; every option while nothing is typed (issue 14: autocomplete finds
    any option of a long decision by name). At most ``limit``."""
    words = _folded(current).split()
    head = _folded(current.strip())
    hits = [(label, cid) for cid, label in options
            if all(w in _folded(label) for w in words) or (words and _folded(cid) == head)]
    hits.sort(key=lambda h: not _folded(h[0]).startswith(head))
    return hits[:limit]
