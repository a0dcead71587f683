"""Errors the engine raises to callers. Nothing is applied when one is raised."""
from __future__ import annotations

from .messages import Message


class EngineError(Exception):
    """Base class. ``message`` is a player-facing :class:`Message`."""

    def __init__(self, message: Message | str):
        if isinstance(message, str):
            message = Message("error.generic", {"detail": message}, "{detail}")
        self.message = message
        super().__init__(message.fallback())


class IllegalChoice(EngineError):
    """A choice that is not on offer; ``message`` says why in the game's terms."""


class NotYourTurn(EngineError):
    """The actor is not the one the current decision belongs to."""


class GameOver(EngineError):
    """The game has ended; no decision is pending."""


class DataError(Exception):
    """Game data (or a correction file) failed validation.

    The text names the file, the entry and the problem.
    """


class StateVersionError(EngineError):
    """A stored state from a newer release than this engine (``version``
    above the game's), or from an older one with no migration path."""
