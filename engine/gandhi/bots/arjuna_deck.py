"""The Arjuna deck (8.3): which Operation and Special Activity an NP faction
does, read from the cards' flowcharts (``data/arjuna.yaml``).

The deck is not stored in the state (``choose`` may not change it): each NP
faction's six cards are kept as a separate deck (the NOTE of 8.3 allows it),
in an order fixed by ``(seed, Campaign rounds played, faction)`` - reshuffled
at every Campaign round as 8.9.4 says - and the card revealed for a turn is
the one at position ``len(state.played)`` of that cycle; "Draw a New Card"
goes on to the next card of the cycle (R-8.3 in docs/rulings/bots.md).

``plan(state, faction, offered_ops)`` walks the cards: checks are evaluated
on the state (``CHECKS``; an unknown check counts as false), "flip" turns to
the back, "draw" to the next card; an Operation box is taken if the engine
offers that Operation now, else the next card is drawn (8.3 step 3, 8.6).
Returns ``Plan(letter, op, column, sas, activation)``; ``sa_first`` says
the card is read top to bottom (8.3 step 3) and put a Special Activity box
before the Operation box (card BB: "Govern first", 8.6 example), else the
Special Activity follows the Operation.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .. import derived as dv
from ..data import get_data
from ..data.arjuna import load_arjuna
from .random_spaces import turn_die

OP_NAMES = {"Deploy": "deploy", "Sweep": "sweep", "Assault": "assault", "Garrison": "garrison",
            "Rally": "rally", "Demonstrate": "demonstrate", "Civil Disobedience": "civil_disobedience",
            "Civil Disobedience (continued)": "civil_disobedience", "Non-Cooperation": "non_cooperation",
            "March": "march", "Attack": "attack", "Unrest": "riot"}
SA_NAMES = {"Govern": "govern", "Martial Law": "martial_law", "Treaty": "treaty", "Negotiate": "negotiate",
            "Satyagraha": "satyagraha", "Persuade": "persuade", "Infiltrate": "infiltrate", "Aid": "aid",
            "Assassinate": "assassinate"}
# Default Space Selection column of each Operation / Special Activity (8.6, 8.7)
OP_COLUMN = {
    "raj": {"deploy": "place_cubes", "garrison": "place_cubes", "sweep": "sweep", "assault": "remove",
            "govern": "shift_support", "martial_law": "remove", "treaty": "remove"},
    "inc": {"rally": "place_activists", "demonstrate": "demonstrate", "civil_disobedience": "place_protest",
            "non_cooperation": "shift_opposition", "negotiate": "remove", "satyagraha": "gandhi",
            "persuade": "remove"},
    "ml": {"rally": "place_activists", "demonstrate": "demonstrate", "civil_disobedience": "place_protest",
           "non_cooperation": "shift_opposition", "negotiate": "muslim_state", "infiltrate": "remove",
           "persuade": "remove"},
    "rev": {"rally": "place_guerrillas", "march": "march", "attack": "attack", "riot": "place_unrest",
            "aid": "place_guerrillas", "infiltrate": "remove", "assassinate": "remove"},
}


def _cards(faction: str):
    return [c for c in load_arjuna() if c.faction == faction]


def deck_order(state, faction: str) -> list:
    """The faction's Arjuna cards in this Campaign segment's order (8.3, 8.9.4)."""
    cards = _cards(faction)
    r = random.Random(f"arjuna:{state.seed}:{state.campaigns_done}:{faction}")
    order = list(range(len(cards)))
    r.shuffle(order)
    return [cards[i] for i in order]


def _pieces(state, kinds) -> int:
    return sum(sp.pieces.get(k, 0) for sp in state.spaces.values() for k in kinds)


def _any(state, pred) -> bool:
    return any(pred(s, sp) for s, sp in state.spaces.items())


def _ug(sp):
    return sp.pieces.get("guerrilla_underground", 0)


def _g(sp):
    return dv.guerrillas(sp)


def _pop(s):
    return dv.population(s)


def _muslim(s):
    return dv.sdef(s).muslim


def _check_table():
    t = {}
    t["Die roll ≤ Available Troops?"] = lambda st, salt: turn_die(st, "card", salt) <= st.available.get("troop", 0)
    t["Die roll ≤ Available Guerrillas?"] = lambda st, salt: turn_die(st, "card", salt) <= st.available.get("guerrilla", 0)
    t["Die roll ≤ Available + Congress Activists in Jail?"] = lambda st, salt: turn_die(st, "card", salt) <= (
        st.available.get("inc_activist", 0) + st.prison.get("inc_activist", 0))
    t["Die roll ≤ Available + ML Activists in Jail?"] = lambda st, salt: turn_die(st, "card", salt) <= (
        st.available.get("ml_activist", 0) + st.prison.get("ml_activist", 0))
    t["Die roll ≤ ML Activists in Jail?"] = lambda st, salt: turn_die(st, "card", salt) <= st.prison.get("ml_activist", 0)
    t["2+ Protest markers Available?"] = lambda st, salt: dv.protest_available(st) >= 2
    t["Any Protest marker Available?"] = lambda st, salt: dv.protest_available(st) >= 1
    t["Any Protest marker available?"] = t["Any Protest marker Available?"]
    t["6+ Congress Activists in India?"] = lambda st, salt: _pieces(st, ("inc_activist",)) >= 6
    t["6+ Muslim League Activists in India?"] = lambda st, salt: _pieces(st, ("ml_activist",)) >= 6
    t["6+ Guerrillas in India?"] = lambda st, salt: _pieces(st, ("guerrilla_active", "guerrilla_underground")) >= 6
    t["Any Congress piece in spaces without Protest?"] = lambda st, salt: _any(
        st, lambda s, sp: not sp.protest and (sp.pieces.get("inc_activist", 0) or sp.pieces.get("gandhi", 0)))
    t["Any Muslim League Activist in spaces without Protest?"] = lambda st, salt: _any(
        st, lambda s, sp: not sp.protest and sp.pieces.get("ml_activist", 0))
    t["Any Protest space with Raj Control?"] = lambda st, salt: _any(
        st, lambda s, sp: sp.protest and dv.raj_control(st, s))
    t["Any Protest space without Congress Activists?"] = lambda st, salt: _any(
        st, lambda s, sp: sp.protest and not sp.pieces.get("inc_activist", 0))
    t["Any Protest space without Activists?"] = lambda st, salt: _any(
        st, lambda s, sp: sp.protest and not dv.activists(sp))
    t["Any Underground Guerrillas in Opposition spaces?"] = lambda st, salt: _any(
        st, lambda s, sp: sp.support < 0 and _ug(sp))
    t["Any Underground Guerrilla in Muslim spaces?"] = lambda st, salt: _any(st, lambda s, sp: _muslim(s) and _ug(sp))
    t["Any Underground Guerrilla in Support spaces?"] = lambda st, salt: _any(st, lambda s, sp: sp.support > 0 and _ug(sp))
    t["NV Activists equal or exceed cubes in any space without Protest?"] = lambda st, salt: _any(
        st, lambda s, sp: not sp.protest and dv.activists(sp) and dv.activists(sp) >= dv.cubes(sp))
    t["Is India in Crisis?"] = lambda st, salt: dv.crisis(st)
    t["2+ spaces with cubes and Active adversaries?"] = lambda st, salt: sum(
        1 for s, sp in st.spaces.items() if dv.cubes(sp) and dv.active_adversaries(st, s)) >= 2
    t["6+ cubes in total in Protest spaces?"] = lambda st, salt: sum(
        dv.cubes(sp) for sp in st.spaces.values() if sp.protest) >= 6
    t["All Protest spaces (if any) have cubes?"] = lambda st, salt: all(
        dv.cubes(sp) for sp in st.spaces.values() if sp.protest)
    t["Any 2-Pop Province without Raj Control?"] = lambda st, salt: _any(
        st, lambda s, sp: _pop(s) == 2 and dv.sdef(s).type == "province" and not dv.raj_control(st, s))
    t["Any 2-Pop space at Active Opposition?"] = lambda st, salt: _any(st, lambda s, sp: _pop(s) == 2 and sp.support == -2)
    t["Any space where twice the cubes exceed the Active adversaries?"] = lambda st, salt: _any(
        st, lambda s, sp: dv.active_adversaries(st, s) and 2 * dv.cubes(sp) > dv.active_adversaries(st, s))
    nb = lambda st, s: dv.active_adversaries(st, s) - dv.bases(st.spaces[s])  # noqa: E731
    t["Cubes exceed all Active non-Base adversaries in any 2-Pop space?"] = lambda st, salt: _any(
        st, lambda s, sp: _pop(s) == 2 and nb(st, s) and dv.cubes(sp) > nb(st, s))
    t["Cubes exceed all Active non-Base adversaries in any space?"] = lambda st, salt: _any(
        st, lambda s, sp: nb(st, s) and dv.cubes(sp) > nb(st, s))
    t["Troops in Cities exceed Troops in Provinces?"] = lambda st, salt: sum(
        sp.pieces.get("troop", 0) for s, sp in st.spaces.items() if dv.sdef(s).type == "city") > sum(
        sp.pieces.get("troop", 0) for s, sp in st.spaces.items() if dv.sdef(s).type == "province")
    t["3+ Guerrillas in any space without Unrest?"] = lambda st, salt: _any(st, lambda s, sp: not sp.unrest and _g(sp) >= 3)
    t["3+ Guerrillas in any space?"] = lambda st, salt: _any(st, lambda s, sp: _g(sp) >= 3)
    t["Any 2-Pop Province without Unrest and with no Guerrilla?"] = lambda st, salt: _any(
        st, lambda s, sp: _pop(s) == 2 and dv.sdef(s).type == "province" and not sp.unrest and not _g(sp))
    t["Any Guerrilla in 2-Pop spaces without Unrest?"] = lambda st, salt: _any(
        st, lambda s, sp: _pop(s) == 2 and not sp.unrest and _g(sp))
    t["Any Guerrilla where there is no Unrest?"] = lambda st, salt: _any(st, lambda s, sp: not sp.unrest and _g(sp))
    t["Any Underground Guerrilla where there is no Unrest?"] = lambda st, salt: _any(
        st, lambda s, sp: not sp.unrest and not sp.strike and _ug(sp))
    t["Any Underground Guerrilla without Unrest?"] = t["Any Underground Guerrilla where there is no Unrest?"]
    t["Any Unrest or Revolutionary Bases without Guerrillas?"] = lambda st, salt: _any(
        st, lambda s, sp: (sp.unrest or sp.pieces.get("rev_base", 0)) and not _g(sp))
    t["Guerrillas exceed Unity in any space without a Revolutionary Base?"] = lambda st, salt: _any(
        st, lambda s, sp: not sp.pieces.get("rev_base", 0) and _g(sp) > st.unity)
    t["Underground Guerrillas in 2+ 2-Pop spaces without Unrest?"] = lambda st, salt: sum(
        1 for s, sp in st.spaces.items() if _pop(s) == 2 and not sp.unrest and _ug(sp)) >= 2
    # Non-Cooperation availability is judged by the engine's offer (see plan())
    return t


CHECKS = _check_table()


@dataclass
class Plan:
    """What the Arjuna deck tells an NP faction to do this turn (8.3)."""

    letter: str = ""
    op: str | None = None
    column: str | None = None
    sas: list[str] = field(default_factory=list)
    activation: str | None = None
    draws: int = 0
    sa_opts: list = field(default_factory=list)  # the cards' Special Activity boxes, in order (8.7)
    sa_first: bool = False  # 8.3: a Special Activity box read before the Operation box is done first
    continued: bool = False  # an Operation box "(continued)" after the Special Activity box (cards H, J)


def _check(state, text: str, faction: str, offered: set[str], salt: str) -> bool:
    if "Non-Cooperation" in text:
        return "non_cooperation" in offered
    if text == "Would Negotiate place a Muslim State?":
        return any(not sp.muslim_state and dv.sdef(s).muslim and dv.sdef(s).type == "province"
                   for s, sp in state.spaces.items())
    fn = CHECKS.get(text)
    return bool(fn(state, salt)) if fn else False


def _sa_list(step) -> list[str]:
    return [SA_NAMES[o.activity] for o in step.sa if o.activity in SA_NAMES]


def plan(state, faction: str, offered_ops, max_draws: int = 12) -> Plan:
    """Walk the Arjuna cards (8.3) until an Operation the engine offers is
    found; ``offered_ops`` are the Operation ids of the ``op.choose`` decision.
    Returns a Plan whose ``op`` is None if no card yields an offered one."""
    offered = set(offered_ops)
    order = deck_order(state, faction)
    start = len(state.played)
    sas: list[str] = []
    opts: list = []
    for k in range(max_draws):
        card = order[(start + k) % len(order)]
        face_i = 0
        i = 0
        hops = 0
        while hops < 40:
            hops += 1
            face = card.faces[face_i]
            if face.missing or i >= len(face.flow):
                break
            st = face.flow[i]
            salt = f"{card.letter}{face_i}{i}{k}"
            if st.kind == "check":
                br = st.yes if _check(state, st.check, faction, offered, salt) else st.no
                to = br.to
                if to == "next":
                    i += 1
                elif to == "flip":
                    face_i, i = 1 - face_i, 0
                elif to in ("draw", "stop"):
                    break
                elif to.startswith("check"):
                    try:
                        n = int(to.split()[1])
                    except (IndexError, ValueError):
                        break
                    idxs = [j for j, s in enumerate(face.flow) if s.kind == "check"]
                    i = idxs[n - 1] if 0 < n <= len(idxs) else i + 1
                else:
                    op = OP_NAMES.get(to)
                    if op in offered:
                        return Plan(face.letter, op, OP_COLUMN[faction].get(op), sas + _rest_sas(face, i),
                                    face.activation_number, k, opts + _rest_opts(face, i), bool(sas),
                                    _continued(face, i))
                    i += 1
            elif st.kind == "special_activity":
                sas += _sa_list(st)
                opts += list(st.sa)
                i += 1
            elif st.kind in ("operation", "branch_ops"):
                names = [st.op] if st.op else [st.branch.yes.op] + ([st.branch.no.op] if st.branch.no else [])
                for name in names:
                    op = OP_NAMES.get(name)
                    if op in offered:
                        return Plan(face.letter, op, OP_COLUMN[faction].get(op), sas + _rest_sas(face, i),
                                    face.activation_number, k, opts + _rest_opts(face, i), bool(sas),
                                    _continued(face, i))
                break  # 8.6: no space for the Operation -> draw a new card
            else:
                break
    return Plan(draws=max_draws)


def _continued(face, i: int) -> bool:
    """Cards H and J: an Operation box "(continued)" after the Special
    Activity box that follows the Operation at ``face.flow[i]`` ("✓ Satyagraha
    was performed: place Protest in Gandhi's space")."""
    seen_sa = False
    for st in face.flow[i + 1:]:
        if st.kind == "special_activity":
            seen_sa = True
        elif st.kind == "operation" and seen_sa and "(continued)" in (st.op or ""):
            return True
    return False


# --- 8.3: the card read for an action holds for the whole action -------------
#: plans read when an NP faction chose its action (:func:`plan_action`), by turn
_ACTION_PLANS: dict[tuple, Plan] = {}
_MAX_REMEMBERED = 256


def _turn_key(state, faction: str, at: int) -> tuple:
    """The action's key: the game, the card, the faction and ``at``, the
    place in the log where the action's first entry ("log.op") goes."""
    return (state.seed, state.scenario, tuple(sorted((state.players or {}).items())), state.campaigns_done,
            len(state.played), state.current, faction, at)


def _action_start(state, faction: str) -> int | None:
    """Where the log entry that began ``faction``'s Operation under way is
    (its number in the whole log; None when the state holds only later
    entries, as one the service loaded: the card is then read again)."""
    for i in range(len(state.log) - 1, -1, -1):
        e = state.log[i]
        if e.get("key") == "log.op" and (e.get("params") or {}).get("faction") == faction:
            return getattr(state, "log_base", 0) + i
    return None


def plan_action(state, faction: str, offered_ops) -> Plan:
    """:func:`plan` at the moment the NP faction chooses its action (8.3:
    the card is revealed and read then), remembered for the rest of that
    action: :func:`action_plan` returns it while the Operation is carried
    out, when the board the card's checks read has changed (a Civil
    Disobedience's first Protest makes "2+ Protest markers Available?" false
    and would turn card H to its back mid-Operation). R-8.3-read-once."""
    from .eligibility import _SIM_DEPTH

    p = plan(state, faction, offered_ops)
    if _SIM_DEPTH[0] == 0 and p.op is not None:
        if len(_ACTION_PLANS) >= _MAX_REMEMBERED:
            _ACTION_PLANS.pop(next(iter(_ACTION_PLANS)))
        _ACTION_PLANS[_turn_key(state, faction, getattr(state, "log_base", 0) + len(state.log))] = p
    return p


def action_plan(state, faction: str, op: str) -> Plan:
    """The plan of the action under way whose Operation is ``op``: the one
    read when the action was chosen (:func:`plan_action`), else (an Event's
    Operation, or a bot started mid-action) the card read now, among the
    cards that give ``op``."""
    at = _action_start(state, faction)
    p = _ACTION_PLANS.get(_turn_key(state, faction, at)) if at is not None else None
    if p is not None and p.op == op:
        return p
    return plan(state, faction, [op])


def _rest_sas(face, i: int) -> list[str]:
    out: list[str] = []
    for st in face.flow[i:]:
        if st.kind == "special_activity":
            out += _sa_list(st)
    return out


def _rest_opts(face, i: int) -> list:
    out: list = []
    for st in face.flow[i:]:
        if st.kind == "special_activity":
            out += list(st.sa)
    return out


def activation_number(state, faction: str, op: str | None) -> int:
    """8.6.2: the Raj's Activation Number is the Restraint (Willingdon: Deploy 1,
    Irwin: Sweep 1, Chelmsford: Assault 1; 8.1.6); the Revolutionaries' is
    the Restraint unless the card says 2 or 3 (read from the face header)."""
    vk = get_data().cards.viceroy_key(state.viceroy)
    if faction == "raj":
        if (vk, op) in (("willingdon", "deploy"), ("irwin", "sweep"), ("chelmsford", "assault")):
            return 1
        return state.restraint
    return state.restraint
