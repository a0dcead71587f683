"""One bot "process" of tests/bot/test_processes.py, run as its own OS
process: ``python race_worker.py DB MODE START_AT [GAME USER CHOICE VERSION]``.

MODE ``timers``: claim every timer due at t=100 until none is left; prints the
claimed ids, one per line. MODE ``sealed`` (GAME SEED USERS PHASES): the
comma-separated USERS write sealed orders at random (sealed_players.play)
until PHASES sealed phases are revealed; prints "clicks refused lost
phases". MODE ``submit``: submit CHOICE for USER in GAME at
VERSION; prints ``Result`` or the refusal's class name. Both wait until the
wall clock reaches START_AT, so the processes really race."""
import asyncio
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from bot.service import Service  # noqa: E402
from bot.store import Store  # noqa: E402


async def main(db: str, mode: str, start_at: float, *rest: str) -> None:
    store = await Store.open(db)
    try:
        await asyncio.sleep(max(0.0, start_at - time.time()))
        if mode == "timers":
            while due := await store.due_timers(100.0):
                for tm in due:
                    if await store.claim_timer(tm["id"]):
                        print(tm["id"], flush=True)
        elif mode == "sealed":
            import random

            from sealed_players import play
            game, seed, users, phases = rest
            t = await play(Service(store, render_maps=False), int(game), users.split(","), random.Random(int(seed)),
                           int(phases), pause=0.01)
            print(t.clicks, t.refused, t.lost, t.phases, flush=True)
        else:
            game, user, choice, version = rest
            try:
                await Service(store, render_maps=False).submit(int(game), user, [choice], int(version))
                print("Result")
            except Exception as e:  # noqa: BLE001 - the refusal is the answer
                print(type(e).__name__)
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3]), *sys.argv[4:]))
