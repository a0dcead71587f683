"""The outbox: channel posts queued after a saved move, leased and retried."""
from __future__ import annotations

import json
from typing import Any

from .core import (
    StoreCore,
)


class Outbox(StoreCore):
    """The SQL of outbox (see the module doc; composed in :class:`bot.store.Store`)."""

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
