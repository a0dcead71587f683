"""The Campaign in few taps (issue 14, ruleset 6): a Redeploy asks the spaces
pieces leave once, then one answer per space; Imperialism, Constructive
Programme and the Activists released are one answer each. The rules are
those of tests/engine/test_campaign.py (6.3, 6.4); here the number of
decisions a player makes is asserted."""
import pytest

import engine
from engine.gandhi import board
from tests.engine.test_campaign import (NO_CITY_RAIL, NO_CITY_RAIL2, cleared, ids, imperialism_position,
                                        redeploy_position, start_round, to_redeploy, to_step)


@pytest.fixture(autouse=True)
def ruleset6(monkeypatch):
    from engine.gandhi import scenarios

    monkeypatch.setattr(scenarios, "RULESET", 6)


def asked(s, actor, answers):
    """Answer ``answers`` in turn (each must be the decision of ``actor``); the count of decisions."""
    for a in answers:
        d = engine.decision(s)
        assert d.actor == actor, (d.step, a)
        engine.apply(s, actor, a)
    return len(answers)


def test_6_4_2_raj_redeploy_spaces_once_then_one_answer_each():
    """6.4.2: the Raj moves Troops and Sepoys from Punjab (a Protest space,
    R-6.4.2) and from Delhi in three decisions: the two spaces in order, then
    one answer for each; the Redeploy then ends (no "done" to press)."""
    s = redeploy_position()
    start_round(s)
    d = to_redeploy(s, "raj")
    assert d.many > 1 and {"punjab", "delhi", "done"} <= set(ids(d))
    engine.apply(s, "raj", "punjab+delhi")
    d = engine.decision(s)
    assert d.step == "campaign.redeploy_to" and d.actor == "raj"
    assert "sepoy:hyderabad" in ids(d) and "troop:hyderabad" not in ids(d)  # Troops never enter a State
    engine.apply(s, "raj", "troop:bihar+sepoy:hyderabad")
    d = engine.decision(s)
    assert d.step == "campaign.redeploy_to" and "troop:bombay" in ids(d)
    engine.apply(s, "raj", "troop:bombay*2")
    assert s.spaces["hyderabad"].pieces["sepoy"] == 1 and s.spaces["bombay"].pieces["troop"] == 1
    # the Raj's Redeploy is over: the Congress is next (or the Reset)
    d = engine.decision(s)
    assert d is None or d.actor != "raj" or not d.step.startswith("campaign.redeploy")


def test_6_4_2_raj_that_cannot_pay_is_asked_again():
    """6.4.2: with 2 Resources the Raj cannot pay for 3 Troops in Provinces and
    on Railways: no "done" until Troops reach Cities; after the spaces chosen
    it is asked again."""
    s = redeploy_position()
    start_round(s)
    d = to_redeploy(s, "raj")
    s.resources["raj"] = 2
    d = engine.decision(s)
    assert "done" not in ids(d)
    engine.apply(s, "raj", "punjab")
    d = engine.decision(s)
    assert "troop:bihar" not in ids(d)  # no more unpaid Troops
    engine.apply(s, "raj", "troop:delhi")
    d = engine.decision(s)
    assert d.step == "campaign.redeploy" and "done" not in ids(d)  # still 2 Troops for 2 Resources: asked again
    engine.apply(s, "raj", NO_CITY_RAIL)
    engine.apply(s, "raj", "troop:bombay")
    assert s.resources["raj"] == 0  # the last Troop (Bihar) paid; the Redeploy closed by itself


def test_6_4_3_pieces_on_railways_must_leave_and_are_visited_anyway():
    """6.4.3, 6.4.5: Congress Activists and Guerrillas on Railways must move;
    their spaces are asked after the spaces chosen, even after "done"."""
    s = redeploy_position()
    board.place(s, NO_CITY_RAIL2, "inc_activist", 2)
    board.place(s, "rail_karachi_north", "guerrilla_active", 1)
    board.place(s, "delhi", "rev_base", 1)
    start_round(s)
    to_redeploy(s, "raj")
    engine.apply(s, "raj", "done")
    d = engine.decision(s)
    assert d.actor == "inc" and d.step == "campaign.redeploy" and "done" in ids(d)
    assert d.prompt.key == "prompt.campaign.redeploy_from_forced"
    engine.apply(s, "inc", "done")
    d = engine.decision(s)
    assert d.step == "campaign.redeploy_to" and d.actor == "inc" and "done" not in ids(d)
    assert "activist:bihar" not in ids(d)  # Raj Control (6.4.3)
    engine.apply(s, "inc", "activist:hyderabad")  # one of two: the other must still leave
    d = engine.decision(s)
    assert d.step == "campaign.redeploy_to" and d.actor == "inc" and "done" not in ids(d)
    engine.apply(s, "inc", "activist:sind")
    assert s.spaces[NO_CITY_RAIL2].pieces.get("inc_activist", 0) == 0
    # the Revolutionaries: only the Railway to leave, so no space question (the engine's only choice)
    d = engine.decision(s)
    assert d.actor == "rev" and d.step == "campaign.redeploy_to"
    assert "active:delhi" in ids(d) and "active:bihar" not in ids(d)  # own Base (6.4.5)
    engine.apply(s, "rev", "active:delhi")
    assert s.spaces["delhi"].pieces["guerrilla_underground"] == 1


def test_redeploy_bad_joined_answer_says_why():
    """A joined answer moving more pieces than stand there is refused, in the game's terms."""
    s = redeploy_position()
    start_round(s)
    to_redeploy(s, "raj")
    engine.apply(s, "raj", "delhi")
    with pytest.raises(engine.IllegalChoice):
        engine.apply(s, "raj", "troop:bombay*3+troop:bihar")
    assert s.spaces["delhi"].pieces["troop"] == 3  # nothing applied


def test_6_3_1_imperialism_in_one_answer():
    """6.3.1: Unrest first, then up to two levels toward Active Support, 3
    Resources a step: "bihar*3" is the whole Imperialism in one decision."""
    s = imperialism_position()
    d = to_step(s, "campaign.imperialism")
    assert ids(d) == ["bihar", "done"] and d.choices[0].most == 3
    res = s.resources["raj"]
    engine.apply(s, "raj", "bihar*3")
    assert s.spaces["bihar"].unrest == 0 and s.spaces["bihar"].support == 2 and s.resources["raj"] == res - 9
    assert engine.decision(s).step != "campaign.imperialism_buy"


def test_6_3_1_imperialism_within_resources_and_release_mix():
    """6.3.1: no more steps than the Raj can pay for; the 2 Activists per
    space released as one answer, the Raj choosing the mix."""
    s = imperialism_position()
    board.transfer(s, "inc_activist", 1, "available", "prison")
    board.transfer(s, "ml_activist", 3, "available", "prison")
    to_step(s, "campaign.imperialism")
    s.resources["raj"] = 7  # two steps at 3
    d = engine.decision(s)
    assert d.choices[0].most == 2
    with pytest.raises(engine.IllegalChoice):
        engine.apply(s, "raj", "bihar*3")
    engine.apply(s, "raj", "bihar*2")
    d = engine.decision(s)
    assert d.step == "campaign.release" and ids(d) == ["0:2", "1:1"]
    engine.apply(s, "raj", "1:1")
    assert s.prison.get("inc_activist", 0) == 0 and s.prison["ml_activist"] == 2


def test_6_3_2_constructive_programme_one_answer_per_faction():
    """6.3.2: Congress then the Muslim League, a combined number of spaces up
    to Unity (2), each up to two levels: one decision each."""
    s = cleared()
    s.unity = 2
    board.place(s, "bihar", "inc_activist")
    board.place(s, "punjab", "ml_activist")
    board.place(s, "punjab", "inc_activist")
    board.place(s, "sind", "ml_activist")
    d = to_step(s, "campaign.constructive")
    assert d.actor == "inc" and set(ids(d)) == {"bihar", "punjab", "done"} and d.many == 2
    engine.apply(s, "inc", "punjab*2")
    assert s.spaces["punjab"].support == -2
    d = engine.decision(s)
    assert d.actor == "ml" and d.step == "campaign.constructive" and set(ids(d)) == {"sind", "done"}
    engine.apply(s, "ml", "sind")
    assert s.spaces["sind"].support == -1
    assert engine.decision(s).step != "campaign.constructive"


def test_random_games_end_with_a_result():
    import random

    from tests.engine.test_campaign import play_random

    for seed in (3, 4):
        s = engine.new_game("gandhi", "short", seed)
        play_random(s, random.Random(seed))
        assert s.result is not None


def test_bad_joined_answers_say_why():
    """6.3.1, 6.3.2: a count beyond what the rule allows is refused with the rule's reason."""
    s = imperialism_position()
    to_step(s, "campaign.imperialism")
    s.resources["raj"] = 4  # one step
    with pytest.raises(engine.IllegalChoice) as e:
        engine.apply(s, "raj", "bihar*2")
    assert "pay for 1 step" in e.value.message.fallback()
    with pytest.raises(engine.IllegalChoice) as e:
        engine.apply(s, "raj", "bihar*4")
    assert "at most 3 steps" in e.value.message.fallback()
    s = cleared()
    s.unity = 1
    board.place(s, "bihar", "inc_activist")
    board.place(s, "punjab", "inc_activist")
    to_step(s, "campaign.constructive")
    with pytest.raises(engine.IllegalChoice) as e:
        engine.apply(s, "inc", "bihar+punjab")
    assert "Unity 1" in e.value.message.fallback()
    with pytest.raises(engine.IllegalChoice) as e:
        engine.apply(s, "inc", "bihar*3")
    assert "two levels" in e.value.message.fallback()


def test_6_8_crisis_cubes_in_one_answer():
    """6.8: before the final Campaign the Raj rolls (2) and brings that many
    cubes from Out of Play: "troop:bihar+sepoy:hyderabad" is one decision;
    no Troop to a State; no more than the roll."""
    s = cleared(options={"stacked": {"deck": [5, 12, 9, 14, 74, 15], "viceroy": 75, "dice": [2]}})
    s.deck = [9, 74, 14]
    s.next = 12
    board.transfer(s, "troop", 3, "available", "out_of_play")
    board.transfer(s, "sepoy", 3, "available", "out_of_play")
    start_round(s)
    while (d := engine.decision(s)) is not None and d.step not in ("crisis.cubes", "sop.act"):
        engine.apply(s, d.actor, "done" if "done" in d.ids() else d.ids()[0])
    assert d.step == "crisis.cubes" and d.many > 1
    assert "troop:hyderabad" not in ids(d) and "sepoy:hyderabad" in ids(d)
    with pytest.raises(engine.IllegalChoice):
        engine.apply(s, "raj", "troop:bihar*2+sepoy:hyderabad")  # 3 cubes for a roll of 2
    engine.apply(s, "raj", "troop:bihar+sepoy:hyderabad")
    assert s.spaces["bihar"].pieces["troop"] == 1 and s.spaces["hyderabad"].pieces["sepoy"] == 1
    assert engine.decision(s).step == "sop.act"


def test_new_games_are_ruleset_6():
    from engine.gandhi.ruleset import ruleset

    assert ruleset(cleared()) == 6
