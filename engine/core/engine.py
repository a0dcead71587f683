"""The engine protocol (DESIGN §2): ``decision``, ``apply``, ``view``,
``export_state`` over any registered game.

A game's rules module (named by its registered spec, :mod:`engine.core.registry`) provides ``State`` (a
:class:`~engine.core.state.BaseState`), ``new_game(scenario, seed, options)``,
``advance(state)`` (called when the step stack is empty: push the next frame or
set ``state.result``), ``export_state(state)`` and ``view(state, viewer)``.
"""
from __future__ import annotations

import dataclasses
import importlib
import json
import re
import time
from types import ModuleType
from typing import Any, Iterable

from .errors import GameOver, IllegalChoice, NotYourTurn, StateVersionError
from .messages import TOGETHER, Choice, Decision, LogEntry, Message, split_quantity
from .state import STATE_VERSION, BaseState
from .registry import game_spec
from .steps import handler

# A guard against a step that keeps pushing automatic steps forever: far above
# anything a real turn needs (a Campaign round is a few hundred steps).
MAX_AUTO_STEPS = 100_000


def game_module(name: str) -> ModuleType:
    """The rules module of game ``name`` (its registered spec's ``rules``).
    Raises KeyError for an unknown game."""
    rules = game_spec(name).rules
    mod = _MODULES.get(rules)
    if mod is None:
        mod = _MODULES[rules] = importlib.import_module(rules)
    return mod


_MODULES: dict[str, ModuleType] = {}


def new_game(game: str, scenario: str, seed: int, options: dict[str, Any] | None = None) -> BaseState:
    """A new game, settled up to its first decision."""
    state = game_module(game).new_game(scenario=scenario, seed=seed, options=options or {})
    _pending(state)  # settles, and remembers the first decision
    return state


def settle(state: BaseState) -> None:
    """Run automatic steps until a decision is pending or the game is over;
    a decision with one answer is applied on the way where the game asks it
    (:func:`_settle`)."""
    _settle(state, True)


def _settle(state: BaseState, single: bool) -> Decision | None:
    """:func:`settle`; returns the rule's pending decision when it computed it
    (else None).

    Never ask a question with one answer (issue 14): when the game's
    ``auto_single(state)`` is true (Gandhi: ruleset 4), a decision whose rule
    offers exactly one choice, and not a quantity, is applied here and
    logged (``log.only_choice``), not asked -- a loop whose only remaining
    choice is "done" so closes itself. Side choices (:func:`_side_choices`)
    do not make it a question: they stay on offer at the faction's next
    decision. ``single`` False (inside a quantity) asks every decision."""
    module = game_module(state.game)
    auto = single and getattr(module, "auto_single", lambda s: False)(state)
    for _ in range(MAX_AUTO_STEPS):
        if state.result is not None:
            return None
        if not state.stack:
            module.advance(state)
            continue
        top = state.stack[-1]
        h = handler(top, state.game)
        if not h.auto:
            if not auto or getattr(h, "simultaneous", False):
                return None
            d = h.decision(state, top)
            if len(d.choices) != 1 or d.choices[0].most > 1:
                return d
            only = d.choices[0]
            log(state, "log.only_choice", "{faction}: {choice} (the only choice).", actor=d.actor,
                faction=d.actor, choice=only.id, step=d.step)
            state.stack.pop()
            h.apply(state, top, only.id)
            continue
        state.stack.pop()
        h.run(state, top)
    raise RuntimeError("automatic steps did not settle (loop in the rules?)")


def decision(state: BaseState) -> Decision | None:
    """The pending decision, or None when the game is over. In a phase where
    several players decide at once (sealed orders), the first of
    :func:`decisions`."""
    pending = _pending(state)
    return pending[0] if pending else None


def decisions(state: BaseState) -> list[Decision]:
    """Every pending decision: one per player who must act now, each from that
    player's own queue (``[]`` when the game is over). For games where one
    faction decides at a time it is exactly ``[decision(state)]``; in a phase
    of sealed orders it lists every player who has not yet sealed."""
    return list(_pending(state))


@dataclasses.dataclass(frozen=True)
class Pending:
    """What is pending in a settled state, as :func:`pending` returns it:
    ``decisions`` (:func:`decisions`; empty when the game is over) and
    ``simultaneous`` (:func:`is_simultaneous`), with the state's content
    (``key``: its JSON as stored, :func:`split_log`'s, the game log moved
    out) they were computed for.

    A state remembers its Pending (never stored); every engine call that
    needs the pending decisions serves them from it while the state's
    content is still ``key`` -- a state changed in any way, through the
    engine or not, has them computed again. A front end that keeps a Pending
    beside a stored state (:func:`load_state`'s ``pending``) gets the same
    guarantee. The game log is left out of the content: no rule reads it (a
    stored state does not hold it, see :func:`split_log`): two states that
    differ only in where their log was cut have one content.

    ``key`` is therefore the JSON a store saves for the state: a caller
    holding the Pending of a state it has not changed since (:func:`play`
    returns it) saves ``key`` without dumping the state again
    (:func:`split_log`'s ``pending``)."""

    decisions: tuple[Decision, ...]
    simultaneous: bool
    key: str

    @property
    def first(self) -> Decision | None:
        """:func:`decision`: the first pending decision, None when the game is over."""
        return self.decisions[0] if self.decisions else None


_dump_seconds = 0.0  # how long the last _content took: what checking a remembered Pending costs


def _content(state: BaseState) -> str:
    """The state's JSON with its game log moved out (``log`` empty,
    ``log_base`` past it): :func:`split_log`'s JSON, the content a
    :class:`Pending` is kept for (the store keeps the log as rows; no rule
    reads it). ``state`` itself is not changed."""
    global _dump_seconds
    t = time.perf_counter()
    log, base = state.log, state.log_base
    if log:
        state.log, state.log_base = [], base + len(log)
    try:
        out = state.model_dump_json()
    finally:
        if log:
            state.log, state.log_base = log, base
    _dump_seconds = time.perf_counter() - t
    return out


def _remembered(state: BaseState) -> Pending | None:
    """The state's Pending if it was computed for the state's present content."""
    p = state._pending
    if p is None:
        return None
    if p.key == _content(state):
        return p
    state._pending = None  # the state changed: not checked again
    return None


def pending(state: BaseState) -> Pending:
    """Settle ``state``, then its pending decisions and whether they are sealed
    orders, computed once per content of the state (:class:`Pending`)."""
    p = _remembered(state)
    if p is None:
        out = _compute_pending(state)
        p = state._pending = _pending_of(state, out)
    return p


def _pending(state: BaseState, keep: bool = False, sealed_later: bool = False) -> tuple[Decision, ...] | None:
    """Settle, then the pending decisions (the sealed ones of a simultaneous
    step, else the one decision with the game's side choices), each step's
    decision computed once. Remembered (:class:`Pending`) when ``keep`` (the
    caller goes on with the Pending: :func:`play`) or when computing them
    took longer than checking them would (a dump of the state): a decision
    quicker to compute than that is computed again. ``sealed_later``: only
    settle when the state stops at a simultaneous step (None returned): its
    decisions are computed at the next look, once."""
    p = _remembered(state)
    if p is not None:
        return p.decisions
    if sealed_later:
        settle(state)
        if state.result is None and handler(state.stack[-1], state.game).simultaneous:
            return None
    t = time.perf_counter()
    out = _compute_pending(state)
    keep = keep or time.perf_counter() - t > 2 * _dump_seconds
    state._pending = _pending_of(state, out) if keep else None
    return out


def _pending_of(state: BaseState, out: tuple[Decision, ...]) -> Pending:
    simultaneous = bool(out) and handler(state.stack[-1], state.game).simultaneous
    return Pending(out, simultaneous, _content(state))


def _compute_pending(state: BaseState) -> tuple[Decision, ...]:
    if state.result is not None:
        return ()
    d = _settle(state, True)
    if state.result is not None:
        return ()
    top = state.stack[-1]
    h = handler(top, state.game)
    if h.simultaneous:
        return tuple(_sealed_decisions(state, top))
    if d is None:
        d = h.decision(state, top)
    if not d.choices:
        raise RuntimeError(f"step {d.step!r} offered no choices")
    side = _side_choices(state, d)
    return (dataclasses.replace(d, choices=d.choices + side) if side else d,)


def _pending_frame(state: BaseState) -> dict[str, Any] | None:
    """The frame of the pending decision after settling, or None when the game is over."""
    if state.result is None:
        settle(state)
    return None if state.result is not None else state.stack[-1]


def _sealed_decisions(state: BaseState, top: dict[str, Any]) -> list[Decision]:
    pending = handler(top, state.game).decisions(state, top)
    if not pending:
        raise RuntimeError(f"simultaneous step {top['step']!r} has no pending decision")
    return pending


def pending_for(state: BaseState, actor: str) -> Decision | None:
    """``actor``'s pending decision, or None when ``actor`` has nothing to decide now."""
    for d in decisions(state):
        if d.actor == actor:
            return d
    return None


def is_simultaneous(state: BaseState) -> bool:
    """True while several players decide at once (a phase of sealed orders)."""
    p = _remembered(state)
    if p is not None:
        return p.simultaneous
    top = _pending_frame(state)
    return top is not None and handler(top, state.game).simultaneous


def default_choice(state: BaseState, actor: str) -> str | None:
    """The choice applied for ``actor`` when the deadline passes in a
    simultaneous step (its ``default``); None when ``actor`` has nothing
    pending or the step has no default (one-actor steps never do)."""
    if pending_for(state, actor) is None or not is_simultaneous(state):
        return None
    top = state.stack[-1]
    return handler(top, state.game).default(state, top, actor)


def apply_defaults(state: BaseState) -> list[LogEntry]:
    """The deadline passed: apply each pending player's default in the current
    simultaneous step until that step resolves or no one has a default left.
    Returns the new log entries (the reveal, when it happens)."""
    start = len(state.log)
    if not is_simultaneous(state):
        return []
    top = state.stack[-1]
    for _ in range(MAX_AUTO_STEPS):
        if state.result is not None or not state.stack or state.stack[-1] is not top:
            break
        pending = [(d.actor, default_choice(state, d.actor)) for d in decisions(state)]
        pending = [(a, c) for a, c in pending if c is not None]
        if not pending:
            break
        apply(state, *pending[0])
    return [LogEntry.from_dict(e) for e in state.log[start:]]


def _side_choices(state: BaseState, d: Decision) -> list:
    """Choices a game offers beside any decision of a faction (e.g. Gandhi's
    Resource transfer, 1.5.2): the game module's ``side_choices(state, d)``,
    carried out by its ``apply_side(state, actor, choice_id)`` on top of the
    pending decision, which is offered again afterwards."""
    fn = getattr(game_module(state.game), "side_choices", None)
    return list(fn(state, d)) if fn else []


def out_of_turn(state: BaseState, actor: str) -> list[Choice]:
    """Choices ``actor`` may make although another player is deciding (A
    Distant Plain: challenging the Event just entered, issue 33): the game
    module's ``out_of_turn_choices(state, actor)``, carried out by its
    ``apply_out_of_turn(state, actor, choice_id)`` through :func:`apply` (so
    a transcript records and replays them); [] for a game without them, a
    game over, or a simultaneous step."""
    fn = getattr(game_module(state.game), "out_of_turn_choices", None)
    if fn is None or state.result is not None or is_simultaneous(state):
        return []
    return list(fn(state, actor))


def apply(state: BaseState, actor: str, choice_id: str, *, decided: Decision | None = None) -> list[LogEntry]:
    """Carry out one offered choice for ``actor``; return the new log entries.

    Raises GameOver if the game has ended, NotYourTurn if ``actor`` is not the
    one deciding, IllegalChoice if ``choice_id`` is not on offer. Nothing is
    applied when one of these is raised.

    ``decided``: ``decision(state)`` when the caller has just computed it on
    this very state, unchanged since (a front end that showed the decision):
    it is not computed again. Never pass a decision of another state.
    """
    return _apply(state, actor, choice_id, decided, keep=False)


def _apply(state: BaseState, actor: str, choice_id: str, decided: Decision | None, keep: bool) -> list[LogEntry]:
    """:func:`apply`; ``keep``: the new state's Pending is remembered however
    cheap it was (:func:`play` returns it)."""
    if decided is None:
        pending = _pending(state)
        d = pending[0] if pending else None
    else:  # the caller's decision of this very state, which is therefore settled
        d = decided
    if d is not None and handler(state.stack[-1], state.game).simultaneous:
        return _apply_sealed(state, actor, choice_id, keep, decided if d.actor == actor else None)
    if d is None:
        raise GameOver(Message("error.game_over", {}, "The game is over."))
    if (actor != d.actor or d.find(choice_id) is None) and any(c.id == choice_id for c in out_of_turn(state, actor)):
        start = len(state.log)
        game_module(state.game).apply_out_of_turn(state, actor, choice_id)
        state.move += 1
        state._pending = None
        _pending(state, keep)
        return [LogEntry.from_dict(e) for e in state.log[start:]]
    if actor != d.actor:
        raise NotYourTurn(
            Message("error.not_your_turn", {"actor": actor, "expected": d.actor},
                    "It is not {actor}'s decision: {expected} is to decide.")
        )
    top = state.stack[-1]
    if d.find(choice_id) is None:
        raise IllegalChoice(_refusal(state, top, d, choice_id))
    if TOGETHER in choice_id:
        why = handler(top, state.game).check_joined(state, top, choice_id)
        if why is not None:
            raise IllegalChoice(why)
    start = len(state.log)
    # a joined answer ("a*2+b"), or a count the step takes itself, goes to the step whole
    whole = choice_id in d.ids() or TOGETHER in choice_id or handler(top, state.game).takes_counts(state, top)
    base, n = (choice_id, 1) if whole else split_quantity(choice_id)
    if any(c.id == base for c in _side_choices(state, d)):
        game_module(state.game).apply_side(state, actor, base)  # the pending decision stays below
    elif n == 1:
        state.stack.pop()
        handler(top, state.game).apply(state, top, base)
    else:
        _apply_quantity(state, actor, d, base, n)
    state.move += 1
    state._pending = None  # the move counter changed: the memo cannot be this state's (no dump to check it)
    _pending(state, keep)  # settles; the next decision is computed once, here
    return [LogEntry.from_dict(e) for e in state.log[start:]]


def play(state: BaseState, actor: str, choice_id: str, *, decided: Decision | None = None) -> Pending:
    """:func:`apply`, then the new state's :class:`Pending` (what
    :func:`pending` would give), computed once by the apply: a front end
    that goes on with the pending decisions (the next ``decided``, bots,
    timers) and saves the state (``split_log(state, pending)``) needs no
    second look at the state. Raises as :func:`apply`."""
    _apply(state, actor, choice_id, decided, keep=True)
    return state._pending


def _apply_quantity(state: BaseState, actor: str, d: Decision, base: str, n: int) -> None:
    """Take choice ``base`` ``n`` times in a row (a quantity, issue 14): each
    time the same step must offer it again to ``actor``; else nothing is
    applied and IllegalChoice is raised."""
    backup = clone(state)
    for i in range(n):
        if i:
            nd = _settle(state, False)
            if nd is None and state.result is None:
                nd = handler(state.stack[-1], state.game).decision(state, state.stack[-1])
            if nd is None or nd.actor != actor or nd.step != d.step or nd.find(base) is None:
                for name in type(state).model_fields:
                    setattr(state, name, getattr(backup, name))
                raise IllegalChoice(Message(
                    "error.quantity", {"choice": base, "n": n, "done": i},
                    "'{choice}' can be taken {done} time(s) here, not {n}."))
        top = state.stack.pop()
        handler(top, state.game).apply(state, top, base)


def _apply_sealed(state: BaseState, actor: str, choice_id: str, keep: bool,
                  decided: Decision | None = None) -> list[LogEntry]:
    """``apply`` in a simultaneous step: any player with a pending decision
    answers from their own queue; the step keeps its frame until it reveals.
    ``decided``: ``actor``'s pending decision when the caller has it (not
    looked up again)."""
    d = decided if decided is not None else pending_for(state, actor)
    if d is None:
        expected = ", ".join(x.actor for x in decisions(state))
        raise NotYourTurn(
            Message("error.not_your_turn", {"actor": actor, "expected": expected},
                    "It is not {actor}'s decision: {expected} is to decide.")
        )
    top = state.stack[-1]
    if d.find(choice_id) is None:
        raise IllegalChoice(_refusal(state, top, d, choice_id))
    start = len(state.log)
    handler(top, state.game).apply_for(state, top, actor, choice_id)
    state.move += 1
    state._pending = None  # the move counter changed: the memo cannot be this state's
    # settles; the next decisions are computed once: here when the caller goes
    # on with them (play), else at the next look (most answers leave the step
    # sealed, every writer's decision to compute again: not twice per answer)
    _pending(state, keep, sealed_later=not keep)
    return [LogEntry.from_dict(e) for e in state.log[start:]]


# A refusal quotes the refused id; anything longer than a choice id could be is
# cut, so that a forged id of a megabyte never reaches a chat message.
MAX_QUOTED_ID = 60


def _refusal(state: BaseState, top: dict[str, Any], d: Decision, choice_id: Any) -> Message:
    """Why ``choice_id`` is not on offer: the step's own reason in the game's
    terms when it has one, else the generic "not one of the choices".

    A step's ``refuse`` sees any string a user can type; if it fails on an id
    of an unexpected shape, the generic refusal is given instead (the player
    still learns the choice is not on offer, and nothing is applied)."""
    reason = None
    if isinstance(choice_id, str):
        try:
            reason = handler(top, state.game).refuse(state, top, choice_id)
        except Exception:  # noqa: BLE001 - any failure means "not on offer"
            reason = None
    if reason is not None:
        return reason
    quoted = str(choice_id)
    if len(quoted) > MAX_QUOTED_ID:
        quoted = quoted[:MAX_QUOTED_ID] + "…"
    return Message(
        "error.not_offered",
        {"choice": quoted, "choices": ", ".join(d.ids()[:30])},
        "'{choice}' is not one of the choices here: {choices}.",
    )


def apply_many(state: BaseState, actor: str, choice_ids: Iterable[str]) -> tuple[BaseState, list[LogEntry]]:
    """Apply a batch of choices in order, all or nothing.

    Returns ``(new_state, log)``; on any error the original ``state`` is left
    untouched and the error is raised.
    """
    work = clone(state)
    logs: list[LogEntry] = []
    for cid in choice_ids:
        logs.extend(apply(work, actor, cid))
    return work, logs


def clone(state: BaseState) -> BaseState:
    """A deep copy through JSON (the same path as storage)."""
    return load_state(dump_state(state))


def scratch(state: BaseState) -> BaseState:
    """A copy of ``state`` to try moves on and throw away (a joined answer
    checked part by part): :func:`clone` without the game log, which no
    rule reads -- a copy through JSON costs ~0.2 ms where ``copy.deepcopy``
    of a pydantic state costs ~4 ms (issue 21). Never saved, never returned
    to a player: its ``log`` is empty and ``log_base`` past the original's.
    A state that does not validate (a test's hand-made board, e.g. a
    Restraint of 0 to fix a die roll) is deep-copied instead: no stored
    game is such a state."""
    try:
        return load_state(_content(state))
    except ValueError:  # pydantic's ValidationError
        return state.model_copy(deep=True)


def dump_state(state: BaseState) -> str:
    """The full state, secrets included, as JSON (for storage only)."""
    return state.model_dump_json()


def split_log(state: BaseState, pending: Pending | None = None) -> tuple[str, list[tuple[int, dict[str, Any]]]]:
    """For storage that keeps the game log as rows: ``(state_json, entries)``,
    the JSON of :func:`dump_state` with the log moved out (``log`` empty,
    ``log_base`` advanced past it) and the moved entries as ``(n, entry)``,
    ``n`` the entry's 0-based number in the whole game. ``state`` itself is
    not changed. The entries must be stored with the JSON (upserted by ``n``:
    a state restored from an older snapshot may log the same numbers again).

    ``pending``: the state's :class:`Pending` (from :func:`play` or
    :func:`pending`) when the caller has not changed the state since; its
    ``key`` is that JSON, so the state is not dumped again. Never pass the
    Pending of another state."""
    entries = [(state.log_base + i, e) for i, e in enumerate(state.log)]
    return (pending.key if pending is not None else _content(state)), entries


def log_length(state: BaseState) -> int:
    """The number of log entries in the whole game (stored rows included)."""
    return state.log_base + len(state.log)


def load_state(data: str | dict[str, Any], pending: Pending | None = None) -> BaseState:
    """Rebuild a state from :func:`dump_state` output, validated by pydantic.

    ``pending``: a :class:`Pending` the caller kept beside the stored JSON
    (e.g. from :func:`pending` of the state that was dumped); it is served
    only if it belongs to the loaded state's content, else computed anew."""
    state = _load_json(data) if isinstance(data, str) else None
    if state is None:
        if isinstance(data, str):
            data = json.loads(data)
        module = game_module(data["game"])
        state = module.load_state(migrate_state(module, data))
    if pending is not None:
        state._pending = pending
    return state


# how a dumped state begins (BaseState's first fields, in their order)
_HEAD = re.compile(r'\{"game":"([a-z0-9_]+)","version":(\d+),')


def _load_json(data: str) -> BaseState | None:
    """A state of the current version parsed and validated in one pass
    (the game module's ``load_state_json``: pydantic's own JSON parser, the
    same model as ``load_state``), else None: the general path then loads
    it (another version to migrate, another shape, or invalid: its errors
    are raised there)."""
    m = _HEAD.match(data)
    if m is None:
        return None
    try:
        module = game_module(m.group(1))
    except KeyError:
        return None
    fast = getattr(module, "load_state_json", None)
    if fast is None or int(m.group(2)) != getattr(module, "STATE_VERSION", STATE_VERSION):
        return None
    try:
        return fast(data)
    except ValueError:  # pydantic's ValidationError, a JSON error: reported by the general path
        return None


def migrate_state(module: ModuleType, data: dict[str, Any]) -> dict[str, Any]:
    """Bring stored state JSON up to the game's ``STATE_VERSION`` (default
    :data:`~engine.core.state.STATE_VERSION`) through the game's
    ``STATE_MIGRATIONS`` (``{n: function(dict) -> dict}``, from version n to
    n + 1), so a game saved by an older release continues after an upgrade.

    Raises StateVersionError for a state newer than this engine, or an older
    one without a migration step."""
    current = getattr(module, "STATE_VERSION", STATE_VERSION)
    steps = getattr(module, "STATE_MIGRATIONS", {})
    have = int(data.get("version", 1))
    if have > current:
        raise StateVersionError(Message(
            "error.state_newer", {"have": have, "known": current},
            "This game was saved by a newer release (state version {have}; this one knows {known})."))
    while have < current:
        if have not in steps:
            raise StateVersionError(Message(
                "error.state_old", {"have": have, "known": current},
                "This game was saved in state version {have}, which this release ({known}) cannot convert."))
        data = steps[have](dict(data))
        have += 1
        data["version"] = have
    return data


def export_state(state: BaseState) -> dict[str, Any]:
    """Documented, stable public JSON (no deck order); see docs/state.md."""
    return game_module(state.game).export_state(state)


def view(state: BaseState, viewer: str | None) -> dict[str, Any]:
    """What ``viewer`` (a faction id, or None for a spectator) may see."""
    return game_module(state.game).view(state, viewer)


def stretch_marker(state: BaseState) -> Any:
    """A value that changes when a new stretch of play begins even for the
    same deciding faction (a new card, a new Campaign phase): front ends
    announce the turn again then. Games without the notion return None."""
    fn = getattr(game_module(state.game), "stretch_marker", None)
    return fn(state) if fn else None


SELECT_LIMIT = 25  # the most options one Discord select shows


def groups(game: str, d: Decision, limit: int = SELECT_LIMIT,
           options: list[Choice] | None = None) -> list[tuple[Message, list[Choice]]]:
    """``d.options(limit)`` grouped the way a player thinks (issue 14), for a front
    end that cannot show more than ``limit`` options at once: ``[(group
    name, options)]`` in order of first appearance, from the game's
    ``choice_group(choice_id) -> Message | None`` (Gandhi: by kind of space
    and piece); options without a group go to a last group "Other". One
    group holding everything when ``d`` has ``limit`` options or fewer, or
    the game groups nothing. ``options``: ``d.options(limit)`` when the
    caller has them."""
    options = d.options(limit) if options is None else options
    fn = getattr(game_module(game), "choice_group", None)
    everything = Message("group.all", {}, "Choices")
    if len(options) <= limit or fn is None:
        return [(everything, options)]
    out: dict[str, tuple[Message, list[Choice]]] = {}
    other = Message("group.other", {}, "Other")
    for c in options:
        g = fn(c.id) or other
        out.setdefault(f"{g.key}{sorted(g.params.items())}", (g, []))[1].append(c)
    return list(out.values()) if len(out) > 1 else [(everything, options)]


def display_names(game: str) -> dict[str, str]:
    """English display names of the ids a game's messages carry as parameters
    (spaces, piece kinds, factions, Operations ...): ``{"delhi": "Delhi", ...}``.
    Front ends use it to render parameters readably in any locale."""
    return game_module(game).display_names()


def log(state: BaseState, key: str, text: str = "", actor: str | None = None, **params: Any) -> None:
    """Append a structured log entry to the state."""
    state.log.append({"key": key, "params": params, "actor": actor, "text": text})
