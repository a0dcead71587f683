"""Pax Britannica's entry in the game registry (engine/core/registry.py)."""
from __future__ import annotations

from pathlib import Path

from ..core.registry import GameSpec
from .state import PLAYABLE

SPEC = GameSpec(
    id="pax",
    name="Pax Britannica",
    rules="engine.pax.game",
    scenarios=("1880",),
    default_scenario="1880",
    factions=PLAYABLE,  # the Great Powers a player may hold, in the order the player count adds them (L95)
    seats=7,
    seat_layouts=("standard",),
    seat_groups="engine.pax.game:table_groups",
    renderer="render.pax",
    cog=None,
    lookup="bot.games.pax",
    catalogs=Path(__file__).parent / "locales",
    data_status="engine.pax.data.status:status_text",
    bots="engine.pax.bots:choose",
    invariants="engine.pax.invariants",
)
