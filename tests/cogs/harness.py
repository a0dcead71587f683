"""Offline discord.py harness (DESIGN §7): real dispatch through
``bot._connection.parse_interaction_create``; the HTTP layer (``bot.http.request``)
and the interaction webhook adapter (``discord.webhook.async_.async_context``)
are replaced by recorders."""
from __future__ import annotations

import asyncio
import itertools
import json

import discord
from discord import ClientUser
from discord.webhook.async_ import async_context

from bot.app import DakBot

APP = 900000000000000001
GUILD = 800000000000000001
CHANNEL = 700000000000000001
PNG = b"\x89PNG\r\n\x1a\nfake"  # stands in for map pictures (the renderer has its own tests)
_ids = itertools.count(100000000000000001)


def snowflake() -> str:
    return str(next(_ids))


def message_payload(content="", channel=CHANNEL, mid=None, components=None):
    return {"id": mid or snowflake(), "channel_id": str(channel), "content": content or "",
            "author": {"id": str(APP), "username": "dakbot", "discriminator": "0", "avatar": None, "bot": True},
            "attachments": [], "embeds": [], "mentions": [], "mention_roles": [], "pinned": False,
            "mention_everyone": False, "tts": False, "timestamp": "2024-01-01T00:00:00+00:00",
            "edited_timestamp": None, "type": 0, "flags": 0, "components": components or []}


class Adapter:
    """Stands in for AsyncWebhookAdapter: records interaction responses."""

    def __init__(self, log):
        self.log = log

    def __getattr__(self, name):
        async def call(*args, **kwargs):
            params = kwargs.get("params")
            # responses pass ``params``; edits and followups pass payload/multipart/files directly
            payload = getattr(params, "payload", None) if params is not None else kwargs.get("payload")
            files = getattr(params, "files", None) if params is not None else kwargs.get("files")
            multipart = getattr(params, "multipart", None) if params is not None else kwargs.get("multipart")
            if payload is None and multipart:
                # with attachments the JSON travels as the multipart field payload_json
                for part in multipart:
                    if part.get("name") == "payload_json":
                        payload = json.loads(part["value"])
            self.log.append({"via": "interaction", "op": name, "payload": payload or {}, "files": files or []})
            if name == "create_interaction_response":
                return {"interaction": {"id": str(args[0]) if args else snowflake(), "type": 2}}
            content = (payload or {}).get("content") or (payload or {}).get("data", {}).get("content", "")
            return message_payload(content)
        return call


class Harness:
    def __init__(self, bot: DakBot):
        self.bot = bot
        self.log: list[dict] = []
        self._token = None

    @classmethod
    async def create(cls, store) -> "Harness":
        bot = DakBot(store, sync=False, reminders=False)
        h = cls(bot)
        bot._connection.application_id = APP
        bot._connection.user = ClientUser(state=bot._connection, data={
            "id": str(APP), "username": "dakbot", "discriminator": "0", "avatar": None, "bot": True})
        await bot._async_setup_hook()

        async def request(route, **kwargs):
            body = kwargs.get("json")
            files = kwargs.get("files") or []
            if body is None and kwargs.get("form"):
                for f in kwargs["form"]:
                    if f.get("name") == "payload_json":
                        body = json.loads(f["value"])
            h.log.append({"via": "http", "op": f"{route.method} {route.path}", "payload": body or {},
                          "files": files, "route": route})
            if route.method in ("POST", "PATCH") and "/messages" in route.path:
                return message_payload((body or {}).get("content", ""))
            if route.method == "GET" and route.path == "/channels/{channel_id}":
                # a restarted bot fetches the game's channel (no gateway cache offline)
                return {"id": str(route.channel_id), "type": 0, "guild_id": str(GUILD), "name": "game",
                        "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}
            return None

        bot.http.request = request  # type: ignore[assignment]
        await bot.setup_hook()
        h.adapter = Adapter(h.log)
        return h

    def close(self):
        pass

    @staticmethod
    def member(uid: int, perms: int = 0) -> dict:
        return {"user": {"id": str(uid), "username": f"user{uid}", "discriminator": "0", "avatar": None,
                         "global_name": f"User {uid}"},
                "roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0,
                "permissions": str(perms)}

    #: the bot's permissions in the channel (``app_permissions``): all of them unless a test says otherwise
    app_perms: int = discord.Permissions.all().value

    #: the guild's language (``guild_locale``): a game made by /game new speaks it
    guild_locale: str = "en-US"

    def base(self, itype: int, uid: int, data: dict, locale: str = "en-US", perms: int = 0, message=None) -> dict:
        p = {"id": snowflake(), "application_id": str(APP), "type": itype, "token": "tok-" + snowflake(),
             "version": 1, "data": data, "guild_id": str(GUILD),
             "channel": {"id": str(CHANNEL), "type": 0, "guild_id": str(GUILD), "name": "gandhi", "position": 0,
                         "permission_overwrites": [], "nsfw": False, "parent_id": None},
             "channel_id": str(CHANNEL), "member": self.member(uid, perms), "locale": locale,
             "guild_locale": self.guild_locale,
             "app_permissions": str(self.app_perms), "entitlements": [], "authorizing_integration_owners": {},
             "attachment_size_limit": 10 * 1024 * 1024}
        if message is not None:
            p["message"] = message
        return p

    async def feed(self, payload: dict) -> list[dict]:
        """Dispatch one interaction; wait for the handlers; return new records."""
        start = len(self.log)
        # set in the calling task's context: the handler tasks copy it
        async_context.set(self.adapter)
        before = set(asyncio.all_tasks())
        self.bot._connection.parse_interaction_create(payload)
        for _ in range(500):
            await asyncio.sleep(0)
            pending = [t for t in asyncio.all_tasks() - before if t is not asyncio.current_task() and not t.done()
                       and "timeout_task" not in repr(t.get_coro())]  # a View's idle timer
            if not pending:
                break
            await asyncio.wait(pending, timeout=20)
        return self.log[start:]

    async def slash(self, uid: int, command: str, sub: str | None = None, locale: str = "en-US", perms: int = 0,
                    **options) -> list[dict]:
        """Send ``/command [sub]`` with ``options``: a str or int as itself,
        a :class:`UserOption` as a user option (type 6) resolved as Discord
        sends it, a :class:`ChannelOption` as a text channel of the guild."""
        opts = [{"type": _option_type(v), "name": k, "value": str(v) if isinstance(v, (UserOption, ChannelOption))
                 else v} for k, v in options.items()]
        if sub:
            data = {"id": snowflake(), "name": command, "type": 1,
                    "options": [{"type": 1, "name": sub, "options": opts}]}
        else:
            data = {"id": snowflake(), "name": command, "type": 1, "options": opts}
        resolved = self.resolved(options.values())
        if resolved:
            data["resolved"] = resolved
        return await self.feed(self.base(2, uid, data, locale, perms))

    def resolved(self, values) -> dict:
        """The ``resolved`` block of an interaction for its user and channel
        options; a channel is also put in the guild cache, as a gateway would."""
        out: dict = {}
        for v in values:
            if isinstance(v, UserOption):
                m = self.member(int(v))
                out.setdefault("users", {})[str(v)] = m["user"]
                out.setdefault("members", {})[str(v)] = {k: x for k, x in m.items() if k != "user"}
            elif isinstance(v, ChannelOption):
                ch = {"id": str(v), "type": 0, "name": f"channel{v}", "guild_id": str(GUILD), "position": 1,
                      "permission_overwrites": [], "nsfw": False, "parent_id": None,
                      "permissions": str(discord.Permissions.all().value)}
                out.setdefault("channels", {})[str(v)] = ch
                self.cache_channel(ch)
        return out

    def cache_channel(self, ch: dict) -> None:
        state = self.bot._connection
        guild = state._get_guild(GUILD)
        if guild is None:
            guild = discord.Guild(data={"id": str(GUILD), "name": "guild", "channels": [], "roles": [],
                                        "members": [], "owner_id": "1", "member_count": 1}, state=state)
            state._add_guild(guild)
        guild._add_channel(discord.TextChannel(state=state, guild=guild, data=ch))

    async def autocomplete(self, uid: int, name: str, sub: str | None, option: str, value: str,
                           locale: str = "en-US") -> list[dict]:
        opt = [{"type": 3, "name": option, "value": value, "focused": True}]
        if sub:
            data = {"id": snowflake(), "name": name, "type": 1, "options": [{"type": 1, "name": sub, "options": opt}]}
        else:
            data = {"id": snowflake(), "name": name, "type": 1, "options": opt}
        return await self.feed(self.base(4, uid, data, locale))

    async def click(self, uid: int, custom_id: str, values: list[str] | None = None, locale: str = "en-US"):
        data = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
        if values is not None:
            data["values"] = values
        # the clicked message carries the component (discord.py looks it up there)
        if values is not None:
            comp = {"type": 3, "custom_id": custom_id, "options": [{"label": v, "value": v} for v in values]}
        else:
            comp = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
        msg = message_payload("prompt", components=[{"type": 1, "components": [comp]}])
        msg["flags"] = 64
        return await self.feed(self.base(3, uid, data, locale, message=msg))


class UserOption(int):
    """A user picked in a slash command's user option (type 6)."""


class ChannelOption(int):
    """A text channel picked in a slash command's channel option (type 7)."""


def _option_type(v) -> int:
    if isinstance(v, UserOption):
        return 6
    if isinstance(v, ChannelOption):
        return 7
    return 4 if isinstance(v, int) else 3


def responses(records):
    return [r for r in records if r["via"] == "interaction"]


def channel_posts(records):
    return [r for r in records if r["via"] == "http" and r["op"].startswith("POST") and r["op"].endswith("/messages")]


def components(record) -> list[dict]:
    p = record["payload"]
    data = p.get("data", p)
    rows = data.get("components") or []
    return [c for row in rows for c in row.get("components", [])]


def text_of(record) -> str:
    p = record["payload"]
    return (p.get("data") or {}).get("content") or p.get("content") or ""
