"""A simple non-player policy for Pax Britannica seats (part 1): in each
Movement round it buys the cheapest status it may place in the offered area
of highest Economic Value, once, and seals; every other decision takes the
cheapest removal (Section IV) or the first choice. It only picks from the
offered choices, so a seat can switch between a person and this bot at any
time. Not a strategy. Part 2 (issue 34): in Negotiation it writes nothing
and accepts only proposals in which it gives nothing; it convenes no
Congress, stays away, votes for a treaty only when it gives nothing, and
signs what the Congress adopted; it fights a revolt
when its armies match the area's strength; it takes the cheapest loss."""
from __future__ import annotations

from ..core.messages import Decision
from .data import get_data
from .state import RANK


def choose(state, d: Decision) -> str:
    """The choice id the bot takes at ``d`` (a decision of ``state``)."""
    ids = d.ids()
    if d.step in ANSWERS:
        return ANSWERS[d.step](state, d, ids)
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


def _negotiation(state, d: Decision, ids: list[str]) -> str:
    """It writes no proposal: it cancels a half-written one and seals."""
    return "cancel" if "cancel" in ids else "done"


def _answer(state, d: Decision, ids: list[str]) -> str:
    """It accepts a proposal only when it gives nothing up (no VP lost)."""
    pid = int(ids[0].split("-")[1])
    prop = next(p for p in state.proposals if p["id"] == pid)
    gives = any(state.seat(t["giver"]) == d.actor for t in prop["terms"])  # Austria-Hungary's too (L224)
    return ids[1] if gives else ids[0]


def _revolt(state, d: Decision, ids: list[str]) -> str:
    """It fights a revolt when its armies there are at least the area's strength."""
    from . import board as b

    f = state.stack[-1]
    att = b.strength(b.units_at(state, f["power"], f["area"]))
    return "fight" if att >= get_data().areas[f["area"]].combat_strength else "hold"


def _vote(state, d: Decision, ids: list[str]) -> str:
    """For a Congress treaty in which it gives nothing, else against."""
    c = state.congress
    f = state.stack[-1]
    prop = c["proposals"][f["index"]]
    return "no" if any(state.seat(t["giver"]) == d.actor for t in prop["terms"]) else "yes"


ANSWERS = {"pax.negotiation": _negotiation, "pax.answers": _answer, "pax.revolt_fight": _revolt,
           "pax.congress_call": lambda s, d, ids: "pass", "pax.congress_attend": lambda s, d, ids: "stay",
           "pax.congress_propose": _negotiation, "pax.congress_vote": _vote,
           "pax.congress_sign": lambda s, d, ids: "sign"}
