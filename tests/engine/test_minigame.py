"""A second COIN game on engine/coin (issue 17): Border Skirmish
(tests/minigame) plays through the shared Sequence of Play and the
Operation/Special Activity framework, and loads beside Gandhi."""
import random

import pytest

import engine

pytestmark = pytest.mark.usefixtures("mini_game")


def test_both_games_are_registered_and_gandhi_stays_the_default():
    games = engine.games()  # packaged games (Gandhi first, the default), then run-time ones
    assert games[0] == "gandhi" and games[-1] == "mini" and set(games) >= {"gandhi", "adp", "pax", "mini"}
    assert engine.game_spec("mini").name == "Border Skirmish"


def test_the_options_matrix_is_the_shared_one():
    s = engine.new_game("mini", "standard", 1)
    d = engine.decision(s)
    first = d.actor
    assert d.step == "sop.act" and d.ids() == ["op", "op+sa", "event-unshaded", "event-shaded", "pass"]
    # 1st Eligible: Operation with Special Activity, one space, then end it
    engine.apply(s, first, "op+sa")
    op = engine.decision(s).ids()[0]
    engine.apply(s, first, op)
    engine.apply(s, first, "capital")
    assert s.resources[first] == 1  # the cost judged when the space was chosen (3.1.5)
    engine.apply(s, first, "done")
    d = engine.decision(s)
    assert d.step == "op.sa_offer" and d.actor == first  # the Special Activity may follow the Operation
    engine.apply(s, first, "done")
    d = engine.decision(s)
    # no Special Activity made: an Operation only, so the 2nd Eligible may do a
    # Limited Operation or Pass, not the Event (2.3.4, R-2.3.4b)
    assert d.actor != first and d.ids() == ["limited-op", "pass"]
    engine.apply(s, d.actor, "pass")
    assert s.resources[d.actor] == 3  # the game's Pass reward: +1 Resource


def test_whole_random_games_end_and_replay_identically():
    for seed in range(20):
        s = engine.new_game("mini", "standard", seed)
        rnd, moves = random.Random(seed), []
        while (d := engine.decision(s)) is not None:
            moves.append((d.actor, rnd.choice(d.ids())))
            engine.apply(s, *moves[-1])
        assert s.result["winner"] in ("gov", "ins")
        again = engine.new_game("mini", "standard", seed)
        for actor, cid in moves:
            engine.apply(again, actor, cid)
        assert engine.export_state(again) == engine.export_state(s)
        assert engine.export_state(engine.clone(s)) == engine.export_state(s)


def test_gandhi_is_untouched_by_a_second_game_with_the_same_step_names():
    s = engine.new_game("gandhi", "short", 3)
    assert engine.decision(s).step == "sop.act"
    assert engine.export_state(s)["game"] == "gandhi"
