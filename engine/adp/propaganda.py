"""The Propaganda round (6.0, seed L438-470): Victory?, Resources, Support,
Redeploy, Game over?, Reset."""
from __future__ import annotations

from ..core.engine import log
from ..core.steps import frame
from .board import (BASES, CUBES, GUERRILLAS, add_resources, add_track, flip, guerrillas, move, n, remove_to)
from .data import get_data
from .derived import best, control, margins, totals, winners_now
from .flow import ask, auto, auto_step, choice
from .ops.coin import KABUL, civic_action
from .ops.common import QTY, pick, picker, quantity
from .ops.insurgent import sharia
from .ops.special import shift_islamabad_to_backing
from .ruleset import at_least
from .sop import propaganda_left
from .state import AdpState


def is_final(state: AdpState) -> bool:
    """The round of the last Propaganda card is the final round (2.4.1, seed L464; reading R5)."""
    return propaganda_left(state) == 0


def end_game(state: AdpState, winner: str, reason: str) -> None:
    state.result = {"winner": winner, "reason": reason, "margins": margins(state), "totals": totals(state)}
    log(state, "log.game_over", "Game over: {winner} wins ({reason}).", winner=winner, reason=reason)


@auto_step("propaganda.start")
def _start(state: AdpState, ctx):
    state.propaganda_rounds += 1
    won = winners_now(state)  # 7.2, seed L442
    if won:
        end_game(state, best(state, won), "victory")
        return []
    return [auto("propaganda.resources")]


@auto_step("propaganda.final")
def _final(state: AdpState, ctx):
    end_game(state, best(state), "final")  # 7.3, seed L111
    return []


@auto_step("propaganda.resources")
def _resources(state: AdpState, ctx):
    """Seed L444-449."""
    data = get_data()
    for sid, d in data.spaces.items():
        s = state.spaces[sid]
        if d.is_loc and not s.sabotage:
            others = sum(c for k, c in s.pieces.items() if not k.startswith("taliban_"))
            if guerrillas(state, sid, "taliban") > others:
                s.sabotage = True
                log(state, "log.sabotage", "Sabotage on {space}.", space=sid)
    sabotaged = sum(d.econ for sid, d in data.spaces.items() if d.is_loc and state.spaces[sid].sabotage)
    g = add_resources(state, "government", state.aid + 12 - sabotaged)
    t = add_resources(state, "taliban", sum(n(state, s, "taliban_bases") for s in state.spaces))
    w = add_resources(state, "warlords", sum(n(state, s, "warlords_bases") for s in state.spaces) + sum(
        guerrillas(state, s, "warlords") for s, d in data.spaces.items() if d.is_loc and not state.spaces[s].sabotage))
    cas = sum(state.casualties.values())
    a = add_track(state, "aid", -3 * cas)
    log(state, "log.income", "Income: Government +{g}, Taliban +{t}, Warlords +{w}; Aid {a:+d} for Casualties.",
        g=g, t=t, w=w, a=a)
    civic = [s for s, d in data.spaces.items() if not d.is_loc and control(state, s) == "coin"
             and n(state, s, "coalition_troops", "government_troops") and n(state, s, "police")]
    shar = [s for s, d in data.spaces.items() if not d.is_loc and control(state, s) == "taliban"]
    return [auto("propaganda.civic", todo=civic), auto("propaganda.sharia", todo=shar), auto("propaganda.redeploy")]


def civic_decider(state: AdpState, sid: str) -> str:
    """Seed L453: the faction with more Troops there decides (Coalition on a tie)."""
    return "government" if n(state, sid, "government_troops") > n(state, sid, "coalition_troops") else "coalition"


@auto_step("propaganda.civic")
def _civic(state: AdpState, ctx):
    todo = list(ctx["todo"])
    while todo:
        sid = todo.pop(0)
        s = state.spaces[sid]
        if state.resources["government"] >= 3 and (s.terror or s.support < 1):
            return civic_action(state, civic_decider(state, sid), sid) + [auto("propaganda.civic", todo=todo)]
    return []


@auto_step("propaganda.sharia")
def _sharia(state: AdpState, ctx):
    todo = list(ctx["todo"])
    while todo:
        sid = todo.pop(0)
        s = state.spaces[sid]
        if state.resources["taliban"] >= 1 and (s.terror or s.support > -1):
            return sharia(state, sid) + [auto("propaganda.sharia", todo=todo)]
    return []


@auto_step("propaganda.redeploy")
def _redeploy(state: AdpState, ctx):
    """Seed L456-462; Control is derived, so it is 'adjusted' when the moves end;
    the destinations use Control as it stood when Redeploy began."""
    data = get_data()
    coin = [s for s in state.spaces if control(state, s) == "coin"]
    frames = []
    for sid in state.spaces:
        k = n(state, sid, *CUBES["government"]) // 3  # Desertion, per space (reading R36)
        if k:
            frames.append(auto("propaganda.desert", space=sid, k=k))
    no_coin_base = [s for s, d in data.spaces.items() if d.is_loc or (s != KABUL and not n(state, s, "coalition_bases", "government_bases"))]
    troop_dest = sorted(set(coin) | {KABUL})
    frames.append(auto("propaganda.move", faction="coalition", kind="coalition_troops", sources=no_coin_base,
                       dests=troop_dest, must=False))
    # seed L459-460: a COIN-Controlled space is a legal destination, so Troops already there may stay
    gov_src = [s for s in no_coin_base if s not in troop_dest] if at_least(state, 2) else no_coin_base
    frames.append(auto("propaganda.move", faction="government", kind="government_troops", sources=gov_src,
                       dests=troop_dest, must=True))
    police_dest = sorted(set(coin) | {s for s, d in data.spaces.items() if d.is_loc})
    frames.append(auto("propaganda.move", faction="government", kind="police", sources=sorted(state.spaces),
                       dests=police_dest, must=False))
    tal_dest = sorted({s for s in state.spaces if n(state, s, "taliban_bases") and control(state, s) == "taliban"}
                      | {s for s, d in data.spaces.items() if d.pakistan and d.pashtun})
    tal_src = [s for s, d in data.spaces.items() if s != KABUL and (d.is_loc or not n(state, s, "taliban_bases"))
               and s not in tal_dest]
    for kind in GUERRILLAS["taliban"]:
        frames.append(auto("propaganda.move", faction="taliban", kind=kind, sources=tal_src, dests=tal_dest, must=True))
    return frames + [auto("propaganda.end")]


@auto_step("propaganda.desert")
def _desert(state, ctx):
    sid, k = ctx["space"], ctx["k"]
    t, p = n(state, sid, "government_troops"), n(state, sid, "police")
    lo, hi = max(0, k - p), min(k, t)
    if lo == hi:
        return _desert_apply(state, {"space": sid, "k": k}, lo)
    return [quantity("desert", "government", lo, hi, "prompt.desert",
                     "Desertion in {space}: {k} cube(s) leave; how many Troops?", {"space": sid, "k": k},
                     space=sid, k=k)]


def _desert_apply(state, ctx, t):
    sid, k = ctx["space"], ctx["k"]
    if t:
        remove_to(state, sid, "government_troops", t)
    if k - t:
        remove_to(state, sid, "police", k - t)
    log(state, "log.desert", "Desertion in {space}: {t} Troops, {p} Police.", space=sid, t=t, p=k - t)
    return []


QTY["desert"] = _desert_apply


@auto_step("propaganda.move")
def _move(state, ctx):
    owed = {s: n(state, s, ctx["kind"]) for s in ctx["sources"] if n(state, s, ctx["kind"])}
    owed = {s: k for s, k in owed.items() if [d for d in ctx["dests"] if d != s]}
    if not owed:
        return []
    return [_move_frame(ctx["faction"], ctx["kind"], owed, ctx["dests"], ctx["must"])]


def _move_frame(faction, kind, owed, dests, must):
    return pick("redeploy", faction, "prompt.redeploy", "Redeploy {piece}: choose a space to move from, or done.",
                {"piece": kind}, kind=kind, owed=owed, dests=dests, must=must)


def _redeploy_options(state, ctx):
    out = [choice(s, "choice.space", "{space}", space=s) for s, k in ctx["owed"].items() if k]
    return out + ([] if ctx["must"] and out else [choice("done", "choice.done", "Done")])


def _redeploy_then(state, ctx, cid):
    if cid == "done":
        return []
    dests = [d for d in ctx["dests"] if d != cid]
    return [pick("redeploy.to", ctx["faction"], "prompt.redeploy_to", "Redeploy from {space}: to where?",
                 {"space": cid}, src=cid, parent=ctx, options=dests)]


def _redeploy_to_then(state, ctx, cid):
    p = ctx["parent"]
    hi = min(p["owed"][ctx["src"]], n(state, ctx["src"], p["kind"]))
    lo = hi if p["must"] else 1
    if lo == hi:  # nothing to decide
        return _redeploy_qty(state, {"src": ctx["src"], "dst": cid, "parent": p}, hi)
    return [quantity("redeploy.qty", p["faction"], lo, hi, "prompt.redeploy_qty", "How many {piece} to {space}?",
                     {"piece": p["kind"], "space": cid}, src=ctx["src"], dst=cid, parent=p)]


def _redeploy_qty(state, ctx, k):
    p = dict(ctx["parent"])
    move(state, ctx["src"], ctx["dst"], p["kind"], k)
    p["owed"] = {**p["owed"], ctx["src"]: p["owed"][ctx["src"]] - k}
    log(state, "log.moved", "{n} {piece}: {src} to {dst}.", actor=p["faction"], n=k, piece=p["kind"],
        src=ctx["src"], dst=ctx["dst"])
    if not any(p["owed"].values()):
        return []
    return [_move_frame(p["faction"], p["kind"], p["owed"], p["dests"], p["must"])]


picker("redeploy", _redeploy_options, _redeploy_then)
picker("redeploy.to", lambda s, c: [choice(x, "choice.space", "{space}", space=x) for x in c["options"]],
       _redeploy_to_then)
QTY["redeploy.qty"] = _redeploy_qty


@auto_step("propaganda.end")
def _end(state: AdpState, ctx):
    if is_final(state):  # seed L464
        end_game(state, best(state), "final")
        return []
    # Reset (seed L466-470)
    troops = state.casualties.get("coalition_troops", 0)
    gone = troops // 2
    state.removed["coalition_troops"] += gone
    state.removed["coalition_bases"] += state.casualties.get("coalition_bases", 0)
    state.available["coalition_troops"] += troops - gone
    state.casualties = {"coalition_troops": 0, "coalition_bases": 0}
    if state.islamabad_hard:
        state.islamabad_hard = False
    else:
        shift_islamabad_to_backing(state)
    for sid, s in state.spaces.items():
        s.terror = 0
        s.sabotage = False
        for f in GUERRILLAS:
            flip(state, sid, f, n(state, sid, f"{f}_guerrillas_active"), to_active=False)
    state.momentum = []
    state.eligibility = {f: "eligible" for f in state.eligibility}
    log(state, "log.reset", "Reset: Casualties cleared, markers removed, all Eligible.")
    return [frame("sop.end_card")]


__all__ = ["BASES", "ask"]
