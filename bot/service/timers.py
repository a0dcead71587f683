"""Timers: reminders, deadlines and their consequence (remind, bot, pass,
substitute; sealed orders sealed as written), and the players' pause."""
from __future__ import annotations

import json
import logging
from typing import Any

import engine

from ..i18n import render, t
from ..store import GameRow
from .core import (
    _COMPUTE,
    MAX_BOT_MOVES,
    BadInput,
    Core,
    Forbidden,
    Post,
    Result,
    Stale,
    bot_name,
    factions_of,
)

log = logging.getLogger("dakbot.service")


class Timers(Core):
    """The timers room of :class:`bot.service.Service` (see the module doc)."""

    def _timers(self, g: GameRow, state, d: Any = _COMPUTE,
                pending: engine.Pending | None = None) -> list[tuple[str, float, dict]]:
        """Reminder (and deadline) rows for whoever owes the next decision
        (``d``: ``state``'s decision when the caller has it already;
        ``pending``: ``engine.pending(state)`` when the caller has it)."""
        if d is _COMPUTE:
            d = engine.decision(state) if state.result is None else None
        if d is None or g.paused:
            return []
        p = pending or engine.pending(state)
        actors = [x.actor for x in p.decisions] if p.simultaneous else [d.actor]
        now = self.clock()
        out = []
        for actor in actors:
            if actor in self._bots(g):
                continue
            out.append(("reminder", now + g.reminder_hours * 3600, {"actor": actor, "move": state.move}))
            if g.deadline_hours:
                out.append(("deadline", now + g.deadline_hours * 3600, {"actor": actor, "move": state.move}))
        return out

    async def set_reminders(self, game_id: int, user: str, hours: float | None = None,
                            deadline_hours: float | None = None, *, manager: bool = False,
                            deadline_action: str | None = None) -> Result:
        """Set the reminder interval (hours, >= 1; any seated player), and,
        for the game's manager only, the deadline per decision (hours, >= 1,
        the reminders' own minimum; 0: none; None: unchanged) and what a
        missed deadline does (:data:`DEADLINE_ACTIONS`). A player who does
        not manage the game cannot shorten everyone's deadline (issue 37).
        Raises BadInput / Forbidden; nothing is changed then."""
        g = await self.game(game_id)
        may_manage = self._may_manage(g, str(user), manager)
        if not may_manage and str(user) not in g.seats.values():
            raise Forbidden("error.manage", "Only the game's creator or someone with Manage Channels can do this.")
        fields: dict[str, Any] = {}
        if deadline_action is not None and deadline_action != g.deadline_action:
            if not may_manage:
                raise Forbidden("error.manage", "Only the game's creator or someone with Manage Channels can do "
                                "this.")
            self._check_deadline_action(deadline_action)
            self._check_humans_only(g.game, deadline_action == "bot")
            fields["deadline_action"] = deadline_action
        if hours is not None:
            self._check_hours(hours)
            if hours < 1:
                raise BadInput("error.reminder_hours", "Reminders come at most once an hour.")
            fields["reminder_hours"] = float(hours)
        if deadline_hours is not None:
            self._check_hours(deadline_hours)
            new = float(deadline_hours) if deadline_hours > 0 else None
            if new != g.deadline_hours and not may_manage:
                raise Forbidden("error.manage_deadline", "Only the game's creator or someone with Manage Channels "
                                "can change the deadline.")
            self._check_deadline_hours(deadline_hours)
            fields["deadline_hours"] = new
        timers = None
        if g.status == "active":
            g.reminder_hours = fields.get("reminder_hours", g.reminder_hours)
            g.deadline_hours = fields.get("deadline_hours", g.deadline_hours)
            timers = self._timers(g, self.state_of(g))
        await self.store.update_game(g.id, timers=timers, **fields)
        g = await self.game(g.id)
        text = t(g.locale, "game.reminders", "Reminders every {hours} h; deadline: {deadline}.",
                 hours=g.reminder_hours, deadline=f"{g.deadline_hours} h" if g.deadline_hours else "-")
        if g.deadline_hours:
            text += " " + self._deadline_action_text(g)
        return Result(game=g, reply=text)

    async def due_reminders(self, now: float | None = None) -> list[tuple[GameRow, Post]]:
        """Posts for the timers due now, pinging only whoever owes the move.
        Each timer is claimed once (several bot processes may run this at
        once); a reminder comes back one interval later; a deadline applies
        the game's consequence (:data:`DEADLINE_ACTIONS`) once.

        Each timer is handled on its own: a game whose stored state cannot be
        read is flagged, its timers dropped and its manager told once (a post
        to its channel), and every other game's reminders still go out."""
        now = self.clock() if now is None else now
        out = []
        for tm in await self.store.due_timers(now):
            g = None
            try:
                if not await self.store.claim_timer(tm["id"]):
                    continue
                g = await self.store.get_game(tm["game_id"])
                posts = await self._timer_fired(tm, g, now)
            except Exception as e:  # noqa: BLE001 - one bad game must not stop the others
                log.error("timer %s of game %s failed: %s: %s", tm["id"], tm["game_id"], type(e).__name__,
                          str(e)[:200])
                post = await self._attention(g, tm["game_id"], e)
                posts = [post] if post else []
            out.extend((g, p) for p in posts)
        return out

    async def _timer_fired(self, tm: dict[str, Any], g: GameRow | None, now: float) -> list[Post]:
        if g is None or g.status != "active" or g.paused:
            return []
        state = self.state_of(g)
        if engine.is_simultaneous(state):
            return await self._sealed_timer(tm, g, state, now)
        d = engine.decision(state)
        if d is None or d.actor in self._bots(g) or d.actor != tm["payload"].get("actor", d.actor):
            return []  # the turn moved on: its own timers were set when it did
        users = self.users_for(g, d.actor)
        who = ", ".join(f"<@{u}>" for u in users) or "-"
        if tm["kind"] != "deadline":
            await self.store.add_timer(g.id, "reminder", now + g.reminder_hours * 3600, tm["payload"])
            text = t(g.locale, "reminder.text", "**{game}**: reminder, {faction} ({who}) is to decide: {prompt}",
                     game=g.name, faction=d.actor, who=who, prompt=render(g.locale, d.prompt, g.game))
            return [Post(text, pings=users, kind="reminder")]
        text = t(g.locale, "reminder.deadline", "**{game}**: the deadline for {faction} ({who}) has passed.",
                 game=g.name, faction=d.actor, who=who)
        notice = Post(text + " " + self._deadline_action_text(g), pings=users, kind="reminder")
        if g.deadline_action == "remind" or d.actor not in factions_of(g.game):
            return [notice]  # a decision no seat holds (the manager's ruling, issue 33) is only reminded
        if g.deadline_action == "substitute":
            grp = next(grp for grp in self._groups(g) if d.actor in grp)
            await self.store.set_seat_holders(g.id, {f: None for f in grp}, user=None, kind="deadline")
            return [notice]
        before = self._before(state)
        new = state  # loaded for this call alone: played on in place
        snaps: list = []
        moves: list = []
        if g.deadline_action == "pass" and d.find("pass") is not None:
            engine.apply(new, d.actor, "pass", decided=d)
            moves.append((new.move, d.actor, "pass"))
        # "bot"; or what a Pass leaves to decide (the 2.3.3 follow-ups), or a
        # decision without Pass: the game's bot ends that Faction's stretch
        self._play_bots(g, new, snaps, moves, only=d.actor)
        try:
            res = await self._commit(g, before, new, d, None, [m[2] for m in moves], "deadline", snaps=snaps,
                                     moves=moves)
        except Stale:
            return []  # the player acted at the same moment: their move stands
        return [notice] + res.posts

    async def _sealed_timer(self, tm: dict[str, Any], g: GameRow, state, now: float) -> list[Post]:
        """A reminder or deadline in a phase of sealed orders: for a player
        who has not sealed yet. At the deadline the phase's default is applied
        for them (engine.default_choice: their orders as written are sealed),
        whatever the group chose for one-player decisions."""
        actor = tm["payload"].get("actor")
        d = engine.pending_for(state, actor) if actor else None
        if d is None or actor in self._bots(g):
            return []
        users = self.users_for(g, actor)
        who = ", ".join(f"<@{u}>" for u in users) or "-"
        if tm["kind"] != "deadline":
            await self.store.add_timer(g.id, "reminder", now + g.reminder_hours * 3600, tm["payload"])
            text = t(g.locale, "reminder.text", "**{game}**: reminder, {faction} ({who}) is to decide: {prompt}",
                     game=g.name, faction=actor, who=who, prompt=render(g.locale, d.prompt, g.game))
            return [Post(text, pings=users, kind="reminder")]
        before = self._before(state)
        moves: list = []
        while engine.pending_for(state, actor) is not None and engine.is_simultaneous(state) \
                and (cid := engine.default_choice(state, actor)) is not None and len(moves) < MAX_BOT_MOVES:
            engine.apply(state, actor, cid)
            moves.append((state.move, actor, cid))
        text = t(g.locale, "reminder.deadline_sealed", "**{game}**: the deadline for {faction} ({who}) has passed: "
                 "the orders written so far are sealed.", game=g.name, faction=actor, who=who)
        notice = Post(text, pings=users, kind="reminder")
        try:
            res = await self._commit(g, before, state, d, None, [m[2] for m in moves], "deadline", moves=moves)
        except Stale:
            return []
        return [notice] + res.posts

    def _deadline_action_text(self, g: GameRow) -> str:
        texts = {"remind": "A missed deadline is only announced.",
                 "bot": "At a missed deadline {bot} plays that Faction's turn.",
                 "pass": "At a missed deadline that Faction Passes (where it cannot, {bot} decides).",
                 "substitute": "At a missed deadline the seat is freed for a substitute (/game join)."}
        return t(g.locale, f"deadline.{g.deadline_action}", texts.get(g.deadline_action, g.deadline_action),
                 bot=bot_name(g.game, g.locale))

    async def pause(self, game_id: int, user: str) -> Result:
        """A player's vote to pause the clock (vacation): when every human
        player has voted, reminders and deadlines stop until /game resume.
        Raises Forbidden (no seat, game not in play)."""
        user = str(user)
        g = await self.game(game_id)
        if g.status != "active":
            raise Forbidden("error.finished", "This game is over.")
        if user not in g.seats.values():
            raise BadInput("error.no_seat", "You hold no seat in this game.")
        votes = sorted(set(g.pause_votes) | {user})
        humans = set(g.seats.values())
        paused = humans <= set(votes)
        await self.store.update_game(g.id, pause_votes=json.dumps(votes), paused=int(paused),
                                     timers=[] if paused else None)
        g = await self.game(g.id)
        if paused:
            text = t(g.locale, "game.paused", "**{name}** is paused: no reminders or deadlines until /game resume.",
                     name=g.name)
        else:
            waiting = ", ".join(f"<@{u}>" for u in sorted(humans - set(votes)))
            text = t(g.locale, "game.pause_vote", "<@{user}> asks to pause **{name}**; waiting for {waiting} "
                     "(/game pause).", user=user, name=g.name, waiting=waiting)
        return Result(game=g, posts=[Post(text)], reply=text)

    async def resume(self, game_id: int, user: str, *, manager: bool = False) -> Result:
        """End a pause (any player or the manager); the clock starts again."""
        user = str(user)
        g = await self.game(game_id)
        if user not in g.seats.values() and not self._may_manage(g, user, manager):
            raise BadInput("error.no_seat", "You hold no seat in this game.")
        g.paused = 0
        timers = self._timers(g, self.state_of(g)) if g.status == "active" else []
        await self.store.update_game(g.id, pause_votes="[]", paused=0, timers=timers, clock_since=self.clock())
        g = await self.game(g.id)
        text = t(g.locale, "game.resumed", "**{name}** goes on: the clock runs again.", name=g.name)
        return Result(game=g, posts=[Post(text)], reply=text)
