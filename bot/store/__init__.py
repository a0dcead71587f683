"""Storage (DESIGN §4): one store interface, two backends, versioned migrations.

Backends
--------
* SQLite (the embedded default): a file path, through aiosqlite, WAL mode.
  :class:`bot.store.sqlite.SqliteStore`.
* PostgreSQL, for several bot processes on one database: a ``postgresql://``
  URL, through asyncpg. :class:`bot.store_pg.PgStore`.

``await Store.open(path_or_url)`` picks the backend (default ``$DAKBOT_DB``,
else ``./dakbot.sqlite3``). Every method is written once, in SQL both
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

Modules, one concern each (docs/architecture.md): :mod:`.core` (rows,
errors, connections, migration runner), :mod:`.migrations`, :mod:`.games`,
:mod:`.seats`, :mod:`.transcripts`, :mod:`.drafts`, :mod:`.timers`,
:mod:`.outbox`; :mod:`.api` composes them into :class:`Store`;
:mod:`.sqlite` is the SQLite backend.
"""
from __future__ import annotations

from .api import BACKENDS, Store
from .core import (
                   BOT,
                   LOG_ROWS_PER_INSERT,
                   MAX_ID,
                   MAX_LOG,
                   OPEN,
                   SNAPSHOTS_KEPT,
                   Conflict,
                   GameRow,
                   SeatBusy,
                   StoreError,
                   UnstorableText,
                   check_text,
                   default_path,
                   is_postgres_url,
)
from .migrations import MIGRATIONS, SHARED_MIGRATIONS, SQLITE_MIGRATIONS
from .sqlite import SqliteStore

__all__ = ["BACKENDS", "BOT", "LOG_ROWS_PER_INSERT", "MAX_ID", "MAX_LOG", "MIGRATIONS", "OPEN", "SHARED_MIGRATIONS",
           "SNAPSHOTS_KEPT", "SQLITE_MIGRATIONS", "Conflict", "GameRow", "SeatBusy", "SqliteStore", "Store",
           "StoreError", "UnstorableText", "check_text", "default_path", "is_postgres_url"]
