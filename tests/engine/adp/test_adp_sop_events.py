"""Sequence of Play readings (R1-R5), Events resolved by the players with
audited edits, the non-player Event procedure (seed L423-434), and seats."""
from __future__ import annotations

import pytest

import engine
from engine.adp.events import MAX_EDITS
from engine.adp.nonplayer import np_side, np_takes_event
from engine.adp.seats import NO_BOTS
from tests.engine.adp.kit import clear, game, ids, pcs, play, step


def test_factions_act_in_the_card_order():
    """R1: card 60 (provisional order: Warlords first)."""
    s = game(deck=(60, 1, 73))
    assert step(s) == ("sop.act", "warlords")


def test_first_eligible_options_and_second_after_an_event():
    """R1: 1st Op / Op + SA / Event / Pass; after an Event the 2nd may Op with or without SA."""
    s = clear(game())
    assert ids(s) == ["op", "op+sa", "event-unshaded", "event-shaded", "pass"]
    play(s, "event-unshaded", "done")
    assert step(s) == ("sop.act", "government") and ids(s) == ["op", "op+sa", "pass"]


def test_second_after_op_with_sa_may_limop_or_event():
    s = clear(game())
    play(s, "op+sa", "train", "sa:surge", "kabul", "done", "done", "no", "kabul", "done", "done")
    assert ids(s) == ["limited-op", "event-unshaded", "event-shaded", "pass"]


def test_op_with_sa_but_no_sa_counts_as_op_only():
    """engine/coin R-2.3.4b: the 2nd Eligible then gets a Limited Operation only."""
    s = clear(game())
    play(s, "op+sa", "train", "kabul", "done", "done", "done")
    assert ids(s) == ["limited-op", "pass"]


def test_pass_rewards():
    """R2 (provisional): a COIN faction adds 3 Government Resources, an Insurgent 1 of its own."""
    s = clear(game())
    play(s, "pass", "pass", "pass")
    assert s.resources == {"government": 26, "taliban": 21, "warlords": 20}


def test_acting_factions_are_ineligible_for_the_next_card():
    """R1: the two that acted become Ineligible; the next card skips them."""
    s = clear(game())
    play(s, "event-shaded", "done", "op", "train", "kabul", "0", "0", "done")
    assert s.current == 2
    assert s.eligibility == {"coalition": "ineligible", "government": "ineligible",
                             "taliban": "eligible", "warlords": "eligible"}
    assert step(s) == ("sop.act", "taliban")


def test_event_edits_are_logged_and_summarised():
    """Issue 18: place/remove/move pieces within the pools, then one summary line."""
    s = clear(game())
    avail = s.available["taliban_guerrillas"]
    play(s, "event-shaded", "place", "helmand", "taliban_guerrillas_underground", "2")
    assert pcs(s, "helmand") == {"taliban_guerrillas_underground": 2}
    assert s.available["taliban_guerrillas"] == avail - 2
    play(s, "move", "helmand", "taliban_guerrillas_underground", "kandahar", "1")
    play(s, "track", "aid", "-3", "done")
    assert pcs(s, "kandahar") == {"taliban_guerrillas_underground": 1} and s.aid == 12
    keys = [e["key"] for e in s.log]
    assert keys[-4:] == ["log.edit_place", "log.edit_move", "log.edit_track", "log.event_resolved"]  # issue 33: challenged, not undone by consent
    assert s.log[-1]["params"]["n"] == 3


def test_event_puts_a_capability_marker_in_play_once():
    """Card 1 (ISR) carries the Capability flag (provisional data)."""
    s = clear(game())
    play(s, "event-unshaded", "marker")
    assert s.capabilities == [{"card": 1, "side": "unshaded"}] and "marker" not in ids(s)


def test_event_no_coin_piece_placed_in_pakistan():
    s = clear(game())
    play(s, "event-unshaded", "place", "waziristan")
    assert "police" not in ids(s) and "taliban_bases" in ids(s)


def test_event_eligibility_edit_keeps_a_faction_eligible():
    s = clear(game())
    play(s, "event-unshaded", "eligibility", "coalition:eligible", "done", "pass", "pass", "pass")
    assert s.eligibility["coalition"] == "eligible"


def test_event_ends_after_at_most_max_edits():
    s = clear(game())
    play(s, "event-unshaded")
    for _ in range(MAX_EDITS):
        play(s, "support", "kabul", "1")
    assert ids(s) == ["done"]


def test_non_player_dual_use_sides():
    """L431-434: Government and Coalition unshaded, Warlords and Taliban shaded."""
    assert [np_side(f) for f in ("coalition", "government", "taliban", "warlords")] == [
        "unshaded", "unshaded", "shaded", "shaded"]


@pytest.mark.parametrize("card, die, left, favours, no_effect, says_op, takes", [
    (4, 6, 1, False, False, False, True),     # an ordinary Event: taken
    (1, 2, 3, True, False, False, False),     # L429: a Capability favouring a player
    (6, 2, 3, True, False, False, False),     # L429: an Islamabad Event favouring a player
    (4, 2, 3, True, False, False, True),      # favouring a player matters only for Capability/Islamabad
    (1, 3, 3, False, False, False, False),    # L429: Capability, die >= Propaganda cards left
    (1, 2, 3, False, False, False, True),     # Capability, die below the cards left
    (4, 2, 3, False, True, False, False),     # L429: no effect
    (4, 2, 3, False, False, True, False),     # L429: the card's instructions say Op & SA
])
def test_non_player_event_choice(card, die, left, favours, no_effect, says_op, takes):
    assert np_takes_event(card, die, left, favours, no_effect, says_op) is takes


def test_a_non_player_seat_is_refused_plainly():
    """Issue 18: no flowchart for Operations, so every seat must be human."""
    with pytest.raises(ValueError, match="must be played by a human"):
        engine.new_game("adp", "main", 1, {"players": {"taliban": "bot"}})
    assert "flowchart" in NO_BOTS


def test_replay_is_identical():
    """The same seed and choices give the same state (transcripts)."""
    import random

    a, b = game(deck=(1, 2, 73)), game(deck=(1, 2, 73))
    rnd = random.Random(3)
    for _ in range(150):
        d = engine.decision(a)
        if d is None:
            break
        c = rnd.choice(d.ids())
        engine.apply(a, d.actor, c)
        engine.apply(b, d.actor, c)
    assert engine.dump_state(a) == engine.dump_state(b)
    assert engine.export_state(engine.load_state(engine.dump_state(a))) == engine.export_state(a)


def test_random_spaces_table():
    """Reference pack: cell tan*9 + black*3 + green, next cell when not a candidate."""
    from engine.adp.nonplayer import random_space

    s = game(dice=(3, 3, 1))       # tan 1, black 1, green 0 -> cell 12: Kabul
    assert random_space(s, ["kabul", "herat"]) == "kabul"
    s = game(dice=(6, 6, 6))       # cell 26: Kandahar; not a candidate -> wraps to cell 0: Balochistan
    assert random_space(s, ["balochistan", "herat"]) == "balochistan"
    assert random_space(game(dice=(1, 1, 1)), ["loc_kabul_aibak"]) is None
