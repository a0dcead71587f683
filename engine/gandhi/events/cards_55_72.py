"""Events of cards 55-72, both texts (rule 5; Italian card list authoritative).

Same conventions as :mod:`.cards_37_54` (which holds ``DECISIONS`` for the
whole range; this module adds its entries there). Readings of unclear texts
are in the docstrings and in docs/rulings/events_37_72.md.
"""
from __future__ import annotations

from ...core import rng
from .. import board, derived as dv
from . import event
from .cards_37_54 import DECISIONS, C50_KINDS, arrest_all_activists, shift_loop
from .kit import (
    ACTIVISTS,
    ALIAS,
    BASES,
    CUBES,
    GUERRILLAS,
    KIND_OF,
    M,
    NAMES,
    all_spaces,
    auto,
    can_add_protest,
    can_add_unrest,
    can_shift_toward,
    cnt,
    cnt_kinds,
    ctx0,
    elog,
    from_out_of_play,
    handler,
    has_unrest,
    loop,
    make_muslim_state,
    muslim_spaces,
    muslim_states,
    non_railway,
    pieces,
    princely_states,
    provinces,
    railways,
    remove_muslim_state,
    shift_toward,
    shift_track,
    space_name,
    space_opts,
    space_then,
    states,
    stay_eligible,
)


# --- 55 The Salt March -----------------------------------------------------------------------

DECISIONS["55-unshaded"] = []


def gandhi_space(state) -> str | None:
    return next((s for s, sp in state.spaces.items() if sp.pieces.get("gandhi")), None)


@event(55, "unshaded")
def c55_unshaded(state, f):
    """In the space with Gandhi, remove any Protest marker and arrest all
    Activists there (to Prison); shift that space 1 level toward Active
    Support. Nothing happens if Gandhi is not on the map."""
    sid = gandhi_space(state)
    if sid is None:
        elog(state, 55, "Gandhi is not on the map: no effect.", f)
        return []
    board.remove_protest(state, sid)
    arrest_all_activists(state, sid, 55, f)
    shift_toward(state, sid, 2)
    elog(state, 55, "{space}: Protest removed, Activists arrested, shift toward Active Support.", f, space=sid)
    return []


DECISIONS["55-shaded"] = ["space (first Protest space)", "space (adjacent second Protest space)",
                          "space (1 of the 2 for Gandhi)", "piece (2 Activists there: inc|ml)"]


@event(55, "shaded")
def c55_shaded(state, f):
    """Place Protest markers in any 2 adjacent spaces (ignoring Restraint,
    5.1.1). Unless he is in Prison, move Gandhi to 1 of the selected spaces and
    add 2 Activists there. R-55: Gandhi comes from the map or from Available
    (not from Prison or Out of Play); the 2 Activists are added only if Gandhi
    moves, and are of either Nonviolent faction (acting faction's choice)."""
    return [loop("c55s", ctx0(f, 55, left=2), prompt="Event #55: choose a space for a Protest marker.")]


@handler("c55s")
def _c55s(state, ctx, cid):
    if cid is None:
        free = [s for s in all_spaces() if not state.spaces[s].protest]
        if not ctx["chosen"]:  # 5.1.2: a pair of spaces where both Protests can go, if any
            pair = [s for s in free if any(a in free for a in M().adjacent[s])]
            return space_opts(pair or all_spaces())
        adj = sorted(M().adjacent[ctx["chosen"][0]])
        return space_opts([a for a in adj if a in free] or adj, ctx)
    ctx["chosen"].append(cid)
    if board.add_protest(state, cid, for_operation=False):
        elog(state, 55, "Places a Protest in {space}.", ctx["actor"], space=cid)
    if len(ctx["chosen"]) < 2:
        return []
    if state.prison.get("gandhi") or state.out_of_play.get("gandhi"):
        return []
    return [loop("c55s.gandhi", dict(actor=ctx["actor"], card=55, left=1, chosen=list(ctx["chosen"])),
                 prompt="Event #55: move Gandhi to one of the two spaces.")]


@handler("c55s.gandhi")
def _c55s_gandhi(state, ctx, cid):
    if cid is None:
        return space_opts(ctx["chosen"])
    src = gandhi_space(state)
    if src is not None:
        board.move(state, src, cid, "gandhi", 1)
    else:
        board.place(state, cid, "gandhi", 1)
    elog(state, 55, "Gandhi moves to {space}.", ctx["actor"], space=cid)
    return [pieces(ctx["actor"], 55, "place", ACTIVISTS, 2, [cid], prompt="Event #55: add an Activist")]


# --- 56 Telangana Peasant Rebellion --------------------------------------------------------------

DECISIONS["56-unshaded"] = ["space (up to 3 Princely States)"]


@event(56, "unshaded")
def c56_unshaded(state, f):
    """In up to 3 Princely States, remove Unrest and Protest markers and shift
    each 1 level toward Active Support."""
    return [loop("c56u", ctx0(f, 56, left=3), upto=True, prompt="Event #56: choose a Princely State.")]


@handler("c56u")
def _c56u(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in princely_states() if has_unrest(state, s) or state.spaces[s].protest
                           or can_shift_toward(state, s, 2)], ctx)
    ctx["chosen"].append(cid)
    board.remove_unrest(state, cid, state.spaces[cid].unrest)
    board.remove_protest(state, cid)
    shift_toward(state, cid, 2)
    elog(state, 56, "{space}: Unrest and Protest removed, shift toward Active Support.", ctx["actor"], space=cid)
    return []


DECISIONS["56-shaded"] = ["space (3 Princely States)"]


@event(56, "shaded")
def c56_shaded(state, f):
    """Shift any 3 Princely States 1 level each toward Active Opposition."""
    return [shift_loop(f, 56, -2, 3, princely_states(), False, "Event #56: shift a Princely State toward Active Opposition.")]


# --- 57 Sarojini Naidu Inspires the Masses ----------------------------------------------------

DECISIONS["57-unshaded"] = ["piece (up to 2 Activists, map to Out of Play)",
                            "piece (up to 2 cubes/Guerrillas from Out of Play: space, kind)"]


@event(57, "unshaded")
def c57_unshaded(state, f):
    """Move up to 2 Activists from the map to Out of Play, then move up to 2
    cubes or Guerrillas from Out of Play to any spaces (no Troops in States)."""
    return [pieces(f, 57, "remove", ACTIVISTS, 2, to="out_of_play", upto=True,
                   prompt="Event #57: move an Activist to Out of Play"),
            pieces(f, 57, "place", CUBES + ["guerrilla"], 2, upto=True, sources={"out_of_play": None},
                   prompt="Event #57: move a cube or Guerrilla from Out of Play to the map")]


DECISIONS["57-shaded"] = ["piece (up to 4 Activists in Protest spaces, up to 2 from Out of Play)"]


@event(57, "shaded")
def c57_shaded(state, f):
    """Add up to 4 Activists (either faction's) to Protest spaces (up to 2 of
    them from Out of Play, the rest from Available)."""
    pool = [s for s in all_spaces() if state.spaces[s].protest]
    return [pieces(f, 57, "place", ACTIVISTS, 4, pool, upto=True, sources={"available": None, "out_of_play": 2}, prompt="Event #57: add an Activist to a Protest space")]


# --- 58 Vallabhbhai Patel Stirs Unrest in Gujarat -------------------------------------------------

DECISIONS["58-unshaded"] = ["space (up to Restraint States)", "option (inc|ml Activist removed | guerrilla | neutral)"]


@event(58, "unshaded")
def c58_unshaded(state, f):
    """In a number of States up to Restraint, remove 1 Activist, place 1
    Guerrilla, or shift the space to Neutral (per State)."""
    return [loop("c58u", ctx0(f, 58, left=state.restraint), upto=True, prompt="Event #58: choose a State.")]


def _c58u_opts(state, sid):
    out = [(ALIAS[k], f"Remove a {NAMES[k]}") for k in ACTIVISTS if cnt(state, sid, k)]
    if state.available.get("guerrilla", 0):
        out.append(("guerrilla", "Place a Guerrilla"))
    if state.spaces[sid].support != 0:
        out.append(("neutral", "Shift the space to Neutral"))
    return out


@handler("c58u")
def _c58u(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in states(state) if _c58u_opts(state, s)], ctx)
    return space_then(ctx, cid, "c58u.what", f"Event #58: in {space_name(cid)}: remove an Activist, place a Guerrilla or shift to Neutral?")


@handler("c58u.what")
def _c58u_what(state, ctx, cid):
    sid = ctx["space"]
    if cid is None:
        return _c58u_opts(state, sid)
    if cid == "guerrilla":
        board.place(state, sid, "guerrilla_underground", 1)
    elif cid == "neutral":
        board.set_support(state, sid, 0)
    else:
        board.remove(state, sid, KIND_OF[cid], 1)
    elog(state, 58, "{space}: {what}.", ctx["actor"], space=sid, what=cid)
    return []


DECISIONS["58-shaded"] = ["piece (up to 3 spaces: sepoy|active|underground -> inc|ml)"]


@event(58, "shaded")
def c58_shaded(state, f):
    """In up to 3 spaces, replace 1 Guerrilla or 1 Sepoy with 1 Activist from
    Available (either faction's); with none Available the piece is removed
    (5.1.1)."""
    return [loop("gen.replace", dict(actor=f, card=58, left=3, spaces=all_spaces(), cap=1, used={},
                                     olds=["sepoy"] + GUERRILLAS, news=ACTIVISTS), upto=True,
                 prompt="Event #58: replace a Guerrilla or Sepoy with an Activist")]


# --- 59 Khadi Spinning Wheels ------------------------------------------------------------------------

DECISIONS["59-unshaded"] = []


@event(59, "unshaded")
def c59_unshaded(state, f):
    """Raj Resources +3 per Railway with neither a Strike nor Activists;
    Restraint -1."""
    n = sum(1 for s in railways() if not state.spaces[s].strike and not cnt_kinds(state, s, ACTIVISTS))
    board.add_resources(state, "raj", 3 * n)
    board.shift_restraint(state, -1)
    elog(state, 59, "Raj Resources +{x} ({n} Railways); Restraint -1.", f, x=3 * n, n=n)
    return []


DECISIONS["59-shaded"] = []


@event(59, "shaded")
def c59_shaded(state, f):
    """Raj Resources -3 per Railway with a Strike and/or Activists; Restraint +1."""
    n = sum(1 for s in railways() if state.spaces[s].strike or cnt_kinds(state, s, ACTIVISTS))
    board.add_resources(state, "raj", -3 * n)
    board.shift_restraint(state, 1)
    elog(state, 59, "Raj Resources -{x} ({n} Railways); Restraint +1.", f, x=3 * n, n=n)
    return []


# --- 60 Gandhi's Young India Newspaper -----------------------------------------------------------------

DECISIONS["60-unshaded"] = []


@event(60, "unshaded")
def c60_unshaded(state, f):
    """Remove all Activists and Guerrillas on Railways to Available."""
    for s in railways():
        for k in ACTIVISTS + GUERRILLAS:
            if board.remove(state, s, k, cnt(state, s, k)):
                elog(state, 60, "Removes the {kind} pieces on {space}.", f, kind=k, space=s)
    return []


DECISIONS["60-shaded"] = ["piece (up to 4 Railways adjacent to Opposition: inc|ml|guerrilla)"]


@event(60, "shaded")
def c60_shaded(state, f):
    """Add 1 Active Activist (Activists on Railways are Active, 1.4.3) or
    Underground Guerrilla to each of up to 4 Railways adjacent to spaces at
    Opposition (R-60: one piece per Railway)."""
    pool = [r for r in railways() if any(state.spaces[a].support < 0 for a in M().adjacent[r])]
    return [pieces(f, 60, "place", ACTIVISTS + ["guerrilla"], 4, pool, cap=1, upto=True,
                   prompt="Event #60: add an Activist or Guerrilla to a Railway")]


# --- 61 Simla Conference Divides India -------------------------------------------------------------------

DECISIONS["61-unshaded"] = ["space (up to 2 Muslim Provinces)"]


@event(61, "unshaded")
def c61_unshaded(state, f):
    """Shift up to 2 Muslim Provinces 1 level each toward Passive Support; for
    each space selected, Unity -1 (Muslim States are not Provinces)."""
    pool = [s for s in provinces(state) if s in muslim_spaces()]
    return [shift_loop(f, 61, 1, 2, pool, True, "Event #61: shift a Muslim Province toward Passive Support.",
                       per_shift="c61u.unity")]


@auto("c61u.unity")
def _c61u_unity(state, ctx):
    shift_track(state, 61, ctx["actor"], "unity", -1)
    return []


DECISIONS["61-shaded"] = ["piece (up to 2 Bases in Provinces without Raj Control: mlbase|revbase)"]


@event(61, "shaded")
def c61_shaded(state, f):
    """Set Unity to 3 and add up to 2 Bases (either faction's) to any
    Provinces without Raj Control (Bases within Population, 1.4.2)."""
    board.set_unity(state, 3)
    elog(state, 61, "Unity is set to 3.", f)
    pool = [s for s in provinces(state) if not dv.raj_control(state, s)]
    return [pieces(f, 61, "place", BASES, 2, pool, upto=True, prompt="Event #61: add a Base")]


# --- 62 Great Bengal Famine --------------------------------------------------------------------------------

DECISIONS["62-unshaded"] = ["space (1 adjacent to East Bengal)"]


@event(62, "unshaded")
def c62_unshaded(state, f):
    """Set East Bengal and 1 adjacent space to Passive Support. 5.1.2: the
    adjacent space is one whose level changes (not a Railway) if there is one."""
    board.set_support(state, "east_bengal", 1)
    elog(state, 62, "East Bengal is set to Passive Support.", f)
    return [loop("c62u", ctx0(f, 62, left=1), prompt="Event #62: set a space adjacent to East Bengal to Passive Support.")]


@handler("c62u")
def _c62u(state, ctx, cid):
    if cid is None:
        adj = sorted(M().adjacent["east_bengal"])
        return space_opts([s for s in adj if can_shift_toward(state, s, 1)])
    board.set_support(state, cid, 1)
    elog(state, 62, "{space} is set to Passive Support.", ctx["actor"], space=cid)
    return []


DECISIONS["62-shaded"] = ["option (opposition|unrest)", "space (2 with Raj Control)"]


@event(62, "shaded")
def c62_shaded(state, f):
    """In 2 spaces with Raj Control, set each to Passive Opposition or add 1
    Unrest marker to each. R-62: one option chosen for both spaces."""
    return [loop("c62s", ctx0(f, 62, left=1), prompt="Event #62: set 2 Raj Control spaces to Passive "
                 "Opposition, or add Unrest to them?")]


@handler("c62s")
def _c62s(state, ctx, cid):
    if cid is None:
        if not any(dv.raj_control(state, s) for s in all_spaces()):
            return []
        out = [("opposition", "Set each to Passive Opposition")]
        if dv.unrest_markers_free(state):
            out.append(("unrest", "Add 1 Unrest marker to each"))
        return out
    return [loop("c62s.space", ctx0(ctx["actor"], 62, left=2, mode=cid),
                 prompt="Event #62: choose a space with Raj Control.")]


@handler("c62s.space")
def _c62s_space(state, ctx, cid):
    if cid is None:
        cands = [s for s in all_spaces() if s not in ctx["chosen"] and dv.raj_control(state, s)]
        if ctx["mode"] == "opposition":
            cands = [s for s in cands if state.spaces[s].support != -1]
        return space_opts(cands)
    ctx["chosen"].append(cid)
    if ctx["mode"] == "opposition":
        board.set_support(state, cid, -1)
        elog(state, 62, "{space} is set to Passive Opposition.", ctx["actor"], space=cid)
    elif board.add_unrest(state, cid):
        elog(state, 62, "Adds Unrest in {space}.", ctx["actor"], space=cid)
    return []


# --- 63 Ambedkar Champions the Untouchables ---------------------------------------------------------------

DECISIONS["63-unshaded"] = ["space (up to 3 toward Passive Opposition)"]


@event(63, "unshaded")
def c63_unshaded(state, f):
    """Shift up to 3 spaces 1 level each toward Passive Opposition; Raj
    Resources +3 per shift."""
    return [shift_loop(f, 63, -1, 3, non_railway(), True, "Event #63: shift a space toward Passive Opposition.",
                       per_shift="c63u.res")]


@auto("c63u.res")
def _c63u_res(state, ctx):
    board.add_resources(state, "raj", 3)
    elog(state, 63, "Raj Resources +3.", ctx["actor"])
    return []


DECISIONS["63-shaded"] = ["piece (up to 3 Activists/Guerrillas, Out of Play to Available)"]


@event(63, "shaded")
def c63_shaded(state, f):
    """Move up to 3 Activists or Guerrillas from Out of Play to Available; the
    executing Faction stays Eligible."""
    stay_eligible(state, f)
    return [loop("c63s", dict(actor=f, card=63, left=3), upto=True,
                 prompt="Event #63: move a piece from Out of Play to Available.")]


@handler("c63s")
def _c63s(state, ctx, cid):
    if cid is None:
        return [(k, f"Move a {NAMES[k]} from Out of Play to Available")
                for k in ("inc_activist", "ml_activist", "guerrilla") if state.out_of_play.get(k, 0)]
    from_out_of_play(state, cid, 63, ctx["actor"])
    return []


# --- 64 Communal Award Solidifies Caste ------------------------------------------------------------------------

DECISIONS["64-unshaded"] = ["piece (up to 3 Congress Activists -> sepoy|ml|guerrilla)"]


@event(64, "unshaded")
def c64_unshaded(state, f):
    """Replace up to 3 Congress Activists with Sepoys, Muslim League Activists
    or Guerrillas (each replacement chosen; removed if none Available, 5.1.1).
    Unity -1."""
    shift_track(state, 64, f, "unity", -1)
    return [loop("gen.replace", dict(actor=f, card=64, left=3, spaces=all_spaces(), olds=["inc_activist"],
                                     news=["sepoy", "ml_activist", "guerrilla_underground"]), upto=True,
                 prompt="Event #64: replace a Congress Activist")]


DECISIONS["64-shaded"] = ["space (up to 3 Protest spaces)"]


@event(64, "shaded")
def c64_shaded(state, f):
    """Shift up to 3 spaces with Protest markers 1 level each toward Active
    Opposition, then remove those Protest markers."""
    return [loop("c64s", ctx0(f, 64, left=3), upto=True, prompt="Event #64: choose a Protest space.")]


@handler("c64s")
def _c64s(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in all_spaces() if state.spaces[s].protest], ctx)
    ctx["chosen"].append(cid)
    shift_toward(state, cid, -2)
    board.remove_protest(state, cid)
    elog(state, 64, "{space} shifts toward Active Opposition; its Protest is removed.", ctx["actor"], space=cid)
    return []


# --- 65 United Bengal --------------------------------------------------------------------------------------------

DECISIONS["65-unshaded"] = ["option (Muslim State space | arrest)", "space (up to 2 States with Activists)"]


@event(65, "unshaded")
def c65_unshaded(state, f):
    """Remove 1 Muslim State, or arrest all Activists in up to 2 States."""
    return [loop("c65u", ctx0(f, 65, left=1), prompt="Event #65: remove a Muslim State, or arrest Activists in States?")]


@handler("c65u")
def _c65u(state, ctx, cid):
    if cid is None:
        out = [(f"ms:{s}", f"Remove the Muslim State in {space_name(s)}") for s in muslim_states(state)]
        if any(cnt_kinds(state, s, ACTIVISTS) for s in states(state)):
            out.append(("arrest", "Arrest all Activists in up to 2 States"))
        return out
    if cid.startswith("ms:"):
        remove_muslim_state(state, cid[3:], 65, ctx["actor"])
        return []
    return [loop("c65u.arrest", ctx0(ctx["actor"], 65, left=2), upto=True,
                 prompt="Event #65: arrest all Activists in a State.")]


@handler("c65u.arrest")
def _c65u_arrest(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in states(state) if cnt_kinds(state, s, ACTIVISTS)], ctx)
    ctx["chosen"].append(cid)
    arrest_all_activists(state, cid, 65, ctx["actor"])
    return []


DECISIONS["65-shaded"] = ["option (Muslim State space | protests)", "space (3 States for Protests)",
                          "raj: City for each Troop there"]


@event(65, "shaded")
def c65_shaded(state, f):
    """Place a Muslim State in 1 Province without Raj Control (Troops there go
    to Cities chosen by the Raj), or place Protest markers in any 3 States
    (ignoring Restraint, 5.1.1)."""
    return [loop("c65s", ctx0(f, 65, left=1), prompt="Event #65: place a Muslim State, or Protests in 3 States?")]


@handler("c65s")
def _c65s(state, ctx, cid):
    if cid is None:
        out = [(f"ms:{s}", f"Place a Muslim State in {space_name(s)}") for s in provinces(state)
               if not dv.raj_control(state, s)]
        if any(can_add_protest(state, s) for s in states(state)):
            out.append(("protests", "Place Protest markers in 3 States"))
        return out
    if cid.startswith("ms:"):
        return make_muslim_state(state, cid[3:], 65, ctx["actor"])
    return [loop("c65s.protest", ctx0(ctx["actor"], 65, left=3), prompt="Event #65: place a Protest in a State.")]


@handler("c65s.protest")
def _c65s_protest(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in states(state) if can_add_protest(state, s)])
    board.add_protest(state, cid, for_operation=False)
    elog(state, 65, "Places a Protest in {space}.", ctx["actor"], space=cid)
    return []


# --- 66 Gandhi's Fast unto Death ------------------------------------------------------------------------------------

DECISIONS["66-unshaded"] = ["space (up to 2 with Congress and Muslim League Activists)"]


@event(66, "unshaded")
def c66_unshaded(state, f):
    """Add 1 Unrest marker (a Strike on a Railway) to up to 2 spaces with both
    Congress and Muslim League Activists. Unity -1."""
    shift_track(state, 66, f, "unity", -1)
    return [loop("c66u", ctx0(f, 66, left=2), upto=True, prompt="Event #66: add Unrest to a space.")]


@handler("c66u")
def _c66u(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in all_spaces() if cnt(state, s, "inc_activist") and cnt(state, s, "ml_activist")
                           and can_add_unrest(state, s)], ctx)
    ctx["chosen"].append(cid)
    board.add_unrest(state, cid)
    elog(state, 66, "Adds Unrest in {space}.", ctx["actor"], space=cid)
    return []


DECISIONS["66-shaded"] = ["piece (up to 3 Guerrillas: space, active|underground -> inc|ml)"]


@event(66, "shaded")
def c66_shaded(state, f):
    """Replace up to 3 Guerrillas with Activists (either faction's; removed if
    none Available, 5.1.1). Restraint +1."""
    shift_track(state, 66, f, "restraint", 1)
    return [loop("gen.replace", dict(actor=f, card=66, left=3, spaces=all_spaces(), olds=GUERRILLAS,
                                     news=ACTIVISTS), upto=True, prompt="Event #66: replace a Guerrilla")]


# --- 67 Demand for Land Reform ------------------------------------------------------------------------------------------

DECISIONS["67-unshaded"] = ["space (up to 3 States)", "space (1 Muslim State removed)"]


@event(67, "unshaded")
def c67_unshaded(state, f):
    """Shift up to 3 States 1 level each toward Active Support, then remove 1
    Muslim State (if any)."""
    return [shift_loop(f, 67, 2, 3, states(state), True, "Event #67: shift a State toward Active Support."),
            loop("c67u.ms", ctx0(f, 67, left=1), prompt="Event #67: remove a Muslim State.")]


@handler("c67u.ms")
def _c67u_ms(state, ctx, cid):
    if cid is None:
        return space_opts(muslim_states(state))
    remove_muslim_state(state, cid, 67, ctx["actor"])
    return []


DECISIONS["67-shaded"] = ["space (up to 3 States)", "piece (up to 4 Sepoys in them)"]


@event(67, "shaded")
def c67_shaded(state, f):
    """Shift up to 3 States 1 level each toward Active Opposition; remove up to
    4 Sepoys total from the selected spaces. R-67: a State may be selected
    for its Sepoys even at Active Opposition."""
    return [loop("c67s", ctx0(f, 67, left=3), upto=True, then="c67s.sepoys",
                 prompt="Event #67: choose a State to shift toward Active Opposition.")]


@handler("c67s")
def _c67s(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in states(state) if can_shift_toward(state, s, -2) or cnt(state, s, "sepoy")], ctx)
    ctx["chosen"].append(cid)
    shift_toward(state, cid, -2)
    elog(state, 67, "{space} shifts toward Active Opposition.", ctx["actor"], space=cid)
    return []


@auto("c67s.sepoys")
def _c67s_sepoys(state, ctx):
    if not ctx["chosen"]:
        return []
    return [pieces(ctx["actor"], 67, "remove", ["sepoy"], 4, list(ctx["chosen"]), upto=True,
                   prompt="Event #67: remove Sepoys from the selected States")]


# --- 68 Red Fort Trials ------------------------------------------------------------------------------------------------------

DECISIONS["68-unshaded"] = ["piece (up to a die roll of Guerrillas: space, active|underground)"]


@event(68, "unshaded")
def c68_unshaded(state, f):
    """Remove up to a die roll of Guerrillas from any spaces, then Restraint -2."""
    d = rng.roll_die(state)
    elog(state, 68, "Die roll {d}.", f, d=d)
    return [pieces(f, 68, "remove", GUERRILLAS, d, upto=True, then="c68u.after",
                   prompt="Event #68: remove Guerrillas")]


@auto("c68u.after")
def _c68u_after(state, ctx):
    shift_track(state, 68, ctx["actor"], "restraint", -2)
    return []


DECISIONS["68-shaded"] = []


@event(68, "shaded")
def c68_shaded(state, f):
    """Restraint +2, then Raj Resources minus twice the (new) Restraint."""
    board.shift_restraint(state, 2)
    board.add_resources(state, "raj", -2 * state.restraint)
    elog(state, 68, "Restraint +2 (now {r}); Raj Resources -{x}.", f, r=state.restraint, x=2 * state.restraint)
    return []


# --- 69 Indian National Army (INA) ---------------------------------------------------------------------------------------------

DECISIONS["69-unshaded"] = ["piece (up to 3 cubes/Activists in East Bengal or adjacent, Available or Out of Play)"]


@event(69, "unshaded")
def c69_unshaded(state, f):
    """Add up to 3 cubes or Activists total (from Available or Out of Play) to
    East Bengal or adjacent spaces (no Troops in States)."""
    pool = ["east_bengal"] + sorted(M().adjacent["east_bengal"])
    return [pieces(f, 69, "place", CUBES + ACTIVISTS, 3, pool, upto=True, sources={"available": None, "out_of_play": None},
                   prompt="Event #69: add a cube or Activist")]


DECISIONS["69-shaded"] = ["option (flip all Underground | add Guerrillas)", "piece (up to 4 Guerrillas in Muslim spaces)"]


@event(69, "shaded")
def c69_shaded(state, f):
    """Flip all Guerrillas in India Underground, or add up to 4 Guerrillas to
    Muslim spaces."""
    return [loop("c69s", ctx0(f, 69, left=1), prompt="Event #69: flip all Guerrillas Underground, or add Guerrillas?")]


@handler("c69s")
def _c69s(state, ctx, cid):
    if cid is None:
        out = []
        if any(cnt(state, s, "guerrilla_active") for s in all_spaces()):
            out.append(("flip", "Flip all Guerrillas Underground"))
        if state.available.get("guerrilla", 0):
            out.append(("add", "Add up to 4 Guerrillas to Muslim spaces"))
        return out
    if cid == "flip":
        for s in all_spaces():
            board.flip(state, s, "guerrilla_active", "guerrilla_underground", cnt(state, s, "guerrilla_active"))
        elog(state, 69, "All Guerrillas flip Underground.", ctx["actor"])
        return []
    return [pieces(ctx["actor"], 69, "place", ["guerrilla"], 4, muslim_spaces(), upto=True,
                   prompt="Event #69: add a Guerrilla to a Muslim space")]


# --- 70 Forward Bloc ---------------------------------------------------------------------------------------------------------------

DECISIONS["70-unshaded"] = ["piece (2 cubes/Activists/Guerrillas, map to Out of Play)"]


@event(70, "unshaded")
def c70_unshaded(state, f):
    """Move 2 cubes, Activists and/or Guerrillas (from the map, R-70) to Out
    of Play. Revolutionary Resources -3."""
    board.add_resources(state, "rev", -3)
    elog(state, 70, "Revolutionary Resources -3.", f)
    return [pieces(f, 70, "remove", C50_KINDS, 2, to="out_of_play", prompt="Event #70: move a piece to Out of Play")]


DECISIONS["70-shaded"] = ["piece (up to 3 spaces, 1 each: inc|ml|guerrilla from Out of Play)"]


@event(70, "shaded")
def c70_shaded(state, f):
    """In up to 3 spaces, add 1 Guerrilla or Activist from Out of Play."""
    return [pieces(f, 70, "place", ACTIVISTS + ["guerrilla"], 3, cap=1, upto=True, sources={"out_of_play": None},
                   prompt="Event #70: add a Guerrilla or Activist from Out of Play")]


# --- 71 Nankana Massacre Stuns India -------------------------------------------------------------------------------------------------

DECISIONS["71-unshaded"] = ["space (1 adjacent to Punjab without Troops)"]


@event(71, "unshaded")
def c71_unshaded(state, f):
    """Add 1 Unrest marker to Punjab and to 1 adjacent space without Troops
    (a Strike on a Railway)."""
    if board.add_unrest(state, "punjab"):
        elog(state, 71, "Adds Unrest in Punjab.", f)
    return [loop("c71u", ctx0(f, 71, left=1), prompt="Event #71: add Unrest to a space adjacent to Punjab without Troops.")]


@handler("c71u")
def _c71u(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in sorted(M().adjacent["punjab"]) if not cnt(state, s, "troop")
                           and can_add_unrest(state, s)])
    board.add_unrest(state, cid)
    elog(state, 71, "Adds Unrest in {space}.", ctx["actor"], space=cid)
    return []


DECISIONS["71-shaded"] = []


@event(71, "shaded")
def c71_shaded(state, f):
    """Move Gandhi to Punjab (from the map, Prison, Available or Out of Play:
    R-71) and shift Punjab 2 levels toward Active Opposition."""
    src = gandhi_space(state)
    if src is not None:
        board.move(state, src, "punjab", "gandhi", 1)
    else:
        for b in ("prison", "available", "out_of_play"):
            if board.place(state, "punjab", "gandhi", 1, source=b):
                break
    shift_toward(state, "punjab", -2, 2)
    elog(state, 71, "Gandhi moves to Punjab; Punjab shifts 2 levels toward Active Opposition.", f)
    return []


# --- 72 Direct Action Day --------------------------------------------------------------------------------------------------------------

DECISIONS["72-unshaded"] = ["space (up to 3 with Activists and Active Guerrillas)"]


@event(72, "unshaded")
def c72_unshaded(state, f):
    """In up to 3 spaces with Activists, remove any (all) Active Guerrillas;
    Revolutionary Resources +1 per Guerrilla removed (as printed, R-72)."""
    return [loop("c72u", ctx0(f, 72, left=3), upto=True, prompt="Event #72: remove the Active Guerrillas in a space with Activists.")]


@handler("c72u")
def _c72u(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in all_spaces() if cnt_kinds(state, s, ACTIVISTS)
                           and cnt(state, s, "guerrilla_active")], ctx)
    ctx["chosen"].append(cid)
    n = board.remove(state, cid, "guerrilla_active", cnt(state, cid, "guerrilla_active"))
    board.add_resources(state, "rev", n)
    elog(state, 72, "Removes {n} Active Guerrillas in {space}; Revolutionary Resources +{n}.", ctx["actor"],
         n=n, space=cid)
    return []


DECISIONS["72-shaded"] = ["space (up to 4 with Underground Guerrillas)", "option (guerrilla|unrest)"]


@event(72, "shaded")
def c72_shaded(state, f):
    """In up to 4 spaces with Underground Guerrillas, add 1 Guerrilla or, if
    there is no Raj Control, 1 Unrest marker (a Strike on a Railway)."""
    return [loop("c72s", ctx0(f, 72, left=4), upto=True, prompt="Event #72: choose a space with Underground Guerrillas.")]


def _c72s_opts(state, sid):
    out = []
    if state.available.get("guerrilla", 0):
        out.append(("guerrilla", "Add a Guerrilla"))
    if not dv.raj_control(state, sid) and can_add_unrest(state, sid):
        out.append(("unrest", "Add an Unrest marker"))
    return out


@handler("c72s")
def _c72s(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in all_spaces() if cnt(state, s, "guerrilla_underground")
                           and _c72s_opts(state, s)], ctx)
    return space_then(ctx, cid, "c72s.what", f"Event #72: in {space_name(cid)}, add a Guerrilla or Unrest?")


@handler("c72s.what")
def _c72s_what(state, ctx, cid):
    sid = ctx["space"]
    if cid is None:
        return _c72s_opts(state, sid)
    if cid == "guerrilla":
        board.place(state, sid, "guerrilla_underground", 1)
    else:
        board.add_unrest(state, sid)
    elog(state, 72, "Adds a {what} in {space}.", ctx["actor"], what=cid, space=sid)
    return []
