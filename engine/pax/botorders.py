"""The Pax bot's peace-time orders (Phase 4, L293-388; engine/pax/bots.py).

In every Movement round the bot writes one order after another while one is
worth its cost, then seals. Each order is the first of:

1. a garrison (L356): a land unit from home to one of its Controls that has
   too few (one unit; a new Control, enough strength to defeat the area in
   Colonial Combat, L399: 1 against strength 0, else 4 per point), or the
   army to buy for it when none is at home and the Control is reachable;
2. a merchant fleet due this turn (L376), in the sea that brings the most
   Economic Value newly within its Lines of Communication (L109);
3. the first canal (L388) when it may build it: its 15 VP are worth more
   than £30 at any divisor; an Influence in a canal site counts half that
   towards its worth;
4. the status whose money over the rest of the game beats its price: the
   income it adds each remaining Administrative phase less its upkeep (and a
   new Control's garrison upkeep; a first Control loses the automatic
   Colonial Office 6, L232), plus twice the income at the end (line 29,
   L718), against its price (and the army a new Control needs). An Interest
   earns nothing and is never bought (tables.yaml provisional multipliers);
5. lowering what costs more than it brings (L352): an Interest, an
   Influence in an area of Economic Value 1 or less;

else it seals. Money not spent is worth VP at the VP Record phase (L706):
the treasury divided by the divisor, so every order competes with it. A
status that adds less than its upkeep is bought only when next turn's
Section IV stays at 0 or more with the worst Colonial Office roll (L240).
It picks only from the offered choices, step by step; the plan is a pure
function of the board its writer sees, so every step of an order finds the
same plan.
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from . import board as b
from .admin import admin_record
from .data import get_data, table_value
from .movement import (
    CANAL_SITES,
    _private_copy,
    _view,
    board_key,
    buy_options,
    canal_options,
    execute,
    lower_options,
    merchant_options,
    status_options,
    unit_destinations,
)
from .state import TURNS, PaxState, parse_unit

CO_LOSS = 12.5  # the automatic 6 (£30) against a roll's mean (£17.5), L232 with the provisional table
WORST_CO = 5  # the provisional Colonial Office table's lowest line (die 1)
MAX_AREA_STRENGTH = 2  # a Control is sought only where 4:1 costs at most 8 strength points


@lru_cache(maxsize=4)
def _economy(data_id: int) -> dict[str | None, tuple[int, int, int]]:
    """Level (None: no status) -> (income multiplier, upkeep, price) (L228-236, L295)."""
    adm = b.tables()["administration"]
    mult = table_value(adm["income_multiplier_per_economic_value"])
    upkeep = table_value(adm["upkeep_per_status_marker"])
    out: dict[str | None, tuple[int, int, int]] = {None: (0, 0, 0)}
    for lv in ("interest", "influence", "protectorate", "possession", "dominion", "state"):
        key = "dominion_or_state" if lv in ("state", "dominion") else lv
        out[lv] = (int(mult[key]), int(upkeep[key]), b.status_price(lv))
    return out


def garrison_need(state: PaxState, power: str, area: str) -> int:
    """Land strength ``power`` wants in ``area``, one of its Controls: 1
    (L356), or, for a Control still to be won in Colonial Combat, 1 against
    an area of strength 0 (L397) else 4 per strength point (4:1)."""
    s = b.status(state, area, power)
    cs = get_data().areas[area].combat_strength
    if s is not None and s.new and s.combat and cs:
        return 4 * cs
    return 1


def plan(state: PaxState, power: str) -> tuple:
    """``power``'s next order on ``state`` (the board its writer sees):
    ("move", "<loc>|<unit>", area), ("buy", unit), ("merchant", "new", sea),
    ("status", area, level), ("canal", site), ("lower", "<area>:<to>") or ("seal",)."""
    return (_garrison(state, power) or _merchant(state, power) or _canal(state, power)
            or _status(state, power) or _lower(state, power) or ("seal",))


def _canal_worth(state: PaxState, power: str) -> float:
    """£ the first canal is worth to ``power`` beyond its price: its VP
    (L388) at the power's divisor (L714), less £30; 0 once one is built."""
    if state.canals:
        return 0
    from .phases import divisor

    canal = b.tables()["canal"]
    return max(0, int(table_value(canal["first_builder_vp"])) * divisor(power, state)
               - int(table_value(canal["cost"])))


def _canal(state: PaxState, power: str) -> tuple | None:
    """The first canal (L388, L696) whenever it may build it."""
    sites = canal_options(state, power)
    return ("canal", sites[0]) if sites and _canal_worth(state, power) > 0 else None


def _garrison(state: PaxState, power: str) -> tuple | None:
    money = state.powers[power].treasury
    found: dict = {}  # what unit_destinations found on this board, shared
    for area in b.controls(state, power):
        have = b.strength(b.units_at(state, power, area))
        need = garrison_need(state, power, area)
        if have >= need:
            continue
        for unit in sorted(state.powers[power].units.get(b.HOME, {})):
            if unit.startswith("army") and area in unit_destinations(state, power, b.HOME, unit, found):
                return ("move", f"{b.HOME}|{unit}", area)
        if area not in b.land_destinations(state, power, b.HOME):
            continue
        armies = [u for u in buy_options(state, power) if u.startswith("army")]
        if not armies:
            continue
        short = need - have
        fit = [u for u in armies if parse_unit(u)[1] >= short]
        unit = min(fit, key=lambda u: parse_unit(u)[1]) if fit else max(armies, key=lambda u: parse_unit(u)[1])
        if b.unit_price(parse_unit(unit)[1]) <= money:
            return ("buy", unit)
    return None


def _merchant(state: PaxState, power: str) -> tuple | None:
    seas = merchant_options(state, power).get("new")
    if not seas:
        return None
    reach = b.loc_areas(state, power)
    areas = get_data().areas

    def gain(sea: str) -> tuple:
        return sum(areas[a].economic_value for a in b.coastal_areas(sea) if a not in reach), sea

    return ("merchant", "new", max(seas, key=gain))


def _status(state: PaxState, power: str) -> tuple | None:
    money = state.powers[power].treasury
    rest = max(0, TURNS - state.turn)
    econ, areas = _economy(id(get_data())), get_data().areas
    if money < min(price for mult, _, price in econ.values() if mult):
        return None  # not even the cheapest status that earns
    first = not b.controls(state, power)
    scored = []
    for area, levels in status_options(state, power).items():
        own = b.status(state, area, power)
        old = own.level if own else None
        m0, u0, p0 = econ[old]
        v, cs = areas[area].economic_value, areas[area].combat_strength
        for lv in levels:
            m1, u1, p1 = econ[lv]
            gain = v * (m1 - m0)
            net = gain - (u1 - u0)
            price = p1 - p0
            if b.is_control(lv) and not b.is_control(old):
                if cs > MAX_AREA_STRENGTH:
                    continue
                short = max(0, (4 * cs if cs else 1) - b.strength(b.units_at(state, power, area)))
                net -= short  # £1 a strength point abroad (L236)
                price += b.unit_price(1) * short
                if first:
                    net -= CO_LOSS / 2  # shared with the Controls that follow
            if price > money:
                continue
            worth = rest * net + 2 * gain - price
            if area in CANAL_SITES and lv != "interest" and old in (None, "interest"):
                worth += _canal_worth(state, power) / 2  # the canal needs it established (L388), a turn later
            if worth > 0:
                scored.append((worth, area, lv, net))
    for worth, area, lv, net in sorted(scored, reverse=True):
        if _feasible(state, power, area, lv, net):
            return ("status", area, lv)
    return None


def _feasible(state: PaxState, power: str, area: str, level: str, net: float) -> bool:
    """A new Control must be reachable by a land unit from home (L384); a
    status that costs more than it earns must leave next turn's Section IV
    at 0 or more (L240)."""
    own = b.status(state, area, power)
    control = b.is_control(level) and not b.is_control(own.level if own else None)
    if not control and net >= 0:
        return True
    order = {"power": power, "op": "status", "area": area, "level": level}
    view = _private_copy(state, [order])
    if not execute(view, order, public=False):
        return False
    if control and area not in b.land_destinations(view, power, b.HOME):
        return False
    if net >= 0:
        return True
    worst = admin_record(view, power, roll=False)["22"] + (WORST_CO if b.controls(view, power) else 0)
    return worst >= 0


def _lower(state: PaxState, power: str) -> tuple | None:
    areas = get_data().areas
    for x in lower_options(state, power):
        area, to = x.split(":")
        level = state.areas[area].statuses[power].level
        if to == "none" and (level == "interest" or areas[area].economic_value <= 1):
            return ("lower", x)
    return None


_PLANS: dict[tuple, tuple] = {}
_PLANS_MAX = 256


def _plan(state: PaxState, f: dict[str, Any], player: str, power: str) -> tuple:
    """:func:`plan` on the board ``player`` sees, remembered while the
    board (its fingerprint, movement.board_key) and the draft's orders are
    the same (each order takes several steps of the menu)."""
    orders = ((f.get("drafts") or {}).get(player) or {}).get("orders") or []
    key = (board_key(state), player, power, json.dumps(orders, sort_keys=True))
    hit = _PLANS.get(key)
    if hit is None:
        if len(_PLANS) >= _PLANS_MAX:
            _PLANS.clear()
        hit = _PLANS[key] = plan(_view(state, key[0], player, orders), power)
    return hit


#: the first menu answer of each kind of plan
_TOP = {"move": "move", "buy": "buy", "merchant": "merchant", "status": "status", "lower": "lower", "seal": "seal"}


def answer(state: PaxState, f: dict[str, Any], player: str, ids: list[str]) -> str:
    """The bot's answer to ``player``'s orders menu (movement.menu) in the
    round ``f``. Germany's player writes Austria-Hungary's orders after its
    own (L224), then seals."""
    draft = (f.get("drafts") or {}).get(player) or {}
    power = draft.get("acting") or player
    sub = draft.get("sub")
    step = _plan(state, f, player, power)
    if sub is None:
        if step[0] == "seal":
            other = "act-austria_hungary"
            if power == "germany" and other in ids and _plan(state, f, player, "austria_hungary")[0] != "seal":
                return other
            return "seal"
        cid = f"canal-{step[1]}" if step[0] == "canal" else _TOP[step[0]]
        return cid if cid in ids else "seal"
    want = {"move": step[1:], "buy": step[1:], "merchant": step[1:], "status": step[1:],
            "lower": step[1:]}.get(step[0], ())
    if sub.get("kind") != step[0]:
        return "back"
    given = {"status": "area", "move": "unit", "merchant": "from"}.get(sub["kind"])
    cid = want[1] if given and given in sub and len(want) > 1 else want[0]
    return cid if cid in ids else "back"
