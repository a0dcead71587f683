"""The service's shared core: refusals (:class:`ServiceError` and kin), what a
call returns (:class:`Post`, :class:`Prompt`, :class:`Result`), the viewer's
language, and :class:`Core`: the store, the loaded-game cache and the seats
every room reads. Imports no room."""
from __future__ import annotations

import collections
import contextlib
import contextvars
import importlib
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import engine

from ..i18n import LOCALES, faction_name, t
from ..store import MAX_ID, GameRow, Store

log = logging.getLogger("dakbot.service")


MAX_BOT_MOVES = 20000


#: "No decision given: compute it" (None is a decision too: the game is over).
_COMPUTE: Any = object()


#: What a missed deadline does (the group chooses at /game new; the manager may
#: change it): remind only; the game's bot plays that Faction's turn; the
#: Faction Passes (when Pass is offered, else the bot plays the decision);
#: the seat is freed for a substitute (/game join) and the game waits.
DEADLINE_ACTIONS = ("remind", "bot", "pass", "substitute")


def default_game() -> str:
    """The game ``/game new`` creates when none is named: the first registered."""
    return engine.games()[0]


def factions_of(game: str) -> tuple[str, ...]:
    """The faction ids of ``game`` (its registered spec)."""
    return engine.game_spec(game).factions


def game_texts(game: str) -> Any:
    """The game's own bot-layer module (``GameSpec.lookup``, a module of
    :mod:`bot.games`), or None: where a game's words live (issue 38)."""
    ref = engine.game_spec(game).lookup
    return importlib.import_module(ref) if ref else None


def game_hook(game: str, name: str) -> Any:
    """The function ``name`` of the game's own bot-layer module
    (:func:`game_texts`: ``choice_details``, ``prompt_lines``, ``proposal``,
    ``bot_name`` ...), or None when the game gives none."""
    return getattr(game_texts(game), name, None)


def bot_name(game: str, locale: str | None) -> str:
    """The name of the bot that plays ``game``'s empty seats in ``locale``:
    the game's own (its module's ``bot_name``), else "the bot"."""
    fn = game_hook(game, "bot_name")
    return fn(locale) if fn else t(locale, "bot.name", "the bot")


def seat_layouts() -> dict[str, tuple[str, str]]:
    """Every registered game's seat layouts (``GameSpec.seat_layouts``) as
    {layout: (English name, catalog key)}: the game's module's ``LAYOUTS``
    where it names them, else the id (the first game naming one wins)."""
    out: dict[str, tuple[str, str]] = {}
    for game in engine.games():
        named = getattr(game_texts(game), "LAYOUTS", {})
        for layout in engine.game_spec(game).seat_layouts:
            out.setdefault(layout, named.get(layout, (layout, f"opt.layout.{layout}")))
    return out


def _unknown_faction(word: Any, game: str) -> BadInput:
    return BadInput("error.faction", "Unknown Faction '{faction}': choose {factions}.", faction=word,
                    factions=", ".join(factions_of(game)))


def parse_factions(value: list[str] | str | None, game: str | None = None) -> list[str]:
    """Faction ids of ``game`` (default: :func:`default_game`) from ids or
    names in any language, any case, separated by commas or spaces (an id,
    then a name in Italian). Raises BadInput naming the word not understood
    and the game's Factions."""
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
            raise _unknown_faction(w, game or default_game())
        if f not in out:
            out.append(f)
    return out


PAGE = 25  # the most options one Discord select lists (the console lists all)


# how many stored states' pending decisions a Service remembers (the states
# of the games played lately): the prompt of such a game needs no computing
KNOWN_STATES = 1024


MAX_HOURS = 24 * 365  # a reminder or deadline further away than a year is a typo


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

    prompt: Prompt | None = None


@dataclass
class Post:
    """A public message for the game's channel."""

    text: str
    image: bytes | None = None  # after a turn: the phone-sized picture of what changed
    pings: list[str] = field(default_factory=list)
    kind: str = "info"  # info | start | turn | end | reminder | attention | proposal
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
    #: what one set may hold (``Decision.limits``): [(option id -> count drawn, n)], at most n together (issue 31)
    limits: list[tuple[dict[str, int], int]] = field(default_factory=list)
    #: what a player needs to pick a choice, by id (the pieces in a space, an
    #: Event's text; the game's look-ups' ``choice_details``): shown beside its label
    details: dict[str, str] = field(default_factory=dict)


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


def _hidden_revealed(before, after) -> bool:
    """True when a die was rolled or a card revealed between two states."""
    if before.rng_counter != after.rng_counter or len(before.forced_dice) != len(after.forced_dice):
        return True
    return any(getattr(before, k, None) != getattr(after, k, None) for k in ("current", "next", "viceroy")) \
        or len(getattr(before, "played", ())) != len(getattr(after, "played", ()))



class Core:
    """The store, the clock and the caches every room shares; the rooms reach
    each other's steps through ``self`` (:class:`bot.service.Service`)."""

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

    async def game(self, game_id: int) -> GameRow:
        g = await self.store.get_game(game_id) if isinstance(game_id, int) and 0 < game_id <= MAX_ID else None
        if g is None:
            raise NotFound("error.no_game_id", "There is no game {id}.", id=game_id)
        return g

    async def game_in(self, channel: str) -> GameRow:
        """The open game of a channel; NotFound if there is none."""
        channel = str(channel)
        # a channel id holding NUL can be stored by no database: no game is there
        g = None if "\x00" in channel else await self.store.open_game_in(channel)
        if g is None:
            raise NotFound("error.no_game", "There is no game in this channel. Start one with /game new.")
        return g

    @staticmethod
    def _id_text(value: Any) -> str:
        """``value`` (a user, channel or server id) as stored; BadInput when
        it holds a NUL character, which no database of dakbot stores
        (issue 37: PostgreSQL cannot). Nothing is changed then."""
        text = str(value)
        if "\x00" in text:
            raise BadInput("error.nul", "That text holds a character that cannot be stored (NUL); nothing "
                           "was changed.")
        return text

    @staticmethod
    def _clean_name(name: str) -> str:
        """A game's name without control characters (a NUL cannot be stored,
        the others only garble a post) and spaces at its ends."""
        return "".join(ch for ch in str(name) if ch >= " " and ch != "\x7f").strip()

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

    def _owing_users(self, g: GameRow, p: engine.Pending) -> set[str]:
        """In a round of sealed orders, the human players who owe orders in
        ``p`` (each gets an empty draft as the round begins: what their clicks
        are checked against, issue 37); no one outside sealed orders."""
        if not self._sealed(p):
            return set()
        bots = self._bots(g)
        return {g.seats[x.actor] for x in p.decisions if g.seats.get(x.actor) and x.actor not in bots}

    def users_for(self, g: GameRow, faction: str) -> list[str]:
        """Who decides for ``faction``: its seat's holder; for an actor that
        is no Faction of the game (a ruling on a challenged choice, issue 33),
        the game's manager."""
        u = g.seats.get(faction)
        if u:
            return [u]
        return [g.creator] if faction not in factions_of(g.game) else []

    @staticmethod
    def _viewer_loc(g: GameRow) -> str:
        """The language of a private prompt: the viewer's own (``viewer_locale``)
        when set, else the game's."""
        return _VIEWER.get() or g.locale

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

    @staticmethod
    def _before(state) -> tuple[int, Any, bool]:
        """What :meth:`_commit` compares the new state with: the move counter,
        the stretch marker and whether it is a phase of sealed orders, of the
        state the choices start from."""
        return state.move, engine.stretch_marker(state), Core._sealed(state)

    @staticmethod
    def _sealed(state) -> bool:
        """True in a phase of sealed orders (several players decide at once).
        ``state``: a state, or its :class:`engine.Pending`."""
        if isinstance(state, engine.Pending):
            return state.simultaneous or len(state.decisions) > 1
        return engine.is_simultaneous(state)

    @staticmethod
    def _draft_valid(dr: tuple[int, list[str]] | None, g: GameRow, sealed: bool, version: int | None = None) -> bool:
        """Whether the stored draft ``dr`` ``(version, choices)`` answers the
        user's decision now and, with ``version``, whether a click built at
        move counter ``version`` still answers it. One decision at a time:
        both the current counter. Sealed orders: the draft is the one the
        user has had since ``dr[0]`` (each save replaces the draft of a player
        whose decision it changed), so any counter from then on (issue 37:
        another player's save refuses no click of theirs)."""
        if dr is None:
            return False
        if sealed:
            return dr[0] <= g.version and (version is None or dr[0] <= version <= g.version)
        return dr[0] == g.version and (version is None or version == g.version)

    def _may_manage(self, g: GameRow, user: str, manager: bool) -> bool:
        return manager or user == g.creator

    @staticmethod
    def _check_humans_only(game: str, wants_bot: bool) -> None:
        """A game without non-player rules (``GameSpec.extra["humans_only"]``,
        e.g. a game whose sources have none) takes no bot seat and no "bot"
        deadline action."""
        spec = engine.game_spec(game)
        if wants_bot and spec.extra.get("humans_only"):
            raise BadInput("error.humans_only", "{game} has no non-player rules for its Operations in our sources: "
                           "every faction must be played by a human, and a missed deadline cannot hand a turn "
                           "to a bot.", game=spec.name)

    @staticmethod
    def _check_hours(v: Any) -> None:
        if not (isinstance(v, (int, float)) and math.isfinite(v) and v <= MAX_HOURS):
            raise BadInput("error.hours", "Give a number of hours between 1 and {max}.", max=MAX_HOURS)

    @classmethod
    def _check_deadline_hours(cls, v: Any) -> None:
        """A deadline per decision: none (None, 0) or 1 h (the reminders'
        own minimum: a shorter one would pass a player's turn before anyone
        could answer, issue 37) to a year."""
        if v is None:
            return
        cls._check_hours(v)
        if 0 < v < 1 or v < 0:
            raise BadInput("error.deadline_hours", "A deadline is at least 1 hour (0: no deadline).")

    def _check_deadline_action(self, action: str) -> None:
        if action not in DEADLINE_ACTIONS:
            raise BadInput("error.deadline_action", "Unknown deadline consequence '{action}': choose {choices}.",
                           action=action, choices=", ".join(DEADLINE_ACTIONS))
