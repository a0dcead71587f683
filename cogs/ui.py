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

log = logging.getLogger("dakbot.cogs")

PAGE = 25
MAX_BUTTONS = 20


def loc_of(interaction: discord.Interaction) -> str:
    return normalize_locale(str(interaction.locale))


def _cut(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def prompt_text(prompt: Prompt, locale: str, page: int = 0) -> str:
    """The ephemeral message text of a prompt (<= 2000 characters)."""
    lines = [f"**{prompt.actor_name}**: {prompt.text}"]
    if prompt.draft:
        lines.append(t(locale, "play.so_far", "So far: {choices}", choices=" → ".join(prompt.draft_labels)))
    if prompt.confirm:
        lines.append(t(locale, "play.confirm_hint", "Press Confirm to play, Back to change the last choice."))
    elif len(prompt.choices) > MAX_BUTTONS and len(prompt.groups) <= 1:
        pages = (len(prompt.choices) + PAGE - 1) // PAGE
        lines.append(t(locale, "play.page", "Page {page} of {pages}.", page=page + 1, pages=pages))
    return _cut("\n".join(lines), 2000)


def build_view(prompt: Prompt | None, locale: str, page: int = 0) -> discord.ui.View | None:
    """A persistent view (timeout None) for ``prompt``; None for no prompt."""
    if prompt is None:
        return None
    g, v, n = prompt.game_id, prompt.version, len(prompt.draft)
    view = discord.ui.View(timeout=None)
    if prompt.confirm:
        view.add_item(ConfirmButton(g, v, t(locale, "play.confirm_button", "Confirm")))
    elif prompt.many > 1 and len(prompt.joinable) > 1:
        _multi(view, prompt, locale, page)
    elif len(prompt.groups) > 1 and all(len(ids) <= PAGE for _, ids in prompt.groups) \
            and len(prompt.groups) <= MAX_BUTTONS - 5:
        _grouped(view, prompt, locale, page)
    elif len(prompt.choices) <= MAX_BUTTONS:
        for i, (cid, label) in enumerate(prompt.choices):
            view.add_item(ChoiceButton(g, v, n, cid, _cut(label or cid, 80), row=i // 5))
    else:
        pages = (len(prompt.choices) + PAGE - 1) // PAGE
        page = max(0, min(page, pages - 1))
        chunk = _listed(prompt, prompt.choices[page * PAGE:(page + 1) * PAGE])
        view.add_item(ChoiceSelect(g, v, n, page, chunk,
                                   t(locale, "play.select", "Choose… (page {page}/{pages})", page=page + 1,
                                     pages=pages)))
        if page > 0:
            view.add_item(PageButton(g, v, n, page - 1, "◀", row=1))
        if page < pages - 1:
            view.add_item(PageButton(g, v, n, page + 1, "▶", row=1))
    if prompt.draft:
        view.add_item(BackButton(g, v, t(locale, "play.back", "Back"), row=4))
        view.add_item(CancelButton(g, v, t(locale, "play.cancel", "Cancel"), row=4))
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


def _grouped(view: discord.ui.View, prompt: Prompt, locale: str, page: int) -> None:
    """A long list grouped (issue 14): the select shows group ``page`` (Cities,
    Provinces, Troop: Railways ...); a button per group switches to it."""
    g, v, n = prompt.game_id, prompt.version, len(prompt.draft)
    page = max(0, min(page, len(prompt.groups) - 1))
    labels = dict(prompt.choices)
    name, ids = prompt.groups[page]
    view.add_item(ChoiceSelect(g, v, n, page, _listed(prompt, [(cid, labels.get(cid, cid)) for cid in ids]),
                               _cut(name, 150)))
    for i, (other, _) in enumerate(prompt.groups):
        if i != page:
            view.add_item(PageButton(g, v, n, i, _cut(other, 80), row=1 + min(i, len(prompt.groups) - 1) // 5))


ASK_COUNT = "*?"  # a select value "<id>*?<most>": a quantity choice whose count is asked next


def _listed(prompt: Prompt, pairs):
    """Select options for ``pairs``: a quantity choice listed once (a long
    list) gets the value ``"<id>*?<most>"`` so that its count is asked."""
    return [(f"{cid}{ASK_COUNT}{prompt.counts[cid]}" if cid in prompt.counts else cid, label)
            for cid, label in pairs]


async def _ask_count(interaction: discord.Interaction, g: int, v: int, n: int, value: str) -> None:
    """How many (issue 14): buttons 1..most, each answering ``"<id>*<count>"``."""
    cid, _, most = value.partition(ASK_COUNT)
    loc = loc_of(interaction)
    view = discord.ui.View(timeout=None)
    for k in range(1, min(int(most), MAX_BUTTONS) + 1):
        view.add_item(ChoiceButton(g, v, n, cid if k == 1 else f"{cid}*{k}", str(k), row=(k - 1) // 5))
    await interaction.response.edit_message(content=t(loc, "play.how_many", "How many?"), view=view)


MAX_BESIDE = 15  # buttons beside a multi-select (rows 1-3)


def _multi(view: discord.ui.View, prompt: Prompt, locale: str, page: int) -> None:
    """Several spaces at once (issue 14): the joining choices in one
    multi-select (up to ``prompt.many`` values, sent as "a+b"), the other
    choices (a Special Activity, "done", side choices) as buttons beside it."""
    g, v, n = prompt.game_id, prompt.version, len(prompt.draft)
    joinable = set(prompt.joinable)
    join = [c for c in prompt.choices if c[0] in joinable]
    rest = [c for c in prompt.choices if c[0] not in joinable]
    grouped = _join_groups(prompt, join)
    if grouped:  # a long set by kind of space (Cities, Provinces...): one group's multi-select, a button per group
        page = max(0, min(page, len(grouped) - 1))
        name, chunk = grouped[page]
        chunk = _listed(prompt, chunk)
        most = min(prompt.many, len(chunk))
        view.add_item(ChoiceSelect(g, v, n, page, chunk, _cut(t(locale, "play.select_many_in", "{group}: choose up "
                                                                 "to {n}…", group=name, n=most), 150), most=most))
        for i, (cid, label) in enumerate(rest[:MAX_BESIDE]):
            view.add_item(ChoiceButton(g, v, n, cid, _cut(label or cid, 80), row=1 + i // 5))
        for i, (other, _) in enumerate(grouped):
            if i != page:
                view.add_item(PageButton(g, v, n, i, _cut(other, 80), row=4))
        return
    pages = (len(join) + PAGE - 1) // PAGE
    page = max(0, min(page, pages - 1))
    chunk = _listed(prompt, join[page * PAGE:(page + 1) * PAGE])
    view.add_item(ChoiceSelect(g, v, n, page, chunk,
                               t(locale, "play.select_many", "Choose up to {n}… (page {page}/{pages})",
                                 n=min(prompt.many, len(chunk)), page=page + 1, pages=pages),
                               most=min(prompt.many, len(chunk))))
    for i, (cid, label) in enumerate(rest[:MAX_BESIDE]):
        view.add_item(ChoiceButton(g, v, n, cid, _cut(label or cid, 80), row=1 + i // 5))
    if pages > 1:
        if page > 0:
            view.add_item(PageButton(g, v, n, page - 1, "◀", row=4))
        if page < pages - 1:
            view.add_item(PageButton(g, v, n, page + 1, "▶", row=4))


def _join_groups(prompt: Prompt, join: list[tuple[str, str]]) -> list[tuple[str, list[tuple[str, str]]]]:
    """More joining choices than one select lists: the prompt's groups (by
    kind of space, ``engine.groups``) restricted to them, when each fits a
    select and one row of buttons (5) switches between them; else []."""
    if len(join) <= PAGE or not prompt.groups:
        return []
    labels = dict(join)
    out = [(name, [(cid, labels[cid]) for cid in ids if cid in labels]) for name, ids in prompt.groups]
    out = [(name, pairs) for name, pairs in out if pairs]
    if len(out) < 2 or len(out) > 6 or any(len(pairs) > PAGE for _, pairs in out) \
            or sum(len(pairs) for _, pairs in out) != len(join):
        return []
    return out


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
                 most: int = 1):
        opts = [discord.SelectOption(label=_cut(label or cid, 100), value=cid[:100]) for cid, label in (options or [])]
        sel = discord.ui.Select(custom_id=f"dk:s:{g}:{v}:{n}:{page}", placeholder=placeholder,
                                options=opts or [discord.SelectOption(label="-", value="-")], row=0,
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
            await show(interaction, await svc.prompt(self.g, interaction.user.id), self.page)
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
