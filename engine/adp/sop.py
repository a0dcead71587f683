"""The Sequence of Play of A Distant Plain. The aids give none of it (reference
pack Q1-Q5); this is the series' standard, as in Gandhi and as the VASSAL
module's boxes show it, recorded as readings R1-R5 of docs/rulings/adp.md
(provisional):

* a card is revealed with the next one showing; the Eligible factions act in
  the card's faction order; the 1st Eligible may do an Operation (Op), an Op
  with a Special Activity, the Event, or Pass; the 2nd Eligible may then do a
  Limited Operation (after Op), a LimOp or the Event (after Op + SA), or an Op
  with or without a Special Activity (after the Event); at most two act.
* Pass: a COIN faction adds 3 Government Resources, an Insurgent 1 Resource of
  its own (R2).
* Factions that acted are Ineligible for the next card, all others Eligible.
* A Propaganda card starts a Propaganda round, never two in a row (seed L440):
  the second is then played without a round (R5).
"""
from __future__ import annotations

from ..core.engine import log
from ..core.messages import Message
from .board import add_resources
from .data import get_data
from .flow import Prompt, ask, auto, auto_step, choice, prompt
from .state import COIN_FACTIONS, FACTIONS, PROPAGANDA, AdpState

PASS_REWARD = {"coalition": ("government", 3), "government": ("government", 3),
               "taliban": ("taliban", 1), "warlords": ("warlords", 1)}


def card_order(state: AdpState) -> tuple[str, ...]:
    return get_data().cards[state.current].faction_order


def next_eligible(state: AdpState) -> str | None:
    t = state.turn
    for f in card_order(state):
        if state.eligibility[f] == "eligible" and f not in t.acted and f not in t.passed:
            return f
    return None


def final_card(state: AdpState) -> bool:
    """True on an Event card whose next card is a Propaganda card: no Sweep or
    March then (seed L27, L141, L241, L335; reading R4, provisional)."""
    return state.next == PROPAGANDA


def propaganda_left(state: AdpState) -> int:
    return state.deck.count(PROPAGANDA) + (1 if state.next == PROPAGANDA else 0)


@auto_step("card.next")
def _next_card(state: AdpState, ctx):
    prev = state.current
    if prev is not None:
        state.played.append(prev)
    if state.next is None and prev is None:
        state.next = state.deck.pop(0)
    state.current = state.next
    state.next = state.deck.pop(0) if state.deck else None
    state.turn = type(state.turn)()
    if state.current is None:  # no card left (cannot happen with a Propaganda card last)
        return [auto("propaganda.final")]
    if state.current == PROPAGANDA:
        if prev == PROPAGANDA:
            log(state, "log.propaganda_skipped", "A second Propaganda card in a row: no Propaganda round (6.0).")
            return [auto("propaganda.final")] if propaganda_left(state) == 0 else [auto("card.next")]
        log(state, "log.propaganda_card", "Propaganda card: a Propaganda round begins.")
        return [auto("propaganda.start")]
    c = get_data().cards[state.current]
    log(state, "log.card", "Card {card}: {title}.", card=state.current, title=c.title)
    return [auto("turn.next")]


@auto_step("turn.next")
def _turn_next(state: AdpState, ctx):
    f = next_eligible(state)
    if f is None or len(state.turn.acted) >= 2:
        return [auto("turn.end")]
    return [ask("turn.act", faction=f)]


@auto_step("turn.after")
def _turn_after(state: AdpState, ctx):
    state.action = None
    return [auto("turn.next")]


@auto_step("turn.end")
def _turn_end(state: AdpState, ctx):
    t = state.turn
    for f in FACTIONS:
        acted = f in t.acted and f not in t.stay_eligible
        state.eligibility[f] = "ineligible" if acted or f in t.make_ineligible else "eligible"
    return [auto("card.next")]


def options_for(state: AdpState, faction: str) -> list[str]:
    """The action ids open to ``faction`` now (R1): op, op+sa, limop, event-unshaded, event-shaded, pass."""
    first = state.turn.first_action
    if not state.turn.acted:
        acts = ["op", "op+sa", "event-unshaded", "event-shaded"]
    elif first == "op":
        acts = ["limop"]
    elif first == "op+sa":
        acts = ["limop", "event-unshaded", "event-shaded"]
    else:
        acts = ["op", "op+sa"]
    from .ops import can_operate

    acts = [a for a in acts if a.startswith("event") or can_operate(state, faction, a)]
    return acts + ["pass"]


_LABELS = {"op": ("choice.op", "Operation only"), "op+sa": ("choice.op_sa", "Operation with Special Activity"),
           "limop": ("choice.limop", "Limited Operation"),
           "event-unshaded": ("choice.event_unshaded", "Event (unshaded)"),
           "event-shaded": ("choice.event_shaded", "Event (shaded)"), "pass": ("choice.pass", "Pass")}


@prompt
class Act(Prompt):
    name = "turn.act"

    def decide(self, state, ctx):
        f = ctx["faction"]
        c = get_data().cards[state.current]
        pos = "first" if not state.turn.acted else "second"
        msg = Message(f"prompt.act_{pos}", {"faction": f, "card": c.number, "title": c.title},
                      "As 1st Eligible on #{card} {title}, choose an action." if pos == "first"
                      else "As 2nd Eligible on #{card} {title}, choose an action.")
        return f, msg, [choice(a, *_LABELS[a]) for a in options_for(state, f)]

    def then(self, state, ctx, cid):
        f = ctx["faction"]
        if cid == "pass":
            state.turn.passed.append(f)
            who, k = PASS_REWARD[f]
            add_resources(state, who, k)
            log(state, "log.pass", "{faction} passes: +{n} {track} Resources.", actor=f, faction=f, n=k, track=who)
            return [auto("turn.next")]
        if not state.turn.acted:
            state.turn.first_action = "event" if cid.startswith("event") else cid
        state.turn.acted.append(f)
        if cid.startswith("event"):
            from .events import start_event

            return start_event(state, f, cid.split("-")[1]) + [auto("turn.after")]
        from .ops import start_operation

        return start_operation(state, f, limited=cid == "limop", with_sa=cid == "op+sa") + [auto("turn.after")]


def is_coin(faction: str) -> bool:
    return faction in COIN_FACTIONS
