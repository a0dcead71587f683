"""Placeholder of helper E's Great War (issue 35, docs WAR.md): which war is
a Great War (L573-575) and the immediate end of the game. Helper E's module
replaces this one whole (the line 30 penalty, tripled for the causers,
L573, L688, L718, is E's)."""
from __future__ import annotations

from typing import Any

from ..core.engine import log
from .state import PaxState

EUROPEANS = ("great_britain", "france", "germany", "austria_hungary", "italy", "russia")  # L573
FOUR_PLAYER_CORE = ("great_britain", "germany", "france")  # L573-575


def is_great_war(state: PaxState, war: Any) -> bool:
    """A declared war with four or more of the six European Great Powers
    (L573); with four players, one with Great Britain, Germany and France
    (L573-575)."""
    if war.kind != "war":
        return False
    engaged = {p for side in war.sides for p in side}
    if len(engaged & set(EUROPEANS)) >= 4:
        return True
    return len(state.players) == 4 and set(FOUR_PLAYER_CORE) <= engaged


def end_game(state: PaxState, how: str, causers: list[str]) -> None:
    """The game ends now (L573, L688) with the final scores of L718."""
    from .phases import final_scores

    scores = final_scores(state)
    best = max(scores.values())
    winners = sorted(p for p, v in scores.items() if v == best)
    state.result = {"winner": winners[0] if len(winners) == 1 else None, "winners": winners,
                    "scores": scores, "how": how, "causers": list(causers)}
    log(state, "pax.log.great_war", "A Great War breaks out: the game ends ({winners} with {vp} VP).",
        winners=", ".join(winners), vp=best)
