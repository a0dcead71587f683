"""Border Skirmish: a minimal second COIN game on engine/coin (issue 17).

Four spaces, two factions (the Government and the Insurgents), five Event
cards and one Propaganda card. It is a test fixture, not a game to play: it
proves that a COIN game needs nothing outside its own package — the shared
Sequence of Play, the Operation/Special Activity framework, the registry —
and that the service, the console and the Discord cogs play it.
:func:`install` registers it (:func:`uninstall` forgets it).
"""
from __future__ import annotations

from engine.core.registry import GameSpec, register, unregister

SPEC = GameSpec(id="mini", name="Border Skirmish", rules="tests.minigame.game", scenarios=("standard",),
                factions=("gov", "ins"), seats=2)


def install() -> GameSpec:
    """Register the game (idempotent); its rules load on first use."""
    return register(SPEC)


def uninstall() -> None:
    unregister(SPEC.id)
