"""The map in play: statuses, units, lines of communication, prices and
counter limits. Every rule that reads the board lives here once (seed lines cited)."""
from __future__ import annotations

from collections import deque
from functools import lru_cache

from ..core.engine import log
from .data import get_data, table_value
from .ruleset import at_least
from .state import CONTROLS, RANK, PaxState, Status, parse_unit, unit_key

HOME = "home"
DOMINION_AREAS = ("australia", "canada", "new_zealand", "cape_colony")  # L322
STATE_AREAS = ("alaska", "cuba", "hawaii", "porto_rico")  # L318
RUSSIAN_WEST = ("serbia", "romania", "greece", "bulgaria", "anatolia")  # L364


# ----------------------------------------------------------------- tables

def tables() -> dict:
    return get_data().tables


def status_price(level: str) -> int:
    """Price of a status (L346; Possession derived from L457; Interest and
    Dominion/State provisional)."""
    t = tables()["status_prices"]
    key = {"state": "dominion_or_state", "dominion": "dominion_or_state"}.get(level, level)
    return int(table_value(t[key]))


def upgrade_cost(old: str | None, new: str) -> int:
    """Raising a status costs the difference (L346, L457)."""
    return status_price(new) - (status_price(old) if old else 0)


def unit_price(size: int) -> int:
    return int(table_value(tables()["unit_costs"])[str(size)])


def counter_limit(kind: str, state: PaxState | None = None) -> int:
    """Counters per power (L67, numbers provisional): a status level or
    ``army_or_fleet_<size>`` or ``merchant_fleet``; ``state``: a ruleset 1
    game keeps the limits it began under (tables.yaml ``ruleset_1``)."""
    entry = tables()["pieces"]["counter_limits"]
    if state is not None and not at_least(state, 2) and kind in (entry.get("ruleset_1") or {}):
        return int(entry["ruleset_1"][kind])
    return int(table_value(entry)[kind])


# ----------------------------------------------------------------- statuses

def status(state: PaxState, area: str, power: str) -> Status | None:
    return state.areas[area].statuses.get(power)


def is_control(level: str | None) -> bool:
    return level in CONTROLS


def controls(state: PaxState, power: str, established: bool | None = None) -> list[str]:
    """Areas where ``power`` holds a Control marker (L111); ``established``
    True/False filters on the Status Change marker (L115)."""
    out = []
    for aid, a in state.areas.items():
        s = a.statuses.get(power)
        if s and is_control(s.level) and (established is None or s.new != established):
            out.append(aid)
    return out


def markers_in_use(state: PaxState, power: str, level: str) -> int:
    n = 0
    for a in state.areas.values():
        s = a.statuses.get(power)
        if s is not None and s.level == level:
            n += 1
    return n


def marker_free(state: PaxState, power: str, level: str) -> bool:
    """A free status marker of ``level`` (counter mix, L67; State and Dominion
    use the Possession limit)."""
    key = "possession" if level in ("state", "dominion") else level
    return markers_in_use(state, power, level) < counter_limit(key, state)


def set_status(state: PaxState, area: str, power: str, level: str, *, new: bool, combat: bool = False) -> None:
    state.areas[area].statuses[power] = Status(level=level, new=new, combat=combat)


def remove_status(state: PaxState, area: str, power: str) -> None:
    state.areas[area].statuses.pop(power, None)


def may_place(state: PaxState, power: str, area: str, level: str) -> bool:
    """Whether ``power`` may place (or raise to) ``level`` in ``area`` now,
    ignoring money and the LoC (L303-322, L346-348): one status per power per
    area (L101); a status under a Status Change marker stays as it is (L299)."""
    a = state.areas[area]
    own = a.statuses.get(power)
    if own and (own.new or RANK[own.level] >= RANK[level]):
        return False
    others = [s for p, s in a.statuses.items() if p != power]
    if level == "interest":  # L305 (and Q17: State/Dominion count as Possession)
        return not any(RANK[s.level] >= RANK["possession"] and not s.new for s in others)
    if level == "influence":  # L307: no Control marker at all
        return not any(is_control(s.level) for s in others)
    if level in ("protectorate", "possession"):  # L311-313
        if any(is_control(s.level) and not s.new for s in others):
            return False
        if own and own.level == "protectorate" and level == "possession":
            return True  # raising a Control (L348)
        kind = get_data().areas[area].type
        return a.unrest or kind in ("Unorganized", "Chinese Vassal")
    if level in ("dominion", "state"):  # L318-322
        allowed = (power, level, area) in {("great_britain", "dominion", x) for x in DOMINION_AREAS} | \
            {("usa", "state", x) for x in STATE_AREAS}
        return allowed and own is not None and own.level == "possession" and not own.new
    return False


def needs_combat(old: str | None, new: str) -> bool:
    """A new Control, or one raised from Interest/Influence, is established by
    Colonial Combat; raising a Control needs none (L330, L348)."""
    return is_control(new) and not is_control(old)


# ----------------------------------------------------------------- units

def units_at(state: PaxState, power: str, where: str) -> dict[str, int]:
    return {k: v for k, v in state.powers[power].units.get(where, {}).items() if v > 0}


def add_unit(state: PaxState, power: str, where: str, key: str, n: int = 1) -> None:
    loc = state.powers[power].units.setdefault(where, {})
    loc[key] = loc.get(key, 0) + n


def remove_unit(state: PaxState, power: str, where: str, key: str, n: int = 1) -> None:
    loc = state.powers[power].units[where]
    if loc.get(key, 0) < n:
        raise ValueError(f"{power} has no {key} in {where}")
    loc[key] -= n
    if loc[key] == 0:
        del loc[key]
    if not loc:
        del state.powers[power].units[where]


def strength(units: dict[str, int], kind: str | None = "army") -> int:
    """Total strength points (L71) of ``units``, of one kind or all."""
    return sum(parse_unit(k)[1] * n for k, n in units.items() if kind is None or parse_unit(k)[0] == kind)


def counters(state: PaxState, power: str, size: int) -> int:
    """Counters of strength ``size`` the power has on the map (armies and fleets share them, L71)."""
    return sum(n for loc in state.powers[power].units.values() for k, n in loc.items() if parse_unit(k)[1] == size)


def land_units_in(state: PaxState, power: str, area: str) -> int:
    return sum(n for k, n in units_at(state, power, area).items() if k.startswith("army"))


def army10(state: PaxState, power: str, places: tuple[str, ...] | None = None) -> int:
    return sum(n for loc, u in state.powers[power].units.items()
               if places is None or loc in places for k, n in u.items() if k == unit_key("army", 10))


# ----------------------------------------------------------------- geography

def sea_links(state: PaxState) -> dict[str, set[str]]:
    """Sea zones reachable from each sea in peace (Q16): Suez and the Straits
    open (L696), a canal only once built (L386-388)."""
    out: dict[str, set[str]] = {}
    for s in get_data().seas.values():
        out[s.id] = {to for to, via in s.links if via is None or via in ("suez", "straits")
                     or via.replace("_canal", "") in state.canals}
    return out


@lru_cache(maxsize=4)
def _coast_index(data_id: int) -> dict[str, tuple[str, ...]]:
    d = get_data()
    out: dict[str, list[str]] = {s: [] for s in d.seas}
    for a in d.areas.values():
        for s in a.coastal:
            out[s].append(a.id)
    return {s: tuple(v) for s, v in out.items()}


def coastal_areas(sea: str) -> tuple[str, ...]:
    """The land areas touching ``sea``."""
    return _coast_index(id(get_data()))[sea]


def _place(aid: str):
    d = get_data()
    return d.areas.get(aid) or d.homes[aid]


def loc_network(state: PaxState, power: str) -> tuple[set[str], set[str]]:
    """The places a line of communication (L109) reaches for ``power``: its
    home, its established Control areas (L111) and the sea zones with its merchant fleets, joined
    to the home. Returns (land places incl. "home", seas)."""
    home = power
    merchant = set(state.powers[power].merchant)
    # L109 runs through areas "sotto il proprio controllo"; L111: control is an
    # *established* Control marker (ruleset 1 counted unestablished ones too)
    owned = set(controls(state, power, established=True if at_least(state, 2) else None))
    links = sea_links(state)
    land, seas = {home}, set()
    todo = deque([home])
    while todo:
        x = todo.popleft()
        if x in get_data().seas:
            nxt_land = [a for a in coastal_areas(x) if a in owned]
            nxt_sea = [s for s in links[x] if s in merchant]
        else:
            p = _place(x)
            nxt_land = [a for a in p.overland if a in owned]
            nxt_sea = [s for s in p.coastal if s in merchant]
        for y in nxt_land:
            if y not in land:
                land.add(y)
                todo.append(y)
        for y in nxt_sea:
            if y not in seas:
                seas.add(y)
                todo.append(y)
    return land, seas


def has_loc(state: PaxState, power: str, area: str, network: tuple[set[str], set[str]] | None = None) -> bool:
    """An LoC from ``area`` to ``power``'s home (L109): the area is in the
    network or touches it overland or by a sea with the power's merchant fleet."""
    land, seas = network or loc_network(state, power)
    if area in land:
        return True
    a = get_data().areas[area]
    home_key = power
    return any(n in land or (n == home_key) for n in a.overland) or any(s in seas for s in a.coastal)


@lru_cache(maxsize=1)
def _india_reach() -> frozenset[str]:
    """Areas within two overland steps of India (the GB Indian Army, L360; Q9)."""
    areas = get_data().areas
    ring = {a for a, x in areas.items() if x.india}
    reach = set(ring)
    for _ in range(2):
        ring = {n for a in ring for n in areas[a].overland if n in areas} - reach
        reach |= ring
    return frozenset(reach)


def india_reach() -> frozenset[str]:
    return _india_reach()


def land_destinations(state: PaxState, power: str, start: str) -> list[str]:
    """Where a land unit of ``power`` at ``start`` may end its peacetime move
    (L384): the path starts at home or an established Control, passes through
    seas with the power's merchant fleet, its home and its Controls without
    Unrest; it ends in its home, one of its Controls or any Unrest area, and
    must stop in an Unrest area or at an unestablished Control; a revolt in
    another power's established Control is closed to it (L411, ruleset 2)."""
    own = state.areas
    merchant = set(state.powers[power].merchant)

    def passable(x: str) -> bool:
        if x == power:
            return True
        if x in merchant:
            return True
        s = own[x].statuses.get(power) if x in own else None
        return bool(s and is_control(s.level) and not s.new and not own[x].unrest)

    closed = at_least(state, 2)

    def may_end(x: str) -> bool:
        if x == power:
            return True
        if x not in own:
            return False
        s = own[x].statuses.get(power)
        if s and is_control(s.level):
            return True
        # L411: a revolt against another power's Control is closed to the rest
        return own[x].unrest and not (closed and revolt_closed_to(state, x, power))

    origin = power if start == HOME else start
    if origin != power:
        s = own[origin].statuses.get(power)
        if not (s and is_control(s.level) and not s.new):
            return []
    links = sea_links(state)
    seen, out = {origin}, set()
    todo = deque([origin])
    while todo:
        x = todo.popleft()
        if x in links:
            nbrs = list(coastal_areas(x)) + ([power] if x in get_data().homes[power].coastal else []) + \
                [s for s in links[x] if s in merchant]
        else:
            p = _place(x)
            nbrs = [n for n in p.overland if n == power or n in own] + [s for s in p.coastal if s in merchant]
        for y in nbrs:
            if y in seen:
                continue
            seen.add(y)
            if y not in links and may_end(y):
                out.add(y)
            if passable(y):
                todo.append(y)
    out.discard(origin)
    return sorted(HOME if x == power else x for x in out)


def revolt_closed_to(state: PaxState, area: str, power: str) -> bool:
    """L411: in a revolt against a controlling power ("Rivolta in un'Area
    controllata") the non-controlling powers "non possono intervenire
    nell'Area"; in a codominium only its members may send units (L423)."""
    a = state.areas[area]
    controllers = [p for p, s in a.statuses.items() if is_control(s.level) and not s.new]
    return a.unrest and bool(controllers) and power not in controllers


def naval_destinations(state: PaxState, power: str, start: str) -> list[str]:
    """Naval units go from anywhere to any area the power controls or its home
    port (L380)."""
    return sorted({HOME, *controls(state, power)} - {start})


# ----------------------------------------------------------------- casus belli, tension

def add_cb(state: PaxState, holder: str, against: str, area: str | None, why: str) -> None:
    """Record a Casus Belli (L555-561); it lasts this turn only (L557).
    ``area`` None: a CB tied to no area (a treaty call refused, L565, L569)."""
    entry = {"holder": holder, "against": against, "area": area, "why": why, "turn": state.turn}
    if entry not in state.casus_belli:
        state.casus_belli.append(entry)
        if area is None:
            log(state, "pax.log.casus_belli_treaty", "{holder} has a Casus Belli against {against} ({why}).",
                holder=holder, against=against, why=why)
            return
        log(state, "pax.log.casus_belli", "{holder} has a Casus Belli against {against} in {area}.",
            holder=holder, against=against, area=area)


def raise_et(state: PaxState, amount: int, why: str, by: str | None = None) -> None:
    """European Tension rises (L692); the index stops at 100. ``by``: the
    power whose act raised it, when one did. Ruleset 3: at 100 the game ends
    at once, whatever the phase (L688), ``by``'s player and the first
    declarer of every war being fought having caused the Great War
    (:func:`engine.pax.greatwar.end_game`); once the game is over nothing
    moves the index."""
    ends = at_least(state, 3)
    if ends and state.result is not None:
        return
    state.et = min(100, state.et + amount)
    log(state, "pax.log.et", "European Tension +{amount} ({why}): {et}.", amount=amount, why=why, et=state.et)
    if ends and state.et >= 100:
        from .greatwar import end_game, et_causers

        end_game(state, "european_tension", et_causers(state, by))


def _level_group(level: str) -> str:
    return "control" if is_control(level) else level


def placement_cbs(state: PaxState, power: str, area: str, level: str) -> None:
    """The Casus Belli a placement gives (L338, L561): the printed summary is
    unknown; tables.yaml ``casus_belli_and_placement_summary`` holds a
    provisional stand-in as rows (``placed``: the level placed, ``other``:
    levels another power holds there, ``other_new``: true/false/any for its
    Status Change marker, ``cb_for``: "other" and/or "placer"), correctable by
    an override (docs/data.md). The stand-in: a Control placed where another
    power holds an Influence or a Control gives that power a CB; two Controls
    placed in one phase, or two Influences, give each a CB (L268, L287, L403)."""
    rows = table_value(tables()["casus_belli_and_placement_summary"])["rows"]
    for other, s in state.areas[area].statuses.items():
        if other == power:
            continue
        for row in rows:
            if row["placed"] != _level_group(level) or _level_group(s.level) not in row["other"]:
                continue
            if row["other_new"] != "any" and bool(row["other_new"]) != s.new:
                continue
            for who in row["cb_for"]:
                holder, against = (other, power) if who == "other" else (power, other)
                add_cb(state, holder, against, area, f"{row['placed']}_placed")
