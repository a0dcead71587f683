"""``dakbot selfplay``: play many whole games, check invariants after every
choice, print a summary; write the transcript of each failing game (issue 8).

    dakbot selfplay --game ID --scenario SCENARIO|both --games N --seed S
                    [--policy random|first|events] [--jobs J] [--out DIR]
    dakbot selfplay --game ID --players N --games N   (a game whose seats vary with the players)
    dakbot selfplay ... --ruleset R   (the games under rules edition R, not the latest)
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import engine
from engine.core.registry import resolve
from engine.core.selfplay import POLICIES, GameResult, Summary, play_one


def _checkers(game: str):
    """The game's registered invariant checks ``(check, check_decision)``,
    or ``(None, None)`` when it declares none."""
    ref = engine.game_spec(game).invariants
    if not ref:
        return None, None
    mod = resolve(ref)
    return getattr(mod, "check", None), getattr(mod, "check_decision", None)


def _job(args: tuple) -> GameResult:
    game, scenario, seed, policy, options = args
    check, check_decision = _checkers(game)
    return play_one(game, scenario, seed, policy, check=check, check_decision=check_decision,
                    options=options)


def run(game: str, scenarios: list[str], games: int, seed: int, policy: str, jobs: int,
        progress: int = 0, options: dict | None = None) -> Summary:
    """Play ``games`` games (seeds ``seed``, ``seed + 1`` ...), alternating scenarios;
    with ``progress`` > 0 print a running count every ``progress`` games.
    ``options``: the games' options (e.g. ``{"players": n}``)."""
    work = [(game, scenarios[i % len(scenarios)], seed + i, policy, options) for i in range(games)]
    summary = Summary()

    def add(r: GameResult) -> None:
        summary.add(r)
        if progress and summary.games % progress == 0:
            print(f"... {summary.games} games, {summary.choices} choices, "
                  f"{len(summary.failures)} failures", flush=True)

    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as ex:
            for r in ex.map(_job, work, chunksize=4):
                add(r)
    else:
        for w in work:
            add(_job(w))
    return summary


def format_summary(s: Summary, wall: float) -> str:
    lines = [
        f"games: {s.games}",
        f"choices: {s.choices}",
        f"exceptions: {s.exceptions}",
        f"invariant failures: {s.invariant_failures}",
        f"dead ends: {s.dead_ends}",
        f"too long: {s.too_long}",
        f"average cards per game: {s.cards / max(1, s.games):.1f}",
        "winners: " + ", ".join(f"{f} {n}" for f, n in sorted(s.winners.items())),
        *([("counts (total / games with one): " + ", ".join(
            f"{k} {n}/{s.tally_games[k]}" for k, n in sorted(s.tallies.items())))] if s.tallies else []),
        f"choices per second (per process): {s.choices / max(1e-9, s.seconds):.0f}",
        f"games per second (wall): {s.games / max(1e-9, wall):.2f}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="dakbot selfplay")
    p.add_argument("--game", default=engine.games()[0], choices=engine.games())
    p.add_argument("--scenario", default="both", help="a scenario id, or both (every scenario of the game)")
    p.add_argument("--players", type=int, default=None, help="players, for a game whose seats vary with them")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--policy", default="random", choices=sorted(POLICIES))
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", default="selfplay-failures")
    p.add_argument("--progress", type=int, default=0, help="print a running count every N games")
    p.add_argument("--ruleset", type=int, default=None,
                   help="the rules edition the games are played under (default: the latest)")
    a = p.parse_args(argv)
    known = list(engine.game_spec(a.game).scenarios)
    if a.scenario != "both" and a.scenario not in known:
        p.error(f"unknown scenario {a.scenario!r}: choose {', '.join(known)} or both")
    scenarios = known if a.scenario == "both" else [a.scenario]
    options = ({"players": a.players} if a.players else {}) | ({"ruleset": a.ruleset} if a.ruleset else {}) or None
    t0 = time.perf_counter()
    s = run(a.game, scenarios, a.games, a.seed, a.policy, a.jobs, a.progress, options)
    print(format_summary(s, time.perf_counter() - t0))
    if s.failures:
        os.makedirs(a.out, exist_ok=True)
        for r in s.failures:
            path = os.path.join(a.out, f"{r.scenario}-{r.seed}.txt")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(f"# {r.failure}: {r.detail.splitlines()[0] if r.detail else ''}\n")
                fh.write(r.transcript)
            print(f"failure ({r.failure}) {r.scenario} seed {r.seed}: {r.detail.splitlines()[0]} -> {path}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
