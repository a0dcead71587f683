"""A simple non-player policy for Pax Britannica seats (part 1): in each
Movement round it buys the cheapest status it may place in the offered area
of highest Economic Value, once, and seals; every other decision takes the
cheapest removal (Section IV) or the first choice. It only picks from the
offered choices, so a seat can switch between a person and this bot at any
time. Not a strategy: a placeholder until part 2 brings negotiation."""
from __future__ import annotations

from ..core.messages import Decision
from .data import get_data
from .state import RANK


def choose(state, d: Decision) -> str:
    """The choice id the bot takes at ``d`` (a decision of ``state``)."""
    ids = d.ids()
    if d.step != "pax.movement":
        return ids[0]
    top = state.stack[-1]
    draft = (top.get("drafts") or {}).get(d.actor) or {}
    sub = draft.get("sub")
    if sub is None:
        if not draft.get("orders") and "status" in ids and top.get("round") == 1:
            return "status"
        return "seal"
    if sub.get("kind") == "status" and "area" not in sub:
        areas = [i for i in ids if i in get_data().areas]
        if areas:
            return max(areas, key=lambda a: (get_data().areas[a].economic_value, a))
    if sub.get("kind") == "status":
        levels = [i for i in ids if i in RANK]
        if levels:
            return min(levels, key=lambda lv: RANK[lv])
    return "back"
