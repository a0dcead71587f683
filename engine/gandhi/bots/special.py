"""NP Special Activities (8.7) and the 8.1.6 Viceroy changes to them.

The Arjuna card's Special Activity box lists Special Activities, each with
its actions (e.g. Govern: "Remove Protest where there are no Activists",
"Imperialism ...", "Remove adversaries"). 8.7: "Una Fazione NP implementerà
la prima Attività Speciale elencata possibile. Se una specifica Attività
Speciale non può essere eseguita (per mancanza di spazi disponibili ... o
una condizione di verifica non viene soddisfatta), saltarla" and, for the
Special Activities with several options, "implementare solo le azioni
indicate dalla carta Arjuna" (the card H example: Negotiate "to release
Gandhi" is skipped when Gandhi is not in Prison; Negotiate never removes a
Muslim State instead).

Each card line is read as one *action* (:data:`PHRASES`): a concept such as
``release_gandhi`` or ``remove_adversary``. :func:`space_actions` says which
actions a Special Activity can carry out in a space, from the engine's own
option functions; a Special Activity "can be done" when one of its card
actions can be done in one of the spaces the engine offers it
(:func:`first_doable`). Then:

* :func:`sa_spaces` narrows ``sa.loop`` to the spaces of the first card
  action that still has one (8.7.1 Govern / 8.7.2 Persuade: "if no space is
  available for the first action, do the second"), with that action's Space
  Selection column;
* :func:`step_choice` answers the engine's sub-decision (Govern mode,
  Imperialism, Negotiate, Satyagraha, Persuade, Infiltrate, Aid, Treaty,
  Assassinate) with the first card action it offers; removals and
  replacements by the Adversary Priorities (8.5), never the faction's own
  markers (8.5.3);
* :func:`sa_limit`: Govern, Persuade, Aid 2 spaces; Martial Law 1 (2 in
  Crisis); Negotiate, Satyagraha, Infiltrate, Assassinate 1; Treaty every
  State with Sepoys.

Martial Law (8.7.1, 8.1.6): spaces with Unrest and no Support; with Lord
Linlithgow the spaces without Unrest are chosen (any without Support).
Aid (8.7.4) only flips Guerrillas Underground. A Special Activity an Event
grants (no Arjuna card) uses :data:`DEFAULT_ACTIONS`.
"""
from __future__ import annotations

from .. import derived as dv
from ..actions import SPECIAL_ACTIVITIES
from ..data import get_data
from . import arjuna_deck, priorities

# a card line (lower case) -> the action it asks for; the first phrase found wins
PHRASES: list[tuple[str, str]] = [
    ("remove protest", "remove_protest"),
    ("imperialism", "imperialism"),
    ("remove active adversaries", "remove_adversary"),
    ("remove adversar", "remove_adversary"),
    ("assassinate 1 adversary", "remove_adversary"),
    ("replace 1 adversary", "replace_adversary"),
    ("activate guerrillas", "activate"),
    ("add 1 activist", "add_activist"),
    ("remove unrest", "remove_unrest"),
    ("remove 1 unrest", "remove_unrest"),
    ("release gandhi", "release_gandhi"),
    ("remove a muslim state", "remove_muslim_state"),
    ("place a muslim state", "place_muslim_state"),
    ("place a base", "place_base"),
    ("go underground", "underground"),
    ("where there is unrest", "martial_law"),
    ("move gandhi", "move_gandhi"),
]

# the actions of a Special Activity an Event grants (no Arjuna card), in the cards' usual order
DEFAULT_ACTIONS = {
    "govern": ["remove_protest", "imperialism", "remove_adversary"],
    "martial_law": ["martial_law"],
    "treaty": ["remove_adversary"],
    "negotiate": ["release_gandhi", "remove_muslim_state", "place_muslim_state", "remove_unrest"],
    "satyagraha": ["move_gandhi", "remove_unrest", "add_activist"],
    "persuade": ["activate", "remove_adversary"],
    "infiltrate": ["place_muslim_state", "place_base", "replace_adversary"],
    "aid": ["underground"],
    "assassinate": ["remove_adversary"],
}

# the engine's sub-decision ids an action takes, best first (Imperialism: Unrest first,
# then the Muslim State, else shift toward Support, 8.7.1)
ACTION_IDS = {
    "remove_protest": ("protest",),
    "imperialism": ("imperialism", "unrest", "muslim_state", "shift"),
    "remove_adversary": ("remove",),
    "activate": ("activate",),
    "add_activist": ("activist",),
    "remove_unrest": ("unrest", "remove"),
    "release_gandhi": ("gandhi",),
    "remove_muslim_state": ("muslim_state",),
    "place_muslim_state": ("muslim_state",),
    "place_base": ("base",),
    "underground": ("underground",),
}
# actions that pick a piece by the Adversary Priorities when no id above is offered (8.5)
PIECE_ACTIONS = ("remove_adversary", "replace_adversary")
CONTROL_IDS = ("none", "done", "activate", "muslim_state", "base", "move", "remove", "resources", "underground",
               "unrest", "shift", "imperialism", "activist", "gandhi")

# the Space Selection column of each action (8.7.1-8.7.4)
COLUMN = {
    "remove_protest": "remove", "imperialism": "shift_support", "remove_adversary": "remove",
    "replace_adversary": "remove", "martial_law": "remove", "activate": "remove", "remove_unrest": "remove",
    "remove_muslim_state": "remove", "release_gandhi": "gandhi", "move_gandhi": "gandhi",
    "place_muslim_state": "muslim_state", "place_base": "place_bases", "underground": "attack",
}


def line_action(text: str) -> str | None:
    """The action a card line asks for (:data:`PHRASES`), or None."""
    t = text.lower()
    return next((a for p, a in PHRASES if p in t), None)


def option_actions(opt) -> list[str]:
    """The actions of one Special Activity entry of a card box, in order."""
    out: list[str] = []
    for text in [opt.text, *opt.steps]:
        a = line_action(text)
        if a and a not in out:
            out.append(a)
    return out


def card_options(state, ctx) -> list:
    """The card's Special Activity entries for this action (8.3), in order."""
    if not ctx or not ctx.get("op"):
        return []
    return list(arjuna_deck.action_plan(state, ctx["faction"], ctx["op"]).sa_opts)


def sa_actions(state, ctx) -> list[str]:
    """The actions of the Special Activity under way: the card's entries for
    it, in order (8.7); an Event's Special Activity: :data:`DEFAULT_ACTIONS`."""
    sa = ctx.get("sa") if ctx else None
    out: list[str] = []
    for o in card_options(state, ctx):
        if arjuna_deck.SA_NAMES.get(o.activity) == sa:
            out += [a for a in option_actions(o) if a not in out]
    return out or list(DEFAULT_ACTIONS.get(sa or "", []))


def card_actions(state, ctx) -> list[str]:
    """The texts of the card's box for the Special Activity under way (8.7)."""
    if not ctx or not ctx.get("sa"):
        return []
    out: list[str] = []
    for o in card_options(state, ctx):
        if arjuna_deck.SA_NAMES.get(o.activity) == ctx["sa"]:
            out += [o.text] + list(o.steps)
    return [t.lower() for t in out]


def _viceroy(state) -> str | None:
    return get_data().cards.viceroy_key(state.viceroy) if state.viceroy else None


def _martial_ok(state, sid: str) -> bool:
    sp = state.spaces[sid]
    if sp.support > 0:
        return False
    return _viceroy(state) == "linlithgow" or bool(sp.unrest or sp.strike)


def space_actions(state, faction: str, sa: str, sid: str) -> set[str]:
    """The actions Special Activity ``sa`` of ``faction`` can carry out in
    ``sid`` now, read from the engine's own option functions (4.2-4.5)."""
    from ..special_activities import congress, muslim_league, raj, revolutionaries as rv

    sp = state.spaces[sid]
    out: set[str] = set()
    if sa == "govern":
        modes = raj.govern_modes(state, sid)
        if dv.activists(sp) or imperialism_room(state) <= 0:  # 8.7.1 example: Imperialism in "spazi con cubi
            modes = [m for m in modes if m != "imperialism"]  # e privi di Attivisti", within the die roll
        out |= {a for m, a in (("protest", "remove_protest"), ("imperialism", "imperialism"),
                               ("remove", "remove_adversary")) if m in modes}
    elif sa == "martial_law":
        if _martial_ok(state, sid):
            out.add("martial_law")
    elif sa == "treaty":
        if "remove" in raj.treaty_modes(state, sid):
            out.add("remove_adversary")
    elif sa == "negotiate" and faction == "inc":
        if state.prison.get("gandhi", 0):
            out.add("release_gandhi")
        if "muslim_state" in congress.congress_negotiate_options(state, sid):
            out.add("remove_muslim_state")
    elif sa == "negotiate":
        opts = muslim_league.ml_negotiate_options(state, sid)
        out |= {a for m, a in (("muslim_state", "place_muslim_state"), ("unrest", "remove_unrest")) if m in opts}
    elif sa == "satyagraha":
        out.add("move_gandhi")
        if sp.unrest:
            out.add("remove_unrest")
        if state.available.get("inc_activist", 0):
            out.add("add_activist")
    elif sa == "persuade":
        opts = congress.persuade_options(state, faction, sid)
        if "activate" in opts:
            out.add("activate")
        if [o for o in opts if o != "activate"]:
            out.add("remove_adversary")
    elif sa == "infiltrate" and faction == "ml":
        opts = muslim_league.infiltrate_options(state, sid)
        if "muslim_state" in opts:
            out.add("place_muslim_state")
        if [o for o in opts if o not in ("muslim_state", "protest")]:  # 8.5.3: never the own Protest
            out.add("replace_adversary")
    elif sa == "infiltrate":
        opts = rv.infiltrate_options(state, sid)
        if "base" in opts:
            out.add("place_base")
        if [o for o in opts if o != "base"]:
            out.add("replace_adversary")
    elif sa == "aid":
        if "underground" in rv.aid_options(state, sid):
            out.add("underground")
    elif sa == "assassinate":
        out.add("remove_adversary")
    return out


def imperialism_room(state) -> int:
    """8.7.1 Imperialism: "tirare un dado. Il Raj NP tenterà di rimuovere
    segnalini Disordini e Stato Musulmano, e di aumentare il Supporto in due
    spazi di un numero di livelli non superiore al risultato del tiro di
    dado ... sino al limite posto dal risultato del tiro di dado" (the 8.7.1
    example: a 2, one Unrest removed, one level: Imperialism is complete and
    the second Govern space takes the next action). What the die still allows
    in the Govern under way: the die (fixed for the turn, R-8.3) minus the
    Imperialism purchases logged since the Special Activity began
    (R-8.7.1-die)."""
    from .random_spaces import turn_die

    used = 0
    for e in reversed(state.log):
        if e.get("key") == "log.sa":
            break
        if e.get("key") == "log.raj_imperialism":
            used += 1
    return turn_die(state, "govern-imperialism") - used


def _offered_spaces(state, ctx, sa: str) -> list[str]:
    act = SPECIAL_ACTIVITIES.get(f"{ctx['faction']}.{sa}")
    if act is None:
        return []
    return list(act.selectable(state, dict(ctx, sa=sa)))


def doable(state, ctx, sa: str, actions: list[str]) -> bool:
    """8.7: Special Activity ``sa`` "can be done" for these card actions:
    one of them can be carried out in a space the engine offers it. Gandhi's
    move needs a space other than his own, or an action there after it."""
    for sid in _offered_spaces(state, ctx, sa):
        acts = space_actions(state, ctx["faction"], sa, sid) & set(actions)
        if acts - {"move_gandhi"} or ("move_gandhi" in acts and not state.spaces[sid].pieces.get("gandhi", 0)):
            return True
    return False


def first_doable(state, ctx, offered: list[str]) -> str | None:
    """8.7: the first Special Activity the card lists that is offered
    (``offered``: names) and can be done; None if none can."""
    for o in card_options(state, ctx):
        name = arjuna_deck.SA_NAMES.get(o.activity)
        if name in offered and doable(state, ctx, name, option_actions(o)):
            return name
    return None


def sa_limit(state, ctx) -> int:
    """How many spaces the NP faction's Special Activity takes (8.7)."""
    sa = ctx.get("sa")
    if sa == "martial_law":
        return 2 if dv.crisis(state) else 1
    if sa in ("infiltrate", "assassinate", "negotiate", "satyagraha"):
        return 1
    if sa == "treaty":
        return 99
    return 2


def sa_spaces(state, ctx, spaces: list[str]) -> tuple[list[str], str | None]:
    """``(spaces, column)``: the candidates of ``sa.loop`` for the first card
    action (in order) that one of them allows, and its Space Selection
    column; ``([], None)`` when no card action can be done (8.7: skip)."""
    sa = ctx.get("sa")
    f = ctx["faction"]
    acts = {s: space_actions(state, f, sa, s) for s in spaces}
    for action in sa_actions(state, ctx):
        sub = [s for s in spaces if action in acts[s]]
        if action == "martial_law" and _viceroy(state) == "linlithgow":  # 8.1.6: without Unrest first
            sub = [s for s in sub if not (state.spaces[s].unrest or state.spaces[s].strike)] or sub
        if action == "move_gandhi":  # Gandhi "moves in place" only for an action there (8.7.2)
            sub = [s for s in sub if not state.spaces[s].pieces.get("gandhi", 0) or acts[s] - {"move_gandhi"}]
        if sub:
            col = COLUMN.get(action)
            if col not in priorities.COLUMNS[f]:
                col = arjuna_deck.OP_COLUMN[f].get(sa)
            return sub, col
    return [], None


def _step_space(state) -> str | None:
    top = state.stack[-1] if state.stack else {}
    sid = top.get("space") or top.get("sid") or (top.get("ctx") or {}).get("sid")
    return sid if sid in state.spaces else None


def step_choice(state, d) -> str | None:
    """The first card action (in order) that the sub-decision ``d`` offers:
    its id, or for a removal/replacement the adversary piece by 8.5 (never
    the faction's own, 8.5.3); None if the card gives none of them."""
    ctx = state.action
    ids = d.ids()
    pieces = [c for c in ids if c not in CONTROL_IDS and not priorities.is_own(d.actor, c)]
    sid = _step_space(state)
    here = space_actions(state, d.actor, ctx.get("sa") or "", sid) if sid and ctx else None
    for action in sa_actions(state, ctx):
        if here is not None and action not in here:  # e.g. "✓ Unrest" where there is none
            continue
        if action == "imperialism" and imperialism_room(state) <= 0:  # 8.7.1: the die's limit is reached
            continue
        for c in ACTION_IDS.get(action, ()):
            if c in ids:
                return c
        if action in PIECE_ACTIONS and pieces:
            return priorities.rank_adversary(state, d.actor, pieces)[0]
    return None
