"""Pax Britannica in war, on the board (ruleset 3, issue 35 items 3, 4, 6):
wartime movement (L581-634), combat (L640-666), conquest (L670), supply
(L674-680), canals (L694-696), from the seed's own statements
(shared/seeds/pax_britannica_rules_it.txt, L<n>). The war flow is
engine/pax/war.py's (test_pax_war_flow.py): these tests build a War and
push the frames it pushes."""
from __future__ import annotations

import pytest

import engine
from engine.core.engine import settle
from engine.core.errors import IllegalChoice
from engine.core.steps import frame, push
from engine.pax import board as b
from engine.pax import invariants, warcombat
from engine.pax.state import War
from engine.pax.warfare import in_supply, return_home_after_war
from engine.pax.warmoves import canal_denied, destinations, rights_of_call

HOLD = {"step": "pax.movement", "round": 1, "drafts": {}, "sealed": []}


def blank(players: int = 5):
    """A ruleset-3 game with an empty map (no statuses, units or merchant
    fleets) and a war between Great Britain and France; the game waits in a
    Movement round below the frames a test pushes."""
    s = engine.new_game("pax", "1880", 1, {"players": players, "ruleset": 3})
    s.stack[:] = [dict(HOLD)]
    for a in s.areas.values():
        a.statuses.clear()
    for ps in s.powers.values():
        ps.units.clear()
        ps.merchant = []
    s.wars.append(War(id=1, sides=[["great_britain"], ["france"]]))
    return s


def control(s, area, power, level="protectorate"):
    b.set_status(s, area, power, level, new=False)


def run(s, step, side=0):
    push(s, frame(step, war=1, side=side))
    settle(s)


def steps(s):
    return [d.step for d in engine.decisions(s)]


def force(monkeypatch, result):
    monkeypatch.setattr(warcombat, "combat_result", lambda state, att, dfn: ("1, 1:1", 3, result))


# ----------------------------------------------------------------- Maneuver (L581-634)

def test_a_land_unit_moves_one_area_only_and_once():
    """L583: "le Unità Militari possono muoversi solo di un'Area o Zona di
    Mare per ogni Maneuver Phase"; L601: into an area with a Control of
    either alliance."""
    s = blank()
    for a in ("egypt", "sudan", "kenya"):
        control(s, a, "great_britain")
    b.add_unit(s, "great_britain", "egypt", "army-3", 2)
    run(s, "pax.war_maneuver")
    assert steps(s) == ["pax.war_moves"]  # France has nothing to move: not asked
    engine.apply(s, "great_britain", "great_britain|egypt|army-3")
    with pytest.raises(IllegalChoice):
        engine.apply(s, "great_britain", "kenya")  # two areas away
    engine.apply(s, "great_britain", "sudan*2")  # a quantity, not a repetition
    assert "great_britain|sudan|army-3" not in engine.decisions(s)[0].ids()  # moved once this phase
    engine.apply(s, "great_britain", "done")
    assert b.units_at(s, "great_britain", "sudan") == {"army-3": 2}
    assert s.stack == [HOLD]


def test_merchant_fleets_cannot_move():
    """L587: merchant fleets "Non possono essere mosse": a seat with only
    merchant fleets is not asked and they stay."""
    s = blank()
    s.powers["great_britain"].merchant = ["mediterranean", "north_atlantic"]
    run(s, "pax.war_maneuver")
    assert s.stack == [HOLD]
    assert s.powers["great_britain"].merchant == ["mediterranean", "north_atlantic"]


def test_a_fleet_enters_only_seas_with_rights_of_call():
    """L617-620: Rights of Call beside the home or an area with one's own
    Control or Influence; L628-629: the Cape zones with South Atlantic."""
    s = blank()
    control(s, "egypt", "great_britain")
    b.add_unit(s, "great_britain", "north_atlantic", "fleet-3")
    war = s.wars[0]
    dests = destinations(s, war, "great_britain", "north_atlantic", "fleet")
    assert {"mediterranean", "north_sea", "home"} <= set(dests)
    assert "caribbean" not in dests and "south_atlantic" not in dests
    calls = rights_of_call(s, war, "great_britain")
    assert "cape_of_good_hope" in calls and "cape_horn" not in calls  # Egypt touches the Indian Ocean
    control(s, "cape_colony", "great_britain", "influence")  # beside the South Atlantic
    assert "south_atlantic" in destinations(s, war, "great_britain", "north_atlantic", "fleet")
    assert {"cape_of_good_hope", "cape_horn"} <= rights_of_call(s, war, "great_britain")


def test_an_army_enters_a_sea_with_enemy_ships_only_with_friendly_ships():
    """L607: "Un'Armata non può muovere in Zone di Mare ... in cui vi sono
    Unità Navali nemiche a meno che siano presenti anche Unità Navali amiche";
    L601: only a sea with its own merchant fleet."""
    s = blank()
    control(s, "egypt", "great_britain")
    b.add_unit(s, "great_britain", "egypt", "army-3")
    war = s.wars[0]
    assert "mediterranean" not in destinations(s, war, "great_britain", "egypt", "army")  # no merchant fleet
    s.powers["great_britain"].merchant = ["mediterranean"]
    assert "mediterranean" in destinations(s, war, "great_britain", "egypt", "army")
    b.add_unit(s, "france", "mediterranean", "fleet-3")
    assert "mediterranean" not in destinations(s, war, "great_britain", "egypt", "army")
    b.add_unit(s, "great_britain", "mediterranean", "fleet-1")
    assert "mediterranean" in destinations(s, war, "great_britain", "egypt", "army")


def test_suez_is_denied_to_the_enemies_of_egypts_controller():
    """L694: "il giocatore che controlla l'Egitto può negare l'uso del Canale
    ad ogni altra Potenza"; our reading: a controller at war denies it to its
    enemies, a neutral only to whom it chooses as the war begins (its default:
    nobody, test_pax_war_neutrals.py; docs/rulings/pax.md)."""
    s = blank()
    war = s.wars[0]
    control(s, "egypt", "france")
    control(s, "aden", "great_britain")
    for p in ("great_britain", "france"):
        b.add_unit(s, p, "mediterranean", "fleet-3")
    assert canal_denied(s, war, "great_britain", "suez") and not canal_denied(s, war, "france", "suez")
    assert "indian_ocean" not in destinations(s, war, "great_britain", "mediterranean", "fleet")
    assert "indian_ocean" in destinations(s, war, "france", "mediterranean", "fleet")
    control(s, "egypt", "italy")  # a neutral controller
    del s.areas["egypt"].statuses["france"]
    assert "indian_ocean" in destinations(s, war, "great_britain", "mediterranean", "fleet")


def test_a_neutral_co_owner_gets_a_casus_belli_when_a_belligerent_enters():
    """L636: a power outside the codominium entering the area gives the
    neutral co-owner a Casus Belli against it."""
    s = blank()
    control(s, "sudan", "great_britain")
    control(s, "egypt", "france")
    control(s, "egypt", "germany")
    b.add_unit(s, "great_britain", "sudan", "army-3")
    run(s, "pax.war_maneuver")
    engine.apply(s, "great_britain", "great_britain|sudan|army-3")
    engine.apply(s, "great_britain", "egypt")
    engine.apply(s, "great_britain", "done")
    assert any(c["holder"] == "germany" and c["against"] == "great_britain" and c["area"] == "egypt"
               for c in s.casus_belli)
    assert not any(c["holder"] == "france" for c in s.casus_belli)


# ----------------------------------------------------------------- combat (L640-666)

def test_a_naval_battle_in_a_sea_zone_and_armies_left_alone_surrender(monkeypatch):
    """L664, L666: in a sea zone only ships fight; "Se alla fine di un
    combattimento in una Zona di Mare delle Armate si trovano da sole con
    Unità Navali nemiche, quelle Armate si arrenderanno"."""
    s = blank()
    b.add_unit(s, "great_britain", "mediterranean", "fleet-10")
    b.add_unit(s, "france", "mediterranean", "fleet-3")
    b.add_unit(s, "france", "mediterranean", "army-3")
    force(monkeypatch, "DE")
    run(s, "pax.war_attack")
    d = engine.decisions(s)[0]
    assert d.ids() == ["done", "fleet:mediterranean"]  # no land combat at sea (L644)
    engine.apply(s, "great_britain", "fleet:mediterranean")
    assert b.units_at(s, "france", "mediterranean") == {}
    assert s.wars[0].surrendered["france"] == {"army-3": 1}
    assert s.wars[0].attacked and s.stack == [HOLD]


def test_an_attacker_with_no_retreat_surrenders(monkeypatch):
    """L656 AR: "Se non ci sono Aree con i requisiti sopra citati, le Unità
    devono arrendersi" (L680 A)."""
    s = blank()
    control(s, "sudan", "france")
    b.add_unit(s, "great_britain", "sudan", "army-3")
    b.add_unit(s, "france", "sudan", "army-1")
    force(monkeypatch, "AR")
    run(s, "pax.war_attack")
    engine.apply(s, "great_britain", "army:sudan")
    assert b.units_at(s, "great_britain", "sudan") == {}
    assert s.wars[0].surrendered["great_britain"] == {"army-3": 1}


def test_the_owner_chooses_its_exchange_losses(monkeypatch):
    """L656 EX: the smaller force is eliminated; the other removes units of
    at least its strength, chosen by their owner."""
    s = blank()
    control(s, "sudan", "france")
    b.add_unit(s, "great_britain", "sudan", "army-3")
    b.add_unit(s, "great_britain", "sudan", "army-1", 3)
    b.add_unit(s, "france", "sudan", "army-3")
    force(monkeypatch, "EX")
    run(s, "pax.war_attack")
    engine.apply(s, "great_britain", "army:sudan")
    d = engine.decisions(s)[0]
    assert d.step == "pax.war_losses" and sorted(d.ids()) == ["army-1x3", "army-3x1"]
    engine.apply(s, "great_britain", "army-1x3")
    assert b.units_at(s, "great_britain", "sudan") == {"army-3": 1}
    assert b.units_at(s, "france", "sudan") == {}


def test_great_powers_lose_before_minors_in_an_exchange(monkeypatch):
    """L656: "tutte le Unità delle Grandi Potenze devono essere rimosse prima
    di eliminare quelle delle Potenze Minori"."""
    s = blank()
    s.wars[0].sides[0].append("portugal")
    s.wars[0].controllers["portugal"] = "bot"
    control(s, "sudan", "france")
    b.add_unit(s, "great_britain", "sudan", "army-3")
    b.add_unit(s, "portugal", "sudan", "army-3")
    b.add_unit(s, "france", "sudan", "army-3")
    force(monkeypatch, "EX")
    run(s, "pax.war_attack")
    engine.apply(s, "great_britain", "army:sudan")
    assert b.units_at(s, "great_britain", "sudan") == {} and b.units_at(s, "portugal", "sudan") == {"army-3": 1}


def test_an_ally_is_asked_to_join_and_a_seat_with_nothing_to_attack_is_not_asked(monkeypatch):
    """L642: "Ogni giocatore Alleato può partecipare all'attacco o rifiutarlo"."""
    s = blank()
    s.wars[0].sides[0].append("germany")
    control(s, "sudan", "france")
    b.add_unit(s, "great_britain", "sudan", "army-3")
    b.add_unit(s, "germany", "sudan", "army-10")
    b.add_unit(s, "france", "sudan", "army-3")
    seen = []
    monkeypatch.setattr(warcombat, "combat_result", lambda state, att, dfn: seen.append(att) or ("2", 1, "DE"))
    run(s, "pax.war_attack")
    engine.apply(s, "great_britain", "army:sudan")
    assert steps(s) == ["pax.war_join"] and engine.decisions(s)[0].actor == "germany"
    engine.apply(s, "germany", "join")
    assert seen == [13] and s.wars[0].conquered == {"sudan": 0}


# ----------------------------------------------------------------- conquest, supply, the end

def test_an_area_held_alone_is_conquered():
    """L670: units of an alliance in an area an enemy controls, with no enemy
    units there, conquer it at the end of its Attack Phase."""
    s = blank()
    control(s, "algiers", "france")
    b.add_unit(s, "great_britain", "algiers", "army-1")
    run(s, "pax.war_attack")
    assert s.wars[0].conquered == {"algiers": 0} and s.stack == [HOLD]
    b.add_unit(s, "france", "algiers", "army-3")
    b.remove_unit(s, "great_britain", "algiers", "army-1")
    run(s, "pax.war_attack", side=1)
    assert s.wars[0].conquered == {}  # retaken by its owner


def test_units_out_of_supply_surrender_and_a_blockade_cuts_the_line():
    """L674-676: a line through controlled areas and seas with one's own
    merchant fleets; "una linea di Rifornimento non può essere tracciata da
    un'Area ad un'adiacente Zona di Mare se l'Area contiene una Unità Navale
    nemica"; "Un'Armata ... non rifornita ... si arrende"."""
    s = blank()
    control(s, "egypt", "great_britain")
    s.powers["great_britain"].merchant = ["north_atlantic", "mediterranean"]
    b.add_unit(s, "great_britain", "egypt", "army-1")
    b.add_unit(s, "great_britain", "kenya", "army-3")  # no line from Kenya
    war = s.wars[0]
    assert in_supply(s, war, "great_britain", "egypt") and not in_supply(s, war, "great_britain", "kenya")
    run(s, "pax.war_supply")
    assert war.surrendered == {"great_britain": {"army-3": 1}}
    assert b.units_at(s, "great_britain", "egypt") == {"army-1": 1}
    b.add_unit(s, "france", "egypt", "fleet-1")  # Egypt blockaded
    assert not in_supply(s, war, "great_britain", "egypt")
    run(s, "pax.war_supply")
    assert war.surrendered == {"great_britain": {"army-3": 1, "army-1": 1}}


def test_units_go_home_when_the_war_ends():
    """L684: "tutte le Unità arresesi o in Zone di Mare o di Capo, ritornano
    nelle rispettive Madrepatrie"; L553: units in others' areas withdraw."""
    s = blank()
    war = s.wars[0]
    control(s, "egypt", "great_britain")
    b.add_unit(s, "great_britain", "egypt", "army-1")
    b.add_unit(s, "great_britain", "cape_horn", "fleet-3")
    b.add_unit(s, "great_britain", "algiers", "army-3")
    war.surrendered["great_britain"] = {"army-10": 1}
    assert invariants.check(s) == []  # at sea while the war is on
    return_home_after_war(s, war)
    war.over = "peace"
    assert b.units_at(s, "great_britain", "home") == {"army-10": 1, "fleet-3": 1, "army-3": 1}
    assert b.units_at(s, "great_britain", "egypt") == {"army-1": 1} and not war.surrendered
    b.add_unit(s, "great_britain", "mediterranean", "fleet-1")
    assert any("sea" in e for e in invariants.check(s))  # no war: no units at sea


def test_the_owner_chooses_where_its_units_retreat(monkeypatch):
    """L656 DR: the defender's units move to an adjacent place they could
    move to, "non sono obbligate a farlo nella stessa Area"; its owner picks."""
    s = blank()
    for a in ("sudan", "kenya", "eritrea"):
        control(s, a, "france")
    b.add_unit(s, "great_britain", "sudan", "army-10")
    b.add_unit(s, "france", "sudan", "army-1")
    force(monkeypatch, "DR")
    run(s, "pax.war_attack")
    engine.apply(s, "great_britain", "army:sudan")
    d = engine.decisions(s)[0]
    assert (d.step, d.actor, d.ids()) == ("pax.war_retreat", "france", ["eritrea", "kenya"])
    engine.apply(s, "france", "kenya")
    assert b.units_at(s, "france", "kenya") == {"army-1": 1} and s.wars[0].conquered == {"sudan": 0}


def test_bots_march_attack_at_two_to_one_and_never_stall(monkeypatch):
    """The bot policy (issue 35): land units one step towards the enemy,
    attacks at 2:1 or better; a bot-controlled minor moves by itself (L577)."""
    from bot.bots import choose

    s = blank()
    s.wars[0].sides[0].append("portugal")
    s.wars[0].controllers["portugal"] = "bot"
    for a in ("egypt", "tripoli"):
        control(s, a, "great_britain")
    control(s, "sudan", "france")
    s.powers["great_britain"].merchant = ["north_atlantic", "mediterranean"]
    b.add_unit(s, "great_britain", "egypt", "army-10")
    b.add_unit(s, "portugal", "tripoli", "army-1")
    b.add_unit(s, "france", "sudan", "army-1")
    force(monkeypatch, "DE")
    push(s, frame("pax.war_maneuver", war=1, side=0), frame("pax.war_attack", war=1, side=0),
         frame("pax.war_supply", war=1, side=0))
    for _ in range(50):
        ds = engine.decisions(s)
        if s.stack == [HOLD]:
            break
        engine.apply(s, ds[0].actor, choose(s, ds[0]))
    assert s.stack == [HOLD]
    assert any(e["key"] == "pax.log.war_move" and e["params"]["src"] == "tripoli"
               and e["params"]["dest"] == "egypt" for e in s.log)  # one step from Tripoli towards Sudan
    # L674: Portugal traces no line without merchant fleets of its own; Britain does (Sudan conquered)
    assert s.wars[0].surrendered == {"portugal": {"army-1": 1}}
    assert b.units_at(s, "great_britain", "sudan") == {"army-10": 1} and b.units_at(s, "france", "sudan") == {}
    assert s.wars[0].conquered == {"sudan": 0}


def test_wartime_moves_stay_sealed_until_every_seat_is_done():
    """Moves are written at once and shown to their writer only (the
    Movement orders' practice, issue 35)."""
    s = blank()
    s.wars[0].sides[0].append("germany")
    for a in ("egypt", "sudan"):
        control(s, a, "great_britain")
    b.add_unit(s, "great_britain", "egypt", "army-3")
    b.add_unit(s, "germany", "egypt", "army-1")
    run(s, "pax.war_maneuver")
    assert sorted(d.actor for d in engine.decisions(s)) == ["germany", "great_britain"]
    engine.apply(s, "great_britain", "great_britain|egypt|army-3")
    engine.apply(s, "great_britain", "sudan")
    engine.apply(s, "great_britain", "done")
    assert b.units_at(s, "great_britain", "egypt") == {"army-3": 1}  # not yet carried out
    assert engine.view(s, "great_britain")["my_orders"] and not engine.view(s, "germany")["my_orders"]
    assert engine.default_choice(s, "germany") == "done"
    engine.apply_defaults(s)
    assert b.units_at(s, "great_britain", "sudan") == {"army-3": 1} and s.stack == [HOLD]


def test_in_war_the_capes_stand_between_the_oceans():
    """L626-630: in war the Cape of Good Hope is a sea zone between the South
    Atlantic and the Indian Ocean; land units enter it only with their own
    merchant fleet in a sea beside it."""
    s = blank()
    war = s.wars[0]
    control(s, "cape_colony", "great_britain")
    b.add_unit(s, "great_britain", "south_atlantic", "fleet-3")
    b.add_unit(s, "great_britain", "south_atlantic", "army-1")
    fleet = destinations(s, war, "great_britain", "south_atlantic", "fleet")
    assert "cape_of_good_hope" in fleet and "indian_ocean" not in fleet
    assert "cape_of_good_hope" not in destinations(s, war, "great_britain", "south_atlantic", "army")
    s.powers["great_britain"].merchant = ["south_atlantic"]
    assert "cape_of_good_hope" in destinations(s, war, "great_britain", "south_atlantic", "army")
    assert "indian_ocean" in destinations(s, war, "great_britain", "cape_of_good_hope", "fleet")


def test_an_ungarrisoned_control_with_no_influence_marker_left_becomes_an_interest():
    """L314, L356: a Control without a land unit drops to an Influence; with
    every Influence marker on the map (L67; a war's surrenders can strip
    many garrisons at once) it becomes an Interest, or goes (ruleset 3)."""
    import engine
    from engine.pax.phases import garrison_check

    s = engine.new_game("pax", "1880", 3, {"players": 4, "ruleset": 3})
    limit = b.counter_limit("influence")
    free = [a for a, x in sorted(s.areas.items()) if not x.statuses and not x.unrest]
    for a in free[:limit - b.markers_in_use(s, "great_britain", "influence")]:
        b.set_status(s, a, "great_britain", "influence", new=False)
    assert not b.marker_free(s, "great_britain", "influence")
    target = next(a for a in b.controls(s, "great_britain") if b.land_units_in(s, "great_britain", a))
    s.powers["great_britain"].units.pop(target)
    garrison_check(s)
    assert s.areas[target].statuses["great_britain"].level == "interest"
    assert b.markers_in_use(s, "great_britain", "influence") == limit
