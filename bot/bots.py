"""Non-player seats (DESIGN §3): each game's registered bot (e.g. a COIN
game's Non-player rules).

The service asks :func:`choose` for every decision owed by a seat marked as a
bot; the bot only ever picks from the offered choices, so any seat can switch
between a person and a bot at any time.
"""
from __future__ import annotations

import engine
from engine.core.messages import Decision
from engine.core.registry import hook


def choose(state, decision: Decision) -> str:
    """The choice id a non-player seat takes: the game's registered bot
    (``GameSpec.bots``), else the first offered choice.

    Raises ValueError if the decision offers nothing (the engine never does).
    """
    if not decision.choices:
        raise ValueError("no choices offered")
    game = getattr(state, "game", None)
    fn = hook(game, "bots") if game in engine.games() else None
    if fn is not None:
        return fn(state, decision)
    return decision.choices[0].id
