"""Seats of A Distant Plain. The seed gives how a non-player chooses an Event
(seed L423-434, :mod:`engine.adp.nonplayer`) but no flowchart for its
Operations, so every seat must be held by a human (issue 18)."""
from __future__ import annotations

from .state import FACTIONS

NO_BOTS = ("A Distant Plain has no non-player flowchart for Operations in our sources, "
           "so every faction must be played by a human.")


def check_players(players: dict[str, str] | None) -> None:
    """Raise ValueError (with :data:`NO_BOTS`) if any faction is not human."""
    for f, kind in (players or {}).items():
        if f not in FACTIONS:
            raise ValueError(f"unknown faction {f!r}")
        if kind != "human":
            raise ValueError(NO_BOTS)
