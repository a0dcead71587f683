"""Games that once broke an invariant in self-play (issue 8), replayed with
every invariant checked after every choice. Each file is a transcript cut at
the failing choice; the comment line says what went wrong."""
from pathlib import Path

import pytest

import engine
from engine.core.transcript import Transcript
from engine.gandhi.invariants import check

CASES = sorted((Path(__file__).parent / "regressions").glob("*.txt"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_regression_transcript_keeps_invariants(path):
    t = Transcript.loads(path.read_text(encoding="utf-8"))
    state = engine.new_game(t.game, t.scenario, t.seed, t.options)
    for i, (actor, choice) in enumerate(t.moves, 1):
        engine.apply(state, actor, choice)
        assert check(state) == [], f"move {i} ({actor}: {choice})"


def test_new_muslim_state_waits_for_the_raj_to_move_troops():
    """1.3.5: the Raj moves the Troops to Cities of its choice; the marker goes
    down after, so no Troop ever stands in a State between two choices."""
    from engine.core.steps import push
    from engine.gandhi.muslim_state import create_muslim_state

    s = engine.new_game("gandhi", "short", 1)
    engine.decision(s)
    s.spaces["sind"].pieces["troop"] = 2
    s.available["troop"] -= 2
    push(s, *create_muslim_state(s, "sind", "ml"))
    d = engine.decision(s)
    assert d.actor == "raj" and d.step == "muslim_state.troops" and "delhi" in d.ids()
    assert not s.spaces["sind"].muslim_state and check(s) == []
    engine.apply(s, "raj", "delhi")
    assert not s.spaces["sind"].muslim_state and check(s) == []
    engine.apply(s, "raj", "karachi")
    assert s.spaces["sind"].muslim_state and s.spaces["sind"].pieces.get("troop", 0) == 0
    assert check(s) == []
