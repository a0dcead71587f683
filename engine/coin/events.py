"""The Event toolkit every COIN game shares (rule 5): the choice loop, the
automatic follow-ups, "do as much as possible" (5.1.2).

**Choice loop.** Most texts are a loop of single choices put to one faction:
``ev.loop`` (automatic) / ``ev.ask`` (decision). The options and their effect
come from a *handler* registered with :func:`handler`::

    @handler("c39s.replace")
    def _(state, ctx, cid):
        if cid is None:
            return [("bengal", "Bengal")]   # (choice id, English label) now
        ...                                # carry out ``cid``; may mutate ctx
        return []                          # frames to run before the next round

Frame (plain JSON)::

    {"step": "ev.loop", "fn": "<handler>", "ctx": {"actor": "raj", "card": 39,
     "left": 3 (optional: choices still to make), ...}, "upto": bool,
     "then": None | "<auto name>", "prompt": "English prompt"}

The loop ends when ``ctx["left"]`` reaches 0, when the handler offers nothing
(5.1.2: all that can be done is done), or -- for "up to" texts only
(``upto``) -- when the actor chooses "done"; then the automatic function
``then`` (registered with :func:`auto`) runs with the loop's final ctx. A loop
that offers nothing is never shown: no empty decision is put to a player.
``ev.do`` runs an automatic function when reached (:func:`do`, :func:`call`),
so follow-ups see the board as it is then.

Texts and titles come from the state's game (:class:`engine.coin.rules.CoinRules`:
``composed`` keys a label by its wording, ``card_title`` names the card).
"""
from __future__ import annotations

import re
from typing import Any, Callable

from ..core.messages import Choice, Decision, Message
from ..core.steps import Frame, Step, frame, push, register, step_game
from .common import done_choice
from .rules import rules_for, rules_of


def best(cands, score) -> list[str]:
    """5.1.2: of ``cands``, those where the most of the text can be carried
    out (the highest ``score`` above 0); empty if nothing can be done."""
    scored = [(score(s), s) for s in cands]
    top = max((v for v, _ in scored), default=0)
    if top <= 0:
        return []
    return [s for v, s in scored if v == top]


# --- the choice loop ----------------------------------------------------------------

Handler = Callable[[Any, dict, "str | None"], Any]
AutoFn = Callable[[Any, dict], list[Frame]]
#: {game id or None (shared): {name: handler}}: per game, like the steps (a
#: frame's ``fn`` is looked up in the state's game, then among the shared ones)
HANDLERS: dict[str | None, dict[str, Handler]] = {None: {}}
AUTOS: dict[str | None, dict[str, AutoFn]] = {None: {}}
#: {game id or None: {handler name: fn(state, ctx, choices, upto) -> choices}}:
#: a loop's choices as quantities (``Choice.most``) where the loop may take
#: the same one several times in a row (issue 14)
QUANTITIES: dict[str | None, dict[str, Callable]] = {None: {}}


def _registrar(table: dict, what: str, name: str, game: str | None):
    def deco(fn):
        own = table.setdefault(game if game is not None else step_game(fn), {})
        if name in own and own[name] is not fn:
            raise ValueError(f"{what} {name!r} registered twice")
        own[name] = fn
        return fn
    return deco


def handler(name: str, game: str | None = None):
    """Register a loop handler ``fn(state, ctx, cid)`` (see module doc) for
    ``game``, by default the game whose package defines ``fn``
    (``engine.<game>``; shared when defined in ``engine/coin``). Raises
    ValueError if another function holds the name in that game, or for a
    function outside ``engine`` without ``game``."""
    return _registrar(HANDLERS, "handler", name, game)


def auto(name: str, game: str | None = None):
    """Register an automatic function ``fn(state, ctx) -> frames`` for
    ``game`` (as :func:`handler`). Raises ValueError as :func:`handler`."""
    return _registrar(AUTOS, "auto", name, game)


def quantity(name: str, game: str | None = None):
    """Register ``fn(state, ctx, choices, upto) -> choices`` for loop handler
    ``name`` of ``game`` (as :func:`handler`): it may turn the offered
    choices into quantities (issue 14). Raises ValueError as :func:`handler`."""
    return _registrar(QUANTITIES, "quantity", name, game)


def _find(table: dict, game: str | None, name: str):
    """The function ``name`` of ``game``, else the shared one. Raises KeyError."""
    own = table.get(game)
    if own is not None and name in own:
        return own[name]
    return table[None][name]


def loop(fn: str, ctx: dict, upto: bool = False, then: str | None = None, prompt: str = "") -> Frame:
    """A frame of the choice loop (module doc). ``ctx`` must hold ``actor`` and
    ``card``. A ``{left}`` in ``prompt`` is filled in; otherwise " (N left)" is
    added when ctx counts ``left``."""
    return frame("ev.loop", fn=fn, ctx=ctx, upto=upto, then=then, prompt=prompt)


def do(fn: str, ctx: dict) -> Frame:
    """A frame running automatic function ``fn`` with ``ctx`` when reached."""
    return frame("ev.do", fn=fn, ctx=ctx)


def space_then(ctx: dict, sid: str, fn: str, prompt: str) -> list[Frame]:
    """In a space loop, ``sid`` was chosen: note it and ask what to do there
    (loop handler ``fn``, one pick, its ctx ``{actor, card, left, space}``)."""
    ctx["chosen"].append(sid)
    return [loop(fn, dict(actor=ctx["actor"], card=ctx["card"], left=1, space=sid), prompt=prompt)]


def call(fn: str, **ctx: Any) -> Frame:
    """``do(fn, ctx)`` with the ctx given as keywords."""
    return do(fn, ctx)


_EVENT_NO = re.compile(r"^Event #\d+")


def event_prompt(game: str, number: int, text: str, /, **params) -> Message:
    """The prompt of a decision inside Event ``number`` of ``game`` (key
    ``prompt.event.<wording>``, keyed by the game's ``CoinRules.composed``).
    A leading "Event #N" names the card as players see it ("#8 Mass Arrests:
    ..."), through the ``event`` parameter (the game's ``card_title``), which
    front ends render from the game's catalog. Raises KeyError for a game
    that defined no COIN rules."""
    rules = rules_for(game)
    if _EVENT_NO.match(text):
        text = _EVENT_NO.sub("{event}", text)
        params = {**params, "event": rules.card_title(number), "card": number}
    return rules.composed("prompt.event", text, **params)


def ctx0(f: str, card: int, **kw) -> dict:
    """A loop ctx for faction ``f`` playing ``card``, nothing chosen yet."""
    return dict(actor=f, card=card, chosen=[], **kw)


def _finish(state, fr: Frame) -> None:
    if fr.get("then"):
        push(state, do(fr["then"], fr["ctx"]))


def _offers(state, fr: Frame, cid: str | None = None):
    """The loop handler of ``fr`` (found for the state's game) called for
    ``cid``: the options now when None, else the frames after carrying it out."""
    return _find(HANDLERS, state.game, fr["fn"])(state, fr["ctx"], cid)


@register
class Loop(Step):
    """Choice loop, automatic part: end or ask."""

    name, auto = "ev.loop", True

    def run(self, state, fr):
        ctx = fr["ctx"]
        if ("left" in ctx and ctx["left"] <= 0) or not _offers(state, fr):
            _finish(state, fr)
            return
        push(state, dict(fr, step="ev.ask"))


@register
class Ask(Step):
    """Choice loop, decision part (one choice; "done" only for "up to" texts)."""

    name = "ev.ask"

    def decision(self, state, fr):
        ctx = fr["ctx"]
        composed = rules_of(state).composed
        choices = [Choice(cid, composed("choice.event", text)) for cid, text in _offers(state, fr)]
        counted = QUANTITIES.get(state.game, {}).get(fr["fn"]) or QUANTITIES[None].get(fr["fn"])
        if counted is not None:
            choices = counted(state, ctx, choices, fr["upto"])
        if fr["upto"]:
            choices.append(done_choice())
        prompt = fr.get("prompt") or f"Event #{ctx['card']}: choose."
        if "left" in ctx and "{left}" not in prompt:
            prompt += " ({left} left)"
        return Decision(ctx["actor"], event_prompt(state.game, ctx["card"], prompt, **{
            k: v for k, v in ctx.items() if isinstance(v, (int, str))}), choices, f"event:{fr['fn']}")

    def apply(self, state, fr, cid):
        if cid == "done":
            _finish(state, fr)
            return
        ctx = fr["ctx"]
        frames = _offers(state, fr, cid) or []
        if "left" in ctx:
            ctx["left"] -= 1
        push(state, *frames, dict(fr, step="ev.loop"))


@register
class Do(Step):
    """Run the game's automatic function ``fn`` (``fn(state, ctx)``) and push its frames."""

    name, auto = "ev.do", True

    def run(self, state, fr):
        push(state, *(_find(AUTOS, state.game, fr["fn"])(state, fr["ctx"]) or []))
