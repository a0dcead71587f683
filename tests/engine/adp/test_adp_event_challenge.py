"""Issue 33: an Event is a proposal the table sees before it stands. Until
the next faction acts any other Faction may challenge it (an out-of-turn
choice, engine.out_of_turn, recorded in transcripts like any move); the
taker then takes it back and enters it again, or puts it to the game's
manager, who keeps it or sends it back. The log keeps the Event, its edits
and the challenge."""
from __future__ import annotations

import pytest

import engine
from engine.adp.proposal import MANAGER
from engine.core.errors import EngineError
from engine.core.transcript import Recorder, Transcript
from tests.engine.adp.kit import clear, game, ids, play, step



def _entered(s):
    play(s, "event-shaded", "support", "kabul", "-1", "track", "taliban", "10", "done")
    assert step(s) == ("sop.act", "government")  # play continues at once
    return s


def test_a_challenge_undoes_the_event_and_the_taker_enters_it_again():
    s = _entered(clear(game()))
    assert [c.id for c in engine.out_of_turn(s, "taliban")] == ["challenge"]
    assert engine.out_of_turn(s, "coalition") == []          # not the taker's own
    engine.apply(s, "taliban", "challenge")
    assert step(s) == ("event.challenged", "coalition") and ids(s) == ["redo", "refer"]
    play(s, "redo")
    assert (s.spaces["kabul"].support, s.resources["taliban"]) == (0, 20)   # as before the Event
    assert step(s) == ("event.edit", "coalition") and s.action["edits"] == 0
    play(s, "track", "taliban", "5", "done")
    assert s.resources["taliban"] == 25 and step(s) == ("sop.act", "government")
    keys = [e["key"] for e in s.log]
    assert keys.count("log.edit_support") == 1 and keys.count("log.edit_track") == 2    # both entries kept
    assert "log.event_challenged" in keys and "log.event_taken_back" in keys
    assert s.last_event["status"] == "open" and s.last_event["changes"] == [
        {"key": "summary.track", "params": {"track": "taliban", "before": 20, "after": 25},
         "text": "{track}: {before} → {after}"}]


def test_the_manager_keeps_a_challenged_event():
    s = _entered(clear(game()))
    engine.apply(s, "warlords", "challenge")
    play(s, "refer")
    assert step(s) == ("event.ruling", MANAGER) and ids(s) == ["keep", "undo"]
    play(s, "keep")
    assert step(s) == ("sop.act", "government") and s.spaces["kabul"].support == -1
    assert s.last_event["status"] == "kept" and "undo" not in s.last_event
    assert engine.out_of_turn(s, "taliban") == []


def test_the_manager_sends_it_back():
    """The Faction now deciding may challenge too (beside its own choices)."""
    s = _entered(clear(game()))
    engine.apply(s, "government", "challenge")
    play(s, "refer", "undo")
    assert step(s) == ("event.edit", "coalition") and s.spaces["kabul"].support == 0


def test_the_window_closes_when_the_next_faction_acts():
    s = _entered(clear(game()))
    play(s, "op", "train", "kabul", "0")     # the next answers drop the state kept to take it back
    assert "undo" not in s.last_event and '"undo"' not in engine.dump_state(s)
    s = _entered(clear(game()))
    play(s, "pass")                          # a Pass: no decision of the game's own, the window closes all the same
    assert engine.out_of_turn(s, "taliban") == [] and not engine.export_state(s)["last_event"]["open"]
    with pytest.raises(EngineError):
        engine.apply(s, "taliban", "challenge")


def test_the_export_shows_the_summary_but_not_the_hidden_state():
    s = _entered(clear(game()))
    ex = engine.export_state(s)["last_event"]
    assert ex["open"] and ex["spaces"] == ["kabul"] and "undo" not in ex and "deck" not in str(ex)


def test_a_challenge_replays_from_the_transcript():
    rec = Recorder("adp", "main", 3, {"stacked": {"deck": [1, 2, 73]}})
    for c in ("event-shaded", "support", "kabul", "-1", "done"):
        rec.apply(engine.decision(rec.state).actor, c)
    rec.apply("taliban", "challenge")
    for c in ("redo", "support", "kabul", "1", "done", "pass"):
        rec.apply(engine.decision(rec.state).actor, c)
    again = Transcript.loads(rec.transcript.dumps()).replay()
    assert engine.dump_state(again) == engine.dump_state(rec.state)


def test_every_challenge_message_is_in_the_catalogs():
    from tests.engine.adp.test_adp_catalogs import LANGS, catalog

    s = _entered(clear(game()))
    keys = {c.label.key for c in engine.out_of_turn(s, "taliban")}
    engine.apply(s, "taliban", "challenge")
    for c in ("refer", "undo"):
        d = engine.decision(s)
        keys |= {d.prompt.key} | {ch.label.key for ch in d.choices}
        play(s, c)
    keys |= {e["key"] for e in s.log}
    for lang in LANGS:
        assert keys <= set(catalog(lang)), (lang, keys - set(catalog(lang)))


def test_random_games_with_challenges_keep_every_invariant():
    """Self-play reaches the challenge too: random choices, and a random
    challenge now and then, with the invariants checked after every move."""
    import random

    from engine.adp.invariants import check

    steps = set()
    for seed in (1001, 1002):
        s = engine.new_game("adp", "main", seed)
        rnd = random.Random(seed)
        while (d := engine.decision(s)) is not None:
            others = [f for f in ("coalition", "government", "taliban", "warlords") if engine.out_of_turn(s, f)]
            if others and rnd.random() < 0.3:
                engine.apply(s, rnd.choice(others), "challenge")
            else:
                steps.add(d.step)
                engine.apply(s, d.actor, rnd.choice(d.ids()))
            assert check(s) == [], (seed, s.move)
    assert {"event.challenged", "event.ruling", "event.edit"} <= steps
