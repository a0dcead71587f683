"""Issue 33's rules defects (seed = the Italian player aids, L = its line),
each against its seed line, and the games begun before them (ruleset 1)
continuing as they began (engine/adp/ruleset.py)."""
from __future__ import annotations

import pytest

import engine
from engine.adp.ruleset import RULESET, ruleset
from tests.engine.adp.kit import clear, first, ids, pcs, play, put, step



def game(deck=(1, 2, 73, 3, 4, 73), rules=None):
    opts = {"stacked": {"deck": list(deck)}}
    if rules is not None:
        opts["ruleset"] = rules
    return clear(engine.new_game("adp", "main", 1, opts))


def test_new_games_record_the_current_ruleset():
    assert ruleset(engine.new_game("adp", "main", 1, {})) == RULESET == 2


# ------------------------------------------------------------------ Redeploy (L459-460)

def test_government_troops_may_stay_in_a_coin_controlled_space_without_a_base():
    """L459-460: the Government moves its Troops off LoCs and Provinces without
    COIN Bases *to COIN-Controlled spaces or Kabul*: Herat, COIN-Controlled, is
    such a destination, so its Troops stay and nothing is asked."""
    s = game(deck=(1, 73, 2, 73))
    put(s, "herat", government_troops=2)
    play(s, "pass", "pass", "pass", "pass")  # card 1, then the Propaganda card
    assert pcs(s, "herat") == {"government_troops": 2}
    assert step(s)[0] == "sop.act" and s.current == 2


def test_government_troops_off_coin_control_still_must_leave():
    """L460: Troops in a Province without COIN Control or Base must still go."""
    s = game(deck=(1, 73, 2, 73))
    put(s, "herat", government_troops=1, warlords_guerrillas_underground=1)
    play(s, "pass", "pass", "pass", "pass")
    assert step(s) == ("pick", "government") and "herat" in ids(s) and "done" not in ids(s)


def test_ruleset_1_redeploy_still_forces_them_out():
    s = game(deck=(1, 73, 2, 73), rules=1)
    put(s, "herat", government_troops=2)
    play(s, "pass", "pass", "pass", "pass")
    assert step(s) == ("pick", "government") and "herat" in ids(s) and "done" not in ids(s)


# ------------------------------------------------------------------ Transport (L181)

def _transport(s, dst, k):
    play(first(s, "government"), "op+sa", "train", "sa:transport", "kabul", dst, str(k))


def test_transport_pays_for_each_loc_crossed_holding_a_guerrilla():
    """L181 "per entrare in uno spazio con qualsiasi Guerrigliero" (as Sweep,
    L149): Kabul - Kandahar-Kabul LoC - Farah-Kandahar LoC - Helmand, a
    Guerrilla in each of the three: 3 Government Resources to the Warlords."""
    s = game()
    put(s, "kabul", government_troops=3)
    for sid in ("loc_kandahar_kabul", "loc_farah_kandahar", "helmand"):
        put(s, sid, warlords_guerrillas_underground=1)
    _transport(s, "helmand", 3)
    assert pcs(s, "helmand")["government_troops"] == 3
    assert (s.resources["government"], s.resources["warlords"]) == (17, 23)


@pytest.mark.parametrize("loc, owed", [
    ("loc_farah_kandahar", 0),   # the Kandahar-Kabul LoC leads to Kandahar directly: the cheapest route
    ("loc_kandahar_kabul", 1),   # a LoC crossed pays even when the destination is empty
])
def test_transport_pays_along_the_route_that_owes_least(loc, owed):
    s = game()
    put(s, "kabul", government_troops=2)
    put(s, loc, taliban_guerrillas_underground=1)
    _transport(s, "kandahar", 2)
    assert (s.resources["government"], s.resources["warlords"]) == (20 - owed, 20 + owed)


def test_ruleset_1_transport_pays_for_the_destination_only():
    s = game(rules=1)
    put(s, "kabul", government_troops=3)
    for sid in ("loc_kandahar_kabul", "loc_farah_kandahar", "helmand"):
        put(s, sid, warlords_guerrillas_underground=1)
    _transport(s, "helmand", 3)
    assert s.resources["warlords"] == 21


# ------------------------------------------------------------------ Suborn (L99)

def _active_wl(s, sid, k):
    s.spaces[sid].pieces["warlords_guerrillas_active"] = k
    s.available["warlords_guerrillas"] -= k


def test_suborn_asks_how_many_guerrillas_go_underground():
    """L99 "nascondere qualsiasi o tutti i Guerriglieri presenti": any or all."""
    s = game()
    _active_wl(s, "herat", 3)
    play(first(s, "warlords"), "op+sa", "rally", "sa:suborn", "herat", "flip")
    assert ids(s) == ["1", "2", "3"]
    play(s, "2")
    assert pcs(s, "herat") == {"warlords_guerrillas_active": 1, "warlords_guerrillas_underground": 2}


def test_suborn_with_one_active_guerrilla_asks_nothing():
    s = game()
    _active_wl(s, "herat", 1)
    play(first(s, "warlords"), "op+sa", "rally", "sa:suborn", "herat", "flip")
    assert pcs(s, "herat") == {"warlords_guerrillas_underground": 1}


def test_ruleset_1_suborn_flips_them_all():
    s = game(rules=1)
    _active_wl(s, "herat", 3)
    play(first(s, "warlords"), "op+sa", "rally", "sa:suborn", "herat", "flip")
    assert pcs(s, "herat") == {"warlords_guerrillas_underground": 3}


def test_texts_a_table_checks_islamabad_stays_aid_change_and_rally_count():
    """Issue 31 item 8 (ruleset 2): Islamabad already at Backing is not said
    to shift; the income line gives Aid as a change; a Rally placing "up to
    Bases + Population" logs how many it placed."""
    import engine as _engine
    from bot.i18n import render
    from engine.adp.data import get_data
    from engine.adp.ops.insurgent import _rally_many
    from engine.adp.ops.special import shift_islamabad_to_backing
    from engine.core.messages import Message

    s = _engine.new_game("adp", "main", 1)
    s.islamabad = get_data().islamabad_boxes.index("backing")
    shift_islamabad_to_backing(s)
    assert s.log[-1]["key"] == "log.islamabad_stays"
    assert render("en", s.log[-1], "adp") == "Islamabad stays at Backing."
    assert render("en", Message("log.income", {"g": 12, "t": 1, "w": 2, "a": 0}, ""), "adp").endswith(
        "Aid +0 for Casualties.")
    s.available["taliban_guerrillas"] = 10
    _rally_many(s, {"space": "kandahar", "faction": "taliban"}, 3)
    assert render("en", s.log[-1], "adp") == "Rally in Kandahar: 3 Guerrillas placed."
    assert render("it", s.log[-1], "adp") == "Riorganizzazione a Kandahar: 3 Guerriglieri piazzati."
