"""The simultaneous-decision protocol of engine/core (issue 19 part 1):
``engine.decisions`` lists one decision per player, each player answers from
their own queue, sealed answers stay hidden until the step reveals them,
undo before the reveal, and the deadline default.

A toy game (two players each seal a number, then the sum is revealed) keeps
the test independent of any real game's rules.
"""
from __future__ import annotations

from typing import Any

import pytest
from pydantic import Field

import engine
from engine.core import engine as core
from engine.core import registry
from engine.core.messages import Choice, Decision, msg
from engine.core.state import BaseState
from engine.core.steps import Step, frame, push, register

PLAYERS = ("north", "south")


class ToyState(BaseState):
    revealed: list[dict[str, Any]] = Field(default_factory=list)


@register
class Seal(Step):
    name = "toy.seal"
    game = "toy"
    simultaneous = True

    def decisions(self, state, f):
        out = []
        for p in PLAYERS:
            if p in f["sealed"]:
                continue
            draft = f["draft"].get(p)
            choices = [Choice(str(n), msg("toy.n", "{n}", n=n)) for n in (1, 2, 3)] if draft is None else \
                [Choice("seal", msg("toy.seal", "Seal")), Choice("undo", msg("toy.undo", "Undo"))]
            out.append(Decision(p, msg("toy.prompt", "Pick"), choices, self.name))
        return out

    def apply_for(self, state, f, actor, cid):
        if cid == "undo":
            f["draft"].pop(actor)
        elif cid == "seal":
            f["sealed"].append(actor)
        else:
            f["draft"][actor] = int(cid)
        if len(f["sealed"]) == len(PLAYERS):
            state.stack.pop()
            state.revealed.append(dict(f["draft"]))
            core.log(state, "toy.reveal", "revealed", **f["draft"])

    def default(self, state, f, actor):
        return "seal" if actor in f["draft"] else "1"


def new_game(scenario, seed, options):
    s = ToyState(game="toy", seed=seed)
    push(s, frame("toy.seal", draft={}, sealed=[]))
    return s


def advance(state):
    state.result = {"winner": None, "revealed": state.revealed}


def load_state(data):
    return ToyState.model_validate(data)


def view(state, viewer):
    top = state.stack[-1] if state.stack else {}
    return {"mine": top.get("draft", {}).get(viewer), "revealed": state.revealed}


@pytest.fixture(autouse=True)
def toy():
    registry.register(registry.GameSpec(id="toy", name="Toy", rules=__name__, scenarios=("x",),
                                        factions=PLAYERS))
    yield
    registry.unregister("toy")


def test_every_player_has_a_decision_and_answers_in_any_order():
    s = engine.new_game("toy", "x", 1)
    assert [d.actor for d in engine.decisions(s)] == ["north", "south"]
    engine.apply(s, "south", "3")
    engine.apply(s, "north", "2")
    engine.apply(s, "north", "seal")
    assert [d.actor for d in engine.decisions(s)] == ["south"]
    with pytest.raises(engine.NotYourTurn):
        engine.apply(s, "north", "1")
    engine.apply(s, "south", "seal")
    assert s.result == {"winner": None, "revealed": [{"south": 3, "north": 2}]}
    assert engine.decisions(s) == []


def test_sealed_orders_are_hidden_from_other_players_and_undone_before_reveal():
    s = engine.new_game("toy", "x", 1)
    engine.apply(s, "north", "3")
    assert engine.view(s, "north")["mine"] == 3
    assert engine.view(s, "south")["mine"] is None
    engine.apply(s, "north", "undo")
    assert engine.pending_for(s, "north").ids() == ["1", "2", "3"]
    with pytest.raises(engine.IllegalChoice):
        engine.apply(s, "north", "seal")


def test_deadline_applies_each_default_and_reveals():
    s = engine.new_game("toy", "x", 1)
    engine.apply(s, "north", "2")
    assert engine.default_choice(s, "north") == "seal"
    assert engine.default_choice(s, "south") == "1"
    log = engine.apply_defaults(s)
    assert [e.key for e in log] == ["toy.reveal"]
    assert s.result["revealed"] == [{"north": 2, "south": 1}]


def test_one_actor_games_give_exactly_their_decision():
    s = engine.new_game("gandhi", "short", 3)
    d = engine.decision(s)
    assert engine.decisions(s) == [d]
    assert not engine.is_simultaneous(s)
    assert engine.default_choice(s, d.actor) is None
