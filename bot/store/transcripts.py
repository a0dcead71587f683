"""Transcripts: the actions log, the moves (replay, export, patch), the game
log rows and the undo snapshots."""
from __future__ import annotations

import json
import time
from typing import Any

from .core import (
    LOG_ROWS_PER_INSERT,
    MAX_LOG,
    StoreCore,
)


class Transcripts(StoreCore):
    """The SQL of transcripts (see the module doc; composed in :class:`bot.store.Store`)."""

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

    async def moves(self, game_id: int) -> list[dict[str, Any]]:
        """Every applied choice of a game in order: {move, actor, choice, version}."""
        return await self._rows("SELECT move, actor, choice, version FROM moves WHERE game_id=? ORDER BY move",
                                (game_id,))
