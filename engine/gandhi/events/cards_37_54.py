"""Events of cards 37-54, both texts (rule 5; Italian card list authoritative).

Each side is registered with :func:`engine.gandhi.events.event`; ``start(state,
faction)`` returns the frames to push (generic loops of
:mod:`.kit`). Open choices are decisions of the acting faction (5.1)
unless the text names another faction (the Raj moves the Troops of a new Muslim
State, 1.3.5). Readings of unclear texts are in the docstrings and in
docs/rulings/events_37_72.md.

``DECISIONS`` lists, per card side, the decisions the side offers (frozen by
engine/gandhi/events/registry_37_72.yaml and its test); cards 55-72 add theirs
from :mod:`.cards_55_72`.
"""
from __future__ import annotations

from ...core import rng
from .. import board, derived as dv
from ..nonplayer import can_pay
from ..ruleset import at_least
from . import event
from .kit import (
    ACTIVISTS,
    ALIAS,
    BASES,
    CUBES,
    GUERRILLAS,
    KIND_OF,
    NAMES,
    OWNER,
    all_spaces,
    auto,
    best,
    can_add_unrest,
    can_shift_toward,
    cnt,
    cnt_kinds,
    ctx0,
    do,
    elog,
    from_out_of_play,
    handler,
    has_unrest,
    loop,
    make_ineligible,
    make_muslim_state,
    muslim_spaces,
    muslim_states,
    non_railway,
    pieces,
    princely_states,
    provinces,
    railways,
    remove_muslim_state,
    remove_one_unrest,
    replace_piece,
    replacements,
    shift_toward,
    shift_track,
    space_name,
    space_opts,
    space_then,
    states,
    stay_eligible,
)

DECISIONS: dict[str, list[str]] = {}


# --- 37 Delhi Proposals Foment Muslim Independence ------------------------------------

DECISIONS["37-unshaded"] = ["space (1 Province without Raj Control: Muslim State)",
                            "space (2 Muslim spaces to Passive Support)", "raj: City for each Troop there"]


@event(37, "unshaded")
def c37_unshaded(state, f):
    """Place a Muslim State in a Province without Raj Control (its Troops go to
    Cities chosen by the Raj, 1.3.5), set 2 Muslim spaces to Passive Support;
    the Muslim League stays Eligible for the next card (2.3.6).

    5.1.2: the 2 Muslim spaces are chosen among those not already at Passive
    Support (where setting changes something)."""
    stay_eligible(state, "ml")
    return [loop("c37u.ms", ctx0(f, 37, left=1), prompt="Event #37: place a Muslim State in a Province "
                 "without Raj Control."),
            loop("c37u.set", ctx0(f, 37, left=2), prompt="Event #37: set a Muslim space to Passive Support.")]


@handler("c37u.ms")
def _c37u_ms(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in provinces(state) if not dv.raj_control(state, s)])
    return make_muslim_state(state, cid, 37, ctx["actor"])


@handler("c37u.set")
def _c37u_set(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in muslim_spaces() if can_shift_toward(state, s, 1)], ctx)
    ctx["chosen"].append(cid)
    board.set_support(state, cid, 1)
    elog(state, 37, "{space} is set to Passive Support.", ctx["actor"], space=cid)
    return []


DECISIONS["37-shaded"] = ["space (1 Muslim State)"]


@event(37, "shaded")
def c37_shaded(state, f):
    """Remove 1 Muslim State and place a Revolutionary Base there (if there is
    room, 1.4.2, and one is Available). 5.1.2: a Muslim State where the Base
    can be placed is chosen if there is one."""
    return [loop("c37s", ctx0(f, 37, left=1), prompt="Event #37: remove a Muslim State.")]


@handler("c37s")
def _c37s(state, ctx, cid):
    if cid is None:
        ms = muslim_states(state)
        room = [s for s in ms if state.available.get("rev_base", 0) and dv.base_room(state, s) > 0]
        return space_opts(room or ms)
    remove_muslim_state(state, cid, 37, ctx["actor"])
    if dv.base_room(state, cid) > 0 and board.place(state, cid, "rev_base", 1):
        elog(state, 37, "Places a Revolutionary Base in {space}.", ctx["actor"], space=cid)
    return []


# --- 38 Lahore Resolution -------------------------------------------------------------

DECISIONS["38-unshaded"] = ["choice (a Muslim State or a Base: space and which)"]


@event(38, "unshaded")
def c38_unshaded(state, f):
    """Remove 1 Muslim State or any 1 Base (to Available), then set that space
    to Passive Support (not on a Railway, 1.3.6)."""
    return [loop("c38u", ctx0(f, 38, left=1), prompt="Event #38: remove a Muslim State or a Base.")]


@handler("c38u")
def _c38u(state, ctx, cid):
    if cid is None:
        out = [(f"ms:{s}", f"Remove the Muslim State in {space_name(s)}") for s in muslim_states(state)]
        for s in all_spaces():
            for k in BASES:
                if cnt(state, s, k):
                    out.append((f"{s}:{ALIAS[k]}", f"Remove a {NAMES[k]} in {space_name(s)}"))
        return out
    a, b = cid.split(":")
    if a == "ms":
        sid = b
        remove_muslim_state(state, sid, 38, ctx["actor"])
    else:
        sid = a
        board.remove(state, sid, KIND_OF[b], 1)
        elog(state, 38, "Removes a {kind} in {space}.", ctx["actor"], kind=KIND_OF[b], space=sid)
    board.set_support(state, sid, 1)
    elog(state, 38, "{space} is set to Passive Support.", ctx["actor"], space=sid)
    return []


DECISIONS["38-shaded"] = ["space (1 Muslim Province: Muslim State)", "raj: City for each Troop there",
                          "piece kind from Out of Play"]


@event(38, "shaded")
def c38_shaded(state, f):
    """Place a Muslim State in any Muslim Province (Troops go to Cities chosen
    by the Raj), then place 1 piece of any faction there from Out of Play,
    chosen by the acting faction (R-38: whose piece is not stated); no Troop
    (the space is now a State), Bases within Population."""
    return [loop("c38s", ctx0(f, 38, left=1), prompt="Event #38: place a Muslim State in a Muslim Province.")]


@handler("c38s")
def _c38s(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in provinces(state) if s in muslim_spaces()])
    frames = make_muslim_state(state, cid, 38, ctx["actor"])
    return frames + [pieces(ctx["actor"], 38, "place", ["sepoy", "inc_activist", "ml_activist", "gandhi",
                                                        "guerrilla", "ml_base", "rev_base"], 1, [cid],
                            sources={"out_of_play": None}, prompt="Event #38: place 1 piece there from Out of Play.")]


# --- 39 Khudai Khidmatgars Active in the Northwest --------------------------------------

def every_other(state, sid: str) -> int:
    """Activists removable in ``sid``: 1 per 2 cubes and/or Guerrillas (R-39)."""
    return min(cnt_kinds(state, sid, ACTIVISTS), (cnt_kinds(state, sid, CUBES + GUERRILLAS)) // 2)


DECISIONS["39-unshaded"] = ["space (2 Muslim spaces, most Activists removable)", "piece (inc|ml Activist)"]


@event(39, "unshaded")
def c39_unshaded(state, f):
    """In 2 Muslim spaces, remove 1 Activist for every other cube or Guerrilla
    there (R-39: 1 Activist per 2 cubes and/or Guerrillas, rounded down). 5.1.2:
    the spaces where the most Activists go are chosen."""
    return [loop("c39u", ctx0(f, 39, left=2, pool=muslim_spaces()),
                 prompt="Event #39: choose a Muslim space to remove Activists from.")]


@handler("c39u")
@handler("c43u")
def _c39u(state, ctx, cid):
    if cid is None:
        cands = [s for s in ctx["pool"] if s not in ctx["chosen"]]
        if ctx["card"] == 43:
            return space_opts([s for s in cands if every_other(state, s) > 0])
        return space_opts(best(cands, lambda s: every_other(state, s)))
    ctx["chosen"].append(cid)
    n = every_other(state, cid)
    return [pieces(ctx["actor"], ctx["card"], "remove", ACTIVISTS, n, [cid],
                   prompt=f"Event #{ctx['card']}: remove Activists in {space_name(cid)}.")]


DECISIONS["39-shaded"] = ["space (1 Muslim space with Sepoys or Guerrillas)",
                          "piece (up to 3: sepoy|active|underground -> inc|ml)"]


def replace_opts(state, sid: str, olds: list[str], news: list[str]) -> list[tuple[str, str]]:
    out = []
    for o in olds:
        if cnt(state, sid, o):
            for nw in replacements(state, sid, o, news):
                out.append((f"{ALIAS[o]}>{ALIAS.get(nw, nw)}",
                            f"Replace a {NAMES[o]} with a {NAMES[nw]} in {space_name(sid)}"))
    return out


@event(39, "shaded")
def c39_shaded(state, f):
    """In 1 Muslim space, replace up to 3 Sepoys and/or Guerrillas with
    Activists (of either Nonviolent faction, the acting faction's choice; when
    none is Available the piece is removed all the same, 5.1.1)."""
    return [loop("c39s.space", ctx0(f, 39, left=1),
                 prompt="Event #39: choose a Muslim space with Sepoys or Guerrillas.")]


@handler("c39s.space")
def _c39s_space(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in muslim_spaces() if cnt_kinds(state, s, ["sepoy"] + GUERRILLAS)])
    return [loop("gen.replace", dict(actor=ctx["actor"], card=39, left=3, space=cid,
                                     olds=["sepoy"] + GUERRILLAS, news=ACTIVISTS), upto=True,
                 prompt=f"Event #39: replace up to 3 Sepoys and/or Guerrillas in {space_name(cid)} with Activists.")]


@handler("gen.replace")
def _gen_replace(state, ctx, cid):
    """Replace pieces ``olds`` with ``news`` in ``ctx["space"]`` (or ``ctx["spaces"]``,
    choice ids then ``"<space>:<old>><new>"``)."""
    spaces = [ctx["space"]] if "space" in ctx else ctx["spaces"]
    if cid is None:
        out = []
        for s in spaces:
            if ctx.get("cap") and ctx.setdefault("used", {}).get(s, 0) >= ctx["cap"]:
                continue
            for c, t in replace_opts(state, s, ctx["olds"], ctx["news"]):
                out.append((c if "space" in ctx else f"{s}:{c}", t))
        return out
    if "space" in ctx:
        sid, pair = ctx["space"], cid
    else:
        sid, pair = cid.split(":")
    o, nw = pair.split(">")
    replace_piece(state, sid, KIND_OF[o], KIND_OF.get(nw, nw), ctx["card"], ctx["actor"])
    if "used" in ctx:
        ctx["used"][sid] = ctx["used"].get(sid, 0) + 1
    return []


# --- 40 Defence of India Act of 1939 ---------------------------------------------------------

DECISIONS["40-unshaded"] = ["space (up to 3 Protest spaces with Activists)"]


@event(40, "unshaded")
def c40_unshaded(state, f):
    """Restraint -2 (within 1-5). Arrest all Activists in up to 3 Protest spaces."""
    shift_track(state, 40, f, "restraint", -2)
    return [loop("c40u", ctx0(f, 40, left=3), upto=True,
                 prompt="Event #40: arrest all Activists in a Protest space.")]


@handler("c40u")
def _c40u(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in all_spaces() if state.spaces[s].protest
                           and cnt_kinds(state, s, ACTIVISTS)], ctx)
    ctx["chosen"].append(cid)
    arrest_all_activists(state, cid, ctx["card"], ctx["actor"])
    return []


def arrest_all_activists(state, sid: str, card: int, actor: str) -> None:
    for k in ACTIVISTS:
        n = board.remove(state, sid, k, cnt(state, sid, k), to="prison")
        if n:
            elog(state, card, "Arrests {n} {kind} in {space}.", actor, n=n, kind=k, space=sid)


DECISIONS["40-shaded"] = ["space (2 spaces toward Active Opposition)"]


@event(40, "shaded")
def c40_shaded(state, f):
    """Restraint +2 (within 1-5). Shift any 2 spaces 1 level each toward Active
    Opposition (spaces that can shift, 5.1.2)."""
    shift_track(state, 40, f, "restraint", 2)
    return [shift_loop(f, 40, -2, 2, non_railway(), False,
                       "Event #40: shift a space 1 level toward Active Opposition.")]


def shift_loop(f: str, card: int, target: int, n: int, pool: list[str], upto: bool, prompt: str,
               **extra) -> dict:
    """Shift up to/exactly ``n`` distinct spaces of ``pool`` 1 level toward ``target``."""
    return loop("gen.shift", ctx0(f, card, left=n, pool=pool, target=target, **extra), upto=upto, prompt=prompt)


@handler("gen.shift")
def _gen_shift(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in ctx["pool"] if can_shift_toward(state, s, ctx["target"])], ctx)
    ctx["chosen"].append(cid)
    shift_toward(state, cid, ctx["target"])
    elog(state, ctx["card"], "{space} shifts 1 level (now {lvl}).", ctx["actor"], space=cid,
         lvl=state.spaces[cid].support)
    if ctx.get("per_shift"):
        return [do(ctx["per_shift"], dict(ctx, space=cid))]
    return []


# --- 41 Preemptive Strike on Movement Leaders -----------------------------------------------

DECISIONS["41-unshaded"] = ["piece (up to 2 x die Activists: space, inc|ml)"]


@event(41, "unshaded")
def c41_unshaded(state, f):
    """Arrest up to twice a die roll of Activists total in any spaces (to Prison)."""
    d = rng.roll_die(state)
    elog(state, 41, "Die roll {d}: up to {n} Activists may be arrested.", f, d=d, n=2 * d)
    return [pieces(f, 41, "remove", ACTIVISTS, 2 * d, to="prison", upto=True,
                   prompt="Event #41: arrest Activists")]


DECISIONS["41-shaded"] = ["piece (die roll of Activists from Prison: space (at most 3), inc|ml)"]


@event(41, "shaded")
def c41_shaded(state, f):
    """Release a die roll of Activists from Prison to any 3 spaces (R-41: at
    most 3 distinct spaces; all that are in Prison up to the roll, 5.1.2)."""
    d = rng.roll_die(state)
    elog(state, 41, "Die roll {d}: {d} Activists are released from Prison.", f, d=d)
    return [pieces(f, 41, "place", ACTIVISTS, d, max_spaces=3, sources={"prison": None},
                   prompt="Event #41: release an Activist from Prison to a space")]


# --- 42 Assassination of Sir Michael O'Dwyer ------------------------------------------------------

DECISIONS["42-unshaded"] = ["space (up to 2 with Guerrillas and Troops)"]


@event(42, "unshaded")
def c42_unshaded(state, f):
    """In up to 2 spaces with Guerrillas and Troops, remove all Active
    Guerrillas (to Available), then Activate the Underground Guerrillas."""
    return [loop("c42u", ctx0(f, 42, left=2), upto=True,
                 prompt="Event #42: choose a space with Guerrillas and Troops.")]


@handler("c42u")
def _c42u(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in all_spaces() if cnt(state, s, "troop")
                           and cnt_kinds(state, s, GUERRILLAS)], ctx)
    ctx["chosen"].append(cid)
    n = board.remove(state, cid, "guerrilla_active", cnt(state, cid, "guerrilla_active"))
    m = board.activate_guerrillas(state, cid, cnt(state, cid, "guerrilla_underground"))
    elog(state, 42, "{space}: {n} Active Guerrillas removed, {m} Guerrillas Activated.", ctx["actor"],
         space=cid, n=n, m=m)
    return []


DECISIONS["42-shaded"] = ["space (up to 2 with Unrest/Strike or Protest, and cubes)", "option (troop|sepoys)"]


@event(42, "shaded")
def c42_shaded(state, f):
    """Remove 1 Troop or 3 Sepoys (as many as there are, up to 3) from each of
    up to 2 spaces with an Unrest (a Strike on a Railway, R-UNREST) or Protest marker."""
    return [loop("c42s", ctx0(f, 42, left=2), upto=True,
                 prompt="Event #42: choose a space with Unrest or Protest to remove cubes from.")]


@handler("c42s")
def _c42s(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in all_spaces() if (has_unrest(state, s) or state.spaces[s].protest)
                           and cnt_kinds(state, s, CUBES)], ctx)
    return space_then(ctx, cid, "c42s.what", f"Event #42: remove 1 Troop or 3 Sepoys from {space_name(cid)}.")


@handler("c42s.what")
def _c42s_what(state, ctx, cid):
    sid = ctx["space"]
    if cid is None:
        out = []
        if cnt(state, sid, "troop"):
            out.append(("troop", "Remove 1 Troop"))
        if cnt(state, sid, "sepoy"):
            out.append(("sepoy", f"Remove {min(3, cnt(state, sid, 'sepoy'))} Sepoy(s)"))
        return out
    n = board.remove(state, sid, cid, 1 if cid == "troop" else 3)
    elog(state, 42, "Removes {n} {kind} in {space}.", ctx["actor"], n=n, kind=cid, space=sid)
    return []


# --- 43 Textile Workers Strike ------------------------------------------------------------------

DECISIONS["43-unshaded"] = ["space (up to 2)", "piece (inc|ml Activist)"]


@event(43, "unshaded")
def c43_unshaded(state, f):
    """In up to 2 spaces, remove 1 Activist for every other cube or Guerrilla
    there (R-39). Restraint -1."""
    shift_track(state, 43, f, "restraint", -1)
    return [loop("c43u", ctx0(f, 43, left=2, pool=all_spaces()), upto=True,
                 prompt="Event #43: choose a space to remove Activists from.")]


DECISIONS["43-shaded"] = ["piece (up to 2 per space in up to 2 Protest/Unrest spaces: active|underground -> inc|ml)"]


@event(43, "shaded")
def c43_shaded(state, f):
    """In up to 2 spaces with a Protest and/or Unrest (Strike) marker, replace
    up to 2 Guerrillas in each with Activists (either Nonviolent faction's)."""
    return [loop("c43s", dict(actor=f, card=43, chosen=[]), upto=True,
                 prompt="Event #43: choose a Protest/Unrest space to replace Guerrillas in.")]


@handler("c43s")
def _c43s(state, ctx, cid):
    if cid is None:
        if len(ctx["chosen"]) >= 2:
            return []
        return space_opts([s for s in all_spaces() if (has_unrest(state, s) or state.spaces[s].protest)
                           and cnt_kinds(state, s, GUERRILLAS)], ctx)
    ctx["chosen"].append(cid)
    return [loop("gen.replace", dict(actor=ctx["actor"], card=43, left=2, space=cid, olds=GUERRILLAS,
                                     news=ACTIVISTS), upto=True,
                 prompt=f"Event #43: replace up to 2 Guerrillas in {space_name(cid)} with Activists.")]


# --- 44 Hindustan Socialist Republican Association --------------------------------------------

DECISIONS["44-unshaded"] = ["piece (up to 2 Guerrillas in up to 2 spaces: active|underground)"]


@event(44, "unshaded")
def c44_unshaded(state, f):
    """Remove up to 2 Guerrillas total from up to 2 spaces, then shift each of
    these spaces 1 level toward Active Support."""
    return [pieces(f, 44, "remove", GUERRILLAS, 2, upto=True, max_spaces=2, then="c44.shift", target=2,
                   prompt="Event #44: remove Guerrillas")]


@auto("c44.shift")
def _c44_shift(state, ctx):
    for sid in ctx["used"]:
        if shift_toward(state, sid, ctx["target"]):
            elog(state, 44, "{space} shifts 1 level (now {lvl}).", ctx["actor"], space=sid,
                 lvl=state.spaces[sid].support)
    return []


DECISIONS["44-shaded"] = ["space (2 spaces)", "piece (up to 4 Guerrillas in them)"]


@event(44, "shaded")
def c44_shaded(state, f):
    """Add up to 4 Guerrillas total to 2 spaces, then shift each of those
    spaces 1 level toward Active Opposition. R-44: the 2 spaces are chosen
    first (exactly 2: spaces that can shift are offered first, 5.1.2); the
    shift happens even if no Guerrilla is Available."""
    return [loop("c44s.spaces", ctx0(f, 44, left=2), prompt="Event #44: choose a space to add Guerrillas to.")]


@handler("c44s.spaces")
def _c44s_spaces(state, ctx, cid):
    if cid is None:
        cands = [s for s in all_spaces() if s not in ctx["chosen"]]
        shiftable = [s for s in cands if can_shift_toward(state, s, -2)]
        return space_opts(shiftable or cands)
    ctx["chosen"].append(cid)
    if len(ctx["chosen"]) < 2:
        return []
    return [pieces(ctx["actor"], 44, "place", ["guerrilla"], 4, ctx["chosen"], upto=True, then="c44.shift2",
                   chosen=list(ctx["chosen"]), target=-2, prompt="Event #44: add Guerrillas")]


@auto("c44.shift2")
def _c44_shift2(state, ctx):
    return _c44_shift(state, dict(ctx, used={s: 1 for s in ctx["chosen"]}))


# --- 45 Gandhi Calls for a Liquor Boycott -----------------------------------------------------

DECISIONS["45-unshaded"] = ["faction (Ineligible for the next card: one of the other three)"]


@event(45, "unshaded")
def c45_unshaded(state, f):
    """Choose 1 Faction, which is Ineligible for the next card; the executing
    Faction stays Eligible. R-45: the chosen faction is one of the other three."""
    stay_eligible(state, f)
    return [loop("c45u", ctx0(f, 45, left=1), prompt="Event #45: choose a faction to be Ineligible for the next card.")]


@handler("c45u")
def _c45u(state, ctx, cid):
    from ..common import FACTION_NAMES

    if cid is None:
        return [(x, FACTION_NAMES[x]) for x in ("raj", "inc", "ml", "rev") if x != ctx["actor"]]
    make_ineligible(state, cid)
    elog(state, 45, "{faction} is Ineligible for the next card.", ctx["actor"], faction=cid)
    return []


DECISIONS["45-shaded"] = []


@event(45, "shaded")
def c45_shaded(state, f):
    """Raj Resources -3 per Protest marker on the map."""
    n = dv.protests_on_map(state)
    board.add_resources(state, "raj", -3 * n)
    elog(state, 45, "Raj Resources -{x} ({n} Protests).", f, x=3 * n, n=n)
    return []


# --- 46 Bardoli Satyagraha for Rent Relief ------------------------------------------------------

DECISIONS["46-unshaded"] = ["space (up to 3 Princely States)"]


@event(46, "unshaded")
def c46_unshaded(state, f):
    """Shift up to 3 Princely States 1 level each toward Active Support
    (Muslim States are not Princely States)."""
    return [shift_loop(f, 46, 2, 3, princely_states(), True, "Event #46: shift a Princely State toward Active Support.")]


DECISIONS["46-shaded"] = ["space (up to 2 States)"]


@event(46, "shaded")
def c46_shaded(state, f):
    """Shift up to 2 States (Princely or Muslim, 1.3.5) 1 level each toward
    Active Opposition."""
    return [shift_loop(f, 46, -2, 2, states(state), True, "Event #46: shift a State toward Active Opposition.")]


# --- 47 Lala Lajpat Rai Killed during a Protest -------------------------------------------------

DECISIONS["47-unshaded"] = ["space (2 with cubes)", "option (guerrilla active|underground, inc|ml Activist, "
                            "protest, unrest)"]


@event(47, "unshaded")
def c47_unshaded(state, f):
    """Remove 1 Guerrilla, 1 Activist, 1 Protest marker or 1 Unrest marker
    (not a Strike: R-UNREST) from each of 2 spaces with cubes; spaces where
    something can be removed (5.1.2)."""
    return [loop("c47u", ctx0(f, 47, left=2), prompt="Event #47: choose a space with cubes.")]


def _c47u_opts(state, sid):
    out = []
    for k in GUERRILLAS + ACTIVISTS:
        if cnt(state, sid, k):
            out.append((ALIAS[k], f"Remove a {NAMES[k]}"))
    if state.spaces[sid].protest:
        out.append(("protest", "Remove the Protest marker"))
    if has_unrest(state, sid):
        out.append(("unrest", "Remove an Unrest marker"))
    return out


@handler("c47u")
def _c47u(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in all_spaces() if cnt_kinds(state, s, CUBES) and _c47u_opts(state, s)], ctx)
    return space_then(ctx, cid, "c47u.what", f"Event #47: what to remove in {space_name(cid)}?")


@handler("c47u.what")
def _c47u_what(state, ctx, cid):
    sid = ctx["space"]
    if cid is None:
        return _c47u_opts(state, sid)
    if cid == "protest":
        board.remove_protest(state, sid)
    elif cid == "unrest":
        remove_one_unrest(state, sid)
    else:
        board.remove(state, sid, KIND_OF[cid], 1)
    elog(state, 47, "Removes {what} in {space}.", ctx["actor"], what=cid, space=sid)
    return []


DECISIONS["47-shaded"] = ["option (remove 3 pieces | replace 2 pieces)",
                          "piece (in spaces with Underground Guerrillas, at most 1 Base, not Gandhi)",
                          "replacement (guerrilla|inc|ml)"]

C47_TARGETS = ["troop", "sepoy", "inc_activist", "ml_activist", "guerrilla_active", "guerrilla_underground",
               "ml_base", "rev_base"]


@event(47, "shaded")
def c47_shaded(state, f):
    """In spaces with Underground Guerrillas, remove 3 pieces total or replace 2
    with Guerrillas or Activists (at most 1 Base, not Gandhi). R-47: pieces of
    any faction; a replaced piece becomes an Underground Guerrilla or an
    Activist of either Nonviolent faction (not a piece of its own kind);
    removal or replacement is all that can be done (not "up to")."""
    return [loop("c47s", ctx0(f, 47, left=1), prompt="Event #47: remove 3 pieces or replace 2?")]


@handler("c47s")
def _c47s(state, ctx, cid):
    if cid is None:
        if not _c47s_targets(state, {"bases": 0, "mode": "remove"}):
            return []
        return [("remove", "Remove 3 pieces"), ("replace", "Replace 2 pieces with Guerrillas or Activists")]
    c = dict(actor=ctx["actor"], card=47, mode=cid, bases=0, left=3 if cid == "remove" else 2)
    return [loop("c47s.piece", c, prompt=f"Event #47: {cid} a piece in a space with Underground Guerrillas.")]


def _c47s_targets(state, ctx):
    out = []
    for s in all_spaces():
        if not cnt(state, s, "guerrilla_underground"):
            continue
        for k in C47_TARGETS:
            if cnt(state, s, k) and not (k in BASES and ctx["bases"] >= 1):
                out.append((s, k))
    return out


@handler("c47s.piece")
def _c47s_piece(state, ctx, cid):
    if cid is None:
        out = []
        for s, k in _c47s_targets(state, ctx):
            if ctx["mode"] == "remove":
                out.append((f"{s}:{ALIAS[k]}", f"Remove a {NAMES[k]} in {space_name(s)}"))
            else:
                for nw in replacements(state, s, k, ["guerrilla_underground"] + ACTIVISTS):
                    tag = "guerrilla" if nw == "guerrilla_underground" else ALIAS[nw]
                    out.append((f"{s}:{ALIAS[k]}>{tag}", f"Replace a {NAMES[k]} in {space_name(s)} with a "
                                f"{'Guerrilla' if tag == 'guerrilla' else NAMES[nw]}"))
        return out
    s, rest = cid.split(":")
    if ctx["mode"] == "remove":
        k = KIND_OF[rest]
        board.remove(state, s, k, 1)
        elog(state, 47, "Removes a {kind} in {space}.", ctx["actor"], kind=k, space=s)
    else:
        o, nw = rest.split(">")
        k = KIND_OF[o]
        replace_piece(state, s, k, "guerrilla_underground" if nw == "guerrilla" else KIND_OF[nw], 47, ctx["actor"])
    if k in BASES:
        ctx["bases"] += 1
    return []


# --- 48 Harijan Campaign to End Untouchability -----------------------------------------------------

DECISIONS["48-unshaded"] = ["space (up to 3 without Congress Activists)"]


@event(48, "unshaded")
def c48_unshaded(state, f):
    """Shift up to 3 spaces without Congress Activists 1 level each toward Neutral."""
    pool = [s for s in non_railway() if not cnt(state, s, "inc_activist")]
    return [shift_loop(f, 48, 0, 3, pool, True, "Event #48: shift a space toward Neutral.")]


DECISIONS["48-shaded"] = ["space (2 with pieces of more than 1 faction)", "option (unrest|shift)"]


def factions_in(state, sid: str) -> set[str]:
    return {OWNER[k] for k, v in state.spaces[sid].pieces.items() if v}


@event(48, "shaded")
def c48_shaded(state, f):
    """In 2 spaces with pieces of more than 1 Faction, either add an Unrest
    marker (a Strike on a Railway) or shift the space 1 level toward Passive
    Opposition (the choice is made per space)."""
    return [loop("c48s", ctx0(f, 48, left=2), prompt="Event #48: choose a space with pieces of 2+ factions.")]


def _c48s_opts(state, sid):
    out = []
    if can_add_unrest(state, sid):
        out.append(("unrest", "Add an Unrest marker"))
    if can_shift_toward(state, sid, -1):
        out.append(("shift", "Shift 1 level toward Passive Opposition"))
    return out


@handler("c48s")
def _c48s(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in all_spaces() if len(factions_in(state, s)) > 1 and _c48s_opts(state, s)], ctx)
    return space_then(ctx, cid, "c48s.what", f"Event #48: in {space_name(cid)}, add Unrest or shift toward Passive Opposition?")


@handler("c48s.what")
def _c48s_what(state, ctx, cid):
    sid = ctx["space"]
    if cid is None:
        return _c48s_opts(state, sid)
    if cid == "unrest":
        board.add_unrest(state, sid)
        elog(state, 48, "Adds Unrest in {space}.", ctx["actor"], space=sid)
    else:
        shift_toward(state, sid, -1)
        elog(state, 48, "{space} shifts toward Passive Opposition.", ctx["actor"], space=sid)
    return []


# --- 49 Independence Day Defiantly Declared ---------------------------------------------------------

DECISIONS["49-unshaded"] = ["space (up to 2 with Protest or Unrest/Strike)", "marker (protest|unrest)",
                            "pay (2 Resources to shift toward Active Support: pay|no)"]


@event(49, "unshaded")
def c49_unshaded(state, f):
    """In up to 2 spaces, remove 1 Protest or Unrest (Strike) marker, then in
    each selected space the executing Faction may pay 2 Resources to shift it
    1 level toward Active Support (a Non-player Raj shifts free). Only the Raj
    and the Revolutionaries hold Resources (1.8): Congress and the Muslim
    League cannot pay (R-49)."""
    return [loop("c49u", ctx0(f, 49, left=2), upto=True,
                 prompt="Event #49: choose a space to remove a Protest or Unrest marker from.")]


@handler("c49u")
def _c49u(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in all_spaces() if state.spaces[s].protest or has_unrest(state, s)], ctx)
    return space_then(ctx, cid, "c49u.what", f"Event #49: remove which marker in {space_name(cid)}?")


@handler("c49u.what")
def _c49u_what(state, ctx, cid):
    sid = ctx["space"]
    if cid is None:
        out = []
        if state.spaces[sid].protest:
            out.append(("protest", "Remove the Protest marker"))
        if has_unrest(state, sid):
            out.append(("unrest", "Remove an Unrest marker"))
        return out
    if cid == "protest":
        board.remove_protest(state, sid)
    else:
        remove_one_unrest(state, sid)
    elog(state, 49, "Removes a {what} marker in {space}.", ctx["actor"], what=cid, space=sid)
    f = ctx["actor"]
    if not can_shift_toward(state, sid, 2):
        return []
    if f == "raj" and state.players.get("raj") == "bot":
        shift_toward(state, sid, 2)
        elog(state, 49, "{space} shifts toward Active Support (Non-player Raj: free).", f, space=sid)
        return []
    if f in ("raj", "rev") and can_pay(state, f, 2):  # an NP Revolutionary keeps no Resources (8.1)
        return [loop("c49u.pay", dict(actor=f, card=49, left=1, space=sid),
                     prompt=f"Event #49: pay 2 Resources to shift {space_name(sid)} toward Active Support?")]
    return []


@handler("c49u.pay")
def _c49u_pay(state, ctx, cid):
    if cid is None:
        return [("pay", "Pay 2 Resources and shift"), ("no", "Do not pay")]
    if cid == "pay":
        board.add_resources(state, ctx["actor"], -2)
        shift_toward(state, ctx["space"], 2)
        elog(state, 49, "Pays 2 Resources: {space} shifts toward Active Support.", ctx["actor"], space=ctx["space"])
    return []


DECISIONS["49-shaded"] = ["space (up to 3 Protest spaces)"]


@event(49, "shaded")
def c49_shaded(state, f):
    """Remove up to 3 Protest markers; for each, shift that space 1 level
    toward Active Opposition."""
    return [loop("c49s", ctx0(f, 49, left=3), upto=True, prompt="Event #49: remove a Protest marker.")]


@handler("c49s")
def _c49s(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in all_spaces() if state.spaces[s].protest], ctx)
    ctx["chosen"].append(cid)
    board.remove_protest(state, cid)
    shift_toward(state, cid, -2)
    elog(state, 49, "Removes the Protest in {space} and shifts it toward Active Opposition.", ctx["actor"], space=cid)
    return []


# --- 50 RSS Paramilitaries --------------------------------------------------------------------------

DECISIONS["50-unshaded"] = ["piece (up to 4 cubes/Activists/Guerrillas of 2 factions, at least 1 each, "
                            "map to Out of Play)"]
C50_KINDS = CUBES + ACTIVISTS + GUERRILLAS


@event(50, "unshaded")
def c50_unshaded(state, f):
    """Move up to 4 cubes, Activists and/or Guerrillas total, of 2 Factions,
    from the map to Out of Play, at least 1 piece from each Faction. R-50:
    "done" is offered only once both factions gave a piece (or no piece of a
    second faction is on the map); the 4th piece must come from the second
    faction if only one faction gave the first 3."""
    return [loop("c50u", dict(actor=f, card=50, left=4, facs=[]),
                 prompt="Event #50: move a piece from the map to Out of Play.")]


def _c50u_opts(state, ctx):
    facs = ctx["facs"]
    out = []
    for s in all_spaces():
        for k in C50_KINDS:
            if not cnt(state, s, k):
                continue
            fac = OWNER[k]
            if len(set(facs)) >= 2 and fac not in facs:
                continue
            if len(set(facs)) == 1 and ctx["left"] == 1 and fac in facs:
                continue
            out.append((f"{s}:{ALIAS[k]}", f"Move a {NAMES[k]} in {space_name(s)} to Out of Play"))
    other = any(OWNER[KIND_OF[c.split(":")[1]]] not in facs for c, _ in out)
    if out and (not facs or len(set(facs)) >= 2 or not other):
        out.append(("done", "Move no more pieces"))
    return out


@handler("c50u")
def _c50u(state, ctx, cid):
    if cid is None:
        return _c50u_opts(state, ctx)
    if cid == "done":
        ctx["left"] = 1  # the loop ends after this choice
        return []
    s, a = cid.split(":")
    k = KIND_OF[a]
    board.remove(state, s, k, 1, to="out_of_play")
    ctx["facs"].append(OWNER[k])
    elog(state, 50, "Moves a {kind} in {space} to Out of Play.", ctx["actor"], kind=k, space=s)
    return []


DECISIONS["50-shaded"] = ["piece (up to 4 of at most 2 factions, Out of Play to Available)"]
BOX_KINDS = ["troop", "sepoy", "inc_activist", "gandhi", "ml_activist", "ml_base", "guerrilla", "rev_base"]


@event(50, "shaded")
def c50_shaded(state, f):
    """Move up to 4 pieces total, belonging to 2 Factions, from Out of Play to
    Available. R-50: of at most 2 factions (no "at least 1 each" here)."""
    return [loop("c50s", dict(actor=f, card=50, left=4, facs=[]), upto=True,
                 prompt="Event #50: move a piece from Out of Play to Available.")]


@handler("c50s")
def _c50s(state, ctx, cid):
    if cid is None:
        facs = set(ctx["facs"])
        return [(k, f"Move a {NAMES[k]} from Out of Play to Available") for k in BOX_KINDS
                if state.out_of_play.get(k, 0) and (len(facs) < 2 or OWNER[k] in facs)]
    from_out_of_play(state, cid, 50, ctx["actor"])
    ctx["facs"].append(OWNER[cid])
    return []


# --- 51 Britain Maintains the Salt Tax ----------------------------------------------------------------

DECISIONS["51-unshaded"] = []


@event(51, "unshaded")
def c51_unshaded(state, f):
    """Arrest all Activists on Railways (to Prison), then Raj Resources +2 per
    Railway without a Strike marker."""
    for s in railways():
        arrest_all_activists(state, s, 51, f)
    n = sum(1 for s in railways() if not state.spaces[s].strike)
    board.add_resources(state, "raj", 2 * n)
    elog(state, 51, "Raj Resources +{x} ({n} Railways without a Strike).", f, x=2 * n, n=n)
    return []


DECISIONS["51-shaded"] = ["piece (up to 3 Activists/Guerrillas on Railways: space, inc|ml|guerrilla)"]


@event(51, "shaded")
def c51_shaded(state, f):
    """Place up to 3 Activists or Guerrillas on any Railways, then Restraint -2."""
    return [pieces(f, 51, "place", ACTIVISTS + ["guerrilla"], 3, railways(), upto=True, then="c51s.after",
                   prompt="Event #51: place Activists or Guerrillas on Railways")]


@auto("c51s.after")
def _c51s_after(state, ctx):
    shift_track(state, 51, ctx["actor"], "restraint", -2)
    return []


# --- 52 Provincial Elections Cool Tensions ---------------------------------------------------------------

DECISIONS["52-unshaded"] = ["space (up to 2 with Congress Activists)"]


@event(52, "unshaded")
def c52_unshaded(state, f):
    """Shift up to 2 spaces with Congress Activists 1 level each toward Active
    Support. Congress is Ineligible for the next card."""
    make_ineligible(state, "inc")
    pool = [s for s in non_railway() if cnt(state, s, "inc_activist")]
    return [shift_loop(f, 52, 2, 2, pool, True, "Event #52: shift a space with Congress Activists toward Active Support.")]


DECISIONS["52-shaded"] = ["space (2 with Congress pieces)", "piece (inc|ml|guerrilla in each)"]


@event(52, "shaded")
def c52_shaded(state, f):
    """Shift 2 spaces with Congress pieces (Activists or Gandhi) 1 level each
    toward Active Opposition, then place 1 Activist (either faction's) or
    Guerrilla in each of those spaces. 5.1.2: spaces that can shift first."""
    return [loop("c52s", ctx0(f, 52, left=2), prompt="Event #52: choose a space with Congress pieces.")]


@handler("c52s")
def _c52s(state, ctx, cid):
    if cid is None:
        cands = [s for s in all_spaces() if s not in ctx["chosen"]
                 and cnt_kinds(state, s, ["inc_activist", "gandhi"])]
        return space_opts([s for s in cands if can_shift_toward(state, s, -2)] or cands)
    ctx["chosen"].append(cid)
    shift_toward(state, cid, -2)
    elog(state, 52, "{space} shifts toward Active Opposition.", ctx["actor"], space=cid)
    if len(ctx["chosen"]) < 2 and _c52s(state, ctx, None):
        return []
    return [pieces(ctx["actor"], 52, "place", ACTIVISTS + ["guerrilla"], len(ctx["chosen"]), list(ctx["chosen"]),
                   cap=1, prompt="Event #52: place an Activist or Guerrilla in each space")]


# --- 53 United Provinces Rent Strike ------------------------------------------------------------------------

DECISIONS["53-unshaded"] = ["piece (up to 2 cubes/Activists/Guerrillas, map to Out of Play)"]


@event(53, "unshaded")
def c53_unshaded(state, f):
    """Move up to 2 cubes, Activists or Guerrillas from the map to Out of Play.
    The executing Faction stays Eligible."""
    stay_eligible(state, f)
    return [pieces(f, 53, "remove", C50_KINDS, 2, to="out_of_play", upto=True,
                   prompt="Event #53: move a piece to Out of Play")]


DECISIONS["53-shaded"] = ["piece (up to 3 from Out of Play: space, kind; no Troops in States)"]


@event(53, "shaded")
def c53_shaded(state, f):
    """Move up to 3 pieces from Out of Play to any spaces (no Troops in States,
    Bases within Population). The Raj is Ineligible for the next card."""
    make_ineligible(state, "raj")
    return [pieces(f, 53, "place", ["troop", "sepoy", "inc_activist", "ml_activist", "gandhi", "guerrilla",
                                    "ml_base", "rev_base"], 3, upto=True, sources={"out_of_play": None},
                   prompt="Event #53: move a piece from Out of Play to the map")]


# --- 54 Hyderabad Defends Its Independence ------------------------------------------------------------------

DECISIONS["54-unshaded"] = ["piece (up to 6 Sepoys in up to 3 States)", "piece (Guerrillas removed: active|underground)"]


@event(54, "unshaded")
def c54_unshaded(state, f):
    """Add up to 6 Sepoys to up to 3 States, then in each State remove 1
    Guerrilla per cube there (the acting faction picks Active or Underground).
    R-54: "in ogni Stato" is every State, not only those that got Sepoys."""
    return [pieces(f, 54, "place", ["sepoy"], 6, states(state), upto=True, max_spaces=3, then="c54u.after",
                   prompt="Event #54: add Sepoys to States")]


@auto("c54u.after")
def _c54u_after(state, ctx):
    where = states(state) if at_least(state, 2) else ctx["used"]  # ruleset 1: only the States given Sepoys
    caps = {s: min(cnt_kinds(state, s, CUBES), cnt_kinds(state, s, GUERRILLAS)) for s in where}
    caps = {s: n for s, n in caps.items() if n}
    total = sum(caps.values())
    if not total:
        return []
    return [pieces(ctx["actor"], 54, "remove", GUERRILLAS, total, list(caps), caps=caps,
                   prompt="Event #54: remove Guerrillas (1 per cube)")]


DECISIONS["54-shaded"] = ["space (3 Princely States)", "option (sepoys: all but 1 | shift)"]


@event(54, "shaded")
def c54_shaded(state, f):
    """In each of 3 Princely States, remove all but 1 Sepoy or shift that space
    1 level toward Active Opposition. 5.1.2: Princely States where one of the
    two can be done."""
    return [loop("c54s", ctx0(f, 54, left=3), prompt="Event #54: choose a Princely State.")]


def _c54s_opts(state, sid):
    out = []
    if cnt(state, sid, "sepoy") > 1:
        out.append(("sepoys", f"Remove all but 1 Sepoy ({cnt(state, sid, 'sepoy') - 1})"))
    if can_shift_toward(state, sid, -2):
        out.append(("shift", "Shift 1 level toward Active Opposition"))
    return out


@handler("c54s")
def _c54s(state, ctx, cid):
    if cid is None:
        return space_opts([s for s in princely_states() if _c54s_opts(state, s)], ctx)
    return space_then(ctx, cid, "c54s.what", f"Event #54: in {space_name(cid)}, remove Sepoys or shift?")


@handler("c54s.what")
def _c54s_what(state, ctx, cid):
    sid = ctx["space"]
    if cid is None:
        return _c54s_opts(state, sid)
    if cid == "sepoys":
        n = board.remove(state, sid, "sepoy", cnt(state, sid, "sepoy") - 1)
        elog(state, 54, "Removes {n} Sepoys in {space}.", ctx["actor"], n=n, space=sid)
    else:
        shift_toward(state, sid, -2)
        elog(state, 54, "{space} shifts toward Active Opposition.", ctx["actor"], space=sid)
    return []
