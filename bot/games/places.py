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


def place_in(choice_id: str, places) -> str | None:
    """The first place of ``places`` (a container of ids) that a choice id
    names: ``"delhi"``, ``"punjab:sepoy"``, ``"troop:delhi*3"``,
    ``"bihar*2+ml:bihar"`` -> ``"delhi"``, ``"punjab"``, ``"delhi"``,
    ``"bihar"``, and Pax's ``"aden|army-1"`` -> ``"aden"``; None when it
    names none ("pass", "event-shaded")."""
    for part in choice_id.replace("+", ":").replace("*", ":").replace("|", ":").split(":"):
        if part in places:
            return part
    return None


def piece_summary(pieces: dict[str, int], locale: str | None, game: str, order=None) -> str:
    """Pieces as a player reads them at a glance, in ``locale``: "Troop ×3,
    Sepoy ×1" (``order``: the kinds first listed, e.g. the acting Faction's;
    "" for none: nothing is shown beside an empty space)."""
    from ..i18n import name

    kinds = sorted((k for k, n in pieces.items() if n > 0),
                   key=lambda k: (order.index(k) if order and k in order else len(order or ()), k))
    return ", ".join(f"{name(locale, k, game)} ×{pieces[k]}" for k in kinds)


def place_details(load, choice_ids: list[str], places, describe) -> dict[str, str]:
    """{choice id: ``describe(state, place)``} for each choice naming one of
    ``places`` (:func:`place_in`); ``load()`` gives the state and is called
    only when some choice names a place."""
    named = {cid: pid for cid in choice_ids if (pid := place_in(cid, places))}
    if not named:
        return {}
    state = load()
    return {cid: describe(state, pid) for cid, pid in named.items()}
