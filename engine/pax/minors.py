"""Minor Powers phase (L242-291): activity roll, area roll, the priority order
Possession → Protectorate → Influence → Interest with its conditions, the
terminating re-roll of the area, and the reaction to revolts.

Minors earn, pay and score nothing (L247-250) and never fight to establish a
Control (L251): their new statuses are established at Marker Adjustment.
"""
from __future__ import annotations

from ..core.engine import log
from ..core.rng import roll_die
from . import board as b
from .data import get_data, table_value
from .ruleset import at_least
from .state import PaxState, unit_key

REROLL_GUARD = 20  # L283 "re-roll until legal": the engine's guard (Q10)


def _activity() -> dict:
    return b.tables()["minor_power_activity"]


def is_active(die: int) -> bool:
    """The top of the Minor Power Activity Table (provisional: active on 4-6)."""
    return die in table_value(_activity()["activity_threshold"])["active_on"]


def area_for(power: str, total: int) -> str:
    return _activity()["provisional_area_tables"][power][total]


def unit_source(state: PaxState, power: str, area: str) -> tuple[str, str] | None:
    """Where the unit for a new Protectorate comes from (L265): home if it has
    land units there; else the nearest controlled area holding two or more
    units; else a new (1) army from the counter mix; None when there is none.
    Returns (location or "pool", unit key)."""
    home = b.units_at(state, power, b.HOME)
    armies = sorted(k for k in home if k.startswith("army"))
    if armies:
        return b.HOME, armies[0]
    best = None
    for aid in b.controls(state, power):
        if aid == area:
            continue
        units = b.units_at(state, power, aid)
        if sum(n for k, n in units.items() if k.startswith("army")) >= 2:
            d = _distance(aid, area)
            if best is None or d < best[0]:
                best = (d, aid, min(k for k in units if k.startswith("army")))
    if best:
        return best[1], best[2]
    if b.counters(state, power, 1) < b.counter_limit("army_or_fleet_1"):
        return "pool", unit_key("army", 1)
    return None


def _distance(a: str, z: str) -> int:
    """Overland steps between two areas (99 when not joined over land)."""
    areas = get_data().areas
    seen, ring, d = {a}, {a}, 0
    while ring and d < 99:
        if z in ring:
            return d
        ring = {n for x in ring for n in areas[x].overland if n in areas and n not in seen}
        seen |= ring
        d += 1
    return 99


def attempt(state: PaxState, power: str, area: str) -> str | None:
    """What ``power`` places in ``area`` by the priority order (L257-281), or
    None when it can place nothing there. Does not change the state."""
    a = state.areas[area]
    own = a.statuses.get(power)
    loc = b.has_loc(state, power, area)
    if not loc:
        return None
    others = {p: s for p, s in a.statuses.items() if p != power}
    # 1) Possession: LoC, own Protectorate, own unit there (L259-261)
    if own and own.level == "protectorate" and b.land_units_in(state, power, area) > 0:
        return "possession"
    kind = get_data().areas[area].type
    # 2) Protectorate (L263-268)
    if (not own or b.RANK[own.level] < b.RANK["protectorate"]) and b.marker_free(state, power, "protectorate") \
            and not any(b.is_control(s.level) for s in others.values()) \
            and (kind in ("Unorganized", "Chinese Vassal") or a.unrest) \
            and unit_source(state, power, area) is not None:
        return "protectorate"
    # 3) Influence (L270-274; Q17: no Influence beside another power's Control, L307)
    if (not own or b.RANK[own.level] < b.RANK["influence"]) and b.marker_free(state, power, "influence") \
            and not any(b.is_control(s.level) for s in others.values()):
        return "influence"
    # 4) Interest (L276-279): not where another holds a Possession, State or Dominion
    if not own and b.marker_free(state, power, "interest") \
            and not any(b.RANK[s.level] >= b.RANK["possession"] for s in others.values()):
        return "interest"
    return None


def place(state: PaxState, power: str, area: str, level: str) -> None:
    """Carry out a minor's placement; a Protectorate brings its unit (L265)
    and gives every Influence holder there a Casus Belli (L268, L287)."""
    if level == "protectorate":
        src, key = unit_source(state, power, area)
        if src != "pool":
            b.remove_unit(state, power, src, key)
        b.add_unit(state, power, area, key)
        for other, s in state.areas[area].statuses.items():
            if other != power and s.level == "influence":
                b.add_cb(state, other, power, area, "minor_protectorate")
    b.set_status(state, area, power, level, new=True)
    log(state, "pax.log.minor_places", "{power} places {level} in {area}.", power=power, level=level, area=area)


def any_marker(state: PaxState, power: str) -> bool:
    return any(b.marker_free(state, power, lv) for lv in ("interest", "influence", "protectorate"))


def activate(state: PaxState, power: str) -> None:
    """One minor's activity (L255-283)."""
    die = roll_die(state)
    if not is_active(die) or not any_marker(state, power):
        log(state, "pax.log.minor_inactive", "{power} is inactive (die {die}).", power=power, die=die)
        return
    for _ in range(REROLL_GUARD):
        total = roll_die(state) + roll_die(state)
        area = area_for(power, total)
        level = attempt(state, power, area)
        if level:
            place(state, power, area, level)
            return
    log(state, "pax.log.minor_no_area", "{power} finds no area it may act in.", power=power)


def revolt_reaction(state: PaxState, power: str) -> None:
    """L291: Unrest in the minor's own Controls (even when inactive): home land
    units, then colonial land units except the last of an area, go to the
    revolting area of highest Economic Value (ties by die)."""
    targets = [aid for aid in b.controls(state, power) if state.areas[aid].unrest]
    if not targets:
        return
    top = max(get_data().areas[t].economic_value for t in targets)
    best = [t for t in sorted(targets) if get_data().areas[t].economic_value == top]
    target = best[0] if len(best) == 1 else best[(roll_die(state) - 1) % len(best)]
    for loc, units in list(state.powers[power].units.items()):
        if loc == target:
            continue
        armies = {k: n for k, n in units.items() if k.startswith("army")}
        keep = 0 if loc == b.HOME else 1
        for k in sorted(armies, reverse=True):
            n = armies[k]
            if keep:
                n -= 1
                keep = 0
            if n > 0:
                b.remove_unit(state, power, loc, k, n)
                b.add_unit(state, power, target, k, n)
    log(state, "pax.log.minor_reacts", "{power} sends its troops against the revolt in {area}.",
        power=power, area=target)
    if at_least(state, 2):
        state.minor_reactions[power] = {"area": target, "turn": state.turn}


def reaction_follow_up(state: PaxState, power: str) -> None:
    """L291: "nel turno seguente a quello in cui la Potenza ha spostato le
    unità per reprimere la Rivolta", the land units in that area above one
    go home."""
    rec = state.minor_reactions.get(power)
    if not rec or rec["turn"] >= state.turn:
        return
    del state.minor_reactions[power]
    area = rec["area"]
    extra = b.land_units_in(state, power, area) - 1
    if extra <= 0:
        return
    for k in sorted((k for k in b.units_at(state, power, area) if k.startswith("army")), reverse=True):
        n = min(extra, b.units_at(state, power, area).get(k, 0))
        if n > 0:
            b.remove_unit(state, power, area, k, n)
            b.add_unit(state, power, b.HOME, k, n)
            extra -= n
    log(state, "pax.log.minor_returns", "{power}'s troops beyond one in {area} go home.", power=power, area=area)


def minor_phase(state: PaxState) -> None:
    for p in state.minors():
        reaction_follow_up(state, p)
    for p in state.minors():
        activate(state, p)
    for p in state.minors():
        revolt_reaction(state, p)
