"""Events of cards 19-36, both texts (rule 5; Italian card list authoritative).

See :mod:`engine.gandhi.events.cards_01_18` for the conventions; ``DECISIONS``
continues the registry of decisions per card side.
"""
from __future__ import annotations

from ...core import rng
from ...core.steps import Frame
from .. import board
from .. import derived as dv
from ..actions import OPERATIONS, new_ctx
from ..choose import callback
from ..common import space_name
from ..ruleset import at_least
from . import event
from .cards_01_18 import base_options, gandhi_space
from .kit import (
    ACTIVISTS,
    ALIAS,
    ALL_KINDS,
    BASES,
    CUBES,
    GUERRILLAS,
    KIND_OF,
    NAMES,
    NV_KINDS,
    activists,
    adversary_kinds,
    all_spaces,
    auto,
    best,
    call,
    can_add_protest,
    can_add_unrest,
    cnt,
    cnt_kinds,
    ctx0,
    cubes,
    elog,
    friendly,
    guerrillas,
    handler,
    loop,
    make_muslim_state,
    non_railway,
    pieces,
    provinces,
    q,
    railways,
    shift_track,
    space_opts,
)

DECISIONS: dict[str, list[str]] = {}


# --- 19 Attack on the Central Assembly in Delhi -------------------------------------

DECISIONS["19-unshaded"] = ["space (1 with Guerrillas)", "option (underground|active)",
                            "piece (up to 3 Underground Guerrillas)"]


@event(19, "unshaded")
def c19_unshaded(state, f):
    """In any 1 space, remove up to 3 Underground Guerrillas or all Active
    Guerrillas (to Available)."""
    sp = [s for s in all_spaces() if guerrillas(state, s)]
    return q(f, 19, "Event #19: choose 1 space with Guerrillas.",
             best(sp, lambda s: max(min(3, cnt(state, s, "guerrilla_underground")),
                                    cnt(state, s, "guerrilla_active"))), "c19u.space", {"f": f})


@callback("c19u.space")
def _c19u_space(state, ctx, sid):
    options = [o for o, k in (("underground", "guerrilla_underground"), ("active", "guerrilla_active"))
               if cnt(state, sid, k)]
    return q(ctx["f"], 19, "Event #19: remove up to 3 Underground or all Active Guerrillas in {space}?",
             options, "c19u.option", dict(ctx, space=sid),
             labels={"underground": "Up to 3 Underground Guerrillas", "active": "All Active Guerrillas"},
             space=space_name(sid))


@callback("c19u.option")
def _c19u_option(state, ctx, opt):
    sid = ctx["space"]
    if opt == "active":
        n = board.remove(state, sid, "guerrilla_active", cnt(state, sid, "guerrilla_active"))
        elog(state, 19, "Removes {n} Active Guerrilla(s) in {space}.", ctx["f"], n=n, space=sid)
        return []
    return [pieces(ctx["f"], 19, "remove", ["guerrilla_underground"], 3, [sid], upto=True,
                   prompt="Event #19: remove up to 3 Underground Guerrillas ({left} left).")]


DECISIONS["19-shaded"] = ["space (2 with Raj Control)"]


@event(19, "shaded")
def c19_shaded(state, f):
    """Add 1 Unrest to 2 spaces with Raj Control and 1 Guerrilla (Underground)
    to each such space (Raj Control judged when each space is chosen)."""
    return [call("c19s.next", f=f, chosen=[])]


@auto("c19s.next")
def _c19s_next(state, ctx):
    sp = [s for s in all_spaces() if dv.raj_control(state, s) and s not in ctx["chosen"]]
    return q(ctx["f"], 19, "Event #19: choose a space with Raj Control ({n} of 2).", sp, "c19s.do", ctx,
             n=len(ctx["chosen"]) + 1)


@callback("c19s.do")
def _c19s_do(state, ctx, sid):
    board.add_unrest(state, sid)
    board.place(state, sid, "guerrilla_underground", 1)
    elog(state, 19, "Adds Unrest and a Guerrilla in {space}.", ctx["f"], space=sid)
    chosen = ctx["chosen"] + [sid]
    return [call("c19s.next", f=ctx["f"], chosen=chosen)] if len(chosen) < 2 else []


# --- 20 Jugantar Forms in Bengal -------------------------------------------------

BENGALS = ["west_bengal", "east_bengal"]
DECISIONS["20-unshaded"] = ["piece (1 Guerrilla per cube in each Bengal: active|underground)"]


@event(20, "unshaded")
def c20_unshaded(state, f):
    """In West Bengal and East Bengal, remove 1 Guerrilla per cube in each
    space (to Available), then Activate all Guerrillas there."""
    out: list[Frame] = [pieces(f, 20, "remove", GUERRILLAS, cubes(state, s), [s],
                               prompt=f"Event #20: remove a Guerrilla in {space_name(s)} " + "({left} left).")
                        for s in BENGALS]
    return out + [call("c20u.activate", f=f)]


@auto("c20u.activate")
def _c20u_activate(state, ctx):
    for s in BENGALS:
        n = board.activate_guerrillas(state, s, cnt(state, s, "guerrilla_underground"))
        if n:
            elog(state, 20, "Activates {n} Guerrilla(s) in {space}.", ctx["f"], n=n, space=s)
    return []


DECISIONS["20-shaded"] = ["piece (up to 3 Guerrillas: west_bengal|east_bengal)"]


@event(20, "shaded")
def c20_shaded(state, f):
    """Add up to 3 Guerrillas to East and/or West Bengal, then flip all
    Guerrillas there Underground ('any' read as all, R-E20)."""
    return [pieces(f, 20, "place", ["guerrilla_underground"], 3, BENGALS, upto=True,
                   prompt="Event #20: add up to 3 Guerrillas in the Bengals ({left} left)."),
            call("c20s.hide", f=f)]


@auto("c20s.hide")
def _c20s_hide(state, ctx):
    for s in BENGALS:
        board.flip(state, s, "guerrilla_active", "guerrilla_underground", cnt(state, s, "guerrilla_active"))
    elog(state, 20, "All Guerrillas in the Bengals go Underground.", ctx["f"])
    return []


# --- 21 Bhagat Singh Frustrates the Empire -------------------------------------------

DECISIONS["21-unshaded"] = []


@event(21, "unshaded")
def c21_unshaded(state, f):
    """Activate all Guerrillas in Punjab, then remove 1 Guerrilla per cube there."""
    s = "punjab"
    board.activate_guerrillas(state, s, cnt(state, s, "guerrilla_underground"))
    n = board.remove(state, s, "guerrilla_active", cubes(state, s))
    elog(state, 21, "Activates all Guerrillas in Punjab and removes {n}.", f, n=n)
    return []


DECISIONS["21-shaded"] = ["piece (up to 4 Guerrillas in Punjab)"]


@event(21, "shaded")
def c21_shaded(state, f):
    """Add up to 4 Guerrillas to Punjab, then an Unrest marker there."""
    return [pieces(f, 21, "place", ["guerrilla_underground"], 4, ["punjab"], upto=True,
                   prompt="Event #21: add up to 4 Guerrillas in Punjab ({left} left)."),
            call("c21s.unrest", f=f)]


@auto("c21s.unrest")
def _c21s_unrest(state, ctx):
    board.add_unrest(state, "punjab")
    elog(state, 21, "Adds Unrest in Punjab.", ctx["f"])
    return []


# --- 22 Subhas Chandra Bose Conspires with Japan ---------------------------------------

DECISIONS["22-unshaded"] = ["piece (up to 4 Guerrillas: 2 to Available, 2 to Out of Play)"]


@event(22, "unshaded")
def c22_unshaded(state, f):
    """Remove up to 4 Guerrillas from any spaces: 2 to Available, 2 to Out of
    Play; with fewer removed the acting faction picks each one's box (R-E22)."""
    return [pieces(f, 22, "remove", GUERRILLAS, 4, upto=True, dest_caps={"available": 2, "out_of_play": 2},
                   prompt="Event #22: remove up to 4 Guerrillas ({left} left).")]


DECISIONS["22-shaded"] = ["space (2 without Raj Control)", "piece (1 adversary piece in each, not Gandhi)"]


@event(22, "shaded")
def c22_shaded(state, f):
    """In 2 spaces without Raj Control, add 2 Guerrillas and remove any 1
    adversary piece (not Gandhi; removed pieces go to Available, 5.1.3)."""
    return [call("c22s.next", f=f, chosen=[])]


def _adv_no_gandhi(f):
    return [k for k in adversary_kinds(f) if k != "gandhi"]


@auto("c22s.next")
def _c22s_next(state, ctx):
    f = ctx["f"]
    sp = [s for s in all_spaces() if not dv.raj_control(state, s) and s not in ctx["chosen"]]
    avail = state.available.get("guerrilla", 0)
    return q(f, 22, "Event #22: choose a space without Raj Control ({n} of 2).",
             best(sp, lambda s: 1 + min(2, avail) + (1 if any(cnt(state, s, k) for k in _adv_no_gandhi(f)) else 0)),
             "c22s.do", ctx, n=len(ctx["chosen"]) + 1)


@callback("c22s.do")
def _c22s_do(state, ctx, sid):
    f = ctx["f"]
    n = board.place(state, sid, "guerrilla_underground", 2)
    elog(state, 22, "Adds {n} Guerrilla(s) in {space}.", f, n=n, space=sid)
    chosen = ctx["chosen"] + [sid]
    nxt = [call("c22s.next", f=f, chosen=chosen)] if len(chosen) < 2 else []
    return [pieces(f, 22, "remove", _adv_no_gandhi(f), 1, [sid],
                   prompt="Event #22: remove 1 adversary piece.")] + nxt


# --- 23 Kakori Train Robbery -----------------------------------------------------

DECISIONS["23-unshaded"] = ["space (up to 3)", "piece (up to 5 Active Guerrillas there)"]


@event(23, "unshaded")
def c23_unshaded(state, f):
    """In up to 3 spaces, Activate 1 Guerrilla per cube, then remove up to 5
    Active Guerrillas total from those spaces."""
    return [call("c23u.next", f=f, chosen=[])]


@auto("c23u.next")
def _c23u_next(state, ctx):
    if len(ctx["chosen"]) >= 3:
        return _c23u_remove(state, ctx)
    sp = [s for s in all_spaces() if guerrillas(state, s) and s not in ctx["chosen"]]
    return q(ctx["f"], 23, "Event #23: choose a space ({n} of up to 3).", sp, "c23u.do", ctx,
             done="No more spaces", call_on_done=True, n=len(ctx["chosen"]) + 1) or _c23u_remove(state, ctx)


@callback("c23u.do")
def _c23u_do(state, ctx, sid):
    if sid == "done":
        return _c23u_remove(state, ctx)
    n = board.activate_guerrillas(state, sid, cubes(state, sid))
    elog(state, 23, "Activates {n} Guerrilla(s) in {space}.", ctx["f"], n=n, space=sid)
    return [call("c23u.next", f=ctx["f"], chosen=ctx["chosen"] + [sid])]


def _c23u_remove(state, ctx):
    if not ctx["chosen"]:
        return []
    return [pieces(ctx["f"], 23, "remove", ["guerrilla_active"], 5, ctx["chosen"], upto=True,
                   prompt="Event #23: remove up to 5 Active Guerrillas ({left} left).")]


DECISIONS["23-shaded"] = ["space (up to 3 with Guerrillas)", "piece (up to 2 Active adversary pieces if hit)"]


def _attack_ctx(chosen: list[str]) -> dict:
    """The ctx of the Revolutionaries' Attack (3.4.3) granted free by #23
    shaded, its spaces so far ``chosen``."""
    return new_ctx("rev", "op", free=True, op="attack", spaces=list(chosen))


@event(23, "shaded")
def c23_shaded(state, f):
    """In up to 3 spaces with Guerrillas, Attack free, then flip all Guerrillas
    in the selected spaces Underground. The Attack is the Revolutionaries'
    Operation (3.4.3) run through its own steps (`OPERATIONS["rev.attack"]`:
    where it may be made, Activation, roll, removals, Unrest), free; the acting
    faction picks the spaces (5.1), the Revolutionaries what the Attack removes
    (1.4.4) (R-E23)."""
    return [call("c23s.next", f=f, chosen=[])]


@auto("c23s.next")
def _c23s_next(state, ctx):
    if len(ctx["chosen"]) >= 3:
        return _c23s_hide(state, ctx, "")
    if at_least(state, 2):
        sp = OPERATIONS["rev.attack"].selectable(state, _attack_ctx(ctx["chosen"]))
    else:  # ruleset 1
        sp = [s for s in all_spaces() if guerrillas(state, s) and s not in ctx["chosen"]]
    return q(ctx["f"], 23, "Event #23: choose a space to Attack ({n} of up to 3).", sp, "c23s.do", ctx,
             done="No more spaces", call_on_done=True, n=len(ctx["chosen"]) + 1) or _c23s_hide(state, ctx, "")


@callback("c23s.do")
def _c23s_do(state, ctx, sid):
    if sid == "done":
        return _c23s_hide(state, ctx, "")
    nxt = [call("c23s.next", **dict(ctx, chosen=ctx["chosen"] + [sid]))]
    if not at_least(state, 2):
        return _legacy_attack(state, ctx["f"], sid) + nxt
    elog(state, 23, "Free Attack in {space} (3.4.3).", ctx["f"], space=sid)
    return OPERATIONS["rev.attack"].select(state, _attack_ctx(ctx["chosen"]), sid) + nxt


# --- #23 shaded as games begun under ruleset 1 played it (engine/gandhi/ruleset.py).
# Kept only so that those games and their transcripts replay as they were
# played; games of ruleset 2 run the Attack of 3.4.3 above.

def _legacy_attack_targets(state, sid: str) -> list[str]:
    sp = state.spaces[sid]
    kinds = ["sepoy"] if cnt(state, sid, "sepoy") else ["troop"] if cnt(state, sid, "troop") else []
    if dv.activists_active(state, sid):
        kinds += [k for k in ACTIVISTS if cnt(state, sid, k)]
    if cnt(state, sid, "ml_base") and not dv.activists(sp):
        kinds.append("ml_base")
    return kinds


def _legacy_attack(state, f: str, sid: str) -> list[Frame]:
    board.activate_guerrillas(state, sid, cnt(state, sid, "guerrilla_underground"))
    d = rng.roll_die(state)
    hit = d <= guerrillas(state, sid)
    elog(state, 23, "Attack in {space}: die {d}, {result}.", f, space=sid, d=d, result="hit" if hit else "miss")
    return [call("c23s.remove", f=f, space=sid, left=2)] if hit else []


@auto("c23s.remove")
def _c23s_remove(state, ctx):
    sid = ctx["space"]
    kinds = _legacy_attack_targets(state, sid) if ctx["left"] > 0 else []
    if not kinds:
        return _c23s_unrest(state, ctx, "")
    labels = {k: k.replace("_", " ") for k in kinds}
    return q(ctx["f"], 23, "Event #23: Attack in {space} removes a piece ({left} left).", kinds, "c23s.rm",
             ctx, labels=labels, done="Remove no more", call_on_done=True, space=space_name(sid), left=ctx["left"])


@callback("c23s.rm")
def _c23s_rm(state, ctx, kind):
    sid = ctx["space"]
    if kind == "done":
        return _c23s_unrest(state, ctx, "")
    board.remove(state, sid, kind, 1, to="prison" if kind in NV_KINDS else "available")
    elog(state, 23, "Attack removes a {kind} in {space}.", ctx["f"], kind=kind, space=sid)
    return [call("c23s.remove", **dict(ctx, left=ctx["left"] - 1))]


@callback("c23s.unrest")
def _c23s_unrest(state, ctx, cid):
    sid = ctx["space"]
    if state.spaces[sid].protest and not dv.raj_control(state, sid):
        board.add_unrest(state, sid)
        elog(state, 23, "Attack adds Unrest in {space}.", ctx["f"], space=sid)
    return []


@callback("c23s.hide")
def _c23s_hide(state, ctx, cid):
    for s in ctx["chosen"]:
        board.flip(state, s, "guerrilla_active", "guerrilla_underground", cnt(state, s, "guerrilla_active"))
    if ctx["chosen"]:
        elog(state, 23, "All Guerrillas in the selected spaces go Underground.", ctx["f"])
    return []


# --- 24 Chittagong Armoury Raid ------------------------------------------------------

DECISIONS["24-unshaded"] = ["piece (up to 5 Guerrillas to Activate)", "space (up to 3 of those spaces)",
                            "piece (1 Guerrilla per cube there)"]


@event(24, "unshaded")
def c24_unshaded(state, f):
    """Activate up to 5 Guerrillas in any spaces, then remove 1 Guerrilla per
    cube in up to 3 of those spaces (to Available). 'Those spaces' are the
    spaces where Guerrillas were Activated (R-E24)."""
    return [pieces(f, 24, "activate", ["guerrilla_underground"], 5, upto=True,
                   prompt="Event #24: Activate up to 5 Guerrillas ({left} left).",
                   then="c24u.activated")]


@auto("c24u.activated")
def _c24u_activated(state, ctx):
    """After the Activations: 'those spaces' are the ones where Guerrillas were Activated."""
    return [call("c24u.next", f=ctx["actor"], spaces=list(ctx["used"]), chosen=[])]


@auto("c24u.next")
def _c24u_next(state, ctx):
    sp = [s for s in ctx["spaces"] if s not in ctx["chosen"] and guerrillas(state, s) and cubes(state, s)]
    if len(ctx["chosen"]) >= 3:
        return []
    return q(ctx["f"], 24, "Event #24: remove Guerrillas per cube in a space ({n} of up to 3).", sp,
             "c24u.do", ctx, done="No more spaces", n=len(ctx["chosen"]) + 1)


@callback("c24u.do")
def _c24u_do(state, ctx, sid):
    return [pieces(ctx["f"], 24, "remove", GUERRILLAS, cubes(state, sid), [sid],
                   prompt="Event #24: remove a Guerrilla ({left} left)."),
            call("c24u.next", **dict(ctx, chosen=ctx["chosen"] + [sid]))]


DECISIONS["24-shaded"] = ["space (1)"]


@event(24, "shaded")
def c24_shaded(state, f):
    """In 1 space, add 2 Guerrillas from Out of Play, add 1 Unrest, and set the
    space to Neutral."""
    oop = state.out_of_play.get("guerrilla", 0)
    return q(f, 24, "Event #24: choose 1 space.",
             best(all_spaces(), lambda s: 1 + min(2, oop) + (1 if can_add_unrest(state, s) else 0)
                  + (1 if state.spaces[s].support else 0)), "c24s.space", {"f": f})


@callback("c24s.space")
def _c24s_space(state, ctx, sid):
    n = board.place(state, sid, "guerrilla_underground", 2, source="out_of_play")
    board.add_unrest(state, sid)
    board.set_support(state, sid, 0)
    elog(state, 24, "Adds {n} Guerrilla(s) from Out of Play and Unrest in {space}; it is set to Neutral.",
         ctx["f"], n=n, space=sid)
    return []


# --- 25 Montagu Declaration --------------------------------------------------------

def marker_options(state, spaces, kinds=("protest", "unrest")) -> tuple[list[str], dict[str, str]]:
    ids, labels = [], {}
    for s in spaces:
        sp = state.spaces[s]
        if "protest" in kinds and sp.protest:
            ids.append(f"{s}:protest")
            labels[f"{s}:protest"] = f"Protest in {space_name(s)}"
        if "unrest" in kinds and sp.unrest:
            ids.append(f"{s}:unrest")
            labels[f"{s}:unrest"] = f"Unrest in {space_name(s)}"
    return ids, labels


DECISIONS["25-unshaded"] = ["marker (up to 2: space:protest|space:unrest)"]


@event(25, "unshaded")
def c25_unshaded(state, f):
    """Shift Restraint -2 and remove up to 2 Protest and/or Unrest markers."""
    shift_track(state, 25, f, "restraint", -2)
    return [call("c25u.next", f=f, left=2)]


@auto("c25u.next")
def _c25u_next(state, ctx):
    ids, labels = marker_options(state, all_spaces())
    return q(ctx["f"], 25, "Event #25: remove a Protest or Unrest marker ({left} left).", ids, "c25u.do", ctx,
             labels=labels, done="Done", left=ctx["left"])


@callback("c25u.do")
def _c25u_do(state, ctx, cid):
    sid, m = cid.split(":")
    board.remove_protest(state, sid) if m == "protest" else board.remove_unrest(state, sid, 1)
    elog(state, 25, "Removes a {marker} marker in {space}.", ctx["f"], marker=m, space=sid)
    return [call("c25u.next", f=ctx["f"], left=ctx["left"] - 1)] if ctx["left"] > 1 else []


DECISIONS["25-shaded"] = ["space (2 with friendly pieces)"]


@event(25, "shaded")
def c25_shaded(state, f):
    """Shift Restraint +2 and add 1 Protest in any 2 spaces with the acting
    faction's pieces."""
    shift_track(state, 25, f, "restraint", 2)
    return [call("c25s.next", f=f, n=2)]


@auto("c25s.next")
def _c25s_next(state, ctx):
    sp = [s for s in all_spaces() if friendly(state, s, ctx["f"]) and can_add_protest(state, s)]
    return q(ctx["f"], 25, "Event #25: add a Protest in a space with your pieces ({n} left).", sp, "c25s.do",
             ctx, n=ctx["n"])


@callback("c25s.do")
def _c25s_do(state, ctx, sid):
    board.add_protest(state, sid, for_operation=False)
    elog(state, 25, "Adds a Protest in {space}.", ctx["f"], space=sid)
    return [call("c25s.next", f=ctx["f"], n=ctx["n"] - 1)] if ctx["n"] > 1 else []


# --- 26 Rowlatt Act Enforced --------------------------------------------------------

DECISIONS["26-unshaded"] = ["space (2)", "piece (1 Activist per cube there)"]


@event(26, "unshaded")
def c26_unshaded(state, f):
    """In 2 spaces, arrest 1 Activist per cube (to Prison)."""
    return [call("c26u.next", f=f, chosen=[])]


@auto("c26u.next")
def _c26u_next(state, ctx):
    sp = [s for s in all_spaces() if s not in ctx["chosen"]]
    return q(ctx["f"], 26, "Event #26: choose a space ({n} of 2).",
             best(sp, lambda s: min(cubes(state, s), activists(state, s))), "c26u.do", ctx,
             n=len(ctx["chosen"]) + 1)


@callback("c26u.do")
def _c26u_do(state, ctx, sid):
    chosen = ctx["chosen"] + [sid]
    nxt = [call("c26u.next", f=ctx["f"], chosen=chosen)] if len(chosen) < 2 else []
    return [pieces(ctx["f"], 26, "remove", ACTIVISTS, cubes(state, sid), [sid], to="prison",
                   prompt="Event #26: arrest an Activist ({left} left).")] + nxt


DECISIONS["26-shaded"] = ["space (Protest)", "space (Unrest)"]


@event(26, "shaded")
def c26_shaded(state, f):
    """Add 1 Protest marker and 1 Unrest marker (in spaces of the acting
    faction's choice, possibly the same), then shift each space that received
    a marker 1 level toward Active Opposition (R-E26)."""
    sp = [s for s in all_spaces() if can_add_protest(state, s)]
    out = q(f, 26, "Event #26: add a Protest marker.", sp, "c26s.protest", {"f": f, "spaces": []})
    return out or [call("c26s.unrest", f=f, spaces=[])]


@callback("c26s.protest")
def _c26s_protest(state, ctx, sid):
    board.add_protest(state, sid, for_operation=False)
    elog(state, 26, "Adds a Protest in {space}.", ctx["f"], space=sid)
    return [call("c26s.unrest", f=ctx["f"], spaces=[sid])]


@auto("c26s.unrest")
def _c26s_unrest(state, ctx):
    sp = [s for s in all_spaces() if can_add_unrest(state, s)]
    return q(ctx["f"], 26, "Event #26: add an Unrest marker.", sp, "c26s.unrest_do", ctx) or \
        _c26s_shift(state, ctx)


@callback("c26s.unrest_do")
def _c26s_unrest_do(state, ctx, sid):
    board.add_unrest(state, sid)
    elog(state, 26, "Adds Unrest in {space}.", ctx["f"], space=sid)
    return _c26s_shift(state, dict(ctx, spaces=ctx["spaces"] + [sid]))


def _c26s_shift(state, ctx):
    for s in dict.fromkeys(ctx["spaces"]):
        n = board.shift(state, s, -1)
        if n:
            elog(state, 26, "Shifts {space} 1 level toward Active Opposition.", ctx["f"], space=s)
    return []


# --- 27 Second Round Table Conference ---------------------------------------------

DECISIONS["27-unshaded"] = ["space (2 with Raj Control)"]


@event(27, "unshaded")
def c27_unshaded(state, f):
    """Set Restraint to 2 and set 2 spaces with Raj Control to Passive Support."""
    board.set_restraint(state, 2)
    elog(state, 27, "Restraint set to 2.", f)
    return [loop("c27u", ctx0(f, 27, left=2),
                 prompt="Event #27: set a space with Raj Control to Passive Support ({left} left).")]


@handler("c27u")
def _c27u(state, ctx, sid):
    if sid is None:
        sp = [s for s in all_spaces() if dv.raj_control(state, s) and s not in ctx["chosen"]]
        return space_opts(best(sp, lambda s: 2 if state.spaces[s].support != 1 else 1))
    ctx["chosen"].append(sid)
    board.set_support(state, sid, 1)
    elog(state, 27, "Sets {space} to Passive Support.", ctx["actor"], space=sid)
    return []


DECISIONS["27-shaded"] = ["space (2 with Raj Control)"]


@event(27, "shaded")
def c27_shaded(state, f):
    """Set Restraint to 4 and place a Protest in any 2 spaces with Raj Control."""
    board.set_restraint(state, 4)
    elog(state, 27, "Restraint set to 4.", f)
    return [call("c27s.next", f=f, n=2)]


@auto("c27s.next")
def _c27s_next(state, ctx):
    sp = [s for s in all_spaces() if dv.raj_control(state, s) and can_add_protest(state, s)]
    return q(ctx["f"], 27, "Event #27: place a Protest in a space with Raj Control ({n} left).", sp,
             "c27s.do", ctx, n=ctx["n"])


@callback("c27s.do")
def _c27s_do(state, ctx, sid):
    board.add_protest(state, sid, for_operation=False)
    elog(state, 27, "Places a Protest in {space}.", ctx["f"], space=sid)
    return [call("c27s.next", f=ctx["f"], n=ctx["n"] - 1)] if ctx["n"] > 1 else []


# --- 28 British Seek to Divide and Rule ----------------------------------------------

DECISIONS["28-unshaded"] = ["space+base (mlbase|revbase)"]


@event(28, "unshaded")
def c28_unshaded(state, f):
    """Unity -1. Add 1 Muslim League or Revolutionary Base to any space where
    possible and shift that space 2 levels toward Active Support (with no Base
    placeable, a space is still chosen to shift, 5.1.2)."""
    shift_track(state, 28, f, "unity", -1)
    ids, labels = base_options(state, non_railway())
    ctx = {"f": f, "shift": 2, "card": 28}
    if not ids:
        return q(f, 28, "Event #28: no Base can be added; choose a space to shift.",
                 [s for s in non_railway() if state.spaces[s].support < 2], "c18u.space", ctx)
    return q(f, 28, "Event #28: add a Base.", ids, "c18u.base", ctx, labels=labels)


DECISIONS["28-shaded"] = ["space (1 with Congress Activists)"]


@event(28, "shaded")
def c28_shaded(state, f):
    """Unity +1 and shift 1 space with Congress Activists 1 level toward Active
    Opposition."""
    shift_track(state, 28, f, "unity", 1)
    sp = [s for s in non_railway() if cnt(state, s, "inc_activist") and state.spaces[s].support > -2]
    return q(f, 28, "Event #28: shift a space with Congress Activists.", sp, "c28s.do", {"f": f})


@callback("c28s.do")
def _c28s_do(state, ctx, sid):
    board.shift(state, sid, -1)
    elog(state, 28, "Shifts {space} 1 level toward Active Opposition.", ctx["f"], space=sid)
    return []


# --- 29 Government of India Act of 1935 -------------------------------------------

DECISIONS["29-unshaded"] = ["space (1 Muslim State)", "faction (inc|ml Ineligible)"]


@event(29, "unshaded")
def c29_unshaded(state, f):
    """Remove 1 Muslim State. Congress or the Muslim League (the acting
    faction's choice) is Ineligible for the next card."""
    sp = [s for s in all_spaces() if state.spaces[s].muslim_state]
    return q(f, 29, "Event #29: remove a Muslim State.", sp, "c29u.state", {"f": f}) + \
        q(f, 29, "Event #29: which faction is Ineligible for the next card?", ["inc", "ml"], "c29u.inel",
          {"f": f}, labels={"inc": "Congress", "ml": "Muslim League"})


@callback("c29u.state")
def _c29u_state(state, ctx, sid):
    state.spaces[sid].muslim_state = False
    elog(state, 29, "Removes the Muslim State in {space}.", ctx["f"], space=sid)
    return []


@callback("c29u.inel")
def _c29u_inel(state, ctx, fa):
    state.turn.make_ineligible.append(fa)
    elog(state, 29, "{faction} is Ineligible for the next card.", ctx["f"], faction=fa)
    return []


DECISIONS["29-shaded"] = ["space+base|state (Province without Raj Control)", "raj: City for each Troop there"]


@event(29, "shaded")
def c29_shaded(state, f):
    """Place 1 Base (Muslim League or Revolutionary) or a Muslim State in 1
    Province without Raj Control (any Province, not only Muslim ones; a new
    Muslim State's Troops go to Cities chosen by the Raj)."""
    sp = [s for s in provinces(state) if not dv.raj_control(state, s)]
    ids, labels = base_options(state, sp)
    for s in sp:
        if state.spaces[s].muslim_state:  # only under ruleset 1, whose "Provinces" included Muslim States
            continue
        ids.append(f"{s}:state")
        labels[f"{s}:state"] = f"Muslim State in {space_name(s)}"
    return q(f, 29, "Event #29: place a Base or a Muslim State.", ids, "c29s.do", {"f": f}, labels=labels)


@callback("c29s.do")
def _c29s_do(state, ctx, cid):
    sid, what = cid.split(":")
    if what == "state":
        return make_muslim_state(state, sid, 29, ctx["f"])
    kind = "ml_base" if what == "mlbase" else "rev_base"
    board.place(state, sid, kind, 1)
    elog(state, 29, "Places a {kind} in {space}.", ctx["f"], kind=kind, space=sid)
    return []


# --- 30 Japan Occupies Indochina ------------------------------------------------------

DECISIONS["30-unshaded"] = ["piece (up to 5 Guerrillas or Activists in Raj Control spaces, 2 per space)"]


@event(30, "unshaded")
def c30_unshaded(state, f):
    """Remove up to 5 Guerrillas or Activists from spaces with Raj Control to
    Available, no more than 2 per space (Raj Control judged as the Event
    begins, R-E30)."""
    sp = [s for s in all_spaces() if dv.raj_control(state, s)]
    return [pieces(f, 30, "remove", GUERRILLAS + ACTIVISTS, 5, sp, upto=True, cap=2,
                   prompt="Event #30: remove up to 5 Guerrillas or Activists ({left} left).")]


DECISIONS["30-shaded"] = ["piece (up to 5 Sepoys, 2 per space)"]


@event(30, "shaded")
def c30_shaded(state, f):
    """Remove up to 5 Sepoys from the map (to Available), no more than 2 per space."""
    return [pieces(f, 30, "remove", ["sepoy"], 5, upto=True, cap=2,
                   prompt="Event #30: remove up to 5 Sepoys ({left} left).")]


# --- 31 Champaran Satyagraha ----------------------------------------------------

DECISIONS["31-unshaded"] = []


@event(31, "unshaded")
def c31_unshaded(state, f):
    """Arrest Gandhi and all Activists with him ('any' read as all, R-E31),
    then remove the Protest and all Unrest markers from his space."""
    sid = gandhi_space(state)
    if not sid:
        elog(state, 31, "Gandhi is not on the map: no effect.", f)
        return []
    board.remove(state, sid, "gandhi", 1, to="prison")
    n = sum(board.remove(state, sid, k, cnt(state, sid, k), to="prison") for k in ACTIVISTS)
    board.remove_protest(state, sid)
    board.remove_unrest(state, sid, state.spaces[sid].unrest)
    elog(state, 31, "Arrests Gandhi and {n} Activist(s) in {space}; its Protest and Unrest are removed.", f,
         n=n, space=sid)
    return []


DECISIONS["31-shaded"] = ["piece (up to 3 Activists in Bihar: inc|ml)"]


@event(31, "shaded")
def c31_shaded(state, f):
    """Move Gandhi to Bihar (unless he is in Prison; if Available he is placed
    there, R-E31), then place a Protest and up to 3 Activists there."""
    sid = gandhi_space(state)
    if sid and sid != "bihar":
        board.move(state, sid, "bihar", "gandhi", 1)
    elif not sid and state.available.get("gandhi"):
        board.place(state, "bihar", "gandhi", 1)
    board.add_protest(state, "bihar", for_operation=False)
    elog(state, 31, "Gandhi to Bihar (unless in Prison); a Protest there.", f)
    return [pieces(f, 31, "place", ACTIVISTS, 3, ["bihar"], upto=True,
                   prompt="Event #31: place up to 3 Activists in Bihar ({left} left).")]


# --- 32 Cellular Jail ---------------------------------------------------------------

DECISIONS["32-unshaded"] = ["piece (2 pieces to Out of Play, not Gandhi or Bases)", "piece (4 Guerrillas to Activate)"]


@event(32, "unshaded")
def c32_unshaded(state, f):
    """Move any 2 pieces on the map to Out of Play (not Gandhi, not Bases), then
    Activate any 4 Guerrillas."""
    kinds = [k for k in ALL_KINDS if k != "gandhi" and k not in BASES]
    return [pieces(f, 32, "remove", kinds, 2, to="out_of_play",
                   prompt="Event #32: move a piece to Out of Play ({left} left)."),
            pieces(f, 32, "activate", ["guerrilla_underground"], 4,
                   prompt="Event #32: Activate a Guerrilla ({left} left).")]


DECISIONS["32-shaded"] = []


@event(32, "shaded")
def c32_shaded(state, f):
    """Raj Resources -2 per Activist in Prison, then Restraint -2."""
    k = state.prison.get("inc_activist", 0) + state.prison.get("ml_activist", 0)
    n = board.add_resources(state, "raj", -2 * k)
    r = board.shift_restraint(state, -2)
    elog(state, 32, "Raj Resources {n} ({k} Activists in Prison); Restraint {r:+d}.", f, n=n, k=k, r=r)
    return []


# --- 33 Flag Satyagraha -------------------------------------------------------------

DECISIONS["33-unshaded"] = ["item (up to Restraint spaces: space:kind|space:protest|space:unrest)"]


@event(33, "unshaded")
def c33_unshaded(state, f):
    """In a number of spaces up to Restraint, remove 1 Guerrilla, Activist,
    Protest marker or Unrest marker (one item per space)."""
    return [call("c33u.next", f=f, left=state.restraint, chosen=[])]


@auto("c33u.next")
def _c33u_next(state, ctx):
    sp = [s for s in all_spaces() if s not in ctx["chosen"]]
    ids, labels = marker_options(state, sp)
    for s in sp:
        for k in GUERRILLAS + ACTIVISTS:
            if cnt(state, s, k):
                ids.append(f"{s}:{ALIAS[k]}")
                labels[f"{s}:{ALIAS[k]}"] = f"{NAMES[k]} in {space_name(s)}"
    return q(ctx["f"], 33, "Event #33: remove 1 item in a space ({left} spaces left).", sorted(ids), "c33u.do",
             ctx, labels=labels, done="Done", left=ctx["left"])


@callback("c33u.do")
def _c33u_do(state, ctx, cid):
    sid, what = cid.split(":")
    if what == "protest":
        board.remove_protest(state, sid)
    elif what == "unrest":
        board.remove_unrest(state, sid, 1)
    else:
        board.remove(state, sid, KIND_OF[what], 1)
    elog(state, 33, "Removes a {what} in {space}.", ctx["f"], what=what, space=sid)
    if ctx["left"] > 1:
        return [call("c33u.next", f=ctx["f"], left=ctx["left"] - 1, chosen=ctx["chosen"] + [sid])]
    return []


DECISIONS["33-shaded"] = ["piece (1 adversary piece in each of up to Unity spaces, Bases last, not Gandhi)",
                          "kind (up to 5 Activists from Prison to Available: inc|ml)"]


@event(33, "shaded")
def c33_shaded(state, f):
    """In a number of spaces up to Unity, remove 1 adversary piece each (to
    Available; Bases last, not Gandhi), then release up to 5 Activists from
    Prison to Available."""
    adv = [k for k in adversary_kinds(f) if k != "gandhi"]
    return [pieces(f, 33, "remove", adv, state.unity, upto=True, cap=1, bases_last=True,
                   prompt="Event #33: remove 1 adversary piece in a space ({left} spaces left)."),
            call("c33s.release", f=f, left=5)]


@auto("c33s.release")
def _c33s_release(state, ctx):
    kinds = [k for k in ACTIVISTS if state.prison.get(k, 0)]
    return q(ctx["f"], 33, "Event #33: release an Activist from Prison to Available ({left} left).", kinds,
             "c33s.do", ctx, labels={"inc_activist": "Congress Activist", "ml_activist": "Muslim League Activist"},
             done="Done", left=ctx["left"])


@callback("c33s.do")
def _c33s_do(state, ctx, kind):
    board.transfer(state, kind, 1, "prison", "available")
    elog(state, 33, "Releases a {kind} from Prison to Available.", ctx["f"], kind=kind)
    return [call("c33s.release", f=ctx["f"], left=ctx["left"] - 1)] if ctx["left"] > 1 else []


# --- 34 Demonstrations Block Railways --------------------------------------------------

DECISIONS["34-unshaded"] = []


@event(34, "unshaded")
def c34_unshaded(state, f):
    """Arrest all Activists on Railways and remove all Strike markers."""
    n = 0
    for s in railways():
        n += sum(board.remove(state, s, k, cnt(state, s, k), to="prison") for k in ACTIVISTS)
        board.remove_strike(state, s)
    elog(state, 34, "Arrests {n} Activist(s) on Railways and removes all Strikes.", f, n=n)
    return []


DECISIONS["34-shaded"] = ["option (activists|strikes)", "piece (up to 3 Activists on Railways: inc|ml)",
                          "space (up to 2 Railways for Strikes)"]


@event(34, "shaded")
def c34_shaded(state, f):
    """Add up to 3 Active Activists (on Railways Activists are Active, 1.4.3)
    or up to 2 Strikes to any Railways ('up to' read for both, R-E34)."""
    options = []
    if any(state.available.get(k, 0) for k in ACTIVISTS):
        options.append("activists")
    if any(can_add_unrest(state, s) for s in railways()):
        options.append("strikes")
    return q(f, 34, "Event #34: add Activists or Strikes to Railways?", options, "c34s.option", {"f": f},
             labels={"activists": "Up to 3 Active Activists", "strikes": "Up to 2 Strikes"})


@callback("c34s.option")
def _c34s_option(state, ctx, opt):
    if opt == "activists":
        return [pieces(ctx["f"], 34, "place", ACTIVISTS, 3, railways(), upto=True,
                       prompt="Event #34: add up to 3 Activists to Railways ({left} left).")]
    return [call("c34s.next", f=ctx["f"], left=2)]


@auto("c34s.next")
def _c34s_next(state, ctx):
    sp = [s for s in railways() if can_add_unrest(state, s)]
    return q(ctx["f"], 34, "Event #34: add a Strike to a Railway ({left} left).", sp, "c34s.do", ctx,
             done="Done", left=ctx["left"])


@callback("c34s.do")
def _c34s_do(state, ctx, sid):
    board.add_unrest(state, sid)
    elog(state, 34, "Adds a Strike on {space}.", ctx["f"], space=sid)
    return [call("c34s.next", f=ctx["f"], left=ctx["left"] - 1)] if ctx["left"] > 1 else []


# --- 35 Akali Movement ---------------------------------------------------------------

DECISIONS["35-unshaded"] = ["piece (up to 6 cubes in Punjab: troop|sepoy)"]


@event(35, "unshaded")
def c35_unshaded(state, f):
    """Place up to 6 cubes (from Available) in Punjab (no Troops if it is a Muslim State)."""
    return [pieces(f, 35, "place", CUBES, 6, ["punjab"], upto=True,
                   prompt="Event #35: place up to 6 cubes in Punjab ({left} left).")]


DECISIONS["35-shaded"] = ["marker (up to 2 spaces: space:protest|space:unrest)"]


@event(35, "shaded")
def c35_shaded(state, f):
    """In up to 2 spaces, add 1 Protest or Unrest marker, then shift each of
    those spaces 1 level toward Active Opposition."""
    return [call("c35s.next", f=f, chosen=[])]


@auto("c35s.next")
def _c35s_next(state, ctx):
    if len(ctx["chosen"]) >= 2:
        return _c35s_shift(state, ctx, "")
    ids, labels = [], {}
    for s in all_spaces():
        if s in ctx["chosen"]:
            continue
        if can_add_protest(state, s):
            ids.append(f"{s}:protest")
            labels[f"{s}:protest"] = f"Protest in {space_name(s)}"
        if can_add_unrest(state, s):
            ids.append(f"{s}:unrest")
            labels[f"{s}:unrest"] = f"{'Strike' if dv.is_railway(s) else 'Unrest'} in {space_name(s)}"
    return q(ctx["f"], 35, "Event #35: add a Protest or Unrest marker ({n} of up to 2).", ids, "c35s.do", ctx,
             labels=labels, done="No more", call_on_done=True, n=len(ctx["chosen"]) + 1) or \
        _c35s_shift(state, ctx, "")


@callback("c35s.do")
def _c35s_do(state, ctx, cid):
    if cid == "done":
        return _c35s_shift(state, ctx, "")
    sid, m = cid.split(":")
    board.add_protest(state, sid, for_operation=False) if m == "protest" else board.add_unrest(state, sid)
    elog(state, 35, "Adds a {marker} marker in {space}.", ctx["f"], marker=m, space=sid)
    return [call("c35s.next", f=ctx["f"], chosen=ctx["chosen"] + [sid])]


@callback("c35s.shift")
def _c35s_shift(state, ctx, cid):
    for s in ctx["chosen"]:
        if board.shift(state, s, -1):
            elog(state, 35, "Shifts {space} 1 level toward Active Opposition.", ctx["f"], space=s)
    return []


# --- 36 Quit India Movement -----------------------------------------------------------

DECISIONS["36-unshaded"] = ["space (1 with Activists)", "piece (a die roll of Activists there)"]


@event(36, "unshaded")
def c36_unshaded(state, f):
    """In 1 space with Activists: add 1 Unrest, arrest a die roll of Activists
    (as many as there are), and set the space to Neutral."""
    sp = [s for s in all_spaces() if activists(state, s)]
    return q(f, 36, "Event #36: choose 1 space with Activists.", sp, "c36u.space", {"f": f})


@callback("c36u.space")
def _c36u_space(state, ctx, sid):
    board.add_unrest(state, sid)
    board.set_support(state, sid, 0)
    d = rng.roll_die(state)
    elog(state, 36, "Unrest in {space}, set to Neutral; die roll {d}: arrest {d} Activist(s).", ctx["f"],
         space=sid, d=d)
    return [pieces(ctx["f"], 36, "remove", ACTIVISTS, d, [sid], to="prison",
                   prompt="Event #36: arrest an Activist ({left} left).")]


DECISIONS["36-shaded"] = ["space (2)", "piece (adversaries equal to the die roll, Bases last)"]


@event(36, "shaded")
def c36_shaded(state, f):
    """In each of 2 spaces, roll a die; if the result is <= the acting
    faction's pieces there, remove that many adversary pieces (Gandhi and
    Activists to Prison, the rest to Available; Bases last)."""
    return [call("c36s.next", f=f, chosen=[])]


@auto("c36s.next")
def _c36s_next(state, ctx):
    f = ctx["f"]
    sp = [s for s in all_spaces() if s not in ctx["chosen"]]
    adv = adversary_kinds(f)
    # 5.1.2 (R-E36): the text can act only where a roll can succeed (a friendly
    # piece) and something can then be removed (an adversary piece)
    return q(f, 36, "Event #36: choose a space to roll in ({n} of 2).",
             best(sp, (lambda s: 1 if friendly(state, s, f) and cnt_kinds(state, s, adv) else 0) if at_least(state, 2)
                  else lambda s: 1 + friendly(state, s, f) + (1 if any(cnt(state, s, k) for k in adv) else 0)),
             "c36s.do", ctx, n=len(ctx["chosen"]) + 1)


@callback("c36s.do")
def _c36s_do(state, ctx, sid):
    f = ctx["f"]
    d = rng.roll_die(state)
    ok = d <= friendly(state, sid, f)
    elog(state, 36, "In {space} die {d} against {k} friendly piece(s): {result}.", f, space=sid, d=d,
         k=friendly(state, sid, f), result="success" if ok else "failure")
    chosen = ctx["chosen"] + [sid]
    nxt = [call("c36s.next", f=f, chosen=chosen)] if len(chosen) < 2 else []
    if not ok:
        return nxt
    return [pieces(f, 36, "remove", adversary_kinds(f), d, [sid], to="arrest", bases_last=True,
                   prompt="Event #36: remove an adversary piece ({left} left).")] + nxt
