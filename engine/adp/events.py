"""Events resolved by the players (issue 18): the card texts are not ours to
ship, so the faction taking an Event applies its effect with audited edit
primitives: place, remove or move pieces within the force pools, set a
space's Support, change Aid / Patronage / Resources / Islamabad, set a
faction's Eligibility for the next card, and put the card's Capability or
Momentum marker in play. Each edit is logged on its own, and the whole Event
ends with one summary line the other players see; a contested Event is taken
back with the usual undo (by consent).
"""
from __future__ import annotations

from ..core.engine import log
from .board import BASES, MAX_BASES, add_resources, add_track, bases_in, move, n, place, remove_to
from .data import MAP_TO_BOX, OWNER, get_data
from .flow import ask, choice, count_choices
from .ops.common import QTY, pick, picker, quantity
from .state import FACTIONS, AdpState

MAX_EDITS = 12   # a bound so that every Event ends (self-play); far above a real card
KINDS = tuple(MAP_TO_BOX)
TRACKS = ("aid", "patronage", "government", "taliban", "warlords")
DELTAS = (-10, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 10)


def start_event(state: AdpState, faction: str, side: str) -> list:
    c = get_data().cards[state.current]
    state.action = {"faction": faction, "event": c.number, "side": side, "edits": 0}
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


def _menu(state: AdpState) -> list:
    a = state.action
    out = []
    if a["edits"] < MAX_EDITS:
        if any(state.available.values()):
            out.append(choice("place", "choice.edit_place", "Place pieces from Available"))
        if any(s.pieces for s in state.spaces.values()):
            out += [choice("remove", "choice.edit_remove", "Remove pieces to Available"),
                    choice("move", "choice.edit_move", "Move pieces")]
        out += [choice("support", "choice.edit_support", "Set Support / Opposition"),
                choice("track", "choice.edit_track", "Change a track"),
                choice("islamabad", "choice.edit_islamabad", "Set Islamabad"),
                choice("eligibility", "choice.edit_eligibility", "Set a faction's Eligibility")]
        if _marker_kind(state):
            out.append(choice("marker", "choice.edit_marker", "Put the card's {kind} marker in play",
                              kind=_marker_kind(state)))
    return out + [choice("done", "choice.event_done", "The Event is resolved")]


def _edited(state: AdpState) -> list:
    state.action["edits"] += 1
    return [ask("event.edit")]


from .flow import Prompt, prompt  # noqa: E402


@prompt
class EventEdit(Prompt):
    name = "event.edit"

    def decide(self, state, ctx):
        a = state.action
        msg = state_msg(a)
        return a["faction"], msg, _menu(state)

    def then(self, state, ctx, cid):
        a = state.action
        f = a["faction"]
        if cid == "done":
            c = get_data().cards[a["event"]]
            log(state, "log.event_summary",
                "{faction} resolved Event #{card} {title} ({side}) with {n} change(s), listed above; "
                "any player may contest it before the next action (undo by consent).",
                actor=f, faction=f, card=c.number, title=c.title, side=a["side"], n=a["edits"])
            state.action = None
            return []
        if cid == "marker":
            kind = _marker_kind(state)
            getattr(state, "capabilities" if kind == "capability" else "momentum").append(
                {"card": a["event"], "side": a["side"]})
            log(state, "log.edit_marker", "{kind} #{card} ({side}) in play.", actor=f, kind=kind, card=a["event"],
                side=a["side"])
            return _edited(state)
        spaces = {"place": [s for s in state.spaces if _placeable(state, s)],
                  "remove": [s for s, v in state.spaces.items() if v.pieces],
                  "move": [s for s, v in state.spaces.items() if v.pieces],
                  "support": [s for s, d in get_data().spaces.items() if not d.is_loc]}
        if cid in spaces:
            return [pick("edit.space", f, "prompt.edit_space", "Event: choose the space.", op=cid,
                         options=spaces[cid])]
        if cid == "track":
            return [pick("edit.track", f, "prompt.edit_track", "Event: which track?")]
        if cid == "islamabad":
            return [pick("edit.islamabad", f, "prompt.edit_islamabad", "Event: Islamabad's box?")]
        return [pick("edit.eligibility", f, "prompt.edit_eligibility", "Event: whose Eligibility for the next card?")]


def state_msg(a):
    from ..core.messages import Message

    return Message("prompt.event_edit", {"faction": a["faction"], "card": a["event"], "n": a["edits"]},
                   "{faction}, Event #{card}: apply its effect change by change ({n} so far), then say it is resolved.")


def _placeable(state, sid):
    return any(state.available.get(MAP_TO_BOX[k], 0) and _fits(state, sid, k) for k in KINDS)


def _fits(state, sid, kind):
    d = get_data().spaces[sid]
    if d.pakistan and OWNER[kind] in ("coalition", "government"):
        return False  # reading R10: no COIN piece in Pakistan
    if kind.endswith("_bases"):
        return not d.is_loc and bases_in(state, sid) < MAX_BASES
    return True


def _space_then(state, ctx, cid):
    op, f = ctx["op"], ctx["faction"]
    if op == "support":
        return [pick("edit.support", f, "prompt.edit_support", "{space}: which level?", {"space": cid}, space=cid)]
    if op == "place":
        kinds = [k for k in KINDS if state.available.get(MAP_TO_BOX[k], 0) and _fits(state, cid, k)]
    else:
        kinds = [k for k in KINDS if n(state, cid, k)]
    return [pick("edit.kind", f, "prompt.edit_kind", "{space}: which pieces?", {"space": cid}, op=op, space=cid,
                 options=kinds)]


def _kind_then(state, ctx, kind):
    op, f, sid = ctx["op"], ctx["faction"], ctx["space"]
    if op == "move":
        dests = [s for s in state.spaces if s != sid and _fits(state, s, kind)]
        return [pick("edit.dest", f, "prompt.edit_dest", "Move {piece} from {space} to where?",
                     {"piece": kind, "space": sid}, space=sid, kind=kind, options=dests)]
    hi = state.available.get(MAP_TO_BOX[kind], 0) if op == "place" else n(state, sid, kind)
    if op == "place" and kind.endswith("_bases"):
        hi = min(hi, MAX_BASES - bases_in(state, sid))
    return [quantity("edit.qty", f, 1, min(hi, 12), "prompt.edit_qty", "How many {piece}?", {"piece": kind},
                     op=op, space=sid, kind=kind)]


def _dest_then(state, ctx, dst):
    hi = n(state, ctx["space"], ctx["kind"])
    if ctx["kind"].endswith("_bases"):
        hi = min(hi, MAX_BASES - bases_in(state, dst))
    return [quantity("edit.qty", ctx["faction"], 1, max(1, min(hi, 12)), "prompt.edit_qty", "How many {piece}?",
                     {"piece": ctx["kind"]}, op="move", space=ctx["space"], kind=ctx["kind"], dst=dst)]


def _qty(state, ctx, k):
    op, f, sid, kind = ctx["op"], ctx["faction"], ctx["space"], ctx["kind"]
    if op == "place":
        place(state, sid, kind, k)
        log(state, "log.edit_place", "Event: {n} {piece} placed in {space}.", actor=f, n=k, piece=kind, space=sid)
    elif op == "remove":
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


_options = lambda s, c: [choice(x, "choice.space", "{space}", space=x) for x in c["options"]]  # noqa: E731
picker("edit.space", _options, _space_then)
picker("edit.dest", _options, _dest_then)
picker("edit.kind", lambda s, c: [choice(k, "choice.piece", "{piece}", piece=k) for k in c["options"]], _kind_then)
QTY["edit.qty"] = _qty
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
