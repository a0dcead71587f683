"""NP Events, decision by decision (8.8.4-8.8.6).

An Event's text puts many decisions to the faction playing it (which space,
which piece, which option). 8.8.4: the NP carries out "la maggior parte di
Evento possibile", and where the text gives a choice "solo il testo
dell'Evento che renderebbe efficace quell'Evento" (8.8.3); an "...up to..."
effect only "se l'azione è efficace". 8.8.5: spaces by the faction's Space
Selection table, in "la colonna ... che corrisponde all'azione dell'Evento
che lo renda Efficace", the leftmost one when several actions are effective.

:func:`choose_event_step` reads each offered choice's effect the way 8.8.3
judges an Event: it carries the choice out on a copy of the state (up to the
Event's next decision) and compares the Effective Events measures of
:func:`.eligibility.measures`. Each improved measure names the action that
made it effective and so its Space Selection column (:data:`MEASURE_COLUMN`).
Then:

1. choices that are effective for the faction are kept (8.8.4); the
   leftmost column any of them serves is the column (8.8.5); among the
   choices serving it, the space is taken by :func:`.priorities.select_space`
   and, within a space, the choice improving most;
2. with no effective choice, "done"/"none" ends an optional part (the "up
   to" of 8.8.4, 5.1.2);
3. a choice the text requires is the one that harms the faction least
   (fewest measures worsened), spaces again by the Space Selection table in
   the faction's Remove or Replace column (the Event acts on adversaries).

Choice ids are read for their space only (``"<space>"``, ``"<space>:..."``,
``"...:<space>"``): the effect itself is measured, never guessed from the
prompt's words.
"""
from __future__ import annotations

import re

from ..data import get_data
from . import priorities
from .eligibility import measures, trial_copy

DONE_IDS = ("done", "none", "no", "refuse")

# measure of the Effective Events table (8.8.3) -> the Space Selection column of the
# action that improves it (8.8.5)
MEASURE_COLUMN = {
    "raj": {"support": "shift_support", "cubes": "place_cubes", "oop": "place_cubes", "markers": "remove",
            "adversaries_removed": "remove"},
    "inc": {"opposition": "shift_opposition", "protest": "place_protest", "activists": "place_activists",
            "boxes": "place_activists", "markers": "remove", "adversaries_removed": "remove"},
    "ml": {"muslim_state": "muslim_state", "muslim_opposition": "shift_opposition", "support": "shift_opposition",
           "protest": "place_protest", "pieces": "place_activists", "boxes": "place_activists",
           "unrest": "remove", "adversaries_removed": "remove"},
    "rev": {"unrest": "place_unrest", "bases": "place_bases", "pieces": "place_guerrillas",
            "oop": "place_guerrillas", "support": "remove", "opposition": "remove",
            "adversaries_removed": "remove"},
}
_SPLIT = re.compile(r"[:>]")


def _measures(state, faction: str) -> dict[str, int]:
    m = measures(state, faction)
    if faction == "rev":  # a Base placed is Place Bases, a Guerrilla Place Guerrillas
        m["bases"] = sum(sp.pieces.get("rev_base", 0) for sp in state.spaces.values())
    return m


def trial(state, d, cid: str, before: dict[str, int] | None = None) -> dict[str, int] | None:
    """The change of the faction's measures if ``cid`` is taken: the choice
    carried out on a copy with everything it starts (the frames it pushes:
    automatic steps run, further decisions answered by their first choice
    that is not "done"), up to the Event's next step of its own level.
    None if it cannot be tried."""
    from ...core.steps import handler

    sim = trial_copy(state)
    try:
        top = sim.stack.pop()
        # an Event loop's choice pushes its own frames above the loop's next round
        depth = len(sim.stack) + (1 if top.get("step") == "ev.ask" else 0)
        handler(top, sim.game).apply(sim, top, cid)
        sim.move += 1
        n = 0
        while len(sim.stack) > depth and sim.result is None and n < 100:
            nxt = sim.stack.pop()
            h = handler(nxt, sim.game)
            if h.auto:
                h.run(sim, nxt)
            else:
                ids = h.decision(sim, nxt).ids()
                h.apply(sim, nxt, next((c for c in ids if c not in DONE_IDS), ids[0]))
                sim.move += 1
            n += 1
    except Exception:  # noqa: BLE001 - an untriable choice is judged as no change
        return None
    before = before if before is not None else _measures(state, d.actor)
    after = _measures(sim, d.actor)
    return {k: after[k] - before[k] for k in before}


def space_of(cid: str) -> str | None:
    """The space a choice id names, if any."""
    m = get_data().map.spaces
    return next((p for p in _SPLIT.split(cid) if p in m), None)


def _columns(faction: str, delta: dict[str, int]) -> list[str]:
    cols = {MEASURE_COLUMN[faction][k] for k, v in delta.items() if v > 0 and k in MEASURE_COLUMN[faction]}
    return [c for c in priorities.COLUMNS[faction] if c in cols]


def _pick(state, faction: str, column: str, ids: list[str], score, salt: str) -> str:
    """Among ``ids``: the space by Space Selection ``column`` when every
    choice names one, then the best score (first offered on a tie)."""
    spaces = {c: space_of(c) for c in ids}
    named = sorted({s for s in spaces.values() if s})
    if len(named) > 1 and all(spaces.values()):
        sid = priorities.select_space(state, faction, column, named, salt=salt)
        ids = [c for c in ids if spaces[c] == sid]
    return max(ids, key=lambda c: (score(c), -ids.index(c)))


def _on_top(state, d) -> bool:
    """Is ``d`` the decision of the frame on top of the stack (a trial
    carries the choice out through that frame)? Read from the frame's step
    name: ``choose`` frames decide ``choose:<on>``, Event loops
    ``event:<fn>``."""
    if not state.stack:
        return False
    top = state.stack[-1]
    name = {"choose": lambda: f"choose:{top.get('on')}", "ev.ask": lambda: f"event:{top.get('fn')}"}.get(
        top.get("step"), lambda: top.get("step"))()
    return name == d.step


def choose_event_step(state, d, optional: bool = True) -> str:
    """The NP's choice at an Event's decision ``d`` (8.8.4, 8.8.5); with
    ``optional`` "done"/"none" is taken when no choice is effective."""
    f = d.actor
    ids = d.ids()
    done = [c for c in ids if c in DONE_IDS]
    rest = [c for c in ids if c not in DONE_IDS]
    if not rest:
        return ids[0]
    before = _measures(state, f) if _on_top(state, d) else None
    deltas = {c: (trial(state, d, c, before) if before is not None else None) or {} for c in rest}
    gain = {c: sum(v for v in deltas[c].values() if v > 0) for c in rest}
    harm = {c: -sum(v for v in deltas[c].values() if v < 0) for c in rest}
    effective = [c for c in rest if gain[c] > 0]
    if effective:
        cols = {c: _columns(f, deltas[c]) for c in effective}
        column = next(col for col in priorities.COLUMNS[f] if any(col in cs for cs in cols.values()))
        serving = [c for c in effective if column in cols[c]]
        return _pick(state, f, column, serving, lambda c: gain[c] - harm[c], d.step)
    if done and optional:  # 8.8.4: an optional part only if effective
        return done[0]
    least = min(harm.values())
    return _pick(state, f, "remove", [c for c in rest if harm[c] == least], lambda c: 0, d.step)
