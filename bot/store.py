"""Storage (DESIGN §4): one store interface, two backends, versioned migrations.

Backends
--------
* SQLite (the embedded default): a file path, through aiosqlite, WAL mode.
  :class:`SqliteStore`, below.
* PostgreSQL, for several bot processes on one database: a ``postgresql://``
  URL, through asyncpg. :class:`bot.store_pg.PgStore`.

``await Store.open(path_or_url)`` picks the backend (default ``$DAKBOT_DB``,
else ``./dakbot.sqlite3``). Every method below is written once, in SQL both
dialects accept (``?`` placeholders; the PostgreSQL backend numbers them);
what differs (the seats aggregate, the per-game row lock, the first schema,
connection handling) is a class attribute or a method of the backend.

Tables
------
``games``      one row per game; at most one *open* game (status ``setup`` or
               ``active``) per channel (a partial unique index). ``state`` is
               ``engine.dump_state`` JSON; ``version`` is bumped by every write
               of the state and is the optimistic-concurrency counter.
               ``engine_version`` is the code a game started on,
               ``checked_version`` the last code ``dakbot patch`` found it
               replays identically on.
``seats``      (game_id, faction) -> user id or the bot.
``actions``    append-only log: who, for which faction, which choice ids, when.
``moves``      every applied choice (the transcript: replay, export, patch).
``snapshots``  the state when the acting faction changed (for undo).
``timers``     reminders and deadlines (``kind``, ``due`` epoch seconds).
``drafts``     choices a Discord player picked but has not confirmed yet.
``outbox``     channel posts that failed after a saved move, retried.

Concurrency: every multi-statement write is one transaction (``_txn``). On
SQLite one connection guarded by an ``asyncio.Lock`` and ``BEGIN IMMEDIATE``
serialize writers; on PostgreSQL each transaction first takes the game's row
lock (``SELECT ... FOR NO KEY UPDATE``; ``save_state`` by its first
statement, the versioned ``UPDATE``), so two processes never interleave on
one game, and the optimistic ``version`` check refuses the later of two moves.
Timers are claimed by deleting their row (one caller sees it deleted); outbox
posts by leasing them (``claim_post``).

Migrations: the project's own numbered list per backend (``SQLITE_MIGRATIONS``,
``PG_MIGRATIONS``), with the schema changes from number 4 on shared
(``SHARED_MIGRATIONS``), applied at start in one transaction. Kept in-house
rather than Alembic: four short scripts, no ORM in the project, and one
``schema_version`` number that means the same on both backends.
"""
from __future__ import annotations

import abc
import asyncio
import contextlib
import json
import logging
import os
import sqlite3
import time
import urllib.parse
from dataclasses import dataclass, field
from collections.abc import AsyncIterator
from typing import Any

import aiosqlite

OPEN = ("setup", "active")


def _no_statement_debug(record: logging.LogRecord) -> bool:
    return record.levelno > logging.DEBUG


# aiosqlite logs every statement with its parameters at DEBUG; a state row
# holds the seed and the deck order, from which every future card follows. Its
# DEBUG records are dropped whatever level the root logger (or anyone) sets.
logging.getLogger("aiosqlite").addFilter(_no_statement_debug)
log = logging.getLogger(__name__)

SQLITE_MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel TEXT NOT NULL,
        guild TEXT,
        name TEXT NOT NULL,
        game TEXT NOT NULL,
        scenario TEXT NOT NULL,
        seed INTEGER NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        status TEXT NOT NULL,
        creator TEXT NOT NULL,
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        locale TEXT NOT NULL DEFAULT 'en',
        dashboard TEXT,
        reminder_hours REAL NOT NULL DEFAULT 24,
        deadline_hours REAL,
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE UNIQUE INDEX games_open_channel ON games(channel) WHERE status IN ('setup', 'active');
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        faction TEXT NOT NULL,
        user_id TEXT NOT NULL,
        PRIMARY KEY (game_id, faction)
    );
    CREATE TABLE actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id TEXT,
        actor TEXT,
        kind TEXT NOT NULL,
        choices TEXT NOT NULL DEFAULT '[]',
        version INTEGER NOT NULL,
        at REAL NOT NULL
    );
    CREATE INDEX actions_game ON actions(game_id, id);
    CREATE TABLE snapshots (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        actor TEXT,
        move INTEGER NOT NULL,
        state TEXT NOT NULL,
        at REAL NOT NULL
    );
    CREATE INDEX snapshots_game ON snapshots(game_id, id);
    CREATE TABLE timers (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        due REAL NOT NULL,
        payload TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX timers_due ON timers(due);
    CREATE TABLE drafts (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        choices TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 2: a seat holds a user or the bot (no copied bot list in games.options);
    # the posted part of the log is a column written with the state it belongs
    # to; a game whose stored state cannot be read is flagged for its manager.
    """
    CREATE TABLE seats_v2 (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        faction TEXT NOT NULL,
        user_id TEXT,
        bot INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, faction),
        CHECK ((user_id IS NULL) = (bot = 1))
    );
    INSERT INTO seats_v2 (game_id, faction, user_id, bot) SELECT game_id, faction, user_id, 0 FROM seats;
    DROP TABLE seats;
    ALTER TABLE seats_v2 RENAME TO seats;
    INSERT OR IGNORE INTO seats (game_id, faction, user_id, bot)
        SELECT games.id, j.value, NULL, 1 FROM games, json_each(games.options, '$.bots') AS j
        WHERE json_valid(games.options);
    ALTER TABLE games ADD COLUMN posted_log INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN attention TEXT;
    UPDATE games SET posted_log = COALESCE(json_extract(options, '$.posted_log'), 0),
        options = json_remove(options, '$.bots', '$.posted_log') WHERE json_valid(options);
    """,
    # 3: time controls (what a deadline does, pause by consent, who is on the
    # clock since when), every applied choice as a transcript row (replay,
    # export), and an outbox of channel posts that failed after a saved move.
    """
    ALTER TABLE games ADD COLUMN deadline_action TEXT NOT NULL DEFAULT 'remind';
    ALTER TABLE games ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN pause_votes TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE games ADD COLUMN clock_since REAL;
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        move INTEGER NOT NULL,
        actor TEXT NOT NULL,
        choice TEXT NOT NULL,
        version INTEGER NOT NULL,
        PRIMARY KEY (game_id, move)
    );
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        text TEXT NOT NULL,
        pings TEXT NOT NULL DEFAULT '[]',
        kind TEXT NOT NULL,
        with_map INTEGER NOT NULL DEFAULT 0,
        attempts INTEGER NOT NULL DEFAULT 0,
        due REAL NOT NULL,
        error TEXT
    );
    CREATE INDEX outbox_due ON outbox(due);
    """,
]

# Schema changes from number 4 on, in SQL both backends accept.
SHARED_MIGRATIONS: list[str] = [
    # 4: the code a game started on, and the last code that replayed it
    # identically (`dakbot patch`).
    """
    ALTER TABLE games ADD COLUMN engine_version TEXT;
    ALTER TABLE games ADD COLUMN checked_version TEXT;
    """,
    # 5: the code on which the game's manager was last told that the game does
    # not replay the same (told once per code, whichever process notices).
    """
    ALTER TABLE games ADD COLUMN patch_notice TEXT;
    """,
    # 6: the game log as rows beside the state (issue 21: the log was 95% of
    # a finished game's state blob, read and written whole on every move);
    # ``n`` numbers the entries of the whole game from 0.
    """
    CREATE TABLE log_entries (
        game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    );
    """,
    # 7: a game's timers found by its id (replaced on every move that passes
    # the turn: without the index SQLite scanned every game's timers, ~0.05 ms
    # with 1,000 games and growing with each game). PostgreSQL had it from 1.
    """
    CREATE INDEX IF NOT EXISTS timers_game ON timers(game_id);
    """,
]

# Log rows per INSERT statement (3 parameters a row; SQLite's oldest limit is
# 999 parameters a statement).
LOG_ROWS_PER_INSERT = 300
MIGRATIONS = SQLITE_MIGRATIONS + SHARED_MIGRATIONS

# Per game. Undo goes back at most to the start of the previous player's
# stretch, so it reads the last two snapshots; replay and `dakbot verify` use
# the actions log and the seed, not snapshots. docs/storage.md.
SNAPSHOTS_KEPT = 2
# Ids are signed 64-bit INTEGERs / BIGINTs; a forged id beyond that is no game.
MAX_ID = 2**63 - 1
# Above any log entry number (an INTEGER on both backends).
MAX_LOG = 2**31 - 1


def default_path() -> str:
    return os.environ.get("DAKBOT_DB", "./dakbot.sqlite3")


def _json(text: str | None, empty: dict | list) -> Any:
    """A JSON column's value; ``empty`` for NULL or an empty object/array
    (most rows: no pause votes, no bot seats) without parsing (issue 21:
    speed). Raises ValueError for text that is not JSON."""
    if not text or text in ("{}", "[]"):
        return type(empty)()
    return json.loads(text)


@dataclass
class GameRow:
    """A ``games`` row plus its seats ({faction: user id})."""

    id: int
    channel: str
    guild: str | None
    name: str
    game: str
    scenario: str
    seed: int
    options: dict[str, Any]
    status: str
    creator: str
    state: str | None
    version: int
    locale: str
    dashboard: str | None
    reminder_hours: float
    deadline_hours: float | None
    created: float
    updated: float
    posted_log: int = 0
    attention: str | None = None
    deadline_action: str = "remind"
    paused: int = 0
    pause_votes: list[str] = field(default_factory=list)
    clock_since: float | None = None
    engine_version: str | None = None
    checked_version: str | None = None
    patch_notice: str | None = None
    seats: dict[str, str] = field(default_factory=dict)
    bots: list[str] = field(default_factory=list)


class Conflict(Exception):
    """The row changed since it was read (optimistic concurrency)."""


class SeatBusy(Exception):
    """A seat could not be claimed. ``why``: ``"taken"`` (``holder`` holds it),
    ``"yours"`` (the claimant holds it already), ``"bot"`` (a bot plays it and
    the game has started), ``"none"`` (no free seat group)."""

    def __init__(self, why: str, faction: str | None = None, holder: str | None = None):
        self.why, self.faction, self.holder = why, faction, holder
        super().__init__(why)


class StoreError(Exception):
    """The database cannot be used (not SQLite, missing folder, newer schema,
    PostgreSQL server unreachable or refusing).
    ``str(e)`` is one line for the person who runs the bot."""


# Seat value meaning "played by the bot" in :meth:`Store.set_seat_holders`.
BOT = object()



def is_postgres_url(path: str | None) -> bool:
    """True for a ``postgresql://`` (or ``postgres://``) URL: the PostgreSQL backend."""
    return bool(path) and path.split(":", 1)[0].lower() in ("postgresql", "postgres")


class Store(abc.ABC):
    """The database, whatever the backend: ``await Store.open(path_or_url)``;
    ``await store.close()``.

    A backend provides ``_conn()`` (one connection for single statements and
    reads), ``_txn()`` (one write transaction, committed on success, rolled
    back on any error, cancellation included), both yielding a connection
    with ``execute / batch / fetch / fetchrow / fetchval / insert / script``, and the
    dialect attributes below. Everything else is here, once."""

    #: SELECT of a games row plus its seats as JSON (``seats_json``: {faction:
    #: user}, ``bots_json``: [faction]).
    GAME_SELECT: str
    #: The numbered migrations of this backend (``schema_version`` = how many ran).
    MIGRATIONS: list[str]
    #: SQL taking the game's row lock for the rest of the transaction, or None
    #: where the transaction itself already excludes other writers (SQLite).
    LOCK_GAME: str | None = None
    #: The driver's exception for a broken unique constraint.
    INTEGRITY: tuple[type[BaseException], ...] = ()
    path: str

    @classmethod
    async def open(cls, path: str | None = None) -> "Store":
        """Open (creating and migrating) the database at ``path``: a
        ``postgresql://`` URL opens :class:`bot.store_pg.PgStore`, anything
        else is an SQLite file (default ``$DAKBOT_DB`` or ``./dakbot.sqlite3``).
        Raises StoreError with one line for the operator."""
        path = path or default_path()
        if is_postgres_url(path):
            from .store_pg import PgStore

            return await PgStore.connect(path)
        return await SqliteStore.connect(path)

    @abc.abstractmethod
    async def close(self) -> None:
        """Close the connection(s) of this backend."""

    @abc.abstractmethod
    def _conn(self) -> contextlib.AbstractAsyncContextManager:
        """One connection for single statements and reads."""

    @abc.abstractmethod
    def _txn(self) -> contextlib.AbstractAsyncContextManager:
        """One write transaction: committed on success, rolled back on any error."""

    async def _point(self, sql: str, *params: Any) -> Any:
        """The one row (or None) of a read by key: a game by id or channel,
        a draft. A backend may answer it more cheaply than :meth:`_conn`
        (SQLite: :meth:`SqliteStore._point`); the row is the last committed."""
        async with self._conn() as c:
            return await c.fetchrow(sql, *params)

    async def _migration_lock(self, c) -> None:
        """Keep two processes starting at once from migrating together (the
        SQLite write transaction already does)."""

    async def migrate(self) -> int:
        """Apply the migrations not yet applied, in one transaction; return the
        schema version. Raises StoreError for a database from a newer dakbot."""
        async with self._txn() as c:
            await self._migration_lock(c)
            await c.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            have = await c.fetchval("SELECT MAX(version) FROM schema_version") or 0
            if have > len(self.MIGRATIONS):
                raise StoreError(f"the database {self.path!r} has schema version {have}, newer than this "
                                 f"dakbot knows ({len(self.MIGRATIONS)}): upgrade dakbot, or use a backup "
                                 "taken before the upgrade")
            for n, sql in enumerate(self.MIGRATIONS[have:], have + 1):
                await c.script(sql)
                await c.execute("INSERT INTO schema_version VALUES (?)", n)
            return len(self.MIGRATIONS)

    async def _lock_game(self, c, game_id: int) -> None:
        if self.LOCK_GAME:
            await c.execute(self.LOCK_GAME, game_id)

    # -- games -------------------------------------------------------------

    @staticmethod
    def _row(row: Any) -> GameRow | None:
        if row is None:
            return None
        d = dict(zip(row.keys(), row))  # dict(sqlite3.Row) looks each name up again: 5x slower (issue 21)
        try:
            d["options"] = _json(d["options"], {})
        except ValueError:
            d["options"] = {}
        d["pause_votes"] = _json(d.get("pause_votes"), [])
        d["seats"] = _json(d.pop("seats_json", None), {})
        d["bots"] = sorted(_json(d.pop("bots_json", None), []))
        return GameRow(**d)

    async def _game(self, c, where: str, *params: Any) -> GameRow | None:
        return self._row(await c.fetchrow(self.GAME_SELECT + " WHERE " + where, *params))

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

    ACTION_INSERT = "INSERT INTO actions (game_id, user_id, actor, kind, choices, version, at) VALUES (?,?,?,?,?,?,?)"
    TIMER_INSERT = "INSERT INTO timers (game_id, kind, due, payload) VALUES (?,?,?,?)"

    async def _action(self, c, game_id: int, user: str | None, actor: str | None, kind: str,
                      choices: list[str], version: int, now: float) -> None:
        await c.execute(self.ACTION_INSERT, game_id, user, actor, kind, json.dumps(choices), version, now)

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
                         drop_log_from: int | None = None) -> int:
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
        clear drafts. Returns the new version; raises Conflict if someone else
        wrote first."""
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
        stmts.append(("DELETE FROM drafts WHERE game_id=?", (game_id,)))
        await self._write_move(update, stmts)
        return new_version

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

    @staticmethod
    def _log_inserts(game_id: int, log: list[tuple[int, dict[str, Any]]]) -> list[tuple[str, tuple]]:
        """Multi-row upserts of log entries (a state restored by undo may log
        the same numbers again, with other entries)."""
        out = []
        for i in range(0, len(log), LOG_ROWS_PER_INSERT):
            chunk = log[i:i + LOG_ROWS_PER_INSERT]
            params: list[Any] = []
            for n, e in chunk:
                params += [game_id, n, json.dumps(e, ensure_ascii=False)]
            out.append(("INSERT INTO log_entries (game_id, n, entry) VALUES " + ",".join(["(?,?,?)"] * len(chunk))
                        + " ON CONFLICT (game_id, n) DO UPDATE SET entry=excluded.entry", tuple(params)))
        return out

    async def log_entries(self, game_id: int, start: int = 0, end: int | None = None) -> list[dict[str, Any]]:
        """The stored game-log entries numbered ``start`` to ``end`` (excluded;
        None: to the last), in order."""
        async with self._conn() as c:
            rows = await c.fetch("SELECT entry FROM log_entries WHERE game_id=? AND n>=? AND n<? ORDER BY n",
                                 game_id, start, end if end is not None else MAX_LOG)
            return [json.loads(r[0]) for r in rows]

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
            await self._action(c, game_id, user, None, kind, [], 0, now)

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

    # -- seats -------------------------------------------------------------

    async def claim_seats(self, game_id: int, groups: list[tuple[str, ...]], user: str, *,
                          take_bot_seats: bool) -> tuple[str, ...]:
        """Give ``user`` the first group of ``groups`` that no one else holds,
        checked and written in one transaction (two users racing for one seat:
        one gets it, the other gets SeatBusy). A bot-played group counts as
        free only if ``take_bot_seats``. Bumps the game's version (prompts
        built before are stale) and logs a "join" action.

        Returns the group claimed. Raises SeatBusy: ``"yours"``, ``"taken"``
        (with the holder), ``"bot"`` when a single group was asked for, or
        ``"none"`` when none of several is free."""
        now = time.time()
        async with self._txn() as c:
            # the seats are read and then written: the game's row lock keeps a
            # second claimant (another process, on PostgreSQL) out in between
            await self._lock_game(c, game_id)
            rows = await c.fetch("SELECT faction, user_id, bot FROM seats WHERE game_id=?", game_id)
            held = {r[0]: (r[1], r[2]) for r in rows}
            refusal = None
            for grp in groups:
                users = {held[f][0] for f in grp if f in held and not held[f][1]}
                bot = any(held.get(f, (None, 0))[1] for f in grp)
                if user in users:
                    refusal = refusal or SeatBusy("yours", grp[0], user)
                elif users:
                    refusal = refusal or SeatBusy("taken", grp[0], sorted(users)[0])
                elif bot and not take_bot_seats:
                    refusal = refusal or SeatBusy("bot", grp[0])
                else:
                    for f in grp:
                        await self._set_seat(c, game_id, f, user, 0)
                    await self._bump(c, game_id, now)
                    await self._action(c, game_id, user, ",".join(grp), "join", [], 0, now)
                    return grp
            if len(groups) != 1:
                raise SeatBusy("none")
            raise refusal

    async def set_seat_holders(self, game_id: int, seats: dict[str, Any], *, user: str | None, kind: str,
                               choices: list[str] = ()) -> None:
        """Set seats to a user id, to :data:`BOT`, or clear them (None), bump the
        game's version and log the action, in one transaction."""
        now = time.time()
        async with self._txn() as c:
            await self._lock_game(c, game_id)
            for faction, holder in seats.items():
                if holder is None:
                    await c.execute("DELETE FROM seats WHERE game_id=? AND faction=?", game_id, faction)
                else:
                    await self._set_seat(c, game_id, faction, *((None, 1) if holder is BOT else (str(holder), 0)))
            await self._bump(c, game_id, now)
            await self._action(c, game_id, user, ",".join(seats), kind, list(choices), 0, now)

    @staticmethod
    async def _set_seat(c, game_id: int, faction: str, user: str | None, bot: int) -> None:
        await c.execute("INSERT INTO seats (game_id, faction, user_id, bot) VALUES (?,?,?,?) "
                        "ON CONFLICT(game_id, faction) DO UPDATE SET user_id=excluded.user_id, bot=excluded.bot",
                        game_id, faction, user, bot)

    @staticmethod
    async def _bump(c, game_id: int, now: float) -> None:
        await c.execute("UPDATE games SET version=version+1, updated=? WHERE id=?", now, game_id)
        await c.execute("DELETE FROM drafts WHERE game_id=?", game_id)

    # -- actions, snapshots ---------------------------------------------------

    async def log_action(self, game_id: int, user: str | None, actor: str | None, kind: str,
                         choices: list[str] | None = None, version: int = 0) -> None:
        """Append an action row outside a state write (join, leave, abandon ...)."""
        async with self._conn() as c:
            await self._action(c, game_id, user, actor, kind, list(choices or []), version, time.time())

    async def actions(self, game_id: int, limit: int = 50) -> list[dict[str, Any]]:
        """The last ``limit`` action rows, oldest first."""
        return await self._rows(
            "SELECT * FROM (SELECT * FROM actions WHERE game_id=? ORDER BY id DESC LIMIT ?) AS last ORDER BY id",
            (game_id, limit), "choices")

    async def snapshots(self, game_id: int, limit: int = 2) -> list[dict[str, Any]]:
        """The last ``limit`` snapshots, newest first: {id, actor, move, state}."""
        return await self._rows("SELECT id, actor, move, state FROM snapshots WHERE game_id=? ORDER BY id DESC LIMIT ?",
                                (game_id, limit))

    # -- drafts -------------------------------------------------------------

    async def get_draft(self, game_id: int, user: str) -> tuple[int, list[str]] | None:
        """``(version, choices)`` of the user's unconfirmed choices, or None."""
        r = await self._point("SELECT version, choices FROM drafts WHERE game_id=? AND user_id=?", game_id, user)
        return (r[0], json.loads(r[1])) if r else None

    async def set_draft(self, game_id: int, user: str, version: int, choices: list[str] | None) -> None:
        """Keep the user's unconfirmed choices (None: drop them)."""
        async with self._conn() as c:
            if choices is None:
                await c.execute("DELETE FROM drafts WHERE game_id=? AND user_id=?", game_id, user)
            else:
                await c.execute(
                    "INSERT INTO drafts (game_id, user_id, version, choices) VALUES (?,?,?,?) "
                    "ON CONFLICT(game_id, user_id) DO UPDATE SET version=excluded.version, choices=excluded.choices",
                    game_id, user, version, json.dumps(choices))

    # -- timers -------------------------------------------------------------

    async def due_timers(self, now: float | None = None) -> list[dict[str, Any]]:
        """Timers due at ``now`` (default: the clock), oldest first."""
        now = time.time() if now is None else now
        return await self._rows("SELECT * FROM timers WHERE due<=? ORDER BY due, id", (now,), "payload")

    async def next_timer_due(self) -> float | None:
        return await self._value("SELECT MIN(due) FROM timers")

    async def timers(self, game_id: int) -> list[dict[str, Any]]:
        """A game's timers, soonest first (``payload`` as stored JSON text)."""
        return await self._rows("SELECT * FROM timers WHERE game_id=? ORDER BY due", (game_id,))

    async def reschedule_timer(self, timer_id: int, due: float | None) -> None:
        """Move a timer to ``due``, or delete it (None)."""
        async with self._conn() as c:
            if due is None:
                await c.execute("DELETE FROM timers WHERE id=?", timer_id)
            else:
                await c.execute("UPDATE timers SET due=? WHERE id=?", due, timer_id)

    async def set_timers(self, game_id: int, timers: list[tuple[str, float, dict]]) -> None:
        """Replace a game's timers with ``(kind, due, payload)`` rows."""
        async with self._txn() as c:
            await self._lock_game(c, game_id)
            await self._replace_timers(c, game_id, timers)

    async def _replace_timers(self, c, game_id: int, timers: list[tuple[str, float, dict]]) -> None:
        await c.execute("DELETE FROM timers WHERE game_id=?", game_id)
        for kind, due, payload in timers:
            await self._add_timer(c, game_id, kind, due, payload)

    async def _add_timer(self, c, game_id: int, kind: str, due: float, payload: dict) -> None:
        await c.execute(self.TIMER_INSERT, game_id, kind, due, json.dumps(payload))

    async def clear_timers(self, game_id: int) -> None:
        async with self._conn() as c:
            await c.execute("DELETE FROM timers WHERE game_id=?", game_id)

    async def count_games(self) -> int:
        return await self._value("SELECT COUNT(*) FROM games")

    async def _value(self, sql: str, *params: Any) -> Any:
        async with self._conn() as c:
            return await c.fetchval(sql, *params)

    # -- transcript rows ------------------------------------------------------

    async def moves(self, game_id: int) -> list[dict[str, Any]]:
        """Every applied choice of a game in order: {move, actor, choice, version}."""
        return await self._rows("SELECT move, actor, choice, version FROM moves WHERE game_id=? ORDER BY move",
                                (game_id,))

    # -- timers claimed once ------------------------------------------------------

    async def add_timer(self, game_id: int, kind: str, due: float, payload: dict) -> None:
        async with self._conn() as c:
            await self._add_timer(c, game_id, kind, due, payload)

    async def claim_timer(self, timer_id: int) -> bool:
        """Take a due timer for handling: True for exactly one caller (the
        row is deleted), False if another process or pass took it first."""
        async with self._conn() as c:
            # one statement: on PostgreSQL a second DELETE waits for the first
            # and then finds no row, so exactly one caller counts 1
            return await c.execute("DELETE FROM timers WHERE id=?", timer_id) == 1

    # -- outbox ------------------------------------------------------------------

    async def queue_post(self, game_id: int, channel: str, text: str, pings: list[str], kind: str,
                         with_map: bool, due: float, error: str) -> int:
        """Keep a channel post that could not be delivered, for a later retry."""
        async with self._conn() as c:
            return await c.insert(
                "INSERT INTO outbox (game_id, channel, text, pings, kind, with_map, due, error)"
                " VALUES (?,?,?,?,?,?,?,?)",
                game_id, channel, text, json.dumps(pings), kind, int(with_map), due, error)

    async def due_posts(self, now: float) -> list[dict[str, Any]]:
        """Outbox posts due at ``now``, oldest first (``pings`` decoded)."""
        return await self._rows("SELECT * FROM outbox WHERE due<=? ORDER BY id", (now,), "pings")

    async def claim_post(self, post_id: int, now: float, lease: float) -> bool:
        """Take a due outbox post for delivery: True for exactly one caller,
        which then calls :meth:`post_done` or :meth:`post_failed`. The post is
        leased (its ``due`` moved ``lease`` seconds on), not deleted, so a
        process that dies while sending leaves it to be retried, not lost."""
        async with self._conn() as c:
            return await c.execute("UPDATE outbox SET due=? WHERE id=? AND due<=?", now + lease, post_id, now) == 1

    async def _rows(self, sql: str, params: tuple, json_field: str | None = None) -> list[dict[str, Any]]:
        """Rows as dicts, with one JSON column decoded."""
        async with self._conn() as c:
            out = []
            for r in await c.fetch(sql, *params):
                d = dict(r)
                if json_field:
                    d[json_field] = json.loads(d[json_field])
                out.append(d)
            return out

    async def pending_posts(self, game_id: int) -> int:
        return await self._value("SELECT COUNT(*) FROM outbox WHERE game_id=?", game_id)

    async def post_done(self, post_id: int) -> None:
        async with self._conn() as c:
            await c.execute("DELETE FROM outbox WHERE id=?", post_id)

    async def post_failed(self, post_id: int, due: float, error: str) -> None:
        async with self._conn() as c:
            await c.execute("UPDATE outbox SET attempts=attempts+1, due=?, error=? WHERE id=?", due, error, post_id)

    async def next_post_due(self) -> float | None:
        return await self._value("SELECT MIN(due) FROM outbox")

    # -- moving a game -------------------------------------------------------------

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



class _SqliteConn:
    """The connection API of :class:`Store` over one aiosqlite connection.

    Each call is one trip to aiosqlite's database thread (its ``_execute``:
    one queue hand-off and one wake-up of the event loop): a query together
    with the fetch of its rows, a batch of statements together, and a
    transaction's ``BEGIN`` (``begin``) with its first statement. Where that
    aiosqlite internal is missing, aiosqlite's public calls one by one."""

    def __init__(self, store: "SqliteStore", begin: str | None = None):
        self.db = store.db
        self.run = store._run
        self.begin = begin  # sent with the first statement, then None
        self.fast = store.fast

    async def _trip(self, fn):
        """``fn(sqlite3_connection)`` on the database thread, after the
        pending ``begin``: its result."""
        begin, self.begin = self.begin, None

        def go(con):
            if begin:
                con.execute(begin)
            return fn(con)

        return await self.run(go)

    async def _public(self, sql: str, params: tuple) -> aiosqlite.Cursor:
        if self.begin:
            begin, self.begin = self.begin, None
            await self.db.execute(begin)
        return await self.db.execute(sql, params)

    async def execute(self, sql: str, *params: Any) -> int:
        """Run one statement; the number of rows it changed."""
        if self.fast:
            return await self._trip(lambda con: con.execute(sql, params).rowcount)
        return (await self._public(sql, params)).rowcount

    async def batch(self, stmts: list[tuple[str, tuple]]) -> None:
        """Run ``(sql, params)`` statements in order, in one trip."""
        if not self.fast:
            for sql, params in stmts:
                await self._public(sql, params)
            return

        def go(con) -> None:
            for sql, params in stmts:
                con.execute(sql, params)

        await self._trip(go)

    async def fetch(self, sql: str, *params: Any) -> list[aiosqlite.Row]:
        if self.fast:
            return await self._trip(lambda con: con.execute(sql, params).fetchall())
        return list(await (await self._public(sql, params)).fetchall())

    async def fetchrow(self, sql: str, *params: Any) -> aiosqlite.Row | None:
        if self.fast:
            return await self._trip(lambda con: con.execute(sql, params).fetchone())
        return await (await self._public(sql, params)).fetchone()

    async def fetchval(self, sql: str, *params: Any) -> Any:
        r = await self.fetchrow(sql, *params)
        return None if r is None else r[0]

    async def insert(self, sql: str, *params: Any) -> int:
        """Run one INSERT; the new row's id."""
        if self.fast:
            return await self._trip(lambda con: con.execute(sql, params).lastrowid)
        return (await self._public(sql, params)).lastrowid

    async def script(self, sql: str) -> None:
        """Run several ``;``-separated statements (inside the open transaction:
        aiosqlite's executescript would commit it)."""
        for stmt in [s for s in sql.split(";") if s.strip()]:
            await self.execute(stmt)


class SqliteStore(Store):
    """The embedded backend: one SQLite file, WAL mode, one connection
    guarded by an ``asyncio.Lock`` so a multi-statement write is never
    interleaved with another coroutine's statements."""

    GAME_SELECT = ("SELECT *,"
                   " (SELECT json_group_object(faction, user_id) FROM seats WHERE game_id=games.id AND bot=0)"
                   " AS seats_json,"
                   " (SELECT json_group_array(faction) FROM seats WHERE game_id=games.id AND bot=1) AS bots_json"
                   " FROM games")
    MIGRATIONS = MIGRATIONS
    INTEGRITY = (aiosqlite.IntegrityError,)

    def __init__(self, db: aiosqlite.Connection, path: str):
        self.db = db
        self.path = path
        self.lock = asyncio.Lock()
        # aiosqlite's internal one-trip call (a queue hand-off to its thread);
        # where it is missing, its public calls, one trip per statement
        self.fast = getattr(db, "_execute", None) is not None
        self.reader: sqlite3.Connection | None = None  # see _point
        self._sent = 0  # trips handed to aiosqlite's thread (counted on the event loop) ...
        self._done = 0  # ... and finished there (counted on that thread): equal when none is in flight

    async def _run(self, fn):
        """``fn(sqlite3_connection)`` on aiosqlite's thread, in one trip: its
        result. Counted, so that :meth:`_point` knows whether a trip is in
        flight: a trip runs to its end even when its caller is cancelled."""
        db = self.db

        def job():
            try:
                return fn(db._conn)
            finally:
                self._done += 1

        self._sent += 1
        return await db._execute(job)

    def _open_reader(self) -> None:
        """The read-only connection of :meth:`_point` (none for ``:memory:``,
        which another connection cannot see). Its busy timeout is 0: a read
        that would wait is sent through aiosqlite's thread, which waits."""
        if self.path == ":memory:" or not self.fast:
            return
        uri = "file:" + urllib.parse.quote(os.path.abspath(self.path)) + "?mode=ro"
        try:
            self.reader = sqlite3.connect(uri, uri=True, timeout=0, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as e:  # every read then goes through aiosqlite, as before
            log.warning("SQLite: no read-only connection beside %r (%s): reads go through aiosqlite", self.path, e)
            return
        self.reader.row_factory = sqlite3.Row

    async def _point(self, sql: str, *params: Any) -> Any:
        """:meth:`Store._point` on the event loop's own thread, through the
        read-only connection: a read by key costs ~0.03-0.06 ms there, where
        a trip to aiosqlite's thread and back costs ~0.09 ms before any SQL
        (issue 21). WAL mode: it reads the last commit without a lock of
        its own. Rows are fetched to the end, so no read transaction stays
        open (it would hold back checkpoints and show an old commit). Busy
        (a writer recovering the WAL, an exclusive lock from outside): the
        read goes through aiosqlite, as every other read does.

        Only when no write is under way in this process: while a transaction
        holds the lock, or a trip is still on the database thread (its caller
        cancelled), the read queues behind them as before, so a read sees
        every write begun before it."""
        if self.reader is not None and self._sent == self._done and not self.lock.locked():
            try:
                rows = self.reader.execute(sql, params).fetchall()
            except sqlite3.OperationalError:
                pass
            else:
                return rows[0] if rows else None
        return await super()._point(sql, *params)

    @classmethod
    async def connect(cls, path: str) -> "SqliteStore":
        """Open (creating and migrating) the SQLite file ``path``. Raises
        StoreError: missing folder, not an SQLite file, newer schema."""
        folder = os.path.dirname(os.path.abspath(path))
        if path != ":memory:" and not os.path.isdir(folder):
            raise StoreError(f"cannot open the database {path!r}: the folder {folder!r} does not exist "
                             "(create it, or set DAKBOT_DB to a file in an existing folder)")
        try:
            db = await aiosqlite.connect(path, isolation_level=None)
        except Exception as e:  # noqa: BLE001 - one clear line for the operator
            raise StoreError(f"cannot open the database {path!r}: {e}") from e
        try:
            db.row_factory = aiosqlite.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA busy_timeout=5000")
            store = cls(db, path)
            await store.migrate()
            store._open_reader()
        except StoreError:
            await db.close()  # else aiosqlite's worker thread keeps the process alive
            raise
        except Exception as e:  # noqa: BLE001
            await db.close()
            raise StoreError(f"cannot use {path!r} as a dakbot database (is it an SQLite file?): {e}") from e
        return store

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.close()
            self.reader = None
        await self.db.close()

    async def _write_move(self, update: tuple[str, tuple], stmts: list[tuple[str, tuple]]) -> None:
        """:meth:`Store._write_move` in one trip to the database thread:
        BEGIN, the UPDATE, the rows and COMMIT (or ROLLBACK) there, not one
        trip per step (each trip is a thread hand-off and an event-loop wake-up)."""
        if not self.fast:
            return await super()._write_move(update, stmts)

        def go(con) -> bool:
            con.execute("BEGIN IMMEDIATE")
            try:
                if con.execute(*update).rowcount != 1:
                    con.execute("ROLLBACK")
                    return False
                for sql, params in stmts:
                    con.execute(sql, params)
                con.execute("COMMIT")
                return True
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise

        async with self.lock:
            if not await self._run(go):
                raise Conflict("the game moved on")

    @contextlib.asynccontextmanager
    async def _conn(self) -> AsyncIterator[_SqliteConn]:
        async with self.lock:
            yield _SqliteConn(self)

    @contextlib.asynccontextmanager
    async def _txn(self) -> AsyncIterator[_SqliteConn]:
        async with self.lock:
            c = _SqliteConn(self, begin="BEGIN IMMEDIATE")  # sent with the first statement
            try:
                yield c
            except BaseException:
                if c.begin is None:  # BEGIN was sent: the ROLLBACK queues behind it on the database thread
                    with contextlib.suppress(aiosqlite.OperationalError):  # BEGIN itself failed: nothing open
                        await c.execute("ROLLBACK")
                raise
            if c.begin is None:
                await c.execute("COMMIT")
