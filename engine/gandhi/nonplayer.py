"""The Non-player rules the engine applies itself (chapter 8): who is a
Non-player, what a Non-player pays (8.1, 8.6.2), and the NP Congress's
Protest at the end of the Reset (8.9.4). The bots' choices live in
``engine/gandhi/bots``; these are rules about what the game does.

A faction is a Non-player (NP) when its seat is a bot (``state.players[f] ==
"bot"``) and the game has the option ``np_rules`` (2.1: the service sets it
whenever a seat is a bot, ``spec.extra["bot_options"]``).

Readings: docs/rulings/bots.md R-8.1 (Resources), R-8.9.4 (Reset Protest).
"""
from __future__ import annotations

from ..core.messages import Decision, msg
from ..core.steps import Step, register
from . import board
from .common import log, space_choice
from .ruleset import at_least
from .state import GandhiState

#: 8.1: the NP factions that keep no Resources track
NO_RESOURCES = ("raj", "rev")


def is_np(state: GandhiState, faction: str) -> bool:
    """True if ``faction`` is a Non-player: a bot seat in a game with the
    Non-player rules (option ``np_rules``)."""
    return state.players.get(faction) == "bot" and bool((state.options or {}).get("np_rules"))


def np_free(state: GandhiState, faction: str) -> bool:
    """8.6.2: the NP Raj and Revolutionaries pay no Resources for Operations."""
    return faction in NO_RESOURCES and is_np(state, faction)


def uses_resources(state: GandhiState, faction: str) -> bool:
    """8.1, second exception: "Il NP Raj ed il NP Rivoluzionario non registrano
    l'uso delle Risorse" (ES: "no llevan la cuenta de sus Recursos ni los
    utilizan"). False for those two under ruleset 5: they neither pay (Special
    Activities, Imperialism, Redeploy upkeep, Events) nor gain (Earnings,
    Passing 2.3.3 "non vi sono effetti aggiuntivi", Aid, Events), and their
    Resources track is not used. Games begun under rulesets 1-4 keep the
    printed economy outside Operations (R-8.6.2)."""
    return not (at_least(state, 5) and np_free(state, faction))


def can_pay(state: GandhiState, faction: str, cost: int) -> bool:
    """May ``faction`` pay ``cost`` Resources now? Always for an NP that uses
    no Resources (8.1)."""
    return not uses_resources(state, faction) or state.resources[faction] >= cost


# --- 8.9.4: the NP Congress's Protest at the end of the Reset -----------------

def reset_protest_spaces(state: GandhiState) -> list[str]:
    """8.9.4: spaces with Congress Activists where a Protest may go (one per
    space, 1.10; not an Operation, so any box as for Events), never a Railway
    while the Raj is an NP (8.1.3). Empty when the Congress is a player, before
    ruleset 5, or when no Protest is in the boxes."""
    if not (at_least(state, 5) and is_np(state, "inc")):
        return []
    raj_np = is_np(state, "raj")
    from . import derived as dv

    return [s for s, sp in state.spaces.items()
            if sp.pieces.get("inc_activist", 0) and board.can_add_protest(state, s)
            and not (raj_np and dv.is_railway(s))]


@register
class ResetProtest(Step):
    """8.9.4: "Se il Congresso è una Fazione NP, al termine della Fase di
    Sistemazione, piazzare un segnalino Protesta in uno spazio con Attivisti
    del Congresso" (ES: "coloca un marcador de Protesta en una casilla con
    Activistas del Congreso"). The NP Congress chooses the space (its Place
    Protest column, 8.4.1); the engine offers the legal ones. Pushed by
    ``campaign.reset`` only when there is one (:func:`reset_protest_spaces`)."""

    name = "np.reset_protest"

    def decision(self, state, fr):
        return Decision("inc", msg("prompt.np.reset_protest",
                                   "End of the Reset (8.9.4): place a Protest in a space with Congress Activists."),
                        [space_choice(s) for s in reset_protest_spaces(state)], self.name)

    def apply(self, state, fr, cid):
        board.add_protest(state, cid, for_operation=False)
        log(state, "log.np.reset_protest", "Reset: the Non-player Congress places a Protest in {space} (8.9.4).",
            actor="inc", space=cid)
