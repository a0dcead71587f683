"""Events of cards 37-72 (rule 5): every side from a constructed position, a
"little or nothing to do" position for every side, the decision registry and
random games with Events forced."""
from pathlib import Path

import pytest
import yaml

import engine
from engine.core.selfplay import play_one
from engine.gandhi import board
from engine.gandhi.events import implemented, load_all, push_event
from engine.gandhi.invariants import check
from helpers import answer, blank, finish_taking_done, ids, only_answer, pc, play_event, put, take

load_all()
from engine.gandhi.events.cards_37_54 import DECISIONS  # noqa: E402

SIDES = [(n, s) for n in range(37, 73) for s in ("unshaded", "shaded")]


# --- helpers -------------------------------------------------------------------

def game(dice=None, scenario="short"):
    """A fresh game, board emptied: every piece Available, no markers, all
    Neutral; Restraint 3, Unity 3, Raj Resources 20, Revolutionary 10."""
    s = blank(deck=[40, 1, 2, 3], viceroy=None, dice=dice or [], scenario=scenario)
    s.restraint, s.unity = 3, 3
    s.resources = {"raj": 20, "rev": 10}
    return s


# --- registry, implemented ----------------------------------------------------------------

def test_all_sides_implemented():
    assert all(implemented(n, side) for n, side in SIDES)


def test_decision_registry_frozen():
    path = Path(__file__).resolve().parents[2] / "engine/gandhi/events/registry_37_72.yaml"
    data = yaml.safe_load(path.read_text())
    assert data == DECISIONS
    assert set(data) == {f"{n}-{s}" for n, s in SIDES}


# --- little or nothing to do: no crash, no empty decision ------------------------------------

@pytest.mark.parametrize("card,side", SIDES)
def test_empty_board_no_empty_decision(card, side):
    s = game(dice=[3])
    # nothing in Out of Play or Prison either; Raj Control nowhere
    push_event(s, card, side, "inc")
    finish_taking_done(s, limit=40)


# --- 37 ------------------------------------------------------------------------------------------

def test_37_unshaded_muslim_state_troops_to_cities_and_ml_stays_eligible():
    s = game()
    put(s, "sind", troop=1, inc_activist=2)  # 1 cube vs nothing Active: Raj Control
    put(s, "punjab", troop=1, guerrilla_active=1)  # no Raj Control
    push_event(s, 37, "unshaded", "raj")
    assert "sind" not in dict.fromkeys(ids(s))
    answer(s, "punjab", "raj:delhi", "assam", "karachi")
    assert s.spaces["punjab"].muslim_state and pc(s, "punjab", "troop") == 0 and pc(s, "delhi", "troop") == 1
    assert s.spaces["assam"].support == 1 and s.spaces["karachi"].support == 1
    assert "ml" in s.turn.stay_eligible


def test_37_shaded_base_where_room():
    s = game()
    s.spaces["sind"].muslim_state = True
    s.spaces["assam"].muslim_state = True
    put(s, "assam", ml_base=1)  # Pop 1: no room
    play_event(s, 37, "shaded", "rev")
    assert only_answer(s, "sind")  # 5.1.2: where the Base fits
    assert not s.spaces["sind"].muslim_state and pc(s, "sind", "rev_base") == 1


# --- 38 ------------------------------------------------------------------------------------------

def test_38_unshaded_remove_base_set_passive_support():
    s = game()
    put(s, "bihar", rev_base=1)
    s.spaces["bihar"].support = -2
    play_event(s, 38, "unshaded", "raj", "bihar:revbase")
    assert pc(s, "bihar", "rev_base") == 0 and s.spaces["bihar"].support == 1
    assert s.available["rev_base"] == 5


def test_38_shaded_muslim_state_and_piece_from_out_of_play():
    s = game()
    board.transfer(s, "ml_base", 1, "available", "out_of_play")
    board.transfer(s, "troop", 1, "available", "out_of_play")
    put(s, "punjab", troop=2)
    push_event(s, 38, "shaded", "ml")
    assert "bihar" not in ids(s) and "punjab" in ids(s)
    take(s, "ml", "punjab")
    take(s, "raj", "delhi")  # the Raj moves the Troops to Cities (1.3.5)
    take(s, "raj", "karachi")
    answer(s)
    assert only_answer(s, "punjab:mlbase")  # no Troop may enter the new State
    assert s.spaces["punjab"].muslim_state and pc(s, "delhi", "troop") == 1 and pc(s, "karachi", "troop") == 1
    assert pc(s, "punjab", "ml_base") == 1


def test_38_shaded_piece_choice():
    s = game()
    board.transfer(s, "ml_base", 1, "available", "out_of_play")
    board.transfer(s, "troop", 1, "available", "out_of_play")
    play_event(s, 38, "shaded", "ml", "sind")
    assert only_answer(s, "sind:mlbase")  # Troops never in a State (5.1.1)
    assert pc(s, "sind", "ml_base") == 1 and s.out_of_play.get("ml_base", 0) == 0


# --- 39 ------------------------------------------------------------------------------------------

def test_39_unshaded_every_other_cube():
    s = game()
    put(s, "punjab", sepoy=3, guerrilla_active=1, inc_activist=2, ml_activist=1)   # 4 -> 2 Activists
    put(s, "sind", troop=3, ml_activist=3)                                          # 3 -> 1
    put(s, "bihar", troop=6, inc_activist=3)                                        # not Muslim
    push_event(s, 39, "unshaded", "raj")
    assert engine.decision(s).step == "event:pieces"
    assert only_answer(s, "punjab")  # 5.1.2: the most first
    answer(s, "punjab:inc", "punjab:ml", "sind", "sind:ml")
    assert pc(s, "punjab", "inc_activist") == 1 and pc(s, "punjab", "ml_activist") == 0
    assert pc(s, "sind", "ml_activist") == 2 and pc(s, "bihar", "inc_activist") == 3


def test_39_shaded_replace_up_to_3():
    s = game()
    put(s, "karachi", sepoy=2, guerrilla_underground=2)
    play_event(s, 39, "shaded", "inc", "karachi", "sepoy>inc", "underground>ml", "sepoy>inc")
    assert pc(s, "karachi", "sepoy") == 0 and pc(s, "karachi", "guerrilla_underground") == 1
    assert pc(s, "karachi", "inc_activist") == 2 and pc(s, "karachi", "ml_activist") == 1


def test_39_shaded_removes_when_no_activist_available():
    s = game()
    put(s, "karachi", sepoy=1)
    for k in ("inc_activist", "ml_activist"):
        board.transfer(s, k, s.available[k], "available", "out_of_play")
    play_event(s, 39, "shaded", "inc", "karachi", "sepoy>inc")
    assert pc(s, "karachi", "sepoy") == 0 and pc(s, "karachi", "inc_activist") == 0


# --- 40 ------------------------------------------------------------------------------------------

def test_40_unshaded_restraint_and_arrests():
    s = game()
    for sid in ("bihar", "delhi", "sind", "assam"):
        put(s, sid, inc_activist=1, ml_activist=1)
        board.add_protest(s, sid, for_operation=False)
    put(s, "orissa", inc_activist=2)  # no Protest
    push_event(s, 40, "unshaded", "raj")
    assert "orissa" not in ids(s)
    answer(s, "bihar", "delhi", "sind")
    assert s.restraint == 1
    assert s.prison == {"inc_activist": 3, "ml_activist": 3}
    assert pc(s, "assam", "inc_activist") == 1 and pc(s, "orissa", "inc_activist") == 2


def test_40_shaded():
    s = game()
    s.restraint = 4
    s.spaces["bihar"].support = -2
    push_event(s, 40, "shaded", "inc")
    assert "bihar" not in ids(s) and "rail_punjab_delhi" not in ids(s) and "done" not in ids(s)
    answer(s, "delhi", "punjab")
    assert s.restraint == 5 and s.spaces["delhi"].support == -1 and s.spaces["punjab"].support == -1


# --- 41 ------------------------------------------------------------------------------------------

def test_41_unshaded_twice_die():
    s = game(dice=[1])
    put(s, "bihar", inc_activist=3)
    put(s, "delhi", ml_activist=1)
    play_event(s, 41, "unshaded", "raj", "bihar:inc", "delhi:ml")
    assert s.prison == {"inc_activist": 1, "ml_activist": 1} and pc(s, "bihar", "inc_activist") == 2


def test_41_shaded_release_to_3_spaces():
    s = game(dice=[5])
    board.transfer(s, "inc_activist", 4, "available", "prison")
    board.transfer(s, "ml_activist", 2, "available", "prison")
    push_event(s, 41, "shaded", "inc")
    assert "done" not in ids(s)
    answer(s, "bihar:inc", "delhi:inc", "sind:ml", "sind:inc", end=False)
    assert "assam:inc" not in ids(s)  # at most 3 spaces
    answer(s, "bihar:ml")
    assert s.prison == {"inc_activist": 1}
    assert pc(s, "bihar", "inc_activist") == 1 and pc(s, "sind", "ml_activist") == 1


# --- 42 ------------------------------------------------------------------------------------------

def test_42_unshaded():
    s = game()
    put(s, "bihar", troop=1, guerrilla_active=2, guerrilla_underground=3)
    put(s, "delhi", sepoy=1, guerrilla_active=2)  # no Troops
    push_event(s, 42, "unshaded", "raj")
    assert "delhi" not in ids(s)
    answer(s, "bihar")
    assert pc(s, "bihar", "guerrilla_active") == 3 and pc(s, "bihar", "guerrilla_underground") == 0
    assert s.available["guerrilla"] == 16 - 5 - 2 + 2


def test_42_shaded():
    s = game()
    put(s, "bihar", troop=2, sepoy=4)
    s.spaces["bihar"].unrest = 1
    put(s, "delhi", sepoy=2)
    board.add_protest(s, "delhi", for_operation=False)
    put(s, "sind", sepoy=5)  # no marker
    push_event(s, 42, "shaded", "rev")
    assert "sind" not in ids(s)
    answer(s, "bihar", "sepoy", "delhi", "sepoy")
    assert pc(s, "bihar", "sepoy") == 1 and pc(s, "bihar", "troop") == 2 and pc(s, "delhi", "sepoy") == 0


# --- 43 ------------------------------------------------------------------------------------------

def test_43_unshaded():
    s = game()
    put(s, "bihar", troop=4, inc_activist=3)
    play_event(s, 43, "unshaded", "raj", "bihar", "bihar:inc", "bihar:inc")
    assert pc(s, "bihar", "inc_activist") == 1 and s.restraint == 2


def test_43_shaded():
    s = game()
    put(s, "bihar", guerrilla_active=3)
    s.spaces["bihar"].unrest = 1
    put(s, "delhi", guerrilla_active=3)
    push_event(s, 43, "shaded", "inc")
    assert "delhi" not in ids(s)
    answer(s, "bihar", "active>inc", "active>ml")
    assert pc(s, "bihar", "guerrilla_active") == 1 and pc(s, "bihar", "inc_activist") == 1
    assert pc(s, "bihar", "ml_activist") == 1


# --- 44 ------------------------------------------------------------------------------------------

def test_44_unshaded_remove_then_shift_those_spaces():
    s = game()
    put(s, "bihar", guerrilla_active=1)
    put(s, "delhi", guerrilla_underground=2)
    put(s, "sind", guerrilla_underground=1)
    push_event(s, 44, "unshaded", "raj")
    take(s, "raj", "bihar:active")
    take(s, "raj", "delhi:underground")
    answer(s)
    assert s.spaces["bihar"].support == 1 and s.spaces["delhi"].support == 1 and s.spaces["sind"].support == 0
    assert pc(s, "delhi", "guerrilla_underground") == 1


def test_44_shaded():
    s = game()
    play_event(s, 44, "shaded", "rev", "bihar", "delhi", "bihar:guerrilla", "bihar:guerrilla", "bihar:guerrilla", "done")
    assert pc(s, "bihar", "guerrilla_underground") == 3
    assert s.spaces["bihar"].support == -1 and s.spaces["delhi"].support == -1


# --- 45 ------------------------------------------------------------------------------------------

def test_45_unshaded():
    s = game()
    push_event(s, 45, "unshaded", "inc")
    assert ids(s) == ["raj", "ml", "rev"]
    answer(s, "raj")
    assert s.turn.make_ineligible == ["raj"] and "inc" in s.turn.stay_eligible


def test_45_shaded():
    s = game()
    for sid in ("bihar", "delhi", "sind"):
        board.add_protest(s, sid, for_operation=False)
    play_event(s, 45, "shaded", "inc")
    assert s.resources["raj"] == 11


# --- 46 ------------------------------------------------------------------------------------------

def test_46_unshaded():
    s = game()
    s.spaces["hyderabad"].support = 2
    s.spaces["sind"].muslim_state = True
    push_event(s, 46, "unshaded", "raj")
    assert "hyderabad" not in ids(s) and "sind" not in ids(s) and "bihar" not in ids(s)
    answer(s, "mysore", "orissa", "gujarat")
    assert [s.spaces[x].support for x in ("mysore", "orissa", "gujarat")] == [1, 1, 1]


def test_46_shaded():
    s = game()
    s.spaces["sind"].muslim_state = True
    push_event(s, 46, "shaded", "inc")
    assert "sind" in ids(s) and "bihar" not in ids(s)
    answer(s, "sind", "done")
    assert s.spaces["sind"].support == -1


# --- 47 ------------------------------------------------------------------------------------------

def test_47_unshaded():
    s = game()
    put(s, "bihar", sepoy=1, guerrilla_underground=1, inc_activist=1)
    board.add_protest(s, "bihar", for_operation=False)
    put(s, "rail_punjab_delhi", troop=1)
    s.spaces["rail_punjab_delhi"].strike = True  # a Strike is not an Unrest marker (R-UNREST)
    put(s, "punjab", troop=1)
    s.spaces["punjab"].unrest = 1
    put(s, "delhi", inc_activist=1)  # no cubes
    push_event(s, 47, "unshaded", "raj")
    assert "delhi" not in ids(s) and "rail_punjab_delhi" not in ids(s)
    take(s, "raj", "bihar")
    assert set(ids(s)) == {"underground", "inc", "protest"}
    answer(s, "protest", "punjab", "unrest")
    assert not s.spaces["bihar"].protest and s.spaces["rail_punjab_delhi"].strike
    assert pc(s, "bihar", "inc_activist") == 1 and s.spaces["punjab"].unrest == 0


def test_47_shaded_replace_at_most_one_base():
    s = game()
    put(s, "bihar", guerrilla_underground=1, ml_base=1, troop=1, gandhi=1)
    put(s, "delhi", rev_base=1)  # no Underground Guerrilla
    push_event(s, 47, "shaded", "rev")
    take(s, "rev", "replace")
    assert not any(c.startswith("bihar:gandhi") or c.startswith("delhi") for c in ids(s))
    take(s, "rev", "bihar:mlbase>inc")
    answer(s, "bihar:troop>guerrilla")
    assert pc(s, "bihar", "ml_base") == 0 and pc(s, "bihar", "troop") == 0
    assert pc(s, "bihar", "inc_activist") == 1 and pc(s, "bihar", "guerrilla_underground") == 2


def test_47_shaded_remove_3():
    s = game()
    put(s, "bihar", guerrilla_underground=1, ml_base=2, sepoy=2)
    push_event(s, 47, "shaded", "rev")
    take(s, "rev", "remove")
    take(s, "rev", "bihar:mlbase")
    assert "bihar:mlbase" not in ids(s) and "done" not in ids(s)
    answer(s, "bihar:sepoy", "bihar:sepoy")
    assert pc(s, "bihar", "ml_base") == 1 and pc(s, "bihar", "sepoy") == 0


# --- 48 ------------------------------------------------------------------------------------------

def test_48_unshaded():
    s = game()
    s.spaces["bihar"].support = 2
    s.spaces["delhi"].support = -2
    put(s, "delhi", inc_activist=1)
    s.spaces["sind"].support = -1
    push_event(s, 48, "unshaded", "inc")
    assert set(ids(s)) == {"bihar", "sind", "done"}
    answer(s, "bihar", "sind")
    assert s.spaces["bihar"].support == 1 and s.spaces["sind"].support == 0


def test_48_shaded():
    s = game()
    put(s, "bihar", troop=1, inc_activist=1)
    put(s, "rail_punjab_delhi", sepoy=1, guerrilla_underground=1)
    put(s, "delhi", troop=2)  # one faction only
    s.spaces["bihar"].support = -2
    push_event(s, 48, "shaded", "rev")
    assert set(ids(s)) == {"bihar", "rail_punjab_delhi"}
    answer(s, "bihar", "shift", "rail_punjab_delhi", "unrest")
    assert s.spaces["bihar"].support == -1 and s.spaces["rail_punjab_delhi"].strike


# --- 49 ------------------------------------------------------------------------------------------

def test_49_unshaded_pay_to_shift():
    s = game()
    board.add_protest(s, "bihar", for_operation=False)
    s.spaces["bihar"].unrest = 1
    s.spaces["delhi"].unrest = 2
    play_event(s, 49, "unshaded", "raj", "bihar", "protest", "pay", "delhi", "unrest", "no")
    assert not s.spaces["bihar"].protest and s.spaces["bihar"].unrest == 1 and s.spaces["bihar"].support == 1
    assert s.spaces["delhi"].unrest == 1 and s.spaces["delhi"].support == 0 and s.resources["raj"] == 18


def test_49_unshaded_congress_cannot_pay():
    s = game()
    board.add_protest(s, "bihar", for_operation=False)
    play_event(s, 49, "unshaded", "inc", "bihar", "protest")
    assert not s.spaces["bihar"].protest and s.spaces["bihar"].support == 0


def test_49_shaded():
    s = game()
    for sid in ("bihar", "delhi"):
        board.add_protest(s, sid, for_operation=False)
    play_event(s, 49, "shaded", "inc", "bihar", "delhi")
    assert not s.spaces["bihar"].protest and s.spaces["bihar"].support == -1 and s.spaces["delhi"].support == -1
    assert all(s.protest_boxes)


# --- 50 ------------------------------------------------------------------------------------------

def test_50_unshaded_two_factions():
    s = game()
    put(s, "bihar", troop=2, inc_activist=2, guerrilla_active=2)
    push_event(s, 50, "unshaded", "ml")
    take(s, "ml", "bihar:troop")
    assert "done" not in ids(s)  # at least 1 piece of each faction
    take(s, "ml", "bihar:troop")
    take(s, "ml", "bihar:inc")
    assert "bihar:active" not in ids(s)  # a third faction
    answer(s, "done")
    assert s.out_of_play == {"troop": 2, "inc_activist": 1}


def test_50_shaded():
    s = game()
    board.transfer(s, "troop", 2, "available", "out_of_play")
    board.transfer(s, "guerrilla", 2, "available", "out_of_play")
    board.transfer(s, "ml_base", 1, "available", "out_of_play")
    push_event(s, 50, "shaded", "rev")
    take(s, "rev", "guerrilla")
    take(s, "rev", "ml_base")
    assert "troop" not in ids(s)
    answer(s, "guerrilla")
    assert s.out_of_play == {"troop": 2}


# --- 51 ------------------------------------------------------------------------------------------

def test_51_unshaded():
    s = game()
    put(s, "rail_punjab_delhi", inc_activist=2, ml_activist=1)
    s.spaces["rail_karachi_north"].strike = True
    play_event(s, 51, "unshaded", "raj")
    assert s.prison == {"inc_activist": 2, "ml_activist": 1}
    assert s.resources["raj"] == 20 + 2 * 9


def test_51_shaded():
    s = game()
    push_event(s, 51, "shaded", "rev")
    assert "bihar:inc" not in ids(s)
    answer(s, "rail_punjab_delhi:guerrilla", "rail_punjab_delhi:inc", "done")
    assert pc(s, "rail_punjab_delhi", "guerrilla_underground") == 1 and s.restraint == 1


# --- 52 ------------------------------------------------------------------------------------------

def test_52_unshaded():
    s = game()
    put(s, "bihar", inc_activist=1)
    put(s, "delhi", gandhi=1)
    push_event(s, 52, "unshaded", "raj")
    assert set(ids(s)) == {"bihar", "done"}
    answer(s, "bihar")
    assert s.spaces["bihar"].support == 1 and s.turn.make_ineligible == ["inc"]


def test_52_shaded():
    s = game()
    put(s, "bihar", inc_activist=1)
    put(s, "delhi", gandhi=1)
    play_event(s, 52, "shaded", "inc", "bihar", "delhi", "bihar:inc", "delhi:guerrilla")
    assert s.spaces["bihar"].support == -1 and s.spaces["delhi"].support == -1
    assert pc(s, "bihar", "inc_activist") == 2 and pc(s, "delhi", "guerrilla_underground") == 1


# --- 53 ------------------------------------------------------------------------------------------

def test_53_unshaded():
    s = game()
    put(s, "bihar", sepoy=1, guerrilla_active=1)
    play_event(s, 53, "unshaded", "raj", "bihar:sepoy", "bihar:active")
    assert s.out_of_play == {"sepoy": 1, "guerrilla": 1} and "raj" in s.turn.stay_eligible


def test_53_shaded():
    s = game()
    board.transfer(s, "troop", 2, "available", "out_of_play")
    board.transfer(s, "rev_base", 1, "available", "out_of_play")
    push_event(s, 53, "shaded", "rev")
    assert "hyderabad:troop" not in ids(s)
    answer(s, "bihar:troop", "hyderabad:revbase", "done")
    assert pc(s, "bihar", "troop") == 1 and pc(s, "hyderabad", "rev_base") == 1
    assert s.turn.make_ineligible == ["raj"]


# --- 54 ------------------------------------------------------------------------------------------

def test_54_unshaded():
    s = game()
    put(s, "hyderabad", guerrilla_active=2, guerrilla_underground=2)
    put(s, "mysore", guerrilla_underground=1)
    push_event(s, 54, "unshaded", "raj")
    assert "bihar:sepoy" not in ids(s)
    take(s, "raj", "hyderabad:sepoy")
    take(s, "raj", "hyderabad:sepoy")
    take(s, "raj", "mysore:sepoy")
    take(s, "raj", "done")
    answer(s, "hyderabad:underground", "hyderabad:active", "mysore:underground")
    assert pc(s, "hyderabad", "guerrilla_active") == 1 and pc(s, "hyderabad", "guerrilla_underground") == 1
    assert pc(s, "mysore", "guerrilla_underground") == 0


def test_54_shaded():
    s = game()
    put(s, "hyderabad", sepoy=4)
    play_event(s, 54, "shaded", "inc", "hyderabad", "sepoys", "mysore", "shift", "orissa", "shift")
    assert pc(s, "hyderabad", "sepoy") == 1 and s.spaces["mysore"].support == -1


# --- 55 ------------------------------------------------------------------------------------------

def test_55_unshaded():
    s = game()
    put(s, "bihar", gandhi=1, inc_activist=2, ml_activist=1)
    board.add_protest(s, "bihar", for_operation=False)
    play_event(s, 55, "unshaded", "raj")
    assert not s.spaces["bihar"].protest and s.prison == {"inc_activist": 2, "ml_activist": 1}
    assert s.spaces["bihar"].support == 1 and pc(s, "bihar", "gandhi") == 1


def test_55_shaded():
    s = game()
    put(s, "delhi", gandhi=1)
    push_event(s, 55, "shaded", "inc")
    take(s, "inc", "bihar")
    assert "sind" not in ids(s) and "west_bengal" in ids(s)
    answer(s, "west_bengal", "bihar", "bihar:inc", "bihar:ml")
    assert s.spaces["bihar"].protest and s.spaces["west_bengal"].protest
    assert pc(s, "bihar", "gandhi") == 1 and pc(s, "delhi", "gandhi") == 0
    assert pc(s, "bihar", "inc_activist") == 1 and pc(s, "bihar", "ml_activist") == 1


def test_55_shaded_gandhi_in_prison():
    s = game()
    board.transfer(s, "gandhi", 1, "available", "prison")
    play_event(s, 55, "shaded", "inc", "bihar", "west_bengal")
    assert s.prison == {"gandhi": 1} and pc(s, "bihar", "inc_activist") == 0


# --- 56 ------------------------------------------------------------------------------------------

def test_56_unshaded():
    s = game()
    s.spaces["hyderabad"].unrest = 2
    board.add_protest(s, "hyderabad", for_operation=False)
    play_event(s, 56, "unshaded", "raj", "hyderabad", "done")
    sp = s.spaces["hyderabad"]
    assert sp.unrest == 0 and not sp.protest and sp.support == 1


def test_56_shaded():
    s = game()
    s.spaces["mysore"].support = -2
    push_event(s, 56, "shaded", "rev")
    assert "mysore" not in ids(s) and "done" not in ids(s)
    answer(s, "hyderabad", "orissa", "gujarat")
    assert s.spaces["gujarat"].support == -1


# --- 57 ------------------------------------------------------------------------------------------

def test_57_unshaded():
    s = game()
    put(s, "bihar", inc_activist=2)
    board.transfer(s, "troop", 1, "available", "out_of_play")
    board.transfer(s, "guerrilla", 1, "available", "out_of_play")
    push_event(s, 57, "unshaded", "raj")
    take(s, "raj", "bihar:inc")
    take(s, "raj", "done")
    assert "hyderabad:troop" not in ids(s)
    answer(s, "delhi:troop", "hyderabad:guerrilla")
    assert s.out_of_play == {"inc_activist": 1} and pc(s, "delhi", "troop") == 1


def test_57_shaded_at_most_2_from_out_of_play():
    s = game()
    board.add_protest(s, "bihar", for_operation=False)
    board.transfer(s, "inc_activist", 3, "available", "out_of_play")
    push_event(s, 57, "shaded", "inc")
    assert "delhi:inc" not in ids(s)
    take(s, "inc", "bihar:inc:oop")
    take(s, "inc", "bihar:inc:oop")
    assert "bihar:inc:oop" not in ids(s)
    answer(s, "bihar:inc", "bihar:ml")
    assert pc(s, "bihar", "inc_activist") == 3 and s.out_of_play == {"inc_activist": 1}


# --- 58 ------------------------------------------------------------------------------------------

def test_58_unshaded_up_to_restraint_states():
    s = game()
    s.restraint = 2
    put(s, "hyderabad", inc_activist=1)
    s.spaces["mysore"].support = 2
    play_event(s, 58, "unshaded", "raj", "hyderabad", "inc", "mysore", "neutral")
    assert pc(s, "hyderabad", "inc_activist") == 0 and s.spaces["mysore"].support == 0


def test_58_shaded():
    s = game()
    put(s, "bihar", sepoy=2, guerrilla_active=1)
    put(s, "delhi", guerrilla_underground=1)
    push_event(s, 58, "shaded", "inc")
    take(s, "inc", "bihar:sepoy>inc")
    assert not any(c.startswith("bihar") for c in ids(s))  # 1 per space
    answer(s, "delhi:underground>ml")
    assert pc(s, "bihar", "sepoy") == 1 and pc(s, "bihar", "inc_activist") == 1 and pc(s, "delhi", "ml_activist") == 1


# --- 59, 60 ------------------------------------------------------------------------------------------

def test_59_unshaded():
    s = game()
    s.spaces["rail_punjab_delhi"].strike = True
    put(s, "rail_karachi_north", ml_activist=1)
    play_event(s, 59, "unshaded", "raj")
    assert s.resources["raj"] == 20 + 3 * 8 and s.restraint == 2


def test_59_shaded():
    s = game()
    s.spaces["rail_punjab_delhi"].strike = True
    put(s, "rail_karachi_north", ml_activist=1)
    play_event(s, 59, "shaded", "inc")
    assert s.resources["raj"] == 14 and s.restraint == 4


def test_60_unshaded():
    s = game()
    put(s, "rail_punjab_delhi", inc_activist=1, guerrilla_underground=2, sepoy=1)
    put(s, "delhi", inc_activist=1)
    play_event(s, 60, "unshaded", "raj")
    assert s.spaces["rail_punjab_delhi"].pieces == {"sepoy": 1} and pc(s, "delhi", "inc_activist") == 1


def test_60_shaded():
    s = game()
    s.spaces["sind"].support = -1  # adjacent: rail_karachi_north, rail_punjab_delhi
    push_event(s, 60, "shaded", "inc")
    assert {c.split(":")[0] for c in ids(s) if c != "done"} == {"rail_karachi_north", "rail_punjab_delhi"}
    take(s, "inc", "rail_karachi_north:inc")
    assert not any(c.startswith("rail_karachi_north") for c in ids(s))
    answer(s, "rail_punjab_delhi:guerrilla")
    assert pc(s, "rail_karachi_north", "inc_activist") == 1


# --- 61, 62 ------------------------------------------------------------------------------------------

def test_61_unshaded():
    s = game()
    s.spaces["sind"].muslim_state = True
    s.unity = 4
    push_event(s, 61, "unshaded", "raj")
    assert "sind" not in ids(s) and "bihar" not in ids(s) and "punjab" in ids(s)
    answer(s, "punjab", "assam")
    assert s.spaces["punjab"].support == 1 and s.unity == 2


def test_61_shaded():
    s = game()
    s.unity = 1
    put(s, "bihar", troop=1)  # Raj Control
    push_event(s, 61, "shaded", "ml")
    assert s.unity == 3 and "bihar:mlbase" not in ids(s)
    answer(s, "assam:mlbase", "punjab:revbase")
    assert pc(s, "assam", "ml_base") == 1 and pc(s, "punjab", "rev_base") == 1


def test_62_unshaded():
    s = game()
    s.spaces["east_bengal"].support = -2
    push_event(s, 62, "unshaded", "raj")
    assert "rail_east_bengal_west_bengal" not in ids(s) and "assam" in ids(s)
    answer(s, "assam")
    assert s.spaces["east_bengal"].support == 1 and s.spaces["assam"].support == 1


def test_62_shaded():
    s = game()
    put(s, "bihar", troop=1)
    put(s, "delhi", troop=1)
    put(s, "sind", troop=1)
    push_event(s, 62, "shaded", "inc")
    assert ids(s) == ["opposition", "unrest"]
    answer(s, "unrest", "bihar", "delhi")
    assert s.spaces["bihar"].unrest == 1 and s.spaces["delhi"].unrest == 1 and s.spaces["sind"].unrest == 0


# --- 63, 64 ------------------------------------------------------------------------------------------

def test_63_unshaded():
    s = game()
    s.spaces["bihar"].support = 2
    s.spaces["delhi"].support = -1
    push_event(s, 63, "unshaded", "raj")
    assert "delhi" not in ids(s)
    answer(s, "bihar", "sind", "done")
    assert s.spaces["bihar"].support == 1 and s.spaces["sind"].support == -1 and s.resources["raj"] == 26


def test_63_shaded():
    s = game()
    board.transfer(s, "guerrilla", 2, "available", "out_of_play")
    board.transfer(s, "troop", 2, "available", "out_of_play")
    push_event(s, 63, "shaded", "rev")
    assert "troop" not in ids(s)
    answer(s, "guerrilla", "guerrilla")
    assert s.out_of_play == {"troop": 2} and "rev" in s.turn.stay_eligible


def test_64_unshaded():
    s = game()
    put(s, "bihar", inc_activist=2)
    play_event(s, 64, "unshaded", "raj", "bihar:inc>sepoy", "bihar:inc>underground")
    assert s.spaces["bihar"].pieces == {"sepoy": 1, "guerrilla_underground": 1} and s.unity == 2


def test_64_shaded():
    s = game()
    board.add_protest(s, "bihar", for_operation=False)
    s.spaces["bihar"].support = -2
    play_event(s, 64, "shaded", "inc", "bihar")
    assert not s.spaces["bihar"].protest and s.spaces["bihar"].support == -2


# --- 65, 66 ------------------------------------------------------------------------------------------

def test_65_unshaded_arrest_in_states():
    s = game()
    s.spaces["sind"].muslim_state = True
    put(s, "sind", inc_activist=1, ml_activist=2)
    put(s, "hyderabad", inc_activist=1)
    push_event(s, 65, "unshaded", "raj")
    assert set(ids(s)) == {"ms:sind", "arrest"}
    answer(s, "arrest", "sind", "hyderabad")
    assert s.prison == {"inc_activist": 2, "ml_activist": 2} and s.spaces["sind"].muslim_state


def test_65_shaded_protests_in_states():
    s = game()
    play_event(s, 65, "shaded", "inc", "protests", "hyderabad", "mysore", "orissa")
    assert all(s.spaces[x].protest for x in ("hyderabad", "mysore", "orissa"))
    assert sum(s.protest_boxes) == 3


def test_65_shaded_muslim_state():
    s = game()
    put(s, "bihar", troop=1, guerrilla_active=1)
    play_event(s, 65, "shaded", "ml", "ms:bihar", "raj:calcutta")
    assert s.spaces["bihar"].muslim_state and pc(s, "calcutta", "troop") == 1


def test_66_unshaded():
    s = game()
    put(s, "bihar", inc_activist=1, ml_activist=1)
    put(s, "delhi", inc_activist=1)
    push_event(s, 66, "unshaded", "ml")
    assert set(ids(s)) == {"bihar", "done"}
    answer(s, "bihar")
    assert s.spaces["bihar"].unrest == 1 and s.unity == 2


def test_66_shaded():
    s = game()
    put(s, "bihar", guerrilla_active=2)
    play_event(s, 66, "shaded", "inc", "bihar:active>inc", "bihar:active>ml")
    assert s.spaces["bihar"].pieces == {"inc_activist": 1, "ml_activist": 1} and s.restraint == 4


# --- 67, 68 ------------------------------------------------------------------------------------------

def test_67_unshaded():
    s = game()
    s.spaces["sind"].muslim_state = True
    play_event(s, 67, "unshaded", "raj", "hyderabad", "sind", "done", "sind")
    assert not s.spaces["sind"].muslim_state and s.spaces["sind"].support == 1
    assert s.spaces["hyderabad"].support == 1


def test_67_shaded():
    s = game()
    put(s, "hyderabad", sepoy=3)
    put(s, "mysore", sepoy=3)
    put(s, "bihar", sepoy=3)
    push_event(s, 67, "shaded", "rev")
    take(s, "rev", "hyderabad")
    take(s, "rev", "mysore")
    take(s, "rev", "done")
    assert not any(c.startswith("bihar") for c in ids(s))
    answer(s, "hyderabad:sepoy", "hyderabad:sepoy", "hyderabad:sepoy", "mysore:sepoy")
    assert pc(s, "hyderabad", "sepoy") == 0 and pc(s, "mysore", "sepoy") == 2 and s.spaces["mysore"].support == -1


def test_68_unshaded():
    s = game(dice=[2])
    put(s, "bihar", guerrilla_active=3)
    play_event(s, 68, "unshaded", "raj", "bihar:active", "bihar:active")
    assert pc(s, "bihar", "guerrilla_active") == 1 and s.restraint == 1


def test_68_shaded():
    s = game()
    play_event(s, 68, "shaded", "inc")
    assert s.restraint == 5 and s.resources["raj"] == 10


# --- 69, 70 ------------------------------------------------------------------------------------------

def test_69_unshaded():
    s = game()
    board.transfer(s, "troop", 1, "available", "out_of_play")
    push_event(s, 69, "unshaded", "raj")
    assert "delhi:troop" not in ids(s)
    answer(s, "east_bengal:troop:oop", "assam:sepoy", "done")
    assert pc(s, "east_bengal", "troop") == 1 and s.out_of_play == {}


def test_69_shaded():
    s = game()
    put(s, "bihar", guerrilla_active=2)
    put(s, "delhi", guerrilla_active=1)
    play_event(s, 69, "shaded", "rev", "flip")
    assert pc(s, "bihar", "guerrilla_underground") == 2 and pc(s, "delhi", "guerrilla_underground") == 1
    s2 = game()
    push_event(s2, 69, "shaded", "rev")
    assert engine.decision(s2).step == "event:pieces"
    assert only_answer(s2, "add")                 # no Active Guerrilla to flip
    assert "bihar:guerrilla" not in ids(s2)
    take(s2, "rev", "punjab:guerrilla*2")        # two Guerrillas in one answer
    answer(s2, "done")
    assert pc(s2, "punjab", "guerrilla_underground") == 2


def test_70_unshaded():
    s = game()
    s.resources["rev"] = 2
    put(s, "bihar", troop=1, ml_activist=1)
    push_event(s, 70, "unshaded", "raj")
    assert "done" not in ids(s)
    answer(s, "bihar:troop", "bihar:ml")
    assert s.out_of_play == {"troop": 1, "ml_activist": 1} and s.resources["rev"] == 0


def test_70_shaded():
    s = game()
    board.transfer(s, "guerrilla", 3, "available", "out_of_play")
    push_event(s, 70, "shaded", "rev")
    take(s, "rev", "bihar:guerrilla")
    assert "bihar:guerrilla" not in ids(s)
    answer(s, "delhi:guerrilla", "done")
    assert s.out_of_play == {"guerrilla": 1}


# --- 71, 72 ------------------------------------------------------------------------------------------

def test_71_unshaded():
    s = game()
    put(s, "sind", troop=1)
    push_event(s, 71, "unshaded", "rev")
    assert "sind" not in ids(s) and "rail_punjab_delhi" in ids(s)
    answer(s, "rail_punjab_delhi")
    assert s.spaces["punjab"].unrest == 1 and s.spaces["rail_punjab_delhi"].strike


def test_71_shaded_release_from_prison():
    s = game()
    board.transfer(s, "gandhi", 1, "available", "prison")
    s.spaces["punjab"].support = 1
    play_event(s, 71, "shaded", "inc")
    assert pc(s, "punjab", "gandhi") == 1 and s.prison == {} and s.spaces["punjab"].support == -1


def test_72_unshaded():
    s = game()
    put(s, "bihar", inc_activist=1, guerrilla_active=2, guerrilla_underground=1)
    put(s, "delhi", guerrilla_active=2)
    push_event(s, 72, "unshaded", "raj")
    assert set(ids(s)) == {"bihar", "done"}
    answer(s, "bihar")
    assert s.spaces["bihar"].pieces == {"inc_activist": 1, "guerrilla_underground": 1}
    assert s.resources["rev"] == 12


def test_72_shaded():
    s = game()
    put(s, "bihar", guerrilla_underground=1, troop=2)  # Raj Control: no Unrest
    put(s, "delhi", guerrilla_underground=1)
    push_event(s, 72, "shaded", "rev")
    take(s, "rev", "bihar")
    assert only_answer(s, "guerrilla")
    answer(s, "delhi", "unrest")
    assert pc(s, "bihar", "guerrilla_underground") == 2 and s.spaces["delhi"].unrest == 1


# --- random games with Events forced ---------------------------------------------------------------

@pytest.mark.parametrize("scenario", ["short", "main"])
def test_random_games_forcing_events(scenario):
    failures = []
    for seed in range(30):
        r = play_one("gandhi", scenario, 500 + seed, "events", check=check)
        if r.failure:
            failures.append(f"seed {r.seed}: {r.failure}: {r.detail.splitlines()[-1] if r.detail else ''}")
    assert not failures, "\n".join(failures[:10])


def test_55_shaded_prefers_spaces_without_protest():
    s = game()
    board.add_protest(s, "delhi", for_operation=False)
    board.add_protest(s, "assam", for_operation=False)  # East Bengal's other neighbours are free
    push_event(s, 55, "shaded", "inc")
    assert "delhi" not in ids(s) and "east_bengal" in ids(s)
    take(s, "inc", "east_bengal")
    assert "assam" not in ids(s) and "bihar" in ids(s)


# --- issue 12: readings of the second audit -------------------------------------------

def test_3_3_1_unity_when_50_shaded_moves_the_other_nv_activists():
    """IT 3.3.1, 6.7 (L977), ES 3.3.1, JA 3.3.1: Unity +1 whenever Congress or
    the League moves the other's Activist from Out of Play, even by Event."""
    s = game()
    s.unity = 2
    board.transfer(s, "inc_activist", 2, "available", "out_of_play")
    board.transfer(s, "ml_activist", 1, "available", "out_of_play")
    play_event(s, 50, "shaded", "ml", "inc_activist", "inc_activist", "ml_activist")
    assert s.unity == 4


def test_3_3_1_unity_when_63_shaded_moves_the_other_nv_activists():
    s = game()
    s.unity = 2
    board.transfer(s, "ml_activist", 1, "available", "out_of_play")
    board.transfer(s, "guerrilla", 1, "available", "out_of_play")
    play_event(s, 63, "shaded", "inc", "ml_activist", "guerrilla")
    assert s.unity == 3
    s = game()
    s.unity = 2
    board.transfer(s, "ml_activist", 1, "available", "out_of_play")
    play_event(s, 63, "shaded", "rev", "ml_activist")
    assert s.unity == 2  # only Congress or the League


def test_54_unshaded_removes_guerrillas_in_every_state():
    """#54 unshaded "poi in ogni Stato rimuovete 1 Guerriglia per ogni cubo lì
    presente": every State with cubes, not only those given Sepoys (R-54)."""
    s = game()
    put(s, "mysore", sepoy=1, guerrilla_underground=2)
    put(s, "hyderabad", guerrilla_active=1)
    s.spaces["sind"].muslim_state = True
    put(s, "sind", sepoy=2, guerrilla_underground=2)
    push_event(s, 54, "unshaded", "raj")
    take(s, "raj", "hyderabad:sepoy")
    take(s, "raj", "done")
    answer(s, "mysore:underground", "sind:underground", "sind:underground", "hyderabad:active")
    assert pc(s, "hyderabad", "guerrilla_active") == 0
    assert pc(s, "mysore", "guerrilla_underground") == 1 and pc(s, "sind", "guerrilla_underground") == 0


def test_r_unrest_49_unshaded_does_not_remove_a_strike():
    """R-UNREST (issue 12, one reading with R-E4): 5.1.4 turns a *placed*
    Unrest marker into a Strike; "remove 1 Unrest marker" does not remove a
    Strike (texts name Strikes when they mean them: #34)."""
    s = game()
    s.spaces["rail_punjab_delhi"].strike = True
    s.spaces["punjab"].unrest = 1
    push_event(s, 49, "unshaded", "inc")
    assert "rail_punjab_delhi" not in ids(s) and "punjab" in ids(s)


def test_5_1_1_replacement_by_a_type_that_is_available():
    """5.1.1 "rimuovono invece che sostituire se il rimpiazzo non è
    disponibile": #66 shaded may replace a Guerrilla with either faction's
    Activist; with no Congress Activist Available the Muslim League one is the
    replacement, not a bare removal (R-REPLACE)."""
    s = game()
    put(s, "bihar", guerrilla_active=1)
    board.transfer(s, "inc_activist", s.available["inc_activist"], "available", "out_of_play")
    push_event(s, 66, "shaded", "inc")
    assert "bihar:active>ml" in ids(s) and "bihar:active>inc" not in ids(s)
    take(s, "inc", "bihar:active>ml")
    assert pc(s, "bihar", "ml_activist") == 1
