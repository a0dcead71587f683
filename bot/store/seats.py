"""Seats: claiming a seat group, handing seats to users or the bot."""
from __future__ import annotations

import time
from typing import Any

from .core import (
    BOT,
    SeatBusy,
    StoreCore,
)


class Seats(StoreCore):
    """The SQL of seats (see the module doc; composed in :class:`bot.store.Store`)."""

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
                    v = await self._bump(c, game_id, now)
                    await self._action(c, game_id, user, ",".join(grp), "join", [], v, now)
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
            v = await self._bump(c, game_id, now)
            await self._action(c, game_id, user, ",".join(seats), kind, list(choices), v, now)

    @staticmethod
    async def _set_seat(c, game_id: int, faction: str, user: str | None, bot: int) -> None:
        await c.execute("INSERT INTO seats (game_id, faction, user_id, bot) VALUES (?,?,?,?) "
                        "ON CONFLICT(game_id, faction) DO UPDATE SET user_id=excluded.user_id, bot=excluded.bot",
                        game_id, faction, user, bot)
