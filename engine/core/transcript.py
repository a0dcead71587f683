"""Transcripts: a game as text, replayable to the identical state (DESIGN §2).

Format (UTF-8)::

    # dakbot transcript v1
    game: gandhi
    scenario: main
    seed: 1234
    options: {"stacked": {"deck": [5, 12], "viceroy": 75, "dice": [3, 6]}}
    inc: united_provinces
    raj: pass

Header lines are ``key: value`` until the first ``<actor>: <choice id>`` line;
``options`` is JSON. Blank lines and lines starting with ``#`` are ignored.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .engine import apply, new_game
from .state import BaseState

HEADER_KEYS = ("game", "scenario", "seed", "options")
MAGIC = "# dakbot transcript v1"


@dataclass
class Transcript:
    game: str
    scenario: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[tuple[str, str]] = field(default_factory=list)

    def dumps(self) -> str:
        lines = [MAGIC, f"game: {self.game}", f"scenario: {self.scenario}", f"seed: {self.seed}"]
        lines.append(f"options: {json.dumps(self.options, sort_keys=True)}")
        lines.extend(f"{actor}: {choice}" for actor, choice in self.moves)
        return "\n".join(lines) + "\n"

    @classmethod
    def loads(cls, text: str) -> "Transcript":
        """Parse a transcript. Raises ValueError naming the bad line."""
        header: dict[str, str] = {}
        moves: list[tuple[str, str]] = []
        for n, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            key, sep, value = line.partition(":")
            if not sep:
                raise ValueError(f"line {n}: expected 'key: value', got {raw!r}")
            key, value = key.strip(), value.strip()
            if not moves and key in HEADER_KEYS and key not in header:
                header[key] = value
            else:
                moves.append((key, value))
        missing = [k for k in ("game", "scenario", "seed") if k not in header]
        if missing:
            raise ValueError(f"transcript header lacks {', '.join(missing)}")
        return cls(
            game=header["game"],
            scenario=header["scenario"],
            seed=int(header["seed"]),
            options=legacy_options(json.loads(header.get("options") or "{}")),
            moves=moves,
        )

    def replay(self) -> BaseState:
        """Replay every move from a new game; returns the final state.

        Raises the engine's errors (IllegalChoice …) with the move number added
        to the message, if a move does not fit.
        """
        state = new_game(self.game, self.scenario, self.seed, self.options)
        for i, (actor, choice) in enumerate(self.moves, 1):
            try:
                apply(state, actor, choice)
            except Exception as e:  # re-raised with the position for the reader
                raise type(e)(f"move {i} ({actor}: {choice}): {e}") from e
        return state


def legacy_options(options: dict[str, Any]) -> dict[str, Any]:
    """A game's start options as recorded before rulesets existed: without a
    ``ruleset`` entry it was played under ruleset 1 and replays under it
    (see engine/gandhi/ruleset.py). New games record their ruleset."""
    return options if "ruleset" in options else {**options, "ruleset": 1}


class Recorder:
    """Plays a game through the engine and records it as a transcript."""

    def __init__(self, game: str, scenario: str, seed: int, options: dict[str, Any] | None = None):
        self.state = new_game(game, scenario, seed, dict(options or {}))
        # the state's options: what was asked for plus the ruleset the game begins under
        self.transcript = Transcript(game, scenario, seed, dict(self.state.options))

    def apply(self, actor: str, choice: str):
        logs = apply(self.state, actor, choice)
        self.transcript.moves.append((actor, choice))
        return logs
