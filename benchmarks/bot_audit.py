"""Whole-game audit of the Arjuna bots (issue 32): four-bot games played to
their end, counted from each game's own log and the board at each bot
answer. Printed, and asserted by tests/engine/test_bot_audit.py.

    python -m benchmarks.bot_audit [games-per-scenario] [first-seed]

Counts (chapter 8 of the rules; IT = gandhi_rules_it.txt):

* **Rally Bases first** (8.6.5 IT L1393, 8.6.6 L1407 "Prima di tutto
  piazzare Basi"): each bot Rally of the League or the Revolutionaries
  where, at its first space choice (after a Special Activity the card puts
  first, whose space the Rally may not take, 4.1.1), an offered space could take a Base and
  the faction's pieces there exceed Unity, with a Base Available ("due");
  "built": the Rally placed at least one Base. Also the due spaces (as many
  as Bases Available) and the Bases built.
* **League Non-Cooperation** (8.6.5 "in ogni Spazio Musulmano
  disponibile"): every space of a bot League Non-Cooperation
  (``log.op_space``), and those not Muslim.
* **Raj Assault** (8.6.3 IT L1367 "solamente spazi sia con cubi e
  avversari che Attivi"): every space the bot Raj names for an Assault,
  judged on the board as it answers (Lord Wavell's Sweep first counts the
  Underground Guerrillas it may Activate), and those without.
* **Redeploy origins** (8.9.3 IT L1583 "Muovere per primi i cubi dalle
  Province prive di Controllo del Raj, quindi dagli spazi con più Sepoy"):
  each bot Raj Redeploy's origins as answered; out of order when an origin
  that is a Province without Raj Control follows one that is not, or when a
  Province without Raj Control holding cubes is left out (its cubes are
  distributed, step 5, L1589); and the cubes still in such Provinces at
  the Redeploy's end (removed, 6.4.2: not distributed).
* the share of decisions answered by the catch-all fallback, and the bot
  CPU per decision early and late in the game (the first and last fifth).
"""
from __future__ import annotations

import sys
import time
from collections import Counter
from dataclasses import dataclass, field

import engine
from engine.core.messages import TOGETHER
from engine.gandhi import derived as dv
from engine.gandhi.bots import choose, eligibility, policy

FACTIONS = ("raj", "inc", "ml", "rev")
BOTS = {f: "bot" for f in FACTIONS}
BASE = {"ml": "ml_base", "rev": "rev_base"}


@dataclass
class Audit:
    games: int = 0
    rally_due: int = 0
    rally_built: int = 0
    rally_missed: list = field(default_factory=list)
    base_short: list = field(default_factory=list)  # fewer Bases than due spaces (space limit, 3.3)
    base_spaces_due: int = 0
    bases_built: int = 0
    nc_spaces: int = 0
    nc_not_muslim: list = field(default_factory=list)
    assault_spaces: int = 0
    assault_empty: list = field(default_factory=list)
    redeploys: int = 0
    redeploy_bad: list = field(default_factory=list)
    redeploy_left: int = 0  # cubes removed at the Redeploy's end from Provinces without Raj Control (6.4.2)
    decisions: int = 0
    fallback: int = 0
    cpu: list = field(default_factory=list)  # per game: [(decision index, seconds)]

    def line(self) -> str:
        early, late = self.cpu_early_late()
        return (f"{self.games} games: Rally Bases due {self.rally_due}, built {self.rally_built} "
                f"(due spaces {self.base_spaces_due}, Bases built {self.bases_built}); "
                f"League Non-Cooperation spaces {self.nc_spaces}, not Muslim {len(self.nc_not_muslim)}; "
                f"Raj Assault spaces {self.assault_spaces}, without an Active adversary {len(self.assault_empty)}; "
                f"Raj Redeploys {self.redeploys}, origins out of order {len(self.redeploy_bad)}, "
                f"cubes left in Provinces without Raj Control {self.redeploy_left}; "
                f"bot decisions {self.decisions}, fallback {self.fallback}; "
                f"CPU per decision early {early * 1000:.2f} ms, late {late * 1000:.2f} ms")

    def cpu_early_late(self) -> tuple[float, float]:
        early, late = [], []
        for g in self.cpu:
            k = max(1, len(g) // 5)
            early += [t for _, t in g[:k]]
            late += [t for _, t in g[-k:]]
        mean = lambda xs: sum(xs) / len(xs) if xs else 0.0  # noqa: E731
        return mean(early), mean(late)


def _rally_due_spaces(state, f: str, d) -> list[str]:
    """The offered Rally spaces where 8.6.5 / 8.6.6 build a Base first, by
    the engine's own rules (a Base may go there) and the chart's condition
    (the faction's pieces there exceed Unity)."""
    from engine.gandhi.operations.nonviolent import ml_base_possible
    from engine.gandhi.operations.revolutionaries import rally_options

    offered = {c.id.split(":")[0] for c in d.choices if not c.id.startswith("sa:")}
    out = []
    for s in sorted(offered & set(state.spaces)):
        sp = state.spaces[s]
        if f == "ml" and ml_base_possible(state, s) and sp.pieces.get("ml_activist", 0) > state.unity:
            out.append(s)
        elif f == "rev" and "base" in rally_options(state, s) and dv.guerrillas(sp) > state.unity:
            out.append(s)
    return out


def _bases_on_map(state, f: str) -> int:
    return sum(sp.pieces.get(BASE[f], 0) for sp in state.spaces.values())


def _answer_spaces(state, cid: str) -> list[tuple[str, str]]:
    out = []
    for part in cid.split(TOGETHER):
        sid, _, variant = part.partition(":")
        if sid in state.spaces:
            out.append((sid, variant))
    return out


def _redeploy_check(state, cid: str) -> str | None:
    """Why the Raj's Redeploy origins ``cid`` break 8.9.3's order (None: they do not)."""
    from engine.gandhi.campaign import movable

    origins = [o for o in cid.split(TOGETHER) if o in state.spaces]
    fr = state.stack[-1]
    moved = fr.get("moved", {})

    def lost(o):
        return dv.is_province(state, o) and not dv.raj_control(state, o)

    first = [lost(o) for o in origins]
    if any(b and not a for a, b in zip(first, first[1:])):
        return f"a Province without Raj Control after another origin: {origins}"
    left = [s for s in state.spaces if lost(s) and any(movable(state, moved, s, k) > 0 for k in ("troop", "sepoy"))]
    missing = [s for s in left if s not in origins]
    if missing:
        return f"cubes left in Provinces without Raj Control: {missing} (origins {origins})"
    return None


def play(scenario: str, seed: int, audit: Audit) -> None:
    from benchmarks.bots import new_game

    s = new_game(scenario, seed, BOTS)
    rally = None  # (faction, due spaces, Bases Available, Bases on the map at the start, action ctx id)
    seen_log = 0
    cpu: list = []
    moves = 0
    while (d := engine.decision(s)) is not None:
        ctx = s.action
        if rally is not None and (ctx is None or id(ctx) != rally[4]):
            f, due, avail, before, _ = rally
            built = _bases_on_map(s, f) - before
            audit.rally_due += 1
            audit.rally_built += built > 0
            if built <= 0:
                audit.rally_missed.append((scenario, seed, moves, f, due))
            elif built < min(len(due), avail):
                audit.base_short.append((scenario, seed, moves, f, due, built))
            audit.base_spaces_due += min(len(due), avail)
            audit.bases_built += max(0, built)
            rally = None
        if (ctx and d.step == "op.loop" and ctx.get("op") == "rally" and ctx["faction"] in BASE
                and not ctx["spaces"]):
            # judged at its first space choice: a Special Activity first (8.3) may have taken a space (4.1.1)
            due = _rally_due_spaces(s, ctx["faction"], d)
            avail = s.available.get(BASE[ctx["faction"]], 0)
            if ctx["kind"] == "limited":
                avail = min(avail, 1)  # one space (2.3.5)
            rally = (ctx["faction"], due, avail, _bases_on_map(s, ctx["faction"]), id(ctx)) if due and avail else None
        real = [c for c in d.ids() if c not in policy.SIDE_IDS]
        t = time.process_time()
        cid = choose(s, d)
        if len(real) > 1:
            cpu.append((moves, time.process_time() - t))
            audit.decisions += 1
        if ctx and d.step == "op.loop" and ctx.get("op") == "assault" and d.actor == "raj":
            for sid, variant in _answer_spaces(s, cid):
                audit.assault_spaces += 1
                sp = s.spaces[sid]
                wavell = variant.startswith("wavell") and sp.pieces.get("guerrilla_underground", 0)
                if not dv.active_adversaries(s, sid) and not wavell:
                    audit.assault_empty.append((scenario, seed, moves, sid))
        if d.step == "campaign.redeploy" and d.actor == "raj" and cid != "done" and d.many > 1:
            audit.redeploys += 1
            why = _redeploy_check(s, cid)
            if why:
                audit.redeploy_bad.append((scenario, seed, moves, why))
        engine.apply(s, d.actor, cid)
        moves += 1
        for e in s.log[seen_log:]:
            p = e.get("params", {})
            if e["key"] == "log.op_space" and p.get("op") == "non_cooperation" and e.get("actor") == "ml":
                audit.nc_spaces += 1
                if not dv.sdef(p["space"]).muslim:
                    audit.nc_not_muslim.append((scenario, seed, moves, p["space"]))
            elif e["key"] == "log.redeploy_removed":
                audit.redeploy_left += p.get("troops", 0) + p.get("sepoys", 0)
        seen_log = len(s.log)
        if moves > 40000:
            raise AssertionError(f"{scenario} seed {seed}: the game did not end")
    audit.games += 1
    audit.cpu.append(cpu)


def run(scenario: str, games: int, first_seed: int = 0) -> Audit:
    """Play ``games`` four-bot games of ``scenario`` (seeds from ``first_seed``) and count."""
    before = sum(policy.FALLBACK.values()) if hasattr(policy, "FALLBACK") else 0
    orig = policy.generic
    fb = Counter()

    def counting(state, d):
        if eligibility._SIM_DEPTH[0] == 0:
            fb[d.step] += 1
        return orig(state, d)

    policy.generic = counting
    try:
        a = Audit()
        for seed in range(first_seed, first_seed + games):
            play(scenario, seed, a)
    finally:
        policy.generic = orig
    a.fallback = sum(fb.values())
    del before
    return a


def main(games: int = 50, first_seed: int = 0) -> None:
    for scenario in ("short", "main"):
        t = time.perf_counter()
        a = run(scenario, games, first_seed)
        print(f"{scenario}: {a.line()}; wall {time.perf_counter() - t:.0f} s")
        for bad in (a.rally_missed + a.base_short + a.nc_not_muslim + a.assault_empty + a.redeploy_bad)[:10]:
            print("   ", bad)


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    main(*args)
