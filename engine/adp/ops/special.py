"""The 12 Special Activities (4.x) as the aids state them: Coalition Surge,
Air Lift, Air Strike (seed L263-297); Government Govern, Transport, Eradicate
(L163-191); Taliban Extort, Infiltrate, Ambush (L377-405; Ambush runs inside
the Attack, ops.insurgent); Warlords Cultivate, Traffic, Suborn (L67-99)."""
from __future__ import annotations

from ...core.engine import log
from ...core.rng import roll_die
from ..board import (BASES, CUBES, GUERRILLAS, add_resources, add_track, can_place_base, can_place_pop, coin_pieces,
                     faction_pieces, flip, guerrillas, move, n, place, remove_to, set_pop, transfer, underground)
from ..data import get_data
from ..derived import control, pop
from ..flow import choice, count_choices
from ..ruleset import at_least
from ..state import AdpState
from . import SADef, register_sa
from .coin import KABUL, chain_reach
from .common import QTY, REMOVE_HOOKS, legal_removals, optional, pick, picker, quantity, removals

MANY = 99


def sp(sid):
    return get_data().spaces[sid]


def afghan(sid):
    return not sp(sid).is_loc and not sp(sid).pakistan


# ------------------------------------------------------------------ Surge (4.2.1)

def surge_where(state, act):
    """Seed L271: Kabul or Provinces with COIN Control."""
    return [s for s in state.spaces if afghan(s) and (s == KABUL or control(state, s) == "coin")]


def _surge_options(state, ctx):
    sid = ctx["space"]
    out = []
    for kind in ("coalition_troops", "coalition_bases"):
        if state.available.get(kind, 0) and (kind == "coalition_troops" or can_place_base(state, sid, "coalition")):
            out.append(choice(f"in:{kind}", "choice.surge_in", "{piece} from Available", piece=kind))
        if n(state, sid, kind):
            out.append(choice(f"out:{kind}", "choice.surge_out", "{piece} to Available", piece=kind))
    return out + [choice("done", "choice.done", "Done")]


def _surge_then(state, ctx, cid):
    if cid == "done":
        return []
    way, kind = cid.split(":")
    sid = ctx["space"]
    if way == "in":
        place(state, sid, kind, 1)
    else:
        remove_to(state, sid, kind, 1)
    log(state, "log.surge", "Surge: {piece} {way} {space}.", actor="coalition", piece=kind, way=way, space=sid)
    return [pick("surge", "coalition", "prompt.surge", "Surge in {space}: move Coalition pieces.", {"space": sid},
                 space=sid)]


picker("surge", _surge_options, _surge_then)


def surge_after(state, act):
    """Seed L273: then, if desired, a die split between Aid and Warlords Resources."""
    return [pick("surge.roll", "coalition", "prompt.surge_roll", "Surge: roll a die for Aid and Warlords Resources?")]


def _surge_roll_then(state, ctx, cid):
    if cid == "no":
        return []
    d = roll_die(state)
    log(state, "log.surge_roll", "Surge die: {die}.", actor="coalition", die=d)
    return [quantity("surge.split", "coalition", 0, d, "prompt.surge_split",
                     "Die {die}: how much goes to Aid (the rest to the Warlords)?", {"die": d}, die=d)]


def _surge_split(state, ctx, k):
    add_track(state, "aid", k)
    add_resources(state, "warlords", ctx["die"] - k)
    log(state, "log.surge_split", "+{aid} Aid, +{wl} Warlords Resources.", actor="coalition", aid=k, wl=ctx["die"] - k)
    return []


picker("surge.roll", lambda s, c: [choice("roll", "choice.roll", "Roll"), choice("no", "choice.no", "No")],
       _surge_roll_then)
QTY["surge.split"] = _surge_split


# ------------------------------------------------------------------ Air Lift (4.2.2)

def air_lift_where(state, act):
    return [s for s in state.spaces if not sp(s).pakistan]


def _air_lift_options(state, ctx):
    a = state.action
    picked = a["sa_spaces"]
    gov_left = 3 - a["data"].get("lifted_gov", 0)
    out = []
    for src in picked:
        for dst in picked:
            if src == dst:
                continue
            if n(state, src, "coalition_troops"):
                out.append(choice(f"{src}>{dst}>coalition_troops", "choice.lift", "{piece}: {src} to {dst}",
                                  piece="coalition_troops", src=src, dst=dst))
            if gov_left > 0 and n(state, src, "government_troops"):
                out.append(choice(f"{src}>{dst}>government_troops", "choice.lift", "{piece}: {src} to {dst}",
                                  piece="government_troops", src=src, dst=dst))
    return out + [choice("done", "choice.done", "Done")]


def _air_lift_then(state, ctx, cid):
    if cid == "done":
        return []
    src, dst, kind = cid.split(">")
    hi = n(state, src, kind)
    if kind == "government_troops":
        hi = min(hi, 3 - state.action["data"].get("lifted_gov", 0))
    return [quantity("air_lift.qty", "coalition", 1, hi, "prompt.lift_qty", "How many {piece}?", {"piece": kind},
                     src=src, dst=dst, kind=kind)]


def _air_lift_qty(state, ctx, k):
    move(state, ctx["src"], ctx["dst"], ctx["kind"], k)
    if ctx["kind"] == "government_troops":
        state.action["data"]["lifted_gov"] = state.action["data"].get("lifted_gov", 0) + k
    log(state, "log.moved", "{n} {piece}: {src} to {dst}.", actor="coalition", n=k, piece=ctx["kind"],
        src=ctx["src"], dst=ctx["dst"])
    return air_lift_after(state, state.action)


def air_lift_after(state, act):
    """Seed L285: any Coalition Troops and up to 3 Government Troops among the 3 spaces."""
    return optional(state, pick("air_lift", "coalition", "prompt.lift",
                                "Air Lift: move Troops among the chosen spaces, or done."))


picker("air_lift", _air_lift_options, _air_lift_then)
QTY["air_lift.qty"] = _air_lift_qty


# ------------------------------------------------------------------ Air Strike (4.2.3)

def air_strike_where(state, act):
    """Seed L295: up to 3 spaces outside Kabul (LoCs and Pakistan included, reading R23)."""
    return [s for s in state.spaces if s != KABUL and legal_removals(state, s, "assault", "coalition")]


def air_strike_run(state, act, sid):
    if sp(sid).pakistan:
        act["data"]["pakistan"] = True
    return removals(state, "coalition", sid, 1, "assault")


def shift_islamabad_to_backing(state: AdpState) -> None:
    """One box toward Backing, *Sostegno* (seed L297, L468; reading R7)."""
    target = get_data().islamabad_boxes.index("backing")
    box = get_data().islamabad_boxes
    if state.islamabad != target:
        state.islamabad += 1 if state.islamabad < target else -1
    elif at_least(state, 2):  # it was already there: the log said it shifted (ruleset 1)
        log(state, "log.islamabad_stays", "Islamabad stays at {box}.", box=box[state.islamabad])
        return
    log(state, "log.islamabad", "Islamabad shifts to {box}.", box=box[state.islamabad])


def air_strike_after(state, act):
    if act["data"].get("pakistan"):
        shift_islamabad_to_backing(state)
    return []


# ------------------------------------------------------------------ Govern (4.3.1)

def govern_where(state, act):
    """Seed L169: COIN-Controlled spaces with Support or 0 Population (as printed, reading R19)."""
    return [s for s in state.spaces if afghan(s) and control(state, s) == "coin"
            and (state.spaces[s].support > 0 or pop(state, s) == 0) and _govern_options_of(state, s)]


def _govern_options_of(state, sid):
    out = []
    if can_place_pop(state, sid):
        out.append(choice("pop", "choice.govern_pop", "Place a +1 Pop marker"))
    if not n(state, sid, "coalition_bases"):
        out.append(choice("patronage", "choice.govern_patronage", "Population from Aid to Patronage; Neutral"))
    return out


def _govern_then(state, ctx, cid):
    sid = ctx["space"]
    if cid == "pop":
        set_pop(state, sid, True)
    else:
        k = min(pop(state, sid), state.aid)
        add_track(state, "aid", -k)
        add_track(state, "patronage", k)
        state.spaces[sid].support = 0
    log(state, "log.govern", "Govern in {space}: {how}.", actor="government", space=sid, how=cid)
    return []


picker("govern", lambda s, c: _govern_options_of(s, c["space"]), _govern_then)


def govern_run(state, act, sid):
    return [pick("govern", "government", "prompt.govern", "Govern in {space}: choose.", {"space": sid}, space=sid)]


# ------------------------------------------------------------------ Transport (4.3.2)

def transport_where(state, act):
    return [s for s in state.spaces if n(state, s, "government_troops") and _transport_dests(state, s)]


def _transport_dests(state, src):
    data = get_data()
    chain = chain_reach(state, src)
    base = {src} | {c for c in chain if not state.spaces[c].sabotage}
    out = set(chain)
    for x in base:
        out |= {y for y in data.adjacent[x] if not data.spaces[y].pakistan}
    out.discard(src)
    return sorted(out)


def transport_run(state, act, sid):
    return [pick("transport", "government", "prompt.transport", "Transport from {space}: choose the destination.",
                 {"space": sid}, space=sid, options=_transport_dests(state, sid))]


def _transport_then(state, ctx, cid):
    return [quantity("transport.qty", "government", 1, n(state, ctx["space"], "government_troops"),
                     "prompt.transport_qty", "How many Government Troops to {space}?", {"space": cid},
                     src=ctx["space"], dst=cid)]


def _held(state, sid):
    return 1 if guerrillas(state, sid, "taliban") + guerrillas(state, sid, "warlords") else 0


def transport_toll(state: AdpState, src: str, dst: str) -> int:
    """Government Resources owed to the Warlords for a Transport from ``src``
    to ``dst`` (seed L181: 1 for each space entered that holds a Guerrilla,
    the LoCs and Kabul crossed included, as Sweep's L149), along the route
    that owes least: into and along LoCs or Kabul, stopping at a Sabotage,
    then at most one adjacent space. Raises KeyError when no route leads there."""
    data = get_data()

    def road(x):
        return data.spaces[x].is_loc or x == KABUL

    cost = {src: 0}
    todo = [src]
    while todo:  # 0-1 costs on a few dozen spaces: relax until nothing improves
        x = todo.pop(0)
        if x != src and state.spaces[x].sabotage:
            continue  # the chain stops on a Sabotage (seed L181)
        for y in data.adjacent[x]:
            if road(y) and y != src and cost[x] + _held(state, y) < cost.get(y, MANY):
                cost[y] = cost[x] + _held(state, y)
                todo.append(y)
    best = [cost[dst]] if dst in cost else []
    if not data.spaces[dst].pakistan:
        best += [c + _held(state, dst) for x, c in cost.items() if dst in data.adjacent[x]
                 and (x == src or not state.spaces[x].sabotage)]
    return min(best)


def _transport_qty(state, ctx, k):
    toll = transport_toll(state, ctx["src"], ctx["dst"]) if at_least(state, 2) else None
    move(state, ctx["src"], ctx["dst"], "government_troops", k)
    log(state, "log.moved", "{n} {piece}: {src} to {dst}.", actor="government", n=k, piece="government_troops",
        src=ctx["src"], dst=ctx["dst"])
    if toll is None:  # ruleset 1: the destination alone
        if _held(state, ctx["dst"]):
            transfer(state, "government", "warlords", 1)  # seed L181
        return []
    paid = transfer(state, "government", "warlords", toll)
    if paid:
        log(state, "log.transport_toll", "{n} Government Resource(s) to the Warlords for the Guerrillas on the way.",
            actor="government", n=paid)
    return []


picker("transport", lambda s, c: [choice(x, "choice.space", "{space}", space=x) for x in c["options"]],
       _transport_then)
QTY["transport.qty"] = _transport_qty


# ------------------------------------------------------------------ Eradicate (4.3.3)

def eradicate_where(state, act):
    """Seed L189: Provinces with COIN Control, Government cubes and a Warlords Base (reading R20)."""
    return [s for s in state.spaces if afghan(s) and s != KABUL and control(state, s) == "coin"
            and n(state, s, *CUBES["government"]) and n(state, s, "warlords_bases")]


def eradicate_run(state, act, sid):
    """Seed L191: +3 Aid, +1 Patronage, remove a Warlords Base, one level
    toward Opposition, and in a Pashtun space a Taliban Guerrilla."""
    from ..board import shift_support

    add_track(state, "aid", 3)
    add_track(state, "patronage", 1)
    remove_to(state, sid, "warlords_bases", 1)
    shift_support(state, sid, -1)
    if sp(sid).pashtun:
        place(state, sid, "taliban_guerrillas_underground")
    log(state, "log.eradicate", "Eradicate in {space}.", actor="government", space=sid)
    return []


# ------------------------------------------------------------------ Extort (4.4.1)

def extort_where(state, act):
    """Seed L383: an Underground Taliban Guerrilla and more Taliban pieces than enemy pieces."""
    return [s for s in state.spaces if underground(state, s, "taliban")
            and faction_pieces(state, s, "taliban") > coin_pieces(state, s) + faction_pieces(state, s, "warlords")]


def extort_yield(state: AdpState, sid: str) -> tuple[int, bool]:
    """(Resources, taken from the Warlords?) per seed L385; a Province or
    Kabul without Warlords Bases yields 1 (reading R29, provisional)."""
    wb = n(state, sid, "warlords_bases")
    if wb:
        return 2 * wb, True
    if sp(sid).is_loc:
        return (1 if state.spaces[sid].sabotage else sp(sid).econ), False
    return 1, False


def extort_run(state, act, sid):
    flip(state, sid, "taliban", 1)
    k, from_wl = extort_yield(state, sid)
    got = transfer(state, "warlords", "taliban", k) if from_wl else add_resources(state, "taliban", k)
    log(state, "log.extort", "Extort in {space}: +{n} Taliban Resources.", actor="taliban", space=sid, n=got)
    return []


# ------------------------------------------------------------------ Infiltrate (4.4.2)

def infiltrate_where(state, act):
    return [s for s in state.spaces if underground(state, s, "taliban") and legal_removals(state, s, "infiltrate", "taliban")]


def _patronage_hook(state, sid, kind):
    if kind in ("government_troops", "police", "government_bases"):
        add_track(state, "patronage", -1)  # seed L395


REMOVE_HOOKS["infiltrate"] = _patronage_hook


def infiltrate_run(state, act, sid):
    return [pick("infiltrate", "taliban", "prompt.infiltrate", "Infiltrate {space}: remove 2 pieces or replace 1?",
                 {"space": sid}, space=sid)]


def _infiltrate_options(state, ctx):
    out = [choice("remove", "choice.infiltrate_remove", "Remove 2 pieces")]
    if state.available.get("taliban_guerrillas", 0):
        out += [choice(f"replace:{k}", "choice.infiltrate_replace", "Replace a {piece} with a Taliban Guerrilla", piece=k)
                for k in legal_removals(state, ctx["space"], "infiltrate", "taliban")]
    return out


def _infiltrate_then(state, ctx, cid):
    sid = ctx["space"]
    if cid == "remove":
        return removals(state, "taliban", sid, 2, "infiltrate", "infiltrate")
    kind = cid.split(":")[1]
    remove_to(state, sid, kind, 1)
    _patronage_hook(state, sid, kind)
    place(state, sid, "taliban_guerrillas_underground")
    log(state, "log.infiltrate", "Infiltrate: a {piece} replaced in {space}.", actor="taliban", piece=kind, space=sid)
    return []


picker("infiltrate", _infiltrate_options, _infiltrate_then)


# ------------------------------------------------------------------ Cultivate (4.5.1)

def cultivate_where(state, act):
    """Seed L73: 1 Province picked for the Rally or as March destination, Pop > 0,
    more Warlords Guerrillas than Police."""
    return [s for s in act["spaces"] if not sp(s).is_loc and s != KABUL and pop(state, s) > 0
            and guerrillas(state, s, "warlords") > n(state, s, "police") and can_place_base(state, s, "warlords")]


def cultivate_run(state, act, sid):
    place(state, sid, "warlords_bases")
    log(state, "log.cultivate", "Cultivate: a Warlords Base in {space}.", actor="warlords", space=sid)
    return []


# ------------------------------------------------------------------ Traffic (4.5.2)

def traffic_where(state, act):
    return [s for s in state.spaces if n(state, s, "warlords_bases") and not faction_pieces(state, s, "coalition")]


def traffic_run(state, act, sid):
    """Seed L85-89: +1 Warlords Resource per Warlords Base; Taliban Control +1
    Taliban Resource; COIN Control +1 Patronage (per space, reading R32)."""
    add_resources(state, "warlords", n(state, sid, "warlords_bases"))
    c = control(state, sid)
    if c == "taliban":
        add_resources(state, "taliban", 1)
    elif c == "coin":
        add_track(state, "patronage", 1)
    log(state, "log.traffic", "Traffic in {space}.", actor="warlords", space=sid)
    return []


# ------------------------------------------------------------------ Suborn (4.5.3)

def _suborn_options_of(state, sid):
    out = []
    if n(state, sid, *CUBES["government"]):
        out.append(choice("cubes", "choice.suborn_cubes", "Remove up to 3 Government cubes"))
    if n(state, sid, "government_bases"):
        out.append(choice("base", "choice.suborn_base", "Remove a Government Base"))
    if guerrillas(state, sid, "taliban"):
        out.append(choice("taliban", "choice.suborn_taliban", "Remove a Taliban Guerrilla"))
    if n(state, sid, "warlords_guerrillas_active"):
        out.append(choice("flip", "choice.suborn_flip", "Flip Warlords Guerrillas Underground"))
    return out


def suborn_where(state, act):
    """Seed L97: up to 3 spaces, 2 Warlords Resources each."""
    if state.resources["warlords"] < 2:
        return []
    return [s for s in state.spaces if _suborn_options_of(state, s)]


def suborn_run(state, act, sid):
    state.resources["warlords"] -= 2
    return [pick("suborn", "warlords", "prompt.suborn", "Suborn in {space}: choose.", {"space": sid}, space=sid)]


def _suborn_then(state, ctx, cid):
    sid = ctx["space"]
    if cid == "cubes":
        hi = min(3, n(state, sid, "government_troops"))
        return [quantity("suborn.troops", "warlords", 0, hi, "prompt.suborn_troops",
                         "{space}: how many Government Troops to remove?", {"space": sid}, space=sid)]
    if cid == "base":
        remove_to(state, sid, "government_bases", 1)
    elif cid == "taliban":
        kind = "taliban_guerrillas_active" if n(state, sid, "taliban_guerrillas_active") else "taliban_guerrillas_underground"
        remove_to(state, sid, kind, 1)
    elif at_least(state, 2) and n(state, sid, "warlords_guerrillas_active") > 1:
        return [quantity("suborn.flip", "warlords", 1, n(state, sid, "warlords_guerrillas_active"), "prompt.suborn_flip",
                         "{space}: how many Active Warlords Guerrillas go Underground?", {"space": sid}, space=sid)]
    else:
        flip(state, sid, "warlords", guerrillas(state, sid, "warlords"), to_active=False)
    log(state, "log.suborn", "Suborn in {space}: {how}.", actor="warlords", space=sid, how=cid)
    return []


def _suborn_troops(state, ctx, t):
    sid = ctx["space"]
    if t:
        remove_to(state, sid, "government_troops", t)
    hi = min(3 - t, n(state, sid, "police"))
    return [quantity("suborn.police", "warlords", 0 if t else min(1, hi), hi, "prompt.suborn_police",
                     "{space}: how many Police to remove?", {"space": sid}, space=sid)] if hi else []


def _suborn_police(state, ctx, k):
    if k:
        remove_to(state, ctx["space"], "police", k)
    return []


picker("suborn", lambda s, c: _suborn_options_of(s, c["space"]) or [choice("done", "choice.done", "Done")],
       _suborn_then)
def _suborn_flip(state, ctx, k):
    """Seed L99: any or all of the Guerrillas there go Underground."""
    flip(state, ctx["space"], "warlords", k, to_active=False)
    log(state, "log.suborn", "Suborn in {space}: {how}.", actor="warlords", space=ctx["space"], how="flip")
    return []


QTY["suborn.flip"] = _suborn_flip
QTY["suborn.troops"] = _suborn_troops
QTY["suborn.police"] = _suborn_police


def _none(state, act):
    return []


register_sa(SADef("surge", "coalition", "4.2.1", surge_where,
                  lambda s, a, sid: [pick("surge", "coalition", "prompt.surge", "Surge in {space}: move Coalition pieces.",
                                          {"space": sid}, space=sid)], 3, surge_after))
register_sa(SADef("air_lift", "coalition", "4.2.2", air_lift_where, lambda s, a, sid: [], 3, air_lift_after))
register_sa(SADef("air_strike", "coalition", "4.2.3", air_strike_where, air_strike_run, 3, air_strike_after))
register_sa(SADef("govern", "government", "4.3.1", govern_where, govern_run, 2))
register_sa(SADef("transport", "government", "4.3.2", transport_where, transport_run, 1))
register_sa(SADef("eradicate", "government", "4.3.3", eradicate_where, eradicate_run, 2))
register_sa(SADef("extort", "taliban", "4.4.1", extort_where, extort_run, MANY))
register_sa(SADef("infiltrate", "taliban", "4.4.2", infiltrate_where, infiltrate_run, 1))
register_sa(SADef("ambush", "taliban", "4.4.3", _none, lambda s, a, sid: [], 3))
register_sa(SADef("cultivate", "warlords", "4.5.1", cultivate_where, cultivate_run, 1))
register_sa(SADef("traffic", "warlords", "4.5.2", traffic_where, traffic_run, MANY))
register_sa(SADef("suborn", "warlords", "4.5.3", suborn_where, suborn_run, 3))

__all__ = ["BASES", "GUERRILLAS", "count_choices"]
