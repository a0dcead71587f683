"""Games begun before a rules correction continue as they began (issue 12:
"stored games and transcripts written by today's main still load and
continue"). The files in legacy/ were written by the engine of commit 6c392e5,
before rulesets existed (engine/gandhi/ruleset.py)."""
import hashlib
import json
from pathlib import Path

import pytest

import engine
from engine.core.transcript import Recorder, Transcript
from engine.gandhi.ruleset import RULESET, ruleset

LEGACY = Path(__file__).parent / "legacy"
# sha256 of json.dumps(export_state, sort_keys=True) at the end of that game, computed by commit 6c392e5
FINAL = "c48e7198cade0fc0484fd49a1629a69183ed382c0509860558c684abcbef59d6"


def _digest(state) -> str:
    return hashlib.sha256(json.dumps(engine.export_state(state), sort_keys=True).encode()).hexdigest()


def test_an_old_transcript_replays_to_the_same_final_state():
    t = Transcript.loads((LEGACY / "ruleset1-short-18.txt").read_text(encoding="utf-8"))
    assert t.options["ruleset"] == 1  # no ruleset recorded: the rules it was played under
    state = t.replay()
    assert engine.decision(state) is None and _digest(state) == FINAL


def test_an_old_stored_game_continues_as_it_began():
    t = Transcript.loads((LEGACY / "ruleset1-short-18.txt").read_text(encoding="utf-8"))
    state = engine.load_state((LEGACY / "ruleset1-short-18-move200.json").read_text(encoding="utf-8"))
    assert ruleset(state) == 1
    for actor, choice in t.moves[200:]:
        engine.apply(state, actor, choice)
    assert _digest(state) == FINAL


def test_new_games_record_their_ruleset_in_their_transcripts():
    rec = Recorder("gandhi", "short", 5)
    assert ruleset(rec.state) == RULESET == rec.transcript.options["ruleset"]
    d = engine.decision(rec.state)
    rec.apply(d.actor, d.ids()[0])
    again = Transcript.loads(rec.transcript.dumps()).replay()
    assert ruleset(again) == RULESET and _digest(again) == _digest(rec.state)


RULESET1 = sorted((LEGACY / "ruleset1").glob("*.txt"))
DIGESTS = json.loads((LEGACY / "ruleset1" / "final_digests.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", RULESET1, ids=[p.stem for p in RULESET1])
def test_old_random_games_replay_identically_after_the_corrections(path):
    """Random games recorded by commit 6c392e5 that meet the corrected rules
    of issue 12 (Attack, Assault, Operations without a space, Events #16, #17,
    #23, #29, #54, replacements, Strikes, Railway Protests ...): under ruleset
    1 each replays to the final state the old engine reached (120 of 120
    such games were checked by hand; these 15 are the ones that exercise a
    correction)."""
    state = Transcript.loads(path.read_text(encoding="utf-8")).replay()
    assert _digest(state) == DIGESTS[path.stem]
