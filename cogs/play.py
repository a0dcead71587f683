"""Slash commands (DESIGN §5): turn an interaction into a service call and a
service result into messages.

``/game new|join|leave|start|status|abandon|replace|resign|reminders|language|pause|
resume|bot|move|export``, ``/play``, ``/undo``, ``/map``, ``/card``, ``/space``,
``/replay``, ``/log``, ``/rules``, ``/help``, for every registered game
(``engine.games()``): ``/game new game:<id>`` picks one, and the other
commands act on the channel's game. Look-ups (card, space, rule texts) live
in :mod:`bot.lookup`, shared with the console; pictures come from the game's
registered renderer. A game's own commands, if any, are its registered
extension (``GameSpec.cog``). Names and descriptions are :class:`app_commands.locale_str` with a
catalog ``key`` (translated by :class:`bot.app.CatalogTranslator`).
"""
from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import engine
from bot.i18n import faction_name, normalize_locale, t
from bot.lookup import card_choices, card_text, decision_choices, find_space, rules_text, space_choices, space_text
from bot.service import ServiceError, default_game, factions_of, renderer, seat_layouts, viewer_locale

from .publish import missing_permissions, publish_posts
from .ui import build_view, loc_of, prompt_text, replay_message, saved_text


def L(name: str, key: str) -> app_commands.locale_str:
    return _(name, key=key)


# the games' seat layouts as their bot/games modules name them (issue 38: no game's words here)
LAYOUT_CHOICES = [app_commands.Choice(name=L(text, key), value=layout)
                  for layout, (text, key) in seat_layouts().items()]
LANGUAGE_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in (
    ("English", "en"), ("Italiano", "it"), ("Español", "es-ES"), ("日本語", "ja"))]
CONSEQUENCE_CHOICES = [
    app_commands.Choice(name=L("only announce it", "opt.consequence.remind"), value="remind"),
    app_commands.Choice(name=L("the bot plays that turn", "opt.consequence.bot"), value="bot"),
    app_commands.Choice(name=L("that Faction Passes", "opt.consequence.pass"), value="pass"),
    app_commands.Choice(name=L("free the seat for a substitute", "opt.consequence.substitute"), value="substitute")]


def _svc(interaction: discord.Interaction):
    return interaction.client.service  # type: ignore[attr-defined]


def _manager(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_channels)


async def _reply(interaction: discord.Interaction, text: str, *, ephemeral: bool = True, **kw) -> None:
    text = text[:2000]
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=ephemeral, **kw)
    else:
        await interaction.response.send_message(text, ephemeral=ephemeral, **kw)


async def _game_id(interaction: discord.Interaction) -> int:
    return (await _svc(interaction).game_in(str(interaction.channel_id))).id


async def _channel_game(interaction: discord.Interaction) -> str:
    """The game id of the channel's open game, else the default game (a
    look-up before any game is created)."""
    g = await _svc(interaction).store.open_game_in(str(interaction.channel_id))
    return g.game if g is not None else default_game()


async def faction_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    loc = loc_of(interaction)
    cur = current.lower()
    return [app_commands.Choice(name=faction_name(loc, f), value=f) for f in factions_of(await _channel_game(interaction))
            if cur in f or cur in faction_name(loc, f).lower()][:25]


async def space_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    out = space_choices(await _channel_game(interaction), current, loc_of(interaction))
    return [app_commands.Choice(name=name[:100], value=sid) for name, sid in out[:25]]


async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    out = card_choices(await _channel_game(interaction), current, loc_of(interaction))
    return [app_commands.Choice(name=label[:100], value=n) for label, n in out[:25]]


async def decision_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The options of the caller's pending decision (their draft applied)
    whose names match what they type, in their language (issue 14); none
    when it is not their decision."""
    svc = _svc(interaction)
    g = await svc.store.open_game_in(str(interaction.channel_id))
    if g is None or g.state is None:
        return []
    with viewer_locale(loc_of(interaction)):
        p = await svc.prompt(g.id, str(interaction.user.id))
    if p is None or p.confirm or g.seats.get(p.actor) != str(interaction.user.id):
        return []
    return [app_commands.Choice(name=label[:100], value=cid[:100])
            for label, cid in decision_choices(p.choices, current)]


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=engine.game_spec(g).name, value=g) for g in engine.games()][:25]


def _scenario_choices() -> list[app_commands.Choice[str]]:
    ids = dict.fromkeys(s for g in engine.games() for s in engine.game_spec(g).scenarios)
    return [app_commands.Choice(name=s, value=s) for s in ids][:25]


class GameGroup(app_commands.Group):
    """``/game ...``: create, seat, start and manage games."""

    def __init__(self):
        super().__init__(name=L("game", "cmd.game.name"), description=L("Create and manage a game",
                                                                         "cmd.game.desc"))

    @app_commands.command(name=L("new", "cmd.new.name"), description=L("Create a game in this channel",
                                                                       "cmd.new.desc"))
    @app_commands.describe(game=L("which game (default: the first)", "opt.game.desc"),
                           scenario=L("the scenario (default: the game's first)", "opt.scenario.desc"),
                           players=L("number of human players, 1-4", "opt.players.desc"),
                           bots=L("Factions played by the bot (ids or names, comma-separated)", "opt.bots.desc"),
                           layout=L("3 players: who holds two Factions", "opt.layout.desc"),
                           deadline=L("hours allowed per decision (0: none)", "opt.deadline.desc"),
                           consequence=L("what a missed deadline does", "opt.consequence.desc"),
                           language=L("the game's language (default: the server's)", "opt.language.desc"))
    @app_commands.choices(game=_game_choices(), scenario=_scenario_choices(),
                          layout=LAYOUT_CHOICES, consequence=CONSEQUENCE_CHOICES, language=LANGUAGE_CHOICES)
    async def new(self, interaction: discord.Interaction, game: str | None = None, scenario: str | None = None,
                  players: app_commands.Range[int, 1, 7] = 4, bots: str | None = None, layout: str = "standard",
                  deadline: app_commands.Range[float, 0, 2160] = 0.0, consequence: str = "remind",
                  language: str | None = None):
        missing = missing_permissions(getattr(interaction, "app_permissions", None))
        if missing:
            raise ServiceError("error.permissions", "dakbot cannot play here yet: in this channel's settings, "
                               "grant it {missing}.", missing=", ".join(missing))
        locale = language or normalize_locale(str(interaction.guild_locale or interaction.locale))
        svc = _svc(interaction)
        res = await svc.create(str(interaction.channel_id), str(interaction.user.id), scenario,
                               seats=players, guild=str(interaction.guild_id or ""), locale=locale,
                               bots=bots, layout=layout, deadline_action=consequence, game=game,
                               deadline_hours=deadline or None)
        await _reply(interaction, res.reply, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("join", "cmd.join.name"), description=L("Take a seat", "cmd.join.desc"))
    @app_commands.describe(faction=L("the Faction you want (default: the first free seat)", "opt.faction.desc"))
    @app_commands.autocomplete(faction=faction_autocomplete)
    async def join(self, interaction: discord.Interaction, faction: str | None = None):
        res = await _svc(interaction).join(await _game_id(interaction), str(interaction.user.id), faction)
        await _reply(interaction, res.reply, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("leave", "cmd.leave.name"), description=L("Give up your seat before the start",
                                                                           "cmd.leave.desc"))
    async def leave(self, interaction: discord.Interaction):
        res = await _svc(interaction).leave(await _game_id(interaction), str(interaction.user.id))
        await _reply(interaction, res.reply, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("start", "cmd.start.name"), description=L("Start the game", "cmd.start.desc"))
    async def start(self, interaction: discord.Interaction):
        await interaction.response.defer(ephemeral=True)  # a refusal stays between the bot and the caller
        res = await _svc(interaction).start(await _game_id(interaction), str(interaction.user.id))
        why = await publish_posts(interaction.client, interaction.channel, res.game, res.posts,
                                  interaction.app_permissions)
        await interaction.followup.send(saved_text(loc_of(interaction), why, res.game) if why else
                                        t(loc_of(interaction), "game.starting", "Starting…"), ephemeral=True)

    @app_commands.command(name=L("status", "cmd.status.name"), description=L("Seats, cards, tracks and who is to act",
                                                                             "cmd.status.desc"))
    async def status(self, interaction: discord.Interaction):
        svc = _svc(interaction)
        g = await svc.store.latest_game_in(str(interaction.channel_id))
        if g is None:
            await svc.game_in(str(interaction.channel_id))  # raises the polite NotFound
        await _reply(interaction, await svc.status(g.id), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("abandon", "cmd.abandon.name"), description=L("End the game unfinished",
                                                                               "cmd.abandon.desc"))
    async def abandon(self, interaction: discord.Interaction):
        res = await _svc(interaction).abandon(await _game_id(interaction), str(interaction.user.id),
                                              manager=_manager(interaction))
        await _reply(interaction, res.reply, ephemeral=False)

    @app_commands.command(name=L("replace", "cmd.replace.name"), description=L("Give a seat to another member",
                                                                               "cmd.replace.desc"))
    @app_commands.describe(faction=L("the seat's Faction", "opt.seat.desc"), member=L("the new player",
                                                                                      "opt.member.desc"))
    @app_commands.autocomplete(faction=faction_autocomplete)
    async def replace(self, interaction: discord.Interaction, faction: str, member: discord.User):
        await interaction.response.defer(ephemeral=True)  # answered before any post (Discord allows 3 s)
        res = await _svc(interaction).replace(await _game_id(interaction), str(interaction.user.id), faction,
                                              str(member.id), manager=_manager(interaction))
        await publish_posts(interaction.client, interaction.channel, res.game, res.posts)
        await _reply(interaction, t(loc_of(interaction), "play.done", "Done."))

    @app_commands.command(name=L("resign", "cmd.resign.name"), description=L("Give up your seats in play",
                                                                             "cmd.resign.desc"))
    async def resign(self, interaction: discord.Interaction):
        res = await _svc(interaction).resign(await _game_id(interaction), str(interaction.user.id))
        await _reply(interaction, res.reply, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("reminders", "cmd.reminders.name"),
                          description=L("Reminder interval and deadline in hours", "cmd.reminders.desc"))
    @app_commands.describe(hours=L("hours between reminders (default 24)", "opt.hours.desc"),
                           deadline=L("hours allowed per decision (0: none)", "opt.deadline.desc"),
                           consequence=L("what a missed deadline does", "opt.consequence.desc"))
    @app_commands.choices(consequence=CONSEQUENCE_CHOICES)
    async def reminders(self, interaction: discord.Interaction, hours: app_commands.Range[float, 1, 720] = 24.0,
                        deadline: app_commands.Range[float, 0, 2160] | None = None, consequence: str | None = None):
        res = await _svc(interaction).set_reminders(await _game_id(interaction), str(interaction.user.id), hours,
                                                    deadline, manager=_manager(interaction),
                                                    deadline_action=consequence)
        await _reply(interaction, res.reply)

    @app_commands.command(name=L("language", "cmd.language.name"),
                          description=L("The game's language (manager)", "cmd.language.desc"))
    @app_commands.describe(language=L("the game's language (default: the server's)", "opt.language.desc"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str):
        res = await _svc(interaction).set_locale(await _game_id(interaction), str(interaction.user.id), language,
                                                 manager=_manager(interaction))
        await _reply(interaction, res.reply, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("pause", "cmd.pause.name"), description=L("Ask to pause the clock (all players "
                                                                           "must agree)", "cmd.pause.desc"))
    async def pause(self, interaction: discord.Interaction):
        res = await _svc(interaction).pause(await _game_id(interaction), str(interaction.user.id))
        await _reply(interaction, res.reply, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("resume", "cmd.resume.name"), description=L("End a pause", "cmd.resume.desc"))
    async def resume(self, interaction: discord.Interaction):
        res = await _svc(interaction).resume(await _game_id(interaction), str(interaction.user.id),
                                             manager=_manager(interaction))
        await _reply(interaction, res.reply, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=L("bot", "cmd.bot.name"), description=L("Hand your seat to the bot",
                                                                       "cmd.bot.desc"))
    @app_commands.describe(faction=L("the seat's Faction", "opt.seat.desc"))
    @app_commands.autocomplete(faction=faction_autocomplete)
    async def bot(self, interaction: discord.Interaction, faction: str):
        await interaction.response.defer(ephemeral=True)
        res = await _svc(interaction).set_bot(await _game_id(interaction), str(interaction.user.id), faction,
                                              manager=_manager(interaction))
        why = await publish_posts(interaction.client, interaction.channel, res.game, res.posts,
                                  interaction.app_permissions)
        await _reply(interaction, saved_text(loc_of(interaction), why, res.game) if why else res.reply)

    @app_commands.command(name=L("move", "cmd.move.name"), description=L("Move the game to another channel",
                                                                         "cmd.move.desc"))
    @app_commands.describe(channel=L("the new channel", "opt.channel.desc"))
    async def move(self, interaction: discord.Interaction, channel: discord.TextChannel):
        await interaction.response.defer()  # answered before any post (Discord allows 3 s)
        res = await _svc(interaction).move(await _game_id(interaction), str(interaction.user.id), str(channel.id),
                                           manager=_manager(interaction))
        target = interaction.client.get_channel(channel.id) or channel
        await publish_posts(interaction.client, target, res.game, res.posts)
        await _reply(interaction, res.reply, ephemeral=False)

    @app_commands.command(name=L("export", "cmd.export.name"), description=L("The game's transcript (when over) "
                                                                             "or its log", "cmd.export.desc"))
    async def export(self, interaction: discord.Interaction):
        svc = _svc(interaction)
        g = await svc.store.latest_game_in(str(interaction.channel_id))
        if g is None:
            await svc.game_in(str(interaction.channel_id))  # the polite NotFound
        name, text = await svc.export(g.id)
        await _reply(interaction, t(loc_of(interaction), "export.done", "Here is {name}.", name=name),
                     file=discord.File(io.BytesIO(text.encode("utf-8")), filename=name))


class Play(commands.Cog):
    """The play commands plus the ``/game`` group."""

    def __init__(self, bot):
        self.bot = bot
        self.game_group = GameGroup()

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.game_group)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.game_group.name)

    @app_commands.command(name=L("play", "cmd.play.name"), description=L("Make your decision (private prompt)",
                                                                         "cmd.play.desc"))
    @app_commands.describe(choice=L("type to find an option of your decision by name", "opt.choice.desc"))
    @app_commands.autocomplete(choice=decision_autocomplete)
    async def play(self, interaction: discord.Interaction, choice: str | None = None):
        loc = loc_of(interaction)
        svc = _svc(interaction)
        g = await svc.game_in(str(interaction.channel_id))
        with viewer_locale(loc):  # the private prompt in the player's own language
            p = await svc.own_prompt(g.id, str(interaction.user.id))  # refused for another seat's decision
        if choice:  # picked by name (autocomplete): drafted like a click, then the next prompt
            p = await svc.pick(g.id, str(interaction.user.id), p.version, choice, len(p.draft))
        await interaction.response.send_message(prompt_text(p, loc), view=build_view(p, loc), ephemeral=True)

    @app_commands.command(name=L("undo", "cmd.undo.name"), description=L("Take back your choices (until another "
                                                                         "player acts or a die/card is revealed)",
                                                                         "cmd.undo.desc"))
    async def undo(self, interaction: discord.Interaction):
        loc = loc_of(interaction)
        await interaction.response.defer(ephemeral=True)  # answered before any post (Discord allows 3 s)
        res = await _svc(interaction).undo(await _game_id(interaction), str(interaction.user.id))
        await publish_posts(interaction.client, interaction.channel, res.game, res.posts)
        p = res.prompt
        await _reply(interaction, prompt_text(p, loc) if p else res.reply, view=build_view(p, loc) or discord.utils.MISSING)

    @app_commands.command(name=L("challenge", "cmd.challenge.name"),
                          description=L("Challenge the choice just entered by another seat (before the next action)",
                                        "cmd.challenge.desc"))
    async def challenge(self, interaction: discord.Interaction):
        res = await _svc(interaction).out_of_turn(await _game_id(interaction), str(interaction.user.id), "challenge")
        await publish_posts(interaction.client, interaction.channel, res.game, res.posts)
        await _reply(interaction, res.reply)

    @app_commands.command(name=L("map", "cmd.map.name"), description=L("Show the map", "cmd.map.desc"))
    async def map(self, interaction: discord.Interaction):
        await interaction.response.defer(ephemeral=True)
        svc = _svc(interaction)
        g = await svc.store.latest_game_in(str(interaction.channel_id))
        if g is None or g.state is None:
            await svc.game_in("\0")  # NotFound
        png = await svc.map_png(g.id)
        if png is None:
            await interaction.followup.send(t(loc_of(interaction), "map.none", "The map picture is not available."),
                                            ephemeral=True)
        else:
            await interaction.followup.send(file=discord.File(io.BytesIO(png), filename="map.png"), ephemeral=True)

    @app_commands.command(name=L("card", "cmd.card.name"), description=L("Show a card", "cmd.card.desc"))
    @app_commands.describe(number=L("card number or title", "opt.card.desc"))
    @app_commands.autocomplete(number=card_autocomplete)
    async def card(self, interaction: discord.Interaction, number: int):
        loc = loc_of(interaction)
        await interaction.response.defer(ephemeral=True)  # a picture may take longer than Discord's 3 s
        game = await _channel_game(interaction)
        text = card_text(game, number, loc)
        png = await _picture(render_card_png, game, number, loc)
        await _reply(interaction, text, **({"file": discord.File(io.BytesIO(png), filename=f"card{number}.png")}
                                           if png else {}))

    @app_commands.command(name=L("space", "cmd.space.name"), description=L("Show a space", "cmd.space.desc"))
    @app_commands.describe(name=L("the space", "opt.space.desc"))
    @app_commands.autocomplete(name=space_autocomplete)
    async def space(self, interaction: discord.Interaction, name: str):
        loc = loc_of(interaction)
        await interaction.response.defer(ephemeral=True)  # a picture may take longer than Discord's 3 s
        game = await _channel_game(interaction)
        sid = find_space(game, name)
        text = space_text(game, sid, loc)
        svc = _svc(interaction)
        g = await svc.store.open_game_in(str(interaction.channel_id))
        png = None
        if g is not None and g.state:
            png = await _picture(render_space_png, svc.state_of(g), sid, loc)
        await _reply(interaction, text, **({"file": discord.File(io.BytesIO(png), filename="space.png")}
                                                      if png else {}))

    @app_commands.command(name=L("replay", "cmd.replay.name"), description=L("Step through past moves",
                                                                             "cmd.replay.desc"))
    @app_commands.describe(move=L("which move (default: the last)", "opt.move.desc"))
    async def replay(self, interaction: discord.Interaction, move: app_commands.Range[int, 1, 100000] | None = None):
        await interaction.response.defer(ephemeral=True)
        svc = _svc(interaction)
        g = await svc.store.latest_game_in(str(interaction.channel_id))
        if g is None:
            await svc.game_in(str(interaction.channel_id))
        content, view, file = await replay_message(svc, g.id, move, loc_of(interaction))
        await interaction.followup.send(content, view=view, file=file, ephemeral=True)

    @app_commands.command(name=L("log", "cmd.log.name"), description=L("The last lines of the game log",
                                                                       "cmd.log.desc"))
    @app_commands.describe(lines=L("how many lines", "opt.lines.desc"))
    async def log(self, interaction: discord.Interaction, lines: app_commands.Range[int, 1, 100] = 20):
        svc = _svc(interaction)
        g = await svc.store.latest_game_in(str(interaction.channel_id))
        if g is None or g.state is None:
            await svc.game_in("\0")
        await _reply(interaction, last_lines(await svc.log_text(g.id, lines)))

    @app_commands.command(name=L("rules", "cmd.rules.name"), description=L("Where a rule is", "cmd.rules.desc"))
    @app_commands.describe(section=L("a rule number such as 3.2.1", "opt.section.desc"))
    async def rules(self, interaction: discord.Interaction, section: str):
        await _reply(interaction, rules_text(await _channel_game(interaction), section, loc_of(interaction)))

    @app_commands.command(name=L("help", "cmd.help.name"), description=L("How to play with dakbot", "cmd.help.desc"))
    async def help(self, interaction: discord.Interaction):
        loc = loc_of(interaction)
        await _reply(interaction, t(loc, "help.text",
                                    "**dakbot**: board wargames by post.\n/game new, /game join, /game start: set up.\n"
                                    "/play: your private prompt (pick, then Confirm). /undo: take back your choices.\n"
                                    "/map, /card, /space, /log, /rules, /game status: look things up.\n"
                                    "/game reminders: reminder interval and deadline. /game resign, /game replace, "
                                    "/game abandon: seats and endings."))


def last_lines(text: str, limit: int = 2000) -> str:
    """The last whole lines of ``text`` that fit in ``limit`` characters (one
    Discord message); a single line longer than that is cut at its end."""
    if len(text) <= limit:
        return text
    tail = text[-limit:]
    cut = tail.find("\n")
    return tail[cut + 1:] if 0 <= cut < len(tail) - 1 else tail


def render_card_png(game: str, number: int, locale: str) -> bytes:
    """The card's picture from ``game``'s registered renderer."""
    return renderer(game).render_card(number, locale)


def render_space_png(state, sid: str, locale: str) -> bytes:
    """The space's picture from the state's game's registered renderer."""
    return renderer(state.game).render_space(state, sid, locale)


async def _picture(fn, *args) -> bytes | None:
    """A picture for /card or /space, or None if drawing fails (the text answers)."""
    import asyncio
    import logging

    try:
        return await asyncio.to_thread(fn, *args)
    except Exception:
        logging.getLogger("dakbot.cogs").exception("picture failed")
        return None


async def setup(bot) -> None:
    await bot.add_cog(Play(bot))
