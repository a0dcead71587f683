"""Nothing confirmed is ever undone (issue 20): seats and bot seats under
races and crashes, reminders past a bad game, refusals that never crash,
clear failures for a bad database, stored states from other releases."""
import asyncio
import contextlib
import json
import logging
import math
import random
import sqlite3
import subprocess
import sys

import pytest

import engine
from bot.service import BadInput, Forbidden, NotFound, Service, Stale, Unreadable
from bot.store import BOT, MIGRATIONS, SNAPSHOTS_KEPT, Store, StoreError
from engine.core.errors import IllegalChoice, StateVersionError

from svc_helpers import sql, started


async def _solo_with_bots(svc, channel="c1", seed=5):
    """Raj held by "a"; Congress, League and Revolutionaries played by the bot."""
    r = await svc.create(channel, "a", "short", seats=4, seed=seed, bots=["inc", "ml", "rev"])
    await svc.join(r.game.id, "a", "raj")
    return await svc.start(r.game.id, "a")


async def _raj_turn(svc, gid):
    """Submit one Raj choice (the first offered) through the service."""
    p = await svc.prompt(gid, "a")
    assert p is not None and p.actor == "raj"
    return await svc.submit(gid, "a", [p.choices[0][0]], p.version)


# -- 1. a person's seat is never given back to the bot ------------------------

async def test_replace_of_a_bot_seat_racing_a_turn_keeps_the_new_holder(svc):
    r = await _solo_with_bots(svc)
    gid = r.game.id
    kept = 0
    for _ in range(20):
        g = await svc.game(gid)
        if g.status != "active":
            break
        faction = random.Random(g.version).choice(["inc", "ml", "rev"])
        if faction not in g.bots:
            continue
        outcome = await asyncio.gather(_raj_turn(svc, gid), svc.replace(gid, "a", faction, "z"),
                                       return_exceptions=True)
        assert not isinstance(outcome[1], Exception)
        # the turn either went first or was told the game moved on (nothing lost)
        assert not isinstance(outcome[0], Exception) or isinstance(outcome[0], Stale)
        g = await svc.game(gid)
        assert g.seats.get(faction) == "z" and faction not in g.bots
        kept += 1
        # give the seat back to the bot for the next round, as the manager would
        await svc.store.set_seat_holders(gid, {faction: BOT}, user="a", kind="bot")
    assert kept >= 1


async def test_a_replaced_bot_seat_is_prompted_not_played(svc):
    r = await _solo_with_bots(svc)
    gid = r.game.id
    for f in ("inc", "ml", "rev"):
        await svc.replace(gid, "a", f, "z")
    g = await svc.game(gid)
    assert g.bots == [] and all(g.seats[f] == "z" for f in ("inc", "ml", "rev"))
    for _ in range(30):  # the bot never acts for them again: z is asked
        p = await svc.prompt(gid)
        if p is None:
            break
        user = (await svc.game(gid)).seats[p.actor]
        await svc.submit(gid, user, [p.choices[0][0]], p.version)
    acts = await svc.store.actions(gid, 200)
    assert all(a["user_id"] in ("a", "z") for a in acts if a["kind"] == "submit")


async def test_a_crash_inside_replace_changes_nothing(svc, monkeypatch):
    r = await _solo_with_bots(svc)
    gid = r.game.id
    before = await svc.game(gid)

    async def crash(*a, **k):
        raise RuntimeError("power cut")

    monkeypatch.setattr(svc.store, "_action", crash)
    with pytest.raises(RuntimeError):
        await svc.replace(gid, "a", "ml", "z")
    monkeypatch.undo()
    after = await svc.game(gid)
    assert after.seats == before.seats and after.bots == before.bots and after.version == before.version


async def test_posted_log_is_written_with_its_state(svc):
    r = await _solo_with_bots(svc)
    gid = r.game.id
    for _ in range(5):
        res = await _raj_turn(svc, gid)
        g = await svc.game(gid)
        state = engine.load_state(g.state)
        if res.posts:
            assert g.posted_log == engine.log_length(state)
    assert "posted_log" not in g.options and "bots" not in g.options


async def test_schema_1_database_upgrades_bots_and_posted_log(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.executescript(MIGRATIONS[0])
    db.execute("INSERT INTO schema_version VALUES (1)")
    db.execute("INSERT INTO games (channel, name, game, scenario, seed, options, status, creator, created, updated)"
               " VALUES ('c', 'old', 'gandhi', 'short', 1, ?, 'setup', 'u', 0, 0)",
               (json.dumps({"seats": 4, "bots": ["ml", "rev"], "posted_log": 7}),))
    db.execute("INSERT INTO seats VALUES (1, 'raj', 'u')")
    db.commit()
    db.close()
    store = await Store.open(path)
    try:
        g = await store.get_game(1)
        assert g.seats == {"raj": "u"} and g.bots == ["ml", "rev"] and g.posted_log == 7
        assert g.options == {"seats": 4}
    finally:
        await store.close()

def _old_database(path: str, schema: int) -> sqlite3.Connection:
    """An SQLite database as the release of schema ``schema`` left it (open, uncommitted)."""
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    for n, script in enumerate(MIGRATIONS[:schema], 1):
        db.executescript(script)
        db.execute("INSERT INTO schema_version VALUES (?)", (n,))
    return db


async def test_a_schema_6_database_finds_a_games_timers_by_index_after_the_upgrade(tmp_path):
    """Every move that passes the turn replaces the game's timers: on a
    database of many games that is a lookup, not a scan of every timer."""
    path = str(tmp_path / "six.sqlite3")
    db = _old_database(path, 6)
    db.commit()
    plan = " ".join(r[-1] for r in db.execute("EXPLAIN QUERY PLAN DELETE FROM timers WHERE game_id=1"))
    assert "timers_game" not in plan  # the old schema scans
    db.close()
    store = await Store.open(path)
    await store.close()
    db = sqlite3.connect(path)
    try:
        plan = " ".join(r[-1] for r in db.execute("EXPLAIN QUERY PLAN DELETE FROM timers WHERE game_id=1"))
        assert "USING INDEX timers_game" in plan
        assert db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == len(MIGRATIONS)
    finally:
        db.close()



async def test_a_schema_7_database_records_where_each_games_transcript_starts(tmp_path):
    """Issue 37 item 4: the upgrade to schema 8 records, per game, the move
    before its first transcript row: a game begun on the first release (rows
    only from move 6) starts at 5; a game in setup, and one started on newer
    code with every move a row, at 0; a started game with no row yet is left
    to its state's move (NULL). Nothing else of the games changes."""
    from bot.patch import transcript_start

    path = str(tmp_path / "seven.sqlite3")
    db = _old_database(path, 7)
    for i, state in enumerate((None, "s1", "s2", "s3"), 1):
        db.execute("INSERT INTO games (channel, name, game, scenario, seed, options, status, creator, created,"
                   " updated, state, version) VALUES (?, ?, 'gandhi', 'short', 1, '{}', ?, 'u', 0, 0, ?, 9)",
                   (f"c{i}", f"g{i}", "setup" if state is None else "active", state))
    for gid, moves in ((2, range(6, 10)), (3, range(1, 4))):
        db.executemany("INSERT INTO moves (game_id, move, actor, choice, version) VALUES (?,?,'raj','x',1)",
                       [(gid, m) for m in moves])
    db.commit()
    db.close()
    store = await Store.open(path)
    try:
        games = [await store.get_game(i) for i in range(1, 5)]
        assert [g.transcript_from for g in games] == [0, 5, 0, None]
        assert [(g.state, g.version) for g in games] == [(None, 9), ("s1", 9), ("s2", 9), ("s3", 9)]
        assert transcript_start(games[3], 0, []) == 0 and transcript_start(games[3], 12, []) == 12
        new = await store.create_game(channel="c9", guild=None, name="n", game="gandhi", scenario="short",
                                      seed=1, options={}, creator="u")
        assert new.transcript_from == 0
    finally:
        await store.close()

# -- 2. two users taking one seat ---------------------------------------------

async def test_two_users_racing_for_one_seat_one_wins_the_other_is_told(svc):
    for i in range(40):
        r = await svc.create(f"race{i}", "a", "short", seats=4, seed=1)
        out = await asyncio.gather(svc.join(r.game.id, "x", "raj"), svc.join(r.game.id, "y", "raj"),
                                   return_exceptions=True)
        won = [o for o in out if not isinstance(o, Exception)]
        lost = [o for o in out if isinstance(o, Exception)]
        assert len(won) == 1 and len(lost) == 1 and isinstance(lost[0], Forbidden)
        assert lost[0].key == "error.seat_taken"
        g = await svc.game(r.game.id)
        assert g.seats["raj"] == won[0].game.seats["raj"]


async def test_first_free_seat_never_takes_a_bot_seat(svc):
    r = await svc.create("c1", "a", "short", seats=4, seed=1, bots=["ml"])
    got = [(await svc.join(r.game.id, u)).game for u in ("p", "q", "r")]
    g = got[-1]
    assert g.bots == ["ml"] and "ml" not in g.seats
    with pytest.raises(Forbidden):
        await svc.join(r.game.id, "s")


# -- 3. one unreadable game does not stop the others' reminders ---------------

async def test_one_corrupt_game_does_not_stop_other_reminders(svc):
    a = (await started(svc, channel="ca", seed=3)).game.id
    b = (await started(svc, channel="cb", seed=4)).game.id
    await sql(svc.store, "UPDATE games SET state='{not json' WHERE id=?", a)
    far = svc.clock() + 10 * 24 * 3600
    out = await svc.due_reminders(far)
    kinds = {(g.id, p.kind) for g, p in out}
    assert (b, "reminder") in kinds and (a, "attention") in kinds
    attention = next(p for g, p in out if p.kind == "attention")
    assert "u1" in attention.pings  # the creator, told once
    again = await svc.due_reminders(far + 10 * 24 * 3600)
    assert [p.kind for _, p in again] == ["reminder"] and again[0][0].id == b


# -- 4. refusals never crash ----------------------------------------------------

JUNK = ["5", "", "x" * 10, "sa:", "sa:zzz", ":", "a:b", "delhi:zz", "op:foo", "sepoy:delhi", "done:x", "sa:delhi",
        "9" * 40, "None", "²", "1:2:3", "\x00", "ä:ö", "x" * 1_000_000]


def test_junk_ids_at_every_decision_give_only_illegal_choice():
    tried = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        s = engine.new_game("gandhi", "short" if seed == 1 else "main", seed)
        for _ in range(500):
            d = engine.decision(s)
            if d is None:
                break
            ids = [c.id for c in d.choices[:3]]
            junk = JUNK + [i + "x" for i in ids] + ["sa:" + i for i in ids] + [i + ":" + i for i in ids]
            for j in junk:
                if d.find(j) is not None:
                    continue
                tried += 1
                with pytest.raises(IllegalChoice) as e:
                    engine.apply(s, d.actor, j)
                assert len(e.value.message.fallback()) < 2000
            engine.apply(s, d.actor, rng.choice(d.choices).id)
    assert tried > 10_000


async def test_a_megabyte_id_is_refused_in_a_short_message(svc):
    r = await started(svc)
    p = await svc.prompt(r.game.id)
    user = (await svc.game(r.game.id)).seats[p.actor]
    with pytest.raises(BadInput) as e:
        await svc.submit(r.game.id, user, ["z" * 1_000_000], p.version)
    assert len(e.value.text("en")) < 2000


# -- 5. a database that is not one ---------------------------------------------

@pytest.mark.parametrize("kind", ["not_sqlite", "no_folder"])
def test_bad_database_path_is_one_line_and_exit_2(tmp_path, kind):
    if kind == "not_sqlite":
        path = tmp_path / "notes.txt"
        path.write_text("these are my notes, not a database\n" * 200)
    else:
        path = tmp_path / "missing" / "db.sqlite3"
    p = subprocess.run([sys.executable, "-m", "bot.cli", "console", "--db", str(path)], input="",
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    assert p.stderr.strip().count("\n") == 0 and "Traceback" not in p.stderr
    assert str(path) in p.stderr


async def test_newer_schema_refuses_to_open(tmp_path):
    path = str(tmp_path / "new.sqlite3")
    s = await Store.open(path)
    await s.db.execute("INSERT INTO schema_version VALUES (99)")
    await s.close()
    with pytest.raises(StoreError, match="newer"):
        await Store.open(path)


# -- 6. corrupt or incompatible stored states ----------------------------------

@pytest.mark.parametrize("bad", ["{not json", json.dumps({"game": "gandhi", "seed": 1, "bogus": 1}),
                                 json.dumps({"game": "gandhi", "seed": 1, "version": 99})])
async def test_unreadable_state_is_a_polite_refusal_and_other_games_play_on(svc, bad):
    a = (await started(svc, channel="ca", seed=3)).game.id
    b = (await started(svc, channel="cb", seed=4)).game.id
    await sql(svc.store, "UPDATE games SET state=? WHERE id=?", bad, a)
    for call in (svc.prompt(a), svc.status(a), svc.log_text(a), svc.submit(a, "u1", ["pass"])):
        with pytest.raises(Unreadable) as e:
            await call
        assert "game " + str(a) in e.value.text("en") and "/game abandon" in e.value.text("en")
    assert (await svc.prompt(b)) is not None
    res = await svc.abandon(a, "u1")  # the manager can still end it
    assert res.game.status == "abandoned"


def test_console_resume_of_an_unreadable_game_does_not_crash(db_path):
    from io import StringIO

    from bot.console import main

    out = StringIO()
    assert main(["--db", db_path, "--scenario", "short", "--seed", "3"], StringIO("1\n"), out) == 0
    con = sqlite3.connect(db_path)
    con.execute("UPDATE games SET state='{broken'")
    con.commit()
    con.close()
    out = StringIO()
    assert main(["--db", db_path], StringIO("1\n"), out) == 1
    assert "cannot be read" in out.getvalue() and "--new" in out.getvalue()


# -- 7. console input as a player types it --------------------------------------

def test_console_fed_random_lines_never_prints_a_traceback(db_path):
    rng = random.Random(7)
    pieces = ["²", "٣", "1" * 5000, "0", "-1", "5", "99", "/log ²", "/log 99999999999999", "/log -3", "/nope",
              "/", "done", "sa:x", "delhi", "\t", "ü", "💥", "1 2", "/status", "/undo", "/map"]
    lines = [rng.choice(pieces) for _ in range(150)] + [str(rng.randint(1, 4)) for _ in range(50)]
    rng.shuffle(lines)
    p = subprocess.run([sys.executable, "-m", "bot.cli", "console", "--db", db_path, "--scenario", "short",
                        "--seed", "2"], input="\n".join(lines) + "\n", capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "Traceback" not in p.stdout + p.stderr


def test_console_number_is_ascii_digits_only():
    from bot.console import choice_number

    assert choice_number("2", 4) == 2
    assert choice_number("5", 4) is None and choice_number("²", 4) is None
    assert choice_number("1" * 5000, 4) is None and choice_number("0", 4) is None


# -- 8. secrets stay out of DEBUG logs -----------------------------------------

async def test_debug_logging_never_shows_the_seed(svc):
    seen: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record):
            seen.append(record.getMessage())

    root = logging.getLogger()
    h, old = Keep(level=logging.DEBUG), root.level
    root.addHandler(h)
    root.setLevel(logging.DEBUG)
    try:
        seed = 987654321987
        r = await started(svc, seed=seed)
        p = await svc.prompt(r.game.id)
        await svc.submit(r.game.id, r.game.seats[p.actor], [p.choices[0][0]], p.version)
    finally:
        pass
    logging.getLogger("dakbot.test").debug("marker")
    assert "marker" in seen[-1]  # DEBUG records do reach the handler
    root.removeHandler(h)
    root.setLevel(old)
    assert not [m for m in seen if str(seed) in m]


# -- 9. state versions -----------------------------------------------------------

def test_state_from_a_newer_release_is_refused_and_older_ones_migrated(monkeypatch):
    s = engine.new_game("gandhi", "short", 1)
    data = json.loads(engine.dump_state(s))
    with pytest.raises(StateVersionError):
        engine.load_state({**data, "version": 2})
    import engine.gandhi.game as gm

    calls = []

    def v1_to_v2(d):
        calls.append(d["version"])
        return d

    monkeypatch.setattr(gm, "STATE_VERSION", 2, raising=False)
    monkeypatch.setattr(gm, "STATE_MIGRATIONS", {1: v1_to_v2}, raising=False)
    loaded = engine.load_state(data)
    assert calls == [1] and loaded.version == 2
    with pytest.raises(StateVersionError):
        engine.load_state({**data, "version": 0})


# -- 10. storage kept --------------------------------------------------------------

async def test_only_the_snapshots_undo_needs_are_kept(svc):
    r = await started(svc, seed=8)
    gid = r.game.id
    rnd = random.Random(1)
    for _ in range(40):
        p = await svc.prompt(gid)
        if p is None:
            break
        g = await svc.game(gid)
        await svc.submit(gid, g.seats[p.actor], [rnd.choice(p.choices)[0]], p.version)
    assert len(await svc.store.snapshots(gid, 100)) <= SNAPSHOTS_KEPT == 2


# -- 11. smaller ones ---------------------------------------------------------------

async def test_forged_huge_ids_and_bad_hours_are_polite(svc):
    with pytest.raises(NotFound):
        await svc.game(2**64)
    with pytest.raises(NotFound):
        await svc.prompt(2**63)
    r = await started(svc)
    for bad in (math.nan, math.inf, -math.inf, 1e300):
        with pytest.raises(BadInput):
            await svc.set_reminders(r.game.id, "u1", hours=bad)
        with pytest.raises(BadInput):
            await svc.set_reminders(r.game.id, "u1", deadline_hours=bad)
    g = await svc.game(r.game.id)
    assert g.reminder_hours == 24


def test_custom_ids_with_huge_numbers_are_not_matched():
    from cogs.ui import DYNAMIC_ITEMS

    forged = ["dk:c:" + "9" * 30 + ":1:0:pass", "dk:ok:1:" + "9" * 25, "dk:s:1:1:0:" + "9" * 40]
    for cid in forged:
        assert not any(item.__discord_ui_compiled_template__.fullmatch(cid) for item in DYNAMIC_ITEMS)
    assert any(item.__discord_ui_compiled_template__.fullmatch("dk:c:12:3:0:pass") for item in DYNAMIC_ITEMS)


async def test_abandon_makes_a_racing_submit_stale(svc):
    r = await started(svc)
    gid = r.game.id
    p = await svc.prompt(gid)
    user = (await svc.game(gid)).seats[p.actor]
    await svc.abandon(gid, "u1")
    with pytest.raises((Stale, Forbidden)):
        await svc.submit(gid, user, [p.choices[0][0]], p.version)
    assert (await svc.game(gid)).status == "abandoned"


async def test_a_move_refused_or_cut_short_inside_its_transaction_leaves_the_game_as_it_was(tmp_path):
    """A save whose first statement fails, and one cancelled mid-way (a
    shut-down), change nothing, and the next move saves normally (issue 21:
    on SQLite a transaction's BEGIN travels with its first statement). A
    move's save is one trip to the database thread: cancelled, it is saved
    whole or not at all."""
    store = await Store.open(str(tmp_path / "t.sqlite3"))
    svc = Service(store, render_maps=False)
    r = await started(svc, seed=3)
    g = await store.get_game(r.game.id)
    with pytest.raises(sqlite3.IntegrityError):
        async with store._txn() as c:
            await c.execute("UPDATE games SET channel=NULL WHERE id=?", g.id)  # NOT NULL
    task = asyncio.ensure_future(store.update_game(g.id, timers=[("reminder", 1.0, {})], locale="it"))
    await asyncio.sleep(0)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    after = await store.get_game(g.id)
    assert (after.state, after.version, after.channel, after.locale) == (g.state, g.version, g.channel, g.locale)
    task = asyncio.ensure_future(store.save_state(g.id, g.version, g.state, action={"kind": "submit"},
                                                  timers=[("reminder", 1.0, {})]))
    await asyncio.sleep(0)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    after = await store.get_game(g.id)
    saved = [a for a in await store.actions(g.id, 50) if a["kind"] == "submit"]
    assert (after.version, len(saved)) in ((g.version, 0), (g.version + 1, 1))  # all of the move or nothing
    p = await svc.prompt(g.id)
    await svc.submit(g.id, after.seats[p.actor], [p.choices[0][0]], p.version)
    assert (await store.get_game(g.id)).version == p.version + 1
    await store.close()
