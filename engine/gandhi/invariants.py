"""Invariants of a Gandhi state, checked after every choice in self-play and
soak tests (issue 8). ``check(state) -> list[str]``: empty when all hold.

Every piece in exactly one place and supply totals constant (1.4.1); Bases
within stacking (1.4.2); no Troops in States (1.3.5); one Protest per space and
one Strike per Railway, Unrest only off Railways (1.10-1.12); Protests on the
map plus those in the boxes are six; tracks in range (1.8, 6.6, 6.7);
Support only in Cities, Provinces and States; Muslim States only in Provinces.
"""
from __future__ import annotations

from . import derived as dv
from .data import get_data
from .state import FACTIONS, INVENTORY, MAP_KINDS, PROTEST_MARKERS, UNREST_STRIKE_MARKERS, GandhiState


def piece_totals(state: GandhiState) -> dict[str, int]:
    t = {k: 0 for k in INVENTORY}
    for sp in state.spaces.values():
        for k, v in sp.pieces.items():
            t["guerrilla" if k.startswith("guerrilla") else k] += v
    for b in (state.available, state.out_of_play, state.prison):
        for k, v in b.items():
            t[k] = t.get(k, 0) + v
    return t


def check(state: GandhiState) -> list[str]:
    errs: list[str] = []
    m = get_data().map
    totals = piece_totals(state)
    if totals != INVENTORY:
        errs.append(f"piece totals {totals} != inventory {INVENTORY}")
    for name in ("available", "out_of_play", "prison"):
        for k, v in getattr(state, name).items():
            if v < 0:
                errs.append(f"{name}.{k} is negative ({v})")
            if k not in INVENTORY:
                errs.append(f"{name} holds unknown kind {k!r}")
    if state.out_of_play.get("gandhi", 0):
        errs.append("Gandhi is Out of Play")
    for sid, sp in state.spaces.items():
        d = m.spaces[sid]
        for k, v in sp.pieces.items():
            if k not in MAP_KINDS:
                errs.append(f"{sid}: unknown piece kind {k!r}")
            if v <= 0:
                errs.append(f"{sid}: {k} count {v} stored")
        if dv.bases(sp) > d.population:
            errs.append(f"{sid}: {dv.bases(sp)} Bases exceed Population {d.population}")
        if sp.pieces.get("troop", 0) and dv.is_state(state, sid):
            errs.append(f"{sid}: Troops in a State")
        if d.is_railway:
            if sp.unrest:
                errs.append(f"{sid}: Unrest on a Railway (must be a Strike)")
            if sp.support:
                errs.append(f"{sid}: Support on a Railway")
            if sp.muslim_state:
                errs.append(f"{sid}: Muslim State on a Railway")
        else:
            if sp.strike:
                errs.append(f"{sid}: Strike off a Railway")
            if sp.muslim_state and d.type != "province":
                errs.append(f"{sid}: Muslim State in a {d.type}")
        if not -2 <= sp.support <= 2:
            errs.append(f"{sid}: support {sp.support} out of range")
    if dv.protests_on_map(state) + dv.protests_in_boxes(state) != PROTEST_MARKERS:
        errs.append("Protest markers on the map and in the boxes are not six")
    used = sum(sp.unrest + sp.strike for sp in state.spaces.values())
    if used > UNREST_STRIKE_MARKERS:
        errs.append(f"{used} Unrest/Strike markers in play, only {UNREST_STRIKE_MARKERS} exist")
    for f in ("raj", "rev"):
        if not 0 <= state.resources[f] <= 50:
            errs.append(f"{f} Resources {state.resources[f]} out of 0..50")
    if not 1 <= state.restraint <= 5:
        errs.append(f"Restraint {state.restraint} out of 1..5")
    if not 1 <= state.unity <= 5:
        errs.append(f"Unity {state.unity} out of 1..5")
    for f, e in state.eligibility.items():
        if f not in FACTIONS or e not in ("eligible", "ineligible"):
            errs.append(f"eligibility {f}={e}")
    return errs


def check_decision(state: GandhiState, d) -> list[str]:
    """The pending decision is well formed (issue 8): a decision exists until
    the game ends, its choices are non-empty and distinct, and at ``sop.act`` the
    acting faction is Eligible and has neither acted nor passed on this card (2.3)."""
    errs: list[str] = []
    if d is None:
        if state.result is None:
            errs.append("no decision although the game has not ended")
        return errs
    if d.actor not in FACTIONS:
        errs.append(f"decision for unknown actor {d.actor!r}")
    ids = d.ids()
    if not ids:
        errs.append(f"decision {d.step} offers no choices")
    if len(set(ids)) != len(ids):
        errs.append(f"decision {d.step} offers a choice twice")
    if d.step == "sop.act":
        t = state.turn
        if state.eligibility.get(d.actor) != "eligible" or d.actor in t.acted or d.actor in t.passed:
            errs.append(f"{d.actor} asked to act on the card while not Eligible to")
        if len(t.acted) >= 2:
            errs.append("a third faction asked to act on one card")
    return errs
