"""The Discord client (DESIGN §4-5): ``dakbot run``.

Loads the generic cogs (:data:`GENERIC_COGS`) and each registered game's own
extension (``GameSpec.cog``) as discord.py extensions; the cogs register what
the client needs from them (the error reporter, the restart-safe components,
the reminder and outbox senders) when they load, so this module never imports
``cogs`` (layers: cogs -> bot). It localizes command names and descriptions through the bot's catalogs, syncs the commands and runs
the one reminder dispatcher (timer rows in the database, so reminders survive
restarts). The token comes only from ``DISCORD_TOKEN`` and is never logged.
"""
from __future__ import annotations

import asyncio
import logging
import os
import sys

import discord
from discord import app_commands
from discord.ext import commands

import engine

from .i18n import LOCALES, catalog
from .service import Service
from .store import Store, StoreError

log = logging.getLogger("dakbot")

#: The extensions every game uses: the components and error reporter, the
#: posting (reminders, outbox), the commands.
GENERIC_COGS = ("cogs.ui", "cogs.publish", "cogs.play")

# discord.Locale value -> our catalog language
DISCORD_LOCALES = {"it": "it", "es-ES": "es", "ja": "ja"}


class CatalogTranslator(app_commands.Translator):
    """Command names/descriptions from the catalogs: the ``locale_str``'s
    ``key`` looked up in the locale's catalog (it, es-ES, ja); None (the
    English default) when there is no translation."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        key = string.extras.get("key")
        lang = DISCORD_LOCALES.get(locale.value)
        if not key or not lang:
            return None
        return catalog(lang).get(key) or None


class DakTree(app_commands.CommandTree):
    """The command tree with the one central error handler."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        report = getattr(self.client, "error_reporter", None)
        if report is None:  # no extension registered one: discord.py's default (a log line)
            await super().on_error(interaction, error)
            return
        await report(interaction, getattr(error, "original", error))


class DakBot(commands.Bot):
    """The bot: ``service`` is the game service over the store."""

    def __init__(self, store: Store, *, sync: bool = True, reminders: bool = True, render_maps: bool = True,
                 **client_options):
        intents = discord.Intents.default()
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, tree_cls=DakTree,
                         help_command=None, **client_options)
        self.store = store
        self.service = Service(store, render_maps=render_maps)
        self.sync_commands = sync
        self.run_reminders = reminders
        self._reminder_task: asyncio.Task | None = None
        #: set by the extensions as they load (cogs/ui.py, cogs/publish.py):
        #: ``error_reporter(interaction, exc)``; ``mentions(pings) ->
        #: AllowedMentions``; ``deliver_outbox(client) -> int``
        self.error_reporter = None
        self.mentions = None
        self.outbox_sender = None

    def extensions_to_load(self) -> list[str]:
        """The generic cogs, then each registered game's own extension."""
        games = [engine.game_spec(g).cog for g in engine.games()]
        return list(GENERIC_COGS) + [c for c in dict.fromkeys(games) if c and c not in GENERIC_COGS]

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogTranslator())
        for ext in self.extensions_to_load():
            await self.load_extension(ext)
        if self.sync_commands:
            await self.tree.sync()
        if self.run_reminders:
            self._reminder_task = asyncio.create_task(self.reminder_loop())

    async def close(self) -> None:
        if self._reminder_task:
            self._reminder_task.cancel()
        await super().close()

    async def deliver_reminders(self, now: float | None = None) -> int:
        """Send every due reminder/deadline post; returns how many were sent."""
        mentions = self.mentions or (lambda pings: discord.AllowedMentions.none())
        n = 0
        for game, post in await self.service.due_reminders(now):
            channel = self.get_channel(int(game.channel)) if game.channel.isdigit() else None
            if channel is None and game.channel.isdigit():
                try:
                    channel = await self.fetch_channel(int(game.channel))
                except discord.HTTPException:
                    continue
            if channel is None:
                continue
            try:
                await channel.send(post.text[:2000], allowed_mentions=mentions(post.pings))
            except discord.HTTPException:  # one channel's failure must not drop the others' posts
                log.warning("reminder for game %s not delivered to channel %s", game.id, game.channel)
                continue
            n += 1
        return n

    async def reminder_loop(self) -> None:
        """The one dispatcher: wake at the next due timer (at most every 5 min)."""
        await self.wait_until_ready()
        try:  # games that do not replay on this code: their managers are told once
            await self.service.upgrade_check()
        except Exception:  # noqa: BLE001 - a failed check must not stop reminders
            log.exception("start-up upgrade check failed")
        while not self.is_closed():
            try:
                await self.deliver_reminders()
                if self.outbox_sender is not None:
                    await self.outbox_sender(self)
                dues = [x for x in (await self.store.next_timer_due(), await self.store.next_post_due())
                        if x is not None]
                delay = 300.0 if not dues else max(5.0, min(300.0, min(dues) - self.service.clock()))
            except Exception:  # noqa: BLE001 - the dispatcher must survive
                log.exception("reminder dispatch failed")
                delay = 60.0
            await asyncio.sleep(delay)


class ShardedDakBot(DakBot, commands.AutoShardedBot):
    """The bot on several gateway shards (discord.py's AutoShardedBot): one
    process runs ``shard_ids`` of ``shard_count``. Several such processes on
    one PostgreSQL database share the work: an interaction is handled by the
    process whose shard received it (every write checked and locked per game
    in the store), and each runs the reminder dispatcher, whose timers and
    outbox posts are claimed once (docs/deploy.md)."""


def parse_shards(shards: int | None, shard_ids: str | None) -> dict:
    """The client options for ``--shards N --shard-ids a,b``: {} for one
    unsharded process. Raises ValueError with a line for the operator."""
    if shards is None:
        if shard_ids:
            raise ValueError("--shard-ids needs --shards (the total number of shards)")
        return {}
    if shards < 1:
        raise ValueError("--shards must be 1 or more")
    if not shard_ids:
        return {"shard_count": shards}  # this process runs them all
    try:
        ids = sorted({int(x) for x in shard_ids.split(",") if x.strip()})
    except ValueError:
        raise ValueError(f"--shard-ids takes numbers separated by commas, not {shard_ids!r}") from None
    if not ids or ids[0] < 0 or ids[-1] >= shards:
        raise ValueError(f"--shard-ids must be between 0 and {shards - 1} (--shards {shards})")
    return {"shard_count": shards, "shard_ids": ids}


async def _amain(token: str, shard_options: dict, db: str | None = None) -> None:
    store = await Store.open(db)  # StoreError: reported by main() in one line
    bot = ShardedDakBot(store, **shard_options) if shard_options else DakBot(store)
    try:
        async with bot:
            await bot.start(token)
    finally:
        await store.close()


def main(shards: int | None = None, shard_ids: str | None = None, db: str | None = None) -> int:
    """Run the bot with ``DISCORD_TOKEN`` (on ``shard_ids`` of ``shards``
    gateway shards when given); returns the exit status."""
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        print("dakbot run: set DISCORD_TOKEN in the environment.")
        return 2
    try:
        shard_options = parse_shards(shards, shard_ids)
    except ValueError as e:
        print(f"dakbot run: {e}", file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=logging.INFO)
    try:
        asyncio.run(_amain(token, shard_options, db))
    except StoreError as e:
        print(f"dakbot run: {e}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("dakbot run: Discord refused the token (check DISCORD_TOKEN).")
        return 2
    except KeyboardInterrupt:
        pass
    return 0


__all__ = ["DakBot", "ShardedDakBot", "CatalogTranslator", "main", "parse_shards", "LOCALES"]
