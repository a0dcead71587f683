"""The Propaganda round and victory of A Distant Plain (seed L101-111,
L438-470), one test per clause."""
from __future__ import annotations

import engine
from engine.adp.derived import best, margins, totals
from tests.engine.adp.kit import clear, game, ids, pcs, play, put, step

DECK = (1, 73, 2, 73)
PASSES = ("pass", "pass", "pass", "pass")  # card 1: everyone passes, the Propaganda card comes next


def to_propaganda(s):
    return play(s, *PASSES)


def test_main_setup_victory_totals_match_the_reference_markers():
    """The four victory markers of the provisional Main set-up recompute (17, 8, 17, 9)."""
    assert totals(game()) == {"coalition": 17, "taliban": 8, "government": 17, "warlords": 9}


def test_victory_check_ends_the_game_when_a_faction_exceeds_its_threshold():
    """L442, L107: Government: COIN-Controlled Population + Patronage > 35."""
    s = game(deck=DECK)
    s.patronage = 30
    to_propaganda(s)
    assert s.result["winner"] == "government" and s.result["reason"] == "victory"


def test_warlords_need_both_uncontrolled_population_and_resources():
    """L109: Uncontrolled Afghan Population > 15 AND Warlords Resources > 40."""
    s = clear(game(deck=DECK))
    s.resources["warlords"] = 41
    assert totals(s)["warlords"] == 25 and margins(s)["warlords"] == 1
    s.resources["warlords"] = 40
    assert margins(s)["warlords"] == 0


def test_final_propaganda_the_closest_faction_wins():
    """L111, L464: after the final Propaganda round the closest to victory wins (7.3)."""
    s = game(deck=(1, 73))
    to_propaganda(s)
    while engine.decision(s) is not None:
        d = engine.decision(s)
        engine.apply(s, d.actor, "done" if "done" in d.ids() else d.ids()[-1])
    assert s.result["reason"] == "final" and s.result["winner"] == best(s)


def test_resources_phase_sabotage_income_and_casualty_penalty():
    """L444-449: Sabotage where Taliban Guerrillas outnumber the others; Government
    Aid + 12 - Econ of sabotaged LoCs; Taliban their Bases; Warlords Bases +
    Guerrillas on unsabotaged LoCs; Aid - 3 per Casualty."""
    s = clear(game(deck=DECK))
    put(s, "loc_kabul_tor_kham", taliban_guerrillas_underground=2, police=1)   # Econ 4
    put(s, "loc_kabul_aibak", warlords_guerrillas_underground=2)
    put(s, "herat", taliban_bases=1, warlords_bases=1)
    put(s, "balkh", warlords_bases=1)
    s.available["coalition_troops"] -= 1
    s.casualties["coalition_troops"] = 1
    aid = s.aid
    to_propaganda(s)  # passes: Government +6, Taliban +1, Warlords +1
    assert s.spaces["loc_kabul_tor_kham"].sabotage
    assert s.resources["government"] == 26 + aid + 12 - 4
    assert s.resources["taliban"] == 21 + 1
    assert s.resources["warlords"] == 21 + 2 + 2
    assert s.aid == aid - 3


def test_civic_action_decided_by_the_faction_with_more_troops():
    """L453: COIN Control with Troops and Police; 3 Resources a step; the
    faction with more Troops decides (Coalition on a tie)."""
    s = clear(game(deck=DECK))
    put(s, "herat", government_troops=2, coalition_troops=1, police=1)
    aid = s.aid
    to_propaganda(s)
    assert step(s) == ("pick", "government")
    play(s, "buy")
    assert s.spaces["herat"].support == 1 and s.resources["government"] == 26 + aid + 12 - 3


def test_sharia_in_taliban_controlled_spaces():
    """L454: 1 Taliban Resource removes Terror, then shifts toward Opposition."""
    s = clear(game(deck=DECK))
    put(s, "helmand", taliban_guerrillas_underground=2)
    s.spaces["helmand"].terror = 1
    to_propaganda(s)
    assert step(s) == ("pick", "taliban")
    play(s, "buy")
    assert (s.spaces["helmand"].terror, s.spaces["helmand"].support) == (0, 0)
    play(s, "buy")
    assert s.spaces["helmand"].support == -1


def test_desertion_one_in_three_government_cubes_per_space():
    """L458: in each space the Government removes 1 in 3 of its cubes (rounded down), chosen."""
    s = clear(game(deck=DECK))
    put(s, "herat", government_troops=4, police=3, coalition_bases=1)
    s.resources["government"] = 0
    s.aid = 0
    to_propaganda(s)
    while step(s) == ("pick", "government") and "buy" in ids(s):
        play(s, "done")
    assert ids(s) == ["0", "1", "2"]
    play(s, "1")
    assert pcs(s, "herat") == {"government_troops": 3, "police": 2, "coalition_bases": 1}


def test_government_must_redeploy_troops_off_locs():
    """L460: the Government must move its Troops on LoCs or in Provinces without COIN Bases."""
    s = clear(game(deck=DECK))
    put(s, "loc_kabul_aibak", government_troops=1)
    to_propaganda(s)
    assert step(s) == ("pick", "government") and "done" not in ids(s)
    play(s, "loc_kabul_aibak", "kabul")  # all must go: no quantity asked
    assert pcs(s, "kabul") == {"government_troops": 1}


def test_coalition_may_redeploy_troops():
    """L459: the Coalition may move Troops from LoCs or Provinces without COIN Bases."""
    s = clear(game(deck=DECK))
    put(s, "loc_kabul_aibak", coalition_troops=1)
    to_propaganda(s)
    assert step(s) == ("pick", "coalition") and "done" in ids(s)


def test_taliban_must_redeploy_to_a_base_or_pakistan():
    """L461: every Taliban Guerrilla on a LoC or in a Province without a Taliban
    Base (not Kabul) goes to a Taliban Base with Taliban Control or a Pashtun
    space in Pakistan."""
    s = clear(game(deck=DECK))
    put(s, "herat", taliban_guerrillas_underground=1)
    put(s, "kabul", taliban_guerrillas_underground=1)
    put(s, "helmand", taliban_bases=1)
    to_propaganda(s)
    while step(s)[1] != "taliban" or "herat" not in ids(s):
        play(s, "done" if "done" in ids(s) else ids(s)[0])
    assert "done" not in ids(s) and "kabul" not in ids(s)
    play(s, "herat")
    assert set(ids(s)) == {"helmand", "northwest_frontier", "waziristan"}


def test_reset_casualties_islamabad_markers_guerrillas_momentum_eligibility():
    """L466-470."""
    s = clear(game(deck=DECK))
    s.available["coalition_troops"] -= 3
    s.available["coalition_bases"] -= 1
    s.casualties = {"coalition_troops": 3, "coalition_bases": 1}
    s.spaces["herat"].terror = 1
    s.spaces["loc_kabul_aibak"].sabotage = True
    s.spaces["herat"].pieces["warlords_guerrillas_active"] = 1
    s.available["warlords_guerrillas"] -= 1
    s.momentum = [{"card": 11, "side": "unshaded"}]
    s.islamabad_hard = True
    box = s.islamabad
    to_propaganda(s)
    while s.current == 73:
        play(s, "done" if "done" in ids(s) else ids(s)[0])
    assert s.removed == {"coalition_troops": 1, "coalition_bases": 1}
    assert s.casualties == {"coalition_troops": 0, "coalition_bases": 0}
    assert (s.islamabad, s.islamabad_hard) == (box, False)
    assert s.spaces["herat"].terror == 0 and not s.spaces["loc_kabul_aibak"].sabotage
    assert pcs(s, "herat") == {"warlords_guerrillas_underground": 1}
    assert s.momentum == [] and set(s.eligibility.values()) == {"eligible"}


def test_reset_shifts_islamabad_one_box_toward_backing():
    """L468: not Hard: one box toward Sostegno (reading R7: Backing)."""
    s = clear(game(deck=DECK))
    s.islamabad = 0
    to_propaganda(s)
    while s.current == 73:
        play(s, "done" if "done" in ids(s) else ids(s)[0])
    assert s.islamabad == 1


def test_never_two_propaganda_rounds_in_a_row():
    """L440 (reading R5: the second card is played without a round)."""
    s = clear(game(deck=(1, 73, 73, 2, 73)))
    to_propaganda(s)
    while s.current == 73:
        play(s, "done" if "done" in ids(s) else ids(s)[0])
    assert s.current == 2 and s.propaganda_rounds == 1
    assert any(e["key"] == "log.propaganda_skipped" for e in s.log)


def test_victory_check_tie_between_two_winners_follows_the_tie_order():
    """7.2 with two winners at equal margins: the same tie order as the final
    ranking (reading R39: Warlords, Taliban, Government, Coalition)."""
    s = clear(game(deck=DECK))
    s.resources["warlords"] = 60  # their population part (25 - 15) binds, which passing cannot change
    s.patronage += 45 - totals(s)["government"]
    assert margins(s)["warlords"] == margins(s)["government"] == 10
    to_propaganda(s)
    assert s.result["reason"] == "victory" and s.result["winner"] == "warlords"
