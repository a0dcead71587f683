"""Insurgent Operations (3.3): Rally, March, Attack, Terror, for the
Taliban (seed L317-373) and the Warlords (seed L9-63)."""
from __future__ import annotations

from ...core.engine import log
from ...core.rng import roll_die
from ..board import (BASES, CUBES, GUERRILLAS, can_place_base, faction_pieces, flip, guerrillas, mark_terror, move, n,
                     place, shift_support, underground)
from ..data import get_data
from ..derived import pop
from ..flow import choice
from ..ruleset import at_least
from ..state import AdpState
from . import OpDef, register_op, with_sa
from .common import MOVE_HOOKS, QTY, enemy_kinds, move_frames, pick, picker, quantity, removals

INSURGENT_FACTIONS = ("taliban", "warlords")


def sp(sid):
    return get_data().spaces[sid]


def one(state, act, sid):
    return 1


def non_loc_cost(state, act, sid):
    """1 Resource per space, LoCs 0 (seed L33, L57, L341, L367)."""
    return 0 if sp(sid).is_loc else 1


# ------------------------------------------------------------------ Rally (3.3.1)

def tal_rally_where(state, act):
    """Seed L323: Pashtun Provinces, Provinces without Support, or Kabul."""
    return [s for s, d in get_data().spaces.items()
            if not d.is_loc and (s == "kabul" or d.pashtun or state.spaces[s].support < 1)]


def wl_rally_where(state, act):
    """Seed L15: any Province or Kabul."""
    return [s for s, d in get_data().spaces.items() if not d.is_loc]


def rally_bonus(state: AdpState, f: str, sid: str) -> bool:
    """A Base there already (seed L21, L329); for the Warlords not in a Pashtun space."""
    return n(state, sid, BASES[f]) > 0 and (f == "taliban" or not sp(sid).pashtun)


def _rally_options(state, ctx):
    f, sid = ctx["faction"], ctx["space"]
    g = f"{f}_guerrillas"
    out = []
    if state.available.get(g, 0):
        out.append(choice("place", "choice.rally_place", "Place a Guerrilla"))
    if guerrillas(state, sid, f) >= 2 and can_place_base(state, sid, f):
        out.append(choice("base", "choice.rally_base", "Replace 2 Guerrillas with a Base"))
    if rally_bonus(state, f, sid):
        if state.available.get(g, 0):
            out.append(choice("many", "choice.rally_many", "Place up to Bases + Population Guerrillas"))
        if n(state, sid, f"{f}_guerrillas_active"):
            out.append(choice("flip", "choice.rally_flip", "Flip all Guerrillas Underground"))
    return out or [choice("done", "choice.done", "Done")]


def _rally_then(state, ctx, cid):
    f, sid = ctx["faction"], ctx["space"]
    if cid == "place":
        place(state, sid, f"{f}_guerrillas_underground")
    elif cid == "base":
        _take_guerrillas(state, sid, f, 2)
        place(state, sid, BASES[f])
    elif cid == "many":
        hi = min(n(state, sid, BASES[f]) + pop(state, sid), state.available[f"{f}_guerrillas"])
        return [quantity("rally.many", f, 1, hi, "prompt.rally_many", "{space}: how many Guerrillas to place?",
                         {"space": sid}, space=sid)]
    elif cid == "flip":
        flip(state, sid, f, guerrillas(state, sid, f), to_active=False)
        if f == "taliban" and not state.action["data"].get("sharia"):
            state.action["data"]["sharia"] = True  # then in 1 Base buy Sharia (seed L333)
            return sharia(state, sid)
    if cid != "done":
        log(state, "log.rally", "Rally in {space}: {how}.", actor=f, space=sid, how=cid)
    return []


def _take_guerrillas(state, sid, f, k):
    from ..board import remove_to

    for kind in GUERRILLAS[f][::-1]:  # Active ones first
        t = min(k, n(state, sid, kind))
        if t:
            remove_to(state, sid, kind, t)
            k -= t


picker("rally", _rally_options, _rally_then)
def _rally_many(state, ctx, k):
    """Place ``k`` Guerrillas; logged with the count (ruleset 2: the log said
    nothing, so the other players could not check it)."""
    place(state, ctx["space"], f"{ctx['faction']}_guerrillas_underground", k)
    if at_least(state, 2):
        log(state, "log.rally_many", "Rally in {space}: {n} Guerrillas placed.", actor=ctx["faction"],
            space=ctx["space"], n=k)
    return []


QTY["rally.many"] = _rally_many


def rally_run(state, act, sid):
    return [pick("rally", act["faction"], "prompt.rally", "Rally in {space}: choose.", {"space": sid}, space=sid)]


# Sharia (seed L333, L454): 1 Taliban Resource a step, in a space with Taliban Control (Propaganda)
# or, after a Rally flip, in 1 space with a Taliban Base.

def sharia(state: AdpState, sid: str) -> list:
    return [pick("sharia", "taliban", "prompt.sharia", "Sharia in {space}: 1 Taliban Resource a step.",
                 {"space": sid}, space=sid)]


def _sharia_options(state, ctx):
    s = state.spaces[ctx["space"]]
    room = s.terror > 0 or s.support > -1
    buy = [choice("buy", "choice.sharia_buy", "Buy a step (1 Resource)")] if room and state.resources["taliban"] else []
    return buy + [choice("done", "choice.done", "Done")]


def _sharia_then(state, ctx, cid):
    if cid == "done":
        return []
    from .coin import civic_step

    state.resources["taliban"] -= 1
    civic_step(state, ctx["space"], -1)
    log(state, "log.sharia", "Sharia in {space}.", actor="taliban", space=ctx["space"])
    return sharia(state, ctx["space"])


picker("sharia", _sharia_options, _sharia_then)


# ------------------------------------------------------------------ March (3.3.2)

def march_where(state, act):
    f = act["faction"]
    return [s for s in state.spaces if _march_sources(state, f, s)]


def _march_sources(state, f, dst):
    return {x: list(GUERRILLAS[f]) for x in get_data().adjacent[dst] if guerrillas(state, x, f)}


def march_run(state, act, sid):
    return move_frames(state, act["faction"], sid, _march_sources(state, act["faction"], sid), hook="march",
                       ug=0)


def march_activates(state: AdpState, f: str, dst: str, movers: int) -> bool:
    """Seed L37-39 (Warlords): LoC or Pashtun destination and movers + Taliban
    Guerrillas there > 3. Seed L345-347 (Taliban): LoC or non-Pashtun and
    movers + Warlords Guerrillas + cubes there > 3. The counts there include
    no mover."""
    d = sp(dst)
    if f == "warlords":
        return (d.is_loc or d.pashtun) and movers + guerrillas(state, dst, "taliban") > 3
    cubes = n(state, dst, *CUBES["coalition"], *CUBES["government"])
    return (d.is_loc or not d.pashtun) and movers + guerrillas(state, dst, "warlords") + cubes > 3


def _march_hook(state, ctx, src, kind, k):
    if k:
        if kind.endswith("_underground"):
            ctx["ug"] = ctx.get("ug", 0) + k
        return []
    f, dst, moved = ctx["faction"], ctx["dst"], ctx["moved"]
    if moved and march_activates(state, f, dst, moved):
        t = flip(state, dst, f, ctx.get("ug", 0))
        log(state, "log.march_active", "{space}: the {n} marching Guerrilla(s) turn Active.", space=dst, n=t)
    if f == "taliban" and moved and sp(dst).pashtun:  # seed L349: further Marches, paying
        nxt = [x for x in get_data().adjacent[dst]
               if (sp(x).is_loc or state.resources["taliban"] >= 1)]
        if nxt:
            return [pick("march.on", f, "prompt.march_on", "March on from {space}? Choose where, or done.",
                         {"space": dst}, src=dst, cap=moved, options=nxt)]
    return []


def _march_on_then(state, ctx, cid):
    if cid == "done":
        return []
    cost = 0 if sp(cid).is_loc else 1
    state.resources["taliban"] -= cost
    state.action["spaces"].append(cid)
    return move_frames(state, "taliban", cid, {ctx["src"]: list(GUERRILLAS["taliban"])}, hook="march",
                       cap=ctx["cap"], ug=0)


MOVE_HOOKS["march"] = _march_hook
picker("march.on", lambda s, c: [choice(x, "choice.space", "{space}", space=x) for x in c["options"]]
       + [choice("done", "choice.done", "Done")], _march_on_then)


# ------------------------------------------------------------------ Attack (3.3.3)

def _enemies(state, f, sid):
    return sum(n(state, sid, k) for k in enemy_kinds(f))


def attack_where(state, act):
    """Taliban (seed L355): own Guerrilla and an enemy there. Warlords (seed
    L45, "any space"): the same test, since the roll needs Guerrillas (reading R26)."""
    f = act["faction"]
    return [s for s in state.spaces if guerrillas(state, s, f) and _enemies(state, f, s)]


def attack_run(state, act, sid):
    f = act["faction"]
    ambush_open = act["sa_state"] == "none" or act["sa"] == "ambush"
    if (f == "taliban" and with_sa(act) and ambush_open and underground(state, sid, f)
            and len(act["sa_spaces"]) < 3):
        return [pick("ambush", f, "prompt.ambush", "{space}: Ambush here?", {"space": sid}, space=sid)]
    return _attack(state, f, sid)


def _attack(state, f, sid):
    """Seed L49, L359: all Guerrillas Active; a die at most their number
    removes 2 enemy pieces; a 1 also places a Guerrilla."""
    g = guerrillas(state, sid, f)
    flip(state, sid, f, g)
    die = roll_die(state)
    ok = die <= g
    log(state, "log.attack", "Attack in {space}: die {die} against {g} Guerrilla(s): {result}.", actor=f,
        space=sid, die=die, g=g, result="hit" if ok else "miss")
    if not ok:
        return []
    if die == 1:
        place(state, sid, f"{f}_guerrillas_active")
    return removals(state, f, sid, 2, "attack")


def _ambush_then(state, ctx, cid):
    f, sid = ctx["faction"], ctx["space"]
    if cid == "no":
        return _attack(state, f, sid)
    a = state.action
    if a["sa"] != "ambush":  # the Special Activity of this Operation (4.1)
        a["sa"], a["sa_state"] = "ambush", "done"
        log(state, "log.sa", "{faction}: Special Activity {sa}.", actor=f, faction=f, sa="ambush")
    a["sa_spaces"].append(sid)
    flip(state, sid, f, 1)  # seed L405: only one Guerrilla turns Active, no die
    place(state, sid, "taliban_guerrillas_underground")
    log(state, "log.ambush", "Ambush in {space}.", actor=f, space=sid)
    return removals(state, f, sid, 2, "attack")


picker("ambush", lambda s, c: [choice("yes", "choice.yes", "Yes"), choice("no", "choice.no", "No")], _ambush_then)


# ------------------------------------------------------------------ Terror (3.3.4)

def terror_where(state, act):
    return [s for s in state.spaces if underground(state, s, act["faction"])]


def terror_run(state, act, sid):
    """Seed L59-63 (Warlords: Neutral), L369-373 (Taliban: one level toward
    Opposition); on an unsabotaged LoC, Sabotage."""
    f = act["faction"]
    flip(state, sid, f, 1)
    s = state.spaces[sid]
    if mark_terror(state, sid) == "terror":
        if f == "taliban":
            shift_support(state, sid, -1)
        else:
            s.support = 0
    log(state, "log.terror", "Terror in {space}.", actor=f, space=sid)
    return []


for _f, _sas_r, _sas_m, _sas_a, _sas_t in (
        ("taliban", ("extort", "infiltrate"), ("extort", "infiltrate"), ("extort", "ambush"), ("extort",)),
        ("warlords", ("cultivate", "traffic", "suborn"), ("cultivate", "traffic", "suborn"), ("suborn",), ("suborn",))):
    register_op(OpDef("rally", _f, "3.3.1", tal_rally_where if _f == "taliban" else wl_rally_where, rally_run,
                      one, _f, _sas_r))
    register_op(OpDef("march", _f, "3.3.2", march_where, march_run, non_loc_cost, _f, _sas_m, not_final=True))
    register_op(OpDef("attack", _f, "3.3.3", attack_where, attack_run, one, _f, _sas_a))
    register_op(OpDef("terror", _f, "3.3.4", terror_where, terror_run, non_loc_cost, _f, _sas_t))

__all__ = ["faction_pieces", "move", "sharia", "march_activates", "rally_bonus"]
