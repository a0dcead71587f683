"""Turns: a submit applied all or nothing, the bot seats' moves, the save with
the optimistic check (shared by submits, deadlines and seats handed to the
bot), and undo by snapshots."""
from __future__ import annotations

import dataclasses
import functools
import logging
from typing import Any

import engine
from engine.core.errors import EngineError
from engine.core.registry import resolve

from .. import bots as botmod
from ..i18n import render, t
from ..store import Conflict, GameRow
from .core import MAX_BOT_MOVES, BadInput, Core, Forbidden, Post, Result, Stale, _hidden_revealed, factions_of

logger = logging.getLogger(__name__)

#: how often a sealed order is tried again on the state another player's
#: order saved meanwhile (each try re-reads the game: a busy phase converges)
SEALED_RETRIES = 8


@dataclasses.dataclass(frozen=True)
class _Actor:
    """Who made an out-of-turn choice, where :meth:`Turns._commit` wants the decision answered."""

    actor: str


@functools.lru_cache(maxsize=None)
def _invariants(game: str):
    """The game's registered invariant check ``check(state) -> [problem]``
    (``GameSpec.invariants``), or None when it declares none."""
    ref = engine.game_spec(game).invariants
    return getattr(resolve(ref), "check", None) if ref else None


class Turns(Core):
    """The turns room of :class:`bot.service.Service` (see the module doc)."""

    @staticmethod
    def _check_invariants(g: GameRow, state) -> None:
        """Run the game's invariants on a state about to be saved (issue 33:
        after every live move, as self-play does). Raises BadInput
        ``error.invariant`` naming the first broken one; nothing is saved."""
        check = _invariants(g.game)
        errs = check(state) if check else []
        if errs:
            logger.error("game %s: invariants broken by a move, refused: %s", g.id, "; ".join(errs[:5]))
            raise BadInput("error.invariant", "That move was refused: it would leave the game in a position its "
                           "rules forbid ({problem}). Nothing was saved; please tell the game's manager.",
                           problem=errs[0])

    def _play_bots(self, g: GameRow, state, snaps: list, moves: list, only: str | None = None,
                   p: engine.Pending | None = None) -> engine.Pending:
        """Let bot seats (or, with ``only``, that one Faction: a deadline's
        consequence) decide until a human must (or the game ends); appends a
        snapshot each time the deciding Faction changes and each applied
        choice to ``moves`` as ``(move, actor, choice)``. Returns the pending
        decisions then (``.first``: the decision, None when the game is
        over), computed once. ``p``: ``engine.pending(state)`` when the
        caller has it (``engine.play``'s, the state unchanged since)."""
        bots = {only} if only else self._bots(g)
        n = 0
        last = None
        while True:
            if p is None:
                p = engine.pending(state)
            pending = p.decisions
            if not pending:
                return p
            d = next((x for x in pending if x.actor in bots), None)
            if d is None:
                return p
            sealed = len(pending) > 1 or p.simultaneous
            if d.actor != last and not sealed:  # sealed orders are taken back with Back, not undo
                # its log entries are stored as rows by the same save
                snaps.append((d.actor, state.move, engine.split_log(state, p)[0]))
                last = d.actor
            cid = botmod.choose(state, d)
            p = engine.play(state, d.actor, cid, decided=None if sealed else d)
            moves.append((state.move, d.actor, cid))
            n += 1
            if n > MAX_BOT_MOVES:
                raise RuntimeError("bots did not hand back")

    def _check_actor(self, g: GameRow, state, user: str):
        if g.status == "setup":
            raise BadInput("error.not_started", "The game has not started yet.")
        if g.status != "active":
            raise Forbidden("error.finished", "This game is over.")
        d = self._decision_for(g, state, user)
        if d is None:
            raise Forbidden("error.finished", "This game is over.")
        if user not in self.users_for(g, d.actor):
            if d.actor not in factions_of(g.game):  # no seat decides this: the game's manager does
                raise Forbidden("error.manager_decides", "This decision is the game's manager's (<@{manager}>).",
                                manager=g.creator)
            holder = g.seats.get(d.actor)
            if holder:
                raise Forbidden("error.not_your_seat", "It is {faction}'s decision, and you do not hold that seat "
                            "({holder} does).", faction=d.actor, holder=f"<@{holder}>")
            raise Forbidden("error.seat_unheld", "It is {faction}'s decision, and you do not hold that seat "
                        "(no one does yet).", faction=d.actor)
        return d

    async def submit(self, game_id: int, user: str, choices: list[str], version: int | None = None) -> Result:
        """Apply ``choices`` (in order, all or nothing) for the Faction now
        deciding, which ``user`` must hold. ``version``: the move counter the
        choices were built against (None = the current one). Then bots play,
        the state is saved with the optimistic check, and a public turn post
        (log since the last post, map, ping) is returned when the deciding
        Faction changed or the game ended.

        Raises Stale (a fresh prompt in ``.prompt``), Forbidden (not your
        seat, game over), BadInput (a choice not on offer: why, in the game's
        terms), NotFound."""
        user = str(user)
        for attempt in range(SEALED_RETRIES):
            g = await self.game(game_id)
            state, known = self._loaded(g)
            sealed = self._sealed(known or state) if g.status == "active" else False
            if version is not None and version != g.version and not (
                    sealed and self._draft_valid(await self.store.get_draft(g.id, user), g, True, version)):
                raise await self._stale(g, user)
            d = self._check_actor(g, known or state, user)
            if not choices:
                raise BadInput("error.no_choice", "Choose something first.")
            before = self._before(state)
            # the state was loaded for this call alone: the choices are applied to
            # it in place (no copy); on a refusal it is dropped, nothing is saved.
            # Each choice answers the decision the one before left (engine.play).
            try:
                decided = d
                for cid in choices:
                    p = engine.play(state, d.actor, cid, decided=decided)
                    decided = p.first
            except EngineError as e:
                raise BadInput("error.illegal", "{reason}", reason=render(g.locale, e.message, g.game))
            try:
                return await self._commit(g, before, state, d, user, list(choices), "submit", pending=p)
            except Stale:
                # sealed orders: another player's orders were saved first; this
                # player's go on the new state if that save left their decision
                # as it was (the check above), else Stale (issue 37)
                if not sealed or version is None or attempt == SEALED_RETRIES - 1:
                    raise
        raise AssertionError("unreachable")

    async def out_of_turn(self, game_id: int, user: str, choice: str = "challenge") -> Result:
        """Make an out-of-turn choice (``engine.out_of_turn``: a challenge of
        the choice just entered by another seat, issue 33) for a Faction
        ``user`` holds, although another is deciding; saved, posted and
        replayed like any move. Raises BadInput ``error.no_out_of_turn`` when
        none of ``user``'s Factions may make it now, Forbidden when the game
        is not in play."""
        user = str(user)
        g = await self.game(game_id)
        if g.status != "active":
            raise Forbidden("error.finished" if g.status != "setup" else "error.not_started",
                            "This game is over." if g.status != "setup" else "The game has not started yet.")
        state, _known = self._loaded(g)
        held = [f for f, u in g.seats.items() if u == user]
        faction = next((f for f in held if any(c.id == choice for c in engine.out_of_turn(state, f))), None)
        if faction is None:
            raise BadInput("error.no_out_of_turn", "There is nothing for you to challenge now: only an Event just "
                           "entered, by another seat, before the next action.")
        before = self._before(state)
        p = engine.play(state, faction, choice)
        return await self._commit(g, before, state, _Actor(faction), user, [choice], "out_of_turn", pending=p)

    async def _commit(self, g: GameRow, before: tuple[int, Any], new, d, user: str | None, choices: list[str],
                      kind: str, *, snaps: list | None = None, moves: list | None = None,
                      pending: engine.Pending | None = None) -> Result:
        """Save ``new`` (reached by ``d.actor``'s ``choices`` from a state of
        which ``before`` is :meth:`_before`) after the bots play, with the
        optimistic check; the turn post when the turn passes on. Shared by
        submit and a deadline's consequence. ``pending``: ``new``'s pending
        decisions when the caller has them (``engine.play``). Each decision
        of ``new`` is computed once, and the state dumped once (the key of
        its Pending is the JSON saved)."""
        snaps = list(snaps or [])
        moves = list(moves) if moves is not None else [
            (before[0] + i, d.actor, c) for i, c in enumerate(choices, 1)]
        p = self._play_bots(g, new, snaps, moves, p=pending)  # what the bots left pending
        self._check_invariants(g, new)
        nd = p.first
        marker = engine.stretch_marker(new)
        changed = nd is None or nd.actor != d.actor or bool(snaps) or marker != before[1]
        if nd is not None and p.simultaneous and marker == before[1]:
            changed = False  # the same round of sealed orders goes on: nothing to post until the reveal
        new_json, log_rows = engine.split_log(new, p)
        if nd is not None and changed:
            snaps.append((nd.actor, new.move, new_json))
        keep, fresh = self._drafts_after(g, before, d, p, changed)
        status = "finished" if new.result is not None else None
        posted_from = g.posted_log
        try:
            v = await self.store.save_state(
                g.id, g.version, new_json, status=status,
                action={"user": user, "actor": d.actor, "kind": kind, "choices": list(choices)},
                snapshots=snaps, timers=self._timers(g, new, nd, p) if changed else None,
                posted_log=engine.log_length(new) if changed else None, moves=moves, log=log_rows,
                keep_drafts=keep, fresh_drafts=fresh)
        except Conflict:
            raise await self._stale(await self.game(g.id), user or "")
        superseded, (g.version, g.state) = g.state, (v, None)  # the row as saved, without a re-read
        self._known.pop(superseded, None)  # no longer any game's state: room for one that is
        self._remember(new_json, p)
        if status:
            g.status = status
        # the next prompt is rendered when it is read (the viewer's language now)
        loc = self._viewer_loc(g)
        nxt = self._decision_for(g, p, user) if nd else nd
        res = Result(game=g, later=lambda: self._prompt(g, new, v, d=nxt, loc=loc),
                     next_actor=nxt.actor if nxt is not None else None)
        if changed:
            res.posts.append(await self._turn_post(g, new, nd, posted_from, exclude=user if kind == "submit" else None,
                                                   pending=p))
        proposal = await self._proposal_post(g, new)
        if proposal is not None:
            res.posts.append(proposal)
        if new.result is not None:
            await self.store.clear_timers(g.id)
            res.posts.append(Post(self._result_text(g, new), kind="end"))
        res.reply = t(g.locale, "play.done", "Done.")
        return res

    def _drafts_after(self, g: GameRow, before: tuple, d, p: engine.Pending, changed: bool) -> tuple[set, set]:
        """Whose drafts a save keeps and who starts an empty one (see
        ``Store.save_state``): in a round of sealed orders that goes on, only
        the saver's own decision changed (no player sees another's orders);
        a new round gives every player a new decision; outside sealed orders
        every draft is dropped (issue 37)."""
        if not self._sealed(p):
            return set(), set()
        owing = self._owing_users(g, p)
        if changed or not before[2]:
            return set(), owing
        saver = g.seats.get(d.actor)
        return owing - {saver}, owing & {saver}

    async def undo(self, game_id: int, user: str) -> Result:
        """Undo (DESIGN §2, by snapshots): the deciding player goes back to the
        start of their current stretch; or, if the next Faction has not yet
        chosen anything, the previous player goes back to the start of theirs.
        Refused when a die was rolled or a card revealed since, when another
        player (or a bot) acted in between, or when there is nothing to undo."""
        user = str(user)
        g = await self.game(game_id)
        loc = g.locale
        if g.status != "active":
            raise Forbidden("error.finished" if g.status != "setup" else "error.not_started",
                            "This game is over." if g.status != "setup" else "The game has not started yet.")
        state = self.state_of(g)
        if engine.is_simultaneous(state):
            raise Forbidden("error.undo_sealed", "Orders being written are taken back with Back before you seal; "
                            "sealed orders stand until the reveal.")
        snaps = await self.store.snapshots(g.id, 2)
        if not snaps:
            raise BadInput("error.nothing_to_undo", "There is nothing to undo.")
        last = snaps[0]
        target = None
        drop_after = None
        if state.move > last["move"]:
            target, drop_after = last, last["id"]
        elif len(snaps) > 1:
            target, drop_after = snaps[1], snaps[1]["id"]
        if target is None:
            raise BadInput("error.nothing_to_undo", "There is nothing to undo.")
        if g.seats.get(target["actor"]) != user or target["actor"] in self._bots(g):
            raise Forbidden("error.undo_not_yours", "Only {faction}'s player can undo this, and only before another "
                            "player acts.", faction=target["actor"])
        old = engine.load_state(target["state"])
        if _hidden_revealed(old, state):
            raise Forbidden("error.undo_hidden", "Cannot undo: a die was rolled or a card was revealed since.")
        od = engine.decision(old)
        try:
            v = await self.store.save_state(g.id, g.version, target["state"],
                                            action={"user": user, "actor": target["actor"], "kind": "undo",
                                                    "choices": [str(old.move)]},
                                            drop_snapshots_after=drop_after, timers=self._timers(g, old, od),
                                            posted_log=min(g.posted_log, engine.log_length(old)),
                                            drop_log_from=engine.log_length(old),
                                            drop_moves_after=old.move,
                                            fresh_drafts=self._owing_users(g, engine.pending(old)))
        except Conflict:
            raise await self._stale(await self.game(g.id), user)
        g = await self.game(g.id)
        text = t(loc, "game.undone", "<@{user}> took back the choices of {faction}.", user=user, faction=target["actor"])
        return Result(game=g, posts=[Post(text)], reply=text, prompt=self._prompt(g, old, v, d=od))
