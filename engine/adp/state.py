"""The A Distant Plain game state: plain, pydantic-validated JSON.

Only what cannot be derived is stored: pieces per space and box, markers,
tracks, cards and eligibility. Control (docs/rulings/adp.md R8), Population
with +1 Pop markers and the victory totals (seed L101-111) are computed by
:mod:`engine.adp.derived`.

Map piece kinds: ``coalition_troops``, ``coalition_bases``,
``government_troops``, ``police``, ``government_bases``,
``taliban_guerrillas_underground`` / ``_active``, ``taliban_bases``,
``warlords_guerrillas_underground`` / ``_active``, ``warlords_bases``. In the
boxes (Available, Casualties, Removed) a Guerrilla has no side:
``taliban_guerrillas``, ``warlords_guerrillas``.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..coin.state import TurnState
from ..core.state import BaseState

FACTIONS = ("coalition", "government", "taliban", "warlords")
COIN_FACTIONS = ("coalition", "government")
INSURGENTS = ("taliban", "warlords")
PROPAGANDA = 73  # the VASSAL module's number for every Propaganda card (reference pack)
TRACK_MAX = 75   # the edge track's last box (reference pack setup.yaml; reading R42)


class SpaceState(BaseModel):
    """One space or LoC. ``support``: -1 Opposition, 0 Neutral, +1 Support
    (three levels, reading R9)."""

    model_config = ConfigDict(extra="forbid")

    pieces: dict[str, int] = Field(default_factory=dict)
    support: int = Field(0, ge=-1, le=1)
    terror: int = Field(0, ge=0)
    returnees: int = Field(0, ge=0, le=1)   # the +1 Pop marker (seed L171)
    sabotage: bool = False


class AdpState(BaseState):
    game: str = "adp"
    scenario: str
    spaces: dict[str, SpaceState]
    available: dict[str, int]
    casualties: dict[str, int]
    removed: dict[str, int]                 # out of play for good (Reset, seed L466)
    returnees_box: int = Field(ge=0)
    aid: int = Field(ge=0, le=TRACK_MAX)
    patronage: int = Field(ge=0, le=TRACK_MAX)
    resources: dict[str, int]               # government, taliban, warlords (no Coalition track)
    islamabad: int                          # index into the data's Islamabad boxes
    islamabad_hard: bool = False
    deck: list[int]                         # draw deck, top first (secret)
    current: int | None = None
    next: int | None = None
    played: list[int] = Field(default_factory=list)
    eligibility: dict[str, str]
    turn: TurnState = Field(default_factory=TurnState)
    action: dict[str, Any] | None = None     # the Operation / Special Activity / Event under way
    capabilities: list[dict[str, Any]] = Field(default_factory=list)   # {"card", "side"}
    momentum: list[dict[str, Any]] = Field(default_factory=list)
    last_event: dict[str, Any] | None = None  # the last Event's summary (engine.adp.proposal)
    propaganda_rounds: int = 0
    players: dict[str, str] = Field(default_factory=dict)
