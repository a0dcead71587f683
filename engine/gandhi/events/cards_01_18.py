"""Events of cards 1-18, both texts (rule 5; Italian card list authoritative).

Each side is registered with :func:`engine.gandhi.events.event`; ``start(state,
faction)`` returns the frames to push. Open choices are decisions of the
acting faction (5.1) unless the text names another faction (the Raj moves the
Troops of a new Muslim State, 1.3.5). Readings of unclear texts are in the
docstrings and in docs/rulings/events_01_36.md.

``DECISIONS`` lists, per card side, the decisions the side offers (frozen by
engine/gandhi/events/registry_01_36.yaml and its test).
"""
from __future__ import annotations

from ...core import rng
from .. import board
from .. import derived as dv
from ..choose import callback
from ..common import FACTION_NAMES
from ..ruleset import at_least
from . import event
from .kit import (
    ACTIVISTS,
    ALL_KINDS,
    BASES,
    CUBES,
    GUERRILLAS,
    M,
    NV_KINDS,
    activists,
    all_spaces,
    auto,
    best,
    call,
    can_add_protest,
    can_add_unrest,
    can_place,
    cities,
    cnt,
    cnt_kinds,
    ctx0,
    cubes,
    elog,
    from_out_of_play,
    guerrillas,
    handler,
    loop,
    make_muslim_state,
    muslim_spaces,
    non_railway,
    pieces,
    provinces,
    q,
    shift_toward,
    shift_track,
    space_opts,
    states,
)

DECISIONS: dict[str, list[str]] = {}



# --- 1 British Indian Army Defends the Empire ------------------------------

DECISIONS["1-unshaded"] = ["piece (up to 6: space City/Province, troop|sepoy, Available or up to 3 Out of Play)"]


@event(1, "unshaded")
def c01_unshaded(state, f):
    """Add up to 6 cubes to any Cities and Provinces (up to 3 from Out of Play,
    the rest from Available). A Province turned Muslim State takes no Troops
    (5.1.1) but may take Sepoys."""
    return [pieces(f, 1, "place", CUBES, 6, cities() + provinces(state), upto=True,
                   sources={"available": None, "out_of_play": 3},
                   prompt="Event #1: add up to 6 cubes to Cities and Provinces ({left} left).")]


DECISIONS["1-shaded"] = ["piece (5 Sepoys, at most 2 per space)"]


@event(1, "shaded")
def c01_shaded(state, f):
    """Remove 5 Sepoys from the map, no more than 2 per space: the first 3 to
    Available, the rest to Out of Play (R-E1: 'from' read as 'to'; not 'up to')."""
    return [pieces(f, 1, "remove", ["sepoy"], 5, cap=2, to_list=["available"] * 3 + ["out_of_play"] * 2,
                   prompt="Event #1: remove Sepoys, at most 2 per space ({left} left).")]


# --- 2 Viceroy Irwin Meets Gandhi -----------------------------------------

DECISIONS["2-unshaded"] = ["piece (up to 5 Activists in spaces at Support)"]


@event(2, "unshaded")
def c02_unshaded(state, f):
    """Arrest up to 5 Activists total in any spaces at Support (to Prison, 5.1.3)."""
    sp = [s for s in all_spaces() if state.spaces[s].support > 0]
    return [pieces(f, 2, "remove", ACTIVISTS, 5, sp, upto=True, to="prison",
                   prompt="Event #2: arrest up to 5 Activists in spaces at Support ({left} left).")]


DECISIONS["2-shaded"] = ["piece (2 x die Activists from Prison: space, inc|ml)"]


@event(2, "shaded")
def c02_shaded(state, f):
    """Release twice a die roll of Activists from Prison to any spaces (as many
    as Prison holds)."""
    d = rng.roll_die(state)
    elog(state, 2, "Die roll {d}: release up to {n} Activists from Prison.", f, d=d, n=2 * d)
    return [pieces(f, 2, "place", ACTIVISTS, 2 * d, None, sources={"prison": None},
                   prompt="Event #2: release Activists from Prison to any space ({left} left).")]


# --- 3 India Is the Jewel in the Crown -------------------------------------

DECISIONS["3-unshaded"] = []


@event(3, "unshaded")
def c03_unshaded(state, f):
    """Raj Resources + 5 x Restraint (Resources stay within 0..50, 1.8)."""
    got = board.add_resources(state, "raj", 5 * state.restraint)
    elog(state, 3, "Raj Resources +{n}.", f, n=got)
    return []


DECISIONS["3-shaded"] = []


@event(3, "shaded")
def c03_shaded(state, f):
    """Raj Resources - 2 x a die roll (not below 0)."""
    d = rng.roll_die(state)
    got = board.add_resources(state, "raj", -2 * d)
    elog(state, 3, "Die roll {d}: Raj Resources {n}.", f, d=d, n=got)
    return []


# --- 4 Simon Commission Report Published ----------------------------------

DECISIONS["4-unshaded"] = ["piece (up to 4 Activists)", "space (up to 1 Protest)", "space (up to 1 Unrest)"]


@event(4, "unshaded")
def c04_unshaded(state, f):
    """Remove up to 4 Activists (to Available), up to 1 Protest and up to 1
    Unrest marker from the map. A Strike is not an Unrest marker here (R-E4)."""
    return [pieces(f, 4, "remove", ACTIVISTS, 4, upto=True,
                   prompt="Event #4: remove up to 4 Activists ({left} left)."),
            call("c04u.protest", f=f), call("c04u.unrest", f=f)]


@auto("c04u.protest")
def _c04u_protest(state, ctx):
    return q(ctx["f"], 4, "Event #4: remove up to 1 Protest marker.",
             [s for s in all_spaces() if state.spaces[s].protest], "c04u.protest_do", ctx, done="Remove none")


@callback("c04u.protest_do")
def _c04u_protest_do(state, ctx, sid):
    board.remove_protest(state, sid)
    elog(state, 4, "Removes the Protest in {space}.", ctx["f"], space=sid)
    return []


@auto("c04u.unrest")
def _c04u_unrest(state, ctx):
    return q(ctx["f"], 4, "Event #4: remove up to 1 Unrest marker.",
             [s for s in all_spaces() if state.spaces[s].unrest > 0], "c04u.unrest_do", ctx, done="Remove none")


@callback("c04u.unrest_do")
def _c04u_unrest_do(state, ctx, sid):
    board.remove_unrest(state, sid, 1)
    elog(state, 4, "Removes an Unrest marker in {space}.", ctx["f"], space=sid)
    return []


DECISIONS["4-shaded"] = ["piece (up to 4 Activists: space, inc|ml)", "space (up to 2 Unrest/Strike)"]


@event(4, "shaded")
def c04_shaded(state, f):
    """Add up to 4 Activists (either Nonviolent faction's) and up to 2 Unrest
    markers to any spaces (a Strike on a Railway); two Unrest may go to one
    space (R-E4)."""
    return [pieces(f, 4, "place", ACTIVISTS, 4, None, upto=True,
                   prompt="Event #4: add up to 4 Activists ({left} left)."),
            call("c04s.unrest", f=f, left=2)]


@auto("c04s.unrest")
def _c04s_unrest(state, ctx):
    return q(ctx["f"], 4, "Event #4: add an Unrest marker (a Strike on a Railway), {left} left.",
             [s for s in all_spaces() if can_add_unrest(state, s)], "c04s.unrest_do", ctx, done="Add no more",
             left=ctx["left"])


@callback("c04s.unrest_do")
def _c04s_unrest_do(state, ctx, sid):
    board.add_unrest(state, sid)
    elog(state, 4, "Adds Unrest in {space}.", ctx["f"], space=sid)
    if ctx["left"] > 1:
        return [call("c04s.unrest", f=ctx["f"], left=ctx["left"] - 1)]
    return []


# --- 5 First Round Table Conference ---------------------------------------

DECISIONS["5-unshaded"] = ["space (1 Muslim space)"]


@event(5, "unshaded")
def c05_unshaded(state, f):
    """In 1 Muslim space, remove a Muslim State if there is one and shift the
    space 2 levels toward Active Support. 5.1.2: offered are the Muslim spaces
    where the most of it takes effect (Muslim State removed, shift possible)."""
    def score(s):
        sp = state.spaces[s]
        return (2 if sp.muslim_state else 0) + min(2, 2 - sp.support)
    return q(f, 5, "Event #5: choose 1 Muslim space.", best([s for s in muslim_spaces()], score),
             "c05u.space", {"f": f})


@callback("c05u.space")
def _c05u_space(state, ctx, sid):
    sp = state.spaces[sid]
    if sp.muslim_state:
        sp.muslim_state = False
        elog(state, 5, "Removes the Muslim State in {space}.", ctx["f"], space=sid)
    n = board.shift(state, sid, 2)
    elog(state, 5, "Shifts {space} {n} level(s) toward Active Support.", ctx["f"], space=sid, n=n)
    return []


DECISIONS["5-shaded"] = ["space (up to 3 States)"]


@event(5, "shaded")
def c05_shaded(state, f):
    """Set up to 3 States (Princely or Muslim) to Passive Opposition."""
    return [loop("c05s", ctx0(f, 5, left=3), upto=True,
                 prompt="Event #5: set a State to Passive Opposition ({left} left).")]


@handler("c05s")
def _c05s(state, ctx, sid):
    if sid is None:
        return space_opts([s for s in states(state) if state.spaces[s].support != -1])
    board.set_support(state, sid, -1)
    elog(state, 5, "Sets {space} to Passive Opposition.", ctx["actor"], space=sid)
    return []


# --- 6 Chauri Chaura Massacre ----------------------------------------------

FACTION_KINDS = {"raj": ("troop", "sepoy"), "inc": ("gandhi", "inc_activist"), "ml": ("ml_activist", "ml_base"),
                 "rev": ("guerrilla_active", "guerrilla_underground", "rev_base")}


def _factions_in(state, sid):
    return [fa for fa, kinds in FACTION_KINDS.items() if any(cnt(state, sid, k) for k in kinds)]


DECISIONS["6-unshaded"] = ["space (1 Protest space)", "faction (raj|inc|ml|rev present there)"]


@event(6, "unshaded")
def c06_unshaded(state, f):
    """In 1 Protest space, remove all pieces of 1 Faction (any Faction present,
    the acting faction's choice): Gandhi and Activists to Prison; cubes,
    Guerrillas and Bases to Available."""
    sp = [s for s in all_spaces() if state.spaces[s].protest]
    return q(f, 6, "Event #6: choose 1 Protest space.", best(sp, lambda s: 1 if _factions_in(state, s) else 0),
             "c06u.space", {"f": f})


@callback("c06u.space")
def _c06u_space(state, ctx, sid):
    fs = _factions_in(state, sid)
    return q(ctx["f"], 6, "Event #6: remove all pieces of which Faction in {space}?", fs, "c06u.faction",
             dict(ctx, space=sid), labels={x: FACTION_NAMES[x] for x in fs}, space=sid)


@callback("c06u.faction")
def _c06u_faction(state, ctx, fa):
    sid = ctx["space"]
    for k in FACTION_KINDS[fa]:
        n = board.remove(state, sid, k, cnt(state, sid, k), to="prison" if k in NV_KINDS else "available")
        if n:
            elog(state, 6, "Removes {n} {kind} from {space}.", ctx["f"], n=n, kind=k, space=sid)
    return []


DECISIONS["6-shaded"] = ["space (1 with Activists and Troops)", "piece (2 cubes there: troop|sepoy)"]


@event(6, "shaded")
def c06_shaded(state, f):
    """Add 1 Unrest to 1 space with both Activists and Troops, remove 2 cubes
    there (to Available) and set the space to Neutral."""
    sp = [s for s in all_spaces() if activists(state, s) and cnt(state, s, "troop")]
    return q(f, 6, "Event #6: choose 1 space with Activists and Troops.", sp, "c06s.space", {"f": f})


@callback("c06s.space")
def _c06s_space(state, ctx, sid):
    f = ctx["f"]
    board.add_unrest(state, sid)
    board.set_support(state, sid, 0)
    elog(state, 6, "Adds Unrest in {space} and sets it to Neutral.", f, space=sid)
    return [pieces(f, 6, "remove", CUBES, 2, [sid], prompt="Event #6: remove 2 cubes ({left} left).")]


# --- 7 Jawaharlal Nehru Rises to Prominence ----------------------------------

DECISIONS["7-unshaded"] = ["piece (up to 5 Sepoys from Out of Play to spaces with Congress Activists)"]


@event(7, "unshaded")
def c07_unshaded(state, f):
    """In spaces with Congress Activists, add up to 5 Sepoys from Out of Play."""
    sp = [s for s in all_spaces() if cnt(state, s, "inc_activist")]
    return [pieces(f, 7, "place", ["sepoy"], 5, sp, upto=True, sources={"out_of_play": None},
                   prompt="Event #7: add up to 5 Sepoys from Out of Play ({left} left).")]


DECISIONS["7-shaded"] = ["piece (up to 4: space with Congress pieces, inc|ml|guerrilla, up to 2 Out of Play)"]


@event(7, "shaded")
def c07_shaded(state, f):
    """Add up to 4 Activists or Guerrillas (any mix, R-E7) to spaces with
    Congress pieces (Gandhi or Congress Activists), up to 2 from Out of Play."""
    sp = [s for s in all_spaces() if cnt(state, s, "inc_activist") or cnt(state, s, "gandhi")]
    return [pieces(f, 7, "place", ACTIVISTS + ["guerrilla_underground"], 4, sp, upto=True,
                   sources={"available": None, "out_of_play": 2},
                   prompt="Event #7: add up to 4 Activists or Guerrillas ({left} left).")]


# --- 8 Webb Miller Interviews Gandhi ----------------------------------------

DECISIONS["8-unshaded"] = ["space (1 Protest or Unrest space)", "piece (1 Activist or Guerrilla per cube)",
                           "marker (protest|unrest when both)"]


@event(8, "unshaded")
def c08_unshaded(state, f):
    """In 1 Protest or Unrest space, remove 1 Activist or Guerrilla per cube
    there to Available, then remove 1 Unrest or Protest marker there."""
    sp = [s for s in all_spaces() if state.spaces[s].protest or state.spaces[s].unrest]
    return q(f, 8, "Event #8: choose 1 Protest or Unrest space.",
             best(sp, lambda s: 1 + min(cubes(state, s), activists(state, s) + guerrillas(state, s))),
             "c08u.space", {"f": f})


@callback("c08u.space")
def _c08u_space(state, ctx, sid):
    return [pieces(ctx["f"], 8, "remove", ACTIVISTS + GUERRILLAS, cubes(state, sid), [sid],
                   prompt="Event #8: remove an Activist or Guerrilla ({left} left)."),
            call("c08u.marker", f=ctx["f"], space=sid)]


@auto("c08u.marker")
def _c08u_marker(state, ctx):
    sp = state.spaces[ctx["space"]]
    if sp.protest and sp.unrest:
        return q(ctx["f"], 8, "Event #8: remove which marker?", ["protest", "unrest"], "c08u.marker_do", ctx,
                 labels={"protest": "Protest", "unrest": "Unrest"})
    if sp.protest or sp.unrest:
        return _c08u_marker_do(state, ctx, "protest" if sp.protest else "unrest")
    return []


@callback("c08u.marker_do")
def _c08u_marker_do(state, ctx, which):
    sid = ctx["space"]
    if which == "protest":
        board.remove_protest(state, sid)
    else:
        board.remove_unrest(state, sid, 1)
    elog(state, 8, "Removes a {marker} marker in {space}.", ctx["f"], marker=which, space=sid)
    return []


DECISIONS["8-shaded"] = ["space (up to 2 Protest spaces)"]


@event(8, "shaded")
def c08_shaded(state, f):
    """Shift up to 2 Protest spaces 1 level each toward Active Opposition."""
    return [call("c08s.next", f=f, left=2, chosen=[])]


@auto("c08s.next")
def _c08s_next(state, ctx):
    sp = [s for s in all_spaces() if state.spaces[s].protest and state.spaces[s].support > -2
          and s not in ctx["chosen"]]
    return q(ctx["f"], 8, "Event #8: shift a Protest space toward Active Opposition ({left} left).", sp,
             "c08s.do", ctx, done="Done", left=ctx["left"])


@callback("c08s.do")
def _c08s_do(state, ctx, sid):
    board.shift(state, sid, -1)
    elog(state, 8, "Shifts {space} 1 level toward Active Opposition.", ctx["f"], space=sid)
    if ctx["left"] > 1:
        return [call("c08s.next", f=ctx["f"], left=ctx["left"] - 1, chosen=ctx["chosen"] + [sid])]
    return []


# --- 9 Jallianwala Bagh Massacre ----------------------------------------------

DECISIONS["9-unshaded"] = ["space (2 with Troops)", "piece (1 Guerrilla or Activist per cube in each)"]


@event(9, "unshaded")
def c09_unshaded(state, f):
    """Add 1 Unrest to 2 spaces with Troops, then in each of those spaces
    remove 1 Guerrilla or Activist per cube there (to Available)."""
    return [call("c09u.next", f=f, chosen=[])]


@auto("c09u.next")
def _c09u_next(state, ctx):
    sp = [s for s in all_spaces() if cnt(state, s, "troop") and s not in ctx["chosen"]]
    opts = best(sp, lambda s: 1 + (1 if can_add_unrest(state, s) else 0)
                + min(cubes(state, s), activists(state, s) + guerrillas(state, s)))
    out = q(ctx["f"], 9, "Event #9: choose a space with Troops ({n} of 2).", opts, "c09u.do", ctx,
            n=len(ctx["chosen"]) + 1)
    if not out:
        return _c09u_remove(state, ctx)
    return out


@callback("c09u.do")
def _c09u_do(state, ctx, sid):
    board.add_unrest(state, sid)
    elog(state, 9, "Adds Unrest in {space}.", ctx["f"], space=sid)
    ctx = dict(ctx, chosen=ctx["chosen"] + [sid])
    if len(ctx["chosen"]) < 2:
        return [call("c09u.next", **ctx)]
    return _c09u_remove(state, ctx)


def _c09u_remove(state, ctx):
    return [pieces(ctx["f"], 9, "remove", ACTIVISTS + GUERRILLAS, cubes(state, s), [s],
                   prompt="Event #9: remove a Guerrilla or Activist ({left} left).") for s in ctx["chosen"]]


DECISIONS["9-shaded"] = ["space (1 with cubes)", "piece (up to 4 there, Bases last)"]


@event(9, "shaded")
def c09_shaded(state, f):
    """Add 1 Unrest to a space with cubes, then remove up to 4 pieces there to
    Available (any pieces but Gandhi, 1.4.5; Bases last), and shift the space
    2 levels toward Active Opposition."""
    sp = [s for s in all_spaces() if cubes(state, s)]
    return q(f, 9, "Event #9: choose 1 space with cubes.",
             best(sp, lambda s: (1 if can_add_unrest(state, s) else 0) + (1 if state.spaces[s].support > -2
                                                                    and not dv.is_railway(s) else 0) + 1),
             "c09s.space", {"f": f})


@callback("c09s.space")
def _c09s_space(state, ctx, sid):
    f = ctx["f"]
    board.add_unrest(state, sid)
    n = board.shift(state, sid, -2)
    elog(state, 9, "Adds Unrest in {space} and shifts it {n} level(s) toward Active Opposition.", f,
         space=sid, n=-n)
    return [pieces(f, 9, "remove", ALL_KINDS, 4, [sid], upto=True, bases_last=True,
                   prompt="Event #9: remove up to 4 pieces ({left} left).")]


# --- 10 Aundh Experiment ----------------------------------------------------

DECISIONS["10-unshaded"] = ["space (up to Restraint States)"]


@event(10, "unshaded")
def c10_unshaded(state, f):
    """Shift up to Restraint States 1 level each toward Neutral."""
    return [loop("c10u", ctx0(f, 10, left=state.restraint), upto=True,
                 prompt="Event #10: shift a State 1 level toward Neutral ({left} left).")]


@handler("c10u")
def _c10u(state, ctx, sid):
    if sid is None:
        return space_opts([s for s in states(state) if state.spaces[s].support != 0], ctx)
    ctx["chosen"].append(sid)
    board.shift_toward_neutral(state, sid, 1)
    elog(state, 10, "Shifts {space} 1 level toward Neutral.", ctx["actor"], space=sid)
    return []


DECISIONS["10-shaded"] = ["space (up to 3 States for Protests)"]


@event(10, "shaded")
def c10_shaded(state, f):
    """Add Protest markers to up to 3 States (ignoring Restraint, 5.1.1). Shift
    Restraint +2 (after the Protests)."""
    return [call("c10s.next", f=f, left=3), call("c10s.restraint", f=f)]


@auto("c10s.next")
def _c10s_next(state, ctx):
    sp = [s for s in states(state) if can_add_protest(state, s)]
    return q(ctx["f"], 10, "Event #10: add a Protest to a State ({left} left).", sp, "c10s.do", ctx,
             done="Done", left=ctx["left"])


@callback("c10s.do")
def _c10s_do(state, ctx, sid):
    board.add_protest(state, sid, for_operation=False)
    elog(state, 10, "Adds a Protest in {space}.", ctx["f"], space=sid)
    return [call("c10s.next", f=ctx["f"], left=ctx["left"] - 1)] if ctx["left"] > 1 else []


@auto("c10s.restraint")
def _c10s_restraint(state, ctx):
    shift_track(state, 10, ctx["f"], "restraint", 2)
    return []


# --- 11 Aga Khan Palace Becomes a Prison ------------------------------------

def gandhi_space(state) -> str | None:
    return next((s for s, sp in state.spaces.items() if sp.pieces.get("gandhi")), None)


DECISIONS["11-unshaded"] = []


@event(11, "unshaded")
def c11_unshaded(state, f):
    """Arrest Gandhi and all Activists in his space; Unity -1. Nothing else
    (no Restraint shift nor Protests, 5.1.4 example)."""
    sid = gandhi_space(state)
    if sid:
        board.remove(state, sid, "gandhi", 1, to="prison")
        n = sum(board.remove(state, sid, k, cnt(state, sid, k), to="prison") for k in ACTIVISTS)
        elog(state, 11, "Arrests Gandhi and {n} Activist(s) in {space}.", f, n=n, space=sid)
    board.shift_unity(state, -1)
    return []


DECISIONS["11-shaded"] = ["space (Gandhi)", "piece (3 Activists from Prison: space, inc|ml)"]


@event(11, "shaded")
def c11_shaded(state, f):
    """Release Gandhi and all Activists from Prison: Gandhi and 3 Activists
    (the acting faction picks which) to any spaces, the rest to Available."""
    out = []
    if state.prison.get("gandhi"):
        out += q(f, 11, "Event #11: place Gandhi in any space.", all_spaces(), "c11s.gandhi", {"f": f})
    out.append(pieces(f, 11, "place", ACTIVISTS, 3, None, sources={"prison": None},
                      prompt="Event #11: place an Activist from Prison ({left} left)."))
    out.append(call("c11s.rest", f=f))
    return out


@callback("c11s.gandhi")
def _c11s_gandhi(state, ctx, sid):
    board.place(state, sid, "gandhi", 1, source="prison")
    elog(state, 11, "Gandhi is released to {space}.", ctx["f"], space=sid)
    return []


@auto("c11s.rest")
def _c11s_rest(state, ctx):
    n = sum(board.transfer(state, k, state.prison.get(k, 0), "prison", "available") for k in ACTIVISTS)
    if n:
        elog(state, 11, "{n} Activist(s) go from Prison to Available.", ctx["f"], n=n)
    return []


# --- 12 Raid on the Dharasana Salt Works -------------------------------------

DECISIONS["12-unshaded"] = ["space (2 with cubes and Protest)"]


@event(12, "unshaded")
def c12_unshaded(state, f):
    """In 2 spaces with cubes and Protest, replace the Protest with an Unrest
    marker and arrest all Activists there."""
    return [call("c12u.next", f=f, n=2)]


@auto("c12u.next")
def _c12u_next(state, ctx):
    sp = [s for s in all_spaces() if cubes(state, s) and state.spaces[s].protest]
    return q(ctx["f"], 12, "Event #12: choose a space with cubes and Protest ({n} left).", sp, "c12u.do", ctx,
             n=ctx["n"])


@callback("c12u.do")
def _c12u_do(state, ctx, sid):
    board.remove_protest(state, sid)
    board.add_unrest(state, sid)
    n = sum(board.remove(state, sid, k, cnt(state, sid, k), to="prison") for k in ACTIVISTS)
    elog(state, 12, "In {space} the Protest becomes Unrest; {n} Activist(s) arrested.", ctx["f"], space=sid, n=n)
    return [call("c12u.next", f=ctx["f"], n=ctx["n"] - 1)] if ctx["n"] > 1 else []


DECISIONS["12-shaded"] = ["space (up to 3 with Activists)"]


@event(12, "shaded")
def c12_shaded(state, f):
    """Place Protests in up to 3 spaces with Activists; Restraint -1; the
    acting faction stays Eligible."""
    state.turn.stay_eligible.append(f)
    return [call("c12s.next", f=f, left=3), call("c12s.restraint", f=f)]


@auto("c12s.next")
def _c12s_next(state, ctx):
    sp = [s for s in all_spaces() if activists(state, s) and can_add_protest(state, s)]
    return q(ctx["f"], 12, "Event #12: place a Protest in a space with Activists ({left} left).", sp,
             "c12s.do", ctx, done="Done", left=ctx["left"])


@callback("c12s.do")
def _c12s_do(state, ctx, sid):
    board.add_protest(state, sid, for_operation=False)
    elog(state, 12, "Places a Protest in {space}.", ctx["f"], space=sid)
    return [call("c12s.next", f=ctx["f"], left=ctx["left"] - 1)] if ctx["left"] > 1 else []


@auto("c12s.restraint")
def _c12s_restraint(state, ctx):
    board.shift_restraint(state, -1)
    elog(state, 12, "Restraint -1; {faction} stays Eligible.", ctx["f"], faction=ctx["f"])
    return []


# --- 13 Ottoman Collapse ----------------------------------------------------

def _ms_candidates(state, muslim_only: bool) -> list[str]:
    return [s for s in provinces(state)
            if not dv.raj_control(state, s) and (not muslim_only or dv.sdef(s).muslim)]


DECISIONS["13-unshaded"] = ["option (unity|state)", "space (Muslim Province without Raj Control)",
                            "raj: City for each Troop there"]


@event(13, "unshaded")
def c13_unshaded(state, f):
    """Shift Unity -2 or add 1 Muslim State to any Muslim Province without Raj
    Control (its Troops go to any Cities, chosen by the Raj)."""
    options = []
    if state.unity > 1:
        options.append("unity")
    if _ms_candidates(state, True):
        options.append("state")
    return q(f, 13, "Event #13: shift Unity -2 or add a Muslim State?", options, "c13u.option", {"f": f},
             labels={"unity": "Shift Unity -2", "state": "Add a Muslim State"})


@callback("c13u.option")
def _c13u_option(state, ctx, opt):
    if opt == "unity":
        shift_track(state, 13, ctx["f"], "unity", -2)
        return []
    return q(ctx["f"], 13, "Event #13: choose a Muslim Province without Raj Control.",
             _ms_candidates(state, True), "c13u.state", ctx)


@callback("c13u.state")
def _c13u_state(state, ctx, sid):
    return make_muslim_state(state, sid, 13, ctx["f"])


DECISIONS["13-shaded"] = ["piece (3 from Out of Play to Available: kind)"]


@event(13, "shaded")
def c13_shaded(state, f):
    """Unity +2; move 3 pieces (any factions', the acting faction's choice)
    from Out of Play to Available (Unity +1 more for each Activist of the other
    Nonviolent faction that Congress or the Muslim League moves, 3.3.1)."""
    shift_track(state, 13, f, "unity", 2)
    return [call("c13s.next", f=f, left=3)]


@auto("c13s.next")
def _c13s_next(state, ctx):
    kinds = [k for k, v in state.out_of_play.items() if v > 0]
    return q(ctx["f"], 13, "Event #13: move a piece from Out of Play to Available ({left} left).", kinds,
             "c13s.do", ctx, left=ctx["left"])


@callback("c13s.do")
def _c13s_do(state, ctx, kind):
    from_out_of_play(state, kind, 13, ctx["f"])
    return [call("c13s.next", f=ctx["f"], left=ctx["left"] - 1)] if ctx["left"] > 1 else []


# --- 14 Independence Fighters Take Up Arms -----------------------------------

DECISIONS["14-unshaded"] = ["piece (up to 4 Guerrillas from up to 2 spaces)"]


@event(14, "unshaded")
def c14_unshaded(state, f):
    """Remove up to 4 Guerrillas from up to 2 spaces; Revolutionary Resources -3."""
    n = board.add_resources(state, "rev", -3)
    elog(state, 14, "Revolutionary Resources {n}.", f, n=n)
    return [pieces(f, 14, "remove", GUERRILLAS, 4, upto=True, max_spaces=2,
                   prompt="Event #14: remove up to 4 Guerrillas from up to 2 spaces ({left} left).")]


DECISIONS["14-shaded"] = ["option (guerrillas|resources)", "piece (5 Guerrillas: west_bengal|east_bengal)"]


@event(14, "shaded")
def c14_shaded(state, f):
    """Add 5 Guerrillas total in West Bengal and East Bengal, or Revolutionary
    Resources +5 (text completed from the card list)."""
    return q(f, 14, "Event #14: add 5 Guerrillas in the Bengals, or Revolutionary Resources +5?",
             ["guerrillas", "resources"], "c14s.option", {"f": f},
             labels={"guerrillas": "Add 5 Guerrillas in West/East Bengal", "resources": "Revolutionary Resources +5"})


@callback("c14s.option")
def _c14s_option(state, ctx, opt):
    f = ctx["f"]
    if opt == "resources":
        n = board.add_resources(state, "rev", 5)
        elog(state, 14, "Revolutionary Resources +{n}.", f, n=n)
        return []
    return [pieces(f, 14, "place", ["guerrilla_underground"], 5, ["west_bengal", "east_bengal"],
                   prompt="Event #14: add Guerrillas in West/East Bengal ({left} left).")]


# --- 15 Qissa Khwani Bazaar Crackdown ------------------------------------------

DECISIONS["15-unshaded"] = ["space (1 without Troops)", "piece (1 per Sepoy there, Bases last)"]


@event(15, "unshaded")
def c15_unshaded(state, f):
    """Add 1 Unrest to 1 space without Troops, then remove 1 piece per Sepoy
    there to Available (Bases last). The pieces are those the Sepoys act
    against: any non-Raj pieces but Gandhi (1.4.5), all to Available as
    printed (R-E15)."""
    sp = [s for s in all_spaces() if not cnt(state, s, "troop")]

    def score(s):
        others = sum(v for k, v in state.spaces[s].pieces.items()
                     if k not in CUBES and (k != "gandhi" or not at_least(state, 2)))  # ruleset 1 counted him
        return (1 if can_add_unrest(state, s) else 0) + min(cnt(state, s, "sepoy"), others)
    return q(f, 15, "Event #15: choose 1 space without Troops.", best(sp, score), "c15u.space", {"f": f})


@callback("c15u.space")
def _c15u_space(state, ctx, sid):
    board.add_unrest(state, sid)
    elog(state, 15, "Adds Unrest in {space}.", ctx["f"], space=sid)
    return [pieces(ctx["f"], 15, "remove", [k for k in ALL_KINDS if k not in CUBES], cnt(state, sid, "sepoy"),
                   [sid], bases_last=True,
                   prompt="Event #15: remove 1 piece per Sepoy ({left} left).")]


DECISIONS["15-shaded"] = ["space (1 with cubes)"]


@event(15, "shaded")
def c15_shaded(state, f):
    """Add 1 Unrest to any space with cubes; shift it 2 levels toward Active Opposition."""
    sp = [s for s in all_spaces() if cubes(state, s)]
    return q(f, 15, "Event #15: choose 1 space with cubes.",
             best(sp, lambda s: (1 if can_add_unrest(state, s) else 0) + min(2, 2 + state.spaces[s].support)
                  * (0 if dv.is_railway(s) else 1)), "c15s.space", {"f": f})


@callback("c15s.space")
def _c15s_space(state, ctx, sid):
    board.add_unrest(state, sid)
    n = board.shift(state, sid, -2)
    elog(state, 15, "Adds Unrest in {space}, shifts it {n} level(s) toward Active Opposition.", ctx["f"],
         space=sid, n=-n)
    return []


# --- 16 Pakistan Declaration ---------------------------------------------------

DECISIONS["16-unshaded"] = ["space (up to 2 Muslim spaces)", "piece (1 Base in one of them)"]


@event(16, "unshaded")
def c16_unshaded(state, f):
    """Add 1 Unrest to up to 2 Muslim spaces, then remove 1 Base from one of
    the selected spaces (text_problems: 1 Base in total)."""
    return [call("c16u.next", f=f, chosen=[])]


@auto("c16u.next")
def _c16u_next(state, ctx):
    if len(ctx["chosen"]) >= 2:
        return _c16u_base(state, ctx, "")
    sp = [s for s in muslim_spaces() if s not in ctx["chosen"]]
    # 5.1.2 (R-E16): the selection must hold a Base if a Muslim space has one
    with_base = [s for s in sp if cnt_kinds(state, s, BASES)]
    must = (bool(with_base) and not any(cnt_kinds(state, s, BASES) for s in ctx["chosen"])
            and at_least(state, 2))  # ruleset 1 let the player stop
    if must and ctx["chosen"]:
        sp = with_base
    return q(ctx["f"], 16, "Event #16: add Unrest to a Muslim space ({n} of up to 2).", sp, "c16u.do", ctx,
             done=None if must else "No more spaces", call_on_done=True, n=len(ctx["chosen"]) + 1)


@callback("c16u.do")
def _c16u_do(state, ctx, sid):
    if sid == "done":
        return _c16u_base(state, ctx, "")
    board.add_unrest(state, sid)
    elog(state, 16, "Adds Unrest in {space}.", ctx["f"], space=sid)
    return [call("c16u.next", f=ctx["f"], chosen=ctx["chosen"] + [sid])]


@callback("c16u.base")
def _c16u_base(state, ctx, cid):
    if not ctx["chosen"]:
        return []
    return [pieces(ctx["f"], 16, "remove", list(BASES), 1, ctx["chosen"],
                   prompt="Event #16: remove 1 Base from a selected space.")]


DECISIONS["16-shaded"] = ["piece (up to 2 Bases in Muslim Provinces: mlbase|revbase)"]


@event(16, "shaded")
def c16_shaded(state, f):
    """Add up to 2 Bases (Muslim League or Revolutionary, the acting faction's
    choice) to Muslim Provinces with room for them (1.4.2)."""
    sp = [s for s in provinces(state) if dv.sdef(s).muslim]
    return [pieces(f, 16, "place", list(BASES), 2, sp, upto=True,
                   prompt="Event #16: add up to 2 Bases to Muslim Provinces ({left} left).")]


# --- 17 Khan Abdul Ghaffar Khan ----------------------------------------------------

def _c17_spaces(state):
    """Punjab and the adjacent Provinces (R-E-Province: not Muslim States)."""
    provinces_now = set(provinces(state))  # ruleset 1: the printed Provinces
    return ["punjab"] + [s for s in sorted(M().adjacent["punjab"]) if s in provinces_now]


DECISIONS["17-unshaded"] = ["option (remove|shift)", "piece (up to 4 Activists)", "space (2 to shift)"]


@event(17, "unshaded")
def c17_unshaded(state, f):
    """In Punjab and adjacent Provinces, remove up to 4 Activists total (to
    Available) or shift 2 of these spaces 1 level each toward Passive Support."""
    sp = _c17_spaces(state)
    options = []
    if any(activists(state, s) for s in sp):
        options.append("remove")
    if any(state.spaces[s].support != 1 for s in sp):
        options.append("shift")
    return q(f, 17, "Event #17: remove Activists or shift spaces?", options, "c17u.option", {"f": f},
             labels={"remove": "Remove up to 4 Activists", "shift": "Shift 2 spaces toward Passive Support"})


@callback("c17u.option")
def _c17u_option(state, ctx, opt):
    if opt == "remove":
        return [pieces(ctx["f"], 17, "remove", ACTIVISTS, 4, _c17_spaces(state), upto=True,
                       prompt="Event #17: remove up to 4 Activists ({left} left).")]
    return [call("c17u.next", f=ctx["f"], n=2, chosen=[])]


@auto("c17u.next")
def _c17u_next(state, ctx):
    sp = [s for s in _c17_spaces(state) if state.spaces[s].support != 1 and s not in ctx["chosen"]]
    return q(ctx["f"], 17, "Event #17: shift a space toward Passive Support ({n} left).", sp, "c17u.do", ctx,
             n=ctx["n"])


@callback("c17u.do")
def _c17u_do(state, ctx, sid):
    shift_toward(state, sid, 1)
    elog(state, 17, "Shifts {space} 1 level toward Passive Support.", ctx["f"], space=sid)
    if ctx["n"] > 1:
        return [call("c17u.next", f=ctx["f"], n=ctx["n"] - 1, chosen=ctx["chosen"] + [sid])]
    return []


DECISIONS["17-shaded"] = ["space (2 with Muslim League Activists)"]


@event(17, "shaded")
def c17_shaded(state, f):
    """Add Protests to 2 spaces with Muslim League Activists; the Muslim League
    stays Eligible (whoever plays the Event)."""
    state.turn.stay_eligible.append("ml")
    return [call("c17s.next", f=f, n=2)]


@auto("c17s.next")
def _c17s_next(state, ctx):
    sp = [s for s in all_spaces() if cnt(state, s, "ml_activist") and can_add_protest(state, s)]
    return q(ctx["f"], 17, "Event #17: add a Protest to a space with Muslim League Activists ({n} left).", sp,
             "c17s.do", ctx, n=ctx["n"])


@callback("c17s.do")
def _c17s_do(state, ctx, sid):
    board.add_protest(state, sid, for_operation=False)
    elog(state, 17, "Adds a Protest in {space}.", ctx["f"], space=sid)
    return [call("c17s.next", f=ctx["f"], n=ctx["n"] - 1)] if ctx["n"] > 1 else []


# --- 18 Jinnah Champions Muslim India -----------------------------------------------

def base_options(state, spaces: list[str]) -> tuple[list[str], dict[str, str]]:
    """Choice ids ``<space>:mlbase`` / ``<space>:revbase`` where a Base can be added."""
    from ..common import space_name

    ids, labels = [], {}
    for s in spaces:
        for k, a, name in (("ml_base", "mlbase", "Muslim League Base"), ("rev_base", "revbase", "Revolutionary Base")):
            if state.available.get(k, 0) and can_place(state, s, k):
                ids.append(f"{s}:{a}")
                labels[f"{s}:{a}"] = f"{name} in {space_name(s)}"
    return ids, labels


DECISIONS["18-unshaded"] = ["space+base (mlbase|revbase)", "space (adjacent, to shift)"]


@event(18, "unshaded")
def c18_unshaded(state, f):
    """Add 1 Base (Muslim League or Revolutionary: the text does not say whose,
    R-E18) to any space where possible; shift that space and one adjacent space
    1 level each toward Active Support. With no Base placeable, the acting
    faction still picks a space to shift (5.1.2)."""
    ids, labels = base_options(state, non_railway())
    if not ids:
        return q(f, 18, "Event #18: no Base can be added; choose a space to shift.",
                 [s for s in non_railway() if state.spaces[s].support < 2], "c18u.space", {"f": f, "shift": 1})
    return q(f, 18, "Event #18: add a Base.", ids, "c18u.base", {"f": f, "shift": 1}, labels=labels)


@callback("c18u.base")
def _c18u_base(state, ctx, cid):
    sid, alias = cid.split(":")
    kind = "ml_base" if alias == "mlbase" else "rev_base"
    board.place(state, sid, kind, 1)
    elog(state, ctx.get("card", 18), "Adds a {kind} in {space}.", ctx["f"], kind=kind, space=sid)
    return _c18u_space(state, ctx, sid)


@callback("c18u.space")
def _c18u_space(state, ctx, sid):
    card = ctx.get("card", 18)
    n = board.shift(state, sid, ctx["shift"])
    elog(state, card, "Shifts {space} {n} level(s) toward Active Support.", ctx["f"], space=sid, n=n)
    if card != 18:
        return []
    adj = [s for s in sorted(M().adjacent[sid]) if not dv.is_railway(s)]
    return q(ctx["f"], 18, "Event #18: shift an adjacent space toward Active Support.",
             best(adj, lambda s: 1 + (1 if state.spaces[s].support < 2 else 0)), "c18u.adj", ctx)


@callback("c18u.adj")
def _c18u_adj(state, ctx, sid):
    n = board.shift(state, sid, 1)
    elog(state, 18, "Shifts {space} {n} level(s) toward Active Support.", ctx["f"], space=sid, n=n)
    return []


DECISIONS["18-shaded"] = ["piece (up to 4 Activists in Muslim spaces: inc|ml)"]


@event(18, "shaded")
def c18_shaded(state, f):
    """Unity +1 and add up to 4 Activists (either faction's) to Muslim spaces."""
    shift_track(state, 18, f, "unity", 1)
    return [pieces(f, 18, "place", ACTIVISTS, 4, muslim_spaces(), upto=True,
                   prompt="Event #18: add up to 4 Activists to Muslim spaces ({left} left).")]
