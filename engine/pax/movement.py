"""Phase 4, Movement/Status Change (L153-161, L293-388), as sealed order
rounds (the game's play-by-mail practice; Q13).

All players write orders at once: buy and place statuses (4a), buy units
(4b), place and move merchant fleets (4c, 4e), move military units (4d),
build a canal (4f), lower their own Interests/Influences (L352). Each player's
orders are checked against the board as it was at the start of the round plus
their own earlier orders, and stay secret (``engine.view`` shows a player only
their own) until everyone has sealed. The reveal carries them out in player
order (L95), each checked again on the live board: an order another player's
order made illegal is void and costs nothing. A round in which anyone did
something is followed by a reaction round, up to ``options["movement_rounds"]``
rounds in all (default 3: one order round and two reaction rounds).

Deadline default: a player who does not answer seals the orders written so far.
Germany's player writes Austria-Hungary's orders too (L224, L700).
"""
from __future__ import annotations

import json
from typing import Any

from ..core.engine import log
from ..core.messages import Choice, Decision, msg
from ..core.steps import Step, frame, push, register
from . import board as b
from .data import get_data, table_value
from .negotiation import breach_check
from .ruleset import at_least
from .state import RANK, UNIT_SIZES, PaxState, parse_unit, unit_key

DEFAULT_ROUNDS = 3
LEVELS = ("interest", "influence", "protectorate", "possession", "dominion", "state")
CANAL_SITES = ("panama", "central_america")  # L388 (Q2: both sites)
NO_FLEET_TENSION = ("usa", "great_britain", "japan")  # L692


def _c(cid: str, key: str, text: str, **params: Any) -> Choice:
    return Choice(cid, msg(f"pax.choice.{key}", text, **params))


# ----------------------------------------------------------------- what is legal

def status_options(state: PaxState, power: str) -> dict[str, list[str]]:
    """Area -> levels ``power`` may place or raise to there now, affordable,
    with an LoC (L301, L303-322, L346) and a free marker (L67)."""
    return dict(_status_options(state, power))


def status_levels(state: PaxState, power: str, area: str) -> list[str]:
    """``status_options(state, power).get(area, [])``, for one area."""
    if area not in state.areas:
        return []
    return next(_status_options(state, power, (area,)), (area, []))[1]


def _status_options(state: PaxState, power: str, areas=None):
    """The items of :func:`status_options` (of ``areas`` only, if given),
    one at a time: a menu that only asks whether there is one stops at the first."""
    money = state.powers[power].treasury
    free = b.free_markers(state, power, LEVELS)
    prices = {lv: b.status_price(lv) for lv in LEVELS}
    reach = None  # the areas with an LoC (L301), found at the first area the power can afford
    for aid in state.areas if areas is None else areas:
        if reach is not None and aid not in reach:
            continue
        own = state.areas[aid].statuses.get(power)
        paid = prices[own.level] if own else 0
        afford = [lv for lv in free if prices[lv] - paid <= money]
        if not afford:
            continue
        if reach is None:
            reach = b.loc_areas(state, power)
            if aid not in reach:
                continue
        levels = b.placeable(state, power, aid, afford)
        if levels:
            yield aid, levels


def buy_options(state: PaxState, power: str) -> list[str]:
    """Units ``power`` can afford, within the counter mix (L67, L71)."""
    money = state.powers[power].treasury
    counted = b.counters_by_size(state, power)
    room = [size for size in UNIT_SIZES if b.unit_price(size) <= money
            and counted.get(size, 0) < b.counter_limit(f"army_or_fleet_{size}")]
    return [unit_key(kind, size) for kind in ("army", "fleet") for size in room]


def _garrison_ok(state: PaxState, power: str, src: str, key: str, dest: str) -> bool:
    """The Indian Army (L360) and the Russian Western Garrison (L364)."""
    if key != unit_key("army", 10):
        return True
    if power == "great_britain":
        reach = b.india_reach()
        if src in reach and dest not in reach:
            return b.army10(state, power, tuple(reach)) > 3
    if power == "russia":
        west = (b.HOME,) + b.RUSSIAN_WEST
        if src in west and dest not in west:
            return b.army10(state, power) >= 4 and b.army10(state, power, west) > 3
    return True


def move_options(state: PaxState, power: str) -> dict[str, list[str]]:
    """"<location>|<unit>" -> destinations (L378-384)."""
    return dict(_move_options(state, power))


def _move_options(state: PaxState, power: str):
    """The items of :func:`move_options`, one at a time."""
    found: dict = {}  # what the power's units share: its Controls, a location's land moves
    for loc, units in sorted(state.powers[power].units.items()):
        for key in sorted(units):
            dests = unit_destinations(state, power, loc, key, found)
            if dests:
                yield f"{loc}|{key}", dests


def _can_move(state: PaxState, power: str) -> bool:
    """Whether :func:`move_options` offers anything: fleets tried first (a
    fleet's destinations are the power's Controls, no path to search)."""
    found: dict = {}
    units = sorted((parse_unit(key)[0] != "fleet", loc, key)
                   for loc, keys in state.powers[power].units.items() for key in keys)
    return any(unit_destinations(state, power, loc, key, found) for _, loc, key in units)


def unit_destinations(state: PaxState, power: str, loc: str, key: str, found: dict | None = None) -> list[str]:
    """``move_options(state, power).get(f"{loc}|{key}", [])``, for one unit.
    ``found``: what earlier calls on the same board found, shared."""
    if key not in state.powers[power].units.get(loc, {}):
        return []
    found = {} if found is None else found
    if parse_unit(key)[0] == "fleet":
        if "controls" not in found:
            found["controls"] = b.controls(state, power)
        dests = b.naval_destinations(state, power, loc, found["controls"])
    else:
        if ("land", loc) not in found:
            found[("land", loc)] = b.land_destinations(state, power, loc)
        dests = found[("land", loc)]
    return [d for d in dests if _garrison_ok(state, power, loc, key, d)]


def merchant_options(state: PaxState, power: str) -> dict[str, list[str]]:
    """"new" (a fleet due this turn, L376) or a sea -> seas without one of the
    power's fleets (never a Cape zone, L376). Austria-Hungary has none (L700)."""
    ps = state.powers[power]
    free = [s for s in get_data().seas if s not in ps.merchant]
    if not free:
        return {}
    out = {s: free for s in ps.merchant}
    if ps.merchant_due > 0 and len(ps.merchant) < b.counter_limit("merchant_fleet"):
        out = {"new": free, **out}
    return out


def canal_options(state: PaxState, power: str) -> list[str]:
    """4f (L388, L696, Q1): £30 and an established Influence or Control in the site."""
    price = int(table_value(b.tables()["canal"]["cost"]))
    out = []
    for site in CANAL_SITES:
        s = b.status(state, site, power)
        if site not in state.canals and state.powers[power].treasury >= price and s and not s.new \
                and RANK[s.level] >= RANK["influence"]:
            out.append(site)
    return out


def lower_options(state: PaxState, power: str) -> list[str]:
    """L352: a player may lower or remove their own Interests and Influences
    ("<area>:interest" lowers an Influence, "<area>:none" removes). From
    ruleset 3 an Influence is lowered to an Interest only while an Interest
    marker is free (the counter mix, L67), as every placement is."""
    out = []
    to_interest = not at_least(state, 3) or b.marker_free(state, power, "interest")
    for aid, level in sorted(_lowerable(state, power)):
        out += [f"{aid}:interest", f"{aid}:none"] if level == "influence" and to_interest else [f"{aid}:none"]
    return out


def _lowerable(state: PaxState, power: str):
    """(area, level) of each of ``power``'s Interests and Influences, in map order."""
    for aid, a in state.areas.items():
        s = a.statuses.get(power)
        if s and s.level in ("influence", "interest"):
            yield aid, s.level


# ----------------------------------------------------------------- carrying out an order

def execute(state: PaxState, order: dict[str, Any], *, public: bool) -> bool:
    """Carry out ``order`` on ``state`` if it is legal there; False (and
    nothing changed) when it is not. ``public``: log it (the reveal)."""
    p, op = order["power"], order["op"]
    ps = state.powers[p]
    if op == "status":
        area, level = order["area"], order["level"]
        if level not in status_levels(state, p, area):
            return False
        own = b.status(state, area, p)
        old = own.level if own else None
        ps.treasury -= b.upgrade_cost(old, level)
        if public:
            b.placement_cbs(state, p, area, level)
            _chinese_resentment(state, area, level)
            breach_check(state, p, area)  # L461, L565 (no treaty exists under ruleset 1)
        b.set_status(state, area, p, level, new=True, combat=b.needs_combat(old, level))
        if b.is_control(level):
            minor_withdraws(state, area, public)
    elif op == "buy":
        if order["unit"] not in buy_options(state, p):
            return False
        kind, size = parse_unit(order["unit"])
        ps.treasury -= b.unit_price(size)
        b.add_unit(state, p, b.HOME, order["unit"])
        if public and kind == "fleet" and p not in NO_FLEET_TENSION:
            b.raise_et(state, 3 if size == 10 else 1, "fleet_built", by=p)
    elif op == "move":
        if order["to"] not in unit_destinations(state, p, order["from"], order["unit"]):
            return False
        b.remove_unit(state, p, order["from"], order["unit"])
        b.add_unit(state, p, order["to"], order["unit"])
    elif op == "merchant":
        if order["to"] not in merchant_options(state, p).get(order["from"], []):
            return False
        if order["from"] == "new":
            ps.merchant_due -= 1
        else:
            ps.merchant.remove(order["from"])
        ps.merchant.append(order["to"])
    elif op == "canal":
        if order["site"] not in canal_options(state, p):
            return False
        ps.treasury -= int(table_value(b.tables()["canal"]["cost"]))
        state.canals[order["site"]] = p
        first = len(state.canals) == 1
        vp = int(table_value(b.tables()["canal"]["first_builder_vp" if first else "second_canal_vp"]))
        if vp:
            ps.bonuses.append(f"{state.turn}:{vp}:canal")
    elif op == "lower":
        if f"{order['area']}:{order['to']}" not in lower_options(state, p):
            return False
        if order["to"] == "none":
            b.remove_status(state, order["area"], p)
        else:
            b.set_status(state, order["area"], p, order["to"], new=False)
    else:
        return False
    if public:
        log(state, f"pax.log.order_{op}", _ORDER_TEXT[op], **{k: v for k, v in order.items() if k != "op"})
    return True


_ORDER_TEXT = {
    "status": "{power} places {level} in {area}.",
    "buy": "{power} buys {unit}.",
    "move": "{power} moves {unit} from {from} to {to}.",
    "merchant": "{power} moves a merchant fleet from {from} to {to}.",
    "canal": "{power} builds the canal in {site}.",
    "lower": "{power} lowers its status in {area} to {to}.",
}


def minor_withdraws(state: PaxState, area: str, public: bool) -> None:
    """A Control placed where a minor holds an Influence: the minor does not
    contest it and withdraws its status (L287)."""
    for m, st in list(state.areas[area].statuses.items()):
        if state.powers[m].kind == "minor" and st.level == "influence":
            b.remove_status(state, area, m)
            placer = next((p for p, x in state.areas[area].statuses.items() if b.is_control(x.level) and x.new), None)
            if public and placer and at_least(state, 2):  # a Great Power may defend it at a Congress (L287)
                state.minor_claims.append({"holder": m, "against": placer, "area": area, "turn": state.turn})
            if public:
                log(state, "pax.log.minor_withdraws", "{power} withdraws its Influence from {area}.",
                    power=m, area=area)


def _chinese_resentment(state: PaxState, area: str, level: str) -> None:
    """Placements in Chinese areas raise CR at once (L338, L471; amounts provisional)."""
    kind = get_data().areas[area].type
    inc = table_value(b.tables()["chinese_resentment"]["increase_summary"])
    key = {"Chinese Empire": "on_placement_in_chinese_empire_area",
           "Chinese Vassal": "on_placement_in_chinese_vassal_area"}.get(kind)
    if key:
        lv = "possession" if level in ("state", "dominion") else level
        state.cr = min(99, state.cr + int(inc[key].get(lv, 0)))


# ----------------------------------------------------------------- the sealed step

def _draft(f: dict, player: str, create: bool = False) -> dict:
    """``player``'s draft in the round's frame (created only when writing)."""
    empty = {"orders": [], "sub": None, "acting": player}
    return f["drafts"].setdefault(player, empty) if create else f["drafts"].get(player, empty)


def projected(state: PaxState, f: dict, player: str) -> PaxState:
    """The board as ``player`` sees it while writing: the round's start plus
    their own orders so far (never another player's)."""
    orders = (f["drafts"].get(player) or {}).get("orders") or []
    if not orders:
        return state
    view = _private_copy(state, orders)
    for o in orders:
        execute(view, o, public=False)
    return view


def _private_copy(state: PaxState, orders: list[dict]) -> PaxState:
    """A copy of ``state`` on which ``orders`` may be carried out privately
    (``execute(public=False)``), cheaper than a clone (issue 35 item 12): a
    private order changes only its own power (treasury, units, merchant
    fleets, bonuses), the statuses of its own area and the canals, so those
    are copied and the rest of the board is shared, read-only."""
    powers, areas = dict(state.powers), dict(state.areas)
    for o in orders:
        p = o["power"]
        if powers[p] is state.powers[p]:
            ps = powers[p]
            powers[p] = ps.model_copy(update={"units": {loc: dict(u) for loc, u in ps.units.items()},
                                              "merchant": list(ps.merchant), "bonuses": list(ps.bonuses)})
        a = o.get("area")
        if a is not None and areas[a] is state.areas[a]:
            areas[a] = areas[a].model_copy(update={"statuses": dict(areas[a].statuses)})
    view = state.model_copy(update={"powers": powers, "areas": areas, "canals": dict(state.canals), "log": []})
    view._pending = None
    return view


_MENUS: dict[tuple, Decision] = {}
_MENUS_MAX = 512


def board_key(state: PaxState) -> str:
    """The fingerprint of what an orders menu (and the bot's plan) may read
    besides the round and the writer's draft: the whole game but its stack
    (the drafts), log and move counters, which change at every click. A
    narrower key let two games with the same board but other Casus Belli,
    treaties or indexes share a menu: a remembered plan the menu did not
    offer kept the bot going back and forth for ever."""
    return state.model_dump_json(exclude=_NOT_READ)


_NOT_READ = {"stack", "log", "log_base", "move", "version"}


def menu(state: PaxState, f: dict, player: str, board: str | None = None) -> Decision:
    """``player``'s pending decision: a pure function of the board, the round
    and their draft, so it is remembered by a fingerprint of exactly those
    (``board``: :func:`board_key` of ``state`` when the caller has it, as
    for every writer's menu at once)."""
    key = (board if board is not None else board_key(state),
           f["round"], player, json.dumps(_draft(f, player), sort_keys=True))
    hit = _MENUS.get(key)
    if hit is None:
        if len(_MENUS) >= _MENUS_MAX:
            _MENUS.clear()
            _VIEWS.clear()
        hit = _MENUS[key] = _menu(state, f, player, key[0])
    return hit


_VIEWS: dict[tuple, tuple[PaxState, PaxState]] = {}


def _view(state: PaxState, board: str, player: str, orders: list[dict]) -> PaxState:
    """:func:`projected` for a writer whose draft holds ``orders``, built on
    the view of all but the last order when it is remembered (a writer adds
    one order at a time: each order carried out once, not once a menu)."""
    if not orders:
        return state
    # a view shares the board it does not change with ``state`` itself, so it
    # is kept for that state object only (another game's board moves on)
    key = (id(state), board, player, json.dumps(orders, sort_keys=True))
    hit = _VIEWS.get(key)
    if hit is not None and hit[0] is state:
        return hit[1]
    view = _private_copy(_view(state, board, player, orders[:-1]), orders[-1:])
    execute(view, orders[-1], public=False)
    if len(_VIEWS) >= _MENUS_MAX:  # each keeps its state alive
        _VIEWS.clear()
    _VIEWS[key] = (state, view)
    return view


def _menu(state: PaxState, f: dict, player: str, board: str | None = None) -> Decision:
    d = _draft(f, player)
    view = projected(state, f, player) if board is None else _view(state, board, player, d["orders"])
    power, sub = d["acting"], d["sub"]
    back = _c("back", "back", "Back")
    head = _head(view, f, power, sub, len(d["orders"]))
    if sub is None:
        choices = []
        if _any(_status_options(view, power)):
            choices.append(_c("status", "status", "Buy or raise a status"))
        if buy_options(view, power):
            choices.append(_c("buy", "buy", "Buy a unit"))
        if _can_move(view, power):
            choices.append(_c("move", "move", "Move a unit"))
        if merchant_options(view, power):
            choices.append(_c("merchant", "merchant", "Place or move a merchant fleet"))
        choices += [_c(f"canal-{s}", "canal", "Build the canal in {site} (£30)", site=s)
                    for s in canal_options(view, power)]
        if _any(_lowerable(view, power)):
            choices.append(_c("lower", "lower", "Lower an Interest or Influence"))
        if player == "germany" and "austria_hungary" in state.powers:
            other = "austria_hungary" if power == "germany" else "germany"
            choices.append(_c(f"act-{other}", "act_for", "Write orders for {power}", power=other))
        if d["orders"]:
            choices.append(_c("undo", "undo", "Take back the last order"))
        choices.append(_c("seal", "seal", "Seal {n} order(s)", n=len(d["orders"])))
        return Decision(player, head, choices, "pax.movement")
    kind = sub["kind"]
    if kind == "status" and "area" not in sub:
        choices = [_c(a, "area", "{area}", area=a) for a in sorted(status_options(view, power))]
    elif kind == "status":
        own = b.status(view, sub["area"], power)
        choices = [_c(lv, "level", "{level} (£{cost})", level=lv,
                      cost=b.upgrade_cost(own.level if own else None, lv))
                   for lv in status_levels(view, power, sub["area"])]
    elif kind == "buy":
        choices = [_c(u, "unit", "{unit} (£{cost})", unit=u, cost=b.unit_price(parse_unit(u)[1]))
                   for u in buy_options(view, power)]
    elif kind == "move" and "unit" not in sub:
        choices = [_c(u, "unit_at", "{unit} in {place}", unit=u.split("|")[1], place=u.split("|")[0])
                   for u in move_options(view, power)]
    elif kind == "move":
        loc, _, unit = sub["unit"].partition("|")
        choices = [_c(x, "place", "{place}", place=x) for x in unit_destinations(view, power, loc, unit)]
    elif kind == "merchant" and "from" not in sub:
        choices = [_c(x, "place", "{place}", place=x) for x in merchant_options(view, power)]
    elif kind == "merchant":
        choices = [_c(x, "place", "{place}", place=x) for x in merchant_options(view, power).get(sub["from"], [])]
    else:  # lower
        choices = [_c(x, "lower_to", "{area}: {to}", area=x.split(":")[0], to=x.split(":")[1])
                   for x in lower_options(view, power)]
    return Decision(player, head, choices + [back], "pax.movement")


def _any(items) -> bool:
    return next(items, None) is not None


#: what each list of the orders menu is for (issue 31): the prompt of a
#: sub-menu, by its kind and whether its first answer is given
_HEADS = {
    ("status", False): ("pax.prompt.orders_status_area", "{power}: buy or raise a status in which area? £{money} left."),
    ("status", True): ("pax.prompt.orders_status_level", "{power}: which status in {area}? £{money} left."),
    ("buy", False): ("pax.prompt.orders_buy", "{power}: which unit to buy? £{money} left."),
    ("move", False): ("pax.prompt.orders_move_unit", "{power}: which unit to move?"),
    ("move", True): ("pax.prompt.orders_move_to", "{power}: where does {unit} go?"),
    ("merchant", False): ("pax.prompt.orders_merchant_from", "{power}: which merchant fleet to place or move?"),
    ("merchant", True): ("pax.prompt.orders_merchant_to", "{power}: where does the merchant fleet go?"),
    ("lower", False): ("pax.prompt.orders_lower", "{power}: which Interest or Influence to lower?"),
}


def _head(view: PaxState, f: dict, power: str, sub: dict | None, written: int):
    """The prompt of ``power``'s orders menu: the round, the money left after
    the orders written (``view``: the board as the writer sees it) and how
    many they are; in a sub-menu, what its list is for."""
    money = view.powers[power].treasury
    if sub is None:
        return msg("pax.prompt.orders_round", "{power}: orders for {year}, round {round}: £{money} left, "
                   "{n} orders written.", power=power, year=view.year, round=f["round"], money=money, n=written)
    first = {"status": "area", "move": "unit", "merchant": "from"}.get(sub["kind"])
    key, text = _HEADS[(sub["kind"], bool(first and first in sub))]
    unit = sub.get("unit", "")
    return msg(key, text, power=power, money=money, area=sub.get("area", ""),
               unit=unit.split("|")[-1] if unit else "")


def add_order(state: PaxState, f: dict, player: str, cid: str) -> None:
    """Record one answer in ``player``'s draft (nothing public happens)."""
    d = _draft(f, player, create=True)
    power, sub = d["acting"], d["sub"]
    if cid == "back":
        d["sub"] = None
    elif sub is None:
        if cid == "seal":
            f["sealed"].append(player)
        elif cid == "undo":
            d["orders"].pop()
        elif cid.startswith("act-"):
            d["acting"] = cid[4:]
        elif cid.startswith("canal-"):
            d["orders"].append({"power": power, "op": "canal", "site": cid[6:]})
        else:
            d["sub"] = {"kind": cid}
    elif sub["kind"] == "status" and "area" not in sub:
        sub["area"] = cid
    elif sub["kind"] == "status":
        d["orders"].append({"power": power, "op": "status", "area": sub["area"], "level": cid})
        d["sub"] = None
    elif sub["kind"] == "buy":
        d["orders"].append({"power": power, "op": "buy", "unit": cid})
        d["sub"] = None
    elif sub["kind"] == "move" and "unit" not in sub:
        sub["unit"] = cid
    elif sub["kind"] == "move":
        loc, unit = sub["unit"].split("|")
        d["orders"].append({"power": power, "op": "move", "from": loc, "unit": unit, "to": cid})
        d["sub"] = None
    elif sub["kind"] == "merchant" and "from" not in sub:
        sub["from"] = cid
    elif sub["kind"] == "merchant":
        d["orders"].append({"power": power, "op": "merchant", "from": sub["from"], "to": cid})
        d["sub"] = None
    else:
        area, to = cid.split(":")
        d["orders"].append({"power": power, "op": "lower", "area": area, "to": to})
        d["sub"] = None


def indian_army_rebuild(state: PaxState) -> None:
    """L360: Great Britain rebuilds lost Indian Army (10)s as soon as it can;
    the new unit is placed in a British Control in India (provisional, Q9)."""
    gb = state.powers.get("great_britain")
    if gb is None or gb.kind == "minor":
        return
    india = [a for a in b.controls(state, "great_britain", established=True) if get_data().areas[a].india]
    while india and b.army10(state, "great_britain", tuple(b.india_reach())) < 3 \
            and gb.treasury >= b.unit_price(10) \
            and b.counters(state, "great_britain", 10) < b.counter_limit("army_or_fleet_10"):
        gb.treasury -= b.unit_price(10)
        b.add_unit(state, "great_britain", india[0], unit_key("army", 10))
        log(state, "pax.log.indian_army", "Great Britain rebuilds an Indian Army (10) in {area}.", area=india[0])


def reveal(state: PaxState, f: dict) -> bool:
    """Carry out every sealed order in player order; True when any was carried out."""
    log(state, "pax.log.reveal", "Orders of round {round} revealed.", round=f["round"])
    done = False
    for player in state.players:
        for o in (f["drafts"].get(player) or {}).get("orders", []):
            if execute(state, o, public=True):
                done = True
            else:
                log(state, "pax.log.order_void", "{power}'s order is void: {op} no longer possible.",
                    power=o["power"], op=o["op"])
    return done


def announce_round(state: PaxState, n: int) -> None:
    log(state, "pax.log.movement_round", "Movement/Status Change, round {round}: write your orders.", round=n)


@register
class MovementStart(Step):
    """Before the first round: the Indian Army is rebuilt (L360)."""
    name = "pax.movement_start"
    auto = True

    def run(self, state, f):
        state.phase = "movement"
        indian_army_rebuild(state)
        announce_round(state, 1)


@register
class Movement(Step):
    """Phase 4 as sealed rounds (module doc)."""
    name = "pax.movement"
    simultaneous = True

    def decisions(self, state, f):
        board = board_key(state)  # one fingerprint for every writer's menu
        return [menu(state, f, p, board) for p in state.players if p not in f["sealed"]]

    def apply_for(self, state, f, actor, cid):
        add_order(state, f, actor, cid)
        if len(f["sealed"]) < len(state.players):
            return
        state.stack.pop()
        acted = reveal(state, f)
        limit = int(state.options.get("movement_rounds", DEFAULT_ROUNDS))
        if acted and f["round"] < limit:
            push(state, frame(self.name, round=f["round"] + 1, drafts={}, sealed=[]))
            announce_round(state, f["round"] + 1)

    def default(self, state, f, actor):
        return "back" if _draft(f, actor)["sub"] else "seal"
