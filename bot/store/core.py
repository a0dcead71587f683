"""The store's shared core: the row (:class:`GameRow`), errors, limits, and
:class:`StoreCore`: the connections a backend provides, reading a game row,
the actions insert and the migration runner. Imports no other store module."""
from __future__ import annotations

import abc
import contextlib
import json
import os
from dataclasses import dataclass, field
from typing import Any

OPEN = ("setup", "active")


# Log rows per INSERT statement (3 parameters a row; SQLite's oldest limit is
# 999 parameters a statement).
LOG_ROWS_PER_INSERT = 300


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
    #: the state's move before the first transcript row (0: the whole game; a game
    #: begun before transcripts: where they began; None: its state's move says, see
    #: bot.patch.transcript_start)
    transcript_from: int | None = 0
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


class UnstorableText(ValueError):
    """A text holding a NUL character: PostgreSQL's TEXT cannot hold one, so
    neither backend stores (or looks up) it (issue 37); the service refuses
    it politely before it gets here."""


def check_text(params) -> None:
    """Raise :class:`UnstorableText` when a text among ``params`` (one
    statement's) holds a NUL character."""
    for v in params:
        if isinstance(v, str) and "\x00" in v:
            raise UnstorableText("a text with a NUL character cannot be stored")


class StoreError(Exception):
    """The database cannot be used (not SQLite, missing folder, newer schema,
    PostgreSQL server unreachable or refusing).
    ``str(e)`` is one line for the person who runs the bot."""


# Seat value meaning "played by the bot" in :meth:`Store.set_seat_holders`.
BOT = object()


def is_postgres_url(path: str | None) -> bool:
    """True for a ``postgresql://`` (or ``postgres://``) URL: the PostgreSQL backend."""
    return bool(path) and path.split(":", 1)[0].lower() in ("postgresql", "postgres")



class StoreCore(abc.ABC):
    """The connections and dialect a backend provides, and the helpers every
    concern's SQL shares (see :class:`bot.store.Store`)."""

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

    ACTION_INSERT = "INSERT INTO actions (game_id, user_id, actor, kind, choices, version, at) VALUES (?,?,?,?,?,?,?)"

    TIMER_INSERT = "INSERT INTO timers (game_id, kind, due, payload) VALUES (?,?,?,?)"

    async def _action(self, c, game_id: int, user: str | None, actor: str | None, kind: str,
                      choices: list[str], version: int, now: float) -> None:
        await c.execute(self.ACTION_INSERT, game_id, user, actor, kind, json.dumps(choices), version, now)

    async def _value(self, sql: str, *params: Any) -> Any:
        async with self._conn() as c:
            return await c.fetchval(sql, *params)

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

    @staticmethod
    async def _bump(c, game_id: int, now: float) -> int:
        """Bump the game's move counter (drafts dropped); the new counter,
        which the change's action row records (under the game's row lock)."""
        await c.execute("UPDATE games SET version=version+1, updated=? WHERE id=?", now, game_id)
        await c.execute("DELETE FROM drafts WHERE game_id=?", game_id)
        return await c.fetchval("SELECT version FROM games WHERE id=?", game_id)
