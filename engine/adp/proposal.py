"""An Event as a proposal the table sees (issue 33): what the Event changed,
before and after, in one summary, and the record the front end posts and
the other seats may challenge until the next faction acts.

:func:`open_event` notes the facts an Event can change when it begins;
:func:`close_event` compares them when the taker says it is resolved and
keeps ``state.last_event``::

    {"faction", "card", "side", "edits": int, "changes": [{"key", "params", "text"}],
     "spaces": [space ids touched], "move": the move after which it may be challenged,
     "status": "open" | "kept" | "challenged"}

``changes`` are messages (catalog keys ``summary.*``) in the order: spaces
(pieces, Support, Terror, Sabotage, +1 Pop), Casualties, tracks, Islamabad,
Capabilities and Momentum, Eligibility for the next card.

A challenge (issue 33): until the next move, any other Faction may make the
out-of-turn choice ``"challenge"`` (engine.out_of_turn). The taker then
either takes the Event back and enters it again (``"redo"``: the state as it
was before the Event, kept as ``undo``, returns with the edit menu) or puts
it to the game's manager (``"refer"``), whose decision (actor
:data:`MANAGER`) keeps it (``"keep"``) or sends it back (``"undo"``). The
log keeps the Event, its edits and every step of the challenge.
"""
from __future__ import annotations

from typing import Any

from ..core.engine import log
from ..core.messages import Choice, Message
from ..core.steps import push
from .data import get_data
from .flow import BEFORE_ANSWER, Prompt, ask, choice, prompt
from .ruleset import at_least
from .state import AdpState

LEVELS = {-1: "opposition", 0: "neutral", 1: "support"}
#: the actor of the manager's ruling on a referred challenge (the game's manager in the front end)
MANAGER = "manager"
#: what a taken-back Event does not restore: the record of what happened and the game's identity
KEEP = frozenset({"log", "log_base", "move", "action", "last_event", "version", "game", "seed", "options"})


def facts(state: AdpState) -> dict[str, Any]:
    """The public facts an Event can change, as plain JSON."""
    t = state.turn
    return {
        "spaces": {sid: {"pieces": {k: c for k, c in s.pieces.items() if c}, "support": s.support,
                         "terror": s.terror, "pop": s.returnees, "sabotage": s.sabotage}
                   for sid, s in state.spaces.items()},
        "casualties": {k: c for k, c in state.casualties.items() if c},
        "tracks": {"aid": state.aid, "patronage": state.patronage, **state.resources},
        "islamabad": [get_data().islamabad_boxes[state.islamabad], "hard" if state.islamabad_hard else "normal"],
        "markers": [[kind, m["card"], m["side"]] for kind, box in (("capability", state.capabilities),
                                                                    ("momentum", state.momentum)) for m in box],
        "next": {**{f: "eligible" for f in t.stay_eligible}, **{f: "ineligible" for f in t.make_ineligible}},
    }


def _msg(key: str, text: str, **params: Any) -> dict[str, Any]:
    return {"key": key, "params": params, "text": text}


def _space_changes(sid: str, a: dict, b: dict) -> list[dict]:
    out = [_msg("summary.pieces", "{space}: {piece} {before} → {after}", space=sid, piece=k,
                before=a["pieces"].get(k, 0), after=b["pieces"].get(k, 0))
           for k in sorted(set(a["pieces"]) | set(b["pieces"])) if a["pieces"].get(k, 0) != b["pieces"].get(k, 0)]
    if a["support"] != b["support"]:
        out.append(_msg("summary.support", "{space}: {before} → {after}", space=sid, before=LEVELS[a["support"]],
                        after=LEVELS[b["support"]]))
    if a["terror"] != b["terror"]:
        out.append(_msg("summary.terror", "{space}: Terror markers {before} → {after}", space=sid,
                        before=a["terror"], after=b["terror"]))
    if a["sabotage"] != b["sabotage"]:
        out.append(_msg("summary.sabotage_on", "{space}: Sabotage placed", space=sid) if b["sabotage"]
                   else _msg("summary.sabotage_off", "{space}: Sabotage removed", space=sid))
    if a["pop"] != b["pop"]:
        out.append(_msg("summary.pop_on", "{space}: +1 Pop marker placed", space=sid) if b["pop"]
                   else _msg("summary.pop_off", "{space}: +1 Pop marker removed", space=sid))
    return out


def changes(before: dict, after: dict) -> tuple[list[dict], list[str]]:
    """(the summary's messages, the spaces touched) from two :func:`facts`."""
    out: list[dict] = []
    touched = []
    for sid, a in before["spaces"].items():
        lines = _space_changes(sid, a, after["spaces"][sid])
        if lines:
            touched.append(sid)
            out += lines
    for k in sorted(set(before["casualties"]) | set(after["casualties"])):
        x, y = before["casualties"].get(k, 0), after["casualties"].get(k, 0)
        if x != y:
            out.append(_msg("summary.casualties", "Casualties: {piece} {before} → {after}", piece=k, before=x, after=y))
    for k, x in before["tracks"].items():
        if x != after["tracks"][k]:
            out.append(_msg("summary.track", "{track}: {before} → {after}", track=k, before=x, after=after["tracks"][k]))
    if before["islamabad"] != after["islamabad"]:
        (b1, s1), (b2, s2) = before["islamabad"], after["islamabad"]
        out.append(_msg("summary.islamabad", "Islamabad: {before} ({before_side}) → {after} ({after_side})",
                        before=b1, before_side=s1, after=b2, after_side=s2))
    cards = get_data().cards
    for key, text, a, b in (("summary.marker_in", "{kind} #{card} {title} ({side}) in play", after, before),
                            ("summary.marker_out", "{kind} #{card} {title} ({side}) out of play", before, after)):
        for kind, card, side in a["markers"]:
            if [kind, card, side] not in b["markers"]:
                out.append(_msg(key, text, kind=kind, card=card, title=cards[card].title, side=side))
    for f, how in after["next"].items():
        if before["next"].get(f) != how:
            out.append(_msg("summary.eligibility", "{target}: {how} for the next card", target=f, how=how))
    return out, touched


def open_event(state: AdpState) -> None:
    """Note the facts as the Event begins and the state to return to (in
    ``state.action``); games of ruleset 1 keep no record (they replay as
    they were played)."""
    if at_least(state, 2):
        state.action["before"] = facts(state)
        state.action["undo"] = state.model_dump(exclude=set(KEEP))


def close_event(state: AdpState) -> None:
    """The Event is resolved: its summary becomes ``state.last_event`` (open
    to a challenge until the next move) and one log line says so."""
    a = state.action
    c = get_data().cards[a["event"]]
    if "before" in a:
        lines, touched = changes(a["before"], facts(state))
        state.last_event = {"faction": a["faction"], "card": c.number, "side": a["side"], "edits": a["edits"],
                            "changes": lines, "spaces": touched, "move": state.move + 1, "status": "open",
                            "undo": a["undo"]}
    if "before" in a:  # ruleset 2: a challenge, not an undo by consent
        log(state, "log.event_resolved", "{faction} resolved Event #{card} {title} ({side}) with {n} change(s), "
            "listed above; any other seat may challenge it before the next action.",
            actor=a["faction"], faction=a["faction"], card=c.number, title=c.title, side=a["side"], n=a["edits"])
    else:
        log(state, "log.event_summary",
            "{faction} resolved Event #{card} {title} ({side}) with {n} change(s), listed above; "
            "any player may contest it before the next action (undo by consent).",
            actor=a["faction"], faction=a["faction"], card=c.number, title=c.title, side=a["side"], n=a["edits"])
    state.action = None


def open_to_challenge(state: AdpState) -> dict | None:
    """``state.last_event`` while no move has followed it (the next faction
    has not acted), else None."""
    e = state.last_event
    return e if e and e["status"] == "open" and e["move"] == state.move and "undo" in e else None


def _window_closes(state: AdpState) -> None:
    """The next answer after an unchallenged Event: it stands, and the
    state kept to take it back is dropped (it would only weigh on every save)."""
    e = state.last_event
    if e and e["status"] == "open":
        e.pop("undo", None)


BEFORE_ANSWER.append(_window_closes)


def public(state: AdpState) -> dict | None:
    """``state.last_event`` for everyone: without the state to return to (it
    holds the deck's order), with ``open``: may it be challenged now."""
    e = state.last_event
    if e is None:
        return None
    return {**{k: v for k, v in e.items() if k != "undo"}, "open": open_to_challenge(state) is not None}


def out_of_turn_choices(state: AdpState, actor: str) -> list[Choice]:
    """``[challenge]`` for a Faction other than the taker while the Event is
    open to a challenge; else []."""
    from .state import FACTIONS

    e = open_to_challenge(state)
    if e is None or actor == e["faction"] or actor not in FACTIONS:
        return []
    return [choice("challenge", "choice.challenge", "Challenge {faction}'s Event #{card}", faction=e["faction"],
                   card=e["card"])]


def apply_out_of_turn(state: AdpState, actor: str, cid: str) -> None:
    e = state.last_event
    e["status"], e["challenger"] = "challenged", actor
    log(state, "log.event_challenged", "{challenger} challenges {faction}'s Event #{card} ({side}).", actor=actor,
        challenger=actor, faction=e["faction"], card=e["card"], side=e["side"])
    push(state, ask("event.challenged"))


def _redo(state: AdpState) -> list:
    """The Event taken back: the state before it, and its taker at the edit menu again."""
    e = state.last_event
    undo = e.pop("undo")
    restored = type(state).model_validate({**state.model_dump(include=set(KEEP)), **undo})
    for name in undo:
        setattr(state, name, getattr(restored, name))
    e["status"] = "taken back"
    state.action = {"faction": e["faction"], "event": e["card"], "side": e["side"], "edits": 0}
    open_event(state)
    log(state, "log.event_taken_back", "{faction}'s Event #{card} is taken back; {faction} enters it again.",
        actor=e["faction"], faction=e["faction"], card=e["card"])
    return [ask("event.edit")]


@prompt
class Challenged(Prompt):
    """The taker's answer to a challenge."""

    name = "event.challenged"

    def decide(self, state, ctx):
        e = state.last_event
        return e["faction"], Message("prompt.event_challenged", {"challenger": e["challenger"], "card": e["card"]},
                                     "{challenger} challenges your Event #{card}: enter it again, or put it to the "
                                     "game's manager?"), [
            choice("redo", "choice.event_redo", "Take it back and enter it again"),
            choice("refer", "choice.event_refer", "Put it to the game's manager")]

    def then(self, state, ctx, cid):
        if cid == "redo":
            return _redo(state)
        e = state.last_event
        e["status"] = "referred"
        log(state, "log.event_referred", "{faction} puts Event #{card} to the game's manager.", actor=e["faction"],
            faction=e["faction"], card=e["card"])
        return [ask("event.ruling")]


@prompt
class Ruling(Prompt):
    """The game's manager keeps a challenged Event or sends it back."""

    name = "event.ruling"

    def decide(self, state, ctx):
        e = state.last_event
        return MANAGER, Message("prompt.event_ruling", {"faction": e["faction"], "card": e["card"],
                                                        "challenger": e["challenger"]},
                                "{challenger} challenges {faction}'s Event #{card}: keep it as entered, or "
                                "send it back to be entered again?"), [
            choice("keep", "choice.event_keep", "Keep it"), choice("undo", "choice.event_undo", "Send it back")]

    def then(self, state, ctx, cid):
        e = state.last_event
        if cid == "undo":
            return _redo(state)
        e["status"] = "kept"
        e.pop("undo", None)
        log(state, "log.event_kept", "The game's manager keeps {faction}'s Event #{card}.", actor=MANAGER,
            faction=e["faction"], card=e["card"])
        return []
