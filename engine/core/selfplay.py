"""Self-play: whole games choosing among the offered choices, with invariants
checked after every choice (issue 8). Pure: returns results, prints nothing.

Policies: ``random`` (uniform), ``first`` (always the first choice),
``events`` (an Event whenever one is offered, else random), ``shaped``
(a random player of the Discord UI: uniform among the listed options, a
multi-select of spaces one option answered with a random non-empty legal
subset, counts of quantities included: :func:`random_answer`, issue 14).
"""
from __future__ import annotations

import random
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

from .engine import apply, decision, decisions, new_game
from .registry import game_spec
from .messages import split_quantity
from .steps import handler
from .transcript import Transcript

Policy = Callable[[random.Random, Any], str]


def _random(rnd: random.Random, d) -> str:
    return rnd.choice(d.ids())


def _first(rnd: random.Random, d) -> str:
    return d.choices[0].id


def _events(rnd: random.Random, d) -> str:
    ev = [c for c in d.ids() if c.startswith("event-")]
    return rnd.choice(ev) if ev else rnd.choice(d.ids())


def random_answer(rnd: random.Random, d, options=None, legal: Callable[[str], bool] | None = None) -> str:
    """A random player's answer to ``d``, as a Discord player sees it.

    ``options`` (default ``d.options(25)``, as Discord lists them): the
    listed options. Where several choices may be answered together
    (``Decision.many`` > 1 with two or more joining choices: one
    multi-select, the other options as buttons beside it, cogs/ui.py), the
    multi-select counts as one option beside each other listed option, and
    the answer is drawn uniformly among them (the joining choices are not
    also options of their own). The multi-select is answered with a random
    non-empty legal subset (:func:`random_subset`). Otherwise the answer is
    uniform among the listed options; a quantity listed once gets a random
    count 1..most (the count a front end then asks).

    ``legal(answer)``: whether a joined answer is legal as a whole (the
    engine's ``Step.check_joined``: the Resources, the space limit; see
    :func:`joined_legal`); without it only ``d.budgets`` bound the set.
    No answer is preferred for being short: the player stops where the
    draw stops, never earlier."""
    opts = list(options if options is not None else d.options(25))
    join = {c.id for c in d.joining()}
    if len(join) > 1:
        rest = [c for c in opts if c.id not in join and split_quantity(c.id)[0] not in join]
        k = rnd.randrange(len(rest) + 1)
        if k == len(rest):
            return random_subset(rnd, d, legal)
        opts = rest
    c = opts[rnd.randrange(len(opts))]
    return c.id if c.most == 1 else c.times(rnd.randint(1, c.most)).id


def random_subset(rnd: random.Random, d, legal: Callable[[str], bool] | None = None) -> str:
    """A random non-empty legal subset of the joining choices of ``d``,
    joined with "+": the joining choices in a random order, each taken with
    probability 1/2 (a quantity with a count drawn uniformly in 1..the most
    the choice and the budgets it draws on still allow, ``d.budgets``); a
    choice whose taking would make the set illegal (``legal``) or whose
    budget is spent, or that the decision does not take in the set
    (``Decision.find``: at most ``many``, one variant of a space), is left
    out; when none was taken, the first that can be taken alone is (each
    one alone is legal: it is offered)."""
    left = dict(d.budgets)
    out: list[str] = []
    first = None
    for c in rnd.sample(d.joining(), len(d.joining())):
        top = min([c.most] + [left[p] for p in c.pools if p in left])
        if top < 1:
            continue
        part = c.times(rnd.randint(1, top)).id
        first = first or part
        if rnd.random() >= 0.5:
            continue
        if out and (len(out) >= d.many or d.find("+".join(out + [part])) is None
                    or (legal is not None and not legal("+".join(out + [part])))):
            continue
        out.append(part)
        n = split_quantity(part)[1]
        for p in c.pools:
            if p in left:
                left[p] -= n
    if not out:
        out = [first or d.joining()[0].id]
    return "+".join(out)


def joined_legal(state, d) -> Callable[[str], bool]:
    """Whether a joined answer to ``d``, the pending decision of ``state``,
    is legal as a whole: offered part by part (``Decision.find``) and
    accepted by its step (``Step.check_joined``)."""
    top = state.stack[-1]
    step = handler(top, state.game)
    return lambda cid: d.find(cid) is not None and step.check_joined(state, top, cid) is None


def _shaped(rnd: random.Random, d) -> str:
    return random_answer(rnd, d)  # no state here: the budgets bound the set, the engine refuses the rest


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
    tally: dict[str, int] = field(default_factory=dict)  # the game's own counts (``selfplay_tally``)


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
    tallies: dict[str, int] = field(default_factory=dict)       # summed over the games
    tally_games: dict[str, int] = field(default_factory=dict)   # games where the count is not 0

    def add(self, r: GameResult) -> None:
        self.games += 1
        for k, n in r.tally.items():
            self.tallies[k] = self.tallies.get(k, 0) + n
            self.tally_games[k] = self.tally_games.get(k, 0) + (1 if n else 0)
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
            cid = random_answer(rnd, d, legal=joined_legal(state, d)) if policy == "shaped" else pick(rnd, d)
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
        tally = getattr(game_spec(game).module(), "selfplay_tally", None)
        res.tally = dict(tally(state)) if tally else {}
    except Exception as e:  # a bug in the rules: report it with its transcript
        res.failure = "exception"
        res.detail = f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=8)}"
    if res.failure:
        res.transcript = tr.dumps()
    res.seconds = time.perf_counter() - t0
    return res
