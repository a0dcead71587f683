"""State parts every COIN game shares: the record of who did what with the
current card (2.3). A game's state holds it as ``turn``."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class TurnState(BaseModel):
    """Who has done what with the current card (2.3)."""

    model_config = ConfigDict(extra="forbid")

    acted: list[str] = Field(default_factory=list)        # factions that did an Op or Event
    first_action: str | None = None                       # "op" | "op+sa" | "event"
    passed: list[str] = Field(default_factory=list)
    # eligibility effects of Events for the next card (5.0, 2.3.6)
    stay_eligible: list[str] = Field(default_factory=list)
    make_ineligible: list[str] = Field(default_factory=list)
