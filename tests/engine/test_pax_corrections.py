"""Pax Britannica, part 1 made right (issue 34, defects 1-11): each test
states what the seed says (shared/seeds/pax_britannica_rules_it.txt, L<n>)
and fails on the part 1 engine (commit 0de2f8a). The corrections are
ruleset 2 (engine/pax/ruleset.py); ruleset 1 games replay unchanged
(test_pax_legacy.py)."""
from __future__ import annotations

import pytest

import engine
from engine.pax import board as b
from engine.pax import phases
from engine.pax.admin import admin_record, apply_record



def fresh(players: int = 4, seed: int = 1, **options):
    return engine.new_game("pax", "1880", seed, {"players": players, **options})


def clear_area(s, area):
    s.areas[area].statuses.clear()
    s.areas[area].unrest = s.areas[area].unrest_this_turn = False
    for p in s.powers:
        s.powers[p].units.pop(area, None)


def seal_all(s):
    """Every player seals in every Movement round of this turn, and writes
    nothing in Negotiation; stops at any other decision (a revolt's)."""
    turn = s.turn
    while s.turn == turn and s.stack and s.stack[-1]["step"] in ("pax.movement", "pax.negotiation"):
        for d in engine.decisions(s):
            engine.apply(s, d.actor, "seal" if d.step == "pax.movement" else "done")


# ----------------------------------------------------------------- 1. treasury (L240, L706)

def test_line_22_sets_the_treasury_it_does_not_add_to_it():
    """L240: line 22 "è il numero di £ che avete da spendere durante il
    corrente turno ... piazzate il vostro Marker di tesoreria per riflettere
    il numero di £"; last turn's £ were scored in its VP phase (L706)."""
    s = fresh()
    s.powers["france"].treasury = 100
    rec = admin_record(s, "france", roll=False)
    apply_record(s, "france", rec)
    assert s.powers["france"].treasury == rec["22"]


def test_ruleset_1_games_keep_adding_line_22():
    s = fresh(ruleset=1)
    s.powers["france"].treasury = 100
    rec = admin_record(s, "france", roll=False)
    apply_record(s, "france", rec)
    assert s.powers["france"].treasury == 100 + rec["22"]


# ----------------------------------------------------------------- 2. the Possession limit (L67)

def test_great_britain_may_buy_a_possession_from_the_1880_set_up():
    """The stand-in set-up gives GB 10 Possessions; the stand-in counter
    limit must leave it markers to buy (L67: the counter mix limits, it does
    not forbid a status the set-up already exceeds)."""
    s = fresh()
    assert b.markers_in_use(s, "great_britain", "possession") == 10
    assert b.marker_free(s, "great_britain", "possession")


def test_the_invariants_count_status_markers():
    from engine.pax.invariants import check

    s = fresh()
    limit = b.counter_limit("influence", s)
    areas = [a for a, x in s.areas.items() if not x.statuses][: limit + 1]
    for a in areas:
        b.set_status(s, a, "france", "influence", new=False)
    assert any("influence markers" in e for e in check(s))


# ----------------------------------------------------------------- 9. Germany's VP (L700, L714)

def test_germany_adds_the_two_treasuries_then_divides():
    """L700: "il Tedesco somma le Tesorerie Tedesche e Austriache per
    determinare il numero di Punti Vittoria"; L714: fractions are lost once."""
    s = fresh()
    s.powers["germany"].treasury = 17
    s.powers["austria_hungary"].treasury = 13
    assert phases.german_turn_vp(s) == (17 + 13) // phases.divisor("germany", s)  # added, then divided once


# ----------------------------------------------------------------- 5. final record (L718)

def test_final_section_two_is_recomputed_with_the_colonial_office():
    """L718: line 29 recomputes Section II (lines 10-15) after the last
    Administrative phase: the Colonial Office (line 10) is rolled for a
    power with Controls (L232), not counted as £0."""
    s = fresh()
    assert b.controls(s, "france")
    s.forced_dice = [6] * 8
    die6 = phases.final_scores(s)["france"]
    s.forced_dice = [1] * 8
    die1 = phases.final_scores(s)["france"]
    assert die6 > die1  # the Colonial Office die counts


# ----------------------------------------------------------------- 6. the Africa links (L714, L722)

def _north_south(s):
    for a in ["egypt", "sudan", "uganda", "zanzibar", "mozambique"]:
        clear_area(s, a)
        b.set_status(s, a, "great_britain", "possession", new=False)
        b.add_unit(s, "great_britain", a, "army-1")


def test_africa_link_is_not_paid_in_the_vp_phase():
    """L714: "La maggior parte dei Bonus viene assegnata alla fine del
    gioco", the exceptions being treaties and the canal; L722's links are
    end-of-game bonuses."""
    s = fresh()
    _north_south(s)
    seal_all(s)
    assert s.turn == 2 and s.vp_record["great_britain"][0]["bonus"] == 0


def test_africa_link_counts_at_the_end_only_if_still_held():
    s = fresh()
    _north_south(s)
    s.forced_dice = [3] * 40
    with_link = phases.final_scores(s)["great_britain"]
    b.remove_status(s, "sudan", "great_britain")
    s.forced_dice = [3] * 40
    without = phases.final_scores(s)["great_britain"]
    assert with_link - without >= 15  # the link's 15 VP, plus Sudan's income


# ----------------------------------------------------------------- 4. LoC (L109, L111)

def _protectorate_that_would_open_a_neighbour(s, power):
    """An area X where ``power`` may place a Protectorate and a neighbour Y
    with no LoC now that X would join overland."""
    from engine.pax.data import get_data

    areas = get_data().areas
    net = b.loc_network(s, power)
    for x in sorted(s.areas):
        if not s.areas[x].statuses and b.has_loc(s, power, x, net) and b.may_place(s, power, x, "protectorate"):
            for y in areas[x].overland:
                if y in s.areas and not b.has_loc(s, power, y, net):
                    return x, y
    raise AssertionError("no such pair on the map")


def test_an_unestablished_protectorate_opens_no_line_of_communication():
    """L109: an LoC runs "esclusivamente attraverso aree sotto il proprio
    controllo"; L111: control is an *established* Control marker."""
    s = fresh()
    x, y = _protectorate_that_would_open_a_neighbour(s, "france")
    b.set_status(s, x, "france", "protectorate", new=True, combat=True)
    assert not b.has_loc(s, "france", y)
    s.areas[x].statuses["france"].new = False  # established: now it does
    assert b.has_loc(s, "france", y)


# ----------------------------------------------------------------- 10. ungarrisoned Control beside another's (L356, L368)

@pytest.mark.parametrize("other,expected", [("protectorate", "interest"), ("possession", None)])
def test_an_ungarrisoned_control_beside_another_control_is_never_an_influence(other, expected):
    """L356/L368: in a codominium an ungarrisoned participant's status "viene
    rimosso e non é sostituito da un'Influenza (anche se può essere sostituito
    da un Interesse se non vi é nell'Area un Possedimento)"; L309."""
    s = fresh()
    clear_area(s, "kenya")
    b.set_status(s, "kenya", "great_britain", other, new=False)
    b.add_unit(s, "great_britain", "kenya", "army-1")
    b.set_status(s, "kenya", "france", "protectorate", new=False)
    phases.garrison_check(s)
    got = s.areas["kenya"].statuses.get("france")
    assert (got.level if got else None) == expected


def test_an_ungarrisoned_control_alone_still_drops_to_influence():
    s = fresh()
    clear_area(s, "kenya")
    b.set_status(s, "kenya", "france", "protectorate", new=False)
    phases.garrison_check(s)
    assert s.areas["kenya"].statuses["france"].level == "influence"  # L356


# ----------------------------------------------------------------- 7. revolting colonies (L411)

def test_a_revolt_in_another_powers_control_is_closed_to_the_rest():
    """L411: "le altre Potenze, cioè le non controllanti, non possono
    intervenire nell'Area"; a revolt in a neutral area stays open (L419)."""
    s = fresh()
    assert "algiers" in b.controls(s, "france", established=True)
    s.areas["algiers"].unrest = True
    dest = b.land_destinations(s, "great_britain", b.HOME)
    assert "algiers" not in dest
    assert "algiers" in b.land_destinations(s, "france", b.HOME)  # the controller may


# ----------------------------------------------------------------- 11. forced spending (L214), minor revolt follow-up (L291)

def test_forced_spending_builds_units():
    """L214: the power must spend "nel costruire e/o mantenere Unità
    Militari"; short of money, "deve spendere tutto ciò che ha"."""
    s = fresh()
    s.powers["france"].treasury = 12
    before = b.strength(b.units_at(s, "france", b.HOME), None)
    assert phases.forced_spending(s, "france", 20) == 12
    assert s.powers["france"].treasury == 0
    assert b.strength(b.units_at(s, "france", b.HOME), None) > before  # the £ became units


def test_a_minors_troops_above_one_go_home_the_turn_after_a_revolt():
    """L291: "nel turno seguente ... le unità in eccesso ad una sono
    trasportate in Madrepatria"."""
    from engine.pax import minors

    s = fresh()
    assert "angola" in b.controls(s, "portugal")
    s.areas["angola"].unrest = True
    b.add_unit(s, "portugal", b.HOME, "army-3", 2)
    minors.revolt_reaction(s, "portugal")
    assert b.land_units_in(s, "portugal", "angola") > 1
    s.areas["angola"].unrest = False
    minors.reaction_follow_up(s, "portugal")  # same turn: they stay
    assert b.land_units_in(s, "portugal", "angola") > 1
    s.turn += 1
    minors.reaction_follow_up(s, "portugal")
    assert b.land_units_in(s, "portugal", "angola") == 1


# ----------------------------------------------------------------- 3. revolts nobody fights (L415, L419)

def _to_combat(s):
    """Seal every Movement round of this turn: the game runs to the first
    Colonial Combat decision or to the next turn."""
    seal_all(s)


def test_an_undefeated_revolt_under_influence_removes_every_status_even_unfought():
    """L415: "Se la Rivolta ha successo cioè se l'Area non viene sconfitta,
    tutti gli Status vengono rimossi dall'Area"; nobody has to fight for it."""
    s = fresh()
    clear_area(s, "morocco")
    b.set_status(s, "morocco", "france", "influence", new=False)
    b.set_status(s, "morocco", "germany", "interest", new=False)
    s.areas["morocco"].unrest = s.areas["morocco"].unrest_this_turn = True
    _to_combat(s)
    assert s.areas["morocco"].statuses == {}


def test_an_undefeated_revolt_in_a_neutral_area_removes_its_interests():
    """L419: "Se invece l'Area non viene sconfitta, tutti gli Status esistenti
    nell'Area vengono rimossi"."""
    s = fresh()
    clear_area(s, "persia")
    b.set_status(s, "persia", "great_britain", "interest", new=False)
    s.areas["persia"].unrest = s.areas["persia"].unrest_this_turn = True
    _to_combat(s)
    assert s.areas["persia"].statuses == {}


# ----------------------------------------------------------------- 8. revolt combat optional, owner's losses (L334, L407, L435)

def _revolt_with_units(s, area, power, units):
    clear_area(s, area)
    b.set_status(s, area, power, "influence", new=False)
    s.areas[area].unrest = s.areas[area].unrest_this_turn = True
    for k, n in units.items():
        b.add_unit(s, power, area, k, n)


def test_fighting_a_revolt_is_the_players_choice():
    """L334 "se lo desiderate"; L407 "può tentare di reprimerla"."""
    s = fresh()
    _revolt_with_units(s, "morocco", "france", {"army-3": 1})
    _to_combat(s)
    d = engine.decision(s)
    assert d.step == "pax.revolt_fight" and d.actor == "france" and set(d.ids()) == {"fight", "hold"}
    assert engine.default_choice(s, "france") == "fight"
    engine.apply(s, "france", "hold")
    assert any(e["key"] == "pax.log.revolt_hold" for e in s.log)
    assert not any(e["key"] == "pax.log.combat" and e["params"].get("area") == "morocco" for e in s.log)
    assert "france" not in s.areas["morocco"].statuses  # L415: the revolt won


def test_the_owner_chooses_which_units_an_exchange_costs():
    """L435: "il giocatore deve eliminare una o più Unità la cui forza totale
    sia almeno pari a quella dell'Area" - the player picks them."""
    from engine.pax.revolts import loss_options

    opts = loss_options({"army-3": 2, "army-1": 3}, 3)
    assert {"army-3": 1} in opts and {"army-1": 3} in opts
    assert all(sum(int(k.split("-")[1]) * n for k, n in o.items()) >= 3 for o in opts)
    assert {"army-3": 1, "army-1": 1} not in opts  # the (1) could be spared


def test_an_exchange_asks_the_owner_and_the_deadline_takes_the_cheapest():
    s = fresh()
    _revolt_with_units(s, "morocco", "france", {"army-3": 2, "army-1": 3})  # 9 against 4: Table 1, 2:1
    _to_combat(s)
    while engine.decision(s).step == "pax.revolt_fight" and engine.decision(s).actor != "france":
        engine.apply_defaults(s)
    s.forced_dice = [3]  # provisional Table 1, 2:1, die 3: EX
    engine.apply(s, "france", "fight")
    d = engine.decision(s)
    assert d.step == "pax.losses" and d.actor == "france"
    assert d.ids() == ["army-1x1,army-3x1", "army-3x2"]  # 4 or 6 points, the owner's pick (L435)
    engine.apply_defaults(s)
    assert b.units_at(s, "france", "morocco") in ({"army-3": 1, "army-1": 2},)
    assert not s.areas["morocco"].unrest  # units remain: the area is defeated (L435)


# ----------------------------------------------------------------- codominium revolt (L423)

def test_codominium_powers_may_combine_their_strength_against_a_revolt():
    """L423: "Unità Militari rappresentanti le Potenze dei Codominio possono
    combinare la loro forza in un singolo tentativo"."""
    s = fresh()
    clear_area(s, "kenya")
    for p in ("great_britain", "france"):
        b.set_status(s, "kenya", p, "protectorate", new=False)
        b.add_unit(s, p, "kenya", "army-1")
    s.areas["kenya"].unrest = s.areas["kenya"].unrest_this_turn = True
    _to_combat(s)
    while engine.decision(s).step != "pax.codominium_revolt":
        engine.apply_defaults(s)
    assert {d.actor for d in engine.decisions(s)} == {"great_britain", "france"}
    s.forced_dice = [6]
    engine.apply(s, "great_britain", "together")
    engine.apply(s, "france", "together")
    combined = [e for e in s.log if e["key"] == "pax.log.combined"]
    assert combined and combined[-1]["params"]["att"] == 2
    assert not any(e["key"] == "pax.log.combat" and e["params"].get("area") == "kenya" for e in s.log)


def test_a_random_event_without_effect_says_so():
    """Issue 31 item 8: "Random Event 6-5." stood in the log with nothing
    after it (a roll of the provisional table with no event)."""
    import random

    import engine

    s = engine.new_game("pax", "1880", 3, {"players": 5})
    rnd = random.Random(3)
    while s.turn < 4 and s.result is None:
        ds = engine.decisions(s)
        d = ds[rnd.randrange(len(ds))]
        engine.apply(s, d.actor, rnd.choice(d.ids()))
    keys = [e["key"] for e in s.log]
    events = [i for i, k in enumerate(keys) if k == "pax.log.event"]
    assert events and "pax.log.no_event" in keys
    follows = ("pax.log.unrest", "pax.log.major_event", "pax.log.no_event", "pax.log.no_unrest_area",
               "pax.log.forced_spending")
    assert all(keys[i + 1] in follows or keys[i + 1].startswith("pax.log.spend") for i in events), \
        [keys[i + 1] for i in events if keys[i + 1] not in follows]


def test_the_orders_menu_says_what_each_list_is_for_and_the_money_left():
    """Issue 31 item 7: every list of the orders menu repeated "Great
    Britain: orders for 1880, round 1."; it now says what the list is for,
    the £ left after the orders written, and how many are written."""
    import engine
    from bot.i18n import render

    s = engine.new_game("pax", "1880", 1)
    gb = "great_britain"
    money = s.powers[gb].treasury
    d = engine.pending_for(s, gb)
    assert render("en", d.prompt, "pax") == f"Great Britain: orders for 1880, round 1: £{money} left, 0 orders written."
    engine.apply(s, gb, "buy")
    d = engine.pending_for(s, gb)
    assert render("en", d.prompt, "pax") == f"Great Britain: which unit to buy? £{money} left."
    engine.apply(s, gb, "army-1")
    d = engine.pending_for(s, gb)
    text = render("it", d.prompt, "pax")
    assert "1 ordine scritto" in text and f"£ {money}" not in text  # the unit's price is spent in the draft
