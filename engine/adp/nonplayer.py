"""How a non-player faction chooses an Event (seed L423-434, rules 8.1 and
8.4 as the aid cites them). The seed gives this procedure but no flowchart
for the Operations, so a non-player seat cannot be offered (engine.adp.seats);
the procedure is kept as one function, ready for the day it can.
"""
from __future__ import annotations

from .data import get_data

NP_SIDE = {"coalition": "unshaded", "government": "unshaded", "taliban": "shaded", "warlords": "shaded"}


def np_side(faction: str) -> str:
    """The side of a dual-use Event a non-player uses (seed L431-434)."""
    return NP_SIDE[faction]


def np_takes_event(card: int, die: int, propaganda_left: int, favours_player: bool,
                   no_effect: bool, instructions_say_op: bool) -> bool:
    """True when the non-player takes the Event, False when it does an
    Operation with a Special Activity instead (seed L427-429):

    * a Capability or Islamabad Event that would favour a player's faction;
    * a Capability when ``die`` (1-6) is at least the Propaganda cards left;
    * an Event with no effect;
    * the card's non-player instructions say Operation and Special Activity.

    ``favours_player``, ``no_effect`` and ``instructions_say_op`` need the
    card text, which the players judge (we do not ship it).
    """
    c = get_data().cards[card]
    if (c.capability or c.islamabad) and favours_player:
        return False
    if c.capability and die >= propaganda_left:
        return False
    return not (no_effect or instructions_say_op)


def random_space(state, candidates) -> str | None:
    """A space by the Random Spaces table (reference pack, provisional): three
    dice (tan, black, green), each halved to 0-2 (1-2 -> 0, 3-4 -> 1, 5-6 -> 2),
    cell tan*9 + black*3 + green; if that cell's space is not a candidate, the
    next cell (26 wraps to 0) until one is. None if no cell is a candidate."""
    from ..core.rng import roll_die

    cells = get_data().random_cells
    ok = set(candidates)
    if not ok & set(cells):
        return None
    tan, black, green = ((roll_die(state) + 1) // 2 - 1 for _ in range(3))
    i = tan * 9 + black * 3 + green
    for k in range(len(cells)):
        sid = cells[(i + k) % len(cells)]
        if sid in ok:
            return sid
    return None
