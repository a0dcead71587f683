"""Service figures (DESIGN §7), printed as numbers:

* submit latency (load, apply, save, render) median and p95 with N stored games,
  beside the storage floor: a bare read + write of the same state blob through
  the same store connection (what any submit must at least cost);
* memory (RSS growth and tracemalloc peak) with M active games in play.

On SQLite (a temporary file, the default), on a PostgreSQL URL (``--db``),
or on a throwaway local PostgreSQL server (``--pg-temp``: the tests' helper,
needs the server binaries):

    python benchmarks/service.py [--games 1000] [--active 100] [--submits 300] [--render]
    python benchmarks/service.py --pg-temp [...]
    python benchmarks/service.py --db postgresql://user@host/db [...]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bot.service import Service  # noqa: E402
from bot.store import Store  # noqa: E402


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def new_game(svc: Service, ch: str, seed: int) -> int:
    r = await svc.create(ch, "u1", "short", seats=4, seed=seed)
    for f, u in zip(("raj", "inc", "ml", "rev"), ("u1", "u2", "u3", "u4")):
        await svc.join(r.game.id, u, f)
    await svc.start(r.game.id, "u1")
    return r.game.id


async def step(svc: Service, gid: int, rnd: random.Random) -> bool:
    p = await svc.prompt(gid)
    if p is None:
        return False
    g = await svc.game(gid)
    await svc.submit(gid, g.seats[p.actor], [rnd.choice(p.choices)[0]], p.version)
    return True


def p50_p95(ms: list[float]) -> tuple[float, float]:
    ms = sorted(ms)
    return statistics.median(ms), ms[max(0, int(len(ms) * 0.95) - 1)]


async def floor(store: Store, gids: list[int], n: int) -> list[float]:
    """Bare read + write of a game's state blob, in one transaction, as a
    submit's save is: the storage cost no submit can go below."""
    rnd, out = random.Random(2), []
    for _ in range(n):
        gid = rnd.choice(gids)
        t = time.perf_counter()
        async with store._txn() as c:
            blob = await c.fetchval("SELECT state FROM games WHERE id=?", gid)
            await c.execute("UPDATE games SET state=? WHERE id=?", blob, gid)
        out.append((time.perf_counter() - t) * 1000)
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
        gids = [await new_game(svc, f"ch{i}", i) for i in range(a.games)]
        print(f"{backend}: stored games: {a.games} created in {time.perf_counter() - t0:.1f} s")
        rnd = random.Random(1)
        lat = []
        for _ in range(a.submits):
            gid = rnd.choice(gids)
            t = time.perf_counter()
            if await step(svc, gid, rnd):
                lat.append((time.perf_counter() - t) * 1000)
        sub50, sub95 = p50_p95(lat)
        fl50, fl95 = p50_p95(await floor(store, gids, a.submits))
        blob = sum(len(g.state or "") for g in await store.games(("active",))) / max(1, a.games)
        print(f"{backend}: submit latency over {len(lat)} submits (render={'on' if a.render else 'off'}): "
              f"p50 {sub50:.1f} ms, p95 {sub95:.1f} ms; bare read+write of the state blob "
              f"(mean {blob / 1000:.0f} KB): p50 {fl50:.2f} ms, p95 {fl95:.2f} ms; p95 ratio {sub95 / fl95:.0f}x")
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
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
