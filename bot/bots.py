"""Non-player seats (DESIGN §3).

PLACEHOLDER: the "first-choice bot" below stands in until the Arjuna bots
(engine/gandhi/bots, rules 8.x) exist. It only ever picks from the offered
choices, so swapping in the real bots changes nothing in the service.
"""
from __future__ import annotations

from engine.core.messages import Decision

BOT_NAME = "first-choice bot (placeholder until the Arjuna bots exist)"


def choose(state, decision: Decision) -> str:
    """The choice id a non-player seat takes: for now the first offered one.

    Raises ValueError if the decision offers nothing (the engine never does).
    """
    if not decision.choices:
        raise ValueError("no choices offered")
    return decision.choices[0].id
