"""Whole-game soak (issue 8): random legal play over many seeds with every
invariant checked after every choice; determinism across PYTHONHASHSEED."""
import json
import os
import subprocess
import sys

import pytest

import engine
from engine.core.selfplay import play_one
from engine.core.transcript import Transcript
from engine.gandhi.invariants import check, check_decision

SOAK_GAMES = int(os.environ.get("DAKBOT_SOAK_GAMES", "200"))  # per scenario in CI
EVENT_SOAK_GAMES = int(os.environ.get("DAKBOT_EVENT_SOAK_GAMES", "100"))  # per scenario


@pytest.mark.parametrize("scenario", ["short", "main"])
def test_soak_random_games(scenario):
    failures = []
    for seed in range(SOAK_GAMES):
        r = play_one("gandhi", scenario, 1000 + seed, "random", check=check, check_decision=check_decision)
        if r.failure:
            failures.append(f"seed {r.seed}: {r.failure}: {r.detail.splitlines()[0]}")
    assert not failures, "\n".join(failures[:10])


@pytest.mark.parametrize("scenario", ["short", "main"])
def test_soak_forcing_events(scenario):
    """Issues 4-5: Events forced whenever offered, whole games, invariants after every choice."""
    failures = []
    for seed in range(EVENT_SOAK_GAMES):
        r = play_one("gandhi", scenario, 5000 + seed, "events", check=check, check_decision=check_decision)
        if r.failure:
            failures.append(f"seed {r.seed}: {r.failure}: {r.detail.splitlines()[0]}")
    assert not failures, "\n".join(failures[:10])


@pytest.mark.parametrize("policy", ["first", "events"])
def test_other_policies_finish(policy):
    for seed in range(5):
        r = play_one("gandhi", "short", seed, policy, check=check)
        assert r.failure is None, r.detail


def test_invariants_catch_a_lost_piece():
    s = engine.new_game("gandhi", "short", 1)
    assert check(s) == []
    s.available["troop"] -= 1
    assert any("piece totals" in e for e in check(s))
    s.available["troop"] += 1
    s.spaces["hyderabad"].pieces["troop"] = 1
    s.available["troop"] -= 1
    assert any("Troops in a State" in e for e in check(s))


def test_failing_game_transcript_reproduces(tmp_path):
    """A failure's transcript replays to the same point (used for regression tests)."""
    r = play_one("gandhi", "short", 3, "random", check=lambda s: ["forced"] if s.move >= 5 else [])
    assert r.failure == "invariant"
    t = Transcript.loads(r.transcript)
    assert len(t.moves) == 5
    assert t.replay().move == 5


def _final_export(hashseed: str) -> str:
    code = (
        "import json, random, engine\n"
        "s = engine.new_game('gandhi', 'main', 42)\n"
        "r = random.Random(1)\n"
        "while (d := engine.decision(s)) is not None:\n"
        "    engine.apply(s, d.actor, r.choice(d.ids()))\n"
        "print(json.dumps(engine.export_state(s), sort_keys=True))\n"
    )
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))), check=True)
    return out.stdout


def test_deterministic_across_hash_seeds():
    a = _final_export("1")
    b = _final_export("12345")
    assert a == b and json.loads(a)["result"] is not None


def test_check_decision_flags_an_ineligible_actor():
    s = engine.new_game("gandhi", "short", 2)
    d = engine.decision(s)
    assert d.step == "sop.act" and check_decision(s, d) == []
    s.eligibility[d.actor] = "ineligible"
    assert any("not Eligible" in e for e in check_decision(s, d))


def test_replay_cli_reproduces_a_whole_game(tmp_path, capsys):
    """Issue 6: `dakbot replay` of a whole random game reproduces its final state."""
    from bot.cli import main as cli

    r = play_one("gandhi", "short", 77, "random", check=lambda s: [])
    assert r.failure is None
    # rebuild the transcript of the finished game
    import random as _r
    from engine.core.transcript import Recorder

    rec = Recorder("gandhi", "short", 77)
    rnd = _r.Random(77 * 7919 + 1)
    while (d := engine.decision(rec.state)) is not None:
        rec.apply(d.actor, rnd.choice(d.ids()))
    path = tmp_path / "game.txt"
    path.write_text(rec.transcript.dumps(), encoding="utf-8")
    assert cli(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == json.loads(json.dumps(engine.export_state(rec.state)))
    assert out["result"] is not None and out["result"]["winner"] == r.winner
