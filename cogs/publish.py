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
# Seconds an outbox post is held by the process sending it (Store.claim_post).
POST_LEASE = 300.0


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


#: What the bot needs in a game's channel, with the words Discord's settings use.
NEEDED = (("view_channel", "View Channel"), ("send_messages", "Send Messages"),
          ("attach_files", "Attach Files"), ("embed_links", "Embed Links"), ("pin_messages", "Pin Messages"))


def missing_permissions(perms: discord.Permissions | None) -> list[str]:
    """The names of the channel permissions the bot lacks (empty: all there).
    Pinning the dashboard needs Pin Messages (Discord, 2026), not Manage Messages."""
    if perms is None:
        return []
    return [name for attr, name in NEEDED if not getattr(perms, attr, False)]


def _channel_perms(channel) -> discord.Permissions | None:
    guild = getattr(channel, "guild", None)
    me = getattr(guild, "me", None) if guild is not None else None
    if me is None:
        return None
    try:
        return channel.permissions_for(me)
    except Exception:  # noqa: BLE001 - a partial channel object
        return None


def _files(p: Post) -> list[discord.File]:
    out = []
    if p.image:
        out.append(discord.File(io.BytesIO(p.image), filename="turn.png" if p.full_map else "map.png"))
    if p.full_map:
        out.append(discord.File(io.BytesIO(p.full_map), filename="map.png"))
    return out


async def send_post(channel, p: Post) -> None:
    """Send one post (split at 2000 characters; its pictures and pings on the
    last piece). Raises discord.HTTPException."""
    pieces = _chunks(p.text)
    for i, piece in enumerate(pieces):
        last = i == len(pieces) - 1
        kw = {"allowed_mentions": mentions(p.pings if last else [])}
        files = _files(p) if last else []
        if files:
            kw["files"] = files
        await channel.send(piece or "\u200b", **kw)


def retry_delay(attempts: int) -> float:
    """Seconds before retrying an undelivered post: 1 min, doubling, at most 1 h."""
    return float(min(3600, 60 * 2 ** min(attempts, 6)))


async def publish_posts(client, channel, game: GameRow, posts: list[Post],
                        perms: discord.Permissions | None = None) -> str | None:
    """Send each post, then refresh the dashboard after a turn/start/end post.

    Returns None when everything went out. When Discord refuses (a missing
    permission, an outage, a rate limit), the posts not yet delivered are kept
    in the store's outbox and retried with backoff, across restarts, until
    they are delivered; the return value then says what failed (the missing
    permissions by name, else Discord's error), for the player and the
    manager (who also gets a direct message, when Discord allows one).
    ``perms``: the bot's permissions in the channel when the caller knows
    them (an interaction's ``app_permissions``). The game itself was saved
    before and is never affected."""
    if channel is None:
        return None
    turned = False
    for i, p in enumerate(posts):
        try:
            await send_post(channel, p)
        except discord.HTTPException as e:
            why = (", ".join(missing_permissions(perms or _channel_perms(channel)))
                   or f"{e.status} {e.text or ''}".strip())
            log.warning("posting to channel %s failed (%s); queued for retry", game.channel, why)
            svc = client.service
            for q in posts[i:]:
                await svc.store.queue_post(game.id, str(game.channel), q.text, list(q.pings), q.kind,
                                           bool(q.image or q.full_map), svc.clock() + retry_delay(0), why)
            await _tell_manager(client, game, why)
            return why
        turned = turned or p.kind in ("start", "turn", "end")
    if turned:
        try:
            await update_dashboard(client, channel, game)
        except discord.HTTPException:
            log.warning("dashboard update failed for game %s", game.id)
    return None


async def _tell_manager(client, game: GameRow, why: str) -> None:
    """A direct message to the game's creator saying what to fix (best effort)."""
    try:
        user = client.get_user(int(game.creator)) or await client.fetch_user(int(game.creator))
        await user.send(t(game.locale, "error.post_failed_manager", "dakbot could not post in the channel of "
                          "**{name}** ({why}). Moves are saved and the posts will be retried; please grant the "
                          "missing permissions in the channel's settings.", name=game.name, why=why))
    except Exception:  # noqa: BLE001 - DMs closed, unknown user, offline tests
        log.info("could not tell the manager of game %s", game.id)


async def deliver_outbox(client, now: float | None = None) -> int:
    """Retry the posts kept in the outbox that are due; returns how many went
    out. A retried turn post carries the current map (the game may have moved
    on since); pings are kept, so the next player is told."""
    svc = client.service
    now = svc.clock() if now is None else now
    sent = 0
    for row in await svc.store.due_posts(now):
        # several bot processes may run this at once: only the one that
        # leases the post sends it (a process dying mid-send leaves it due
        # again after the lease, so it is retried, not lost)
        if not await svc.store.claim_post(row["id"], now, POST_LEASE):
            continue
        channel = client.get_channel(int(row["channel"])) if str(row["channel"]).isdigit() else None
        try:
            if channel is None:
                channel = await client.fetch_channel(int(row["channel"]))
            image = await svc.map_png(row["game_id"]) if row["with_map"] else None
            await send_post(channel, Post(row["text"], image, list(row["pings"]), row["kind"]))
        except (discord.HTTPException, ValueError) as e:
            why = ", ".join(missing_permissions(_channel_perms(channel))) or str(e)[:200]
            await svc.store.post_failed(row["id"], now + retry_delay(row["attempts"] + 1), why)
            continue
        except Exception:  # noqa: BLE001 - e.g. the game became unreadable: keep the post for later
            log.exception("outbox post %s failed", row["id"])
            await svc.store.post_failed(row["id"], now + retry_delay(row["attempts"] + 1), "error")
            continue
        await svc.store.post_done(row["id"])
        sent += 1
    return sent


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


async def setup(bot) -> None:
    """As a discord.py extension: give the client (bot/app.py) the
    notification rule of reminder posts and the outbox sender."""
    bot.mentions = mentions
    bot.outbox_sender = deliver_outbox
