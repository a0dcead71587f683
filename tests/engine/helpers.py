"""Helpers shared by the Event tests: an emptied board, placing pieces,
playing an Event through its decisions, checking the inventory."""
from __future__ import annotations

import weakref

import engine
from engine.gandhi import board
from engine.gandhi.events import push_event
from engine.gandhi.invariants import piece_totals
from engine.gandhi.state import INVENTORY

FACTIONS = ("raj", "inc", "ml", "rev")


def empty_board(s):
    """Empty the map of ``s``: every piece Available, no markers, all Neutral."""
    for sid, sp in s.spaces.items():
        for k, v in list(sp.pieces.items()):
            board.remove(s, sid, k, v)
        board.remove_protest(s, sid)
        sp.unrest = 0
        sp.strike = False
        sp.support = 0
        sp.muslim_state = False
    for b in ("out_of_play", "prison"):
        for k, v in list(getattr(s, b).items()):
            board.transfer(s, k, v, b, "available")
    assert piece_totals(s) == INVENTORY
    return s


def blank(seed: int = 1, deck=(40, 41, 42, 43), viceroy: int | None = 75, dice=None, scenario: str = "short"):
    """A game of ``scenario`` with a stacked deck (and Viceroy, die results)
    whose board is emptied (:func:`empty_board`); tracks as set up."""
    stacked = {"deck": list(deck)}
    if viceroy is not None:
        stacked["viceroy"] = viceroy
    if dice is not None:
        stacked["dice"] = list(dice)
    return empty_board(engine.new_game("gandhi", scenario, seed, {"stacked": stacked}))


def put(s, sid, **kinds):
    """Place pieces from Available (``put(s, "delhi", troop=2)``); all must fit."""
    for k, v in kinds.items():
        assert board.place(s, sid, k, v) == v


def pc(s, sid, kind):
    return s.spaces[sid].pieces.get(kind, 0)


def ids(s):
    """The choice ids the pending decision's rule offers now (side choices,
    tested in test_side_actions.py, left out)."""
    return rule_ids(engine.decision(s))


_SEEN: dict[int, tuple] = {}  # id(state) -> (weak reference, log entries already read by take())


def _seen(s) -> int:
    ref, n = _SEEN.get(id(s), (None, 0))
    return n if ref is not None and ref() is s and n <= len(s.log) else 0


def _mark(s, n: int) -> None:
    _SEEN[id(s)] = (weakref.ref(s), n)


_INTENT: dict[int, tuple] = {}  # id(state) -> (weak reference, scripted answer held for the next one)
OP_KINDS = ("op", "op+sa", "limited-op")


def _by_intent(s, d, cid):
    """Ruleset 5 (issue 14b) met by a script written one question at a time
    (ruleset 3/4): the answer it means, or None to take ``cid`` as it is, or
    ``""`` when ``cid`` is held or was answered already. "op"/"op+sa"/
    "limited-op" is held until the Operation is named ("rally" ->
    "rally:limited"); a March destination until its side ("bihar" then
    "active" -> "bihar:active"); Demonstrate's "done" until the Protest
    question ("done" then "protest" -> "protest"); a "done" the engine no
    longer asks (the Special Activity question after an Operation, 4.1) is
    passed over."""
    from engine.gandhi.ruleset import at_least

    if d is None or not at_least(s, 5):
        return None
    ref, held = _INTENT.pop(id(s), (None, None))
    held = held if ref is not None and ref() is s else None
    ids = d.ids()
    if cid in OP_KINDS and d.step == "sop.act" and cid not in ids:
        _INTENT[id(s)] = (weakref.ref(s), cid)
        return ""
    if held in OP_KINDS and d.step == "sop.act":
        return cid + ":limited" if held == "limited-op" else cid
    if held is not None and d.step == "choose:rev.march.dest":
        return f"{held}:{cid}"
    if held == "done" and d.step == "nv.demonstrate.move":
        return cid
    if d.step == "choose:rev.march.dest" and cid not in ids and f"{cid}:underground" in ids:
        _INTENT[id(s)] = (weakref.ref(s), cid)
        return ""
    if d.step == "nv.demonstrate.move" and cid == "done" and "protest" in ids:
        _INTENT[id(s)] = (weakref.ref(s), cid)
        return ""
    if cid == "done" and d.find("done") is None:
        return ""
    return None


def take(s, actor, cid):
    """Play scripted choice ``cid`` for ``actor`` as a player would under
    ruleset 4 (issue 14): asked when it is offered; a choice the engine
    made by itself because it was the only answer (logged ``log.only_choice``
    since the last scripted choice) is confirmed from that log line instead
    of being asked. Under ruleset 5 a script of older shapes is answered by
    intent (:func:`_by_intent`). Anything else goes to ``engine.apply``
    (which refuses it as before). Returns True when the choice was asked."""
    start = _seen(s)
    d = engine.decision(s)
    meant = _by_intent(s, d, cid)
    if meant == "":
        return False
    if meant is not None:
        cid = meant
    if d is not None and d.find(cid) is not None:
        _mark(s, len(s.log))  # choices forced after this one are read by the next take()
        engine.apply(s, actor, cid)
        return True
    for i in range(start, len(s.log)):
        e = s.log[i]
        if e["key"] == "log.only_choice" and e["params"]["choice"] == cid and e["actor"] == actor:
            _mark(s, i + 1)
            return False
    _mark(s, len(s.log))
    engine.apply(s, actor, cid)
    return True


def _forced(s, cid) -> bool:
    """``cid`` was applied by the engine as the only answer since the last
    scripted choice (consumed like :func:`take`)."""
    for i in range(_seen(s), len(s.log)):
        e = s.log[i]
        if e["key"] == "log.only_choice" and e["params"]["choice"] == cid:
            _mark(s, i + 1)
            return True
    return False


def only_answer(s, cid) -> bool:
    """``cid`` was the only legal answer and the engine applied it by itself
    (``log.only_choice``, ruleset 4 and later) since the last scripted
    choice: what a test of ruleset 3 asserted as ``ids(s) == [cid]``."""
    return _forced(s, cid)


def answer(s, *choices, end=True):
    """Apply ``choices`` in order, each by whoever must decide ("raj:delhi"
    also checks that the Raj decides); with ``end`` the Event must then be
    over (back to the Sequence of Play). The inventory stays whole."""
    for c in choices:
        d = engine.decision(s)
        if ":" in c and c.split(":")[0] in FACTIONS:
            who, c = c.split(":", 1)
            assert d.actor == who, (d.actor, c)
        if d.find(c) is None and _forced(s, c):
            continue
        assert c in d.ids(), (c, d.step, d.ids(), d.prompt.fallback())
        take(s, d.actor, c)
    if end:
        d = engine.decision(s)
        assert d.step == "sop.act", (d.step, d.ids(), d.prompt.fallback())
    assert piece_totals(s) == INVENTORY
    return s


def play_event(s, n, side, faction, *choices, end=True):
    """Play Event ``n`` ``side`` for ``faction`` and answer ``choices`` (:func:`answer`)."""
    push_event(s, n, side, faction)
    return answer(s, *choices, end=end)


def finish_taking_done(s, limit: int = 60):
    """Answer every decision with "done" when offered, else the first choice,
    until the Event is over; raises AssertionError after ``limit`` decisions
    (a step offering no choice raises in ``engine.decision``)."""
    for _ in range(limit):
        d = engine.decision(s)
        if d.step == "sop.act":
            break
        engine.apply(s, d.actor, "done" if "done" in d.ids() else d.ids()[0])
    else:
        raise AssertionError("event did not end")
    assert piece_totals(s) == INVENTORY


SIDE_CHOICES = ("transfer", "take-back")  # engine/gandhi/side_actions.py (1.5.2, 1.4.1)


def rule_ids(d) -> list[str]:
    """The ids a decision's own rule offers, without the side choices that
    may be offered beside any Operation or Special Activity decision."""
    return [c for c in d.ids() if c not in SIDE_CHOICES]
