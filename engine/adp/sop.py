"""A Distant Plain's part of the Sequence of Play, on the shared COIN
Sequence of Play (engine/coin/sop.py). The aids give none of it (reference
pack Q1-Q5); what the shared machinery does is the series' standard, and
ADP's answers are recorded as readings R1-R5 of docs/rulings/adp.md
(provisional):

* the options matrix, 1st and 2nd Eligible, Limited Operations and
  eligibility are engine/coin's (R1, R3);
* Pass: a COIN faction adds 3 Government Resources, an Insurgent 1 Resource
  of its own (R2);
* a Propaganda card is played when it comes up as the current card (6.0),
  never two rounds in a row (seed L440): the second is played without a
  round (R5);
* the final card (no Sweep or March, seed L27, L141, L241, L335) is an Event
  card whose next card is a Propaganda card (R4).
"""
from __future__ import annotations

from typing import Any

from ..coin.rules import CoinRules, define
from ..coin.sop import round_cards_left
from ..core.engine import log
from ..core.messages import Choice, Message
from ..core.steps import Frame, Step, frame, push, register
from .board import add_resources
from .data import get_data
from .flow import auto
from .state import COIN_FACTIONS, PROPAGANDA, AdpState

PASS_REWARD = {"coalition": ("government", 3), "government": ("government", 3),
               "taliban": ("taliban", 1), "warlords": ("warlords", 1)}
FACTION_NAMES = {"coalition": "Coalition", "government": "Government", "taliban": "Taliban", "warlords": "Warlords"}


def final_card(state: AdpState) -> bool:
    """True on an Event card whose next card is a Propaganda card (reading R4)."""
    return state.next == PROPAGANDA


def propaganda_left(state: AdpState) -> int:
    """Propaganda cards still to come (the next card counts)."""
    return round_cards_left(state)


def card_title(number: int | None) -> str:
    if number is None:
        return "-"
    if number == PROPAGANDA:
        return "Propaganda"
    return f"#{number} {get_data().cards[number].title}"


class AdpRules(CoinRules):
    """A Distant Plain's answers to the shared Sequence of Play."""

    game = "adp"
    round_step = "propaganda.round"
    round_card_first = False

    def is_round_card(self, number: int | None) -> bool:
        return number == PROPAGANDA

    def faction_order(self, number: int) -> tuple[str, ...]:
        return get_data().cards[number].faction_order

    def card_title(self, number: int | None) -> str:
        return card_title(number)

    def faction_name(self, faction: str) -> str:
        return FACTION_NAMES[faction]

    def end_game(self, state: AdpState) -> None:
        from .propaganda import end_game
        from .derived import best

        end_game(state, best(state), "final")

    def space_name(self, sid: str) -> str:
        return get_data().spaces[sid].name

    def is_space(self, sid: str) -> bool:
        return sid in get_data().spaces

    def space_choice(self, sid: str) -> Choice:
        return Choice(sid, Message("choice.space", {"space": sid}, get_data().spaces[sid].name))

    def event_playable(self, state: AdpState, number: int | None, side: str, faction: str) -> bool:
        """Both sides of every Event card (reading R43): the players resolve the text."""
        return number is not None and number != PROPAGANDA

    def push_event(self, state: AdpState, number: int, side: str, faction: str) -> None:
        from .events import start_event

        push(state, *start_event(state, faction, side))

    def pass_reward(self, state: AdpState, faction: str) -> list[Frame]:
        who, k = PASS_REWARD[faction]
        add_resources(state, who, k)
        log(state, "log.pass_reward", "+{n} {track} Resources.", actor=faction, n=k, track=who)
        return []


RULES = define(AdpRules())


@register
class PropagandaRound(Step):
    """A Propaganda card is current (6.0): a Propaganda round, unless the card
    before was a Propaganda card too (seed L440, reading R5)."""

    name = "propaganda.round"
    auto = True

    def run(self, state: AdpState, fr: dict[str, Any]) -> None:
        if state.played and state.played[-1] == PROPAGANDA:
            log(state, "log.propaganda_skipped", "A second Propaganda card in a row: no Propaganda round (6.0).")
            if propaganda_left(state) == 0:
                push(state, auto("propaganda.final"))
            else:
                push(state, frame("sop.end_card"))
            return
        log(state, "log.propaganda_card", "Propaganda card: a Propaganda round begins.")
        push(state, auto("propaganda.start"))


def is_coin(faction: str) -> bool:
    return faction in COIN_FACTIONS
