"""The one toolkit of the Event texts (rule 5), shared by every card module.

**Choice loop.** The loop of single choices (``ev.loop`` / ``ev.ask``),
its handlers and automatic follow-ups (``ev.do``), and 5.1.2's :func:`best`
are the COIN family's (:mod:`engine.coin.events`), re-exported here so the
card modules import one toolkit. For a single "pick one of these" :func:`q`
puts an :func:`engine.gandhi.choose.ask` frame, or nothing when there is
nothing to choose.

**Pieces.** :func:`pieces` is the loop placing, removing, arresting,
Activating or flipping Underground pieces one at a time (handler ``pieces``);
choice ids ``"<space>:<alias>"`` (``"delhi:troop"``, ``"bengal:inc"``), with a
suffix ``":oop"``/``":prison"``/``":avail"`` when a second source or
destination is offered.

**Muslim States.** :func:`make_muslim_state` (1.3.5, 5.1.4: the Raj moves the
Troops there to Cities first, step ``muslim_state.troops``).

**Vocabulary.** Piece kinds and names, space lists, counts, stacking for
Events (5.1.1), marker tests, 5.1.2 space ranking (:func:`best`),
eligibility effects (2.3.6), replacement (5.1.1).
"""
from __future__ import annotations

from typing import Any

from ...coin.events import (  # noqa: F401 - the shared toolkit, re-exported for the card modules
    AUTOS, HANDLERS, Ask, Do, Handler, Loop, auto, best, call, ctx0, do, handler, loop, quantity, space_then)
from ...coin.events import event_prompt as _coin_event_prompt
from ...core.messages import Choice, Message
from ...core.steps import Frame
from .. import board
from .. import derived as dv
from ..choose import ask
from ..common import log, space_name
from ..data import get_data
from ..muslim_state import create_muslim_state
from ..ruleset import at_least
from ..side_actions import TAKE_BACK, event_take_back, placed_own, take_back_step
from ..wording import templated

# --- vocabulary ---------------------------------------------------------------

ALIAS = {"troop": "troop", "sepoy": "sepoy", "inc_activist": "inc", "ml_activist": "ml", "gandhi": "gandhi",
         "guerrilla_active": "active", "guerrilla_underground": "underground", "ml_base": "mlbase",
         "rev_base": "revbase"}
KIND_OF = {v: k for k, v in ALIAS.items()}
KIND_OF["guerrilla"] = "guerrilla_underground"
NAMES = {"troop": "Troop", "sepoy": "Sepoy", "inc_activist": "Congress Activist",
         "ml_activist": "Muslim League Activist", "gandhi": "Gandhi", "guerrilla_active": "Active Guerrilla",
         "guerrilla_underground": "Underground Guerrilla", "ml_base": "Muslim League Base",
         "rev_base": "Revolutionary Base", "guerrilla": "Guerrilla"}
BOX_SHORT = {"available": "avail", "out_of_play": "oop", "prison": "prison"}
BOX_NAMES = {"available": "Available", "out_of_play": "Out of Play", "prison": "Prison"}
NV_KINDS = ["gandhi", "inc_activist", "ml_activist"]
ACTIVISTS = ["inc_activist", "ml_activist"]
GUERRILLAS = ["guerrilla_active", "guerrilla_underground"]
CUBES = ["troop", "sepoy"]
BASES = ["ml_base", "rev_base"]
ALL_KINDS = ["troop", "sepoy", "gandhi", "inc_activist", "ml_activist", "guerrilla_active",
             "guerrilla_underground", "ml_base", "rev_base"]
OWNER = {"troop": "raj", "sepoy": "raj", "inc_activist": "inc", "gandhi": "inc", "ml_activist": "ml",
         "ml_base": "ml", "guerrilla_active": "rev", "guerrilla_underground": "rev", "rev_base": "rev",
         "guerrilla": "rev"}


def M():
    """The map data (spaces, adjacency)."""
    return get_data().map


def all_spaces() -> list[str]:
    return list(M().ids)


def non_railway() -> list[str]:
    return list(M().non_railway)


def railways() -> list[str]:
    return [s for s in M().ids if dv.is_railway(s)]


def cities() -> list[str]:
    return [s for s in M().ids if M().spaces[s].type == "city"]


def printed_provinces() -> list[str]:
    """Spaces printed as Provinces (Muslim States among them)."""
    return [s for s in M().ids if M().spaces[s].type == "province"]


def muslim_spaces() -> list[str]:
    """The 10 printed Muslim spaces (1.3.4)."""
    return [s for s in M().ids if M().spaces[s].muslim]


def princely_states() -> list[str]:
    return [s for s in M().ids if M().spaces[s].type == "princely_state"]


def provinces(state) -> list[str]:
    """Provinces that are not now Muslim States (R-E-Province; ruleset 1
    counted a Muslim State among the printed Provinces)."""
    if not at_least(state, 2):
        return printed_provinces()
    return [s for s in M().ids if dv.is_province(state, s)]


def states(state) -> list[str]:
    """Princely States and Muslim States (1.3.5)."""
    return [s for s in M().ids if dv.is_state(state, s)]


def muslim_states(state) -> list[str]:
    return [s for s, sp in state.spaces.items() if sp.muslim_state]


def cnt(state, sid: str, kind: str) -> int:
    return state.spaces[sid].pieces.get(kind, 0)


def cnt_kinds(state, sid: str, kinds) -> int:
    return sum(cnt(state, sid, k) for k in kinds)


def cubes(state, sid: str) -> int:
    return dv.cubes(state.spaces[sid])


def activists(state, sid: str) -> int:
    return dv.activists(state.spaces[sid])


def guerrillas(state, sid: str) -> int:
    return dv.guerrillas(state.spaces[sid])


def friendly(state, sid: str, faction: str) -> int:
    """Pieces of ``faction`` in ``sid``."""
    return sum(v for k, v in state.spaces[sid].pieces.items() if OWNER[k] == faction)


def adversary_kinds(faction: str) -> list[str]:
    """Map kinds of the other factions, in :data:`ALL_KINDS` order."""
    return [k for k in ALL_KINDS if OWNER[k] != faction]


def elog(state, card: int, text: str, actor: str | None = None, **params: Any) -> None:
    """Log what Event ``card`` did (key ``log.event.<wording>``, see :mod:`..wording`)."""
    m = templated("log.event", text, card=card, **params)
    log(state, m.key, m.text, actor=actor, **m.params)



def space_opts(cands, ctx: dict | None = None) -> list[tuple[str, str]]:
    """Space options of a loop, leaving out those already in ``ctx["chosen"]``."""
    chosen = set((ctx or {}).get("chosen", []))
    return [(s, space_name(s)) for s in cands if s not in chosen]


# --- markers and tracks -----------------------------------------------------------

def has_unrest(state, sid: str) -> bool:
    """An Unrest marker in ``sid`` (an Unrest space, 1.3.7). A Strike is not
    one: 5.1.4 turns only a *placed* Unrest marker into a Strike (R-UNREST;
    ruleset 1 counted a Strike)."""
    sp = state.spaces[sid]
    return sp.unrest > 0 or (sp.strike and not at_least(state, 2))


def can_add_unrest(state, sid: str) -> bool:
    """An Unrest marker (a Strike on a Railway, one per Railway) can be added (1.11, 1.12)."""
    if dv.unrest_markers_free(state) <= 0:
        return False
    return not (dv.is_railway(sid) and state.spaces[sid].strike)


def can_add_protest(state, sid: str) -> bool:
    """An Event may place a Protest (1.10, 5.1.1): the rule of
    :func:`engine.gandhi.board.can_add_protest` (Railways too), any box
    (ruleset 1 kept Events' Protests off Railways)."""
    if dv.is_railway(sid) and not at_least(state, 2):
        return False
    return board.can_add_protest(state, sid, for_operation=False)


def remove_one_unrest(state, sid: str) -> bool:
    """Remove one Unrest marker (never a Strike: texts name Strikes, R-UNREST;
    ruleset 1 removed the Strike of a Railway)."""
    if state.spaces[sid].strike and not at_least(state, 2):
        return board.remove_strike(state, sid)
    return board.remove_unrest(state, sid, 1) > 0


def can_shift_toward(state, sid: str, target: int) -> bool:
    return not dv.is_railway(sid) and state.spaces[sid].support != target


def shift_toward(state, sid: str, target: int, levels: int = 1) -> int:
    """Shift ``sid`` up to ``levels`` toward support level ``target`` (1.6)."""
    if not can_shift_toward(state, sid, target):
        return 0
    d = max(-levels, min(levels, target - state.spaces[sid].support))
    return board.shift(state, sid, d)


def shift_track(state, card: int, actor: str | None, track: str, delta: int) -> int:
    """Shift ``track`` ("restraint" or "unity") by ``delta`` within its range
    (1.8, 1.9) and log it for Event ``card``; returns the shift made."""
    n = (board.shift_restraint if track == "restraint" else board.shift_unity)(state, delta)
    elog(state, card, track.capitalize() + " {n:+d} (now {value}).", actor, n=n, value=getattr(state, track))
    return n


def from_out_of_play(state, kind: str, card: int, actor: str) -> int:
    """Event ``card``: ``actor`` moves one ``kind`` from Out of Play to
    Available, Unity +1 if it is the other Nonviolent faction's Activist
    (:func:`engine.gandhi.board.out_of_play_to_available`). Returns 1 or 0."""
    if not at_least(state, 2):  # ruleset 1: no Unity for Events
        n = board.transfer(state, kind, 1, "out_of_play", "available")
        elog(state, card, "Moves a {kind} from Out of Play to Available.", actor, kind=kind)
        return n
    before = state.unity
    n = board.out_of_play_to_available(state, kind, 1, actor)
    if n:
        elog(state, card, "Moves a {kind} from Out of Play to Available.", actor, kind=kind)
    if state.unity != before:
        elog(state, card, "Unity {n:+d} (now {value}): the other Nonviolent faction's Activist.", actor,
             n=state.unity - before, value=state.unity)
    return n


def stay_eligible(state, faction: str) -> None:
    """The faction remains Eligible for the next card (2.3.6)."""
    if faction not in state.turn.stay_eligible:
        state.turn.stay_eligible.append(faction)


def make_ineligible(state, faction: str) -> None:
    """The faction is Ineligible for the next card (2.3.6)."""
    if faction not in state.turn.make_ineligible:
        state.turn.make_ineligible.append(faction)


# --- pieces: stacking, replacement ------------------------------------------------------

def can_place(state, sid: str, kind: str) -> bool:
    """Stacking for Events (5.1.1): no Troops in States, Bases <= Population."""
    if kind == "troop" and dv.is_state(state, sid):
        return False
    if kind in BASES and dv.base_room(state, sid) <= 0:
        return False
    return True


def place_kind(kind: str) -> str:
    """The map kind a placed piece takes: new Guerrillas are Underground (1.4.3)."""
    return "guerrilla_underground" if kind in ("guerrilla", "guerrilla_active") else kind


def arrest_or_remove_to(kind: str) -> str:
    """5.1.3: arrested Gandhi/Activists go to Prison; other pieces to Available."""
    return "prison" if kind in NV_KINDS else "available"


def replacements(state, sid: str, old: str, news: list[str]) -> list[str]:
    """The kinds of ``news`` (other than ``old``'s own) that may replace an
    ``old`` piece in ``sid``: those Available and placeable there; only when
    none is does every kind stay offered, the piece then being removed
    (5.1.1 "rimuovono invece che sostituire se il rimpiazzo non è
    disponibile"; R-REPLACE)."""
    cands = [n for n in news if n != old and not (n == "guerrilla_underground" and old in GUERRILLAS)]
    if not at_least(state, 2):  # ruleset 1 offered every kind
        return cands
    ok = [n for n in cands if board.in_box(state, "available", place_kind(n)) and can_place(state, sid, n)]
    return ok or cands


def replace_piece(state, sid: str, old: str, new: str, card: int, actor: str) -> bool:
    """Replace one ``old`` piece in ``sid`` with a ``new`` piece from Available;
    if none is Available the old piece is removed all the same (5.1.1).
    Returns True if the new piece was placed."""
    board.remove(state, sid, old, 1, to="available")
    placed = board.place(state, sid, place_kind(new), 1) if can_place(state, sid, new) else 0
    if placed:
        elog(state, card, "Replaces a {old} with a {new} in {space}.", actor, old=old, new=new, space=sid)
    else:
        elog(state, card, "Removes a {old} in {space} (no {new} Available to replace it).", actor,
             old=old, new=new, space=sid)
    return bool(placed)


# --- the choice loop: engine/coin/events.py; Gandhi's "pick one of these" --------------

def event_prompt(number: int, text: str, /, **params) -> Message:
    """Gandhi's :func:`engine.coin.events.event_prompt` (card titles of Gandhi)."""
    return _coin_event_prompt("gandhi", number, text, **params)


def q(actor: str, card: int, text: str, options: list[str], on: str, ctx: dict | None = None,
      labels: dict | None = None, done: str | None = None, call_on_done: bool = False, **params) -> list[Frame]:
    """An ``ask`` frame (one pick, follow-up callback ``on``), or nothing when
    there is nothing to choose (5.1.2)."""
    if not options:
        return []
    return [ask(actor, event_prompt(card, text, **params), options, on, ctx or {}, labels, done,
                call_on_done)]



# --- the piece loop ----------------------------------------------------------------------

VERB = {"place": "Place", "remove": "Remove", "activate": "Activate", "hide": "Flip Underground"}


def pieces(actor: str, card: int, act: str, kinds: list[str], left: int, spaces: list[str] | None = None,
           upto: bool = False, cap: int | None = None, caps: dict[str, int] | None = None,
           max_spaces: int | None = None, to: str = "available", to_list: list[str] | None = None,
           dest_caps: dict[str, int] | None = None, sources: dict[str, int | None] | None = None,
           bases_last: bool = False, then: str | None = None, prompt: str = "", **extra: Any) -> Frame:
    """A loop acting on ``left`` pieces one at a time (handler ``pieces``).

    ``act``: "place" (from the boxes of ``sources``, ``{box: cap | None}``,
    the first one the default; new Guerrillas go Underground), "remove" (to
    box ``to``; ``to="arrest"`` sends Gandhi/Activists to Prison and the rest
    to Available, 5.1.3; ``to_list`` gives the box of the 1st, 2nd ... piece;
    with ``dest_caps`` ``{box: n}`` the actor picks each piece's box),
    "activate" (Underground -> Active; an Active one may be counted instead,
    :func:`activatable`) or "hide" (Active -> Underground).
    ``spaces`` None = any space; ``cap`` pieces per space, ``caps`` per-space
    limits, ``max_spaces`` distinct spaces at most; ``bases_last``: Bases only
    once no other listed piece is there (1.4.2). ``ctx["used"]`` counts pieces
    per space (for ``then``); ``extra`` goes into the ctx.
    """
    ctx = dict(actor=actor, card=card, act=act, kinds=list(kinds), left=left,
               spaces=list(spaces) if spaces is not None else None, cap=cap, caps=caps, used={},
               max_spaces=max_spaces, to=to, to_list=to_list, dest_caps=dest_caps,
               sources=dict(sources or {"available": None}), bases_last=bases_last, **extra)
    if upto:
        ctx["upto"] = True  # the loop asks "done" itself (ruleset 7's take-back question)
    return loop("pieces", ctx, upto=upto, then=then,
                prompt=prompt or f"Event #{card}: {VERB[act].lower()} pieces ({{left}} left).")


def _space_ok(ctx: dict, sid: str) -> bool:
    used = ctx["used"]
    if ctx["cap"] is not None and used.get(sid, 0) >= ctx["cap"]:
        return False
    if ctx.get("caps") is not None and used.get(sid, 0) >= ctx["caps"].get(sid, 0):
        return False
    if ctx["max_spaces"] is not None and sid not in used and len(used) >= ctx["max_spaces"]:
        return False
    return True


def _dests(ctx: dict) -> list[str]:
    if ctx["act"] != "remove":
        return [""]
    if ctx.get("to_list"):
        return [ctx["to_list"][0]]
    if ctx.get("dest_caps"):
        return [d for d, c in ctx["dest_caps"].items() if c > 0]
    return [ctx["to"]]


def piece_options(state, ctx: dict) -> list[tuple[str, str, str, str]]:
    """(choice id, space, kind, box) of every single action possible now: the
    source box when placing, the destination box when removing."""
    out = []
    spaces = ctx["spaces"] if ctx["spaces"] is not None else all_spaces()
    act = ctx["act"]
    srcs = [b for b, c in ctx["sources"].items() if c is None or c > 0]
    first = next(iter(ctx["sources"]))
    dests = _dests(ctx)
    # issue 21: speed: the source boxes holding each kind to place, once (not per space)
    stocked = {pk: [b for b in srcs if board.in_box(state, b, pk) > 0]
               for pk in {place_kind(k) for k in ctx["kinds"]}} if act == "place" else {}
    for sid in spaces:
        if not _space_ok(ctx, sid):
            continue
        if act == "place":
            for kind in ctx["kinds"]:
                pk = place_kind(kind)
                if not stocked[pk] or not can_place(state, sid, pk):
                    continue
                for b in stocked[pk]:
                    alias = "guerrilla" if pk == "guerrilla_underground" else ALIAS[pk]
                    out.append((f"{sid}:{alias}" + ("" if b == first else f":{BOX_SHORT[b]}"), sid, pk, b))
            continue
        kinds = [k for k in ctx["kinds"] if cnt(state, sid, k) > 0]
        if act == "activate":
            kinds = (activatable(state, sid, ctx["used"].get(sid, 0)) if at_least(state, 2)
                     else [k for k in kinds if k == "guerrilla_underground"])  # ruleset 1
        elif act == "hide":
            kinds = [k for k in kinds if k == "guerrilla_active"]
        if ctx["bases_last"] and any(k not in BASES for k in kinds):
            kinds = [k for k in kinds if k not in BASES]
        for kind in kinds:
            for d in dests:
                box = arrest_or_remove_to(kind) if d == "arrest" else d
                if act == "remove" and not board.may_remove(kind, box) and at_least(state, 2):
                    continue  # Gandhi is arrested, never removed (1.4.5)
                suffix = f":{BOX_SHORT[d]}" if ctx.get("dest_caps") and d != "available" else ""
                out.append((f"{sid}:{ALIAS[kind]}{suffix}", sid, kind, box))
    return out


def activatable(state, sid: str, counted: int) -> list[str]:
    """Guerrilla kinds an "Activate N Guerrillas" text may take next in
    ``sid`` where ``counted`` were already taken: Underground ones (flipped)
    and -- 1.4.3 play note, "è sufficiente 'Attivare' le Guerriglie già
    Attive" -- Active ones not yet counted (they stay Active)."""
    out = ["guerrilla_underground"] if cnt(state, sid, "guerrilla_underground") else []
    if cnt(state, sid, "guerrilla_active") > counted:
        out.append("guerrilla_active")
    return out


def _piece_label(act: str, sid: str, kind: str, box: str) -> str:
    where = space_name(sid)
    if act == "place":
        name = "Guerrilla" if kind == "guerrilla_underground" else NAMES[kind]
        return f"Place a {name} in {where}" + ("" if box == "available" else f" (from {BOX_NAMES[box]})")
    if act == "remove":
        if box == "prison":
            return f"Arrest a {NAMES[kind]} in {where}"
        return f"Remove a {NAMES[kind]} in {where}" + ("" if box == "available" else f" (to {BOX_NAMES[box]})")
    if act == "activate" and kind == "guerrilla_active":
        return f"Count an Active Guerrilla in {where} (it stays Active)"
    return f"{VERB[act]} a {NAMES[kind]} in {where}"


@handler("pieces")
def _pieces(state, ctx, cid):
    opts = piece_options(state, ctx)
    if cid is None:
        if not opts and _waits_for_take_back(state, ctx):
            return [(TAKE_BACK, "Take one of your pieces off the map to Available (1.4.1)")] + (
                [] if ctx.get("upto") else [("stop", "Place no more (none Available)")])
        return [(c, _piece_label(ctx["act"], sid, kind, b)) for c, sid, kind, b in opts]
    if cid == TAKE_BACK:  # the same step as the side choice; not a piece placed
        ctx["left"] += 1
        return [take_back_step(ctx["actor"], placed_own(state, ctx))]
    if cid == "stop":  # 1.4.1: the instruction ignored, none being Available
        ctx["left"] = 1
        return []
    _, sid, kind, b = next(o for o in opts if o[0] == cid)
    card, actor = ctx["card"], ctx["actor"]
    if ctx["act"] == "place":
        board.place(state, sid, kind, 1, source=b)
        if ctx["sources"][b] is not None:
            ctx["sources"][b] -= 1
        elog(state, card, "Places a {kind} in {space} (from {box}).", actor, kind=kind, space=sid, box=b)
    elif ctx["act"] == "remove":
        board.remove(state, sid, kind, 1, to=b)
        if ctx.get("to_list"):
            ctx["to_list"] = ctx["to_list"][1:]
        if ctx.get("dest_caps"):
            ctx["dest_caps"][b] -= 1
        elog(state, card, ("Arrests" if b == "prison" else "Removes") + " a {kind} in {space} (to {box}).", actor,
             kind=kind, space=sid, box=b)
    elif ctx["act"] == "activate" and kind == "guerrilla_active":
        elog(state, card, "An Active Guerrilla in {space} counts as Activated (1.4.3).", actor, space=sid)
    elif ctx["act"] == "activate":
        board.flip(state, sid, "guerrilla_underground", "guerrilla_active", 1)
        elog(state, card, "Activates a Guerrilla in {space}.", actor, space=sid)
    else:
        board.flip(state, sid, "guerrilla_active", "guerrilla_underground", 1)
        elog(state, card, "Flips a Guerrilla Underground in {space}.", actor, space=sid)
    ctx["used"][sid] = ctx["used"].get(sid, 0) + 1
    return []


def _waits_for_take_back(state, ctx: dict) -> bool:
    """Ruleset 7 (issue 32): an Event placing the actor's own pieces, none
    Available, pieces still to place where they could go: the loop asks
    (take some back, 1.4.1, or place no more) instead of closing by itself."""
    if not event_take_back(state, ctx):
        return False
    spaces = ctx["spaces"] if ctx["spaces"] is not None else all_spaces()
    return any(_space_ok(ctx, sid) and any(can_place(state, sid, place_kind(k)) for k in ctx["kinds"])
               for sid in spaces)


#: the label of a count of one piece action: (act, box kind) -> (key, English)
COUNT_LABELS = {
    ("place", "available"): ("choice.ev_place_n", "{kind}: place {n} in {space}"),
    ("place", "other"): ("choice.ev_place_from_n", "{kind}: place {n} in {space} (from {box})"),
    ("remove", "available"): ("choice.ev_remove_n", "{kind}: remove {n} in {space}"),
    ("remove", "other"): ("choice.ev_remove_to_n", "{kind}: remove {n} in {space} (to {box})"),
    ("remove", "prison"): ("choice.ev_arrest_n", "{kind}: arrest {n} in {space}"),
    ("activate", "guerrilla_underground"): ("choice.ev_activate_n", "Guerrillas: activate {n} in {space}"),
    ("activate", "guerrilla_active"): ("choice.ev_count_active_n",
                                       "Active Guerrillas: count {n} in {space} (they stay Active)"),
    ("hide", "guerrilla_active"): ("choice.ev_hide_n", "Guerrillas: flip {n} Underground in {space}"),
}


def piece_most(state, ctx: dict, sid: str, kind: str, box: str) -> int:
    """How many times in a row the piece loop may take the same action (one
    ``kind`` in ``sid``, from or to ``box``): within the pieces ``left``, the
    space's caps, the pieces there (or in the source box, the source's cap,
    the room for Bases, 5.1.1) -- 1 where each piece goes to its own box."""
    if ctx.get("to_list"):
        return 1
    used = ctx["used"].get(sid, 0)
    most = ctx["left"]
    if ctx["cap"] is not None:
        most = min(most, ctx["cap"] - used)
    if ctx.get("caps") is not None:
        most = min(most, ctx["caps"].get(sid, 0) - used)
    act = ctx["act"]
    if act == "place":
        most = min(most, board.in_box(state, box, kind))
        if ctx["sources"].get(box) is not None:
            most = min(most, ctx["sources"][box])
        if kind in BASES:
            most = min(most, dv.base_room(state, sid))
    elif act == "activate" and kind == "guerrilla_active":
        most = min(most, cnt(state, sid, kind) - used)
    else:
        most = min(most, cnt(state, sid, kind))
        if ctx.get("dest_caps"):
            most = min(most, ctx["dest_caps"].get(box, 0))
    return max(1, most)


def _piece_count_label(act: str, sid: str, kind: str, box: str) -> Message:
    if act in ("place", "remove"):
        which = "prison" if act == "remove" and box == "prison" else ("available" if box == "available" else "other")
        key, text = COUNT_LABELS[(act, which)]
        shown = "guerrilla" if kind == "guerrilla_underground" else kind
        return Message(key, {"kind": shown, "space": sid, "box": box}, text)
    key, text = COUNT_LABELS[(act, kind)]
    return Message(key, {"space": sid}, text)


@quantity("pieces")
def _pieces_quantity(state, ctx: dict, choices: list[Choice], upto: bool) -> list[Choice]:
    """Ruleset 5 (issue 14): the piece loop's choices as counts where the
    player has more than one answer (a lone obligatory choice stays one at a
    time, applied by the engine)."""
    if not at_least(state, 5) or not (upto or len(choices) > 1):
        return choices
    opts = {o[0]: o[1:] for o in piece_options(state, ctx)}
    out = []
    for c in choices:
        if c.id not in opts:  # ruleset 7: the take-back question of a loop with none Available
            out.append(c)
            continue
        sid, kind, box = opts[c.id]
        most = piece_most(state, ctx, sid, kind, box)
        out.append(Choice(c.id, c.label, most, _piece_count_label(ctx["act"], sid, kind, box)) if most > 1 else c)
    return out


# --- Muslim States ----------------------------------------------------------------------

def make_muslim_state(state, sid: str, card: int, actor: str) -> list[Frame]:
    """Place a Muslim State in Province ``sid`` (1.3.5, 5.1.4): the Raj first
    moves the Troops there to Cities of its choice, then the marker goes down
    (the shared mechanism of engine/gandhi/muslim_state.py). Returns the frames."""
    return create_muslim_state(state, sid, actor, key="log.event.muslim_state")


def remove_muslim_state(state, sid: str, card: int, actor: str) -> None:
    """Remove the Muslim State marker of ``sid`` (the space is a Province again)."""
    state.spaces[sid].muslim_state = False
    elog(state, card, "The Muslim State in {space} is removed.", actor, space=sid)

