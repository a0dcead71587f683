"""The store interface: :class:`Store` composed of the SQL of each concern,
and :meth:`Store.open`, which picks the backend by the path."""
from __future__ import annotations

import importlib

from .core import (
    StoreCore,
    default_path,
    is_postgres_url,
)
from .drafts import Drafts
from .games import Games
from .outbox import Outbox
from .seats import Seats
from .timers import Timers
from .transcripts import Transcripts

#: The backend of each kind of path, as (module, class): loaded by name when a
#: store opens, so this interface imports no backend (each backend imports it).
BACKENDS = {"postgresql": ("bot.store_pg", "PgStore"), "sqlite": ("bot.store.sqlite", "SqliteStore")}


class Store(Games, Seats, Transcripts, Drafts, Timers, Outbox, StoreCore):
    """The database, whatever the backend: ``await Store.open(path_or_url)``;
    ``await store.close()``. The SQL is written once, by concern: games,
    seats, transcripts (actions, moves, log, snapshots), drafts, timers,
    outbox, over :class:`~bot.store.core.StoreCore` (connections, rows,
    migrations); a backend (:mod:`bot.store.sqlite`, :mod:`bot.store_pg`)
    adds its connections and dialect."""

    @classmethod
    async def open(cls, path: str | None = None) -> "Store":
        """Open (creating and migrating) the database at ``path``: a
        ``postgresql://`` URL opens :class:`bot.store_pg.PgStore`, anything
        else is an SQLite file (default ``$DAKBOT_DB`` or ``./dakbot.sqlite3``).
        Raises StoreError with one line for the operator."""
        path = path or default_path()
        module, name = BACKENDS["postgresql" if is_postgres_url(path) else "sqlite"]
        return await getattr(importlib.import_module(module), name).connect(path)
