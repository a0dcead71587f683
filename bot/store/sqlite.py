"""The SQLite backend (the embedded default): one aiosqlite connection, WAL
mode, reads by key on the event loop's thread."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import urllib.parse
from collections.abc import AsyncIterator
from typing import Any

import aiosqlite

from .api import Store
from .core import (
    Conflict,
    StoreError,
    check_text,
)
from .migrations import MIGRATIONS

log = logging.getLogger("bot.store")


def _no_statement_debug(record: logging.LogRecord) -> bool:
    return record.levelno > logging.DEBUG



# aiosqlite logs every statement with its parameters at DEBUG; a state row
# holds the seed and the deck order, from which every future card follows. Its
# DEBUG records are dropped whatever level the root logger (or anyone) sets.
logging.getLogger("aiosqlite").addFilter(_no_statement_debug)


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
        check_text(params)
        if self.fast:
            return await self._trip(lambda con: con.execute(sql, params).rowcount)
        return (await self._public(sql, params)).rowcount

    async def batch(self, stmts: list[tuple[str, tuple]]) -> None:
        """Run ``(sql, params)`` statements in order, in one trip."""
        for _, params in stmts:
            check_text(params)
        if not self.fast:
            for sql, params in stmts:
                await self._public(sql, params)
            return

        def go(con) -> None:
            for sql, params in stmts:
                con.execute(sql, params)

        await self._trip(go)

    async def fetch(self, sql: str, *params: Any) -> list[aiosqlite.Row]:
        check_text(params)
        if self.fast:
            return await self._trip(lambda con: con.execute(sql, params).fetchall())
        return list(await (await self._public(sql, params)).fetchall())

    async def fetchrow(self, sql: str, *params: Any) -> aiosqlite.Row | None:
        check_text(params)
        if self.fast:
            return await self._trip(lambda con: con.execute(sql, params).fetchone())
        return await (await self._public(sql, params)).fetchone()

    async def fetchval(self, sql: str, *params: Any) -> Any:
        r = await self.fetchrow(sql, *params)
        return None if r is None else r[0]

    async def insert(self, sql: str, *params: Any) -> int:
        """Run one INSERT; the new row's id."""
        check_text(params)
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
        check_text(params)
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
