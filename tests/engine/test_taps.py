"""A turn in a few taps (issue 14, ruleset 4): the chapter 3 worked examples
played with the number of decisions a player makes, a decision with one
answer applied by the engine (and logged), quantities in one answer."""
import pytest

import engine
from engine.core.errors import IllegalChoice
from engine.core.messages import split_quantity
from engine.gandhi import board
from engine.gandhi import derived as dv
from engine.gandhi.ruleset import ruleset
from engine.gandhi.state import INVENTORY
from helpers import rule_ids
from test_raj import empty_board, put, pc, totals

# ruleset 4's shapes (the action, then "which Operation"); ruleset 5's are in test_taps5.py
pytestmark = pytest.mark.usefixtures("ruleset4")


def tap(s, *choices, actor="raj"):
    """Answer ``choices`` in order, each one asked of ``actor``; returns how
    many decisions the player made (one per answer)."""
    for c in choices:
        d = engine.decision(s)
        assert d.actor == actor and d.find(c) is not None, (c, d.step, rule_ids(d))
        engine.apply(s, actor, c)
    return len(choices)


def forced(s, step):
    """Choices the engine applied by itself at ``step`` (log.only_choice)."""
    return [e["params"]["choice"] for e in s.log if e["key"] == "log.only_choice" and e["params"]["step"] == step]


def test_new_games_are_ruleset_4():
    assert ruleset(empty_board()) >= 4  # ruleset 5 (issue 13 and others) keeps the taps of 4


def test_garrison_example_3_2_2_in_three_decisions_after_the_operation():
    """3.2.2 example: 2 Troops from West Bengal and 3 Sepoys from Rajputana
    into Delhi: Operation, Garrison, Delhi, then one answer per group of
    cubes; the destination's loop and the Operation close by themselves
    (before: 10 decisions)."""
    s = empty_board(restraint=2, resources=10)
    put(s, "west_bengal", troop=2)
    put(s, "rajputana", sepoy=3)
    put(s, "bihar", sepoy=2)
    board.add_protest(s, "bihar", for_operation=False)
    n = tap(s, "op", "garrison", "delhi", "troop:west_bengal*2", "sepoy:rajputana*3")
    assert n == 5
    assert s.resources["raj"] == 8          # Restraint 2, paid once
    assert pc(s, "delhi", "troop") == 2 and pc(s, "delhi", "sepoy") == 3
    assert pc(s, "bihar", "sepoy") == 2
    assert totals(s) == INVENTORY
    assert forced(s, "op.loop") == ["done"]  # nothing more can Garrison: the Operation closed itself
    assert engine.decision(s).step == "sop.act"


def test_sweep_madras_example_3_2_3_paid():
    """3.2.3 example: pay to use the Sepoy in Madras Presidency, the Troop
    of Madras moves in; the move loop closes itself, both Guerrillas are
    activated and Raj Control is lost (before: 7 decisions; "use Sepoys?"
    is now part of the space choice)."""
    s = empty_board(viceroy="chelmsford", restraint=4, resources=10)
    put(s, "madras_presidency", sepoy=1, guerrilla_underground=2)
    put(s, "madras", troop=1)
    d = (tap(s, "op", "sweep"), engine.decision(s))[1]
    assert {"madras_presidency", "madras_presidency:sepoy"} <= set(d.ids())  # Sepoys: part of the space choice
    n = 2 + tap(s, "madras_presidency:sepoy", "troop:madras")
    assert engine.decision(s).step == "op.loop"   # nothing more can move in: no "done" asked for it
    n += tap(s, "done")                      # end the Operation: other spaces could still be swept
    assert n == 5
    assert s.resources["raj"] == 6
    assert pc(s, "madras_presidency", "guerrilla_active") == 2
    assert not dv.raj_control(s, "madras_presidency")


def test_deploy_with_reading_counts_not_repetitions():
    """3.2.1 with Reading (first City free): two Sepoys in Bombay and two in
    Madras as one answer each, the Sepoys chosen with the City (before: 13
    decisions)."""
    s = empty_board(viceroy="reading", restraint=3, resources=10)
    n = tap(s, "op", "bombay:sepoy", "sepoy*2", "done", "madras:sepoy", "sepoy*2", "done", "done")
    assert forced(s, "op.choose") == ["deploy"]  # nothing on the map: Deploy is the only Operation
    assert s.resources["raj"] == 7
    assert pc(s, "bombay", "sepoy") == 2 and pc(s, "madras", "sepoy") == 2
    assert n == 8 and engine.decision(s).step == "sop.act"


def test_a_quantity_is_all_or_nothing():
    s = empty_board(restraint=2, resources=10)
    put(s, "west_bengal", troop=2)
    tap(s, "op", "garrison", "delhi")
    d = engine.decision(s)
    c = d.find("troop:west_bengal")
    assert c.most == 2 and [o.id for o in d.options()][:2] == ["troop:west_bengal", "troop:west_bengal*2"]
    assert d.find("troop:west_bengal*2").label.params["n"] == 2
    before = engine.dump_state(s)
    for bad in ("troop:west_bengal*3", "troop:west_bengal*0", "troop:west_bengal*x"):
        with pytest.raises(IllegalChoice):
            engine.apply(s, "raj", bad)
        assert engine.dump_state(s) == before
    assert split_quantity("troop:west_bengal*2") == ("troop:west_bengal", 2)


def test_ruleset_3_games_still_ask_every_decision():
    s = empty_board(restraint=2, resources=10)
    s.options["ruleset"] = 3
    put(s, "west_bengal", troop=1)
    tap(s, "op", "garrison", "calcutta", "troop:west_bengal")
    assert rule_ids(engine.decision(s)) == ["done"]      # asked, as before ruleset 4
    assert not any(e["key"] == "log.only_choice" for e in s.log)


def test_deploy_in_two_cities_at_once_3_2_1():
    """Deploy's Cities are independent: "bombay+madras" chooses both in one
    answer; each City's placement follows in that order and the Operation
    then closes by itself (one closing step)."""
    s = empty_board(viceroy="reading", restraint=3, resources=10)
    tap(s, "op")
    d = engine.decision(s)
    assert d.many > 1 and {"bombay", "madras"} <= {c.id for c in d.joining()}
    n = tap(s, "bombay:sepoy+madras:sepoy", "sepoy*2", "done", "sepoy*2", "done")
    assert pc(s, "bombay", "sepoy") == 2 and pc(s, "madras", "sepoy") == 2
    assert s.resources["raj"] == 7                      # Reading: the first City free, then Restraint 3
    assert engine.decision(s).step == "sop.act" and forced(s, "op.loop") == ["madras:sepoy", "done"]
    assert n + 1 == 6                                   # before: 13 decisions


def test_a_set_of_spaces_is_refused_whole_for_an_operation_of_moves():
    """Sweep moves cubes between spaces: its spaces stay one at a time."""
    s = empty_board(restraint=2, resources=10)
    put(s, "bombay", troop=1)
    put(s, "madras", troop=1)
    tap(s, "op", "sweep")
    d = engine.decision(s)
    assert d.many == 1 and not d.joining()
    before = engine.dump_state(s)
    with pytest.raises(IllegalChoice):
        engine.apply(s, "raj", "central_provinces+madras_presidency")
    assert engine.dump_state(s) == before


def test_a_limited_operation_takes_one_space_2_3_5():
    s = empty_board(viceroy="reading", restraint=3, resources=10)
    s.stack.clear()
    from engine.gandhi.actions import begin_operation
    begin_operation(s, "raj", "limited")
    d = engine.decision(s)                               # Deploy, the only Operation, chosen by itself
    assert d.step == "op.loop" and len(d.choices) > 2 and d.many == 1 and not d.joining()


@pytest.mark.parametrize("scenario,seed", [("short", 3), ("main", 4)])
def test_whole_games_answered_with_counts_and_sets_keep_the_invariants_and_replay(scenario, seed):
    """Random whole games answering with every listed option -- counts of
    quantities ("x*3") and sets of spaces ("a+b") included -- keep every
    piece and marker accounted for after each answer, and their transcripts
    (which record those answers) replay to the identical public state."""
    import random

    from engine.core.selfplay import joined_legal, random_answer
    from engine.core.transcript import Recorder, Transcript
    from engine.gandhi.invariants import check, check_decision

    rec = Recorder("gandhi", scenario, seed)
    s, rnd, shaped = rec.state, random.Random(seed), 0
    while (d := engine.decision(s)) is not None:
        cid = random_answer(rnd, d, legal=joined_legal(s, d))
        shaped += "*" in cid or "+" in cid
        rec.apply(d.actor, cid)
        assert check(s) == [], cid
        nd = engine.decision(s)
        assert nd is None or check_decision(s, nd) == []
    assert shaped > 5
    again = Transcript.loads(rec.transcript.dumps()).replay()
    assert engine.export_state(again) == engine.export_state(s)


def test_a_page_lists_each_count_of_a_quantity_only_while_all_of_them_fit():
    """Issue 14: a front end showing at most ``limit`` options lists every
    count of a quantity choice ("Troop: Delhi x2") when all the counts fit,
    else the choices alone, and the count is asked after the pick."""
    from engine.core.messages import Choice, Decision, Message

    def choice(cid, most=1):
        return Choice(cid, Message("x", {}, cid), most=most)

    d = Decision("raj", Message("p", {}, "p"), [choice("troop:delhi", 3), choice("sepoy:agra", 2), choice("done")],
                 "test")
    every = ["troop:delhi", "troop:delhi*2", "troop:delhi*3", "sepoy:agra", "sepoy:agra*2", "done"]
    assert [o.id for o in d.options()] == every
    assert [o.id for o in d.options(6)] == every
    assert [o.id for o in d.options(5)] == ["troop:delhi", "sepoy:agra", "done"]
    assert d.options(5)[0].most == 3
