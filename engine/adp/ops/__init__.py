"""The Operation / Special Activity loop of A Distant Plain.

An Operation (3.x) picks spaces one at a time; each space's cost is paid
when it is picked and its procedure runs at once. An Operation with a Special
Activity (4.x) offers the SAs the aids pair with it (the "+ ..." of each
Operation's heading, seed L11, L27, L41, L51, L121-151, L217-251, L319-361)
at any point of the loop, once. A Limited Operation is one space and no SA
(reading R3). ``state.action`` holds what is under way.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ...core.engine import log
from ...core.messages import Message
from ...core.steps import Frame
from ..flow import Prompt, ask, auto, auto_step, choice, prompt
from ..state import AdpState

Where = Callable[[AdpState, dict], list[str]]
Run = Callable[[AdpState, dict, str], list[Frame]]


@dataclass(frozen=True)
class OpDef:
    """An Operation of one faction (3.2.x COIN, 3.3.x Insurgent)."""

    id: str
    faction: str
    rule: str
    where: Where                     # spaces that may be picked (before cost)
    run: Run                         # the procedure in one picked space
    cost: Callable[[AdpState, dict, str], int] = lambda s, a, sid: 0
    payer: str | None = None         # whose Resources pay (None: nobody)
    sas: tuple[str, ...] = ()
    not_final: bool = False          # "No Carta Finale" (seed L27, L141, L241, L335)
    start: Callable[[AdpState, dict], list[Frame]] | None = None   # once, before the loop
    after: Callable[[AdpState, dict], list[Frame]] | None = None   # once, after "done"
    repeat: bool = False             # a space may be picked again (moves)
    upfront: int = 0                 # Resources paid once in all (Government Patrol: 3, seed L137)


@dataclass(frozen=True)
class SADef:
    """A Special Activity (4.x): up to ``max_spaces`` picks."""

    id: str
    faction: str
    rule: str
    where: Where
    run: Run
    max_spaces: int = 3
    after: Callable[[AdpState, dict], list[Frame]] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


OPS: dict[tuple[str, str], OpDef] = {}
SAS: dict[str, SADef] = {}


def register_op(op: OpDef) -> OpDef:
    OPS[(op.faction, op.id)] = op
    return op


def register_sa(sa: SADef) -> SADef:
    SAS[sa.id] = sa
    return sa


def op_of(state: AdpState) -> OpDef:
    a = state.action
    return OPS[(a["faction"], a["op"])]


def affordable(state: AdpState, op: OpDef, act: dict, sid: str) -> bool:
    return op.payer is None or act.get("free") or op.cost(state, act, sid) <= state.resources[op.payer]


def pickable(state: AdpState, op: OpDef, act: dict) -> list[str]:
    if act["limited"] and act["spaces"]:
        return []
    return [s for s in op.where(state, act) if (op.repeat or s not in act["spaces"]) and affordable(state, op, act, s)]


def ops_open(state: AdpState, faction: str, limited: bool = False) -> list[str]:
    """The Operations ``faction`` may start now (some space open, not banned on the final card)."""
    from ..sop import final_card

    out = []
    for (f, oid), op in OPS.items():
        if f != faction or (op.not_final and final_card(state)):
            continue
        act = new_action(faction, oid, limited, False)
        if not pickable(state, op, act) or state.resources.get(faction, 0) < op.upfront:
            continue
        out.append(oid)
    return out


def can_operate(state: AdpState, faction: str, kind: str) -> bool:
    return bool(ops_open(state, faction, limited=kind == "limop"))


def new_action(faction: str, op: str, limited: bool, with_sa: bool) -> dict[str, Any]:
    return {"faction": faction, "op": op, "limited": limited, "with_sa": with_sa, "spaces": [],
            "sa": None, "sa_spaces": [], "sa_done": not with_sa, "free": False, "data": {}}


def start_operation(state: AdpState, faction: str, limited: bool, with_sa: bool) -> list[Frame]:
    return [ask("op.choose", faction=faction, limited=limited, with_sa=with_sa)]


@prompt
class ChooseOp(Prompt):
    name = "op.choose"

    def decide(self, state, ctx):
        f = ctx["faction"]
        msg = Message("prompt.choose_op", {"faction": f}, "{faction}: choose an Operation.")
        return f, msg, [choice(o, "choice.op_name", "{op}", op=o) for o in ops_open(state, f, ctx["limited"])]

    def then(self, state, ctx, cid):
        f = ctx["faction"]
        state.action = new_action(f, cid, ctx["limited"], ctx["with_sa"])
        op = OPS[(f, cid)]
        log(state, "log.op", "{faction}: {op}.", actor=f, faction=f, op=cid)
        frames = op.start(state, state.action) if op.start else []
        return frames + [ask("op.loop")]


def sa_open(state: AdpState) -> list[str]:
    a = state.action
    if a["sa_done"]:
        return []
    return [s for s in op_of(state).sas if SAS[s].where(state, a)]


@prompt
class OpLoop(Prompt):
    name = "op.loop"

    def decide(self, state, ctx):
        a = state.action
        op = op_of(state)
        msg = Message("prompt.op_space", {"faction": a["faction"], "op": op.id},
                      "{faction} {op}: choose a space, a Special Activity, or done.")
        choices = [choice(s, "choice.space", "{space}", space=s) for s in pickable(state, op, a)]
        choices += [choice(f"sa:{s}", "choice.sa", "Special Activity: {sa}", sa=s) for s in sa_open(state)]
        return a["faction"], msg, choices + [choice("done", "choice.done", "Done")]

    def then(self, state, ctx, cid):
        a = state.action
        op = op_of(state)
        if cid == "done":
            return (op.after(state, a) if op.after else []) + [auto("op.end")]
        if cid.startswith("sa:"):
            a["sa"], a["sa_done"] = cid[3:], True
            log(state, "log.sa", "{faction}: {sa}.", actor=a["faction"], faction=a["faction"], sa=a["sa"])
            return [ask("sa.loop"), ask("op.loop")]
        cost = 0 if a.get("free") else op.cost(state, a, cid)
        if cost and op.payer:
            state.resources[op.payer] -= cost
        a["spaces"].append(cid)
        log(state, "log.op_space", "{op} in {space} (cost {cost}).", actor=a["faction"], op=op.id, space=cid, cost=cost)
        return op.run(state, a, cid) + [ask("op.loop")]


@auto_step("op.end")
def _op_end(state, ctx):
    return []


@prompt
class SALoop(Prompt):
    name = "sa.loop"

    def decide(self, state, ctx):
        a = state.action
        sa = SAS[a["sa"]]
        msg = Message("prompt.sa_space", {"faction": a["faction"], "sa": sa.id},
                      "{faction} {sa}: choose a space, or done.")
        picks = [] if len(a["sa_spaces"]) >= sa.max_spaces else [
            s for s in sa.where(state, a) if s not in a["sa_spaces"]]
        return a["faction"], msg, [choice(s, "choice.space", "{space}", space=s) for s in picks] + [
            choice("done", "choice.done", "Done")]

    def then(self, state, ctx, cid):
        a = state.action
        sa = SAS[a["sa"]]
        if cid == "done":
            return sa.after(state, a) if sa.after else []
        a["sa_spaces"].append(cid)
        log(state, "log.sa_space", "{sa} in {space}.", actor=a["faction"], sa=sa.id, space=cid)
        return sa.run(state, a, cid) + [ask("sa.loop")]


from . import coin, insurgent, special  # noqa: E402,F401  (register the Operations and SAs)
