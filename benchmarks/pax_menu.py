"""The Negotiation menu of Pax Britannica in Discord (issue 34 leftover 2):
taps to write a proposal, and the largest decision of whole random games,
ruleset 2 (every term in one list) against ruleset 3 (a long list of terms
asked kind first, engine/pax/term_menu.py). Printed, not asserted.

    python -m benchmarks.pax_menu [seeds] [--games N] [--empire K]

Taps: at the first Negotiation of a 5-player game (each seed), Great
Britain writes a one-term proposal to each other player, for every term it
could offer or ask: "Write a proposal", the addressee, the term (and its
kind first where asked), "Send". A tap is a click on a button, a pick in a
select or a page button (◀ ▶) the term's page needs, each prompt built as
Discord shows it (``Service._prompt``, ``cogs.ui.build_view``). The seal
and its Confirm are the same either way and not counted.

``--empire K``: Britain also holds an established Influence in K areas
nobody held (a later turn's empire; the 1880 one is 22 areas).

Largest decision: ``--games`` whole games of random players (4-7 players
in turn), the most choices one decision offered, per step.
"""
from __future__ import annotations

import random
import sys
from collections import Counter
from types import SimpleNamespace

import engine
from bot.service import Service
from cogs.ui import build_view
from engine.pax.state import Status


def taps_to(svc, row, state, d, cid: str) -> int:
    """Taps to answer ``cid`` at ``d``: the page buttons from the first page
    to the page showing it (breadth first), and the tap on it."""
    seen, todo = {0}, [(0, 0)]
    prompt = svc._prompt(row, state, 0, [], [], d=d, loc="en")
    while todo:
        page, depth = todo.pop(0)
        view = build_view(prompt, "en", page)
        for item in view.children:
            kind = type(item).__name__
            if kind == "ChoiceButton" and item.cid == cid:
                return depth + 1
            if kind == "ChoiceSelect" and cid in [o.value.partition("*?")[0] for o in item.item.options]:
                return depth + 1
            if kind == "PageButton" and item.page not in seen:
                seen.add(item.page)
                todo.append((item.page, depth + 1))
    raise AssertionError(f"{cid} not reachable")


def own(state, seat):
    return next(d for d in engine.decisions(state) if d.actor == seat)


def proposal_taps(seed: int, ruleset: int, empire: int = 0) -> list[int]:
    """Taps of every one-term proposal Great Britain may write (module doc)."""
    from engine.pax.negotiation import term_id, term_options
    from engine.pax.term_menu import allowed, sides

    svc = Service(None, render_maps=False)
    row = SimpleNamespace(id=1, game="pax", locale="en")
    s = engine.new_game("pax", "1880", seed, {"players": 5, "ruleset": ruleset})
    while not (s.stack and s.stack[-1]["step"] == "pax.negotiation"):
        engine.apply_defaults(s)
    for a in [a for a, x in sorted(s.areas.items()) if not x.statuses][:empire]:
        s.areas[a].statuses["great_britain"] = Status(level="influence", new=False)
    out = []
    for to in [p for p in s.players if p != "great_britain"]:
        terms = [term_id(t) for g, k in sides(s, "great_britain", to) for t in term_options(s, g, k) if allowed(t)]
        for cid in terms:
            work = engine.clone(s)
            n = 0
            for step in ("propose", to):
                n += taps_to(svc, row, work, own(work, "great_britain"), step)
                engine.apply(work, "great_britain", step)
            d = own(work, "great_britain")
            if cid not in d.ids():
                kind, giver = cid.split(":")[:2]
                pick = next(i for i in d.ids() if i.startswith(f"pick:{kind}:{giver}:")
                            and cid in _after(work, i))
                n += taps_to(svc, row, work, d, pick)
                engine.apply(work, "great_britain", pick)
                d = own(work, "great_britain")
            n += taps_to(svc, row, work, d, cid)
            engine.apply(work, "great_britain", cid)
            n += taps_to(svc, row, work, own(work, "great_britain"), "send")
            out.append(n)
    return out


def _after(state, pick: str) -> list[str]:
    work = engine.clone(state)
    engine.apply(work, "great_britain", pick)
    return own(work, "great_britain").ids()


def largest(games: int, ruleset: int) -> Counter:
    sizes: Counter = Counter()
    for i in range(games):
        rnd = random.Random(i + 1)
        s = engine.new_game("pax", "1880", i + 1, {"players": 4 + i % 4, "ruleset": ruleset})
        while True:
            pending = engine.decisions(s)
            if not pending:
                break
            d = pending[0]
            sizes[d.step] = max(sizes[d.step], len(d.choices))
            engine.apply(s, d.actor, rnd.choice(d.ids()), decided=d)
    return sizes


def main(argv: list[str]) -> None:
    seeds = int(argv[0]) if argv and argv[0].isdigit() else 3
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else 0
    empire = int(argv[argv.index("--empire") + 1]) if "--empire" in argv else 0
    for rs in (2, 3) if seeds else ():
        taps = [n for seed in range(1, seeds + 1) for n in proposal_taps(seed, rs, empire)]
        print(f"ruleset {rs}, empire +{empire}: {len(taps)} one-term proposals of Great Britain over {seeds} seed(s): "
              f"taps mean {sum(taps) / len(taps):.2f}, most {max(taps)}, fewest {min(taps)}")
    for rs in (2, 3):
        if games:
            sizes = largest(games, rs)
            print(f"ruleset {rs}: largest decision over {games} random games: {max(sizes.values())}; "
                  f"per step {dict(sizes.most_common(4))}")


if __name__ == "__main__":
    main(sys.argv[1:])
