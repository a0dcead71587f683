"""Gandhi's Operations and Special Activities on the shared COIN framework
(engine/coin/actions.py: selection, costs judged at selection, the Special
Activity before, during or after the Operation). Gandhi's Operations and
Special Activities (engine/gandhi/operations, special_activities) register
through :func:`operation` / :func:`special_activity`; this module holds
Gandhi's registries; who pays (8.1, 8.6.2) is engine/gandhi/nonplayer.py.
"""
from __future__ import annotations

import copy

from ..coin.actions import (  # noqa: F401  (Gandhi's Operations build on these)
    ChecksEachSpace,
    Ctx,
    Operation,
    SpecialActivity,
    begin_operation,
    can_do_operation,
    new_ctx,
    operation,
    operations,
    special_activities,
    special_activity,
)
from .data import get_data
from .nonplayer import np_free  # noqa: F401  (8.6.2: the SoP asks it here)

#: Gandhi's Operations and Special Activities by "<faction>.<name>"
OPERATIONS = operations("gandhi")
SPECIAL_ACTIVITIES = special_activities("gandhi")


class EachMapSpace(ChecksEachSpace):
    """:class:`ChecksEachSpace` over every space of the map, in map order."""

    def candidates(self, state):
        return get_data().map.ids


class EachBoardSpace(ChecksEachSpace):
    """:class:`ChecksEachSpace` over every space of the board (``state.spaces``), in its order."""

    def candidates(self, state):
        return state.spaces


# --- an Operation whose space a Special Activity would open (3.1.5, 4.4.3 example) -------------

#: scratch copies one question tries, at most (the Special Activity's spaces and their own
#: questions together): the cost per Sequence of Play decision stays a few ms (benchmarks/engine.py)
SA_PROBE_BUDGET = 24


def opened_by_sa(state, op: Operation, ctx: Ctx) -> bool:
    """Ruleset 7 (issue 32, finding 3): may ``op``, which has no space now,
    still be chosen because a Special Activity the faction may pair with it
    (4.1.2) would open one? (4.4.3 ESEMPIO: the League Persuades in Punjab,
    Raj Control goes, and Punjab is chosen for Non-Cooperation; 3.1.5: the
    spaces are judged when chosen.) Only for an action that may have a
    Special Activity (``"op+sa"``; at the Sequence of Play, before the
    action begins, a full Operation) and before its Special Activity and
    spaces. Each Special Activity space is tried on a scratch copy, its own
    questions answered every way, :data:`SA_PROBE_BUDGET` copies in all;
    True when the Operation can then start (past the budget: False, the
    Operation not offered, as before ruleset 7)."""
    from ..coin.actions import _start_sa, sas_of
    from ..core.engine import scratch
    from ..core.steps import push
    from .ruleset import at_least

    may_pair = ctx["kind"] == "op+sa" or (ctx["kind"] == "op" and state.action is None)
    if not at_least(state, 7) or not may_pair or ctx.get("sa_state", "none") != "none" or ctx.get("spaces"):
        return False
    budget = [SA_PROBE_BUDGET]
    for sa in sas_of(state, ctx["faction"]):
        if sa.accompanies is not None and op.name not in sa.accompanies:
            continue
        # the action's own notes kept (a Satyagraha the Raj refused may not start again, 4.3.2)
        probe = dict(copy.deepcopy(ctx), kind="op+sa", op=op.name, sa=sa.name)
        if not sa.can_start(state, probe):
            continue
        for sid in sa.selectable(state, probe):
            budget[0] -= 1
            if budget[0] < 0:
                return False
            work = scratch(state)
            work.action = dict(probe, sa=None)
            _start_sa(work, work.action, sa.name)
            work.action["sa_spaces"].append(sid)
            work.stack.append({"step": "op.probe"})
            push(work, *sa.select(work, work.action, sid))
            if _probe(work, op, budget):
                return True
    return False


def _probe(work, op: Operation, budget: list[int]) -> bool:
    """Run ``work`` to the probe's marker, each question answered every way
    (depth first, within ``budget``); True when ``op`` can start there."""
    from ..core.engine import scratch
    from ..core.steps import handler

    for _ in range(200):
        top = work.stack[-1]
        if top["step"] == "op.probe":
            return op.can_start(work, dict(work.action, sa_state="done"))
        h = handler(top, work.game)
        if h.auto:
            work.stack.pop()
            h.run(work, top)
            continue
        for c in h.decision(work, top).choices:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            branch = scratch(work)
            fr = branch.stack.pop()
            handler(fr, branch.game).apply(branch, fr, c.id)
            if _probe(branch, op, budget):
                return True
        return False
    return False
