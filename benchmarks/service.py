"""Service figures (DESIGN §7), printed as numbers:

* submit latency (load, apply, save, render) median and p95 with N stored games;
* memory (RSS growth and tracemalloc peak) with M active games in play.

    python benchmarks/service.py [--games 1000] [--active 100] [--submits 300] [--render]
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


async def run(a) -> None:
    with tempfile.TemporaryDirectory() as d:
        store = await Store.open(os.path.join(d, "bench.sqlite3"))
        svc = Service(store, render_maps=a.render)
        t0 = time.perf_counter()
        gids = [await new_game(svc, f"ch{i}", i) for i in range(a.games)]
        print(f"stored games: {a.games} created in {time.perf_counter() - t0:.1f} s "
              f"(db {os.path.getsize(os.path.join(d, 'bench.sqlite3')) / 1e6:.1f} MB)")
        rnd = random.Random(1)
        lat = []
        for _ in range(a.submits):
            gid = rnd.choice(gids)
            t = time.perf_counter()
            if await step(svc, gid, rnd):
                lat.append((time.perf_counter() - t) * 1000)
        lat.sort()
        print(f"submit latency over {len(lat)} submits (render={'on' if a.render else 'off'}): "
              f"median {statistics.median(lat):.1f} ms, p95 {lat[int(len(lat) * 0.95) - 1]:.1f} ms")
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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--active", type=int, default=100)
    ap.add_argument("--submits", type=int, default=300)
    ap.add_argument("--render", action="store_true", help="render the map on turn posts")
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
