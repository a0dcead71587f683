"""COIN Operations of A Distant Plain, one test per clause of the Italian
player aids (seed = shared/seeds/a_distant_plain_player_aids_it.txt, cited
by line)."""
from __future__ import annotations

import dataclasses

import pytest

from engine.adp.data import get_data
from engine.adp.derived import control
from engine.adp.ops.coin import assault_count
from tests.engine.adp.kit import clear, first, game, ids, pcs, play, put


@pytest.fixture
def s():
    return clear(game())


# ------------------------------------------------------------ Government Train (3.2.1), seed L121-129

def test_gov_train_location_provinces_or_kabul_no_loc_no_pakistan(s):
    """L125: any Province or Kabul (reading R10: not in Pakistan)."""
    play(first(s, "government"), "op", "train")
    assert "kabul" in ids(s) and "helmand" in ids(s)
    assert "loc_kabul_aibak" not in ids(s) and "waziristan" not in ids(s)


def test_gov_train_costs_3_per_space(s):
    """L127: 3 Resources per space."""
    play(first(s, "government"), "op", "train", "helmand")
    assert s.resources["government"] == 17


def test_gov_train_places_up_to_6_cubes_in_kabul(s):
    """L129: in Kabul, up to 6 Government cubes."""
    play(first(s, "government"), "op", "train", "kabul")
    assert ids(s)[-1] == "6"
    play(s, "4", "2")
    assert pcs(s, "kabul") == {"government_troops": 4, "police": 2}


def test_gov_train_places_only_where_a_coin_base_or_kabul(s):
    """L129: cubes only in Kabul and spaces with a COIN Base."""
    put(s, "balkh", coalition_bases=1)
    play(first(s, "government"), "op", "train", "herat")
    assert "herat" not in [k for k in pcs(s, "herat")] and pcs(s, "herat") == {}
    play(s, "balkh")
    assert ids(s)[-1] == "6"  # the Troops quantity, up to 6


def test_gov_train_then_replace_3_cubes_with_a_base(s):
    """L129: then, in 1 space, 3 Government cubes become 1 Government Base."""
    put(s, "kabul", government_troops=2, police=2)
    play(first(s, "government"), "op", "train", "kabul", "0", "0", "done", "base:kabul", "1")
    assert pcs(s, "kabul") == {"government_troops": 1, "government_bases": 1}


def test_gov_train_or_civic_action_with_coin_control(s):
    """L129, L453: Civic Action under COIN Control, 3 Resources a step, Terror first."""
    put(s, "kabul", government_troops=2, police=1)
    s.spaces["kabul"].terror = 1
    play(first(s, "government"), "op", "train", "kabul", "0", "0", "done", "civic:kabul", "buy")
    assert s.spaces["kabul"].terror == 0 and s.spaces["kabul"].support == 0
    play(s, "buy")
    assert s.spaces["kabul"].support == 1 and s.resources["government"] == 20 - 3 - 6


# ------------------------------------------------------------ Coalition Train, seed L217-227

def test_coal_train_location_provinces_with_coalition_pieces_or_kabul(s):
    """L221."""
    put(s, "helmand", coalition_troops=1)
    play(first(s, "coalition"), "op", "train")
    assert set(ids(s)) == {"helmand", "kabul"} | {x for x in ids(s) if x.startswith("sa:")}


def test_coal_train_pays_3_government_resources_only_where_cubes_go(s):
    """L223: 3 Government Resources per space where cubes are placed."""
    put(s, "helmand", coalition_bases=1)
    put(s, "zabol", coalition_bases=1)
    play(first(s, "coalition"), "op", "train", "helmand", "0", "0")
    assert s.resources["government"] == 20
    play(s, "zabol", "2", "0")
    assert s.resources["government"] == 17 and pcs(s, "zabol")["government_troops"] == 2


def test_coal_train_cubes_only_at_a_coalition_base(s):
    """L225: where there is a Coalition Base."""
    put(s, "helmand", coalition_troops=1)
    play(first(s, "coalition"), "op", "train", "helmand")
    assert "helmand" not in ids(s) and pcs(s, "helmand") == {"coalition_troops": 1}


def test_coal_train_kabul_patronage_to_government(s):
    """L227: or, if Kabul, 3 Patronage to Government Resources."""
    s.patronage = 5
    play(first(s, "coalition"), "op", "train", "kabul", "done", "patronage")
    assert s.patronage == 2 and s.resources["government"] == 23


# ------------------------------------------------------------ Patrol (3.2.2), seed L131-139, L229-237

def test_gov_patrol_location_locs_or_kabul(s):
    """L135: any LoC or Kabul."""
    put(s, "bamian", police=1)
    play(first(s, "government"), "op", "patrol")
    assert "kabul" in ids(s) and "loc_kandahar_kabul" in ids(s) and "bamian" not in ids(s)


def test_gov_patrol_costs_3_in_all(s):
    """L137: 3 Resources in total."""
    put(s, "bamian", police=2)
    play(first(s, "government"), "op", "patrol", "loc_kandahar_kabul", "bamian|police", "1", "done", "kabul",
         "bamian|police", "1", "done")
    assert s.resources["government"] == 17


def test_patrol_moves_along_locs_and_stops_at_sabotage(s):
    """L139: into or along adjacent LoCs or Kabul, stopping at Sabotage."""
    put(s, "nimruz", government_troops=1)
    play(first(s, "government"), "op", "patrol")
    assert "loc_kandahar_kabul" in ids(s)  # Nimruz - Farah-Kandahar LoC - Kandahar-Kabul LoC
    s2 = clear(game())
    put(s2, "nimruz", government_troops=1)
    s2.spaces["loc_farah_kandahar"].sabotage = True
    s2.spaces["loc_toraghondi_farah"].sabotage = True
    play(first(s2, "government"), "op", "patrol")
    assert "loc_farah_kandahar" in ids(s2) and "loc_kandahar_kabul" not in ids(s2)


def test_patrol_activates_one_guerrilla_per_cube_on_each_loc(s):
    """L139: in each LoC, 1 Guerrilla Active per cube there."""
    put(s, "loc_kabul_aibak", police=2, taliban_guerrillas_underground=3)
    put(s, "kabul", government_troops=1)
    play(first(s, "government"), "op", "patrol", "loc_kabul_tor_kham", "done", "done")
    assert pcs(s, "loc_kabul_aibak")["taliban_guerrillas_active"] == 2


def test_patrol_free_assault_in_one_loc(s):
    """L139: then, if desired, a free Assault in 1 LoC."""
    put(s, "loc_kabul_aibak", police=2, taliban_guerrillas_underground=1)
    put(s, "kabul", government_troops=1)
    play(first(s, "government"), "op", "patrol", "loc_kabul_tor_kham", "done", "done")
    play(s, "loc_kabul_aibak")
    assert "taliban_guerrillas_active" not in pcs(s, "loc_kabul_aibak")
    assert s.available["taliban_guerrillas"] == 30


def test_coal_patrol_costs_nothing(s):
    """L235: no cost."""
    put(s, "kabul", coalition_troops=2)
    play(first(s, "coalition"), "op", "patrol", "loc_kabul_aibak", "kabul|coalition_troops", "2", "done", "done")
    assert s.resources["government"] == 20 and pcs(s, "loc_kabul_aibak") == {"coalition_troops": 2}


# ------------------------------------------------------------ Sweep (3.2.3), seed L141-149, L239-249

def test_sweep_not_on_the_final_card():
    """L141, L241: no Sweep on the final card (reading R4: the next card is Propaganda)."""
    s = clear(game(deck=(1, 73, 2, 73)))
    put(s, "kabul", government_troops=2, coalition_troops=2)
    play(first(s, "government"), "op")
    assert "sweep" not in ids(s) and "train" in ids(s)


def test_gov_sweep_costs_3_per_space_and_moves_adjacent_troops(s):
    """L147-149: 3 Resources per space; Government Troops from adjacent spaces."""
    put(s, "bamian", government_troops=2)
    play(first(s, "government"), "op", "sweep", "kabul", "bamian|government_troops", "2", "done")
    assert s.resources["government"] == 17 and pcs(s, "kabul") == {"government_troops": 2}


def test_gov_sweep_activates_one_guerrilla_per_government_cube(s):
    """L149: 1 Guerrilla Active per Government cube there."""
    put(s, "kabul", police=1, taliban_guerrillas_underground=3)
    put(s, "bamian", government_troops=1)
    play(first(s, "government"), "op", "sweep", "kabul", "bamian|government_troops", "1", "done")
    assert pcs(s, "kabul")["taliban_guerrillas_active"] == 2


def test_gov_sweep_pays_warlords_to_cross_a_loc_with_guerrillas(s):
    """L149: 1 Government Resource to the Warlords to enter a LoC with any Guerrilla."""
    put(s, "ghazni", government_troops=1)            # Ghazni - Kandahar-Kabul LoC - Kabul
    put(s, "loc_kandahar_kabul", warlords_guerrillas_underground=1)
    play(first(s, "government"), "op", "sweep", "kabul", "ghazni|government_troops", "1")
    assert s.resources["government"] == 16 and s.resources["warlords"] == 21


def test_coal_sweep_government_pays_only_when_it_moves(s):
    """L247: 3 Government Resources per space where the Government moves."""
    put(s, "bamian", coalition_troops=1, government_troops=2)
    play(first(s, "coalition"), "op", "sweep", "kabul", "bamian|coalition_troops", "1", "done")
    assert ids(s) == ["yes", "no"]
    play(s, "yes", "bamian|government_troops")
    assert ids(s) == ["1"]  # 1 Government cube per Coalition cube (L249)
    play(s, "1", "done")
    assert s.resources["government"] == 17


def test_coal_sweep_activates_only_with_coalition_there(s):
    """L249: if the Coalition is in the space, 1 Guerrilla per cube there."""
    put(s, "kabul", taliban_guerrillas_underground=2)
    put(s, "bamian", coalition_troops=1)
    play(first(s, "coalition"), "op", "sweep", "kabul", "bamian|coalition_troops", "1", "done")
    assert pcs(s, "kabul")["taliban_guerrillas_active"] == 1


# ------------------------------------------------------------ Assault (3.2.4), seed L151-159, L251-259

def test_gov_assault_one_per_two_troops(s):
    """L159: 1 Active Guerrilla or Base per 2 Government Troops."""
    put(s, "helmand", government_troops=3, taliban_guerrillas_underground=2)
    s.spaces["helmand"].pieces = {"government_troops": 3, "taliban_guerrillas_active": 2}
    assert assault_count(s, "government", "helmand") == 1
    play(first(s, "government"), "op", "assault", "helmand")
    assert pcs(s, "helmand")["taliban_guerrillas_active"] == 1 and s.resources["government"] == 17


def test_gov_assault_kabul_or_loc_one_per_two_cubes(s):
    """L159: in Kabul or on a LoC, 1 enemy piece per 2 Government cubes."""
    put(s, "kabul", government_troops=1, police=3)
    assert assault_count(s, "government", "kabul") == 2


def test_gov_assault_mountain_one_per_three_troops(s, monkeypatch):
    """L159: in a Mountain space 1 per 3 Troops (which spaces are Mountain is provisional data)."""
    data = get_data()
    monkeypatch.setitem(data.spaces, "nuristan", dataclasses.replace(data.spaces["nuristan"], mountain=True))
    put(s, "nuristan", government_troops=5)
    assert assault_count(s, "government", "nuristan") == 1


def test_gov_assault_taliban_base_adds_6_aid_and_bases_last(s):
    """L159: +6 Aid per Taliban Base removed; Bases only once no Guerrilla is left (reading R17)."""
    put(s, "helmand", government_troops=4, taliban_bases=1, taliban_guerrillas_underground=1)
    s.spaces["helmand"].pieces["taliban_guerrillas_active"] = s.spaces["helmand"].pieces.pop(
        "taliban_guerrillas_underground")
    aid = s.aid
    play(first(s, "government"), "op", "assault", "helmand")
    assert "taliban_bases" not in pcs(s, "helmand") and s.aid == aid + 6


def test_coal_assault_one_per_troop_bases_last(s):
    """L255-259: spaces with Coalition Troops; 1 Active Guerrilla or Base per Troop, Bases last."""
    put(s, "helmand", coalition_troops=2, warlords_bases=1, taliban_guerrillas_underground=1)
    s.spaces["helmand"].pieces["taliban_guerrillas_active"] = s.spaces["helmand"].pieces.pop(
        "taliban_guerrillas_underground")
    play(first(s, "coalition"), "op", "assault")
    assert "helmand" in ids(s) and "kabul" not in ids(s)
    play(s, "helmand")
    assert pcs(s, "helmand") == {"coalition_troops": 2}


def test_coal_assault_counts_government_only_if_paid(s):
    """L257-259: Government cubes count only if 3 Government Resources are paid."""
    put(s, "helmand", coalition_troops=1, government_troops=2)
    s.spaces["helmand"].pieces["taliban_guerrillas_active"] = 3
    s.available["taliban_guerrillas"] -= 3
    play(first(s, "coalition"), "op", "assault", "helmand", "no")
    assert pcs(s, "helmand")["taliban_guerrillas_active"] == 2 and s.resources["government"] == 20
    s2 = clear(game())
    put(s2, "helmand", coalition_troops=1, government_troops=2)
    s2.spaces["helmand"].pieces["taliban_guerrillas_active"] = 3
    s2.available["taliban_guerrillas"] -= 3
    play(first(s2, "coalition"), "op", "assault", "helmand", "yes")
    assert "taliban_guerrillas_active" not in pcs(s2, "helmand") and s2.resources["government"] == 17


def test_control_is_coin_when_coin_outnumbers_insurgents(s):
    """Reading R8 (ADPBot's rule): COIN Control, Taliban Control, Uncontrolled."""
    put(s, "helmand", police=2, taliban_guerrillas_underground=1)
    assert control(s, "helmand") == "coin"
    put(s, "helmand", warlords_guerrillas_underground=1)
    assert control(s, "helmand") is None
    put(s, "kandahar", taliban_guerrillas_underground=2, police=1)
    assert control(s, "kandahar") == "taliban"


def test_train_takes_cubes_from_the_map_when_none_are_available(s):
    """L129: if none are left, take them from the map (reading R13: the Government picks where from)."""
    put(s, "herat", government_troops=s.available["government_troops"])
    play(first(s, "government"), "op", "train", "kabul", "2")
    assert ids(s) == ["herat"]
    play(s, "herat", "herat", "0")
    assert pcs(s, "kabul") == {"government_troops": 2} and s.available["government_troops"] == 0
