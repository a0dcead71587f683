"""The COIN Operation and Special Activity framework as steps (Gandhi 3.0,
4.0, 2.3.4, 2.3.5, 4.1, and the same sections of every COIN rulebook).

Each game's Operations and Special Activities are objects registered here per
game (the class's ``game``, else its package ``engine.<game>``); the shared
steps below run them:

* ``op.choose``   the faction picks which Operation;
* ``op.loop``     pick the next space for the Operation, start the Special
                  Activity (before, during or after: 4.1), or end the Operation
                  (where the game allows it, ``CoinRules.sa_after_end``, also
                  "End the Operation, then a Special Activity": 4.1's
                  "immediately after");
* ``sa.loop``     pick the next space for the Special Activity, or end it; once
                  begun it finishes before the Operation resumes (4.1);
* ``op.after`` / ``op.sa_offer`` / ``op.end`` close the action.

The action under way lives in ``state.action`` (plain JSON)::

    {"faction": "raj", "kind": "op" | "op+sa" | "limited", "op": "deploy",
     "spaces": [...], "sa": None | "govern", "sa_spaces": [...],
     "sa_state": "none" | "active" | "done", "free": False, "data": {}}

A space once chosen for the Operation is not offered again (3.1.1); costs and
limits are judged when a space is chosen (3.1.5). Operation-specific work for a
chosen space is pushed as further frames by ``select``. What differs per game
(space names, free Operations of Non-players, ruleset gates) comes from the
game's :class:`~engine.coin.rules.CoinRules`.
"""
from __future__ import annotations

import abc
import dataclasses
from typing import Any, Callable, ClassVar, Sequence

from ..core.messages import TOGETHER, Choice, Decision, msg
from ..core.steps import Frame, Step, frame, push, register, step_game
from .common import done_choice, log, simple
from .rules import rules_of

Ctx = dict[str, Any]
GameState = Any  # the game's state (it holds ``action``, ``turn`` and its board)


class Action:
    """Common interface of Operations and Special Activities. Subclasses set
    ``name``, ``faction``, ``label``, ``rule`` (and ``game`` when defined
    outside ``engine/<game>``)."""

    game: ClassVar[str | None] = None
    name: ClassVar[str] = ""
    faction: ClassVar[str] = ""
    label: ClassVar[str] = ""
    rule: ClassVar[str] = ""

    def selectable(self, state: GameState, ctx: Ctx) -> list[str]:
        """Spaces that may be chosen next (already-chosen ones excluded)."""
        return []

    def why_not(self, state: GameState, ctx: Ctx, sid: str) -> str | None:
        """Why ``sid`` cannot be chosen now, in the game's terms (for an
        Operation also asked about a refused :meth:`Operation.extra_choices` id)."""
        return None

    def select(self, state: GameState, ctx: Ctx, sid: str) -> list[Frame]:
        """Choose ``sid``: pay, act, and return frames to run for it."""
        return []

    def may_choose(self, state: GameState, ctx: Ctx, sid: str) -> bool:
        """Is ``sid`` among :meth:`selectable` now? An Action with a check
        per space answers it without listing every space (issue 21: speed)."""
        return sid in self.selectable(state, ctx)

    def can_start(self, state: GameState, ctx: Ctx) -> bool:
        """:meth:`selectable` is not empty (an Action may stop at the first space found)."""
        return bool(self.selectable(state, ctx))

    def finish(self, state: GameState, ctx: Ctx) -> list[Frame]:
        """Frames to run when the faction ends this Operation/Special Activity."""
        return []


class ChecksEachSpace(abc.ABC):
    """Mixin for an Action judged space by space: :meth:`ready` (what every
    space needs, e.g. the Resources) and :meth:`space_ok` (the space itself)
    answer :meth:`selectable`, :meth:`can_start` (stopped at the first
    space) and :meth:`may_choose` (the one space): one rule for the three
    questions (issue 21: speed). :meth:`candidates`: the spaces it may ever
    choose, in the order offered. Put it before the Action in the bases; an
    Action that lacks one of the two cannot be registered (TypeError)."""

    @abc.abstractmethod
    def candidates(self, state: GameState) -> Sequence[str]:
        """The spaces the Action may ever choose, in the order offered."""

    def ready(self, state: GameState, ctx: Ctx) -> bool:
        return True

    @abc.abstractmethod
    def space_ok(self, state: GameState, ctx: Ctx, sid: str) -> bool:
        """May ``sid`` be chosen now, :meth:`ready` being true?"""

    def selectable(self, state: GameState, ctx: Ctx) -> list[str]:
        if not self.ready(state, ctx):
            return []
        return [s for s in self.candidates(state) if self.space_ok(state, ctx, s)]

    def can_start(self, state: GameState, ctx: Ctx) -> bool:
        return self.ready(state, ctx) and any(self.space_ok(state, ctx, s) for s in self.candidates(state))

    def may_choose(self, state: GameState, ctx: Ctx, sid: str) -> bool:
        return self.ready(state, ctx) and sid in self.candidates(state) and self.space_ok(state, ctx, sid)


class Operation(Action):
    #: its spaces are independent (no piece moves between them): under a
    #: game's rules that allow it (``CoinRules.spaces_together``) they may
    #: be chosen several at once (issue 14)
    together: ClassVar[bool] = False

    def joins_spaces(self, state: GameState, ctx: Ctx) -> bool:
        """May its spaces be chosen several at once now (issue 14)? Default:
        :attr:`together`; an Operation whose spaces are independent only
        under a newer ruleset says so here."""
        return self.together

    def space_choices(self, state: GameState, ctx: Ctx, sid: str) -> list[Choice]:
        """How space ``sid`` is offered in ``op.loop``: by default the space
        alone; an Operation may offer it in variants ``"<sid>:<variant>"``
        (the Raj's "with Sepoys", issue 14), the question of how folded into
        the choice of where."""
        return [rules_of(state).space_choice(sid)]

    def set_limit(self, state: GameState, ctx: Ctx) -> tuple[int, Callable[[str], bool]] | None:
        """``(n, counts)``: of the spaces for which ``counts(space)`` is
        true, one set (issue 14) takes at most ``n`` (a limit on spaces
        judged when each is chosen: Gandhi 3.3's Restraint and Unity).
        Default None: no such limit (the Resources are judged by the step)."""
        return None

    def choose_variant(self, state: GameState, ctx: Ctx, sid: str, variant: str | None) -> None:
        """Note the variant ``sid`` was chosen in (None: the plain space),
        just before :meth:`select`. Default: nothing to note."""

    def extra_choices(self, state: GameState, ctx: Ctx) -> list[Choice]:
        """Choices of this Operation offered in ``op.loop`` beside its spaces
        (ids contain ":" and are not ``sa:``), e.g. Lord Wavell's free Sweep
        "at any time during the Assault" (3.2.4). Default: none."""
        return []

    def extra(self, state: GameState, ctx: Ctx, cid: str) -> list[Frame]:
        """Carry out one of :meth:`extra_choices`; return frames to run before
        ``op.loop`` comes back."""
        return []


class SpecialActivity(Action):
    #: Operations this Special Activity may accompany (None = any) (4.1.2)
    accompanies: ClassVar[tuple[str, ...] | None] = None
    #: the most spaces it may choose (None = no limit of its own)
    max_spaces: ClassVar[int | None] = None
    #: its spaces are independent (no piece moves between them): under a
    #: game's rules that take spaces as a set (``CoinRules.spaces_as_set``)
    #: they are chosen in one answer (issue 14)
    together: ClassVar[bool] = False


#: {game: {"<faction>.<name>": Operation}}
OPERATIONS: dict[str, dict[str, Operation]] = {}
#: {game: {"<faction>.<name>": SpecialActivity}}
SPECIAL_ACTIVITIES: dict[str, dict[str, SpecialActivity]] = {}


def operations(game: str) -> dict[str, Operation]:
    """The Operations of ``game`` by ``"<faction>.<name>"`` (a live dict)."""
    return OPERATIONS.setdefault(game, {})


def special_activities(game: str) -> dict[str, SpecialActivity]:
    """The Special Activities of ``game`` by ``"<faction>.<name>"`` (a live dict)."""
    return SPECIAL_ACTIVITIES.setdefault(game, {})


def operation(cls):
    """Class decorator: register an Operation of its game under
    ``"<faction>.<name>"`` (Gandhi's Congress and Muslim League share names
    such as ``rally``)."""
    operations(step_game(cls))[f"{cls.faction}.{cls.name}"] = cls()
    return cls


def special_activity(cls):
    """Class decorator: register a Special Activity of its game under ``"<faction>.<name>"``."""
    special_activities(step_game(cls))[f"{cls.faction}.{cls.name}"] = cls()
    return cls


def op_of(state: GameState, ctx: Ctx) -> Operation:
    """The Operation under way in ``ctx``."""
    return OPERATIONS[state.game][f"{ctx['faction']}.{ctx['op']}"]


def sa_of(state: GameState, ctx: Ctx) -> SpecialActivity:
    """The Special Activity under way in ``ctx``."""
    return SPECIAL_ACTIVITIES[state.game][f"{ctx['faction']}.{ctx['sa']}"]


def new_ctx(faction: str, kind: str, free: bool = False, **extra: Any) -> Ctx:
    return {"faction": faction, "kind": kind, "op": None, "spaces": [], "sa": None,
            "sa_spaces": [], "sa_state": "none", "free": free, "data": {}, **extra}


def ops_of(state: GameState, faction: str) -> list[Operation]:
    return [o for o in operations(state.game).values() if o.faction == faction]


def sas_of(state: GameState, faction: str) -> list[SpecialActivity]:
    return [s for s in special_activities(state.game).values() if s.faction == faction]


def can_do_operation(state: GameState, faction: str, limited: bool) -> bool:
    """True if at least one Operation of ``faction`` can choose a space now."""
    ctx = new_ctx(faction, "limited" if limited else "op", rules_of(state).free_operation(state, faction))
    return any(_startable(state, o, ctx) for o in ops_of(state, faction))


def _startable(state: GameState, op: Operation, ctx: Ctx) -> bool:
    c = dict(ctx, op=op.name)
    return op.can_start(state, c) or rules_of(state).opened_by_sa(state, op, c)


def begin_operation(state: GameState, faction: str, kind: str, free: bool = False,
                    only: list[str] | None = None, op: str | None = None, **extra: Any) -> None:
    """Start an Operation for ``faction`` ("op", "op+sa", "limited"); ``free``
    Operations granted by Events cost no Resources (so do those the game
    makes free, ``CoinRules.free_operation``); ``only`` restricts which
    Operations may be chosen; ``op``: the Operation, already chosen (with
    the action, issue 14), so that "which Operation" is not asked."""
    state.action = new_ctx(faction, kind, free or rules_of(state).free_operation(state, faction), **extra)
    if op is None:
        push(state, frame("op.choose", only=only), frame("op.end"))
        return
    push(state, frame("op.end"))
    _chosen(state, state.action, op)


def startable_operations(state: GameState, faction: str, limited: bool) -> list[Operation]:
    """The Operations ``faction`` can start now (a space to choose, 3.1.5),
    as a full or a Limited Operation (2.3.5)."""
    ctx = new_ctx(faction, "limited" if limited else "op", rules_of(state).free_operation(state, faction))
    return [o for o in ops_of(state, faction) if _startable(state, o, ctx)]


def _chosen(state: GameState, ctx: Ctx, name: str) -> None:
    """Operation ``name`` is chosen: log it and start its space loop."""
    ctx["op"] = name
    log(state, "log.op", "{faction}: {op}.", actor=ctx["faction"], faction=ctx["faction"], op=name,
        limited=is_limited(ctx))
    push(state, frame("op.loop"))


def is_limited(ctx: Ctx) -> bool:
    return ctx["kind"] == "limited"


def space_limit_reached(ctx: Ctx) -> bool:
    return is_limited(ctx) and len(ctx["spaces"]) >= 1


def may_end_operation(state: GameState, ctx: Ctx, selectable: list[str] | None = None) -> bool:
    """May the Operation end now? An Operation is made "in one or more
    spaces" (2.3.4), so it may end only after a space was chosen for it --
    unless no space can be chosen any more (a Special Activity spent the
    Resources), so that no game can get stuck (docs/rulings/sop.md R-2.3.4c).
    A game may allow more (``CoinRules.may_end_without_space``: Gandhi's
    ruleset 1). ``selectable``: the Operation's selectable spaces now, when
    the caller has them."""
    if ctx["spaces"] or space_limit_reached(ctx):
        return True
    if rules_of(state).may_end_without_space(state, ctx):
        return True
    op = op_of(state, ctx)
    if op.can_start(state, ctx) if selectable is None else selectable:
        return False
    # a Special Activity that would open a space may still come: not before it (never with none on offer)
    return not (rules_of(state).opened_by_sa(state, op, ctx) and _sa_open(state, ctx))


def _sa_startable(state: GameState, ctx: Ctx):
    """The Special Activities that may start now, one after the other (a
    generator: :func:`_sa_open` stops at the first, issue 21: speed)."""
    if ctx["kind"] != "op+sa" or ctx["sa_state"] != "none":
        return
    for sa in sas_of(state, ctx["faction"]):
        if sa.accompanies is not None and ctx["op"] not in sa.accompanies:
            continue
        if sa.can_start(state, dict(ctx, sa=sa.name)):
            yield sa


def _sa_options(state: GameState, ctx: Ctx) -> list[SpecialActivity]:
    """The Special Activities that may start now."""
    return list(_sa_startable(state, ctx))


def _sa_open(state: GameState, ctx: Ctx) -> bool:
    """May a Special Activity start now?"""
    return next(_sa_startable(state, ctx), None) is not None


def _sa_choices(state: GameState, ctx: Ctx) -> list[Choice]:
    """The Special Activities that may start now, as choices ``sa:<name>``."""
    return [simple(f"sa:{sa.name}", f"sa.{sa.name}", "Special Activity: " + sa.label)
            for sa in _sa_options(state, ctx)]


def _start_sa(state: GameState, ctx: Ctx, name: str) -> None:
    """Begin Special Activity ``name``: it runs to its end before anything else (4.1)."""
    ctx["sa"] = name
    ctx["sa_state"] = "active"
    log(state, "log.sa", "{faction}: Special Activity {sa}.", actor=ctx["faction"],
        faction=ctx["faction"], sa=name)


@register
class ChooseOperation(Step):
    name = "op.choose"

    def decision(self, state, fr):
        ctx = state.action
        ops = [o for o in ops_of(state, ctx["faction"]) if _startable(state, o, ctx)
               and (not fr.get("only") or o.name in fr["only"])]
        choices = [simple(o.name, f"op.{o.name}", o.label) for o in ops]
        if not choices:
            choices = [simple("none", "choice.no_operation", "No Operation is possible: go on")]
        return Decision(ctx["faction"], msg("prompt.choose_op", "Choose an Operation."), choices, self.name)

    def apply(self, state, fr, cid):
        if cid == "none":
            return
        _chosen(state, state.action, cid)


@register
class OperationLoop(Step):
    """Choose the Operation's next space, start its Special Activity, or end it."""

    name = "op.loop"

    def decision(self, state, fr):
        ctx = state.action
        op = op_of(state, ctx)
        choices: list[Choice] = []
        rules = rules_of(state)
        chosen = ", ".join(rules.space_name(s) for s in ctx["spaces"]) or "-"  # a word here would stay English
        prompt = msg("prompt.op_space", "{op}: choose a space (chosen: {chosen}).", op=op.label, chosen=chosen)
        queued = queued_space(state, ctx, op, fr)
        if queued is not None:  # the next of the spaces chosen together: the only answer
            if queued == "done":
                only = done_choice("End the Operation")
            else:
                only = next(c for c in op.space_choices(state, ctx, queued.split(":")[0]) if c.id == queued)
            return Decision(ctx["faction"], prompt, [only], self.name)
        many = 1
        spaces = None
        budgets: dict[str, int] = {}
        if not space_limit_reached(ctx):
            spaces = op.selectable(state, ctx)
            many = min(len(spaces), rules.spaces_together(state, ctx, op)) if op.joins_spaces(state, ctx) else 1
            choices += _space_set_choices(state, ctx, op, spaces, many, budgets)
        choices += op.extra_choices(state, ctx)
        sa_choices = _sa_choices(state, ctx)
        choices += sa_choices
        if may_end_operation(state, ctx, spaces):
            choices.append(done_choice("End the Operation"))
            if sa_choices and _may_sa_after_end(state):
                choices.append(simple(THEN_SA, "choice.end_then_sa", "End the Operation, then a Special Activity"))
        return Decision(ctx["faction"], prompt, choices, self.name, many=max(1, many), budgets=budgets)

    def refuse(self, state, fr, cid):
        ctx = state.action
        op = op_of(state, ctx)
        if TOGETHER in cid and rules_of(state).spaces_as_set(state):  # a set over its limits: the rules' reason
            return _set_refusal(state, cid.split(TOGETHER), lambda w, c: op_of(w, c), "spaces")
        no_space = msg("error.op_no_space", "An Operation is made in one or more spaces: choose a space for "
                       "{op} first (2.3.4).", op=op.label)
        if cid == "done":
            return no_space
        then_sa = cid == THEN_SA and _may_sa_after_end(state)
        if cid.startswith("sa:") or then_sa:
            if ctx["kind"] == "limited":
                return msg("error.limited_sa", "A Limited Operation has no Special Activity (2.3.5).")
            if ctx["kind"] == "op":
                return msg("error.op_only", "This Operation was chosen without a Special Activity (2.3.4).")
            if ctx["sa_state"] != "none":
                return msg("error.sa_once", "One Special Activity per Operation; it cannot be interrupted "
                           "or resumed (4.1).")
        if then_sa and not may_end_operation(state, ctx):
            return no_space
        if ":" in cid and not cid.startswith("sa:"):
            reason = op.why_not(state, ctx, cid)
            return rules_of(state).composed("error.why", reason, numbers=True) if reason else None
        if cid in ctx["spaces"]:
            return msg("error.space_chosen", "{space} was already chosen for this Operation (3.1.1).",
                       space=rules_of(state).space_name(cid))
        if space_limit_reached(ctx):
            return msg("error.limited", "A Limited Operation is in one space only (2.3.5).")
        if rules_of(state).is_space(cid):
            reason = op.why_not(state, ctx, cid)
            if reason:
                return rules_of(state).composed("error.why", reason, numbers=True)
        return None

    def apply(self, state, fr, cid):
        ctx = state.action
        op = op_of(state, ctx)
        cid, rest = _set_queue(cid, fr, lambda: _one_space_set(state, ctx, op, cid))  # 3.1
        again = frame("op.loop", queue=rest) if rest else frame("op.loop")
        if cid == "done":
            push(state, *op.finish(state, ctx), frame("op.after"))
            return
        if cid == THEN_SA:  # the Operation ends through its own finish, then its Special Activity (4.1)
            push(state, *op.finish(state, ctx), frame("op.after", then_sa=True))
            return
        if cid.startswith("sa:"):
            _start_sa(state, ctx, cid[3:])
            push(state, frame("sa.loop"), again)
            return
        sid, _, variant = cid.partition(":")
        if variant and not _is_variant(state, ctx, op, cid):
            push(state, *op.extra(state, ctx, cid), again)
            return
        op.choose_variant(state, ctx, sid, variant or None)
        ctx["spaces"].append(sid)
        log(state, "log.op_space", "{op} in {space}.", actor=ctx["faction"], op=op.name, space=sid)
        push(state, *op.select(state, ctx, sid), again)


    def check_joined(self, state, fr, cid):
        ctx = state.action
        if not rules_of(state).spaces_as_set(state):
            return None  # rulesets before the set choice passed a space the Resources no longer paid for
        return _set_refusal(state, cid.split(TOGETHER), lambda w, c: op_of(w, c), "spaces")


def _joining(c: Choice, joins: bool, pools: tuple[str, ...] = ()) -> Choice:
    """``c`` with its ``joins`` (and ``pools``) set (a copy only where it
    changes: issue 21, speed)."""
    if c.joins == joins and c.pools == pools:
        return c
    return dataclasses.replace(c, joins=joins, pools=pools)


SET_LIMIT = "limit"  # the pool of the spaces that count against an Operation's limit in one set


def _space_set_choices(state: GameState, ctx: Ctx, op: "Operation", spaces: list[str], many: int,
                       budgets: dict[str, int]) -> list[Choice]:
    """The choices of ``spaces`` in ``op.loop``, joining when ``many`` > 1,
    with the limits of one set in ``budgets`` (issue 31, so that a front end
    offers no set refused for its count): one variant of a space
    (``"<space>"`` or ``"<space>:sepoy"``: a pool per space of 1), and at
    most :meth:`Operation.set_limit` of the spaces that count against it.
    Only where the spaces are one set (``CoinRules.spaces_as_set``, which
    refused such sets already): before it a joined answer passed over the
    spaces no longer selectable, and stored games replay unchanged."""
    joins = many > 1
    as_set = joins and rules_of(state).spaces_as_set(state)  # before the set choice a joined answer took less
    limit = op.set_limit(state, ctx) if as_set else None
    out: list[Choice] = []
    for s in spaces:
        offered = op.space_choices(state, ctx, s)
        pools: tuple[str, ...] = ()
        if as_set and len(offered) > 1:
            pools = (f"space:{s}",)
            budgets[pools[0]] = 1
        if limit is not None and limit[1](s):
            pools += (SET_LIMIT,)
            budgets[SET_LIMIT] = max(0, limit[0])
        out += [_joining(c, joins, pools) for c in offered]
    return out


def _one_space_set(state: GameState, ctx: Ctx, op: "Operation", cid: str) -> bool:
    """Under the set choice (``CoinRules.spaces_as_set``), ``cid`` -- one
    space of an Operation whose spaces are independent -- is its whole set."""
    return (rules_of(state).spaces_as_set(state) and op.joins_spaces(state, ctx) and not is_limited(ctx)
            and rules_of(state).is_space(cid.split(":")[0])
            and (":" not in cid or _is_variant(state, ctx, op, cid)))


def _set_refusal(state: GameState, parts: list[str], action_of, key: str):
    """Why the set of spaces ``parts`` cannot be chosen whole (None: it can),
    judged as the rules do, space after space on a copy of the game: each
    space selectable once those before it are chosen and paid for (3.1,
    3.1.5, 3.3, 4.1.1). ``action_of(state, ctx)``: the Operation or Special
    Activity; ``key``: its list of chosen spaces in ``state.action``."""
    from ..core.engine import scratch

    work = scratch(state)
    ctx = work.action
    rules = rules_of(state)
    for part in parts:
        act = action_of(work, ctx)
        sid, _, variant = part.partition(":")
        if key == "spaces" and space_limit_reached(ctx):
            return msg("error.limited", "A Limited Operation is in one space only (2.3.5).")
        if key == "sa_spaces" and act.max_spaces is not None and len(ctx[key]) >= act.max_spaces:
            return msg("error.sa_limit", "{sa} may choose at most {n} space(s).", sa=act.label, n=act.max_spaces)
        ids = ([c.id for c in act.space_choices(work, ctx, sid)] if key == "spaces"
               else [rules.space_choice(sid).id])
        if sid in ctx[key] or not act.may_choose(work, ctx, sid) or part not in ids:
            reason = act.why_not(work, ctx, sid)
            if reason:
                return rules.composed("error.why", reason, numbers=True)
            return msg("error.set_space", "{space} cannot be chosen together with {spaces} (3.1).",
                       space=rules.space_name(sid), spaces=", ".join(rules.space_name(s) for s in ctx[key]))
        if key == "spaces":
            act.choose_variant(work, ctx, sid, variant or None)
        ctx[key].append(sid)
        act.select(work, ctx, sid)
    return None


def _is_variant(state: GameState, ctx: Ctx, op: "Operation", cid: str) -> bool:
    """``cid`` ("<space>:<variant>") is a space offered in a variant now."""
    sid = cid.split(":")[0]
    return rules_of(state).is_space(sid) and any(c.id == cid for c in op.space_choices(state, ctx, sid))


def queued_space(state: GameState, ctx: Ctx, op: "Operation", fr: Frame) -> str | None:
    """The next of the spaces chosen together (``fr["queue"]``, then "done")
    that is still legal now, else None (the Operation goes on as asked).
    A space no longer selectable when its turn comes (the Resources ran out)
    is passed over."""
    for q in fr.get("queue") or []:
        if q == "done":  # where a Special Activity may still follow, the player says whether (issue 14)
            open_sa = rules_of(state).sa_in_loop_only(state) and _sa_open(state, ctx)
            return q if may_end_operation(state, ctx) and not open_sa else None
        sid = q.split(":")[0]
        if not space_limit_reached(ctx) and sid not in ctx["spaces"] and op.may_choose(state, ctx, sid) \
                and any(c.id == q for c in op.space_choices(state, ctx, sid)):
            return q
    return None


def _set_queue(cid: str, fr: Frame, one_space_set: Callable[[], bool]) -> tuple[str, list[str]]:
    """The space to resolve now and the rest of its set (issue 14): a joined
    answer ``"a+b+c"`` resolves ``a`` now and queues ``b``, ``c``, "done";
    a space already queued in ``fr["queue"]`` takes the rest after it; a set
    of one space (``one_space_set()``, asked only then) queues "done";
    otherwise nothing is queued. Returns ``(space, queue)``."""
    rest = list(fr.get("queue") or [])
    if TOGETHER in cid:
        first, *more = cid.split(TOGETHER)
        return first, more + ["done"]
    if cid in rest:
        return cid, rest[rest.index(cid) + 1:]
    return cid, (["done"] if one_space_set() else [])


CLOSE = "close"
#: op.loop's "End the Operation, then a Special Activity" (``CoinRules.sa_after_end``)
THEN_SA = "then_sa"


def _may_sa_after_end(state: GameState) -> bool:
    """Where one "done" closes the Operation (``CoinRules.sa_in_loop_only``),
    may a Special Activity still follow the Operation's end (4.1: "immediately
    after"; ``CoinRules.sa_after_end``)?"""
    rules = rules_of(state)
    return rules.sa_in_loop_only(state) and rules.sa_after_end(state)


def _may_close_both(state: GameState, ctx: Ctx, below: int) -> bool:
    """Ending the Special Activity may end the Operation too (issue 14):
    where the game asks one "done" (``CoinRules.sa_in_loop_only``), the
    Operation's loop waits below and may end now (2.3.4), yet still has a
    space to offer (else it closes by itself). ``below``: how deep in the
    stack the Operation's loop frame is."""
    if not rules_of(state).sa_in_loop_only(state) or len(state.stack) < below \
            or state.stack[-below].get("step") != "op.loop":
        return False
    op = op_of(state, ctx)
    return not space_limit_reached(ctx) and may_end_operation(state, ctx) and op.can_start(state, ctx)


@register
class SpecialActivityLoop(Step):
    """Choose the Special Activity's next space or end it (4.1)."""

    name = "sa.loop"

    def decision(self, state, fr):
        ctx = state.action
        sa = sa_of(state, ctx)
        prompt = msg("prompt.sa_space", "{sa}: choose a space.", sa=sa.label)
        queued = _sa_queued(state, ctx, sa, fr)
        if queued is not None:  # the next of the spaces chosen together: the only answer
            only = done_choice("End the Special Activity") if queued == "done" else rules_of(state).space_choice(queued)
            return Decision(ctx["faction"], prompt, [only], self.name)
        choices: list[Choice] = []
        many = 1
        if sa.max_spaces is None or len(ctx["sa_spaces"]) < sa.max_spaces:
            spaces = sa.selectable(state, ctx)
            if sa.together and rules_of(state).spaces_as_set(state):
                room = len(spaces) if sa.max_spaces is None else sa.max_spaces - len(ctx["sa_spaces"])
                many = min(len(spaces), room)
            choices += [_joining(rules_of(state).space_choice(s), many > 1) for s in spaces]
        choices.append(done_choice("End the Special Activity"))
        if _may_close_both(state, ctx, 2):  # the loop's own frame on top, the Operation's below
            choices.append(simple(CLOSE, "choice.close_action", "End the Special Activity and the Operation"))
        return Decision(ctx["faction"], prompt, choices, self.name, many=max(1, many))

    def check_joined(self, state, fr, cid):
        return _set_refusal(state, cid.split(TOGETHER), lambda w, c: sa_of(w, c), "sa_spaces")

    def refuse(self, state, fr, cid):
        ctx = state.action
        sa = sa_of(state, ctx)
        if cid in ctx["sa_spaces"]:
            return msg("error.sa_space_chosen", "{space} was already chosen for this Special Activity (4.1.1).",
                       space=rules_of(state).space_name(cid))
        if sa.max_spaces is not None and len(ctx["sa_spaces"]) >= sa.max_spaces:
            return msg("error.sa_limit", "{sa} may choose at most {n} space(s).", sa=sa.label, n=sa.max_spaces)
        reason = sa.why_not(state, ctx, cid)
        return rules_of(state).composed("error.why", reason, numbers=True) if reason else None

    def apply(self, state, fr, cid):
        ctx = state.action
        sa = sa_of(state, ctx)
        if cid in ("done", CLOSE):
            ctx["sa_state"] = "done"
            if cid == CLOSE:  # the Operation's loop below closes too: one "done" for both (issue 14)
                state.stack.pop()
                push(state, *sa.finish(state, ctx), frame("op.close"))
                return
            push(state, *sa.finish(state, ctx))
            return
        # 4.1.1: a one-space Special Activity is made in its one space
        cid, rest = _set_queue(cid, fr, lambda: rules_of(state).spaces_as_set(state)
                               and (sa.together or sa.max_spaces == 1))
        ctx["sa_spaces"].append(cid)
        log(state, "log.sa_space", "{sa} in {space}.", actor=ctx["faction"], sa=sa.name, space=cid)
        push(state, *sa.select(state, ctx, cid), frame("sa.loop", queue=rest) if rest else frame("sa.loop"))


def _sa_queued(state: GameState, ctx: Ctx, sa: SpecialActivity, fr: Frame) -> str | None:
    """The next of the Special Activity's spaces chosen together
    (``fr["queue"]``, then "done") still legal now, else None. A space no
    longer selectable when its turn comes is passed over."""
    for q in fr.get("queue") or []:
        if q == "done":
            return q
        if q not in ctx["sa_spaces"] and (sa.max_spaces is None or len(ctx["sa_spaces"]) < sa.max_spaces) \
                and sa.may_choose(state, ctx, q):
            return q
    return None


@register
class CloseOperation(Step):
    """The Operation ends (its "done"), after its Special Activity closed it (issue 14)."""

    name = "op.close"
    auto = True

    def run(self, state, fr):
        ctx = state.action
        push(state, *op_of(state, ctx).finish(state, ctx), frame("op.after"))


@register
class AfterOperation(Step):
    """The Operation is over; a Special Activity not yet done may follow (4.1).
    ``then_sa``: the player ended the Operation with "End the Operation, then
    a Special Activity" (``CoinRules.sa_after_end``): the Special Activities
    that can start now are offered, without "none" (the player chose one);
    if none can, the action ends (the Special Activity is optional, 2.3.4)."""

    name = "op.after"
    auto = True

    def run(self, state, fr):
        ctx = state.action
        if rules_of(state).sa_in_loop_only(state):
            if not (fr.get("then_sa") and _may_sa_after_end(state)):
                return  # the Special Activity was on offer beside the spaces: "done" closed both (issue 14)
            if _sa_open(state, ctx):
                push(state, frame("op.sa_offer", then_sa=True))
            else:
                log(state, "log.no_sa_after", "{faction}: no Special Activity can follow the Operation now (4.1).",
                    actor=ctx["faction"], faction=ctx["faction"])
            return
        if _sa_open(state, ctx):
            push(state, frame("op.sa_offer"))


@register
class OfferSpecialActivity(Step):
    name = "op.sa_offer"

    def decision(self, state, fr):
        ctx = state.action
        choices = _sa_choices(state, ctx)
        if fr.get("then_sa") and choices:  # chosen with the Operation's end: which one (one alone is applied)
            return Decision(ctx["faction"], msg("prompt.sa_then", "The Operation is over: choose its Special "
                                                "Activity (4.1)."), choices, self.name)
        choices.append(done_choice("No Special Activity"))
        return Decision(ctx["faction"], msg("prompt.sa_after", "Add a Special Activity now?"), choices,
                        self.name)

    def apply(self, state, fr, cid):
        ctx = state.action
        if cid == "done":
            return
        _start_sa(state, ctx, cid[3:])
        push(state, frame("sa.loop"))


@register
class EndOperation(Step):
    """The action is over. For the Sequence of Play, a 1st Eligible faction
    that chose "Operation with Special Activity" but made no Special Activity
    did an Operation only (2.3.4; docs/rulings/sop.md R-2.3.4b): the 2nd
    Eligible then gets a Limited Operation only."""

    name = "op.end"
    auto = True

    def run(self, state, fr):
        ctx = state.action
        if (ctx and ctx.get("sop_role") == "first" and ctx["kind"] == "op+sa" and ctx["sa_state"] == "none"
                and state.turn.first_action == "op+sa"):
            state.turn.first_action = "op"
            log(state, "log.op_without_sa", "{faction} made no Special Activity: an Operation only (2.3.4).",
                actor=ctx["faction"], faction=ctx["faction"])
        state.action = None
