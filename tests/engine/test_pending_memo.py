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
