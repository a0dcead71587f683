"""Public-state dicts for the render tests, in the shape of engine.export_state.

Built from engine/gandhi/data/scenarios.yaml while the engine cannot yet make a
game; :func:`setup_state` prefers the real engine when it can.
"""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

from engine.gandhi.data import get_data

SCENARIOS = Path(__file__).resolve().parents[2] / "engine" / "gandhi" / "data" / "scenarios.yaml"
KINDS = ("troop", "sepoy", "inc_activist_active", "inc_activist_inactive", "ml_activist_active",
         "ml_activist_inactive", "gandhi", "guerrilla_active", "guerrilla_underground", "ml_base", "rev_base")
THRESHOLDS = {"raj": 38, "inc": 20, "ml": 14, "rev": 14}
PROTESTS_AVAILABLE = {5: 1, 4: 2, 3: 4, 2: 5, 1: 6}


def fixture_state(scenario: str) -> dict:
    """The setup of ``scenario`` ("main" | "short") as an export_state dict."""
    sc = yaml.safe_load(SCENARIOS.read_text(encoding="utf-8"))[scenario]
    mp = get_data().map
    spaces = {}
    for sid in mp.ids:
        e = sc["spaces"].get(sid) or {}
        raw = e.get("pieces") or {}
        protest = bool(e.get("protest"))
        rail = mp.spaces[sid].is_railway
        p = {k: 0 for k in KINDS}
        for k, n in raw.items():
            if k in ("inc_activist", "ml_activist"):
                p[f"{k}_{'active' if protest or rail else 'inactive'}"] += n
            else:
                p[k] += n
        cubes = p["troop"] + p["sepoy"]
        others = sum(v for k, v in p.items() if k not in ("troop", "sepoy"))
        control = (not rail and mp.spaces[sid].type in ("city", "province") and cubes > 0 and cubes > others)
        spaces[sid] = {"pieces": p, "support": int(e.get("support") or 0), "raj_control": control,
                       "muslim_state": False, "protest": protest, "unrest": int(e.get("unrest") or 0),
                       "strike": bool(e.get("strike"))}
    ev = sc.get("expected_victory") or {}
    box_kinds = ("troop", "sepoy", "inc_activist", "ml_activist", "gandhi", "guerrilla", "ml_base", "rev_base")
    boxes = {b: {k: int((sc.get(b) or {}).get(k) or 0) for k in box_kinds}
             for b in ("available", "out_of_play", "prison")}
    pb = [i + 1 in sc["protests_in_boxes"] for i in range(6)]
    first = 5 if scenario == "short" else 22
    ev_card = get_data().cards.events[first]
    nxt = get_data().cards.events[first + 1]
    vic = 75 if scenario == "short" else 73
    cc = get_data().cards.campaigns[vic]

    def card(c):
        return {"number": c.number, "kind": "event", "title": c.title, "faction_order": list(c.faction_order)}

    return {
        "game": "gandhi", "scenario": scenario, "move": 0,
        "card": {"current": card(ev_card), "next": card(nxt),
                 "viceroy": {"number": cc.number, "name": cc.viceroy, "capability": cc.capability},
                 "deck_size": 34 if scenario == "short" else 52, "campaigns_left": 3 if scenario == "short" else 4},
        "eligibility": {f: "eligible" for f in ("raj", "inc", "ml", "rev")},
        "tracks": {"restraint": sc["restraint"], "unity": sc["unity"], "resources": dict(sc["resources"])},
        "victory": {f: {"total": ev.get(f, 0), "threshold": THRESHOLDS[f], "margin": ev.get(f, 0) - THRESHOLDS[f]}
                    for f in ("raj", "inc", "ml", "rev")},
        "crisis": False,
        "spaces": spaces,
        "boxes": boxes,
        "protest_available": sum(pb[:PROTESTS_AVAILABLE[sc["restraint"]]]),
        "protest_boxes": pb,
        "decision": {"actor": ev_card.faction_order[0], "step": "choose_action"},
        "result": None,
    }


def midgame_state() -> dict:
    """A busy mid-game position: every marker and piece kind somewhere."""
    st = copy.deepcopy(fixture_state("short"))
    sp = st["spaces"]
    sp["punjab"]["muslim_state"] = True
    sp["punjab"]["raj_control"] = False
    sp["bengal_dummy"] = None
    del sp["bengal_dummy"]
    sp["bihar"]["pieces"].update(guerrilla_active=2, guerrilla_underground=1, rev_base=1, troop=3, sepoy=2)
    sp["bihar"]["unrest"] = 2
    sp["bihar"]["support"] = -2
    sp["delhi"]["pieces"].update(inc_activist_active=3, inc_activist_inactive=0, gandhi=1)
    sp["delhi"]["protest"] = True
    sp["assam"]["pieces"].update(ml_activist_inactive=2, ml_base=1)
    sp["rail_punjab_delhi"]["pieces"].update(inc_activist_active=2, guerrilla_active=1)
    sp["rail_punjab_delhi"]["strike"] = True
    sp["rail_calcutta_northwest"]["pieces"].update(troop=2)
    sp["madras_presidency"]["support"] = 2
    sp["madras_presidency"]["pieces"].update(troop=12, sepoy=10)
    sp["madras_presidency"]["raj_control"] = True
    st["move"] = 57
    st["crisis"] = True
    st["eligibility"] = {"raj": "acted", "inc": "passed", "ml": "eligible", "rev": "ineligible"}
    st["decision"] = {"actor": "ml", "step": "choose_action"}
    st["tracks"]["restraint"] = 2
    st["tracks"]["resources"] = {"raj": 17, "rev": 9}
    st["victory"]["inc"] = {"total": 15, "threshold": 20, "margin": -5}
    c = get_data().cards.events[40]
    st["card"]["current"] = {"number": 40, "kind": "event", "title": c.title, "faction_order": list(c.faction_order)}
    st["card"]["next"] = {"number": 76, "kind": "campaign", "title": "Campaign", "faction_order": []}
    return st
