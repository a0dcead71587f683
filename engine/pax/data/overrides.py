"""Corrections without code for Pax Britannica (the format of
shared/reference/pax/README.md, "Corrections"): a YAML file named by
``DAKBOT_PAX_OVERRIDES``::

    areas:     {punjab: {economic_value: 5, combat_strength: 2, verified: true, source: "map"}}
    adjacency: {add: [[a, b]], remove: [[c, d]], verified: true}
    tables:    {unit_costs: {provisional: {"1": 3, "3": 8, "10": 25}, verified: true}}
    scenario:  {powers: {germany: {controls: {cameroon: possession}, ...}}}

Entry checking is the shared kit's (``engine.core.data``: one rule for
``verified``/``source``); the merged data passes :func:`engine.pax.data.build`.
"""
from __future__ import annotations

import copy
from typing import Any

from ...core.errors import DataError
from ...core.data import adjacency_edits as _adjacency_edits, entry as _entry, reason as _reason
from ...core.data import section as _section, top_level as _top_level

TOP_LEVEL = ("areas", "adjacency", "tables", "scenario")
AREA_FIELDS = ("name", "name_it", "type", "economic_value", "combat_strength", "coastal", "india_group")


def apply_overrides(raw_map: dict, raw_tables: dict, raw_scenario: dict, overrides: Any,
                    path: str) -> tuple[dict, dict, dict, tuple[str, ...]]:
    """Apply ``overrides`` to deep copies of the packaged YAML.

    Returns ``(map, tables, scenario, overridden)``; ``overridden`` lists each
    changed fact ("area punjab.economic_value", "table unit_costs", ...).
    Raises DataError ``"<path>: <entry>: <problem>"`` for an unknown section,
    area, field or pair."""
    new_map, new_tables, new_scenario = (copy.deepcopy(x) for x in (raw_map, raw_tables, raw_scenario))
    if not overrides:
        return new_map, new_tables, new_scenario, ()
    _top_level(overrides, TOP_LEVEL, path)
    done: list[str] = []
    by_id = {a["id"]: a for a in new_map.get("areas", [])}
    for aid, value in _section(overrides.get("areas"), "areas", path).items():
        if aid not in by_id:
            raise DataError(f"{path}: areas.{aid}: unknown area")
        fields, verified, source = _entry(value, f"areas.{aid}", AREA_FIELDS, path)
        by_id[aid].update(fields)
        if {"economic_value", "combat_strength"} & set(fields) or not fields:
            by_id[aid]["facts_verified"] = verified
        by_id[aid]["override"] = _reason(path, source, verified)
        done.extend(f"area {aid}.{f}" for f in (fields or {"verified": True}))
    _adjacency(new_map, overrides.get("adjacency"), path, done)
    for key, value in _section(overrides.get("tables"), "tables", path).items():
        if key not in new_tables:
            raise DataError(f"{path}: tables.{key}: unknown table (see tables.yaml)")
        if not isinstance(value, dict):
            raise DataError(f"{path}: tables.{key}: must be a mapping")
        new_tables[key] = {**new_tables[key], **value, "override": _reason(path, value.get("source"),
                                                                           bool(value.get("verified")))}
        done.append(f"table {key}")
    scen = _section(overrides.get("scenario"), "scenario", path)
    for power, spec in (scen.get("powers") or {}).items():
        new_scenario.setdefault("powers", {})[power] = spec
        done.append(f"scenario {power}")
    return new_map, new_tables, new_scenario, tuple(done)


def _adjacency(raw_map: dict, section: Any, path: str, done: list[str]) -> None:
    """Add or remove overland routes (both directions)."""
    places = {a["id"]: a for a in raw_map.get("areas", [])}
    places.update({h["id"]: h for h in raw_map.get("home_countries", [])})
    removals, additions = _adjacency_edits(section, set(places), path)
    for verb, edits in (("remove", removals), ("add", additions)):
        for _where, x, y, *_verified in edits:
            for a, b in ((x, y), (y, x)):
                routes = places[a].setdefault("overland", [])
                if verb == "add" and b not in routes:
                    routes.append(b)
                elif verb == "remove" and b in routes:
                    routes.remove(b)
            done.append(f"overland {x}-{y} ({verb}{'d' if verb == 'remove' else 'ed'})")
