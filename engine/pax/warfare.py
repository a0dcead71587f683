"""Placeholder of helper B's wartime movement, combat and supply (issue 35,
docs WAR.md): the frames ``pax.war_maneuver``, ``pax.war_attack`` and
``pax.war_supply`` do nothing yet (no unit moves, no attack, so a war ends
in a stalemate after three quiet sequences, L548). Helper B's module
replaces this one whole."""
from __future__ import annotations

from ..core.steps import Step, register
from . import board as b
from .state import PaxState, War


class _Nothing(Step):
    auto = True

    def run(self, state, f):
        return None


for _name in ("pax.war_maneuver", "pax.war_attack", "pax.war_supply"):
    register(type(_name.replace(".", "_"), (_Nothing,), {"name": _name}))


def return_home_after_war(state: PaxState, war: War) -> None:
    """L680, L684: surrendered units go back to their homeland (the
    placeholder moves no other unit: none left its place)."""
    for power, units in war.surrendered.items():
        for key, n in units.items():
            b.add_unit(state, power, b.HOME, key, n)
    war.surrendered = {}
