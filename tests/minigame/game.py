"""Border Skirmish's rules: data plus the callbacks engine/coin asks for.

Cards 1-5 are Events (faction order on the card); card 6 is Propaganda: the
Government wins at once if it holds a majority of the spaces, else the card
flow goes on. With the deck spent the faction holding more spaces wins
(ties: the Insurgents). Operations: Train (Government) and Rally
(Insurgents) place one piece per space for 1 Resource, judged at selection;
Special Activities: Patrol and Ambush remove one enemy piece where the
faction has a piece. Pass: +1 Resource. Events: the acting faction gains
2 Resources (unshaded) or the other loses 1 (shaded).
"""
from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.coin.actions import Operation, SpecialActivity, operation, special_activity
from engine.coin.common import log
from engine.coin.rules import CoinRules, define
from engine.coin.sop import round_cards_left
from engine.coin.state import TurnState
from engine.core import rng
from engine.core.state import BaseState
from engine.core.steps import Step, frame, push, register

GAME = "mini"
FACTIONS = ("gov", "ins")
NAMES = {"gov": "Government", "ins": "Insurgents"}
SPACES = {"capital": "Capital", "hills": "Hills", "valley": "Valley", "coast": "Coast"}
CARDS = {1: ("Border Raid", ("ins", "gov")), 2: ("Aid Convoy", ("gov", "ins")), 3: ("Defectors", ("ins", "gov")),
         4: ("Curfew", ("gov", "ins")), 5: ("Smugglers", ("ins", "gov")), 6: ("Propaganda", ())}
PROPAGANDA = 6


class MiniState(BaseState):
    game: str = GAME
    scenario: str
    spaces: dict[str, dict[str, int]]
    resources: dict[str, int]
    deck: list[int]
    current: int | None = None
    next: int | None = None
    played: list[int] = Field(default_factory=list)
    eligibility: dict[str, str]
    turn: TurnState = Field(default_factory=TurnState)
    action: dict[str, Any] | None = None


def other(f: str) -> str:
    return "ins" if f == "gov" else "gov"


def contested(state: MiniState) -> list[str]:
    """Spaces where both factions have pieces."""
    return [s for s, p in state.spaces.items() if p["gov"] and p["ins"]]


def held(state: MiniState, f: str) -> int:
    """Spaces where ``f`` has more pieces than the other faction."""
    return sum(1 for p in state.spaces.values() if p[f] > p[other(f)])


class MiniRules(CoinRules):
    game = GAME
    round_step = "mini.propaganda"

    def is_round_card(self, number):
        return number == PROPAGANDA

    def faction_order(self, number):
        return CARDS[number][1]

    def card_title(self, number):
        return "-" if number is None else f"#{number} {CARDS[number][0]}"

    def faction_name(self, faction):
        return NAMES[faction]

    def space_name(self, sid):
        return SPACES[sid]

    def is_space(self, sid):
        return sid in SPACES

    def end_game(self, state):
        win = "gov" if held(state, "gov") > held(state, "ins") else "ins"
        state.result = {"winner": win, "how": "final"}

    def event_playable(self, state, number, side, faction):
        return number is not None and number != PROPAGANDA

    def push_event(self, state, number, side, faction):
        push(state, frame("mini.event", side=side, faction=faction))

    def pass_reward(self, state, faction):
        state.resources[faction] += 1
        return []


RULES = define(MiniRules())


class Place(Operation):
    """Place one own piece in a space for 1 Resource (free Operations: none)."""

    game = GAME

    def selectable(self, state, ctx):
        if state.resources[self.faction] < 1 and not ctx["free"]:
            return []
        return [s for s in SPACES if s not in ctx["spaces"]]

    def select(self, state, ctx, sid):
        if not ctx["free"]:
            state.resources[self.faction] -= 1
        state.spaces[sid][self.faction] += 1
        return []


class Strike(SpecialActivity):
    """Remove one enemy piece where the faction has a piece."""

    game, max_spaces = GAME, 1

    def selectable(self, state, ctx):
        return [s for s in contested(state) if s not in ctx["sa_spaces"]]

    def select(self, state, ctx, sid):
        state.spaces[sid][other(self.faction)] -= 1
        return []


#: (name, faction, kind, registrar): the four actions as data
ACTIONS = (("train", "gov", Place, operation), ("rally", "ins", Place, operation),
           ("patrol", "gov", Strike, special_activity), ("ambush", "ins", Strike, special_activity))
for _name, _faction, _kind, _registrar in ACTIONS:
    _registrar(type(_name.title(), (_kind,), {"name": _name, "faction": _faction, "label": _name.title()}))


@register
class Event(Step):
    name, game, auto = "mini.event", GAME, True

    def run(self, state, fr):
        f = fr["faction"]
        if fr["side"] == "unshaded":
            state.resources[f] += 2
        else:
            state.resources[other(f)] = max(0, state.resources[other(f)] - 1)


@register
class Propaganda(Step):
    """The round card: a Government majority wins; else the next card."""

    name, game, auto = "mini.propaganda", GAME, True

    def run(self, state, fr):
        from engine.coin.sop import next_card

        if held(state, "gov") * 2 > len(SPACES):
            state.result = {"winner": "gov", "how": "victory_check"}
            return
        log(state, "log.mini_propaganda", "Propaganda: no majority.")
        for f in state.eligibility:
            state.eligibility[f] = "eligible"
        next_card(state)
        push(state, frame("sop.card"))


def new_game(scenario: str, seed: int, options: dict[str, Any]) -> MiniState:
    """A new game; raises KeyError for a scenario other than "standard"."""
    if scenario != "standard":
        raise KeyError(scenario)
    state = MiniState(seed=seed, scenario=scenario, options=dict(options),
                      spaces={s: {"gov": 1 if s == "capital" else 0, "ins": 1 if s == "hills" else 0}
                              for s in SPACES},
                      resources={"gov": 2, "ins": 2}, deck=[], eligibility={f: "eligible" for f in FACTIONS})
    state.deck = rng.shuffle(state, sorted(CARDS))
    push(state, frame("sop.start"))
    return state


def advance(state: MiniState) -> None:
    push(state, frame("sop.card"))


def load_state(data: dict[str, Any]) -> MiniState:
    return MiniState.model_validate(data)


def _card(n: int | None) -> dict[str, Any] | None:
    return None if n is None else {"number": n, "title": RULES.card_title(n), "faction_order": list(CARDS[n][1])}


def export_state(state: MiniState) -> dict[str, Any]:
    return {"game": GAME, "scenario": state.scenario, "move": state.move,
            "card": {"current": _card(state.current), "next": _card(state.next),
                     "propaganda_left": round_cards_left(state), "played": list(state.played)},
            "eligibility": dict(state.eligibility), "resources": dict(state.resources),
            "spaces": {s: dict(p) for s, p in state.spaces.items()},
            "victory": {f: {"total": held(state, f), "threshold": 3} for f in FACTIONS},
            "result": state.result}


def view(state: MiniState, viewer: str | None) -> dict[str, Any]:
    return export_state(state)


def display_names() -> dict[str, str]:
    return {**SPACES, **NAMES, "train": "Train", "rally": "Rally", "patrol": "Patrol", "ambush": "Ambush"}
