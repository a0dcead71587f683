"""Drafts: choices a Discord player picked but has not confirmed yet.

A draft's ``version`` is the move counter it was written on; in a phase of
sealed orders, the move counter since which the player's own decision stands
(a save keeps the drafts of the players whose decision it left as it was and
starts an empty one for those whose decision it changed: issue 37)."""
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

    async def put_draft(self, game_id: int, user: str, since: int, choices: list[str], *, new: bool = False) -> bool:
        """Sealed orders: keep ``choices`` on the draft the user has had since
        version ``since``, only if it is still that one (a save that changed
        the user's decision replaced it). ``new``: the user has no draft yet
        (the round began before drafts were kept per player): written only if
        none has appeared since. False: nothing written, the decision moved on."""
        async with self._conn() as c:
            if new:
                return await c.execute(
                    "INSERT INTO drafts (game_id, user_id, version, choices) VALUES (?,?,?,?) "
                    "ON CONFLICT(game_id, user_id) DO NOTHING", game_id, user, since, json.dumps(choices)) == 1
            return await c.execute("UPDATE drafts SET choices=? WHERE game_id=? AND user_id=? AND version=?",
                                   json.dumps(choices), game_id, user, since) == 1
