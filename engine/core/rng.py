"""Seeded randomness kept in the state: a seed and a counter, nothing else.

Every die and shuffle draws a fresh ``random.Random`` seeded with the string
``"<seed>:<counter>"`` and then advances the counter, so replays are exact and
independent of ``PYTHONHASHSEED`` (string seeds are hashed with SHA-512 by
``random``). A stacked setup may list forced die results (``state.forced_dice``),
consumed first, so the rules' worked examples can be replayed as tests.
"""
from __future__ import annotations

import hashlib
import random
from typing import Protocol, Sequence, TypeVar

T = TypeVar("T")


class HasRng(Protocol):
    seed: int
    rng_counter: int
    forced_dice: list[int]


def _draw(state: HasRng) -> random.Random:
    r = random.Random(f"{state.seed}:{state.rng_counter}")
    state.rng_counter += 1
    return r


def roll_die(state: HasRng, sides: int = 6) -> int:
    """One die, 1..sides. Forced results (stacked setups) come first."""
    if state.forced_dice:
        return state.forced_dice.pop(0)
    return _draw(state).randint(1, sides)


def shuffle(state: HasRng, items: Sequence[T]) -> list[T]:
    """A shuffled copy of ``items``."""
    out = list(items)
    _draw(state).shuffle(out)
    return out


def pick(state: HasRng, items: Sequence[T]) -> T:
    """One item chosen uniformly at random."""
    if not items:
        raise ValueError("pick from an empty sequence")
    return items[_draw(state).randrange(len(items))]


def seed_hash(seed: int) -> str:
    """The hash shown at game start so players can later verify the shuffle."""
    return hashlib.sha256(str(seed).encode()).hexdigest()
