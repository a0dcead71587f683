"""Arjuna bots (issue 13): win rate per faction in 4-bot games, cards per game,
the share of bot decisions answered by the catch-all ``generic`` fallback
(per step), decisions per second, the empty Special Activities (8.7); and,
per seat, the bot against three random players vs a random player in that
seat, and a random player in that seat against three bots (a solo game, 8.10).

    python -m benchmarks.bots [games-per-scenario] [--vs-random N] [--solo N] [--steps]

An empty Special Activity (8.7 "implement the first Special Activity listed
that can be done") is one that changed nothing but the Restraint and the
faction's own Protest: no space chosen, or only Negotiate's common part
(Restraint +1, own Protest removed), or Gandhi "moved" onto his own space.

Only decisions with two or more offered choices count as bot decisions (one
choice is applied without asking). The fallback is counted by wrapping
``policy.generic`` in :func:`main` (whoever calls it: ``decide`` or a handler).
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



# log entries that change nothing the Special Activity is for (8.7)
_NO_EFFECT = {"log.sa", "log.sa_space", "log.restraint", "log.negotiate_protest", "log.satyagraha_refused"}
EMPTY_SA: Counter = Counter()  # (faction, Special Activity) -> empty ones
ALL_SA: Counter = Counter()


def _sa_effects(entries) -> bool:
    for e in entries:
        if e["key"] in _NO_EFFECT:
            continue
        if e["key"] == "log.satyagraha_move" and e["params"].get("frm") == e["params"].get("space"):
            continue
        return True
    return False


class _SaWatch:
    """Follows ``state.action`` after each move: from a Special Activity's
    start to its end, the log entries it wrote."""

    def __init__(self):
        self.start = None
        self.key = None

    def after_move(self, s, players):
        ctx = s.action
        active = bool(ctx and ctx.get("sa_state") == "active")
        if active and self.start is None:
            self.start = max(i for i, e in enumerate(s.log) if e["key"] == "log.sa")
            self.key = (ctx["faction"], ctx["sa"])
        elif not active and self.start is not None:
            if players.get(self.key[0]) == "bot" and not any(
                    e["key"] == "log.satyagraha_refused" for e in s.log[self.start:]):
                ALL_SA[self.key] += 1
                if not _sa_effects(s.log[self.start:]):
                    EMPTY_SA[self.key] += 1
            self.start = self.key = None


def _bot_choose(s, d, per_step: Counter) -> str:
    if len([c for c in d.ids() if c not in policy.SIDE_IDS]) > 1:
        per_step[d.step] += 1
    return choose(s, d)


def new_game(scenario: str, seed: int, players: dict[str, str]):
    """A game as the service starts it: with a bot seat, the options the
    game's spec sets for bots (Gandhi: ``np_rules``, the NP rules of 8.1)."""
    opts: dict = {"players": players}
    if "bot" in players.values():
        opts.update(engine.game_spec("gandhi").extra.get("bot_options", {}))
    return engine.new_game("gandhi", scenario, seed, opts)


def play(scenario: str, seed: int, players: dict[str, str], per_step: Counter, timing: list[float]):
    s = new_game(scenario, seed, players)
    rnd = random.Random(seed * 7919 + 13)
    n = 0
    watch = _SaWatch()
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
        watch.after_move(s, players)
        n += 1
        if n > 40000:
            return None, s
    return s.result, s


def _seat_rates(f: str, n: int, players_of) -> float:
    won = 0
    for seed in range(n):
        res, _ = play("short" if seed % 2 == 0 else "main", 1000 + seed, players_of(f), Counter(), [0.0, 0])
        won += (res or {}).get("winner") == f
    return 100 * won / max(n, 1)


def main(games: int = 10, vs_random: int = 0, steps: bool = False, solo: int = 0) -> None:
    policy.generic = _counting_generic  # count the fallback, whoever calls it
    per_step: Counter = Counter()
    timing = [0.0, 0]
    t0 = time.perf_counter()
    for scenario in ("short", "main") if games else ():
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
    empty, every = sum(EMPTY_SA.values()), sum(ALL_SA.values())
    print(f"Special Activities: {every}, empty (8.7): {empty}" + "".join(
        f"; {f} {sa} {n} of {ALL_SA[(f, sa)]}" for (f, sa), n in EMPTY_SA.most_common()))
    if vs_random:
        for f in FACTIONS:
            bw = _seat_rates(f, vs_random, lambda f: {f: "bot"})
            rw = _seat_rates(f, vs_random, lambda f: {})
            print(f"seat {f}: bot vs 3 random wins {bw:.1f}%, random in that seat {rw:.1f}%")
    if solo:  # one random "human" seat against three bots (8.10: the player's result)
        for f in FACTIONS:
            others = {g: "bot" for g in FACTIONS if g != f}
            rates = Counter()
            grades = Counter()
            for seed in range(solo):
                res, _ = play("short" if seed % 2 == 0 else "main", 2000 + seed, others, Counter(), [0.0, 0])
                rates[(res or {}).get("winner", "none")] += 1
                grades[((res or {}).get("solo") or {}).get("grade") or "lost"] += 1
            print(f"solo, random {f} vs 3 bots: " + ", ".join(
                f"{g} {100 * rates[g] / solo:.1f}%" for g in FACTIONS)
                + "; 8.10 player: " + ", ".join(f"{k} {n}" for k, n in sorted(grades.items())))


if __name__ == "__main__":
    args = sys.argv[1:]
    if {"-h", "--help"} & set(args):
        print(__doc__)
        sys.exit(0)
    vs = 0
    if "--vs-random" in args:
        i = args.index("--vs-random")
        vs = int(args[i + 1])
        del args[i:i + 2]
    so = 0
    if "--solo" in args:
        i = args.index("--solo")
        so = int(args[i + 1])
        del args[i:i + 2]
    st = "--steps" in args
    args = [a for a in args if a != "--steps"]
    main(int(args[0]) if args else 10, vs, st, so)
