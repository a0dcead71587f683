"""Revolutionary Operations (3.4) and Special Activities (4.5), built on the
rules' worked examples (ESEMPIO/EJEMPLO) and edge cases."""
import pytest

import engine
from engine.core.errors import IllegalChoice
from engine.gandhi import board
from engine.gandhi import derived as dv
from engine.gandhi.operations.revolutionaries import march_reach
from engine.gandhi.state import INVENTORY
from helpers import rule_ids, take

# new games (ruleset 5), in the player's terms: the action names the
# Operation ("march"), a March destination its side ("bihar:active"), counts
# for several Guerrillas ("orissa*2"); a choice with one answer is applied by
# the engine (helpers.take confirms it from the log), one "done" closes an
# Operation with its Special Activity. Ruleset 5's shapes with the decisions
# counted: test_taps5.py.


def piece_totals(state):
    t = {k: 0 for k in INVENTORY}
    for sp in state.spaces.values():
        for k, v in sp.pieces.items():
            t["guerrilla" if k.startswith("guerrilla") else k] += v
    for b in (state.available, state.out_of_play, state.prison):
        for k, v in b.items():
            t[k] += v
    return t

REV_FIRST_DECK = [19, 20, 21, 22, 23, 24, 30, 32]  # Revolutionaries 1st Eligible


def new(dice=None, **tracks):
    """A short-scenario game with the Revolutionaries 1st Eligible and an empty map."""
    s = engine.new_game("gandhi", "short", 1,
                        {"stacked": {"deck": list(REV_FIRST_DECK), "viceroy": 75, "dice": list(dice or [])}})
    for sid, sp in s.spaces.items():
        for kind in list(sp.pieces):
            board.remove(s, sid, kind, sp.pieces[kind])
        board.remove_protest(s, sid)
        sp.unrest = 0
        sp.strike = False
        sp.support = 0
    for kind in list(s.out_of_play):
        board.transfer(s, kind, s.out_of_play[kind], "out_of_play", "available")
    for kind in list(s.prison):
        board.transfer(s, kind, s.prison[kind], "prison", "available")
    s.restraint = tracks.get("restraint", 3)
    s.unity = tracks.get("unity", 3)
    s.resources["rev"] = tracks.get("rev", 10)
    return s


def put(s, sid, support=0, protest=False, **pieces):
    sp = s.spaces[sid]
    sp.support = support
    if protest:
        assert board.add_protest(s, sid, for_operation=False)
    for kind, k in pieces.items():
        assert board.place(s, sid, kind, k) == k, kind


def pieces(s, sid):
    return dict(s.spaces[sid].pieces)


def play(s, *choices, actor="rev"):
    for c in choices:
        take(s, actor, c)


def ids(s):
    return rule_ids(engine.decision(s))  # side choices (1.5.2, 1.4.1) are tested in test_side_actions.py


def step(s):
    return engine.decision(s).step


def refusal(s, cid, actor="rev"):
    with pytest.raises(engine.IllegalChoice) as e:
        engine.apply(s, actor, cid)
    return e.value.message.fallback()


# --- Rally (3.4.1) ------------------------------------------------------------

@pytest.mark.usefixtures("ruleset5")  # ruleset 6 folds the question into the space: test_rally6.py
def test_rally_example_base_in_last_slot():
    """3.4.1 ESEMPIO: Unity 2, Rally in Punjab swaps the 2 Guerrillas there
    for a Revolutionary Base, in the last Base slot left (Pop 2, 1 ML Base)."""
    s = new(unity=2, rev=5)
    put(s, "punjab", ml_base=1, guerrilla_underground=2)
    play(s, "rally", "punjab")
    assert ids(s) == ["guerrillas", "base"]
    play(s, "base")
    assert pieces(s, "punjab") == {"ml_base": 1, "rev_base": 1}
    assert s.resources["rev"] == 4
    assert dv.base_room(s, "punjab") == 0
    assert piece_totals(s) == INVENTORY


def test_rally_places_one_plus_bases_underground():
    s = new(rev=5)
    put(s, "united_provinces", support=-1, rev_base=1)
    play(s, "rally", "united_provinces")
    # no Guerrillas there to build a Base: placement follows at once
    assert pieces(s, "united_provinces") == {"rev_base": 1, "guerrilla_underground": 2}
    assert s.resources["rev"] == 4


def test_rally_base_not_offered_without_room_or_guerrillas():
    s = new(unity=2)
    put(s, "sind", ml_base=1, guerrilla_underground=3)  # Pop 1: full (1.4.2)
    play(s, "rally", "sind")
    assert pieces(s, "sind")["guerrilla_underground"] == 4
    assert s.spaces["sind"].pieces.get("rev_base", 0) == 0


@pytest.mark.usefixtures("ruleset5")  # ruleset 6 folds the question into the space: test_rally6.py
def test_rally_base_asks_which_guerrillas_to_replace():
    s = new(unity=2)
    put(s, "bihar", guerrilla_underground=1, guerrilla_active=2)
    play(s, "rally", "bihar", "base")
    assert ids(s) == ["active", "underground"]
    play(s, "active")
    assert ids(s) == ["active", "underground"]
    play(s, "active")
    assert pieces(s, "bihar") == {"guerrilla_underground": 1, "rev_base": 1}


@pytest.mark.usefixtures("ruleset5")  # ruleset 6 folds the question into the space: test_rally6.py
def test_rally_base_never_forced_when_no_guerrilla_available():
    s = new(unity=1)
    board.transfer(s, "guerrilla", s.available["guerrilla"] - 1, "available", "out_of_play")
    put(s, "bihar", guerrilla_underground=1)
    play(s, "rally", "bihar")
    assert ids(s) == ["guerrillas", "base"]
    play(s, "guerrillas")  # places none: no Guerrilla Available (1.4.1)
    assert pieces(s, "bihar") == {"guerrilla_underground": 1}


def test_rally_where_allowed():
    s = new()
    put(s, "delhi", support=2)
    put(s, "bombay", support=1, rev_base=1)
    put(s, "gujarat", support=-2)
    play(s, "rally")
    offered = ids(s)
    assert "delhi" not in offered and "bombay" in offered and "gujarat" in offered
    assert "rail_exiting_bombay" not in offered
    assert "Support" in refusal(s, "delhi")
    assert "Railway" in refusal(s, "rail_exiting_bombay")


def test_rally_then_guerrilla_out_of_play_to_available():
    s = new()
    board.transfer(s, "guerrilla", 2, "available", "out_of_play")
    play(s, "rally", "gujarat", "done")
    assert step(s) == "choose:rev.rally.oop"
    play(s, "guerrilla")
    assert s.out_of_play["guerrilla"] == 1


def test_rally_cost_judged_per_space():
    s = new(rev=2)
    play(s, "rally", "gujarat+hyderabad")
    assert s.resources["rev"] == 0
    assert not [c for c in ids(s) if not c.startswith("sa:") and c not in ("done", "then_sa")]  # 3.1: cannot pay for a third space
    assert "cannot pay" in refusal(s, "mysore")


@pytest.mark.usefixtures("ruleset5")
def test_no_resources_no_operation_but_free_march_from_railway():
    """Rulesets before 7: an Operation is offered only with a space now
    (ruleset 7 also offers one a Special Activity would pay for: below)."""
    s = new(rev=0)
    put(s, "bihar", guerrilla_underground=2)
    assert not {"rally", "march", "attack", "riot"} & set(ids(s))  # no Operation can pay for a space (3.1)
    put(s, "rail_calcutta_northwest", guerrilla_active=1)
    s.stack.clear()
    s.turn = type(s.turn)()
    assert [c for c in ids(s) if c in ("rally", "march", "attack", "riot")] == ["march"]  # a Railway origin costs 0 (3.4.2)
    play(s, "march")
    # an Operation needs a space (2.3.4): no "done" before one
    assert [c for c in ids(s) if not c.startswith("sa:")] == ["rail_calcutta_northwest"]


# --- March (3.4.2) -------------------------------------------------------------

def march_example():
    s = new(rev=5)
    put(s, "orissa", support=1, guerrilla_underground=4)
    put(s, "central_provinces", support=0, sepoy=3)
    put(s, "bihar", support=1, sepoy=3)
    put(s, "united_provinces", support=1, sepoy=2)
    return s


def test_march_example_orissa():
    """3.4.2 ESEMPIO: 4 Guerrillas march from Orissa: 2 to Central Provinces
    (no Support: stay Underground), 1 to Bihar (Support, 1+3 cubes > 3:
    Activated), 1 along the Railway to United Provinces (Support but 1+2 <= 3:
    Underground)."""
    s = march_example()
    play(s, "march", "orissa")
    assert s.resources["rev"] == 4
    assert "united_provinces" in ids(s)  # by Railway, Underground only
    play(s, "central_provinces", "central_provinces", "bihar", "united_provinces")
    assert pieces(s, "central_provinces") == {"sepoy": 3, "guerrilla_underground": 2}
    assert pieces(s, "bihar") == {"sepoy": 3, "guerrilla_active": 1}
    assert pieces(s, "united_provinces") == {"sepoy": 2, "guerrilla_underground": 1}
    assert pieces(s, "orissa") == {}
    assert step(s) == "op.loop"  # nothing left to move from Orissa
    # 3.1.2: the Guerrillas that moved cannot move again
    assert "central_provinces" not in ids(s) and "bihar" not in ids(s)
    assert "already moved" in refusal(s, "bihar")


def test_march_railway_reach_is_underground_only():
    assert "united_provinces" in march_reach("orissa", True)
    assert "united_provinces" not in march_reach("orissa", False)
    assert "bihar" in march_reach("orissa", False)
    # along Railways and Cities, then one adjacent space
    assert "punjab" in march_reach("bihar", True)
    assert "orissa" not in march_reach("orissa", True)


def test_march_active_guerrilla_cannot_use_railways():
    s = new()
    put(s, "orissa", guerrilla_active=1)
    play(s, "march", "orissa")
    assert "united_provinces" not in ids(s)
    assert "bihar" in ids(s)


def test_march_asks_which_side_when_both_can_go():
    s = new()
    put(s, "orissa", guerrilla_active=1, guerrilla_underground=1)
    play(s, "march", "orissa")
    assert {"bihar:underground", "bihar:active"} <= set(ids(s))   # the side named with the destination
    play(s, "bihar:active")
    assert pieces(s, "bihar") == {"guerrilla_active": 1}
    # only the Underground one is left: it may still go by Railway
    assert "united_provinces" in ids(s)


def test_march_activation_counts_all_moving_into_destination():
    """Support destination with 2 cubes: the first mover stays Underground
    (1+2 <= 3), the second makes 2+2 > 3 and both movers are Activated."""
    s = new()
    put(s, "orissa", guerrilla_underground=2)
    put(s, "bihar", support=2, troop=1, sepoy=1, guerrilla_underground=1)
    play(s, "march", "orissa", "bihar")
    assert pieces(s, "bihar")["guerrilla_underground"] == 2
    play(s, "bihar")
    # the moving Guerrillas only: the one already there stays Underground
    assert pieces(s, "bihar")["guerrilla_active"] == 2
    assert pieces(s, "bihar")["guerrilla_underground"] == 1


def test_march_onto_railway_activates_when_crowded():
    s = new()
    put(s, "orissa", guerrilla_underground=1)
    put(s, "rail_calcutta_northwest", sepoy=3)
    play(s, "march", "orissa", "rail_calcutta_northwest")
    assert pieces(s, "rail_calcutta_northwest") == {"sepoy": 3, "guerrilla_active": 1}


def test_limited_march_one_origin_several_destinations():
    s = new(rev=5)
    put(s, "orissa", guerrilla_underground=3)
    put(s, "hyderabad", guerrilla_underground=1)
    s.stack.clear()
    from engine.gandhi.actions import begin_operation

    begin_operation(s, "rev", "limited")
    take(s, "rev", "march")
    with pytest.raises(IllegalChoice):            # no second origin (2.3.5)
        engine.apply(s, "rev", "orissa+hyderabad")
    play(s, "orissa", "bihar", "central_provinces", "done")
    assert step(s) == "sop.act"                   # the one origin closed the Limited March
    assert pieces(s, "hyderabad") == {"guerrilla_underground": 1}
    assert pieces(s, "bihar") == {"guerrilla_underground": 1}
    assert pieces(s, "central_provinces") == {"guerrilla_underground": 1}
    assert s.resources["rev"] == 4


# --- Attack (3.4.3) ------------------------------------------------------------

def test_attack_example_east_bengal_and_bihar():
    """3.4.3 ESEMPIO: East Bengal: 3 Guerrillas Activate, Raj Control is lost,
    die 2: both cubes removed to Available, Unrest (no Raj Control). Bihar: 2
    Guerrillas, die 1: two Sepoys removed, Unrest because of the Protest."""
    s = new(dice=[2, 1], rev=5)
    put(s, "east_bengal", troop=1, sepoy=1, guerrilla_underground=3)
    put(s, "bihar", protest=True, sepoy=5, guerrilla_underground=2)
    assert dv.raj_control(s, "east_bengal")
    avail = dict(s.available)
    play(s, "attack", "east_bengal", "sepoy", "troop")  # Troops last (1.4.4)
    assert pieces(s, "east_bengal") == {"guerrilla_active": 3}
    assert s.spaces["east_bengal"].unrest == 1
    assert s.available["troop"] == avail["troop"] + 1 and s.available["sepoy"] == avail["sepoy"] + 1
    play(s, "bihar", "sepoy", "sepoy")
    assert pieces(s, "bihar") == {"sepoy": 3, "guerrilla_active": 2}
    # Raj Control remains (3 cubes > 2 Active Guerrillas) but the Protest is enough
    assert dv.raj_control(s, "bihar")
    assert s.spaces["bihar"].unrest == 1
    assert s.resources["rev"] == 3


def test_attack_failure_activates_only():
    s = new(dice=[3])
    put(s, "bihar", protest=True, sepoy=1, guerrilla_underground=2)
    play(s, "attack", "bihar")
    assert pieces(s, "bihar") == {"sepoy": 1, "guerrilla_active": 2}
    assert s.spaces["bihar"].unrest == 0


def test_attack_no_unrest_under_raj_control_without_protest():
    s = new(dice=[1])
    put(s, "bihar", sepoy=6, guerrilla_underground=1)
    play(s, "attack", "bihar", "sepoy", "sepoy")
    assert pieces(s, "bihar") == {"sepoy": 4, "guerrilla_active": 1}
    assert s.spaces["bihar"].unrest == 0


def test_attack_troops_and_bases_last_never_gandhi():
    s = new(dice=[1])
    put(s, "bombay_presidency", protest=True, troop=1, sepoy=1, inc_activist=1, ml_base=1, gandhi=1,
        guerrilla_underground=2)
    play(s, "attack", "bombay_presidency")
    assert ids(s) == ["sepoy", "inc_activist", "done"]
    assert "gandhi" not in ids(s)
    play(s, "inc_activist")
    # no Activist left: the Base may go; the Sepoy still shields the Troop
    assert ids(s) == ["sepoy", "ml_base", "done"]
    play(s, "ml_base")
    assert pieces(s, "bombay_presidency") == {"troop": 1, "sepoy": 1, "gandhi": 1, "guerrilla_active": 2}
    assert s.available["inc_activist"] >= 1  # removed NV pieces go to Available, not Prison


def test_attack_inactive_activists_not_removed_and_shield_ml_base():
    s = new(dice=[1])
    put(s, "sind", ml_activist=1, ml_base=1, guerrilla_underground=1)
    play(s, "attack", "sind")
    assert pieces(s, "sind") == {"ml_activist": 1, "ml_base": 1, "guerrilla_active": 1}
    assert s.spaces["sind"].unrest == 1  # no Raj Control


def test_attack_removes_up_to_two_and_may_stop():
    """1.4.4 "sino a due pezzi" (ES "puede escoger"), 3.4.3: the removals are
    "up to" two. With only Active Congress Activists present they are not
    taken without a question, and the Revolutionaries may stop at once --
    Attacking only to place Unrest (the 3.4.3 note) -- or after one."""
    s = new(dice=[1, 1])
    put(s, "bihar", protest=True, inc_activist=2, guerrilla_underground=1)
    put(s, "orissa", troop=1, sepoy=2, guerrilla_underground=2)
    play(s, "attack", "bihar")
    assert ids(s) == ["inc_activist", "done"]
    play(s, "done")
    assert pieces(s, "bihar") == {"inc_activist": 2, "guerrilla_active": 1}
    assert s.spaces["bihar"].unrest == 1  # the Unrest still comes (Protest)
    # the player holding the Raj too spares its cubes after the first
    play(s, "orissa", "sepoy", "done")
    assert pieces(s, "orissa") == {"troop": 1, "sepoy": 1, "guerrilla_active": 2}


def test_attack_not_on_railways():
    s = new()
    put(s, "rail_calcutta_northwest", guerrilla_underground=2)
    put(s, "bihar", guerrilla_underground=1)
    play(s, "attack")
    assert "rail_calcutta_northwest" not in ids(s)
    assert "Railway" in refusal(s, "rail_calcutta_northwest")


# --- Riot (3.4.4) ----------------------------------------------------------------

def crisis_game(**kw):
    s = new(restraint=1, unity=1, **kw)
    assert dv.crisis(s)
    return s


def test_riot_example_in_crisis():
    """3.4.4 ESEMPIO: in Crisis the Revolutionaries pay 1 (Restraint 1) for
    Bombay Presidency (Activate the Underground Guerrilla, Unrest) and 1 for
    Bombay, which has both Congress and Muslim League Activists."""
    s = crisis_game(rev=2)
    put(s, "bombay_presidency", support=1, guerrilla_underground=1)
    put(s, "bombay", support=-2, inc_activist=1, ml_activist=1)
    play(s, "riot")
    assert "bombay" in ids(s) and "bombay_presidency" in ids(s)
    play(s, "bombay_presidency", "bombay", "done")
    assert pieces(s, "bombay_presidency") == {"guerrilla_active": 1}
    assert s.spaces["bombay_presidency"].unrest == 1 and s.spaces["bombay_presidency"].support == 0
    assert s.spaces["bombay"].unrest == 1 and s.spaces["bombay"].support == -1
    assert s.resources["rev"] == 0
    assert s.restraint == 1


def test_riot_activists_only_in_crisis_and_costs_restraint():
    s = new(restraint=3, rev=7)
    put(s, "bombay", inc_activist=1, ml_activist=1)
    put(s, "bihar", support=2, guerrilla_underground=2)
    put(s, "orissa", guerrilla_underground=1)
    play(s, "riot")
    assert "bombay" not in ids(s)
    assert "Underground Guerrilla" in refusal(s, "bombay")
    play(s, "bihar+orissa")
    assert s.resources["rev"] == 1
    assert not [c for c in ids(s) if not c.startswith("sa:") and c not in ("done", "then_sa")]  # cannot pay 3 again
    assert s.restraint == 3
    play(s, "done")
    assert s.restraint == 2  # -1 once per Operation
    assert pieces(s, "bihar") == {"guerrilla_underground": 1, "guerrilla_active": 1}
    assert s.spaces["bihar"].support == 1 and s.spaces["bihar"].unrest == 1


def test_riot_on_railway_is_a_strike():
    s = new()
    put(s, "rail_calcutta_northwest", guerrilla_underground=2)
    put(s, "rail_exiting_bombay", guerrilla_underground=1)
    s.spaces["rail_exiting_bombay"].strike = True
    play(s, "riot", "rail_calcutta_northwest", "rail_exiting_bombay", "done")
    assert s.spaces["rail_calcutta_northwest"].strike and s.spaces["rail_calcutta_northwest"].unrest == 0
    assert s.spaces["rail_exiting_bombay"].strike and s.spaces["rail_exiting_bombay"].unrest == 0
    assert dv.unrest_markers_free(s) == 12 - 2


def test_riot_when_unrest_markers_exhausted():
    s = new()
    s.spaces["assam"].unrest = 12
    put(s, "bihar", support=1, guerrilla_underground=1)
    play(s, "riot", "bihar", "done")
    assert s.spaces["bihar"].unrest == 0
    assert s.spaces["bihar"].support == 0  # the shift still happens
    assert s.restraint == 2


def test_free_riot_costs_nothing():
    s = new(rev=0)
    put(s, "bihar", guerrilla_underground=1)
    s.stack.clear()
    from engine.gandhi.actions import begin_operation

    begin_operation(s, "rev", "op", free=True)
    play(s, "riot", "bihar", "done")
    assert s.resources["rev"] == 0 and s.spaces["bihar"].unrest == 1


# --- Aid (4.5.1) -------------------------------------------------------------------

def test_aid_example(ruleset5):
    """4.5.1 ESEMPIO: Aid in United Provinces (Activate a Guerrilla, +2
    Resources, Pop 2) and Bihar (pay 1, its 3 Active Guerrillas go Underground)."""
    s = new(rev=5)
    put(s, "united_provinces", guerrilla_underground=2)
    put(s, "bihar", guerrilla_active=3)
    put(s, "gujarat", guerrilla_underground=1)
    play(s, "rally", "gujarat")
    assert s.resources["rev"] == 4
    play(s, "sa:aid", "united_provinces")
    assert pieces(s, "united_provinces") == {"guerrilla_active": 1, "guerrilla_underground": 1}
    assert s.resources["rev"] == 6
    play(s, "bihar")
    assert pieces(s, "bihar") == {"guerrilla_underground": 3}
    assert s.resources["rev"] == 5


def test_aid_asks_when_both_options_and_keeps_march_record(ruleset5):
    s = new(rev=5)
    put(s, "bihar", guerrilla_active=1, guerrilla_underground=1)
    put(s, "orissa", guerrilla_active=1)
    play(s, "march", "orissa", "bihar")
    assert step(s) == "op.loop"
    play(s, "sa:aid", "bihar")
    assert ids(s) == ["resources", "underground"]
    play(s, "underground")
    assert pieces(s, "bihar") == {"guerrilla_underground": 3}
    play(s, "done")                               # the Aid over, back to the March
    # the Guerrilla that marched into Bihar still may not move again (3.1.2)
    play(s, "bihar")
    d = engine.decision(s)
    assert d.step == "choose:rev.march.dest"
    assert d.find("orissa").most == 2             # only the 2 that had not moved may go
    play(s, "orissa*2")
    assert pieces(s, "bihar") == {"guerrilla_underground": 1}


# --- Infiltrate (4.5.2) ----------------------------------------------------------

def test_infiltrate_example_sind_in_crisis(ruleset5):
    """4.5.2 ESEMPIO: in Crisis Sind (Pop 1, no Raj Control) already holds a
    Base, so no Revolutionary Base; the ML Activist is replaced instead."""
    s = crisis_game(rev=5)
    put(s, "sind", ml_base=1, ml_activist=1, guerrilla_underground=1)
    put(s, "gujarat", guerrilla_underground=1)
    play(s, "rally", "hyderabad", "sa:infiltrate", "sind")
    assert pieces(s, "sind") == {"ml_base": 1, "guerrilla_underground": 2}
    assert step(s) == "sa.loop" and set(ids(s)) <= {"done", "close"}  # one space only


def test_infiltrate_base_in_crisis_only_without_raj_control():
    s = crisis_game(rev=5)
    put(s, "bihar", sepoy=3, guerrilla_underground=1)   # Raj Control
    put(s, "orissa", guerrilla_underground=1)           # a State
    play(s, "rally", "gujarat", "sa:infiltrate", "bihar")
    # Raj Control: no Base even in Crisis; the Sepoy is replaced at once (only option)
    assert pieces(s, "bihar") == {"sepoy": 2, "guerrilla_underground": 2}
    s2 = crisis_game(rev=5)
    put(s2, "orissa", guerrilla_underground=1)
    play(s2, "rally", "gujarat", "sa:infiltrate", "orissa")
    assert pieces(s2, "orissa") == {"guerrilla_underground": 1, "rev_base": 1}


def test_infiltrate_no_base_outside_crisis_and_replaces_protest():
    s = new()
    put(s, "bihar", protest=True, inc_activist=1, guerrilla_underground=1)
    play(s, "rally", "gujarat", "sa:infiltrate", "bihar")
    assert ids(s) == ["inc_activist", "protest"]
    play(s, "protest")
    assert not s.spaces["bihar"].protest
    assert not dv.activists_active(s, "bihar")
    assert pieces(s, "bihar") == {"inc_activist": 1, "guerrilla_underground": 2}


def test_infiltrate_needs_underground_guerrilla():
    s = new()
    put(s, "bihar", sepoy=1, guerrilla_active=2)
    play(s, "rally", "gujarat")
    assert "sa:infiltrate" not in ids(s)  # no space can be infiltrated
    put(s, "orissa", sepoy=1, guerrilla_underground=1)
    play(s, "sa:infiltrate")
    assert "Underground" in refusal(s, "bihar")


# --- Assassinate (4.5.3) ----------------------------------------------------------

def test_assassinate_example_troop_in_riot_space():
    """4.5.3 ESEMPIO: United Provinces chosen for Riot; Assassinate removes the
    Raj Troop to Available, even with a Sepoy still there (no "Troops last")."""
    s = new(rev=5)
    put(s, "united_provinces", troop=1, sepoy=1, guerrilla_underground=1)
    put(s, "bihar", troop=1, guerrilla_underground=1)
    play(s, "riot")
    assert "sa:assassinate" not in ids(s)  # no Riot space chosen yet
    play(s, "united_provinces", "sa:assassinate")
    assert ids(s) == ["united_provinces", "done"]
    assert "Riot" in refusal(s, "bihar")
    troops = s.available["troop"]
    play(s, "united_provinces", "troop")
    assert s.available["troop"] == troops + 1
    assert pieces(s, "united_provinces") == {"sepoy": 1, "guerrilla_active": 1}
    assert s.unity == 3


def test_assassinate_only_with_riot():
    s = new(rev=5)
    put(s, "bihar", troop=1, guerrilla_underground=1)
    play(s, "attack")
    assert not any(c.startswith("sa:assassinate") for c in ids(s))


def test_example_3_1_5_riot_assassinate_crisis_mid_operation(ruleset5):
    """3.1.5 example 3: Restraint 1, Unity 2. Riot in a space with a Congress
    Activist, then Assassinate it: Unity 1, Crisis. The Riot goes on and may now
    choose a space with both Congress and Muslim League Activists."""
    s = new(restraint=1, unity=2, rev=5, dice=[2])
    put(s, "bihar", protest=True, inc_activist=1, guerrilla_underground=1)
    put(s, "bombay", inc_activist=1, ml_activist=1)
    play(s, "riot")
    assert "bombay" not in ids(s)
    play(s, "bihar", "sa:assassinate", "bihar")
    assert s.unity == 1 and dv.crisis(s)
    play(s, "done")
    assert step(s) == "op.loop"
    assert "bombay" in ids(s)
    play(s, "bombay", "done")
    assert s.spaces["bombay"].unrest == 1
    assert s.resources["rev"] == 3
    # the Crisis entered this turn: the Raj rolls for cubes from Out of Play (6.8)
    assert any(e["key"] == "log.crisis_roll" for e in s.log)
    assert not s.crisis_triggered and s.forced_dice == []


def test_random_games_keep_inventory():
    import random

    for seed in range(2):
        s = engine.new_game("gandhi", "short", seed)
        rnd = random.Random(seed)
        for _ in range(20000):
            d = engine.decision(s)
            if d is None:
                break
            engine.apply(s, d.actor, rnd.choice(d.ids()))
            assert piece_totals(s) == INVENTORY
            assert 0 <= s.resources["rev"] <= 50
        assert engine.decision(s) is None


def test_no_resources_but_aid_would_pay_the_operation_ruleset_7():
    """Ruleset 7 (issue 32, finding 3; IT 3.1.5 L411: costs judged when a
    space is chosen; 4.1: a Special Activity before the Operation): with no
    Resources the Revolutionaries may still choose Rally, Aid in Bihar
    (Underground Guerrillas there) paying for its space first."""
    s = new(rev=0)
    put(s, "bihar", guerrilla_underground=2)
    assert "rally" in ids(s) and "rally:limited" not in ids(s)  # a Limited Operation has no Special Activity
    play(s, "rally")
    # no space and no "done" before the Aid: the Aid, the only answer, is begun by itself (ruleset 4)
    assert engine.decision(s).step == "sa.loop" and s.action["sa"] == "aid"
    play(s, "bihar")
    assert s.resources["rev"] > 0
    while engine.decision(s).step == "sa.loop":
        play(s, "done")
    assert "bihar" in ids(s)                                    # now Rally has a space it can pay for
