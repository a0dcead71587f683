"""Issue 33: the service runs the game's invariants after every live move
(as self-play does); a move that breaks one is refused, reported, and
nothing is written. And a challenge is a move like any other: saved,
replayable, refused politely when there is nothing to challenge."""
from __future__ import annotations

import pytest

import engine
import bot.service.turns as turns
from bot.service import BadInput, Forbidden


USERS = ("u1", "u2", "u3", "u4")


async def _adp(svc):
    r = await svc.create("c1", "boss", "main", game="adp", seed=5, options={"stacked": {"deck": [1, 2, 73, 3]}})
    gid = r.game.id
    for f, u in zip(("coalition", "government", "taliban", "warlords"), USERS):
        await svc.join(gid, u, f)
    await svc.start(gid, "boss")
    return gid


async def test_a_move_that_breaks_an_invariant_is_refused_and_nothing_is_written(svc, monkeypatch):
    gid = await _adp(svc)
    g = await svc.game(gid)
    version, state_json = g.version, g.state
    import engine.adp.events as events

    def leaky_place(state, sid, kind, k=1):  # a rules bug: pieces appear without leaving Available
        state.spaces[sid].pieces[kind] = state.spaces[sid].pieces.get(kind, 0) + k
        return k

    monkeypatch.setattr(events, "place", leaky_place)
    with pytest.raises(BadInput) as e:
        await svc.submit(gid, "u1", ["event-shaded", "place", "helmand", "taliban_guerrillas_underground", "1"])
    assert e.value.key == "error.invariant" and "pieces not conserved" in e.value.text()
    g = await svc.game(gid)
    assert (g.version, g.state) == (version, state_json)
    monkeypatch.undo()
    await svc.submit(gid, "u1", ["event-shaded", "place", "helmand", "taliban_guerrillas_underground", "1"])
    assert (await svc.game(gid)).version == version + 1


async def test_the_check_runs_on_every_move(svc, monkeypatch):
    gid = await _adp(svc)
    seen = []
    monkeypatch.setattr(turns, "_invariants", lambda game: lambda state: seen.append(state.move) or [])
    await svc.submit(gid, "u1", ["pass"])
    await svc.submit(gid, "u2", ["pass"])
    assert len(seen) == 2


async def test_a_challenge_through_the_service(svc):
    gid = await _adp(svc)
    await svc.submit(gid, "u1", ["event-shaded", "support", "kabul", "-1", "done"])
    with pytest.raises(BadInput) as e:
        await svc.out_of_turn(gid, "u1")             # the taker's own Event
    assert e.value.key == "error.no_out_of_turn"
    r = await svc.out_of_turn(gid, "u3")
    assert r.next_actor == "coalition"
    await svc.submit(gid, "u1", ["refer"])
    with pytest.raises(Forbidden) as e:
        await svc.submit(gid, "u2", ["keep"])        # not the manager
    assert e.value.key == "error.manager_decides"
    await svc.submit(gid, "boss", ["keep"])
    g = await svc.game(gid)
    state = svc.state_of(g)
    assert state.last_event["status"] == "kept" and engine.decision(state).actor == "government"
    moves = [(m["actor"], m["choice"]) for m in await svc.store.moves(gid)]
    assert ("taliban", "challenge") in moves and ("manager", "keep") in moves


async def test_a_ruling_left_to_the_manager_is_only_reminded_at_a_deadline(svc):
    """Deadlines keep working: the manager is pinged, no seat is freed."""
    now = [1000.0]
    svc.clock = lambda: now[0]
    gid = await _adp(svc)
    await svc.set_reminders(gid, "boss", hours=2, deadline_hours=5, deadline_action="substitute")
    await svc.submit(gid, "u1", ["event-shaded", "support", "kabul", "-1", "done"])
    await svc.out_of_turn(gid, "u3")
    await svc.submit(gid, "u1", ["refer"])
    due = await svc.due_reminders(now[0] + 6 * 3600)
    assert due and all(post.pings == ["boss"] for _g, post in due)
    assert sorted(post.kind for _g, post in due) == ["reminder", "reminder"]  # a reminder and the deadline's notice
    assert any("deadline" in post.text for _g, post in due)
    g = await svc.game(gid)
    assert g.seats == dict(zip(("coalition", "government", "taliban", "warlords"), USERS))
    await svc.submit(gid, "boss", ["keep"])
