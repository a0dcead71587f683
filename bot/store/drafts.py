"""Drafts: choices a Discord player picked but has not confirmed yet."""
from __future__ import annotations

import json

from .core import (
    StoreCore,
)


class Drafts(StoreCore):
    """The SQL of drafts (see the module doc; composed in :class:`bot.store.Store`)."""

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
