"""Two real bot processes on one database (issue 21, "done when"): separate
OS processes, each with its own Store, started to race at the same instant —
on SQLite (one file) and on PostgreSQL (the tests' throwaway server)."""
import asyncio
import os
import subprocess
import sys
import time

import pytest

from bot.service import Service

from svc_helpers import started

WORKER = os.path.join(os.path.dirname(__file__), "race_worker.py")


async def _race(db_url: str, *args: str, n: int = 2, each=None, timeout: float = 120) -> list[list[str]]:
    """Run ``n`` workers that start together; their output lines each.
    ``each(i)``: the arguments of worker ``i`` after ``args`` (default none)."""
    start_at = str(time.time() + 2.0)  # time for both interpreters to import and connect

    def run() -> list[list[str]]:
        procs = [subprocess.Popen([sys.executable, WORKER, db_url, args[0], start_at, *args[1:],
                                   *(each(i) if each else ())],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(n)]
        outs = []
        for p in procs:
            out, err = p.communicate(timeout=timeout)
            assert p.returncode == 0, err
            outs.append(out.split())
        return outs

    return await asyncio.to_thread(run)


async def test_a_thousand_due_timers_fire_exactly_once_across_two_processes(store, db_url):
    r = await Service(store, render_maps=False).create("c1", "u1", "short")
    await store.set_timers(r.game.id, [("reminder", float(i % 50), {"n": i}) for i in range(1000)])
    a, b = await _race(db_url, "timers")
    assert len(a) + len(b) == 1000 and len(set(a) | set(b)) == 1000
    assert await store.next_timer_due() is None


async def test_one_submit_raced_by_two_processes_is_applied_once(store, db_url):
    svc = Service(store, render_maps=False)
    r = await started(svc, seed=21)
    gid = r.game.id
    for _ in range(3):
        p = await svc.prompt(gid)
        g = await svc.game(gid)
        outs = await _race(db_url, "submit", str(gid), g.seats[p.actor], p.choices[0][0], str(p.version))
        assert sorted(o[0] for o in outs) == ["Result", "Stale"], outs
        assert (await svc.game(gid)).version == p.version + 1  # one write, not two
    moves = await store.moves(gid)
    assert [m["move"] for m in moves] == list(range(1, len(moves) + 1))


async def test_sealed_orders_written_at_once_in_two_processes_refuse_and_erase_nothing(store, db_url):
    """Issue 37 item 1, "done when": the four Pax Britannica powers' players,
    two in each of two bot processes, pick and confirm sealed orders at
    random over 10 sealed phases: no click refused for another player's
    save, no unconfirmed pick lost, every order applied."""
    if not db_url.startswith("postgres"):
        pytest.skip("two processes writing at the same instant: the PostgreSQL deployment (issue 37)")
    from sealed_players import POWERS, pax_game

    gid = await pax_game(Service(store, render_maps=False))
    pairs = [",".join(POWERS[:2]), ",".join(POWERS[2:])]
    outs = await _race(db_url, "sealed", str(gid), each=lambda i: (str(100 + i), pairs[i], "10"), timeout=500)
    clicks, refused, lost, phases = (sum(int(o[k]) for o in outs) for k in range(4))
    assert clicks > 100 and phases >= 2 * 10, outs
    assert (refused, lost) == (0, 0), outs


def test_a_moves_rows_travel_together_only_where_no_part_could_see_another():
    """PostgreSQL: a move's statements on distinct tables go as one statement
    (issue 21: fewer round trips); two on one table (an undo's DELETE of
    moves, then the new moves; the snapshots' INSERT, then their trim) stay
    apart and in order, since parts of one statement do not see each other."""
    from bot.store_pg import together

    stmts = [("DELETE FROM moves WHERE game_id=? AND move>?", (1, 5)),
             ("INSERT INTO snapshots (game_id, state) VALUES (?,?)", (1, "s")),
             ("DELETE FROM snapshots WHERE game_id=? AND id NOT IN (SELECT id FROM snapshots WHERE game_id=?)",
              (1, 1)),
             ("INSERT INTO actions (game_id, kind) VALUES (?,?)", (1, "submit")),
             ("INSERT INTO moves (game_id, move) VALUES (?,?)", (1, 6)),
             ("DELETE FROM drafts WHERE game_id=?", (1,))]
    got = together(stmts)
    assert [params for _, params in got] == [(1, 5, 1, "s"), (1, 1, 1, "submit", 1, 6, 1)]
    assert got[0][0] == ("WITH q0 AS (DELETE FROM moves WHERE game_id=? AND move>?) "
                         "INSERT INTO snapshots (game_id, state) VALUES (?,?)")
    assert got[1][0].startswith("WITH q0 AS (DELETE FROM snapshots ")  # the trim after the INSERT
    assert [s.count("moves") for s, _ in got] == [1, 1]  # the undo's DELETE, then the new moves
    assert together(stmts[:1]) == stmts[:1]


def test_an_upserts_do_update_set_is_no_table():
    """PostgreSQL: the moves' and the log's upserts (``ON CONFLICT ... DO
    UPDATE SET``) travel together: ``SET`` is not a table both touch."""
    from bot.store_pg import together

    stmts = [("INSERT INTO moves (game_id, move) VALUES (?,?) ON CONFLICT (game_id, move) DO UPDATE SET "
              "move=excluded.move", (1, 6)),
             ("INSERT INTO log_entries (game_id, n) VALUES (?,?),(?,?) ON CONFLICT (game_id, n) DO UPDATE SET "
              "n=excluded.n", (1, 0, 1, 1))]
    assert len(together(stmts)) == 1


MOVE = [("INSERT INTO actions (game_id, kind) VALUES (?,?)", (1, "submit")),
        ("INSERT INTO log_entries (game_id, n, entry) VALUES (?,?,?),(?,?,?) ON CONFLICT (game_id, n) DO UPDATE "
         "SET entry=excluded.entry", (1, 4, "a", 1, 5, "b")),
        ("DELETE FROM drafts WHERE game_id=?", (1,))]
UPDATE = ("UPDATE games SET state=? WHERE id=? AND version=?", ("{}", 1, 3))


def test_a_move_that_keeps_the_turn_is_one_statement_waiting_for_the_game_row():
    """PostgreSQL (issue 21): the versioned UPDATE and the move's rows as one
    statement, every row written only from the UPDATE's result (so after the
    game's row lock, and not at all when the version moved on)."""
    from bot.store_pg import gated

    sql, params = gated(UPDATE, MOVE)
    assert sql.startswith("WITH u AS (UPDATE games SET state=? WHERE id=? AND version=? RETURNING 1), ")
    assert sql.endswith(" SELECT count(*) FROM u")
    assert sql.count("FROM u") == 5  # the action, each of the two log rows, the drafts' delete, the count
    assert "SELECT ?, ?, ? FROM u ON CONFLICT (game_id, n) DO UPDATE SET entry=excluded.entry" in sql
    assert "DELETE FROM drafts WHERE (game_id=?) AND EXISTS (SELECT 1 FROM u)" in sql
    assert params == ("{}", 1, 3, 1, "submit", 1, 4, "a", 1, 5, "b", 1)
    assert sql.count("?") == len(params)


def test_a_move_whose_rows_must_see_each_other_keeps_its_transaction():
    """An undo's DELETE of moves then the new moves, a snapshot then its
    trim, a game's timers replaced: parts of one statement would not see
    each other, so these are not joined (None: written in a transaction)."""
    from bot.store_pg import gated

    undo = [("DELETE FROM moves WHERE game_id=? AND move>?", (1, 5)),
            ("INSERT INTO moves (game_id, move) VALUES (?,?)", (1, 6))]
    snapshot = [("INSERT INTO snapshots (game_id, state) VALUES (?,?)", (1, "s")),
                ("DELETE FROM snapshots WHERE game_id=? AND id NOT IN (SELECT id FROM snapshots WHERE game_id=?)",
                 (1, 1))]
    timers = [("DELETE FROM timers WHERE game_id=?", (1,)),
              ("INSERT INTO timers (game_id, kind) VALUES (?,?)", (1, "reminder"))]
    for rows in (undo, snapshot, timers, [("UPDATE seats SET bot=? WHERE game_id=?", (1, 1))]):
        assert gated(UPDATE, MOVE + rows) is None
