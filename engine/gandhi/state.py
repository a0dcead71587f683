"""The Gandhi game state: plain, versioned, pydantic-validated JSON.

Only what cannot be derived is stored (DESIGN §2): pieces per space and box,
markers, tracks, Resources, cards and eligibility. Raj Control (1.7), Active
Activists (1.4.3), victory totals (1.9), Crisis (6.8) and Available Protests
(1.10) are computed by :mod:`engine.gandhi.derived`.

Piece kinds on the map: ``troop``, ``sepoy``, ``inc_activist``,
``ml_activist``, ``gandhi``, ``guerrilla_active``, ``guerrilla_underground``,
``ml_base``, ``rev_base``. In the Available, Out of Play and Prison boxes
Guerrillas are plain ``guerrilla`` (a box piece has no side).
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..coin.state import TurnState  # noqa: F401  (part of the Gandhi state)
from ..core.state import BaseState

FACTIONS = ("raj", "inc", "ml", "rev")
NONVIOLENT = ("inc", "ml")
MAP_KINDS = ("troop", "sepoy", "inc_activist", "ml_activist", "gandhi",
             "guerrilla_active", "guerrilla_underground", "ml_base", "rev_base")
BOX_KINDS = ("troop", "sepoy", "inc_activist", "ml_activist", "gandhi", "guerrilla",
             "ml_base", "rev_base")
BOXES = ("available", "out_of_play", "prison")
INVENTORY = {"troop": 15, "sepoy": 45, "inc_activist": 16, "ml_activist": 16, "gandhi": 1,
             "guerrilla": 16, "ml_base": 5, "rev_base": 5}
PROTEST_MARKERS = 6
UNREST_STRIKE_MARKERS = 12
OWNER = {"troop": "raj", "sepoy": "raj", "inc_activist": "inc", "gandhi": "inc",
         "ml_activist": "ml", "ml_base": "ml", "guerrilla_active": "rev",
         "guerrilla_underground": "rev", "guerrilla": "rev", "rev_base": "rev"}


class SpaceState(BaseModel):
    """What lies in one space. ``pieces`` holds only non-zero counts."""

    model_config = ConfigDict(extra="forbid")

    pieces: dict[str, int] = Field(default_factory=dict)
    support: int = Field(0, ge=-2, le=2)  # -2 Active Opposition .. +2 Active Support
    protest: bool = False
    unrest: int = Field(0, ge=0)
    strike: bool = False
    muslim_state: bool = False


class GandhiState(BaseState):
    game: str = "gandhi"
    scenario: str
    spaces: dict[str, SpaceState]
    available: dict[str, int]
    out_of_play: dict[str, int]
    prison: dict[str, int]
    restraint: int = Field(ge=1, le=5)
    unity: int = Field(ge=1, le=5)
    resources: dict[str, int]
    protest_boxes: list[bool]  # boxes 1..6 beside the Restraint track (1.10)
    deck: list[int]            # draw deck, top first (secret)
    current: int | None = None
    next: int | None = None
    viceroy: int | None = None
    played: list[int] = Field(default_factory=list)
    set_aside: list[int] = Field(default_factory=list)  # unused cards (secret)
    eligibility: dict[str, str]
    turn: TurnState = Field(default_factory=TurnState)
    action: dict[str, Any] | None = None  # the Operation / Special Activity under way
    crisis_triggered: bool = False        # Crisis entered during this turn (6.8)
    gandhi_arrested: bool = False         # by the Raj this turn (3.2.4)
    campaigns_done: int = 0
    players: dict[str, str] = Field(default_factory=dict)  # faction -> "human" | "bot"
