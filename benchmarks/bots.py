"""Arjuna bots: decisions per second and full 4-bot games per second.

    python -m benchmarks.bots [games]
"""
from __future__ import annotations

import sys
import time

import engine
from engine.gandhi.bots import choose

BOTS = {f: "bot" for f in ("raj", "inc", "ml", "rev")}


def main(games: int = 10) -> None:
    t_choose = 0.0
    decisions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        scenario = "short" if seed % 2 == 0 else "main"
        s = engine.new_game("gandhi", scenario, seed, {"players": BOTS})
        while (d := engine.decision(s)) is not None:
            t = time.perf_counter()
            cid = choose(s, d)
            t_choose += time.perf_counter() - t
            decisions += 1
            engine.apply(s, d.actor, cid)
    total = time.perf_counter() - t0
    print(f"games: {games} (short/main alternating), decisions: {decisions}")
    print(f"bot decisions per second: {decisions / t_choose:,.0f} (mean {1000 * t_choose / decisions:.2f} ms)")
    print(f"full 4-bot games per second: {games / total:.2f} ({total / games:.2f} s per game)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
