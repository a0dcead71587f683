"""A turn in fewer taps, ruleset 5 (issue 14b): the Eligible faction's action
and its Operation are one decision (2.3.4 with the Operation named), one
"done" closes an Operation with its Special Activity (4.1). The options
matrix of 2.3.4 asserted in these shapes; the same rules in ruleset 3's
shapes are in test_sop.py."""
import pytest

import engine
from engine.core.errors import IllegalChoice
from engine.core.steps import frame
from engine.gandhi.events import event_playable
from engine.gandhi.ruleset import ruleset
from helpers import blank, put, rule_ids

# card 3: Raj, Revolutionaries, Muslim League, Congress (2.3.2)
CARD3 = (3, 9, 10, 11, 12)



@pytest.fixture(autouse=True)
def _shapes_of_ruleset_5(ruleset5):
    """New games of this module are ruleset 5's (RULESET is 6: ruleset 6's
    Campaign and Rally shapes are in test_campaign6.py and test_rally6.py)."""

def game(deck=CARD3, **res):
    s = blank(deck=deck, viceroy=75)
    s.resources["raj"] = res.get("raj", 0)
    s.resources["rev"] = res.get("rev", 5)
    return s


def ids(s):
    return rule_ids(engine.decision(s))


def events(s, faction):
    return [f"event-{side}" for side in ("unshaded", "shaded") if event_playable(s, s.current, side, faction)]


def tap(s, actor, *choices):
    """Answer ``choices`` in order, each asked of ``actor``; the number of decisions made."""
    for c in choices:
        d = engine.decision(s)
        assert d.actor == actor and d.find(c) is not None, (c, d.step, rule_ids(d))
        engine.apply(s, actor, c)
    return len(choices)


def test_new_games_are_ruleset_5(ruleset5):
    assert ruleset(game()) == 5


def test_first_eligible_names_its_operation_with_its_action_2_3_4():
    """One decision: each Operation the Raj can make (a Special Activity
    optional), the Events, Pass; no Limited Operation for the 1st Eligible."""
    s = game()
    assert ids(s) == ["deploy", *events(s, "raj"), "pass"]  # an empty map: only Deploy has a space
    d = engine.decision(s)
    assert d.find("deploy").label.key == "op.deploy"
    with pytest.raises(IllegalChoice, match="not a Limited Operation"):
        engine.apply(s, "raj", "deploy:limited")
    with pytest.raises(IllegalChoice, match="not one of the choices"):
        engine.apply(s, "raj", "op+sa")        # ruleset 4's answer is not this decision's
    tap(s, "raj", "deploy")
    assert engine.decision(s).step == "op.loop"  # "which Operation" is not asked again


def test_after_an_operation_without_special_activity_second_gets_limited_only_2_3_4(ruleset5):
    """R-2.3.4b: the 1st Eligible made no Special Activity: an Operation only,
    so the 2nd Eligible may make a Limited Operation (named) or Pass."""
    s = game(rev=5)
    n = tap(s, "raj", "deploy", "delhi", "troop", "done")
    assert n == 4 and s.turn.first_action == "op"     # Delhi's cubes one answer that closes it (14a)
    d = engine.decision(s)
    assert d.actor == "rev" and rule_ids(d) == ["rally:limited", "pass"]
    assert d.find("rally:limited").label.params == {"op": "rally"}
    with pytest.raises(IllegalChoice, match="only a Limited Operation"):
        engine.apply(s, "rev", "rally")
    with pytest.raises(IllegalChoice, match="Operation only"):
        engine.apply(s, "rev", "event-unshaded")


def test_after_an_operation_with_special_activity_second_gets_limited_or_event_2_3_4(ruleset5):
    s = game(raj=10)
    put(s, "bihar", troop=1, guerrilla_active=1)
    n = tap(s, "raj", "deploy", "delhi", "troop", "sa:govern", "bihar", "close")
    assert n == 6 and s.turn.first_action == "op+sa"   # Govern's one removal applied by itself (ruleset 4)
    assert not s.spaces["bihar"].pieces.get("guerrilla_active")
    d = engine.decision(s)
    assert d.actor == "rev"
    assert rule_ids(d) == ["rally:limited", *events(s, "rev"), "pass"] and events(s, "rev")


def test_after_an_event_second_gets_a_full_operation_2_3_4():
    s = game()
    s.turn.acted = ["raj"]
    s.turn.first_action = "event"
    s.stack[-1] = frame("sop.card")
    assert ids(s) == ["rally", "pass"]
    with pytest.raises(IllegalChoice, match="full Operation"):
        engine.apply(s, "rev", "rally:limited")
    with pytest.raises(IllegalChoice, match="already played"):
        engine.apply(s, "rev", "event-shaded")


def test_a_limited_operation_named_is_one_space_2_3_5(ruleset5):
    s = game(rev=5)
    tap(s, "raj", "deploy", "delhi", "troop", "done")
    n = tap(s, "rev", "rally:limited", "bihar")
    assert n == 2 and s.action is None                  # one space: the Operation closed by itself
    assert s.resources["rev"] == 4 and s.spaces["bihar"].pieces.get("guerrilla_underground") == 1
    assert s.eligibility["raj"] == s.eligibility["rev"] == "ineligible"  # the card went on (2.3.6)


def test_one_done_closes_the_operation_and_its_special_activity_4_1(ruleset5):
    """The Raj Deploys in Delhi, then Governs in Bihar: ending the Governs
    also ends the Operation ("close"); no "Add a Special Activity now?"
    after an Operation's "done" (ruleset 4 asked it)."""
    s = game(raj=10)
    put(s, "bihar", troop=1, guerrilla_active=1)
    put(s, "punjab", troop=1, guerrilla_active=1)
    tap(s, "raj", "deploy", "delhi", "troop", "sa:govern", "bihar")
    d = engine.decision(s)
    assert d.step == "sa.loop" and {"done", "close"} <= set(rule_ids(d))
    tap(s, "raj", "close")
    assert s.spaces["punjab"].pieces.get("guerrilla_active") == 1   # Govern ended with Bihar
    assert engine.decision(s).actor == "rev" and s.turn.first_action == "op+sa"
    assert not any(e["key"] == "log.only_choice" and e["params"]["step"] == "op.sa_offer" for e in s.log)


def test_no_special_activity_question_after_done_4_1():
    s = game(raj=10)
    put(s, "bihar", troop=1, guerrilla_active=1)
    tap(s, "raj", "deploy", "delhi", "troop")
    d = engine.decision(s)
    assert d.step == "op.loop" and "sa:govern" in d.ids()  # the Special Activity is offered beside the spaces
    tap(s, "raj", "done")
    assert engine.decision(s).actor == "rev"               # closed: no op.sa_offer
    assert s.turn.first_action == "op"                     # no Special Activity made: an Operation only


def test_ruleset_4_games_ask_the_action_then_the_operation(ruleset4):
    s = game()
    assert ids(s) == ["op", "op+sa", *events(s, "raj"), "pass"]
    tap(s, "raj", "op+sa")
    assert engine.decision(s).step == "op.loop"             # Deploy, the only Operation, applied by itself
    assert any(e["key"] == "log.only_choice" and e["params"]["step"] == "op.choose" for e in s.log)


# ---------------------------------------------------------------- Event piece loops as quantities


def test_event_1_unshaded_places_cubes_as_counts_in_four_decisions():
    """#1 unshaded: up to 6 cubes, at most 3 from Out of Play (seed-it card
    1): "2 Troops in Delhi from Out of Play" is one answer; the count is
    bounded by the Out of Play cap and by the pieces left (ruleset 4: one
    decision per cube, 6)."""
    from engine.gandhi import board
    from engine.gandhi.events import push_event

    s = blank()
    board.transfer(s, "troop", 5, "available", "out_of_play")
    push_event(s, 1, "unshaded", "raj")
    d = engine.decision(s)
    assert d.find("delhi:troop:oop").most == 3 and d.find("delhi:troop").most == 6
    assert d.find("delhi:troop:oop*4") is None                       # at most 3 from Out of Play
    assert d.find("delhi:troop:oop*2").label.params == {"kind": "troop", "space": "delhi", "box": "out_of_play",
                                                         "n": 2}
    n = tap(s, "raj", "delhi:troop:oop*2", "punjab:troop:oop", "punjab:sepoy*3")
    assert n == 3 and engine.decision(s).step == "sop.act"          # 6 placed: the loop closed
    assert s.spaces["delhi"].pieces["troop"] == 2 and s.spaces["punjab"].pieces == {"troop": 1, "sepoy": 3}
    assert s.out_of_play["troop"] == 2


def test_event_piece_counts_are_all_or_nothing():
    from engine.gandhi.events import push_event

    s = blank()
    put(s, "delhi", inc_activist=2)
    put(s, "bombay", ml_activist=3)
    push_event(s, 4, "unshaded", "raj")   # #4 unshaded: remove up to 4 Activists
    d = engine.decision(s)
    assert d.find("bombay:ml").most == 3 and d.find("delhi:inc").most == 2
    before = engine.dump_state(s)
    with pytest.raises(IllegalChoice):
        engine.apply(s, "raj", "delhi:inc*3")
    assert engine.dump_state(s) == before
    tap(s, "raj", "bombay:ml*3")
    assert engine.decision(s).find("delhi:inc").most == 1            # 4 Activists at most: 1 left


def test_each_piece_to_its_own_box_stays_one_at_a_time():
    """#1 shaded: the first 3 Sepoys to Available, the rest Out of Play: no counts."""
    from engine.gandhi.events import push_event

    s = blank()
    put(s, "delhi", sepoy=3)
    put(s, "punjab", sepoy=3)
    push_event(s, 1, "shaded", "inc")
    assert all(c.most == 1 for c in engine.decision(s).choices)


def test_ruleset_4_event_loops_ask_one_piece_at_a_time(ruleset4):
    from engine.gandhi.events import push_event

    s = blank()
    push_event(s, 1, "unshaded", "raj")
    assert all(c.most == 1 for c in engine.decision(s).choices)


# ---------------------------------------------------------------- March (3.4.2) with counts


def test_march_example_3_4_2_in_five_decisions():
    """3.4.2 ESEMPIO: 4 Guerrillas march from Orissa: 2 to Central Provinces
    (one answer, "central_provinces*2"), 1 to Bihar (Activated: 1+3 cubes >
    3), 1 along the Railway to United Provinces (Underground). Ruleset 3
    asked 8 decisions (test_revolutionaries.py)."""
    from test_revolutionaries import march_example, pieces

    s = march_example()
    d = engine.decision(s)
    assert d.actor == "rev" and "march" in d.ids()
    n = tap(s, "rev", "march", "orissa")
    d = engine.decision(s)
    assert d.find("central_provinces").most == 4 and d.find("central_provinces*5") is None
    n += tap(s, "rev", "central_provinces*2", "bihar", "united_provinces")
    assert n == 5 and s.resources["rev"] == 4
    assert pieces(s, "central_provinces") == {"sepoy": 3, "guerrilla_underground": 2}
    assert pieces(s, "bihar") == {"sepoy": 3, "guerrilla_active": 1}
    assert pieces(s, "united_provinces") == {"sepoy": 2, "guerrilla_underground": 1}
    assert pieces(s, "orissa") == {}


def test_march_names_the_side_with_the_destination_when_both_can_go():
    """3.4.2: where an Underground and an Active Guerrilla could both go,
    the side is part of the destination (no second question)."""
    from test_revolutionaries import new, pieces
    from test_revolutionaries import put as rput

    s = new()
    rput(s, "orissa", guerrilla_active=1, guerrilla_underground=2)
    tap(s, "rev", "march", "orissa")
    d = engine.decision(s)
    assert {"bihar:underground", "bihar:active"} <= set(d.ids()) and "bihar" not in d.ids()
    assert d.find("bihar:underground").most == 2 and d.find("bihar:active").most == 1
    assert d.find("united_provinces").most == 2       # by Railway: Underground only
    tap(s, "rev", "bihar:underground*2")
    assert pieces(s, "bihar") == {"guerrilla_underground": 2}
    assert engine.decision(s).step == "choose:rev.march.dest"


# ---------------------------------------------------------------- Demonstrate, Civil Disobedience


def test_demonstrate_example_3_3_2_the_protest_with_the_last_move(ruleset5):
    """3.3.2 ESEMPIO: an Activist from Bihar to West Bengal (no Raj Control:
    a Protest may go there), another to United Provinces (Raj Control: no
    Protest). The Protest is chosen with the end of the moves: 6 decisions
    (ruleset 3: 8, test_nonviolent.py)."""
    from test_nonviolent import demonstrate_example, pieces, start

    s = demonstrate_example()
    start(s, "inc", "demonstrate")
    n = tap(s, "inc", "west_bengal", "bihar")
    d = engine.decision(s)
    assert d.step == "nv.demonstrate.move" and {"done", "protest"} <= set(d.ids())
    assert d.find("bihar").most == 2
    n += tap(s, "inc", "protest", "united_provinces", "bihar")
    assert s.spaces["west_bengal"].protest and pieces(s, "west_bengal")["inc_activist_active"] == 1
    d = engine.decision(s)
    assert "protest" not in d.ids() and "done" in d.ids()   # Raj Control in United Provinces
    n += tap(s, "inc", "done")
    assert n == 6 and engine.decision(s).step == "op.loop"
    assert not s.spaces["united_provinces"].protest
    assert not any(e["params"].get("step") == "nv.demonstrate.protest_ask" for e in s.log
                   if e["key"] == "log.only_choice")


def test_civil_disobedience_example_3_3_3_two_spaces_at_once_and_activists_counted():
    """3.3.3 ESEMPIO: Protests in Bombay Presidency and Coastal Andhra chosen
    together; then the Activist in Hyderabad onto the adjacent Railway. Two
    Activists move onto a Railway in one answer."""
    from test_nonviolent import blank, pieces, start
    from test_nonviolent import put as nput

    s = blank(restraint=3, protests_free=2)
    for sid in ("bombay_presidency", "coastal_andhra"):
        nput(s, sid, inc_activist=1)
    nput(s, "hyderabad", inc_activist=2)
    start(s, "inc", "civil_disobedience", kind="op")
    n = tap(s, "inc", "bombay_presidency+coastal_andhra", "done", "done")
    assert s.spaces["bombay_presidency"].protest and s.spaces["coastal_andhra"].protest
    assert s.action is None                                  # the set of spaces closed the Operation
    s2 = blank(restraint=3, protests_free=0)
    nput(s2, "hyderabad", inc_activist=2)
    start(s2, "inc", "civil_disobedience", kind="op")
    d = engine.decision(s2)                                  # Hyderabad, the only space, chosen by itself
    assert d.step == "nv.cd.rail"
    assert d.find("rail_hyderabad_bombay_presidency").most == 2
    n2 = tap(s2, "inc", "rail_hyderabad_bombay_presidency*2")
    assert s2.spaces["rail_hyderabad_bombay_presidency"].pieces == {"inc_activist": 2}
    assert n == 3 and n2 == 1
