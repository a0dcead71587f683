"""The game's pictures through its registered renderer (``GameSpec.renderer``):
the map and a turn's phone picture, None when missing or broken (a game goes
on without a picture)."""
from __future__ import annotations

import logging
from typing import Any

import engine

log = logging.getLogger("dakbot.service")


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
    except Exception:
        log.exception("map render failed")
        return None


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
    except Exception:
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
