"""The war sequence's board phases (ruleset 3, issue 35): Maneuver (L581-634),
Attack (L640-670, engine/pax/warcombat.py), Supply (L674-680) and the units'
return home when a war ends (L553, L684).

Frames (pushed by the war flow, engine/pax/war.py; ``war``: the War's id,
``side``: an index into ``war.sides``):

* ``pax.war_maneuver``: the bot-controlled minors move at once; then every
  seat moving units of the alliance writes its moves at the same time
  (``pax.war_moves``, sealed like the Movement orders; a seat with no legal
  move is not asked). Each counter moves at most one area or sea zone; a
  quantity of counters moves in one answer. Deadline default: no further
  moves (the moves written so far are carried out). Then
  ``pax.war_codominium`` (engine/pax/neutrals.py, L636).
* ``pax.war_attack``: engine/pax/warcombat.py.
* ``pax.war_supply``: the alliance's units out of supply surrender.
"""
from __future__ import annotations

from collections import deque

from ..core.engine import log
from ..core.messages import Choice, Decision, msg
from ..core.steps import Step, frame, push, register
from . import board as b
from . import warcombat  # noqa: F401  (registers the attack steps)
from .data import get_data
from .state import PaxState, War, unit_key
from .warcombat import deciders, land_combat, powers_of  # noqa: F401  (land_combat: WAR.md)
from .warmoves import (  # noqa: F401
    HOME,
    belligerents,
    bot_move,
    canal_denied,
    decider,
    destinations,
    is_sea,
    kind_of,
    move_units,
    rights_of_call,
    sea_neighbours,
    sides,
    stranded,
    surrender,
    units_of,
    war_of,
)


def _c(cid: str, key: str, text: str, **params) -> Choice:
    return Choice(cid, msg(f"pax.choice.{key}", text, **params))


# ----------------------------------------------------------------- Maneuver



def movable(state: PaxState, war: War, powers: list[str], moved: dict[str, int]) -> dict[str, tuple[int, list[str]]]:
    """"<power>|<loc>|<unit>" -> (counters free to move, destinations);
    ``moved``: "<power>|<loc>|<unit>" -> counters that already moved there."""
    out = {}
    for p in powers:
        for loc, units in sorted(state.powers[p].units.items()):
            dests: dict[str, list[str]] = {}
            for unit, n in sorted(units.items()):
                key = f"{p}|{loc}|{unit}"
                free = n - moved.get(key, 0)
                if free <= 0:
                    continue
                kind = kind_of(unit)
                if kind not in dests:
                    dests[kind] = destinations(state, war, p, loc, kind)
                if dests[kind]:
                    out[key] = (free, dests[kind])
    return out


def carry_out(state: PaxState, war: War, moves: list[dict], *, public: bool) -> list[dict]:
    """Carry out ``moves`` ({"key": "<power>|<loc>|<unit>", "to", "n"}) in
    order, each checked on the board as it is (an order an earlier one made
    illegal is void); returns the moves carried out."""
    moved: dict[str, int] = {}
    done = []
    for m in moves:
        p, loc, unit = m["key"].split("|")
        free = state.powers[p].units.get(loc, {}).get(unit, 0) - moved.get(m["key"], 0)
        if free < m["n"] or m["to"] not in destinations(state, war, p, loc, kind_of(unit)):
            if public:
                log(state, "pax.log.war_move_void", "{power}'s move of {unit} from {src} is void.",
                    power=p, unit=unit, src=loc)
            continue
        move_units(state, war, p, loc, unit, m["to"], m["n"], public=public)
        k = f"{p}|{m['to']}|{unit}"
        moved[k] = moved.get(k, 0) + m["n"]
        done.append(m)
    return done


def _moved(moves: list[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for m in moves:
        p, _, unit = m["key"].split("|")
        k = f"{p}|{m['to']}|{unit}"
        out[k] = out.get(k, 0) + m["n"]
    return out


def bot_moves(state: PaxState, war: War, powers: list[str]) -> list[dict]:
    """The bot's moves for ``powers``: land units one step towards the enemy."""
    out = []
    for key, (free, _) in movable(state, war, powers, {}).items():
        p, loc, unit = key.split("|")
        to = bot_move(state, war, p, loc, unit)
        if to:
            out.append({"key": key, "to": to, "n": free})
    return out


@register
class WarManeuver(Step):
    """L581-634: the alliance's Maneuver Phase (module doc)."""
    name = "pax.war_maneuver"
    auto = True

    def run(self, state, f):
        war = war_of(state, f["war"])
        log(state, "pax.log.war_maneuver", "Maneuver Phase: {powers}.", powers=", ".join(war.sides[f["side"]]))
        carry_out(state, war, bot_moves(state, war, powers_of(state, war, f["side"], "bot")), public=True)
        stranded(state, war)
        seats = [who for who in deciders(state, war, f["side"])
                 if who != "bot" and movable(state, war, powers_of(state, war, f["side"], who), {})]
        moves = [frame("pax.war_moves", war=f["war"], side=f["side"], seats=seats, drafts={}, sealed=[])] if seats else []
        # then a neutral whose codominium was entered may declare at once (engine/pax/neutrals.py, L636)
        push(state, *moves, frame("pax.war_codominium", war=f["war"]))


def _draft(f: dict, seat: str, create: bool = False) -> dict:
    empty = {"moves": [], "sub": None}
    return f["drafts"].setdefault(seat, empty) if create else f["drafts"].get(seat, empty)


def projected(state: PaxState, war: War, moves: list[dict]) -> PaxState:
    """The board as a seat sees it while writing ``moves``: a private move
    (``carry_out(public=False)``) changes only its power's units, so those
    are copied and the rest is shared, read-only (as movement._private_copy)."""
    if not moves:
        return state
    powers = dict(state.powers)
    for p in {m["key"].split("|")[0] for m in moves}:
        powers[p] = powers[p].model_copy(update={"units": {loc: dict(u) for loc, u in powers[p].units.items()}})
    view = state.model_copy(update={"powers": powers, "log": []})
    view._pending = None
    carry_out(view, war_of(view, war.id), moves, public=False)
    return view


def moves_menu(state: PaxState, f: dict, seat: str) -> Decision:
    """A seat's moves menu: a unit (counters at a place), then where (a
    quantity), on the board as it stands plus its own moves written."""
    war = war_of(state, f["war"])
    d = _draft(f, seat)
    view = projected(state, war, d["moves"])
    options = movable(view, war_of(view, war.id), powers_of(state, war, f["side"], seat), _moved(d["moves"]))
    if d["sub"] is None:
        choices = [Choice(k, msg("pax.choice.war_unit", "{power}: {unit} in {place} ({n})", power=k.split("|")[0],
                                 place=k.split("|")[1], unit=k.split("|")[2], n=free))
                   for k, (free, _) in options.items()]
        if d["moves"]:
            choices.append(_c("undo", "undo", "Take back the last order"))
        choices.append(_c("done", "war_done", "Done: {n} move(s) written", n=len(d["moves"])))
        head = msg("pax.prompt.war_moves", "Maneuver: which unit moves one area or sea zone? {n} move(s) written.",
                   n=len(d["moves"]))
        return Decision(seat, head, choices, "pax.war_moves")
    free, dests = options[d["sub"]]
    p, loc, unit = d["sub"].split("|")
    choices = [Choice(x, msg("pax.choice.place", "{place}", place=x), most=free,
                      label_n=msg("pax.choice.war_move_n", "{n} to {place}", place=x)) for x in dests]
    head = msg("pax.prompt.war_move_to", "{power}: where do {unit} in {place} go (up to {n})?",
               power=p, unit=unit, place=loc, n=free)
    return Decision(seat, head, choices + [_c("back", "back", "Back")], "pax.war_moves")


@register
class WarMoves(Step):
    """The sealed moves of one alliance's seats (frame: ``seats``, ``drafts``, ``sealed``)."""
    name = "pax.war_moves"
    simultaneous = True

    def decisions(self, state, f):
        return [moves_menu(state, f, s) for s in f["seats"] if s not in f["sealed"]]

    def apply_for(self, state, f, actor, cid):
        d = _draft(f, actor, create=True)
        base, _, count = cid.rpartition("*")
        base, n = (base, int(count)) if base and count.isdigit() else (cid, 1)
        if cid == "back":
            d["sub"] = None
        elif d["sub"] is None:
            if cid == "done":
                f["sealed"].append(actor)
            elif cid == "undo":
                d["moves"].pop()
            else:
                d["sub"] = cid
        else:
            d["moves"].append({"key": d["sub"], "to": base, "n": n})
            d["sub"] = None
        if len(f["sealed"]) < len(f["seats"]):
            return
        state.stack.pop()
        war = war_of(state, f["war"])
        for seat in f["seats"]:
            carry_out(state, war, f["drafts"].get(seat, {}).get("moves", []), public=True)
        stranded(state, war)

    def default(self, state, f, actor):
        return "back" if _draft(f, actor)["sub"] else "done"


# ----------------------------------------------------------------- Supply

def _sources(state: PaxState, war: War, power: str) -> tuple[set[str], set[str]]:
    """(the homes of ``power`` and its allies, their States and Dominions), L674."""
    side = war.side_of(power)
    friends = war.sides[side] if side is not None else [power]
    homes = {p for p in friends if p in get_data().homes}
    areas = {a for a, x in state.areas.items()
             if any(p in friends and s.level in ("state", "dominion") for p, s in x.statuses.items())}
    return homes, areas


def in_supply(state: PaxState, war: War, power: str, loc: str) -> bool:
    """L674-676: ``loc`` is ``power``'s home, State or Dominion, or a line
    joins it to a home, State or Dominion of the power or an ally through
    areas the power or its allies control or conquered and sea zones with
    the power's own merchant fleets (Austria-Hungary has none, L700); an
    area with an enemy naval unit is blockaded: no line between it and a sea
    (L676); a home never is."""
    d = get_data()
    side = war.side_of(power)
    friends, enemies = sides(war, side) if side is not None else ([power], [])
    homes, ds = _sources(state, war, power)
    if loc == HOME or loc in ds:
        return True
    merchant = set(state.powers[power].merchant)

    def land_ok(a: str) -> bool:
        x = state.areas[a]
        return war.conquered.get(a) == side or any(p in friends and b.is_control(s.level) and not s.new
                                                   for p, s in x.statuses.items())

    def blockaded(a: str) -> bool:
        return a in state.areas and units_of(state, enemies, a, "fleet") > 0

    seen, todo = {loc}, deque([loc])
    while todo:
        x = todo.popleft()
        if x in homes or x in ds:
            return True
        if is_sea(x):
            nxt = [s for s in sea_neighbours(state, war, power, x) if s in merchant]
            nxt += [a for a in (b.coastal_areas(x) if x in d.seas else ()) if land_ok(a) and not blockaded(a)]
            nxt += [h for h in homes if x in d.homes[h].coastal]
        else:
            place = d.homes[x] if x in d.homes else d.areas[x]
            nxt = [n for n in place.overland if n in homes or n in state.areas and land_ok(n)]
            if x in d.homes or not blockaded(x):
                nxt += [s for s in place.coastal if s in merchant]
        for y in nxt:
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return False


@register
class WarSupply(Step):
    """L674-680: the alliance's units out of supply surrender."""
    name = "pax.war_supply"
    auto = True

    def run(self, state, f):
        war = war_of(state, f["war"])
        for p in belligerents(state, war, f["side"]):
            for loc in [x for x in list(state.powers[p].units) if x != HOME]:
                if not in_supply(state, war, p, loc):
                    log(state, "pax.log.war_unsupplied", "{power}'s units in {place} are out of supply.",
                        power=p, place=loc)
                    surrender(state, war, p, loc, b.units_at(state, p, loc))


# ----------------------------------------------------------------- the end of a war

def return_home_after_war(state: PaxState, war: War) -> None:
    """L553, L684: surrendered units, units in sea and Cape zones and units
    in areas where their power holds no Control go home (a native power's
    units leave with it, engine/pax/natives.py)."""
    for p in [x for s in war.sides for x in s]:
        ps = state.powers.get(p)
        if ps is None or ps.kind == "native":
            continue
        for k, n in war.surrendered.pop(p, {}).items():
            b.add_unit(state, p, HOME, k, n)
        for loc in [x for x in list(ps.units) if x != HOME]:
            s = state.areas[loc].statuses.get(p) if loc in state.areas else None
            if is_sea(loc) or not (s and b.is_control(s.level)):
                for k, n in b.units_at(state, p, loc).items():
                    b.remove_unit(state, p, loc, k, n)
                    b.add_unit(state, p, HOME, k, n)
        log(state, "pax.log.war_home", "{power}'s units return home.", power=p)


def lone_minor_winner(state: PaxState, war: War) -> str | None:
    """The minor that won ``war`` without allies (L684 "Se un Minore non ha
    Alleati ... Se vittoriosa"), else None."""
    if war.over != "victory" or war.winner is None:
        return None
    side = [p for p in war.sides[war.winner] if p in state.powers]
    return side[0] if len(side) == 1 and state.powers[side[0]].kind == "minor" else None


def garrison_minor(state: PaxState, war: War, minor: str) -> None:
    """L684: a minor victorious without allies "sposterà un'Armata da (1) in
    tutte le Aree controllate e muoverà le rimanenti Unità nella propria
    Madrepatria. Se non ha abbastanza Armate da (1) per guarnigione in tutte
    le Aree, le Unità necessarie verranno prese dalla scatola"."""
    ps = state.powers[minor]
    for k, n in war.surrendered.pop(minor, {}).items():
        b.add_unit(state, minor, HOME, k, n)
    for loc in [x for x in list(ps.units) if x != HOME]:
        for k, n in b.units_at(state, minor, loc).items():
            b.remove_unit(state, minor, loc, k, n)
            b.add_unit(state, minor, HOME, k, n)
    one = unit_key("army", 1)
    for aid, a in sorted(state.areas.items()):
        s = a.statuses.get(minor)
        if not (s and b.is_control(s.level)):
            continue
        if b.units_at(state, minor, HOME).get(one):
            b.remove_unit(state, minor, HOME, one)
        else:
            log(state, "pax.log.war_box_army", "{power} takes an Army (1) from the box for {area}.",
                power=minor, area=aid)
        b.add_unit(state, minor, aid, one)
    log(state, "pax.log.war_garrisons", "{power} garrisons every area it controls with an Army (1); its other "
        "units return home.", power=minor)
