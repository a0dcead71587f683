"""The game log kept as rows beside the state (issue 21 part 5): the stored
state stays small however long the game, and every reader of the log — the
turn posts, /log, the export, undo and `dakbot patch` — sees the same log a
game played in memory writes."""
import json
import random

import engine

from svc_helpers import sql, started

SEATS = {"raj": "u1", "inc": "u2", "ml": "u3", "rev": "u4"}


async def _play(svc, gid, n, seed):
    rnd = random.Random(seed)
    for _ in range(n):
        p = await svc.prompt(gid)
        if p is None:
            return
        await svc.submit(gid, SEATS[p.actor], [rnd.choice(p.choices)[0]], p.version)


async def _replayed(svc, gid):
    g = await svc.game(gid)
    work = engine.new_game(g.game, g.scenario, g.seed, svc._start_options(svc.state_of(g)))
    for m in await svc.store.moves(gid):
        engine.apply(work, m["actor"], m["choice"])
    return work


async def test_the_stored_state_holds_no_log_and_the_log_reads_whole(svc):
    r = await started(svc, seed=31)
    gid = r.game.id
    await _play(svc, gid, 120, 31)
    g = await svc.game(gid)
    stored = json.loads(g.state)
    work = await _replayed(svc, gid)
    assert stored["log"] == [] and stored["log_base"] == len(work.log) > 50
    assert await svc.store.log_entries(gid) == work.log
    # /log: the last lines, as a game kept whole in memory renders them
    assert await svc.log_text(gid, 5) == svc._log_text(g, work.log[-5:])
    assert engine.export_state(svc.state_of(g)) == engine.export_state(work)


async def test_a_state_stored_with_its_whole_log_goes_on(svc):
    """A game saved by a release that kept the log inside the state: read as
    it is, and moved to rows at its next save."""
    r = await started(svc, seed=32)
    gid = r.game.id
    await _play(svc, gid, 30, 32)
    work = await _replayed(svc, gid)
    await sql(svc.store, "UPDATE games SET state=? WHERE id=?", engine.dump_state(work), gid)
    await sql(svc.store, "DELETE FROM log_entries WHERE game_id=?", gid)
    assert await svc.log_text(gid, 3) == svc._log_text(await svc.game(gid), work.log[-3:])
    await _play(svc, gid, 10, 33)
    work = await _replayed(svc, gid)
    assert await svc.store.log_entries(gid) == work.log
    assert json.loads((await svc.game(gid)).state)["log"] == []


async def test_undo_takes_its_log_lines_back(svc):
    r = await started(svc, seed=11)
    gid = r.game.id
    before = await svc.store.log_entries(gid)
    p = await svc.prompt(gid)
    actor = p.actor
    while p is not None and p.actor == actor:
        r = await svc.submit(gid, SEATS[actor], [p.choices[0][0]], p.version)
        p = r.prompt
    assert len(await svc.store.log_entries(gid)) > len(before)
    await svc.undo(gid, SEATS[actor])
    assert await svc.store.log_entries(gid) == before
    g = await svc.game(gid)
    assert g.posted_log <= len(before)
    # and play goes on with the numbering where the undo left it
    await _play(svc, gid, 8, 5)
    assert await svc.store.log_entries(gid) == (await _replayed(svc, gid)).log
