"""A prompt laid out within Discord's limits, by construction (issue 31, 38).

The one place where a decision becomes rows of components. :func:`plan`
turns a :class:`bot.service.Prompt` and a page number into :class:`Part`\\ s
(what each component is and its row); ``cogs/ui.py`` makes the discord.py
items from them. No cog lays out rows itself.

Discord's limits (https://discord.com/developers/docs/components/reference):
5 rows of width 5 (a button 1, a select the whole row), 25 options a select,
``max_values`` <= the options, a button label <= 80 characters, an option's
label and value <= 100, a placeholder <= 150, a custom id <= 100.

The page:

* row 0 .. 3 (the body): up to 20 choice buttons; or selects from row 0:
  one multi-select with up to 15 buttons below it (the choices not in it,
  then a button per other page where they fit), or up to four one-pick
  selects stacked (a group each, a group's selects on one page where they
  fit);
* row 4 (the foot): Back and Cancel (a draft), ◀ ▶ (pages without a button
  each) -- four at most, so the foot always fits.

A long list is cut into pages: the prompt's groups (by kind of space and
piece, ``engine.groups``), each group longer than a select cut in 25s. A
multi-select's ``max_values`` is the largest set its options allow by the
rules: ``many``, each limit of ``Prompt.limits`` (``Decision.limits``: the
engine's budgets per set, such as Gandhi's Unity on spaces without a Base),
one count of a quantity per set. What one select cannot prevent without
forbidding legal sets is left to the engine, which refuses it at once: two
ways of one space ("punjab" and "punjab:sepoy": keeping them apart would
forbid "delhi" with "bombay:sepoy"), a wrong mix of counts of pieces.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.messages import split_quantity

ROWS = 5
WIDTH = 5
FOOT = ROWS - 1            # the last row: Back, Cancel, ◀, ▶
BUTTONS = FOOT * WIDTH      # buttons in the body (no select)
BESIDE = (FOOT - 1) * WIDTH  # buttons below a select
OPTIONS = 25
BUTTON_LABEL = 80
OPTION_LABEL = 100
PLACEHOLDER = 150
CUSTOM_ID = 100
ASK_COUNT = "*?"  # a select value "<id>*?<most>": a quantity choice whose count is asked next


def cut(s: str, n: int) -> str:
    """``s`` within ``n`` characters (an ellipsis where cut)."""
    return s if len(s) <= n else s[: n - 1] + "…"


@dataclass(frozen=True)
class Part:
    """One component of a page. ``kind``: "choice" (a button answering
    ``value``), "select" (``options`` (value, label), up to ``most`` picked),
    "page" (a button showing page ``value``), "confirm", "back", "cancel"."""

    kind: str
    row: int
    label: str = ""
    value: str = ""
    options: tuple[tuple[str, str], ...] = ()
    most: int = 1


@dataclass
class Section:
    """One select's worth of options: its name (the group), the most a
    player picks in it at once, and its group (a group longer than a
    select is several sections)."""

    name: str
    options: list[tuple[str, str]]
    most: int = 1
    group: int = 0


@dataclass
class Layout:
    """A prompt's pages: ``sections`` (one select each; none: buttons
    only), ``screens`` (the sections on each page: one multi-select, or up
    to four one-pick selects stacked) and ``buttons``, the choices shown as
    buttons on every page."""

    sections: list[Section] = field(default_factory=list)
    buttons: list[tuple[str, str]] = field(default_factory=list)
    screens: list[list[int]] = field(default_factory=list)

    @property
    def pages(self) -> int:
        return max(1, len(self.screens))

    @property
    def paged(self) -> bool:
        """A group is cut over two pages (a second select page of one
        group, not a page per group)."""
        first = {}
        for page, idx in enumerate(self.screens):
            for i in idx:
                first.setdefault(self.sections[i].group, page)
                if first[self.sections[i].group] != page:
                    return True
        return False


def choice_id_fits(prompt, cid: str) -> bool:
    """A button answering ``cid`` has a custom id within Discord's 100 characters."""
    return len(f"dk:c:{prompt.game_id}:{prompt.version}:{len(prompt.draft)}:{cid}") <= CUSTOM_ID


def layout(prompt, t, locale: str) -> Layout:
    """The pages of ``prompt`` (``t``: bot.i18n.t, for the group names)."""
    if prompt.confirm:
        return Layout()
    multi = prompt.many > 1 and len(prompt.joinable) > 1
    fits = all(choice_id_fits(prompt, cid) for cid, _ in prompt.choices)
    if not multi and len(prompt.choices) <= BUTTONS and fits:
        return Layout(buttons=list(prompt.choices))
    joinable = set(prompt.joinable) if multi else {cid for cid, _ in prompt.choices}
    listed = [c for c in prompt.choices if c[0] in joinable]
    rest = [c for c in prompt.choices if c[0] not in joinable]
    apart = [c for c in rest if not choice_id_fits(prompt, c[0])]
    rest = [c for c in rest if choice_id_fits(prompt, c[0])]
    sections = [Section(name, opts, _most(prompt, opts) if multi else 1, group)
                for name, opts, group in _cut_sections(prompt, listed, t, locale, multi)]
    if len(rest) > BESIDE or apart:  # more other choices than fit beside a select: a page of their own
        others = t(locale, "play.other_choices", "Other choices")
        group = len(sections) and sections[-1].group + 1
        sections += [Section(name, opts, 1, group) for name, opts, _ in _chunks(
            others, rest + apart if len(rest) > BESIDE else apart)]
        rest = rest if len(rest) <= BESIDE else []
    return Layout(sections, rest, _screens(sections, FOOT - (len(rest) + WIDTH - 1) // WIDTH))


def _screens(sections: list[Section], rows: int) -> list[list[int]]:
    """The sections on each page: a multi-select alone; one-pick selects
    stacked ``rows`` to a page, a group's selects together where they fit."""
    out: list[list[int]] = []
    for i, sec in enumerate(sections):
        last = out[-1] if out else None
        same = last and sections[last[-1]].group == sec.group
        multi = sec.most > 1 or (last and sections[last[-1]].most > 1)
        size = sum(1 for s in sections if s.group == sec.group)
        if last is not None and not multi and len(last) < rows and (same or len(last) + size <= rows):
            last.append(i)
        else:
            out.append([i])
    return out


def _cut_sections(prompt, listed, t, locale: str, multi: bool) -> list[tuple[str, list[tuple[str, str]], int]]:
    """``listed`` cut into selects ``(name, options, group number)``: by
    the prompt's groups when more than one select is needed, each group in
    25s."""
    if not listed:
        return []
    ids = {cid for cid, _ in listed}
    groups = [(name, [c for c in listed if c[0] in set(gids)]) for name, gids in prompt.groups]
    groups = [(name, opts) for name, opts in groups if opts]
    grouped = {c[0] for _, opts in groups for c in opts}
    if len(listed) <= OPTIONS or len(groups) < 2 or grouped != ids:
        plain = t(locale, "play.choices", "Choices")
        groups = [(plain, listed)]
    out = []
    for name, opts in groups:
        for n, o, m in _chunks(name, opts):
            out.append((n, o, out[-1][2] + (not m) if out else 0))
    return out


def _chunks(name: str, opts: list[tuple[str, str]]) -> list[tuple[str, list[tuple[str, str]], bool]]:
    """``opts`` in selects of 25 ``(name, options, not the first)``."""
    if len(opts) <= OPTIONS:
        return [(name, opts, False)] if opts else []
    n = (len(opts) + OPTIONS - 1) // OPTIONS
    return [(f"{name} ({i + 1}/{n})", opts[i * OPTIONS:(i + 1) * OPTIONS], i > 0) for i in range(n)]


def _most(prompt, opts: list[tuple[str, str]]) -> int:
    """How many of ``opts`` one multi-select may pick: the most a set of
    them may hold by the rules, ``many`` and each limit of
    ``Prompt.limits`` (``Decision.limits``) kept, one count of a quantity
    a set: the largest set found by taking the lightest options first that
    still fit (exact for limits that do not overlap, as Gandhi's)."""
    limits = [(w, n) for w, n in getattr(prompt, "limits", None) or []]
    bases: dict[str, dict[str, int]] = {}
    for cid, _ in opts:
        bases.setdefault(split_quantity(cid)[0], {})[cid] = 1
    limits += [(w, 1) for w in bases.values() if len(w) > 1]
    left = [n for _, n in limits]
    weight = {cid: max([w.get(cid, 0) for w, _ in limits] + [1]) for cid, _ in opts}
    taken = 0
    for cid in sorted((c for c, _ in opts), key=lambda c: (weight[c], sum(c in w for w, _ in limits))):
        need = [(i, w[cid]) for i, (w, _) in enumerate(limits) if cid in w]
        if all(left[i] >= k for i, k in need):
            for i, k in need:
                left[i] -= k
            taken += 1
    return max(1, min(prompt.many, taken))


def plan(prompt, t, locale: str, page: int = 0) -> tuple[list[Part], int, int]:
    """``(parts, page, pages)``: the components of page ``page`` (clamped)
    of ``prompt``, within Discord's limits."""
    lay = layout(prompt, t, locale)
    page = max(0, min(page, lay.pages - 1))
    parts: list[Part] = []
    if prompt.confirm:
        parts.append(Part("confirm", 0, cut(t(locale, "play.confirm_button", "Confirm"), BUTTON_LABEL)))
    elif not lay.sections:
        parts += [Part("choice", i // WIDTH, cut(label or cid, BUTTON_LABEL), cid)
                  for i, (cid, label) in enumerate(lay.buttons)]
    else:
        parts += _select_page(prompt, lay, t, locale, page)
    foot = []
    if prompt.draft:
        foot += [Part("back", FOOT, cut(t(locale, "play.back", "Back"), BUTTON_LABEL)),
                 Part("cancel", FOOT, cut(t(locale, "play.cancel", "Cancel"), BUTTON_LABEL))]
    if not any(p.kind == "page" for p in parts) and lay.pages > 1:
        if page > 0:
            foot.append(Part("page", FOOT, "◀", str(page - 1)))
        if page < lay.pages - 1:
            foot.append(Part("page", FOOT, "▶", str(page + 1)))
    return parts + foot, page, lay.pages


def _select_page(prompt, lay: Layout, t, locale: str, page: int) -> list[Part]:
    """Page ``page``: its selects (rows from 0), then the buttons: the
    choices beside the selects, a button per other page where they fit."""
    parts = []
    for row, i in enumerate(lay.screens[page]):
        sec = lay.sections[i]
        opts = tuple((_value(prompt, cid), cut(label or cid, OPTION_LABEL)) for cid, label in sec.options)
        if len(lay.sections) == 1:
            hint = (t(locale, "play.select_up_to", "Choose up to {n}…", n=sec.most) if sec.most > 1
                    else t(locale, "play.select_one", "Choose…"))
        else:
            hint = (t(locale, "play.select_many_in", "{group}: choose up to {n}…", group=sec.name, n=sec.most)
                    if sec.most > 1 else sec.name)
        parts.append(Part("select", row, cut(hint, PLACEHOLDER), str(i), opts, sec.most))
    top = len(parts)
    below = [Part("choice", 0, cut(label or cid, BUTTON_LABEL), cid) for cid, label in lay.buttons]
    if len(below) + lay.pages - 1 <= (FOOT - top) * WIDTH:  # a button per other page, else ◀ ▶ in the foot
        below += [Part("page", 0, cut(lay.sections[idx[0]].name, BUTTON_LABEL), str(k))
                  for k, idx in enumerate(lay.screens) if k != page]
    return parts + [Part(p.kind, top + i // WIDTH, p.label, p.value) for i, p in enumerate(below)]


def _value(prompt, cid: str) -> str:
    """A select option's value: a quantity choice listed once (a long list)
    is ``"<id>*?<most>"``, its count asked after the pick."""
    return f"{cid}{ASK_COUNT}{prompt.counts[cid]}" if cid in prompt.counts else cid


def count_plan(cid: str, most: int) -> list[Part]:
    """The question "how many?" of a quantity choice: a button per count up
    to 20, else selects of 25 counts (up to 4; beyond 100 counts, the most
    is the last option), then a button back to the prompt."""
    counts = list(range(1, most + 1))
    if most <= BUTTONS:
        parts = [Part("choice", (k - 1) // WIDTH, str(k), cid if k == 1 else f"{cid}*{k}") for k in counts]
    else:
        if len(counts) > FOOT * OPTIONS:
            counts = counts[:FOOT * OPTIONS - 1] + [most]
        parts = [Part("select", r, f"{counts[r * OPTIONS]}–{counts[min(len(counts), (r + 1) * OPTIONS) - 1]}",
                      str(r), tuple((cid if k == 1 else f"{cid}*{k}", str(k))
                                    for k in counts[r * OPTIONS:(r + 1) * OPTIONS]))
                 for r in range((len(counts) + OPTIONS - 1) // OPTIONS)]
    return parts + [Part("page", FOOT, "◀", "0")]
