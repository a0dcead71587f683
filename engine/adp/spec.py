"""A Distant Plain's entry in the game registry (engine/core/registry.py)."""
from __future__ import annotations

from pathlib import Path

from ..core.registry import GameSpec

SPEC = GameSpec(
    id="adp",
    name="A Distant Plain",
    rules="engine.adp.game",
    scenarios=("main",),
    default_scenario="main",
    factions=("coalition", "government", "taliban", "warlords"),
    seats=4,
    renderer="render.adp",
    cog=None,
    lookup="bot.games.adp",
    catalogs=Path(__file__).parent / "locales",
    data_status="engine.adp.data.status:status_text",
    bots=None,                 # no non-player flowchart for Operations: every seat human (engine.adp.seats)
    invariants="engine.adp.invariants",
    # listed after Gandhi (which stays the default game); every seat human:
    # the service refuses bot seats and the "bot" deadline action, and says so at creation
    extra={"listing": 1, "humans_only": True},
)
