"""Engine figures (issue 8), printed as numbers, not asserted.

    python benchmarks/engine.py [--games N]

Choices applied per second, full random games per second (both scenarios),
peak memory per game (tracemalloc), export_state size.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
import tracemalloc

# This file is named engine.py: keep its folder off the import path so that
# ``import engine`` finds the package, not this script.
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here] + [os.path.dirname(_here)]

import engine  # noqa: E402


def play(scenario: str, seed: int) -> tuple[int, float]:
    s = engine.new_game("gandhi", scenario, seed)
    rnd = random.Random(seed)
    n = 0
    t0 = time.perf_counter()
    while (d := engine.decision(s)) is not None:
        engine.apply(s, d.actor, rnd.choice(d.ids()))
        n += 1
    return n, time.perf_counter() - t0


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=30)
    a = p.parse_args()
    for scenario in ("short", "main"):
        times, choices = [], 0
        for seed in range(a.games):
            n, dt = play(scenario, seed)
            times.append(dt)
            choices += n
        total = sum(times)
        print(f"{scenario}: {a.games} games, {choices} choices, "
              f"{choices / total:.0f} choices/s, {a.games / total:.2f} games/s (1 core), "
              f"median game {statistics.median(times) * 1000:.0f} ms")
    tracemalloc.start()
    play("main", 1)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak memory for one main game: {peak / 1024:.0f} KiB")
    s = engine.new_game("gandhi", "main", 1)
    print(f"export_state size: {len(json.dumps(engine.export_state(s)))} bytes; "
          f"full state JSON: {len(engine.dump_state(s))} bytes")


if __name__ == "__main__":
    main()
