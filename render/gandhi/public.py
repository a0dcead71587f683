"""The renderer's input: the public state of ``engine.export_state``.

:func:`public_state` accepts a state object or the exported dict and returns a
dict with every key the pictures read, missing ones filled with neutral
defaults (so a partial fixture still draws). It never changes its argument.
"""
from __future__ import annotations

from typing import Any

from engine.gandhi.data import get_data

from .pieces import MAP_KINDS

BOX_KINDS = ("troop", "sepoy", "inc_activist", "ml_activist", "gandhi", "guerrilla", "ml_base", "rev_base")
FACTIONS = ("raj", "inc", "ml", "rev")


def public_state(state: Any) -> dict[str, Any]:
    """The exported public state as a complete dict.

    ``state`` is an engine state (anything that is not a Mapping is passed to
    ``engine.export_state``) or the dict that function returns. Raises
    TypeError when it is neither.
    """
    if not isinstance(state, dict):
        if not hasattr(state, "game"):
            raise TypeError(f"expected a Gandhi state or its export_state dict, got {type(state).__name__}")
        import engine

        state = engine.export_state(state)
    mp = get_data().map
    out: dict[str, Any] = {
        "game": state.get("game", "gandhi"),
        "scenario": state.get("scenario", ""),
        "move": int(state.get("move") or 0),
        "crisis": bool(state.get("crisis")),
        "decision": state.get("decision"),
        "result": state.get("result"),
        "protest_available": int(state.get("protest_available") or 0),
        "protest_boxes": list(state.get("protest_boxes") or [False] * 6)[:6],
    }
    out["protest_boxes"] += [False] * (6 - len(out["protest_boxes"]))
    card = state.get("card") or {}
    out["card"] = {"current": card.get("current"), "next": card.get("next"), "viceroy": card.get("viceroy"),
                   "deck_size": card.get("deck_size"), "campaigns_left": card.get("campaigns_left"),
                   "played": _played(card.get("played"))}
    elig = state.get("eligibility") or {}
    out["eligibility"] = {f: str(elig.get(f, "eligible")) for f in FACTIONS}
    tr = state.get("tracks") or {}
    res = tr.get("resources") or {}
    out["tracks"] = {"restraint": int(tr.get("restraint") or 1), "unity": int(tr.get("unity") or 1),
                     "resources": {"raj": int(res.get("raj") or 0), "rev": int(res.get("rev") or 0)},
                     "resources_used": {f: bool((tr.get("resources_used") or {}).get(f, True))
                                        for f in ("raj", "rev")}}
    vic = state.get("victory") or {}
    out["victory"] = {}
    for f in FACTIONS:
        v = vic.get(f) or {}
        total, thr = int(v.get("total") or 0), int(v.get("threshold") or 0)
        out["victory"][f] = {"total": total, "threshold": thr, "margin": int(v.get("margin", total - thr))}
    spaces_in = state.get("spaces") or {}
    out["spaces"] = {}
    for sid in mp.ids:
        sp = spaces_in.get(sid) or {}
        raw = sp.get("pieces") or {}
        rail = mp.spaces[sid].is_railway
        pieces = {k: int(raw.get(k) or 0) for k in MAP_KINDS}
        # tolerate the stored form (one Activist count, Active in Protest spaces and on Railways)
        for fac in ("inc", "ml"):
            n = int(raw.get(f"{fac}_activist") or 0)
            if n:
                side = "active" if (sp.get("protest") or rail) else "inactive"
                pieces[f"{fac}_activist_{side}"] += n
        out["spaces"][sid] = {
            "pieces": pieces,
            "support": max(-2, min(2, int(sp.get("support") or 0))),
            "raj_control": bool(sp.get("raj_control")),
            "muslim_state": bool(sp.get("muslim_state")),
            "protest": bool(sp.get("protest")),
            "unrest": int(sp.get("unrest") or 0),
            "strike": bool(sp.get("strike")),
        }
    boxes = state.get("boxes") or {}
    out["boxes"] = {b: {k: int((boxes.get(b) or {}).get(k) or 0) for k in BOX_KINDS}
                    for b in ("available", "out_of_play", "prison")}
    return out


def _played(played) -> int:
    """How many cards were played: export_state's list, or the count of a
    state that was already made public (render_space passes it on to the
    board drawing, which makes it public again)."""
    return played if isinstance(played, int) else len(played or ())
