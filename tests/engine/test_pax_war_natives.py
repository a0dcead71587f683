"""Pax Britannica, part 3 (issue 35 item 7, ruleset 3): the automatic wars,
the Chinese Rebellion (L473-493) and the Ottoman war (L495-497), from the
seed's own statements (shared/seeds/pax_britannica_rules_it.txt, L<n>).
Each test builds a ruleset-3 game, sets statuses and units by hand, and calls
engine/pax/natives.py or pushes its frames as the war flow does."""
from __future__ import annotations

import pytest

import engine
from engine.core.engine import settle
from engine.core.steps import frame, push
from engine.pax import board as b
from engine.pax import chinese, natives
from engine.pax.combat import after_fight
from engine.pax.data import get_data
from tests.engine.test_pax_data import overrides  # noqa: F401  (the override fixture)

pytestmark = pytest.mark.timeout(120)
ARMY = "army-5"  # the Chinese and Ottoman (5) armies, L71


def fresh(players: int = 4, seed: int = 3):
    s = engine.new_game("pax", "1880", seed, {"players": players, "ruleset": 3})
    assert s.options["ruleset"] == 3
    return s


def clear(s, areas):
    for area in areas:
        s.areas[area].statuses.clear()
        s.areas[area].unrest = False
        for p in s.powers:
            s.powers[p].units.pop(area, None)


def china_game(players: int = 4, seed: int = 3):
    """A game with every Chinese and Ottoman area empty."""
    s = fresh(players, seed)
    clear(s, natives.chinese_areas() + natives.ottoman_areas() + ["egypt"])
    return s


def rebellion(s, armies: dict[str, int], parties=("great_britain",)):
    """A Chinese war with ``armies`` placed by hand (area -> number of (5) armies)."""
    for p in parties:
        if not any(s.areas[a].statuses.get(p) for a in natives.chinese_areas()):
            b.set_status(s, "hong_kong", p, "influence", new=False)
    s.forced_dice = [1, 1]  # one army, in Manchuria
    war = natives.start_chinese(s)
    s.powers["china"].units.clear()
    for area, n in armies.items():
        b.add_unit(s, "china", area, ARMY, n)
    return war


def run(s, step, **args):
    """Push one of natives' automatic frames and let it run."""
    push(s, frame(step, **args))
    settle(s)


def logged(s, key):
    return [e["params"] for e in s.log if e["key"] == key]


# ----------------------------------------------------------------- outbreak (L473-475)

def test_no_rebellion_when_every_chinese_area_is_a_possession():
    """L475: "se tutte le Aree Cinesi sono dei Possedimenti, la Ribellione non può scoppiare"."""
    s = china_game()
    for a in natives.chinese_areas():
        b.set_status(s, a, "great_britain", "possession", new=False)
    assert natives.start_chinese(s) is None
    assert "china" not in s.powers and not s.wars
    assert logged(s, "pax.log.no_chinese_war")


def test_no_army_is_placed_in_a_possession():
    """L475: "Nessuna Armata può comparire in un'Area che è un Possedimento
    Coloniale ... tuttavia le Armate possono comparire in Aree contenenti
    Protettorati". Five of the six table areas are Possessions, the sixth a
    Protectorate: every army appears there."""
    s = china_game()
    for a in ("manchuria", "chihli", "shantung", "kwangtung", "kiangsu"):
        b.set_status(s, a, "great_britain", "possession", new=False)
    b.set_status(s, "hupeh", "france", "protectorate", new=False)
    s.forced_dice = [6]  # six armies (L475: one die)
    war = natives.start_chinese(s)
    assert war is not None and war.kind == "chinese"
    assert s.powers["china"].kind == "native"
    assert s.powers["china"].units == {"hupeh": {ARMY: 6}}
    assert len(logged(s, "pax.log.chinese_army")) == 6


def test_with_every_table_area_a_possession_the_armies_go_to_an_open_chinese_area():
    """L475 (the table's areas all Possessions, another Chinese area not):
    the rebellion breaks out and no army stands in a Possession."""
    s = china_game()
    for a in natives.chinese_areas():
        if a != "tibet":
            b.set_status(s, a, "great_britain", "possession", new=False)
    s.forced_dice = [3]
    natives.start_chinese(s)
    assert s.powers["china"].units == {"tibet": {ARMY: 3}}


def test_the_second_alliance_is_every_power_with_influence_or_control_in_china():
    """L473: China is the First Alliance, every colonial power, Great or
    minor, with an Influence or a Control in a Chinese or Vassal area the
    Second; L485: minor Russia is moved by France's player; a minor with no
    Influence or Control does not take part; an Interest is not enough."""
    s = china_game(players=4)
    b.set_status(s, "chihli", "great_britain", "influence", new=False)
    b.set_status(s, "tonkin", "france", "protectorate", new=False)
    b.set_status(s, "manchuria", "russia", "influence", new=False)
    b.set_status(s, "fukien", "germany", "interest", new=False)
    war = natives.start_chinese(s)
    assert war.sides[0] == ["china"] and war.first == 0
    assert set(war.sides[1]) == {"great_britain", "france", "russia"}
    assert war.controllers == {"russia": "france"}
    assert natives.is_native_side(s, war, 0) and not natives.is_native_side(s, war, 1)
    assert s.wars[-1] is war and war.id == 1


def test_the_war_phase_starts_the_rebellion_in_ruleset_3_only():
    """L471-473: the rebellion the CR phase announced is fought (ruleset 3);
    ruleset 2 keeps its notice and the index reset."""
    s = china_game()
    b.set_status(s, "chihli", "great_britain", "influence", new=False)
    s.cr, s.chinese_rebellion = 80, s.turn
    war = chinese.rebellion_in_war_phase(s)
    assert war is s.wars[-1] and s.chinese_rebellion is None
    assert s.cr == 80  # reset only when the war ends (L483-493)
    assert not logged(s, "pax.log.chinese_rebellion")
    old = engine.new_game("pax", "1880", 3, {"players": 4, "ruleset": 2})
    old.cr, old.chinese_rebellion = 80, old.turn
    assert chinese.rebellion_in_war_phase(old) is None
    assert old.cr == 0 and not old.wars and logged(old, "pax.log.chinese_rebellion")


# ----------------------------------------------------------------- movement (L477)

def test_a_chinese_army_stays_with_colonial_units_and_otherwise_moves_one_area_towards_them():
    """L477: an army in an area with a colonial unit does not move; one
    elsewhere moves one area towards the nearest occupied area; armies only
    in Chinese or Vassal areas; colonial units outside them are ignored."""
    s = china_game()
    war = rebellion(s, {"chihli": 1, "fukien": 1, "tibet": 1})
    b.add_unit(s, "great_britain", "chihli", "army-3")
    b.add_unit(s, "great_britain", "kwangtung", "army-1")
    b.add_unit(s, "great_britain", "bengal", "army-10")  # beside Tibet, but outside China
    run(s, "pax.native_maneuver", war=war.id, side=0)
    units = s.powers["china"].units
    assert units["chihli"] == {ARMY: 1}  # stays with the British
    assert units["kwangtung"] == {ARMY: 1}  # from Fukien, next to it (Chihli is two away)
    # Tibet: Chihli (through Mongolia) and Kwangtung (through Yunnan) both two areas away, a die decides
    rest = {loc for loc in units if loc not in ("chihli", "kwangtung")}
    assert len(rest) == 1 and rest <= {"mongolia", "yunnan"}
    assert "bengal" not in units and "fukien" not in units and "tibet" not in units
    assert len(logged(s, "pax.log.native_move")) == 2
    for seed in range(4):  # whichever way the die falls, never out of China or by more than one area
        s = china_game(seed=seed)
        war = rebellion(s, {"tibet": 1})
        b.add_unit(s, "great_britain", "chihli", "army-3")
        b.add_unit(s, "great_britain", "kwangtung", "army-1")
        run(s, "pax.native_maneuver", war=war.id, side=0)
        assert set(s.powers["china"].units) <= {"mongolia", "yunnan"}


# ----------------------------------------------------------------- attack (L479-481)

def test_the_natives_add_an_undefeated_areas_strength():
    """L481: Chinese and Vassal areas neither Protectorate nor Possession keep
    their strength, added to the Chinese units attacking there; L479: they
    attack at any odds, the colonial units defending together."""
    s = china_game()
    war = rebellion(s, {"chihli": 1}, parties=("great_britain", "france"))
    b.add_unit(s, "great_britain", "chihli", "army-3")
    b.add_unit(s, "france", "chihli", "army-3")
    assert natives.area_strength(s, war, "chihli") == get_data().areas["chihli"].combat_strength == 5
    s.forced_dice = [6]
    run(s, "pax.native_attack", war=war.id, side=0)
    fight = logged(s, "pax.log.native_combat")[-1]
    assert (fight["att"], fight["dfn"]) == (5 + 5, 6)
    assert war.attacked
    b.set_status(s, "shantung", "great_britain", "protectorate", new=False)
    assert natives.area_strength(s, war, "shantung") == 0  # a Protectorate: no strength (L481)


def test_a_defeated_area_loses_its_strength():
    """L481: "Se le Armate Cinesi attaccano in una di queste Aree subendo un
    AE o un AR, l'Area è considerata sconfitta ... perde la sua forza di
    combattimento per il resto della Ribellione"."""
    s = china_game()
    war = rebellion(s, {"chihli": 1})
    b.add_unit(s, "great_britain", "chihli", "army-10")
    s.forced_dice = [1]  # 10 against 10, table 2, 1:1, die 1: AE
    run(s, "pax.native_attack", war=war.id, side=0)
    assert logged(s, "pax.log.native_combat")[-1]["result"] == "AE"
    assert "chihli" in war.defeated and natives.area_strength(s, war, "chihli") == 0
    assert natives.native_armies(s, war, "chihli") == 0
    b.add_unit(s, "china", "chihli", ARMY)
    s.forced_dice = [6]
    run(s, "pax.native_attack", war=war.id, side=0)
    assert logged(s, "pax.log.native_combat")[-1]["att"] == 5  # the army alone now


def test_a_chinese_army_retreats_to_an_area_without_colonial_units_or_control_first():
    """L479: retreat preferences: 1) no colonial units and no Control, 2) a
    Control without colonial units; never outside China; nowhere: eliminated."""
    s = china_game()
    war = rebellion(s, {"szechwan": 1})
    b.add_unit(s, "great_britain", "szechwan", "army-10")
    b.add_unit(s, "great_britain", "hupeh", "army-1")
    b.set_status(s, "yunnan", "france", "protectorate", new=False)
    natives.native_retreat(s, war, "szechwan")
    assert s.powers["china"].units == {"tibet": {ARMY: 1}}  # Tibet: no units, no Control
    clear(s, ["tibet"])
    b.add_unit(s, "china", "szechwan", ARMY)
    b.add_unit(s, "great_britain", "tibet", "army-1")
    natives.native_retreat(s, war, "szechwan")
    assert s.powers["china"].units == {"yunnan": {ARMY: 1}}  # a Control, no colonial units
    s.powers["china"].units.clear()
    b.add_unit(s, "china", "szechwan", ARMY)
    b.add_unit(s, "great_britain", "yunnan", "army-1")
    natives.native_retreat(s, war, "szechwan")
    assert s.powers["china"].units == {}
    assert logged(s, "pax.log.native_lost")


def test_statuses_go_where_chinese_units_are_alone_after_a_second_alliance_attack():
    """L481: at the end of a Second Alliance Attack Phase, an area with
    statuses, Chinese units and no colonial units loses every status; a
    removed Control gives the area its strength back."""
    s = china_game()
    war = rebellion(s, {"shantung": 1, "kiangsu": 1})
    b.set_status(s, "shantung", "great_britain", "protectorate", new=False)
    b.set_status(s, "shantung", "germany", "interest", new=False)
    b.set_status(s, "kiangsu", "france", "protectorate", new=False)
    b.add_unit(s, "france", "kiangsu", "army-1")
    war.defeated.append("shantung")
    assert natives.area_strength(s, war, "shantung") == 0
    run(s, "pax.native_after_attack", war=war.id)
    assert s.areas["shantung"].statuses == {}
    assert natives.area_strength(s, war, "shantung") == get_data().areas["shantung"].combat_strength
    assert "france" in s.areas["kiangsu"].statuses  # colonial units there: kept


# ----------------------------------------------------------------- the end (L483-493)

def test_the_rebellion_ends_with_the_powers_victory_when_no_chinese_units_remain():
    """L485: no Chinese units on the map: the colonial powers win, the
    statuses stay, CR returns to zero; each power with units in China may ask
    one defeated area and place a Control there without spending £; L493:
    the index then rises only for the statuses placed now."""
    s = china_game()
    war = rebellion(s, {})
    b.set_status(s, "kiangsu", "france", "protectorate", new=False)
    b.add_unit(s, "great_britain", "shantung", "army-3")
    war.defeated.append("shantung")
    s.cr = 70
    assert natives.native_war_over(s, war) == "powers_win"
    treasury = s.powers["great_britain"].treasury
    natives.resolve_native(s, war)
    assert war.over == "powers_win" and war.winner == 1
    assert s.cr == 0 and s.areas["kiangsu"].statuses["france"].level == "protectorate"
    d = engine.decision(s)
    assert d.step == "pax.cession" and d.actor == "great_britain"
    assert d.ids() == ["none", "shantung"]
    engine.apply(s, "great_britain", "shantung")
    st = s.areas["shantung"].statuses["great_britain"]
    assert st.level == "protectorate" and not st.new
    assert s.powers["great_britain"].treasury == treasury
    inc = b.tables()["chinese_resentment"]["increase_summary"]["provisional"]
    assert s.cr == inc["on_placement_in_chinese_empire_area"]["protectorate"]
    assert b.land_units_in(s, "great_britain", "shantung") == 1  # it stays in its new Control (L485)


def test_the_cession_defaults_to_no_area():
    """L485: "Chiunque può dichiarare che non intende ricevere Aree" -- the
    deadline asks nothing; units left where they may not stay go home."""
    s = china_game()
    war = rebellion(s, {})
    b.add_unit(s, "great_britain", "shantung", "army-3")
    war.defeated.append("shantung")
    natives.resolve_native(s, war)
    assert engine.default_choice(s, "great_britain") == "none"
    engine.apply_defaults(s)
    assert "great_britain" not in s.areas["shantung"].statuses
    assert b.land_units_in(s, "great_britain", "shantung") == 0
    assert b.units_at(s, "great_britain", b.HOME).get("army-3")


def test_the_rebels_win_when_no_colonial_units_stand_in_china():
    """L483: no colonial units in any Chinese or Vassal area (Hong Kong
    included) at a War End Determination: every status there is removed, the
    Chinese armies too, the index goes to zero."""
    s = china_game()
    war = rebellion(s, {"hupeh": 2})
    b.set_status(s, "hong_kong", "great_britain", "possession", new=False)
    b.set_status(s, "burma", "france", "influence", new=False)
    b.add_unit(s, "great_britain", "hong_kong", "army-1")
    assert natives.native_war_over(s, war) is None  # Hong Kong still held
    s.powers["great_britain"].units.pop("hong_kong")
    s.cr = 55
    assert natives.native_war_over(s, war) == "rebels_win"
    natives.resolve_native(s, war)
    settle(s)
    assert war.over == "rebels_win" and war.winner == 0
    assert all(not s.areas[a].statuses for a in natives.chinese_areas())
    assert s.powers["china"].units == {} and s.cr == 0


# ----------------------------------------------------------------- the Ottoman war (L495-497)

def test_the_ottoman_war_places_three_armies_in_anatolia():
    """L497: "Quando l'Impero dichiara Guerra, piazzate tre Armate Ottomane
    in Anatolia sia che questa contenga Control sia no"; without allies the
    Ottomans are the First Alliance and play like the Chinese; L495: a Great
    Power may join either side."""
    s = china_game()
    b.set_status(s, "anatolia", "russia", "protectorate", new=False)
    s.ottoman_due = ["france"]
    war = natives.start_ottoman(s, ["france"])
    assert s.powers["ottoman"].units == {"anatolia": {ARMY: 3}}
    assert war.kind == "ottoman" and war.sides == [["ottoman"], ["france"]] and war.first == 0
    assert s.ottoman_due == []
    assert natives.is_native_side(s, war, 0)
    assert natives.ottoman_join_options(s, war, "germany") == [0, 1]
    assert natives.ottoman_join_options(s, war, "france") == []
    war.sides[0].append("germany")
    assert not natives.is_native_side(s, war, 0)
    assert natives.native_war_over(s, war) is None  # with an ally: an ordinary war (L497)


def test_raising_an_existing_control_in_an_ottoman_area_does_not_cause_war():
    """L495: "L'innalzare un Control preesistente non cagiona la Guerra, solo
    lo stabilirne uno nuovo"."""
    s = china_game()
    b.set_status(s, "kuwait", "great_britain", "possession", new=True)  # raised from its Protectorate
    after_fight(s, "kuwait", "great_britain", True, [])
    assert s.ottoman_due == []
    b.set_status(s, "tripoli", "italy", "protectorate", new=True, combat=True)  # a new Control (L330)
    after_fight(s, "tripoli", "italy", True, [])
    assert s.ottoman_due == ["italy"]
    old = engine.new_game("pax", "1880", 3, {"players": 4, "ruleset": 2})
    b.set_status(old, "tripoli", "italy", "protectorate", new=True, combat=True)
    after_fight(old, "tripoli", "italy", True, [])
    assert old.ottoman_due == []


def test_ottoman_armies_cross_egypt_only_when_no_neutral_controls_it():
    """L497: an uncontrolled Egypt is open to the Ottomans (on the way to
    Tripoli); controlled by a neutral, the armies stay in Anatolia."""
    s = china_game()
    war = natives.start_ottoman(s, ["italy"])
    b.add_unit(s, "italy", "tripoli", "army-3")
    run(s, "pax.native_maneuver", war=war.id, side=0)
    assert s.powers["ottoman"].units == {"egypt": {ARMY: 3}}
    s2 = china_game()
    b.set_status(s2, "egypt", "great_britain", "protectorate", new=False)
    war2 = natives.start_ottoman(s2, ["italy"])
    b.add_unit(s2, "italy", "tripoli", "army-3")
    run(s2, "pax.native_maneuver", war=war2.id, side=0)
    assert s2.powers["ottoman"].units == {"anatolia": {ARMY: 3}}


def test_the_ottomans_win_and_their_enemies_statuses_go():
    """L497: no colonial units left in the Ottoman areas: the statuses of
    the Empire's enemies there are removed; a neutral's stay."""
    s = china_game()
    b.set_status(s, "tripoli", "italy", "protectorate", new=False)
    b.set_status(s, "kuwait", "great_britain", "influence", new=False)
    war = natives.start_ottoman(s, ["italy"])
    assert natives.native_war_over(s, war) == "rebels_win"
    natives.resolve_native(s, war)
    settle(s)
    assert "italy" not in s.areas["tripoli"].statuses
    assert "great_britain" in s.areas["kuwait"].statuses
    assert s.powers["ottoman"].units == {}


def test_on_an_exchange_the_great_powers_units_go_before_a_minors():
    """L646: "tutte le Unità delle Grandi Potenze devono essere rimosse prima
    di eliminare quelle delle Potenze Minori"; the Chinese, the weaker side,
    lose everything and the area is defeated (L481)."""
    s = china_game(players=4)
    b.set_status(s, "manchuria", "russia", "influence", new=False)
    war = rebellion(s, {"hong_kong": 1}, parties=("great_britain", "russia"))
    b.add_unit(s, "great_britain", "hong_kong", "army-3")
    b.add_unit(s, "russia", "hong_kong", "army-3")
    b.add_unit(s, "russia", "hong_kong", "army-1")
    # 5 (Hong Kong adds 0) against 7: table 2, 1:2, die 4: EX
    s.forced_dice = [4]
    assert natives.native_combat(s, war, "hong_kong") == "EX"
    assert natives.native_armies(s, war, "hong_kong") == 0
    assert b.units_at(s, "great_britain", "hong_kong") == {}
    assert b.units_at(s, "russia", "hong_kong") == {"army-1": 1}  # 3 British + 3 Russian meet the 5
    assert "hong_kong" not in war.defeated  # its strength (0) took no part


def test_the_bot_asks_for_the_richest_defeated_area():
    """L485: a bot seat takes a cession rather than leaving it."""
    from engine.pax.bots import choose

    s = china_game()
    war = rebellion(s, {})
    b.add_unit(s, "great_britain", "shantung", "army-3")
    war.defeated += ["shantung", "chihli"]
    natives.resolve_native(s, war)
    d = engine.decision(s)
    areas = get_data().areas
    best = max(("shantung", "chihli"), key=lambda a: areas[a].economic_value)
    assert choose(s, d) == best


def test_the_map_draws_the_native_armies():
    """The map of a game at war with the Chinese and the Ottomans renders
    (their armies are counters of powers the panel does not list)."""
    from render.pax import render

    s = china_game()
    b.set_status(s, "chihli", "great_britain", "influence", new=False)
    natives.start_chinese(s)
    natives.start_ottoman(s, ["france"])
    assert render(s, "en")[:4] == b"\x89PNG"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_rebellion_fought_by_the_chinese_alone_comes_to_an_end(seed):
    """L477-485: sequence after sequence the Chinese move and attack at any
    odds until one side has no units in China; the war then resolves with
    CR 0 and no Chinese army left (the colonial side only defends here)."""
    s = china_game(seed=seed)
    b.set_status(s, "chihli", "great_britain", "protectorate", new=False)
    b.set_status(s, "kwangtung", "france", "influence", new=False)
    s.cr, s.chinese_rebellion = 90, s.turn
    war = chinese.rebellion_in_war_phase(s)
    b.add_unit(s, "great_britain", "chihli", "army-10")
    b.add_unit(s, "france", "kwangtung", "army-3")
    for _ in range(40):
        run(s, "pax.native_maneuver", war=war.id, side=0)
        run(s, "pax.native_attack", war=war.id, side=0)
        run(s, "pax.native_after_attack", war=war.id)
        if natives.native_war_over(s, war):
            break
    outcome = natives.native_war_over(s, war)
    assert outcome in ("rebels_win", "powers_win")
    natives.resolve_native(s, war)
    engine.apply_defaults(s)
    assert war.over == outcome and s.cr == 0 and s.powers["china"].units == {}
    assert all(not b.land_units_in(s, p, a) for p in ("great_britain", "france")
               for a in natives.chinese_areas() if p not in s.areas[a].statuses)


def test_an_ottoman_war_cut_off_by_a_neutral_egypt_may_end_on_request():
    """L497: Egypt controlled by a neutral, the Ottomans in Anatolia and the
    colonial units in Tripoli: the war may end at the enemies' request; the
    statuses in Tripoli stay, those in Anatolia and Kuwait go, and the
    Ottoman armies too."""
    s = china_game()
    b.set_status(s, "egypt", "great_britain", "protectorate", new=False)
    b.set_status(s, "tripoli", "italy", "protectorate", new=False)
    b.set_status(s, "kuwait", "italy", "influence", new=False)
    war = natives.start_ottoman(s, ["italy"])
    b.add_unit(s, "italy", "tripoli", "army-3")
    assert natives.ottoman_may_end_on_request(s, war)
    assert natives.native_war_over(s, war) is None
    war.over = "request"
    natives.resolve_native(s, war)
    settle(s)
    assert s.areas["tripoli"].statuses["italy"].level == "protectorate"
    assert "italy" not in s.areas["kuwait"].statuses
    assert s.powers["ottoman"].units == {}
    s.areas["egypt"].statuses.clear()  # an open Egypt: the Ottomans can march (no request)
    war2 = natives.start_ottoman(s, ["italy"])
    assert not natives.ottoman_may_end_on_request(s, war2)


def test_in_the_rebellion_its_powers_may_enter_any_chinese_area():
    """L475: "Durante la Ribellione le Unità Coloniali possono entrare in ogni
    Area dell'Impero Cinese o Vassalli come contenessero propri Protettorati"."""
    s = china_game()
    assert not natives.open_to_colonials(s, "great_britain", "hupeh")
    war = rebellion(s, {"hupeh": 1})
    assert natives.open_to_colonials(s, "great_britain", "hupeh")
    assert not natives.open_to_colonials(s, "great_britain", "persia")
    assert not natives.open_to_colonials(s, "germany", "hupeh")  # not in the war
    from engine.pax.data import get_data
    from engine.pax.warmoves import destinations
    b.add_unit(s, "great_britain", "hong_kong", "army-3")
    nxt = [n for n in get_data().areas["hong_kong"].overland if n in natives.chinese_areas()]
    assert nxt and set(nxt) <= set(destinations(s, war, "great_britain", "hong_kong", "army"))  # the move is offered
    war.over = "powers_win"
    assert not natives.open_to_colonials(s, "great_britain", "hupeh")


def test_game_status_lists_no_native_power_among_the_great_powers():
    """/game status shows each Great Power's treasury and VP; the Chinese
    Empire at war is named in the log, not there."""
    from bot.games.pax import status_lines

    s = china_game()
    b.set_status(s, "chihli", "great_britain", "influence", new=False)
    natives.start_chinese(s)
    text = " ".join(status_lines(engine.export_state(s), "en"))
    assert "Great Britain" in text and "Chinese Empire" not in text and "china" not in text


def test_the_placement_table_is_a_marked_stand_in_an_override_replaces(overrides):  # noqa: F811
    """L475: the Chinese Army Placement Table is printed on the Player Sheets,
    not in the seed: a provisional stand-in, corrected without code."""
    from engine.pax.data.status import status_report

    entry = b.tables()["chinese_resentment"]["chinese_army_placement"]
    assert entry["status"] == "unknown" and entry["verified"] is False and entry["basis"]
    assert "chinese_resentment" in status_report()["tables"]["provisional_ids"]
    overrides("""
tables:
  chinese_resentment:
    chinese_army_placement: {provisional: {"1": tibet, "2": tibet, "3": tibet, "4": tibet, "5": tibet, "6": tibet}}
    verified: false
    source: "a test"
""")
    s = china_game()
    s.forced_dice = [2]
    natives.start_chinese(s)
    assert s.powers["china"].units == {"tibet": {ARMY: 2}}


def test_the_native_armies_leave_the_map_when_their_war_closes_and_never_fight_a_revolt():
    """L497: the three Ottoman armies are placed for the Ottoman war; a war
    that ends in a stalemate (the engine's guard) takes them off too, and a
    later revolt in Anatolia is fought by Great Powers only (L411, L419; the
    war soak's seeds 108, 309: a revolt treated the Ottomans as a power)."""
    from engine.pax.combat import fighters

    s = china_game()
    war = natives.start_ottoman(s, ["france"])
    assert b.land_units_in(s, "ottoman", "anatolia") == 3
    s.areas["anatolia"].unrest = True
    assert "ottoman" not in fighters(s, "anatolia")
    war.over = "stalemate"
    run(s, "pax.war_close", war=war.id)
    assert not any(s.powers["ottoman"].units.values())
