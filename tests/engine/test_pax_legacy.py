"""Pax games begun before the part 1 corrections (issue 34) continue as they
began: the transcripts in legacy/pax were written by commit 0de2f8a (no
``ruleset`` option, so ruleset 1, engine/pax/ruleset.py); each replays to the
fingerprint that commit reached. New games record the latest ruleset (3, issue 35)."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import engine
from engine.core.transcript import Transcript
from engine.pax.ruleset import RULESET, ruleset

LEGACY = Path(__file__).parent / "legacy" / "pax"
FINGERPRINTS = json.loads((LEGACY / "final_fingerprints.json").read_text(encoding="utf-8"))


def fingerprint(s) -> str:
    """What a player would notice at the end: money, VP, units, fleets,
    statuses, Unrest, ET, CR, the result and how many log lines led there."""
    x = {"powers": {p: [ps.treasury, ps.vp, ps.units, sorted(ps.merchant)] for p, ps in s.powers.items()},
         "areas": {a: [{p: st.level for p, st in v.statuses.items()}, v.unrest] for a, v in s.areas.items()},
         "et": s.et, "cr": s.cr, "result": s.result, "log": len(s.log)}
    return hashlib.sha256(json.dumps(x, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("name", sorted(FINGERPRINTS))
def test_an_old_pax_transcript_replays_to_the_same_end(name):
    t = Transcript.loads((LEGACY / f"{name}.txt").read_text(encoding="utf-8"))
    assert t.options["ruleset"] == 1
    state = t.replay()
    assert ruleset(state) == 1 and state.result is not None
    assert fingerprint(state) == FINGERPRINTS[name]


def test_new_pax_games_record_the_latest_ruleset():
    s = engine.new_game("pax", "1880", 1, {"players": 4})
    assert ruleset(s) == RULESET == 3


def test_an_old_stored_pax_game_continues_as_it_began():
    """A state stored by commit 0de2f8a at move 150 (no ``ruleset`` option, none
    of part 2's fields) loads and plays on to the same end."""
    t = Transcript.loads((LEGACY / "ruleset1-pax-6p-bots.txt").read_text(encoding="utf-8"))
    state = engine.load_state((LEGACY / "ruleset1-pax-6p-bots-move150.json").read_text(encoding="utf-8"))
    assert ruleset(state) == 1 and "ruleset" not in state.options
    for actor, choice in t.moves[150:]:
        engine.apply(state, actor, choice)
    assert fingerprint(state) == FINGERPRINTS["ruleset1-pax-6p-bots"]
