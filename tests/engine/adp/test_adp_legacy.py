"""A Distant Plain games begun before issue 33's corrections continue as they
began (engine/adp/ruleset.py). The transcripts in
tests/engine/legacy/adp_ruleset1 are random games recorded by the engine of
main 0de2f8a (no ruleset in their options: ruleset 1); the digests are of
their final public state and their whole log, computed by that engine."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import engine
from engine.core.errors import IllegalChoice
from engine.core.transcript import Transcript


LEGACY = Path(__file__).parent.parent / "legacy" / "adp_ruleset1"
GAMES = sorted(LEGACY.glob("*.txt"))
DIGESTS = json.loads((LEGACY / "final_digests.json").read_text(encoding="utf-8"))


def digest(state) -> str:
    """sha256 of the public state (without issue 33's ``last_event``, which
    0de2f8a did not have) and of every log entry's key and parameters."""
    ex = dict(engine.export_state(state))
    ex.pop("last_event", None)
    log = [[e["key"], e["params"]] for e in state.log]
    return hashlib.sha256(json.dumps([ex, log], sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_an_old_adp_game_replays_identically_under_ruleset_1(path):
    t = Transcript.loads(path.read_text(encoding="utf-8"))
    assert t.options["ruleset"] == 1
    assert digest(t.replay()) == DIGESTS[path.stem]


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_the_same_moves_meet_a_correction_under_ruleset_2(path):
    """The check can fail: under the corrected rules these games part ways
    (Redeploy, Transport, Suborn, Events ...), so ruleset 1 is what keeps them."""
    t = Transcript.loads(path.read_text(encoding="utf-8"))
    t.options = {**t.options, "ruleset": 2}
    try:
        assert digest(t.replay()) != DIGESTS[path.stem]
    except IllegalChoice:
        pass
