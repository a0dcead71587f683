"""Turn prompts as Discord components (DESIGN §5).

An ephemeral message shows the decision; its buttons (up to 20 choices) or a
paged select menu (25 options a page) are built from ``decision.choices``.
Every component is a :class:`discord.ui.DynamicItem` whose ``custom_id``
carries the game id, the move counter (the stored version) and the length of
the player's unconfirmed draft, so clicks survive a bot restart and a click on
an out-of-date prompt is recognised (ephemeral "out of date" + a fresh prompt).

custom_id formats (all <= 100 characters):
``dk:c:<game>:<version>:<draft>:<choice id>`` choice button,
``dk:s:<game>:<version>:<draft>:<page>`` choice select (value = choice id;
several values of a multi-select are sent joined by "+", issue 14: the
set of spaces of an Operation or Special Activity, ruleset 6; a set longer
than one select shows one kind of space at a time, a button per kind),
``dk:p:<game>:<version>:<draft>:<page>`` page button,
``dk:ok:<game>:<version>`` confirm, ``dk:bk:<game>:<version>`` back,
``dk:x:<game>:<version>`` cancel the draft.
"""
from __future__ import annotations

import io
import logging

import discord

from bot.i18n import normalize_locale, t
from bot.service import Prompt, Result, ServiceError, Stale, viewer_locale

from .views import ASK_COUNT, Part, count_plan, cut, plan

log = logging.getLogger("dakbot.cogs")


def loc_of(interaction: discord.Interaction) -> str:
    return normalize_locale(str(interaction.locale))


def _cut(s: str, n: int) -> str:
    return cut(s, n)


def prompt_text(prompt: Prompt, locale: str, page: int = 0) -> str:
    """The ephemeral message text of a prompt (<= 2000 characters)."""
    lines = [f"**{prompt.actor_name}**: {prompt.text}"]
    if prompt.draft:
        lines.append(t(locale, "play.so_far", "So far: {choices}", choices=" → ".join(prompt.draft_labels)))
    if prompt.confirm:
        lines.append(t(locale, "play.confirm_hint", "Press Confirm to play, Back to change the last choice."))
    else:
        try:
            parts, page, pages = plan(prompt, t, locale, page)
        except Exception:  # build_view logs it; the player is told what still works
            parts, pages = [], 1
            lines.append(t(locale, "play.no_view", "This decision cannot be shown with buttons here: choose with "
                           "/play choice: (type a name), or press Cancel."))
        lines += button_details(prompt, parts)
        if pages > 1:
            lines.append(t(locale, "play.page", "Page {page} of {pages}.", page=page + 1, pages=pages))
    return _cut("\n".join(lines), 2000)


def detail_of(prompt: Prompt, value: str) -> str:
    """What the player needs to pick ``value`` (``Prompt.details``; a count
    asked later, ``"<id>*?<most>"``, reads its choice's); "" for nothing."""
    details = getattr(prompt, "details", None) or {}
    return details.get(value) or details.get(value.split("*", 1)[0]) or ""


def button_details(prompt: Prompt, parts: list[Part]) -> list[str]:
    """A line per button of the page whose choice has details ("**Delhi**:
    Troop ×3, Sepoy ×1"; an Event side's text): a button has no room for
    them, a select option shows them itself (:class:`ChoiceSelect`)."""
    return [f"**{p.label}**: {d}" for p in parts if p.kind == "choice" and (d := detail_of(prompt, p.value))]


def build_view(prompt: Prompt | None, locale: str, page: int = 0) -> discord.ui.View | None:
    """A persistent view (timeout None) for ``prompt`` (its page ``page``),
    laid out by :func:`cogs.views.plan`; None for no prompt. Should
    discord.py refuse it anyway, the view keeps Back and Cancel, so that a
    player is never locked out of a game (issue 31)."""
    if prompt is None:
        return None
    try:
        parts, _, _ = plan(prompt, t, locale, page)
        return items_view(prompt.game_id, prompt.version, len(prompt.draft), parts,
                          lambda value: detail_of(prompt, value))
    except Exception:  # noqa: BLE001 - a prompt that cannot be shown must not lock the game
        log.exception("could not build the view of game %s's prompt", prompt.game_id)
        return fallback_view(prompt, locale)


def fallback_view(prompt: Prompt, locale: str) -> discord.ui.View:
    """What remains when a prompt cannot be shown: Back and Cancel (with a
    draft) and a polite word in the text (:func:`fallback_text`)."""
    g, v = prompt.game_id, prompt.version
    view = discord.ui.View(timeout=None)
    if prompt.draft:
        view.add_item(BackButton(g, v, _cut(t(locale, "play.back", "Back"), 80), row=0))
        view.add_item(CancelButton(g, v, _cut(t(locale, "play.cancel", "Cancel"), 80), row=0))
    return view


def items_view(g: int, v: int, n: int, parts: list[Part], detail=lambda value: "") -> discord.ui.View:
    """The discord.py view of ``parts`` (game ``g``, move ``v``, draft length
    ``n``); ``detail(value)``: an option's description in a select."""
    view = discord.ui.View(timeout=None)
    for p in parts:
        if p.kind == "choice":
            view.add_item(ChoiceButton(g, v, n, p.value, p.label, row=p.row))
        elif p.kind == "select":
            view.add_item(ChoiceSelect(g, v, n, int(p.value), list(p.options), p.label, most=p.most, row=p.row,
                                       detail=detail))
        elif p.kind == "page":
            view.add_item(PageButton(g, v, n, int(p.value), p.label, row=p.row))
        elif p.kind == "confirm":
            view.add_item(ConfirmButton(g, v, p.label))
        elif p.kind == "back":
            view.add_item(BackButton(g, v, p.label, row=p.row))
        elif p.kind == "cancel":
            view.add_item(CancelButton(g, v, p.label, row=p.row))
    return view


async def send_error(interaction: discord.Interaction, exc: BaseException) -> None:
    """The one polite ephemeral reply for every error (no stack traces)."""
    loc = loc_of(interaction)
    if isinstance(exc, ServiceError):
        text = exc.text(loc)
    else:
        log.exception("interaction failed", exc_info=exc)
        text = t(loc, "error.internal", "Sorry, something went wrong. The game is unchanged; please try again.")
    view = None
    if isinstance(exc, Stale):
        text = t(loc, "play.stale", "This prompt is out of date. Here is a fresh one.")
        if exc.prompt is not None:
            text += "\n" + prompt_text(exc.prompt, loc)
            view = build_view(exc.prompt, loc)
    text = _cut(text, 2000)
    kw = {"view": view} if view is not None else {}
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kw)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kw)


async def show(interaction: discord.Interaction, prompt: Prompt | None, page: int = 0) -> None:
    """Replace the clicked ephemeral prompt with ``prompt``."""
    loc = loc_of(interaction)
    if prompt is None:
        await interaction.response.edit_message(content=t(loc, "play.nothing", "Nothing for you to decide now."),
                                                view=None)
        return
    await interaction.response.edit_message(content=prompt_text(prompt, loc, page),
                                            view=build_view(prompt, loc, page))


async def publish(client, channel, result: Result, perms: discord.Permissions | None = None) -> str | None:
    """Post a service result's public posts in the channel, then refresh the
    game's pinned dashboard. Pings only the posts' ``pings`` users. Returns
    None, or what failed (the posts are then kept and retried)."""
    from .publish import publish_posts

    return await publish_posts(client, channel, result.game, result.posts, perms)


def saved_text(locale: str, why: str, game) -> str:
    """The truth after a saved move whose channel post failed."""
    return t(locale, "error.post_failed", "Your move is saved. Posting it to the channel failed ({why}); dakbot "
             "will retry until it goes through, and the next player will be pinged then. The game's manager "
             "(<@{manager}>) can fix this in the channel's settings.", why=why, manager=game.creator)


async def replay_message(svc, game_id: int, step: int | None, locale: str):
    """``(content, view, file)`` of /replay at ``step`` with ◀ ▶ buttons."""
    step, steps, text, png = await svc.replay(game_id, step)
    head = t(locale, "replay.head", "Move {step} of {steps}:", step=step, steps=steps)
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(game_id, max(1, step - 1), "◀", disabled=step <= 1))
    view.add_item(ReplayButton(game_id, min(steps, step + 1), "▶", disabled=step >= steps))
    file = discord.File(io.BytesIO(png), filename=f"move{step}.png") if png else discord.utils.MISSING
    return _cut(f"{head}\n{text}", 2000), view, file


async def _guard(interaction: discord.Interaction, coro) -> None:
    try:
        with viewer_locale(loc_of(interaction)):  # private prompts in the clicker's own language
            await coro
    except Exception as e:  # noqa: BLE001 - one central handler
        await send_error(interaction, e)


def _svc(interaction: discord.Interaction):
    return interaction.client.service  # type: ignore[attr-defined]


async def _ask_count(interaction: discord.Interaction, g: int, v: int, n: int, value: str) -> None:
    """How many (issue 14): a button per count (:func:`cogs.views.count_plan`),
    each answering ``"<id>*<count>"``."""
    cid, _, most = value.partition(ASK_COUNT)
    loc = loc_of(interaction)
    view = items_view(g, v, n, count_plan(cid, int(most)))
    await interaction.response.edit_message(content=t(loc, "play.how_many", "How many?"), view=view)


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"dk:c:(?P<g>\d{1,18}):(?P<v>\d{1,18}):(?P<n>\d{1,6}):(?P<c>.+)"):
    def __init__(self, g: int, v: int, n: int, cid: str, label: str | None = None, row: int | None = None):
        super().__init__(discord.ui.Button(label=label or cid, style=discord.ButtonStyle.primary,
                                           custom_id=f"dk:c:{g}:{v}:{n}:{cid}"[:100], row=row))
        self.g, self.v, self.n, self.cid = g, v, n, cid

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["v"]), int(match["n"]), match["c"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def go():
            p = await _svc(interaction).pick(self.g, interaction.user.id, self.v, self.cid, self.n)
            await show(interaction, p)
        await _guard(interaction, go())


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"dk:s:(?P<g>\d{1,18}):(?P<v>\d{1,18}):(?P<n>\d{1,6}):(?P<page>\d{1,6})"):
    def __init__(self, g: int, v: int, n: int, page: int, options=None, placeholder: str | None = None,
                 most: int = 1, row: int = 0, detail=lambda value: ""):
        opts = [discord.SelectOption(label=_cut(label or cid, 100), value=cid[:100],
                                     description=_cut(detail(cid), 100) or None) for cid, label in (options or [])]
        sel = discord.ui.Select(custom_id=f"dk:s:{g}:{v}:{n}:{page}", placeholder=placeholder,
                                options=opts or [discord.SelectOption(label="-", value="-")], row=row,
                                min_values=1, max_values=max(1, min(most, len(opts) or 1)))
        super().__init__(sel)
        self.g, self.v, self.n, self.page = g, v, n, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["v"]), int(match["n"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        if len(values) == 1 and ASK_COUNT in values[0]:
            await _guard(interaction, _ask_count(interaction, self.g, self.v, self.n, values[0]))
            return

        async def go():
            # several values: the spaces (or counts of cubes) chosen together, one answer "a+b" (issue 14);
            # a quantity listed once (a long list) counts one when picked with others
            joined = "+".join(v.partition(ASK_COUNT)[0] for v in values)
            p = await _svc(interaction).pick(self.g, interaction.user.id, self.v, joined, self.n)
            await show(interaction, p)
        await _guard(interaction, go())


class PageButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"dk:p:(?P<g>\d{1,18}):(?P<v>\d{1,18}):(?P<n>\d{1,6}):(?P<page>\d{1,6})"):
    def __init__(self, g: int, v: int, n: int, page: int, label: str = "…", row: int | None = None):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"dk:p:{g}:{v}:{n}:{page}", row=row))
        self.g, self.v, self.n, self.page = g, v, n, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["v"]), int(match["n"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def go():
            svc = _svc(interaction)
            g = await svc.game(self.g)
            if g.version != self.v:
                raise await svc._stale(g, str(interaction.user.id))
            p = await svc.own_prompt(self.g, str(interaction.user.id))  # another seat's decision stays private
            await show(interaction, p, self.page)
        await _guard(interaction, go())


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button], template=r"dk:ok:(?P<g>\d{1,18}):(?P<v>\d{1,18})"):
    def __init__(self, g: int, v: int, label: str = "Confirm"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=f"dk:ok:{g}:{v}", row=0))
        self.g, self.v = g, v

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def go():
            loc = loc_of(interaction)
            await interaction.response.defer()  # the map may take a moment: answer within 3 s
            res = await _svc(interaction).confirm(self.g, interaction.user.id, self.v)
            # saved: from here on nothing may report the move as lost
            why = await publish(interaction.client, interaction.channel, res, interaction.app_permissions)
            # the next prompt is built only when it is this player's to show (Result.next_actor)
            p = res.prompt if res.game.seats.get(res.next_actor) == str(interaction.user.id) else None
            try:
                if why:
                    await interaction.edit_original_response(content=saved_text(loc, why, res.game), view=None)
                elif p is not None:
                    await interaction.edit_original_response(content=prompt_text(p, loc), view=build_view(p, loc))
                else:
                    await interaction.edit_original_response(content=t(loc, "play.played", "Played."), view=None)
            except discord.HTTPException:
                log.warning("could not update the prompt after a saved move in game %s", self.g)
        await _guard(interaction, go())


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"dk:r:(?P<g>\d{1,18}):(?P<s>\d{1,6})"):
    """◀ / ▶ in /replay: show move ``s`` of game ``g`` (anyone may step)."""

    def __init__(self, g: int, step: int, label: str = "▶", disabled: bool = False):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"dk:r:{g}:{step}", disabled=disabled))
        self.g, self.step = g, step

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["s"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def go():
            await interaction.response.defer()
            content, view, file = await replay_message(_svc(interaction), self.g, self.step, loc_of(interaction))
            kw = {"attachments": [file]} if file is not discord.utils.MISSING else {"attachments": []}
            await interaction.edit_original_response(content=content, view=view, **kw)
        await _guard(interaction, go())


class BackButton(discord.ui.DynamicItem[discord.ui.Button], template=r"dk:bk:(?P<g>\d{1,18}):(?P<v>\d{1,18})"):
    def __init__(self, g: int, v: int, label: str = "Back", row: int | None = None):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"dk:bk:{g}:{v}", row=row))
        self.g, self.v = g, v

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def go():
            await show(interaction, await _svc(interaction).back(self.g, interaction.user.id, self.v))
        await _guard(interaction, go())


class CancelButton(discord.ui.DynamicItem[discord.ui.Button], template=r"dk:x:(?P<g>\d{1,18}):(?P<v>\d{1,18})"):
    def __init__(self, g: int, v: int, label: str = "Cancel", row: int | None = None):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.danger,
                                           custom_id=f"dk:x:{g}:{v}", row=row))
        self.g, self.v = g, v

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def go():
            await show(interaction, await _svc(interaction).cancel(self.g, interaction.user.id))
        await _guard(interaction, go())


DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, PageButton, ConfirmButton, BackButton, CancelButton, ReplayButton)


async def setup(bot) -> None:
    """As a discord.py extension: register the restart-safe components and
    the one error reporter of the command tree (bot/app.py)."""
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    bot.error_reporter = send_error
