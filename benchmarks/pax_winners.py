"""Who wins Pax Britannica self-play (issue 34 leftover 5): whole games of
4-7 players, each seat a random player or the Pax bot (engine/pax/bots.py,
a coin toss per seat and game), the winner and each power's final score and
its parts (turn VP, end-of-game VP) tallied.

    python -m benchmarks.pax_winners [games] [--seed N] [--bots SHARE] [--ruleset N] [--menus]

``--bots``: the chance that a seat is the bot (default 0.5; 0: all random
players, as ``dakbot selfplay``; 1: all bots). ``--ruleset``: the rules
edition the games are played under (default: the latest). ``--menus``: also
the largest decision (number of choices) seen, per step.
"""
from __future__ import annotations

import random
import sys
from collections import Counter, defaultdict

import engine
from engine.pax.bots import choose


def play(seed: int, players: int, menus: Counter | None = None, share: float = 0.5,
         options: dict | None = None) -> dict:
    """One game; returns its result plus the seats the bot played."""
    rnd = random.Random(seed)
    state = engine.new_game("pax", "1880", seed, {"players": players, **(options or {})})
    bots = {p for p in state.players if rnd.random() < share}
    while True:
        pending = engine.decisions(state)
        if not pending:
            break
        d = pending[0]
        if menus is not None:
            menus[d.step] = max(menus[d.step], len(d.choices))
        cid = choose(state, d) if d.actor in bots else rnd.choice(d.ids())
        engine.apply(state, d.actor, cid, decided=d)
    res = dict(state.result or {})
    res["bots"] = sorted(bots)
    res["turn_vp"] = {p: state.powers[p].vp for p in state.players}
    return res


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv and argv[0].isdigit() else 30
    seed0 = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 1
    menus = Counter() if "--menus" in argv else None
    share = float(argv[argv.index("--bots") + 1]) if "--bots" in argv else 0.5
    options = {"ruleset": int(argv[argv.index("--ruleset") + 1])} if "--ruleset" in argv else {}
    wins: Counter = Counter()
    played: Counter = Counter()
    score = defaultdict(list)
    turn = defaultdict(list)
    bot_wins = Counter()
    for i in range(games):
        n = 4 + i % 4
        r = play(seed0 + i, n, menus, share, options)
        for p in r.get("scores", {}):
            played[p] += 1
            score[p].append(r["scores"][p])
            turn[p].append(r["turn_vp"][p])
        for w in r.get("winners", []):
            wins[w] += 1
            bot_wins["bot" if w in r["bots"] else "random"] += 1
    print(f"games: {games} (players 4-7 in turn, seeds {seed0}..{seed0 + games - 1}, bot share {share}, "
          f"options {options})")
    print(f"{'power':16} {'played':>6} {'wins':>5} {'mean score':>10} {'mean turn VP':>12}")
    for p in sorted(played, key=lambda x: -wins[x]):
        print(f"{p:16} {played[p]:6} {wins[p]:5} {sum(score[p]) / len(score[p]):10.1f} "
              f"{sum(turn[p]) / len(turn[p]):12.1f}")
    print("winner seat played by:", dict(bot_wins))
    if menus is not None:
        print("largest decision per step:", dict(menus.most_common()))


if __name__ == "__main__":
    main(sys.argv[1:])
