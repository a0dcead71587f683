"""The Gandhi map as validated data (rules 1.3): spaces, Railways, Towns,
adjacency (1.3.8) and the Random Spaces table (8.1.2).

Loaded from ``map.yaml`` beside this file; every fact keeps its ``verified``
flag. Raises :class:`engine.core.errors.DataError` naming the file, the entry
and the problem when the data does not hold together.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core.errors import DataError

SpaceType = Literal["city", "province", "princely_state", "railway"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SpaceDef(_Model):
    """A City, Province, Princely State (1.3.1-1.3.5) or Railway (1.3.6)."""

    id: str
    name: str
    type: SpaceType
    population: int = Field(0, ge=0, le=2)
    muslim: bool = False
    econ: int = Field(0, ge=0)
    endpoints: tuple[str, ...] = ()
    name_it: str | None = None
    verified: bool = False
    econ_verified: bool = True
    endpoints_verified: bool = True
    unverified: str | None = None
    econ_reason: str | None = None

    @property
    def is_railway(self) -> bool:
        return self.type == "railway"

    @property
    def is_city(self) -> bool:
        return self.type == "city"

    @property
    def base_capacity(self) -> int:
        """Bases allowed here (1.4.2): the Population; none on Railways."""
        return self.population


class TownDef(_Model):
    id: str
    name: str
    touches: tuple[str, ...]
    verified: bool = False


class AdjacencyDef(_Model):
    pair: tuple[str, str]
    tier: str = "established"
    verified: bool = False


class RandomSpacesDef(_Model):
    verified: bool = False
    note: str = ""
    regions: dict[int, tuple[str, ...]]
    verified_slots: tuple[str, ...] = ()


class RawMap(_Model):
    spaces: list[dict]
    railways: list[dict]
    towns: list[TownDef]
    adjacency: list[AdjacencyDef]
    random_spaces: RandomSpacesDef


class MapData:
    """The validated map. ``spaces`` holds every space, Railways included."""

    def __init__(self, spaces: dict[str, SpaceDef], towns: dict[str, TownDef],
                 adjacency: list[AdjacencyDef], random_spaces: RandomSpacesDef):
        self.spaces = spaces
        self.towns = towns
        self.adjacency_defs = adjacency
        self.random_spaces = random_spaces
        adj: dict[str, set[str]] = {sid: set() for sid in spaces}
        for a in adjacency:
            x, y = a.pair
            adj[x].add(y)
            adj[y].add(x)
        self.adjacent: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in adj.items()}
        self.ids: tuple[str, ...] = tuple(spaces)
        self.non_railway: tuple[str, ...] = tuple(s for s in spaces if not spaces[s].is_railway)
        self.railways: tuple[str, ...] = tuple(s for s in spaces if spaces[s].is_railway)
        self.railway_set: frozenset[str] = frozenset(self.railways)  # rules code asks in hot loops (issue 21)
        self.cities: tuple[str, ...] = tuple(s for s in spaces if spaces[s].is_city)

    def space(self, sid: str) -> SpaceDef:
        return self.spaces[sid]

    def total_econ(self) -> int:
        return sum(self.spaces[r].econ for r in self.railways)


def build_map(raw: dict, source: str) -> MapData:
    """Validate raw map YAML (a dict) into :class:`MapData`.

    Raises DataError("<source>: <entry>: <problem>") on bad data.
    """
    try:
        rm = RawMap.model_validate(raw)
    except Exception as e:  # pydantic's message names the field path
        raise DataError(f"{source}: {e}") from None
    spaces: dict[str, SpaceDef] = {}
    for entry in rm.spaces:
        sd = _space(entry, source)
        spaces[sd.id] = sd
    for entry in rm.railways:
        e = dict(entry)
        e["type"] = "railway"
        e.setdefault("population", 0)
        sd = _space(e, source)
        spaces[sd.id] = sd
    towns = {t.id: t for t in rm.towns}
    for t in towns.values():
        for s in t.touches:
            if s not in spaces:
                raise DataError(f"{source}: town {t.id}: unknown space {s!r}")
    for sd in spaces.values():
        if sd.is_railway:
            if len(sd.endpoints) != 2:
                raise DataError(f"{source}: railway {sd.id}: needs two endpoints, has {len(sd.endpoints)}")
            for p in sd.endpoints:
                if p not in towns and not (p in spaces and spaces[p].is_city):
                    raise DataError(f"{source}: railway {sd.id}: endpoint {p!r} is neither a City nor a Town")
        elif sd.econ:
            raise DataError(f"{source}: space {sd.id}: only Railways have Econ")
    seen: set[frozenset[str]] = set()
    for a in rm.adjacency:
        x, y = a.pair
        for s in (x, y):
            if s not in spaces:
                raise DataError(f"{source}: adjacency {x}-{y}: unknown space {s!r}")
        if x == y:
            raise DataError(f"{source}: adjacency {x}-{y}: a space is not adjacent to itself")
        key = frozenset(a.pair)
        if key in seen:
            raise DataError(f"{source}: adjacency {x}-{y}: listed twice")
        seen.add(key)
    for region, slots in rm.random_spaces.regions.items():
        for s in slots:
            if s not in spaces or spaces[s].is_railway:
                raise DataError(f"{source}: random_spaces region {region}: {s!r} is not a City, Province or State")
    return MapData(spaces, towns, list(rm.adjacency), rm.random_spaces)


def _space(entry: dict, source: str) -> SpaceDef:
    try:
        sd = SpaceDef.model_validate(entry)
    except Exception as e:
        raise DataError(f"{source}: space {entry.get('id', '?')}: {e}") from None
    if sd.type == "city" and sd.population != 1:
        raise DataError(f"{source}: space {sd.id}: every City has Population 1 (1.3.2)")
    if sd.type in ("province", "princely_state") and sd.population not in (1, 2):
        raise DataError(f"{source}: space {sd.id}: Population must be 1 or 2 (1.3.3)")
    return sd
