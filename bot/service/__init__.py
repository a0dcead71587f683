"""The game service (DESIGN §4): UI-agnostic sessions over the store.

Every front end (console, Discord cogs, tests, benchmarks) calls these
coroutines on one :class:`Service` and shows what they return:

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

Seats (who plays what): each game's spec groups its Factions into seats by
the number of players (``GameSpec.groups``, the game's own player-count
rules). A seat is held by a user or by the bot (the seats table); bot seats
are played by :func:`bot.bots.choose`.

Every call writes in one store transaction, so a crash between two writes
never leaves half a change, and seat changes bump the move counter, so a
submit racing a seat change fails its check instead of undoing it.

The service is built of rooms, one concern each (docs/architecture.md), over
one shared core; each room imports only :mod:`.core` and :mod:`.pictures`
and reaches another room's steps through ``self`` (the composed Service):

* :mod:`.core` — errors, Post/Prompt/Result, the loaded-game cache, seats.
* :mod:`.pictures` — the game's renderer: map and turn pictures.
* :mod:`.lobby` — create, join, leave, start, resign, replace, abandon,
  language, seats to bots, moving channel.
* :mod:`.turns` — submit, the bots' moves, saving a move, undo.
* :mod:`.prompts` — prompts and drafts (pick, back, cancel, confirm).
* :mod:`.timers` — reminders, deadlines and their consequences, pause.
* :mod:`.publishing` — turn posts, status, map, log, attention posts.
* :mod:`.history` — export, replay, the upgrade check at start-up.
"""
from __future__ import annotations

from .core import (
    DEADLINE_ACTIONS,
    KNOWN_STATES,
    MAX_BOT_MOVES,
    MAX_HOURS,
    PAGE,
    BadInput,
    Core,
    Forbidden,
    NotFound,
    Post,
    Prompt,
    Result,
    ServiceError,
    Stale,
    Unreadable,
    bot_name,
    default_game,
    factions_of,
    game_texts,
    parse_factions,
    seat_layouts,
    viewer_locale,
)
from .history import History
from .lobby import Lobby
from .pictures import game_status_lines, render_map, render_turn_pictures, renderer, touched_ids
from .prompts import Prompts, _choice_label, _joinable
from .publishing import Publishing, sealed_how
from .timers import Timers
from .turns import Turns

__all__ = [
    "DEADLINE_ACTIONS",
    "KNOWN_STATES",
    "MAX_BOT_MOVES",
    "MAX_HOURS",
    "PAGE",
    "BadInput",
    "Forbidden",
    "NotFound",
    "Post",
    "Prompt",
    "Result",
    "Service",
    "ServiceError",
    "Stale",
    "Unreadable",
    "bot_name",
    "game_texts",
    "seat_layouts",
    "_choice_label",
    "_joinable",
    "default_game",
    "factions_of",
    "game_status_lines",
    "parse_factions",
    "render_map",
    "sealed_how",
    "render_turn_pictures",
    "renderer",
    "touched_ids",
    "viewer_locale",
]


class Service(Lobby, Turns, Prompts, Timers, Publishing, History, Core):
    """Game sessions over a :class:`~bot.store.Store`: the rooms composed.

    ``render_maps``: attach map PNGs to turn posts (off in the console by
    default and in tests that do not need pictures).
    """
