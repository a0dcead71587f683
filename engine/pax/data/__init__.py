"""Pax Britannica game data: the map, the tables and the 1880 set-up.

``map.yaml`` and ``tables.yaml`` are the reference pack of
``shared/reference/pax`` (unofficial; every reconstructed fact carries
``verified: false``); ``scenario.yaml`` is our provisional deployment (the
player sheets are not in the seed, L93-95). ``get_data()`` loads and validates
them once per process; a group that owns the game corrects any provisional fact
with a YAML file named by ``DAKBOT_PAX_OVERRIDES`` (format in
:mod:`engine.pax.data.overrides` and docs/data.md), without code.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.errors import DataError
from ...core.data import DataInForce, read_yaml as _read_yaml

DATA_DIR = Path(__file__).parent
OVERRIDES_ENV = "DAKBOT_PAX_OVERRIDES"

AREA_TYPES = ("Independent", "Ottoman Empire", "Chinese Empire", "Chinese Vassal", "Unorganized")
COUNTS = {"areas": 104, "sea_zones": 12, "homes": 12}  # L15, L101; L27


@dataclass(frozen=True)
class Area:
    """One land area (L15-21): Economic Value and Combat Strength (provisional
    unless verified), type, the sea zones it touches and its overland routes."""
    id: str
    name: str
    name_it: str | None
    type: str
    region: str
    coastal: tuple[str, ...]
    overland: tuple[str, ...]
    economic_value: int
    combat_strength: int
    india: bool
    verified: bool
    facts_verified: bool  # EV and CS from a source, not our reconstruction


@dataclass(frozen=True)
class Home:
    """A home country (Madrepatria, L37-39): nobody else ever enters it."""
    id: str
    name: str
    name_it: str | None
    coastal: tuple[str, ...]
    overland: tuple[str, ...]


@dataclass(frozen=True)
class Sea:
    """A sea zone (L27) and the seas it reaches in peace (Q16: the Capes
    matter only in war; Suez and the Straits are open in peace; a canal only
    once built)."""
    id: str
    name: str
    name_it: str | None
    verified: bool
    links: tuple[tuple[str, str | None], ...]  # (sea, canal id or None)


@dataclass
class PaxData:
    areas: dict[str, Area]
    homes: dict[str, Home]
    seas: dict[str, Sea]
    tables: dict[str, Any]
    scenario: dict[str, Any]
    overrides_file: str | None = None
    overridden: tuple[str, ...] = ()
    raw_map: dict[str, Any] = field(default_factory=dict)

    def name(self, place: str) -> str:
        for table in (self.areas, self.homes, self.seas):
            if place in table:
                return table[place].name
        return place


def table_value(entry: Any) -> Any:
    """A tables.yaml entry's value in force: ``value`` when the seed states it,
    else the ``provisional`` stand-in, else the entry itself."""
    if isinstance(entry, dict):
        if "value" in entry and entry.get("value") != "unknown":
            return entry["value"]
        if "provisional" in entry:
            return entry["provisional"]
    return entry




def _load(overrides_path: str | None) -> PaxData:
    raw_map = _read_yaml(DATA_DIR / "map.yaml")
    raw_tables = _read_yaml(DATA_DIR / "tables.yaml")
    raw_scenario = _read_yaml(DATA_DIR / "scenario.yaml")
    overridden: tuple[str, ...] = ()
    if overrides_path:
        from .overrides import apply_overrides

        raw_map, raw_tables, raw_scenario, overridden = apply_overrides(
            raw_map, raw_tables, raw_scenario, _read_yaml(Path(overrides_path)), overrides_path)
    source = "engine/pax/data" + (f" + {overrides_path}" if overrides_path else "")
    data = build(raw_map, raw_tables, raw_scenario, source)
    data.overrides_file, data.overridden = overrides_path, overridden
    return data


def _int(entry: Any, where: str, source: str) -> int:
    """An EV/CS entry: ``{value, provisional}`` or a plain int from an override."""
    v = entry
    if isinstance(entry, dict):
        v = entry["value"] if isinstance(entry.get("value"), int) else entry.get("provisional")
    if not isinstance(v, int) or v < 0:
        raise DataError(f"{source}: {where}: must be a whole number 0 or more, not {v!r}")
    return v


def build(raw_map: dict, raw_tables: dict, raw_scenario: dict, source: str) -> PaxData:
    """Validate the raw YAML and build :class:`PaxData`. Raises DataError
    naming ``source`` and the entry (counts L15/L101/L27, symmetric overland
    routes, known ids, the seed facts: Aden has no overland route, L31)."""
    areas: dict[str, Area] = {}
    for a in raw_map.get("areas", []):
        where = f"areas.{a.get('id')}"
        if a.get("type") not in AREA_TYPES:
            raise DataError(f"{source}: {where}.type: {a.get('type')!r} is not one of {', '.join(AREA_TYPES)}")
        ev = _int(a.get("economic_value"), where + ".economic_value", source)
        cs = _int(a.get("combat_strength"), where + ".combat_strength", source)
        areas[a["id"]] = Area(a["id"], a["name"], a.get("name_it"), a["type"], a.get("region", ""),
                              tuple(a.get("coastal") or ()), tuple(a.get("overland") or ()), ev, cs,
                              bool(a.get("india_group")), bool(a.get("verified")),
                              bool(a.get("facts_verified", False)))
    homes = {h["id"]: Home(h["id"], h["name"], h.get("name_it"), tuple(h.get("coastal") or ()),
                           tuple(h.get("overland") or ())) for h in raw_map.get("home_countries", [])}
    seas: dict[str, Sea] = {}
    for s in raw_map.get("sea_zones", []):
        links = tuple((x["to"], x.get("via")) for x in s.get("adjacent", []))
        seas[s["id"]] = Sea(s["id"], s["name"], s.get("name_it"), bool(s.get("verified")), links)
    got = {"areas": len(areas), "sea_zones": len(seas), "homes": len(homes)}
    for k, n in COUNTS.items():
        if got[k] != n:
            raise DataError(f"{source}: {k}: {got[k]} found, the rules have {n} (L15, L101, L27)")
    land = set(areas) | set(homes)
    for pid, p in list(areas.items()) + list(homes.items()):
        for n in p.overland:
            if n not in land:
                raise DataError(f"{source}: {pid}.overland: unknown area {n!r}")
            if pid not in (areas.get(n) or homes[n]).overland:
                raise DataError(f"{source}: overland route {pid}-{n} is not symmetric")
        for s in p.coastal:
            if s not in seas:
                raise DataError(f"{source}: {pid}.coastal: unknown sea zone {s!r}")
    for s in seas.values():
        for to, _via in s.links:
            if to not in seas:
                raise DataError(f"{source}: sea_zones.{s.id}: unknown sea zone {to!r}")
    if areas.get("aden") and areas["aden"].overland:
        raise DataError(f"{source}: areas.aden.overland: Aden has no overland route (L31)")
    for power, spec in (raw_scenario.get("powers") or {}).items():
        if power not in homes:
            raise DataError(f"{source}: scenario.powers.{power}: unknown power")
        for place in list(spec.get("controls") or {}) + [u for u in (spec.get("units") or {}) if u != "home"]:
            if place not in areas:
                raise DataError(f"{source}: scenario.powers.{power}: unknown area {place!r}")
        for sea in spec.get("merchant_fleets") or ():
            if sea not in seas:
                raise DataError(f"{source}: scenario.powers.{power}.merchant_fleets: unknown sea zone {sea!r}")
    return PaxData(areas, homes, seas, raw_tables, raw_scenario, raw_map=raw_map)


#: The data in force: packaged YAML plus the file named by ``DAKBOT_PAX_OVERRIDES``.
SOURCE = DataInForce(OVERRIDES_ENV, _load)
#: ``get_data() -> PaxData``: the data in force, the environment read on first use.
#: Raises DataError on bad data.
get_data = SOURCE.get
#: ``reload_data() -> PaxData``: read ``DAKBOT_PAX_OVERRIDES`` again (a running
#: service after a correction file changed; tests).
reload_data = SOURCE.reload
