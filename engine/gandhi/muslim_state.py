"""Creating a Muslim State (1.3.5, 4.4.1, 4.4.2, 5.1.4): one mechanism for
Special Activities and Events.

A Muslim State marker turns a Province into a State, where Troops may never
stand. The Raj moves each Troop there to a City of its choice (a Raj decision,
one Troop at a time) and the marker is placed once they are gone, so no state
between two choices ever shows Troops in a State.
"""
from __future__ import annotations

from ..core.messages import Decision, msg
from ..core.steps import Frame, Step, frame, push, register
from . import board
from .common import log, space_choice, space_name
from .data import get_data


def create_muslim_state(state, sid: str, actor: str | None, key: str = "log.muslim_state") -> list[Frame]:
    """Frames that place a Muslim State in Province ``sid``: first the Raj's
    Troop moves (step ``muslim_state.troops``), then the marker. Returns [] if
    the marker was placed at once (no Troops there). ``key`` is the log key of
    the placement (Events pass their own)."""
    if board.count(state, sid, "troop"):
        return [frame("muslim_state.troops", space=sid, actor=actor, key=key)]
    _place(state, sid, actor, key)
    return []


def _place(state, sid: str, actor: str | None, key: str) -> None:
    state.spaces[sid].muslim_state = True
    log(state, key, "A Muslim State is placed in {space}.", actor=actor, space=sid)


@register
class MuslimStateTroops(Step):
    """The Raj moves a Troop out of the Province becoming a Muslim State to a
    City of its choice (choice id: the City)."""

    name = "muslim_state.troops"

    def decision(self, state, fr):
        sid = fr["space"]
        cities = get_data().map.cities
        return Decision("raj", msg("prompt.muslim_state_troops",
                                   "{space} becomes a Muslim State: move a Troop from there to a City "
                                   "({n} left).", space=space_name(sid), n=board.count(state, sid, "troop")),
                        [space_choice(c) for c in cities], self.name)

    def apply(self, state, fr, cid):
        sid = fr["space"]
        board.move(state, sid, cid, "troop", 1)
        log(state, "log.troop_out", "The Raj moves a Troop from {src} to {dst}.", actor="raj", src=sid, dst=cid)
        if board.count(state, sid, "troop"):
            push(state, dict(fr))
        else:
            _place(state, sid, fr.get("actor"), fr.get("key", "log.muslim_state"))
