"""Scenario setups (setup pages) and chapter-1 derived values."""
import json

import pytest

import engine
from engine.core.transcript import Recorder, Transcript
from engine.gandhi import board, derived as dv
from engine.gandhi.state import INVENTORY


def piece_totals(state):
    t = {k: 0 for k in INVENTORY}
    for sp in state.spaces.values():
        for k, v in sp.pieces.items():
            t["guerrilla" if k.startswith("guerrilla") else k] += v
    for b in (state.available, state.out_of_play, state.prison):
        for k, v in b.items():
            t[k] += v
    return t


def test_short_setup_printed_figures(short):
    e = engine.export_state(short)
    assert {f: e["victory"][f]["total"] for f in e["victory"]} == {"raj": 28, "inc": 9, "ml": 3, "rev": 6}
    assert e["tracks"] == {"restraint": 3, "unity": 3, "resources": {"raj": 32, "rev": 5}}
    assert e["spaces"]["rail_exiting_bombay"]["strike"] is True
    assert e["boxes"]["prison"]["inc_activist"] == 1 and e["boxes"]["prison"]["ml_activist"] == 1
    assert e["spaces"]["bombay_presidency"]["pieces"]["gandhi"] == 1
    # Activists are Active in Protest spaces and Inactive elsewhere (2.1 clarification, 1.4.3)
    assert e["spaces"]["punjab"]["pieces"]["inc_activist_active"] == 1
    assert e["spaces"]["delhi"]["pieces"]["inc_activist_inactive"] == 1
    assert piece_totals(short) == INVENTORY
    assert e["card"]["deck_size"] + 2 == 39  # 36 Events + 3 Campaign cards; two face up


def test_main_setup_printed_figures_before_gandhi(main_game):
    e = engine.export_state(main_game)
    assert {f: e["victory"][f]["total"] for f in e["victory"]} == {"raj": 24, "inc": 4, "ml": 2, "rev": 3}
    assert e["tracks"] == {"restraint": 4, "unity": 3, "resources": {"raj": 35, "rev": 8}}
    assert piece_totals(main_game) == INVENTORY
    d = engine.decision(main_game)
    assert d.actor == "inc" and d.step == "setup.congress_place"


def test_main_congress_places_gandhi_activist_protest(main_game):
    engine.apply(main_game, "inc", "united_provinces")
    e = engine.export_state(main_game)
    up = e["spaces"]["united_provinces"]
    assert up["pieces"]["gandhi"] == 1 and up["pieces"]["inc_activist_active"] == 1 and up["protest"]
    assert e["boxes"]["available"]["inc_activist"] == 5
    assert e["boxes"]["available"]["gandhi"] == 0
    assert piece_totals(main_game) == INVENTORY
    # tutorial (seed-it L2298): Restraint 4 leaves box 2 Available after box 1 is used
    assert e["protest_available"] == 1


@pytest.mark.parametrize("scenario,events,campaigns", [("short", 36, 3), ("main", 48, 4)])
def test_deck_building(scenario, events, campaigns):
    for seed in range(10):
        s = engine.new_game("gandhi", scenario, seed)
        cards = list(s.deck) + [c for c in (s.current, s.next) if c is not None]
        assert len(cards) == events + campaigns
        assert sum(1 for c in cards if c > 72) == campaigns
        assert s.viceroy > 72 and s.viceroy not in cards
        assert sorted(cards + s.set_aside + [s.viceroy]) == list(range(1, 80))


def test_main_campaign_cards_in_bottom_six_of_each_pile_of_twelve():
    for seed in range(20):
        s = engine.new_game("gandhi", "main", seed)
        assert s.current is None  # Congress places Gandhi before the first card is revealed
        full = list(s.deck)
        piles = [full[i * 13:(i + 1) * 13] for i in range(4)]
        for pile in piles:
            camps = [i for i, c in enumerate(pile) if c > 72]
            assert len(camps) == 1 and camps[0] >= 6


def test_short_campaign_cards_in_piles_2_4_6():
    for seed in range(20):
        s = engine.new_game("gandhi", "short", seed)
        full = [s.current, s.next] + list(s.deck)
        if s.current > 72:  # swapped at start (2.2)
            full[0], full[1] = full[1], full[0]
        assert [c > 72 for c in full[:6]] == [False] * 6
        assert sum(c > 72 for c in full[6:13]) == 1
        assert sum(c > 72 for c in full[13:19]) == 0


def test_raj_control_example_1_7():
    """1.7 ESEMPIO: 2 Troops, 2 Sepoys, a Protest and 5 Congress Activists in
    East Bengal: no Raj Control; without the Protest, Control."""
    s = engine.new_game("gandhi", "short", 1)
    sp = s.spaces["east_bengal"]
    sp.pieces = {"troop": 2, "sepoy": 2, "inc_activist": 5}
    sp.protest = True
    assert not dv.raj_control(s, "east_bengal")
    sp.protest = False
    assert dv.raj_control(s, "east_bengal")


def test_states_and_railways_never_controlled(short):
    short.spaces["hyderabad"].pieces = {"sepoy": 5}
    assert not dv.raj_control(short, "hyderabad")
    short.spaces["rail_exiting_bombay"].pieces = {"sepoy": 5}
    assert not dv.raj_control(short, "rail_exiting_bombay")
    short.spaces["sind"].pieces = {"sepoy": 3}
    assert dv.raj_control(short, "sind")
    short.spaces["sind"].muslim_state = True
    assert not dv.raj_control(short, "sind")


def test_available_protests_example_1_10():
    """1.10 ESEMPIO: Restraint 4: two Protests Available (boxes 1 and 2)."""
    s = engine.new_game("gandhi", "main", 1)
    assert s.restraint == 4 and dv.protest_available(s) == 2
    s.restraint = 3
    assert dv.protest_available(s) == 4  # tutorial: Restraint 3 -> 4 boxes


def test_protest_returns_to_highest_box():
    s = engine.new_game("gandhi", "main", 1)
    assert board.add_protest(s, "bihar", for_operation=False)  # an Event draws the lowest box (1.10)
    assert s.protest_boxes[0] is False
    assert board.remove_protest(s, "bihar")
    assert s.protest_boxes == [False, True, True, True, True, True] or all(s.protest_boxes)


def test_strike_example_1_12():
    """1.12 ESEMPIO: Unrest placed on a Railway becomes a Strike."""
    s = engine.new_game("gandhi", "main", 1)
    rail = "rail_east_bengal_west_bengal"
    assert board.add_unrest(s, rail)
    assert s.spaces[rail].strike and s.spaces[rail].unrest == 0
    assert not board.add_unrest(s, rail)  # one Strike per Railway


def test_unrest_markers_limited_to_twelve():
    s = engine.new_game("gandhi", "main", 1)
    placed = sum(board.add_unrest(s, "bihar") for _ in range(20))
    assert placed == 12 - 1  # East Bengal already holds one


def test_tracks_stay_in_range_and_crisis():
    s = engine.new_game("gandhi", "main", 1)
    board.shift_restraint(s, -10)
    board.shift_unity(s, -10)
    assert s.restraint == 1 and s.unity == 1 and dv.crisis(s) and s.crisis_triggered
    board.shift_unity(s, +9)
    assert s.unity == 5 and not dv.crisis(s)
    assert board.add_resources(s, "raj", 100) == 50 - 35 and s.resources["raj"] == 50


def test_illegal_choice_changes_nothing(main_game):
    before = engine.dump_state(main_game)
    with pytest.raises(engine.IllegalChoice):
        engine.apply(main_game, "inc", "atlantis")
    with pytest.raises(engine.NotYourTurn):
        engine.apply(main_game, "raj", "delhi")
    assert engine.dump_state(main_game) == before


def test_transcript_replays_to_identical_state():
    import random

    rec = Recorder("gandhi", "main", 99)
    rnd = random.Random(5)
    for _ in range(60):
        d = engine.decision(rec.state)
        if d is None:
            break
        rec.apply(d.actor, rnd.choice(d.ids()))
    text = rec.transcript.dumps()
    replayed = Transcript.loads(text).replay()
    assert json.dumps(engine.export_state(replayed), sort_keys=True) == json.dumps(
        engine.export_state(rec.state), sort_keys=True)
    assert engine.dump_state(replayed) == engine.dump_state(rec.state)


def test_stacked_setup():
    s = engine.new_game("gandhi", "short", 3, {"stacked": {"deck": [5, 12, 73, 9], "viceroy": 75, "dice": [4]}})
    assert s.current == 5 and s.next == 12 and s.viceroy == 75
    assert s.forced_dice == [4]


def test_state_survives_json_round_trip(short):
    again = engine.load_state(engine.dump_state(short))
    assert engine.dump_state(again) == engine.dump_state(short)


def test_messages_render_ids_as_names():
    s = engine.new_game("gandhi", "main", 1)
    logs = engine.apply(s, "inc", "bombay_presidency")
    names = engine.display_names("gandhi")
    text = " ".join(e.message().fallback(names) for e in logs)
    assert "Bombay Presidency" in text and "bombay_presidency" not in text
