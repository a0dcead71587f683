"""A Distant Plain as an engine game module: new_game, advance, export_state,
view, load_state, display_names, stretch_marker (engine.core.engine)."""
from __future__ import annotations

from typing import Any

from ..core.steps import frame, push
from . import events, flow, propaganda, sop  # noqa: F401  (register steps and prompts)
from .data import get_data
from .proposal import apply_out_of_turn, out_of_turn_choices, public  # noqa: F401  (engine out-of-turn hooks)
from .derived import THRESHOLDS, control, margins, pop, totals
from .scenarios import build_state
from .seats import check_players
from .state import FACTIONS, PROPAGANDA, AdpState

GAME = "adp"


def new_game(scenario: str, seed: int, options: dict[str, Any]) -> AdpState:
    """A new game of ``scenario`` ("main"). Raises KeyError for an unknown
    scenario, ValueError for a non-player seat (no Operations flowchart)."""
    check_players(options.get("players"))
    state = build_state(scenario, seed, options)
    push(state, frame("sop.start"))
    return state


def advance(state: AdpState) -> None:
    push(state, frame("sop.card"))


def load_state(data: dict[str, Any]) -> AdpState:
    return AdpState.model_validate(data)


def stretch_marker(state: AdpState) -> tuple:
    return (state.current, len(state.played), state.propaganda_rounds)


def card_info(number: int | None) -> dict[str, Any] | None:
    if number is None:
        return None
    if number == PROPAGANDA:
        return {"number": number, "kind": "propaganda", "title": "Propaganda", "faction_order": []}
    c = get_data().cards[number]
    return {"number": number, "kind": "event", "title": c.title, "faction_order": list(c.faction_order),
            "capability": c.capability, "momentum": list(c.momentum), "islamabad": c.islamabad,
            "provisional_order": not c.order_verified}


def export_state(state: AdpState) -> dict[str, Any]:
    """Public JSON (no deck order)."""
    from ..core.engine import decision

    d = None
    if state.result is None:
        dec = decision(state)
        d = {"actor": dec.actor, "step": dec.step} if dec else None
    t, m = totals(state), margins(state)
    data = get_data()
    return {
        "game": GAME, "scenario": state.scenario, "move": state.move,
        "card": {"current": card_info(state.current), "next": card_info(state.next), "deck_size": len(state.deck),
                 "played": list(state.played), "propaganda_rounds": state.propaganda_rounds},
        "eligibility": dict(state.eligibility),
        "tracks": {"aid": state.aid, "patronage": state.patronage, "resources": dict(state.resources),
                   "islamabad": {"box": data.islamabad_boxes[state.islamabad], "hard": state.islamabad_hard}},
        "victory": {f: {"total": t[f], "threshold": THRESHOLDS[f], "margin": m[f]} for f in FACTIONS},
        "spaces": {sid: {"pieces": dict(s.pieces), "support": s.support, "terror": s.terror,
                         "returnees": s.returnees, "sabotage": s.sabotage, "control": control(state, sid),
                         "population": pop(state, sid)} for sid, s in state.spaces.items()},
        "boxes": {"available": dict(state.available), "casualties": dict(state.casualties),
                  "removed": dict(state.removed), "returnees": state.returnees_box},
        "capabilities": list(state.capabilities), "momentum": list(state.momentum),
        "last_event": public(state),
        "decision": d, "result": state.result,
        "provisional": True,
    }


def view(state: AdpState, viewer: str | None) -> dict[str, Any]:
    return export_state(state)


PIECE_NAMES = {
    "coalition_troops": "Coalition Troops", "coalition_bases": "Coalition Base",
    "government_troops": "Government Troops", "police": "Police", "government_bases": "Government Base",
    "taliban_guerrillas_underground": "Underground Taliban Guerrilla",
    "taliban_guerrillas_active": "Active Taliban Guerrilla", "taliban_guerrillas": "Taliban Guerrilla",
    "taliban_bases": "Taliban Base", "warlords_guerrillas_underground": "Underground Warlords Guerrilla",
    "warlords_guerrillas_active": "Active Warlords Guerrilla", "warlords_guerrillas": "Warlords Guerrilla",
    "warlords_bases": "Warlords Base",
}
OTHER_NAMES = {"aid": "Aid", "patronage": "Patronage", "hostility": "Hostility", "pressure": "Pressure",
               "tolerance": "Tolerance", "backing": "Backing", "sponsorship": "Sponsorship",
               "capability": "Capability", "momentum": "Momentum", "unshaded": "unshaded", "shaded": "shaded",
               "support": "Support", "neutral": "Neutral", "opposition": "Opposition", "eligible": "Eligible",
               "ineligible": "Ineligible", "normal": "normal", "hard": "Hard", "victory": "victory",
               "final": "final Propaganda round", "hit": "hit", "miss": "miss", "in": "into", "out": "out of",
               "active": "Active", "underground": "Underground", "casualties": "Casualties",
               "first": "1st", "second": "2nd"}


def display_names() -> dict[str, str]:
    out = {sid: s.name for sid, s in get_data().spaces.items()}
    from .ops import LABELS
    from .sop import FACTION_NAMES

    out.update(PIECE_NAMES)
    out.update(FACTION_NAMES)
    out.update(LABELS)
    out.update(OTHER_NAMES)
    return out
