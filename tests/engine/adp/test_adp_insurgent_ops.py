"""Insurgent Operations of A Distant Plain, one test per clause of the
Italian player aids (seed lines cited)."""
from __future__ import annotations

import pytest

from tests.engine.adp.kit import clear, first, game, ids, pcs, play, put


@pytest.fixture
def s():
    return clear(game())


def active(s, sid, kind, k):
    s.spaces[sid].pieces[kind] = s.spaces[sid].pieces.get(kind, 0) + k
    box = kind.replace("_active", "").replace("_underground", "")
    s.available[box] -= k


# ------------------------------------------------------------ Rally (3.3.1), seed L11-25, L319-333

def test_taliban_rally_location_pashtun_or_without_support_or_kabul(s):
    """L323: Pashtun Provinces, Provinces without Support, or Kabul."""
    s.spaces["balkh"].support = 1      # not Pashtun, with Support
    s.spaces["helmand"].support = 1    # Pashtun
    s.spaces["kabul"].support = 1
    play(first(s, "taliban"), "op", "rally")
    assert "balkh" not in ids(s) and "helmand" in ids(s) and "kabul" in ids(s) and "herat" in ids(s)


def test_warlords_rally_location_any_province_or_kabul(s):
    """L15: any Province or Kabul (no LoC)."""
    s.spaces["balkh"].support = 1
    play(first(s, "warlords"), "op", "rally")
    assert "balkh" in ids(s) and "kabul" in ids(s) and "loc_kabul_aibak" not in ids(s)


def test_rally_costs_1_and_places_a_guerrilla(s):
    """L17, L19, L325, L327: 1 Resource per space; place a Guerrilla."""
    play(first(s, "taliban"), "op", "rally", "herat", "place")
    assert s.resources["taliban"] == 19 and pcs(s, "herat") == {"taliban_guerrillas_underground": 1}


def test_rally_replaces_2_guerrillas_with_a_base(s):
    """L19, L327: or replace 2 Guerrillas with a Base."""
    put(s, "herat", warlords_guerrillas_underground=2)
    play(first(s, "warlords"), "op", "rally", "herat", "base")
    assert pcs(s, "herat") == {"warlords_bases": 1}


def test_rally_with_a_base_places_bases_plus_population(s):
    """L23, L331: with a Base, up to Bases + Population Guerrillas."""
    put(s, "kandahar", taliban_bases=1)   # Pop 2 (provisional data)
    play(first(s, "taliban"), "op", "rally", "kandahar", "many")
    assert ids(s) == ["1", "2", "3"]
    play(s, "3")
    assert pcs(s, "kandahar")["taliban_guerrillas_underground"] == 3


def test_rally_with_a_base_flips_all_underground_then_sharia(s):
    """L25, L333: or all Guerrillas Underground, then Sharia in 1 Base (1 Resource a step)."""
    put(s, "helmand", taliban_bases=1)
    active(s, "helmand", "taliban_guerrillas_active", 2)
    play(first(s, "taliban"), "op", "rally", "helmand", "flip")
    assert pcs(s, "helmand")["taliban_guerrillas_underground"] == 2
    play(s, "buy")
    assert s.spaces["helmand"].support == -1 and s.resources["taliban"] == 18


def test_warlords_rally_bonus_not_in_pashtun_spaces(s):
    """L21: the Base bonus only where the space is not Pashtun."""
    put(s, "helmand", warlords_bases=1)   # Pashtun
    put(s, "balkh", warlords_bases=1)     # not Pashtun
    play(first(s, "warlords"), "op", "rally", "helmand")
    assert "many" not in ids(s)
    play(s, "place", "balkh")
    assert "many" in ids(s)


# ------------------------------------------------------------ March (3.3.2), seed L27-39, L335-349

def test_march_not_on_the_final_card():
    """L27, L335."""
    s = clear(game(deck=(1, 73, 2, 73)))
    put(s, "herat", taliban_guerrillas_underground=1)
    play(first(s, "taliban"), "op")
    assert "march" not in ids(s)


def test_march_costs_1_per_non_loc_destination_loc_free(s):
    """L33, L341: 1 Resource per non-LoC space, LoC 0."""
    put(s, "herat", warlords_guerrillas_underground=2)
    play(first(s, "warlords"), "op", "march", "loc_toraghondi_farah", "herat|warlords_guerrillas_underground", "1",
         "done")
    assert s.resources["warlords"] == 20
    play(s, "badghis", "herat|warlords_guerrillas_underground", "1", "done")
    assert s.resources["warlords"] == 19 and pcs(s, "badghis") == {"warlords_guerrillas_underground": 1}


def test_warlords_march_activates_on_loc_or_pashtun_over_3_with_taliban(s):
    """L37-39: LoC or Pashtun destination and movers + Taliban Guerrillas > 3."""
    put(s, "ghowr", warlords_guerrillas_underground=2)   # Ghowr -> Helmand (Pashtun)
    put(s, "helmand", taliban_guerrillas_underground=2)
    play(first(s, "warlords"), "op", "march", "helmand", "ghowr|warlords_guerrillas_underground", "2", "done")
    assert pcs(s, "helmand")["warlords_guerrillas_active"] == 2


def test_warlords_march_stays_underground_at_3(s):
    """L37: the total must exceed 3."""
    put(s, "ghowr", warlords_guerrillas_underground=2)
    put(s, "helmand", taliban_guerrillas_underground=1)
    play(first(s, "warlords"), "op", "march", "helmand", "ghowr|warlords_guerrillas_underground", "2", "done")
    assert pcs(s, "helmand")["warlords_guerrillas_underground"] == 2


def test_taliban_march_activates_on_loc_or_non_pashtun_with_warlords_and_cubes(s):
    """L345-347: LoC or non-Pashtun and movers + Warlords Guerrillas + cubes > 3."""
    put(s, "ghowr", taliban_guerrillas_underground=2)    # Ghowr -> Herat (not Pashtun)
    put(s, "herat", warlords_guerrillas_underground=1, police=1)
    play(first(s, "taliban"), "op", "march", "herat", "ghowr|taliban_guerrillas_underground", "2", "done")
    assert pcs(s, "herat")["taliban_guerrillas_active"] == 2


def test_taliban_march_on_from_a_pashtun_destination_paying(s):
    """L349: then, if the destination was Pashtun, further Marches paying."""
    put(s, "ghowr", taliban_guerrillas_underground=2)
    play(first(s, "taliban"), "op", "march", "helmand", "ghowr|taliban_guerrillas_underground", "2", "done")
    assert "kandahar" in ids(s)
    play(s, "kandahar", "helmand|taliban_guerrillas_underground", "2", "done")
    assert pcs(s, "kandahar") == {"taliban_guerrillas_underground": 2} and s.resources["taliban"] == 18


# ------------------------------------------------------------ Attack (3.3.3), seed L41-49, L351-359

def test_taliban_attack_location_needs_own_guerrilla_and_enemy(s):
    """L355: a Taliban Guerrilla and an enemy there."""
    put(s, "herat", taliban_guerrillas_underground=1, police=1)
    put(s, "balkh", taliban_guerrillas_underground=1)
    play(first(s, "taliban"), "op", "attack")
    assert "herat" in ids(s) and "balkh" not in ids(s)


def test_attack_hit_removes_two_government_cubes_before_coalition():
    """L49, L359: all Guerrillas Active; die <= their number removes 2 enemy
    pieces, Government cubes before Coalition, Bases last."""
    s = clear(game(dice=(2,)))
    put(s, "herat", taliban_guerrillas_underground=2, police=1, coalition_troops=1, coalition_bases=1,
        government_troops=1)
    play(first(s, "taliban"), "op", "attack", "herat")
    assert ids(s)[:2] == ["government_troops", "police"]
    play(s, "police")
    assert pcs(s, "herat") == {"taliban_guerrillas_active": 2, "coalition_troops": 1, "coalition_bases": 1}


def test_attack_sends_coalition_to_casualties_and_a_one_places_a_guerrilla():
    """L43, L49: Coalition pieces go to Casualties; a roll of 1 also places a Guerrilla."""
    s = clear(game(dice=(1,)))
    put(s, "herat", warlords_guerrillas_underground=1, coalition_troops=2)
    play(first(s, "warlords"), "op", "attack", "herat")
    assert s.casualties["coalition_troops"] == 2
    assert pcs(s, "herat") == {"warlords_guerrillas_active": 2}


def test_attack_miss_removes_nothing():
    """L49: a die above the number of Guerrillas fails."""
    s = clear(game(dice=(5,)))
    put(s, "herat", warlords_guerrillas_underground=2, police=2)
    play(first(s, "warlords"), "op", "attack", "herat")
    assert pcs(s, "herat") == {"warlords_guerrillas_active": 2, "police": 2}


# ------------------------------------------------------------ Terror (3.3.4), seed L51-63, L361-373

def test_terror_location_needs_an_underground_guerrilla(s):
    """L55, L365."""
    put(s, "herat", taliban_guerrillas_underground=1)
    active(s, "balkh", "taliban_guerrillas_active", 1)
    play(first(s, "taliban"), "op", "terror")
    assert "herat" in ids(s) and "balkh" not in ids(s)


def test_taliban_terror_marker_and_shift_toward_opposition(s):
    """L367-371: 1 Resource; a Terror marker and one level toward Opposition."""
    put(s, "herat", taliban_guerrillas_underground=1)
    s.spaces["herat"].support = 1
    play(first(s, "taliban"), "op", "terror", "herat")
    sp = s.spaces["herat"]
    assert (sp.terror, sp.support, s.resources["taliban"]) == (1, 0, 19)
    assert pcs(s, "herat") == {"taliban_guerrillas_active": 1}


def test_warlords_terror_sets_neutral(s):
    """L61: Support or Opposition to Neutral."""
    put(s, "herat", warlords_guerrillas_underground=1)
    s.spaces["herat"].support = -1
    play(first(s, "warlords"), "op", "terror", "herat")
    assert (s.spaces["herat"].terror, s.spaces["herat"].support) == (1, 0)


def test_terror_on_a_loc_is_free_and_sabotages(s):
    """L57, L63, L367, L373: LoC 0 Resources; Sabotage on an unsabotaged LoC."""
    put(s, "loc_kabul_aibak", taliban_guerrillas_underground=1)
    play(first(s, "taliban"), "op", "terror", "loc_kabul_aibak")
    assert s.spaces["loc_kabul_aibak"].sabotage and s.resources["taliban"] == 20
    assert s.spaces["loc_kabul_aibak"].terror == 0
