"""Pax Britannica, the end of the game (ruleset 3, issue 35): the Great War
(L571-575), European Tension reaching 100 (L686-688) and the end-of-game
Victory Points, lines 27-31 and the ranking (L702-722), from the seed's own
statements (shared/seeds/pax_britannica_rules_it.txt, L<n>)."""
from __future__ import annotations

from collections import deque

import pytest

import engine
from engine.core.errors import GameOver
from engine.pax import board as b
from engine.pax import greatwar, phases
from engine.pax.admin import income
from engine.pax.data import get_data
from engine.pax.ruleset import ruleset
from engine.pax.state import TURNS, War

pytestmark = pytest.mark.timeout(120)


def fresh(players: int = 5, rules: int = 3, seed: int = 1):
    s = engine.new_game("pax", "1880", seed, {"players": players, "ruleset": rules})
    assert ruleset(s) == rules
    return s


def war(sides, *declared, wid: int = 1) -> War:
    """A war with ``sides`` and the declarations (declarer, declared against) in order."""
    return War(id=wid, sides=[list(x) for x in sides],
               declared=[{"by": by, "against": against, "turn": 1} for by, against in declared])


# ----------------------------------------------------------------- L573-575: which war is Great

def test_a_war_of_four_european_great_powers_is_a_great_war():
    """L573: 4 or more of GB, France, Germany, Austria-Hungary, Italy, Russia
    (Austria-Hungary counts, so Germany and Austria make two of the four);
    three of them, or a war beside them, is not."""
    s = fresh(7)
    assert greatwar.is_great_war(s, war([["germany", "austria_hungary"], ["france", "russia"]]))
    assert not greatwar.is_great_war(s, war([["germany", "austria_hungary"], ["france"]]))
    assert not greatwar.is_great_war(s, war([["germany", "usa", "japan"], ["france"]]))
    ended = war([["germany", "austria_hungary"], ["france", "russia"]])
    ended.over = "peace"
    assert not greatwar.is_great_war(s, ended)


def test_a_minor_among_the_six_counts_too():
    """L573 names the powers, not their players: with 5 players Italy and
    Russia are minors (L244) and still make a war Great."""
    s = fresh(5)
    assert s.powers["russia"].kind == "minor"
    assert greatwar.is_great_war(s, war([["germany", "italy"], ["france", "russia"]]))


def test_in_a_four_player_game_britain_germany_and_france_make_a_great_war():
    """L573-575: with 4 players any war with Great Britain, Germany and France
    together is a Great War; so is two of them with two of Austria-Hungary,
    Italy, Russia. With 5 players the first is not (only three of the six)."""
    gb_fr_de = war([["great_britain", "france"], ["germany"]])
    assert greatwar.is_great_war(fresh(4), gb_fr_de)
    assert not greatwar.is_great_war(fresh(5), gb_fr_de)
    assert greatwar.is_great_war(fresh(4), war([["great_britain", "italy"], ["germany", "austria_hungary"]]))
    assert not greatwar.is_great_war(fresh(4), war([["great_britain"], ["germany", "austria_hungary"]]))


# ----------------------------------------------------------------- L573, L688 A: who caused it

def test_the_first_declarer_and_the_fourth_power_cause_the_great_war():
    """L573, L688 A: France declares on Germany, Great Britain joins France,
    Italy enters fourth: France and Italy caused it (7 players)."""
    s = fresh(7)
    w = war([["germany", "italy"], ["france", "great_britain"]],
            ("france", "germany"), ("great_britain", "germany"), ("italy", "france"))
    assert greatwar.causers(s, w) == ["france", "italy"]


def test_austria_hungary_entering_fourth_spares_germany_the_triple_penalty():
    """L573: "Se l'Austria-Ungheria è la 4 Potenza a dichiarare Guerra, il
    giocatore tedesco non incorre nella penalità della perdita del triplo"."""
    s = fresh(7)
    w = war([["germany", "austria_hungary"], ["france", "russia"]],
            ("france", "germany"), ("russia", "germany"), ("austria_hungary", "france"))
    assert greatwar.causers(s, w) == ["france"]
    s.wars.append(w)
    assert greatwar.check_war(s, w)
    lines = s.result["lines"]
    pen = greatwar.penalty(s)
    assert lines["france"]["30"] == -3 * pen
    assert lines["germany"]["30"] == lines["russia"]["30"] == lines["italy"]["30"] == -pen


def test_a_war_becoming_great_ends_the_game_at_once():
    """L573: "Nell'evento di una Grande Guerra, il gioco finisce
    immediatamente": whatever the phase, no decision is left to take."""
    s = fresh(7)
    engine.decisions(s)
    assert s.result is None
    w = war([["germany"], ["france"]], ("germany", "france"))
    s.wars.append(w)
    assert not greatwar.check_war(s, w) and s.result is None
    w.sides = [["germany", "italy"], ["france", "russia"]]
    w.declared += [{"by": "russia", "against": "germany", "turn": 1}, {"by": "italy", "against": "france", "turn": 1}]
    assert greatwar.check_war(s, w)
    assert s.result["how"] == "great_war" and s.result["causers"] == ["germany", "italy"]
    assert not engine.decisions(s)
    with pytest.raises(GameOver):
        engine.apply(s, "france", "done")


# ----------------------------------------------------------------- L688: European Tension 100

def test_tension_reaching_100_ends_the_game_with_the_penalty_tripled_for_its_causer():
    """L688: at 100 the game ends at once, whatever the phase; no VP Record
    for this turn; every player loses the turn track's number, the one who
    brought the index to 100 three times as much (B), and so does the first
    declarer of a war being fought (C)."""
    s = fresh(5)
    s.wars.append(war([["germany"], ["france"]], ("germany", "france")))
    s.et = 98
    b.raise_et(s, 1, "fleet_built", by="usa")
    assert s.result is None and s.et == 99
    vp_before = {p: s.powers[p].vp for p in s.players}
    phases.forced_spending(s, "japan", 0, "fleet")  # spends nothing: no fleet, no tension
    assert s.result is None
    b.raise_et(s, 3, "fleet_built", by="usa")
    assert s.et == 100
    r = s.result
    pen = greatwar.penalty(s)
    assert pen == 5  # provisional 1880 box (tables.yaml great_war.penalty_per_turn)
    assert r["how"] == "european_tension" and r["causers"] == ["usa", "germany"]
    assert r["lines"]["usa"]["30"] == r["lines"]["germany"]["30"] == -3 * pen
    assert r["lines"]["france"]["30"] == r["lines"]["great_britain"]["30"] == r["lines"]["japan"]["30"] == -pen
    assert not s.vp_record and {p: s.powers[p].vp for p in s.players} == vp_before  # no VP Record phase
    assert not engine.decisions(s)
    keys = [e["key"] for e in s.log]
    assert "pax.log.great_war_et" in keys and "pax.log.game_end" in keys
    b.raise_et(s, 5, "treaty_broken", by="france")  # the game is over: nothing moves
    assert s.et == 100 and s.result is r


def test_austria_hungarys_act_is_germanys_players():
    """L700: Germany's player acts for Austria-Hungary: an Austrian fleet
    bringing the index to 100 triples Germany's penalty."""
    s = fresh(5)
    s.et = 99
    s.powers["austria_hungary"].treasury = 50
    phases.build_units(s, "austria_hungary", b.unit_price(1), "fleet")
    assert s.result["causers"] == ["germany"]


def test_a_fleet_built_in_movement_names_its_builder():
    """L692, L688 B through the real order: Germany buys a (1) fleet in
    Movement/Status Change with the index at 99."""
    from engine.pax.movement import execute

    s = fresh(5)
    s.et = 99
    s.powers["germany"].treasury = 50
    execute(s, {"power": "germany", "op": "buy", "unit": "fleet-1"}, public=True)
    assert s.result["how"] == "european_tension" and s.result["causers"] == ["germany"]


def test_ruleset_2_games_stop_the_index_at_100_and_play_on():
    """A stored ruleset-2 game replays unchanged (engine/pax/ruleset.py)."""
    s = fresh(5, rules=2)
    s.et = 99
    b.raise_et(s, 5, "treaty_broken", by="france")
    assert s.et == 100 and s.result is None
    assert engine.decisions(s)


# ----------------------------------------------------------------- L714-722: lines 27-31 and the ranking

def _overland_path(start: set[str], goal: set[str]) -> list[str]:
    areas = get_data().areas
    todo = deque([[a] for a in sorted(start)])
    seen = set(start)
    while todo:
        path = todo.popleft()
        if path[-1] in goal:
            return path
        for n in areas[path[-1]].overland:
            if n in areas and n not in seen:
                seen.add(n)
                todo.append(path + [n])
    raise AssertionError("no overland path")


def test_the_final_record_writes_lines_27_to_31_and_ranks_every_player():
    """L718: line 27 the VP accumulated, line 28 the bonuses (an East-West
    link through Africa, 10 VP, L722), line 29 2 × Section II ÷ the divisor,
    line 30 nothing after turn X, line 31 their sum; every player ranked,
    highest first."""
    s = fresh(5)
    west, east = phases.AFRICA_LINKS["africa_east_west"][1:]
    path = _overland_path({"morocco"}, set(east))
    for a in path:
        s.areas[a].statuses.clear()
        b.set_status(s, a, "france", "possession", new=False)
    for p, vp in zip(s.players, (40, 10, 30, 20, 0)):
        s.powers[p].vp = vp
    s.turn = TURNS
    s.stack = [{"step": "pax.final"}]
    engine.decisions(s)
    r = s.result
    assert r["how"] == "final_turn"
    for p in s.players:
        v = r["lines"][p]
        assert v["27"] == s.powers[p].vp and v["30"] == 0
        assert v["31"] == v["27"] + v["28"] + v["29"] + v["30"] == r["scores"][p]
        assert v["29"] >= 0
    assert r["lines"]["france"]["28"] == 10
    assert r["lines"]["germany"]["28"] == 0
    assert r["ranking"] == sorted(s.players, key=lambda p: -r["scores"][p])
    assert set(r["ranking"]) == set(s.players)
    assert r["winners"] == [r["ranking"][0]] or r["winner"] is None
    places = [e for e in s.log if e["key"] == "pax.log.final_lines"]
    assert [e["params"]["power"] for e in places] == r["ranking"]
    assert places[0]["params"]["place"] == 1


def test_line_29_counts_two_turns_of_income_and_austria_for_germany():
    """L718: "tanti Punti Vittoria dalle sue Aree quanti ne avrebbe ricevuti
    da due turni di incasso" ÷ the divisor; L700: Austrian statuses count
    for Germany. The Colonial Office die is the one the scoring rolls, so
    the same dice give the same income."""
    s = fresh(5)
    s.areas["serbia"].statuses.clear()
    b.set_status(s, "serbia", "austria_hungary", "protectorate", new=False)
    twin = engine.clone(s)
    lines = phases.final_lines(s)
    assert income(twin, "austria_hungary", roll=False) > 0  # Austria's areas matter
    for p in twin.players:  # the same dice, in the same order
        money = income(twin, p) + (income(twin, "austria_hungary") if p == "germany" else 0)
        assert lines[p]["29"] == 2 * money // phases.divisor(p), p


def test_the_canal_bonus_of_a_turn_without_vp_record_is_on_line_28():
    """L696: the first canal's 15 VP are paid in the turn it is built (line
    25 at the VP Record, L714); when tension ends the game in that turn
    there is no VP Record (L688), so they go on line 28."""
    from engine.pax.movement import execute

    s = fresh(5)
    s.areas["panama"].statuses.clear()
    b.set_status(s, "panama", "usa", "protectorate", new=False)
    s.powers["usa"].treasury = 100
    execute(s, {"power": "usa", "op": "canal", "site": "panama"}, public=True)
    assert "1:15:canal" in s.powers["usa"].bonuses
    b.raise_et(s, 100, "treaty_broken", by="france")
    assert s.result["lines"]["usa"]["28"] == 15


def test_the_canal_bonus_is_paid_once_at_the_vp_record():
    """L696, L714: paid in the VP Record of its turn (line 25), not again at the end."""
    from engine.pax.movement import execute

    s = fresh(5)
    s.areas["panama"].statuses.clear()
    b.set_status(s, "panama", "usa", "protectorate", new=False)
    s.powers["usa"].treasury = 100
    execute(s, {"power": "usa", "op": "canal", "site": "panama"}, public=True)
    before = s.powers["usa"].vp
    phases.VP().run(s, {"step": "pax.vp"})
    assert s.powers["usa"].vp - before == s.vp_record["usa"][-1]["treasury_vp"] + 15
    assert phases.final_lines(s)["usa"]["28"] == 0


def test_the_penalty_comes_from_the_turn_track_table_and_an_override_corrects_it(tmp_path, monkeypatch):
    """L51: the number printed in the turn's box (unknown: provisional in
    tables.yaml, marked unverified); a group corrects it without code."""
    from engine.pax import data as pax_data

    entry = get_data().tables["great_war"]["penalty_per_turn"]
    assert entry["verified"] is False and entry["basis"]
    path = tmp_path / "pax.yaml"
    path.write_text("tables:\n  great_war: {penalty_per_turn: {value: {\"1880\": 7}}, verified: true, "
                    "source: turn track}\n", encoding="utf-8")
    monkeypatch.setenv(pax_data.OVERRIDES_ENV, str(path))
    try:
        pax_data.reload_data()
        s = fresh(5)
        assert greatwar.penalty(s) == 7
    finally:
        monkeypatch.delenv(pax_data.OVERRIDES_ENV, raising=False)
        pax_data.reload_data()
