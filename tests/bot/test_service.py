"""The service over a temporary database (DESIGN §4, §7)."""
import asyncio
import random

import pytest

import engine
from bot.service import BadInput, Forbidden, NotFound, Service, Stale
from bot.store import Store
from engine.core.rng import seed_hash

from svc_helpers import started

SEAT_OF = {"raj": "u1", "inc": "u2", "ml": "u3", "rev": "u4"}


async def play_out(svc, gid, rnd, max_moves=5000, restart=None, stop_after=None):
    """Submit random offered choices as the seat holder until the game ends
    (Pass half the time it is offered, to keep games short)."""
    n = 0
    while True:
        p = await svc.prompt(gid)
        if p is None:
            return n
        g = await svc.game(gid)
        user = g.seats[p.actor]
        ids = [c for c, _ in p.choices]
        cid = "pass" if "pass" in ids and rnd.random() < 0.5 else rnd.choice(ids)
        await svc.submit(gid, user, [cid], p.version)
        n += 1
        if stop_after and n >= stop_after:
            return n
        if restart and n % 7 == 0:
            svc = await restart()
        assert n < max_moves


async def test_whole_game_through_the_service(svc):
    r = await started(svc, seed=3)
    assert seed_hash(3) in r.posts[0].text
    gid = r.game.id
    n = await play_out(svc, gid, random.Random(1))
    g = await svc.game(gid)
    assert n > 20 and g.status == "finished"
    state = engine.load_state(g.state)
    assert state.result is not None
    assert str(g.seed) in await svc.status(gid)
    with pytest.raises(Forbidden):
        await svc.submit(gid, "u1", ["pass"])
    acts = await svc.store.actions(gid, 10000)
    assert sum(1 for a in acts if a["kind"] == "submit") == n


async def test_restart_between_choices_continues_same_game(db_url):
    stores = []

    async def restart():
        s = await Store.open(db_url)
        stores.append(s)
        return Service(s, render_maps=False)

    svc = await restart()
    r = await started(svc, seed=5)
    # the same moves without restarts give the same final state
    await play_out(svc, r.game.id, random.Random(9), restart=restart, stop_after=80)
    g_restarted = await svc.game(r.game.id)
    svc2 = await restart()
    r2 = await started(svc2, seed=5, channel="c2")
    await play_out(svc2, r2.game.id, random.Random(9), stop_after=80)
    g_plain = await svc2.game(r2.game.id)
    assert engine.export_state(engine.load_state(g_restarted.state)) == \
        engine.export_state(engine.load_state(g_plain.state))
    for s in stores:
        await s.close()


async def test_the_service_remembers_each_game_once(svc):
    """Issue 21: the decisions the service computed are kept per stored state
    (a prompt of a state it saved computes nothing), and a game's state that
    a move superseded is dropped, so the memo serves as many games as it
    holds entries."""
    r1, r2 = await started(svc, seed=1), await started(svc, seed=2, channel="c2")
    for gid in (r1.game.id, r2.game.id):
        await play_out(svc, gid, random.Random(gid), stop_after=25)
    current = {(await svc.game(gid)).state for gid in (r1.game.id, r2.game.id)}
    assert set(svc._known) == current


async def test_two_concurrent_submits_exactly_one_applied(svc):
    r = await started(svc, seed=11)
    gid = r.game.id
    p = r.prompt
    user = SEAT_OF[p.actor]
    results = await asyncio.gather(svc.submit(gid, user, [p.choices[0][0]], p.version),
                                   svc.submit(gid, user, [p.choices[0][0]], p.version), return_exceptions=True)
    ok = [x for x in results if not isinstance(x, Exception)]
    stale = [x for x in results if isinstance(x, Stale)]
    assert len(ok) == 1 and len(stale) == 1
    g = await svc.game(gid)
    assert g.version == p.version + 1
    assert engine.load_state(g.state).move == 1
    assert stale[0].prompt is not None and stale[0].prompt.version == g.version  # a fresh prompt


async def test_stale_counter_refused_nothing_changes(svc):
    r = await started(svc, seed=11)
    gid, p = r.game.id, r.prompt
    before = (await svc.game(gid)).state
    with pytest.raises(Stale) as e:
        await svc.submit(gid, SEAT_OF[p.actor], [p.choices[0][0]], p.version - 1)
    assert "moved on" in e.value.text()
    assert (await svc.game(gid)).state == before


async def test_user_without_the_seat_refused(svc):
    r = await started(svc, seed=11)
    gid, p = r.game.id, r.prompt
    other = next(u for f, u in SEAT_OF.items() if f != p.actor)
    before = (await svc.game(gid)).state
    with pytest.raises(Forbidden) as e:
        await svc.submit(gid, other, [p.choices[0][0]], p.version)
    assert "do not hold that seat" in e.value.text()
    with pytest.raises(Forbidden):
        await svc.submit(gid, "stranger", [p.choices[0][0]], p.version)
    assert (await svc.game(gid)).state == before


async def test_bad_input_clear_message_nothing_changes(svc):
    r = await started(svc, seed=11)
    gid, p = r.game.id, r.prompt
    user = SEAT_OF[p.actor]
    g0 = await svc.game(gid)
    with pytest.raises(BadInput) as e:
        await svc.submit(gid, user, ["no-such-choice"], p.version)
    assert "'no-such-choice' is not one of the choices here" in e.value.text()
    # a batch with a bad second choice: all or nothing
    with pytest.raises(BadInput):
        await svc.submit(gid, user, [p.choices[0][0], "no-such-choice"], p.version)
    g1 = await svc.game(gid)
    assert (g1.state, g1.version) == (g0.state, g0.version)
    with pytest.raises(NotFound):
        await svc.submit(9999, user, ["pass"])
    with pytest.raises(BadInput):
        await svc.create("c9", "u1", "long")


async def test_seat_rules_two_players(svc):
    r = await svc.create("c1", "a", "short", seats=2, seed=1)
    gid = r.game.id
    await svc.join(gid, "a", "rev")
    g = await svc.game(gid)
    assert g.seats == {"raj": "a", "rev": "a"}
    with pytest.raises(Forbidden):
        await svc.join(gid, "b", "raj")
    with pytest.raises(BadInput) as e:
        await svc.start(gid, "a")
    assert "Congress" in e.value.text() and "Muslim League" in e.value.text()
    await svc.join(gid, "b")
    g = await svc.game(gid)
    assert g.seats == {"raj": "a", "rev": "a", "inc": "b", "ml": "b"}
    with pytest.raises(Forbidden):
        await svc.join(gid, "c")
    await svc.leave(gid, "b")
    assert set((await svc.game(gid)).seats) == {"raj", "rev"}


async def test_three_players_and_one_channel_one_game(svc):
    r = await svc.create("c1", "a", "short", seats=3, seed=1)
    with pytest.raises(Forbidden):
        await svc.create("c1", "b", "short")
    await svc.join(r.game.id, "b", "ml")
    assert (await svc.game(r.game.id)).seats == {"inc": "b", "ml": "b"}


async def test_bot_seats_play_until_a_human_decides(svc):
    r = await svc.create("c1", "a", "short", seats=4, seed=2, bots=["inc", "ml", "rev"])
    await svc.join(r.game.id, "a", "raj")
    r = await svc.start(r.game.id, "a")
    assert r.prompt.actor == "raj"
    n = await play_out(svc, r.game.id, random.Random(2))
    assert n > 0 and (await svc.game(r.game.id)).status == "finished"
    # 8.10: one human seat and three bots is a solitaire game: its result
    # carries the grade and outcome, shown in the game's language
    st = engine.load_state((await svc.game(r.game.id)).state)
    assert st.result["solo"]["player"] == "raj"
    assert "Solitaire" in await svc.status(r.game.id)


async def test_solo_win_shows_the_8_10_grade_and_title(svc):
    """8.10 VITTORIA DEL GIOCATORE through the service: the player (the Raj,
    three Arjuna bots) ends the final Campaign with the highest margin, 6 or
    more over the best Non-player: the result names the difference and the
    Raj's title ("Dio salvi il Re!" in an Italian game); 1 to 5: "Indipendenza
    costosa!"."""
    from bot.i18n import t
    from engine.gandhi import derived as dv
    from engine.gandhi.victory import end_game_final

    r = await svc.create("c1", "a", "short", seats=4, seed=5, bots=["inc", "ml", "rev"])
    await svc.join(r.game.id, "a", "raj")
    await svc.start(r.game.id, "a")
    g = await svc.game(r.game.id)
    state = engine.load_state(g.state)
    for sp in state.spaces.values():  # all India at Active Support, no Unrest, Base or Muslim State
        sp.support, sp.unrest, sp.strike, sp.muslim_state = 2, 0, 0, False
        sp.pieces.pop("rev_base", None)
    end_game_final(state)
    m = dv.victory_margins(state)
    diff = m["raj"] - max(m[f] for f in ("inc", "ml", "rev"))
    assert state.result["solo"] == {"player": "raj", "won": True, "difference": diff, "grade": "decisive",
                                    "outcome": "god_save_the_king"}
    text = svc._result_text(g, state)
    assert "Solitaire victory (8.10)" in text and f"by {diff} " in text
    assert t("en", "result.outcome.god_save_the_king", "?") in text
    g.locale = "it"
    text = svc._result_text(g, state)
    assert "Vittoria in Solitario (8.10)" in text and t("it", "result.outcome.god_save_the_king", "?") in text
    # 1 to 5 over the best Non-player: the costly grade
    state.result = None
    top = sorted(state.spaces, key=lambda sid: -dv.population(sid))
    while dv.victory_margins(state)["raj"] - max(dv.victory_margins(state)[f] for f in ("inc", "ml", "rev")) > 5:
        state.spaces[top.pop()].support = 0
    end_game_final(state)
    assert state.result["solo"]["grade"] == "costly" and state.result["solo"]["outcome"] == "costly_independence"
    assert t("it", "result.outcome.costly_independence", "?") in svc._result_text(g, state)


async def until_actor_changes(svc, gid, prefer="pass"):
    """The current actor plays (``prefer`` when offered, else the first
    choice) until another Faction decides; returns (actor, result)."""
    p = await svc.prompt(gid)
    actor = p.actor
    while True:
        ids = [c for c, _ in p.choices]
        r = await svc.submit(gid, SEAT_OF[actor], [prefer if prefer in ids else ids[0]], p.version)
        p = r.prompt
        if p is None or p.actor != actor:
            return actor, r


async def test_undo_own_choices_and_previous_player_before_next_acts(svc):
    r = await started(svc, seed=11)
    gid = r.game.id
    p0 = r.prompt
    s0 = (await svc.game(gid)).state
    first, r1 = await until_actor_changes(svc, gid)
    second = r1.prompt.actor
    # the next player has not chosen yet: only the previous one may undo
    with pytest.raises(Forbidden) as e:
        await svc.undo(gid, SEAT_OF[second])
    assert "Only" in e.value.text()
    u = await svc.undo(gid, SEAT_OF[first])
    g = await svc.game(gid)
    assert g.state == s0 and u.prompt.actor == first and g.version > p0.version
    # the old prompt (its counter) is now stale even though state.move went back
    with pytest.raises(Stale):
        await svc.submit(gid, SEAT_OF[first], [p0.choices[0][0]], p0.version)
    # nothing left to undo at the game's start
    with pytest.raises(BadInput):
        await svc.undo(gid, SEAT_OF[first])
    # the current actor undoes its own choices (no die, no card in between)
    p = await svc.prompt(gid)
    if len(p.choices) > 1 or p.choices[0][0] != "pass":
        pass
    await svc.submit(gid, SEAT_OF[first], [p.choices[0][0]], p.version)
    p1 = await svc.prompt(gid)
    if p1 and p1.actor == first:
        await svc.undo(gid, SEAT_OF[first])
        assert (await svc.game(gid)).state == s0
    else:
        await svc.undo(gid, SEAT_OF[first])
    # once the next player acts, the previous one can no longer undo
    first, r1 = await until_actor_changes(svc, gid)
    second, r2 = await until_actor_changes(svc, gid)
    with pytest.raises((Forbidden, BadInput)):
        await svc.undo(gid, SEAT_OF[first])
    acts = [a["kind"] for a in await svc.store.actions(gid)]
    assert acts.count("undo") == 2


async def test_undo_refused_after_a_card_is_revealed(svc):
    """When the last Eligible faction on a card is done the card flow reveals
    a new card (2.3.7): that faction can no longer undo."""
    r = await started(svc, seed=11)
    gid = r.game.id
    for _ in range(20):
        s = engine.load_state((await svc.game(gid)).state)
        cur = (s.current, s.next, len(s.played))
        actor, _res = await until_actor_changes(svc, gid)
        s2 = engine.load_state((await svc.game(gid)).state)
        if (s2.current, s2.next, len(s2.played)) != cur:
            with pytest.raises(Forbidden) as e:
                await svc.undo(gid, SEAT_OF[actor])
            assert "card was revealed" in e.value.text()
            return
    raise AssertionError("no card was revealed in 20 stretches")


async def test_resign_replace_abandon_permissions(svc):
    r = await started(svc, seed=11)
    gid = r.game.id
    await svc.resign(gid, "u2")
    assert "inc" not in (await svc.game(gid)).seats
    with pytest.raises(Forbidden):
        await svc.replace(gid, "u3", "inc", "u9")
    await svc.replace(gid, "u1", "inc", "u9")  # the creator
    assert (await svc.game(gid)).seats["inc"] == "u9"
    await svc.replace(gid, "mod", "inc", "u8", manager=True)
    assert (await svc.game(gid)).seats["inc"] == "u8"
    with pytest.raises(Forbidden):
        await svc.abandon(gid, "u3")
    res = await svc.abandon(gid, "u1")
    assert str(res.game.seed) in res.posts[0].text
    assert (await svc.game(gid)).status == "abandoned"
    with pytest.raises(NotFound):
        await svc.game_in("c1")
    # the channel is free again
    await svc.create("c1", "u3", "main")


async def test_drafts_pick_back_confirm(svc):
    r = await started(svc, seed=11)
    gid, p = r.game.id, r.prompt
    user = SEAT_OF[p.actor]
    v = p.version
    q = await svc.pick(gid, user, v, "pass", 0)
    assert q.draft == ["pass"]
    assert (await svc.game(gid)).version == v  # nothing applied yet
    if q.confirm:
        q2 = await svc.back(gid, user, v)
        assert q2.draft == [] and q2.actor == p.actor
        await svc.pick(gid, user, v, "pass", 0)
        with pytest.raises(Stale):  # a click built against another draft length
            await svc.pick(gid, user, v, "pass", 0)
        res = await svc.confirm(gid, user, v)
        assert (await svc.game(gid)).version == v + 1
        assert res.posts and res.posts[0].kind == "turn"


async def test_reminders_ping_only_whoever_owes(svc):
    now = [1000.0]
    svc.clock = lambda: now[0]
    r = await started(svc, seed=11)
    gid = r.game.id
    actor = r.prompt.actor
    assert await svc.due_reminders(now[0] + 10) == []
    due = await svc.due_reminders(now[0] + 24 * 3600 + 1)
    assert len(due) == 1 and due[0][1].pings == [SEAT_OF[actor]]
    # rescheduled one interval later, not repeated at once
    assert await svc.due_reminders(now[0] + 24 * 3600 + 2) == []
    await svc.set_reminders(gid, "u1", hours=2, deadline_hours=5)
    kinds = sorted(x[1].kind for x in await svc.due_reminders(now[0] + 6 * 3600))
    assert kinds == ["reminder", "reminder"]
    texts = [x[1].text for x in await svc.due_reminders(now[0] + 6 * 3600)]
    assert texts == []  # reminder rescheduled, deadline dropped


async def test_restart_keeps_timers(db_url):
    s = await Store.open(db_url)
    svc = Service(s, render_maps=False)
    r = await started(svc, seed=11)
    await s.close()
    s2 = await Store.open(db_url)
    assert len(await s2.timers(r.game.id)) == 1
    await s2.close()


async def test_two_player_game_passes_its_seats_to_the_engine(svc):
    """1.5: with two players the engine pairs Raj+Revolutionaries and
    Congress+Muslim League (lower margin, both must pass a victory check)."""
    r = await svc.create("c1", "a", "short", seats=2, seed=1)
    gid = r.game.id
    await svc.join(gid, "a", "raj")
    await svc.join(gid, "b", "inc")
    await svc.start(gid, "a")
    g = await svc.game(gid)
    import engine

    state = engine.load_state(g.state)
    assert state.options["seats"] == 2


async def test_a_wrong_scenario_or_seat_count_names_the_games_own(svc):
    """The refusal lists the scenarios and the seat limit of the game asked
    for, not Gandhi's (registry, issue 17)."""
    with pytest.raises(BadInput) as e:
        await svc.create("c9", "u1", "short", game="adp")
    assert e.value.text() == "Unknown scenario 'short': choose main."
    with pytest.raises(BadInput) as e:
        await svc.create("c9", "u1", "nope")
    assert e.value.text() == "Unknown scenario 'nope': choose short, main."
    with pytest.raises(BadInput) as e:
        await svc.create("c9", "u1", "short", seats=5)
    assert e.value.text() == "A game has 1 to 4 players, not 5."
