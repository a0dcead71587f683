"""Several bot processes on one database (issue 21): each "process" is its
own Store (on PostgreSQL its own connection pool, so its own server sessions)
on the same database, run on both backends."""
import asyncio
import random
import re
from pathlib import Path

import pytest

from bot.service import Service, Stale
from bot.store import Store

from svc_helpers import started


@pytest.fixture
async def two(db_url):
    """Two stores on one database, as two bot processes would have."""
    a, b = await Store.open(db_url), await Store.open(db_url)
    yield a, b
    await a.close()
    await b.close()


async def test_two_services_racing_submits_apply_exactly_one_per_version(two):
    s1, s2 = Service(two[0], render_maps=False), Service(two[1], render_maps=False)
    r = await started(s1, seed=21)
    gid, rnd = r.game.id, random.Random(4)
    for _ in range(12):
        p = await s1.prompt(gid)
        g = await s1.game(gid)
        cid = rnd.choice([c for c, _ in p.choices])
        user = g.seats[p.actor]
        got = await asyncio.gather(s1.submit(gid, user, [cid], p.version), s2.submit(gid, user, [cid], p.version),
                                   return_exceptions=True)
        assert sorted(type(x).__name__ for x in got) == ["Result", "Stale"], got
        after = await s2.game(gid)
        assert after.version == p.version + 1  # one write, not two
    moves = await two[0].moves(gid)
    assert [m["move"] for m in moves] == list(range(1, len(moves) + 1))  # no move applied twice
    submits = [a for a in await two[1].actions(gid, 500) if a["kind"] == "submit"]
    assert len(submits) == 12


async def test_a_stale_racer_is_told_and_loses_nothing(two):
    s1, s2 = Service(two[0], render_maps=False), Service(two[1], render_maps=False)
    r = await started(s1, seed=8)
    p = await s1.prompt(r.game.id)
    user = r.game.seats[p.actor]
    await s1.submit(r.game.id, user, [p.choices[0][0]], p.version)
    with pytest.raises(Stale):
        await s2.submit(r.game.id, user, [p.choices[0][0]], p.version)


async def test_one_due_reminder_polled_by_two_processes_fires_once(two):
    s1, s2 = Service(two[0], render_maps=False), Service(two[1], render_maps=False)
    r = await started(s1, seed=11)
    (tm,) = await two[0].timers(r.game.id)
    later = tm["due"] + 1
    posts = await asyncio.gather(s1.due_reminders(later), s2.due_reminders(later))
    assert sum(len(p) for p in posts) == 1
    # the reminder came back once, one interval later
    assert len(await two[0].timers(r.game.id)) == 1


async def test_one_timer_claimed_by_two_claimers_at_once_is_taken_once(two):
    r = await Service(two[0], render_maps=False).create("c1", "u1", "short")
    await two[0].add_timer(r.game.id, "reminder", 5.0, {})
    (tm,) = await two[0].due_timers(10.0)
    got = await asyncio.gather(two[0].claim_timer(tm["id"]), two[1].claim_timer(tm["id"]))
    assert sorted(got) == [False, True]


async def _worker(store, now, fired):
    while True:
        due = await store.due_timers(now)
        if not due:
            return
        for tm in due:
            if await store.claim_timer(tm["id"]):
                fired.append(tm["id"])


async def test_a_thousand_due_timers_fire_exactly_once_across_two_workers(two):
    r = await Service(two[0], render_maps=False).create("c1", "u1", "short")
    await two[0].set_timers(r.game.id, [("reminder", float(i % 50), {"n": i}) for i in range(1000)])
    a, b = [], []
    await asyncio.gather(_worker(two[0], 100.0, a), _worker(two[1], 100.0, b))
    assert len(a) + len(b) == 1000 and len(set(a) | set(b)) == 1000
    assert await two[0].next_timer_due() is None


async def test_an_outbox_post_is_claimed_by_one_process_and_retried_if_it_dies(two):
    r = await Service(two[0], render_maps=False).create("c1", "u1", "short")
    pid = await two[0].queue_post(r.game.id, "c1", "hello", [], "turn", False, 10.0, "Forbidden")
    got = await asyncio.gather(two[0].claim_post(pid, 20.0, 300), two[1].claim_post(pid, 20.0, 300))
    assert sorted(got) == [False, True]
    assert await two[0].due_posts(30.0) == []  # leased: no one else sends it meanwhile
    # the claimer died without post_done: the post is due again after the lease
    assert [p["id"] for p in await two[1].due_posts(400.0)] == [pid]


async def test_two_processes_racing_for_one_seat_one_gets_it(two):
    s1, s2 = Service(two[0], render_maps=False), Service(two[1], render_maps=False)
    for n in range(5):
        r = await s1.create(f"c{n}", "u1", "short")
        got = await asyncio.gather(s1.join(r.game.id, "x", "raj"), s2.join(r.game.id, "y", "raj"),
                                   return_exceptions=True)
        assert sorted(type(x).__name__ for x in got) == ["Forbidden", "Result"], got
        g = await s2.game(r.game.id)
        winner = "x" if type(got[0]).__name__ == "Result" else "y"
        assert g.seats["raj"] == winner  # the loser did not overwrite the winner


def test_no_server_binaries_is_a_clear_reason_to_skip(monkeypatch):
    from tests import pg_server

    monkeypatch.setattr(pg_server.shutil, "which", lambda name: None)
    monkeypatch.setattr(pg_server.glob, "glob", lambda pattern: [])
    with pytest.raises(RuntimeError, match="install the 'postgresql' package"):
        pg_server.start_server()


async def test_an_unreachable_postgres_is_one_line_without_the_password():
    from bot.store import StoreError

    with pytest.raises(StoreError) as e:
        await Store.open("postgresql://dakbot:s3cret@127.0.0.1:1/dakbot")
    assert "s3cret" not in str(e.value) and "\n" not in str(e.value) and "127.0.0.1" in str(e.value)


async def test_a_newer_schema_on_postgres_is_refused(db_url):
    from bot.store import StoreError

    s = await Store.open(db_url)
    async with s._conn() as c:
        await c.execute("INSERT INTO schema_version VALUES (99)")
    await s.close()
    with pytest.raises(StoreError, match="schema version 99, newer than"):
        await Store.open(db_url)


async def test_a_process_shows_the_move_another_process_made(two):
    """Each process remembers the decisions of the states it showed (issue
    21); a state saved by another process is a new state, shown as it is."""
    s1, s2 = Service(two[0], render_maps=False), Service(two[1], render_maps=False)
    r = await started(s1, seed=13)
    rnd = random.Random(6)
    for _ in range(10):
        p1 = await s1.prompt(r.game.id)
        p2 = await s2.prompt(r.game.id)
        assert (p1.version, p1.actor, p1.choices) == (p2.version, p2.actor, p2.choices)
        user = r.game.seats[p2.actor]
        res = await s2.submit(r.game.id, user, [rnd.choice(p2.choices)[0]], p2.version)
        fresh = await Service(two[0], render_maps=False).prompt(r.game.id)  # remembers nothing
        again = await s1.prompt(r.game.id)
        assert again.version == fresh.version == res.prompt.version == p1.version + 1
        assert (again.actor, again.choices) == (fresh.actor, fresh.choices) == (res.prompt.actor, res.prompt.choices)


async def test_a_process_that_remembers_an_older_state_answers_the_stored_one(two):
    """Each process remembers the decisions of the states it saved or showed
    (issue 21), by the stored JSON: once another process has moved the game
    on, the first answers the stored position's decision, not the one it
    remembers."""
    s1, s2 = Service(two[0], render_maps=False), Service(two[1], render_maps=False)
    r = await started(s1, seed=5)
    gid, rnd = r.game.id, random.Random(3)
    for _ in range(6):
        old = await s1.prompt(gid)  # s1 remembers this position
        g = await s2.game(gid)
        await s2.submit(gid, g.seats[old.actor], [rnd.choice(old.choices)[0]], old.version)  # s2 moves on
        now = await s2.prompt(gid)
        assert (await s1.prompt(gid)).choices == now.choices
        res = await s1.submit(gid, g.seats[now.actor], [now.choices[-1][0]], now.version)
        assert res.game.version == now.version + 1


async def test_a_save_against_a_moved_on_version_writes_none_of_its_rows(store):
    """On both backends (on PostgreSQL a move that keeps the turn is one
    statement, store_pg.gated): a save built on an old version raises
    Conflict and leaves no action, move or log row behind."""
    from bot.store import Conflict

    svc = Service(store, render_maps=False)
    r = await started(svc, seed=8)
    g = await store.get_game(r.game.id)
    before = (await store.actions(g.id, 500), await store.moves(g.id), await store.log_entries(g.id))
    with pytest.raises(Conflict):
        await store.save_state(g.id, g.version - 1, g.state, action={"user": "u1", "kind": "submit"},
                               moves=[(99, "raj", "x")], log=[(900, {"key": "log.x"})])
    assert (await store.actions(g.id, 500), await store.moves(g.id), await store.log_entries(g.id)) == before
    assert (await store.get_game(g.id)).version == g.version


async def test_a_connection_back_in_the_pool_costs_no_reset_trip_and_keeps_no_transaction(db_url):
    """Issue 37 item 7: asyncpg's default reset (a query per release: 2.2 of
    a submit's 5.4 round trips) undoes session state dakbot never sets (its
    one advisory lock is transaction-scoped; no SET, LISTEN or cursor), so
    the pool skips it; a transaction a failure left open is still rolled
    back before the connection is used again (asyncpg does that itself)."""
    if not db_url.startswith("postgres"):
        pytest.skip("PostgreSQL's connection pool")
    from asyncpg.connection import Connection

    s = await Store.open(db_url)
    try:
        s.pool._minsize = s.pool._maxsize = 1  # one connection: the next acquire gets the one released
        simple: list[str] = []
        run = Connection.execute

        async def seen(self, query, *args, **kw):
            if not args:
                simple.append(query)
            return await run(self, query, *args, **kw)

        Connection.execute = seen
        try:
            for _ in range(5):
                assert await s.count_games() == 0
            assert simple == []  # no reset query on release
            simple.clear()
            with pytest.raises(RuntimeError):
                async with s.pool.acquire() as con:
                    tr = con.transaction()
                    await tr.start()
                    await con.execute("CREATE TEMP TABLE t (x int)")
                    raise RuntimeError("a failure leaves the transaction open")
            assert simple[-1] == "ROLLBACK" and not any("RESET" in q for q in simple)
            async with s.pool.acquire() as con:
                assert not con.is_in_transaction()
                assert await con.fetchval("SELECT to_regclass('pg_temp.t')") is None
        finally:
            Connection.execute = run
        # the store's own SQL sets no session state a reset would have to undo
        import bot.store as store_pkg
        import bot.store_pg as pg
        sources = [Path(pg.__file__)] + sorted(Path(store_pkg.__file__).parent.glob("*.py"))
        session = re.compile(r"\b(LISTEN|SET\s+(SESSION|search_path|TIME\s+ZONE|ROLE)|pg_advisory_lock"
                             r"|DECLARE\s+\w+\s+CURSOR|CREATE\s+TEMP)\b", re.IGNORECASE)
        assert [p.name for p in sources if session.search(p.read_text(encoding="utf-8"))] == []
    finally:
        await s.close()
