"""Primitive changes to the Gandhi board, shared by Operations, Special
Activities, Events and Campaign rounds. Each keeps the piece inventory whole
(every piece in exactly one place) and the tracks in range.

Functions return how much they actually did (an Event that asks for 3 Activists
when 2 are Available places 2: 1.4.1, 5.1.1).
"""
from __future__ import annotations

from ..coin.board import add_count as _add
from ..core.engine import log
from . import derived as dv
from .ruleset import at_least
from .state import GandhiState

BOX_KIND = {"guerrilla_active": "guerrilla", "guerrilla_underground": "guerrilla"}


def box_kind(kind: str) -> str:
    return BOX_KIND.get(kind, kind)


def box(state: GandhiState, name: str) -> dict[str, int]:
    return {"available": state.available, "out_of_play": state.out_of_play, "prison": state.prison}[name]


def count(state: GandhiState, sid: str, kind: str) -> int:
    return state.spaces[sid].pieces.get(kind, 0)


def in_box(state: GandhiState, name: str, kind: str) -> int:
    return box(state, name).get(box_kind(kind), 0)


def place(state: GandhiState, sid: str, kind: str, k: int = 1, source: str = "available") -> int:
    """Move up to ``k`` pieces of ``kind`` from box ``source`` into ``sid``.

    New Guerrillas always go Underground (1.4.3): pass ``guerrilla_underground``.
    Returns the number placed (limited by what the box holds).
    """
    b = box(state, source)
    k = min(k, b.get(box_kind(kind), 0))
    if k > 0:
        _add(b, box_kind(kind), -k)
        _add(state.spaces[sid].pieces, kind, k)
    return k


def may_remove(kind: str, to: str) -> bool:
    """1.4.5: Gandhi "non può essere eliminato ma può essere arrestato": he
    never leaves the map but to Prison. Every other piece may go to any box.
    The one test of it for Operations, Special Activities and Events."""
    return kind != "gandhi" or to == "prison"


def remove(state: GandhiState, sid: str, kind: str, k: int = 1, to: str = "available") -> int:
    """Move up to ``k`` pieces of ``kind`` from ``sid`` to box ``to``
    ("available", "out_of_play" or "prison"). Returns the number moved.
    A primitive (setups use it too): rules code asks :func:`may_remove` first."""
    k = min(k, count(state, sid, kind))
    if k > 0:
        _add(state.spaces[sid].pieces, kind, -k)
        _add(box(state, to), box_kind(kind), k)
    return k


def move(state: GandhiState, src: str, dst: str, kind: str, k: int = 1) -> int:
    """Move up to ``k`` pieces from one space to another. Returns the number moved."""
    k = min(k, count(state, src, kind))
    if k > 0:
        _add(state.spaces[src].pieces, kind, -k)
        _add(state.spaces[dst].pieces, kind, k)
    return k


def other_nv_activist(faction: str) -> str | None:
    """The other Nonviolent faction's Activist kind (None for the Raj and the
    Revolutionaries)."""
    return {"inc": "ml_activist", "ml": "inc_activist"}.get(faction)


def out_of_play_to_available(state: GandhiState, kind: str, k: int, by: str) -> int:
    """Move up to ``k`` pieces of ``kind`` from Out of Play to Available for
    faction ``by``; Unity +1 for each Activist of the other Nonviolent faction
    that Congress or the Muslim League moves so (IT 3.3.1 "sia durante il
    Raduno o per Evento", 2.3.3, 6.7; ES 3.3.1; JA 3.3.1). Returns the number
    moved."""
    n = transfer(state, kind, k, "out_of_play", "available")
    if n and box_kind(kind) == other_nv_activist(by):
        shift_unity(state, n)
    return n


def transfer(state: GandhiState, kind: str, k: int, src: str, dst: str) -> int:
    """Move up to ``k`` pieces between boxes. Returns the number moved."""
    kind = box_kind(kind)
    k = min(k, box(state, src).get(kind, 0))
    if k > 0:
        _add(box(state, src), kind, -k)
        _add(box(state, dst), kind, k)
    return k


def flip(state: GandhiState, sid: str, frm: str, to: str, k: int = 1) -> int:
    """Flip up to ``k`` pieces in place (e.g. Guerrillas Underground -> Active)."""
    k = min(k, count(state, sid, frm))
    if k > 0:
        _add(state.spaces[sid].pieces, frm, -k)
        _add(state.spaces[sid].pieces, to, k)
    return k


def activate_guerrillas(state: GandhiState, sid: str, k: int) -> int:
    return flip(state, sid, "guerrilla_underground", "guerrilla_active", k)


# --- Support / Opposition --------------------------------------------------

def shift(state: GandhiState, sid: str, levels: int) -> int:
    """Shift ``levels`` toward Active Support (+) or Active Opposition (-),
    within -2..+2; Railways have no Support (1.3.6). Returns the shift made."""
    if dv.is_railway(sid):
        return 0
    sp = state.spaces[sid]
    new = max(-2, min(2, sp.support + levels))
    done = new - sp.support
    sp.support = new
    return done


def shift_toward_neutral(state: GandhiState, sid: str, levels: int = 1) -> int:
    sp = state.spaces[sid]
    if sp.support > 0:
        return shift(state, sid, -min(levels, sp.support))
    if sp.support < 0:
        return shift(state, sid, min(levels, -sp.support))
    return 0


def set_support(state: GandhiState, sid: str, level: int) -> None:
    if not dv.is_railway(sid):
        state.spaces[sid].support = max(-2, min(2, level))


# --- markers ---------------------------------------------------------------

def can_add_protest(state: GandhiState, sid: str, for_operation: bool = False) -> bool:
    """May a Protest marker go to ``sid`` now (1.10, 5.1.1)? One per space, any
    space (Railways too: "Le Ferrovie possono avere segnalino Protesta"), a
    marker in the boxes it is drawn from (Operations: the boxes Available by
    Restraint; Events: any box)."""
    if state.spaces[sid].protest:
        return False
    return (dv.protest_available(state) if for_operation else dv.protests_in_boxes(state)) > 0


def add_protest(state: GandhiState, sid: str, for_operation: bool) -> bool:
    """Place a Protest marker (1.10). During an Operation only the Available
    boxes (by Restraint) may be drawn from, the highest-numbered first (the
    playbook's practice, docs/rulings/nonviolent.md R-1.10), which keeps the
    boxes that stay Available when Restraint rises; during an Event the
    lowest-numbered occupied box is used (1.10 "pescate dalla casella ... di
    numero minore"). One Protest per space. Returns True if placed. Games
    begun under ruleset 1 drew the lowest box for Operations too."""
    sp = state.spaces[sid]
    if sp.protest:
        return False
    limit = dv.PROTEST_BOXES_AVAILABLE[state.restraint] if for_operation else len(state.protest_boxes)
    order = range(limit - 1, -1, -1) if for_operation and at_least(state, 2) else range(limit)
    for i in order:
        if state.protest_boxes[i]:
            state.protest_boxes[i] = False
            sp.protest = True
            return True
    return False


def remove_protest(state: GandhiState, sid: str) -> bool:
    """Return a Protest to the highest-numbered empty box (1.10). True if removed."""
    sp = state.spaces[sid]
    if not sp.protest:
        return False
    sp.protest = False
    for i in range(len(state.protest_boxes) - 1, -1, -1):
        if not state.protest_boxes[i]:
            state.protest_boxes[i] = True
            break
    return True


def add_unrest(state: GandhiState, sid: str) -> bool:
    """Add an Unrest marker; on a Railway it becomes a Strike (1.11, 1.12, 5.1.4).
    Nothing happens when all 12 markers are in play or the Railway is struck."""
    if dv.unrest_markers_free(state) <= 0:
        return False
    sp = state.spaces[sid]
    if dv.is_railway(sid):
        if sp.strike:
            return False
        sp.strike = True
    else:
        sp.unrest += 1
    return True


def remove_unrest(state: GandhiState, sid: str, k: int = 1) -> int:
    sp = state.spaces[sid]
    k = min(k, sp.unrest)
    sp.unrest -= k
    return k


def remove_strike(state: GandhiState, sid: str) -> bool:
    sp = state.spaces[sid]
    if sp.strike:
        sp.strike = False
        return True
    return False


# --- tracks -----------------------------------------------------------------

def _note_crisis(state: GandhiState, before: bool) -> None:
    if not before and dv.crisis(state):
        state.crisis_triggered = True
        log(state, "log.crisis", "India enters Crisis (Unity and Restraint both 1).")


def set_restraint(state: GandhiState, value: int) -> int:
    """Set Restraint within 1..5 (5.1.4); notes a Crisis entered (6.8)."""
    before = dv.crisis(state)
    old = state.restraint
    state.restraint = max(1, min(5, value))
    _note_crisis(state, before)
    return state.restraint - old


def shift_restraint(state: GandhiState, delta: int) -> int:
    return set_restraint(state, state.restraint + delta)


def set_unity(state: GandhiState, value: int) -> int:
    before = dv.crisis(state)
    old = state.unity
    state.unity = max(1, min(5, value))
    _note_crisis(state, before)
    return state.unity - old


def shift_unity(state: GandhiState, delta: int) -> int:
    return set_unity(state, state.unity + delta)


def add_resources(state: GandhiState, faction: str, amount: int) -> int:
    """Change Raj or Revolutionary Resources within 0..50 (1.8). Returns the
    change: 0 for an NP Raj or Revolutionaries under ruleset 5, which record
    no Resources (8.1, engine/gandhi/nonplayer.py)."""
    from .nonplayer import uses_resources

    if not uses_resources(state, faction):
        return 0
    old = state.resources[faction]
    state.resources[faction] = max(0, min(50, old + amount))
    return state.resources[faction] - old
