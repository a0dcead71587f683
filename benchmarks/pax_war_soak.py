"""A soak of Pax Britannica's wars (issue 35): whole games of 4-7 players,
each seat a random player or the Pax bot (a coin toss per seat and game),
the invariants after every choice, with the causes of war the random play
rarely builds put in by hand at each Negotiation (as a Movement would have
left them): a Casus Belli between two random powers (L561), Chinese
Resentment raised to 90 on some turns (a Rebellion on 2d6 under 9, L471)
and a random power owing the Ottoman war (L495). Prints games, choices,
failures (exceptions, invariant failures, dead ends) and the wars of each
kind the games held.

    python -m benchmarks.pax_war_soak [games] [--seed N]
"""
from __future__ import annotations

import random
import sys
import traceback
from collections import Counter

import engine
from engine.pax.bots import choose
from engine.pax.game import selfplay_tally
from engine.pax.invariants import check

MAX_CHOICES = 60_000


def provoke(state, rnd: random.Random) -> None:
    """The causes of war of one turn, put in at its Negotiation."""
    powers = list(state.players)
    holder, against = rnd.sample(powers, 2)
    state.casus_belli.append({"holder": holder, "against": against, "area": "kenya",
                              "why": "control_placed", "turn": state.turn})
    if rnd.random() < 0.3:
        state.cr = max(state.cr, 90)
    if rnd.random() < 0.2 and not state.ottoman_due:
        state.ottoman_due = [rnd.choice(powers)]


def play(seed: int, players: int) -> tuple[str | None, int, dict]:
    """One game: (failure or None, choices, its tally)."""
    rnd = random.Random(seed)
    state = engine.new_game("pax", "1880", seed, {"players": players})
    bots = {p for p in state.players if rnd.random() < 0.5}
    provoked, n = set(), 0
    try:
        while state.result is None and n < MAX_CHOICES:
            pending = engine.decisions(state)
            if not pending:
                return "dead end", n, selfplay_tally(state)
            d = pending[0]
            if d.step == "pax.negotiation" and state.turn not in provoked:
                provoked.add(state.turn)
                provoke(state, rnd)
                continue
            engine.apply(state, d.actor, choose(state, d) if d.actor in bots else rnd.choice(d.ids()))
            n += 1
            errs = check(state)
            if errs:
                return f"invariant: {errs[0]}", n, selfplay_tally(state)
    except Exception:  # a bug: report it
        return "exception: " + traceback.format_exc(limit=-8), n, selfplay_tally(state)
    return (None if state.result is not None else "too long"), n, selfplay_tally(state)


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv and argv[0].isdigit() else 40
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 1
    failures, choices, tally, with_one = [], 0, Counter(), Counter()
    for i in range(games):
        failure, n, t = play(seed + i, 4 + i % 4)
        choices += n
        tally.update(t)
        with_one.update(k for k, v in t.items() if v)
        if failure:
            failures.append((seed + i, failure))
    print(f"games: {games}, choices: {choices}, failures: {len(failures)}")
    for s, f in failures[:5]:
        print(f"  seed {s}: {f[-1200:]}")
    print("counts (total / games with one): " + ", ".join(f"{k} {tally[k]}/{with_one[k]}" for k in sorted(tally)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
