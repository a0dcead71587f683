"""The bots' answer to every decision (8.x).

``decide(state, decision) -> choice id`` dispatches on ``decision.step``:
``sop.act`` -> NP Eligibility (8.2); ``op.choose`` -> the Arjuna deck (8.3);
``op.loop``/``sa.loop``/``op.sa_offer`` -> spaces by the Space Selection
Priorities (8.4.1) within the space limits of 8.6.1/8.6.2, the first Special
Activity of the card that can be done (8.7, :mod:`.special`); removals by
the Adversary Priorities (8.5); the NP special instructions of 8.1.4 (Pass,
Crisis, Gandhi's release); every decision of an Event's text (``event:*``,
``choose:cNN[us].*``) by 8.8.4/8.8.5 (:mod:`.events`). A step no handler
answers goes to :func:`generic` (counted in ``FALLBACK``, logged), which
takes the best move for the faction (8.8's NOTE) and never stops at random
outside open-ended movement loops.
"""
from __future__ import annotations

import dataclasses
import logging
import re

from ...coin.actions import CLOSE
from ...coin.rules import rules_of
from ...coin.sop import EVENT_SIDES, LIMITED
from ...core.messages import TOGETHER, Choice, Decision, split_quantity
from .. import derived as dv
from ..data import get_data
from ..ruleset import at_least
from ..side_actions import TAKE_BACK, TRANSFER
from . import arjuna_deck, eligibility, movement, priorities
from . import campaign as np_campaign
from . import events, special
from .random_spaces import det_random, random_space

SIDE_IDS = (TRANSFER, TAKE_BACK)
HANDLER_ERRORS: dict[str, int] = {}  # step -> count of handler failures (for tests)
FALLBACK: dict[str, int] = {}  # step -> decisions answered by generic() (benchmarks/bots.py)
_log = logging.getLogger(__name__)
DONE_IDS = ("done", "none", "no", "refuse")
EVENT_STEP = re.compile(r"^(event:|choose:c\d\d[us]\.)")  # the steps of an Event's text (8.8)


def _spaces():
    return get_data().map.spaces


def _ctx_column(state, faction: str, name: str | None, d) -> str:
    """The column the Arjuna card gives the Operation or Special Activity
    ``name`` (8.4.1 PROCEDURA: "usare la colonna specificata dalla carta")."""
    return arjuna_deck.OP_COLUMN.get(faction, {}).get(name or "") or PLACE_COLUMN[faction]


def decide(state, d) -> str:
    """The bot's choice for decision ``d`` (one of ``d.ids()``, or under
    ruleset 5 the Raj's cubes into one space as one answer ``d.find``
    accepts: :func:`_in_one_answer`). The
    side choices (Resource transfer 1.5.2, voluntary removal 1.4.1) are
    players' options the Arjuna charts never use."""
    if any(c.id in SIDE_IDS for c in d.choices):
        d = dataclasses.replace(d, choices=[c for c in d.choices if c.id not in SIDE_IDS])
    ids = d.ids()
    if len(ids) == 1:
        return ids[0]
    if d.step in CUBES_IN_ONE_ANSWER and at_least(state, 5) or d.step in MOVES_IN_ONE_ANSWER_6 and d.many > 1:
        return _in_one_answer(state, d)
    if d.step in SET_MOVES_6:
        return _set_moves(state, d)
    if d.step in SPACE_LOOPS and rules_of(state).spaces_as_set(state) and state.stack \
            and state.stack[-1].get("step") == d.step and not state.stack[-1].get("queue") and d.joining():
        return _as_set(state, d)
    fn = HANDLERS.get(d.step) or (_event_step if EVENT_STEP.match(d.step) else None)
    if fn is not None:
        try:
            cid = fn(state, d)
            if cid in ids or (d.step.startswith("campaign.") and d.find(cid) is not None):  # ruleset 6: counts
                return cid
        except Exception:  # noqa: BLE001 - a bot never blocks the game: fall back
            HANDLER_ERRORS[d.step] = HANDLER_ERRORS.get(d.step, 0) + 1
    return generic(state, d)


# The Raj's cube steps that ruleset 5 asks as one answer per space (issue 14)
CUBES_IN_ONE_ANSWER = ("raj.deploy.place", "raj.deploy.oop", "raj.garrison.move", "raj.sweep.move",
                       "campaign.redeploy_to", "raj.treaty.mode")
#: the steps ruleset 6 asks as one answer per space (Demonstrate's Activists into a destination, 3.3.2)
MOVES_IN_ONE_ANSWER_6 = ("nv.demonstrate.move",)
#: the ruleset 4 steps a ruleset 5 one answer stands for (Treaty: "move", then the Sepoys one at a time)
ANSWERED_AS = {"raj.treaty.mode": ("raj.treaty.mode", "raj.treaty.move")}


def _in_one_answer(state, d) -> str:
    """Ruleset 5 asks the cubes going into one space (and the pieces leaving
    one space in a Redeploy) as one answer (``"troop:delhi*3+sepoy:agra"``);
    the Arjuna charts choose them one at a time (8.4.2, 8.6.3, 8.9.3). Their picks, played on a copy of the game asked
    the ruleset 4 way, summed into that one answer: the same cubes move."""
    from ...core import engine as core

    work = work_copy(state, ruleset=4)
    steps = ANSWERED_AS.get(d.step, (d.step,))

    def where(fr):
        return (fr.get("step") in steps,) + tuple(fr.get(k) for k in ("sid", "origin", "faction"))

    here = where(state.stack[-1])
    offered = {c.id: c for c in d.choices}
    counts: dict[str, int] = {}
    for _ in range(4 * MAX_CUBES_ASKED):
        wd = core.decision(work)
        if wd is None or wd.actor != d.actor or where(work.stack[-1]) != here:
            break
        cid = decide(work, wd)
        base, n = split_quantity(cid)
        if base == "remove" and base in offered:  # Treaty: the Sepoys there remove pieces (4.2.1)
            return base
        if base == "move" and wd.step == "raj.treaty.mode":
            core.apply(work, wd.actor, cid)
            continue
        if base not in offered or base in DONE_IDS + ("back",) or counts.get(base, 0) + n > offered[base].most:
            break  # "done" (Redeploy: "back"), or a cube the one answer cannot hold (1.4.1: from the map once Available ran out)
        counts[base] = counts.get(base, 0) + n
        core.apply(work, wd.actor, cid)
    parts = [b if n == 1 else f"{b}*{n}" for b, n in counts.items()]
    if not parts:
        return next((c for c in DONE_IDS + ("back",) if c in offered), d.ids()[0])
    return TOGETHER.join(parts)


MAX_CUBES_ASKED = 30  # more than any space can take in one Operation

#: ruleset 6: the cubes into all the destinations of a Sweep / Garrison set, one answer -> the per-destination step
SET_MOVES_6 = {"raj.sweep.moves": "raj.sweep.move", "raj.garrison.moves": "raj.garrison.move"}


def _set_moves(state, d) -> str:
    """Ruleset 6 asks the cubes moving into all the destinations of a Sweep
    or Garrison set as one answer (``"troop:delhi>agra*2+sepoy:x>y"``); the
    Arjuna charts choose them destination by destination (8.4.2). Their
    picks, played on a ruleset-5 copy of the game asked one destination at a
    time in the set's order, joined into that one answer: the same cubes
    move. An answer the engine would refuse whole is cut to its longest
    legal beginning."""
    from ...core import engine as core
    from ...core.selfplay import joined_legal
    from ...core.steps import frame

    top = state.stack[-1]
    work = work_copy(state, ruleset=5)
    work.stack.pop()
    one = SET_MOVES_6[d.step]
    for sid in reversed(top["dests"]):
        work.stack.append(frame(one, sid=sid, moved=0, wavell=False, bot_set=True))
    offered = {c.id for c in d.choices}
    parts: list[str] = []
    for _ in range(4 * MAX_CUBES_ASKED):
        wd = core.decision(work)
        fr = work.stack[-1] if work.stack else {}
        if wd is None or wd.step != one or not fr.get("bot_set"):
            break
        cid = decide(work, wd)
        if cid not in DONE_IDS:
            for base, n in (split_quantity(p) for p in cid.split(TOGETHER)):
                named = f"{base}>{fr['sid']}"
                part = named if named in offered else base
                parts.append(part if n == 1 else f"{part}*{n}")
        core.apply(work, wd.actor, cid)
    if not parts:
        return next((c for c in DONE_IDS if c in offered), d.ids()[-1])
    legal = joined_legal(state, d) if len(parts) > 1 else (lambda cid: d.find(cid) is not None)
    while len(parts) > 1 and not legal(TOGETHER.join(parts)):
        parts.pop()
    return TOGETHER.join(parts) if legal(TOGETHER.join(parts)) else generic(state, d)

# The loops whose independent spaces ruleset 6 takes as one set (issue 14)
SPACE_LOOPS = ("op.loop", "sa.loop")


LOG_TAIL = 400  # log entries a working copy keeps: the action under way, the removals, the Campaign's purchases


#: where a bot's reading of the log may stop: the card under way began (its actions), or the
#: Campaign's Earnings (its purchases, bots/campaign.py)
TAIL_MARKS = ("log.current_card", "log.earnings")


def _tail_start(log: list) -> int:
    """Where a working copy's log begins: at the latest entry of
    :data:`TAIL_MARKS` or of a Campaign round under way, within the last
    :data:`LOG_TAIL` entries (nothing a bot reads lies before it)."""
    floor = max(0, len(log) - LOG_TAIL)
    for i in range(len(log) - 1, floor - 1, -1):
        if log[i].get("key") in TAIL_MARKS:
            if log[i].get("key") == "log.current_card" and _in_campaign_since(log, i, floor):
                continue
            return i
    return floor


def _in_campaign_since(log: list, i: int, floor: int) -> bool:
    """Is a Campaign's Earnings entry (``log.earnings``) between ``floor`` and
    ``i``, with no card begun after it (a Campaign round under way reads
    back to its Earnings)?"""
    for j in range(i - 1, floor - 1, -1):
        k = log[j].get("key")
        if k == "log.earnings":
            return True
        if k == "log.current_card":
            return False
    return False


def work_copy(state, ruleset: int | None = None, one_by_one: bool = False):
    """A copy of ``state`` for a bot to play its picks on: the game log cut
    to its last :data:`LOG_TAIL` entries (``log_base`` kept in step: the
    entries keep their numbers), which is all a bot reads of it (the action
    under way, the removals under way, the Campaign round), so that a late
    game's long log is not copied at each decision (issue 32: the CPU per
    decision grew with the game). ``ruleset``: the copy asked under that
    ruleset; ``one_by_one``: a set of spaces chosen space by space, every
    question otherwise as the game's own ruleset asks it (sop.ONE_BY_ONE).
    Through JSON (~10 times quicker than a deep copy, engine.core.engine.
    scratch); a test's hand-made board that does not validate is deep-copied."""
    from pydantic import ValidationError

    from ..sop import ONE_BY_ONE

    log, base = state.log, state.log_base
    cut = _tail_start(log)
    if cut:
        state.log, state.log_base = log[cut:], base + cut
    try:
        try:
            work = type(state).model_validate_json(state.model_dump_json())
        except ValidationError:
            work = state.model_copy(deep=True)
    finally:
        if cut:
            state.log, state.log_base = log, base
    extra = {} if ruleset is None else {"ruleset": ruleset}
    if one_by_one:
        extra[ONE_BY_ONE] = True
    if extra:
        work.options = {**(work.options or {}), **extra}
    return work


def _as_set(state, d) -> str:
    """Ruleset 6 takes an Operation's (a Special Activity's) independent
    spaces as one set, one answer; the Space Selection Priorities choose
    them one at a time (8.4.1, 8.6, 8.7), looking at the board each earlier
    space left. Their picks, played on a copy of the game under its own
    ruleset whose set stays open after each space (:func:`work_copy`
    ``one_by_one``: the choices offered are the game's own, a space's
    variant included, "<space>:base" of 8.6.5 / 8.6.6) up to the loop's
    first answer that is not a space, joined into that one set: the same
    spaces, in the same order. A set the engine would refuse whole is cut
    to its longest legal beginning. (Issue 32: a ruleset-5 copy had no
    "<space>:base", so the bots' Rally never built its Base first.)"""
    from ...core import engine as core
    from ...core.selfplay import joined_legal

    ctx = state.action
    if d.step == "op.loop" and ctx["sa_state"] == "done" and ctx["spaces"] and "done" in d.ids() \
            and not _continues(state, ctx):
        return "done"  # 8.3: a Special Activity made after the Operation's spaces ends the action
    join = {c.id for c in d.joining()}
    work = work_copy(state, one_by_one=True)
    picks: list[str] = []
    for _ in range(40 * MAX_CUBES_ASKED):
        wd = core.decision(work)
        if wd is None or wd.actor != d.actor or work.action is None:
            break
        cid = decide(work, wd)
        if wd.step == d.step:
            if not picks and cid not in join:  # not a set: a Special Activity, "done"
                return cid if d.find(cid) is not None else generic(state, d)
            if cid not in join or cid in picks:
                break
            picks.append(cid)
        elif wd.step in SPACE_LOOPS:
            break  # the other loop: the set of this one is complete
        core.apply(work, wd.actor, cid)
    if not picks:
        return generic(state, d)
    legal = joined_legal(state, d)
    while len(picks) > 1 and not legal(TOGETHER.join(picks)):
        picks.pop()
    return TOGETHER.join(picks)


# ------------------------------------------------------------------ handlers
def _act(state, d):
    """8.2: the NP Eligibility table. Ruleset 5 names the Operation with the
    action (issue 14): the table answers by kind ("op+sa", "limited-op"),
    then the Arjuna deck picks the Operation (8.3) among those offered."""
    ids = d.ids()
    if any(c in ids for c in ("op", "op+sa", "limited-op")) or not any(_is_op_answer(c) for c in ids):
        return eligibility.act_choice(state, d)
    full = [c for c in ids if _is_op_answer(c) and not c.endswith(LIMITED)]
    limited = [c.removesuffix(LIMITED) for c in ids if c.endswith(LIMITED)]
    kinds = (["op", "op+sa"] if full else []) + (["limited-op"] if limited else [])
    legacy = [c for c in ids if not _is_op_answer(c)]
    kind = eligibility.act_choice(state, Decision(d.actor, d.prompt, [
        Choice(c, d.prompt) for c in kinds + legacy], d.step))
    if kind in ("op", "op+sa", "limited-op"):
        offered = limited if kind == "limited-op" else full
        offered = np_offered(state, d.actor, offered, kind == "limited-op") or offered
        op = arjuna_deck.plan_action(state, d.actor, offered).op or offered[0]
        return op + LIMITED if kind == "limited-op" else op
    return kind


def _is_op_answer(cid: str) -> bool:
    return cid not in EVENT_SIDES and cid != "pass"


def _op_only(state, ctx) -> bool:
    """8.2.1: the NP 1st Eligible that made an Operation only so that a
    critical 2nd Eligible gets no Event (its "op" of ruleset 4); under
    ruleset 5 that is an Operation without a Special Activity (2.3.4)."""
    if ctx.get("sop_role") != "first" or state.turn.first_action != "op+sa":
        return False
    nxt = eligibility._next_eligible(state, ctx["faction"])
    return nxt is not None and eligibility.is_critical(state.current, nxt)


def _op_choose(state, d):
    offered = [c for c in d.ids() if c != "none"]
    ctx = state.action or {}
    offered = np_offered(state, d.actor, offered, ctx.get("kind") == "limited") or offered
    return arjuna_deck.plan_action(state, d.actor, offered).op or offered[0]


def _space_limit(state, ctx) -> int:
    """8.6.1: a Limited Operation is one space; otherwise the engine's own
    limits (Gandhi, Protest, Restraint, Unity, Bases) and the 8.6.2 rolls
    (see :func:`_raj_candidates`, :func:`movement.rev_stop`) bound it."""
    return 1 if ctx["kind"] == "limited" else 99


def _troops_usable(state, ctx, sid: str) -> bool:
    """8.6.2: after a failed Activation roll only spaces where Troops can
    operate remain available to the NP Raj."""
    op = ctx["op"]
    sp = state.spaces[sid]
    if op == "deploy":
        from ..operations.raj import deploy_can_place

        return sp.pieces.get("troop", 0) < 3 and deploy_can_place(state, sid, "troop")
    if op == "sweep":
        return bool(sp.pieces.get("troop", 0)) or movement.sweep_destination_useful(state, ctx, sid, False)
    return bool(sp.pieces.get("troop", 0))


def _raj_candidates(state, ctx, spaces: list[str]) -> tuple[list[str], str | None]:
    """The NP Raj's spaces for the next choice and the column (8.6.2, 8.6.3).

    Sweep: first destinations cubes can move into (Movement Priorities),
    then Sweep in place where cubes can Activate Underground Guerrillas, most
    Support first. Returns ``(candidates, column)``; column None = take the
    first candidate (already ordered)."""
    op = ctx["op"]
    failed = movement.raj_failed(state, ctx)
    if failed:
        spaces = [s for s in spaces if _troops_usable(state, ctx, s)]
    if op == "sweep":
        moving = [s for s in spaces if movement.sweep_destination_useful(state, ctx, s, not failed)]
        if moving:
            return moving, "sweep"
        in_place = [s for s in spaces if state.spaces[s].pieces.get("guerrilla_underground", 0)
                    and (state.spaces[s].pieces.get("troop", 0)
                         or (not failed and state.spaces[s].pieces.get("sepoy", 0)))]
        if not in_place:
            return [], None
        best = max(state.spaces[s].support for s in in_place)
        return [s for s in in_place if state.spaces[s].support == best], "shift_support"
    if op == "assault":
        if not ctx["spaces"]:
            wavell = _wavell_sweeps(state, ctx, spaces)
            if wavell:
                return wavell, "sweep"
        return [s for s in spaces if assault_effect(state, s)], None
    return spaces, None


def assault_effect(state, sid: str) -> bool:
    """8.6.3 (IT L1367): "Selezionare solamente spazi sia con cubi e
    avversari che Attivi (ciò dove l'Assalto avrebbe qualche effetto)": an
    Assault there would remove a piece (the engine's own candidates, 3.2.4)."""
    from ..operations.raj import removal_candidates

    return bool(dv.cubes(state.spaces[sid])) and bool(removal_candidates(state, sid, "assault"))


def np_spaces_for(state, f: str, op: str, spaces: list[str]) -> list[str]:
    """The spaces of ``spaces`` chapter 8 lets the NP ``f`` choose for
    ``op`` at all: the Raj Assaults only where something can be removed
    (8.6.3), the League makes Non-Cooperation only in Muslim spaces (8.6.5
    "in ogni Spazio Musulmano disponibile"); every space otherwise."""
    if f == "raj" and op == "assault":
        return [s for s in spaces if assault_effect(state, s)]
    if f == "ml" and op == "non_cooperation":
        return [s for s in spaces if dv.sdef(s).muslim]
    return spaces


def np_offered(state, f: str, ops: list[str], limited: bool) -> list[str]:
    """Of the Operations ``ops`` the engine offers ``f``, those the NP can
    make in a space chapter 8 allows (:func:`np_spaces_for`; Lord Wavell's
    Sweep first may make an Assault space, 8.6.3): an Operation with none
    is not available to it (8.6: "no space for the Operation -> draw a new
    card"), so the Arjuna deck reads on (issue 32: the League's
    Non-Cooperation in Bombay, the Raj's Assault where nothing goes)."""
    from ...coin.actions import new_ctx, operations

    out = []
    for op in ops:
        if (f, op) not in (("raj", "assault"), ("ml", "non_cooperation")):
            out.append(op)
            continue
        ctx = dict(new_ctx(f, "limited" if limited else "op", rules_of(state).free_operation(state, f)), op=op)
        spaces = operations(state.game)[f"{f}.{op}"].selectable(state, ctx)
        if np_spaces_for(state, f, op, spaces) or (op == "assault" and _wavell_sweeps(state, ctx, spaces)):
            out.append(op)
    return out


def _wavell_sweeps(state, ctx, spaces: list[str]) -> list[str]:
    """8.6.3 (IT L1371): "Se Lord Wavell è il Viceré corrente, il Raj NP
    effettuerà prima di tutto Perlustrazione in uno spazio disponibile per
    l'Assalto, usando la Tabella delle Priorità di Movimento (8.4.2) come per
    un'Operazione di Perlustrazione ... Dopo aver Perlustrato, selezionare la
    destinazione come primo spazio per l'Operazione di Assalto": the first
    Assault space is a Sweep destination with something to Assault (Active
    adversaries, or Underground Guerrillas the Sweep Activates) that some cube
    may enter by the Movement Priorities (chosen by the Sweep column); the bot then takes Wavell's
    Sweep there (``raj.wavell.offer``)."""
    from ..operations.raj import wavell_can_sweep

    return [s for s in spaces if wavell_can_sweep(state, ctx, s)
            and (dv.active_adversaries(state, s) or state.spaces[s].pieces.get("guerrilla_underground", 0))
            and movement.sweep_destination_useful(state, ctx, s, True)]


def _op_loop(state, d):
    ctx = state.action
    ids = d.ids()
    if ctx["sa_state"] == "done" and ctx["spaces"] and "done" in ids and at_least(state, 6) \
            and not _continues(state, ctx):
        return "done"  # ruleset 6: its set made, the Special Activity after the spaces ends the action (8.3)
    f = ctx["faction"]
    sas = [c for c in ids if c.startswith("sa:")]
    if sas and _op_only(state, ctx):
        sas = []
    spaces = [c for c in ids if c in _spaces()]
    plan = arjuna_deck.action_plan(state, f, ctx["op"]) if sas and ctx["kind"] == "op+sa" else None
    if plan is not None and plan.sa_first:  # 8.3: the card's Special Activity box comes first
        name = special.first_doable(state, ctx, [c[3:] for c in sas])  # 8.7: one that can be done
        if name:
            return f"sa:{name}"
    col = _ctx_column(state, f, ctx["op"], d)
    if spaces and len(ctx["spaces"]) < _space_limit(state, ctx):
        if f == "raj":
            spaces, c2 = _raj_candidates(state, ctx, spaces)
            col = c2 or col
        elif f == "rev":
            if ctx["spaces"] and movement.rev_stop(state, ctx):
                spaces = []
            elif ctx["op"] == "march":
                o = movement.march_origin(state, spaces)
                spaces = [o] if o else []
            elif ctx["op"] == "rally" and _rally_base_spaces(state, f, spaces):  # 8.6.6: Bases first
                spaces, col = _rally_base_spaces(state, f, spaces), "place_bases"
        elif ctx["op"] == "non_cooperation" and f == "ml":  # 8.6.5: "in ogni Spazio Musulmano disponibile"
            spaces = np_spaces_for(state, f, ctx["op"], spaces)
        elif ctx["op"] == "rally" and f == "ml" and _rally_base_spaces(state, f, spaces):
            # 8.6.5: Bases first; the League's Place Bases reading of
            return _rally_variant(state, ctx, f, np_campaign.ml_base_space(state, _rally_base_spaces(state, f, spaces)),
                                  ids)
        elif ctx["op"] == "demonstrate":
            useful = [s for s in spaces if movement.demonstrate_destination_useful(state, ctx, s)]
            spaces = useful or ([] if ctx["spaces"] else spaces)
        elif ctx["op"] == "civil_disobedience":
            spaces = _cd_spaces(state, ctx, spaces, plan or arjuna_deck.action_plan(state, f, ctx["op"]))
        elif ctx["op"] == "rally" and ctx["spaces"] and not state.available.get(f"{f}_activist", 0):
            spaces = []  # 8.1.5: no Activist left to place: no space is available for more Rally
        if spaces:
            sid = priorities.select_space(state, f, col, spaces, op=ctx["op"], salt=len(ctx["spaces"]))
            if ctx["op"] == "rally":
                return _rally_variant(state, ctx, f, sid, ids)
            return _with_sepoys(state, ctx, sid, ids)
    # 8.3: a Special Activity box after the Operation box follows the whole
    # Operation: "done" ends the Operation and the engine offers it (op.sa_offer)
    if "done" in ids:
        if sas and at_least(state, 5):  # ruleset 5 asks no more after "done": the Special Activity now
            name = special.first_doable(state, ctx, [c[3:] for c in sas])
            return f"sa:{name}" if name else "done"
        return "done"
    return (spaces or [c for c in ids if not c.startswith("sa:")] or ids)[0]


def _rally_variant(state, ctx, f: str, sid: str, ids: list[str]) -> str:
    """Ruleset 6 offers what Rally places with the space: the Base where
    8.6.5 / 8.6.6 build one ("<space>:base"), else the most (the plain space,
    8.6.4: as many Activists as it may)."""
    if f"{sid}:base" in ids and _rally_base_spaces(state, f, [sid]):
        return f"{sid}:base"
    return sid


def _gandhi_space(state) -> str | None:
    return next((s for s, sp in state.spaces.items() if sp.pieces.get("gandhi", 0)), None)


def _cd_spaces(state, ctx, spaces: list[str], plan) -> list[str]:
    """8.6.4 / 8.6.5 Civil Disobedience: "Selezionare spazi usando la colonna
    Porre Protesta ... e porre segnalini Protesta in questi spazi": a space is
    available (8.1.5) while an Available Protest can go there (none already;
    the first space is kept so that the Operation the card chose has one).
    Cards H and J, second Operation box (IT aid sheet): "Disobbedienza
    Civile: ✓ Satyagraha: Porre Protesta nello spazio di Gandhi": after the
    Special Activity only
    Gandhi's space, and only if that Special Activity was a Satyagraha."""
    from ..board import can_add_protest

    if plan is not None and plan.continued and ctx.get("sa_state") == "done":
        g = _gandhi_space(state)
        return [g] if ctx.get("sa") == "satyagraha" and g in spaces and can_add_protest(state, g, True) else []
    ok = [s for s in spaces if can_add_protest(state, s, for_operation=True)]
    return ok or ([] if ctx["spaces"] else spaces)


def _with_sepoys(state, ctx, sid: str, ids: list[str]) -> str:
    """8.6.2 as :func:`_use_sepoys` when ruleset 4 offers the Sepoys with
    the space ("<space>:sepoy"): with them until an Activation roll fails."""
    sepoys = not movement.raj_failed(state, ctx, upto=len(ctx["spaces"]))
    if f"{sid}:wavell" in ids:  # ruleset 5: Lord Wavell's Sweep first is part of the space (8.6.3: always)
        return f"{sid}:wavell_sepoy" if sepoys and f"{sid}:wavell_sepoy" in ids else f"{sid}:wavell"
    if f"{sid}:sepoy" in ids and sepoys:
        return f"{sid}:sepoy"
    return sid


def _use_sepoys(state, d):
    """8.6.2: the NP Raj always uses Sepoys until an Activation roll fails."""
    ctx = state.action
    sid = state.stack[-1].get("sid")
    idx = ctx["spaces"].index(sid) if sid in ctx["spaces"] else len(ctx["spaces"])
    if "sepoy" in d.ids() and not movement.raj_failed(state, ctx, upto=idx):
        return "sepoy"
    return "troop"


def _sa_loop(state, d):
    """8.7: the Special Activity's spaces by the NP procedure (:mod:`.special`)."""
    ctx = state.action
    spaces = [c for c in d.ids() if c in _spaces()]
    # 8.3: a Special Activity made after the Operation's spaces ends the action (ruleset 5: "close")
    end = CLOSE if CLOSE in d.ids() and ctx["spaces"] and not _continues(state, ctx) else "done"
    if not spaces or len(ctx["sa_spaces"]) >= special.sa_limit(state, ctx):
        return end
    spaces, col = special.sa_spaces(state, ctx, spaces)
    if not spaces:
        return end
    col = col or _ctx_column(state, ctx["faction"], ctx["sa"], d)
    return priorities.select_space(state, ctx["faction"], col, spaces, op=ctx["sa"], salt=len(ctx["sa_spaces"]))


def _continues(state, ctx) -> bool:
    """Cards H and J: the Operation goes on after the Special Activity (an
    Operation box "(continued)" follows it, 8.3), so the Special Activity's
    end returns to the Operation instead of closing the action."""
    return bool(ctx.get("op")) and arjuna_deck.action_plan(state, ctx["faction"], ctx["op"]).continued


def _sa_step(state, d):
    """8.7: the first action of the card's Special Activity box on offer;
    "nothing more" when the card gives none of those offered."""
    c = special.step_choice(state, d)
    if c is not None:
        return c
    for c in ("none", "done"):  # 8.7: an action the card does not give is skipped
        if c in d.ids():
            return c
    return generic(state, d)


def _sa_offer(state, d):
    """8.3, 8.7: after the Operation, the first Special Activity the card
    lists that is on offer and can be done; none if none can."""
    name = special.first_doable(state, state.action, [c[3:] for c in d.ids() if c.startswith("sa:")])
    return f"sa:{name}" if name else "done"


def _pass_nv(state, d):
    """8.1.4: a passing NP Congress / League moves its own Activist from Out of Play."""
    own = f"{d.actor}_activist"
    return own if own in d.ids() else "none"


def _release(state, d):
    """8.1.4: the NP Raj always refuses to release Gandhi (4.3.2)."""
    return "refuse"


def _crisis(state, d):
    """8.1.4: Crisis: the NP Raj places Troops first, by Place Cubes."""
    ids = d.ids()
    for kind in ("troop", "sepoy"):
        opts = [c.split(":", 1)[1] for c in ids if c.startswith(kind + ":")]
        if opts:
            return f"{kind}:" + priorities.select_space(state, "raj", "place_cubes", opts, salt="crisis")
    return "done"


def _deploy_place(state, d):
    """8.6.3 Deploy / 8.1.5 ESEMPIO: bring 3 Troops into the City, then add
    Sepoys until 6 cubes in all have been placed there (Delhi with 2 Troops:
    1 Troop, then 5 Sepoys). Cubes come from Available only."""
    top = state.stack[-1] if state.stack else {}
    ctx = state.action
    sid = top.get("sid") or (ctx["spaces"][-1] if ctx and ctx.get("spaces") else None)
    placed = top.get("placed", 0)
    sp = state.spaces[sid] if sid else None
    ids = d.ids()
    if sp is None:
        return ids[0]
    if sp.pieces.get("troop", 0) < 3 and "troop" in ids:
        return "troop"
    if placed < 6 and "sepoy" in ids:
        return "sepoy"
    return "done"


def _troops_out(state, d):
    """8.1.4: Troops leaving a new Muslim State go to the City chosen by Place Cubes."""
    opts = [c for c in d.ids() if c in _spaces()]
    return priorities.select_space(state, "raj", "place_cubes", opts, salt="troops_out")


def _first_of(*prefs):
    def fn(state, d):
        for p in prefs:
            if p in d.ids():
                return p
        return d.ids()[0]
    return fn


def _rally_after(state, d):
    """8.6.4/8.6.5 Rally: release prisoners if 3+ own Activists in Prison, else
    move one own Activist from Out of Play."""
    own = f"{d.actor}_activist"
    if state.prison.get(own, 0) >= 3:
        rel = [c for c in d.ids() if "release" in c or "prison" in c]
        if rel:
            return rel[0]
    return own if own in d.ids() else d.ids()[0]


def _attack_remove(state, d):
    """8.5: the NP Revolutionaries remove as much as an Attack allows, by the
    Adversary Priorities (never "Remove no more")."""
    offered = [c for c in d.ids() if c != "done"]
    return priorities.rank_adversary(state, d.actor, offered)[0]


def _max_number(state, d):
    nums = [c for c in d.ids() if c.isdigit()]
    return max(nums, key=int) if nums else d.ids()[0]


def np_on_railways(state) -> bool:
    """8.1.3 "Importante": NP factions put forces or Strikes on Railways only
    when the Raj is a player's faction."""
    return state.players.get("raj") != "bot"


def _is_rail(sid: str) -> bool:
    sp = _spaces().get(sid)
    return sp is not None and sp.type == "railway"


def _cd_rail(state, d):
    """8.6.4 Civil Disobedience, 8.1.3: only when the Raj is a player, and
    only the NP Congress, from a CD space with 3+ Congress Activists, to the
    Railway with the highest Econ and no Activist already (8.6.5 gives the
    League no such step)."""
    top = state.stack[-1] if state.stack else {}
    sid = top.get("space")
    if not np_on_railways(state) or d.actor != "inc" or not sid or state.spaces[sid].pieces.get("inc_activist", 0) < 3:
        return "done"
    rails = [c for c in d.ids() if c in _spaces() and not dv.activists(state.spaces[c])]
    if not rails:
        return "done"
    best = max(_spaces()[r].econ for r in rails)
    return priorities.select_space(state, "inc", "place_protest", [r for r in rails if _spaces()[r].econ == best],
                                   salt="cd_rail")


def _rev_rally_mode(state, d):
    """8.6.6 Rally: "per prima cosa piazzare Basi in tutti gli spazi ... in
    cui le Guerriglie superano il valore dell'Unità"; else Guerrillas."""
    sid = (state.stack[-1].get("ctx") or {}).get("sid") if state.stack else None
    if "base" in d.ids() and sid and dv.guerrillas(state.spaces[sid]) > state.unity:
        return "base"
    return "guerrillas" if "guerrillas" in d.ids() else d.ids()[0]


REMOVAL_LOGS = ("log.gandhi_arrested", "log.raj_remove", "log.raj_martial_remove")


def _first_removed_owner(state, sid: str) -> str | None:
    """The faction of the first piece the Raj's removal under way took in
    ``sid`` (the run of removal entries at the end of the log), or None."""
    owner = None
    for e in reversed(state.log):
        if e["key"] not in REMOVAL_LOGS or e["params"].get("space") != sid:
            break
        owner = priorities.classify(e["params"].get("kind", "gandhi"))[1]
    return owner


def _remove_most(state, d):
    """8.5, 8.6.3: the NP Raj removes as many pieces as it may, by the
    Adversary Priorities (never "Remove no more" while one can go); 8.5.4:
    after the first piece, the rest of that piece's faction first (the 8.5
    example: Gandhi, then the Congress Activists, then the Guerrillas)."""
    offered = [c for c in d.ids() if c not in DONE_IDS and not priorities.is_own(d.actor, c)]
    if not offered:
        return next((c for c in d.ids() if c in DONE_IDS), d.ids()[0])
    top = state.stack[-1] if state.stack else {}
    if top.get("step") == "raj.remove" and top.get("targeted"):
        owner = _first_removed_owner(state, top["sid"])
        offered = [c for c in offered if priorities.classify(c)[1] == owner] or offered
    return priorities.rank_adversary(state, d.actor, offered, top.get("sid"))[0]


def _rally_base_spaces(state, f: str, spaces: list[str]) -> list[str]:
    """8.6.5 / 8.6.6 Rally: "Prima di tutto piazzare Basi in tutti gli spazi
    disponibili in cui il numero di Attivisti della Lega Musulmana superano il
    valore dell'Unità" (Revolutionaries: Guerrillas): the spaces where a Base
    can be built and the faction's pieces there exceed Unity."""
    from ..operations.nonviolent import ml_base_possible
    from ..operations.revolutionaries import rally_options

    if f == "ml":
        return [s for s in spaces if ml_base_possible(state, s)
                and state.spaces[s].pieces.get("ml_activist", 0) > state.unity]
    if f == "rev":
        return [s for s in spaces if "base" in rally_options(state, s) and dv.guerrillas(state.spaces[s]) > state.unity]
    return []


def _rally_place(state, d):
    """8.6.4 Congress Rally: as many Activists as it may; 8.6.5 League Rally:
    the Base where its Activists exceed Unity, else Activists."""
    ids = d.ids()
    sid = (state.stack[-1] if state.stack else {}).get("space")
    if "base" in ids and sid and _rally_base_spaces(state, d.actor, [sid]):
        return "base"
    if "activists" in ids:
        return "activists"
    return _max_number(state, d)


def _gandhi_protests(state, d):
    """Gandhi arrested: the NP Congress places its Protests by the Place
    Protest column (8.4.1), never on a Railway when the Raj is an NP (8.1.3)."""
    spaces = [c for c in d.ids() if c in _spaces() and (np_on_railways(state) or not _is_rail(c))]
    if not spaces:
        return next((c for c in d.ids() if c in DONE_IDS), d.ids()[0])
    col = "place_protest" if d.actor in ("inc", "ml") else PLACE_COLUMN[d.actor]
    return priorities.select_space(state, d.actor, col, spaces, salt="gandhi_protests")


def _reset_protest(state, d):
    """8.9.4: at the end of the Reset the NP Congress places a Protest in a
    space with Congress Activists, chosen by its Place Protest column (8.4.1);
    the engine offers only those spaces."""
    spaces = [c for c in d.ids() if c in _spaces()]
    return priorities.select_space(state, "inc", "place_protest", spaces, salt="reset_protest")


def _congress_setup(state, d):
    """Main scenario setup, "Se si usa qualsiasi Fazione NP: ... Il Congresso
    NP all'inizio dello scenario pone Gandhi, un Attivista ed un segnalino
    Protesta in uno spazio di 2 Pop scelto a caso (8.1.2)" (seed IT L1940, ES
    L5612-5615): a random 2 Pop space by the Random Spaces map (R-SETUP-NP)."""
    spaces = [c for c in d.ids() if c in _spaces() and dv.population(c) == 2]
    return random_space(state, spaces or [c for c in d.ids() if c in _spaces()], "setup")


def _rally_replace(state, d):
    """8.6.6 Rally Base: the Guerrillas the Base replaces are the Active ones
    first, keeping the Underground (the NP's Aid only ever makes Guerrillas
    Underground, 8.7.4: R-8.6.6-replace)."""
    return "active" if "active" in d.ids() else d.ids()[0]


PLACE_COLUMN = {"raj": "place_cubes", "inc": "place_activists", "ml": "place_activists", "rev": "place_guerrillas"}
OWN_KINDS = {"raj": ("troop", "sepoy"), "inc": ("inc_activist", "gandhi"), "ml": ("ml_activist", "ml_base"),
             "rev": ("guerrilla_underground", "guerrilla_active", "rev_base")}


def _event_pieces(state, d):
    """8.8.4, 8.8.5: an Event's piece loop. The NP carries out the text's
    effective actions as far as it can: it places its own pieces by its
    placement column (Bases: Place Bases), never on a Railway when the Raj is
    an NP (8.1.3); removes adversaries by 8.5, never its own (8.5.3); never
    adds an adversary's pieces it may leave out ("up to")."""
    top = state.stack[-1] if state.stack else {}
    ctx = top.get("ctx") or {}
    act, f = ctx.get("act"), d.actor
    ids = d.ids()
    done = next((c for c in ids if c in DONE_IDS), None)
    opts = [c for c in ids if c not in DONE_IDS]
    sid_of = {c: c.split(":")[0] for c in opts}
    if not np_on_railways(state):
        opts = [c for c in opts if not _is_rail(sid_of[c])] or ([] if done else opts)
    if act == "remove":
        adv = [c for c in opts if not priorities.is_own(f, c)]
        if adv:
            return priorities.rank_adversary(state, f, adv)[0]
        return done or (opts or ids)[0]
    if act == "place":
        kinds = ctx.get("kinds") or []
        own = any(k in OWN_KINDS[f] for k in kinds)
        if not opts or (not own and done):
            return done or ids[0]
        col = "place_bases" if f == "rev" and "rev_base" in kinds else PLACE_COLUMN[f]
        if not own:
            col = {"raj": "remove", "inc": "remove", "ml": "remove", "rev": "remove"}[f]
        sid = priorities.select_space(state, f, col, sorted({sid_of[c] for c in opts}), salt="event_pieces")
        pool = [c for c in opts if sid_of[c] == sid]
        if f == "raj":  # 8.8.6: the NP Raj places Troops first
            pool = [c for c in pool if "troop" in c] or pool
        return pool[0]
    if not opts:
        return done or ids[0]
    col = "attack" if f == "rev" else "remove"
    sid = priorities.select_space(state, f, col, sorted({sid_of[c] for c in opts}), salt="event_pieces")
    return next(c for c in opts if sid_of[c] == sid)


HANDLERS = {
    **{step: _sa_step for step in ("raj.govern.mode", "raj.imperialism", "raj.treaty.mode", "inc.negotiate.option",
                                   "ml.negotiate.option", "inc.satyagraha.choose", "nv.persuade", "ml.infiltrate",
                                   "choose:rev.infiltrate", "choose:rev.aid.mode", "choose:rev.assassinate")},
    "campaign.strike_choice": lambda s, d: np_campaign.strike_choice(s, d),
    "campaign.imperialism": lambda s, d: np_campaign.imperialism(s, d),
    "campaign.imperialism_buy": lambda s, d: np_campaign.imperialism_buy(s, d),
    "campaign.release": lambda s, d: np_campaign.release(s, d),
    "campaign.gandhi_release": lambda s, d: np_campaign.gandhi_release(s, d),
    "campaign.constructive": lambda s, d: np_campaign.constructive(s, d),
    "campaign.base": lambda s, d: np_campaign.place_base(s, d),
    "campaign.redeploy": lambda s, d: np_campaign.redeploy(s, d),
    "campaign.redeploy_to": lambda s, d: np_campaign.redeploy_to(s, d),
    "sop.act": _act,
    "op.choose": _op_choose,
    "op.loop": _op_loop,
    "sa.loop": _sa_loop,
    "op.sa_offer": _sa_offer,
    "sop.pass_nv": _pass_nv,
    "inc.satyagraha.release": _release,
    "crisis.cubes": _crisis,
    "muslim_state.troops": _troops_out,
    "raj.deploy.place": _deploy_place,
    "raj.deploy.oop": _first_of("troop", "sepoy", "done"),
    "raj.use_sepoys": _use_sepoys,
    "raj.sweep.move": lambda s, d: movement.sweep_move(s, d),
    "nv.demonstrate.move": lambda s, d: movement.demonstrate_move(s, d),
    "nv.demonstrate.protest_ask": _first_of("protest", "done"),
    "choose:rev.march.dest": lambda s, d: movement.march_dest(s, d),
    "nv.rally.after": _rally_after,
    "nv.rally.place": _rally_place,
    "raj.assault.cubes": _max_number,  # 8.6.3: the NP Raj Assaults with every cube there
    # 8.6.6 ★ "spostare una Guerriglia da Fuori Gioco a Disponibile" (the step is
    # "choose:rev.rally.oop"; "rev.rally.oop" kept for games stored before)
    "rev.rally.oop": _first_of("guerrilla", "done"),
    "choose:rev.rally.oop": _first_of("guerrilla", "done"),
    "choose:rev.rally.mode": _rev_rally_mode,
    "nv.cd.rail": _cd_rail,
    "raj.remove": _remove_most,
    "sop.gandhi_protests": _gandhi_protests,
    "np.reset_protest": _reset_protest,
    "event:pieces": _event_pieces,
    "raj.wavell.offer": _first_of("sweep", "no"),
    "choose:rev.march.kind": lambda s, d: movement.march_kind(s, d),
    "choose:rev.attack.remove": _attack_remove,
    "setup.congress_place": _congress_setup,
    "choose:rev.rally.replace": _rally_replace,
}


# ------------------------------------------------------------------ generic
def _event_step(state, d):
    """8.8.4, 8.8.5: a decision of an Event's text, by the effect of each
    choice on the faction's Effective Events measures (:mod:`.events`)."""
    return events.choose_event_step(state, d)


def generic(state, d) -> str:
    """A decision no handler answers (counted in :data:`FALLBACK`, logged):
    8.8's NOTE "scegliete la migliore mossa che voi potreste fare per quella
    Fazione" -- the choice that improves the faction's Effective measures
    (8.8.3) most, spaces by the matching column (:mod:`.events`); it never
    stops at random, except open-ended movement loops (so that no sequence
    goes on forever)."""
    ids = d.ids()
    done = [c for c in ids if c in DONE_IDS]
    rest = [c for c in ids if c not in DONE_IDS]
    if not rest:
        return ids[0]
    FALLBACK[d.step] = FALLBACK.get(d.step, 0) + 1
    _log.info("Arjuna fallback at %s (%s)", d.step, d.actor)
    looping = d.step.startswith("campaign.") or d.step in ("raj.sweep.move", "raj.garrison.move",
                                                            "raj.treaty.move")
    if done and looping and det_random(state, "generic", d.step).random() < 0.35:
        return done[0]
    return events.choose_event_step(state, d, optional=False)
