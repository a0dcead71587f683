"""Campaign round (rule 6), entered when a Campaign card becomes current (2.4).

PARTIAL (issue 6 completes it): this round runs the Victory phase (6.1),
New Colonial Administration (6.4.1), the Reset phase (6.5) and the game end
after the final Campaign (2.4.1, 6.3.5). The Resources (6.2), Support (6.3) and
Redeploy (6.4.2-6.4.5) phases are not yet played: they are logged as skipped.
"""
from __future__ import annotations

from ..core.steps import Step, frame, push, register
from . import board, derived as dv
from .common import log
from .data import get_data
from .sop import campaigns_left, next_card
from .victory import end_game, winners_at_check


@register
class CampaignRound(Step):
    name = "campaign.round"
    auto = True

    def run(self, state, fr):
        log(state, "log.campaign", "Campaign round: {viceroy}.",
            viceroy=get_data().cards.campaigns[state.current].viceroy)
        # 6.1 Victory phase
        if winners_at_check(state):
            end_game(state, "victory_check")
            return
        final = campaigns_left(state) == 0
        log(state, "log.campaign_skipped", "Resources, Support and Redeploy phases are not implemented yet.")
        if final:
            from .victory import end_game_final

            end_game_final(state)
            return
        push(state, frame("campaign.reset"))


@register
class CampaignReset(Step):
    """6.4.1 New Colonial Administration, then 6.5 Reset."""

    name = "campaign.reset"
    auto = True

    def run(self, state, fr):
        state.viceroy = state.current
        log(state, "log.viceroy", "{viceroy} becomes Viceroy.",
            viceroy=get_data().cards.campaigns[state.viceroy].viceroy)
        for sid, sp in state.spaces.items():
            board.remove_protest(state, sid)
            if dv.guerrillas(sp) == 0 and sp.unrest:
                board.remove_unrest(state, sid, 1)
            board.flip(state, sid, "guerrilla_active", "guerrilla_underground", 99)
            sp.strike = False
        left = campaigns_left(state)
        board.set_restraint(state, max(1, left))
        board.set_unity(state, max(1, left))
        state.crisis_triggered = False
        for f in state.eligibility:
            state.eligibility[f] = "eligible"
        state.turn = type(state.turn)()
        state.campaigns_done += 1
        # 2.4: the swapped Event card (now "next") is played first; reveal a new next card.
        state.current = None
        next_card(state)
        push(state, frame("sop.card"))
