"""Service figures (DESIGN §7), printed as numbers:

* submit latency (load, apply, save, render) median and p95 with N stored games,
  beside the storage floor: a read + write of the same state blob through
  the same store connection and its transaction helper (the ratio printed);
  on SQLite also the same read + write in one trip to aiosqlite's thread,
  and through a plain ``sqlite3`` connection (the bare floor); and the
  engine alone on the same moves (load + ``engine.play``, no store); "submit" is
  the ``Service.submit`` call alone, "prompt+submit" a player's whole turn
  step (the prompt shown, then the choice submitted);
* sustained submits per second (``--rate S``: prompt+submit steps on random
  games for S seconds) in one process, or in ``--procs P`` processes on one
  PostgreSQL database (``--db`` / ``--pg-temp``);
* memory (RSS growth and tracemalloc peak) with M active games in play.

Games beyond the first ``--distinct`` (default 500) are copies of those made
by SQL (rows of games, seats and snapshots), so 100,000 stored games take
seconds to set up, not an hour.

On SQLite (a temporary file, the default), on a PostgreSQL URL (``--db``),
or on a throwaway local PostgreSQL server (``--pg-temp``: the tests' helper,
needs the server binaries):

    python benchmarks/service.py [--games 1000] [--active 100] [--submits 300] [--render] [--rate 10] [--clients 4]
    python benchmarks/service.py --pg-temp [...]
    python benchmarks/service.py --db postgresql://user@host/db [...]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from bot.service import Service, Stale  # noqa: E402
from bot.store import Store  # noqa: E402


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def new_game(svc: Service, ch: str, seed: int) -> int:
    r = await svc.create(ch, "u1", "short", seats=4, seed=seed)
    for f, u in zip(("raj", "inc", "ml", "rev"), ("u1", "u2", "u3", "u4")):
        await svc.join(r.game.id, u, f)
    await svc.start(r.game.id, "u1")
    return r.game.id


USERS = {"raj": "u1", "inc": "u2", "ml": "u3", "rev": "u4"}  # the seats of new_game


async def step(svc: Service, gid: int, rnd: random.Random, timed: list[float] | None = None,
               picked: list[tuple[str, str]] | None = None) -> bool:
    """One player's turn step: the prompt, then a random offered choice
    submitted (its latency alone appended to ``timed``; the actor and the
    choice appended to ``picked``)."""
    p = await svc.prompt(gid)
    if p is None:
        return False
    choice = rnd.choice(p.choices)[0]
    if picked is not None:
        picked.append((p.actor, choice))
    t = time.perf_counter()
    await svc.submit(gid, USERS[p.actor], [choice], p.version)
    if timed is not None:
        timed.append((time.perf_counter() - t) * 1000)
    return True


async def replicate(store: Store, n: int) -> None:
    """Copy the stored games 1..base (with seats, snapshots, log rows and
    timers: a move that passes the turn replaces its game's timers) until there
    are ``n``: copy k of game i gets id i + k * base."""
    cols = ("guild, name, game, scenario, seed, options, status, creator, state, version, locale, dashboard,"
            " reminder_hours, deadline_hours, created, updated, posted_log, attention, deadline_action, paused,"
            " pause_votes, clock_since, engine_version, checked_version, patch_notice")
    base = await store.count_games()
    k = 0
    while (k + 1) * base < n:
        k += 1
        last = min(base, n - k * base)
        async with store._txn() as c:
            await c.execute(f"INSERT INTO games (id, channel, {cols}) SELECT id + ?, channel || '-{k}', {cols}"
                            " FROM games WHERE id <= ?", k * base, last)
            await c.execute("INSERT INTO seats (game_id, faction, user_id, bot) SELECT game_id + ?, faction,"
                            " user_id, bot FROM seats WHERE game_id <= ?", k * base, last)
            await c.execute("INSERT INTO snapshots (game_id, actor, move, state, at) SELECT game_id + ?, actor, move,"
                            " state, at FROM snapshots WHERE game_id <= ?", k * base, last)
            await c.execute("INSERT INTO log_entries (game_id, n, entry) SELECT game_id + ?, n, entry"
                            " FROM log_entries WHERE game_id <= ?", k * base, last)
            await c.execute("INSERT INTO timers (game_id, kind, due, payload) SELECT game_id + ?, kind, due, payload"
                            " FROM timers WHERE game_id <= ?", k * base, last)
    if type(store).__name__ == "PgStore":
        async with store._conn() as c:
            await c.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT MAX(id) FROM games))")


async def active_ids(store: Store) -> list[int]:
    async with store._conn() as c:
        return [r[0] for r in await c.fetch("SELECT id FROM games WHERE status=? ORDER BY id", "active")]


async def sustained(svc: Service, gids: list[int], seconds: float, seed: int,
                    clients: int = 1) -> tuple[int, int, float]:
    """(submits, stale refusals, CPU seconds of this process) of back-to-back
    prompt+submit steps on random games for ``seconds``, by ``clients``
    players at once (a bot serving many channels answers interactions as
    they come; whether their steps overlap is what this measures: within
    one process they take turns on the GIL, docs/storage.md). The CPU time (the database thread's included) is
    what a step costs on a busy machine too, where the wall-clock rate
    depends on what else runs."""
    end = time.perf_counter() + seconds
    cpu = time.process_time()

    async def client(k: int) -> tuple[int, int]:
        rnd, n, stale = random.Random(seed * 1000 + k), 0, 0
        while time.perf_counter() < end:
            try:
                n += await step(svc, rnd.choice(gids), rnd)
            except Stale:
                stale += 1
        return n, stale

    done = await asyncio.gather(*(client(k) for k in range(clients)))
    return sum(d[0] for d in done), sum(d[1] for d in done), time.process_time() - cpu


async def worker(db: str, seconds: float, seed: int, start_at: float) -> None:
    """One of ``--procs`` processes: prints ``submits stale``."""
    store = await Store.open(db)
    svc = Service(store, render_maps=False)
    gids = await active_ids(store)
    await asyncio.sleep(max(0.0, start_at - time.time()))
    n, stale, cpu = await sustained(svc, gids, seconds, seed)
    print(n, stale, cpu, flush=True)
    await store.close()


def p50_p95(ms: list[float]) -> tuple[float, float]:
    ms = sorted(ms)
    return statistics.median(ms), ms[max(0, int(len(ms) * 0.95) - 1)]


async def floor(store: Store, gids: list[int], n: int) -> list[float]:
    """Read + write of a game's state blob, in one transaction, through the
    store's connection and its transaction helper (on SQLite: three trips to
    aiosqlite's thread, where the store's own save makes one; see
    :func:`floor_one_trip` and :func:`floor_bare` for the lower floors)."""
    rnd, out = random.Random(2), []
    for _ in range(n):
        gid = rnd.choice(gids)
        t = time.perf_counter()
        async with store._txn() as c:
            blob = await c.fetchval("SELECT state FROM games WHERE id=?", gid)
            await c.execute("UPDATE games SET state=? WHERE id=?", blob, gid)
        out.append((time.perf_counter() - t) * 1000)
    return out


def engine_alone(moves: list[tuple[str, str, str]]) -> list[float]:
    """Milliseconds of the engine's part of each submit in ``moves``, with no
    store: the stored state loaded (its decision known, as the service keeps
    it) and the choice played (``engine.play``: applied, then what the next
    position offers). No submit can be quicker, whatever its store costs."""
    out = []
    for blob, actor, choice in moves:
        known = engine.pending(engine.load_state(blob))
        t = time.perf_counter()
        engine.play(engine.load_state(blob, known), actor, choice, decided=known.first)
        out.append((time.perf_counter() - t) * 1000)
    return out


def read_write(con: sqlite3.Connection, gid: int) -> None:
    """SQLite: read game ``gid``'s state blob and write it back, in one
    transaction, on a plain ``sqlite3`` connection."""
    con.execute("BEGIN IMMEDIATE")
    blob = con.execute("SELECT state FROM games WHERE id=?", (gid,)).fetchone()[0]
    con.execute("UPDATE games SET state=? WHERE id=?", (blob, gid))
    con.execute("COMMIT")


async def floor_one_trip(store: Store, gids: list[int], n: int) -> list[float]:
    """SQLite: :func:`read_write` in one trip to aiosqlite's thread (as the
    store's own save goes): what a submit through this store must at least
    cost."""
    rnd, out = random.Random(3), []
    for _ in range(n):
        gid = rnd.choice(gids)
        t = time.perf_counter()
        await store._run(lambda con, gid=gid: read_write(con, gid))
        out.append((time.perf_counter() - t) * 1000)
    return out


def floor_bare(path: str, gids: list[int], n: int) -> list[float]:
    """SQLite: :func:`read_write` through a plain ``sqlite3`` connection to
    the same file, on this thread (no aiosqlite, no event loop): the storage
    engine's own cost."""
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA synchronous=NORMAL")
    rnd, out = random.Random(4), []
    for _ in range(n):
        gid = rnd.choice(gids)
        t = time.perf_counter()
        read_write(con, gid)
        out.append((time.perf_counter() - t) * 1000)
    con.close()
    return out


async def run(a) -> None:
    server = None
    with tempfile.TemporaryDirectory() as d:
        if a.pg_temp:
            from tests.pg_server import start_server

            server = start_server()
            a.db = server.url()
        store = await Store.open(a.db or os.path.join(d, "bench.sqlite3"))
        backend = type(store).__name__
        svc = Service(store, render_maps=a.render)
        t0 = time.perf_counter()
        gids = [await new_game(svc, f"ch{i}", i) for i in range(min(a.games, a.distinct))]
        rnd = random.Random(1)
        for _ in range(a.warm):  # a few moves into the distinct games
            await step(svc, rnd.choice(gids), rnd)
        if a.games > len(gids):
            await replicate(store, a.games)
            gids = await active_ids(store)
        print(f"{backend}: stored games: {len(gids)} ({min(a.games, a.distinct)} played, {a.warm} warm-up moves) "
              f"ready in {time.perf_counter() - t0:.1f} s; load average {os.getloadavg()[0]:.1f} "
              f"on {os.cpu_count()} CPUs")
        lat, sub, picked, moves = [], [], [], []
        for _ in range(a.submits):
            gid = rnd.choice(gids)
            blob = (await store.get_game(gid)).state  # the state the step's submit starts from
            t = time.perf_counter()
            if await step(svc, gid, rnd, sub, picked):
                lat.append((time.perf_counter() - t) * 1000)
                moves.append((blob, *picked[-1]))
        st50, st95 = p50_p95(lat)
        sub50, sub95 = p50_p95(sub)
        fl50, fl95 = p50_p95(await floor(store, gids, a.submits))
        en50, en95 = p50_p95(engine_alone(moves))
        sample = gids[:: max(1, len(gids) // 1000)]
        blob = sum([len((await store.get_game(g)).state or "") for g in sample]) / max(1, len(sample))
        print(f"{backend}: over {len(lat)} submits (render={'on' if a.render else 'off'}): "
              f"submit p50 {sub50:.2f} ms, p95 {sub95:.2f} ms; prompt+submit p50 {st50:.2f} ms, p95 {st95:.2f} ms; "
              f"read+write of the state blob in a store transaction (mean {blob / 1000:.0f} KB): p50 {fl50:.2f} ms, "
              f"p95 {fl95:.2f} ms; submit p95 ratio {sub95 / fl95:.1f}x")
        if backend == "SqliteStore":
            t50, t95 = p50_p95(await floor_one_trip(store, gids, a.submits))
            b50, b95 = p50_p95(floor_bare(store.path, gids, a.submits))
            print(f"{backend}: the same read+write in one trip to aiosqlite's thread: p50 {t50:.3f} ms, p95 "
                  f"{t95:.3f} ms (submit p95 {sub95 / t95:.0f}x); through a plain sqlite3 connection, no "
                  f"aiosqlite: p50 {b50:.3f} ms, p95 {b95:.3f} ms (submit p95 {sub95 / b95:.0f}x)")
        print(f"{backend}: the engine alone on the same moves (load + engine.play, no store): p50 {en50:.2f} ms, "
              f"p95 {en95:.2f} ms ({en95 / fl95:.1f}x the floor's p95)")
        if a.rate:
            if a.procs > 1 and backend == "PgStore":
                start_at = time.time() + 3
                procs = [subprocess.Popen([sys.executable, __file__, "--worker", a.db, "--rate", str(a.rate),
                                           "--seed", str(100 + i), "--start-at", str(start_at)],
                                          stdout=subprocess.PIPE, text=True) for i in range(a.procs)]
                outs = [p.communicate()[0].split() for p in procs]
                n, stale = sum(int(o[0]) for o in outs), sum(int(o[1]) for o in outs)
                cpu = sum(float(o[2]) for o in outs)
                print(f"{backend}: {a.procs} processes: {n / a.rate:.0f} submits/s sustained over {a.rate} s "
                      f"(prompt+submit, no maps; {stale} stale refusals; bot CPU {cpu / max(1, n) * 1000:.2f} ms "
                      f"per step); load average {os.getloadavg()[0]:.1f}")
            else:
                n, stale, cpu = await sustained(svc, gids, a.rate, 7, a.clients)
                print(f"{backend}: 1 process, {a.clients} client(s) at once: {n / a.rate:.0f} submits/s sustained "
                      f"over {a.rate} s (prompt+submit, render={'on' if a.render else 'off'}; {stale} stale "
                      f"refusals; CPU {cpu / max(1, n) * 1000:.2f} ms per step, {n / max(cpu, 1e-9):.0f} steps per "
                      f"CPU second); load average {os.getloadavg()[0]:.1f}")
        if not a.active:
            await store.close()
            if server:
                server.stop()
            return
        # memory with active games: each active game's state loaded and played
        rss0 = rss_mb()
        tracemalloc.start()
        active = gids[:a.active]
        t = time.perf_counter()
        n = 0
        for _ in range(3):
            results = await asyncio.gather(*(step(svc, g, random.Random(g)) for g in active),
                                           return_exceptions=True)
            n += sum(1 for r in results if r is True)
        cur, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"{a.active} active games, {n} concurrent submits in {time.perf_counter() - t:.2f} s: "
              f"tracemalloc peak {peak / 1e6:.1f} MB, max RSS {rss_mb():.0f} MB (was {rss0:.0f} MB)")
        await store.close()
        if server:
            server.stop()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--active", type=int, default=100)
    ap.add_argument("--submits", type=int, default=300)
    ap.add_argument("--render", action="store_true", help="render the map on turn posts")
    ap.add_argument("--db", help="a postgresql:// URL (default: a temporary SQLite file)")
    ap.add_argument("--pg-temp", action="store_true", help="start a throwaway local PostgreSQL server")
    ap.add_argument("--distinct", type=int, default=500, help="games played through the service; the rest are "
                    "SQL copies of them")
    ap.add_argument("--warm", type=int, default=0, help="random moves played into the distinct games first")
    ap.add_argument("--rate", type=float, default=0, help="seconds of back-to-back submits: submits per second")
    ap.add_argument("--procs", type=int, default=1, help="with --rate on PostgreSQL: that many processes")
    ap.add_argument("--clients", type=int, default=1, help="with --rate in one process: players stepping at once")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=7, help=argparse.SUPPRESS)
    ap.add_argument("--start-at", type=float, default=0, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        asyncio.run(worker(a.worker, a.rate, a.seed, a.start_at))
    else:
        asyncio.run(run(a))


if __name__ == "__main__":
    main()
