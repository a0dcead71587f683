"""Self-play: whole games choosing among the offered choices, with invariants
checked after every choice (issue 8). Pure: returns results, prints nothing.

Policies: ``random`` (uniform), ``first`` (always the first choice),
``events`` (an Event whenever one is offered, else random), ``shaped``
(uniform among the listed options, counts of quantities and sets of spaces
included: issue 14).
"""
from __future__ import annotations

import random
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

from .engine import apply, decision, decisions, new_game
from .transcript import Transcript

Policy = Callable[[random.Random, Any], str]


def _random(rnd: random.Random, d) -> str:
    return rnd.choice(d.ids())


def _first(rnd: random.Random, d) -> str:
    return d.choices[0].id


def _events(rnd: random.Random, d) -> str:
    ev = [c for c in d.ids() if c.startswith("event-")]
    return rnd.choice(ev) if ev else rnd.choice(d.ids())


def random_answer(rnd: random.Random, d, options=None) -> str:
    """A uniformly random answer among ``options`` (default
    ``d.options(25)``, as Discord lists them) and, where several spaces may
    be chosen at once (``Decision.many``), one more option "a set of them"
    (2..many of the joining choices, issue 14). A quantity listed once gets
    a random count 1..most (the count a front end then asks)."""
    opts = list(options if options is not None else d.options(25))
    join = d.joining()
    k = rnd.randrange(len(opts) + (1 if len(join) > 1 else 0))
    if k == len(opts):
        parts = _counted(rnd, d, rnd.randint(2, min(d.many, len(join))))
        if len(parts) > 1:
            return "+".join(parts)
        k = rnd.randrange(len(opts))
    c = opts[k]
    return c.id if c.most == 1 else c.times(rnd.randint(1, c.most)).id


def _counted(rnd: random.Random, d, want: int) -> list[str]:
    """Up to ``want`` joining choices of ``d`` in random order, a quantity
    with a random count 1..most, the counts within ``d.budgets`` (a choice
    whose budget is spent is passed over)."""
    left = dict(d.budgets)
    out = []
    for c in rnd.sample(d.joining(), len(d.joining())):
        top = min([c.most] + [left[p] for p in c.pools if p in left])
        if top < 1:
            continue
        n = rnd.randint(1, top)
        out.append(c.times(n).id)
        for p in c.pools:
            if p in left:
                left[p] -= n
        if len(out) == want:
            break
    return out


def _shaped(rnd: random.Random, d) -> str:
    return random_answer(rnd, d)


POLICIES: dict[str, Policy] = {"random": _random, "first": _first, "events": _events, "shaped": _shaped}


@dataclass
class GameResult:
    seed: int
    scenario: str
    choices: int = 0
    cards: int = 0
    winner: str | None = None
    failure: str | None = None     # "exception" | "invariant" | "dead_end" | "too_long"
    detail: str = ""
    transcript: str = ""
    seconds: float = 0.0


@dataclass
class Summary:
    games: int = 0
    choices: int = 0
    exceptions: int = 0
    invariant_failures: int = 0
    dead_ends: int = 0
    too_long: int = 0
    cards: int = 0
    seconds: float = 0.0
    winners: dict[str, int] = field(default_factory=dict)
    failures: list[GameResult] = field(default_factory=list)

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.choices += r.choices
        self.cards += r.cards
        self.seconds += r.seconds
        if r.winner:
            self.winners[r.winner] = self.winners.get(r.winner, 0) + 1
        if r.failure:
            self.failures.append(r)
            attr = {"exception": "exceptions", "invariant": "invariant_failures",
                    "dead_end": "dead_ends", "too_long": "too_long"}[r.failure]
            setattr(self, attr, getattr(self, attr) + 1)


def play_one(game: str, scenario: str, seed: int, policy: str = "random",
             check: Callable[[Any], list[str]] | None = None, max_choices: int = 50_000,
             options: dict[str, Any] | None = None,
             check_decision: Callable[[Any, Any], list[str]] | None = None) -> GameResult:
    """Play one whole game; on failure the result carries a transcript that
    reproduces it, cut at the failing choice (the shortest prefix that fails)."""
    t0 = time.perf_counter()
    res = GameResult(seed=seed, scenario=scenario)
    tr = Transcript(game, scenario, seed, dict(options or {}))
    rnd = random.Random(seed * 7919 + 1)
    pick = POLICIES[policy]
    try:
        state = new_game(game, scenario, seed, tr.options)
        tr.options = dict(state.options)  # with the ruleset the game begins under
        while True:
            pending = decisions(state)
            if not pending:
                break
            d = pending[0]  # one player at a time; in sealed phases the others follow
            if not d.choices:
                res.failure, res.detail = "dead_end", f"no choices at {d.step}"
                break
            cid = pick(rnd, d)
            tr.moves.append((d.actor, cid))
            apply(state, d.actor, cid, decided=d)  # just computed on this very state
            res.choices += 1
            if check is not None:
                errs = check(state)
                if not errs and check_decision is not None:
                    errs = check_decision(state, decision(state))
                if errs:
                    res.failure, res.detail = "invariant", "; ".join(errs[:5])
                    break
            if res.choices >= max_choices:
                res.failure, res.detail = "too_long", f"{max_choices} choices without an end"
                break
        if res.failure is None:
            if getattr(state, "result", None) is None:
                res.failure, res.detail = "dead_end", "no decision and no result"
            else:
                res.winner = state.result.get("winner")
        res.cards = len(getattr(state, "played", []))
    except Exception as e:  # a bug in the rules: report it with its transcript
        res.failure = "exception"
        res.detail = f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=8)}"
    if res.failure:
        res.transcript = tr.dumps()
    res.seconds = time.perf_counter() - t0
    return res
