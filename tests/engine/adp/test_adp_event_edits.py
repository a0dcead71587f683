"""Issue 33: every effect a card can have is an edit of the Event menu,
checked by the rules the Operations use (stacking and Pakistan, reading R10;
Terror and Sabotage, 3.3.4 seed L59-63/L369-373; one +1 Pop marker a space,
L171; removed Coalition pieces to Casualties, L43; tracks 0-75, R42), and the
resolved Event leaves one before/after summary (engine.adp.proposal)."""
from __future__ import annotations

import pytest

import engine
from engine.adp.derived import totals
from engine.adp.proposal import open_to_challenge
from tests.engine.adp.kit import clear, game, ids, pcs, play, put



@pytest.fixture
def s():
    return clear(game())


def test_terror_marker_in_and_out_never_on_a_loc(s):
    play(s, "event-shaded", "terror")
    assert "kabul" in ids(s) and "loc_kabul_aibak" not in ids(s)
    play(s, "kabul")                        # none there: placed, nothing asked
    play(s, "terror", "kabul", "in")        # one there: in or out
    assert s.spaces["kabul"].terror == 2
    play(s, "terror", "kabul", "out")
    assert s.spaces["kabul"].terror == 1


def test_sabotage_only_on_locs_on_then_off(s):
    play(s, "event-shaded", "sabotage")
    assert "loc_kabul_aibak" in ids(s) and "kabul" not in ids(s)
    play(s, "loc_kabul_aibak")
    assert s.spaces["loc_kabul_aibak"].sabotage
    play(s, "sabotage", "loc_kabul_aibak")
    assert not s.spaces["loc_kabul_aibak"].sabotage


def test_pop_marker_from_its_box_one_a_space_not_on_locs_or_pakistan(s):
    box = s.returnees_box
    play(s, "event-unshaded", "pop")
    assert "kabul" in ids(s) and "loc_kabul_aibak" not in ids(s) and "waziristan" not in ids(s)
    play(s, "kabul")
    assert (s.spaces["kabul"].returnees, s.returnees_box) == (1, box - 1)
    play(s, "pop", "kabul")                 # the marker there comes off (no second one, L171)
    assert (s.spaces["kabul"].returnees, s.returnees_box) == (0, box)


def test_pop_marker_not_offered_when_the_box_is_empty(s):
    s.returnees_box = 0
    put(s, "helmand", police=1)
    play(s, "event-unshaded")
    assert "pop" not in ids(s)


def test_coalition_pieces_an_event_removes_go_to_casualties():
    """L43: a removed Coalition piece goes to Casualties, so the Coalition's
    total (Support + Available, L101) does not rise: on 0de2f8a two Troops
    removed from Kabul took it 17 -> 19."""
    s = game()
    before = totals(s)["coalition"]
    play(s, "event-shaded", "remove", "kabul", "coalition_troops", "2")
    assert s.casualties["coalition_troops"] == 2 and "coalition_troops" not in pcs(s, "kabul")
    assert totals(s)["coalition"] <= before
    assert s.log[-1]["key"] == "log.edit_casualties"


def test_a_card_that_says_available_returns_coalition_pieces_there():
    s = game()
    avail = s.available["coalition_troops"]
    play(s, "event-unshaded", "return")
    assert "kabul" in ids(s) and all(any(k.startswith("coalition_") for k in pcs(s, x)) for x in ids(s))
    play(s, "kabul")
    assert set(ids(s)) == {"coalition_troops", "coalition_bases"}  # only Coalition pieces
    play(s, "coalition_troops", "1")
    assert s.available["coalition_troops"] == avail + 1 and s.casualties["coalition_troops"] == 0


def test_other_pieces_removed_go_to_available(s):
    put(s, "helmand", taliban_guerrillas_underground=2)
    avail = s.available["taliban_guerrillas"]
    play(s, "event-unshaded", "remove", "helmand", "taliban_guerrillas_underground", "2")
    assert s.available["taliban_guerrillas"] == avail + 2


def test_flip_guerrillas_in_place_either_way(s):
    put(s, "helmand", taliban_guerrillas_underground=3, warlords_guerrillas_underground=1)
    play(s, "event-shaded", "flip", "helmand")
    assert set(ids(s)) == {"taliban:active", "warlords:active"}
    play(s, "taliban:active")
    assert ids(s) == ["1", "2", "3"]
    play(s, "2", "flip", "helmand", "taliban:underground", "1")
    assert pcs(s, "helmand") == {"taliban_guerrillas_underground": 2, "taliban_guerrillas_active": 1,
                                 "warlords_guerrillas_underground": 1}


def test_capability_in_and_out_of_play_by_name(s):
    """Card 1 (ISR) is a Capability (provisional flags)."""
    play(s, "event-unshaded", "marker")
    assert s.capabilities == [{"card": 1, "side": "unshaded"}]
    assert s.log[-1]["key"] == "log.edit_marker_in" and s.log[-1]["params"]["title"] == "ISR"
    play(s, "marker_out")
    d = engine.decision(s)
    assert d.ids() == ["capability:1"] and d.choices[0].label.params["title"] == "ISR"
    play(s, "capability:1")
    assert s.capabilities == [] and s.log[-1]["key"] == "log.edit_marker_out"


def test_momentum_in_and_out_of_play():
    """Card 11 carries Momentum on both sides (provisional flags)."""
    s = clear(game(deck=(11, 2, 73)))
    s.capabilities = [{"card": 1, "side": "shaded"}]
    play(s, "event-shaded", "marker")
    assert s.momentum == [{"card": 11, "side": "shaded"}]
    play(s, "marker_out")
    assert set(ids(s)) == {"capability:1", "momentum:11"}
    play(s, "momentum:11")
    assert s.momentum == [] and s.capabilities == [{"card": 1, "side": "shaded"}]


def test_tracks_stay_within_0_and_75(s):
    s.aid, s.resources["taliban"] = 70, 3
    play(s, "event-shaded", "track", "aid", "10", "track", "taliban", "-10")
    assert (s.aid, s.resources["taliban"]) == (75, 0)
    assert [e["params"]["change"] for e in s.log if e["key"] == "log.edit_track"] == [5, -3]


def test_islamabad_and_eligibility(s):
    play(s, "event-shaded", "islamabad", "sponsorship:hard", "eligibility", "warlords:ineligible", "done")
    assert (s.islamabad, s.islamabad_hard) == (4, True)
    assert s.turn.make_ineligible == ["warlords"]


def test_bases_at_most_two_a_space_never_on_a_loc(s):
    put(s, "helmand", taliban_bases=1)
    play(s, "event-shaded", "place", "helmand", "warlords_bases")
    assert ids(s) == ["1"]                  # one more Base fits
    play(s, "1", "place")
    assert "helmand" in ids(s)
    play(s, "helmand")
    assert not any(k.endswith("_bases") for k in ids(s))
    play(s, "police", "1", "place", "loc_kabul_aibak")
    assert not any(k.endswith("_bases") for k in ids(s))


def test_no_coin_piece_moved_into_pakistan(s):
    put(s, "kandahar", police=1, taliban_guerrillas_underground=1)
    play(s, "event-shaded", "move", "kandahar", "police")
    assert "waziristan" not in ids(s) and "helmand" in ids(s)
    play(s, "helmand", "1", "move", "kandahar", "taliban_guerrillas_underground")
    assert "waziristan" in ids(s)


def test_the_event_leaves_one_before_after_summary(s):
    put(s, "helmand", taliban_guerrillas_underground=1)
    s.aid = 15
    play(s, "event-shaded", "place", "helmand", "taliban_guerrillas_underground", "2",
         "terror", "helmand", "track", "aid", "-5", "sabotage", "loc_kabul_aibak", "done")
    e = s.last_event
    assert (e["faction"], e["card"], e["side"], e["edits"]) == ("coalition", 1, "shaded", 4)
    assert set(e["spaces"]) == {"helmand", "loc_kabul_aibak"}   # the picture's spaces
    lines = [(c["key"], c["params"]) for c in e["changes"]]
    assert ("summary.pieces", {"space": "helmand", "piece": "taliban_guerrillas_underground", "before": 1,
                               "after": 3}) in lines
    assert ("summary.terror", {"space": "helmand", "before": 0, "after": 1}) in lines
    assert ("summary.track", {"track": "aid", "before": 15, "after": 10}) in lines
    assert ("summary.sabotage_on", {"space": "loc_kabul_aibak"}) in lines
    assert len(lines) == 4
    assert open_to_challenge(s) is e          # until the next faction acts
    play(s, ids(s)[0])
    assert open_to_challenge(s) is None


def test_every_summary_key_is_in_the_catalogs(s):
    from tests.engine.adp.test_adp_catalogs import LANGS, catalog

    s.capabilities = [{"card": 2, "side": "shaded"}]
    put(s, "helmand", taliban_guerrillas_underground=1)
    play(s, "event-unshaded", "marker", "marker_out", "capability:2", "pop", "kabul", "support", "kabul", "1",
         "islamabad", "pressure:hard", "eligibility", "taliban:eligible", "terror", "kabul")
    s2 = game()
    play(s2, "event-shaded", "remove", "kabul", "coalition_troops", "1", "done")
    keys = {c["key"] for c in s2.last_event["changes"]}
    play(s, "done")
    keys |= {c["key"] for c in s.last_event["changes"]}
    assert {"summary.marker_in", "summary.marker_out", "summary.pop_on", "summary.support", "summary.islamabad",
            "summary.eligibility", "summary.terror", "summary.casualties", "summary.pieces"} <= keys
    for lang in LANGS:
        assert keys <= set(catalog(lang)), lang


def test_both_bases_of_a_full_space_may_be_removed_at_once(s):
    """Stacking caps what enters a space, never what leaves it."""
    put(s, "kandahar", taliban_bases=2)
    play(s, "event-unshaded", "remove", "kandahar", "taliban_bases")
    assert ids(s) == ["1", "2"]
