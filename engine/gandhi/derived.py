"""Values computed from the state, never stored twice (issue 2, DESIGN §2).

Raj Control (1.7), Active pieces (1.4.3), Total Support / Opposition (1.6.3),
Muslim Opposition (1.6.4), the victory totals and margins (1.9, 7.2, 7.3),
Available Protests (1.10, 6.6), Crisis (6.8), Base stacking (1.4.2).
"""
from __future__ import annotations

from .data import get_data
from .state import GandhiState, SpaceState

THRESHOLDS = {"raj": 38, "inc": 20, "ml": 14, "rev": 14}  # 7.2

# Protest boxes beside the Restraint track that are Available for Operations at
# each Restraint value (1.10, 6.6). Established: Restraint 4 -> boxes 1-2
# (1.10 example), Restraint 3 -> boxes 1-4 (tutorial). The rest is inferred from
# the garbled track drawing (docs/rulings.md ): verified False.
PROTEST_BOXES_AVAILABLE = {5: 1, 4: 2, 3: 4, 2: 5, 1: 6}
PROTEST_BOXES_AVAILABLE_VERIFIED = {5: False, 4: True, 3: True, 2: False, 1: False}


def sdef(sid: str):
    return get_data().map.spaces[sid]


def is_railway(sid: str) -> bool:
    """Raises KeyError for an id that is no space (a set lookup first: rules
    code asks in hot loops, issue 21)."""
    m = get_data().map
    if sid in m.railway_set:
        return True
    m.spaces[sid]  # noqa: B018 - the KeyError of an unknown id, as before
    return False


def is_state(state: GandhiState, sid: str) -> bool:
    """Princely State or Muslim State (1.3.5)."""
    d = sdef(sid)
    return d.type == "princely_state" or state.spaces[sid].muslim_state


def is_province(state: GandhiState, sid: str) -> bool:
    """A Province that is not (now) a Muslim State."""
    return sdef(sid).type == "province" and not state.spaces[sid].muslim_state


def population(sid: str) -> int:
    return sdef(sid).population


def n(sp: SpaceState, kind: str) -> int:
    return sp.pieces.get(kind, 0)


def cubes(sp: SpaceState) -> int:
    return n(sp, "troop") + n(sp, "sepoy")


def activists(sp: SpaceState) -> int:
    return n(sp, "inc_activist") + n(sp, "ml_activist")


def guerrillas(sp: SpaceState) -> int:
    return n(sp, "guerrilla_active") + n(sp, "guerrilla_underground")


def bases(sp: SpaceState) -> int:
    return n(sp, "ml_base") + n(sp, "rev_base")


def activists_active(state: GandhiState, sid: str) -> bool:
    """Activists are Active in a Protest space or on a Railway, else Inactive (1.4.3)."""
    return state.spaces[sid].protest or is_railway(sid)


def active_adversaries(state: GandhiState, sid: str) -> int:
    """Active non-Raj pieces: Gandhi, Bases, Active Guerrillas, Active Activists (1.7.1)."""
    sp = state.spaces[sid]
    total = n(sp, "gandhi") + bases(sp) + n(sp, "guerrilla_active")
    if activists_active(state, sid):
        total += activists(sp)
    return total


def can_be_controlled(state: GandhiState, sid: str) -> bool:
    """Only Cities and Provinces (not Muslim States, Princely States, Railways) (1.7.2)."""
    d = sdef(sid)
    return d.type == "city" or (d.type == "province" and not state.spaces[sid].muslim_state)


def raj_control(state: GandhiState, sid: str, adversaries: int | None = None) -> bool:
    """Raj Control (1.7.1): cubes exceed all other Active pieces, in a City
    or Province. ``adversaries``: :func:`active_adversaries` of ``sid``
    when the caller has it (issue 21: speed)."""
    if not can_be_controlled(state, sid):
        return False
    return cubes(state.spaces[sid]) > (active_adversaries(state, sid) if adversaries is None else adversaries)


def total_support(state: GandhiState) -> int:
    """2 x Pop at Active Support + Pop at Passive Support (1.6.3)."""
    return sum(population(s) * sp.support for s, sp in state.spaces.items() if sp.support > 0)


def total_opposition(state: GandhiState) -> int:
    """2 x Pop at Active Opposition + Pop at Passive Opposition (1.6.3)."""
    return sum(population(s) * -sp.support for s, sp in state.spaces.items() if sp.support < 0)


def muslim_opposition(state: GandhiState) -> int:
    """Total Opposition counted in the 10 printed Muslim spaces only (1.6.4)."""
    return sum(population(s) * -sp.support for s, sp in state.spaces.items()
               if sp.support < 0 and sdef(s).muslim)


def raj_control_population(state: GandhiState) -> int:
    return sum(population(s) for s in state.spaces if raj_control(state, s))


def muslim_state_population(state: GandhiState) -> int:
    return sum(population(s) for s, sp in state.spaces.items() if sp.muslim_state)


def unrest_population(state: GandhiState) -> int:
    return sum(population(s) for s, sp in state.spaces.items() if sp.unrest > 0)


def rev_bases_on_map(state: GandhiState) -> int:
    return sum(n(sp, "rev_base") for sp in state.spaces.values())


def victory_totals(state: GandhiState) -> dict[str, int]:
    """The four victory markers (1.9)."""
    return {
        "raj": total_support(state) + raj_control_population(state),
        "inc": total_opposition(state),
        "ml": muslim_opposition(state) + 2 * muslim_state_population(state),
        "rev": unrest_population(state) + rev_bases_on_map(state),
    }


def victory_margins(state: GandhiState) -> dict[str, int]:
    """Total minus threshold (7.3): positive once the faction exceeds it."""
    totals = victory_totals(state)
    return {f: totals[f] - THRESHOLDS[f] for f in totals}


def crisis(state: GandhiState) -> bool:
    """India is in Crisis while Unity and Restraint are both 1 (6.8)."""
    return state.unity == 1 and state.restraint == 1


def protests_on_map(state: GandhiState) -> int:
    return sum(1 for sp in state.spaces.values() if sp.protest)


def protest_available(state: GandhiState) -> int:
    """Protest markers Available for Operations: those in the boxes at or above
    the Restraint marker (1.10, 6.6)."""
    k = PROTEST_BOXES_AVAILABLE[state.restraint]
    return sum(1 for b in state.protest_boxes[:k] if b)


def protests_in_boxes(state: GandhiState) -> int:
    return sum(1 for b in state.protest_boxes if b)


def unrest_markers_free(state: GandhiState) -> int:
    """Unrest/Strike markers not on the map (12 in all, double-sided; 1.11, 1.12)."""
    used = sum(sp.unrest + (1 if sp.strike else 0) for sp in state.spaces.values())
    from .state import UNREST_STRIKE_MARKERS

    return UNREST_STRIKE_MARKERS - used


def base_room(state: GandhiState, sid: str) -> int:
    """How many more Bases the space can hold (1.4.2)."""
    return population(sid) - bases(state.spaces[sid])
