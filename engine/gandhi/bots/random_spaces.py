"""Random choices of the Non-player factions (8.1.2, 8.1.3) without touching
the state.

``choose`` must never change the state, yet the NP rules roll dice (random
spaces 8.1.2, Arjuna draws 8.3, activation rolls 8.6.2). Every such roll is
derived deterministically from ``(state.seed, state.move, salt)``: a replay
of the same transcript reproduces every bot choice exactly, and the game's
own RNG counter is never advanced by a bot (docs/rulings/bots.md, R-8.1.2).
"""
from __future__ import annotations

import random
from typing import Iterable, Sequence

from ..data import get_data


def det_random(state, *salt: object) -> random.Random:
    """A ``random.Random`` fixed by the seed, the move counter and ``salt``."""
    key = ":".join(str(x) for x in (state.seed, state.move, *salt))
    return random.Random(f"bot:{key}")


def die(state, *salt: object) -> int:
    """One six-sided die for a bot rule (8.1.2, 8.3, 8.6.2)."""
    return det_random(state, "die", *salt).randint(1, 6)


def turn_die(state, *salt: object) -> int:
    """One six-sided die fixed for the whole card turn (seed, cards played,
    current card, ``salt``): every decision of the turn sees the same roll,
    so an Arjuna card's "Die roll" check (8.3) or an Activation roll (8.6.2)
    read again later in the turn gives the same answer (R-8.1.2)."""
    key = ":".join(str(x) for x in (state.seed, len(state.played), state.current, *salt))
    return random.Random(f"bot-act:{key}").randint(1, 6)


def _slots() -> list[str]:
    rs = get_data().map.random_spaces.regions
    out: list[str] = []
    for region in sorted(rs):
        out.extend(rs[region])
    return out


def random_space(state, candidates: Iterable[str], *salt: object) -> str:
    """One of ``candidates`` by the Random Spaces map (8.1.2) and, among
    Railways only, by 8.1.3 (highest Econ, then adjacent to a random City,
    then an even roll). Railways come last (8.1.3). Raises ValueError on an
    empty candidate list."""
    cands = list(dict.fromkeys(candidates))
    if not cands:
        raise ValueError("random_space: no candidates")
    if len(cands) == 1:
        return cands[0]
    m = get_data().map
    ground = [c for c in cands if c in m.spaces and not m.spaces[c].is_railway]
    r = det_random(state, "space", *salt)
    if ground:
        slots = _slots()
        start = (r.randint(1, 6) - 1) * 6 + (r.randint(1, 6) - 1)
        pool = set(ground)
        for i in range(len(slots)):
            s = slots[(start + i) % len(slots)]
            if s in pool:
                return s
        return sorted(ground)[r.randrange(len(ground))]
    rails = [c for c in cands if c in m.spaces]
    if not rails:
        return sorted(cands)[r.randrange(len(cands))]
    top = max(m.spaces[c].econ for c in rails)
    rails = sorted(c for c in rails if m.spaces[c].econ == top)
    if len(rails) > 1:
        cities = list(m.cities)
        city = random_space(state, cities, "rail-city", *salt)
        near = [c for c in rails if city in m.adjacent[c]]
        if len(near) == 1:
            return near[0]
        if near:
            rails = near
    return rails[r.randrange(len(rails))]


def pick(state, items: Sequence[str], *salt: object) -> str:
    """An even random pick among ``items`` (a die roll with equal chances)."""
    items = list(items)
    return items[det_random(state, "pick", *salt).randrange(len(items))]
