"""Pax Britannica, part 1: the rules of the peace-time turn from the seed's
stated numbers and procedures (shared/seeds/pax_britannica_rules_it.txt, cited
as L<n>). Provisional tables (tables.yaml) are only relied on where the test
says so."""
from __future__ import annotations

import itertools

import pytest

import engine
from engine.pax import board as b
from engine.pax import minors, phases
from engine.pax.admin import admin_record
from engine.pax.combat import fight, odds_column
from engine.pax.movement import move_options, status_options


def fresh(players: int = 4, seed: int = 1):
    """A new game, settled at the first Movement round."""
    return engine.new_game("pax", "1880", seed, {"players": players})


def clear_area(s, area):
    s.areas[area].statuses.clear()
    s.areas[area].unrest = s.areas[area].unrest_this_turn = False
    for p in s.powers:
        s.powers[p].units.pop(area, None)


# ----------------------------------------------------------------- set-up (L95, L244, L224)

@pytest.mark.parametrize("n,minors_", [
    (4, {"japan", "russia", "italy", "belgium", "netherlands", "spain", "portugal"}),
    (7, {"belgium", "netherlands", "spain", "portugal"}),
])
def test_player_count_decides_the_great_powers_and_minors(n, minors_):
    s = fresh(n)
    assert set(s.minors()) == minors_
    assert len(s.players) == n
    assert s.seat("austria_hungary") == "germany"  # L224
    assert {d.actor for d in engine.decisions(s)} == set(s.players)


def test_player_count_outside_4_to_7_is_refused():
    with pytest.raises(ValueError):
        engine.new_game("pax", "1880", 1, {"players": 3})


# ----------------------------------------------------------------- prices (L346, L457)

def test_status_prices_and_upgrades_pay_the_difference():
    assert b.status_price("influence") == 10  # L346
    assert b.status_price("protectorate") == 20  # L346-348
    assert b.upgrade_cost("influence", "protectorate") == 10  # L346 example, L457
    assert b.upgrade_cost("influence", "possession") == 20  # L457 (Possession 30 derived)


# ----------------------------------------------------------------- placement (L303-322)

def test_influence_never_beside_a_control_marker_even_a_protectorate():
    s = fresh()
    clear_area(s, "congo")
    b.set_status(s, "congo", "belgium", "protectorate", new=True, combat=False)
    assert not b.may_place(s, "france", "congo", "influence")  # L307
    assert b.may_place(s, "france", "congo", "interest")  # L305: no established Possession


def test_interest_not_where_an_established_possession_stands():
    s = fresh()
    assert s.areas["java"].statuses["netherlands"].level == "possession"
    assert not b.may_place(s, "germany", "java", "interest")  # L305


def test_protectorate_in_an_independent_area_only_in_unrest():
    s = fresh()
    clear_area(s, "persia")
    assert s.areas["persia"].statuses == {}
    from engine.pax.data import get_data
    assert get_data().areas["persia"].type == "Independent"
    assert not b.may_place(s, "russia", "persia", "protectorate")  # L311
    s.areas["persia"].unrest = True
    assert b.may_place(s, "russia", "persia", "protectorate")  # L313


def test_dominion_only_for_britain_over_its_established_possession():
    s = fresh()
    assert b.may_place(s, "great_britain", "canada", "dominion")  # L322
    assert not b.may_place(s, "great_britain", "aden", "dominion")
    assert b.may_place(s, "usa", "alaska", "state")  # L318
    assert not b.may_place(s, "france", "algiers", "dominion")


def test_every_placement_needs_a_line_of_communication():
    s = fresh()
    # Germany starts with merchant fleets only in the North Sea and North Atlantic
    # (provisional set-up): it reaches Senegambia's coast but not the East Indies (L301).
    opts = status_options(s, "germany")
    assert "borneo" not in opts and "new_guinea" not in opts
    assert b.has_loc(s, "germany", "morocco")


# ----------------------------------------------------------------- garrisons (L314, L356, L360, L364)

def test_control_without_a_land_unit_drops_to_influence_at_the_end_of_movement():
    s = fresh()
    clear_area(s, "congo")
    b.set_status(s, "congo", "france", "protectorate", new=True, combat=True)
    phases.garrison_check(s)
    assert s.areas["congo"].statuses["france"].level == "influence"  # L314, L356


def test_indian_army_may_not_leave_india_while_britain_has_only_three():
    s = fresh()
    opts = move_options(s, "great_britain")
    reach = b.india_reach()
    for loc in ("bombay", "bengal", "punjab"):
        dests = opts.get(f"{loc}|army-10", [])
        assert dests and all(d in reach for d in dests)  # L360
    assert "home" not in opts["bombay|army-10"]


def test_russian_western_garrison_stays_with_fewer_than_four_tens():
    s = fresh(6)
    assert b.army10(s, "russia") == 3
    opts = move_options(s, "russia")
    west = set(b.RUSSIAN_WEST) | {"home"}
    assert all(d in west for d in opts.get("home|army-10", []))  # L364


# ----------------------------------------------------------------- Random Events (L204-220)

def test_a_major_event_twice_in_a_turn_is_cancelled_and_rerolled():
    s = fresh()
    s.majors_this_turn = []
    s.forced_dice = [2, 5, 2, 5, 2, 1]  # 2-5 German Colonial Agitation, again, then 2-1
    phases.random_event(s)
    phases.random_event(s)
    keys = [e["key"] for e in s.log[-3:]]
    assert s.majors_this_turn == ["2-5"]  # L210
    assert keys == ["pax.log.event_again", "pax.log.event", "pax.log.no_event"]  # 2-1: no event (stand-in)
    assert s.log[-2]["params"]["roll"] == "2-1"


def test_two_dice_are_read_in_order_not_summed():
    s = fresh()
    s.forced_dice = [2, 5]
    assert phases.two_dice_in_order(s) == "2-5"  # L206
    s.forced_dice = [5, 2]
    assert phases.two_dice_in_order(s) == "5-2"


def test_an_area_is_in_unrest_only_once_a_turn():
    s = fresh()
    for a in s.areas.values():
        a.unrest = a.unrest_this_turn = False
    s.forced_dice = [3, 4, 3, 4, 4, 4]  # africa 7 = sudan twice, then 8 = egypt (provisional table)
    first = phases.unrest_area(s, "africa")
    phases.place_unrest(s, first)
    second = phases.unrest_area(s, "africa")
    assert first == "sudan" and second == "egypt"  # L220


def test_forced_spending_takes_all_a_short_power_has():
    s = fresh()
    s.powers["france"].treasury = 7
    assert phases.forced_spending(s, "france", 20) == 7  # L212-214
    assert s.powers["france"].treasury == 0


# ----------------------------------------------------------------- Administration (L226-240)

def test_admin_counts_only_statuses_with_a_line_of_communication():
    s = fresh()
    rec = admin_record(s, "france", roll=False)
    s.powers["france"].merchant = []  # cut every sea LoC
    cut = admin_record(s, "france", roll=False)
    assert rec["06"] > cut["06"]  # L228: Possessions without LoC are not counted
    assert cut["06"] == 0


def test_colonial_office_automatic_six_without_controls_except_austria():
    s = fresh()
    assert b.controls(s, "germany") == []
    s.forced_dice = [1]
    rec = admin_record(s, "germany")
    assert rec["die"] == 6 and s.forced_dice == [1]  # L232: no roll
    rec = admin_record(s, "austria_hungary")
    assert rec["die"] == 1  # Austria-Hungary always rolls


def test_upkeep_one_pound_per_strength_point_abroad_not_at_home_or_in_dominions():
    s = fresh()
    gb = admin_record(s, "great_britain", roll=False)
    abroad = sum(b.strength(u, None) for loc, u in s.powers["great_britain"].units.items() if loc != "home")
    assert gb["16"] == abroad  # L236
    s.areas["canada"].statuses["great_britain"].level = "dominion"
    assert admin_record(s, "great_britain", roll=False)["16"] == abroad - 1


def test_negative_treasury_asks_the_owner_to_remove_until_zero():
    s = fresh()
    s.powers["france"].treasury = -3
    s.stack.append({"step": "pax.admin_remove", "power": "france"})
    d = engine.decision(s)
    assert d.actor == "france" and all(c.id.startswith(("unit:", "status:")) for c in d.choices)  # L240
    assert "unit:algiers:army-3" not in d.ids()  # the last garrison goes with its Control
    engine.apply(s, "france", "status:tahiti")
    assert s.powers["france"].treasury == 0


# ----------------------------------------------------------------- Minor Powers (L255-291)

def test_minor_with_protectorate_unit_and_loc_takes_a_possession():
    s = fresh()
    clear_area(s, "angola")
    b.set_status(s, "angola", "portugal", "protectorate", new=False)
    b.add_unit(s, "portugal", "angola", "army-1")
    assert minors.attempt(s, "portugal", "angola") == "possession"  # L259-261


def test_minor_protectorate_needs_an_unorganized_area_or_unrest():
    s = fresh()
    clear_area(s, "morocco")
    assert minors.attempt(s, "spain", "morocco") == "influence"  # Independent, no Unrest (L267)
    s.areas["morocco"].unrest = True
    assert minors.attempt(s, "spain", "morocco") == "protectorate"


def test_minor_protectorate_gives_an_influence_holder_a_casus_belli():
    s = fresh()
    clear_area(s, "congo")
    b.set_status(s, "congo", "france", "influence", new=False)
    minors.place(s, "belgium", "congo", "protectorate")
    assert {"holder": "france", "against": "belgium", "area": "congo"} in [
        {k: c[k] for k in ("holder", "against", "area")} for c in s.casus_belli]  # L268, L287
    assert b.land_units_in(s, "belgium", "congo") == 1  # the unit came from home (L265)


def test_minor_rerolls_an_illegal_area_and_stops_at_the_guard():
    s = fresh()
    s.forced_dice = [6] + [6, 6] * minors.REROLL_GUARD  # active; area 12 every time
    # Spain's 12 is Borneo (provisional table); a British Possession there
    # leaves Spain nothing to place (L276-279)
    clear_area(s, "borneo")
    b.set_status(s, "borneo", "great_britain", "possession", new=False)
    minors.activate(s, "spain")
    assert s.log[-1]["key"] == "pax.log.minor_no_area"  # L283 with the Q10 guard


def test_a_minor_withdraws_its_influence_before_a_great_powers_control():
    s = fresh()
    clear_area(s, "kenya")
    b.set_status(s, "kenya", "italy", "influence", new=False)  # Italy is a minor with 4 players
    s.powers["great_britain"].treasury = 40
    for cid in ("status", "kenya", "protectorate"):
        engine.apply(s, "great_britain", cid)
    for p in s.players:
        engine.apply(s, p, "seal")
    assert "italy" not in s.areas["kenya"].statuses  # L287
    assert s.areas["kenya"].statuses["great_britain"].level == "protectorate"


# ----------------------------------------------------------------- Colonial Combat (L390-441)

def test_strength_zero_area_is_always_defeated():
    s = fresh()
    clear_area(s, "fiji")
    b.set_status(s, "fiji", "germany", "protectorate", new=True, combat=True)
    b.add_unit(s, "germany", "fiji", "army-1")
    assert fight(s, "germany", "fiji")  # L397 (Fiji strength 0, provisional)


def test_odds_rounded_in_the_defenders_favour():
    cols = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"]
    assert odds_column(5, 2, cols) == "2:1"
    assert odds_column(2, 5, cols) == "1:3"
    assert odds_column(40, 1, cols) == "6:1"


# ----------------------------------------------------------------- sealed Movement rounds (L155, L295)

def test_orders_are_secret_until_the_reveal_then_carried_out():
    s = fresh()
    s.powers["germany"].treasury = 50
    engine.apply(s, "germany", "buy")
    engine.apply(s, "germany", "army-3")
    assert engine.view(s, "germany")["my_orders"] == [{"power": "germany", "op": "buy", "unit": "army-3"}]
    assert engine.view(s, "france")["my_orders"] == []
    assert s.powers["germany"].treasury == 50  # nothing happens before the reveal
    for p in s.players:
        engine.apply(s, p, "seal")
    assert s.powers["germany"].treasury == 44  # provisional price of a (3): £6
    assert s.powers["germany"].units["home"]["army-3"] == 1
    assert engine.decisions(s) and s.stack[-1]["round"] == 2  # a reaction round follows


def test_an_order_made_illegal_by_an_earlier_player_is_void_and_costs_nothing():
    s = fresh()
    clear_area(s, "kenya")
    s.powers["great_britain"].treasury = s.powers["france"].treasury = 40
    assert "kenya" in status_options(s, "great_britain") and "kenya" in status_options(s, "france")
    engine.apply(s, "great_britain", "status")
    engine.apply(s, "great_britain", "kenya")
    engine.apply(s, "great_britain", "protectorate")
    engine.apply(s, "france", "status")
    engine.apply(s, "france", "kenya")
    engine.apply(s, "france", "influence")
    for p in s.players:
        engine.apply(s, p, "seal")
    assert s.areas["kenya"].statuses["great_britain"].level == "protectorate"
    assert "france" not in s.areas["kenya"].statuses  # L307: no Influence beside a Control
    assert s.powers["france"].treasury == 40
    assert any(e["key"] == "pax.log.order_void" for e in s.log)


def test_undo_before_the_reveal_and_the_deadline_default_seals():
    s = fresh()
    s.powers["usa"].treasury = 30
    engine.apply(s, "usa", "buy")
    engine.apply(s, "usa", "army-1")
    engine.apply(s, "usa", "undo")
    assert engine.view(s, "usa")["my_orders"] == []
    engine.apply(s, "usa", "buy")
    assert engine.default_choice(s, "usa") == "back"
    assert engine.default_choice(s, "france") == "seal"
    engine.apply_defaults(s)
    assert s.stack[-1]["step"] == "pax.negotiation"  # nobody ordered anything: the phase ended after one round
    engine.apply_defaults(s)  # nobody proposed anything in Negotiation (ruleset 2)
    assert s.turn == 2
    assert s.vp_record["usa"][0]["treasury_vp"] == 30 // 5  # nothing was spent


def test_germany_writes_austria_hungarys_orders():
    s = fresh()
    engine.apply(s, "germany", "act-austria_hungary")
    engine.apply(s, "germany", "buy")
    engine.apply(s, "germany", "army-1")
    assert engine.view(s, "germany")["my_orders"][0]["power"] == "austria_hungary"  # L224, L700


# ----------------------------------------------------------------- part 1 boundary and VP (L557, L714)

@pytest.mark.parametrize("rules", [2, 3])
def test_no_war_in_part_one_and_casus_belli_expire_at_the_final_record(rules):
    """Ruleset 2 announces that no war can be declared; ruleset 3 (issue 35)
    asks France, which lets the deadline pass (no war). Either way the
    unused Casus Belli expire at the Final Record (L557)."""
    s = engine.new_game("pax", "1880", 1, {"players": 4, "ruleset": rules})
    b.add_cb(s, "france", "great_britain", "egypt", "test")
    for p in s.players:
        engine.apply(s, p, "seal")
    engine.apply_defaults(s)  # Negotiation (ruleset 2): nobody proposes
    engine.apply_defaults(s)  # France may convene a Congress (ruleset 2): it lets the deadline pass
    if rules == 3:
        assert s.stack[-1]["step"] == "pax.war_declare"
        engine.apply_defaults(s)  # France keeps the peace
    assert any(e["key"] == ("pax.log.no_war" if rules == 2 else "pax.log.war_none") for e in s.log)
    assert s.casus_belli == []  # L557
    assert s.turn == 2


def test_vp_is_treasury_divided_and_germany_counts_austria():
    s = fresh()
    s.powers["germany"].treasury = 17
    s.powers["austria_hungary"].treasury = 11
    before = s.powers["germany"].vp
    for p in s.players:
        engine.apply(s, p, "seal")
    engine.apply_defaults(s)  # Negotiation (ruleset 2): nobody proposes
    rec = s.vp_record["germany"][-1]
    # L714, L700: added, then divided (Germany's provisional divisor: tests/engine/test_pax_vp3.py)
    assert rec["treasury_vp"] == (17 + 11) // phases.divisor("germany", s)
    assert s.powers["germany"].vp == before + rec["treasury_vp"] + rec["bonus"]


def test_africa_north_south_link_is_worth_15_vp_once():
    from engine.pax.data import get_data

    s = fresh()
    areas = get_data().areas
    # a chain of British Controls from a Mediterranean area to a southern coastal one (L722)
    chain = ["egypt", "sudan", "uganda", "zanzibar", "mozambique"]
    assert all(b_ in areas[a].overland for a, b_ in itertools.pairwise(chain))
    for a in chain:
        clear_area(s, a)
        b.set_status(s, a, "great_britain", "possession", new=False)
    assert phases.africa_links(s, "great_britain") == {"africa_north_south": 15}  # once, however made
