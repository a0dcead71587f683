"""Players who write sealed orders the way Discord players do (issue 37 item
1): each clicks on the prompt they were last shown (its move counter), one
choice at a time, then Confirm; their clicks interleave at random with the
other players'. Shared by tests/bot/test_sealed_orders.py (one process) and
race_worker.py (two processes on one database)."""
from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass

import engine
from bot.service import BadInput, Forbidden, Service, Stale

POWERS = ("great_britain", "germany", "france", "usa")


@dataclass
class Tally:
    clicks: int = 0
    refused: int = 0  # clicks refused although the player's own decision had not changed
    lost: int = 0  # times a player found picks of theirs gone without having confirmed them
    phases: int = 0  # sealed phases (rounds of sealed orders) seen to their reveal

    def add(self, other: Tally) -> None:
        self.clicks += other.clicks
        self.refused += other.refused
        self.lost += other.lost
        self.phases = max(self.phases, other.phases)


async def pax_game(svc: Service, seed: int = 5, channel: str = "c1") -> int:
    """A started 4-player Pax Britannica game, each power held by the user of its own name."""
    r = await svc.create(channel, POWERS[0], None, seats=4, seed=seed, game="pax")
    for f in POWERS:
        await svc.join(r.game.id, f, f)
    await svc.start(r.game.id, POWERS[0])
    return r.game.id


def _choose(prompt, rng: random.Random) -> str:
    ids = [c for c, _ in prompt.choices if c != "undo"]
    if "seal" in ids and (len(prompt.draft) >= 3 or rng.random() < 0.35):
        return "seal"
    return rng.choice(ids)


async def _marker(svc: Service, gid: int):
    return engine.stretch_marker(svc.state_of(await svc.game(gid)))


async def play(svc: Service, gid: int, users: list[str], rng: random.Random, phases: int,
               pause: float = 0.0) -> Tally:
    """Click for ``users`` (each holding the power of their name) until
    ``phases`` sealed phases have been revealed (or the game ends). ``pause``:
    the most seconds to wait between clicks (other processes click then)."""
    tally = Tally()
    shown: dict[str, object] = {}
    expected: dict[str, list[str]] = {u: [] for u in users}
    seen_at: dict[str, object] = {}
    markers: list = []
    while True:
        g = await svc.game(gid)
        if g.status != "active":
            break
        st = svc.state_of(g)
        marker = engine.stretch_marker(st)
        if not markers or markers[-1] != marker:
            markers.append(marker)
        tally.phases = len(markers) - 1
        if tally.phases >= phases:
            break
        owing = [u for u in users if engine.pending_for(st, u) is not None]
        if not owing:
            await asyncio.sleep(0.01)
            continue
        u = rng.choice(owing)
        if pause:
            await asyncio.sleep(rng.random() * pause)
        now = await svc.prompt(gid, u)
        if now is None:
            continue
        if now.draft != expected[u]:
            # lost, unless the round was revealed meanwhile (another process's last seal): then no draft stands
            tally.lost += await _marker(svc, gid) == seen_at.get(u)
            expected[u] = list(now.draft)
        if shown.get(u) is None or seen_at.get(u) != marker:  # the player opens /play (again after a reveal)
            shown[u], seen_at[u] = now, marker
        p = shown[u]
        tally.clicks += 1
        try:
            if p.confirm:
                await svc.confirm(gid, u, p.version)
                expected[u], shown[u] = [], None
            else:
                cid = _choose(p, rng)
                nxt = await svc.pick(gid, u, p.version, cid, len(p.draft))
                expected[u] = list(p.draft) + [cid]
                if nxt.draft != expected[u]:
                    tally.lost += 1
                    expected[u] = list(nxt.draft)
                shown[u] = nxt
        except Stale as e:
            tally.refused += await _marker(svc, gid) == seen_at[u]  # (a reveal meanwhile: a new decision)
            shown[u] = e.prompt
        except (BadInput, Forbidden):  # "choose something first": the draft behind the Confirm was gone
            tally.refused += await _marker(svc, gid) == seen_at[u]
            shown[u] = None
    return tally
