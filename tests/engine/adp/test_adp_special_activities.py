"""The 12 Special Activities of A Distant Plain, one test per clause of the
Italian player aids (seed lines cited), and which SA goes with which
Operation (the "+ ..." of each Operation heading)."""
from __future__ import annotations

import pytest

from engine.adp.ops import OPS
from tests.engine.adp.kit import clear, first, game, ids, pcs, play, put


@pytest.fixture
def s():
    return clear(game())


def active(s, sid, kind, k):
    s.spaces[sid].pieces[kind] = s.spaces[sid].pieces.get(kind, 0) + k
    s.available[kind.replace("_active", "")] -= k


PAIRS = {  # seed headings
    ("warlords", "rally"): {"cultivate", "traffic", "suborn"},          # L11 "qualsiasi"
    ("warlords", "march"): {"cultivate", "traffic", "suborn"},          # L27
    ("warlords", "attack"): {"suborn"},                                 # L41
    ("warlords", "terror"): {"suborn"},                                 # L51
    ("government", "train"): {"govern", "transport", "eradicate"},      # L121 + L167, L177, L187
    ("government", "patrol"): {"govern", "transport", "eradicate"},     # L131
    ("government", "sweep"): {"transport"},                             # L141
    ("government", "assault"): {"transport", "eradicate"},              # L151
    ("coalition", "train"): {"surge", "air_lift"},                      # L217
    ("coalition", "patrol"): {"air_lift", "air_strike"},                # L229
    ("coalition", "sweep"): {"air_lift", "air_strike"},                 # L239
    ("coalition", "assault"): {"air_lift", "air_strike"},               # L251
    ("taliban", "rally"): {"extort", "infiltrate"},                     # L319
    ("taliban", "march"): {"extort", "infiltrate"},                     # L335
    ("taliban", "attack"): {"extort", "ambush"},                        # L351
    ("taliban", "terror"): {"extort"},                                  # L361
}


def test_special_activities_pair_with_the_operations_of_the_aids():
    assert {k: set(op.sas) for k, op in OPS.items()} == PAIRS


def test_limited_operation_is_one_space_without_sa(s):
    """Reading R3: a LimOp is one space and no Special Activity."""
    play(first(s, "taliban"), "op", "rally", "herat", "place", "done")  # 1st Eligible: Op only
    assert ids(s) == ["limited-op", "pass"]                                  # the 2nd (Coalition on card 1)
    play(s, "limited-op", "train", "kabul")
    assert ids(s) == ["done"]


# ------------------------------------------------------------ Coalition

def test_surge_moves_coalition_pieces_and_splits_a_die():
    """L271-273: Kabul or COIN-Controlled Provinces; pieces between the spaces
    and Available; then a die split between Aid and Warlords Resources."""
    s = clear(game(dice=(5,)))
    put(s, "kabul", coalition_bases=1)
    put(s, "helmand", police=1)
    play(first(s, "coalition"), "op+sa", "train", "sa:surge")
    assert "helmand" in ids(s) and "balkh" not in ids(s)
    play(s, "helmand", "in:coalition_troops", "done", "done", "roll", "2")
    assert pcs(s, "helmand")["coalition_troops"] == 1
    assert s.aid == 17 and s.resources["warlords"] == 23


def test_air_lift_any_coalition_troops_and_up_to_3_government_troops(s):
    """L285."""
    put(s, "kabul", coalition_troops=4, government_troops=5)
    put(s, "helmand", taliban_guerrillas_underground=1)
    play(first(s, "coalition"), "op+sa", "patrol", "sa:air_lift", "kabul", "herat", "done",
         "kabul>herat>coalition_troops", "4", "kabul>herat>government_troops")
    assert ids(s) == ["1", "2", "3"]
    play(s, "3")
    assert "kabul>herat>government_troops" not in ids(s)
    assert pcs(s, "herat") == {"coalition_troops": 4, "government_troops": 3}


def test_air_strike_outside_kabul_removes_one_and_pakistan_shifts_islamabad(s):
    """L295-297: up to 3 spaces outside Kabul; 1 Active Guerrilla or Base
    (Bases last); a Pakistani space shifts Islamabad one box toward Backing."""
    active(s, "kabul", "taliban_guerrillas_active", 1)
    active(s, "waziristan", "taliban_guerrillas_active", 1)
    put(s, "waziristan", taliban_bases=1)
    put(s, "helmand", coalition_troops=1)
    active(s, "helmand", "warlords_guerrillas_active", 1)
    s.islamabad = 0  # Hostility
    play(first(s, "coalition"), "op+sa", "assault", "sa:air_strike")
    assert "kabul" not in ids(s) and "waziristan" in ids(s)
    play(s, "waziristan", "done", "helmand")
    assert pcs(s, "waziristan") == {"taliban_bases": 1} and s.islamabad == 1


# ------------------------------------------------------------ Government

def test_govern_places_a_plus_one_pop_marker(s):
    """L169-171: COIN-Controlled with Support; a +1 Pop marker if none there."""
    put(s, "herat", police=2)
    s.spaces["herat"].support = 1
    play(first(s, "government"), "op+sa", "train", "sa:govern", "herat", "pop")
    assert s.spaces["herat"].returnees == 1


def test_govern_moves_population_from_aid_to_patronage_and_neutral(s):
    """L171: with no Coalition Base, the Population from Aid to Patronage; Neutral."""
    put(s, "kandahar", police=2)   # Pop 2
    s.spaces["kandahar"].support = 1
    aid, pat = s.aid, s.patronage
    play(first(s, "government"), "op+sa", "train", "sa:govern", "kandahar", "patronage")
    assert (s.aid, s.patronage, s.spaces["kandahar"].support) == (aid - 2, pat + 2, 0)


def test_govern_not_where_neither_support_nor_zero_population(s):
    put(s, "herat", police=2)
    play(first(s, "government"), "op+sa", "train")
    assert "sa:govern" not in ids(s)


def test_transport_along_locs_then_one_adjacent_space_paying_warlords(s):
    """L181: along a chain of LoCs or Kabul, then 1 adjacent space; 1 Resource
    to the Warlords to enter a space with Guerrillas."""
    put(s, "kabul", government_troops=3)
    put(s, "helmand", warlords_guerrillas_underground=1)
    play(first(s, "government"), "op+sa", "train", "sa:transport", "kabul")
    assert "helmand" in ids(s)  # Kabul - Kandahar-Kabul - Farah-Kandahar LoC - Helmand
    play(s, "helmand", "3")
    assert pcs(s, "helmand")["government_troops"] == 3 and s.resources["warlords"] == 21


def test_eradicate(s):
    """L189-191: COIN-Controlled Province with Government cubes and a Warlords
    Base: +3 Aid, +1 Patronage, Base removed, toward Opposition, a Taliban
    Guerrilla if Pashtun."""
    put(s, "helmand", police=3, warlords_bases=1)
    put(s, "kabul", government_troops=2, taliban_guerrillas_underground=0)
    s.spaces["kabul"].pieces["taliban_guerrillas_active"] = 1
    s.available["taliban_guerrillas"] -= 1
    aid, pat = s.aid, s.patronage
    play(first(s, "government"), "op+sa", "assault", "sa:eradicate", "helmand", "done")
    assert (s.aid, s.patronage) == (aid + 3, pat + 1)
    assert pcs(s, "helmand") == {"police": 3, "taliban_guerrillas_underground": 1}
    assert s.spaces["helmand"].support == -1


# ------------------------------------------------------------ Taliban

def test_extort_takes_two_per_warlords_base(s):
    """L383-385: Underground Taliban Guerrilla, more Taliban than enemy pieces;
    2 Resources from the Warlords per Warlords Base."""
    put(s, "helmand", taliban_guerrillas_underground=3, warlords_bases=1)
    play(first(s, "taliban"), "op+sa", "rally", "sa:extort", "helmand", "done")
    assert (s.resources["taliban"], s.resources["warlords"]) == (22, 18)
    assert pcs(s, "helmand")["taliban_guerrillas_active"] == 1


def test_extort_on_a_loc_yields_econ_or_one_if_sabotaged(s):
    """L385: the LoC's Econ if unsabotaged, 1 if sabotaged."""
    put(s, "loc_kabul_tor_kham", taliban_guerrillas_underground=1)
    put(s, "loc_kandahar_spin_boldak", taliban_guerrillas_underground=1)
    s.spaces["loc_kandahar_spin_boldak"].sabotage = True
    play(first(s, "taliban"), "op+sa", "rally", "sa:extort", "loc_kabul_tor_kham", "loc_kandahar_spin_boldak", "done")
    assert s.resources["taliban"] == 20 + 4 + 1


def test_extort_not_where_taliban_do_not_outnumber(s):
    from engine.adp.ops.special import extort_where

    put(s, "helmand", taliban_guerrillas_underground=1, police=1)
    put(s, "herat", taliban_guerrillas_underground=2, police=1)
    assert extort_where(s, {}) == ["herat"]


def test_infiltrate_removes_two_non_coalition_pieces_and_patronage(s):
    """L393-395: 2 non-Coalition pieces (Bases last); Patronage -1 per Government piece."""
    put(s, "helmand", taliban_guerrillas_underground=1, police=2, government_bases=1, coalition_troops=1)
    pat = s.patronage
    play(first(s, "taliban"), "op+sa", "rally", "sa:infiltrate", "helmand", "remove")
    assert pcs(s, "helmand") == {"taliban_guerrillas_underground": 1, "government_bases": 1, "coalition_troops": 1}
    assert s.patronage == pat - 2


def test_infiltrate_replaces_one_with_a_taliban_guerrilla(s):
    put(s, "helmand", taliban_guerrillas_underground=1, warlords_guerrillas_underground=1)
    play(first(s, "taliban"), "op+sa", "rally", "sa:infiltrate", "helmand", "replace:warlords_guerrillas_underground")
    assert pcs(s, "helmand") == {"taliban_guerrillas_underground": 2}


def test_ambush_activates_one_hits_without_die_and_places_a_guerrilla(s):
    """L403-405: up to 3 Attack spaces with an Underground Taliban Guerrilla;
    only one turns Active, success without a die, a Taliban Guerrilla placed."""
    put(s, "herat", taliban_guerrillas_underground=2, police=2)
    play(first(s, "taliban"), "op+sa", "attack", "herat", "yes")
    assert pcs(s, "herat") == {"taliban_guerrillas_underground": 2, "taliban_guerrillas_active": 1}
    assert s.rng_counter == 0  # no die rolled


# ------------------------------------------------------------ Warlords

def test_cultivate_in_a_rally_province(s):
    """L73-75: 1 Province picked for the Rally, Pop > 0, more Warlords
    Guerrillas than Police: a Warlords Base."""
    put(s, "herat", warlords_guerrillas_underground=1)
    put(s, "farah", warlords_guerrillas_underground=2)  # Pop 0
    play(first(s, "warlords"), "op+sa", "rally", "herat", "place", "farah", "place", "sa:cultivate")
    assert "herat" in ids(s) and "farah" not in ids(s)
    play(s, "herat")
    assert pcs(s, "herat")["warlords_bases"] == 1


def test_traffic_income_by_bases_and_control(s):
    """L83-89: a Warlords Base and no Coalition; +1 per Base; Taliban Control
    +1 Taliban; COIN Control +1 Patronage."""
    put(s, "helmand", warlords_bases=1, taliban_guerrillas_underground=3)
    put(s, "herat", warlords_bases=2, police=4)
    put(s, "balkh", warlords_bases=1, coalition_troops=1)
    pat = s.patronage
    play(first(s, "warlords"), "op+sa", "rally", "sa:traffic")
    assert "balkh" not in ids(s)
    play(s, "helmand", "herat", "done")
    assert (s.resources["warlords"], s.resources["taliban"], s.patronage) == (23, 21, pat + 1)


def test_suborn_pays_2_and_removes_up_to_3_government_cubes(s):
    """L97-99: up to 3 spaces, 2 Resources each: up to 3 Government cubes, or a
    Government Base, or a Taliban Guerrilla, or Guerrillas Underground."""
    put(s, "herat", government_troops=2, police=2, warlords_guerrillas_underground=1)
    play(first(s, "warlords"), "op+sa", "rally", "sa:suborn", "herat", "cubes", "2", "1")
    assert pcs(s, "herat") == {"police": 1, "warlords_guerrillas_underground": 1}
    assert s.resources["warlords"] == 20 - 2


def test_suborn_flips_warlords_guerrillas_underground(s):
    active(s, "herat", "warlords_guerrillas_active", 2)
    play(first(s, "warlords"), "op+sa", "rally", "sa:suborn", "herat", "flip", "2")  # all: L99 "qualsiasi o tutti"
    assert pcs(s, "herat") == {"warlords_guerrillas_underground": 2}
