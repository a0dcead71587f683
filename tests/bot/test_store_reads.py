"""SQLite's reads by key on the event loop's thread (``SqliteStore._point``,
issue 21): they see every write begun before them, leave no read
transaction open, and fall back to aiosqlite's thread when busy."""
import asyncio
import sqlite3

from bot.store import Store
from svc_helpers import started


async def _sqlite(tmp_path):
    return await Store.open(str(tmp_path / "reads.sqlite3"))


async def test_a_move_is_seen_by_the_next_read(tmp_path):
    store = await _sqlite(tmp_path)
    try:
        assert store.reader is not None
        g = await store.create_game(channel="c", guild=None, name="n", game="gandhi", scenario="short", seed=1,
                                    options={}, creator="u")
        v = await store.save_state(g.id, g.version, '{"x": 1}')
        again = await store.get_game(g.id)
        assert (again.version, again.state) == (v, '{"x": 1}')
        assert (await store.open_game_in("c")).id == g.id
        await store.set_draft(g.id, "u", v, ["a", "b"])
        assert await store.get_draft(g.id, "u") == (v, ["a", "b"])
    finally:
        await store.close()


async def test_a_read_begun_during_a_write_transaction_waits_for_it_and_sees_it(tmp_path):
    """As a read through aiosqlite's thread does (it queues behind the
    transaction): a prompt shown while a move is being saved shows the move."""
    store = await _sqlite(tmp_path)
    try:
        g = await store.create_game(channel="c", guild=None, name="before", game="gandhi", scenario="short",
                                    seed=1, options={}, creator="u")
        entered, release = asyncio.Event(), asyncio.Event()

        async def writer():
            async with store._txn() as c:
                await c.execute("UPDATE games SET name='after' WHERE id=?", g.id)
                entered.set()
                await release.wait()

        w = asyncio.ensure_future(writer())
        await entered.wait()
        read = asyncio.ensure_future(store.get_game(g.id))
        await asyncio.sleep(0.02)
        assert not read.done()
        release.set()
        await w
        assert (await asyncio.wait_for(read, 5)).name == "after"
    finally:
        await store.close()


async def test_reads_leave_no_transaction_open_so_the_wal_is_checkpointed(tmp_path):
    store = await _sqlite(tmp_path)
    try:
        g = await store.create_game(channel="c", guild=None, name="n", game="gandhi", scenario="short", seed=1,
                                    options={}, creator="u")
        for i in range(3):
            await store.save_state(g.id, g.version + i, '{"x": %d}' % i)
            await store.get_game(g.id)
        assert not store.reader.in_transaction
        async with store._conn() as c:
            busy, _log, _done = await c.fetchrow("PRAGMA wal_checkpoint(TRUNCATE)")
        assert busy == 0
    finally:
        await store.close()


class _Busy:
    def execute(self, *a):
        raise sqlite3.OperationalError("database is locked")

    def close(self):
        pass


async def test_a_busy_read_goes_through_aiosqlite(tmp_path):
    store = await _sqlite(tmp_path)
    try:
        g = await store.create_game(channel="c", guild=None, name="n", game="gandhi", scenario="short", seed=1,
                                    options={}, creator="u")
        store.reader = _Busy()
        assert (await store.get_game(g.id)).name == "n"
        assert await store.get_draft(g.id, "u") is None
    finally:
        await store.close()


async def test_a_game_in_play_is_read_by_the_service_through_the_reader(tmp_path, monkeypatch):
    """The service's prompt and submit read the game without a trip to
    aiosqlite's thread (the trip is what the reader saves)."""
    store = await _sqlite(tmp_path)
    try:
        from bot.service import Service

        svc = Service(store, render_maps=False)
        gid = (await started(svc)).game.id
        seats = (await store.get_game(gid)).seats
        actor = (await svc.prompt(gid)).actor
        trips = []
        real = store.db._execute

        async def counted(fn, *a, **k):
            trips.append(fn)
            return await real(fn, *a, **k)

        monkeypatch.setattr(store.db, "_execute", counted)
        p = await svc.prompt(gid, seats[actor])  # the user's draft looked up too
        assert p is not None and trips == []
        await svc.submit(gid, seats[actor], [p.choices[0][0]], p.version)
        assert len(trips) <= 2  # the move's write (and the turn post's stored log), no read of the game
    finally:
        await store.close()


async def test_an_in_memory_database_has_no_reader_and_still_reads():
    store = await Store.open(":memory:")
    try:
        assert store.reader is None
        g = await store.create_game(channel="c", guild=None, name="n", game="gandhi", scenario="short", seed=1,
                                    options={}, creator="u")
        assert (await store.get_game(g.id)).name == "n"
    finally:
        await store.close()


async def test_a_reader_that_cannot_open_leaves_reads_on_aiosqlite(tmp_path, monkeypatch, caplog):
    real = sqlite3.connect

    def refuse_read_only(target, *a, **k):
        if k.get("uri"):
            raise sqlite3.OperationalError("unable to open database file")
        return real(target, *a, **k)

    monkeypatch.setattr(sqlite3, "connect", refuse_read_only)
    store = await _sqlite(tmp_path)
    try:
        assert store.reader is None and "reads go through aiosqlite" in caplog.text
        g = await store.create_game(channel="c", guild=None, name="n", game="gandhi", scenario="short", seed=1,
                                    options={}, creator="u")
        assert (await store.get_game(g.id)).name == "n"
    finally:
        await store.close()
