"""The Pax Britannica game state (plain JSON through pydantic).

Powers (L95, L105, L244): the Great Powers a player may hold, in the order the
player count adds them, Austria-Hungary (run by Germany, L224, L700) and the
four powers that are always minors.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from ..core.state import BaseState

PLAYABLE = ("great_britain", "germany", "france", "usa", "japan", "russia", "italy")  # L95, L244
ALWAYS_MINOR = ("belgium", "netherlands", "spain", "portugal")  # L105, L244
AUSTRIA = "austria_hungary"
ALL_POWERS = PLAYABLE + (AUSTRIA,) + ALWAYS_MINOR

# The status ladder (L125): Interest < Influence < Protectorate < Possession <
# State (USA) / Dominion (GB). Protectorate and up are Controls (L111).
RANK = {"interest": 1, "influence": 2, "protectorate": 3, "possession": 4, "state": 5, "dominion": 5}
CONTROLS = ("protectorate", "possession", "state", "dominion")
UNIT_SIZES = (1, 3, 10)  # L71
FIRST_YEAR, YEARS_PER_TURN, TURNS = 1880, 4, 10  # L95, L135, L197


def unit_key(kind: str, size: int) -> str:
    """``"army-10"``, ``"fleet-3"``: the key of a unit counter in a location."""
    return f"{kind}-{size}"


def parse_unit(key: str) -> tuple[str, int]:
    kind, size = key.split("-")
    return kind, int(size)


class Status(BaseModel):
    """A power's status in an area; ``new`` while its Status Change marker is
    on (not yet established, L115, L326); ``combat`` when establishing it needs
    a Colonial Combat (a new Control or one raised from Interest/Influence, L330, L348)."""
    level: str
    new: bool = False
    combat: bool = False


class AreaState(BaseModel):
    statuses: dict[str, Status] = Field(default_factory=dict)
    unrest: bool = False          # an UNREST marker (L129, L218)
    unrest_this_turn: bool = False  # an area is in Unrest at most once a turn (L220)


class PowerState(BaseModel):
    """``kind``: "player" (a Great Power with a player), "austria" (run by
    Germany's player), "minor", or "native" (the Chinese Empire or the
    Ottoman Empire while it fights a war, ruleset 3, L473, L495). ``units``: location (area id or "home") ->
    {"army-10": n, ...}; in war also a sea zone or a Cape zone (L605, L626).
    ``merchant``: sea zones holding its merchant fleets."""
    kind: str
    treasury: int = 0
    vp: int = 0
    units: dict[str, dict[str, int]] = Field(default_factory=dict)
    merchant: list[str] = Field(default_factory=list)
    merchant_due: int = 0
    bonuses: list[str] = Field(default_factory=list)


class War(BaseModel):
    """One war of phase 10 (L499-553; ruleset 3). ``kind``: "war" (declared
    by a power with a Casus Belli, L505, L567), "chinese" (the Chinese
    Rebellion, L473) or "ottoman" (declared by the Ottoman Empire, L495).
    ``sides``: the alliances, each a list of powers (Great Powers, minors, and
    the native powers "china" / "ottoman"); ``first``: the index of the First
    Alliance of the current sequence (L515-521). ``declared``: every
    declaration in order, {"by", "against", "turn"} (ET +5 each, L692; who
    caused a Great War, L571, L688). ``sequence``: war sequences begun;
    ``quiet``: consecutive sequences without an attack (L549, L684);
    ``attacked``: an attack in the current sequence. ``conquered``: area ->
    index of the side that conquered it (L664). ``surrendered``: power ->
    {unit key: n} set aside until the war ends (L676). ``controllers``: a
    side's minor -> the seat that moves it, "bot" for the engine (L513,
    L577, L632). ``separate``: powers that left by a separate peace (L684).
    ``defeated``: Chinese/Ottoman areas that lost their
    strength (L481). ``retreated``: this Attack Phase's naval units that
    retreated into a place not yet fought, place -> power -> {unit key: n}
    (they add no strength there but share its result, L666). ``permits``:
    a neutral power -> the sides it gave its permission for Rights of Call
    beside its Controls (L618, never revoked). ``canal_denials``: canal id
    ("suez", "straits", "panama_canal") -> a neutral controller -> the
    sides it denies the canal to (L694-696). ``over``: None while fought,
    else how it ended
    ("peace", "victory", "stalemate", ...); ``winner``: the winning side's
    index or None. ``treaty``: the terms of a peace treaty a player refused
    while its allies signed (a separate peace), left for it to sign at the
    next peace talks, {"from", "terms"}, or None (L684)."""
    id: int
    kind: str = "war"
    sides: list[list[str]] = Field(default_factory=lambda: [[], []])
    first: int = 0
    declared: list[dict[str, Any]] = Field(default_factory=list)
    sequence: int = 0
    quiet: int = 0
    attacked: bool = False
    conquered: dict[str, int] = Field(default_factory=dict)
    surrendered: dict[str, dict[str, int]] = Field(default_factory=dict)
    controllers: dict[str, str] = Field(default_factory=dict)
    defeated: list[str] = Field(default_factory=list)
    separate: list[str] = Field(default_factory=list)
    retreated: dict[str, dict[str, dict[str, int]]] = Field(default_factory=dict)
    permits: dict[str, list[int]] = Field(default_factory=dict)
    treaty: dict[str, Any] | None = None
    canal_denials: dict[str, dict[str, list[int]]] = Field(default_factory=dict)
    over: str | None = None
    winner: int | None = None

    def side_of(self, power: str) -> int | None:
        """The index of ``power``'s alliance, None when it is not in this war."""
        return next((i for i, s in enumerate(self.sides) if power in s), None)


class PaxState(BaseState):
    scenario: str = "1880"
    turn: int = 1
    phase: str = "setup"
    players: list[str] = Field(default_factory=list)
    powers: dict[str, PowerState] = Field(default_factory=dict)
    areas: dict[str, AreaState] = Field(default_factory=dict)
    et: int = 0  # European Tension (L45, L686)
    cr: int = 0  # Chinese Resentment (L41, L469)
    casus_belli: list[dict[str, Any]] = Field(default_factory=list)
    majors_this_turn: list[str] = Field(default_factory=list)
    admin: dict[str, dict[str, Any]] = Field(default_factory=dict)
    vp_record: dict[str, list[dict[str, int]]] = Field(default_factory=dict)
    canals: dict[str, str] = Field(default_factory=dict)  # site -> builder
    # L291 (ruleset 2): minor -> {"area", "turn"} where it sent troops against a revolt
    minor_reactions: dict[str, dict[str, Any]] = Field(default_factory=dict)
    # phase 7 (ruleset 2): this turn's proposals (seen only by their parties)
    # and the treaties in force (a secret one only by its signatories), L461
    proposals: list[dict[str, Any]] = Field(default_factory=list)
    treaties: list[dict[str, Any]] = Field(default_factory=list)
    congress: dict[str, Any] | None = None  # this turn's Congress of Europe (L463-467), public
    minor_claims: list[dict[str, Any]] = Field(default_factory=list)  # L287: a minor's Influence gave way
    chinese_rebellion: int | None = None  # the turn whose War phase has a Chinese Rebellion (L471)
    # ruleset 3 (issue 35): the wars of this War phase, and the powers that
    # established a new Control in an Ottoman area this turn (L495)
    wars: list[War] = Field(default_factory=list)
    ottoman_due: list[str] = Field(default_factory=list)

    @property
    def year(self) -> int:
        return FIRST_YEAR + YEARS_PER_TURN * (self.turn - 1)

    def seat(self, power: str) -> str | None:
        """The player deciding for ``power``: itself, Germany for
        Austria-Hungary (L224), None for a minor."""
        kind = self.powers[power].kind
        return power if kind == "player" else ("germany" if kind == "austria" else None)

    def at_war(self) -> list[War]:
        """The wars being fought now (not over)."""
        return [w for w in self.wars if w.over is None]

    def great_powers(self) -> list[str]:
        """Powers that buy, pay and score: the players' and Austria-Hungary."""
        return [p for p, ps in self.powers.items() if ps.kind in ("player", "austria")]

    def minors(self) -> list[str]:
        return [p for p, ps in self.powers.items() if ps.kind == "minor"]
