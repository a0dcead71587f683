"""Prompts and drafts: the decision a player owes as a :class:`Prompt`, and
the Discord draft (pick step by step on a copy, back, cancel, confirm)."""
from __future__ import annotations

from typing import Any

import engine
from engine.core.errors import EngineError
from engine.core.messages import split_quantity

from ..i18n import faction_name, render, t
from ..store import GameRow
from .core import (
    _COMPUTE,
    KNOWN_STATES,
    PAGE,
    BadInput,
    Core,
    Prompt,
    Result,
    ServiceError,
    Stale,
    _hidden_revealed,
    game_hook,
)


def _choice_label(locale: str, d: Any, cid: str, game: str) -> str:
    """The label of answer ``cid`` to decision ``d`` in ``game``'s terms: a
    set of joining choices ("delhi+bombay") as their labels joined."""
    if d is None:
        return cid
    if "+" in cid and d.find(cid) is not None:
        return ", ".join(_choice_label(locale, d, part, game) for part in cid.split("+"))
    c = d.find(cid)
    return render(locale, c.label, game) if c else cid


def _joinable(d: Any, options: list | None = None) -> list[str]:
    """The listed options (``options``: ``d.options(PAGE)``, when the caller
    has them) that may be picked together: each joining choice, and each
    count of a joining quantity (ruleset 5's "troop:delhi*3+sepoy:agra",
    issue 14)."""
    join = {c.id for c in d.joining()}
    if not join:  # issue 21: speed: most decisions join nothing
        return []
    return [o.id for o in (d.options(PAGE) if options is None else options)
            if o.id in join or split_quantity(o.id)[0] in join]



def _details(game: str, load, choice_ids: list[str], loc: str) -> dict[str, str]:
    """What a player needs to pick each choice (the pieces in a space, an
    Event's text ...: the game's look-ups' ``choice_details``, issue 31
    item 7); {} when the game has none or there is no state to read."""
    fn = game_hook(game, "choice_details")
    if fn is None:
        return {}
    try:
        return fn(load, choice_ids, loc)
    except ServiceError:  # not started: nothing to describe
        return {}


class Prompts(Core):
    """The prompts room of :class:`bot.service.Service` (see the module doc)."""

    def _prompt(self, g: GameRow, state, version: int, draft: list[str] | None = None,
                draft_labels: list[str] | None = None, confirm: bool = False, d: Any = _COMPUTE,
                loc: str | None = None) -> Prompt | None:
        """The prompt of ``state``'s decision (``d``: that decision when the
        caller has it already, None for a game over; ``state`` is then not
        needed), in language ``loc`` (default: the viewer's, :meth:`_viewer_loc`)."""
        if d is _COMPUTE:
            d = engine.decision(state)
        if d is None:
            return None
        loc = loc or self._viewer_loc(g)
        shown = self._shown(g.game, d, loc, self._loader(g, state))
        return Prompt(game_id=g.id, version=version, draft=list(draft or []), draft_labels=list(draft_labels or []),
                      confirm=confirm, **{k: v.copy() if isinstance(v, (list, dict)) else v for k, v in shown.items()})

    def _loader(self, g: GameRow, state):
        """A function giving the state (``state``, else the stored one),
        called only when a look-up needs it."""
        return (lambda: state) if state is not None else (lambda: self.state_of(g))

    def _shown(self, game: str, d, loc: str, load) -> dict[str, Any]:
        """The :class:`Prompt` fields that show decision ``d`` in language
        ``loc``, rendered once per decision and language (the prompt of a
        saved state is shown with the submit's result, then again).
        ``load()``: the state of ``d``, for ``details`` (loaded only when
        the game's look-ups describe some choice of ``d``)."""
        hit = self._shown_cache.get((id(d), loc))
        if hit is not None and hit[0] is d:  # the very decision (kept alive by the entry)
            return hit[1]
        options = d.options(PAGE)
        text = "\n".join([render(loc, d.prompt, game), *_prompt_lines(game, d, loc)])
        shown = dict(actor=d.actor, actor_name=faction_name(loc, d.actor), text=text,
                     choices=[(c.id, render(loc, c.label, game)) for c in options],
                     many=d.many, joinable=_joinable(d, options), limits=d.limits(options),
                     counts={c.id: c.most for c in d.choices if c.most > 1} if len(options) == len(d.choices)
                     else {},
                     groups=[(render(loc, name, game), [c.id for c in opts])
                             for name, opts in engine.groups(game, d, PAGE, options)])
        shown["details"] = _details(game, load, [c.id for c in options], loc)
        self._shown_cache[(id(d), loc)] = (d, shown)
        while len(self._shown_cache) > KNOWN_STATES:
            self._shown_cache.pop(next(iter(self._shown_cache)))
        return shown

    async def _stale(self, g: GameRow, user: str) -> Stale:
        e = Stale("error.stale", "The game moved on: here is a fresh prompt.")
        try:
            e.prompt = await self.prompt(g.id, user) if g.status == "active" else None
        except ServiceError:
            e.prompt = None
        return e

    async def prompt(self, game_id: int, user: str | None = None) -> Prompt | None:
        """The current decision (with ``user``'s unconfirmed draft applied,
        if any and still fresh); None when the game is over."""
        g = await self.game(game_id)
        if g.state is None or g.status != "active":
            return None
        p = self._known_pending(g.state)
        if p is None:  # first shown since this process started: computed once
            p = engine.pending(self.state_of(g))
            self._remember(g.state, p)
        if user is not None:
            dr = await self.store.get_draft(g.id, str(user))
            if dr and dr[1] and self._draft_valid(dr, g, self._sealed(p)):
                state = self.state_of(g)
                return self._draft_prompt(g, state, dr[1], self._decision_for(g, state, str(user)))
        return self._prompt(g, None, g.version, d=self._decision_for(g, p, None if user is None else str(user)))

    async def _own_draft(self, g: GameRow, user: str, version: int, sealed: bool) -> tuple[int | None, list[str]]:
        """``(since, choices)``: the user's draft on the decision a click built
        at ``version`` answers (:meth:`_draft_valid`); ``(None, [])`` when they
        have none yet. Raises Stale when that decision is no longer theirs to
        answer (the game, or in sealed orders their own decision, moved on)."""
        dr = await self.store.get_draft(g.id, user)
        if self._draft_valid(dr, g, sealed, version):
            return dr[0], dr[1]
        if version != g.version:
            raise await self._stale(g, user)
        return None, []

    async def _keep_draft(self, g: GameRow, user: str, since: int | None, draft: list[str], sealed: bool) -> None:
        """Store ``draft`` (see :meth:`_own_draft`); in sealed orders only on
        the decision it was built on (else Stale: a save changed it meanwhile)."""
        if not sealed:
            await self.store.set_draft(g.id, user, g.version, draft or None)
        elif not await self.store.put_draft(g.id, user, g.version if since is None else since, draft,
                                            new=since is None):
            raise await self._stale(await self.game(g.id), user)

    async def own_prompt(self, game_id: int, user: str) -> Prompt:
        """The prompt of the decision ``user`` owes (their draft applied),
        for /play and the page buttons: what a submit would check first, so
        that no one sees another seat's decision in progress. Raises
        Forbidden (another seat's decision, saying whose; the game's
        manager's; the game over) or BadInput (not started)."""
        user = str(user)
        g = await self.game(game_id)
        state = (self._known_pending(g.state) or self.state_of(g)) if g.status == "active" else None
        self._check_actor(g, state, user)
        return await self.prompt(game_id, user)

    def _draft_prompt(self, g: GameRow, state, draft: list[str], d: Any = _COMPUTE) -> Prompt:
        """The prompt after ``draft`` is applied to a copy of ``state`` (``d``:
        ``state``'s decision when the caller has it). Raises EngineError when
        a drafted choice is not on offer."""
        if d is _COMPUTE:
            d = engine.decision(state)
        work = engine.clone(state)
        labels = []
        dd = d
        loc = self._viewer_loc(g)
        for cid in draft:
            labels.append(_choice_label(loc, dd, cid, g.game))
            engine.apply(work, d.actor, cid, decided=dd)
            dd = engine.pending_for(work, d.actor) if engine.is_simultaneous(state) else engine.decision(work)
        nd = dd
        # a seal that reveals the round shows nothing before it is confirmed (other players' orders stay hidden)
        revealed = engine.is_simultaneous(state) and engine.stretch_marker(work) != engine.stretch_marker(state)
        if nd is None or nd.actor != d.actor or revealed or _hidden_revealed(state, work):
            p = Prompt(game_id=g.id, version=g.version, actor=d.actor, actor_name=faction_name(loc, d.actor),
                       text=t(loc, "play.confirm", "Confirm to play these choices (the turn passes on, or a "
                              "die is rolled or a card revealed)."), choices=[], draft=list(draft),
                       draft_labels=labels, confirm=True)
            return p
        p = self._prompt(g, work, g.version, draft, labels, d=nd)
        return p

    async def pick(self, game_id: int, user: str, version: int, choice: str, draft_len: int | None = None) -> Prompt:
        """Add one choice to ``user``'s draft (validated on a copy, nothing
        saved to the game). Returns the next prompt, or a confirm prompt when
        the draft ends the stretch. Raises Stale / Forbidden / BadInput. In a
        phase of sealed orders, ``version`` may be older than the game's: it
        is checked against the user's own decision (issue 37)."""
        user = str(user)
        g = await self.game(game_id)
        state = self.state_of(g)
        sealed = self._sealed(state)
        since, draft = await self._own_draft(g, user, version, sealed)
        d = self._check_actor(g, state, user)
        if draft_len is not None and draft_len != len(draft):
            raise await self._stale(g, user)
        draft = draft + [choice]
        try:  # the draft applied to a copy checks every choice and builds the prompt
            p = self._draft_prompt(g, state, draft, d)
        except EngineError as e:
            raise BadInput("error.illegal", "{reason}", reason=render(g.locale, e.message, g.game))
        await self._keep_draft(g, user, since, draft, sealed)
        return p

    async def back(self, game_id: int, user: str, version: int) -> Prompt | None:
        """Drop the last drafted choice."""
        user = str(user)
        g = await self.game(game_id)
        sealed = g.status == "active" and self._sealed(self.state_of(g))
        since, draft = await self._own_draft(g, user, version, sealed)
        await self._keep_draft(g, user, since, draft[:-1], sealed)
        return await self.prompt(g.id, user)

    async def cancel(self, game_id: int, user: str) -> Prompt | None:
        g = await self.game(int(game_id))
        dr = await self.store.get_draft(g.id, str(user))
        if dr and g.status == "active" and self._sealed(self.state_of(g)):
            await self.store.put_draft(g.id, str(user), dr[0], [])  # the decision stays theirs: its draft emptied
        else:
            await self.store.set_draft(g.id, str(user), 0, None)
        return await self.prompt(g.id, user)

    async def confirm(self, game_id: int, user: str, version: int) -> Result:
        """Submit ``user``'s draft (see :meth:`submit`)."""
        user = str(user)
        g = await self.game(game_id)
        sealed = g.status == "active" and self._sealed(self.state_of(g))
        _, draft = await self._own_draft(g, user, version, sealed)
        if not draft:
            raise BadInput("error.no_choice", "Choose something first.")
        return await self.submit(g.id, user, draft, version)


def _prompt_lines(game: str, d, loc: str) -> list[str]:
    """Lines the game's look-up module adds under a decision's prompt
    (``prompt_lines(decision, locale)``: e.g. the owners' card text under an
    Event prompt, issue 33); none without one."""
    fn = game_hook(game, "prompt_lines")
    return list(fn(d, loc)) if fn else []
