"""Arjuna bots (issue 13): win rate per faction in 4-bot games, cards per game,
the share of bot decisions answered by the catch-all ``generic`` fallback
(per step), decisions per second; and, per seat, the bot against three
random players vs a random player in that seat.

    python -m benchmarks.bots [games-per-scenario] [--vs-random N] [--steps]

Only decisions with two or more offered choices count as bot decisions (one
choice is applied without asking). The fallback is counted by wrapping
``policy.generic`` (whoever calls it: ``decide`` or a handler).
"""
from __future__ import annotations

import random
import sys
import time
from collections import Counter

import engine
from engine.gandhi.bots import choose, eligibility, policy

FACTIONS = ("raj", "inc", "ml", "rev")
BOTS = {f: "bot" for f in FACTIONS}

_FALLBACK: Counter = Counter()
_orig_generic = policy.generic


def _counting_generic(state, d):
    if eligibility._SIM_DEPTH[0] == 0:  # not the Event look-ahead of 8.8.3
        _FALLBACK[d.step] += 1
    return _orig_generic(state, d)


policy.generic = _counting_generic


def _bot_choose(s, d, per_step: Counter) -> str:
    if len([c for c in d.ids() if c not in policy.SIDE_IDS]) > 1:
        per_step[d.step] += 1
    return choose(s, d)


def play(scenario: str, seed: int, players: dict[str, str], per_step: Counter, timing: list[float]):
    s = engine.new_game("gandhi", scenario, seed, {"players": players})
    rnd = random.Random(seed * 7919 + 13)
    n = 0
    while (d := engine.decision(s)) is not None:
        if players.get(d.actor) == "bot":
            t = time.perf_counter()
            cid = _bot_choose(s, d, per_step)
            timing[0] += time.perf_counter() - t
            timing[1] += 1
        else:
            ids = [c for c in d.ids() if c not in policy.SIDE_IDS] or d.ids()
            cid = rnd.choice(ids)
        engine.apply(s, d.actor, cid)
        n += 1
        if n > 40000:
            return None, s
    return s.result, s


def main(games: int = 10, vs_random: int = 0, steps: bool = False) -> None:
    per_step: Counter = Counter()
    timing = [0.0, 0]
    t0 = time.perf_counter()
    for scenario in ("short", "main"):
        wins: Counter = Counter()
        cards = 0
        for seed in range(games):
            res, s = play(scenario, seed, BOTS, per_step, timing)
            wins[(res or {}).get("winner", "none")] += 1
            cards += len(s.played)
        rates = ", ".join(f"{f} {100 * wins[f] / games:.1f}%" for f in FACTIONS)
        print(f"{scenario}: {games} 4-bot games: {rates}; cards per game {cards / games:.1f}")
    total = sum(per_step.values())
    fb = sum(_FALLBACK.values())
    print(f"bot decisions: {total}, answered by generic: {fb} ({100 * fb / max(total, 1):.2f}%)")
    if steps:
        for step, n in _FALLBACK.most_common():
            print(f"  {step}: {n} of {per_step[step]} ({100 * n / max(per_step[step], 1):.0f}%)")
    print(f"bot decisions per second: {timing[1] / max(timing[0], 1e-9):,.0f}; "
          f"wall {time.perf_counter() - t0:.0f} s")
    if vs_random:
        for f in FACTIONS:
            bw = rw = 0
            for seed in range(vs_random):
                scen = "short" if seed % 2 == 0 else "main"
                res, _ = play(scen, 1000 + seed, {f: "bot"}, Counter(), [0.0, 0])
                bw += (res or {}).get("winner") == f
                res, _ = play(scen, 1000 + seed, {}, Counter(), [0.0, 0])
                rw += (res or {}).get("winner") == f
            print(f"seat {f}: bot vs 3 random wins {100 * bw / vs_random:.1f}%, "
                  f"random in that seat {100 * rw / vs_random:.1f}%")


if __name__ == "__main__":
    args = sys.argv[1:]
    vs = 0
    if "--vs-random" in args:
        i = args.index("--vs-random")
        vs = int(args[i + 1])
        del args[i:i + 2]
    st = "--steps" in args
    args = [a for a in args if a != "--steps"]
    main(int(args[0]) if args else 10, vs, st)
