"""Ruleset 7 (issue 32, the third pass): the plays ruleset 6 lost, the gap
of 1.4.1 inside Events, an Operation opened by its Special Activity, the
Sweep's Activation before a Special Activity. Each test cites the seed line
(IT = gandhi_rules_it.txt, ES = gandhi_rules_es.txt) it reads."""
from __future__ import annotations

import pytest

import engine
from engine.gandhi import board
from engine.gandhi.ruleset import ruleset
from helpers import rule_ids



def test_new_games_are_ruleset_7():
    from test_taps5 import game

    assert ruleset(game()) == 7


# --- finding 1: Congress Demonstrate takes League Activists along (3.3.2) --------------

def _demonstrate_up():
    """The issue's position: Unity 2, Bihar with 3 Congress and 3 League
    Activists; Congress Demonstrates into United Provinces."""
    from test_nonviolent import blank, put, start

    s = blank(restraint=3, unity=2)
    put(s, "bihar", inc_activist=3, ml_activist=3)
    start(s, "inc", "demonstrate")
    engine.apply(s, "inc", "united_provinces")
    return s


def test_congress_demonstrate_moves_league_activists_in_one_answer_3_3_2():
    """IT 3.3.2 L538 / ES 3.3.2 L1558: Congress (only) may move Muslim
    League Activists, up to Unity in all, each accompanied one for one by a
    Congress Activist. Under ruleset 6 the one answer for the moves never
    offered ``ml:bihar`` (it waited for a Congress move that the answer had
    not made yet)."""
    s = _demonstrate_up()
    d = engine.decision(s)
    assert d.step == "nv.demonstrate.move"
    assert "ml:bihar" in rule_ids(d)
    assert d.find("bihar*2+ml:bihar") is not None          # docs/taps.md's own example
    engine.apply(s, "inc", "bihar*2+ml:bihar")
    assert board.count(s, "united_provinces", "inc_activist") == 2
    assert board.count(s, "united_provinces", "ml_activist") == 1
    assert board.count(s, "bihar", "ml_activist") == 2


def test_congress_demonstrate_league_activists_one_for_one_and_unity_3_3_2():
    """IT 3.3.2 L538: no more League Activists than Congress Activists from
    the same space, no more than Unity (2) in all: refused whole, nothing moved."""
    from engine.core.errors import IllegalChoice

    s = _demonstrate_up()
    for bad in ("bihar+ml:bihar*2", "bihar*3+ml:bihar*3"):
        with pytest.raises(IllegalChoice):
            engine.apply(s, "inc", bad)
        assert board.count(s, "bihar", "ml_activist") == 3 and board.count(s, "bihar", "inc_activist") == 3
    engine.apply(s, "inc", "bihar*3+ml:bihar*2")
    assert board.count(s, "united_provinces", "ml_activist") == 2


# --- finding 2: 1.4.1 inside an Event while pieces of the kind are Available -----------

def _c44_one_guerrilla_available(available: int = 1):
    """#44 shaded for the Revolutionaries (1st Eligible), every Guerrilla but
    ``available`` in Orissa; Bihar and Delhi chosen."""
    from engine.gandhi.state import INVENTORY
    from helpers import blank, put

    s = blank(deck=(44, 41, 42, 43))
    put(s, "orissa", guerrilla_underground=INVENTORY["guerrilla"] - available)
    engine.apply(s, "rev", "event-shaded")
    engine.apply(s, "rev", "bihar")
    engine.apply(s, "rev", "delhi")
    return s


def test_event_takes_back_guerrillas_to_place_more_than_were_available_1_4_1():
    """IT 1.4.1 L147 / ES 1.4.1 L349: while executing an Event the
    Revolutionaries may take their pieces off the map to Available. The
    playbook's #44 shaded: with 1 Guerrilla Available they take back two
    and place 3 in Bihar. Before ruleset 7 the Event loop never offered it."""
    s = _c44_one_guerrilla_available()
    d = engine.decision(s)
    assert d.step == "event:pieces" and "take-back" in d.ids()
    for _ in range(2):
        engine.apply(s, "rev", "take-back")
        assert engine.decision(s).step == "side.take_back"
        engine.apply(s, "rev", "orissa:guerrilla_underground")
    d = engine.decision(s)
    assert d.step == "event:pieces" and d.find("bihar:guerrilla*3") is not None
    engine.apply(s, "rev", "bihar:guerrilla*3")
    assert board.count(s, "bihar", "guerrilla_underground") == 3
    engine.apply(s, "rev", "done")
    assert engine.decision(s).step == "sop.act"


def test_event_with_none_available_still_asks_so_pieces_can_be_taken_back_1_4_1():
    """IT 1.4.1 L147: with no Guerrilla Available the loop does not close by
    itself while the Revolutionaries have Guerrillas on the map: they may
    take some back (or place none: 1.4.1 L146, an instruction ignored)."""
    s = _c44_one_guerrilla_available(available=0)
    d = engine.decision(s)
    assert d.step == "event:pieces" and set(rule_ids(d)) == {"done"} and "take-back" in d.ids()
    engine.apply(s, "rev", "take-back")
    engine.apply(s, "rev", "orissa:guerrilla_underground")
    engine.apply(s, "rev", "delhi:guerrilla")
    assert board.count(s, "delhi", "guerrilla_underground") == 1
    assert engine.decision(s).step == "event:pieces"     # still 3 to place: they may take more back
    engine.apply(s, "rev", "done")
    assert engine.decision(s).step == "sop.act"


def test_bots_never_take_back_and_close_the_empty_loop():
    from engine.gandhi.bots.policy import decide

    s = _c44_one_guerrilla_available(available=0)
    d = engine.decision(s)
    assert decide(s, d) == "done"


# --- finding 4: the Sweep's Activation before a Special Activity comes between ---------

def test_sweep_activates_each_destination_before_govern_can_come_between_3_2_3():
    """IT 3.2.3 L459-461 ("Poi, in ogni destinazione Attivate una Guerriglia
    per ogni cubo") with 4.1 / 4.2.2: each space's Sweep procedure (move,
    then Activate) completes before a Special Activity comes between
    spaces. Ruleset 6 left the Guerrillas Underground until the Operation's
    end, so Govern offered Imperialism in a space the Sweep was about to
    expose (docs/rulings/raj.md R-3.2.3-activate)."""
    from test_raj import empty_board, pc
    from test_raj import put as rput
    from test_taps import tap as rtap

    s = empty_board(restraint=2, resources=10)
    rput(s, "bombay", troop=2)
    rput(s, "bombay_presidency", guerrilla_underground=1)
    s.spaces["bombay_presidency"].unrest = 1
    rtap(s, "sweep", "bombay_presidency")
    d = engine.decision(s)
    assert d.step == "raj.sweep.moves"
    engine.apply(s, "raj", "troop:bombay*2")
    assert pc(s, "bombay_presidency", "guerrilla_active") == 1       # activated with its moves
    d = engine.decision(s)
    assert d.step == "op.loop" and "sa:govern" in d.ids()
    from engine.gandhi.special_activities.raj import govern_modes

    assert govern_modes(s, "bombay_presidency") == ["remove"]   # no Imperialism: an Active adversary (4.2.2)
    engine.apply(s, "raj", "sa:govern")
    engine.apply(s, "raj", "bombay_presidency")                   # its one mode applied: the Guerrilla removed
    assert pc(s, "bombay_presidency", "guerrilla_active") == 0 and s.spaces["bombay_presidency"].unrest == 1
    while (d := engine.decision(s)).step != "sop.act":
        engine.apply(s, "raj", "done" if "done" in d.ids() else rule_ids(d)[0])
    activations = [e for e in s.log if e["key"] == "log.raj_activate"]
    assert len(activations) == 1                                  # once, with its moves


# --- finding 3: an Operation whose only space a Special Activity would open -------------

def test_an_operation_a_special_activity_would_open_is_offered_only_then_3_1_5():
    """IT 3.1.5 L411 / 4.4.3 ESEMPIO L774 (test_taps_examples.py plays the
    example itself): Non-Cooperation is offered to the League while its one
    space (Punjab, Raj Control) can be opened by Persuade; not when no
    Special Activity could open it (4.4.3 L766: one Active piece removed
    still leaves Raj Control, no Guerrilla to Activate), and never as
    a Limited Operation (no Special Activity, 2.3.5)."""
    from engine.gandhi import board as gboard
    from test_taps_examples import ML_FIRST, nv_game
    from helpers import put

    s = nv_game(ML_FIRST, unity=3)
    put(s, "punjab", troop=3, ml_activist=1, inc_activist=1, guerrilla_underground=2)
    gboard.add_protest(s, "punjab", for_operation=False)
    ids = rule_ids(engine.decision(s))
    assert "non_cooperation" in ids and "non_cooperation:limited" not in ids
    s2 = nv_game(ML_FIRST, unity=3)
    put(s2, "punjab", troop=5, ml_activist=1, inc_activist=1)   # one cube Persuaded away leaves Raj Control
    gboard.add_protest(s2, "punjab", for_operation=False)
    assert "non_cooperation" not in rule_ids(engine.decision(s2))
