"""Sequence of Play (rules 2.2-2.5): card flow, 1st and 2nd Eligible, Pass,
the options matrix, eligibility adjustment, next card, Campaign hand-off.

Frames: ``sop.start`` -> ``sop.card`` (auto: who acts next on the current card)
-> ``sop.act`` (the Eligible faction's choice) -> ... -> ``sop.end_card``
(2.3.6, 2.3.7) -> ``sop.card`` ... A Campaign card revealed as the next card is
swapped in and played as a Campaign round (2.4, ``campaign.round``).
"""
from __future__ import annotations

from ..core.messages import Choice, Decision, msg
from ..core.steps import Step, frame, push, register
from . import board
from . import derived as dv
from .common import FACTION_NAMES, card_title, done_choice, log, simple, space_choice
from .data import get_data
from .state import GandhiState

EVENT_SIDES = ("event-unshaded", "event-shaded")


def is_campaign(number: int | None) -> bool:
    return number is not None and get_data().cards.is_campaign(number)


def faction_order(number: int) -> tuple[str, ...]:
    return get_data().cards.events[number].faction_order


def campaigns_left(state: GandhiState) -> int:
    """Campaign cards still in the draw deck (the next card counts: it is on top)."""
    n = sum(1 for c in state.deck if is_campaign(c))
    if is_campaign(state.next):
        n += 1
    return n


def reveal_next(state: GandhiState) -> None:
    """Turn the top of the draw deck face up as the next card (2.2, 2.3.7)."""
    state.next = state.deck.pop(0) if state.deck else None
    if state.next is not None:
        log(state, "log.next_card", "Next card: {card}.", card=state.next, title=card_title(state.next))


def next_card(state: GandhiState) -> None:
    """2.3.7: the next card becomes current; reveal a new next card; a
    Campaign card revealed as next is swapped with the current card (2.4)."""
    if state.current is not None:
        state.played.append(state.current)
    state.current = state.next
    reveal_next(state)
    if state.current is not None and not is_campaign(state.current) and is_campaign(state.next):
        state.current, state.next = state.next, state.current
        log(state, "log.campaign_revealed", "A Campaign card is revealed: Campaign round now.",
            card=state.current)
    elif state.current is not None:
        log(state, "log.current_card", "Current card: {title}.", card=state.current,
            title=card_title(state.current))


def candidates(state: GandhiState) -> list[str]:
    """Eligible factions on the current card, in its faction order, that have
    neither acted nor passed (2.3.2)."""
    t = state.turn
    return [f for f in faction_order(state.current)
            if state.eligibility[f] == "eligible" and f not in t.acted and f not in t.passed]


@register
class Start(Step):
    """2.2: reveal the first card as current and the next card."""

    name = "sop.start"
    auto = True

    def run(self, state, fr):
        state.current = state.deck.pop(0) if state.deck else None
        log(state, "log.current_card", "Current card: {title}.", card=state.current,
            title=card_title(state.current))
        reveal_next(state)
        if is_campaign(state.next) and not is_campaign(state.current):
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
        if state.current is None:
            from .victory import end_game_final

            end_game_final(state)
            return
        if is_campaign(state.current):
            push(state, frame("campaign.round"))
            return
        t = state.turn
        cands = candidates(state)
        if len(t.acted) >= 2 or not cands:
            push(state, frame("sop.end_card"))
            return
        role = "first" if not t.acted else "second"
        push(state, frame("sop.act", faction=cands[0], role=role))


def action_options(state: GandhiState, faction: str, role: str) -> list[str]:
    """The options matrix (2.3.4): what a 1st or 2nd Eligible faction may do."""
    from .actions import can_do_operation
    from .events import event_playable

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


@register
class Act(Step):
    """The 1st or 2nd Eligible faction chooses: Operation (+SA), Limited
    Operation, Event or Pass (2.3.3, 2.3.4)."""

    name = "sop.act"

    def decision(self, state, fr):
        f, role = fr["faction"], fr["role"]
        choices = [simple(o, f"choice.{o}", LABELS[o]) for o in action_options(state, f, role)]
        return Decision(f, msg("prompt.act", "As {role} Eligible on {card}, choose an action.",
                               faction=f, role=role, card=card_title(state.current)), choices, self.name)

    def refuse(self, state, fr, cid):
        """Why an action is not on offer, in the terms of 2.3.4/2.3.5."""
        role, first = fr["role"], state.turn.first_action
        f = fr["faction"]
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
                       side=cid.split("-")[1], card=card_title(state.current))
        if cid in ("op", "op+sa", "limited-op"):
            return msg("error.no_operation", "{faction} has no Operation with a space it can choose now "
                       "(3.1, 3.1.5).", faction=FACTION_NAMES[f])
        return None

    def apply(self, state, fr, cid):
        f, role = fr["faction"], fr["role"]
        t = state.turn
        if cid == "pass":
            do_pass(state, f)
            return
        t.acted.append(f)
        if role == "first":
            t.first_action = "event" if cid.startswith("event") else cid
        push(state, frame("sop.after_action", faction=f))
        if cid.startswith("event"):
            side = cid.split("-")[1]
            log(state, "log.event", "{faction} plays the {side} Event of {card}.", actor=f,
                faction=f, side=side, card=card_title(state.current))
            from .events import push_event

            push_event(state, state.current, side, f)
        else:
            from .actions import begin_operation

            begin_operation(state, f, {"op": "op", "op+sa": "op+sa", "limited-op": "limited"}[cid],
                            sop_role=role)


def do_pass(state: GandhiState, f: str) -> None:
    """Pass (2.3.3): Raj +3 Resources, Revolutionaries +1; a Nonviolent faction
    may move one Activist from Out of Play to Available (Unity +1 if the other
    Nonviolent faction's)."""
    state.turn.passed.append(f)
    log(state, "log.pass", "{faction} passes.", actor=f, faction=f)
    if f == "raj":
        board.add_resources(state, "raj", 3)
    elif f == "rev":
        board.add_resources(state, "rev", 1)
    elif state.out_of_play.get("inc_activist", 0) or state.out_of_play.get("ml_activist", 0):
        push(state, frame("sop.pass_nv", faction=f), frame("sop.card"))
        return
    push(state, frame("sop.card"))


@register
class PassNonviolent(Step):
    """2.3.3: a passing Nonviolent faction may move one Activist Out of Play -> Available."""

    name = "sop.pass_nv"

    def decision(self, state, fr):
        f = fr["faction"]
        other = "ml" if f == "inc" else "inc"
        choices = []
        if state.out_of_play.get(f"{f}_activist", 0):
            choices.append(simple(f"{f}_activist", "choice.own_activist",
                                  "Move a {faction} Activist from Out of Play to Available", faction=f))
        if state.out_of_play.get(f"{other}_activist", 0):
            choices.append(simple(f"{other}_activist", "choice.other_activist",
                                  "Move a {faction} Activist from Out of Play to Available (Unity +1)",
                                  faction=other))
        choices.append(simple("none", "choice.none_move", "Move nothing"))
        return Decision(f, msg("prompt.pass_nv", "You passed: move an Activist from Out of Play?"),
                        choices, self.name)

    def apply(self, state, fr, cid):
        f = fr["faction"]
        if cid == "none":
            return
        board.out_of_play_to_available(state, cid, 1, f)  # Unity +1 if the other's (2.3.3)
        log(state, "log.pass_activist", "{faction} moves a {kind} from Out of Play to Available.",
            actor=f, faction=f, kind=cid)


@register
class AfterAction(Step):
    """End of a faction's turn: Gandhi arrested by the Raj (3.2.4: Restraint -1,
    then Congress may place up to 2 Available Protests) and a Crisis triggered
    during the turn (6.8: the Raj may bring a die roll of cubes from Out of Play)."""

    name = "sop.after_action"
    auto = True

    def run(self, state, fr):
        steps = []
        if state.gandhi_arrested:
            state.gandhi_arrested = False
            board.shift_restraint(state, -1)
            log(state, "log.gandhi_arrested_end", "Gandhi was arrested: Restraint -1 (3.2.4).")
            if dv.protest_available(state):
                steps.append(frame("sop.gandhi_protests", placed=0))
        if state.crisis_triggered:
            state.crisis_triggered = False
            steps.append(frame("crisis.roll"))
        steps.append(frame("sop.card"))
        push(state, *steps)


@register
class GandhiProtests(Step):
    """3.2.4: after Gandhi's arrest Congress may place up to two Available
    Protests in non-Railway spaces without one."""

    name = "sop.gandhi_protests"

    def decision(self, state, fr):
        spaces = [s for s in get_data().map.non_railway if not state.spaces[s].protest]
        choices = [space_choice(s) for s in spaces] + [done_choice("Place no more Protests")]
        return Decision("inc", msg("prompt.gandhi_protests",
                                   "Gandhi was arrested: place up to {n} Available Protest(s).",
                                   n=2 - fr["placed"]), choices, self.name)

    def apply(self, state, fr, cid):
        if cid == "done":
            return
        if board.add_protest(state, cid, for_operation=True):
            log(state, "log.protest_setup", "Congress places a Protest in {space}.", actor="inc", space=cid)
        placed = fr["placed"] + 1
        if placed < 2 and dv.protest_available(state):
            push(state, frame(self.name, placed=placed))


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


@register
class CongressPlacement(Step):
    """Main scenario, last setup step: Congress places Gandhi, 1 Activist and
    1 Protest in any one space (setup page; seed-it L1933)."""

    name = "setup.congress_place"

    def decision(self, state, fr):
        spaces = list(get_data().map.ids)
        return Decision("inc", msg("prompt.congress_place",
                                   "Setup: place Gandhi, 1 Congress Activist and 1 Protest in one space."),
                        [space_choice(s) for s in spaces], self.name)

    def apply(self, state, fr, cid):
        board.place(state, cid, "gandhi", 1)
        board.place(state, cid, "inc_activist", 1)
        board.add_protest(state, cid, for_operation=False)
        log(state, "log.congress_place", "Congress places Gandhi, an Activist and a Protest in {space}.",
            actor="inc", space=cid)


@register
class CrisisRoll(Step):
    """6.8: a Crisis was triggered this turn: the Raj rolls a die and may move up
    to that many cubes from Out of Play to any spaces (no Troops to States)."""

    name = "crisis.roll"
    auto = True

    def run(self, state, fr):
        from ..core import rng

        n = rng.roll_die(state)
        log(state, "log.crisis_roll", "Crisis: the Raj rolls {n} and may bring that many cubes from Out of Play.",
            actor="raj", n=n)
        if state.out_of_play.get("troop", 0) or state.out_of_play.get("sepoy", 0):
            push(state, frame("crisis.cubes", left=n))


@register
class CrisisCubes(Step):
    name = "crisis.cubes"

    def decision(self, state, fr):
        choices: list[Choice] = []
        for kind in ("troop", "sepoy"):
            if state.out_of_play.get(kind, 0):
                for s in get_data().map.ids:
                    if kind == "troop" and dv.is_state(state, s):
                        continue
                    choices.append(simple(f"{kind}:{s}", "choice.cube_to", "{kind} to {space}",
                                          kind=kind, space=s))
        choices.append(done_choice("Bring no more cubes"))
        return Decision("raj", msg("prompt.crisis_cubes",
                                   "Crisis: move up to {n} more cube(s) from Out of Play to the map.",
                                   n=fr["left"]), choices, self.name)

    def apply(self, state, fr, cid):
        if cid == "done":
            return
        kind, sid = cid.split(":")
        board.place(state, sid, kind, 1, source="out_of_play")
        log(state, "log.crisis_cube", "The Raj moves a {kind} from Out of Play to {space}.", actor="raj",
            kind=kind, space=sid)
        left = fr["left"] - 1
        if left > 0 and (state.out_of_play.get("troop", 0) or state.out_of_play.get("sepoy", 0)):
            push(state, frame(self.name, left=left))


