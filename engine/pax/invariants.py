"""Invariants of a Pax Britannica game, checked by self-play after every
choice (issue 19): units and status markers within the counter mix (L67), treasuries never below
zero outside the Section IV removals (L240), one status per power per area
(L101) of a known level, Unrest only where the map has it, garrisons (L314,
L356) after Marker Adjustment, and the Indian Army
(L360) kept within two areas of India while Great Britain has it; units in
sea and Cape zones only while a war is on, surrendered counters counted in
the counter mix (ruleset 3, L605, L676, L684)."""
from __future__ import annotations

from typing import Any

from . import board as b
from .ruleset import at_least
from .state import RANK, UNIT_SIZES, PaxState, parse_unit
from .warmoves import is_sea


def check(state: PaxState) -> list[str]:
    errs: list[str] = []
    top = state.stack[-1] if state.stack else {}
    limits = {size: b.counter_limit(f"army_or_fleet_{size}") for size in UNIT_SIZES}
    merchant_limit = b.counter_limit("merchant_fleet")
    removing = {f.get("power") for f in state.stack if f.get("step") == "pax.admin_remove"}
    for p, ps in state.powers.items():
        counted = b.counters_by_size(state, p)  # every unit key parsed (a bad one raises)
        for size in UNIT_SIZES:
            n = counted.get(size, 0) + _surrendered(state, p, size)
            if n > limits[size]:
                errs.append(f"{p} has {n} counters of ({size}), above the counter mix")

        for loc, units in ps.units.items():
            if is_sea(loc) and not _war_unsettled(state):
                errs.append(f"{p} has units in the sea zone {loc} with no war on (L605, L684)")
            elif loc != b.HOME and loc not in state.areas and not is_sea(loc):
                errs.append(f"{p} has units in unknown place {loc}")
            for k, n in units.items():
                if n <= 0:
                    errs.append(f"{p} holds {n} of {k} in {loc}")
        if len(set(ps.merchant)) != len(ps.merchant) or len(ps.merchant) > merchant_limit:
            errs.append(f"{p}'s merchant fleets {ps.merchant} break L376 or the counter mix")
        if ps.treasury < 0 and p not in removing:
            errs.append(f"{p}'s treasury is £{ps.treasury}")
        if ps.kind == "minor" and (ps.treasury or ps.vp):
            errs.append(f"minor {p} has money or VP (L247-250)")
    errs += marker_errors(state)
    for aid, a in state.areas.items():
        for p, s in a.statuses.items():
            if s.level not in RANK or p not in state.powers:
                errs.append(f"bad status {p}:{s.level} in {aid}")
            if s.level == "dominion" and p != "great_britain" or s.level == "state" and p != "usa":
                errs.append(f"{p} holds a {s.level} in {aid} (L318-322)")
    if _after_garrison_rule(state, top):
        errs += garrison_errors(state)
    return errs


def _surrendered(state: PaxState, power: str, size: int) -> int:
    """Counters set aside by a surrender (L676): still the power's, off the map."""
    return sum(n for w in state.wars for k, n in w.surrendered.get(power, {}).items() if parse_unit(k)[1] == size)


def marker_errors(state: PaxState) -> list[str]:
    """Status markers within the counter mix (L67; State and Dominion count
    against the Possession limit, as b.marker_free reads them). Ruleset 1
    games began with the set-up above the old Possession limit: not checked."""
    if not at_least(state, 2):
        return []
    counts: dict[tuple[str, str], int] = {}
    for a in state.areas.values():
        for p, s in a.statuses.items():
            counts[p, s.level] = counts.get((p, s.level), 0) + 1
    out = []
    limits: dict[str, int] = {}
    for (power, level), n in sorted(counts.items()):
        key = "possession" if level in ("state", "dominion") else level
        if key not in limits:
            limits[key] = b.counter_limit(key, state)
        if level in RANK and n > limits[key]:
            out.append(f"{power} has {n} {level} markers, above the counter mix")
    return out


def _after_garrison_rule(state: PaxState, top: dict) -> bool:
    """When every Control must have its garrison: just after Marker
    Adjustment's 6d (L172), as Negotiation opens (ruleset 2: a Control ceded
    or shared by agreement there is garrisoned by the next Movement phase's
    end, L356); ruleset 1, as a Movement phase opens."""
    if at_least(state, 2):
        return top.get("step") == "pax.negotiation" and not top.get("drafts") and not top.get("sealed")
    return top.get("step") == "pax.movement" and top.get("round") == 1 and not top.get("drafts")


def garrison_errors(state: PaxState) -> list[str]:
    """Every established Control has one of its owner's land units (L314, L356)."""
    return [f"{p}'s Control in {aid} has no land unit"
            for aid, a in state.areas.items() for p, s in a.statuses.items()
            if b.is_control(s.level) and not s.new and b.land_units_in(state, p, aid) == 0]


def check_decision(state: PaxState, d: Any) -> list[str]:
    if d is not None and not d.choices:
        return [f"no choices at {d.step}"]
    return []


def _war_unsettled(state: PaxState) -> bool:
    """A war is fought, or one that has ended still has steps to run (its
    spoils, cessions, the return home, L553, L684): units may be at sea."""
    return bool(state.at_war()) or any("war" in f for f in state.stack)
