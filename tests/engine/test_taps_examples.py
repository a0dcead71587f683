"""A turn in a few taps (issue 14): the worked examples of chapter 3 (and
of the Congress, Muslim League and Revolutionary Special Activities of
chapter 4) not yet played with their decisions counted in test_taps5.py and
test_taps5_raj.py, played from the faction's own action (the Operation
named with it) under the newest ruleset, with the number of decisions the
player makes asserted. What each example does to the board is asserted as
the rules' example says; the same rules, case by case, are in
test_raj.py, test_nonviolent.py and test_revolutionaries.py. Two examples
the engine cannot play yet are xfail(strict=True) (3.1.5 example 2 in
test_nonviolent.py, 4.4.3 here)."""
import pytest

import engine
from engine.core.errors import IllegalChoice
from engine.gandhi import board
from engine.gandhi import derived as dv
from engine.gandhi.invariants import piece_totals
from engine.gandhi.state import INVENTORY
from helpers import blank, pc, put, rule_ids
from test_revolutionaries import crisis_game, new
from test_revolutionaries import put as rput

ML_FIRST = (5, 40, 41, 42)        # card 5: the Muslim League 1st Eligible (2.3.2)
CONGRESS_FIRST = (6, 40, 41, 42)  # card 6: Congress 1st Eligible


def tap(s, actor, *choices):
    """Answer ``choices`` in order, each one asked of ``actor``; the number
    of decisions the player made (a choice the engine applied by itself as
    the only answer is not among them)."""
    for c in choices:
        d = engine.decision(s)
        assert d.actor == actor and d.find(c) is not None, (c, d.step, rule_ids(d))
        engine.apply(s, actor, c)
    return len(choices)


def nv_game(deck, restraint=3, unity=3, protests_free=6):
    """An emptied map, ``deck`` on top; Restraint, Unity and the Available
    Protest boxes (lowest first) set."""
    s = blank(deck=deck)
    s.protest_boxes = [i < protests_free for i in range(6)]
    s.restraint, s.unity = restraint, unity
    return s


def turn_over(s, faction):
    """The faction's turn is over: the next decision is someone else's (2.3)."""
    return engine.decision(s).actor != faction


# ---------------------------------------------------------------- Congress and Muslim League (3.3)


def test_rally_space_choice_example_3_3_1_in_two_decisions():
    """3.3.1 ESEMPIO: Unity 3: the Muslim League Rallies in Sind, Baluchistan
    and Karachi (no Support) and in Punjab for its Base, regardless of Unity
    or Support: the action and the four spaces together; one Activist each
    (two in Punjab, 1 + its Base) is placed without a question."""
    s = nv_game(ML_FIRST, unity=3)
    put(s, "punjab", ml_base=1)
    s.spaces["punjab"].support = 1
    s.spaces["northwest_frontier"].support = 0
    n = tap(s, "ml", "rally", "sind+baluchistan+karachi+punjab")
    assert n == 2 and engine.decision(s).actor != "ml"       # the spaces closed the Rally
    assert [pc(s, sid, "ml_activist") for sid in ("sind", "baluchistan", "karachi", "punjab")] == [1, 1, 1, 2]
    assert piece_totals(s) == INVENTORY


def test_rally_fourth_space_without_a_base_is_refused_whole_3_3_1():
    """3.3.1: Unity 3: three spaces without an ML Base at most; a set of four
    is refused, nothing changed (as a Sweep's set of destinations is, 3.2.3).
    Ruleset 6 judges the set whole (``check_joined``); ruleset 5 passed the
    fourth space over, and its games keep doing so."""
    s = nv_game(ML_FIRST, unity=3)
    tap(s, "ml", "rally")
    before = engine.dump_state(s)
    with pytest.raises(IllegalChoice):
        engine.apply(s, "ml", "sind+baluchistan+karachi+northwest_frontier")
    assert engine.dump_state(s) == before


def test_civil_disobedience_example_3_3_3_in_seven_decisions():
    """3.3.3 ESEMPIO: Restraint 3, 2 Protests Available: Protests in Bombay
    Presidency and Coastal Andhra (chosen together; no Activist onto a
    Railway there); with no Protest left, the Activist in Hyderabad moves
    onto the adjacent Railway next to Bombay Presidency."""
    s = nv_game(CONGRESS_FIRST, restraint=3, protests_free=2)
    for sid in ("bombay_presidency", "coastal_andhra", "hyderabad"):
        put(s, sid, inc_activist=1)
    n = tap(s, "inc", "civil_disobedience", "bombay_presidency+coastal_andhra", "done", "done")
    assert s.spaces["bombay_presidency"].protest and s.spaces["coastal_andhra"].protest
    assert dv.protest_available(s) == 0
    n += tap(s, "inc", "hyderabad", "rail_hyderabad_bombay_presidency")
    assert not s.spaces["hyderabad"].protest
    assert s.spaces["rail_hyderabad_bombay_presidency"].pieces == {"inc_activist": 1}
    # Restraint 3 used: no space left, the Operation ends, a Special Activity now or after its end (4.1)
    assert [c for c in rule_ids(engine.decision(s)) if not c.startswith("sa:")] == ["done", "then_sa"]
    n += tap(s, "inc", "done")                  # the closing "done" (a Special Activity could still follow, 4.1)
    assert n == 7 and turn_over(s, "inc")
    assert piece_totals(s) == INVENTORY


def test_non_cooperation_example_3_3_4_in_three_decisions():
    """3.3.4 ESEMPIO: Coastal Andhra (Protest, Congress Activist, no Raj
    Control) shifts toward Active Opposition; Bombay Presidency (Raj Control)
    and Hyderabad (Gandhi is no Activist) cannot be chosen; Restraint -1 once
    the Operation ends. The "done" closes it (Persuade or Satyagraha could
    still be made, 4.1)."""
    s = nv_game(CONGRESS_FIRST, restraint=3)
    put(s, "coastal_andhra", inc_activist=1)
    put(s, "bombay_presidency", inc_activist=1, troop=3)
    put(s, "hyderabad", gandhi=1)
    for sid in ("coastal_andhra", "bombay_presidency", "hyderabad"):
        board.add_protest(s, sid, for_operation=False)
    n = tap(s, "inc", "non_cooperation")
    assert [c for c in rule_ids(engine.decision(s)) if not c.startswith("sa:")] == ["coastal_andhra"]
    n += tap(s, "inc", "coastal_andhra")
    assert s.spaces["coastal_andhra"].support == -1 and s.restraint == 3
    n += tap(s, "inc", "done")
    assert n == 3 and s.restraint == 2 and turn_over(s, "inc")


def test_example_1_of_3_1_5_negotiate_mid_civil_disobedience_counted(ruleset5):
    """3.1.5 example 1: Restraint 2: Civil Disobedience in two spaces, then
    a Negotiate in Bihar removes its Protest: Restraint 3, a third space
    (Mysore) may be chosen."""
    s = nv_game(CONGRESS_FIRST, restraint=2)
    for sid in ("bihar", "orissa", "assam", "mysore", "madras"):
        put(s, sid, inc_activist=1)
    board.add_protest(s, "bihar", for_operation=False)
    n = tap(s, "inc", "civil_disobedience", "orissa+assam")
    while engine.decision(s).step == "nv.cd.rail":           # no Activist onto a Railway
        n += tap(s, "inc", "done")
    assert "mysore" not in engine.decision(s).ids()
    n += tap(s, "inc", "sa:negotiate", "bihar", "done")   # no Muslim State there: nothing more to ask
    assert s.restraint == 3 and not s.spaces["bihar"].protest
    n += tap(s, "inc", "mysore")
    while engine.decision(s).step == "nv.cd.rail":
        n += tap(s, "inc", "done")
    assert s.spaces["mysore"].protest and not s.spaces["madras"].protest
    assert n == 8 and turn_over(s, "inc")    # Restraint 3 used, Negotiate made: the Operation closed by itself


# ---------------------------------------------------------------- Revolutionaries (3.4)


def test_rally_base_example_3_4_1_in_four_decisions_ruleset5(ruleset5):
    """3.4.1 ESEMPIO: Unity 2: the Revolutionaries pay 1 to Rally in Punjab
    and swap its 2 Guerrillas for a Base, in the last Base slot there
    (ruleset 5: the space, then the Base, then done)."""
    s = new(unity=2, rev=5)
    rput(s, "punjab", ml_base=1, guerrilla_underground=2)
    n = tap(s, "rev", "rally", "punjab", "base")
    assert dict(s.spaces["punjab"].pieces) == {"ml_base": 1, "rev_base": 1}
    assert s.resources["rev"] == 4 and dv.base_room(s, "punjab") == 0
    n += tap(s, "rev", "done")
    assert n == 4 and turn_over(s, "rev")


def test_rally_base_example_3_4_1_in_two_decisions():
    """3.4.1 ESEMPIO under ruleset 6: the Base chosen with the space, and the
    set of spaces closes the Rally when no Special Activity may follow
    (issue 14): "rally", "punjab:base"."""
    s = new(unity=2, rev=5)
    rput(s, "punjab", ml_base=1, guerrilla_underground=2)
    n = tap(s, "rev", "rally", "punjab:base")
    assert dict(s.spaces["punjab"].pieces) == {"ml_base": 1, "rev_base": 1}
    assert s.resources["rev"] == 4 and dv.base_room(s, "punjab") == 0
    assert n == 2 and turn_over(s, "rev")


def test_attack_example_3_4_3_counted():
    """3.4.3 ESEMPIO: East Bengal and Bihar chosen together; East Bengal: 3
    Guerrillas Activate, Raj Control lost, die 2: the Sepoy then the Troop
    (Troops last) removed, Unrest; Bihar: die 1: two Sepoys removed, Unrest
    for the Protest. 2 Resources."""
    s = new(dice=[2, 1], rev=5)
    rput(s, "east_bengal", troop=1, sepoy=1, guerrilla_underground=3)
    rput(s, "bihar", protest=True, sepoy=5, guerrilla_underground=2)
    n = tap(s, "rev", "attack", "east_bengal+bihar", "sepoy", "troop", "sepoy", "sepoy")
    assert dict(s.spaces["east_bengal"].pieces) == {"guerrilla_active": 3}
    assert s.spaces["east_bengal"].unrest == 1
    assert dict(s.spaces["bihar"].pieces) == {"sepoy": 3, "guerrilla_active": 2}
    assert s.spaces["bihar"].unrest == 1 and s.resources["rev"] == 3
    n += tap(s, "rev", "done")                  # the closing "done" (Aid or Infiltrate could still follow, 4.1)
    assert n == 7 and turn_over(s, "rev")


def test_riot_example_3_4_4_in_two_decisions():
    """3.4.4 ESEMPIO: Crisis: 1 Resource each (Restraint 1) for Bombay
    Presidency (its Guerrilla Activated, Unrest) and Bombay (Congress and
    Muslim League Activists), chosen together."""
    s = crisis_game(rev=2)
    rput(s, "bombay_presidency", support=1, guerrilla_underground=1)
    rput(s, "bombay", support=-2, inc_activist=1, ml_activist=1)
    n = tap(s, "rev", "riot", "bombay_presidency+bombay")
    assert dict(s.spaces["bombay_presidency"].pieces) == {"guerrilla_active": 1}
    assert s.spaces["bombay_presidency"].unrest == 1 and s.spaces["bombay"].unrest == 1
    assert s.resources["rev"] == 0 and s.restraint == 1
    assert n == 2 and turn_over(s, "rev")       # no Resources left for more: the Riot closed by itself


def test_example_3_of_3_1_5_riot_assassinate_crisis_counted(ruleset5):
    """3.1.5 example 3: Restraint 1, Unity 2: Riot in Bihar (a Congress
    Activist), Assassinate removes it: Unity 1, Crisis; the Riot goes on in
    Bombay (Congress and Muslim League Activists)."""
    s = new(restraint=1, unity=2, rev=5, dice=[2])
    rput(s, "bihar", protest=True, inc_activist=1, guerrilla_underground=1)
    rput(s, "bombay", inc_activist=1, ml_activist=1)
    n = tap(s, "rev", "riot")
    assert "bombay" not in engine.decision(s).ids()
    n += tap(s, "rev", "bihar", "sa:assassinate", "bihar")
    assert s.unity == 1 and dv.crisis(s)
    n += tap(s, "rev", "done")                  # the Assassinate over, back to the Riot
    assert "bombay" in engine.decision(s).ids()
    n += tap(s, "rev", "bombay")
    assert s.spaces["bombay"].unrest == 1 and s.resources["rev"] == 3
    assert n == 6 and turn_over(s, "rev")       # its Special Activity made, nothing left: closed by itself


# ---------------------------------------------------------------- the Raj (3.2)


def test_sweep_madras_example_3_2_3_unpaid_in_four_decisions():
    """3.2.3 ESEMPIO, its other branch: had the Raj not paid for the Sepoy
    already in Madras Presidency, the Troop that moved in Activates 1
    Guerrilla only and Raj Control is kept (the paid branch:
    test_taps5_raj.py)."""
    from test_raj import empty_board
    from test_raj import put as raj_put

    s = empty_board(viceroy="chelmsford", restraint=4, resources=10)
    raj_put(s, "madras_presidency", sepoy=1, guerrilla_underground=2)
    raj_put(s, "madras", troop=1)
    n = tap(s, "raj", "sweep", "madras_presidency", "troop:madras", "done")
    assert s.resources["raj"] == 10
    assert pc(s, "madras_presidency", "guerrilla_active") == 1
    assert dv.raj_control(s, "madras_presidency")
    assert n == 4 and turn_over(s, "raj")


# ---------------------------------------------------------------- Special Activities (4.3-4.5)


def test_congress_negotiate_example_4_3_1_counted():
    """4.3.1 ESEMPIO: Negotiate in West Bengal (no Protest): Restraint +1;
    Congress outnumbers the ML there: the Muslim State is removed; Raj
    Control; Neutral. Three decisions after the action, then the Rally
    goes on (its space still to choose, 2.3.4)."""
    s = nv_game(CONGRESS_FIRST, restraint=2)
    put(s, "west_bengal", inc_activist=2, ml_activist=1, sepoy=2)
    s.spaces["west_bengal"].muslim_state = True
    s.spaces["west_bengal"].support = 1
    put(s, "bihar", inc_activist=1)
    n = tap(s, "inc", "rally", "sa:negotiate", "west_bengal", "muslim_state")
    sp = s.spaces["west_bengal"]
    assert s.restraint == 3 and not sp.muslim_state and sp.support == 0 and dv.raj_control(s, "west_bengal")
    d = engine.decision(s)
    assert n == 4 and d.step == "op.loop" and "west_bengal" not in d.ids()   # not for the Rally (4.1.1)


def test_satyagraha_example_4_3_2_counted():
    """4.3.2 ESEMPIO: Gandhi moves to United Provinces, a Congress Activist
    is added: the cubes no longer exceed the Active adversaries, Raj
    Control is lost."""
    s = nv_game(CONGRESS_FIRST)
    put(s, "bihar", gandhi=1)
    put(s, "united_provinces", troop=2)
    board.add_protest(s, "united_provinces", for_operation=False)
    put(s, "orissa", inc_activist=1)
    n = tap(s, "inc", "rally", "sa:satyagraha", "united_provinces", "activist")
    assert pc(s, "united_provinces", "gandhi") == 1 and pc(s, "united_provinces", "inc_activist") == 1
    assert not dv.raj_control(s, "united_provinces")
    assert n == 4 and engine.decision(s).step == "op.loop"


def test_congress_persuade_example_4_3_3_counted(ruleset5):
    """EJEMPLO 4.3.3: Persuade in Mysore removes the unguarded Revolutionary
    Base and in Madras Presidency the ML Activist (Unity -1): each space's
    one removal is not asked."""
    s = nv_game(CONGRESS_FIRST, unity=3)
    put(s, "mysore", inc_activist=1, rev_base=1)
    put(s, "madras_presidency", inc_activist=1, ml_activist=1)
    board.add_protest(s, "madras_presidency", for_operation=False)
    n = tap(s, "inc", "civil_disobedience", "sa:persuade", "mysore", "madras_presidency")
    assert pc(s, "mysore", "rev_base") == 0 and pc(s, "madras_presidency", "ml_activist") == 0
    assert s.unity == 2
    assert n == 4 and engine.decision(s).step == "op.loop"   # the Civil Disobedience still needs its space


def test_ml_negotiate_example_4_4_1_counted():
    """EJEMPLO 4.4.1: East Bengal: the Protest removed, Restraint +1,
    Passive Support, a Muslim State; the Raj moves the Troop that must leave
    to Calcutta (the Raj's one decision)."""
    s = nv_game(ML_FIRST, restraint=2)
    put(s, "east_bengal", ml_activist=2, troop=1)
    board.add_protest(s, "east_bengal", for_operation=False)
    s.spaces["east_bengal"].support = -1
    put(s, "sind", ml_activist=1)
    n = tap(s, "ml", "rally", "sa:negotiate", "east_bengal", "muslim_state")
    raj = tap(s, "raj", "calcutta")
    sp = s.spaces["east_bengal"]
    assert s.restraint == 3 and not sp.protest and sp.muslim_state and sp.support == 1
    assert pc(s, "east_bengal", "troop") == 0 and pc(s, "calcutta", "troop") == 1
    assert n == 4 and raj == 1 and engine.decision(s).actor == "ml"


def test_ml_infiltrate_example_4_4_2_counted():
    """4.4.2 ESEMPIO: Crisis; Sind (no Raj Control: the ML Base is Active):
    the ML could replace the Sepoy or the Guerrilla but places a Muslim
    State."""
    s = nv_game(ML_FIRST, restraint=1, unity=1)
    put(s, "sind", sepoy=1, guerrilla_underground=1, ml_base=1, ml_activist=1)
    n = tap(s, "ml", "rally", "sa:infiltrate", "sind", "muslim_state")
    assert s.spaces["sind"].muslim_state and dv.is_state(s, "sind")
    assert n == 4 and engine.decision(s).step == "op.loop"


def test_ml_persuade_example_4_4_3_then_non_cooperation_counted():
    """4.4.3 ESEMPIO (IT L774; 3.1.5 L411): the ML wants Non-Cooperation in Punjab, but Raj
    Control prevents it; Persuade Activates both Guerrillas (one per Active
    NV Activist); Raj Control lost, Punjab is chosen for Non-Cooperation.
    Ruleset 7 (issue 32, finding 3; 3.1.5): the Operation is offered because
    a Special Activity paired with it would open its space."""
    s = nv_game(ML_FIRST, unity=3)
    put(s, "punjab", troop=3, ml_activist=1, inc_activist=1, guerrilla_underground=2)
    board.add_protest(s, "punjab", for_operation=False)
    n = tap(s, "ml", "non_cooperation", "sa:persuade", "punjab", "activate")
    assert pc(s, "punjab", "guerrilla_active") == 2 and not dv.raj_control(s, "punjab")
    # Punjab, now the Operation's one space, is applied as the only answer (ruleset 4)
    assert any(e["key"] == "log.only_choice" and e["params"]["choice"] == "punjab" for e in s.log)
    assert s.spaces["punjab"].support == -1
    assert n == 4 and engine.decision(s).actor != "ml"


def test_aid_example_4_5_1_in_six_decisions(ruleset5):
    """4.5.1 ESEMPIO: Aid in United Provinces (a Guerrilla Activated, +2
    Resources) and Bihar (1 Resource: its 3 Active Guerrillas Underground);
    "close" ends the Aid and the Rally together."""
    s = new(rev=5)
    rput(s, "united_provinces", guerrilla_underground=2)
    rput(s, "bihar", guerrilla_active=3)
    rput(s, "gujarat", guerrilla_underground=1)
    n = tap(s, "rev", "rally", "gujarat", "sa:aid", "united_provinces", "bihar")
    assert dict(s.spaces["united_provinces"].pieces) == {"guerrilla_active": 1, "guerrilla_underground": 1}
    assert dict(s.spaces["bihar"].pieces) == {"guerrilla_underground": 3}
    assert s.resources["rev"] == 5                  # 5 - 1 (Rally) + 2 - 1
    n += tap(s, "rev", "close")
    assert n == 6 and turn_over(s, "rev")


def test_revolutionary_infiltrate_example_4_5_2_counted(ruleset5):
    """4.5.2 ESEMPIO: Crisis; Sind (Pop 1) already holds a Base: no
    Revolutionary Base; the ML Activist is replaced by an Underground
    Guerrilla, the one thing Infiltrate can do there (not asked)."""
    s = crisis_game(rev=5)
    rput(s, "sind", ml_base=1, ml_activist=1, guerrilla_underground=1)
    rput(s, "gujarat", guerrilla_underground=1)
    n = tap(s, "rev", "rally", "hyderabad", "sa:infiltrate", "sind")
    assert dict(s.spaces["sind"].pieces) == {"ml_base": 1, "guerrilla_underground": 2}
    n += tap(s, "rev", "close")
    assert n == 5 and turn_over(s, "rev")


def test_assassinate_example_4_5_3_in_five_decisions():
    """4.5.3 ESEMPIO: United Provinces chosen for Riot; Assassinate removes
    the Raj Troop to Available, a Sepoy there notwithstanding."""
    s = new(rev=5)
    rput(s, "united_provinces", troop=1, sepoy=1, guerrilla_underground=1)
    rput(s, "bihar", troop=1, guerrilla_underground=1)
    troops = s.available["troop"]
    n = tap(s, "rev", "riot", "united_provinces", "sa:assassinate", "united_provinces", "troop")
    assert s.available["troop"] == troops + 1
    assert dict(s.spaces["united_provinces"].pieces) == {"sepoy": 1, "guerrilla_active": 1}
    assert n == 5 and turn_over(s, "rev")           # Restraint 3 a space: no second Riot space to pay
