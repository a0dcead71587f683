"""Finding a place a player typed loosely, shared by every game's look-ups
(``/space``): an id or a name in any case or spacing, else the one close
match (difflib), else a polite error with up to three suggestions."""
from __future__ import annotations

import difflib
from collections.abc import Callable

from ..service import ServiceError


def squash(text: str) -> str:
    """``text`` case-folded, letters and digits only ("NW Frontier" -> "nwfrontier")."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def find_place(text: str, keys: dict[str, str], label: Callable[[str], str]) -> str:
    """The id that ``text`` names: ``keys`` maps squashed ids and names to
    ids; an exact match first, else the single close match. Raises
    ServiceError ``error.no_space_suggest`` (up to three places, each named by
    ``label``) or ``error.no_space`` when there is no single answer."""
    key = squash(text)
    if key in keys:
        return keys[key]
    close = list(dict.fromkeys(keys[m] for m in difflib.get_close_matches(key, list(keys), n=6, cutoff=0.7)))
    if len(close) == 1:
        return close[0]
    if close:
        raise ServiceError("error.no_space_suggest", "There is no space '{name}'. Did you mean: {spaces}?",
                           name=text[:40], spaces=", ".join(label(p) for p in close[:3]))
    raise ServiceError("error.no_space", "There is no space '{name}'.", name=text[:40])
