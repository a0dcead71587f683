"""NP Eligibility (8.2.1) and NP Events (8.8.1-8.8.3).

``act_choice(state, decision)`` answers the ``sop.act`` decision of a bot
faction by the NP Eligibility table:

1st Eligible: (1) Critical and effective Event -> Event; (2) the next
Eligible faction could choose a Critical Event -> Operation only; (3) surely
1st Eligible on the next card whose Event is Critical for it -> Pass;
(4) Operation + Special Activity.

2nd Eligible: (1) surely 1st on the next card, that Event Critical for it,
and the current Event not Critical or not implementable -> Pass; (2) the 1st
did Op + SA and the Event is effective -> Event; (3) surely 1st Eligible on
the next card -> Pass; (4) the 1st did Operation only, or the Event is not
effective -> Limited Operation; (5) Operation + Special Activity.

Which side (8.8.2): the Raj the unshaded text; the others the shaded text,
unless the card's icon has a halo for them (``halo`` in cards.yaml).

Effective (8.8.3) is judged by playing the Event on a copy of the state with
the bot's own choices and comparing the Effective Events table's measures
(Resources ignored): R-8.8.3 in docs/rulings/bots.md.
"""
from __future__ import annotations

from ..data import get_data
from ..state import FACTIONS

_SIM_DEPTH = [0]


def np_side(number: int, faction: str) -> str:
    """The Event side an NP faction plays (8.8.2): "unshaded" or "shaded"."""
    if faction == "raj":
        return "unshaded"
    card = get_data().cards.events[number]
    return "unshaded" if faction in card.halo else "shaded"


def is_critical(number: int | None, faction: str) -> bool:
    """8.8.1: the faction's icon is underlined on Event card ``number``."""
    if number is None or get_data().cards.is_campaign(number):
        return False
    return faction in get_data().cards.events[number].critical


def measures(state, faction: str) -> dict[str, int]:
    """The Effective Events table's measures (8.8.3) for ``faction``; each is
    oriented so that an increase is effective."""
    from .. import derived as dv

    sps = state.spaces
    m = get_data().map.spaces
    totals: dict[str, int] = {}
    for sp in sps.values():
        for k, v in sp.pieces.items():
            totals[k] = totals.get(k, 0) + v
    pieces = lambda kinds: sum(totals.get(k, 0) for k in kinds)  # noqa: E731
    own = {"raj": ("troop", "sepoy"), "inc": ("inc_activist", "gandhi"), "ml": ("ml_activist", "ml_base"),
           "rev": ("guerrilla_active", "guerrilla_underground", "rev_base")}
    adv = tuple(k for f, ks in own.items() if f != faction for k in ks)
    unrest = sum(sp.unrest + sp.strike for sp in sps.values())
    protest = sum(1 for sp in sps.values() if sp.protest)
    ms = sum(1 for sp in sps.values() if sp.muslim_state)
    out = {"adversaries_removed": -pieces(adv)}
    if faction == "raj":
        out.update(support=dv.total_support(state) - dv.total_opposition(state), cubes=pieces(own["raj"]),
                   oop=-(state.out_of_play.get("troop", 0) + state.out_of_play.get("sepoy", 0)),
                   markers=-(unrest + ms + protest))
    elif faction == "inc":
        out.update(opposition=dv.total_opposition(state) - dv.total_support(state),
                   activists=pieces(("inc_activist",)), protest=protest,
                   boxes=-(state.out_of_play.get("inc_activist", 0) + state.prison.get("inc_activist", 0)
                           + state.prison.get("gandhi", 0)),
                   markers=-(unrest + ms))
    elif faction == "ml":
        out.update(muslim_opposition=dv.muslim_opposition(state), muslim_state=ms, pieces=pieces(own["ml"]),
                   protest=sum(1 for s, sp in sps.items() if sp.protest and m[s].muslim),
                   boxes=-(state.out_of_play.get("ml_activist", 0) + state.prison.get("ml_activist", 0)),
                   support=-dv.total_support(state), unrest=-unrest)
    else:
        human = lambda f: state.players.get(f, "human") != "bot"  # noqa: E731
        out.update(unrest=unrest, pieces=pieces(own["rev"]), oop=-state.out_of_play.get("guerrilla", 0))
        if human("raj"):
            out["support"] = -dv.total_support(state)
        if human("inc") or human("ml"):
            out["opposition"] = -dv.total_opposition(state)
    return out


def trial_copy(state):
    """A copy of ``state`` for a look-ahead: the log left out (no look-ahead
    reads it), so a late game's long log is not copied at every trial."""
    return type(state).model_validate_json(state.model_dump_json(exclude={"log"}))


def effective(state, faction: str, side: str, number: int | None = None, max_choices: int = 300) -> bool:
    """8.8.3: would playing ``side`` of the current Event now improve any of
    ``faction``'s Effective Events measures? Played on a copy with the bots'
    choices; the original state is untouched."""
    from ..events import event_playable
    from . import choose

    number = state.current if number is None else number
    if number is None or not event_playable(state, number, side, faction):
        return False
    if _SIM_DEPTH[0] > 0:
        return False
    before = measures(state, faction)
    sim = trial_copy(state)
    from ...core.steps import push, frame
    from ..events import push_event

    _SIM_DEPTH[0] += 1
    try:
        depth = len(sim.stack)
        push(sim, frame("sop.card"))  # a guard frame: the Event is done when it is on top again
        sim.stack.pop()
        push_event(sim, number, side, faction)
        n = 0
        while len(sim.stack) > depth and sim.result is None and n < max_choices:
            top = sim.stack[-1]
            from ...core.steps import handler

            h = handler(top, sim.game)
            if h.auto:
                sim.stack.pop()
                h.run(sim, top)
                continue
            d = h.decision(sim, top)
            if not d.choices:
                break
            cid = choose(sim, d)
            sim.stack.pop()
            h.apply(sim, top, cid)
            sim.move += 1
            n += 1
    except Exception:
        return False
    finally:
        _SIM_DEPTH[0] -= 1
    after = measures(sim, faction)
    return any(after[k] > before[k] for k in before)


def _next_eligible(state, faction: str) -> str | None:
    from ...coin.sop import candidates

    cands = candidates(state)
    rest = [f for f in cands if f != faction]
    return rest[0] if rest else None


def surely_first_next(state, faction: str) -> bool:
    """True if ``faction`` will surely be 1st Eligible on the next card (8.2.1):
    the next card is an Event and every faction before it in that card's order
    has already acted on this card (so it will be Ineligible)."""
    nxt = state.next
    if nxt is None or get_data().cards.is_campaign(nxt):
        return False
    t = state.turn
    for f in get_data().cards.events[nxt].faction_order:
        if f == faction:
            return True
        will_be_ineligible = (f in t.acted and f not in t.stay_eligible) or f in t.make_ineligible
        if not will_be_ineligible:
            return False
    return False


def act_choice(state, decision) -> str:
    """The NP Eligibility table's answer (8.2.1) among ``decision.choices``."""
    f = decision.actor
    ids = decision.ids()
    first = not state.turn.acted
    card = state.current
    side = np_side(card, f)
    ev = f"event-{side}"
    ev_ok = ev in ids and effective(state, f, side)
    if first:
        if ev_ok and is_critical(card, f):
            return ev
        nxt = _next_eligible(state, f)
        if nxt is not None and is_critical(card, nxt) and "op" in ids:
            return "op"
        if surely_first_next(state, f) and is_critical(state.next, f):
            return "pass"
        for c in ("op+sa", "op", ev if ev_ok else None, "pass"):
            if c in ids:
                return c
        return ids[0]
    # 2nd Eligible
    if surely_first_next(state, f) and is_critical(state.next, f) and (not is_critical(card, f) or not ev_ok):
        return "pass"
    if state.turn.first_action == "op+sa" and ev_ok:
        return ev
    if surely_first_next(state, f):
        return "pass"
    if state.turn.first_action == "op" or not ev_ok:
        if "limited-op" in ids:
            return "limited-op"
    for c in ("op+sa", "op", "limited-op", "pass"):
        if c in ids:
            return c
    return ids[-1]


__all__ = ["act_choice", "effective", "is_critical", "np_side", "surely_first_next", "measures", "FACTIONS"]
