"""The Revolutionaries' Operations (3.4): Rally, March, Attack, Riot.

Every Revolutionary Operation costs Revolutionary Resources, judged when a
space is chosen (3.1, 3.1.5); a free Operation granted by an Event
(``ctx["free"]``) costs nothing. The shared Operation loop
(:mod:`engine.gandhi.actions`) offers the spaces returned by ``selectable``;
``select`` pays and returns the frames of the per-space sub-decisions, built
with :func:`engine.gandhi.choose.ask` and the callbacks registered here.

Rules readings taken here are recorded in ``docs/rulings/revolutionaries.md``
(R-3.4.1, R-3.4.2, R-3.4.3, R-3.4.4).
"""
from __future__ import annotations

from ...core import rng
from ...core.messages import Choice, msg
from ...core.steps import Frame, Step, frame, register
from .. import board
from .. import derived as dv
from ..actions import Ctx, EachMapSpace, Operation, operation
from ..choose import ask, callback
from ..common import log, space_name
from ..data import get_data
from ..ruleset import at_least
from ..state import GandhiState

F = "rev"

KIND_LABELS = {
    "troop": "Troop",
    "sepoy": "Sepoy",
    "inc_activist": "Congress Activist",
    "ml_activist": "Muslim League Activist",
    "ml_base": "Muslim League Base",
    "guerrilla_underground": "Underground Guerrilla",
    "guerrilla_active": "Active Guerrilla",
    "rev_base": "Revolutionary Base",
    "protest": "Protest marker",
}
NV_KINDS = ("inc_activist", "ml_activist", "ml_base")
# choice ids for a Guerrilla's side
SIDE_KIND = {"underground": "guerrilla_underground", "active": "guerrilla_active"}
KIND_SIDE = {v: k for k, v in SIDE_KIND.items()}
SIDE_LABELS = {"underground": "Underground Guerrilla", "active": "Active Guerrilla"}


# --- shared helpers ---------------------------------------------------------

def pay(state: GandhiState, ctx: Ctx, amount: int) -> None:
    """Pay ``amount`` Revolutionary Resources unless the Operation is free."""
    if not ctx.get("free") and amount > 0:
        board.add_resources(state, F, -amount)


def can_pay(state: GandhiState, ctx: Ctx, amount: int) -> bool:
    """3.1/3.1.5: the Revolutionaries must have the Resources when the space is chosen."""
    return bool(ctx.get("free")) or state.resources[F] >= amount


def is_populated(sid: str) -> bool:
    """City, Province or State (i.e. not a Railway)."""
    return not dv.is_railway(sid)


def active_adversary_kinds(state: GandhiState, sid: str) -> list[str]:
    """Kinds of Active adversary pieces in ``sid`` that the Revolutionaries may
    remove: Troops, Sepoys, Active Activists, Muslim League Bases (1.4.3;
    never Gandhi: 3.4.3, 4.5.3)."""
    sp = state.spaces[sid]
    out = [k for k in ("troop", "sepoy") if dv.n(sp, k)]
    if dv.activists_active(state, sid):
        out += [k for k in ("inc_activist", "ml_activist") if dv.n(sp, k)]
    if dv.n(sp, "ml_base"):
        out.append("ml_base")
    return out


def labels_for(kinds: list[str]) -> dict[str, str]:
    return {k: KIND_LABELS.get(k, k) for k in kinds}


def _note_removed(state: GandhiState, sid: str, kind: str, by: str) -> None:
    log(state, "log.rev.remove", "{by}: a {piece} is removed from {space} to Available.", actor=F,
        by=by, piece=kind, space=sid)


# --- Rally (3.4.1) -----------------------------------------------------------

def rally_options(state: GandhiState, sid: str) -> list[str]:
    """What Rally can do in ``sid``: "guerrillas" (place 1 + Rev Bases there,
    limited by Available: always offered, so a Base is never forced) and/or
    "base" (replace Unity Guerrillas with a Base: room for a Base (1.4.2), a
    Base Available, Guerrillas there >= Unity)."""
    sp = state.spaces[sid]
    out = ["guerrillas"]
    if (dv.guerrillas(sp) >= state.unity and dv.base_room(state, sid) >= 1
            and board.in_box(state, "available", "rev_base")):
        out.append("base")
    return out


@operation
class Rally(EachMapSpace, Operation):
    """Rally (3.4.1): Cities, Provinces and States without Support, or any
    space with a Revolutionary Base; 1 Resource per space. In each space place
    Guerrillas equal to 1 + Revolutionary Bases there (Underground, 1.4.3), OR
    replace Guerrillas equal to Unity (6.7) with a Revolutionary Base (room per
    1.4.2). Then the Revolutionaries may move 1 Guerrilla from Out of Play to
    Available (once per Operation, at its end)."""

    together = True  # independent spaces: chosen several at once under ruleset 4 (issue 14)

    name = "rally"
    faction = F
    label = "Rally"
    rule = "3.4.1"

    def _eligible(self, state, sid):
        sp = state.spaces[sid]
        if dv.is_railway(sid):
            return False
        return sp.support <= 0 or dv.n(sp, "rev_base") > 0

    def ready(self, state, ctx):
        return can_pay(state, ctx, 1)

    def space_ok(self, state, ctx, sid):
        return sid not in ctx["spaces"] and self._eligible(state, sid)

    def why_not(self, state, ctx, sid):
        if dv.is_railway(sid):
            return f"{space_name(sid)} is a Railway: Rally is only in Cities, Provinces and States (3.4.1)."
        if not self._eligible(state, sid):
            return f"{space_name(sid)} has Support and no Revolutionary Base (3.4.1)."
        if not can_pay(state, ctx, 1):
            return f"The Revolutionaries cannot pay for Rally: Resources {state.resources[F]}, cost 1 (3.4.1)."
        return None

    def space_choices(self, state, ctx, sid):
        """Ruleset 6 (issue 14): "<space>" places Guerrillas, "<space>:base"
        builds a Base instead (3.4.1): the question folded into the space."""
        plain = super().space_choices(state, ctx, sid)
        if not at_least(state, 6):
            return plain
        n = min(1 + dv.n(state.spaces[sid], "rev_base"), state.available.get("guerrilla", 0))
        out = [Choice(sid, msg("choice.rally_space_rev", "{space}: place {n} Guerrilla(s)",
                               space=space_name(sid), n=n))]
        if "base" in rally_options(state, sid):
            out.append(Choice(f"{sid}:base", msg("choice.rally_space_rev_base",
                                                 "{space}: replace {n} Guerrilla(s) with a Base",
                                                 space=space_name(sid), n=state.unity)))
        return out

    def choose_variant(self, state, ctx, sid, variant):
        if at_least(state, 6):
            ctx.setdefault("rally", {})[sid] = variant

    def select(self, state, ctx, sid):
        pay(state, ctx, 1)
        opts = rally_options(state, sid)
        if at_least(state, 6):  # ruleset 6: chosen with the space
            return _rally_do(state, sid, "base" if ctx.get("rally", {}).get(sid) == "base" else "guerrillas")
        if len(opts) == 1:
            return _rally_do(state, sid, opts[0])
        return [ask(F, msg("prompt.rev.rally_mode", "Rally in {space}: place Guerrillas or build a Base?",
                           space=sid),
                    opts, on="rev.rally.mode", ctx={"sid": sid},
                    labels={"guerrillas": f"Place {1 + dv.n(state.spaces[sid], 'rev_base')} Guerrilla(s)",
                            "base": f"Replace {state.unity} Guerrilla(s) with a Base"})]

    def finish(self, state, ctx):
        if ctx["spaces"] and board.in_box(state, "out_of_play", "guerrilla"):
            return [ask(F, msg("prompt.rev.rally_oop", "Rally: move 1 Guerrilla from Out of Play to Available?"),
                        ["guerrilla"], on="rev.rally.oop", labels={"guerrilla": "Move 1 Guerrilla to Available"},
                        done="Leave it Out of Play")]
        return []


@callback("rev.rally.mode")
def _rally_mode(state, c, cid):
    return _rally_do(state, c["sid"], cid)


def _rally_do(state: GandhiState, sid: str, mode: str) -> list[Frame]:
    if mode == "guerrillas":
        want = 1 + dv.n(state.spaces[sid], "rev_base")
        k = board.place(state, sid, "guerrilla_underground", want)
        log(state, "log.rev.rally_place", "Rally in {space}: {n} Guerrilla(s) placed Underground.",
            actor=F, space=sid, n=k)
        return []
    return _rally_replace(state, sid, state.unity)


def _rally_replace(state: GandhiState, sid: str, left: int) -> list[Frame]:
    """Remove ``left`` more Guerrillas for the Base; ask which side when both
    are present and the choice matters, then place the Base."""
    sp = state.spaces[sid]
    while left > 0:
        a, u = dv.n(sp, "guerrilla_active"), dv.n(sp, "guerrilla_underground")
        if a and u and a + u > left:
            return [ask(F, msg("prompt.rev.rally_replace",
                               "Build a Base in {space}: which Guerrilla to replace ({left} more)?",
                               space=sid, left=left),
                        ["active", "underground"], on="rev.rally.replace",
                        ctx={"sid": sid, "left": left}, labels=SIDE_LABELS)]
        kind = "guerrilla_active" if a else "guerrilla_underground"
        board.remove(state, sid, kind, 1)
        left -= 1
    board.place(state, sid, "rev_base", 1)
    log(state, "log.rev.rally_base", "Rally in {space}: {n} Guerrilla(s) replaced with a Revolutionary Base.",
        actor=F, space=sid, n=state.unity)
    return []


@callback("rev.rally.replace")
def _rally_replace_cb(state, c, cid):
    board.remove(state, c["sid"], SIDE_KIND[cid], 1)
    return _rally_replace(state, c["sid"], c["left"] - 1)


@callback("rev.rally.oop")
def _rally_oop(state, c, cid):
    board.transfer(state, "guerrilla", 1, "out_of_play", "available")
    log(state, "log.rev.rally_oop", "Rally: 1 Guerrilla moves from Out of Play to Available.", actor=F)
    return []


# --- March (3.4.2) -----------------------------------------------------------

def march_reach(origin: str, underground: bool) -> set[str]:
    """Destinations of a Guerrilla marching from ``origin`` (3.4.2): adjacent
    spaces; an Underground Guerrilla may also move along a chain of adjacent
    Railways and Cities (stopping anywhere on it) and then, if desired, into a
    space adjacent to the chain."""
    m = get_data().map
    out = set(m.adjacent[origin])
    if underground:
        def link(s: str) -> bool:
            return m.spaces[s].is_railway or m.spaces[s].is_city

        chain: set[str] = set()
        todo = [s for s in m.adjacent[origin] if link(s)]
        if link(origin):
            todo.append(origin)
        while todo:
            s = todo.pop()
            if s in chain:
                continue
            chain.add(s)
            todo += [t for t in m.adjacent[s] if link(t) and t not in chain]
        out |= chain
        for s in chain:
            out |= m.adjacent[s]
    out.discard(origin)
    return out


def _moved(ctx: Ctx) -> dict[str, dict[str, int]]:
    return ctx["data"].setdefault("moved", {})


def movable(state: GandhiState, ctx: Ctx, sid: str, kind: str) -> int:
    """Guerrillas of ``kind`` in ``sid`` that have not moved in this March (3.1.2)."""
    done = _moved(ctx).get(sid, {}).get(kind, 0)
    return max(0, board.count(state, sid, kind) - done)


def note_flip(ctx: Ctx, sid: str, frm: str, to: str, k: int) -> None:
    """Keep the March's record of moved Guerrillas (3.1.2) in step when a
    Special Activity flips Guerrillas in ``sid`` during the March: moved
    Guerrillas are flipped first (the final position is the same either way,
    and the unmoved ones keep their side)."""
    if not ctx or ctx.get("op") != "march":
        return
    rec = _moved(ctx).get(sid)
    if not rec:
        return
    m = min(k, rec.get(frm, 0))
    if m:
        rec[frm] -= m
        rec[to] = rec.get(to, 0) + m


def march_destinations(state: GandhiState, ctx: Ctx, origin: str) -> dict[str, list[str]]:
    """Destination -> Guerrilla kinds at ``origin`` that may still move there."""
    out: dict[str, list[str]] = {}
    for kind, under in (("guerrilla_underground", True), ("guerrilla_active", False)):
        if movable(state, ctx, origin, kind):
            for d in march_reach(origin, under):
                out.setdefault(d, []).append(kind)
    return out


@operation
class March(EachMapSpace, Operation):
    """March (3.4.2): choose origin spaces; 1 Resource per origin (Railway
    origins cost 0). From each origin any Guerrillas there may move to adjacent
    spaces; Underground Guerrillas may instead move along a chain of adjacent
    Railways and Cities and then into an adjacent space. Each Guerrilla moves
    once (3.1.2). In each destination at Active or Passive Support and each
    Railway destination, if the Guerrillas moving in plus the cubes there
    exceed 3, the moving Guerrillas (only) are Activated. A Limited March has one
    origin and any number of destinations (2.3.5).

    Guerrillas move one at a time: the player picks a destination and, when
    both sides could go there, which side moves."""

    name = "march"
    faction = F
    label = "March"
    rule = "3.4.2"

    def joins_spaces(self, state, ctx):
        """Ruleset 6 (issue 14): its origins are one set, the Guerrillas
        leaving each then asked in the order given: an origin's Guerrillas
        that have not moved stay movable whatever the others send in
        (3.1.2), so the origins do not interact but through the Resources
        (1 per origin off the Railways), which the set must cover (3.1)."""
        return at_least(state, 6)

    def _cost(self, sid):
        return 0 if dv.is_railway(sid) else 1

    def space_ok(self, state, ctx, sid):
        return (sid not in ctx["spaces"] and can_pay(state, ctx, self._cost(sid))
                and bool(movable(state, ctx, sid, "guerrilla_underground")
                         or movable(state, ctx, sid, "guerrilla_active")))

    def why_not(self, state, ctx, sid):
        sp = state.spaces[sid]
        if not dv.guerrillas(sp):
            return f"{space_name(sid)} has no Guerrillas to March (3.4.2)."
        if not (movable(state, ctx, sid, "guerrilla_underground") or movable(state, ctx, sid, "guerrilla_active")):
            return f"The Guerrillas in {space_name(sid)} have already moved in this March (3.1.2)."
        if not can_pay(state, ctx, self._cost(sid)):
            return (f"The Revolutionaries cannot pay for a March from {space_name(sid)}: "
                    f"Resources {state.resources[F]}, cost 1 (3.4.2).")
        return None

    def select(self, state, ctx, sid):
        pay(state, ctx, self._cost(sid))
        return _march_next(state, ctx, sid)


def _march_next(state: GandhiState, ctx: Ctx, origin: str) -> list[Frame]:
    dests = march_destinations(state, ctx, origin)
    if not dests:
        return []
    order = [s for s in get_data().map.ids if s in dests]
    counts = None
    if at_least(state, 5):  # issue 14: "3 Underground Guerrillas to Bengal" in one answer
        order, counts = _march_counts(state, ctx, origin, order, dests)
    return [ask(F, msg("prompt.rev.march_dest", "March from {space}: move a Guerrilla to which space?",
                       space=origin),
                order, on="rev.march.dest", ctx={"origin": origin},
                done=f"Move no more Guerrillas from {space_name(origin)}", counts=counts)]


def _march_counts(state: GandhiState, ctx: Ctx, origin: str, order: list[str], dests: dict[str, list[str]]):
    """Ruleset 5: each destination as a quantity of the Guerrillas that may
    go there (3.4.2, each moving once, 3.1.2); where both sides could go, one
    option per side ("bengal:underground"), so that no second question
    follows. Returns ``(options, counts)`` for :func:`ask`."""
    out, counts = [], {}
    for d in order:
        kinds = dests[d]
        for k in kinds:
            oid = d if len(kinds) == 1 else f"{d}:{KIND_SIDE[k]}"
            most = movable(state, ctx, origin, k)
            one = msg("choice.march_to", "{kind} to {space}", kind=k, space=d)
            counts[oid] = (most, one if len(kinds) > 1 else msg("space", space_name(d), space=d),
                           msg("choice.march_n", "{kind}: move {n} to {space}", kind=k, space=d))
            out.append(oid)
    return out, counts


@callback("rev.march.dest")
def _march_dest(state, c, cid):
    ctx = state.action
    if ":" in cid:  # ruleset 5: the destination with its side
        dest, side = cid.split(":")
        return _march_move(state, c["origin"], dest, SIDE_KIND[side])
    kinds = march_destinations(state, ctx, c["origin"]).get(cid, [])
    if len(kinds) == 1:
        return _march_move(state, c["origin"], cid, kinds[0])
    return [ask(F, msg("prompt.rev.march_kind", "March from {origin} to {space}: move which Guerrilla?",
                       origin=c["origin"], space=cid),
                [KIND_SIDE[k] for k in kinds], on="rev.march.kind", ctx={"origin": c["origin"], "dest": cid},
                labels=SIDE_LABELS)]


@callback("rev.march.kind")
def _march_kind(state, c, cid):
    return _march_move(state, c["origin"], c["dest"], SIDE_KIND[cid])


def _march_move(state: GandhiState, origin: str, dest: str, kind: str) -> list[Frame]:
    ctx = state.action
    board.move(state, origin, dest, kind, 1)
    rec = _moved(ctx).setdefault(dest, {})
    rec[kind] = rec.get(kind, 0) + 1
    into = ctx["data"].setdefault("into", {})
    into[dest] = into.get(dest, 0) + 1
    log(state, "log.rev.march_move", "March: a Guerrilla moves from {origin} to {space}.", actor=F,
        origin=origin, space=dest, kind=kind)
    sp = state.spaces[dest]
    if (dv.is_railway(dest) or sp.support > 0) and into[dest] + dv.cubes(sp) > 3:
        k = board.flip(state, dest, "guerrilla_underground", "guerrilla_active", rec.get("guerrilla_underground", 0))
        if k:
            rec["guerrilla_underground"] -= k
            rec["guerrilla_active"] = rec.get("guerrilla_active", 0) + k
            log(state, "log.rev.march_activate",
                "March: moving Guerrillas plus cubes exceed 3 in {space}: {n} moving Guerrilla(s) Activated.",
                actor=F, space=dest, n=k)
    return _march_next(state, ctx, origin)


# --- Attack (3.4.3) ----------------------------------------------------------

def attack_removable(state: GandhiState, sid: str) -> list[str]:
    """Kinds an Attack may remove next in ``sid`` (3.4.3, 1.4.4): any Active
    adversary piece but Gandhi; Sepoys before Troops; Troops only once no
    Sepoys and no Active Activists remain ("Troops last"); Muslim League Bases
    only once no Activists (Active or not) remain ("Bases last")."""
    sp = state.spaces[sid]
    kinds = active_adversary_kinds(state, sid)
    out = []
    for k in kinds:
        if k == "troop" and any(x in kinds for x in ("sepoy", "inc_activist", "ml_activist")):
            continue
        if k == "ml_base" and dv.activists(sp):
            continue
        out.append(k)
    return out


@operation
class Attack(EachMapSpace, Operation):
    """Attack (3.4.3): Cities, Provinces and States with Guerrillas; 1 Resource
    per space. Activate all Guerrillas there and roll a die; if the roll is at
    most the number of Guerrillas there, the Revolutionaries remove up to two
    Active adversary pieces of their choice, asked one at a time with "Remove
    no more" (never Gandhi; order per :func:`attack_removable`; removed
    pieces go to Available, 1.4.1) and then,
    if the space has a Protest or is without Raj Control, add an Unrest marker
    (reading R-3.4.3: ES and JA say "or"; the IT "and" is a slip)."""

    together = True  # independent spaces: chosen several at once under ruleset 4 (issue 14)

    name = "attack"
    faction = F
    label = "Attack"
    rule = "3.4.3"

    def ready(self, state, ctx):
        return can_pay(state, ctx, 1)

    def space_ok(self, state, ctx, sid):
        return sid not in ctx["spaces"] and is_populated(sid) and bool(dv.guerrillas(state.spaces[sid]))

    def why_not(self, state, ctx, sid):
        if dv.is_railway(sid):
            return f"{space_name(sid)} is a Railway: Attack is only in Cities, Provinces and States (3.4.3)."
        if not dv.guerrillas(state.spaces[sid]):
            return f"{space_name(sid)} has no Guerrillas (3.4.3)."
        if not can_pay(state, ctx, 1):
            return f"The Revolutionaries cannot pay for Attack: Resources {state.resources[F]}, cost 1 (3.4.3)."
        return None

    def select(self, state, ctx, sid):
        pay(state, ctx, 1)
        board.activate_guerrillas(state, sid, board.count(state, sid, "guerrilla_underground"))
        g = dv.guerrillas(state.spaces[sid])
        roll = rng.roll_die(state)
        ok = roll <= g
        log(state, "log.rev.attack_roll", "Attack in {space}: {n} Guerrilla(s), die {roll}: {result}.", actor=F,
            space=sid, n=g, roll=roll, result="success" if ok else "failure")
        if not ok:
            return []
        return _attack_remove(state, sid, 2) + [frame("rev.attack.unrest", sid=sid)]


def _attack_remove(state: GandhiState, sid: str, left: int) -> list[Frame]:
    """Ask for the next of "up to" ``left`` removals (1.4.4 "sino a due pezzi",
    ES "puede escoger"; 3.4.3): the Revolutionaries may stop at any time,
    e.g. to spare their own side's cubes when one player holds the Raj too, or
    when Attacking only to place Unrest (3.4.3 note). Games begun under
    ruleset 1 (:mod:`engine.gandhi.ruleset`) replay as they were: both
    removals made, asked only when there was a choice of kind."""
    upto = at_least(state, 2)
    kinds = attack_removable(state, sid) if left > 0 else []
    while not upto and len(kinds) == 1:
        board.remove(state, sid, kinds[0], 1)
        _note_removed(state, sid, kinds[0], "Attack")
        left -= 1
        kinds = attack_removable(state, sid) if left > 0 else []
    if not kinds:
        return []
    return [ask(F, msg("prompt.rev.attack_remove", "Attack in {space}: remove which piece ({left} left)?",
                       space=sid, left=left),
                kinds, on="rev.attack.remove", ctx={"sid": sid, "left": left}, labels=labels_for(kinds),
                done="Remove no more" if upto else None)]


@callback("rev.attack.remove")
def _attack_remove_cb(state, c, cid):
    board.remove(state, c["sid"], cid, 1)
    _note_removed(state, c["sid"], cid, "Attack")
    return _attack_remove(state, c["sid"], c["left"] - 1)


@register
class AttackUnrest(Step):
    """3.4.3 after a successful Attack: Unrest if Protest or no Raj Control."""

    name = "rev.attack.unrest"
    auto = True

    def run(self, state, fr):
        sid = fr["sid"]
        if state.spaces[sid].protest or not dv.raj_control(state, sid):
            if board.add_unrest(state, sid):
                log(state, "log.rev.unrest", "An Unrest marker is added in {space}.", actor=F, space=sid)
            else:
                log(state, "log.rev.no_unrest", "No Unrest marker is left to add in {space}.", actor=F, space=sid)


# --- Riot (3.4.4) ------------------------------------------------------------

def riot_eligible(state: GandhiState, sid: str) -> bool:
    """A space with an Underground Guerrilla or, in Crisis only (6.8), with
    both Congress and Muslim League Activists (3.4.4)."""
    sp = state.spaces[sid]
    if dv.n(sp, "guerrilla_underground"):
        return True
    return dv.crisis(state) and dv.n(sp, "inc_activist") > 0 and dv.n(sp, "ml_activist") > 0


@operation
class Riot(EachMapSpace, Operation):
    """Riot (3.4.4): spaces with an Underground Guerrilla or, in Crisis only,
    with both Congress and Muslim League Activists; each costs Resources equal
    to Restraint (judged when chosen, 3.1.5). In each space Activate one
    Underground Guerrilla if there is one; a City, Province or State shifts 1
    level toward Neutral and gets an Unrest marker; a Railway gets a Strike
    marker if it has none. After all spaces, Restraint -1 (once)."""

    together = True  # independent spaces: chosen several at once under ruleset 4 (issue 14)

    name = "riot"
    faction = F
    label = "Riot"
    rule = "3.4.4"

    def ready(self, state, ctx):
        return can_pay(state, ctx, state.restraint)

    def space_ok(self, state, ctx, sid):
        return sid not in ctx["spaces"] and riot_eligible(state, sid)

    def why_not(self, state, ctx, sid):
        if not riot_eligible(state, sid):
            if dv.crisis(state):
                return (f"{space_name(sid)} has no Underground Guerrilla and not both Congress and "
                        f"Muslim League Activists (3.4.4).")
            return f"{space_name(sid)} has no Underground Guerrilla (3.4.4; Activists count only in Crisis)."
        if not can_pay(state, ctx, state.restraint):
            return (f"The Revolutionaries cannot pay for Riot: Resources {state.resources[F]}, "
                    f"Restraint {state.restraint} (3.4.4).")
        return None

    def select(self, state, ctx, sid):
        pay(state, ctx, state.restraint)
        board.activate_guerrillas(state, sid, 1)
        if dv.is_railway(sid):
            if state.spaces[sid].strike:
                log(state, "log.rev.riot_struck", "Riot on {space}: the Railway already has a Strike.", actor=F,
                    space=sid)
            elif board.add_unrest(state, sid):
                log(state, "log.rev.strike", "Riot on {space}: a Strike marker is added.", actor=F, space=sid)
            else:
                log(state, "log.rev.no_unrest", "No Unrest marker is left to add in {space}.", actor=F, space=sid)
            return []
        board.shift_toward_neutral(state, sid, 1)
        if board.add_unrest(state, sid):
            log(state, "log.rev.riot", "Riot in {space}: shift toward Neutral, an Unrest marker is added.",
                actor=F, space=sid)
        else:
            log(state, "log.rev.no_unrest", "No Unrest marker is left to add in {space}.", actor=F, space=sid)
        return []

    def finish(self, state, ctx):
        if ctx["spaces"]:
            board.shift_restraint(state, -1)
            log(state, "log.rev.riot_restraint", "Riot: Restraint -1 (now {n}).", actor=F, n=state.restraint)
        return []

