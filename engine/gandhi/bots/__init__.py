"""The Arjuna bots: Non-player factions of Gandhi (rules 8.x, DESIGN §3).

``choose(state, decision) -> choice_id`` answers any pending decision for a
non-player seat. It only ever returns one of ``decision.choices`` and never
changes ``state`` (randomness is derived from the seed and the move counter:
see :mod:`.random_spaces`). The Arjuna card read when an NP chooses its
action is remembered for the rest of that action (8.3, R-8.3-read-once in
docs/rulings/bots.md). Raises ValueError if the decision offers nothing.

Modules: :mod:`.eligibility` (8.2, 8.8.1-8.8.3), :mod:`.arjuna_deck` (8.3,
8.6.2, 8.1.6), :mod:`.priorities` (8.4.1, 8.5), :mod:`.random_spaces`
(8.1.2, 8.1.3), :mod:`.special` (8.7), :mod:`.events` (8.8.4, 8.8.5),
:mod:`.policy` (dispatch, 8.1.4, 8.6, fallback).
"""
from __future__ import annotations

from ...core.messages import Decision

BOT_NAME = "Arjuna"


def choose(state, decision: Decision) -> str:
    """The choice id the non-player ``decision.actor`` takes (8.x)."""
    from .policy import decide

    if not decision.choices:
        raise ValueError("no choices offered")
    cid = decide(state, decision)
    if decision.find(cid) is None:  # defensive: never a malformed id
        return decision.choices[0].id
    return cid
