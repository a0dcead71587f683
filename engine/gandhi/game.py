"""Gandhi as an engine game module (DESIGN §2): new_game, advance,
export_state, view, load_state."""
from __future__ import annotations

from typing import Any

from ..core.messages import Message
from ..core.steps import frame, push
from . import actions, campaign, choose, muslim_state, sop  # noqa: F401  (register steps)
from . import derived as dv
from .data import get_data
from .nonplayer import uses_resources
from .rules_loader import load_rules
from .ruleset import at_least
from .scenarios import build_state, scenario_defs
from .side_actions import apply_side, side_choices  # noqa: F401  (engine side-choice hooks)
from .state import FACTIONS, GandhiState

GAME = "gandhi"
load_rules()


def new_game(scenario: str, seed: int, options: dict[str, Any]) -> GandhiState:
    """A new game of ``scenario`` ("short" | "main"); Raises KeyError for an
    unknown scenario. ``options``: ``players`` {faction: "human"|"bot"},
    ``stacked`` {deck, viceroy, dice} for tests and transcripts."""
    state = build_state(scenario, seed, options)
    first = [frame("sop.start")]
    if scenario_defs()[scenario].get("congress_placement"):
        first.insert(0, frame("setup.congress_place"))
    push(state, *first)
    return state


def auto_single(state: GandhiState) -> bool:
    """Ruleset 4 (issue 14): a decision with one answer is applied by the
    engine, not asked (engine.core.engine._settle)."""
    return at_least(state, 4)


_SPACE_GROUPS = {"city": ("group.cities", "Cities"), "province": ("group.provinces", "Provinces"),
                 "princely_state": ("group.states", "Princely States"), "railway": ("group.railways", "Railways")}


# short piece names in choice ids (events/kit.py ALIAS, campaign.py SHORT) -> piece kinds
_PIECE_ALIASES = {"active": "guerrilla_active", "underground": "guerrilla_underground", "inc": "inc_activist",
                  "ml": "ml_activist", "mlbase": "ml_base", "revbase": "rev_base"}


def choice_group(choice_id: str) -> Message | None:
    """The group of a choice in a long list (issue 14): the kind of the space
    it names ("Cities", "Provinces", "Princely States", "Railways"), with the
    kind of piece when it names one too ("Troop: Provinces"); a cube move
    into a space ("troop:delhi>agra") by its destination ("Into Agra"); None
    for a choice naming no space (grouped as "Other")."""
    base = choice_id.split("*")[0]
    spaces = get_data().map.spaces
    if ">" in base:  # a cube move "<kind>:<origin>><dest>" (ruleset 6): grouped by where it goes
        dest = base.rsplit(">", 1)[1]
        return Message("group.into", {"space": dest}, "Into {space}") if dest in spaces else None
    parts = base.split(":")
    sid = next((p for p in parts if p in spaces), None)
    if sid is None:
        return None
    key, text = _SPACE_GROUPS.get(spaces[sid].type, ("group.other", "Other"))
    piece = next((_PIECE_ALIASES.get(p, p) for p in parts if _PIECE_ALIASES.get(p, p) in PIECE_NAMES), None)
    if piece is None:
        return Message(key, {}, text)
    return Message(key + "_of", {"piece": piece}, "{piece}: " + text)


def advance(state: GandhiState) -> None:
    """Called when no step is pending: the card flow goes on."""
    push(state, frame("sop.card"))


# The Campaign round's phases (6.1-6.6) as frames on the stack; sub-steps of a
# phase (a Redeploy's destination, a Strike choice ...) are not listed.
_PHASES = frozenset({"campaign.gate", "campaign.strikes", "campaign.earnings", "campaign.imperialism",
                     "campaign.gandhi_check", "campaign.constructive", "campaign.base", "campaign.game_end",
                     "campaign.new_viceroy", "campaign.redeploy", "campaign.raj_upkeep", "campaign.reset"})


def stretch_marker(state: GandhiState) -> tuple:
    """What tells one stretch of play from the next for the same faction: the
    current card (2.3.7) and, in a Campaign round, how many phases are left
    (6.0). A front end announces a faction's turn again when it changes."""
    return (state.current, len(state.played), sum(1 for f in state.stack if f.get("step") in _PHASES))


def load_state(data: dict[str, Any]) -> GandhiState:
    return GandhiState.model_validate(data)


# the same model from stored JSON in one pass (engine.load_state's fast path)
load_state_json = GandhiState.model_validate_json


def _card(number: int | None) -> dict[str, Any] | None:
    if number is None:
        return None
    cards = get_data().cards
    if number in cards.events:
        c = cards.events[number]
        return {"number": number, "kind": "event", "title": c.title, "faction_order": list(c.faction_order)}
    c = cards.campaigns[number]
    return {"number": number, "kind": "campaign", "title": f"Campaign: {c.viceroy}", "faction_order": []}


def _eligibility(state: GandhiState) -> dict[str, str]:
    out = {}
    for f in FACTIONS:
        if f in state.turn.passed:
            out[f] = "passed"
        elif f in state.turn.acted:
            out[f] = "acted"
        else:
            out[f] = state.eligibility[f]
    return out


def _space(state: GandhiState, sid: str) -> dict[str, Any]:
    sp = state.spaces[sid]
    p = sp.pieces
    active = dv.activists_active(state, sid)
    pieces = {
        "troop": p.get("troop", 0),
        "sepoy": p.get("sepoy", 0),
        "inc_activist_active": p.get("inc_activist", 0) if active else 0,
        "inc_activist_inactive": 0 if active else p.get("inc_activist", 0),
        "ml_activist_active": p.get("ml_activist", 0) if active else 0,
        "ml_activist_inactive": 0 if active else p.get("ml_activist", 0),
        "gandhi": p.get("gandhi", 0),
        "guerrilla_active": p.get("guerrilla_active", 0),
        "guerrilla_underground": p.get("guerrilla_underground", 0),
        "ml_base": p.get("ml_base", 0),
        "rev_base": p.get("rev_base", 0),
    }
    return {
        "pieces": pieces,
        "support": sp.support,
        "raj_control": dv.raj_control(state, sid),
        "muslim_state": sp.muslim_state,
        "protest": sp.protest,
        "unrest": sp.unrest,
        "strike": sp.strike,
    }


BOX_ORDER = ("troop", "sepoy", "inc_activist", "ml_activist", "gandhi", "guerrilla", "ml_base", "rev_base")


def _resources_used(state: GandhiState) -> dict[str, Any]:
    """``{"resources_used": {"raj": bool, "rev": bool}}`` when an NP Raj or
    Revolutionaries keep no Resources track (8.1, ruleset 5), else nothing (the
    export of every other game stays as it was)."""
    used = {f: uses_resources(state, f) for f in ("raj", "rev")}
    return {} if all(used.values()) else {"resources_used": used}


def export_state(state: GandhiState) -> dict[str, Any]:
    """The documented public JSON of docs/state.md (no deck order)."""
    from ..core.engine import decision

    totals = dv.victory_totals(state)
    d = None
    if state.result is None:
        dec = decision(state)
        d = {"actor": dec.actor, "step": dec.step} if dec else None
    return {
        "game": GAME,
        "scenario": state.scenario,
        "move": state.move,
        "card": {
            "current": _card(state.current),
            "next": _card(state.next),
            "viceroy": ({"number": state.viceroy, "name": get_data().cards.campaigns[state.viceroy].viceroy,
                         "capability": get_data().cards.campaigns[state.viceroy].capability}
                        if state.viceroy else None),
            "deck_size": len(state.deck),
            "campaigns_left": sop.campaigns_left(state),
            "played": list(state.played),
        },
        "eligibility": _eligibility(state),
        "tracks": {"restraint": state.restraint, "unity": state.unity,
                   "resources": {"raj": state.resources["raj"], "rev": state.resources["rev"]},
                   **_resources_used(state)},
        "victory": {f: {"total": totals[f], "threshold": dv.THRESHOLDS[f], "margin": totals[f] - dv.THRESHOLDS[f]}
                    for f in FACTIONS},
        "crisis": dv.crisis(state),
        "spaces": {sid: _space(state, sid) for sid in state.spaces},
        "boxes": {name: {k: getattr(state, name).get(k, 0) for k in BOX_ORDER}
                  for name in ("available", "out_of_play", "prison")},
        "protest_available": dv.protest_available(state),
        "protest_boxes": list(state.protest_boxes),
        "decision": d,
        "result": state.result,
    }


def view(state: GandhiState, viewer: str | None) -> dict[str, Any]:
    """Everything public: the same as export_state (Gandhi has no private
    hands; the deck order and set-aside cards are never shown)."""
    return export_state(state)


PIECE_NAMES = {
    "troop": "Troop", "sepoy": "Sepoy", "inc_activist": "Congress Activist",
    "ml_activist": "Muslim League Activist", "gandhi": "Gandhi", "guerrilla": "Guerrilla",
    "guerrilla_active": "Active Guerrilla", "guerrilla_underground": "Underground Guerrilla",
    "ml_base": "Muslim League Base", "rev_base": "Revolutionary Base",
}


def display_names() -> dict[str, str]:
    """English names for message parameters: spaces, Towns, piece kinds,
    factions, Operations and Special Activities (see engine.display_names)."""
    from .actions import OPERATIONS, SPECIAL_ACTIVITIES
    from .common import FACTION_NAMES

    m = get_data().map
    out: dict[str, str] = {sid: d.name for sid, d in m.spaces.items()}
    out.update({tid: t.name for tid, t in m.towns.items()})
    out.update(PIECE_NAMES)
    out.update(FACTION_NAMES)
    for reg in (OPERATIONS, SPECIAL_ACTIVITIES):
        for a in reg.values():
            out.setdefault(a.name, a.label)
    for k, v in {**WORD_NAMES, **viceroy_names()}.items():
        out.setdefault(k, v)
    return out


# Other ids messages carry as parameters: boxes (1.4.1), Event sides (5.1),
# Eligibility roles (2.3.2)
WORD_NAMES = {
    "available": "Available", "out_of_play": "Out of Play", "prison": "Prison",
    "unshaded": "unshaded", "shaded": "shaded", "first": "1st", "second": "2nd",
    "protest": "Protest", "unrest": "Unrest", "strike": "Strike", "neutral": "Neutral",
    "shift": "shift", "underground": "Underground",
    "success": "success", "failure": "failure", "hit": "hit", "miss": "miss",
    "victory_check": "Victory Check", "final": "final Victory",
    "pakistan_movement": "Pakistan Movement", "secret_societies": "Secret Societies",
}


def viceroy_names() -> dict[str, str]:
    """``{"lord_irwin": "Lord Irwin", ...}``: the Viceroys of the Campaign cards."""
    import re

    return {re.sub(r"[^a-z]+", "_", c.viceroy.lower()).strip("_"): c.viceroy
            for c in get_data().cards.campaigns.values()}
