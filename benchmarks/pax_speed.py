"""Pax Britannica speed (issue 35 item 12), printed as numbers, not asserted.

    python -m benchmarks.pax_speed [--games N] [--seed S] [--digests] [--policy random|bot|both]
                                   [--rounds R]

* choices per CPU-second (``time.process_time``) of whole games of 4-7
  players (the count cycles with the game), every seat played by the random
  player (uniform among the offered choices) or by the Pax bot
  (engine/pax/bots.py), through the engine's API (``decisions``, ``apply``);
  no invariant checks (``dakbot selfplay`` adds them);
* ``engine.load_state`` of a late-game state's JSON (as stored, the log
  in rows, and whole) against ``json.loads`` of the same text (the ratio of
  their CPU times, the best of interleaved rounds);
* ``--digests``: a SHA-256 of each game's end (the full stored state, the
  public ``export_state`` and the log keys), to show that a change of speed
  changed no game: the same seeds must print the same digests.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import time

import engine
from engine.pax.bots import choose

PLAYERS = (4, 5, 6, 7)


def play(seed: int, players: int, policy: str, keep_at: int | None = None):
    """One whole game; returns ``(state, choices, cpu seconds, kept)``,
    ``kept`` the stored JSON of the state after ``keep_at`` choices (None
    without ``keep_at``, or in a shorter game)."""
    s = engine.new_game("pax", "1880", seed, {"players": players})
    rnd = random.Random(seed * 7919 + 1)
    n, kept = 0, None
    t = time.process_time()
    while True:
        pending = engine.decisions(s)
        if not pending:
            break
        d = pending[0]
        cid = rnd.choice(d.ids()) if policy == "random" else choose(s, d)
        engine.apply(s, d.actor, cid, decided=d)
        n += 1
        if keep_at is not None and kept is None and n >= keep_at:
            kept = engine.dump_state(s)
    return s, n, time.process_time() - t, kept


def digest(s) -> str:
    h = hashlib.sha256()
    h.update(engine.dump_state(s).encode())
    h.update(json.dumps(engine.export_state(s), sort_keys=True).encode())
    h.update("|".join(e["key"] for e in s.log).encode())
    return h.hexdigest()[:16]


def load_ratio(text: str, rounds: int = 15, reps: int = 40) -> tuple[float, float]:
    """CPU seconds per ``engine.load_state(text)`` and per ``json.loads(text)``:
    the best of ``rounds`` rounds of ``reps`` each, the two interleaved (a
    shared machine's load falls on both alike)."""
    engine.load_state(text)  # warm
    load, plain = [], []
    for _ in range(rounds):
        t = time.process_time()
        for _ in range(reps):
            engine.load_state(text)
        load.append((time.process_time() - t) / reps)
        t = time.process_time()
        for _ in range(reps):
            json.loads(text)
        plain.append((time.process_time() - t) / reps)
    return min(load), min(plain)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--policy", default="both", choices=("random", "bot", "both"))
    p.add_argument("--digests", action="store_true")
    p.add_argument("--rounds", type=int, default=1,
                   help="play the games this many times; the best round counts (a shared machine's load)")
    a = p.parse_args()
    engine.new_game("pax", "1880", 0, {"players": 4})  # the game data loaded before any timing
    late = None
    for policy in ("random", "bot") if a.policy == "both" else (a.policy,):
        best = None
        for r in range(a.rounds):
            choices, cpu = 0, 0.0
            for i in range(a.games):
                seed, players = a.seed + i, PLAYERS[i % len(PLAYERS)]
                s, n, dt, kept = play(seed, players, policy, keep_at=1200 if late is None else None)
                late = late or kept
                choices += n
                cpu += dt
                if a.digests and r == 0:
                    print(f"{policy} seed {seed} players {players}: {n} choices, turn {s.turn}, {digest(s)}")
            best = cpu if best is None else min(best, cpu)
        print(f"{policy}: {a.games} games, {choices} choices, {choices / best:.0f} choices/CPU-s, "
              f"{best / a.games:.2f} CPU-s per game" + (f" (best of {a.rounds} rounds)" if a.rounds > 1 else ""))
    if late:
        stored = engine.split_log(engine.load_state(late))[0]  # as a store keeps it: the log in rows
        for what, text in (("stored", stored), ("with its log", late)):
            load, plain = load_ratio(text)
            print(f"load_state of a late state, {what} ({len(text)} bytes): {load * 1000:.2f} ms, "
                  f"json.loads {plain * 1000:.2f} ms, ratio {load / plain:.2f}")


if __name__ == "__main__":
    main()
