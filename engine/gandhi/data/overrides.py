"""Corrections without code: apply an override YAML file to the raw Gandhi data.

A group that owns the physical game can fix any provisional fact of the map
(rules 1.3: spaces, Railways, adjacency 1.3.8) or of the cards (faction order
2.3.2, Critical and halo flags 8.8.1-8.8.2, texts 5.2, Viceroys 2.5) in a YAML
file named by ``DAKBOT_GANDHI_OVERRIDES``; ``engine.gandhi.data.get_data()``
loads it on top of the packaged YAML. The format (see docs/data.md)::

    spaces:      {assam: {population: 2, verified: true}}
    railways:    {rail_punjab_delhi: {econ: 4, endpoints: [town_x, delhi]}}
    adjacency:   {add: [[a, b]], remove: [[c, d]], verified: true}
    event_cards: {12: {faction_order: [inc, raj, ml, rev], critical: [inc]}}
    campaign_cards: {75: {capability: "..."}}

Each entry may say ``verified: true`` (checked against the physical game) and
``source: "..."`` (free text: where the correction comes from). Values are
validated afterwards by ``build_map`` / ``build_cards``, whose errors name the
packaged file *and* the override file.
"""
from __future__ import annotations

import copy
from typing import Any

from ...core.data import adjacency_edits as _adjacency_edits, card_entries as _card_entries, entry as _entry
from ...core.data import reason as _reason, section as _section, top_level as _top_level
from ...core.errors import DataError

TOP_LEVEL = ("spaces", "railways", "adjacency", "event_cards", "campaign_cards")

#: fields an override may set, per kind of entry (``verified`` and ``source`` are always allowed)
SPACE_FIELDS = ("name", "name_it", "type", "population", "muslim")
RAILWAY_FIELDS = ("name", "name_it", "econ", "endpoints")
_TRANSLATED = tuple(f"text_{lang}_{k}" for lang in ("es", "ja") for k in ("source", "note"))
EVENT_FIELDS = ("title", "title_it", "faction_order", "critical", "halo",
                "unshaded", "shaded", "unshaded_it", "shaded_it", "text_note",
                *(f"{f}_{lang}" for lang in ("es", "ja") for f in ("title", "unshaded", "shaded")),
                *_TRANSLATED)
CAMPAIGN_FIELDS = ("viceroy", "tenure", "capability", "capability_it",
                   "raj_capability", "np_raj_modification",
                   *(f"{f}_{lang}" for lang in ("it", "es", "ja")
                     for f in ("viceroy", "capability", "raj_capability", "np_raj_modification")
                     if (f, lang) != ("capability", "it")),
                   *_TRANSLATED)

#: event-card fields that carry their own ``<field>_verified`` flag
_EVENT_VERIFIED = {"title": "title_verified", "faction_order": "faction_order_verified",
                   "critical": "critical_verified", "halo": "halo_verified"}


def apply_overrides(raw_map: dict, raw_cards: dict, overrides: dict | None,
                    path: str) -> tuple[dict, dict, tuple[str, ...]]:
    """Apply an override mapping to deep copies of the raw map and cards YAML.

    Args:
        raw_map: the packaged ``map.yaml`` as loaded (``spaces``, ``railways``,
            ``towns``, ``adjacency``, ``random_spaces``); not modified.
        raw_cards: the packaged ``cards.yaml`` (``event_cards``,
            ``campaign_cards``); not modified.
        overrides: the override file as loaded (format in the module doc);
            ``None`` or ``{}`` changes nothing.
        path: the override file's path, used in error messages and reasons.

    Returns:
        ``(new_map, new_cards, overridden)`` where ``overridden`` lists each
        changed fact, e.g. ``("space assam.population",
        "event_card 12.faction_order", "adjacency assam-bihar (added)")``.
        A changed fact gets its ``verified`` flag set to the entry's
        ``verified`` value (default ``False``).

    Raises:
        DataError: ``"<path>: <entry>: <problem>"`` for an unknown top-level
        key, unknown space / Railway / card / adjacency pair, unknown field, a
        ``verified`` that is not true/false, or a malformed entry.
    """
    new_map = copy.deepcopy(raw_map)
    new_cards = copy.deepcopy(raw_cards)
    if overrides is None:
        return new_map, new_cards, ()
    overrides = copy.deepcopy(_top_level(overrides, TOP_LEVEL, path))
    done: list[str] = []
    _spaces(new_map, overrides.get("spaces"), path, done)
    _railways(new_map, overrides.get("railways"), path, done)
    _adjacency(new_map, overrides.get("adjacency"), path, done)
    _event_cards(new_cards, overrides.get("event_cards"), path, done)
    _campaign_cards(new_cards, overrides.get("campaign_cards"), path, done)
    return new_map, new_cards, tuple(done)


# ----------------------------------------------------------------- helpers







def _spaces(raw_map: dict, section: Any, path: str, done: list[str]) -> None:
    section = _section(section, "spaces", path)
    by_id = {s.get("id"): s for s in raw_map.get("spaces", [])}
    railway_ids = {r.get("id") for r in raw_map.get("railways", [])}
    for sid, value in section.items():
        where = f"spaces.{sid}"
        if sid not in by_id:
            hint = " (it is a Railway: use railways)" if sid in railway_ids else ""
            raise DataError(f"{path}: {where}: unknown space{hint}")
        fields, verified, source = _entry(value, where, SPACE_FIELDS, path)
        if fields.get("type") == "railway":
            raise DataError(f"{path}: {where}.type: a City, Province or Princely State cannot become a Railway")
        space = by_id[sid]
        space.update(fields)
        space["verified"] = verified
        space["unverified"] = None if verified else _reason(path, source, verified)
        for f in fields or {"verified": True}:
            done.append(f"space {sid}.{f}")


def _railways(raw_map: dict, section: Any, path: str, done: list[str]) -> None:
    section = _section(section, "railways", path)
    by_id = {r.get("id"): r for r in raw_map.get("railways", [])}
    for rid, value in section.items():
        where = f"railways.{rid}"
        if rid not in by_id:
            raise DataError(f"{path}: {where}: unknown Railway")
        fields, verified, source = _entry(value, where, RAILWAY_FIELDS, path)
        if "endpoints" in fields and not isinstance(fields["endpoints"], list):
            raise DataError(f"{path}: {where}.endpoints: must be a list of two City or Town ids")
        rail = by_id[rid]
        rail.update(fields)
        if "econ" in fields or not fields:
            rail["econ_verified"] = verified
            rail["econ_reason"] = None if verified else _reason(path, source, verified)
        if "endpoints" in fields or not fields:
            rail["endpoints_verified"] = verified
        rail["verified"] = bool(rail.get("econ_verified", True) and rail.get("endpoints_verified", True))
        for f in fields or {"verified": True}:
            done.append(f"railway {rid}.{f}")




def _adjacency(raw_map: dict, section: Any, path: str, done: list[str]) -> None:
    known = {s.get("id") for s in raw_map.get("spaces", [])} | {r.get("id") for r in raw_map.get("railways", [])}
    removals, additions = _adjacency_edits(section, known, path)
    if section is None:
        return
    adj: list[dict] = raw_map.setdefault("adjacency", [])

    def find(x: str, y: str) -> dict | None:
        for a in adj:
            if set(a.get("pair", ())) == {x, y}:
                return a
        return None

    for where, x, y in removals:
        a = find(x, y)
        if a is None:
            raise DataError(f"{path}: {where}: {x}-{y} is not an adjacency in the packaged data")
        adj.remove(a)
        done.append(f"adjacency {x}-{y} (removed)")
    for _where, x, y, verified in additions:
        a = find(x, y)
        if a is None:
            adj.append({"pair": [x, y], "tier": "override", "verified": verified})
            done.append(f"adjacency {x}-{y} (added)")
        else:
            a["tier"] = "override"
            a["verified"] = verified
            done.append(f"adjacency {x}-{y} (confirmed)" if verified else f"adjacency {x}-{y} (restated)")




def _event_cards(raw_cards: dict, section: Any, path: str, done: list[str]) -> None:
    for n, card, fields, verified, source, where in _card_entries(
            section, "event_cards", raw_cards.get("event_cards", []), EVENT_FIELDS, path,
            "unknown Event card (Events are 1-72)"):
        card.update(fields)
        for f in fields:
            if f in _EVENT_VERIFIED:
                card[_EVENT_VERIFIED[f]] = verified
            if f == "faction_order":
                card["faction_order_reason"] = None if verified else _reason(path, source, verified)
            done.append(f"event_card {n}.{f}")
        if not fields:
            raise DataError(f"{path}: {where}: name the field(s) that are verified")


def _campaign_cards(raw_cards: dict, section: Any, path: str, done: list[str]) -> None:
    for n, card, fields, _verified, _source, where in _card_entries(
            section, "campaign_cards", raw_cards.get("campaign_cards", []), CAMPAIGN_FIELDS, path,
            "unknown Campaign card (Campaign cards are 73-79)"):
        if not fields:
            raise DataError(f"{path}: {where}: no field to change")
        card.update(fields)
        for f in fields:
            done.append(f"campaign_card {n}.{f}")
