"""Chinese Resentment, phase 9 (L469-471, L491-493; ruleset 2).

9a: the index rises by the Chinese Resentment Increase Summary's
phase-time entries (tables.yaml ``chinese_resentment.increase_summary``,
provisional: per Control in a Chinese Empire or Vassal area); placements
already raised it when they were made (L338, L471; engine.pax.movement).
9b: two dice; a total less than the index's tens digit means a Chinese
Rebellion in the following War phase (L471: at 82, 7 or less; at 99 the
index stays until 8 or less comes). No rebellion while every Chinese area
is a Possession (L475). The rebellion's war is part 3 (issue 35): the War
phase announces it and the index is reset (L493: to zero, the statuses
already there not counted now).
"""
from __future__ import annotations

from functools import lru_cache

from ..core.engine import log
from ..core.rng import roll_die
from . import board as b
from .data import get_data, table_value
from .ruleset import at_least
from .state import PaxState

CR_MAX = 99  # L471
CHINESE = ("Chinese Empire", "Chinese Vassal")


def chinese_areas() -> list[str]:
    """The Chinese Empire and Vassal areas, sorted (a new list each call)."""
    return list(_chinese_areas(id(get_data())))


@lru_cache(maxsize=4)
def _chinese_areas(data_id: int) -> tuple[str, ...]:
    # keyed by the data in force, so an override file read later is honoured
    return tuple(sorted(a for a, x in get_data().areas.items() if x.type in CHINESE))


def phase_increase(state: PaxState) -> int:
    """9a (L184, L471): the phase-time increases of the summary (provisional)."""
    inc = table_value(b.tables()["chinese_resentment"]["increase_summary"])["each_cr_phase"]
    per = {"Chinese Empire": int(inc.get("per_control_in_chinese_empire_area", 0)),
           "Chinese Vassal": int(inc.get("per_control_in_vassal_area", 0))}
    total = 0
    for aid in chinese_areas():
        kind = get_data().areas[aid].type
        total += per[kind] * sum(1 for s in state.areas[aid].statuses.values() if b.is_control(s.level) and not s.new)
    return total


def rebellion_possible(state: PaxState) -> bool:
    """L475: no rebellion when every Chinese area is a Possession."""
    return not all(any(s.level == "possession" for s in state.areas[a].statuses.values()) for a in chinese_areas())


def rebels(index: int, total: int) -> bool:
    """L471: a total less than the tens digit of the index rebels."""
    return total < index // 10


def cr_phase(state: PaxState) -> None:
    up = phase_increase(state)
    state.cr = min(CR_MAX, state.cr + up)
    d1, d2 = roll_die(state), roll_die(state)
    revolt = rebels(state.cr, d1 + d2) and rebellion_possible(state)
    if revolt:
        state.chinese_rebellion = state.turn
        log(state, "pax.log.cr_rebellion", "Chinese Resentment {cr} (+{up}): dice {total}, less than {tens}: "
            "the Chinese rebel in the War phase.", cr=state.cr, up=up, total=d1 + d2, tens=state.cr // 10)
    else:
        log(state, "pax.log.cr_calm", "Chinese Resentment {cr} (+{up}): dice {total}, no rebellion.",
            cr=state.cr, up=up, total=d1 + d2)


def rebellion_in_war_phase(state: PaxState):
    """Phase 10: a rebellion the CR phase announced breaks out. Ruleset 3:
    its war starts (engine.pax.natives.start_chinese; the index is reset when
    it ends, L483-493) and the War is returned (None without a rebellion);
    ruleset 2 only resets the index (L493) and logs that the war is not played."""
    if state.chinese_rebellion != state.turn:
        return None
    if at_least(state, 3):
        from .natives import start_chinese  # natives imports this module: imported when used

        return start_chinese(state)
    log(state, "pax.log.chinese_rebellion", "The Chinese Rebellion breaks out (its war is not played in this "
        "version); Chinese Resentment returns to 0.")
    state.cr = 0
    state.chinese_rebellion = None
    return None
