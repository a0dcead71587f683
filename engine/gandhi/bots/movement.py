"""Movement Priorities (8.4.2) and the NP Activation procedure (8.6.2).

The Movement Priorities table drives the NP moving Operations: Sweep (Raj,
8.6.3), Demonstrate (Congress 8.6.4, Muslim League 8.6.5) and March
(Revolutionaries, 8.6.6). The engine asks them as one decision per moved
piece; each function here answers one such decision:

* :func:`sweep_move` (``raj.sweep.move``): B - origin = the space with most
  cubes not chosen as a destination; keep 1 Troop and 1 Sepoy in each 2-Pop
  space not at Active Support; never lose Raj Control in an origin; bring 1
  Troop to a City/Province destination (none if one is there), bring 1 Sepoy,
  then add Sepoys, then Troops, until the cubes exceed the Active adversaries
  there (Underground Guerrillas count: the Sweep will Activate them).
* :func:`demonstrate_move` (``nv.demonstrate.move``): B - origin = the space
  with most own Activists not chosen as a destination; keep (Raj a player) 1
  piece on a Railway without Strike, 2 Activists in each Protest, (League) 1 in
  a space with a League Base, (League, Congress a player) enough to exceed
  Congress in Provinces and to equal it in Muslim States, and enough not to
  add Raj Control; move 1 Activist, add Activists until NV pieces equal or
  exceed the cubes; Congress brings League Activists up to Unity.
* :func:`march_origin` / :func:`march_dest` (``op.loop`` for March,
  ``choose:rev.march.dest``): A - origin = the space with most Guerrillas not
  chosen as a destination; B - destination by the March column, not an
  origin; keep (Raj a player) 1 on a Railway without Strike, 1 with a
  Revolutionary Base, 3 where there is no Unrest, 1 where there is Unrest, and
  enough not to add Raj Control; move 1 Guerrilla, Underground first.

8.6.2 Activation: :func:`raj_failed` - after each space where the NP Raj used
Sepoys a die is rolled; a roll at or under the Activation Number ends the use
of Sepoys for the rest of the Operation. :func:`rev_stop` - after each space
of an NP Revolutionary Operation a die is rolled; at or under the Activation
Number the Operation ends. The rolls are fixed by (seed, card, faction,
Operation, space index) so every decision of the turn sees the same rolls
(R-8.6.2 in docs/rulings/bots.md).
"""
from __future__ import annotations

from contextlib import contextmanager

from .. import derived as dv
from ..data import get_data
from .random_spaces import det_random, turn_die


# ------------------------------------------------------------------ helpers
def _sp(state, sid):
    return state.spaces[sid]


def _human(state, f: str) -> bool:
    return state.players.get(f, "human") != "bot"


@contextmanager
def _without(state, sid: str, kind: str, k: int = 1):
    """The board with ``k`` ``kind`` fewer in ``sid`` for a moment (always restored)."""
    p = state.spaces[sid].pieces
    old = p.get(kind, 0)
    p[kind] = old - k
    try:
        yield
    finally:
        if old:
            p[kind] = old
        else:
            p.pop(kind, None)


def loses_control(state, sid: str, kind: str) -> bool:
    """Moving one ``kind`` out of ``sid`` would end Raj Control there."""
    if not dv.raj_control(state, sid):
        return False
    with _without(state, sid, kind):
        return not dv.raj_control(state, sid)


def adds_control(state, sid: str, kind: str) -> bool:
    """Moving one ``kind`` out of ``sid`` would give the Raj Control there."""
    if dv.raj_control(state, sid):
        return False
    with _without(state, sid, kind):
        return dv.raj_control(state, sid)


def _most(state, origins, count, *salt) -> str:
    best = max(count(o) for o in origins)
    top = sorted(o for o in origins if count(o) == best)
    return top[det_random(state, "move", *salt).randrange(len(top))]


# ------------------------------------------------------------------ 8.6.2
def raj_failed(state, ctx, upto: int | None = None) -> bool:
    """8.6.2 NP Raj: has an Activation roll failed (die <= Activation Number)
    after one of the first ``upto`` chosen spaces where Sepoys were used?"""
    from .arjuna_deck import activation_number

    an = activation_number(state, "raj", ctx.get("op"))
    paid = (ctx.get("data") or {}).get("paid", {})
    spaces = ctx["spaces"] if upto is None else ctx["spaces"][:upto]
    for i, s in enumerate(spaces):
        if paid.get(s) and turn_die(state, "raj", ctx.get("op"), i) <= an:
            return True
    return False


def rev_stop(state, ctx) -> bool:
    """8.6.2 NP Revolutionaries: the Operation ends after a space whose
    Activation roll is at or under the Activation Number."""
    from .arjuna_deck import activation_number

    an = activation_number(state, "rev", ctx.get("op"))
    return any(turn_die(state, "rev", ctx.get("op"), i) <= an for i in range(len(ctx["spaces"])))


# ------------------------------------------------------------------ Sweep
def raj_keep_ok(state, origin: str, kind: str) -> bool:
    """8.4.2 Raj column: may one ``kind`` cube leave ``origin``?"""
    sp = _sp(state, origin)
    if dv.population(origin) == 2 and sp.support != 2 and sp.pieces.get(kind, 0) <= 1:
        return False
    return not loses_control(state, origin, kind)


def sweep_target(state, dest: str) -> int:
    """Active adversaries the cubes must exceed in a Sweep destination,
    counting the Underground Guerrillas the Sweep will Activate (8.6.3)."""
    sp = _sp(state, dest)
    return dv.active_adversaries(state, dest) + sp.pieces.get("guerrilla_underground", 0)


def sweep_allowed(state, ctx, ids) -> list[tuple[str, str]]:
    """(kind, origin) moves of ``ids`` the Movement Priorities allow."""
    dests = set(ctx["spaces"])
    out = []
    for c in ids:
        if c == "done" or ":" not in c:
            continue
        kind, origin = c.split(":", 1)
        if origin in dests or origin not in state.spaces:
            continue
        if raj_keep_ok(state, origin, kind):
            out.append((kind, origin))
    return out


def sweep_move(state, d) -> str:
    """``raj.sweep.move``: the next cube by the Movement Priorities (8.4.2,
    8.6.3), or ``done``."""
    fr = state.stack[-1]
    dest = fr["sid"]
    ctx = state.action
    allowed = sweep_allowed(state, ctx, d.ids())
    sp = _sp(state, dest)
    stages: list[tuple[str, ...]] = []
    if get_data().map.spaces[dest].type in ("city", "province") and not sp.pieces.get("troop", 0):
        stages.append(("troop",))
    if not sp.pieces.get("sepoy", 0):
        stages.append(("sepoy",))
    if dv.cubes(sp) <= sweep_target(state, dest):
        stages.append(("sepoy", "troop"))
    for kinds in stages:
        for kind in kinds:
            origins = [o for k, o in allowed if k == kind]
            if origins:
                o = _most(state, origins, lambda x: dv.cubes(_sp(state, x)), "sweep", dest)
                return f"{kind}:{o}"
    return "done"


def sweep_destination_useful(state, ctx, sid: str, sepoys: bool) -> bool:
    """A Sweep destination some cube may move into under the Movement
    Priorities (Troops only once the Activation roll failed)."""
    from ..operations.raj import sweep_moves

    dests = set(ctx["spaces"])
    for kind, origin in sweep_moves(state, ctx, sid, sepoys):
        if origin not in dests and raj_keep_ok(state, origin, kind):
            return True
    return False


# ------------------------------------------------------------------ Demonstrate
def nv_keep_ok(state, faction: str, origin: str, kind: str) -> bool:
    """8.4.2 Congress / League columns: may one ``kind`` Activist leave ``origin``?"""
    sp = _sp(state, origin)
    p = sp.pieces
    own = p.get(kind, 0)
    if kind == f"{faction}_activist":
        if _human(state, "raj") and dv.is_railway(origin) and not sp.strike and own <= 1:
            return False
        if sp.protest and own <= 2:
            return False
        if faction == "ml":
            if p.get("ml_base", 0) and own <= 1:
                return False
            if _human(state, "inc"):
                inc = p.get("inc_activist", 0) + p.get("gandhi", 0)
                if dv.is_province(state, origin) and own - 1 <= inc:
                    return False
                if sp.muslim_state and own - 1 < inc:
                    return False
    return not adds_control(state, origin, kind)


def demonstrate_move(state, d) -> str:
    """``nv.demonstrate.move``: the next Activist by the Movement Priorities
    (8.4.2, 8.6.4, 8.6.5), or ``done`` once NV pieces equal or exceed cubes
    (``protest`` instead when the step offers the Protest with the end of
    the moves: the bots always place it, as at ``nv.demonstrate.protest_ask``)."""
    fr = state.stack[-1]
    f, dest = fr["faction"], fr["space"]
    ctx = state.action
    ids = d.ids()
    dests = set(ctx["spaces"])
    own_kind = f"{f}_activist"
    sp = _sp(state, dest)
    moved_own = sum(fr["own"].values())
    # Congress brings League Activists with its own, up to Unity (one for one)
    if f == "inc" and moved_own:
        for o in fr["own"]:
            if f"ml:{o}" in ids and not adds_control(state, o, "ml_activist"):
                return f"ml:{o}"
    own_opts = [c for c in ids if c in state.spaces and c not in dests]
    allowed = [o for o in own_opts if nv_keep_ok(state, f, o, own_kind)]
    need = not moved_own or dv.activists(sp) + sp.pieces.get("gandhi", 0) < dv.cubes(sp)
    if need and allowed:
        return _most(state, allowed, lambda x: _sp(state, x).pieces.get(own_kind, 0), "demo", dest)
    if "protest" in ids:  # ruleset 5: the end of the moves carries the Protest, placed as 3.3.2 allows
        return "protest"
    if "done" in ids:
        return "done"
    # at least one must move (3.3.2): the least harmful origin
    pool = own_opts or [c for c in ids if c in state.spaces]
    return _most(state, pool, lambda x: _sp(state, x).pieces.get(own_kind, 0), "demo!", dest)


def demonstrate_destination_useful(state, ctx, sid: str) -> bool:
    """Some own Activist may move into ``sid`` under the Movement Priorities."""
    from ..operations.nonviolent import movable

    f = ctx["faction"]
    kind = f"{f}_activist"
    dests = set(ctx["spaces"])
    return any(a not in dests and movable(state, ctx, a, kind) > 0 and nv_keep_ok(state, f, a, kind)
               for a in get_data().map.adjacent[sid])


# ------------------------------------------------------------------ March
def rev_keep(state, origin: str) -> int:
    """Guerrillas the Revolutionaries keep in ``origin`` (8.4.2)."""
    sp = _sp(state, origin)
    keep = 0
    if _human(state, "raj") and dv.is_railway(origin) and not sp.strike:
        keep = 1
    if sp.pieces.get("rev_base", 0):
        keep = max(keep, 1)
    keep = max(keep, 1 if (sp.unrest or sp.strike) else 3)
    return keep


def march_movable(state, ctx, origin: str) -> int:
    """Guerrillas that may still March out of ``origin`` under 8.4.2."""
    from ..operations.revolutionaries import movable

    mv = movable(state, ctx, origin, "guerrilla_underground") + movable(state, ctx, origin, "guerrilla_active")
    return max(0, min(mv, dv.guerrillas(_sp(state, origin)) - rev_keep(state, origin)))


def _march_dests(ctx) -> set[str]:
    return set((ctx.get("data") or {}).get("into", {}))


def march_origin(state, spaces) -> str | None:
    """A: the origin with most Guerrillas, not a destination, able to move one."""
    ctx = state.action
    dests = _march_dests(ctx)
    ok = [s for s in spaces if s not in dests and march_movable(state, ctx, s) > 0]
    if not ok:
        return None
    return _most(state, ok, lambda x: dv.guerrillas(_sp(state, x)), "march-origin", len(ctx["spaces"]))


def march_dest(state, d) -> str:
    """``choose:rev.march.dest``: B - a destination by the March column (not an
    origin), while the origin may still give up a Guerrilla; else ``done``."""
    from .priorities import select_space

    ctx = state.action
    origin = state.stack[-1]["ctx"]["origin"]
    if march_movable(state, ctx, origin) <= 0 and "done" in d.ids():
        return "done"
    ids = d.ids()
    # ruleset 5 names the side with the space where both could go ("bengal:underground")
    opts = list(dict.fromkeys(c.split(":")[0] for c in ids if c.split(":")[0] in state.spaces
                              and c.split(":")[0] not in ctx["spaces"]))
    if not opts:
        return "done" if "done" in ids else ids[0]
    into = (ctx.get("data") or {}).get("into", {})
    sid = select_space(state, "rev", "march", opts, op="march", salt=("march", origin, sum(into.values())))
    return next((c for c in (sid, f"{sid}:underground", f"{sid}:active") if c in ids), sid)  # Underground first


def march_kind(state, d) -> str:
    """``choose:rev.march.kind``: Underground first (8.4.2)."""
    return "underground" if "underground" in d.ids() else d.ids()[0]
