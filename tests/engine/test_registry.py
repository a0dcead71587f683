"""The game registry and the per-game step registry (issue 17)."""
import pytest

import engine
from engine.core import steps
from engine.core.messages import Choice, Decision, Message
from engine.core.steps import Step, handler, register


def test_gandhi_is_registered_with_what_front_ends_need():
    assert "gandhi" in engine.games()
    spec = engine.game_spec("gandhi")
    assert spec.name == "Gandhi" and spec.scenarios == ("short", "main")
    assert spec.factions == ("raj", "inc", "ml", "rev")
    # 1.5: two players hold Raj + Revolutionaries and Congress + League
    assert spec.groups(2) == [("raj", "rev"), ("inc", "ml")]
    assert spec.groups(3, layout="raj_rev") == [("raj", "rev"), ("inc",), ("ml",)]


def test_unknown_game_is_a_clear_error():
    with pytest.raises(KeyError, match="unknown game 'zulu'"):
        engine.game_spec("zulu")
    with pytest.raises(KeyError):
        engine.new_game("zulu", "short", 1)


def _step(game_id: str, label: str) -> type[Step]:
    class Ask(Step):
        name = "sop.card"  # the very name Gandhi's Sequence of Play uses
        game = game_id

        def decision(self, state, frame):
            return Decision("a", Message("x", {}, label), [Choice("go", Message("go", {}, "go"))], self.name)

    return register(Ask)


def test_two_games_may_define_the_same_step_name():
    engine.game_spec("gandhi").module()  # Gandhi's steps registered
    try:
        _step("alpha", "alpha's card")
        _step("beta", "beta's card")
        frame = {"step": "sop.card"}
        assert handler(frame, "alpha").decision(None, frame).prompt.text == "alpha's card"
        assert handler(frame, "beta").decision(None, frame).prompt.text == "beta's card"
        # Gandhi still finds the shared COIN step: stored Gandhi frames keep the name
        assert type(handler(frame, "gandhi")).__module__ == "engine.coin.sop"
    finally:
        steps.REGISTRY.pop("alpha", None)
        steps.REGISTRY.pop("beta", None)


def test_a_step_outside_engine_must_say_its_game():
    class Loose(Step):
        name = "loose"

    with pytest.raises(ValueError, match="needs a game"):
        register(Loose)
