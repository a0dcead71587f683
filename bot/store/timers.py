"""Timers: reminders and deadlines, claimed once by deleting their row."""
from __future__ import annotations

import json
import time
from typing import Any

from .core import (
    StoreCore,
)


class Timers(StoreCore):
    """The SQL of timers (see the module doc; composed in :class:`bot.store.Store`)."""

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
