"""COIN Operations (3.2): Train, Patrol, Sweep, Assault, for the Government
(seed L119-159) and the Coalition (seed L215-259). Reading R10: COIN pieces
never enter Pakistan.
"""
from __future__ import annotations

from ...core.engine import log
from ..board import (BASES, CUBES, add_track, can_place_base, coin_pieces, faction_pieces, guerrillas, move, n,
                     place, shift_support, transfer)
from ..data import get_data
from ..derived import control
from ..flow import ask, auto, auto_step, choice
from ..state import AdpState
from . import OpDef, register_op
from .common import (MOVE_HOOKS, QTY, REMOVE_HOOKS, activate, legal_removals, move_frames, optional, pick, picker,
                     quantity, removals)

KABUL = "kabul"


def sp(sid: str):
    return get_data().spaces[sid]


def afghan_spaces(state: AdpState, act: dict | None = None) -> list[str]:
    """Provinces of Afghanistan and Kabul (no LoC, no Pakistan)."""
    return [s for s, d in get_data().spaces.items() if not d.is_loc and not d.pakistan]


def has_coin_base(state: AdpState, sid: str) -> bool:
    return n(state, sid, "coalition_bases", "government_bases") > 0


def gov(state: AdpState) -> int:
    return state.resources["government"]


# ------------------------------------------------------------------ Train (3.2.1)

def _on_map(state: AdpState, kind: str, but: str) -> int:
    return sum(n(state, x, kind) for x in state.spaces if x != but)


def _train_place(state: AdpState, faction: str, sid: str, charge: bool) -> list:
    """Place up to 6 Government cubes (seed L129, L225): Troops, then Police;
    those not Available are taken from the map (reading R13: the Training
    faction picks where from)."""
    hi = min(6, state.available.get("government_troops", 0) + _on_map(state, "government_troops", sid))
    if hi + state.available.get("police", 0) + _on_map(state, "police", sid) == 0:
        return []
    return [quantity("train.troops", faction, 0, hi, "prompt.train_troops",
                     "{space}: how many Government Troops to place (up to 6 cubes)?", {"space": sid},
                     space=sid, charge=charge)]


def _take(state: AdpState, faction: str, sid: str, kind: str, k: int) -> list:
    """Place ``k`` cubes of ``kind`` in ``sid``: from Available, the rest from the map."""
    got = place(state, sid, kind, k)
    if k - got <= 0:
        return []
    return [pick("train.from_map", faction, "prompt.train_from_map",
                 "None Available: take {piece} from which space ({left} left)?",
                 {"piece": kind, "left": k - got}, space=sid, kind=kind, left=k - got)]


def _from_map_options(state, ctx):
    return [choice(x, "choice.space", "{space}", space=x) for x in state.spaces
            if x != ctx["space"] and n(state, x, ctx["kind"])]


def _from_map_then(state, ctx, cid):
    move(state, cid, ctx["space"], ctx["kind"], 1)
    log(state, "log.moved", "{n} {piece}: {src} to {dst}.", actor=ctx["faction"], n=1, piece=ctx["kind"],
        src=cid, dst=ctx["space"])
    if ctx["left"] > 1:
        return [pick("train.from_map", ctx["faction"], "prompt.train_from_map",
                     "None Available: take {piece} from which space ({left} left)?",
                     {"piece": ctx["kind"], "left": ctx["left"] - 1}, space=ctx["space"], kind=ctx["kind"],
                     left=ctx["left"] - 1)]
    return []


picker("train.from_map", _from_map_options, _from_map_then)


def _train_troops(state, ctx, k):
    hi = min(6 - k, state.available.get("police", 0) + _on_map(state, "police", ctx["space"]))
    return _take(state, ctx["faction"], ctx["space"], "government_troops", k) + [
        quantity("train.police", ctx["faction"], 0, hi, "prompt.train_police",
                 "{space}: how many Police to place?", {"space": ctx["space"]},
                 space=ctx["space"], charge=ctx["charge"], troops=k)]


def _train_police(state, ctx, k):
    if ctx["charge"] and k + ctx["troops"] > 0:  # Coalition Train: 3 per space where cubes go (seed L223)
        state.resources["government"] -= 3
    log(state, "log.placed_cubes", "{space}: {t} Troops and {p} Police placed.", actor=ctx["faction"],
        space=ctx["space"], t=ctx["troops"], p=k)
    return _take(state, ctx["faction"], ctx["space"], "police", k)


QTY["train.troops"] = _train_troops
QTY["train.police"] = _train_police


def gov_train_run(state, act, sid):
    if sid == KABUL or has_coin_base(state, sid):
        return _train_place(state, "government", sid, False)
    return []


def coal_train_where(state, act):
    return [s for s in afghan_spaces(state) if s == KABUL or faction_pieces(state, s, "coalition")]


def coal_train_run(state, act, sid):
    if n(state, sid, "coalition_bases") and gov(state) >= 3:
        return _train_place(state, "coalition", sid, True)
    return []


def _train_final_options(state, ctx):
    a = state.action
    out = []
    for s in a["spaces"]:
        if (a["faction"] == "government" and n(state, s, *CUBES["government"]) >= 3
                and can_place_base(state, s, "government")):
            out.append(choice(f"base:{s}", "choice.train_base", "Replace 3 cubes with a Base in {space}", space=s))
        if control(state, s) == "coin" and gov(state) >= 3 and _civic_room(state, s):
            out.append(choice(f"civic:{s}", "choice.civic", "Civic Action in {space}", space=s))
    if a["faction"] == "coalition" and KABUL in a["spaces"] and state.patronage > 0:
        out.append(choice("patronage", "choice.patronage_to_gov", "Transfer 3 Patronage to Government Resources"))
    return out + [choice("done", "choice.done", "Done")]


def _train_final_then(state, ctx, cid):
    if cid == "done":
        return []
    if cid == "patronage":  # seed L227
        k = min(3, state.patronage)
        add_track(state, "patronage", -k)
        state.resources["government"] = min(75, gov(state) + k)
        log(state, "log.patronage_to_gov", "{n} Patronage to Government Resources.", actor="coalition", n=k)
        return []
    kind, sid = cid.split(":")
    if kind == "civic":
        return civic_action(state, ctx["faction"], sid)
    lo = max(0, 3 - n(state, sid, "police"))
    hi = min(3, n(state, sid, "government_troops"))
    return [quantity("train.base", ctx["faction"], lo, hi, "prompt.train_base",
                     "{space}: how many of the 3 cubes replaced are Troops?", {"space": sid}, space=sid)]


def _train_base(state, ctx, t):
    from ..board import remove_to

    sid = ctx["space"]
    remove_to(state, sid, "government_troops", t) if t else None
    remove_to(state, sid, "police", 3 - t) if t < 3 else None
    place(state, sid, "government_bases", 1)
    log(state, "log.base_placed", "{space}: a Government Base replaces 3 cubes.", actor=ctx["faction"], space=sid)
    return []


QTY["train.base"] = _train_base
picker("train.final", _train_final_options, _train_final_then)


def train_after(state, act):
    """Seed L129 (Government) and L225-227 (Coalition): then, in 1 space, a Base or Civic Action."""
    return optional(state, pick("train.final", act["faction"], "prompt.train_final",
                                "Train: then, in one space, choose a last step, or done."))


# Civic Action (seed L129, L225, L453): 3 Government Resources per step.

def _civic_room(state: AdpState, sid: str) -> bool:
    s = state.spaces[sid]
    return s.terror > 0 or s.support < 1


def civic_action(state: AdpState, faction: str, sid: str) -> list:
    return [pick("civic", faction, "prompt.civic", "Civic Action in {space}: 3 Government Resources a step.",
                 {"space": sid}, space=sid)]


def _civic_options(state, ctx):
    sid = ctx["space"]
    buy = ([choice("buy", "choice.civic_buy", "Buy a step (3 Resources)")]
           if gov(state) >= 3 and _civic_room(state, sid) else [])
    return buy + [choice("done", "choice.done", "Done")]


def civic_step(state: AdpState, sid: str, toward: int) -> None:
    """Remove a Terror marker, or once none is left shift one level (seed L453-454)."""
    s = state.spaces[sid]
    if s.terror:
        s.terror -= 1
    else:
        shift_support(state, sid, toward)


def _civic_then(state, ctx, cid):
    if cid == "done":
        return []
    state.resources["government"] -= 3
    civic_step(state, ctx["space"], +1)
    log(state, "log.civic", "Civic Action in {space}.", actor=ctx["faction"], space=ctx["space"])
    return civic_action(state, ctx["faction"], ctx["space"])


picker("civic", _civic_options, _civic_then)


# ------------------------------------------------------------------ Patrol (3.2.2)

def chain_reach(state: AdpState, src: str) -> set[str]:
    """LoCs and Kabul reachable from ``src`` into or along adjacent LoCs or
    Kabul, stopping on a sabotaged LoC (seed L139, L181, L237; reading R15)."""
    data = get_data()
    adj = data.adjacent

    def road(x: str) -> bool:
        return data.spaces[x].is_loc or x == KABUL

    seen: set[str] = set()
    todo = [x for x in adj[src] if road(x)]
    seen.update(todo)
    while todo:
        x = todo.pop()
        if state.spaces[x].sabotage:
            continue
        for y in adj[x]:
            if road(y) and y not in seen and y != src:
                seen.add(y)
                todo.append(y)
    return seen


def patrol_where(state, act):
    f = act["faction"]
    roads = [s for s, d in get_data().spaces.items() if d.is_loc or s == KABUL]
    return [r for r in roads if _patrol_sources(state, f, r)]


def _patrol_sources(state, f, dst):
    return {s: list(CUBES[f]) for s in state.spaces if s != dst and n(state, s, *CUBES[f]) and dst in chain_reach(state, s)}


def patrol_start(state, act):
    """Paid with the first space: 3 Resources in all for the Government (seed L137)."""
    if act["faction"] == "government" and not act.get("free"):
        state.resources["government"] -= 3
    return []


def patrol_run(state, act, sid):
    return move_frames(state, act["faction"], sid, _patrol_sources(state, act["faction"], sid))


def patrol_after(state, act):
    """Seed L139, L237: in each LoC activate 1 Guerrilla per cube; then a free Assault in 1 LoC."""
    frames = []
    for s, d in get_data().spaces.items():
        if d.is_loc:
            frames += activate(state, act["faction"], s, n(state, s, *CUBES["coalition"], *CUBES["government"]))
    return frames + [auto("patrol.assault", faction=act["faction"])]


@auto_step("patrol.assault")
def _patrol_assault(state, ctx):
    """After the activations: offer the free Assault only where one can remove something."""
    return optional(state, pick("patrol.assault", ctx["faction"], "prompt.patrol_assault",
                                "Patrol: a free Assault in one LoC, or done."))


def _patrol_assault_options(state, ctx):
    f = ctx["faction"]
    locs = [s for s, d in get_data().spaces.items() if d.is_loc and assault_count(state, f, s, with_gov=True) > 0
            and legal_removals(state, s, "assault", f)]
    return [choice(s, "choice.space", "{space}", space=s) for s in locs] + [choice("done", "choice.done", "Done")]


def _patrol_assault_then(state, ctx, cid):
    if cid == "done":
        return []
    f = ctx["faction"]
    log(state, "log.free_assault", "Free Assault in {space}.", actor=f, space=cid)
    return removals(state, f, cid, assault_count(state, f, cid, with_gov=True), "assault",
                    "taliban_base_aid" if f == "government" else None)


picker("patrol.assault", _patrol_assault_options, _patrol_assault_then)


# ------------------------------------------------------------------ Sweep (3.2.3)

def sweep_sources(state: AdpState, dst: str, kinds: tuple[str, ...]) -> tuple[dict, dict]:
    """Where Troops may Sweep into ``dst`` from (seed L149, L249): adjacent
    spaces, and spaces beyond an adjacent unsabotaged LoC. Returns
    ``(sources, via)``: ``via[src]`` is the LoC crossed (None when adjacent),
    one without Guerrillas when there is a choice (no toll then)."""
    data = get_data()
    src: dict[str, list[str]] = {}
    via: dict[str, str | None] = {}
    for x in data.adjacent[dst]:
        if n(state, x, *kinds):
            src[x], via[x] = list(kinds), None
    for loc in sorted(data.adjacent[dst], key=lambda x: _guerrillas(state, x)):
        if not data.spaces[loc].is_loc or state.spaces[loc].sabotage:
            continue
        for y in data.adjacent[loc]:
            if y != dst and y not in src and n(state, y, *kinds) and not data.spaces[y].pakistan:
                src[y], via[y] = list(kinds), loc
    return src, via


def _guerrillas(state, sid):
    return guerrillas(state, sid, "taliban") + guerrillas(state, sid, "warlords")


def _sweep_toll(state, ctx, src, kind, k):
    """Seed L149: 1 Government Resource to the Warlords to enter a LoC with
    any Guerrilla (per group crossing one); after the moves, activation."""
    if k == 0:
        return _sweep_activate(state, ctx)
    loc = ctx["via"].get(src)
    if loc and _guerrillas(state, loc) and transfer(state, "government", "warlords", 1):
        log(state, "log.toll", "1 Government Resource to the Warlords to cross {space}.", space=loc)
    return []


def _sweep_activate(state, ctx):
    dst, f = ctx["dst"], ctx["faction"]
    if f == "coalition" and not faction_pieces(state, dst, "coalition"):
        return []
    cubes = n(state, dst, *CUBES["government"]) + (n(state, dst, *CUBES["coalition"]) if f == "coalition" else 0)
    return activate(state, f, dst, cubes)


MOVE_HOOKS["sweep.toll"] = _sweep_toll


def gov_sweep_run(state, act, sid):
    src, via = sweep_sources(state, sid, ("government_troops",))
    return move_frames(state, "government", sid, src, hook="sweep.toll", via=via)


def coal_sweep_run(state, act, sid):
    src, via = sweep_sources(state, sid, ("coalition_troops",))
    return move_frames(state, "coalition", sid, src, hook="sweep.coalition_done", via=via)


def _coal_sweep_done(state, ctx, src, kind, k):
    """Seed L247-249: then 1 Government cube per Coalition cube, 3 Government
    Resources for the space when the Government moves."""
    if k:
        return []
    moved = ctx["moved"]
    gsrc, via = sweep_sources(state, ctx["dst"], ("government_troops", "police"))
    if moved and gsrc and gov(state) >= 3:
        return [pick("sweep.gov", "coalition", "prompt.sweep_gov",
                     "{space}: move Government cubes with the Coalition (3 Government Resources)?",
                     {"space": ctx["dst"]}, dst=ctx["dst"], cap=moved, gsrc=gsrc, via=via)]
    return _sweep_activate(state, ctx)


def _sweep_gov_then(state, ctx, cid):
    if cid == "no":
        return _sweep_activate(state, {"dst": ctx["dst"], "faction": "coalition"})
    state.resources["government"] -= 3
    return move_frames(state, "coalition", ctx["dst"], ctx["gsrc"], hook="sweep.toll", cap=ctx["cap"], via=ctx["via"])


MOVE_HOOKS["sweep.coalition_done"] = _coal_sweep_done
picker("sweep.gov", lambda s, c: [choice("yes", "choice.yes", "Yes"), choice("no", "choice.no", "No")],
       _sweep_gov_then)


# ------------------------------------------------------------------ Assault (3.2.4)

def assault_count(state: AdpState, faction: str, sid: str, with_gov: bool = False) -> int:
    """How many pieces an Assault removes in ``sid``.

    Government (seed L159): 1 per 2 Government Troops; in Kabul or on a LoC 1
    per 2 Government cubes; in a Mountain space 1 per 3 Troops.
    Coalition (seed L259): 1 per Coalition Troop; Government Troops (cubes in
    Kabul or on a LoC) count too only when the Government pays (``with_gov``,
    reading R17: 1 per piece like the Coalition's).
    """
    road = get_data().spaces[sid].is_loc or sid == KABUL
    if faction == "government":
        if road:
            return n(state, sid, *CUBES["government"]) // 2
        troops = n(state, sid, "government_troops")
        return troops // 3 if get_data().spaces[sid].mountain else troops // 2
    k = n(state, sid, "coalition_troops")
    if with_gov:
        k += n(state, sid, *CUBES["government"]) if road else n(state, sid, "government_troops")
    return k


def _taliban_base_aid(state, sid, kind):
    if kind == "taliban_bases":  # seed L159: +6 Aid per Taliban Base removed
        add_track(state, "aid", 6)


REMOVE_HOOKS["taliban_base_aid"] = _taliban_base_aid


def gov_assault_where(state, act):
    return [s for s in state.spaces if assault_count(state, "government", s) and legal_removals(state, s, "assault", "government")]


def gov_assault_run(state, act, sid):
    return removals(state, "government", sid, assault_count(state, "government", sid), "assault", "taliban_base_aid")


def coal_assault_where(state, act):
    return [s for s in state.spaces if n(state, s, "coalition_troops") and legal_removals(state, s, "assault", "coalition")]


def coal_assault_run(state, act, sid):
    if n(state, sid, *CUBES["government"]) and gov(state) >= 3:
        return [pick("assault.gov", "coalition", "prompt.assault_gov",
                     "{space}: count Government cubes too (3 Government Resources)?", {"space": sid}, space=sid)]
    return removals(state, "coalition", sid, assault_count(state, "coalition", sid), "assault")


def _assault_gov_then(state, ctx, cid):
    sid = ctx["space"]
    if cid == "yes":
        state.resources["government"] -= 3
    return removals(state, "coalition", sid, assault_count(state, "coalition", sid, cid == "yes"), "assault")


picker("assault.gov", lambda s, c: [choice("yes", "choice.yes", "Yes"), choice("no", "choice.no", "No")],
       _assault_gov_then)


def three(state, act, sid):
    return 3


register_op(OpDef("train", "government", "3.2.1", afghan_spaces, gov_train_run, three, "government",
                  ("govern", "transport", "eradicate"), after=train_after))
register_op(OpDef("patrol", "government", "3.2.2", patrol_where, patrol_run, sas=("govern", "transport", "eradicate"),
                  start=patrol_start, after=patrol_after, upfront=3))
register_op(OpDef("sweep", "government", "3.2.3", afghan_spaces, gov_sweep_run, three, "government",
                  ("transport",), not_final=True))
register_op(OpDef("assault", "government", "3.2.4", gov_assault_where, gov_assault_run, three, "government",
                  ("transport", "eradicate")))
register_op(OpDef("train", "coalition", "3.2.1", coal_train_where, coal_train_run, sas=("surge", "air_lift"),
                  after=train_after))
register_op(OpDef("patrol", "coalition", "3.2.2", patrol_where, patrol_run, sas=("air_lift", "air_strike"),
                  start=patrol_start, after=patrol_after))
register_op(OpDef("sweep", "coalition", "3.2.3", afghan_spaces, coal_sweep_run, sas=("air_lift", "air_strike"),
                  not_final=True))
register_op(OpDef("assault", "coalition", "3.2.4", coal_assault_where, coal_assault_run,
                  sas=("air_lift", "air_strike")))

__all__ = ["afghan_spaces", "assault_count", "chain_reach", "civic_action", "civic_step", "coin_pieces",
           "BASES", "ask"]
