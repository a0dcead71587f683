"""Public posts and the pinned dashboard (DESIGN §5)."""
from __future__ import annotations

import io
import logging

import discord

from bot.i18n import t
from bot.service import Post
from bot.store import GameRow

log = logging.getLogger("dakbot.cogs")
LIMIT = 2000


def _chunks(text: str) -> list[str]:
    out, cur = [], ""
    for line in text.splitlines():
        while len(line) > LIMIT:
            out.append(line[:LIMIT])
            line = line[LIMIT:]
        if len(cur) + len(line) + 1 > LIMIT:
            out.append(cur)
            cur = ""
        cur = f"{cur}\n{line}" if cur else line
    if cur:
        out.append(cur)
    return out or [""]


def mentions(pings: list[str]) -> discord.AllowedMentions:
    """Only these users get a notification (never roles or @everyone)."""
    users = [discord.Object(int(u)) for u in pings if str(u).isdigit()]
    return discord.AllowedMentions(users=users, roles=False, everyone=False, replied_user=False)


async def publish_posts(client, channel, game: GameRow, posts: list[Post]) -> None:
    """Send each post (split at 2000 characters; the map PNG on the last
    piece), then refresh the dashboard after a turn/start/end post."""
    if channel is None:
        return
    turned = False
    for p in posts:
        pieces = _chunks(p.text)
        for i, piece in enumerate(pieces):
            last = i == len(pieces) - 1
            kw = {"allowed_mentions": mentions(p.pings if last else [])}
            if last and p.image:
                kw["file"] = discord.File(io.BytesIO(p.image), filename="map.png")
            await channel.send(piece or "\u200b", **kw)
        turned = turned or p.kind in ("start", "turn", "end")
    if turned:
        try:
            await update_dashboard(client, channel, game)
        except discord.HTTPException:
            log.warning("dashboard update failed for game %s", game.id)


async def update_dashboard(client, channel, game: GameRow) -> None:
    """Edit the game's pinned dashboard message, or send and pin one."""
    svc = client.service
    game = await svc.game(game.id)
    text = t(game.locale, "dashboard.title", "📌 Dashboard") + "\n" + await svc.status(game.id)
    if game.status == "active" and game.deadline_hours:
        text += "\n" + t(game.locale, "dashboard.deadline", "Deadline per decision: {hours} h.",
                         hours=game.deadline_hours)
    text = text[:LIMIT]
    none = discord.AllowedMentions.none()
    if game.dashboard:
        try:
            msg = channel.get_partial_message(int(game.dashboard))
            await msg.edit(content=text, allowed_mentions=none)
            return
        except discord.NotFound:
            pass
    msg = await channel.send(text, allowed_mentions=none)
    await svc.store.update_game(game.id, dashboard=str(msg.id))
    try:
        await msg.pin()
    except discord.HTTPException:
        log.info("cannot pin the dashboard in channel %s", channel.id)
