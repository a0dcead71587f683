"""The Revolutionaries' Special Activities (4.5): Aid, Infiltrate, Assassinate.

They run inside the shared Special Activity loop of
:mod:`engine.gandhi.actions` (before, during or after the Operation: 4.1).
Rules readings taken here are recorded in ``docs/rulings/revolutionaries.md``
(R-4.5.1, R-4.5.2, R-4.5.3).
"""
from __future__ import annotations

from ...core.messages import msg
from ...core.steps import Frame
from .. import board
from .. import derived as dv
from ..actions import EachMapSpace, SpecialActivity, special_activity
from ..choose import ask, callback
from ..common import log, space_name
from ..nonplayer import can_pay
from ..operations.revolutionaries import (
    KIND_LABELS,
    NV_KINDS,
    F,
    active_adversary_kinds,
    labels_for,
    note_flip,
)
from ..state import GandhiState

# --- Aid (4.5.1) -------------------------------------------------------------

def aid_options(state: GandhiState, sid: str) -> list[str]:
    """"resources": Activate an Underground Guerrilla and gain Resources equal
    to the space's Population; "underground": pay 1 Resource to flip all
    Guerrillas there Underground (offered only if one is Active)."""
    sp = state.spaces[sid]
    out = []
    if dv.n(sp, "guerrilla_underground"):
        out.append("resources")
    if dv.n(sp, "guerrilla_active") and can_pay(state, F, 1):
        out.append("underground")
    return out


@special_activity
class Aid(EachMapSpace, SpecialActivity):
    """Aid (4.5.1): any number of spaces with Guerrillas. In each: Activate an
    Underground Guerrilla and add Revolutionary Resources equal to the space's
    Population, OR pay 1 Resource to flip all Guerrillas there Underground.
    Accompanies any Operation. The 1 Resource is paid even when the Operation
    is free (an Event frees the Operation, not the Special Activity)."""

    together = True  # independent spaces: one set under ruleset 6 (issue 14, 4.1.1)

    name = "aid"
    faction = F
    label = "Aid"
    rule = "4.5.1"

    def space_ok(self, state, ctx, sid):
        return sid not in ctx["sa_spaces"] and bool(aid_options(state, sid))

    def why_not(self, state, ctx, sid):
        sp = state.spaces[sid]
        if not dv.guerrillas(sp):
            return f"{space_name(sid)} has no Guerrillas (4.5.1)."
        if not aid_options(state, sid):
            return (f"{space_name(sid)} has no Underground Guerrilla, and the Revolutionaries cannot pay 1 "
                    f"Resource to flip its Guerrillas (Resources {state.resources[F]}) (4.5.1).")
        return None

    def select(self, state, ctx, sid):
        opts = aid_options(state, sid)
        if len(opts) == 1:
            return _aid_do(state, sid, opts[0])
        pop = dv.population(sid)
        return [ask(F, msg("prompt.rev.aid", "Aid in {space}: gain Resources or flip Guerrillas Underground?",
                           space=sid),
                    opts, on="rev.aid.mode", ctx={"sid": sid},
                    labels={"resources": f"Activate an Underground Guerrilla, +{pop} Resources",
                            "underground": "Pay 1 Resource, flip all Guerrillas Underground"})]


@callback("rev.aid.mode")
def _aid_mode(state, c, cid):
    return _aid_do(state, c["sid"], cid)


def _aid_do(state: GandhiState, sid: str, mode: str) -> list[Frame]:
    ctx = state.action
    if mode == "resources":
        board.activate_guerrillas(state, sid, 1)
        note_flip(ctx, sid, "guerrilla_underground", "guerrilla_active", 1)
        gained = board.add_resources(state, F, dv.population(sid))
        log(state, "log.rev.aid_resources", "Aid in {space}: a Guerrilla is Activated, +{n} Resources.",
            actor=F, space=sid, n=gained)
    else:
        board.add_resources(state, F, -1)
        k = board.flip(state, sid, "guerrilla_active", "guerrilla_underground",
                       board.count(state, sid, "guerrilla_active"))
        note_flip(ctx, sid, "guerrilla_active", "guerrilla_underground", k)
        log(state, "log.rev.aid_underground", "Aid in {space}: 1 Resource paid, {n} Guerrilla(s) go Underground.",
            actor=F, space=sid, n=k)
    return []


# --- Infiltrate (4.5.2) ------------------------------------------------------

def infiltrate_options(state: GandhiState, sid: str) -> list[str]:
    """What Infiltrate can do in ``sid`` (which must hold an Underground
    Guerrilla): replace a "sepoy", "inc_activist", "ml_activist" (Active or
    not) or the "protest" marker with an Underground Guerrilla; or, in Crisis
    (6.8), "base": place a Revolutionary Base in a State or Province without
    Raj Control that has room for one (1.4.2)."""
    sp = state.spaces[sid]
    if not dv.n(sp, "guerrilla_underground"):
        return []
    out = [k for k in ("sepoy", "inc_activist", "ml_activist") if dv.n(sp, k)]
    if sp.protest:
        out.append("protest")
    if (dv.crisis(state) and (dv.is_state(state, sid) or dv.is_province(state, sid))
            and not dv.raj_control(state, sid) and dv.base_room(state, sid) >= 1
            and board.in_box(state, "available", "rev_base")):
        out.append("base")
    return out


@special_activity
class Infiltrate(EachMapSpace, SpecialActivity):
    """Infiltrate (4.5.2): one space with an Underground Guerrilla. Replace a
    Sepoy, an Activist or a Protest marker with an Underground Guerrilla
    (removed pieces to Available; with no Guerrilla Available the piece is
    removed all the same, 1.4.1), OR, in Crisis only, place a Revolutionary
    Base in a State or Province WITHOUT Raj Control with room for a Base (the
    Italian 6.8 "with Raj Control" is a slip: reading R-4.5.2)."""

    name = "infiltrate"
    faction = F
    label = "Infiltrate"
    rule = "4.5.2"
    max_spaces = 1

    def space_ok(self, state, ctx, sid):
        return sid not in ctx["sa_spaces"] and bool(infiltrate_options(state, sid))

    def why_not(self, state, ctx, sid):
        if not dv.n(state.spaces[sid], "guerrilla_underground"):
            return f"{space_name(sid)} has no Underground Guerrilla (4.5.2)."
        if not infiltrate_options(state, sid):
            return (f"{space_name(sid)} has no Sepoy, Activist or Protest to replace"
                    + (" and no room for a Base without Raj Control" if dv.crisis(state) else "") + " (4.5.2).")
        return None

    def select(self, state, ctx, sid):
        opts = infiltrate_options(state, sid)
        if len(opts) == 1:
            return _infiltrate_do(state, sid, opts[0])
        labels = {k: f"Replace a {KIND_LABELS[k]} with an Underground Guerrilla" for k in opts if k != "base"}
        labels["base"] = "Place a Revolutionary Base (Crisis)"
        return [ask(F, msg("prompt.rev.infiltrate", "Infiltrate in {space}: what to do?", space=sid),
                    opts, on="rev.infiltrate", ctx={"sid": sid}, labels=labels)]


@callback("rev.infiltrate")
def _infiltrate_cb(state, c, cid):
    return _infiltrate_do(state, c["sid"], cid)


def _infiltrate_do(state: GandhiState, sid: str, what: str) -> list[Frame]:
    if what == "base":
        board.place(state, sid, "rev_base", 1)
        log(state, "log.rev.infiltrate_base", "Infiltrate: a Revolutionary Base is placed in {space}.",
            actor=F, space=sid)
        return []
    if what == "protest":
        board.remove_protest(state, sid)
    else:
        board.remove(state, sid, what, 1)
    k = board.place(state, sid, "guerrilla_underground", 1)
    log(state, "log.rev.infiltrate", "Infiltrate in {space}: a {piece} is replaced with {n} Underground Guerrilla(s).",
        actor=F, space=sid, piece=what, n=k)
    return []


# --- Assassinate (4.5.3) -----------------------------------------------------

@special_activity
class Assassinate(SpecialActivity):
    """Assassinate (4.5.3): only with Riot, in one space already chosen for the
    Riot (3.1.1, 4.1.1). Remove any one Active adversary piece (never Gandhi;
    unlike Attack, Troops and Bases need not be last) to Available; if it is a
    Nonviolent piece (Activist or Muslim League Base), Unity -1 (6.7)."""

    name = "assassinate"
    faction = F
    label = "Assassinate"
    rule = "4.5.3"
    accompanies = ("riot",)
    max_spaces = 1

    def selectable(self, state, ctx):
        if ctx.get("op") != "riot":
            return []
        return [s for s in ctx["spaces"] if s not in ctx["sa_spaces"] and active_adversary_kinds(state, s)]

    def why_not(self, state, ctx, sid):
        if sid not in ctx["spaces"]:
            return f"{space_name(sid)} was not chosen for the Riot: Assassinate must be in a Riot space (4.5.3)."
        if not active_adversary_kinds(state, sid):
            return f"{space_name(sid)} has no Active adversary piece to remove (Gandhi cannot be) (4.5.3)."
        return None

    def select(self, state, ctx, sid):
        kinds = active_adversary_kinds(state, sid)
        if len(kinds) == 1:
            return _assassinate_do(state, sid, kinds[0])
        return [ask(F, msg("prompt.rev.assassinate", "Assassinate in {space}: remove which piece?", space=sid),
                    kinds, on="rev.assassinate", ctx={"sid": sid}, labels=labels_for(kinds))]


@callback("rev.assassinate")
def _assassinate_cb(state, c, cid):
    return _assassinate_do(state, c["sid"], cid)


def _assassinate_do(state: GandhiState, sid: str, kind: str) -> list[Frame]:
    board.remove(state, sid, kind, 1)
    log(state, "log.rev.assassinate", "Assassinate in {space}: a {piece} is removed to Available.",
        actor=F, space=sid, piece=kind)
    if kind in NV_KINDS:
        board.shift_unity(state, -1)
        log(state, "log.rev.assassinate_unity", "A Nonviolent piece was removed: Unity -1 (now {n}).",
            actor=F, n=state.unity)
    return []
