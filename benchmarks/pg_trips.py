"""PostgreSQL round trips per submit (issue 37 item 7): the client-server
round trips one submit through the service costs, counted at asyncpg's
connection (each simple query, each extended-protocol execute, each prepare
of a statement not yet cached), and how many of them are the reset asyncpg
runs when a connection goes back to the pool.

    python benchmarks/pg_trips.py --pg-temp [--games 20 --submits 400]
    python benchmarks/pg_trips.py --db postgresql://...

Only the submits are counted (the prompt each submit is built from is not);
the first submits of each statement's text also pay its prepare, so a warm-up
comes first. Prints trips per submit, the resets' share and the prepares."""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import asyncpg
from asyncpg.connection import Connection

from bot.service import Service
from bot.store import Store

TRIPS: Counter = Counter()
_on = False


def _count_trips() -> None:
    """Wrap asyncpg's Connection so that every round trip it makes is counted in TRIPS."""
    execute, _execute, get_statement = Connection.execute, Connection._execute, Connection._get_statement

    async def counted_execute(self, query, *args, **kw):
        if _on and not args:
            TRIPS["reset" if query == self.get_reset_query() else "query"] += 1
        return await execute(self, query, *args, **kw)

    async def counted__execute(self, query, args, limit, timeout, **kw):
        if _on:
            TRIPS["execute"] += 1
        return await _execute(self, query, args, limit, timeout, **kw)

    async def counted_get_statement(self, query, timeout, **kw):
        n = len(self._stmt_cache)
        st = await get_statement(self, query, timeout, **kw)
        if _on and len(self._stmt_cache) != n:
            TRIPS["prepare"] += 1
        return st

    Connection.execute, Connection._execute = counted_execute, counted__execute
    Connection._get_statement = counted_get_statement


async def _game(svc: Service, i: int) -> int:
    r = await svc.create(f"ch{i}", "u1", "short", seats=4, seed=i)
    for f, u in zip(("raj", "inc", "ml", "rev"), ("u1", "u2", "u3", "u4")):
        await svc.join(r.game.id, u, f)
    await svc.start(r.game.id, "u1")
    return r.game.id


async def _submits(svc: Service, gids: list[int], n: int, rnd: random.Random) -> int:
    """``n`` submits of a random offered choice in random games; returns how many were made."""
    global _on
    done = 0
    users = {"raj": "u1", "inc": "u2", "ml": "u3", "rev": "u4"}
    for _ in range(n):
        gid = rnd.choice(gids)
        p = await svc.prompt(gid)
        if p is None:
            continue
        _on = True
        try:
            await svc.submit(gid, users[p.actor], [rnd.choice(p.choices)[0]], p.version)
            done += 1
        finally:
            _on = False
    return done


async def run(a) -> None:
    if a.pg_temp:
        from tests.pg_server import start_server

        server = start_server()
        a.db = server.url()
    _count_trips()
    store = await Store.open(a.db)
    try:
        svc = Service(store, render_maps=False)
        gids = [await _game(svc, i) for i in range(a.games)]
        rnd = random.Random(1)
        await _submits(svc, gids, a.warm, rnd)
        TRIPS.clear()
        n = await _submits(svc, gids, a.submits, rnd)
        total = sum(TRIPS.values())
        print(f"asyncpg {asyncpg.__version__}, {n} submits: {total / n:.2f} round trips per submit "
              f"({', '.join(f'{k} {v / n:.2f}' for k, v in sorted(TRIPS.items()))})")
    finally:
        await store.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", help="a postgresql:// URL")
    ap.add_argument("--pg-temp", action="store_true", help="start a throwaway local PostgreSQL server")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--warm", type=int, default=200)
    ap.add_argument("--submits", type=int, default=400)
    a = ap.parse_args()
    if not (a.db or a.pg_temp):
        ap.error("give --db or --pg-temp")
    asyncio.run(run(a))


if __name__ == "__main__":
    main()
