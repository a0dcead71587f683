"""NP Special Activities step by step (8.7) and the 8.1.6 Viceroy changes
to them.

The Arjuna card's Special Activity box lists numbered actions (e.g. Govern:
"1 Remove Protest where there are no Activists, 2 Imperialism ..., 3 Remove
adversaries"). 8.7: "implement only the actions the Arjuna card gives; if no
space is available for the first action, do the second". :func:`step_choice`
answers an engine sub-decision of a Special Activity (Govern mode, Imperialism
purchase, Satyagraha, Persuade, Negotiate, Infiltrate, Aid, Treaty) with the
first card action, in order, that the decision offers. :func:`sa_spaces`
narrows and orders the spaces of ``sa.loop``:

* Govern (8.7.1): 2 spaces; where the card's first action can be done
  (Protest with cubes and no Activists: Remove or Replace column;
  Imperialism: cubes and no Activists, Shift toward Support; else Remove).
* Martial Law (8.7.1, 8.1.6): spaces with Unrest and no Support, Remove
  column; 2 spaces in Crisis, else 1. Lord Linlithgow: spaces without Unrest
  may be chosen too.
* Treaty (8.7.1): every State with Sepoys.
* Persuade (8.7.2, 8.7.3): 2 spaces; "Activate Guerrillas" first where own
  Activists are Active.
* Infiltrate (8.7.3, 8.7.4): 1 space, Remove or Replace column.
* Aid (8.7.4): up to 2 spaces with Active Guerrillas, Attack column; only to
  flip Guerrillas Underground.
* Assassinate (8.7.4): 1 space among those chosen for Unrest.
"""
from __future__ import annotations

from .. import derived as dv
from ..data import get_data
from . import arjuna_deck, priorities

# card action text (lower case) -> engine choice ids, best first
WORDS: list[tuple[str, tuple[str, ...]]] = [
    ("remove protest", ("protest", "strike")),
    ("imperialism", ("imperialism", "unrest", "muslim_state", "shift")),
    ("remove adversar", ("remove",)),
    ("activate guerrillas", ("activate",)),
    ("add 1 activist", ("activist",)),
    ("remove unrest", ("remove", "unrest")),
    ("remove 1 unrest", ("unrest",)),
    ("release gandhi", ("gandhi",)),
    ("muslim state", ("muslim_state",)),
    ("place a base", ("base",)),
    ("go underground", ("underground",)),
    ("treaty", ("remove",)),
]
NEVER = {"inc": {"protest"}, "ml": {"protest"}}  # 8.5.3


def card_actions(state, ctx) -> list[str]:
    """The texts of the card's box for the Special Activity under way (8.7)."""
    if not ctx or not ctx.get("sa") or not ctx.get("op"):
        return []
    p = arjuna_deck.plan(state, ctx["faction"], [ctx["op"]])
    out: list[str] = []
    for o in p.sa_opts:
        if arjuna_deck.SA_NAMES.get(o.activity) == ctx["sa"]:
            out += [o.text] + list(o.steps)
    return [t.lower() for t in out]


def step_choice(state, d) -> str | None:
    """The first card action (in order) that ``d`` offers, or None."""
    ctx = state.action
    ids = [c for c in d.ids() if c not in NEVER.get(d.actor, ())]
    acts = card_actions(state, ctx)
    for text in acts:
        for word, cands in WORDS:
            if word in text:
                for c in cands:
                    if c in ids:
                        return c
    if any("replace 1 adversary" in t for t in acts):
        rep = [c for c in ids if c not in ("none", "done", "muslim_state", "base")]
        if rep:
            return priorities.rank_adversary(state, d.actor, rep)[0]
    return None


def _viceroy(state) -> str | None:
    return get_data().cards.viceroy_key(state.viceroy) if state.viceroy else None


def sa_limit(state, ctx) -> int:
    """How many spaces the NP faction's Special Activity takes (8.7)."""
    sa = ctx.get("sa")
    if sa == "martial_law":
        return 2 if dv.crisis(state) else 1
    if sa in ("infiltrate", "assassinate"):
        return 1
    if sa == "treaty":
        return 99
    return 2


def sa_spaces(state, ctx, spaces: list[str]) -> tuple[list[str], str | None]:
    """``(spaces, column)``: the candidates of ``sa.loop`` the NP procedure
    allows, and the Space Selection column (None: the default)."""
    sa = ctx.get("sa")
    sps = state.spaces
    if sa == "martial_law":
        ok = [s for s in spaces if sps[s].support <= 0]
        if _viceroy(state) != "linlithgow":
            ok = [s for s in ok if sps[s].unrest or sps[s].strike]
        else:  # 8.1.6 Linlithgow: spaces without Unrest are chosen
            ok = [s for s in ok if not (sps[s].unrest or sps[s].strike)] or ok
        return ok, "remove"
    if sa == "assassinate":
        return [s for s in spaces if s in ctx.get("spaces", [])] or [], "remove"
    if sa == "aid":
        return [s for s in spaces if sps[s].pieces.get("guerrilla_active", 0)], "attack"
    if sa == "govern":
        acts = card_actions(state, ctx)
        for text in acts:
            if "remove protest" in text:
                sub = [s for s in spaces if sps[s].protest and not dv.activists(sps[s])]
                if sub:
                    return sub, "remove"
            elif "imperialism" in text:
                sub = [s for s in spaces if dv.cubes(sps[s]) and not dv.activists(sps[s])]
                if sub:
                    return sub, "shift_support"
            elif "remove adversar" in text:
                return spaces, "remove"
        return spaces, None
    if sa == "persuade":
        own = f"{ctx['faction']}_activist"
        acts = card_actions(state, ctx)
        if any("activate" in t for t in acts):
            sub = [s for s in spaces if sps[s].pieces.get(own, 0) and dv.activists_active(state, s)
                   and sps[s].pieces.get("guerrilla_underground", 0)]
            if sub:
                return sub, "remove"
        return spaces, "remove"
    return spaces, None
