"""The Sequence of Play (2.2-2.4): the options matrix of the 1st and 2nd
Eligible (2.3.4), Pass (2.3.3), eligibility adjustment (2.3.6), the next card
(2.3.7), the Campaign hand-off (2.4) and the end-of-turn hooks (3.2.4 Gandhi,
6.8 Crisis). Rulings: docs/rulings/sop.md."""
import pytest

import engine
from engine.core.errors import IllegalChoice
from engine.core.steps import frame
from engine.gandhi import board
from engine.gandhi.bots.policy import decide
from engine.gandhi.events import event_playable
from engine.gandhi.invariants import piece_totals
from engine.gandhi.state import INVENTORY
from tests.engine.helpers import blank, put
from helpers import rule_ids, take

# new games (ruleset 5): the action names the Operation ("rally:limited"),
# a choice with one answer is applied by the engine. The tests marked
# RULESET3 assert ruleset 3's shapes on purpose (the action and its Operation
# asked apart, "op"/"op+sa"/"limited-op"): old games play the old way; each
# of them has its rule asserted in ruleset 5's shapes in test_taps5.py.
RULESET3 = pytest.mark.usefixtures("ruleset3")

# card 3: Raj, Revolutionaries, Muslim League, Congress (2.3.2)
CARD3 = (3, 9, 10, 11, 12)


def ids(s):
    return rule_ids(engine.decision(s))  # side choices (1.5.2, 1.4.1) are tested in test_side_actions.py


def dec(s):
    return engine.decision(s)


def play(s, actor, *choices):
    for c in choices:
        take(s, actor, c)


def events(s, faction):
    return [f"event-{side}" for side in ("unshaded", "shaded") if event_playable(s, s.current, side, faction)]


def game(deck=CARD3, **res):
    s = blank(deck=deck, viceroy=75)
    s.resources["raj"] = res.get("raj", 0)
    s.resources["rev"] = res.get("rev", 5)
    return s


def raj_deploy_op(s, kind="op"):
    """The Raj Deploys 1 Troop in Delhi (Troops only: no Resources), an
    Operation only; ``kind`` is ruleset 3's first answer (helpers.take
    passes it over under ruleset 5)."""
    play(s, "raj", kind, "deploy", "delhi", "troop", "done", "done")



# ---------------------------------------------------------------- 2.2 start


def test_start_reveals_current_and_next_2_2():
    s = game()
    assert s.current == 3 and s.next == 9
    d = dec(s)
    assert d.actor == "raj" and d.step == "sop.act"


def test_campaign_revealed_at_start_is_played_at_once_2_2():
    """2.2: a Campaign card revealed as the next card at the start is swapped
    with the current card and a Campaign round is played at once; the swapped
    Event is played first afterwards (2.4)."""
    s = engine.new_game("gandhi", "short", 1, {"stacked": {"deck": [1, 74, 2, 3, 4, 76, 5],
                                                                 "viceroy": 73}})
    assert s.current == 74 and s.next == 1
    assert dec(s).step.startswith("campaign.")
    for _ in range(2000):
        d = dec(s)
        if d.step == "sop.act":
            break
        engine.apply(s, d.actor, decide(s, d))
    assert s.viceroy == 74 and s.current == 1 and s.next == 2
    assert dec(s).actor == "raj"                 # card 1: Raj first


# ---------------------------------------------------------------- 2.3.4 options matrix


@RULESET3  # ruleset 3's shape on purpose: old games still ask "op"/"op+sa" first (ruleset 5: test_taps5.py)
def test_first_eligible_options_2_3_4():
    s = game()
    assert ids(s) == ["op", "op+sa", *events(s, "raj"), "pass"]
    with pytest.raises(IllegalChoice, match="not a Limited Operation"):
        engine.apply(s, "raj", "limited-op")


@RULESET3  # "Operation only" is a choice of rulesets 3-4; ruleset 5 offers the Special Activity beside the spaces
def test_operation_only_offers_no_special_activity_4_1():
    s = game()
    play(s, "raj", "op", "deploy")
    with pytest.raises(IllegalChoice, match="without a Special Activity"):
        engine.apply(s, "raj", "sa:govern")


@RULESET3  # ruleset 3's shapes on purpose (old games); ruleset 5: test_taps5.py, the same rule
def test_after_operation_only_second_gets_limited_operation_2_3_4():
    s = game()
    raj_deploy_op(s, "op")
    d = dec(s)
    assert d.actor == "rev" and d.step == "sop.act"
    assert d.ids() == ["limited-op", "pass"]
    with pytest.raises(IllegalChoice, match="only a Limited Operation"):
        engine.apply(s, "rev", "op")
    with pytest.raises(IllegalChoice, match="Operation only"):
        engine.apply(s, "rev", "event-unshaded")


@RULESET3  # ruleset 3's shapes on purpose (old games); ruleset 5: test_taps5.py, the same rule
def test_after_operation_with_sa_second_gets_limited_op_or_event_2_3_4():
    s = game(raj=10)
    put(s, "bihar", troop=1, guerrilla_active=1)
    # Raj: Deploy in Delhi with Govern (remove the Active Guerrilla in Bihar)
    play(s, "raj", "op+sa", "deploy", "delhi", "troop", "done", "sa:govern", "bihar", "remove", "guerrilla",
         "done", "done")
    assert s.turn.first_action == "op+sa"
    d = dec(s)
    assert d.actor == "rev"
    assert d.ids() == ["limited-op", *events(s, "rev"), "pass"]
    assert events(s, "rev"), "card 3 has a playable Event for the Revolutionaries"


def test_op_sa_without_special_activity_counts_as_operation_only_2_3_4():
    """R-2.3.4b: the 1st Eligible could add a Special Activity (Govern in
    Bihar) but made none: it did an Operation only, so the 2nd gets a
    Limited Operation only (no Event)."""
    s = game(raj=10)
    put(s, "bihar", troop=1, guerrilla_active=1)
    play(s, "raj", "deploy", "delhi", "troop")
    assert "sa:govern" in ids(s)                 # offered beside the Operation's spaces
    play(s, "raj", "done")
    assert s.turn.first_action == "op"
    d = dec(s)
    assert d.actor == "rev" and "rally:limited" in d.ids() and "pass" in d.ids()
    assert all(c.endswith(":limited") or c == "pass" for c in rule_ids(d))   # no Event, no full Operation


@RULESET3  # ruleset 3's shapes on purpose (old games); ruleset 5: test_taps5.py, the same rule
def test_after_event_second_gets_full_operation_2_3_4():
    s = game()
    s.turn.acted = ["raj"]
    s.turn.first_action = "event"
    s.stack[-1] = frame("sop.card")
    d = dec(s)
    assert d.actor == "rev" and d.ids() == ["op", "op+sa", "pass"]
    with pytest.raises(IllegalChoice, match="full Operation"):
        engine.apply(s, "rev", "limited-op")
    with pytest.raises(IllegalChoice, match="already played"):
        engine.apply(s, "rev", "event-shaded")


def test_limited_operation_is_one_space_without_special_activity_2_3_5():
    s = game(rev=5)
    put(s, "punjab", guerrilla_underground=1)
    raj_deploy_op(s)
    play(s, "rev", "rally:limited")
    d = dec(s)
    assert d.step == "op.loop" and not any(c.startswith("sa:") for c in rule_ids(d))   # no Special Activity
    with pytest.raises(IllegalChoice):           # one space only
        engine.apply(s, "rev", "bihar+punjab")
    with pytest.raises(IllegalChoice, match="Limited Operation has no Special Activity"):
        engine.apply(s, "rev", "sa:aid")
    play(s, "rev", "bihar")                      # the one space closes the Limited Operation
    assert s.resources["rev"] == 4
    assert s.eligibility["rev"] == "ineligible"   # a Limited Operation counts as an Operation


def test_no_operation_refused_with_reason():
    s = game(rev=0)
    raj_deploy_op(s)
    # Rev: no Resources, no Guerrillas: Pass is its only answer, applied by the engine (+1, 2.3.3)
    assert [e["actor"] for e in s.log if e["key"] == "log.only_choice" and e["params"]["choice"] == "pass"] == ["rev"]
    assert s.resources["rev"] == 1 and dec(s).actor == "ml"
    s = game(rev=0)
    play(s, "raj", "pass")                       # Rev 1st Eligible: the Events, Pass, no Operation
    assert ids(s) == [*events(s, "rev"), "pass"]
    with pytest.raises(IllegalChoice, match="no Operation"):
        engine.apply(s, "rev", "rally")


# ---------------------------------------------------------------- 2.3.3 Pass


def test_raj_pass_gains_3_and_next_becomes_first_with_same_options_2_3_3():
    s = game(raj=10, rev=5)
    play(s, "raj", "pass")
    assert s.resources["raj"] == 13
    d = dec(s)
    assert d.actor == "rev"                      # replaces the Raj as 1st Eligible: a full Operation or Event
    assert rule_ids(d) == ["rally", *events(s, "rev"), "pass"]


def test_rev_pass_gains_1_and_second_replaced_2_3_3():
    s = game(rev=5)
    raj_deploy_op(s)
    play(s, "rev", "pass")
    assert s.resources["rev"] == 6
    d = dec(s)
    assert d.actor == "ml" and rule_ids(d) == ["rally:limited", "pass"]   # same options as the passer


def test_nv_pass_own_activist_from_out_of_play_2_3_3():
    s = game()
    board.transfer(s, "ml_activist", 2, "available", "out_of_play")
    board.transfer(s, "inc_activist", 1, "available", "out_of_play")
    play(s, "raj", "pass")
    play(s, "rev", "pass")
    d = dec(s)
    assert d.actor == "ml" and d.step == "sop.act"
    play(s, "ml", "pass")
    d = dec(s)
    assert d.actor == "ml" and d.step == "sop.pass_nv"
    assert d.ids() == ["ml_activist", "inc_activist", "none"]
    play(s, "ml", "ml_activist")
    assert s.out_of_play["ml_activist"] == 1 and s.unity == 3
    assert piece_totals(s) == INVENTORY


def test_nv_pass_other_factions_activist_unity_plus_1_2_3_3():
    s = game()
    board.transfer(s, "inc_activist", 1, "available", "out_of_play")
    play(s, "raj", "pass")
    play(s, "rev", "pass")
    play(s, "ml", "pass", "inc_activist")
    assert s.out_of_play.get("inc_activist", 0) == 0 and s.unity == 4


def test_nv_pass_may_move_nothing_and_no_question_without_out_of_play():
    s = game()
    board.transfer(s, "inc_activist", 1, "available", "out_of_play")
    play(s, "raj", "pass")
    play(s, "rev", "pass")
    play(s, "ml", "pass", "none")
    assert s.out_of_play["inc_activist"] == 1 and s.unity == 3
    play(s, "inc", "pass")                       # still Out of Play: Congress is asked too
    assert dec(s).step == "sop.pass_nv"
    play(s, "inc", "none")
    assert s.current == 9                        # all passed: next card (2.3.3)


def test_all_pass_next_card_everyone_eligible_2_3_3():
    s = game(raj=10, rev=5)
    for f in ("raj", "rev", "ml", "inc"):
        play(s, f, "pass")
    assert s.current == 9 and s.next == 10 and 3 in s.played
    assert set(s.eligibility.values()) == {"eligible"}
    assert s.resources == {"raj": 13, "rev": 6}


# ---------------------------------------------------------------- 2.3.6 / 2.3.7


def test_eligibility_adjustment_and_next_card_2_3_6_2_3_7():
    s = game(rev=5)
    raj_deploy_op(s)
    play(s, "rev", "rally:limited", "bihar")
    # two Eligible factions acted: the card ends (2.3.6)
    assert s.eligibility == {"raj": "ineligible", "rev": "ineligible", "ml": "eligible", "inc": "eligible"}
    assert s.current == 9 and s.next == 10 and s.played[-1] == 3     # 2.3.7
    # card 9 (Raj, Rev, ML, Congress): the Ineligible are skipped (2.3.2)
    d = dec(s)
    assert d.actor == "ml" and d.step == "sop.act" and "rally" in d.ids()
    play(s, "ml", "pass")
    play(s, "inc", "pass")
    # nobody acted on card 9: everyone Eligible again (2.3.6)
    assert set(s.eligibility.values()) == {"eligible"}


def test_event_eligibility_effects_2_3_6():
    """Events may keep a faction Eligible or make one Ineligible for the next
    card (2.3.1, 2.3.6)."""
    s = game()
    raj_deploy_op(s, "op")
    s.turn.stay_eligible = ["raj"]
    s.turn.make_ineligible = ["inc"]
    play(s, "rev", "pass")
    play(s, "ml", "pass")
    play(s, "inc", "pass")
    assert s.eligibility == {"raj": "eligible", "rev": "eligible", "ml": "eligible", "inc": "ineligible"}
    assert s.turn.stay_eligible == [] and s.turn.make_ineligible == []


# ---------------------------------------------------------------- 2.4 Campaign hand-off


def test_campaign_card_revealed_as_next_is_swapped_2_4():
    s = game(deck=(3, 9, 74, 10, 11, 12, 76, 13))
    for f in ("raj", "rev", "ml", "inc"):
        play(s, f, "pass")
    # 9 became current and 74 was revealed as next: swapped, Campaign round now
    assert s.current == 74 and s.next == 9
    assert dec(s).step.startswith("campaign.")
    for _ in range(2000):
        d = dec(s)
        if d.step == "sop.act":
            break
        engine.apply(s, d.actor, decide(s, d))
    assert s.viceroy == 74
    assert s.current == 9 and s.next == 10       # the swapped card is played first


# ---------------------------------------------------------------- end-of-turn hooks


def test_crisis_during_turn_gives_raj_a_die_of_cubes_6_8():
    """6.8: a Crisis triggered during a turn (here by Riot's Restraint -1 with
    Unity 1): at the end of that turn the Raj may move up to a die roll of
    cubes from Out of Play (no Troops into States)."""
    s = blank(deck=CARD3, viceroy=75, dice=[2])
    s.resources["rev"] = 5
    s.restraint, s.unity = 2, 1
    board.transfer(s, "troop", 3, "available", "out_of_play")
    put(s, "bihar", guerrilla_underground=1)
    play(s, "raj", "pass")
    play(s, "rev", "op", "riot", "bihar", "done")
    assert s.restraint == 1
    d = dec(s)
    assert d.actor == "raj" and d.step == "crisis.cubes"
    assert "troop:hyderabad" not in d.ids()      # Hyderabad is a Princely State
    play(s, "raj", "troop:delhi", "troop:bombay")
    assert s.out_of_play["troop"] == 1           # die roll 2: no more
    assert dec(s).actor == "ml"                  # the 2nd Eligible acts next
    assert piece_totals(s) == INVENTORY
