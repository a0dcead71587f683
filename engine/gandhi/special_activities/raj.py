"""The British Raj's Special Activities (4.2): Treaty (4.2.1), Govern (4.2.2)
and Martial Law (4.2.3), with Imperialism (4.2.2) and the Viceroys that change
them (Mountbatten, Linlithgow; 2.5.1).

Piece removal (Bases last, NV to Prison, Congress and Muslim League as one
Faction, Gandhi) is the shared ``raj.remove`` step of
:mod:`engine.gandhi.operations.raj`.
"""
from __future__ import annotations

import dataclasses

from ...core.messages import Choice, Decision, msg
from ...core.steps import Step, frame, push, register
from .. import board
from .. import derived as dv
from ..actions import EachBoardSpace, SpecialActivity, special_activity
from ..common import done_choice, log, simple, space_name
from ..nonplayer import can_pay
from ..operations.raj import (
    KIND_NAME,
    CubesInOneAnswer,
    adjacent,
    cube_parts,
    pieces,
    removal_candidates,
    removal_frame,
    viceroy,
)
from ..ruleset import at_least

# --------------------------------------------------------------------------
# Treaty (4.2.1)
# --------------------------------------------------------------------------


def treaty_origins(state, sid: str) -> list[str]:
    """Adjacent spaces whose Sepoys may move into State ``sid`` (4.2.1): not
    Protest spaces (cubes never leave them during Treaty)."""
    return sorted(s for s in adjacent(sid) if pieces(state, s, "sepoy") and not state.spaces[s].protest)


def treaty_modes(state, sid: str) -> list[str]:
    out = []
    if pieces(state, sid, "sepoy") and removal_candidates(state, sid, "treaty"):
        out.append("remove")
    if treaty_origins(state, sid):
        out.append("move")
    return out


@special_activity
class Treaty(EachBoardSpace, SpecialActivity):
    """Treaty (4.2.1): any State (Princely State or Muslim State). In each,
    either remove 1 Active piece per Sepoy there (Bases last, NV to Prison as
    one Faction, Gandhi per 1.4.4), or move any Sepoys not in Protest spaces
    into the State from adjacent spaces."""

    name = "treaty"
    faction = "raj"
    label = "Treaty"
    rule = "4.2.1"

    def space_ok(self, state, ctx, sid):
        return sid not in ctx["sa_spaces"] and dv.is_state(state, sid) and bool(treaty_modes(state, sid))

    def why_not(self, state, ctx, sid):
        if not dv.is_state(state, sid):
            return f"{space_name(sid)} is not a State: Treaty acts in Princely and Muslim States only (4.2.1)"
        return (f"in {space_name(sid)} no Sepoy can remove an Active piece and no Sepoy can move in from an "
                f"adjacent space without Protest (4.2.1)")

    def select(self, state, ctx, sid):
        return [frame("raj.treaty.mode", sid=sid)]


@register
class TreatyMode(CubesInOneAnswer, Step):
    """Treaty in one State: ``remove`` (1 Active piece per Sepoy) or ``move``
    (Sepoys in from adjacent spaces) (4.2.1). Ruleset 5 (issue 14a): the
    Sepoys moving in are offered here, how many from where in one answer
    (``"sepoy:hyderabad*2+sepoy:madras"``), instead of ``move`` and a move
    loop."""

    name = "raj.treaty.mode"

    def decision(self, state, fr):
        labels = {"remove": "Remove 1 Active piece per Sepoy there",
                  "move": "Move Sepoys in from adjacent spaces"}
        modes = treaty_modes(state, fr["sid"])
        if at_least(state, 5) and "move" in modes:
            choices = [simple("remove", "choice.raj_treaty_remove", labels["remove"])] if "remove" in modes else []
            moves = [_sepoys_from(state, o) for o in treaty_origins(state, fr["sid"])]
            many = len(moves) if len(moves) > 1 else 1
            choices += [dataclasses.replace(c, joins=many > 1) for c in moves]
            return Decision("raj", msg("prompt.raj_treaty_sepoys", "Treaty in {space}: remove, or which Sepoys "
                                       "move in?", space=space_name(fr["sid"])), choices, self.name, many=many)
        choices = [simple(m, f"choice.raj_treaty_{m}", labels[m]) for m in modes]
        return Decision("raj", msg("prompt.raj_treaty", "Treaty in {space}: remove or move?",
                                   space=space_name(fr["sid"])), choices, self.name)

    def refuse(self, state, fr, cid):
        return TreatyMove.refuse(self, state, fr, cid)  # the same moves, asked in one answer

    def apply(self, state, fr, cid):
        sid = fr["sid"]
        if cid == "remove":
            push(state, *removal_frame(state, sid, "treaty", pieces(state, sid, "sepoy")))
        elif cid == "move":
            push(state, frame("raj.treaty.move", sid=sid, moved=0))
        else:
            for part, n in cube_parts(cid):
                for _ in range(n):
                    treaty_move(state, part.split(":")[1], sid)


def _sepoys_from(state, origin: str) -> Choice:
    """Sepoys of ``origin`` moving into the Treaty State, a quantity (4.2.1)."""
    return Choice(f"sepoy:{origin}", msg("choice.raj_move_sepoy", "Move a Sepoy from {origin}",
                                          origin=space_name(origin)), most=max(1, pieces(state, origin, "sepoy")),
                  label_n=msg("choice.raj_move_n", "{kind}: move {n} from {origin}", kind=KIND_NAME["sepoy"],
                              origin=space_name(origin), n=1))


def treaty_move(state, origin: str, sid: str) -> None:
    """One Sepoy moves from ``origin`` into the Treaty State ``sid`` (4.2.1)."""
    board.move(state, origin, sid, "sepoy", 1)
    log(state, "log.raj_treaty_move", "Treaty: a Sepoy from {origin} to {space}.", actor="raj",
        origin=origin, space=sid)


@register
class TreatyMove(Step):
    """Move the next Sepoy into the Treaty State: ``sepoy:<origin>`` or ``done``."""

    name = "raj.treaty.move"

    def decision(self, state, fr):
        choices = [simple(f"sepoy:{o}", "choice.raj_move_sepoy", "Move a Sepoy from {origin}", origin=space_name(o))
                   for o in treaty_origins(state, fr["sid"])]
        choices.append(done_choice("Move no more Sepoys"))
        return Decision("raj", msg("prompt.raj_treaty_move", "Treaty: move Sepoys into {space} ({moved} moved).",
                                   space=space_name(fr["sid"]), moved=fr["moved"]), choices, self.name)

    def refuse(self, state, fr, cid):
        kind, _, origin = cid.partition(":")
        if kind == "troop":
            return msg("error.troops_states", "Troops never enter States ({space}) (1.4.2).",
                       space=space_name(fr["sid"]))
        if origin in state.spaces and state.spaces[origin].protest:
            return msg("error.protest_lock_sa", "Cubes may not leave {space}: it has a Protest (4.2).",
                       space=space_name(origin))
        return None

    def apply(self, state, fr, cid):
        if cid == "done":
            return
        treaty_move(state, cid.split(":")[1], fr["sid"])
        if treaty_origins(state, fr["sid"]):
            push(state, dict(fr, moved=fr["moved"] + 1))



# --------------------------------------------------------------------------
# Govern (4.2.2) and Imperialism
# --------------------------------------------------------------------------

IMPERIALISM_MAX = 2  # purchases per space (4.2.2 "up to two levels")


def imperialism_cost(state) -> int:
    """3 Resources per purchase, 2 with Lord Mountbatten (4.2.2, 2.5.1)."""
    return 2 if viceroy(state) == "mountbatten" else 3


def imperialism_options(state, sid: str) -> list[str]:
    """What one Imperialism purchase can do in ``sid`` now (4.2.2): remove an
    Unrest marker; once no Unrest is left, shift 1 level toward Active Support;
    in a Muslim State remove the Muslim State marker."""
    if not can_pay(state, "raj", imperialism_cost(state)):
        return []
    sp = state.spaces[sid]
    out = []
    if sp.unrest:
        out.append("unrest")
    elif not dv.is_railway(sid) and sp.support < 2:
        out.append("shift")
    if sp.muslim_state:
        out.append("muslim_state")
    return out


def govern_modes(state, sid: str) -> list[str]:
    sp = state.spaces[sid]
    out = []
    if removal_candidates(state, sid, "govern"):
        out.append("remove")
    if dv.activists(sp) == 0:
        if sp.protest:
            out.append("protest")
        if sp.strike:
            out.append("strike")
    if dv.active_adversaries(state, sid) == 0 and imperialism_options(state, sid):
        out.append("imperialism")
    return out


@special_activity
class Govern(EachBoardSpace, SpecialActivity):
    """Govern (4.2.2): up to 2 spaces with cubes. In each, one of: remove 1
    Active piece (Bases last, NV to Prison, Gandhi); in a space without
    Activists remove the Protest or the Strike; in a space without Active
    adversaries buy Imperialism, up to 2 purchases, each 3 Resources
    (Mountbatten 2): remove an Unrest marker, or once no Unrest remains shift 1
    level toward Active Support, or remove a Muslim State marker."""

    name = "govern"
    faction = "raj"
    label = "Govern"
    rule = "4.2.2"
    max_spaces = 2
    together = True  # independent spaces: one set under ruleset 6 (issue 14, 4.1.1)

    def space_ok(self, state, ctx, sid):
        return sid not in ctx["sa_spaces"] and bool(dv.cubes(state.spaces[sid])) and bool(govern_modes(state, sid))

    def why_not(self, state, ctx, sid):
        if not dv.cubes(state.spaces[sid]):
            return f"{space_name(sid)} has no Raj cubes: Govern needs cubes (4.2.2)"
        if dv.active_adversaries(state, sid) == 0 and not can_pay(state, "raj", imperialism_cost(state)):
            return (f"nothing to Govern in {space_name(sid)}: Imperialism costs {imperialism_cost(state)} "
                    f"Resources and the Raj has {state.resources['raj']}")
        return f"nothing to Govern in {space_name(sid)} (4.2.2)"

    def select(self, state, ctx, sid):
        return [frame("raj.govern.mode", sid=sid)]


GOVERN_LABELS = {"remove": "Remove 1 Active piece", "protest": "Remove the Protest marker",
                 "strike": "Remove the Strike marker", "imperialism": "Buy Imperialism"}


@register
class GovernMode(Step):
    """Govern in one space: ``remove`` / ``protest`` / ``strike`` / ``imperialism`` (4.2.2)."""

    name = "raj.govern.mode"

    def decision(self, state, fr):
        choices = [simple(m, f"choice.raj_govern_{m}", GOVERN_LABELS[m]) for m in govern_modes(state, fr["sid"])]
        return Decision("raj", msg("prompt.raj_govern", "Govern in {space}: choose one.",
                                   space=space_name(fr["sid"])), choices, self.name)

    def refuse(self, state, fr, cid):
        sp = state.spaces[fr["sid"]]
        if cid in ("protest", "strike") and dv.activists(sp):
            return msg("error.govern_activists", "Govern removes a Protest or Strike only where there are no "
                       "Activists (4.2.2).")
        if cid == "imperialism":
            if dv.active_adversaries(state, fr["sid"]):
                return msg("error.govern_adversaries", "Imperialism only where there are no Active adversaries "
                           "(4.2.2).")
            return msg("error.imperialism_cost", "Imperialism costs {cost} Resources; the Raj has {res}.",
                       cost=imperialism_cost(state), res=state.resources["raj"])
        return None

    def apply(self, state, fr, cid):
        sid = fr["sid"]
        if cid == "remove":
            push(state, *removal_frame(state, sid, "govern", 1, must=True))
        elif cid == "protest":
            board.remove_protest(state, sid)
            log(state, "log.raj_govern_protest", "Govern removes the Protest in {space}.", actor="raj", space=sid)
        elif cid == "strike":
            board.remove_strike(state, sid)
            log(state, "log.raj_govern_strike", "Govern removes the Strike on {space}.", actor="raj", space=sid)
        else:
            push(state, frame("raj.imperialism", sid=sid, bought=0))


IMPERIALISM_LABELS = {"unrest": "Remove an Unrest marker ({cost} Resources)",
                      "shift": "Shift 1 level toward Active Support ({cost} Resources)",
                      "muslim_state": "Remove the Muslim State marker ({cost} Resources)"}


@register
class Imperialism(Step):
    """Buy Imperialism in a Govern space, up to 2 purchases (4.2.2)."""

    name = "raj.imperialism"

    def decision(self, state, fr):
        cost = imperialism_cost(state)
        choices = [simple(o, f"choice.raj_imperialism_{o}", IMPERIALISM_LABELS[o], cost=cost)
                   for o in imperialism_options(state, fr["sid"])]
        if fr["bought"]:
            choices.append(done_choice("Buy no more Imperialism"))
        return Decision("raj", msg("prompt.raj_imperialism", "Imperialism in {space}: purchase {k} of up to 2.",
                                   space=space_name(fr["sid"]), k=fr["bought"] + 1), choices, self.name)

    def refuse(self, state, fr, cid):
        if cid in IMPERIALISM_LABELS:
            return msg("error.imperialism", "Imperialism cannot do that in {space} now (Resources {res}, "
                       "cost {cost}; shifts only once no Unrest remains).", space=space_name(fr["sid"]),
                       res=state.resources["raj"], cost=imperialism_cost(state))
        return None

    def apply(self, state, fr, cid):
        if cid == "done":
            return
        sid = fr["sid"]
        cost = imperialism_cost(state)
        board.add_resources(state, "raj", -cost)
        if cid == "unrest":
            board.remove_unrest(state, sid, 1)
        elif cid == "shift":
            board.shift(state, sid, 1)
        else:
            state.spaces[sid].muslim_state = False
        log(state, "log.raj_imperialism", "Imperialism in {space}: {what} for {cost} Resources.", actor="raj",
            space=sid, what=cid, cost=cost)
        bought = fr["bought"] + 1
        if bought < IMPERIALISM_MAX and imperialism_options(state, sid):
            push(state, dict(fr, bought=bought))


# --------------------------------------------------------------------------
# Martial Law (4.2.3)
# --------------------------------------------------------------------------


@special_activity
class MartialLaw(EachBoardSpace, SpecialActivity):
    """Martial Law (4.2.3): 1 space with cubes and Activists (2 during Crisis,
    6.8). Remove 1 Activist (Active or Inactive) to Available per cube, remove
    any Protest, add an Unrest marker unless a Railway or Lord Linlithgow is
    Viceroy, then shift the space 1 level toward Neutral."""

    name = "martial_law"
    faction = "raj"
    label = "Martial Law"
    rule = "4.2.3"
    max_spaces = 2  # the real limit (1, or 2 in Crisis) is applied in ready()
    together = True  # independent spaces: one set under ruleset 6 (issue 14, 4.1.1)

    @staticmethod
    def limit(state) -> int:
        return 2 if dv.crisis(state) else 1

    def ready(self, state, ctx):
        return len(ctx["sa_spaces"]) < self.limit(state)

    def space_ok(self, state, ctx, sid):
        sp = state.spaces[sid]
        return sid not in ctx["sa_spaces"] and bool(dv.cubes(sp)) and bool(dv.activists(sp))

    def why_not(self, state, ctx, sid):
        if len(ctx["sa_spaces"]) >= self.limit(state):
            return "Martial Law is in 1 space only (2 during a Crisis) (4.2.3)"
        return f"{space_name(sid)} needs both Raj cubes and Activists for Martial Law (4.2.3)"

    def select(self, state, ctx, sid):
        k = dv.cubes(state.spaces[sid])
        return [*removal_frame(state, sid, "martial", k), frame("raj.martial.after", sid=sid)]


@register
class MartialAfter(Step):
    """Martial Law's markers (4.2.3): remove the Protest, add Unrest (not on a
    Railway, not with Linlithgow), shift 1 level toward Neutral."""

    name = "raj.martial.after"
    auto = True

    def run(self, state, fr):
        sid = fr["sid"]
        if board.remove_protest(state, sid):
            log(state, "log.raj_martial_protest", "Martial Law removes the Protest in {space}.", actor="raj",
                space=sid)
        if not dv.is_railway(sid) and viceroy(state) != "linlithgow" and board.add_unrest(state, sid):
            log(state, "log.raj_martial_unrest", "Martial Law adds Unrest in {space}.", actor="raj", space=sid)
        board.shift_toward_neutral(state, sid, 1)

