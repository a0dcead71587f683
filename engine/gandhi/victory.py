"""Victory (7.1-7.3): the immediate check at a Campaign round and the final
margins after the last Campaign.

Ties (7.1) go to the Muslim League over Congress, then to the Revolutionaries;
the Raj, not named in the tie rule, ranks last among equals (docs/rulings.md
R-7.1).
"""
from __future__ import annotations

from . import derived as dv
from .common import log
from .state import GandhiState

TIE_ORDER = ("ml", "inc", "rev", "raj")


def ranking(margins: dict[str, int]) -> list[str]:
    """Factions best margin first; ties broken by 7.1."""
    return sorted(margins, key=lambda f: (-margins[f], TIE_ORDER.index(f)))


def winners_at_check(state: GandhiState) -> list[str]:
    """Factions whose victory total exceeds the threshold (7.2)."""
    m = dv.victory_margins(state)
    return [f for f in m if m[f] > 0]


def end_game(state: GandhiState, how: str) -> None:
    margins = dv.victory_margins(state)
    order = ranking(margins)
    if how == "victory_check":
        passing = [f for f in order if margins[f] > 0]
        winner = passing[0]
    else:
        winner = order[0]
    state.result = {
        "winner": winner,
        "how": how,
        "margins": margins,
        "ranking": [{"faction": f, "rank": i + 1, "margin": margins[f]} for i, f in enumerate(order)],
    }
    log(state, "log.game_over", "The game is over: {winner} wins ({how}).", winner=winner, how=how)


def end_game_final(state: GandhiState) -> None:
    """After the final Campaign (2.4.1, 7.3): best margin wins."""
    end_game(state, "final")
