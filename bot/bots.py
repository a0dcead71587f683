"""Non-player seats (DESIGN §3): the Arjuna bots of rules 8.x.

The service asks :func:`choose` for every decision owed by a seat marked as a
bot; the bot only ever picks from the offered choices, so any seat can switch
between a person and a bot at any time.
"""
from __future__ import annotations

from engine.core.messages import Decision

BOT_NAME = "Arjuna bot (rules 8.x)"


def choose(state, decision: Decision) -> str:
    """The choice id a non-player seat takes (engine/gandhi/bots).

    Raises ValueError if the decision offers nothing (the engine never does).
    """
    if not decision.choices:
        raise ValueError("no choices offered")
    if getattr(state, "game", None) == "gandhi":
        from engine.gandhi.bots import choose as arjuna

        return arjuna(state, decision)
    if getattr(state, "game", None) == "pax":
        from engine.pax.bots import choose as pax_bot

        return pax_bot(state, decision)
    return decision.choices[0].id
