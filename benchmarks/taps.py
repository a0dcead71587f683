"""Taps (issue 14): how many decisions a player is asked, printed, not asserted.

    python -m benchmarks.taps [games-per-scenario] [--policy random|bot|both]

For each policy and each scenario it prints (``random``: a random player of
the Discord UI, ``engine.core.selfplay.random_answer``: uniform among the
listed options other than the side choices of 1.5.2/1.4.1, each count of a
quantity one option; where choices may be answered together, the
multi-select is one option beside the buttons, answered with a random
non-empty legal subset -- the joining choices in random order, each taken
with probability 1/2, a part the engine would refuse in the set left out,
the first one when none was taken; ``bot``: the Arjuna bots in all four
seats)

* decisions per Event card (all decisions of the game / cards played);
* decisions per Operation and Special Activity, by kind (mean per action:
  every decision from "which Operation" to its end, including a Special
  Activity made with it; the Special Activity's own share separately);
* the share of decisions offering a single choice (side choices not counted:
  one real answer is still asked for nothing), and of decisions listing more
  than 25 options (``Decision.options(25)``: side choices and each count of a
  quantity counted, as Discord lists them -- a quantity listed once when
  the counts would make the list longer than 25, its count then asked), and of those whose grouped
  list (``engine.groups``: by kind of space and piece) still needs a second
  select page;
* the longest run of consecutive decisions put to one faction (mean over
  games of each game's longest, and the longest of all).

A "decision" is what ``engine.decision`` puts to a player: what the engine
applies by itself (ruleset 4: a single choice) is not counted.
"""
from __future__ import annotations

import random
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import engine
from engine.core.selfplay import joined_legal, random_answer
from engine.gandhi.bots import choose
from engine.gandhi.side_actions import TAKE_BACK, TRANSFER

FACTIONS = ("raj", "inc", "ml", "rev")
SIDE = (TRANSFER, TAKE_BACK)
DISCORD_SELECT = 25


@dataclass
class Tally:
    games: int = 0
    cards: int = 0
    decisions: int = 0
    single: int = 0
    over25: int = 0
    paged: int = 0
    runs: list[int] = field(default_factory=list)
    per_kind: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    sa_kind: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    by_area: Counter = field(default_factory=Counter)
    steps: Counter = field(default_factory=Counter)
    action_steps: Counter = field(default_factory=Counter)
    big_steps: Counter = field(default_factory=Counter)
    single_steps: Counter = field(default_factory=Counter)


def _area(state) -> str:
    """Where a decision belongs: an Operation (or its Special Activity), an
    Event, the Campaign, or the Sequence of Play."""
    steps = [f.get("step", "") for f in state.stack]
    if state.action is not None:
        return "action"
    if any(s.startswith("ev.") for s in steps) or any(s.startswith("muslim_state") for s in steps):
        return "event"
    if any(s.startswith("campaign.") for s in steps):
        return "campaign"
    return "sop"


def play(scenario: str, seed: int, policy: str, t: Tally) -> None:
    players = {f: "bot" for f in FACTIONS} if policy == "bot" else {}
    s = engine.new_game("gandhi", scenario, seed, {"players": players} if players else None)
    rnd = random.Random(seed * 7919 + 1)
    run_actor, run, longest = None, 0, 0
    actions: dict[int, list] = {}  # id(ctx) -> [ctx, decisions, sa decisions]
    keep = []
    n = 0
    while (d := engine.decision(s)) is not None:
        real = [c for c in d.ids() if c not in SIDE]
        listed = d.options(DISCORD_SELECT)  # what Discord lists: quantities with each count, unless too many
        t.decisions += 1
        t.steps[d.step] += 1
        if len([c for c in listed if c.id not in SIDE]) == 1:
            t.single += 1
            t.single_steps[d.step] += 1
        if len(listed) > DISCORD_SELECT:
            t.over25 += 1
            t.big_steps[d.step] += 1
            gs = engine.groups(s.game, d)
            if len(gs) > 15 or max(len(o) for _, o in gs) > DISCORD_SELECT:
                t.paged += 1
        area = _area(s)
        t.by_area[area] += 1
        if area == "action":
            t.action_steps[d.step] += 1
            ctx = s.action
            rec = actions.setdefault(id(ctx), [ctx, 0, 0])
            keep.append(ctx)
            rec[1] += 1
            if ctx.get("sa_state") == "active" or d.step == "op.sa_offer":
                rec[2] += 1
        run = run + 1 if d.actor == run_actor else 1
        run_actor = d.actor
        longest = max(longest, run)
        if policy == "bot":
            cid = choose(s, d)
        else:
            cid = random_answer(rnd, d, [c for c in listed if c.id not in SIDE], joined_legal(s, d))
        engine.apply(s, d.actor, cid)
        n += 1
        if n > 60000:
            break
    t.games += 1
    t.cards += len(s.played)
    t.runs.append(longest)
    for ctx, k, k_sa in actions.values():
        name = f"{ctx['faction']}.{ctx.get('op') or 'none'}"
        t.per_kind[name].append(k)
        if ctx.get("sa"):
            t.sa_kind[f"{ctx['faction']}.{ctx['sa']}"].append(k_sa)


def report(policy: str, scenario: str, t: Tally, detail: bool) -> None:
    pct = lambda a: 100 * a / max(t.decisions, 1)  # noqa: E731
    print(f"## {policy} policy, {scenario}: {t.games} games, {t.cards / t.games:.1f} cards/game, "
          f"{t.decisions / t.games:.0f} decisions/game")
    print(f"decisions per Event card: {t.decisions / max(t.cards, 1):.2f}")
    print(f"single-choice decisions: {pct(t.single):.1f}%; over {DISCORD_SELECT} choices: {pct(t.over25):.2f}%, "
          f"of which a group still over {DISCORD_SELECT} (a second select page): {pct(t.paged):.2f}%")
    print(f"longest run for one faction: mean {sum(t.runs) / len(t.runs):.1f}, max {max(t.runs)}")
    areas = ", ".join(f"{a} {100 * n / t.decisions:.0f}%" for a, n in t.by_area.most_common())
    print(f"where: {areas}")
    print(f"action decisions per Event card: {t.by_area['action'] / max(t.cards, 1):.1f}")
    print("| Operation | actions | decisions per action |")
    print("|---|---|---|")
    for k in sorted(t.per_kind):
        v = t.per_kind[k]
        print(f"| {k} | {len(v)} | {sum(v) / len(v):.1f} |")
    for k in sorted(t.sa_kind):
        v = t.sa_kind[k]
        print(f"| SA {k} | {len(v)} | {sum(v) / len(v):.1f} |")
    if detail:
        print("steps asked most:", ", ".join(f"{k} {n}" for k, n in t.steps.most_common(12)))
        print("action steps:", ", ".join(f"{k} {n / max(t.cards, 1):.2f}" for k, n in t.action_steps.most_common(12)),
              "(per Event card)")
        print("single-choice steps:", ", ".join(f"{k} {n}" for k, n in t.single_steps.most_common(8)))
        print("over-25 steps:", ", ".join(f"{k} {n}" for k, n in t.big_steps.most_common(8)))
    print()


def main(games: int, policies: list[str], detail: bool) -> None:
    t0 = time.perf_counter()
    for policy in policies:
        for scenario in ("short", "main"):
            t = Tally()
            for seed in range(games):
                play(scenario, seed, policy, t)
            report(policy, scenario, t, detail)
    print(f"wall {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    args = sys.argv[1:]
    pol = ["random", "bot"]
    if "--policy" in args:
        i = args.index("--policy")
        pol = ["random", "bot"] if args[i + 1] == "both" else [args[i + 1]]
        del args[i:i + 2]
    det = "--steps" in args
    args = [a for a in args if a != "--steps"]
    main(int(args[0]) if args else 10, pol, det)
