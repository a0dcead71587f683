"""Corrections without code for A Distant Plain: a YAML file named by
``DAKBOT_ADP_OVERRIDES`` applied on top of the packaged data (the format of
the reference pack's README, *Corrections*)::

    spaces:      {nuristan: {mountain: true, verified: true, source: "printed map"}}
    locs:        {loc_kandahar_spin_boldak: {econ: 3, verified: true}}
    adjacency:   {add: [[a, b]], remove: [[c, d]], verified: true, source: "..."}
    event_cards: {1: {faction_order: [coalition, government, taliban, warlords], verified: true}}
    deck:        {main: {piles: 6, events_per_pile: 8, verified: true, source: "rules 2.4"}}
    scenarios:   {main: {aid: 15, verified: true, source: "..."}}
    card_texts:  {1: {en: {title: "...", unshaded: "...", shaded: "...", capability: "..."},
                      it: {title: "...", unshaded: "..."}, source: "our copy of the cards"}}

``card_texts`` is for a group that owns the game: the texts of its own
cards, per language (en, it, es, ja), shown by /card and the Event prompt.
The project ships none (engine/adp/data/README: no card text).

The entry checks are Gandhi's (shared helpers); the checks at load then run
on the corrected data, so a correction that breaks the Econ total or a set-up
recomputation is refused with both files named.
"""
from __future__ import annotations

import copy
from typing import Any

from ...core.errors import DataError
from ...core.data import adjacency_edits as _adjacency_edits, card_entries as _card_entries, entry as _entry
from ...core.data import card_number as _card_number
from ...core.data import reason as _reason, section as _section, top_level as _top_level

TOP_LEVEL = ("spaces", "locs", "adjacency", "event_cards", "deck", "scenarios", "card_texts")
SPACE_FIELDS = ("name", "type", "country", "population", "pashtun", "mountain")
LOC_FIELDS = ("name", "econ")
EVENT_FIELDS = ("title", "faction_order", "capability", "momentum", "islamabad")
DECK_FIELDS = ("piles", "events_per_pile")
SCENARIO_TRACKS = ("aid", "patronage", "government", "taliban", "warlords")
TEXT_LANGS = ("en", "it", "es", "ja")
TEXT_FIELDS = ("title", "unshaded", "shaded", "capability", "momentum")


def apply_overrides(raw: dict[str, dict], overrides: Any, path: str) -> tuple[dict[str, dict], tuple[str, ...]]:
    """Apply ``overrides`` to a deep copy of the packaged YAML files.

    Args:
        raw: {"map.yaml": ..., "cards_meta.yaml": ..., "setup.yaml": ..., "deck.yaml": ...}.
        overrides: the override file as loaded (None changes nothing).
        path: the override file's path, for errors and reasons.

    Returns:
        (new raw files, overridden facts such as ``"space nuristan.mountain"``).

    Raises:
        DataError: ``"<path>: <entry>: <problem>"`` for an unknown key, space,
        LoC, card or field, or a malformed entry.
    """
    raw = copy.deepcopy(raw)
    if overrides is None:
        return raw, ()
    _top_level(overrides, TOP_LEVEL, path)
    done: list[str] = []
    _facts(raw["map.yaml"]["spaces"], overrides.get("spaces"), "spaces", SPACE_FIELDS, path, done)
    _facts(raw["map.yaml"]["locs"], overrides.get("locs"), "locs", LOC_FIELDS, path, done)
    _adjacency(raw["map.yaml"], overrides.get("adjacency"), path, done)
    _events(raw["cards_meta.yaml"], overrides.get("event_cards"), path, done)
    _deck(raw["deck.yaml"], overrides.get("deck"), path, done)
    _scenarios(raw["setup.yaml"], overrides.get("scenarios"), path, done)
    raw["card_texts"] = card_texts(overrides.get("card_texts"), path, done)
    return raw, tuple(done)


def card_texts(section: Any, path: str, done: list[str]) -> dict[int, dict[str, dict[str, str]]]:
    """The ``card_texts`` section, checked: ``{number: {lang: {field: text}}}``
    for Event cards 1-72, languages :data:`TEXT_LANGS`, fields
    :data:`TEXT_FIELDS` (``source`` allowed beside the languages). Raises
    DataError naming the entry otherwise."""
    out: dict[int, dict[str, dict[str, str]]] = {}
    for key, langs in _section(section, "card_texts", path).items():
        n = _card_number(key, "card_texts", path)
        where = f"card_texts.{key}"
        if not 1 <= n <= 72:
            raise DataError(f"{path}: {where}: unknown Event card (Events are 1-72)")
        if not isinstance(langs, dict) or not set(langs) - {"source"}:
            raise DataError(f"{path}: {where}: must map languages ({', '.join(TEXT_LANGS)}) to texts")
        for lang, fields in langs.items():
            if lang == "source":
                continue
            if lang not in TEXT_LANGS:
                raise DataError(f"{path}: {where}.{lang}: unknown language (allowed: {', '.join(TEXT_LANGS)})")
            if not isinstance(fields, dict) or not fields:
                raise DataError(f"{path}: {where}.{lang}: must map fields ({', '.join(TEXT_FIELDS)}) to text")
            for f, v in fields.items():
                if f not in TEXT_FIELDS:
                    raise DataError(f"{path}: {where}.{lang}.{f}: unknown field (allowed: {', '.join(TEXT_FIELDS)})")
                if not isinstance(v, str) or not v.strip():
                    raise DataError(f"{path}: {where}.{lang}.{f}: must be text")
            out.setdefault(n, {})[lang] = {f: v.strip() for f, v in fields.items()}
        done.append(f"card_text {n} ({', '.join(sorted(out[n]))})")
    return out


def _facts(items: list[dict], section: Any, name: str, allowed: tuple[str, ...], path: str,
           done: list[str]) -> None:
    by_id = {s["id"]: s for s in items}
    for sid, value in _section(section, name, path).items():
        where = f"{name}.{sid}"
        if sid not in by_id:
            raise DataError(f"{path}: {where}: unknown {name[:-1]}")
        fields, verified, source = _entry(value, where, allowed, path)
        item = by_id[sid]
        for f, v in fields.items():
            if isinstance(item.get(f), dict):
                item[f] = {"value": v, "verified": verified, "source": _reason(path, source, verified)}
            else:
                item[f] = v
            done.append(f"{name[:-1]} {sid}.{f}")


def _adjacency(raw_map: dict, section: Any, path: str, done: list[str]) -> None:
    known = {s["id"] for s in raw_map["spaces"]} | {loc["id"] for loc in raw_map["locs"]}
    removals, additions = _adjacency_edits(section, known, path)
    if section is None:
        return
    pairs = raw_map["adjacency"]
    for where, x, y in removals:
        hit = [p for p in pairs if {p["a"], p["b"]} == {x, y}]
        if not hit:
            raise DataError(f"{path}: {where}: {x}-{y} is not an adjacency in the packaged data")
        pairs.remove(hit[0])
        done.append(f"adjacency {x}-{y} (removed)")
    for _where, x, y, verified in additions:
        if not any({p["a"], p["b"]} == {x, y} for p in pairs):
            pairs.append({"a": x, "b": y, "kind": "override", "verified": verified})
            done.append(f"adjacency {x}-{y} (added)")
    raw_map["_overridden_adjacency"] = True


def _events(raw_cards: dict, section: Any, path: str, done: list[str]) -> None:
    for n, card, fields, verified, source, _where in _card_entries(
            section, "event_cards", raw_cards["event_cards"], EVENT_FIELDS, path,
            "unknown Event card (Events are 1-72)"):
        for f, v in fields.items():
            if f == "title":
                card["title"] = v
                card["title_source"] = {"verified": verified, "source": _reason(path, source, verified)}
            elif f == "faction_order":
                card["faction_order"] = {"order": list(v), "verified": verified,
                                         "status": "verified" if verified else "override",
                                         "source": _reason(path, source, verified)}
            else:
                card[f] = {**card.get(f, {}), "value": bool(v), "verified": verified}
            done.append(f"event_card {n}.{f}")


def _deck(raw_deck: dict, section: Any, path: str, done: list[str]) -> None:
    scen = raw_deck.setdefault("scenarios", {})
    for name, value in _section(section, "deck", path).items():
        if name not in scen:
            raise DataError(f"{path}: deck.{name}: unknown scenario (known: {', '.join(scen)})")
        fields, verified, source = _entry(value, f"deck.{name}", DECK_FIELDS, path)
        for f, v in fields.items():
            if not isinstance(v, int) or v < 1:
                raise DataError(f"{path}: deck.{name}.{f}: must be a whole number of at least 1")
            scen[name][f] = v
            done.append(f"deck {name}.{f}")
        scen[name]["verified"] = verified
        scen[name]["source"] = _reason(path, source, verified)


def _scenarios(raw_setup: dict, section: Any, path: str, done: list[str]) -> None:
    for name, value in _section(section, "scenarios", path).items():
        if name not in raw_setup["scenarios"] or name == "other_scenarios":
            raise DataError(f"{path}: scenarios.{name}: unknown scenario")
        fields, verified, source = _entry(value, f"scenarios.{name}", SCENARIO_TRACKS, path)
        tracks = raw_setup["scenarios"][name]["tracks"]
        for f, v in fields.items():
            if not isinstance(v, int) or v < 0:
                raise DataError(f"{path}: scenarios.{name}.{f}: must be a whole number")
            if f in ("aid", "patronage"):
                tracks[f] = v
            else:
                tracks["resources"][f] = v
            done.append(f"scenario {name}.{f}")
        raw_setup["scenarios"][name]["verified"] = verified
        raw_setup["scenarios"][name]["tracks_overridden"] = True
