"""A restarted bot lists every decision the same way.

Python salts string hashes per process (PYTHONHASHSEED), so anything built by
iterating a set can come out in a different order in the next process: after a
bot restart a player would see the options of the same decision reordered,
and a seeded bot or self-play run that picks by position would play another
game. Each game is played here in two processes with different salts, picking
by position, and the option lists must be identical.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import engine

PROBE = r"""
import hashlib, json, random, sys
import engine
game, scenario = sys.argv[1], sys.argv[2]
state = engine.new_game(game, scenario, 11, {})
rnd, trail = random.Random(11), []
for _ in range(400):
    pending = engine.decisions(state)
    if not pending:
        break
    d = pending[0]
    ids = d.ids()
    trail.append(ids)
    engine.apply(state, d.actor, ids[rnd.randrange(len(ids))])
print(json.dumps([len(trail), hashlib.sha1(json.dumps(trail).encode()).hexdigest()]))
"""


def _run(game: str, scenario: str, salt: str) -> list:
    env = dict(os.environ, PYTHONHASHSEED=salt)
    out = subprocess.run([sys.executable, "-c", PROBE, game, scenario], env=env, capture_output=True,
                         text=True, check=True, timeout=600)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("game", engine.games())
def test_options_listed_in_the_same_order_after_a_restart(game):
    scenario = engine.game_spec(game).scenarios[0]
    first, second = _run(game, scenario, "1"), _run(game, scenario, "2")
    assert first[0] > 50
    assert first == second
