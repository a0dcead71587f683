"""The COIN Sequence of Play (Gandhi 2.2-2.5 and the same sections of every
COIN rulebook): card flow, 1st and 2nd Eligible, Pass, the options matrix,
eligibility adjustment, next card, the hand-off to a round card.

Frames: ``sop.start`` -> ``sop.card`` (auto: who acts next on the current card)
-> ``sop.act`` (the Eligible faction's choice) -> ... -> ``sop.end_card``
(2.3.6, 2.3.7) -> ``sop.card`` ... A round card (Gandhi's Campaign card)
revealed as the next card is swapped in and played as a round
(``CoinRules.round_step``, Gandhi's ``campaign.round``).

The state carries ``deck`` (top first), ``current``, ``next``, ``played``,
``eligibility`` {faction: "eligible"|"ineligible"} and ``turn``
(:class:`engine.coin.state.TurnState`); the game's rules come from
:func:`engine.coin.rules.rules_of`.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core.messages import Choice, Decision, msg
from ..core.steps import Step, frame, push, register
from .common import log, simple
from .rules import rules_of

EVENT_SIDES = ("event-unshaded", "event-shaded")


def round_cards_left(state: Any) -> int:
    """Round cards (Gandhi: Campaign cards) still in the draw deck (the next
    card counts: it is on top)."""
    is_round = rules_of(state).is_round_card
    n = sum(1 for c in state.deck if is_round(c))
    if is_round(state.next):
        n += 1
    return n


def reveal_next(state: Any) -> None:
    """Turn the top of the draw deck face up as the next card (2.2, 2.3.7)."""
    state.next = state.deck.pop(0) if state.deck else None
    if state.next is not None:
        log(state, "log.next_card", "Next card: {card}.", card=state.next,
            title=rules_of(state).card_title(state.next))


def next_card(state: Any) -> None:
    """2.3.7: the next card becomes current; reveal a new next card; a
    round card revealed as next is swapped with the current card (Gandhi 2.4)."""
    rules = rules_of(state)
    is_campaign, card_title = rules.is_round_card, rules.card_title
    if state.current is not None:
        state.played.append(state.current)
    state.current = state.next
    reveal_next(state)
    if (rules.round_card_first and state.current is not None and not is_campaign(state.current)
            and is_campaign(state.next)):
        state.current, state.next = state.next, state.current
        log(state, "log.campaign_revealed", "A Campaign card is revealed: Campaign round now.",
            card=state.current)
    elif state.current is not None:
        log(state, "log.current_card", "Current card: {title}.", card=state.current,
            title=card_title(state.current))


def candidates(state: Any) -> list[str]:
    """Eligible factions on the current card, in its faction order, that have
    neither acted nor passed (2.3.2)."""
    t = state.turn
    return [f for f in rules_of(state).faction_order(state.current)
            if state.eligibility[f] == "eligible" and f not in t.acted and f not in t.passed]


@register
class Start(Step):
    """2.2: reveal the first card as current and the next card."""

    name = "sop.start"
    auto = True

    def run(self, state, fr):
        state.current = state.deck.pop(0) if state.deck else None
        log(state, "log.current_card", "Current card: {title}.", card=state.current,
            title=rules_of(state).card_title(state.current))
        reveal_next(state)
        is_round = rules_of(state).is_round_card
        if rules_of(state).round_card_first and is_round(state.next) and not is_round(state.current):
            state.current, state.next = state.next, state.current
            log(state, "log.campaign_revealed", "A Campaign card is revealed: Campaign round now.",
                card=state.current)
        push(state, frame("sop.card"))


@register
class CardFlow(Step):
    """Who acts next on the current card (2.3.2), or the card ends (2.3.6)."""

    name = "sop.card"
    auto = True

    def run(self, state, fr):
        rules = rules_of(state)
        if state.current is None:
            rules.end_game(state)
            return
        if rules.is_round_card(state.current):
            push(state, frame(rules.round_step))
            return
        t = state.turn
        cands = candidates(state)
        if len(t.acted) >= 2 or not cands:
            push(state, frame("sop.end_card"))
            return
        role = "first" if not t.acted else "second"
        push(state, frame("sop.act", faction=cands[0], role=role))


def action_options(state: Any, faction: str, role: str,
                   can_do_operation: Callable[..., bool] | None = None) -> list[str]:
    """The options matrix (2.3.4): what a 1st or 2nd Eligible faction may do.
    ``can_do_operation(state, faction, limited=...)``: by default the game's
    (``CoinRules.can_do_operation``)."""
    rules = rules_of(state)
    can_do_operation, event_playable = can_do_operation or rules.can_do_operation, rules.event_playable
    opts: list[str] = []
    ev = [s for s in EVENT_SIDES if event_playable(state, state.current, s.split("-")[1], faction)]
    if role == "first":
        if can_do_operation(state, faction, limited=False):
            opts += ["op", "op+sa"]
        opts += ev
    else:
        first = state.turn.first_action
        if first == "event":
            if can_do_operation(state, faction, limited=False):
                opts += ["op", "op+sa"]
        else:
            if can_do_operation(state, faction, limited=True):
                opts.append("limited-op")
            if first == "op+sa":
                opts += ev
    opts.append("pass")
    return opts


LABELS = {
    "op": "Operation only",
    "op+sa": "Operation with Special Activity",
    "limited-op": "Limited Operation",
    "event-unshaded": "Event (unshaded)",
    "event-shaded": "Event (shaded)",
    "pass": "Pass",
}


LIMITED = ":limited"


def one_choice_options(state: Any, faction: str, role: str) -> list[Choice]:
    """The options matrix (2.3.4) with the Operation named (issue 14): the
    Event sides, each Operation ``faction`` can start as a full Operation
    (its id, "rally": a Special Activity optional, 2.3.4), each it can start
    as a Limited Operation (``"rally:limited"``, 2.3.5), and Pass. Whether
    an Operation is possible is read from those lists (the registered
    Operations that can start), not worked out again (issue 21: speed)."""
    from .actions import startable_operations

    startable: dict[bool, list] = {}  # the Operations named, listed once: whether any can start is read from them

    def ops(limited: bool) -> list:
        if limited not in startable:
            startable[limited] = startable_operations(state, faction, limited)
        return startable[limited]

    out: list[Choice] = []
    for o in action_options(state, faction, role, lambda _s, _f, limited: bool(ops(limited))):
        if o == "op":
            continue  # "op+sa" names the same Operations: the Special Activity stays optional
        if o == "op+sa":
            out += [simple(op.name, f"op.{op.name}", op.label) for op in ops(False)]
        elif o == "limited-op":
            out += [simple(op.name + LIMITED, "choice.op_limited", "{op} (Limited Operation)", op=op.name)
                    for op in ops(True)]
        else:
            out.append(simple(o, f"choice.{o}", LABELS[o]))
    return out


def action_kind(cid: str) -> str:
    """The column of the options matrix an answer of :func:`one_choice_options`
    falls in: "event-...", "pass", "op+sa" or "limited-op"."""
    if cid in EVENT_SIDES or cid == "pass":
        return cid
    return "limited-op" if cid.endswith(LIMITED) else "op+sa"


@register
class Act(Step):
    """The 1st or 2nd Eligible faction chooses: Operation (+SA), Limited
    Operation, Event or Pass (2.3.3, 2.3.4). Where the game joins it with
    "which Operation" (``CoinRules.one_action_choice``) the Operations are
    offered by name (:func:`one_choice_options`)."""

    name = "sop.act"

    def decision(self, state, fr):
        f, role = fr["faction"], fr["role"]
        if rules_of(state).one_action_choice(state):
            choices = one_choice_options(state, f, role)
        else:
            choices = [simple(o, f"choice.{o}", LABELS[o]) for o in action_options(state, f, role)]
        return Decision(f, msg("prompt.act", "As {role} Eligible on {card}, choose an action.",
                               faction=f, role=role, card=rules_of(state).card_title(state.current)),
                        choices, self.name)

    def refuse(self, state, fr, cid):
        """Why an action is not on offer, in the terms of 2.3.4/2.3.5."""
        role, first = fr["role"], state.turn.first_action
        f = fr["faction"]
        if rules_of(state).one_action_choice(state):
            from .actions import ops_of

            if cid in ("op", "op+sa", "limited-op") or (
                    cid not in LABELS and cid.removesuffix(LIMITED) not in {o.name for o in ops_of(state, f)}):
                return None  # not an answer of this shape: the choices are listed
            cid = action_kind(cid)
        if cid == "limited-op" and role == "first":
            return msg("error.first_limited", "The 1st Eligible does an Operation (with or without a Special "
                       "Activity) or the Event, not a Limited Operation (2.3.4).")
        if cid in ("op", "op+sa") and role == "second" and first != "event":
            return msg("error.second_limited", "As 2nd Eligible after an Operation, only a Limited Operation "
                       "is allowed (2.3.4).")
        if cid == "limited-op" and role == "second" and first == "event":
            return msg("error.second_full_op", "The 1st Eligible played the Event: the 2nd Eligible does a full "
                       "Operation (with a Special Activity if desired), not a Limited one (2.3.4).")
        if cid.startswith("event") and role == "second":
            if first == "op":
                return msg("error.second_event_op", "The 1st Eligible did an Operation only: the 2nd Eligible "
                           "may not play the Event (2.3.4).")
            if first == "event":
                return msg("error.second_event_event", "The Event of this card was already played (2.3.4).")
        if cid.startswith("event") and cid in EVENT_SIDES:
            return msg("error.event_not_playable", "The {side} Event of {card} cannot be played now.",
                       side=cid.split("-")[1], card=rules_of(state).card_title(state.current))
        if cid in ("op", "op+sa", "limited-op"):
            return msg("error.no_operation", "{faction} has no Operation with a space it can choose now "
                       "(3.1, 3.1.5).", faction=rules_of(state).faction_name(f))
        return None

    def apply(self, state, fr, cid):
        f, role = fr["faction"], fr["role"]
        t = state.turn
        op = None
        if rules_of(state).one_action_choice(state) and cid not in LABELS:
            op, cid = cid.removesuffix(LIMITED), action_kind(cid)
        if cid == "pass":
            do_pass(state, f)
            return
        t.acted.append(f)
        if role == "first":
            t.first_action = "event" if cid.startswith("event") else cid
        push(state, frame("sop.after_action", faction=f))
        if cid.startswith("event"):
            side = cid.split("-")[1]
            rules = rules_of(state)
            log(state, "log.event", "{faction} plays the {side} Event of {card}.", actor=f,
                faction=f, side=side, card=rules.card_title(state.current))
            rules.push_event(state, state.current, side, f)
        else:
            rules_of(state).begin_operation(state, f, {"op": "op", "op+sa": "op+sa", "limited-op": "limited"}[cid],
                                            sop_role=role, op=op)


def do_pass(state: Any, f: str) -> None:
    """Pass (2.3.3): the faction is done with this card and takes its game's
    Pass reward (``CoinRules.pass_reward``; any decision it brings comes
    before the card goes on)."""
    state.turn.passed.append(f)
    log(state, "log.pass", "{faction} passes.", actor=f, faction=f)
    push(state, *rules_of(state).pass_reward(state, f), frame("sop.card"))


@register
class AfterAction(Step):
    """End of a faction's turn: what the game runs then
    (``CoinRules.after_action``), then the card goes on."""

    name = "sop.after_action"
    auto = True

    def run(self, state, fr):
        push(state, *rules_of(state).after_action(state, fr["faction"]), frame("sop.card"))


@register
class EndCard(Step):
    """2.3.6 eligibility adjustment, then 2.3.7 next card."""

    name = "sop.end_card"
    auto = True

    def run(self, state, fr):
        t = state.turn
        for f in state.eligibility:
            ineligible = (f in t.acted and f not in t.stay_eligible) or f in t.make_ineligible
            state.eligibility[f] = "ineligible" if ineligible else "eligible"
        state.turn = type(t)()
        next_card(state)
        push(state, frame("sop.card"))


