"""Gandhi's entry in the game registry (engine/core/registry.py): what the
service, the console, the cogs and the renderer need to know about the game
without naming it."""
from __future__ import annotations

from pathlib import Path

from ..core.registry import GameSpec

SPEC = GameSpec(
    id="gandhi",
    name="Gandhi",
    rules="engine.gandhi.game",
    scenarios=("short", "main"),
    default_scenario="short",
    factions=("raj", "inc", "ml", "rev"),
    seats=4,
    seat_layouts=("standard", "raj_rev"),  # 1.5: who holds two Factions with three players
    seat_groups="engine.gandhi.seats:table_groups",
    renderer="render.gandhi",
    cog=None,  # no commands of its own: /card, /space, /rules are generic (cogs/play.py)
    lookup="bot.games.gandhi",
    catalogs=Path(__file__).parent / "locales",
    data_status="engine.gandhi.data.status:status_text",
    bots="engine.gandhi.bots:choose",
    invariants="engine.gandhi.invariants",
    # 2.1 NP options, 8.6.2: with a bot seat the Non-player Raj and
    # Revolutionaries play the Arjuna rules and use no Resources for Operations
    extra={"bot_options": {"np_rules": True}},
)
