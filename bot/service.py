"""The game service (DESIGN §4): UI-agnostic sessions over the store.

Every front end (console, Discord cogs, tests) calls these coroutines and
shows what they return:

* :class:`Result` — ``posts`` for the channel (text, map PNG, users to ping),
  ``reply`` for the caller only, ``prompt`` (what the caller must decide now),
  ``game`` (the row after the call).
* :class:`ServiceError` — a refusal with a localized, polite text; nothing
  was changed.

The *move counter* a front end sends back with a choice is the stored game
``version``: bumped by every applied submit and every undo, so unlike
``state.move`` (which goes back on undo) it never repeats. A submit built
against an older counter gets :class:`Stale` ("the game moved on") and the
caller shows a fresh prompt; nothing is lost.

Seats (who plays what) for 1-4 players (rules 1.5 and the player-count
notes): 1 player holds all four Factions; 2 players: British Raj +
Revolutionaries vs Congress + Muslim League; 3 players: British Raj,
Revolutionaries, Congress + Muslim League; 4 players: one each. A seat is
held by a user or by the bot (the seats table); bot seats are played by
:func:`bot.bots.choose`.

Every call writes in one store transaction, so a crash between two writes
never leaves half a change, and seat changes bump the move counter, so a
submit racing a seat change fails its check instead of undoing it.
"""
from __future__ import annotations

import asyncio
import collections
import contextlib
import contextvars
import json
import logging
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import engine
from engine.core.errors import EngineError
from engine.core.messages import split_quantity
from engine.core.rng import seed_hash

from . import bots as botmod
from .i18n import LOCALES, faction_name, game_name, render, t

from .patch import check_at_start, code_version
from .store import BOT, MAX_ID, Conflict, GameRow, SeatBusy, Store

log = logging.getLogger("dakbot.service")

MAX_BOT_MOVES = 20000
#: "No decision given: compute it" (None is a decision too: the game is over).
_COMPUTE: Any = object()
#: What a missed deadline does (the group chooses at /game new; the manager may
#: change it): remind only; an Arjuna bot plays that Faction's turn; the
#: Faction Passes (when Pass is offered, else the bot plays the decision);
#: the seat is freed for a substitute (/game join) and the game waits.
DEADLINE_ACTIONS = ("remind", "bot", "pass", "substitute")


def default_game() -> str:
    """The game ``/game new`` creates when none is named: the first registered."""
    return engine.games()[0]


def factions_of(game: str) -> tuple[str, ...]:
    """The faction ids of ``game`` (its registered spec)."""
    return engine.game_spec(game).factions


def parse_factions(value: list[str] | str | None, game: str | None = None) -> list[str]:
    """Faction ids of ``game`` (default: :func:`default_game`) from ids or
    names in any language, any case, separated by commas or spaces ("INC,
    Muslim League", "rivoluzionari"). Raises BadInput naming the word not
    understood."""
    if not value:
        return []
    words = value if isinstance(value, list) else [w for w in value.replace(";", ",").split(",")]
    known: dict[str, str] = {}
    for f in factions_of(game or default_game()):
        known[f] = f
        for loc in LOCALES:
            known[faction_name(loc, f).casefold()] = f
            known[faction_name(loc, f).casefold().replace(" ", "")] = f
    out: list[str] = []
    for w in words:
        key = str(w).strip().casefold()
        if not key:
            continue
        f = known.get(key) or known.get(key.replace(" ", ""))
        if f is None:
            parts = key.split()
            if len(parts) > 1 and all(p in known for p in parts):
                out.extend(known[p] for p in parts if known[p] not in out)
                continue
            raise BadInput("error.faction", "Unknown Faction '{faction}': choose raj, inc, ml or rev.", faction=w)
        if f not in out:
            out.append(f)
    return out
PAGE = 25  # the most options one Discord select lists (the console lists all)
# how many stored states' pending decisions a Service remembers (the states
# of the games played lately): the prompt of such a game needs no computing
KNOWN_STATES = 1024
MAX_HOURS = 24 * 365  # a reminder or deadline further away than a year is a typo


def _choice_label(locale: str, d: Any, cid: str, game: str) -> str:
    """The label of answer ``cid`` to decision ``d`` in ``game``'s terms: a
    set of joining choices ("delhi+bombay") as their labels joined."""
    if d is None:
        return cid
    if "+" in cid and d.find(cid) is not None:
        return ", ".join(_choice_label(locale, d, part, game) for part in cid.split("+"))
    c = d.find(cid)
    return render(locale, c.label, game) if c else cid


def _joinable(d: Any, options: list | None = None) -> list[str]:
    """The listed options (``options``: ``d.options(PAGE)``, when the caller
    has them) that may be picked together: each joining choice, and each
    count of a joining quantity (ruleset 5's "troop:delhi*3+sepoy:agra",
    issue 14)."""
    join = {c.id for c in d.joining()}
    if not join:  # issue 21: speed: most decisions join nothing
        return []
    return [o.id for o in (d.options(PAGE) if options is None else options)
            if o.id in join or split_quantity(o.id)[0] in join]


class ServiceError(Exception):
    """A refusal: ``key`` + ``params`` + English ``default``; nothing changed."""

    def __init__(self, key: str, default: str, **params: Any):
        self.key, self.default, self.params = key, default, params
        super().__init__(default.format(**params) if params else default)

    def text(self, locale: str | None = "en") -> str:
        return t(locale, self.key, self.default, **self.params)


class NotFound(ServiceError):
    pass


class Forbidden(ServiceError):
    pass


class BadInput(ServiceError):
    pass


class Unreadable(ServiceError):
    """A stored game cannot be loaded; other games are unaffected."""


class Stale(ServiceError):
    """The game moved on since the prompt was built. ``prompt``: a fresh one."""

    prompt: "Prompt | None" = None


@dataclass
class Post:
    """A public message for the game's channel."""

    text: str
    image: bytes | None = None  # after a turn: the phone-sized picture of what changed
    pings: list[str] = field(default_factory=list)
    kind: str = "info"  # info | start | turn | end | reminder | attention
    full_map: bytes | None = None  # the whole map, posted beside ``image``


@dataclass
class Prompt:
    """What a user must decide now in one game.

    ``version``: the move counter to send back. ``draft``: choices picked but
    not confirmed (Discord); ``confirm``: the draft ends the player's stretch
    (or reveals a die / card) and waits for Confirm. ``choices``: (id, label)
    of every option (``Decision.options()``: a quantity choice once per count,
    ``"troop:delhi*3"`` "Troop: move 3 from Delhi", issue 14).
    """

    game_id: int
    version: int
    actor: str
    actor_name: str
    text: str
    choices: list[tuple[str, str]]
    draft: list[str] = field(default_factory=list)
    draft_labels: list[str] = field(default_factory=list)
    confirm: bool = False
    many: int = 1  # up to this many of ``joinable`` may be picked together ("a+b": issue 14)
    joinable: list[str] = field(default_factory=list)
    #: more than 25 options: (group name, ids) by kind of space and piece (engine.groups)
    groups: list[tuple[str, list[str]]] = field(default_factory=list)
    #: quantity choices listed once (a long list): id -> the most; the count is asked after the pick
    counts: dict[str, int] = field(default_factory=dict)


class Result:
    """What a call did: the game row, the posts for the channel, the reply to
    the user, and ``prompt``, the decision now pending as the user would see
    it (None: the game is over, or the call has none).

    ``later``: a function building ``prompt`` the first time it is read (a
    submit's next decision is rendered only if someone shows it: the player
    who submitted sees it when the decision is theirs again, ``next_actor``
    says whose it is without building it)."""

    def __init__(self, game: GameRow, posts: list[Post] | None = None, reply: str = "",
                 prompt: Prompt | None = None, *, later: Callable[[], Prompt | None] | None = None,
                 next_actor: str | None = None):
        self.game = game
        self.posts = posts if posts is not None else []
        self.reply = reply
        self._prompt, self._later = prompt, later
        self.next_actor = prompt.actor if prompt is not None else next_actor

    @property
    def prompt(self) -> Prompt | None:
        if self._later is not None:
            self._prompt, self._later = self._later(), None
        return self._prompt

    @prompt.setter
    def prompt(self, value: Prompt | None) -> None:
        self._prompt, self._later = value, None

    def __repr__(self) -> str:
        return f"Result(game={self.game.id}, posts={len(self.posts)}, reply={self.reply!r}, next={self.next_actor})"


def game_status_lines(game: str, exported: dict, locale: str) -> list[str]:
    """The game's own lines of /game status (its tracks), from its registered
    look-up module's ``status_lines(exported, locale)``; none without one."""
    ref = engine.game_spec(game).lookup
    if not ref:
        return []
    import importlib

    fn = getattr(importlib.import_module(ref), "status_lines", None)
    return list(fn(exported, locale)) if fn else []


def renderer(game: str) -> Any:
    """The picture module the game registers (``render``, ``render_turn`` ...);
    raises ImportError when it has none or it cannot be loaded."""
    ref = engine.game_spec(game).renderer
    if not ref:
        raise ImportError(f"game {game!r} has no renderer")
    import importlib

    return importlib.import_module(ref)


def render_map(state, locale: str = "en") -> bytes | None:
    """The map PNG in ``locale`` from the game's renderer (``render(state,
    locale)``), or None when the renderer is missing or fails (the game goes
    on without a picture)."""
    try:
        _render = renderer(state.game).render
    except (ImportError, AttributeError):
        return None
    try:
        return _render(state, locale)
    except Exception:  # noqa: BLE001 - a broken picture must not stop a game
        log.exception("map render failed")
        return None


_VIEWER: contextvars.ContextVar[str | None] = contextvars.ContextVar("dakbot_viewer_locale", default=None)


@contextlib.contextmanager
def viewer_locale(locale: str | None):
    """Within the block, private prompts (``prompt``, ``pick``, ``back``,
    ``cancel``, the next prompt of a confirm) are rendered in ``locale`` — a
    player's own Discord language — instead of the game's (issue 15). Posts,
    pings and reminders always use the game's language."""
    token = _VIEWER.set(locale or None)
    try:
        yield
    finally:
        _VIEWER.reset(token)


def render_turn_pictures(state, spaces: list[str], locale: str = "en") -> tuple[bytes | None, bytes | None]:
    """``(phone picture, full map)`` of a turn that touched ``spaces``
    (the game's renderer's ``render_turn``), or ``(None, None)`` when the
    renderer is missing or fails (the game goes on without a picture)."""
    try:
        render_turn = renderer(state.game).render_turn
    except (ImportError, AttributeError):
        return None, None
    try:
        return render_turn(state, spaces, locale)
    except Exception:  # noqa: BLE001 - a broken picture must not stop a game
        log.exception("turn picture failed")
        return None, None


def touched_ids(log_entries: list[dict]) -> list[str]:
    """Every id a stretch of log entries names as a parameter, in order (the
    renderer keeps the spaces and Railways among them)."""
    out: list[str] = []
    for e in log_entries:
        for v in (e.get("params") or {}).values():
            if isinstance(v, str) and v not in out:
                out.append(v)
    return out


def _hidden_revealed(before, after) -> bool:
    """True when a die was rolled or a card revealed between two states."""
    if before.rng_counter != after.rng_counter or len(before.forced_dice) != len(after.forced_dice):
        return True
    return any(getattr(before, k, None) != getattr(after, k, None) for k in ("current", "next", "viceroy")) \
        or len(getattr(before, "played", ())) != len(getattr(after, "played", ()))


class Service:
    """Game sessions over a :class:`~bot.store.Store`.

    ``render_maps``: attach map PNGs to turn posts (off in the console by
    default and in tests that do not need pictures).
    """

    def __init__(self, store: Store, *, render_maps: bool = True, clock=time.time):
        self.store = store
        self.render_maps = render_maps
        self.clock = clock
        # stored state JSON -> its engine.Pending: computed once per stored
        # state (when it is saved, or first shown), not on every prompt and
        # submit; most recently used last
        self._known: collections.OrderedDict[str, engine.Pending] = collections.OrderedDict()
        # (id(decision), language) -> (decision, rendered Prompt fields): see _shown
        self._shown_cache: dict[tuple[int, str], tuple[Any, dict[str, Any]]] = {}

    # -- helpers -----------------------------------------------------------

    async def game(self, game_id: int) -> GameRow:
        g = await self.store.get_game(game_id) if isinstance(game_id, int) and 0 < game_id <= MAX_ID else None
        if g is None:
            raise NotFound("error.no_game_id", "There is no game {id}.", id=game_id)
        return g

    async def game_in(self, channel: str) -> GameRow:
        """The open game of a channel; NotFound if there is none."""
        g = await self.store.open_game_in(str(channel))
        if g is None:
            raise NotFound("error.no_game", "There is no game in this channel. Start one with /game new.")
        return g

    def state_of(self, g: GameRow):
        """The game's state. Raises BadInput before the start, Unreadable when
        the stored state cannot be loaded (corrupt, or from an incompatible
        release): the refusal names the game and what its manager can do."""
        if g.state is None:
            raise BadInput("error.not_started", "The game has not started yet.")
        try:
            return engine.load_state(g.state, self._known.get(g.state))
        except Exception as e:  # noqa: BLE001 - JSON, validation, unknown step ...
            log.error("game %s: stored state unreadable: %s: %s", g.id, type(e).__name__, str(e)[:200])
            raise Unreadable("error.state_unreadable", "The stored state of **{name}** (game {id}) cannot be "
                             "read by this version of dakbot. Nothing was changed. Its manager can "
                             "/game abandon it, or ask the bot's operator to restore or patch it.",
                             name=g.name, id=g.id) from None

    def _known_pending(self, blob: str) -> engine.Pending | None:
        """The pending decisions of the stored state ``blob`` (settled), if
        this Service computed them: the same JSON is the same state."""
        p = self._known.get(blob)
        if p is not None:
            self._known.move_to_end(blob)
        return p

    def _loaded(self, g: GameRow) -> tuple[Any, engine.Pending | None]:
        """The game's state (:meth:`state_of`) and, when this Service
        computed them for the very JSON stored (``Pending.key``: the state
        as stored, settled), its pending decisions: the decision a submit
        answers needs no look at the loaded state."""
        state = self.state_of(g)
        p = self._known.get(g.state)
        return state, (p if p is not None and p.key == g.state else None)

    def _remember(self, blob: str, p: engine.Pending) -> None:
        """Keep ``p``, the pending decisions of the state stored as ``blob``
        (after settling it)."""
        self._known[blob] = p
        self._known.move_to_end(blob)
        while len(self._known) > KNOWN_STATES:
            self._known.popitem(last=False)

    def _groups(self, g: GameRow) -> list[tuple[str, ...]]:
        if "groups" in g.options:
            return [tuple(grp) for grp in g.options["groups"]]
        spec = engine.game_spec(g.game)
        return spec.groups(int(g.options.get("seats", spec.seats or len(spec.factions))))

    def _bots(self, g: GameRow) -> set[str]:
        return set(g.bots)

    def users_for(self, g: GameRow, faction: str) -> list[str]:
        u = g.seats.get(faction)
        return [u] if u else []

    async def _pictures(self, g: GameRow, state, entries: list[dict]) -> tuple[bytes | None, bytes | None]:
        """The turn's phone picture and the full map (``entries``: the turn's log)."""
        if not self.render_maps:
            return None, None
        return await asyncio.to_thread(render_turn_pictures, state, touched_ids(entries), g.locale)

    async def _log_since(self, g: GameRow, state, start: int) -> list[dict]:
        """The game-log entries numbered ``start`` on: the stored rows before
        the loaded state's own entries (``state.log_base``), then those."""
        stored = await self.store.log_entries(g.id, start, state.log_base) if start < state.log_base else []
        return stored + state.log[max(0, start - state.log_base):]

    @staticmethod
    def _viewer_loc(g: GameRow) -> str:
        """The language of a private prompt: the viewer's own (``viewer_locale``)
        when set, else the game's."""
        return _VIEWER.get() or g.locale

    def _prompt(self, g: GameRow, state, version: int, draft: list[str] | None = None,
                draft_labels: list[str] | None = None, confirm: bool = False, d: Any = _COMPUTE,
                loc: str | None = None) -> Prompt | None:
        """The prompt of ``state``'s decision (``d``: that decision when the
        caller has it already, None for a game over; ``state`` is then not
        needed), in language ``loc`` (default: the viewer's, :meth:`_viewer_loc`)."""
        if d is _COMPUTE:
            d = engine.decision(state)
        if d is None:
            return None
        shown = self._shown(g.game, d, loc or self._viewer_loc(g))
        return Prompt(game_id=g.id, version=version, draft=list(draft or []), draft_labels=list(draft_labels or []),
                      confirm=confirm, **{k: v.copy() if isinstance(v, (list, dict)) else v for k, v in shown.items()})

    def _shown(self, game: str, d, loc: str) -> dict[str, Any]:
        """The :class:`Prompt` fields that show decision ``d`` in language
        ``loc``, rendered once per decision and language (the prompt of a
        saved state is shown with the submit's result, then again)."""
        hit = self._shown_cache.get((id(d), loc))
        if hit is not None and hit[0] is d:  # the very decision (kept alive by the entry)
            return hit[1]
        options = d.options(PAGE)
        shown = dict(actor=d.actor, actor_name=faction_name(loc, d.actor), text=render(loc, d.prompt, game),
                     choices=[(c.id, render(loc, c.label, game)) for c in options],
                     many=d.many, joinable=_joinable(d, options),
                     counts={c.id: c.most for c in d.choices if c.most > 1} if len(options) == len(d.choices)
                     else {},
                     groups=[(render(loc, name, game), [c.id for c in opts])
                             for name, opts in engine.groups(game, d, PAGE, options)])
        self._shown_cache[(id(d), loc)] = (d, shown)
        while len(self._shown_cache) > KNOWN_STATES:
            self._shown_cache.pop(next(iter(self._shown_cache)))
        return shown

    def _status_text(self, g: GameRow, state=None) -> str:
        loc = g.locale
        lines = [t(loc, "status.header", "**{name}** (game {id}, {game}, scenario {scenario}): {status}",
                   name=g.name, id=g.id, scenario=g.scenario, game=game_name(loc, g.game),
                   status=t(loc, f"status.{g.status}", g.status))]
        for grp in self._groups(g):
            names = ", ".join(faction_name(loc, f) for f in grp)
            holder = g.seats.get(grp[0])
            who = (f"<@{holder}>" if holder else
                   t(loc, "status.bot", "bot") if grp[0] in self._bots(g) else t(loc, "status.free", "free"))
            lines.append(f"- {names}: {who}")
        if state is not None:
            e = engine.export_state(state)
            c = e.get("card")
            if c:
                cur = c["current"]["title"] if c["current"] else "-"
                nxt = c["next"]["title"] if c["next"] else "-"
                lines.append(t(loc, "status.cards", "Current card: {current}. Next card: {next}.",
                               current=cur, next=nxt))
            lines.extend(game_status_lines(g.game, e, loc))
            if e.get("victory"):
                lines.append(t(loc, "status.victory", "Victory: {totals}.", totals=", ".join(
                    f"{faction_name(loc, f)} {v['total']}/{v['threshold']}" for f, v in e["victory"].items())))
            d = engine.decision(state) if g.status == "active" else None
            if d is not None:
                who = ", ".join(f"<@{u}>" for u in self.users_for(g, d.actor)) or t(loc, "status.bot", "bot")
                lines.append(t(loc, "status.to_act", "To decide: {faction} ({who}).", faction=d.actor, who=who))
                if g.paused:
                    lines.append(t(loc, "status.paused", "Paused: no reminders or deadlines until /game resume."))
                elif g.clock_since and d.actor not in self._bots(g):
                    lines.append(t(loc, "status.clock", "On the clock since <t:{since}:R>{deadline}.",
                                   since=int(g.clock_since),
                                   deadline=(t(loc, "status.deadline_at", ", deadline <t:{at}:R>",
                                               at=int(g.clock_since + g.deadline_hours * 3600))
                                             if g.deadline_hours else "")))
            elif state.result:
                lines.append(self._result_text(g, state))
        return "\n".join(lines)

    def _result_text(self, g: GameRow, state) -> str:
        loc = g.locale
        r = state.result or {}
        text = t(loc, "game.over", "Game over: {winner} wins ({how}). Seed: {seed} (verify with `dakbot verify`).",
                 winner=r.get("winner", "?"), how=self._how(loc, r.get("how", "?")), seed=state.seed)
        solo = r.get("solo")
        if solo:  # 8.10: the solitaire grade and outcome
            title = t(loc, f"result.outcome.{solo['outcome']}", solo["outcome"])
            if solo.get("won"):
                text += "\n" + t(loc, "result.solo.won", "Solitaire victory (8.10): {faction} wins by {difference} "
                                  "over the best Non-player: {title}", faction=faction_name(loc, solo["player"]),
                                  difference=solo["difference"], title=title)
            else:
                text += "\n" + t(loc, "result.solo.lost", "Solitaire (8.10): the player loses; the Non-player "
                                  "{faction} wins: {title}", faction=faction_name(loc, solo["winner"]), title=title)
        return text

    @staticmethod
    def _how(loc: str, how: str) -> str:
        """How the game ended (7.2 victory check, 7.3 final margins), in the game's language."""
        defaults = {"victory_check": "a victory check at a Campaign round",
                    "final": "the best margin after the final Campaign"}
        return t(loc, f"result.{how}", defaults.get(how, how))

    # -- setup -------------------------------------------------------------

    async def create(self, channel: str, creator: str, scenario: str | None = None, *, options: dict | None = None,
                     seats: int = 4, name: str | None = None, guild: str | None = None, locale: str = "en",
                     seed: int | None = None, bots: list[str] | str | None = None, layout: str = "standard",
                     deadline_action: str = "remind", game: str | None = None) -> Result:
        """Create a game in ``setup`` in ``channel``. ``seats``: human players
        1-4 (see the module doc); ``bots``: Factions played by the Arjuna bot
        (ids or names in any language, a list or "inc, ML, Revolutionaries");
        the human players share the other Factions by the 1.5 pairs
        (``layout`` "raj_rev": with three players one holds the Raj and the
        Revolutionaries); ``deadline_action``: what a missed deadline does
        (:data:`DEADLINE_ACTIONS`). Raises BadInput (scenario, seats, bots,
        layout, game) or Forbidden (the channel already has an open game).
        ``game``: a registered game id (``engine.games()``), default the first."""
        game = game or default_game()
        if game not in engine.games():
            raise BadInput("error.game", "Unknown game '{game}': choose {games}.", game=str(game)[:40],
                           games=", ".join(engine.games()))
        spec = engine.game_spec(game)
        if scenario is None:
            scenario = spec.scenario()
        if scenario not in spec.scenarios:
            raise BadInput("error.scenario", "Unknown scenario '{scenario}': choose {scenarios}.", scenario=scenario,
                           scenarios=", ".join(spec.scenarios))
        most = spec.seats or len(spec.factions)
        if not 1 <= seats <= most:
            raise BadInput("error.seats", "A game has 1 to {max} players, not {seats}.", seats=seats, max=most)
        bots = parse_factions(bots, game)
        humans_only = spec.extra.get("humans_only")
        self._check_humans_only(game, bool(bots) or deadline_action == "bot")
        if len(bots) == len(spec.factions):
            raise BadInput("error.all_bots", "At least one Faction needs a human player.")
        if layout not in spec.seat_layouts:
            raise BadInput("error.layout", "Unknown seat layout '{layout}': choose standard or raj_rev.",
                           layout=layout)
        self._check_deadline_action(deadline_action)
        opts = {k: v for k, v in (options or {}).items() if k not in ("bots", "posted_log", "groups")}
        opts["seats"] = seats
        try:
            groups = spec.groups(seats, bots, layout)
        except ValueError as e:  # the game's own seat rule (Pax Britannica: 4-7 Great Powers)
            raise BadInput("error.seat_rule", "{game} cannot seat this: {reason}.", game=spec.name, reason=str(e))
        if bots or layout != spec.seat_layouts[0]:
            opts["groups"] = [list(grp) for grp in groups]
        bot_seats = list(bots)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**62)
        name = name or f"{spec.name} {scenario}"
        try:
            g = await self.store.create_game(channel=str(channel), guild=str(guild) if guild else None, name=name,
                                             game=game, scenario=scenario, seed=seed, options=opts,
                                             creator=str(creator), locale=locale, bots=bot_seats,
                                             deadline_action=deadline_action)
        except Conflict:
            raise Forbidden("error.channel_busy", "This channel already has a game. Finish or abandon it first.")
        text = t(locale, "game.created", "New game **{name}** (scenario {scenario}, {seats} players) created by "
                 "<@{user}>. Join with /game join, then /game start.", name=name, scenario=scenario,
                 seats=seats, user=creator)
        if humans_only:
            text += "\n" + t(locale, "game.humans_only", "Every faction of {game} is played by a human: our sources "
                              "have no non-player flowchart for its Operations. Its rules and map data are "
                              "provisional (see /game status and the rulings); card texts are resolved by the "
                              "players.", game=spec.name)
        return Result(game=g, posts=[Post(text)], reply=text)

    async def join(self, game_id: int, user: str, faction: str | None = None) -> Result:
        """Take the seat group holding ``faction`` (or the first free group).
        Allowed in setup, and in play for a seat no one holds. Raises
        BadInput (unknown Faction), Forbidden (taken, game over)."""
        user = str(user)
        g = await self.game(game_id)
        loc = g.locale
        if g.status not in ("setup", "active"):
            raise Forbidden("error.finished", "This game is over.")
        if faction is not None and faction not in factions_of(g.game):
            raise BadInput("error.faction", "Unknown Faction '{faction}': choose raj, inc, ml or rev.",
                           faction=faction)
        groups = self._groups(g)
        wanted = groups if faction is None else [next(grp for grp in groups if faction in grp)]
        try:
            grp = await self.store.claim_seats(g.id, wanted, user,
                                               take_bot_seats=g.status == "setup" and faction is not None)
        except SeatBusy as e:
            raise self._seat_refusal(e) from None
        g = await self.game(g.id)
        names = ", ".join(faction_name(loc, f) for f in grp)
        text = t(loc, "game.joined", "<@{user}> takes {factions}.", user=user, factions=names)
        return Result(game=g, posts=[Post(text)], reply=text)

    @staticmethod
    def _seat_refusal(e: SeatBusy) -> ServiceError:
        if e.why == "yours":
            return BadInput("error.seat_yours", "You already hold {faction}.", faction=e.faction)
        if e.why == "taken":
            return Forbidden("error.seat_taken", "{faction} is already held by <@{user}>.", faction=e.faction,
                             user=e.holder)
        if e.why == "bot":
            return Forbidden("error.seat_bot", "{faction} is played by the bot.", faction=e.faction)
        return Forbidden("error.no_free_seat", "Every seat is taken.")

    async def leave(self, game_id: int, user: str) -> Result:
        """Give up one's seats before the start (in play: use resign)."""
        user = str(user)
        g = await self.game(game_id)
        if g.status != "setup":
            raise Forbidden("error.leave_started", "The game has started: use /game resign (or ask for /game replace).")
        mine = [f for f, u in g.seats.items() if u == user]
        if not mine:
            raise BadInput("error.no_seat", "You hold no seat in this game.")
        await self.store.set_seat_holders(g.id, {f: None for f in mine}, user=user, kind="leave")
        g = await self.game(g.id)
        text = t(g.locale, "game.left", "<@{user}> leaves the game.", user=user)
        return Result(game=g, posts=[Post(text)], reply=text)

    async def start(self, game_id: int, user: str) -> Result:
        """Start the game: every Faction must be seated or a bot. Shows the
        seed hash (fair shuffle), plays bots up to the first human decision,
        pings that player. Raises Forbidden / BadInput."""
        user = str(user)
        g = await self.game(game_id)
        loc = g.locale
        if g.status != "setup":
            raise Forbidden("error.already_started", "The game has already started.")
        if user != g.creator and user not in g.seats.values():
            raise Forbidden("error.start_who", "Only the creator or a seated player can start the game.")
        bots = self._bots(g)
        # the factions in play are those of the seat groups (Pax Britannica: the powers of the player count)
        empty = [f for grp in self._groups(g) for f in grp if not g.seats.get(f) and f not in bots]
        if empty:
            raise BadInput("error.empty_seats", "No one holds {factions}: they need a player (/game join) or must be "
                           "set as bots when the game is created.",
                           factions=", ".join(faction_name(loc, f) for f in empty))
        opts = {k: v for k, v in g.options.items() if k != "groups"}
        # 1.5: the engine reads who holds which factions (one player holding two
        # wins a check only if both pass, and scores the lower margin): the
        # number of players for the standard groups, or the groups themselves.
        groups = self._groups(g)
        opts["seats"] = ({f: "+".join(grp) for grp in groups for f in grp}
                         if "groups" in g.options else int(g.options.get("seats", 4)))
        opts["players"] = {f: ("bot" if f in bots else "human") for f in factions_of(g.game)}
        if bots:
            # options the game sets when a seat is a bot (e.g. its Non-player
            # rules), as its registered spec declares them
            for k, v in engine.game_spec(g.game).extra.get("bot_options", {}).items():
                opts.setdefault(k, v)
        state = engine.new_game(g.game, g.scenario, g.seed, opts)
        snaps: list[tuple[str | None, int, str]] = []
        moves: list[tuple[int, str, str]] = []
        p = self._play_bots(g, state, snaps, moves)
        d = p.first
        state_json, log_rows = engine.split_log(state, p)
        if d is not None:
            snaps.append((d.actor, state.move, state_json))
        status = "active" if state.result is None else "finished"
        try:
            version = await self.store.save_state(g.id, g.version, state_json, status=status,
                                                  action={"user": user, "kind": "start"}, snapshots=snaps,
                                                  timers=self._timers(g, state, d), posted_log=engine.log_length(state),
                                                  moves=moves, engine_version=code_version(), log=log_rows)
        except Conflict:
            raise Stale("error.stale", "The game moved on: here is a fresh prompt.")
        g = await self.game(g.id)
        text = t(loc, "game.started", "**{name}** begins. Seed hash (SHA-256, to verify the shuffle at the end): "
                 "`{hash}`", name=g.name, hash=seed_hash(g.seed))
        lines = [text, self._log_text(g, state.log)]
        pings = self.users_for(g, d.actor) if d else []
        if d is not None:
            lines.append(t(loc, "turn.next", "{faction} to decide: {prompt}", faction=d.actor,
                           prompt=render(loc, d.prompt, g.game)))
        phone, full = await self._pictures(g, state, state.log)
        post = Post("\n".join(x for x in lines if x), phone, pings, "start", full)
        posts = [post]
        if state.result is not None:
            posts.append(Post(self._result_text(g, state), kind="end"))
        return Result(game=g, posts=posts, reply=text, prompt=self._prompt(g, state, version, d=d))

    # -- play --------------------------------------------------------------

    def _play_bots(self, g: GameRow, state, snaps: list, moves: list, only: str | None = None,
                   p: engine.Pending | None = None) -> engine.Pending:
        """Let bot seats (or, with ``only``, that one Faction: a deadline's
        consequence) decide until a human must (or the game ends); appends a
        snapshot each time the deciding Faction changes and each applied
        choice to ``moves`` as ``(move, actor, choice)``. Returns the pending
        decisions then (``.first``: the decision, None when the game is
        over), computed once. ``p``: ``engine.pending(state)`` when the
        caller has it (``engine.play``'s, the state unchanged since)."""
        bots = {only} if only else self._bots(g)
        n = 0
        last = None
        while True:
            if p is None:
                p = engine.pending(state)
            pending = p.decisions
            if not pending:
                return p
            d = next((x for x in pending if x.actor in bots), None)
            if d is None:
                return p
            sealed = len(pending) > 1 or p.simultaneous
            if d.actor != last and not sealed:  # sealed orders are taken back with Back, not undo
                # its log entries are stored as rows by the same save
                snaps.append((d.actor, state.move, engine.split_log(state, p)[0]))
                last = d.actor
            cid = botmod.choose(state, d)
            p = engine.play(state, d.actor, cid, decided=None if sealed else d)
            moves.append((state.move, d.actor, cid))
            n += 1
            if n > MAX_BOT_MOVES:
                raise RuntimeError("bots did not hand back")

    def _decision_for(self, g: GameRow, state, user: str | None):
        """The decision ``user`` owes now: in a phase of sealed orders their
        own (engine.decisions lists one per player), else the one pending
        decision; the first pending one when ``user`` owes none. None: game over.
        ``state``: a state, or its :class:`engine.Pending`."""
        pending = state.decisions if isinstance(state, engine.Pending) else engine.decisions(state)
        if not pending:
            return None
        if user is not None and len(pending) > 1:
            for d in pending:
                if g.seats.get(d.actor) == user:
                    return d
        return pending[0]

    def _timers(self, g: GameRow, state, d: Any = _COMPUTE,
                pending: engine.Pending | None = None) -> list[tuple[str, float, dict]]:
        """Reminder (and deadline) rows for whoever owes the next decision
        (``d``: ``state``'s decision when the caller has it already;
        ``pending``: ``engine.pending(state)`` when the caller has it)."""
        if d is _COMPUTE:
            d = engine.decision(state) if state.result is None else None
        if d is None or g.paused:
            return []
        p = pending or engine.pending(state)
        actors = [x.actor for x in p.decisions] if p.simultaneous else [d.actor]
        now = self.clock()
        out = []
        for actor in actors:
            if actor in self._bots(g):
                continue
            out.append(("reminder", now + g.reminder_hours * 3600, {"actor": actor, "move": state.move}))
            if g.deadline_hours:
                out.append(("deadline", now + g.deadline_hours * 3600, {"actor": actor, "move": state.move}))
        return out

    @staticmethod
    def _check_humans_only(game: str, wants_bot: bool) -> None:
        """A game without non-player rules (``GameSpec.extra["humans_only"]``,
        A Distant Plain) takes no bot seat and no "bot" deadline action."""
        spec = engine.game_spec(game)
        if wants_bot and spec.extra.get("humans_only"):
            raise BadInput("error.humans_only", "{game} has no non-player rules for its Operations in our sources: "
                           "every faction must be played by a human, and a missed deadline cannot hand a turn "
                           "to a bot.", game=spec.name)

    def _check_deadline_action(self, action: str) -> None:
        if action not in DEADLINE_ACTIONS:
            raise BadInput("error.deadline_action", "Unknown deadline consequence '{action}': choose {choices}.",
                           action=action, choices=", ".join(DEADLINE_ACTIONS))

    def _log_text(self, g: GameRow, entries: list[dict]) -> str:
        lines = []
        for e in entries:
            line = render(g.locale, e, g.game)
            actor = faction_name(g.locale, e["actor"]) if e.get("actor") else ""
            # a line that already begins with its Faction is not prefixed again
            lines.append(f"- {actor}: {line}" if actor and not line.startswith(actor) else f"- {line}")
        return "\n".join(lines)

    def _check_actor(self, g: GameRow, state, user: str):
        if g.status == "setup":
            raise BadInput("error.not_started", "The game has not started yet.")
        if g.status != "active":
            raise Forbidden("error.finished", "This game is over.")
        d = self._decision_for(g, state, user)
        if d is None:
            raise Forbidden("error.finished", "This game is over.")
        if g.seats.get(d.actor) != user:
            holder = g.seats.get(d.actor)
            if holder:
                raise Forbidden("error.not_your_seat", "It is {faction}'s decision, and you do not hold that seat "
                            "({holder} does).", faction=d.actor, holder=f"<@{holder}>")
            raise Forbidden("error.seat_unheld", "It is {faction}'s decision, and you do not hold that seat "
                        "(no one does yet).", faction=d.actor)
        return d

    async def submit(self, game_id: int, user: str, choices: list[str], version: int | None = None) -> Result:
        """Apply ``choices`` (in order, all or nothing) for the Faction now
        deciding, which ``user`` must hold. ``version``: the move counter the
        choices were built against (None = the current one). Then bots play,
        the state is saved with the optimistic check, and a public turn post
        (log since the last post, map, ping) is returned when the deciding
        Faction changed or the game ended.

        Raises Stale (a fresh prompt in ``.prompt``), Forbidden (not your
        seat, game over), BadInput (a choice not on offer: why, in the game's
        terms), NotFound."""
        user = str(user)
        g = await self.game(game_id)
        if version is not None and version != g.version:
            raise await self._stale(g, user)
        state, known = self._loaded(g)
        d = self._check_actor(g, known or state, user)
        if not choices:
            raise BadInput("error.no_choice", "Choose something first.")
        before = self._before(state)
        # the state was loaded for this call alone: the choices are applied to
        # it in place (no copy); on a refusal it is dropped, nothing is saved.
        # Each choice answers the decision the one before left (engine.play).
        try:
            decided = d
            for cid in choices:
                p = engine.play(state, d.actor, cid, decided=decided)
                decided = p.first
        except EngineError as e:
            raise BadInput("error.illegal", "{reason}", reason=render(g.locale, e.message, g.game))
        return await self._commit(g, before, state, d, user, list(choices), "submit", pending=p)

    @staticmethod
    def _before(state) -> tuple[int, Any]:
        """What :meth:`_commit` compares the new state with: the move counter
        and the stretch marker of the state the choices start from."""
        return state.move, engine.stretch_marker(state)

    async def _commit(self, g: GameRow, before: tuple[int, Any], new, d, user: str | None, choices: list[str],
                      kind: str, *, snaps: list | None = None, moves: list | None = None,
                      pending: engine.Pending | None = None) -> Result:
        """Save ``new`` (reached by ``d.actor``'s ``choices`` from a state of
        which ``before`` is :meth:`_before`) after the bots play, with the
        optimistic check; the turn post when the turn passes on. Shared by
        submit and a deadline's consequence. ``pending``: ``new``'s pending
        decisions when the caller has them (``engine.play``). Each decision
        of ``new`` is computed once, and the state dumped once (the key of
        its Pending is the JSON saved)."""
        snaps = list(snaps or [])
        moves = list(moves) if moves is not None else [
            (before[0] + i, d.actor, c) for i, c in enumerate(choices, 1)]
        p = self._play_bots(g, new, snaps, moves, p=pending)  # what the bots left pending
        nd = p.first
        marker = engine.stretch_marker(new)
        changed = nd is None or nd.actor != d.actor or bool(snaps) or marker != before[1]
        if nd is not None and p.simultaneous and marker == before[1]:
            changed = False  # the same round of sealed orders goes on: nothing to post until the reveal
        new_json, log_rows = engine.split_log(new, p)
        if nd is not None and changed:
            snaps.append((nd.actor, new.move, new_json))
        status = "finished" if new.result is not None else None
        posted_from = g.posted_log
        try:
            v = await self.store.save_state(
                g.id, g.version, new_json, status=status,
                action={"user": user, "actor": d.actor, "kind": kind, "choices": list(choices)},
                snapshots=snaps, timers=self._timers(g, new, nd, p) if changed else None,
                posted_log=engine.log_length(new) if changed else None, moves=moves, log=log_rows)
        except Conflict:
            raise await self._stale(await self.game(g.id), user or "")
        superseded, (g.version, g.state) = g.state, (v, None)  # the row as saved, without a re-read
        self._known.pop(superseded, None)  # no longer any game's state: room for one that is
        self._remember(new_json, p)
        if status:
            g.status = status
        # the next prompt is rendered when it is read (the viewer's language now)
        loc = self._viewer_loc(g)
        nxt = self._decision_for(g, p, user) if nd else nd
        res = Result(game=g, later=lambda: self._prompt(g, None, v, d=nxt, loc=loc),
                     next_actor=nxt.actor if nxt is not None else None)
        if changed:
            res.posts.append(await self._turn_post(g, new, nd, posted_from, exclude=user if kind == "submit" else None,
                                                   pending=p))
        if new.result is not None:
            await self.store.clear_timers(g.id)
            res.posts.append(Post(self._result_text(g, new), kind="end"))
        res.reply = t(g.locale, "play.done", "Done.")
        return res

    async def _turn_post(self, g: GameRow, state, nd, start: int, exclude: str | None = None,
                         pending: engine.Pending | None = None) -> Post:
        loc = g.locale
        entries = await self._log_since(g, state, start)
        lines = [self._log_text(g, entries)]
        pings: list[str] = []
        p = pending or (engine.pending(state) if nd is not None else None)
        if nd is not None and p.simultaneous:
            actors = [x.actor for x in p.decisions]
            users = sorted({u for a in actors for u in self.users_for(g, a)})
            pings = [u for u in users if u != exclude]
            lines.append(t(loc, "turn.sealed", "**{game}**: sealed orders from {factions}: {prompt} Use /play to "
                           "write yours; nobody sees them before the reveal.", game=g.name,
                           factions=", ".join(faction_name(loc, a) for a in actors),
                           prompt=render(loc, nd.prompt, g.game)))
        elif nd is not None:
            users = self.users_for(g, nd.actor)
            pings = [u for u in users if u != exclude]
            who = ", ".join(f"<@{u}>" for u in users) or t(loc, "status.bot", "bot")
            lines.append(t(loc, "turn.next_who", "**{game}**: {faction} ({who}) to decide: {prompt}", game=g.name,
                           faction=nd.actor, who=who, prompt=render(loc, nd.prompt, g.game)))
        phone, full = await self._pictures(g, state, entries)
        return Post("\n".join(x for x in lines if x), phone, pings, "turn", full)

    async def _stale(self, g: GameRow, user: str) -> Stale:
        e = Stale("error.stale", "The game moved on: here is a fresh prompt.")
        try:
            e.prompt = await self.prompt(g.id, user) if g.status == "active" else None
        except ServiceError:
            e.prompt = None
        return e

    async def prompt(self, game_id: int, user: str | None = None) -> Prompt | None:
        """The current decision (with ``user``'s unconfirmed draft applied,
        if any and still fresh); None when the game is over."""
        g = await self.game(game_id)
        if g.state is None or g.status != "active":
            return None
        if user is not None:
            dr = await self.store.get_draft(g.id, str(user))
            if dr and dr[0] == g.version and dr[1]:
                state = self.state_of(g)
                return self._draft_prompt(g, state, dr[1], self._decision_for(g, state, str(user)))
        p = self._known_pending(g.state)
        if p is None:  # first shown since this process started: computed once
            p = engine.pending(self.state_of(g))
            self._remember(g.state, p)
        return self._prompt(g, None, g.version, d=self._decision_for(g, p, None if user is None else str(user)))

    # -- drafts (Discord: pick step by step, preview, then confirm) -------------

    def _draft_prompt(self, g: GameRow, state, draft: list[str], d: Any = _COMPUTE) -> Prompt:
        """The prompt after ``draft`` is applied to a copy of ``state`` (``d``:
        ``state``'s decision when the caller has it). Raises EngineError when
        a drafted choice is not on offer."""
        if d is _COMPUTE:
            d = engine.decision(state)
        work = engine.clone(state)
        labels = []
        dd = d
        loc = self._viewer_loc(g)
        for cid in draft:
            labels.append(_choice_label(loc, dd, cid, g.game))
            engine.apply(work, d.actor, cid, decided=dd)
            dd = engine.pending_for(work, d.actor) if engine.is_simultaneous(state) else engine.decision(work)
        nd = dd
        # a seal that reveals the round shows nothing before it is confirmed (other players' orders stay hidden)
        revealed = engine.is_simultaneous(state) and engine.stretch_marker(work) != engine.stretch_marker(state)
        if nd is None or nd.actor != d.actor or revealed or _hidden_revealed(state, work):
            p = Prompt(game_id=g.id, version=g.version, actor=d.actor, actor_name=faction_name(loc, d.actor),
                       text=t(loc, "play.confirm", "Confirm to play these choices (the turn passes on, or a "
                              "die is rolled or a card revealed)."), choices=[], draft=list(draft),
                       draft_labels=labels, confirm=True)
            return p
        p = self._prompt(g, work, g.version, draft, labels, d=nd)
        return p

    async def pick(self, game_id: int, user: str, version: int, choice: str, draft_len: int | None = None) -> Prompt:
        """Add one choice to ``user``'s draft (validated on a copy, nothing
        saved to the game). Returns the next prompt, or a confirm prompt when
        the draft ends the stretch. Raises Stale / Forbidden / BadInput."""
        user = str(user)
        g = await self.game(game_id)
        if version != g.version:
            raise await self._stale(g, user)
        state = self.state_of(g)
        d = self._check_actor(g, state, user)
        dr = await self.store.get_draft(g.id, user)
        draft = dr[1] if dr and dr[0] == g.version else []
        if draft_len is not None and draft_len != len(draft):
            raise await self._stale(g, user)
        draft = draft + [choice]
        try:  # the draft applied to a copy checks every choice and builds the prompt
            p = self._draft_prompt(g, state, draft, d)
        except EngineError as e:
            raise BadInput("error.illegal", "{reason}", reason=render(g.locale, e.message, g.game))
        await self.store.set_draft(g.id, user, g.version, draft)
        return p

    async def back(self, game_id: int, user: str, version: int) -> Prompt | None:
        """Drop the last drafted choice."""
        user = str(user)
        g = await self.game(game_id)
        if version != g.version:
            raise await self._stale(g, user)
        dr = await self.store.get_draft(g.id, user)
        draft = (dr[1] if dr and dr[0] == g.version else [])[:-1]
        await self.store.set_draft(g.id, user, g.version, draft or None)
        return await self.prompt(g.id, user)

    async def cancel(self, game_id: int, user: str) -> Prompt | None:
        await self.store.set_draft(int(game_id), str(user), 0, None)
        return await self.prompt(int(game_id), user)

    async def confirm(self, game_id: int, user: str, version: int) -> Result:
        """Submit ``user``'s draft (see :meth:`submit`)."""
        user = str(user)
        g = await self.game(game_id)
        if version != g.version:
            raise await self._stale(g, user)
        dr = await self.store.get_draft(g.id, user)
        if not dr or dr[0] != g.version or not dr[1]:
            raise BadInput("error.no_choice", "Choose something first.")
        return await self.submit(g.id, user, dr[1], version)

    # -- undo, resign, replace, abandon ------------------------------------------

    async def undo(self, game_id: int, user: str) -> Result:
        """Undo (DESIGN §2, by snapshots): the deciding player goes back to the
        start of their current stretch; or, if the next Faction has not yet
        chosen anything, the previous player goes back to the start of theirs.
        Refused when a die was rolled or a card revealed since, when another
        player (or a bot) acted in between, or when there is nothing to undo."""
        user = str(user)
        g = await self.game(game_id)
        loc = g.locale
        if g.status != "active":
            raise Forbidden("error.finished" if g.status != "setup" else "error.not_started",
                            "This game is over." if g.status != "setup" else "The game has not started yet.")
        state = self.state_of(g)
        if engine.is_simultaneous(state):
            raise Forbidden("error.undo_sealed", "Orders being written are taken back with Back before you seal; "
                            "sealed orders stand until the reveal.")
        snaps = await self.store.snapshots(g.id, 2)
        if not snaps:
            raise BadInput("error.nothing_to_undo", "There is nothing to undo.")
        last = snaps[0]
        target = None
        drop_after = None
        if state.move > last["move"]:
            target, drop_after = last, last["id"]
        elif len(snaps) > 1:
            target, drop_after = snaps[1], snaps[1]["id"]
        if target is None:
            raise BadInput("error.nothing_to_undo", "There is nothing to undo.")
        if g.seats.get(target["actor"]) != user or target["actor"] in self._bots(g):
            raise Forbidden("error.undo_not_yours", "Only {faction}'s player can undo this, and only before another "
                            "player acts.", faction=target["actor"])
        old = engine.load_state(target["state"])
        if _hidden_revealed(old, state):
            raise Forbidden("error.undo_hidden", "Cannot undo: a die was rolled or a card was revealed since.")
        od = engine.decision(old)
        try:
            v = await self.store.save_state(g.id, g.version, target["state"],
                                            action={"user": user, "actor": target["actor"], "kind": "undo",
                                                    "choices": [str(old.move)]},
                                            drop_snapshots_after=drop_after, timers=self._timers(g, old, od),
                                            posted_log=min(g.posted_log, engine.log_length(old)),
                                            drop_log_from=engine.log_length(old),
                                            drop_moves_after=old.move)
        except Conflict:
            raise await self._stale(await self.game(g.id), user)
        g = await self.game(g.id)
        text = t(loc, "game.undone", "<@{user}> undid {faction}'s choices.", user=user, faction=target["actor"])
        return Result(game=g, posts=[Post(text)], reply=text, prompt=self._prompt(g, old, v, d=od))

    async def resign(self, game_id: int, user: str) -> Result:
        """Give up one's seats in play: they become free for /game join or
        /game replace; the game waits for them."""
        user = str(user)
        g = await self.game(game_id)
        if g.status != "active":
            raise Forbidden("error.resign_when", "You can resign only from a game in play (use /game leave before "
                            "the start).")
        mine = [f for f, u in g.seats.items() if u == user]
        if not mine:
            raise BadInput("error.no_seat", "You hold no seat in this game.")
        await self.store.set_seat_holders(g.id, {f: None for f in mine}, user=user, kind="resign")
        g = await self.game(g.id)
        text = t(g.locale, "game.resigned", "<@{user}> resigns {factions}; the seat is free (/game join).",
                 user=user, factions=", ".join(faction_name(g.locale, f) for f in mine))
        return Result(game=g, posts=[Post(text)], reply=text)

    def _may_manage(self, g: GameRow, user: str, manager: bool) -> bool:
        return manager or user == g.creator

    async def _managed_open_game(self, game_id: int, user: str, manager: bool) -> GameRow:
        """The game, if ``user`` may manage it and it is open; else Forbidden."""
        g = await self.game(game_id)
        if not self._may_manage(g, user, manager):
            raise Forbidden("error.manage", "Only the game's creator or someone with Manage Channels can do this.")
        if g.status not in ("setup", "active"):
            raise Forbidden("error.finished", "This game is over.")
        return g

    async def replace(self, game_id: int, by: str, faction: str, new_user: str, *, manager: bool = False) -> Result:
        """Give ``faction``'s seat group to ``new_user``: the creator or a
        member with Manage Channels only."""
        by = str(by)
        g = await self.game(game_id)
        if not self._may_manage(g, by, manager):
            raise Forbidden("error.manage", "Only the game's creator or someone with Manage Channels can do this.")
        if g.status not in ("setup", "active"):
            raise Forbidden("error.finished", "This game is over.")
        if faction not in factions_of(g.game):
            raise BadInput("error.faction", "Unknown Faction '{faction}': choose raj, inc, ml or rev.",
                           faction=faction)
        grp = next(grp for grp in self._groups(g) if faction in grp)
        await self.store.set_seat_holders(g.id, {f: str(new_user) for f in grp}, user=by, kind="replace",
                                          choices=[str(new_user)])
        g = await self.game(g.id)
        text = t(g.locale, "game.replaced", "{factions} now played by <@{user}>.",
                 factions=", ".join(faction_name(g.locale, f) for f in grp), user=new_user)
        return Result(game=g, posts=[Post(text, pings=[str(new_user)])], reply=text,
                      prompt=await self.prompt(g.id, new_user))

    async def abandon(self, game_id: int, user: str, *, manager: bool = False) -> Result:
        """End the game unfinished (creator or Manage Channels); reveals the seed."""
        user = str(user)
        g = await self._managed_open_game(game_id, user, manager)
        try:
            await self.store.finish_game(g.id, "abandoned", user=user, kind="abandon")
        except Conflict:
            raise Forbidden("error.finished", "This game is over.") from None
        g = await self.game(g.id)
        text = t(g.locale, "game.abandoned", "**{name}** was abandoned. Seed: {seed}.", name=g.name, seed=g.seed)
        return Result(game=g, posts=[Post(text, kind="end")], reply=text)

    # -- information ---------------------------------------------------------

    async def status(self, game_id: int) -> str:
        g = await self.game(game_id)
        return self._status_text(g, self.state_of(g) if g.state else None)

    async def map_png(self, game_id: int) -> bytes | None:
        g = await self.game(game_id)
        return await asyncio.to_thread(render_map, self.state_of(g), g.locale)

    async def log_text(self, game_id: int, n: int = 20) -> str:
        """The last ``n`` game-log lines."""
        g = await self.game(game_id)
        state = self.state_of(g)
        entries = await self._log_since(g, state, max(0, engine.log_length(state) - n))
        return self._log_text(g, entries) or t(g.locale, "log.empty", "The log is empty.")

    async def set_locale(self, game_id: int, user: str, locale: str, *, manager: bool = False) -> Result:
        """The game's language (en, it, es-ES, ja): every post, ping, reminder,
        dashboard and picture of the game uses it from now on. Only the game's
        manager may change it. Raises Forbidden, BadInput (an unknown
        language; nothing changed)."""
        g = await self._managed_open_game(game_id, str(user), manager)
        if locale not in LOCALES:
            raise BadInput("error.locale", "Unknown language '{locale}': choose one of {locales}.",
                           locale=str(locale)[:20], locales=", ".join(LOCALES))
        if locale != g.locale:
            await self.store.update_game(g.id, locale=locale)
            g = await self.game(g.id)
        return Result(game=g, reply=t(g.locale, "game.language", "**{name}** is now played in English.",
                                      name=g.name))

    async def set_reminders(self, game_id: int, user: str, hours: float | None = None,
                            deadline_hours: float | None = None, *, manager: bool = False,
                            deadline_action: str | None = None) -> Result:
        """Set the reminder interval (hours, >= 1), the optional deadline per
        decision and, for the game's manager, what a missed deadline does
        (:data:`DEADLINE_ACTIONS`). Raises BadInput / Forbidden."""
        g = await self.game(game_id)
        if not self._may_manage(g, str(user), manager) and str(user) not in g.seats.values():
            raise Forbidden("error.manage", "Only the game's creator or someone with Manage Channels can do this.")
        fields: dict[str, Any] = {}
        if deadline_action is not None and deadline_action != g.deadline_action:
            if not self._may_manage(g, str(user), manager):
                raise Forbidden("error.manage", "Only the game's creator or someone with Manage Channels can do "
                                "this.")
            self._check_deadline_action(deadline_action)
            self._check_humans_only(g.game, deadline_action == "bot")
            fields["deadline_action"] = deadline_action
        for v in (hours, deadline_hours):
            if v is not None and not (isinstance(v, (int, float)) and math.isfinite(v) and v <= MAX_HOURS):
                raise BadInput("error.hours", "Give a number of hours between 1 and {max}.", max=MAX_HOURS)
        if hours is not None:
            if hours < 1:
                raise BadInput("error.reminder_hours", "Reminders come at most once an hour.")
            fields["reminder_hours"] = float(hours)
        fields["deadline_hours"] = float(deadline_hours) if deadline_hours and deadline_hours > 0 else None
        timers = None
        if g.status == "active":
            g.reminder_hours = fields.get("reminder_hours", g.reminder_hours)
            g.deadline_hours = fields["deadline_hours"]
            timers = self._timers(g, self.state_of(g))
        await self.store.update_game(g.id, timers=timers, **fields)
        g = await self.game(g.id)
        text = t(g.locale, "game.reminders", "Reminders every {hours} h; deadline: {deadline}.",
                 hours=g.reminder_hours, deadline=f"{g.deadline_hours} h" if g.deadline_hours else "-")
        if g.deadline_hours:
            text += " " + self._deadline_action_text(g)
        return Result(game=g, reply=text)

    async def upgrade_check(self) -> int:
        """At start-up: re-run the active games not yet checked on this code
        (issue 21, ``dakbot patch``), and queue one post per game that does
        not replay the same, to its channel, telling its manager (once per
        code version, across processes); the operator gets one log line each.
        The game itself is left exactly as stored and goes on. Returns the
        number of posts queued (the client's outbox delivery sends them)."""
        n = 0
        for g, rep in await check_at_start(self.store):
            log.warning("game %s (%s) does not replay on this code: %s", g.id, g.name, rep.line())
            text = t(g.locale, "bot.patch_notice",
                     "**{name}** (game {id}): this version of dakbot no longer replays the game's moves the same "
                     "way (from move {move}). The game goes on from where it stands; nothing was changed. "
                     "<@{manager}>: if something looks wrong, ask the bot's operator, who has the details.",
                     name=g.name, id=g.id, move=rep.move or rep.moves, manager=g.creator)
            await self.store.queue_post(g.id, g.channel, text, [g.creator], "patch", False, self.clock(),
                                        "upgrade check")
            n += 1
        return n

    async def due_reminders(self, now: float | None = None) -> list[tuple[GameRow, Post]]:
        """Posts for the timers due now, pinging only whoever owes the move.
        Each timer is claimed once (several bot processes may run this at
        once); a reminder comes back one interval later; a deadline applies
        the game's consequence (:data:`DEADLINE_ACTIONS`) once.

        Each timer is handled on its own: a game whose stored state cannot be
        read is flagged, its timers dropped and its manager told once (a post
        to its channel), and every other game's reminders still go out."""
        now = self.clock() if now is None else now
        out = []
        for tm in await self.store.due_timers(now):
            g = None
            try:
                if not await self.store.claim_timer(tm["id"]):
                    continue
                g = await self.store.get_game(tm["game_id"])
                posts = await self._timer_fired(tm, g, now)
            except Exception as e:  # noqa: BLE001 - one bad game must not stop the others
                log.error("timer %s of game %s failed: %s: %s", tm["id"], tm["game_id"], type(e).__name__,
                          str(e)[:200])
                post = await self._attention(g, tm["game_id"], e)
                posts = [post] if post else []
            out.extend((g, p) for p in posts)
        return out

    async def _timer_fired(self, tm: dict[str, Any], g: GameRow | None, now: float) -> list[Post]:
        if g is None or g.status != "active" or g.paused:
            return []
        state = self.state_of(g)
        if engine.is_simultaneous(state):
            return await self._sealed_timer(tm, g, state, now)
        d = engine.decision(state)
        if d is None or d.actor in self._bots(g) or d.actor != tm["payload"].get("actor", d.actor):
            return []  # the turn moved on: its own timers were set when it did
        users = self.users_for(g, d.actor)
        who = ", ".join(f"<@{u}>" for u in users) or "-"
        if tm["kind"] != "deadline":
            await self.store.add_timer(g.id, "reminder", now + g.reminder_hours * 3600, tm["payload"])
            text = t(g.locale, "reminder.text", "**{game}**: reminder, {faction} ({who}) is to decide: {prompt}",
                     game=g.name, faction=d.actor, who=who, prompt=render(g.locale, d.prompt, g.game))
            return [Post(text, pings=users, kind="reminder")]
        text = t(g.locale, "reminder.deadline", "**{game}**: the deadline for {faction} ({who}) has passed.",
                 game=g.name, faction=d.actor, who=who)
        notice = Post(text + " " + self._deadline_action_text(g), pings=users, kind="reminder")
        if g.deadline_action == "remind":
            return [notice]
        if g.deadline_action == "substitute":
            grp = next(grp for grp in self._groups(g) if d.actor in grp)
            await self.store.set_seat_holders(g.id, {f: None for f in grp}, user=None, kind="deadline")
            return [notice]
        before = self._before(state)
        new = state  # loaded for this call alone: played on in place
        snaps: list = []
        moves: list = []
        if g.deadline_action == "pass" and d.find("pass") is not None:
            engine.apply(new, d.actor, "pass", decided=d)
            moves.append((new.move, d.actor, "pass"))
        # "bot"; or what a Pass leaves to decide (the 2.3.3 follow-ups), or a
        # decision without Pass: the Arjuna bot ends that Faction's stretch
        self._play_bots(g, new, snaps, moves, only=d.actor)
        try:
            res = await self._commit(g, before, new, d, None, [m[2] for m in moves], "deadline", snaps=snaps,
                                     moves=moves)
        except Stale:
            return []  # the player acted at the same moment: their move stands
        return [notice] + res.posts

    async def _sealed_timer(self, tm: dict[str, Any], g: GameRow, state, now: float) -> list[Post]:
        """A reminder or deadline in a phase of sealed orders: for a player
        who has not sealed yet. At the deadline the phase's default is applied
        for them (engine.default_choice: their orders as written are sealed),
        whatever the group chose for one-player decisions."""
        actor = tm["payload"].get("actor")
        d = engine.pending_for(state, actor) if actor else None
        if d is None or actor in self._bots(g):
            return []
        users = self.users_for(g, actor)
        who = ", ".join(f"<@{u}>" for u in users) or "-"
        if tm["kind"] != "deadline":
            await self.store.add_timer(g.id, "reminder", now + g.reminder_hours * 3600, tm["payload"])
            text = t(g.locale, "reminder.text", "**{game}**: reminder, {faction} ({who}) is to decide: {prompt}",
                     game=g.name, faction=actor, who=who, prompt=render(g.locale, d.prompt, g.game))
            return [Post(text, pings=users, kind="reminder")]
        before = self._before(state)
        moves: list = []
        while engine.pending_for(state, actor) is not None and engine.is_simultaneous(state) \
                and (cid := engine.default_choice(state, actor)) is not None and len(moves) < MAX_BOT_MOVES:
            engine.apply(state, actor, cid)
            moves.append((state.move, actor, cid))
        text = t(g.locale, "reminder.deadline_sealed", "**{game}**: the deadline for {faction} ({who}) has passed: "
                 "the orders written so far are sealed.", game=g.name, faction=actor, who=who)
        notice = Post(text, pings=users, kind="reminder")
        try:
            res = await self._commit(g, before, state, d, None, [m[2] for m in moves], "deadline", moves=moves)
        except Stale:
            return []
        return [notice] + res.posts

    def _deadline_action_text(self, g: GameRow) -> str:
        texts = {"remind": "A missed deadline is only announced.",
                 "bot": "At a missed deadline the Arjuna bot plays that Faction's turn.",
                 "pass": "At a missed deadline that Faction Passes (where it cannot, the Arjuna bot decides).",
                 "substitute": "At a missed deadline the seat is freed for a substitute (/game join)."}
        return t(g.locale, f"deadline.{g.deadline_action}", texts.get(g.deadline_action, g.deadline_action))

    # -- time out, seats to bots, moving, looking back -------------------------------------

    async def pause(self, game_id: int, user: str) -> Result:
        """A player's vote to pause the clock (vacation): when every human
        player has voted, reminders and deadlines stop until /game resume.
        Raises Forbidden (no seat, game not in play)."""
        user = str(user)
        g = await self.game(game_id)
        if g.status != "active":
            raise Forbidden("error.finished", "This game is over.")
        if user not in g.seats.values():
            raise BadInput("error.no_seat", "You hold no seat in this game.")
        votes = sorted(set(g.pause_votes) | {user})
        humans = set(g.seats.values())
        paused = humans <= set(votes)
        await self.store.update_game(g.id, pause_votes=json.dumps(votes), paused=int(paused),
                                     timers=[] if paused else None)
        g = await self.game(g.id)
        if paused:
            text = t(g.locale, "game.paused", "**{name}** is paused: no reminders or deadlines until /game resume.",
                     name=g.name)
        else:
            waiting = ", ".join(f"<@{u}>" for u in sorted(humans - set(votes)))
            text = t(g.locale, "game.pause_vote", "<@{user}> asks to pause **{name}**; waiting for {waiting} "
                     "(/game pause).", user=user, name=g.name, waiting=waiting)
        return Result(game=g, posts=[Post(text)], reply=text)

    async def resume(self, game_id: int, user: str, *, manager: bool = False) -> Result:
        """End a pause (any player or the manager); the clock starts again."""
        user = str(user)
        g = await self.game(game_id)
        if user not in g.seats.values() and not self._may_manage(g, user, manager):
            raise BadInput("error.no_seat", "You hold no seat in this game.")
        g.paused = 0
        timers = self._timers(g, self.state_of(g)) if g.status == "active" else []
        await self.store.update_game(g.id, pause_votes="[]", paused=0, timers=timers, clock_since=self.clock())
        g = await self.game(g.id)
        text = t(g.locale, "game.resumed", "**{name}** goes on: the clock runs again.", name=g.name)
        return Result(game=g, posts=[Post(text)], reply=text)

    async def set_bot(self, game_id: int, user: str, faction: str, *, manager: bool = False) -> Result:
        """Hand a seat group to the Arjuna bot: its holder may (consent), or
        the manager when no one holds it. Back to a person: /game replace or,
        for the manager, /game join by the new player. Bots then play at once
        if it is their turn."""
        user = str(user)
        g = await self.game(game_id)
        if g.status not in ("setup", "active"):
            raise Forbidden("error.finished", "This game is over.")
        faction = (parse_factions(faction, g.game) or [None])[0]
        self._check_humans_only(g.game, True)
        grp = next(grp for grp in self._groups(g) if faction in grp)
        holder = g.seats.get(grp[0])
        if grp[0] in self._bots(g):
            raise BadInput("error.seat_bot", "{faction} is played by the bot.", faction=faction)
        if holder != user and not (holder is None and self._may_manage(g, user, manager)):
            raise Forbidden("error.bot_consent", "Only {faction}'s player (or the manager, for a free seat) can "
                            "hand it to the bot.", faction=faction)
        await self.store.set_seat_holders(g.id, {f: BOT for f in grp}, user=user, kind="bot")
        g = await self.game(g.id)
        text = t(g.locale, "game.to_bot", "{factions} now played by the Arjuna bot.",
                 factions=", ".join(faction_name(g.locale, f) for f in grp))
        res = Result(game=g, posts=[Post(text)], reply=text)
        if g.status == "active":
            state = self.state_of(g)
            d = engine.decision(state)
            if d is not None and d.actor in self._bots(g):
                more = await self._commit(g, self._before(state), state, d, user, [], "bot", moves=[])
                res.posts += more.posts
                res.game = more.game
        return res

    async def move(self, game_id: int, user: str, channel: str, *, manager: bool = False) -> Result:
        """Move an open game to another channel (the manager); its dashboard is
        posted there anew. Raises Forbidden (not the manager, target busy)."""
        user = str(user)
        g = await self._managed_open_game(game_id, user, manager)
        try:
            await self.store.move_game(g.id, str(channel))
        except Conflict:
            raise Forbidden("error.channel_busy", "This channel already has a game. Finish or abandon it first.")
        g = await self.game(g.id)
        text = t(g.locale, "game.moved", "**{name}** moved to <#{channel}>.", name=g.name, channel=channel)
        return Result(game=g, posts=[Post(text, kind="start")], reply=text)

    async def export(self, game_id: int) -> tuple[str, str]:
        """``(filename, text)``: a finished game's transcript (``dakbot
        replay`` reproduces it, ``dakbot verify`` checks its shuffle); during
        play only the public log — never the seed or the deck order, from
        which every future card follows."""
        g = await self.game(game_id)
        if g.state is None:
            raise BadInput("error.not_started", "The game has not started yet.")
        state = self.state_of(g)
        if g.status == "active":
            return f"game{g.id}-log.txt", self._log_text(g, await self._log_since(g, state, 0)) + "\n"
        rows = await self.store.moves(g.id)
        if not rows:
            raise BadInput("error.no_transcript", "This game started before dakbot kept transcripts; its log is "
                           "all there is (/log).")
        from engine.core.transcript import Transcript

        tr = Transcript(g.game, g.scenario, g.seed, self._start_options(state),
                        [(r["actor"], r["choice"]) for r in rows])
        return f"game{g.id}.dakbot.txt", tr.dumps()

    @staticmethod
    def _start_options(state) -> dict[str, Any]:
        """The options the game began with (a game stored before rulesets
        existed replays under ruleset 1)."""
        from engine.core.transcript import legacy_options

        return legacy_options(dict(state.options))

    async def replay(self, game_id: int, step: int | None = None) -> tuple[int, int, str, bytes | None]:
        """Look back: the game after confirmed move ``step`` (1 = the first
        confirmed move; None or past the end = the last). Returns ``(step,
        steps, log text of that move, map PNG)``. Raises BadInput before the
        start or for a game from before transcripts were kept."""
        g = await self.game(game_id)
        if g.state is None:
            raise BadInput("error.not_started", "The game has not started yet.")
        rows = await self.store.moves(g.id)
        if not rows:
            raise BadInput("error.no_transcript", "This game started before dakbot kept transcripts; its log is "
                           "all there is (/log).")
        versions = sorted({r["version"] for r in rows})
        steps = len(versions)
        step = steps if step is None or step > steps else max(1, step)
        state = self.state_of(g)
        work = await asyncio.to_thread(self._replay_to, g, state, rows, versions[step - 1],
                                       versions[step - 2] if step > 1 else None)
        before_len, work = work
        text = self._log_text(g, work.log[before_len:]) or t(g.locale, "log.empty", "The log is empty.")
        png = await asyncio.to_thread(render_map, work, g.locale) if self.render_maps else None
        return step, steps, text, png

    def _replay_to(self, g: GameRow, state, rows: list[dict], version: int, prev: int | None):
        work = engine.new_game(g.game, g.scenario, g.seed, self._start_options(state))
        before = len(work.log) if prev is None else None
        for r in rows:
            if r["version"] > version:
                break
            engine.apply(work, r["actor"], r["choice"])
            if prev is not None and r["version"] <= prev:
                before = len(work.log)
        return (before or 0), work

    async def _attention(self, g: GameRow | None, game_id: int, e: Exception) -> Post | None:
        """Flag game ``game_id`` (its timers dropped) and, the first time, a
        post for its channel telling its manager; None when already told."""
        try:
            first = await self.store.set_attention(game_id, f"{type(e).__name__}: {str(e)[:200]}")
        except Exception:  # noqa: BLE001 - the database itself failed: retry next pass
            log.exception("could not flag game %s", game_id)
            return None
        if not first or g is None:
            return None
        text = t(g.locale, "error.attention", "**{name}** (game {id}) needs its manager: its stored state cannot "
                 "be read by this version of dakbot, so reminders are paused. <@{manager}>: /game abandon ends it; "
                 "the bot's operator can restore or patch it.", name=g.name, id=g.id, manager=g.creator)
        return Post(text, pings=[g.creator], kind="attention")
