"""The automatic wars (ruleset 3, issue 35 item 7): the Chinese Rebellion
(L473-489, L491-493) and the war the Ottoman Empire declares (L495-497).

The Chinese Empire and the Ottoman Empire fight as the native powers
``"china"`` and ``"ottoman"`` (``PowerState(kind="native")``), their (5)
armies (L71) as ordinary ``"army-5"`` units. The native side decides
nothing: :class:`NativeManeuver` moves its armies towards the colonial units
(L477, L497) and :class:`NativeAttack` attacks wherever they meet, at any odds
(L479), adding the strength of an undefeated, uncontrolled area (L481,
:func:`area_strength`). The war flow (engine/pax/war.py) starts the
wars (:func:`start_chinese`, :func:`start_ottoman`), pushes the two steps for
the native side, asks :func:`native_war_over` at each War End Determination
and ends them with :func:`resolve_native`; the only decision is a power's
cession after a colonial victory (``pax.cession``, L485).

Frames: ``pax.native_maneuver`` and ``pax.native_attack`` (``war``, ``side``)
for the native side's Maneuver and Attack phases; ``pax.native_after_attack``
(``war``) after the Second Alliance's ``pax.war_attack`` in a Rebellion (L481:
statuses swept where Chinese armies stand alone); :func:`resolve_native`
pushes ``pax.cession`` (``war``, ``power``) per claimant and
``pax.native_end`` (``war``: the units withdraw).

"Colonial units" are read as the land units of the native power's enemies:
only armies fight armies (L642, L656 A), so a fleet neither draws nor stops
the natives (docs/rulings/pax.md, "The automatic wars").
"""
from __future__ import annotations

from collections import deque

from ..core.engine import log
from ..core.messages import Choice, Decision, msg
from ..core.rng import pick, roll_die
from ..core.steps import Step, frame, push, register
from . import board as b
from .chinese import chinese_areas  # the Chinese Empire and Vassal areas, Hong Kong included (L483)
from .combat import cheapest_loss, combat_result
from .data import get_data, table_value
from .movement import _chinese_resentment as placement_resentment
from .revolts import OneSeat
from .revolts import _pool_loss as pool_loss
from .state import RANK, PaxState, PowerState, War, parse_unit, unit_key

CHINA, OTTOMAN = "china", "ottoman"
OTTOMAN_TYPE = "Ottoman Empire"
EGYPT, ANATOLIA = "egypt", "anatolia"
OTTOMAN_ARMIES = 3  # L497
# L485: the minors Russia and Japan are moved for the Rebellion by France's and Great Britain's players
REBELLION_CONTROLLERS = {"russia": "france", "japan": "great_britain"}
MINOR_CLAIM_ORDER = ("russia", "japan")  # L485


# ----------------------------------------------------------------- areas and armies

def native_army() -> str:
    """The unit key of a Chinese or Ottoman army: strength (5) (L71)."""
    return unit_key("army", int(b.tables()["pieces"]["chinese_and_ottoman_units"]["strength"]))


def ottoman_areas() -> list[str]:
    return sorted(a for a, x in get_data().areas.items() if x.type == OTTOMAN_TYPE)


def war_by_id(state: PaxState, wid: int) -> War:
    return next(w for w in state.wars if w.id == wid)


def native_of(war: War) -> str:
    """The native power of a Chinese or Ottoman war."""
    return CHINA if war.kind == "chinese" else OTTOMAN


def _home_areas(war: War) -> list[str]:
    """The areas whose strength and statuses the war is about."""
    return chinese_areas() if war.kind == "chinese" else ottoman_areas()


def enemies(war: War) -> list[str]:
    """The powers at war with the native power."""
    side = war.side_of(native_of(war))
    return [p for i, s in enumerate(war.sides) if i != side for p in s]


def _established_controllers(state: PaxState, area: str) -> list[str]:
    return [p for p, s in state.areas[area].statuses.items() if b.is_control(s.level) and not s.new]


def native_ground(state: PaxState, war: War) -> set[str]:
    """Where the native armies may go: the Chinese Empire and its Vassals
    (L477); the Ottoman areas, and Egypt unless a power outside the war
    controls it (L497)."""
    if war.kind == "chinese":
        return set(chinese_areas())
    ground = set(ottoman_areas())
    if not any(war.side_of(p) is None for p in _established_controllers(state, EGYPT)):
        ground.add(EGYPT)
    return ground


def open_to_colonials(state: PaxState, power: str, area: str) -> bool:
    """L475: while a Rebellion is fought, a power of its Second Alliance may
    enter any Chinese Empire or Vassal area as if it held a Protectorate or
    Possession there (for wartime movement, engine/pax/warfare.py)."""
    return any(w.kind == "chinese" and w.over is None and w.side_of(power) not in (None, w.side_of(CHINA))
               for w in state.wars) and area in chinese_areas()


def native_armies(state: PaxState, war: War, area: str) -> int:
    return b.land_units_in(state, native_of(war), area)


def colonial_armies(state: PaxState, war: War, area: str) -> int:
    """Land units of the native power's enemies in ``area``."""
    return sum(b.land_units_in(state, p, area) for p in enemies(war))


def _controlled(state: PaxState, area: str) -> bool:
    """A Protectorate, Possession (or State/Dominion) stands there (L481, L497)."""
    return any(b.is_control(s.level) for s in state.areas[area].statuses.values())


def area_strength(state: PaxState, war: War, area: str) -> int:
    """L481, L497: the Combat Strength an area adds to the natives' armies
    there: a Chinese Empire or Vassal area in the Rebellion (an Ottoman area in
    an Ottoman war) with no Protectorate or Possession, while not defeated
    (``war.defeated``); 0 otherwise."""
    if war.kind not in ("chinese", "ottoman") or area not in _home_areas(war):
        return 0
    if area in war.defeated or _controlled(state, area):
        return 0
    return get_data().areas[area].combat_strength


def defeat(state: PaxState, war: War, area: str) -> None:
    """L481: the area loses its strength for the rest of the war."""
    if area not in war.defeated:
        war.defeated.append(area)
        log(state, "pax.log.area_defeated", "{area} is defeated: it adds no strength for the rest of the war.",
            area=area)


# ----------------------------------------------------------------- starting the wars

def _next_id(state: PaxState) -> int:
    return max((w.id for w in state.wars), default=0) + 1


def _new_native(state: PaxState, power: str) -> None:
    state.powers[power] = PowerState(kind="native")


def rebellion_parties(state: PaxState) -> list[str]:
    """L473, L485: every power, Great or minor, with an Influence or a Control
    in a Chinese Empire or Vassal area (a minor without one stays out)."""
    areas = chinese_areas()
    return [p for p, ps in state.powers.items() if ps.kind != "native"
            and any(RANK[s.level] >= RANK["influence"] for a in areas
                    for q, s in state.areas[a].statuses.items() if q == p)]


def _possession(state: PaxState, area: str) -> bool:
    return any(RANK[s.level] >= RANK["possession"] for s in state.areas[area].statuses.values())


def placement_area(state: PaxState) -> tuple[str, int]:
    """(area, die) for one Chinese army (L475): the Chinese Army Placement
    Table (tables.yaml, provisional) with one die, never a Possession (the
    die is rolled again); when every area of the table is a Possession, an
    open Chinese area at random (die 0)."""
    table = table_value(b.tables()["chinese_resentment"]["chinese_army_placement"])
    if all(_possession(state, a) for a in table.values()):
        return pick(state, [a for a in chinese_areas() if not _possession(state, a)]), 0
    while True:
        die = roll_die(state)
        area = table[str(die)]
        if not _possession(state, area):
            return area, die


def start_chinese(state: PaxState) -> War | None:
    """L473-475: the Chinese Rebellion breaks out. Creates the native power
    "china" with 1d6 (5) armies placed one by one (:func:`placement_area`),
    and the War (First Alliance China, Second every power with an Influence
    or Control in China, L473; Russia and Japan as minors moved by France's
    and Great Britain's players, L485), appended to ``state.wars``. None when
    every Chinese area is a Possession (L475). Consumes
    ``state.chinese_rebellion``."""
    state.chinese_rebellion = None
    if all(_possession(state, a) for a in chinese_areas()):
        log(state, "pax.log.no_chinese_war", "Every Chinese area is a Possession: the rebellion cannot break out.")
        return None
    parties = rebellion_parties(state)
    _new_native(state, CHINA)
    n = roll_die(state)
    log(state, "pax.log.chinese_war", "The Chinese Rebellion breaks out: {n} Chinese armies.", n=n)
    for _ in range(n):
        area, die = placement_area(state)
        b.add_unit(state, CHINA, area, native_army())
        log(state, "pax.log.chinese_army", "A Chinese army appears in {area} (die {die}).", area=area, die=die)
    controllers = {}
    for p in parties:
        if state.powers[p].kind == "minor":
            seat = REBELLION_CONTROLLERS.get(p)
            controllers[p] = seat if seat in state.powers and state.seat(seat) else "bot"
        log(state, "pax.log.native_enemy", "{power} fights against {native}.", power=p, native=CHINA)
    war = War(id=_next_id(state), kind="chinese", sides=[[CHINA], parties], first=0, controllers=controllers)
    state.wars.append(war)
    return war


def start_ottoman(state: PaxState, against: list[str]) -> War:
    """L495-497: the Ottoman Empire declares war on ``against`` (the powers
    that established a new Control in an Ottoman area, ``state.ottoman_due``,
    which loses them): three Ottoman (5) armies in Anatolia, whoever controls
    it. The Ottomans are the First Alliance while they have no Great Power
    ally (L507-509)."""
    _new_native(state, OTTOMAN)
    b.add_unit(state, OTTOMAN, ANATOLIA, native_army(), OTTOMAN_ARMIES)
    state.ottoman_due = [p for p in state.ottoman_due if p not in against]
    for p in against:
        log(state, "pax.log.ottoman_war", "The Ottoman Empire declares war on {power}.", power=p)
    log(state, "pax.log.ottoman_armies", "Three Ottoman armies stand in {area}.", area=ANATOLIA)
    controllers = {p: "bot" for p in against if state.powers[p].kind == "minor"}
    war = War(id=_next_id(state), kind="ottoman", sides=[[OTTOMAN], list(against)], first=0,
              controllers=controllers)
    state.wars.append(war)
    return war


def ottoman_join_options(state: PaxState, war: War, power: str) -> list[int]:
    """L495: at Alliance Determination a Great Power not yet in the Ottoman
    war may join either side (the Empire as an active ally, or the power
    that established the Control); [] for a power already in it, a minor or
    a native power (minors join by treaty calls only, engine/pax/war.py)."""
    if war.kind != "ottoman" or war.side_of(power) is not None or power not in state.great_powers():
        return []
    return list(range(len(war.sides)))


def is_native_side(state: PaxState, war: War, side: int) -> bool:
    """True when the engine plays ``side``: the Chinese Empire, or the
    Ottomans without Great Power allies (L497)."""
    members = war.sides[side]
    if CHINA in members:
        return True
    return OTTOMAN in members and not any(p in state.great_powers() for p in members)


# ----------------------------------------------------------------- movement (L477, L497)

def _distances(state: PaxState, ground: set[str], start: str) -> dict[str, int]:
    """Overland steps from ``start`` through ``ground`` only."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        x = todo.popleft()
        for n in get_data().areas[x].overland:
            if n in ground and n not in dist:
                dist[n] = dist[x] + 1
                todo.append(n)
    return dist


def step_towards(state: PaxState, war: War, area: str, targets: set[str]) -> str | None:
    """L477: the adjacent area on the way to the nearest area holding
    colonial units (ties by a die: a random choice), through native ground
    only; None when no such area can be reached."""
    ground = native_ground(state, war)
    dist = _distances(state, ground, area)
    reach = [t for t in sorted(targets) if t in dist]
    if not reach:
        return None
    near = min(dist[t] for t in reach)
    target = pick(state, [t for t in reach if dist[t] == near])
    back = _distances(state, ground, target)
    steps = sorted(n for n in get_data().areas[area].overland if back.get(n) == near - 1)
    return pick(state, steps)


def maneuver(state: PaxState, war: War) -> None:
    """The native First Alliance Maneuver (L477, L497): an army where
    colonial units stand stays; any other moves one area towards the nearest
    area they occupy inside native ground (units outside it are ignored)."""
    native = native_of(war)
    ground = native_ground(state, war)
    targets = {a for a in ground if colonial_armies(state, war, a)}
    start = {loc: dict(u) for loc, u in state.powers[native].units.items()}
    for loc in sorted(start):
        if loc in targets:
            continue
        for key, n in sorted(start[loc].items()):
            for _ in range(n):
                dest = step_towards(state, war, loc, targets)
                if dest is None:
                    continue
                b.remove_unit(state, native, loc, key)
                b.add_unit(state, native, dest, key)
                log(state, "pax.log.native_move", "{power}: an army moves from {src} to {dest}.",
                    power=native, src=loc, dest=dest)


# ----------------------------------------------------------------- attack (L479-481, L497)

def native_retreat(state: PaxState, war: War, area: str) -> None:
    """AR for the natives (L479): each army to an adjacent area of native
    ground, preferably without colonial units and without a Control, then
    one with a Control but no colonial units; at random among equals; an
    army with nowhere to go is eliminated."""
    native = native_of(war)
    ground = native_ground(state, war)
    for key, n in sorted(b.units_at(state, native, area).items()):
        for _ in range(n):
            free = [x for x in sorted(get_data().areas[area].overland)
                    if x in ground and not colonial_armies(state, war, x)]
            tiers = [[x for x in free if not _controlled(state, x)], [x for x in free if _controlled(state, x)]]
            best = next((t for t in tiers if t), None)
            b.remove_unit(state, native, area, key)
            if best is None:
                log(state, "pax.log.native_lost", "{power}: an army in {area} cannot retreat and is eliminated.",
                    power=native, area=area)
                continue
            dest = pick(state, best)
            b.add_unit(state, native, dest, key)
            log(state, "pax.log.native_retreat", "{power}: an army retreats from {src} to {dest}.",
                power=native, src=area, dest=dest)


def colonial_retreat(state: PaxState, war: War, power: str, area: str) -> None:
    """DR for a colonial power's armies (L650-652): to an adjacent area
    without native armies where it may move, its own Control first, in the
    Rebellion any Chinese area (L475); else they surrender (L674)."""
    armies = {k: n for k, n in b.units_at(state, power, area).items() if k.startswith("army")}
    near = [x for x in sorted(get_data().areas[area].overland)
            if x in state.areas and not native_armies(state, war, x)]
    own = [x for x in near if x in b.controls(state, power, established=True)]
    own += [b.HOME] if power in get_data().areas[area].overland else []
    open_ = [x for x in near if war.kind == "chinese" and x in chinese_areas()]
    dest = (own or open_ or [None])[0]
    for k, n in armies.items():
        b.remove_unit(state, power, area, k, n)
        if dest is None:
            kept = war.surrendered.setdefault(power, {})
            kept[k] = kept.get(k, 0) + n
        else:
            b.add_unit(state, power, dest, k, n)
    if dest is None:
        log(state, "pax.log.colonial_surrender", "{power}'s armies in {area} cannot retreat and surrender.",
            power=power, area=area)
    else:
        log(state, "pax.log.retreat", "{power}'s units retreat from {area} to {dest}.",
            power=power, area=area, dest=dest)


def colonial_losses(state: PaxState, war: War, area: str, need: int) -> None:
    """EX/½EX for the colonial side (L646-648): Great Powers' units go
    before minors'; the fewest strength points that meet ``need`` (the
    owners' choice taken automatically, docs/rulings/pax.md)."""
    lost: dict[str, int] = {}
    left = need
    for group in ([p for p in enemies(war) if p in state.great_powers()],
                  [p for p in enemies(war) if p not in state.great_powers()]):
        pool = {f"{p}|{k}": n for p in group for k, n in b.units_at(state, p, area).items() if k.startswith("army")}
        if left <= 0 or not pool:
            continue
        total = sum(parse_unit(k.split("|")[1])[1] * n for k, n in pool.items())
        for key, n in (pool if total <= left else pool_loss(pool, left)).items():
            p, k = key.split("|")
            b.remove_unit(state, p, area, k, n)
            lost[p] = lost.get(p, 0) + parse_unit(k)[1] * n
        left -= total
    for p, points in lost.items():
        _log_losses(state, p, points, area)


def _log_losses(state: PaxState, power: str, points: int, area: str) -> None:
    log(state, "pax.log.native_losses", "{power} loses {points} strength points in {area}.",
        power=power, points=points, area=area)


def _eliminate_colonials(state: PaxState, war: War, area: str) -> None:
    for p in enemies(war):
        for k, n in list(b.units_at(state, p, area).items()):
            if k.startswith("army"):
                b.remove_unit(state, p, area, k, n)


def native_combat(state: PaxState, war: War, area: str) -> str:
    """One native attack in ``area`` (L479-481): every native army there
    together, plus :func:`area_strength`, against every colonial army there
    together, on the colonial tables (L646). AE/AR, or the weaker side of an
    EX/½EX, defeats the area when its strength took part. Returns the result."""
    native = native_of(war)
    armies = b.units_at(state, native, area)
    own = area_strength(state, war, area)
    att = b.strength(armies) + own
    dfn = sum(b.strength(b.units_at(state, p, area)) for p in enemies(war))
    table, die, res = combat_result(state, att, dfn)
    log(state, "pax.log.native_combat", "{power} ({att}) attacks the colonial units in {area} ({dfn}): "
        "table {table}, die {die}: {result}.", power=native, att=att, area=area, dfn=dfn, table=table,
        die=die, result=res)
    lost = False
    if res == "AE":
        lost = True
        for k, n in list(armies.items()):
            b.remove_unit(state, native, area, k, n)
    elif res == "AR":
        lost = True
        native_retreat(state, war, area)
    elif res == "DE":
        _eliminate_colonials(state, war, area)
    elif res == "DR":
        for p in enemies(war):
            if b.land_units_in(state, p, area):
                colonial_retreat(state, war, p, area)
    else:  # EX, 1/2EX (L646-648)
        half = res != "EX"
        natives_stronger = att >= dfn if half else att > dfn
        if natives_stronger:
            _eliminate_colonials(state, war, area)
            need = -(-dfn // 2) if half else dfn
            pick_ = cheapest_loss(armies, need)
            for k, n in pick_.items():
                b.remove_unit(state, native, area, k, n)
            _log_losses(state, native, b.strength(pick_), area)
        else:
            lost = True
            for k, n in list(armies.items()):
                b.remove_unit(state, native, area, k, n)
            colonial_losses(state, war, area, -(-att // 2) if half else att)
    if lost and own:
        defeat(state, war, area)
    return res


def attack(state: PaxState, war: War) -> None:
    """The native First Alliance Attack (L479, L497): in every area where
    native and colonial armies meet, the natives attack at any odds."""
    for area in sorted(native_ground(state, war)):
        if native_armies(state, war, area) and colonial_armies(state, war, area):
            war.attacked = True
            native_combat(state, war, area)


def sweep_statuses(state: PaxState, war: War) -> None:
    """L481, end of a Second Alliance Attack Phase of the Rebellion: where
    Chinese armies stand without colonial units, every status goes; an area
    that loses a Control regains its strength at once."""
    if war.kind != "chinese":
        return
    for area in chinese_areas():
        a = state.areas[area]
        guarded = any(b.land_units_in(state, p, area) for p, ps in state.powers.items() if ps.kind != "native")
        if not a.statuses or not native_armies(state, war, area) or guarded:
            continue
        had_control = _controlled(state, area)
        a.statuses.clear()
        if had_control and area in war.defeated:
            war.defeated.remove(area)
        log(state, "pax.log.statuses_swept", "Chinese armies hold {area} alone: every status there is removed.",
            area=area)


class _NativeStep(Step):
    """An automatic step of a war still being fought (frame: ``war`` id,
    ``side``); ``work(state, war)`` does it."""
    auto = True

    def run(self, state, f):
        war = war_by_id(state, f["war"])
        if war.over is None:
            type(self).work(state, war)


for _name, _work in (("pax.native_maneuver", maneuver), ("pax.native_attack", attack),
                     # pushed by the war flow after the Second Alliance's pax.war_attack (L481)
                     ("pax.native_after_attack", sweep_statuses)):
    register(type(_name.replace(".", "_"), (_NativeStep,), {"name": _name, "work": staticmethod(_work)}))


# ----------------------------------------------------------------- the end (L483-493, L497)

def native_war_over(state: PaxState, war: War) -> str | None:
    """How an automatic war ends, asked at each War End Determination:
    "powers_win" when no native army is left (L485, at any time; L497);
    "rebels_win" when no colonial army stands in a Chinese or Vassal area,
    Hong Kong included (L483), or in an Ottoman area (L497); else None. An
    Ottoman war with Great Power allies is an ordinary war: None."""
    if war.kind not in ("chinese", "ottoman"):
        return None
    side = war.side_of(native_of(war))
    if war.kind == "ottoman" and not is_native_side(state, war, side):
        return None
    native = native_of(war)
    if not any(b.land_units_in(state, native, loc) for loc in state.powers[native].units):
        return "powers_win"
    if not any(colonial_armies(state, war, a) for a in _home_areas(war)):
        return "rebels_win"
    return None


def cut_off(state: PaxState, war: War) -> list[str]:
    """Ottoman areas holding enemy armies that no Ottoman army can reach
    through the ground open to it (L497: Tripoli behind an Egypt a neutral
    controls)."""
    ground = native_ground(state, war)
    reach: set[str] = set()
    for loc in state.powers[native_of(war)].units:
        reach |= set(_distances(state, ground, loc))
    return [a for a in _home_areas(war) if colonial_armies(state, war, a) and a not in reach]


def ottoman_may_end_on_request(state: PaxState, war: War) -> bool:
    """L497: with Egypt controlled by a neutral and the Ottomans unable to
    reach any enemy army in their areas, the war may end at any War End
    Determination on the enemies' request (in play by post the flow,
    engine/pax/war.py, ends it at once: ``war.over = "request"`` and
    :func:`resolve_native`; docs/rulings/pax.md)."""
    if war.kind != "ottoman" or not is_native_side(state, war, war.side_of(OTTOMAN)):
        return False
    held = [a for a in _home_areas(war) if colonial_armies(state, war, a)]
    return EGYPT not in native_ground(state, war) and bool(held) and set(held) == set(cut_off(state, war))


def remove_native_armies(state: PaxState, war: War) -> None:
    state.powers[native_of(war)].units.clear()


def resolve_native(state: PaxState, war: War) -> None:
    """The end of an automatic war (``war.over`` set by the flow, else
    :func:`native_war_over`). Rebels win: every status in China removed,
    Chinese armies removed, CR 0 (L483); the Ottomans win: their enemies'
    statuses in Ottoman areas removed (L497). Powers win: statuses kept, CR 0
    (L485); each power with armies in China may claim one defeated area
    (``pax.cession`` frames, Great Powers first, then Russia, Japan, L485),
    CR rising for the Controls placed now only (L493). Then units go where
    they may stay (``pax.native_end``, L485). An Ottoman war ended at the
    enemies' request (``war.over == "request"``, :func:`ottoman_may_end_on_request`)
    keeps their statuses only where the Ottomans could not reach (L497). An
    Ottoman war with Great Power allies (an ordinary war, L497) only loses
    its Ottoman armies here."""
    outcome = war.over if war.over in ("rebels_win", "powers_win") else native_war_over(state, war)
    native = native_of(war)
    if war.kind == "ottoman" and war.over == "request":  # L497: Tripoli kept, Anatolia and Kuwait lost
        kept = cut_off(state, war)
        for area in _home_areas(war):
            for p in [q for q in state.areas[area].statuses if q in enemies(war) and area not in kept]:
                b.remove_status(state, area, p)
        log(state, "pax.log.ottoman_request", "The war with {power} ends at its enemies' request: their statuses "
            "stay only where the Ottoman armies could not reach.", power=native)
        remove_native_armies(state, war)
        push(state, frame("pax.native_end", war=war.id))
        return
    if war.kind == "ottoman" and outcome is None:
        remove_native_armies(state, war)
        return
    war.over = outcome or "stalemate"
    war.winner = {"rebels_win": war.side_of(native), "powers_win": 1 - war.side_of(native)}.get(outcome)
    claims: list[str] = []
    if outcome == "rebels_win":
        for area in _home_areas(war):
            for p in list(state.areas[area].statuses):
                if war.kind == "chinese" or p in enemies(war):
                    b.remove_status(state, area, p)
        log(state, "pax.log.natives_win", "{power} wins the war: the statuses of its enemies in its areas are "
            "removed.", power=native)
    elif outcome == "powers_win":
        log(state, "pax.log.powers_win", "The colonial powers win the war against {power}.", power=native)
        if war.kind == "chinese":
            claims = claimants(state, war)
    remove_native_armies(state, war)
    if war.kind == "chinese":
        state.cr = 0
        log(state, "pax.log.cr_reset", "Chinese Resentment returns to 0.")
    push(state, *[frame("pax.cession", war=war.id, power=p) for p in claims], frame("pax.native_end", war=war.id))


def claimants(state: PaxState, war: War) -> list[str]:
    """L485: the powers of the war with armies in China, Great Powers first
    (in turn order), then the minors (Russia, then Japan, then any other);
    a minor only with a player moving it."""
    present = [p for p in enemies(war) if any(b.land_units_in(state, p, a) for a in chinese_areas())]
    great = [p for p in present if p in state.great_powers()]
    minors = sorted((p for p in present if p not in great and war.controllers.get(p, "bot") != "bot"),
                    key=lambda p: (MINOR_CLAIM_ORDER.index(p) if p in MINOR_CLAIM_ORDER else 9, p))
    return great + minors


def cession_options(state: PaxState, war: War, power: str) -> list[str]:
    """The defeated areas nobody controls, where ``power`` has a Control
    marker free (L67, L485)."""
    if not b.marker_free(state, power, "protectorate"):
        return []
    return [a for a in war.defeated if a in state.areas and not _controlled(state, a)]


def decider(state: PaxState, war: War, power: str) -> str | None:
    return state.seat(power) or war.controllers.get(power)


@register
class Cession(OneSeat):
    """L485: a power with armies in China asks for one defeated area and
    places a free Protectorate there, or asks none (the deadline default)."""
    name = "pax.cession"

    def decision(self, state, f):
        war, p = war_by_id(state, f["war"]), f["power"]
        choices = [Choice("none", msg("pax.choice.cession_none", "Ask for no area"))]
        choices += [Choice(a, msg("pax.choice.cession", "Ask for {area}", area=a))
                    for a in cession_options(state, war, p)]
        return Decision(decider(state, war, p), msg("pax.prompt.cession", "{power}: the Chinese Empire cedes one "
                        "defeated area to each victor; which one do you ask for (a free Protectorate)?",
                        power=p), choices, self.name)

    def apply(self, state, f, cid):
        war, p = war_by_id(state, f["war"]), f["power"]
        if cid == "none" or cid not in cession_options(state, war, p):
            log(state, "pax.log.cession_none", "{power} asks for no Chinese area.", actor=decider(state, war, p),
                power=p)
            return
        b.set_status(state, cid, p, "protectorate", new=False)
        placement_resentment(state, cid, "protectorate")  # L493: only the statuses placed now
        log(state, "pax.log.cession", "The Chinese Empire cedes {area} to {power}: a free Protectorate.",
            actor=decider(state, war, p), power=p, area=cid)

    def default(self, state, f, actor):
        return "none"


def withdraw(state: PaxState, war: War) -> None:
    """L485 end, L497: units of the war's powers where they may not stay
    (no Control of their own) garrison their ungarrisoned Controls in the
    war's areas (an army (1) first), the rest go home, as do units at sea
    and surrendered units (L676, L684)."""
    home_areas = set(_home_areas(war)) | native_ground(state, war)  # Egypt too in an Ottoman war
    for p in enemies(war):
        ps = state.powers[p]
        mine = set(b.controls(state, p))
        for loc in sorted(ps.units):
            if loc == b.HOME or loc in mine or loc in state.areas and loc not in home_areas:
                continue  # elsewhere a unit stands where peace allows it (an Unrest area, L384)
            for k, n in sorted(b.units_at(state, p, loc).items(), key=lambda kv: parse_unit(kv[0])[1]):
                for _ in range(n):
                    bare = [a for a in sorted(mine & home_areas) if not b.land_units_in(state, p, a)]
                    dest = bare[0] if k.startswith("army") and bare else b.HOME
                    b.remove_unit(state, p, loc, k)
                    b.add_unit(state, p, dest, k)
            log(state, "pax.log.withdraw", "{power}'s units leave {src}.", power=p, src=loc)
        for k, n in war.surrendered.pop(p, {}).items():
            b.add_unit(state, p, b.HOME, k, n)


@register
class NativeEnd(Step):
    """``pax.native_end`` (frame: ``war`` id): the units withdraw (L485, L497)."""
    name = "pax.native_end"
    auto = True

    def run(self, state, f):
        withdraw(state, war_by_id(state, f["war"]))
