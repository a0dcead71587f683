"""Scenario setup (setup pages; 2.1): pieces, markers, tracks and the deck.

Both scenarios come from ``data/scenarios.yaml``. The deck is built as the
setup says (piles of 6 or 12 Event cards, a Campaign card shuffled into the
named piles, a random unused Campaign card as the first Viceroy, the rest set
aside unseen). A *stacked* setup for tests and transcripts may give
``options["stacked"] = {"deck": [..card numbers, top first..], "viceroy": 75,
"dice": [3, 6, ...]}``.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from ..core import rng
from ..core.errors import DataError
from .data import DATA_DIR, get_data, load_yaml
from .ruleset import RULESET
from .state import BOX_KINDS, FACTIONS, INVENTORY, MAP_KINDS, PROTEST_MARKERS, GandhiState, SpaceState


@lru_cache(maxsize=1)
def scenario_defs() -> dict[str, Any]:
    path = DATA_DIR / "scenarios.yaml"
    return load_yaml(Path(path).read_text(encoding="utf-8"))


def scenario_names() -> list[str]:
    return list(scenario_defs())


def build_state(scenario: str, seed: int, options: dict[str, Any]) -> GandhiState:
    """The starting position of ``scenario`` ("short" or "main").

    Raises KeyError for an unknown scenario and DataError if the setup's piece
    counts do not add up to the inventory (1.4.1).
    """
    defs = scenario_defs()
    if scenario not in defs:
        raise KeyError(f"unknown scenario {scenario!r}; choose one of: {', '.join(defs)}")
    sc = defs[scenario]
    data = get_data()
    spaces = {sid: SpaceState() for sid in data.map.ids}
    for sid, entry in sc.get("spaces", {}).items():
        if sid not in spaces:
            raise DataError(f"scenarios.yaml: {scenario}.spaces.{sid}: unknown space")
        pieces = {k: v for k, v in (entry.get("pieces") or {}).items() if v}
        for k in pieces:
            if k not in MAP_KINDS:
                raise DataError(f"scenarios.yaml: {scenario}.spaces.{sid}: unknown piece kind {k!r}")
        spaces[sid] = SpaceState(
            pieces=pieces,
            support=entry.get("support", 0),
            protest=entry.get("protest", False),
            unrest=entry.get("unrest", 0),
            strike=entry.get("strike", False),
        )
    boxes_filled = set(sc.get("protests_in_boxes", []))
    state = GandhiState(
        scenario=scenario,
        seed=seed,
        options={"ruleset": RULESET, **options},  # a new game: the current rules unless replaying
        spaces=spaces,
        available={k: v for k, v in sc["available"].items() if v},
        out_of_play={k: v for k, v in sc["out_of_play"].items() if v},
        prison={k: v for k, v in (sc.get("prison") or {}).items() if v},
        restraint=sc["restraint"],
        unity=sc["unity"],
        resources={"raj": sc["resources"]["raj"], "rev": sc["resources"]["rev"]},
        protest_boxes=[i + 1 in boxes_filled for i in range(PROTEST_MARKERS)],
        deck=[],
        eligibility={f: "eligible" for f in FACTIONS},
        players={f: options.get("players", {}).get(f, "human") for f in FACTIONS},
    )
    stacked = options.get("stacked") or {}
    state.forced_dice = list(stacked.get("dice", []))
    _check_inventory(state, scenario)
    _build_deck(state, sc["deck"], stacked)
    return state


def _check_inventory(state: GandhiState, scenario: str) -> None:
    totals = {k: 0 for k in BOX_KINDS}
    for sp in state.spaces.values():
        for k, v in sp.pieces.items():
            totals["guerrilla" if k.startswith("guerrilla") else k] += v
    for b in (state.available, state.out_of_play, state.prison):
        for k, v in b.items():
            totals[k] += v
    for k, want in INVENTORY.items():
        if totals[k] != want:
            raise DataError(f"scenarios.yaml: {scenario}: {totals[k]} {k} placed, inventory is {want}")
    protests = sum(state.protest_boxes) + sum(1 for sp in state.spaces.values() if sp.protest)
    if protests != PROTEST_MARKERS:
        raise DataError(f"scenarios.yaml: {scenario}: {protests} Protest markers, there are {PROTEST_MARKERS}")


def _build_deck(state: GandhiState, deck: dict[str, Any], stacked: dict[str, Any]) -> None:
    cards = get_data().cards
    if "deck" in stacked:
        state.deck = [int(c) for c in stacked["deck"]]
        used = set(state.deck)
        state.viceroy = int(stacked.get("viceroy", next(c for c in cards.campaigns if c not in used)))
        used.add(state.viceroy)
        state.set_aside = [c for c in list(cards.events) + list(cards.campaigns) if c not in used]
        return
    events = rng.shuffle(state, sorted(cards.events))
    campaigns = rng.shuffle(state, sorted(cards.campaigns))
    n_piles, size = deck["piles"], deck["pile_size"]
    in_deck = campaigns[: len(deck["campaign_piles"])]
    rest = campaigns[len(deck["campaign_piles"]):]
    state.viceroy = rng.pick(state, rest)
    out: list[int] = []
    camp_iter = iter(in_deck)
    for p in range(n_piles):
        pile = events[p * size:(p + 1) * size]
        if p + 1 in deck["campaign_piles"]:
            bottom = min(deck.get("campaign_in_bottom", size), size)
            # shuffled into the bottom `bottom` cards: any of bottom+1 positions
            pos = size - bottom + rng.pick(state, list(range(bottom + 1)))
            pile.insert(pos, next(camp_iter))
        out.extend(pile)
    state.deck = out
    state.set_aside = events[n_piles * size:] + [c for c in rest if c != state.viceroy]
