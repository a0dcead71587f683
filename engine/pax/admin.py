"""The Administrative Record Sheet as a computed record (L222-240).

Line layout (tables.yaml ``administration``; the structural reading of Q4):
Section I counts 01 Interest, 02 Influence, 04 Protectorate, 06 Possession,
08 Dominion/State, and the Economic Value totals 03, 05, 07, 09 of the last
four, only for statuses with an LoC to home now (L228). Section II: line 10
Colonial Office (1d6; a power with no Control takes an automatic 6, except
Austria-Hungary, L232), lines 11-14 value × multiplier, line 15 income.
Section III: line 16 strength points abroad (£1 each; home, States and
Dominions exempt, L236), lines 17-20 counts 01/02/04/06 × upkeep, line 21.
Section IV: line 22 = 15 − 21 (L240).
"""
from __future__ import annotations

from typing import Any

from ..core.engine import log
from ..core.messages import Choice, Decision, msg
from ..core.rng import roll_die
from ..core.steps import Step, frame, push, register
from . import board as b
from .data import get_data, table_value
from .ruleset import at_least
from .state import PaxState, parse_unit

LEVEL_LINES = {"interest": ("01", None), "influence": ("02", "03"), "protectorate": ("04", "05"),
               "possession": ("06", "07"), "dominion": ("08", "09"), "state": ("08", "09")}
INCOME_LINES = {"03": ("11", "influence"), "05": ("12", "protectorate"), "07": ("13", "possession"),
                "09": ("14", "dominion_or_state")}
UPKEEP_LINES = {"01": ("17", "interest"), "02": ("18", "influence"), "04": ("19", "protectorate"),
                "06": ("20", "possession")}


def _adm(key: str) -> dict:
    return table_value(b.tables()["administration"][key])


def section_one(state: PaxState, power: str) -> dict[str, int]:
    """Lines 01-09: counts and Economic Value totals of statuses with an LoC (L228)."""
    lines = {f"{n:02d}": 0 for n in range(1, 10)}
    reach = b.loc_areas(state, power)
    for aid, a in state.areas.items():
        s = a.statuses.get(power)
        if s is None or aid not in reach:
            continue
        count, value = LEVEL_LINES[s.level]
        lines[count] += 1
        if value:
            lines[value] += get_data().areas[aid].economic_value
    return lines


def colonial_office(state: PaxState, power: str, roll: bool = True) -> tuple[int, int]:
    """Line 10 (L232): (die, £). No Control on the map: an automatic 6,
    except Austria-Hungary, which always rolls."""
    table = _adm("colonial_office")
    if not roll:
        die = 6 if not b.controls(state, power) and power != "austria_hungary" else 0
        return die, int(table[str(die)]) if die else 0
    if not b.controls(state, power) and power != "austria_hungary":
        die = 6
    else:
        die = roll_die(state)
    return die, int(table[str(die)])


def abroad_strength(state: PaxState, power: str) -> int:
    """Line 16 (L236): strength points of units outside home, States and
    Dominions; a unit at sea (a war's fleet, L601) is abroad."""
    total = 0
    for loc, units in state.powers[power].units.items():
        if loc == b.HOME:
            continue
        s = state.areas[loc].statuses.get(power) if loc in state.areas else None
        if s and s.level in ("state", "dominion"):
            continue
        total += sum(parse_unit(k)[1] * n for k, n in units.items())
    return total


def admin_record(state: PaxState, power: str, roll: bool = True) -> dict[str, Any]:
    """The whole record, lines "01".."22" plus the Colonial Office die."""
    lines: dict[str, Any] = section_one(state, power)
    die, lines["10"] = colonial_office(state, power, roll)
    mult = _adm("income_multiplier_per_economic_value")
    for value_line, (line, key) in INCOME_LINES.items():
        lines[line] = lines[value_line] * int(mult[key])
    lines["15"] = sum(lines[x] for x in ("10", "11", "12", "13", "14"))
    lines["16"] = abroad_strength(state, power) * int(table_value(
        b.tables()["administration"]["unit_upkeep_per_strength_point_abroad"]))
    upkeep = _adm("upkeep_per_status_marker")
    for count_line, (line, key) in UPKEEP_LINES.items():
        lines[line] = lines[count_line] * int(upkeep[key])
    lines["21"] = sum(lines[x] for x in ("16", "17", "18", "19", "20"))
    lines["22"] = lines["15"] - lines["21"]
    lines["die"] = die
    return lines


def income(state: PaxState, power: str, roll: bool = True) -> int:
    """Line 15 (the final scoring uses it without upkeep, L718; Q5: without a
    fresh roll the Colonial Office counts only its automatic 6)."""
    return admin_record(state, power, roll)["15"]


def apply_record(state: PaxState, power: str, rec: dict[str, Any]) -> None:
    """Line 22 sets the treasury (L240: "il numero di £ che avete da spendere
    durante il corrente turno ... piazzate il vostro Marker di tesoreria";
    L706: VP are bought with the £ left in it). Ruleset 1 added it to the old
    treasury (the part 1 reading Q8)."""
    ps = state.powers[power]
    rec = dict(rec, turn=state.turn, before=ps.treasury)
    ps.treasury = rec["22"] if at_least(state, 2) else ps.treasury + rec["22"]
    rec["treasury"] = ps.treasury
    state.admin[power] = rec
    log(state, "pax.log.admin", "{power}, Administrative Record: I. {n01} Interest(s); {n02} Influence(s), "
        "value {v03}; {n04} Protectorate(s), value {v05}; {n06} Possession(s), value {v07}; {n08} Dominion(s) or "
        "State(s), value {v09}. II. Colonial Office (die {die}) £{co}, income £{income}. III. units abroad "
        "£{units}, statuses £{statuses}, upkeep £{upkeep}. IV. surplus £{surplus}: treasury £{treasury}.",
        power=power, n01=rec["01"], n02=rec["02"], v03=rec["03"], n04=rec["04"], v05=rec["05"], n06=rec["06"],
        v07=rec["07"], n08=rec["08"], v09=rec["09"], die=rec["die"], co=rec["10"], income=rec["15"],
        units=rec["16"], statuses=rec["21"] - rec["16"], upkeep=rec["21"], surplus=rec["22"], treasury=ps.treasury)


# ----------------------------------------------------------------- Section IV removals

def removal_choices(state: PaxState, power: str) -> list[tuple[str, int]]:
    """What the owner may remove when the treasury is negative (L240): units
    abroad ("unit:<area>:<key>") and status markers ("status:<area>"), each with
    the upkeep it saves this turn."""
    out = []
    upkeep = _adm("upkeep_per_status_marker")
    for loc, units in sorted(state.powers[power].units.items()):
        if loc == b.HOME:
            continue
        garrison = b.is_control(getattr(b.status(state, loc, power), "level", None))
        for k in sorted(units):
            if garrison and k.startswith("army") and b.land_units_in(state, power, loc) == 1:
                continue  # a Control's last land unit goes with its Control (docs/rulings/pax.md)
            out.append((f"unit:{loc}:{k}", parse_unit(k)[1]))
    for aid, a in sorted(state.areas.items()):
        s = a.statuses.get(power)
        if s:
            key = "dominion_or_state" if s.level in ("state", "dominion") else s.level
            out.append((f"status:{aid}", int(upkeep[key])))
    return out


def _removal_label(cid: str, saves: int):
    kind, area, *rest = cid.split(":")
    if kind == "unit":
        return msg("pax.choice.remove_unit", "Remove {unit} in {area} (saves £{saves})",
                   unit=rest[0], area=area, saves=saves)
    return msg("pax.choice.remove_status", "Remove the status in {area} (saves £{saves})", area=area, saves=saves)


@register
class AdminRemove(Step):
    @staticmethod
    def _free_garrison(state: PaxState, power: str, area: str) -> int:
        """A removed Control's units abroad go home (no longer paid for)."""
        units = b.units_at(state, power, area)
        for k, n in units.items():
            b.remove_unit(state, power, area, k, n)
            b.add_unit(state, power, b.HOME, k, n)
        return sum(parse_unit(k)[1] * n for k, n in units.items())

    """Treasury below zero (L240): the owner removes units abroad and/or status
    markers until it is back to zero; each removal saves its upkeep."""
    name = "pax.admin_remove"

    def decision(self, state, f):
        p = f["power"]
        choices = [Choice(cid, _removal_label(cid, n)) for cid, n in removal_choices(state, p)]
        return Decision(state.seat(p) or p, msg("pax.prompt.remove",
                        "{power}'s treasury is £{treasury}: remove units abroad or status markers.",
                        power=p, treasury=state.powers[p].treasury), choices, self.name)

    def apply(self, state, f, cid):
        p = f["power"]
        saves = dict(removal_choices(state, p))[cid]
        kind, area, *rest = cid.split(":")
        if kind == "unit":
            b.remove_unit(state, p, area, rest[0])
        else:
            exempt = b.status(state, area, p).level in ("state", "dominion")  # L236
            b.remove_status(state, area, p)
            moved = self._free_garrison(state, p, area)
            saves += 0 if exempt else moved
        ps = state.powers[p]
        ps.treasury = min(0, ps.treasury + saves)
        if kind == "unit":
            log(state, "pax.log.removed_unit", "{power} removes {unit} in {area}.", actor=state.seat(p),
                power=p, unit=rest[0], area=area)
        else:
            log(state, "pax.log.removed_status", "{power} removes its status in {area}.", actor=state.seat(p),
                power=p, area=area)
        if ps.treasury < 0 and removal_choices(state, p):
            push(state, frame(self.name, power=p))
        else:
            ps.treasury = max(0, ps.treasury)
