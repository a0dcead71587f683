"""Invariants checked after every choice in self-play: pieces conserved
(map + Available + Casualties + Removed = the 158-piece pools), tracks and
markers in range, at most 2 Bases a space, no COIN piece in Pakistan, no Base
or Terror on a LoC, and a legal pending decision."""
from __future__ import annotations

from .board import MAX_BASES, bases_in, coin_pieces
from .data import MAP_TO_BOX, get_data
from .state import TRACK_MAX, AdpState


def check(state: AdpState) -> list[str]:
    """A list of broken invariants (empty when all hold)."""
    data = get_data()
    errs = []
    tot = dict.fromkeys(data.pools, 0)
    for sid, s in state.spaces.items():
        for k, c in s.pieces.items():
            if c <= 0:
                errs.append(f"{sid}: {k} count {c}")
            tot[MAP_TO_BOX[k]] += c
        d = data.spaces[sid]
        if bases_in(state, sid) > MAX_BASES:
            errs.append(f"{sid}: more than {MAX_BASES} Bases")
        if d.pakistan and coin_pieces(state, sid):
            errs.append(f"{sid}: COIN pieces in Pakistan")
        if d.is_loc and (bases_in(state, sid) or s.terror or s.returnees):
            errs.append(f"{sid}: a Base or marker on a LoC")
        if not d.is_loc and s.sabotage:
            errs.append(f"{sid}: Sabotage off a LoC")
    for box in ("available", "casualties", "removed"):
        for k, c in getattr(state, box).items():
            if c < 0:
                errs.append(f"{box}.{k} = {c}")
            tot[k] += c
    if tot != data.pools:
        errs.append(f"pieces not conserved: {tot}")
    if sum(s.returnees for s in state.spaces.values()) + state.returnees_box != data.returnees:
        errs.append("+1 Pop markers not conserved")
    for name, v in (("aid", state.aid), ("patronage", state.patronage), *state.resources.items()):
        if not 0 <= v <= TRACK_MAX:
            errs.append(f"{name} = {v} out of 0..{TRACK_MAX}")
    if not 0 <= state.islamabad < len(data.islamabad_boxes):
        errs.append("Islamabad off its track")
    return errs
