"""Events resolved by the players (issues 18, 33): the card texts are not
ours to ship, so the faction taking an Event applies its effect with audited
edits, every effect a card can have: place, remove (Coalition pieces to
Casualties, seed L43), return to Available, move or flip Guerrillas; Terror,
Sabotage and +1 Pop markers; Support; Aid / Patronage / Resources; Islamabad;
a faction's Eligibility for the next card; the card's Capability or Momentum
in play, any other out of play.

Each edit is checked by the rule the Operations use (stacking and Pakistan:
:func:`~engine.adp.board.may_hold`; Terror and Sabotage:
:func:`~engine.adp.board.mark_terror`; +1 Pop: :func:`~engine.adp.board.can_place_pop`;
tracks 0-75: :func:`~engine.adp.board.add_track`), logged on its own, and
the whole Event ends with a before/after summary everyone sees
(:mod:`engine.adp.proposal`).
"""
from __future__ import annotations

from ..core.engine import log
from .board import (BASES, MAX_BASES, add_resources, add_track, bases_in, can_place_pop, flip, mark_terror, may_hold,
                    move, n, place, remove_enemy, remove_to, set_pop)
from .data import MAP_TO_BOX, OWNER, get_data
from .flow import Prompt, ask, choice, count_choices, prompt
from .ops.common import QTY, pick, picker, quantity
from .proposal import close_event, open_event
from .ruleset import at_least
from .state import FACTIONS, AdpState

MAX_EDITS = 12   # a bound so that every Event ends (self-play); far above a real card
KINDS = tuple(MAP_TO_BOX)
TRACKS = ("aid", "patronage", "government", "taliban", "warlords")
DELTAS = (-10, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 10)
FLIPS = {"taliban:active": ("taliban", True), "taliban:underground": ("taliban", False),
         "warlords:active": ("warlords", True), "warlords:underground": ("warlords", False)}


def start_event(state: AdpState, faction: str, side: str) -> list:
    c = get_data().cards[state.current]
    state.action = {"faction": faction, "event": c.number, "side": side, "edits": 0}
    open_event(state)
    log(state, "log.event_manual", "{faction} takes Event #{card} {title} ({side}); the players resolve its text.",
        actor=faction, faction=faction, card=c.number, title=c.title, side=side)
    return [ask("event.edit")]


def _marker_kind(state: AdpState) -> str | None:
    a = state.action
    c = get_data().cards[a["event"]]
    if any(m["card"] == c.number for m in state.capabilities + state.momentum):
        return None
    if c.capability:
        return "capability"
    if a["side"] in c.momentum:
        return "momentum"
    return None


def _spaces(state: AdpState) -> dict[str, list[str]]:
    """The spaces each space edit may touch, by the rules' limits."""
    data = get_data()
    with_pieces = [s for s, v in state.spaces.items() if v.pieces]
    out = {"place": [s for s in state.spaces if _placeable(state, s)],
           "remove": with_pieces, "move": with_pieces,
           "support": [s for s, d in data.spaces.items() if not d.is_loc],
           "flip": [s for s in state.spaces if _flips(state, s)],
           "terror": [s for s, d in data.spaces.items() if not d.is_loc],
           "sabotage": [s for s, d in data.spaces.items() if d.is_loc],
           "pop": [s for s in state.spaces if can_place_pop(state, s) or state.spaces[s].returnees]}
    if at_least(state, 2):
        out["return"] = [s for s in with_pieces if any(OWNER[k] == "coalition" for k in state.spaces[s].pieces)]
    return out


MENU = (("place", "choice.edit_place", "Place pieces from Available"),
        ("remove", "choice.edit_remove", "Remove pieces to Available"),
        ("return", "choice.edit_return", "Return Coalition pieces to Available"),
        ("move", "choice.edit_move", "Move pieces"),
        ("flip", "choice.edit_flip", "Flip Guerrillas (Active / Underground)"),
        ("terror", "choice.edit_terror", "Place or remove a Terror marker"),
        ("sabotage", "choice.edit_sabotage", "Place or remove Sabotage"),
        ("pop", "choice.edit_pop", "Place or remove a +1 Pop marker"),
        ("support", "choice.edit_support", "Set Support / Opposition"))


def _menu(state: AdpState) -> list:
    a = state.action
    out = []
    if a["edits"] < MAX_EDITS:
        spaces = _spaces(state)
        for cid, key, text in MENU:
            if cid == "remove" and at_least(state, 2):
                key, text = "choice.edit_remove_casualties", "Remove pieces (Coalition to Casualties)"
            if spaces.get(cid):
                out.append(choice(cid, key, text))
        out += [choice("track", "choice.edit_track", "Change a track"),
                choice("islamabad", "choice.edit_islamabad", "Set Islamabad"),
                choice("eligibility", "choice.edit_eligibility", "Set a faction's Eligibility")]
        if _marker_kind(state):
            out.append(choice("marker", "choice.edit_marker", "Put the card's {kind} marker in play",
                              kind=_marker_kind(state)))
        if state.capabilities or state.momentum:
            out.append(choice("marker_out", "choice.edit_marker_out", "Take a Capability or Momentum out of play"))
    return out + [choice("done", "choice.event_done", "The Event is resolved")]


def _edited(state: AdpState) -> list:
    state.action["edits"] += 1
    return [ask("event.edit")]


@prompt
class EventEdit(Prompt):
    name = "event.edit"

    def decide(self, state, ctx):
        a = state.action
        return a["faction"], state_msg(a), _menu(state)

    def then(self, state, ctx, cid):
        a = state.action
        f = a["faction"]
        if cid == "done":
            close_event(state)
            return []
        if cid == "marker":
            kind = _marker_kind(state)
            getattr(state, "capabilities" if kind == "capability" else "momentum").append(
                {"card": a["event"], "side": a["side"]})
            if at_least(state, 2):  # named (issue 33)
                log(state, "log.edit_marker_in", "Event: {kind} #{card} {title} ({side}) in play.", actor=f,
                    kind=kind, card=a["event"], title=get_data().cards[a["event"]].title, side=a["side"])
            else:
                log(state, "log.edit_marker", "{kind} #{card} ({side}) in play.", actor=f, kind=kind, card=a["event"],
                    side=a["side"])
            return _edited(state)
        spaces = _spaces(state)
        if cid in spaces:
            return [pick("edit.space", f, "prompt.edit_space", "Event: choose the space.", op=cid,
                         options=spaces[cid])]
        if cid == "marker_out":
            return [pick("edit.marker_out", f, "prompt.edit_marker_out", "Event: which marker leaves play?")]
        if cid == "track":
            return [pick("edit.track", f, "prompt.edit_track", "Event: which track?")]
        if cid == "islamabad":
            return [pick("edit.islamabad", f, "prompt.edit_islamabad", "Event: Islamabad's box?")]
        return [pick("edit.eligibility", f, "prompt.edit_eligibility", "Event: whose Eligibility for the next card?")]


def state_msg(a):
    from ..core.messages import Message

    # "event" as "#N Title": the front end shows the title in the reader's language (the owners' one if given)
    c = get_data().cards[a["event"]]
    return Message("prompt.event_edit", {"faction": a["faction"], "card": c.number, "event": f"#{c.number} {c.title}",
                                         "side": a["side"], "n": a["edits"]},
                   "{faction}, Event {event} ({side}): apply its effect change by change ({n} so far), then say it is "
                   "resolved.")


def _placeable(state, sid):
    return any(state.available.get(MAP_TO_BOX[k], 0) and may_hold(state, sid, k) for k in KINDS)


def _flips(state, sid):
    """The flips possible in ``sid``: ``"<faction>:active"`` turns Underground
    Guerrillas Active, ``"<faction>:underground"`` the reverse."""
    return [c for c, (f, up) in FLIPS.items() if n(state, sid, f"{f}_guerrillas_{'underground' if up else 'active'}")]


def _space_then(state, ctx, cid):
    op, f = ctx["op"], ctx["faction"]
    if op == "support":
        return [pick("edit.support", f, "prompt.edit_support", "{space}: which level?", {"space": cid}, space=cid)]
    if op in ("terror", "sabotage", "pop"):
        return _marker(state, f, op, cid)
    if op == "flip":
        return [pick("edit.flip", f, "prompt.edit_flip", "{space}: which Guerrillas flip?", {"space": cid},
                     space=cid)]
    if op == "place":
        kinds = [k for k in KINDS if state.available.get(MAP_TO_BOX[k], 0) and may_hold(state, cid, k)]
    elif op == "return":
        kinds = [k for k in KINDS if n(state, cid, k) and OWNER[k] == "coalition"]
    else:
        kinds = [k for k in KINDS if n(state, cid, k)]
    return [pick("edit.kind", f, "prompt.edit_kind", "{space}: which pieces?", {"space": cid}, op=op, space=cid,
                 options=kinds)]


def _marker(state, f, op, sid):
    """Terror: +1 marker, or -1 where there is one (a choice only then);
    Sabotage and +1 Pop: on where off, off where on."""
    s = state.spaces[sid]
    if op == "terror" and s.terror:
        return [pick("edit.terror", f, "prompt.edit_terror", "{space}: a Terror marker in or out?", {"space": sid},
                     space=sid)]
    if op == "terror":
        return _terror(state, {"faction": f, "space": sid}, "in")
    if op == "sabotage":
        on = not s.sabotage
        if on:
            mark_terror(state, sid)
        else:
            s.sabotage = False
        key, text = (("log.edit_sabotage_on", "Event: Sabotage placed on {space}.") if on
                     else ("log.edit_sabotage_off", "Event: Sabotage removed from {space}."))
    else:
        on = not s.returnees
        set_pop(state, sid, on)
        key, text = (("log.edit_pop_on", "Event: a +1 Pop marker placed in {space}.") if on
                     else ("log.edit_pop_off", "Event: the +1 Pop marker removed from {space}."))
    log(state, key, text, actor=f, space=sid)
    return _edited(state)


def _terror(state, ctx, way):
    sid = ctx["space"]
    if way == "in":
        mark_terror(state, sid)
        log(state, "log.edit_terror_on", "Event: a Terror marker placed in {space}.", actor=ctx["faction"], space=sid)
    else:
        state.spaces[sid].terror -= 1
        log(state, "log.edit_terror_off", "Event: a Terror marker removed from {space}.", actor=ctx["faction"],
            space=sid)
    return _edited(state)


def _flip_then(state, ctx, cid):
    fac, up = FLIPS[cid]
    frm = f"{fac}_guerrillas_{'underground' if up else 'active'}"
    return [quantity("edit.flip_qty", ctx["faction"], 1, n(state, ctx["space"], frm), "prompt.edit_qty",
                     "How many {piece}?", {"piece": frm}, space=ctx["space"], flip=cid)]


def _flip_qty(state, ctx, k):
    fac, up = FLIPS[ctx["flip"]]
    flip(state, ctx["space"], fac, k, to_active=up)
    log(state, "log.edit_flip", "Event: {n} {piece} flipped in {space}.", actor=ctx["faction"], n=k,
        piece=f"{fac}_guerrillas_{'active' if up else 'underground'}", space=ctx["space"])
    return _edited(state)


def _kind_then(state, ctx, kind):
    op, f, sid = ctx["op"], ctx["faction"], ctx["space"]
    if op == "move":
        dests = [s for s in state.spaces if s != sid and may_hold(state, s, kind)]
        return [pick("edit.dest", f, "prompt.edit_dest", "Move {piece} from {space} to where?",
                     {"piece": kind, "space": sid}, space=sid, kind=kind, options=dests)]
    hi = _room(state, sid, kind, state.available.get(MAP_TO_BOX[kind], 0)) if op == "place" else n(state, sid, kind)
    return [quantity("edit.qty", f, 1, min(hi, 12), "prompt.edit_qty", "How many {piece}?",
                     {"piece": kind}, op=op, space=sid, kind=kind)]


def _room(state, sid, kind, hi):
    """At most ``hi`` pieces of ``kind``, fewer where the Bases' stacking stops them (reading R10)."""
    if kind in BASES.values():
        hi = min(hi, MAX_BASES - bases_in(state, sid))
    return max(1, hi)


def _dest_then(state, ctx, dst):
    hi = n(state, ctx["space"], ctx["kind"])
    return [quantity("edit.qty", ctx["faction"], 1, min(_room(state, dst, ctx["kind"], hi), 12), "prompt.edit_qty",
                     "How many {piece}?", {"piece": ctx["kind"]}, op="move", space=ctx["space"], kind=ctx["kind"],
                     dst=dst)]


def _qty(state, ctx, k):
    op, f, sid, kind = ctx["op"], ctx["faction"], ctx["space"], ctx["kind"]
    if op == "place":
        place(state, sid, kind, k)
        log(state, "log.edit_place", "Event: {n} {piece} placed in {space}.", actor=f, n=k, piece=kind, space=sid)
    elif op == "remove" and at_least(state, 2) and OWNER[kind] == "coalition":
        remove_enemy(state, sid, kind, k)  # seed L43: removed Coalition pieces go to Casualties
        log(state, "log.edit_casualties", "Event: {n} {piece} removed from {space} to Casualties.", actor=f, n=k,
            piece=kind, space=sid)
    elif op in ("remove", "return"):
        remove_to(state, sid, kind, k)
        log(state, "log.edit_remove", "Event: {n} {piece} removed from {space}.", actor=f, n=k, piece=kind, space=sid)
    else:
        move(state, sid, ctx["dst"], kind, k)
        log(state, "log.edit_move", "Event: {n} {piece} moved from {space} to {dst}.", actor=f, n=k, piece=kind,
            space=sid, dst=ctx["dst"])
    return _edited(state)


def _support_then(state, ctx, cid):
    state.spaces[ctx["space"]].support = int(cid)
    log(state, "log.edit_support", "Event: {space} set to {level}.", actor=ctx["faction"], space=ctx["space"],
        level={"-1": "opposition", "0": "neutral", "1": "support"}[cid])
    return _edited(state)


def _track_then(state, ctx, track):
    return [pick("edit.delta", ctx["faction"], "prompt.edit_delta", "Change {track} by how much?", {"track": track},
                 track=track)]


def _delta_then(state, ctx, cid):
    t, k = ctx["track"], int(cid)
    done = add_track(state, t, k) if t in ("aid", "patronage") else add_resources(state, t, k)
    log(state, "log.edit_track", "Event: {track} {change:+d}.", actor=ctx["faction"], track=t, change=done)
    return _edited(state)


def _islamabad_then(state, ctx, cid):
    box, hard = cid.split(":")
    state.islamabad = get_data().islamabad_boxes.index(box)
    state.islamabad_hard = hard == "hard"
    log(state, "log.edit_islamabad", "Event: Islamabad to {box} ({side}).", actor=ctx["faction"], box=box, side=hard)
    return _edited(state)


def _eligibility_then(state, ctx, cid):
    who, how = cid.split(":")
    t = state.turn
    for lst in (t.stay_eligible, t.make_ineligible):
        if who in lst:
            lst.remove(who)
    (t.stay_eligible if how == "eligible" else t.make_ineligible).append(who)
    log(state, "log.edit_eligibility", "Event: {target} will be {how} for the next card.", actor=ctx["faction"],
        target=who, how=how)
    return _edited(state)


def _in_play(state):
    return [("capability", m) for m in state.capabilities] + [("momentum", m) for m in state.momentum]


def _marker_out_options(state, ctx):
    cards = get_data().cards
    return [choice(f"{kind}:{m['card']}", "choice.marker", "{kind} #{card} {title} ({side})", kind=kind,
                   card=m["card"], title=cards[m["card"]].title, side=m["side"]) for kind, m in _in_play(state)]


def _marker_out_then(state, ctx, cid):
    kind, card = cid.split(":")
    box = state.capabilities if kind == "capability" else state.momentum
    m = next(m for m in box if m["card"] == int(card))
    box.remove(m)
    log(state, "log.edit_marker_out", "Event: {kind} #{card} {title} ({side}) out of play.", actor=ctx["faction"], kind=kind,
        card=m["card"], title=get_data().cards[m["card"]].title, side=m["side"])
    return _edited(state)


_options = lambda s, c: [choice(x, "choice.space", "{space}", space=x) for x in c["options"]]  # noqa: E731
picker("edit.space", _options, _space_then)
picker("edit.dest", _options, _dest_then)
picker("edit.kind", lambda s, c: [choice(k, "choice.piece", "{piece}", piece=k) for k in c["options"]], _kind_then)
QTY["edit.qty"] = _qty
QTY["edit.flip_qty"] = _flip_qty
picker("edit.flip", lambda s, c: [choice(x, "choice.edit_flip_to", "{faction}: to {how}", faction=x.split(":")[0],
                                         how=x.split(":")[1]) for x in _flips(s, c["space"])], _flip_then)
picker("edit.terror", lambda s, c: [choice("in", "choice.terror_in", "Place a Terror marker"),
                                    choice("out", "choice.terror_out", "Remove a Terror marker")],
       _terror)
picker("edit.marker_out", _marker_out_options, _marker_out_then)
picker("edit.support", lambda s, c: [choice("1", "choice.support", "Support"), choice("0", "choice.neutral", "Neutral"),
                                     choice("-1", "choice.opposition", "Opposition")], _support_then)
picker("edit.track", lambda s, c: [choice(t, "choice.track", "{track}", track=t) for t in TRACKS], _track_then)
picker("edit.delta", lambda s, c: [choice(str(k), "choice.delta", "{delta:+d}", delta=k) for k in DELTAS], _delta_then)
picker("edit.islamabad", lambda s, c: [choice(f"{b}:{h}", "choice.islamabad", "{box} ({side})", box=b, side=h)
                                       for b in get_data().islamabad_boxes for h in ("normal", "hard")],
       _islamabad_then)
picker("edit.eligibility", lambda s, c: [choice(f"{f}:{h}", "choice.eligibility", "{target}: {how}", target=f, how=h)
                                         for f in FACTIONS for h in ("eligible", "ineligible")], _eligibility_then)

__all__ = ["BASES", "count_choices"]
