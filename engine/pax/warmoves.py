"""Wartime geography and movement (ruleset 3, issue 35): where a unit of a
power at war may go in one Maneuver Phase (L581-634), Rights of Call
(L617-620), the Cape zones (L622-630) and the canals and straits (L694-696).

A location is an area id, ``"home"`` (the power's own home country), a sea
zone or a Cape zone. Every unit moves at most one area or sea zone per
Maneuver Phase (L583); merchant fleets never move in war (L587). The same
legality serves the retreats of combat (L656, L664) and the bot's moves.
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache

from ..core.engine import log
from . import board as b
from .data import get_data
from .natives import open_to_colonials
from .state import PaxState, War

HOME = b.HOME


# ----------------------------------------------------------------- the map in war

@lru_cache(maxsize=4)
def _war_map(data_id: int) -> tuple[dict, dict, dict]:
    """(sea -> [(to, canal or None)] with a Cape zone between the seas it
    separates (L626), cape -> its seas, canal -> the area controlling it)."""
    raw = get_data().raw_map
    seas: dict[str, list[tuple[str, str | None]]] = {}
    for s in raw.get("sea_zones", []):
        out = []
        for x in s.get("adjacent", []):
            cape = x.get("in_war_via")
            out.append((cape, None) if cape else (x["to"], x.get("via")))
        seas[s["id"]] = sorted(set(out), key=lambda t: (t[0], t[1] or ""))
    capes = {c["id"]: tuple(c.get("adjacent", [])) for c in raw.get("cape_zones", [])}
    canals = {c["id"]: c["area"] for c in raw.get("special_links", [])}
    return seas, capes, canals


def capes() -> dict[str, tuple[str, ...]]:
    """Cape zone -> the sea zones beside it (L626-630)."""
    return _war_map(id(get_data()))[1]


def is_sea(loc: str) -> bool:
    """A sea zone or a Cape zone (a sea zone in war, L626)."""
    return loc in get_data().seas or loc in capes()


def sides(war: War, side: int) -> tuple[list[str], list[str]]:
    """(the powers of ``side``, their enemies in ``war``)."""
    return war.sides[side], [p for i, s in enumerate(war.sides) if i != side for p in s]


def units_of(state: PaxState, powers: list[str], loc: str, kind: str | None = None) -> int:
    """Strength of the units of ``powers`` in ``loc`` (``kind`` "army"/"fleet" or all)."""
    return sum(b.strength(b.units_at(state, p, loc), kind) for p in powers if p in state.powers)


def canal_area(via: str) -> str | None:
    """The area controlling canal ``via`` (Egypt for Suez, Anatolia for the Straits, L694-696)."""
    return _war_map(id(get_data()))[2].get(via)


def canal_holders(state: PaxState, via: str) -> list[str]:
    """The powers with an established Control in the area of canal ``via``."""
    area = canal_area(via)
    if area is None or area not in state.areas:
        return []
    return [p for p, s in state.areas[area].statuses.items() if b.is_control(s.level) and not s.new]


def holder_denies(war: War, holder: str, via: str, side: int | None) -> bool:
    """Whether ``holder`` denies canal ``via`` to ``side``: a controller at
    war denies it to its enemies (our reading), a neutral to the sides it
    chose (``war.canal_denials``, L694-696)."""
    mine = war.side_of(holder)
    if mine is not None:
        return mine != side
    return side in war.canal_denials.get(via, {}).get(holder, [])


def canal_denied(state: PaxState, war: War, power: str, via: str) -> bool:
    """L694-696: a canal or the Straits denied to ``power``: every controller
    (established Controls in Egypt, Anatolia, Panama...) denies it, "Se
    l'Area che controlla lo Stretto è in Codominio, tutti i partecipanti
    devono essere d'accordo per negare il passaggio" (:func:`holder_denies`;
    docs/rulings/pax.md)."""
    holders = canal_holders(state, via)
    mine = war.side_of(power)
    return bool(holders) and all(holder_denies(war, p, via, mine) for p in holders)


def sea_neighbours(state: PaxState, war: War, power: str, sea: str) -> list[str]:
    """The sea and Cape zones one step from ``sea`` for ``power`` in war: a
    canal only once built (L386) and not denied to it (L694)."""
    seas, cape_map, _ = _war_map(id(get_data()))
    if sea in cape_map:
        return list(cape_map[sea])
    out = []
    for to, via in seas[sea]:
        if via and via not in ("suez", "straits") and via.replace("_canal", "") not in state.canals:
            continue
        if via and canal_denied(state, war, power, via):
            continue
        out.append(to)
    return out


def neighbours(state: PaxState, war: War, power: str, loc: str) -> list[str]:
    """Every location one step from ``loc`` for ``power`` (never another
    power's home, L37)."""
    d = get_data()
    home = d.homes.get(power)
    if is_sea(loc):
        out = sea_neighbours(state, war, power, loc)
        if loc in d.seas:
            out += list(b.coastal_areas(loc)) + ([HOME] if home and loc in home.coastal else [])
        return out
    place = home if loc == HOME else d.areas[loc]
    if place is None:
        return []
    land = [HOME if n == power else n for n in place.overland if n in d.areas or n == power]
    return land + list(place.coastal)


# ----------------------------------------------------------------- rights of call

def rights_of_call(state: PaxState, war: War, power: str) -> set[str]:
    """The sea and Cape zones where ``power`` has Rights of Call (L617-620):
    beside its home or an area with its or an ally's Control or Influence, a
    Control of a neutral that gave its alliance permission (L618,
    ``war.permits``), or a Control of the other alliance it conquered; a
    Cape zone where it has them in a sea beside it (L628-629)."""
    d = get_data()
    side = war.side_of(power)
    friends = war.sides[side] if side is not None else [power]
    permitted = {p for p, given in war.permits.items() if side in given and war.side_of(p) is None}
    out = set(d.homes[power].coastal) if power in d.homes else set()
    for aid, a in state.areas.items():
        held = any(p in friends and b.RANK[s.level] >= b.RANK["influence"]
                   or p in permitted and b.is_control(s.level) for p, s in a.statuses.items())
        if held or war.conquered.get(aid) == side:
            out.update(d.areas[aid].coastal)
    out |= {c for c, seas in capes().items() if out & set(seas)}
    return out


# ----------------------------------------------------------------- where a unit may go

def _at_war_control(state: PaxState, war: War, area: str) -> bool:
    """An area with a Control of a power in this war (L593, L601)."""
    return any(war.side_of(p) is not None and b.is_control(s.level) for p, s in state.areas[area].statuses.items())


def _friend_enemy(war: War, power: str) -> tuple[list[str], list[str]]:
    side = war.side_of(power)
    return sides(war, side) if side is not None else ([power], [])


def destinations(state: PaxState, war: War, power: str, loc: str, kind: str) -> list[str]:
    """Where a unit of ``kind`` ("army"/"fleet") of ``power`` at ``loc`` may
    move in a Maneuver Phase: naval units L589-595, land units L599-611."""
    friends, enemies = _friend_enemy(war, power)
    rights = rights_of_call(state, war, power) if kind == "fleet" else set()
    merchant = set(state.powers[power].merchant)
    at_sea = is_sea(loc)
    blockaded = not at_sea and loc != HOME and units_of(state, enemies, loc, "fleet") > 0
    out = []
    for n in neighbours(state, war, power, loc):
        if is_sea(n):
            if blockaded:  # L609: not from an area with enemy naval units to a sea
                continue
            if kind == "fleet" and n not in rights:  # L591, L617
                continue
            if kind == "army":
                ships = n in merchant if n in get_data().seas else bool(merchant & set(capes()[n]))  # L601, L630
                if not ships or units_of(state, enemies, n, "fleet") and not units_of(state, friends, n, "fleet"):
                    continue  # L607
        elif n == HOME:
            if kind == "fleet" and not at_sea:
                continue
        else:
            if kind == "fleet" and not at_sea:
                continue
            if not (_at_war_control(state, war, n) or open_to_colonials(state, power, n)):  # L593, L601, L475
                continue
            if at_sea and units_of(state, enemies, n, "fleet"):  # L609
                continue
            if kind == "army" and not at_sea and loc != HOME and units_of(state, enemies, loc) \
                    and units_of(state, enemies, n):  # L611
                continue
        out.append(n)
    return sorted(set(out))


def retreat_options(state: PaxState, war: War, power: str, loc: str, kind: str) -> list[str]:
    """AR/DR (L656, L664): a place the units could move to, land units never
    into an area with enemy land units, naval units never where enemy units
    stand without friendly ones."""
    friends, enemies = _friend_enemy(war, power)
    out = []
    for n in destinations(state, war, power, loc, kind):
        if n != HOME and kind == "army" and not is_sea(n) and units_of(state, enemies, n, "army"):
            continue
        if n != HOME and kind == "fleet" and units_of(state, enemies, n) and not units_of(state, friends, n):
            continue
        out.append(n)
    return out


def kind_of(unit: str) -> str:
    return unit.split("-")[0]


# ----------------------------------------------------------------- carrying out moves

def move_units(state: PaxState, war: War, power: str, src: str, unit: str, dest: str, n: int,
               *, public: bool) -> None:
    """Move ``n`` counters of ``unit``; a public move gives the codominium Casus Belli (L636)."""
    b.remove_unit(state, power, src, unit, n)
    b.add_unit(state, power, dest, unit, n)
    if public:
        log(state, "pax.log.war_move", "{power} moves {unit} ×{n} from {src} to {dest}.",
            power=power, unit=unit, n=n, src=src, dest=dest)
        if dest != HOME and not is_sea(dest):
            codominium_cb(state, war, power, dest)


def codominium_cb(state: PaxState, war: War, power: str, area: str) -> None:
    """L636-638: a belligerent entering an area a neutral holds in
    codominium gives the neutral a Casus Belli, unless it is one of the
    co-owners or both alliances share the codominium with the neutral.
    The neutral may declare war at that moment only (after the Maneuver's
    moves are revealed, engine/pax/war.py ``pax.war_codominium``, L636)."""
    holders = [p for p, s in state.areas[area].statuses.items() if b.is_control(s.level) and not s.new]
    if len(holders) < 2 or power in holders:
        return
    at_war = {war.side_of(p) for p in holders if war.side_of(p) is not None}
    if len(at_war) > 1:
        return
    for neutral in holders:
        if war.side_of(neutral) is None and state.seat(neutral):
            b.add_cb(state, neutral, power, area, "codominium_entered")


def stranded(state: PaxState, war: War) -> None:
    """L666, L680 C: armies left at sea with enemy naval units and none of
    their own alliance surrender."""
    for side in range(len(war.sides)):
        friends, enemies = sides(war, side)
        for p in friends:
            for loc in [x for x in list(state.powers[p].units) if is_sea(x)]:
                if units_of(state, enemies, loc, "fleet") and not units_of(state, friends, loc, "fleet"):
                    armies = {k: v for k, v in b.units_at(state, p, loc).items() if kind_of(k) == "army"}
                    surrender(state, war, p, loc, armies)


def surrender(state: PaxState, war: War, power: str, loc: str, units: dict[str, int]) -> None:
    """Units set aside until the war ends (L680-680)."""
    if not units:
        return
    into = war.surrendered.setdefault(power, {})
    for k, n in units.items():
        b.remove_unit(state, power, loc, k, n)
        into[k] = into.get(k, 0) + n
    log(state, "pax.log.war_surrender", "{power}'s units in {place} surrender.", power=power, place=loc)


# ----------------------------------------------------------------- the bot's move

def distances(state: PaxState, war: War, power: str, targets: set[str]) -> dict[str, int]:
    """Steps from every location to the nearest of ``targets`` (ignoring legality)."""
    dist = {t: 0 for t in targets}
    todo = deque(targets)
    while todo:
        x = todo.popleft()
        for y in neighbours(state, war, power, x):
            if y not in dist:
                dist[y] = dist[x] + 1
                todo.append(y)
    return dist


def targets(state: PaxState, war: War, power: str) -> set[str]:
    """Enemy units and areas enemies control: what a bot marches on."""
    _, enemies = _friend_enemy(war, power)
    out = {loc for p in enemies if p in state.powers for loc in state.powers[p].units if loc != HOME}
    out |= {a for a, x in state.areas.items() if any(p in enemies and b.is_control(s.level)
                                                     for p, s in x.statuses.items())}
    return out


def bot_move(state: PaxState, war: War, power: str, loc: str, unit: str) -> str | None:
    """The bot moves land units one step nearer the enemy, fleets stay."""
    if kind_of(unit) != "army":
        return None
    dist = distances(state, war, power, targets(state, war, power))
    here = dist.get(loc, 99)
    best = min(destinations(state, war, power, loc, "army"), key=lambda x: (dist.get(x, 99), x), default=None)
    return best if best is not None and dist.get(best, 99) < here else None


def decider(state: PaxState, war: War, power: str) -> str:
    """Who decides for ``power``'s units in war: its seat (Germany for
    Austria-Hungary, L605), a minor's controller (L577, L632), else "bot"
    (the engine takes the bot's pick)."""
    return state.seat(power) or war.controllers.get(power) or "bot"


def belligerents(state: PaxState, war: War, side: int) -> list[str]:
    """The powers of ``side`` this module moves (a native power's moves are
    engine/pax/natives.py's, L477-481)."""
    return [p for p in war.sides[side] if p in state.powers and state.powers[p].kind != "native"]


def war_of(state: PaxState, wid: int) -> War:
    return next(w for w in state.wars if w.id == wid)
