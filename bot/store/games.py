"""Games: one row per game — create, read, update, the move saved with its
optimistic check, finish, attention, upgrade notices, moving channel."""
from __future__ import annotations

import json
import time
from collections.abc import Collection
from typing import Any

from .core import (
    MAX_ID,
    OPEN,
    SNAPSHOTS_KEPT,
    Conflict,
    GameRow,
    StoreCore,
    check_text,
)


class Games(StoreCore):
    """The SQL of games (see the module doc; composed in :class:`bot.store.Store`)."""

    async def create_game(self, *, channel: str, guild: str | None, name: str, game: str, scenario: str,
                          seed: int, options: dict[str, Any], creator: str, locale: str = "en",
                          bots: list[str] = (), deadline_action: str = "remind") -> GameRow:
        """Insert a game in ``setup`` with its bot seats and the "create" action,
        in one transaction. Raises Conflict if the channel has an open game."""
        now = time.time()
        async with self._txn() as c:
            try:
                gid = await c.insert(
                    "INSERT INTO games (channel, guild, name, game, scenario, seed, options, status, creator,"
                    " locale, created, updated, deadline_action) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    channel, guild, name, game, scenario, seed, json.dumps(options), "setup", creator,
                    locale, now, now, deadline_action)
            except self.INTEGRITY as e:
                raise Conflict("channel has an open game") from e
            for f in bots:
                await c.execute("INSERT INTO seats (game_id, faction, user_id, bot) VALUES (?,?,NULL,1)", gid, f)
            await self._action(c, gid, creator, None, "create", [], 0, now)
            return await self._game(c, "id=?", gid)

    async def get_game(self, game_id: int) -> GameRow | None:
        """The game with that id, or None (also for an id no database can hold)."""
        if not 0 < game_id <= MAX_ID:
            return None
        return self._row(await self._point(self.GAME_SELECT + " WHERE id=?", game_id))

    async def open_game_in(self, channel: str) -> GameRow | None:
        """The channel's game in setup or play, or None."""
        return self._row(await self._point(self.GAME_SELECT + " WHERE channel=? AND status IN ('setup','active')",
                                           channel))

    async def latest_game_in(self, channel: str) -> GameRow | None:
        """The channel's open game, else its most recent game."""
        async with self._conn() as c:
            return await self._game(c, "channel=? ORDER BY status IN ('setup','active') DESC, id DESC LIMIT 1",
                                    channel)

    async def games(self, status: tuple[str, ...] = OPEN) -> list[GameRow]:
        """Every game with one of these statuses, oldest first."""
        q = ",".join("?" * len(status))
        async with self._conn() as c:
            return [self._row(r) for r in await c.fetch(f"{self.GAME_SELECT} WHERE status IN ({q}) ORDER BY id", *status)]

    async def update_game(self, game_id: int, *, timers: list[tuple[str, float, dict]] | None = None,
                          **fields: Any) -> None:
        """Set plain columns (locale, dashboard, reminder_hours, ...) and, when
        ``timers`` is given, replace the game's timers, in one transaction."""
        if "options" in fields:
            fields["options"] = json.dumps(fields["options"])
        cols = "".join(f"{k}=?, " for k in fields)
        async with self._txn() as c:
            await self._lock_game(c, game_id)
            await c.execute(f"UPDATE games SET {cols}updated=? WHERE id=?", *fields.values(), time.time(), game_id)
            if timers is not None:
                await self._replace_timers(c, game_id, timers)

    async def save_state(self, game_id: int, expected_version: int, state_json: str, *,
                         status: str | None = None, action: dict[str, Any] | None = None,
                         snapshots: list[tuple[str | None, int, str]] = (),
                         drop_snapshots_after: int | None = None,
                         timers: list[tuple[str, float, dict]] | None = None,
                         posted_log: int | None = None,
                         moves: list[tuple[int, str, str]] = (),
                         drop_moves_after: int | None = None,
                         engine_version: str | None = None,
                         log: list[tuple[int, dict[str, Any]]] = (),
                         drop_log_from: int | None = None,
                         keep_drafts: Collection[str] = (), fresh_drafts: Collection[str] = ()) -> int:
        """Write a new state if the stored version is still ``expected_version``;
        in the same transaction append the action row, the snapshots
        ``(actor, move, state_json)``, drop snapshots with id > ``drop_snapshots_after``
        (undo), replace the game's timers (when ``timers`` is not None), set
        ``posted_log`` (how much of this state's log the channel has seen),
        append the applied choices ``moves`` ``(move, actor, choice id)`` (the
        game's transcript; an undo drops those after ``drop_moves_after``),
        store the game-log entries ``log`` ``(n, entry)`` taken out of the
        state (``engine.split_log``; an undo drops those from ``drop_log_from``),
        start the clock of the next decision when ``timers`` is given, record
        ``engine_version`` (the code the game starts on) when given, and
        clear the drafts the move made stale: every draft but those of the
        users in ``keep_drafts`` (sealed orders: players whose own decision
        the move left as it was, issue 37); the users in ``fresh_drafts``
        get an empty draft from the new version on (the decision they owe
        from now: what a sealed-orders click is checked against). Returns
        the new version; raises Conflict if someone else wrote first."""
        now = time.time()
        sets = "state=?, version=version+1, updated=?, attention=NULL"
        params: list[Any] = [state_json, now]
        for col, value in (("status", status), ("posted_log", posted_log),
                           ("clock_since", now if timers is not None else None),
                           ("engine_version", engine_version)):
            if value is not None and value != "":
                sets += f", {col}=?"
                params.append(value)
        update = (f"UPDATE games SET {sets} WHERE id=? AND version=?", (*params, game_id, expected_version))
        new_version = expected_version + 1
        # the rest of the move's rows, written with the UPDATE (_write_move)
        stmts: list[tuple[str, tuple]] = []
        if drop_snapshots_after is not None:
            stmts.append(("DELETE FROM snapshots WHERE game_id=? AND id>?", (game_id, drop_snapshots_after)))
        for actor, move, sj in snapshots:
            stmts.append(("INSERT INTO snapshots (game_id, actor, move, state, at) VALUES (?,?,?,?,?)",
                          (game_id, actor, move, sj, now)))
        if snapshots:
            stmts.append(("DELETE FROM snapshots WHERE game_id=? AND id NOT IN "
                          "(SELECT id FROM snapshots WHERE game_id=? ORDER BY id DESC LIMIT ?)",
                          (game_id, game_id, SNAPSHOTS_KEPT)))
        if action is not None:
            stmts.append((self.ACTION_INSERT, (game_id, action.get("user"), action.get("actor"),
                                               action.get("kind", "submit"),
                                               json.dumps(list(action.get("choices", []))), new_version, now)))
        if timers is not None:
            stmts.append(("DELETE FROM timers WHERE game_id=?", (game_id,)))
            stmts += [(self.TIMER_INSERT, (game_id, kind, due, json.dumps(payload)))
                      for kind, due, payload in timers]
        if drop_moves_after is not None:
            stmts.append(("DELETE FROM moves WHERE game_id=? AND move>?", (game_id, drop_moves_after)))
        stmts += [("INSERT INTO moves (game_id, move, actor, choice, version) VALUES (?,?,?,?,?)"
                   " ON CONFLICT (game_id, move) DO UPDATE SET actor=excluded.actor,"
                   " choice=excluded.choice, version=excluded.version",
                   (game_id, move, actor, choice, new_version)) for move, actor, choice in moves]
        if drop_log_from is not None:
            stmts.append(("DELETE FROM log_entries WHERE game_id=? AND n>=?", (game_id, drop_log_from)))
        stmts += self._log_inserts(game_id, log)
        stmts += self._draft_writes(game_id, new_version, keep_drafts, fresh_drafts)
        for _, p in [update, *stmts]:  # (the backends' one-trip writes pass their connection's own check)
            check_text(p)
        await self._write_move(update, stmts)
        return new_version

    @staticmethod
    def _draft_writes(game_id: int, version: int, keep: Collection[str],
                      fresh: Collection[str]) -> list[tuple[str, tuple]]:
        """:meth:`save_state`'s statements on drafts: drop all but ``keep``'s,
        then an empty draft as of ``version`` for each of ``fresh``."""
        keep, fresh = sorted(set(keep) - set(fresh)), sorted(set(fresh))
        out = [("DELETE FROM drafts WHERE game_id=?" + (f" AND user_id NOT IN ({','.join('?' * len(keep))})"
                                                         if keep else ""), (game_id, *keep))]
        if fresh:
            out.append(("INSERT INTO drafts (game_id, user_id, version, choices) VALUES "
                        + ",".join(["(?,?,?,?)"] * len(fresh)),
                        tuple(x for u in fresh for x in (game_id, u, version, "[]"))))
        return out

    async def _write_move(self, update: tuple[str, tuple], stmts: list[tuple[str, tuple]]) -> None:
        """One move's write, in one transaction: ``update`` (the versioned
        UPDATE of the game row) and, if it changed the row, ``stmts``; else
        nothing is written and Conflict is raised. No separate row lock: the
        UPDATE takes the game's row lock itself (on PostgreSQL a racing
        writer waits for it, then finds the version moved on: Conflict)."""
        async with self._txn() as c:
            if await c.execute(update[0], *update[1]) != 1:
                raise Conflict("the game moved on")
            await c.batch(stmts)

    async def finish_game(self, game_id: int, status: str, *, user: str | None, kind: str) -> None:
        """Close a game (``abandoned`` ...): status, version bump (a racing
        submit then fails its check), timers dropped and the action logged, in
        one transaction. Raises Conflict if the game is no longer open."""
        now = time.time()
        async with self._txn() as c:
            await self._lock_game(c, game_id)
            if await c.execute(
                    "UPDATE games SET status=?, version=version+1, updated=? WHERE id=? AND status IN ('setup','active')",
                    status, now, game_id) != 1:
                raise Conflict("the game is not open")
            await c.execute("DELETE FROM timers WHERE game_id=?", game_id)
            await c.execute("DELETE FROM drafts WHERE game_id=?", game_id)
            v = await c.fetchval("SELECT version FROM games WHERE id=?", game_id)
            await self._action(c, game_id, user, None, kind, [], v, now)

    async def set_attention(self, game_id: int, why: str) -> bool:
        """Flag a game whose stored state cannot be used and drop its timers.
        Returns True the first time (so its manager is told once); a later
        successful save clears the flag."""
        async with self._txn() as c:
            await self._lock_game(c, game_id)
            first = await c.execute("UPDATE games SET attention=? WHERE id=? AND attention IS NULL", why, game_id)
            await c.execute("DELETE FROM timers WHERE game_id=?", game_id)
            return first == 1

    async def set_checked_version(self, game_id: int, version: str) -> None:
        """Record that the game replays identically on code ``version``
        (``dakbot patch``); its state and move counter are untouched."""
        async with self._conn() as c:
            await c.execute("UPDATE games SET checked_version=? WHERE id=?", version, game_id)

    async def claim_patch_notice(self, game_id: int, version: str) -> bool:
        """Take the telling of game ``game_id``'s manager that it does not
        replay on code ``version``: True for exactly one caller per version,
        across processes (one conditional UPDATE)."""
        async with self._conn() as c:
            return await c.execute(
                "UPDATE games SET patch_notice=? WHERE id=? AND (patch_notice IS NULL OR patch_notice<>?)",
                version, game_id, version) == 1

    async def count_games(self) -> int:
        return await self._value("SELECT COUNT(*) FROM games")

    async def move_game(self, game_id: int, channel: str) -> None:
        """Move an open game to ``channel`` (its dashboard is re-posted there).
        Raises Conflict if that channel already has an open game."""
        async with self._txn() as c:
            await self._lock_game(c, game_id)
            try:
                await c.execute("UPDATE games SET channel=?, dashboard=NULL, updated=? WHERE id=?",
                                channel, time.time(), game_id)
            except self.INTEGRITY as e:
                raise Conflict("channel has an open game") from e
            await c.execute("UPDATE outbox SET channel=? WHERE game_id=?", channel, game_id)
