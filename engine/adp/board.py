"""Board primitives for A Distant Plain: counts, placing, removing, moving
pieces within the force pools, and track changes clamped to their range.

Every change of pieces goes through :func:`place`, :func:`remove_to` and
:func:`move`, so pieces are conserved (map + Available + Casualties + Removed
= the 158-piece pools; an invariant checked in self-play).
"""
from __future__ import annotations

from ..coin.board import add_count
from .data import MAP_TO_BOX, OWNER, get_data
from .state import TRACK_MAX, AdpState

CUBES = {"coalition": ("coalition_troops",), "government": ("government_troops", "police")}
BASES = {f: f"{f}_bases" for f in ("coalition", "government", "taliban", "warlords")}
GUERRILLAS = {f: (f"{f}_guerrillas_underground", f"{f}_guerrillas_active") for f in ("taliban", "warlords")}
#: the most Bases a space may hold (reading R10, provisional: ADPBot's assumption)
MAX_BASES = 2


def n(state: AdpState, sid: str, *kinds: str) -> int:
    """How many pieces of ``kinds`` lie in ``sid``."""
    p = state.spaces[sid].pieces
    return sum(p.get(k, 0) for k in kinds)


def faction_pieces(state: AdpState, sid: str, faction: str) -> int:
    return sum(c for k, c in state.spaces[sid].pieces.items() if OWNER[k] == faction)


def coin_pieces(state: AdpState, sid: str) -> int:
    return faction_pieces(state, sid, "coalition") + faction_pieces(state, sid, "government")


def guerrillas(state: AdpState, sid: str, faction: str) -> int:
    return n(state, sid, *GUERRILLAS[faction])


def underground(state: AdpState, sid: str, faction: str) -> int:
    return n(state, sid, f"{faction}_guerrillas_underground")


def active(state: AdpState, sid: str, faction: str) -> int:
    return n(state, sid, f"{faction}_guerrillas_active")


def bases_in(state: AdpState, sid: str) -> int:
    return n(state, sid, *BASES.values())


def _add(state: AdpState, sid: str, kind: str, k: int) -> None:
    add_count(state.spaces[sid].pieces, kind, k)


def place(state: AdpState, sid: str, kind: str, k: int = 1) -> int:
    """Place up to ``k`` pieces of map kind ``kind`` from Available; return how many."""
    box = MAP_TO_BOX[kind]
    k = min(k, state.available.get(box, 0))
    if k > 0:
        state.available[box] -= k
        _add(state, sid, kind, k)
    return max(k, 0)


def remove_to(state: AdpState, sid: str, kind: str, k: int = 1, box: str = "available") -> None:
    """Take ``k`` pieces of ``kind`` off ``sid`` into a box (``available``,
    ``casualties`` for Coalition pieces, seed L49/L359)."""
    _add(state, sid, kind, -k)
    target = getattr(state, box)
    b = MAP_TO_BOX[kind]
    target[b] = target.get(b, 0) + k


def remove_enemy(state: AdpState, sid: str, kind: str, k: int = 1) -> None:
    """Remove pieces as losses: Coalition pieces go to Casualties (seed L43,
    L49), every other piece to its Available box."""
    remove_to(state, sid, kind, k, "casualties" if OWNER[kind] == "coalition" else "available")


def move(state: AdpState, src: str, dst: str, kind: str, k: int = 1) -> None:
    _add(state, src, kind, -k)
    _add(state, dst, kind, k)


def flip(state: AdpState, sid: str, faction: str, k: int, to_active: bool = True) -> int:
    """Turn up to ``k`` Guerrillas of ``faction`` Active (or Underground); return how many."""
    frm, to = (GUERRILLAS[faction] if to_active else GUERRILLAS[faction][::-1])
    k = min(k, n(state, sid, frm))
    if k > 0:
        _add(state, sid, frm, -k)
        _add(state, sid, to, k)
    return max(k, 0)


def may_hold(state: AdpState, sid: str, kind: str) -> bool:
    """Whether one more piece of map kind ``kind`` may stand in ``sid``
    (stacking, reading R10): no COIN piece in Pakistan; a Base never on a
    LoC and at most :data:`MAX_BASES` Bases a space. Operations (through
    :func:`can_place_base`) and Event edits ask this one rule."""
    sp = get_data().spaces[sid]
    if sp.pakistan and OWNER[kind] in ("coalition", "government"):
        return False
    if kind in BASES.values():
        return not sp.is_loc and bases_in(state, sid) < MAX_BASES
    return True


def can_place_base(state: AdpState, sid: str, faction: str) -> bool:
    return state.available.get(BASES[faction], 0) > 0 and may_hold(state, sid, BASES[faction])


def mark_terror(state: AdpState, sid: str) -> str:
    """A Terror marker in a Province or Kabul, Sabotage on a LoC (3.3.4,
    seed L59-63, L369-373); returns ``"terror"`` or ``"sabotage"``."""
    s = state.spaces[sid]
    if get_data().spaces[sid].is_loc:
        s.sabotage = True
        return "sabotage"
    s.terror += 1
    return "terror"


def can_place_pop(state: AdpState, sid: str) -> bool:
    """A +1 Pop marker may go to ``sid``: one is left in its box and none is
    there yet (seed L171), never on a LoC or in Pakistan."""
    d = get_data().spaces[sid]
    return (not d.is_loc and not d.pakistan and not state.spaces[sid].returnees and state.returnees_box > 0)


def set_pop(state: AdpState, sid: str, on: bool) -> None:
    """Put a +1 Pop marker in ``sid`` from its box (``on``) or back to it."""
    s = state.spaces[sid]
    if on != bool(s.returnees):
        s.returnees = int(on)
        state.returnees_box += -1 if on else 1


def shift_support(state: AdpState, sid: str, delta: int) -> int:
    """Shift ``sid`` by ``delta`` levels toward Support (+) or Opposition (-),
    within the three levels (reading R9); return the new level."""
    sp = state.spaces[sid]
    sp.support = max(-1, min(1, sp.support + delta))
    return sp.support


def add_resources(state: AdpState, faction: str, k: int) -> int:
    """Add (or with k < 0 pay) Resources, clamped to 0..75 (reading R42); return the change made."""
    old = state.resources[faction]
    state.resources[faction] = max(0, min(TRACK_MAX, old + k))
    return state.resources[faction] - old


def add_track(state: AdpState, track: str, k: int) -> int:
    """Aid or Patronage += k, clamped to 0..75; return the change made."""
    old = getattr(state, track)
    setattr(state, track, max(0, min(TRACK_MAX, old + k)))
    return getattr(state, track) - old


def transfer(state: AdpState, giver: str, taker: str, k: int) -> int:
    """Move up to ``k`` Resources from ``giver`` to ``taker`` (never below 0); return how many."""
    k = min(k, state.resources[giver])
    add_resources(state, giver, -k)
    add_resources(state, taker, k)
    return k
