"""The parts of a game state every game shares (DESIGN §2).

A state is a pydantic model that serialises to plain JSON: the pending-step
stack holds only dicts, never closures, so a game survives a bot restart and an
upgrade in the middle of a turn. ``version`` lets a later release migrate old
JSON.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

STATE_VERSION = 1


class BaseState(BaseModel):
    """Fields common to every game's state."""

    model_config = ConfigDict(extra="forbid")

    game: str
    version: int = STATE_VERSION
    seed: int
    rng_counter: int = 0
    forced_dice: list[int] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    stack: list[dict[str, Any]] = Field(default_factory=list)
    log: list[dict[str, Any]] = Field(default_factory=list)
    #: How many log entries came before ``log[0]``: a store keeps the game log
    #: as rows beside the state (:func:`engine.core.engine.split_log`), so the
    #: stored state carries only what was logged since it was loaded. 0 for a
    #: state that holds its whole log (new games, replays, old stored states).
    log_base: int = 0
    move: int = 0
    result: dict[str, Any] | None = None
    #: The engine's memo of the pending decisions (``engine.core.engine.Pending``),
    #: served only while the state's content is what it was computed for; never stored.
    _pending: Any = PrivateAttr(default=None)

    def __eq__(self, other: object) -> bool:
        """The same game position: equal fields (the engine's memo aside,
        which pydantic would otherwise compare)."""
        if not isinstance(other, BaseModel):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__ \
            and self.__pydantic_extra__ == other.__pydantic_extra__
