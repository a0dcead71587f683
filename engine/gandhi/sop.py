"""Gandhi's part of the Sequence of Play (rules 2.2-2.5): its rules for the
shared COIN Sequence of Play (engine/coin/sop.py) — the Campaign card as the
round card, the Pass rewards (2.3.3), what ends a faction's turn (3.2.4
Gandhi's arrest, 6.8 Crisis) — and its own steps: a Nonviolent faction's
Pass, Congress's Protests after Gandhi's arrest, the main scenario's setup
placement, the Crisis roll.
"""
from __future__ import annotations

from typing import Any

from ..coin.rules import CoinRules, define
from ..coin.sop import round_cards_left
from ..core.messages import TOGETHER, Choice, Decision, msg, split_quantity
from ..core.steps import Frame, Step, frame, push, register
from . import board
from . import derived as dv
from .common import FACTION_NAMES, card_title, done_choice, log, simple, space_choice, space_name
from .data import get_data
from .ruleset import at_least

#: the option marking a bot's working copy on which a set of spaces is chosen one space at a time
ONE_BY_ONE = "bot_one_by_one"
from .state import GandhiState


def is_campaign(number: int | None) -> bool:
    return number is not None and get_data().cards.is_campaign(number)


def faction_order(number: int) -> tuple[str, ...]:
    return get_data().cards.events[number].faction_order


def campaigns_left(state: GandhiState) -> int:
    """Campaign cards still in the draw deck (the next card counts: it is on top)."""
    return round_cards_left(state)


class GandhiRules(CoinRules):
    """Gandhi's answers to the shared Sequence of Play."""

    game = "gandhi"
    round_step = "campaign.round"  # 2.4: a Campaign card is played as a Campaign round

    def composed(self, prefix, text, numbers=False, **params):
        """Space names become ``{space}`` fields, counts ``{n}`` (wording.py)."""
        from .wording import templated

        return templated(prefix, text, numbers=numbers, **params)

    def is_round_card(self, number: int | None) -> bool:
        return is_campaign(number)

    def faction_order(self, number: int) -> tuple[str, ...]:
        return faction_order(number)

    def card_title(self, number: int | None) -> str:
        return card_title(number)

    def faction_name(self, faction: str) -> str:
        return FACTION_NAMES[faction]

    def end_game(self, state: GandhiState) -> None:
        from .victory import end_game_final

        end_game_final(state)

    def spaces_together(self, state: GandhiState, ctx: dict, op) -> int:
        """Ruleset 4 (issue 14): the spaces of an Operation without movement
        between them (Deploy, Assault; Rally, Civil Disobedience,
        Non-cooperation; Attack, Riot) are chosen together, a Limited
        Operation's one space excepted (2.3.5)."""
        return 1 if not at_least(state, 4) or ctx["kind"] == "limited" else 99

    def spaces_as_set(self, state: GandhiState) -> bool:
        """Ruleset 6 (issue 14): the spaces of an Operation or Special
        Activity without interaction between them are one set, chosen in one
        answer (3.1, 4.1.1). Not on a bot's working copy that builds such a
        set space by space (``ONE_BY_ONE``, engine/gandhi/bots/policy.py):
        there the loop stays open after each space, every other question as
        the game's ruleset asks it."""
        return at_least(state, 6) and not (state.options or {}).get(ONE_BY_ONE)

    def opened_by_sa(self, state: GandhiState, op, ctx: dict) -> bool:
        """Ruleset 7 (issue 32): engine/gandhi/actions.py :func:`opened_by_sa`."""
        from .actions import opened_by_sa

        return opened_by_sa(state, op, ctx)

    def one_action_choice(self, state: GandhiState) -> bool:
        """Ruleset 5 (issue 14): the Eligible faction names its Operation with
        its choice of action (2.3.4), "Rally" or "Rally (Limited)"."""
        return at_least(state, 5)

    def sa_in_loop_only(self, state: GandhiState) -> bool:
        """Ruleset 5 (issue 14): one "done" closes an Operation; its Special
        Activity is offered beside its spaces, before, during or after (4.1)."""
        return at_least(state, 5)

    def sa_after_end(self, state: GandhiState) -> bool:
        """Ruleset 6 (issue 14): a Special Activity may also follow the
        Operation's end (4.1: "immediately after"), which changes the board
        (3.3.4: Non-Cooperation's Restraint -1; 3.1.5 example 2)."""
        return at_least(state, 6)

    def space_name(self, sid: str) -> str:
        return space_name(sid)

    def is_space(self, sid: str) -> bool:
        return sid in get_data().map.spaces

    def space_choice(self, sid: str) -> Choice:
        return space_choice(sid)

    def free_operation(self, state: GandhiState, faction: str) -> bool:
        from .actions import np_free

        return np_free(state, faction)

    def may_end_without_space(self, state: GandhiState, ctx: dict[str, Any]) -> bool:
        """Ruleset 1 let an Operation end before any space while no Special
        Activity had begun (games begun before the correction replay as they
        were; docs/rulings/sop.md R-2.3.4c)."""
        return not at_least(state, 2) and ctx["sa_state"] == "none"

    def event_playable(self, state: GandhiState, number: int | None, side: str, faction: str) -> bool:
        from .events import event_playable

        return event_playable(state, number, side, faction)

    def push_event(self, state: GandhiState, number: int, side: str, faction: str) -> None:
        from .events import push_event

        push_event(state, number, side, faction)

    def pass_reward(self, state: GandhiState, faction: str) -> list[Frame]:
        """2.3.3: Raj +3 Resources, Revolutionaries +1; a Nonviolent faction
        may move one Activist from Out of Play to Available (Unity +1 if the
        other Nonviolent faction's)."""
        if faction == "raj":
            board.add_resources(state, "raj", 3)
        elif faction == "rev":
            board.add_resources(state, "rev", 1)
        elif state.out_of_play.get("inc_activist", 0) or state.out_of_play.get("ml_activist", 0):
            return [frame("sop.pass_nv", faction=faction)]
        return []

    def after_action(self, state: GandhiState, faction: str) -> list[Frame]:
        """End of a faction's turn: Gandhi arrested by the Raj (3.2.4: Restraint
        -1, then Congress may place up to 2 Available Protests) and a Crisis
        triggered during the turn (6.8: the Raj may bring a die roll of cubes
        from Out of Play)."""
        steps: list[Frame] = []
        if state.gandhi_arrested:
            state.gandhi_arrested = False
            board.shift_restraint(state, -1)
            log(state, "log.gandhi_arrested_end", "Gandhi was arrested: Restraint -1 (3.2.4).")
            if dv.protest_available(state):
                steps.append(frame("sop.gandhi_protests", placed=0))
        if state.crisis_triggered:
            state.crisis_triggered = False
            steps.append(frame("crisis.roll"))
        return steps


RULES = define(GandhiRules())


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
        if at_least(state, 6):
            return self._decision6(state, fr)
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

    def _decision6(self, state, fr):
        """Ruleset 6 (issue 14): the cubes as counts, several spaces in one
        answer ("troop:delhi*2+sepoy:hyderabad"), within the die roll and the
        cubes Out of Play; asked again while cubes are left to bring."""
        oop = {k: state.out_of_play.get(k, 0) for k in ("troop", "sepoy")}
        choices: list[Choice] = []
        for kind in ("troop", "sepoy"):
            most = min(fr["left"], oop[kind])
            if most <= 0:
                continue
            for s in get_data().map.ids:
                if kind == "troop" and dv.is_state(state, s):
                    continue
                choices.append(Choice(f"{kind}:{s}", msg("choice.cube_to", "{kind} to {space}", kind=kind, space=s),
                                      most=most, joins=True, pools=(kind, "left"),
                                      label_n=msg("choice.cubes_to_n", "{kind}: {n} to {space}", kind=kind,
                                                  space=s, n=1)))
        many = len(choices)
        choices.append(done_choice("Bring no more cubes"))
        return Decision("raj", msg("prompt.crisis_cubes",
                                   "Crisis: move up to {n} more cube(s) from Out of Play to the map.",
                                   n=fr["left"]), choices, self.name, many=many if many > 1 else 1,
                        budgets=dict(oop, left=fr["left"]) if many > 1 else {})

    def takes_counts(self, state, fr):
        return at_least(state, 6)

    def apply(self, state, fr, cid):
        if cid == "done":
            return
        if at_least(state, 6):
            left = fr["left"]
            for part in cid.split(TOGETHER):
                base, n = split_quantity(part)
                kind, sid = base.split(":")
                for _ in range(n):
                    board.place(state, sid, kind, 1, source="out_of_play")
                    log(state, "log.crisis_cube", "The Raj moves a {kind} from Out of Play to {space}.",
                        actor="raj", kind=kind, space=sid)
                left -= n
            if left > 0 and (state.out_of_play.get("troop", 0) or state.out_of_play.get("sepoy", 0)):
                push(state, frame(self.name, left=left))
            return
        kind, sid = cid.split(":")
        board.place(state, sid, kind, 1, source="out_of_play")
        log(state, "log.crisis_cube", "The Raj moves a {kind} from Out of Play to {space}.", actor="raj",
            kind=kind, space=sid)
        left = fr["left"] - 1
        if left > 0 and (state.out_of_play.get("troop", 0) or state.out_of_play.get("sepoy", 0)):
            push(state, frame(self.name, left=left))


