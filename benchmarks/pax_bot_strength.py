"""How strong the Pax Britannica bot (engine/pax/bots.py) is, printed as
numbers, not asserted.

    python -m benchmarks.pax_bot_strength [--games N] [--seed S] [--players 4,6] [--allbot N]

* ``--games`` games (default 40) at each player count: one seat the bot,
  every other seat the uniform random player (as benchmarks/pax_speed.py
  plays it); the bot's power rotates with the game (game i: the bot holds
  ``state.players[i % players]``). Printed: the bot's win share (a shared
  first place counts as a win divided among the winners), its mean final VP
  (line 31, ``state.result["scores"]``) and its mean rank (1 = first; equal
  totals share a place, L718) against the random seats' means;
* ``--allbot`` games (default 10) at each player count with every seat the
  bot: the winners' distribution by power and the mean game length in
  choices;
* both: how often a bot's Administrative Record went negative (its
  Section IV removals, L240).
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter

import engine
from engine.pax.bots import choose


def play(seed: int, players: int, bot_seats: set[str] | None, removals: Counter | None = None):
    """One whole game; ``bot_seats`` None: every seat the bot. Returns
    ``(state, choices)``; ``removals`` counts the bot's Section IV removals
    (a negative Administrative Record, L240)."""
    s = engine.new_game("pax", "1880", seed, {"players": players})
    rnd = random.Random(seed * 7919 + 1)
    n = 0
    while True:
        pending = engine.decisions(s)
        if not pending:
            return s, n
        d = pending[0]
        if bot_seats is None or d.actor in bot_seats:
            if removals is not None and d.step == "pax.admin_remove":
                removals[d.actor] += 1
            cid = choose(s, d)
        else:
            cid = rnd.choice(d.ids())
        engine.apply(s, d.actor, cid, decided=d)
        n += 1


def ranks(scores: dict[str, int]) -> dict[str, int]:
    """1 + the number of strictly higher scores (L718: equal totals share a place)."""
    return {p: 1 + sum(1 for q in scores.values() if q > v) for p, v in scores.items()}


def against_random(games: int, seed: int, players: int) -> dict:
    wins, bot_vp, bot_rank, rnd_vp, rnd_rank, rnd_n, length = 0.0, 0, 0, 0, 0, 0, 0
    removals: Counter = Counter()
    held, won = Counter(), Counter()  # games the bot held each power, its wins with it
    for i in range(games):
        s0 = engine.new_game("pax", "1880", seed + i, {"players": players})
        bot = s0.players[i % players]
        s, n = play(seed + i, players, {bot}, removals)
        scores = s.result["scores"]
        rk = ranks(scores)
        winners = s.result["winners"]
        wins += 1 / len(winners) if bot in winners else 0
        held[bot] += 1
        won[bot] += 1 / len(winners) if bot in winners else 0
        bot_vp += scores[bot]
        bot_rank += rk[bot]
        for p in scores:
            if p != bot:
                rnd_vp += scores[p]
                rnd_rank += rk[p]
                rnd_n += 1
        length += n
    return {"win": wins / games, "bot_vp": bot_vp / games, "bot_rank": bot_rank / games,
            "rnd_vp": rnd_vp / rnd_n, "rnd_rank": rnd_rank / rnd_n, "fair": 1 / players, "len": length / games,
            "removals": sum(removals.values()), "by_power": {p: won[p] / n for p, n in held.items()}}


def all_bot(games: int, seed: int, players: int) -> dict:
    won: Counter = Counter()
    length, how, removals = 0, Counter(), Counter()
    for i in range(games):
        s, n = play(seed + i, players, None, removals)
        for w in s.result["winners"]:
            won[w] += 1 / len(s.result["winners"])
        how[s.result["how"]] += 1
        length += n
    return {"won": won, "len": length / games, "how": how, "removals": sum(removals.values())}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--allbot", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", default="4,6")
    a = p.parse_args()
    for players in (int(x) for x in a.players.split(",")):
        t = time.process_time()
        if a.games:
            r = against_random(a.games, a.seed, players)
            print(f"{players} players, bot vs random, {a.games} games: bot win share {r['win']:.3f} "
                  f"(fair share {r['fair']:.3f}), bot mean VP {r['bot_vp']:.1f} vs random {r['rnd_vp']:.1f}, "
                  f"bot mean rank {r['bot_rank']:.2f} vs random {r['rnd_rank']:.2f}, "
                  f"mean length {r['len']:.0f} choices, the bot's Section IV removals {r['removals']}")
            print("  the bot's win share by the power it held: "
                  + ", ".join(f"{p} {v:.2f}" for p, v in sorted(r["by_power"].items())))
        if a.allbot:
            r = all_bot(a.allbot, a.seed, players)
            dist = ", ".join(f"{w} {v:.1f}" for w, v in r["won"].most_common())
            ends = ", ".join(f"{h} {v}" for h, v in r["how"].most_common())
            print(f"{players} players, all bot, {a.allbot} games: winners {dist}; "
                  f"mean length {r['len']:.0f} choices; ends: {ends}; Section IV removals {r['removals']}")
        print(f"  ({time.process_time() - t:.0f} CPU-s)")


if __name__ == "__main__":
    main()
