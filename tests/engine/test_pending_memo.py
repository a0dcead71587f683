"""The engine remembers a state's pending decisions (issue 21: each decision
computed once per state), and never serves them for a state that changed:
whatever a player is offered is what the rules offer in that very position."""
import random

import engine


def fresh(state):
    """The decisions of ``state`` computed from nothing (a copy through JSON)."""
    return engine.decisions(engine.clone(state))


def test_every_decision_served_after_a_move_is_the_one_the_position_offers(short):
    rnd = random.Random(5)
    for _ in range(150):
        d = engine.decision(short)
        assert engine.decisions(short) == fresh(short)
        engine.apply(short, d.actor, rnd.choice(d.ids()))
    assert engine.decisions(short) == fresh(short)


def test_a_state_changed_in_place_outside_the_engine_is_offered_its_own_choices(short):
    """An in-place change deep inside the state (its step stack, its pieces)
    is seen: the position after several moves copied field by field into the
    state of the start, which had its decision remembered."""
    later, rnd = engine.clone(short), random.Random(2)
    while engine.decision(later).actor == engine.decision(short).actor:
        d = engine.decision(later)
        engine.apply(later, d.actor, rnd.choice(d.ids()))
    before = engine.decision(short)
    for name in type(short).model_fields:
        mine, theirs = getattr(short, name), getattr(engine.clone(later), name)
        if isinstance(mine, list):
            mine[:] = theirs
        elif isinstance(mine, dict):
            mine.clear()
            mine.update(theirs)
        else:
            setattr(short, name, theirs)
    assert engine.decision(short) != before
    assert engine.decisions(short) == fresh(later)


def test_a_pending_kept_beside_another_state_is_not_served(short):
    other = engine.clone(short)
    d = engine.decision(other)
    engine.apply(other, d.actor, d.ids()[0])
    wrong = engine.pending(short)  # the decisions of the start, not of ``other``
    loaded = engine.load_state(engine.dump_state(other), wrong)
    assert engine.decisions(loaded) == fresh(other)
    assert engine.decisions(loaded) != list(wrong.decisions)


def test_a_pending_kept_beside_the_same_stored_state_is_the_computed_one(short):
    kept = engine.pending(short)
    loaded = engine.load_state(engine.split_log(short)[0], kept)
    assert engine.pending(loaded) is kept
    assert list(kept.decisions) == fresh(short)
    assert kept.first == engine.decision(short)
    assert kept.simultaneous == engine.is_simultaneous(engine.clone(short))


def test_a_state_with_its_decisions_remembered_equals_its_copy(short):
    engine.decision(short)
    copy = engine.clone(short)
    assert copy == short and short == copy
    engine.apply(copy, engine.decision(copy).actor, engine.decision(copy).ids()[0])
    assert copy != short


def test_play_returns_the_decisions_the_new_position_offers_and_its_stored_json(short):
    """engine.play (issue 21): the Pending after a move is what the position
    offers, and its key is the JSON a store saves for that position -- a
    front end saving ``split_log(state, pending)`` saves the state as it is."""
    rnd = random.Random(9)
    decided = None
    for _ in range(60):
        d = engine.decision(short)
        p = engine.play(short, d.actor, rnd.choice(d.ids()), decided=decided)
        assert list(p.decisions) == fresh(short)
        assert engine.split_log(short, p) == engine.split_log(short)
        assert engine.decisions(engine.load_state(p.key)) == list(p.decisions)
        decided = p.first


def test_play_computes_the_next_decision_once_however_cheap(short, monkeypatch):
    """A move in a front end (issue 21): play settles the new position and
    works out what it offers once, even where that was quicker than checking
    a remembered answer (a cheap decision is not computed a second time to
    return it)."""
    from engine.core import engine as core
    calls = []
    real = core._compute_pending
    monkeypatch.setattr(core, "_compute_pending", lambda s: calls.append(1) or real(s))
    rnd, decided = random.Random(4), engine.pending(short).first
    for _ in range(40):
        calls.clear()
        p = engine.play(short, decided.actor, rnd.choice(decided.ids()), decided=decided)
        assert len(calls) == 1
        decided = p.first


def test_a_state_changed_after_play_is_seen_again(short):
    """The memo play leaves is checked like any other: a state changed in place
    after it (a piece moved by hand) is offered its own choices and dumped as
    it now is."""
    d = engine.decision(short)
    p = engine.play(short, d.actor, d.ids()[0])
    short.move += 5
    assert engine.split_log(short)[0] != p.key
    assert engine.pending(short) is not p
    assert engine.decisions(short) == fresh(short)


def test_a_stored_state_loads_the_same_by_either_parser(short):
    """load_state parses a current state's JSON in one pass (pydantic's own
    parser); the position is the one the general path (json.loads, then the
    model) gives, and a state of an older version still migrates."""
    import json

    from engine.gandhi.game import load_state as validate

    for _ in range(20):
        d = engine.decision(short)
        engine.apply(short, d.actor, d.ids()[-1])
    blob = engine.split_log(short)[0]
    fast, slow = engine.load_state(blob), validate(json.loads(blob))
    assert fast == slow
    assert engine.dump_state(fast) == engine.dump_state(slow) == blob
    assert engine.decisions(fast) == engine.decisions(slow)
