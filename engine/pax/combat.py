"""Colonial Combat (L390-441): units against an area's Combat Strength.

Tables 1 and 2 are provisional stand-ins (tables.yaml); the procedure is the
seed's: Table 1 when the smaller side is below 5, else Table 2 (L427); odds
rounded for the defender; 1d6 (L429); AE, AR, EX, ½EX, DR, DE (L431-441); an
area of strength 0 is always defeated (L397). Losses are taken automatically as
the fewest strength points that meet the requirement (docs/rulings/pax.md).
"""
from __future__ import annotations

from itertools import product

from ..core.engine import log
from ..core.rng import roll_die
from . import board as b
from .data import get_data
from .ruleset import at_least
from .state import PaxState, parse_unit


def odds_column(att: int, dfn: int, columns: list[str]) -> str:
    """The odds column, rounded in the defender's favour (tables.yaml
    ``ratio_rounding``): att ≥ def gives floor(att/def):1, else 1:ceil(def/att);
    beyond the table the nearest column."""
    if att >= dfn:
        n = att // dfn
        key = f"{n}:1"
    else:
        n = -(-dfn // att)
        key = f"1:{n}"
    if key in columns:
        return key
    return columns[-1] if att >= dfn else columns[0]


def combat_result(state: PaxState, att: int, dfn: int) -> tuple[str, int, str]:
    """(table, die, result) for ``att`` strength against an area of ``dfn``."""
    rules = b.tables()["colonial_combat_tables"]["provisional"]
    table = "table_1" if min(att, dfn) < 5 else "table_2"  # L427
    cols = rules[table]["columns"]
    col = odds_column(att, dfn, list(cols))
    die = roll_die(state)
    return f"{table[-1]}, {col}", die, cols[col][die - 1]


def cheapest_loss(units: dict[str, int], need: int) -> dict[str, int]:
    """Counters whose strength totals at least ``need`` with the fewest points
    lost (then the fewest counters); all units when they cannot meet it."""
    keys = sorted(units)
    best, best_key = None, None
    for counts in product(*(range(units[k] + 1) for k in keys)):
        total = sum(parse_unit(k)[1] * c for k, c in zip(keys, counts))
        if total < need:
            continue
        score = (total, sum(counts))
        if best_key is None or score < best_key:
            best, best_key = dict(zip(keys, counts)), score
    return {k: c for k, c in (best or units).items() if c}


def retreat(state: PaxState, power: str, area: str) -> None:
    """AR (L433): to an adjacent area the power controls, else home (by sea
    along its LoC; a power without one loses the units)."""
    units = b.units_at(state, power, area)
    armies = {k: n for k, n in units.items() if k.startswith("army")}
    dest = next((n for n in get_data().areas[area].overland
                 if n in state.areas and b.is_control(getattr(b.status(state, n, power), "level", None))
                 and not state.areas[n].unrest), None)
    if dest is None:
        dest = b.HOME if b.has_loc(state, power, area) else None
    for k, n in armies.items():
        b.remove_unit(state, power, area, k, n)
        if dest is not None:
            b.add_unit(state, power, dest, k, n)
    log(state, "pax.log.retreat", "{power}'s units retreat from {area} to {dest}.",
        power=power, area=area, dest=dest or "eliminated")


def eliminate(state: PaxState, power: str, area: str, units: dict[str, int]) -> None:
    for k, n in units.items():
        b.remove_unit(state, power, area, k, n)


def fight(state: PaxState, power: str, area: str) -> bool:
    """One power's Colonial Combat in ``area`` with all its land units there
    (L403). True when the area is defeated."""
    armies = {k: n for k, n in b.units_at(state, power, area).items() if k.startswith("army")}
    att = b.strength(armies)
    dfn = get_data().areas[area].combat_strength
    if dfn == 0:  # L397
        log(state, "pax.log.combat_zero", "{power} defeats {area} (strength 0).", power=power, area=area)
        return True
    table, die, res = combat_result(state, att, dfn)
    log(state, "pax.log.combat", "{power} ({att}) against {area} ({dfn}): table {table}, die {die}: {result}.",
        power=power, att=att, area=area, dfn=dfn, table=table, die=die, result=res)
    if res in ("DR", "DE"):
        return True
    if res == "AR":
        retreat(state, power, area)
        return False
    if res == "EX" and dfn < att or res == "1/2EX" and dfn <= att:
        need = dfn if res == "EX" else -(-dfn // 2)
        eliminate(state, power, area, cheapest_loss(armies, need))
        return b.land_units_in(state, power, area) > 0
    eliminate(state, power, area, armies)  # AE, and EX/½EX against a stronger area
    return False


def fighters(state: PaxState, area: str) -> list[str]:
    """Who fights in ``area`` (L394-423): in Unrest with a Control, only its
    controllers (L411, L423); otherwise every power with land units there that
    placed a Control needing combat, or, in Unrest, any Great Power (minors
    only in their own Controls, L395)."""
    a = state.areas[area]
    present = [p for p, ps in state.powers.items() if area in ps.units and b.land_units_in(state, p, area) > 0]
    controllers = [p for p, s in a.statuses.items() if b.is_control(s.level) and not s.new]
    if a.unrest and controllers:
        return [p for p in present if p in controllers]
    out = []
    for p in present:
        s = a.statuses.get(p)
        if s and s.new and s.combat or a.unrest and state.powers[p].kind in ("player", "austria"):
            out.append(p)
    return out


def ottoman_due(state: PaxState, area: str, power: str) -> None:
    """A new Control established in an Ottoman area brings the Ottoman
    Empire's declaration of war in this turn's War phase (L497; raising an
    existing Control does not: it needs no combat, L348). Ruleset 3."""
    if at_least(state, 3) and get_data().areas[area].type == "Ottoman Empire" and power not in state.ottoman_due:
        state.ottoman_due.append(power)
        log(state, "pax.log.ottoman_due", "{power} establishes a Control in {area}: the Ottoman Empire will "
            "declare war on it in the War phase.", power=power, area=area)


def after_fight(state: PaxState, area: str, power: str, won: bool, established: list[str]) -> None:
    """What one power's combat in ``area`` leaves (L394, L401, L291): a win
    puts down the revolt and establishes a new status fought for (its power
    added to ``established``), or makes a minor's Protectorate a Possession;
    a loss removes a new status fought for and its units retreat."""
    a = state.areas[area]
    s = a.statuses.get(power)
    if won:
        if a.unrest:
            a.unrest = False
            log(state, "pax.log.suppressed", "{power} puts down the revolt in {area}.", power=power, area=area)
        if s and s.new and s.combat:
            s.new = s.combat = False
            established.append(power)
            ottoman_due(state, area, power)
        elif s and s.level == "protectorate" and state.powers[power].kind == "minor":
            s.level = "possession"  # L291: a minor's success in a Protectorate
    elif s and s.new and s.combat:
        b.remove_status(state, area, power)
        if b.land_units_in(state, power, area):
            retreat(state, power, area)


def colonial_combats(state: PaxState) -> None:
    """Phase 5 in every area, in map order; powers in turn order."""
    for aid in sorted(state.areas):
        a = state.areas[aid]
        who = fighters(state, aid)
        if not who:
            continue
        established = []
        tried_unrest = a.unrest
        for p in who:
            after_fight(state, aid, p, fight(state, p, aid), established)
        if tried_unrest and a.unrest and not any(b.is_control(s.level) and not s.new
                                                   for s in a.statuses.values()):
            for p in list(a.statuses):  # L415, L419: every status goes
                b.remove_status(state, aid, p)
            log(state, "pax.log.revolt_wins", "The revolt in {area} sweeps away every status.", area=aid)
        for x in established:  # L403
            for y in established:
                if x != y:
                    b.add_cb(state, x, y, aid, "double_control")

