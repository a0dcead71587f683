"""Every prompt of whole random games shown as Discord would (issue 31).

For each decision of each seat: the prompt the service shows
(``Service._prompt``), every page of its view built by the one layout
component (``cogs.views.plan``) into discord.py items (``cogs.ui.items_view``,
discord.py's own checks of rows and widths, ``to_components``), then checked
against Discord's other limits, which discord.py leaves to the API (label
lengths, options, custom ids, ``max_values``). Every component is "clicked":
a choice button's answer is offered, a page button leads to a page, a
select's random pick of up to ``max_values`` options is an answer the
decision takes (``Decision.find``: no set refused for its count). Every
choice is reachable from the first page. The console's menu of the same
prompt: what it shows before each choice, typed back, is that choice. The
game goes on by a random player of the view
(:func:`engine.core.selfplay.random_answer`).
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from types import SimpleNamespace

import discord

import engine
from bot.i18n import t
from bot.service import Service
from cogs.ui import build_view
from engine.core.selfplay import joined_legal, random_answer

LOCALES = ("en", "it", "es", "ja")
# Discord's limits, stated here on their own (not taken from the code under test)
ROWS, WIDTH, OPTIONS = 5, 5, 25
BUTTON_LABEL, OPTION_LABEL, PLACEHOLDER, CUSTOM_ID = 80, 100, 150, 100
ASK_COUNT = "*?"  # cogs/ui.py: a select value whose count is asked after the pick


@dataclass
class Tally:
    decisions: int = 0
    pages: int = 0          # decisions needing a second select page
    views: int = 0
    clicks: Counter = field(default_factory=Counter)  # kind of component -> clicks
    problems: list[str] = field(default_factory=list)

    def problem(self, where: str, what: str) -> None:
        if len(self.problems) < 50:
            self.problems.append(f"{where}: {what}")


def discord_limits(view: discord.ui.View) -> list[str]:
    """What Discord's API would refuse in ``view`` beyond discord.py's own
    row checks (https://discord.com/developers/docs/components/reference)."""
    out = []
    rows = view.to_components()
    if len(rows) > ROWS:
        out.append(f"{len(rows)} rows")
    ids = []
    for row in rows:
        comps = row["components"]
        if sum(5 if c["type"] == 3 else 1 for c in comps) > WIDTH:
            out.append(f"row too wide: {comps}")
        for c in comps:
            ids.append(c["custom_id"])
            if len(c["custom_id"]) > CUSTOM_ID:
                out.append(f"custom id over 100: {c['custom_id']}")
            if c["type"] == 2 and not 1 <= len(c.get("label") or "") <= BUTTON_LABEL:
                out.append(f"button label {c.get('label')!r}")
            if c["type"] == 3:
                opts = c["options"]
                values = [o["value"] for o in opts]
                if not 1 <= len(opts) <= OPTIONS:
                    out.append(f"{len(opts)} options")
                if len(set(values)) != len(values):
                    out.append("the same value twice in a select")
                if any(not 1 <= len(o["label"]) <= OPTION_LABEL or len(o["value"]) > OPTION_LABEL
                       for o in opts):
                    out.append("an option's label or value over 100")
                if len(c.get("placeholder") or "") > PLACEHOLDER:
                    out.append("placeholder over 150")
                if not 1 <= c["min_values"] <= c["max_values"] <= len(opts):
                    out.append(f"max_values {c['max_values']} of {len(opts)} options")
    if len(set(ids)) != len(ids):
        out.append("the same custom id twice")
    return out


def answer_of(value: str) -> str:
    """The answer a select value sends (a quantity listed once: its count 1)."""
    return value.partition(ASK_COUNT)[0]


def check_prompt(prompt, d, state, locale: str, rnd: random.Random, tally: Tally, where: str) -> None:
    """Build and check every page of ``prompt`` (decision ``d`` of
    ``state``) as a player reaches them: page 0, then each page button's."""
    tally.decisions += 1
    reached, todo, offered = {0}, [0], set()
    legal = None
    while todo:
        page = todo.pop()
        view = build_view(prompt, locale, page)  # discord.py's own row checks
        tally.views += 1
        for why in discord_limits(view):
            tally.problem(f"{where} page {page}", why)
        for item in view.children:
            kind, c = type(item).__name__, item.item
            tally.clicks[kind] += 1
            if kind == "PageButton":
                if item.page not in reached:
                    reached.add(item.page)
                    todo.append(item.page)
            elif kind == "ChoiceButton":
                offered.add(item.cid)
                if d.find(item.cid) is None:
                    tally.problem(where, f"button {item.cid!r} is not an answer")
            elif kind == "ChoiceSelect":
                values = [answer_of(o.value) for o in c.options]
                offered.update(values)
                k = rnd.randint(1, c.max_values)
                pick = "+".join(rnd.sample(values, k))
                if d.find(pick) is None:  # a combination a select cannot prevent (cogs/views.py)
                    key = refusal_key(state, d, pick) if state is not None else None
                    if key not in (None, "error.not_offered"):
                        tally.clicks["set refused with the rules' reason"] += 1
                    elif counts_only(d, pick):  # two counts of one quantity, pieces over a budget
                        tally.clicks["counts of pieces refused"] += 1
                    else:
                        tally.problem(where, f"select (most {c.max_values}) lets pick {pick!r}, refused")
                elif k > 1 and state is not None:
                    legal = legal or joined_legal(state, d)
                    tally.clicks["joined legal" if legal(pick) else "joined refused for another reason"] += 1
                for count in _counts(c):
                    tally.clicks["count"] += 1
                    if d.find(count) is None:
                        tally.problem(where, f"count {count!r} refused")
    missing = {cid for cid, _ in prompt.choices} - offered
    if missing:
        tally.problem(where, f"choices nowhere in the view: {sorted(missing)[:5]}")


def check_console(prompt, tally: Tally, where: str) -> None:
    """The console's menu of ``prompt`` (bot/console.py, as printed): what
    it shows before each choice, typed back, answers that choice."""
    import io

    from bot.console import DETAIL, Console, typed_answer

    out = io.StringIO()
    Console(None, io.StringIO(), out, "", "en").show_prompt(prompt)
    # a choice's line; the details under it (marked, bot/console.py DETAIL) are not choices
    lines = [x for x in out.getvalue().splitlines()[2:] if x.startswith("  ") and not x.lstrip().startswith(DETAIL)]
    tally.clicks["console menu"] += 1
    if len(lines) != len(prompt.choices):
        tally.problem(where, f"the console lists {len(lines)} lines for {len(prompt.choices)} choices")
        return
    for cid, _ in prompt.choices:  # a menu listing numbers: a typed number is that number, never a place
        if cid.lstrip("+-").isdigit() and typed_answer(cid, prompt.choices) != cid:
            tally.problem(where, f"typing {cid!r} answers {typed_answer(cid, prompt.choices)!r}")
    for line, (cid, _) in zip(lines, prompt.choices):
        shown = line.split()[0].rstrip(".")
        if typed_answer(shown, prompt.choices) != cid:
            tally.problem(where, f"the console shows {line.strip()!r}: typing {shown!r} answers "
                                 f"{typed_answer(shown, prompt.choices)!r}, not {cid!r}")


def counts_only(d, pick: str) -> bool:
    """``pick`` is refused for its counts alone: each part is offered and
    the set is within ``many`` (two counts of one quantity, or pieces over
    a budget: ``Decision.budgets``)."""
    parts = pick.split("+")
    return len(parts) <= d.many and all(d.find(x) is not None for x in parts)


def refusal_key(state, d, pick: str) -> str | None:
    """The key of the engine's refusal of ``pick`` (None: taken)."""
    from engine.core.errors import EngineError

    try:
        engine.apply(engine.clone(state), d.actor, pick, decided=d)
    except EngineError as e:
        return e.message.key
    return None


def _counts(select) -> list[str]:
    """The answers of the count question after each select value asking
    it (its view built too)."""
    out = []
    for o in select.options:
        cid, sep, most = o.value.partition(ASK_COUNT)
        if sep:
            from cogs.ui import items_view
            from cogs.views import count_plan

            view = items_view(1, 1, 0, count_plan(cid, int(most)))
            for item in view.children:
                if type(item).__name__ == "ChoiceButton":
                    out.append(item.cid)
                elif type(item).__name__ == "ChoiceSelect":
                    out += [x.value for x in item.item.options]
    return out


def paged(prompt, locale: str = "en") -> bool:
    """A group of ``prompt``'s list needs a second select (not a page of its own)."""
    from cogs.views import layout

    return layout(prompt, t, locale).paged


def play(game: str, scenario: str, seed: int, options: dict | None, tally: Tally, max_decisions: int) -> None:
    """One random game, every decision of every seat checked; stops after
    ``max_decisions`` decisions or at the end."""
    svc = Service(None, render_maps=False)  # only its prompt rendering is used: no store
    row = SimpleNamespace(id=1, game=game, locale="en")
    rnd = random.Random(seed)
    state = engine.new_game(game, scenario, seed, options or {})
    n = 0
    while n < max_decisions:
        pending = engine.decisions(state)
        if not pending:
            return
        for d in pending:  # sealed orders: every seat's own decision
            loc = LOCALES[n % len(LOCALES)]
            # every other prompt as if some choices were drafted already: Back and Cancel shown
            drafted = ["drafted"] * (n % 2)
            prompt = svc._prompt(row, state, n, drafted, drafted, d=d, loc=loc)
            if not hasattr(prompt, "limits") and hasattr(d, "limits"):  # the service's part (Decision.limits)
                prompt.limits = d.limits(d.options(OPTIONS))
            check_prompt(prompt, d, state if d is pending[0] else None, loc, rnd, tally,
                         f"{game}/{scenario}/{seed} decision {n} ({d.step})")
            tally.pages += paged(prompt, loc)
            check_console(prompt, tally, f"{game}/{scenario}/{seed} decision {n} ({d.step})")
            n += 1
        d = pending[0]
        cid = random_answer(rnd, d, legal=joined_legal(state, d))
        engine.apply(state, d.actor, cid, decided=d)
