"""Events of cards 1-36 (rule 5), both texts, from constructed positions.

Each test builds a position on a cleared short-scenario board, plays one Event
side for a faction through the engine (``push_event`` + ``engine.apply``) and
asserts its complete effect on pieces, markers, tracks, Resources and
eligibility.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from helpers import answer, blank, finish_taking_done, ids, only_answer, pc, play_event, put, take

import engine
from engine.gandhi import board
from engine.gandhi import derived as dv
from engine.gandhi.events import cards_01_18 as ca
from engine.gandhi.events import cards_19_36 as cb
from engine.gandhi.events import implemented, push_event
from engine.gandhi.invariants import piece_totals
from engine.gandhi.state import INVENTORY

SIDES = [(n, side) for n in range(1, 37) for side in ("unshaded", "shaded")]


# --- registry and completeness -------------------------------------------------

def test_all_cards_1_36_implemented():
    assert all(implemented(n, side) for n, side in SIDES)


def test_registry_yaml_matches_code():
    path = Path(__file__).parents[2] / "engine/gandhi/events/registry_01_36.yaml"
    data = yaml.safe_load(path.read_text())
    declared = {**ca.DECISIONS, **cb.DECISIONS}
    assert data == declared
    assert sorted(declared) == sorted(f"{n}-{side}" for n, side in SIDES)


@pytest.mark.parametrize("n,side", SIDES)
@pytest.mark.parametrize("where", ["available", "out_of_play"])
def test_event_on_empty_map_never_crashes(n, side, where):
    """Little or nothing to do: the Event ends without an empty decision and
    keeps the inventory whole; 'done' is taken when offered."""
    s = blank()
    if where == "out_of_play":
        for k, v in list(s.available.items()):
            board.transfer(s, k, v, "available", "out_of_play")
    push_event(s, n, side, "raj")
    finish_taking_done(s)


@pytest.mark.parametrize("scenario", ["short", "main"])
def test_random_games_forcing_events(scenario):
    """30 seeds: Events chosen whenever offered; no exception, inventory whole."""
    for seed in range(30):
        s = engine.new_game("gandhi", scenario, seed)
        rnd = random.Random(seed)
        moves = 0
        while (d := engine.decision(s)) is not None:
            ev = [c for c in d.ids() if c.startswith("event")]
            take(s, d.actor, rnd.choice(ev or d.ids()))
            moves += 1
            assert moves < 20000
        assert piece_totals(s) == INVENTORY


# --- card 1 -------------------------------------------------------------------------

def test_01_unshaded_adds_up_to_6_cubes_3_from_out_of_play():
    s = blank()
    board.transfer(s, "troop", 5, "available", "out_of_play")
    s.spaces["sind"].muslim_state = True
    play_event(s, 1, "unshaded", "raj", "delhi:troop:oop", "delhi:troop:oop", "punjab:troop:oop", "punjab:sepoy",
         end=False)
    # the 3 from Out of Play are used up; a Muslim State is a State, not a
    # Province (1.3.5, R-E-Province): nothing is offered there
    assert "delhi:troop:oop" not in ids(s) and "sind:troop" not in ids(s) and "sind:sepoy" not in ids(s)
    assert "hyderabad:sepoy" not in ids(s)  # Princely States are not Cities or Provinces
    take(s, "raj", "done")
    assert pc(s, "delhi", "troop") == 2 and pc(s, "punjab", "troop") == 1 and pc(s, "punjab", "sepoy") == 1
    assert s.out_of_play["troop"] == 2


def test_01_shaded_removes_5_sepoys_first_3_available_rest_out_of_play():
    s = blank()
    put(s, "delhi", sepoy=3)
    put(s, "punjab", sepoy=3)
    put(s, "madras", sepoy=1)
    play_event(s, 1, "shaded", "inc", "delhi:sepoy", "delhi:sepoy", end=False)
    assert "delhi:sepoy" not in ids(s) and "done" not in ids(s)  # 2 per space, not 'up to'
    for c in ("punjab:sepoy", "punjab:sepoy", "madras:sepoy"):
        take(s, "inc", c)
    assert engine.decision(s).step == "sop.act"
    assert pc(s, "delhi", "sepoy") == 1 and pc(s, "punjab", "sepoy") == 1 and pc(s, "madras", "sepoy") == 0
    assert s.out_of_play.get("sepoy") == 2 and s.available["sepoy"] == 45 - 7 + 3


def test_01_shaded_with_few_sepoys_removes_what_it_can():
    s = blank()
    put(s, "delhi", sepoy=1)
    play_event(s, 1, "shaded", "inc", "delhi:sepoy")
    assert pc(s, "delhi", "sepoy") == 0 and not s.out_of_play.get("sepoy")


# --- card 2 -------------------------------------------------------------------------

def test_02_unshaded_arrests_up_to_5_activists_in_support_spaces():
    s = blank()
    s.spaces["bihar"].support = 1
    s.spaces["delhi"].support = -1
    put(s, "bihar", inc_activist=4, ml_activist=2)
    put(s, "delhi", inc_activist=2)
    play_event(s, 2, "unshaded", "raj", "bihar:inc", "bihar:ml", end=False)
    assert not any(c.startswith("delhi") for c in ids(s))
    take(s, "raj", "done")
    assert pc(s, "bihar", "inc_activist") == 3 and pc(s, "bihar", "ml_activist") == 1
    assert s.prison == {"inc_activist": 1, "ml_activist": 1}


def test_02_shaded_releases_twice_a_die_of_activists_from_prison():
    s = blank()
    board.transfer(s, "inc_activist", 3, "available", "prison")
    board.transfer(s, "ml_activist", 1, "available", "prison")
    s.forced_dice = [3]  # 6 may be released; Prison holds 4
    play_event(s, 2, "shaded", "inc", "bihar:inc", "bihar:inc", "rail_punjab_delhi:inc", "delhi:ml")
    assert pc(s, "bihar", "inc_activist") == 2 and pc(s, "rail_punjab_delhi", "inc_activist") == 1
    assert pc(s, "delhi", "ml_activist") == 1 and not s.prison


# --- card 3 -------------------------------------------------------------------------

def test_03_unshaded_adds_5_times_restraint():
    s = blank()
    s.restraint, s.resources["raj"] = 4, 10
    play_event(s, 3, "unshaded", "raj")
    assert s.resources["raj"] == 30


def test_03_shaded_subtracts_twice_a_die_not_below_zero():
    s = blank()
    s.resources["raj"] = 20
    s.forced_dice = [4]
    play_event(s, 3, "shaded", "inc")
    assert s.resources["raj"] == 12
    s.resources["raj"] = 3
    s.forced_dice = [6]
    play_event(s, 3, "shaded", "inc")
    assert s.resources["raj"] == 0


# --- card 4 -------------------------------------------------------------------------

def test_04_unshaded_removes_activists_a_protest_and_an_unrest():
    s = blank()
    put(s, "bihar", inc_activist=3)
    put(s, "sind", ml_activist=2)
    board.add_protest(s, "bihar", for_operation=False)
    board.add_unrest(s, "sind")
    board.add_unrest(s, "sind")
    play_event(s, 4, "unshaded", "raj", "bihar:inc", "bihar:inc", "sind:ml", "sind:ml", "bihar", "sind")
    assert pc(s, "bihar", "inc_activist") == 1 and pc(s, "sind", "ml_activist") == 0
    assert s.available["inc_activist"] == 15 and not s.prison  # removed, not arrested (5.1.3)
    assert not s.spaces["bihar"].protest and s.spaces["sind"].unrest == 1


def test_04_shaded_adds_activists_and_unrest_strike_on_railway():
    s = blank()
    play_event(s, 4, "shaded", "inc", "bihar:inc", "bihar:ml", "done", "rail_punjab_delhi", "bihar")
    assert pc(s, "bihar", "inc_activist") == 1 and pc(s, "bihar", "ml_activist") == 1
    assert s.spaces["rail_punjab_delhi"].strike and s.spaces["bihar"].unrest == 1


# --- card 5 -------------------------------------------------------------------------

def test_05_unshaded_removes_muslim_state_and_shifts_2_toward_support():
    s = blank()
    s.spaces["sind"].muslim_state = True
    s.spaces["sind"].support = -1
    play_event(s, 5, "unshaded", "raj")
    assert only_answer(s, "sind")  # 5.1.2: the space where most of the text takes effect
    assert not s.spaces["sind"].muslim_state and s.spaces["sind"].support == 1


def test_05_shaded_sets_up_to_3_states_to_passive_opposition():
    s = blank()
    s.spaces["punjab"].muslim_state = True
    s.spaces["mysore"].support = 2
    play_event(s, 5, "shaded", "inc", "punjab", "mysore", "done")
    assert s.spaces["punjab"].support == -1 and s.spaces["mysore"].support == -1
    assert "delhi" not in ids(play_event(blank(), 5, "shaded", "inc", end=False))


# --- card 6 -------------------------------------------------------------------------

def test_06_unshaded_removes_all_pieces_of_one_faction_in_a_protest_space():
    s = blank()
    put(s, "bihar", gandhi=1, inc_activist=2, sepoy=2, guerrilla_active=1)
    board.add_protest(s, "bihar", for_operation=False)
    play_event(s, 6, "unshaded", "raj", "bihar", end=False)
    assert sorted(ids(s)) == ["inc", "raj", "rev"]
    take(s, "raj", "inc")
    assert s.prison == {"gandhi": 1, "inc_activist": 2}
    assert pc(s, "bihar", "sepoy") == 2 and pc(s, "bihar", "guerrilla_active") == 1


def test_06_shaded_unrest_two_cubes_removed_neutral():
    s = blank()
    put(s, "bihar", inc_activist=1, troop=2, sepoy=1)
    s.spaces["bihar"].support = 2
    put(s, "delhi", troop=1)  # no Activists: not offered
    play_event(s, 6, "shaded", "inc", "bihar", "bihar:troop", "bihar:sepoy")
    sp = s.spaces["bihar"]
    assert sp.unrest == 1 and sp.support == 0 and pc(s, "bihar", "troop") == 1 and pc(s, "bihar", "sepoy") == 0


# --- card 7 -------------------------------------------------------------------------

def test_07_unshaded_sepoys_from_out_of_play_to_congress_spaces():
    s = blank()
    board.transfer(s, "sepoy", 3, "available", "out_of_play")
    put(s, "bihar", inc_activist=1)
    play_event(s, 7, "unshaded", "raj", "bihar:sepoy", "bihar:sepoy", "bihar:sepoy")
    assert pc(s, "bihar", "sepoy") == 3 and not s.out_of_play.get("sepoy")


def test_07_shaded_activists_or_guerrillas_up_to_2_from_out_of_play():
    s = blank()
    put(s, "bihar", gandhi=1)
    board.transfer(s, "guerrilla", 3, "available", "out_of_play")
    play_event(s, 7, "shaded", "rev", "bihar:guerrilla:oop", "bihar:guerrilla:oop", end=False)
    assert "bihar:guerrilla:oop" not in ids(s) and "delhi:guerrilla" not in ids(s)
    take(s, "rev", "bihar:inc")
    take(s, "rev", "bihar:guerrilla")
    assert engine.decision(s).step == "sop.act"
    assert pc(s, "bihar", "guerrilla_underground") == 3 and pc(s, "bihar", "inc_activist") == 1
    assert s.out_of_play["guerrilla"] == 1


# --- card 8 -------------------------------------------------------------------------

def test_08_unshaded_removes_one_per_cube_then_a_marker():
    s = blank()
    put(s, "bihar", troop=1, sepoy=1, inc_activist=2, guerrilla_underground=1)
    board.add_protest(s, "bihar", for_operation=False)
    board.add_unrest(s, "bihar")
    play_event(s, 8, "unshaded", "raj", "bihar", "bihar:inc", "bihar:underground", "unrest")
    assert pc(s, "bihar", "inc_activist") == 1 and guer(s, "bihar") == 0
    assert s.spaces["bihar"].protest and s.spaces["bihar"].unrest == 0 and not s.prison


def guer(s, sid):
    return pc(s, sid, "guerrilla_active") + pc(s, sid, "guerrilla_underground")


def test_08_shaded_shifts_up_to_2_protest_spaces():
    s = blank()
    for sid in ("bihar", "sind", "assam"):
        board.add_protest(s, sid, for_operation=False)
    s.spaces["assam"].support = -2
    play_event(s, 8, "shaded", "inc", "bihar", end=False)
    assert "assam" not in ids(s) and "bihar" not in ids(s)
    take(s, "inc", "sind")
    assert s.spaces["bihar"].support == -1 and s.spaces["sind"].support == -1


# --- card 9 -------------------------------------------------------------------------

def test_09_unshaded_unrest_in_2_troop_spaces_then_removals_per_cube():
    s = blank()
    put(s, "bihar", troop=1, sepoy=1, inc_activist=3)
    put(s, "punjab", troop=1, guerrilla_active=2)
    play_event(s, 9, "unshaded", "raj", "bihar", "punjab", "bihar:inc", "bihar:inc", "punjab:active")
    assert s.spaces["bihar"].unrest == 1 and s.spaces["punjab"].unrest == 1
    assert pc(s, "bihar", "inc_activist") == 1 and pc(s, "punjab", "guerrilla_active") == 1
    assert s.available["inc_activist"] == 15


def test_09_shaded_unrest_remove_up_to_4_bases_last_shift_2():
    s = blank()
    put(s, "punjab", sepoy=2, ml_base=1, ml_activist=1)
    play_event(s, 9, "shaded", "inc", "punjab", "punjab:sepoy", end=False)
    assert "punjab:mlbase" not in ids(s)  # Bases last
    for c in ("punjab:sepoy", "punjab:ml", "punjab:mlbase"):
        take(s, "inc", c)
    assert engine.decision(s).step == "sop.act"
    sp = s.spaces["punjab"]
    assert sp.pieces == {} and sp.unrest == 1 and sp.support == -2


# --- card 10 ------------------------------------------------------------------------

def test_10_unshaded_shifts_up_to_restraint_states_toward_neutral():
    s = blank()
    s.restraint = 2
    for sid, v in (("mysore", -2), ("hyderabad", 1), ("gujarat", 2)):
        s.spaces[sid].support = v
    play_event(s, 10, "unshaded", "raj", "mysore", "hyderabad")
    assert (s.spaces["mysore"].support, s.spaces["hyderabad"].support, s.spaces["gujarat"].support) == (-1, 0, 2)


def test_10_shaded_protests_in_3_states_and_restraint_plus_2():
    s = blank()
    s.restraint = 1  # Protests by Events ignore Restraint (5.1.1)
    s.spaces["sind"].muslim_state = True
    play_event(s, 10, "shaded", "inc", "sind", "mysore", "orissa")
    assert all(s.spaces[x].protest for x in ("sind", "mysore", "orissa")) and s.restraint == 3


# --- card 11 ------------------------------------------------------------------------

def test_11_unshaded_arrests_gandhi_and_activists_unity_minus_1_no_restraint_change():
    """5.1.4 ESEMPIO: card #11 arrests Gandhi; no Restraint shift, no Protests."""
    s = blank()
    put(s, "bihar", gandhi=1, inc_activist=2, ml_activist=1, sepoy=1)
    play_event(s, 11, "unshaded", "raj")
    assert s.prison == {"gandhi": 1, "inc_activist": 2, "ml_activist": 1}
    assert s.unity == 2 and s.restraint == 3 and dv.protests_in_boxes(s) == 6


def test_11_shaded_releases_gandhi_and_3_activists_rest_available():
    s = blank()
    board.transfer(s, "gandhi", 1, "available", "prison")
    board.transfer(s, "inc_activist", 4, "available", "prison")
    board.transfer(s, "ml_activist", 1, "available", "prison")
    play_event(s, 11, "shaded", "inc", "bombay", "bombay:inc", "delhi:ml", "bombay:inc")
    assert pc(s, "bombay", "gandhi") == 1 and pc(s, "bombay", "inc_activist") == 2
    assert pc(s, "delhi", "ml_activist") == 1 and not s.prison and s.available["inc_activist"] == 14


# --- card 12 ------------------------------------------------------------------------

def test_12_unshaded_protests_become_unrest_activists_arrested():
    s = blank()
    for sid in ("bihar", "sind"):
        put(s, sid, sepoy=1, inc_activist=1, ml_activist=1)
        board.add_protest(s, sid, for_operation=False)
    board.add_protest(s, "assam", for_operation=False)  # no cubes: not eligible
    play_event(s, 12, "unshaded", "raj", "bihar")
    assert only_answer(s, "sind")
    for sid in ("bihar", "sind"):
        assert not s.spaces[sid].protest and s.spaces[sid].unrest == 1 and pc(s, sid, "sepoy") == 1
    assert s.prison == {"inc_activist": 2, "ml_activist": 2} and s.spaces["assam"].protest


def test_12_shaded_protests_restraint_minus_1_stays_eligible():
    s = blank()
    put(s, "bihar", inc_activist=1)
    put(s, "sind", ml_activist=1)
    play_event(s, 12, "shaded", "inc", "bihar", "sind")
    assert s.spaces["bihar"].protest and s.spaces["sind"].protest and s.restraint == 2
    assert "inc" in s.turn.stay_eligible


# --- card 13 ------------------------------------------------------------------------

def test_13_unshaded_muslim_state_troops_moved_by_raj():
    s = blank()
    put(s, "sind", troop=2, ml_base=1, guerrilla_active=1)  # 2 cubes vs 2 Active pieces: no Raj Control
    put(s, "punjab", troop=3)  # Raj Control: not offered
    play_event(s, 13, "unshaded", "ml", "state", end=False)
    assert "punjab" not in ids(s) and "bihar" not in ids(s)  # not a Muslim Province
    take(s, "ml", "sind")
    d = engine.decision(s)
    assert d.actor == "raj" and set(d.ids()) == {"delhi", "bombay", "calcutta", "karachi", "madras"}
    take(s, "raj", "karachi")
    take(s, "raj", "delhi")
    assert engine.decision(s).step == "sop.act"
    assert s.spaces["sind"].muslim_state and pc(s, "sind", "troop") == 0
    assert pc(s, "karachi", "troop") == 1 and pc(s, "delhi", "troop") == 1


def test_13_unshaded_unity_option():
    s = blank()
    play_event(s, 13, "unshaded", "ml", "unity")
    assert s.unity == 1


def test_13_shaded_unity_plus_2_three_pieces_out_of_play_to_available():
    s = blank()
    board.transfer(s, "troop", 2, "available", "out_of_play")
    board.transfer(s, "inc_activist", 2, "available", "out_of_play")
    play_event(s, 13, "shaded", "inc", "inc_activist", "inc_activist", "troop")
    assert s.unity == 5 and s.out_of_play == {"troop": 1}


# --- card 14 ------------------------------------------------------------------------

def test_14_unshaded_up_to_4_guerrillas_from_up_to_2_spaces_rev_resources_minus_3():
    s = blank()
    put(s, "bihar", guerrilla_active=2)
    put(s, "sind", guerrilla_underground=1)
    put(s, "assam", guerrilla_active=3)
    s.resources["rev"] = 2
    play_event(s, 14, "unshaded", "raj", "bihar:active", "sind:underground", end=False)
    assert not any(c.startswith("assam") for c in ids(s))  # only 2 spaces
    take(s, "raj", "bihar:active")
    assert engine.decision(s).step == "sop.act"
    assert guer(s, "bihar") == 0 and guer(s, "sind") == 0 and guer(s, "assam") == 3 and s.resources["rev"] == 0


def test_14_shaded_five_guerrillas_in_bengals_or_resources():
    s = blank()
    play_event(s, 14, "shaded", "rev", "guerrillas", *["west_bengal:guerrilla"] * 3, *["east_bengal:guerrilla"] * 2)
    assert pc(s, "west_bengal", "guerrilla_underground") == 3 and pc(s, "east_bengal", "guerrilla_underground") == 2
    s = blank()
    s.resources["rev"] = 5
    play_event(s, 14, "shaded", "rev", "resources")
    assert s.resources["rev"] == 10


# --- card 15 ------------------------------------------------------------------------

def test_15_unshaded_unrest_then_one_piece_per_sepoy_bases_last():
    s = blank()
    put(s, "sind", sepoy=2, guerrilla_active=1, rev_base=1)
    put(s, "punjab", troop=1, sepoy=3, guerrilla_active=3)
    play_event(s, 15, "unshaded", "raj")
    assert only_answer(s, "sind")
    assert only_answer(s, "sind:active")  # cubes are not taken; Bases last
    assert only_answer(s, "sind:revbase")
    assert s.spaces["sind"].unrest == 1 and pc(s, "sind", "sepoy") == 2 and guer(s, "sind") == 0
    assert pc(s, "sind", "rev_base") == 0


def test_15_shaded_unrest_and_shift_2_toward_opposition():
    s = blank()
    put(s, "bihar", sepoy=1)
    s.spaces["bihar"].support = 1
    play_event(s, 15, "shaded", "inc", "bihar")
    assert s.spaces["bihar"].unrest == 1 and s.spaces["bihar"].support == -1


# --- card 16 ------------------------------------------------------------------------

def test_16_unshaded_unrest_in_2_muslim_spaces_then_1_base():
    """8.4.1 example text: add Unrest to up to 2 Muslim spaces, then remove 1
    Base in one of the selected spaces."""
    s = blank()
    put(s, "punjab", ml_base=1, rev_base=1)
    put(s, "assam", rev_base=1)
    play_event(s, 16, "unshaded", "raj", "punjab", "assam", "punjab:revbase")
    assert s.spaces["punjab"].unrest == 1 and s.spaces["assam"].unrest == 1
    assert pc(s, "punjab", "rev_base") == 0 and pc(s, "punjab", "ml_base") == 1 and pc(s, "assam", "rev_base") == 1


def test_16_shaded_up_to_2_bases_in_muslim_provinces_with_room():
    s = blank()
    put(s, "assam", ml_base=1)  # Pop 1: full
    play_event(s, 16, "shaded", "ml", "punjab:mlbase", end=False)
    assert "assam:mlbase" not in ids(s) and "bihar:mlbase" not in ids(s) and "karachi:mlbase" not in ids(s)
    take(s, "ml", "punjab:revbase")
    assert pc(s, "punjab", "ml_base") == 1 and pc(s, "punjab", "rev_base") == 1


# --- card 17 ------------------------------------------------------------------------

def test_17_unshaded_remove_activists_in_punjab_and_adjacent_provinces():
    s = blank()
    put(s, "punjab", inc_activist=2)
    put(s, "sind", ml_activist=3)
    put(s, "delhi", inc_activist=1)  # a City: not offered
    play_event(s, 17, "unshaded", "raj", "remove", "punjab:inc", "sind:ml", "sind:ml", "sind:ml", end=False)
    assert engine.decision(s).step == "sop.act"
    assert pc(s, "punjab", "inc_activist") == 1 and pc(s, "sind", "ml_activist") == 0


def test_17_unshaded_shift_two_spaces_toward_passive_support():
    s = blank()
    s.spaces["punjab"].support = 2
    s.spaces["united_provinces"].support = -1
    play_event(s, 17, "unshaded", "raj", "shift", "punjab", "united_provinces")
    assert s.spaces["punjab"].support == 1 and s.spaces["united_provinces"].support == 0


def test_17_shaded_protests_with_ml_activists_ml_stays_eligible():
    s = blank()
    put(s, "sind", ml_activist=1)
    put(s, "assam", ml_activist=1)
    put(s, "bihar", inc_activist=1)
    play_event(s, 17, "shaded", "inc", "sind", "assam")
    assert s.spaces["sind"].protest and s.spaces["assam"].protest and not s.spaces["bihar"].protest
    assert s.turn.stay_eligible == ["ml"]


# --- card 18 ------------------------------------------------------------------------

def test_18_unshaded_base_and_two_shifts():
    s = blank()
    play_event(s, 18, "unshaded", "ml", "sind:mlbase", end=False)
    assert "rail_karachi_north" not in ids(s)  # Railways have no Support
    take(s, "ml", "karachi")
    assert pc(s, "sind", "ml_base") == 1 and s.spaces["sind"].support == 1 and s.spaces["karachi"].support == 1


def test_18_shaded_unity_and_activists_in_muslim_spaces():
    s = blank()
    play_event(s, 18, "shaded", "inc", "punjab:inc", "calcutta:ml", end=False)
    assert "bihar:inc" not in ids(s)
    take(s, "inc", "done")
    assert s.unity == 4 and pc(s, "punjab", "inc_activist") == 1 and pc(s, "calcutta", "ml_activist") == 1


# --- card 19 ------------------------------------------------------------------------

def test_19_unshaded_up_to_3_underground_or_all_active():
    s = blank()
    put(s, "bihar", guerrilla_underground=4, guerrilla_active=2)
    play_event(s, 19, "unshaded", "raj", "bihar", "active")
    assert pc(s, "bihar", "guerrilla_active") == 0 and pc(s, "bihar", "guerrilla_underground") == 4
    play_event(s, 19, "unshaded", "raj", "bihar", "underground", *["bihar:underground"] * 3)
    assert pc(s, "bihar", "guerrilla_underground") == 1


def test_19_shaded_unrest_and_guerrilla_in_2_raj_control_spaces():
    s = blank()
    put(s, "bihar", sepoy=2)
    put(s, "delhi", troop=1)
    put(s, "sind", troop=1, ml_base=1)  # no Raj Control
    play_event(s, 19, "shaded", "rev", "bihar")
    assert only_answer(s, "delhi")
    for sid in ("bihar", "delhi"):
        assert s.spaces[sid].unrest == 1 and pc(s, sid, "guerrilla_underground") == 1


# --- card 20 ------------------------------------------------------------------------

def test_20_unshaded_bengals_one_guerrilla_per_cube_then_activate():
    s = blank()
    put(s, "west_bengal", sepoy=1, guerrilla_underground=3)
    put(s, "east_bengal", troop=2, guerrilla_underground=1)
    play_event(s, 20, "unshaded", "raj", "west_bengal:underground", "east_bengal:underground")
    assert pc(s, "west_bengal", "guerrilla_active") == 2 and pc(s, "west_bengal", "guerrilla_underground") == 0
    assert guer(s, "east_bengal") == 0


def test_20_shaded_up_to_3_guerrillas_then_all_underground():
    s = blank()
    put(s, "east_bengal", guerrilla_active=2)
    play_event(s, 20, "shaded", "rev", "west_bengal:guerrilla", "east_bengal:guerrilla", "done")
    assert pc(s, "east_bengal", "guerrilla_underground") == 3 and pc(s, "east_bengal", "guerrilla_active") == 0
    assert pc(s, "west_bengal", "guerrilla_underground") == 1


# --- card 21 ------------------------------------------------------------------------

def test_21_unshaded_activate_punjab_remove_per_cube():
    s = blank()
    put(s, "punjab", guerrilla_underground=3, sepoy=2)
    play_event(s, 21, "unshaded", "raj")
    assert pc(s, "punjab", "guerrilla_active") == 1 and pc(s, "punjab", "guerrilla_underground") == 0


def test_21_shaded_guerrillas_and_unrest_in_punjab():
    s = blank()
    play_event(s, 21, "shaded", "rev", "punjab:guerrilla", "punjab:guerrilla", "done")
    assert pc(s, "punjab", "guerrilla_underground") == 2 and s.spaces["punjab"].unrest == 1


# --- card 22 ------------------------------------------------------------------------

def test_22_unshaded_two_to_available_two_out_of_play():
    s = blank()
    put(s, "bihar", guerrilla_active=5)
    play_event(s, 22, "unshaded", "raj", "bihar:active:oop", "bihar:active:oop", end=False)
    assert "bihar:active:oop" not in ids(s) and "bihar:active" in ids(s)
    take(s, "raj", "bihar:active")
    take(s, "raj", "bihar:active")
    assert engine.decision(s).step == "sop.act"
    assert pc(s, "bihar", "guerrilla_active") == 1 and s.out_of_play == {"guerrilla": 2}


def test_22_shaded_two_guerrillas_and_one_adversary_in_two_spaces():
    s = blank()
    put(s, "bihar", gandhi=1, inc_activist=1)
    put(s, "mysore", sepoy=1)
    put(s, "delhi", troop=3)  # Raj Control
    play_event(s, 22, "shaded", "rev", "bihar", end=False)
    assert "bihar:gandhi" not in ids(s)
    take(s, "rev", "bihar:inc")
    assert "delhi" not in ids(s)
    take(s, "rev", "mysore")
    take(s, "rev", "mysore:sepoy")
    assert engine.decision(s).step == "sop.act"
    assert pc(s, "bihar", "guerrilla_underground") == 2 and pc(s, "bihar", "inc_activist") == 0
    assert pc(s, "bihar", "gandhi") == 1 and pc(s, "mysore", "sepoy") == 0 and not s.prison


# --- card 23 ------------------------------------------------------------------------

def test_23_unshaded_activate_per_cube_then_remove_up_to_5_active():
    s = blank()
    put(s, "bihar", sepoy=2, guerrilla_underground=3)
    put(s, "sind", troop=1, guerrilla_underground=1, guerrilla_active=1)
    play_event(s, 23, "unshaded", "raj", "bihar", "sind", "bihar:active", "bihar:active", "sind:active",
         "sind:active")
    assert pc(s, "bihar", "guerrilla_underground") == 1 and pc(s, "bihar", "guerrilla_active") == 0
    assert guer(s, "sind") == 0


def test_23_shaded_free_attack_then_underground():
    s = blank()
    put(s, "bihar", guerrilla_underground=3, sepoy=1, troop=1, inc_activist=1)
    board.add_protest(s, "bihar", for_operation=False)
    s.forced_dice = [3]
    play_event(s, 23, "shaded", "rev", "bihar", end=False)
    assert {"sepoy", "inc_activist"} <= set(ids(s)) and "troop" not in ids(s)  # Sepoys before Troops
    take(s, "rev", "sepoy")
    take(s, "rev", "inc_activist")  # "up to" two: each removal is asked (R-3.4.3c)
    finish_taking_done(s)
    assert pc(s, "bihar", "sepoy") == 0 and pc(s, "bihar", "troop") == 1
    assert s.available["inc_activist"] == 16 and not s.prison  # removed, not arrested (3.4.3)
    assert pc(s, "bihar", "guerrilla_underground") == 3 and s.spaces["bihar"].unrest == 1
    assert s.resources["rev"] == 5  # free


def test_23_shaded_miss():
    s = blank()
    put(s, "bihar", guerrilla_underground=1, sepoy=1)
    s.forced_dice = [2]
    play_event(s, 23, "shaded", "rev", "bihar")
    assert pc(s, "bihar", "sepoy") == 1 and pc(s, "bihar", "guerrilla_underground") == 1


# --- card 24 ------------------------------------------------------------------------

def test_24_unshaded_activate_then_remove_per_cube_in_those_spaces():
    s = blank()
    put(s, "bihar", guerrilla_underground=3, sepoy=2)
    put(s, "sind", guerrilla_underground=1, troop=1)
    put(s, "assam", guerrilla_active=2, troop=1)  # no Activation there: not offered
    play_event(s, 24, "unshaded", "raj", "bihar:underground", "sind:underground", "done", end=False)
    assert set(ids(s)) == {"bihar", "sind", "done"}
    for c in ("bihar", "bihar:active", "bihar:underground", "sind", "sind:active"):
        take(s, "raj", c)
    assert engine.decision(s).step == "sop.act"
    assert guer(s, "bihar") == 1 and guer(s, "sind") == 0 and guer(s, "assam") == 2


def test_24_shaded_guerrillas_from_out_of_play_unrest_neutral():
    s = blank()
    board.transfer(s, "guerrilla", 2, "available", "out_of_play")
    s.spaces["bihar"].support = 2
    play_event(s, 24, "shaded", "rev", "bihar")
    assert pc(s, "bihar", "guerrilla_underground") == 2 and s.spaces["bihar"].unrest == 1
    assert s.spaces["bihar"].support == 0 and not s.out_of_play.get("guerrilla")


# --- card 25 ------------------------------------------------------------------------

def test_25_unshaded_restraint_minus_2_remove_markers():
    s = blank()
    board.add_protest(s, "bihar", for_operation=False)
    board.add_unrest(s, "sind")
    play_event(s, 25, "unshaded", "raj", "bihar:protest", "sind:unrest")
    assert s.restraint == 1 and not s.spaces["bihar"].protest and s.spaces["sind"].unrest == 0


def test_25_shaded_restraint_plus_2_protests_with_friendly_pieces():
    s = blank()
    put(s, "bihar", guerrilla_active=1)
    put(s, "sind", rev_base=1)
    put(s, "assam", inc_activist=1)
    play_event(s, 25, "shaded", "rev", "bihar")
    assert only_answer(s, "sind")
    assert s.restraint == 5 and s.spaces["bihar"].protest and s.spaces["sind"].protest


# --- card 26 ------------------------------------------------------------------------

def test_26_unshaded_arrest_one_activist_per_cube_in_2_spaces():
    s = blank()
    put(s, "bihar", sepoy=2, inc_activist=3)
    put(s, "sind", troop=1, ml_activist=2)
    play_event(s, 26, "unshaded", "raj", "bihar", "bihar:inc", "bihar:inc", "sind", "sind:ml")
    assert pc(s, "bihar", "inc_activist") == 1 and pc(s, "sind", "ml_activist") == 1
    assert s.prison == {"inc_activist": 2, "ml_activist": 1}


def test_26_shaded_protest_and_unrest_then_shift_each():
    s = blank()
    play_event(s, 26, "shaded", "inc", "bihar", "sind")
    assert s.spaces["bihar"].protest and s.spaces["sind"].unrest == 1
    assert s.spaces["bihar"].support == -1 and s.spaces["sind"].support == -1
    s = blank()
    play_event(s, 26, "shaded", "inc", "bihar", "bihar")
    assert s.spaces["bihar"].support == -1  # one space shifts once


# --- card 27 ------------------------------------------------------------------------

def test_27_unshaded_restraint_2_two_control_spaces_passive_support():
    s = blank()
    put(s, "bihar", sepoy=1)
    put(s, "delhi", troop=1)
    s.spaces["bihar"].support = -2
    play_event(s, 27, "unshaded", "raj", "bihar", "delhi")
    assert s.restraint == 2 and s.spaces["bihar"].support == 1 and s.spaces["delhi"].support == 1


def test_27_shaded_restraint_4_protests_in_control_spaces():
    s = blank()
    put(s, "bihar", sepoy=1)
    put(s, "delhi", troop=1)
    play_event(s, 27, "shaded", "inc", "bihar", "delhi")
    assert s.restraint == 4 and s.spaces["bihar"].protest and s.spaces["delhi"].protest


# --- card 28 ------------------------------------------------------------------------

def test_28_unshaded_unity_minus_1_base_and_shift_2():
    s = blank()
    play_event(s, 28, "unshaded", "raj", "bihar:revbase")
    assert s.unity == 2 and pc(s, "bihar", "rev_base") == 1 and s.spaces["bihar"].support == 2


def test_28_shaded_unity_plus_1_shift_congress_space():
    s = blank()
    put(s, "bihar", inc_activist=1)
    play_event(s, 28, "shaded", "inc", "bihar")
    assert s.unity == 4 and s.spaces["bihar"].support == -1


# --- card 29 ------------------------------------------------------------------------

def test_29_unshaded_remove_muslim_state_and_make_ineligible():
    s = blank()
    s.spaces["sind"].muslim_state = True
    play_event(s, 29, "unshaded", "raj", "sind", "ml")
    assert not s.spaces["sind"].muslim_state and s.turn.make_ineligible == ["ml"]


def test_29_shaded_muslim_state_in_any_province_without_control():
    s = blank()
    put(s, "bihar", troop=1, guerrilla_active=1)
    put(s, "delhi", troop=3)
    play_event(s, 29, "shaded", "ml", "bihar:state", "bombay")
    assert s.spaces["bihar"].muslim_state and pc(s, "bombay", "troop") == 1 and pc(s, "bihar", "troop") == 0
    s = blank()
    play_event(s, 29, "shaded", "rev", "bihar:revbase")
    assert pc(s, "bihar", "rev_base") == 1


# --- card 30 ------------------------------------------------------------------------

def test_30_unshaded_remove_from_raj_control_spaces_2_per_space():
    s = blank()
    put(s, "bihar", sepoy=4, guerrilla_underground=2, inc_activist=1)
    put(s, "sind", guerrilla_active=1)  # no Raj Control
    play_event(s, 30, "unshaded", "raj", "bihar:underground", "bihar:inc")  # 2 per space: nothing more
    assert pc(s, "bihar", "guerrilla_underground") == 1 and pc(s, "bihar", "inc_activist") == 0
    assert s.available["inc_activist"] == 16


def test_30_shaded_remove_up_to_5_sepoys_2_per_space():
    s = blank()
    put(s, "bihar", sepoy=3)
    put(s, "sind", sepoy=3)
    play_event(s, 30, "shaded", "inc", "bihar:sepoy", "bihar:sepoy", "sind:sepoy", "done")
    assert pc(s, "bihar", "sepoy") == 1 and pc(s, "sind", "sepoy") == 2 and not s.out_of_play.get("sepoy")


# --- card 31 ------------------------------------------------------------------------

def test_31_unshaded_arrest_gandhi_activists_remove_markers():
    s = blank()
    put(s, "bihar", gandhi=1, inc_activist=2)
    board.add_protest(s, "bihar", for_operation=False)
    board.add_unrest(s, "bihar")
    board.add_unrest(s, "bihar")
    play_event(s, 31, "unshaded", "raj")
    sp = s.spaces["bihar"]
    assert not sp.protest and sp.unrest == 0 and s.prison == {"gandhi": 1, "inc_activist": 2}


def test_31_shaded_gandhi_to_bihar_protest_activists():
    s = blank()
    put(s, "bombay", gandhi=1)
    play_event(s, 31, "shaded", "inc", "bihar:inc", "bihar:inc", "done")
    assert pc(s, "bihar", "gandhi") == 1 and pc(s, "bombay", "gandhi") == 0
    assert s.spaces["bihar"].protest and pc(s, "bihar", "inc_activist") == 2
    s = blank()
    board.transfer(s, "gandhi", 1, "available", "prison")
    play_event(s, 31, "shaded", "inc", "done")
    assert s.prison == {"gandhi": 1} and s.spaces["bihar"].protest


# --- card 32 ------------------------------------------------------------------------

def test_32_unshaded_two_pieces_out_of_play_then_activate_4():
    s = blank()
    put(s, "bihar", gandhi=1, ml_base=1, inc_activist=1, sepoy=1, guerrilla_underground=5)
    play_event(s, 32, "unshaded", "raj", end=False)
    assert "bihar:gandhi" not in ids(s) and "bihar:mlbase" not in ids(s)
    for c in ("bihar:inc", "bihar:sepoy", *["bihar:underground"] * 4):
        take(s, "raj", c)
    assert engine.decision(s).step == "sop.act"
    assert s.out_of_play == {"inc_activist": 1, "sepoy": 1} and pc(s, "bihar", "guerrilla_active") == 4


def test_32_shaded_raj_resources_per_activist_in_prison_restraint_minus_2():
    s = blank()
    board.transfer(s, "inc_activist", 3, "available", "prison")
    board.transfer(s, "ml_activist", 1, "available", "prison")
    s.resources["raj"] = 20
    play_event(s, 32, "shaded", "inc")
    assert s.resources["raj"] == 12 and s.restraint == 1


# --- card 33 ------------------------------------------------------------------------

def test_33_unshaded_one_item_in_up_to_restraint_spaces():
    s = blank()
    s.restraint = 2
    put(s, "bihar", inc_activist=2)
    board.add_protest(s, "sind", for_operation=False)
    board.add_unrest(s, "assam")
    play_event(s, 33, "unshaded", "raj", "bihar:inc", end=False)
    assert not any(c.startswith("bihar") for c in ids(s))
    take(s, "raj", "sind:protest")
    assert engine.decision(s).step == "sop.act"
    assert pc(s, "bihar", "inc_activist") == 1 and not s.spaces["sind"].protest and s.spaces["assam"].unrest == 1


def test_33_shaded_remove_adversaries_up_to_unity_then_release():
    s = blank()
    s.unity = 2
    put(s, "bihar", gandhi=1, sepoy=1)
    put(s, "sind", ml_base=1, ml_activist=1)
    board.transfer(s, "inc_activist", 2, "available", "prison")
    play_event(s, 33, "shaded", "inc", end=False)
    assert "bihar:gandhi" not in ids(s) and "sind:mlbase" not in ids(s)
    for c in ("bihar:sepoy", "sind:ml", "inc_activist", "inc_activist"):
        take(s, "inc", c)
    assert engine.decision(s).step == "sop.act"
    assert pc(s, "bihar", "sepoy") == 0 and pc(s, "sind", "ml_activist") == 0 and pc(s, "sind", "ml_base") == 1
    assert not s.prison


# --- card 34 ------------------------------------------------------------------------

def test_34_unshaded_arrest_railway_activists_remove_strikes():
    s = blank()
    put(s, "rail_punjab_delhi", inc_activist=2, ml_activist=1)
    put(s, "delhi", inc_activist=1)
    board.add_unrest(s, "rail_exiting_bombay")
    play_event(s, 34, "unshaded", "raj")
    assert s.prison == {"inc_activist": 2, "ml_activist": 1} and pc(s, "delhi", "inc_activist") == 1
    assert not s.spaces["rail_exiting_bombay"].strike


def test_34_shaded_activists_or_strikes_on_railways():
    s = blank()
    play_event(s, 34, "shaded", "inc", "activists", "rail_punjab_delhi:inc", end=False)
    assert "delhi:inc" not in ids(s)
    take(s, "inc", "done")
    assert dv.activists_active(s, "rail_punjab_delhi") and pc(s, "rail_punjab_delhi", "inc_activist") == 1
    s = blank()
    play_event(s, 34, "shaded", "inc", "strikes", "rail_punjab_delhi", "rail_exiting_bombay")
    assert s.spaces["rail_punjab_delhi"].strike and s.spaces["rail_exiting_bombay"].strike


# --- card 35 ------------------------------------------------------------------------

def test_35_unshaded_up_to_6_cubes_in_punjab():
    s = blank()
    play_event(s, 35, "unshaded", "raj", "punjab:troop", "punjab:sepoy", "done")
    assert pc(s, "punjab", "troop") == 1 and pc(s, "punjab", "sepoy") == 1
    s = blank()
    s.spaces["punjab"].muslim_state = True
    assert "punjab:troop" not in ids(play_event(s, 35, "unshaded", "raj", end=False))


def test_35_shaded_markers_then_shift():
    s = blank()
    play_event(s, 35, "shaded", "inc", "bihar:protest", "rail_punjab_delhi:unrest")
    assert s.spaces["bihar"].protest and s.spaces["bihar"].support == -1
    assert s.spaces["rail_punjab_delhi"].strike


# --- card 36 ------------------------------------------------------------------------

def test_36_unshaded_unrest_arrest_die_roll_neutral():
    s = blank()
    put(s, "bihar", inc_activist=3, ml_activist=1)
    s.spaces["bihar"].support = -2
    s.forced_dice = [2]
    play_event(s, 36, "unshaded", "raj", "bihar", "bihar:inc", "bihar:ml")
    assert s.prison == {"inc_activist": 1, "ml_activist": 1} and s.spaces["bihar"].support == 0
    assert s.spaces["bihar"].unrest == 1


def test_36_shaded_roll_against_friendly_pieces():
    s = blank()
    put(s, "bihar", inc_activist=3, sepoy=1)
    put(s, "sind", inc_activist=1, troop=1, ml_base=1, ml_activist=1)
    s.forced_dice = [1, 5]
    play_event(s, 36, "shaded", "inc", "bihar", "bihar:sepoy", "sind")
    assert pc(s, "bihar", "sepoy") == 0  # 1 <= 3 friendly: 1 removed
    assert pc(s, "sind", "troop") == 1  # 5 > 1 friendly: nothing


# --- issue 12: readings of the second audit -------------------------------------------

def test_1_4_5_gandhi_never_removed_by_09_shaded():
    """1.4.5 "Gandhi non può essere eliminato ma può essere arrestato": #9
    shaded removes up to 4 pieces to Available, never Gandhi."""
    s = blank()
    put(s, "punjab", sepoy=1, gandhi=1, inc_activist=1)
    play_event(s, 9, "shaded", "inc", "punjab", end=False)
    assert "punjab:gandhi" not in ids(s)
    answer(s, "punjab:sepoy", "punjab:inc")
    assert pc(s, "punjab", "gandhi") == 1


def test_1_4_5_gandhi_never_removed_by_15_unshaded():
    """1.4.5: #15 unshaded removes 1 piece per Sepoy to Available: Gandhi is
    not among them, so with only Gandhi left the removals end."""
    s = blank()
    put(s, "sind", sepoy=2, gandhi=1, ml_activist=1)
    play_event(s, 15, "unshaded", "raj", "sind", "sind:ml")
    assert pc(s, "sind", "gandhi") == 1 and s.available.get("gandhi", 0) == 0


def test_1_4_5_may_remove():
    assert board.may_remove("gandhi", "prison") and board.may_remove("inc_activist", "available")
    assert not board.may_remove("gandhi", "available") and not board.may_remove("gandhi", "out_of_play")


RAIL = "rail_delhi_southeast"


def test_1_10_protest_on_a_railway_by_12_shaded():
    """1.10 "Le Ferrovie possono avere segnalino Protesta": #12 shaded places
    Protests in spaces with Activists, a Railway among them (as Civil
    Disobedience may)."""
    s = blank()
    put(s, RAIL, inc_activist=1)
    play_event(s, 12, "shaded", "inc", RAIL)
    assert s.spaces[RAIL].protest


def test_1_10_protest_on_a_railway_by_17_shaded():
    s = blank()
    put(s, RAIL, ml_activist=1)
    put(s, "sind", ml_activist=1)
    play_event(s, 17, "shaded", "ml", RAIL, "sind")
    assert s.spaces[RAIL].protest and s.spaces["sind"].protest


def test_1_10_protest_on_a_railway_by_25_shaded():
    s = blank()
    put(s, RAIL, guerrilla_underground=1)
    put(s, "bihar", guerrilla_underground=1)
    play_event(s, 25, "shaded", "rev", RAIL, "bihar")
    assert s.spaces[RAIL].protest


def test_1_10_protest_on_a_railway_by_26_and_35_shaded():
    """#26 and #35 shaded place a Strike on a Railway; a Protest may go there too."""
    s = blank()
    play_event(s, 26, "shaded", "inc", RAIL, end=False)
    assert s.spaces[RAIL].protest
    s = blank()
    play_event(s, 35, "shaded", "inc", f"{RAIL}:protest", "done")
    assert s.spaces[RAIL].protest


def test_3_3_1_unity_when_13_shaded_moves_the_other_nv_activists():
    """IT 3.3.1 "spostate l'Unità di +1 (sia durante il Raduno o per Evento)":
    Congress moving 2 Muslim League Activists from Out of Play by #13 shaded:
    Unity +2 for the Event, +1 for each of them."""
    s = blank()
    s.unity = 1
    board.transfer(s, "ml_activist", 2, "available", "out_of_play")
    board.transfer(s, "inc_activist", 1, "available", "out_of_play")
    play_event(s, 13, "shaded", "inc", "ml_activist", "ml_activist", "inc_activist")
    assert s.unity == 5 and not s.out_of_play


def test_3_3_1_no_unity_when_the_raj_moves_activists():
    s = blank()
    s.unity = 1
    board.transfer(s, "ml_activist", 3, "available", "out_of_play")
    play_event(s, 13, "shaded", "raj", "ml_activist", "ml_activist", "ml_activist")
    assert s.unity == 3


def test_1_4_3_24_unshaded_active_guerrillas_count_as_activated():
    """1.4.3 play note: "Activating" an Active Guerrilla is enough (it stays
    Active). #24 unshaded: a space with cubes and only Active Guerrillas becomes
    one of "those spaces" and loses 1 Guerrilla per cube."""
    s = blank()
    put(s, "assam", guerrilla_active=2, troop=1)
    play_event(s, 24, "unshaded", "raj", "assam:active", "done", "assam", "assam:active")
    assert pc(s, "assam", "guerrilla_active") == 1


def test_1_4_3_32_unshaded_active_guerrillas_count_as_activated():
    """#32 unshaded "Attivate 4 qualsiasi Guerriglie": the Revolutionaries may
    count their Active Guerrillas instead of flipping Underground ones."""
    s = blank()
    put(s, "bihar", guerrilla_active=2, guerrilla_underground=4, sepoy=2)
    play_event(s, 32, "unshaded", "rev", "bihar:sepoy", "bihar:sepoy", end=False)
    assert set(ids(s)) == {"bihar:underground", "bihar:active"}
    answer(s, "bihar:active", "bihar:active", "bihar:underground", "bihar:underground")
    assert pc(s, "bihar", "guerrilla_underground") == 2 and pc(s, "bihar", "guerrilla_active") == 4


def test_5_1_2_36_shaded_rolls_only_where_adversaries_can_be_removed():
    """5.1.2 (the most of the text): 5 Revolutionary pieces alone in Bihar
    cannot remove anything; Sind (3 Guerrillas facing 3 Sepoys) is offered."""
    s = blank()
    put(s, "bihar", guerrilla_underground=5)
    put(s, "sind", guerrilla_underground=3, sepoy=3)
    s.forced_dice = [2]
    play_event(s, 36, "shaded", "rev")
    assert only_answer(s, "sind")
    assert pc(s, "sind", "sepoy") == 1 and pc(s, "bihar", "guerrilla_underground") == 5


def test_3_4_3_23_shaded_runs_the_revolutionaries_attack():
    """#23 shaded "Attaccate gratuitamente" is the Attack of 3.4.3: not on a
    Railway; removed Activists go to Available (not Prison); a Troop only once
    no Active Activist remains ("Truppe ... per ultime", 1.4.4); Unrest where
    there is a Protest or no Raj Control (R-3.4.3); the Revolutionaries pick
    the pieces (1.4.4) whoever plays the Event."""
    s = blank()
    put(s, RAIL, guerrilla_underground=2)
    put(s, "bihar", guerrilla_underground=4, troop=1, sepoy=1, inc_activist=1)
    board.add_protest(s, "bihar", for_operation=False)
    put(s, "sind", guerrilla_underground=3)
    s.forced_dice = [1, 6]
    play_event(s, 23, "shaded", "inc", end=False)
    assert RAIL not in ids(s) and {"bihar", "sind"} <= set(ids(s))
    take(s, "inc", "bihar")
    d = engine.decision(s)
    assert d.actor == "rev" and set(d.ids()) - {"done"} == {"sepoy", "inc_activist"}
    take(s, "rev", "inc_activist")
    assert set(ids(s)) == {"sepoy", "done"}  # then the Sepoy (or stop): the Troop stays
    take(s, "rev", "sepoy")
    take(s, "inc", "sind")  # a miss
    finish_taking_done(s)
    assert pc(s, "bihar", "troop") == 1 and pc(s, "bihar", "inc_activist") == 0
    assert s.prison.get("inc_activist", 0) == 0 and s.spaces["bihar"].unrest == 1
    assert pc(s, "sind", "guerrilla_underground") == 3 and s.spaces["sind"].unrest == 0


def test_3_4_3_23_shaded_unrest_without_raj_control_and_no_protest():
    s = blank()
    put(s, "sind", guerrilla_underground=3, sepoy=1)
    s.forced_dice = [2]
    play_event(s, 23, "shaded", "rev", "sind", "sepoy", end=False)
    finish_taking_done(s)
    assert pc(s, "sind", "sepoy") == 0 and s.spaces["sind"].unrest == 1


def test_card_32_title_is_cellular_jail():
    """The Italian card list prints #32 as "Cellular Jail" (seed L2470)."""
    from engine.gandhi.common import card_title
    from engine.gandhi.data import get_data

    ev = get_data().cards.events[32]
    assert ev.title == "Cellular Jail" and ev.title_it == "Cellular Jail"
    assert card_title(32) == "#32 Cellular Jail"


def test_1_3_5_a_muslim_state_is_not_a_province():
    """1.3.1/1.3.5: a Muslim State "cambia quello spazio in uno Stato": card
    texts that say Province leave it out (#16 shaded, #17 unshaded, #29
    shaded) (R-E-Province)."""
    s = blank()
    s.spaces["sind"].muslim_state = True
    play_event(s, 16, "shaded", "ml", end=False)
    assert not any(c.startswith("sind:") for c in ids(s)) and "punjab:mlbase" in ids(s)
    s = blank()
    s.spaces["northwest_frontier"].muslim_state = True
    put(s, "northwest_frontier", inc_activist=1)
    put(s, "punjab", inc_activist=1)
    play_event(s, 17, "unshaded", "raj", "remove", end=False)
    assert "northwest_frontier:inc" not in ids(s) and "punjab:inc" in ids(s)
    s = blank()
    s.spaces["sind"].muslim_state = True
    play_event(s, 29, "shaded", "ml", end=False)
    assert not any(c.startswith("sind:") for c in ids(s)) and "punjab:mlbase" in ids(s)


def test_5_1_2_16_unshaded_the_selection_holds_a_base():
    """5.1.2: #16 unshaded "Aggiungere 1 segnalino Disordini in max 2 spazi
    musulmani, poi rimuovete 1 Base dagli spazi scelti": while a Muslim space
    holds a Base the Revolutionaries cannot stop, nor pick 2 spaces without
    one, and so dodge the removal (R-E16)."""
    s = blank()
    put(s, "sind", rev_base=1)
    play_event(s, 16, "unshaded", "rev", end=False)
    assert "done" not in ids(s)
    answer(s, "punjab")
    assert only_answer(s, "sind")
    assert only_answer(s, "sind:revbase")
    assert pc(s, "sind", "rev_base") == 0 and s.spaces["punjab"].unrest == 1
