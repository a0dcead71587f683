"""``dakbot patch`` (issue 21 part 3): live games re-run on the current
engine; a game that no longer replays is reported and left as stored."""
import json
import random

import pytest

from bot.cli import main as cli_main
from bot.patch import CURRENT, DIFFERS, REFUSED, code_version, patch
from bot.service import Service
from bot.store import Store

from svc_helpers import sql, started


async def _game_with_moves(svc, n=15, seed=5, channel="c1"):
    r = await started(svc, seed=seed, channel=channel)
    gid, rnd = r.game.id, random.Random(seed)
    for _ in range(n):
        p = await svc.prompt(gid)
        g = await svc.game(gid)
        await svc.submit(gid, g.seats[p.actor], [rnd.choice([c for c, _ in p.choices])], p.version)
    return gid


async def test_a_game_started_records_the_code_it_runs_on(svc):
    gid = await _game_with_moves(svc, n=1)
    g = await svc.game(gid)
    assert g.engine_version == code_version() and g.checked_version is None


async def test_patch_marks_a_game_that_replays_current(svc):
    gid = await _game_with_moves(svc)
    before = await svc.game(gid)
    dry = await patch(svc.store, dry_run=True)
    assert [(r.game_id, r.outcome, r.moves >= 15) for r in dry] == [(gid, CURRENT, True)]
    assert (await svc.game(gid)).checked_version is None  # a dry run writes nothing
    (rep,) = await patch(svc.store)
    after = await svc.game(gid)
    assert rep.outcome == CURRENT and after.checked_version == code_version()
    assert (after.state, after.version) == (before.state, before.version)
    # and the game goes on
    p = await svc.prompt(gid)
    await svc.submit(gid, after.seats[p.actor], [p.choices[0][0]], p.version)


async def test_a_tampered_state_is_reported_and_left_unchanged(svc):
    good = await _game_with_moves(svc, channel="c1")
    bad = await _game_with_moves(svc, channel="c2", seed=6)
    st = json.loads((await svc.game(bad)).state)
    assert st["log"] == [] and st["log_base"] > 0  # the log is kept as rows beside the state
    forged = json.dumps({"key": "log.forged", "params": {}, "actor": None, "text": ""})
    await sql(svc.store, "UPDATE log_entries SET entry=? WHERE game_id=? AND n=?", forged, bad, st["log_base"] - 1)
    stored = await svc.game(bad)
    reports = {r.game_id: r for r in await patch(svc.store)}
    assert reports[good].outcome == CURRENT
    assert reports[bad].outcome == DIFFERS and reports[bad].move is not None
    assert "left unchanged" in reports[bad].line()
    after = await svc.game(bad)
    assert (after.state, after.version, after.checked_version) == (stored.state, stored.version, None)


async def test_a_tracked_value_changed_is_reported_with_what_differs(svc):
    gid = await _game_with_moves(svc)
    st = json.loads((await svc.game(gid)).state)
    st["resources"]["raj"] += 1  # as if a fixed rule now paid one more Resource
    await sql(svc.store, "UPDATE games SET state=? WHERE id=?", json.dumps(st), gid)
    (rep,) = await patch(svc.store)
    assert rep.outcome == DIFFERS and rep.detail == "the replayed state differs in tracks"


async def test_a_move_no_longer_legal_is_reported_at_that_move(svc):
    gid = await _game_with_moves(svc)
    moves = await svc.store.moves(gid)
    await sql(svc.store, "UPDATE moves SET choice='no-such-choice' WHERE game_id=? AND move=?", gid, moves[3]["move"])
    before = await svc.game(gid)
    (rep,) = await patch(svc.store, gid)
    assert (rep.outcome, rep.move) == (REFUSED, 4) and "no-such-choice" in rep.detail
    assert (await svc.game(gid)).state == before.state


def test_dakbot_patch_command(tmp_path, capsys):
    path = str(tmp_path / "p.sqlite3")

    async def setup():
        s = await Store.open(path)
        try:
            await _game_with_moves(Service(s, render_maps=False), n=5)
        finally:
            await s.close()

    import asyncio

    asyncio.run(setup())
    assert cli_main(["patch", "--db", path, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "game 1" in out and "current" in out and "dry run" in out
    assert cli_main(["patch", "--db", path, "--game", "99"]) == 2
    assert "no game in play has the id 99" in capsys.readouterr().err


async def test_a_game_stored_before_rulesets_is_current_under_its_own_rules(svc):
    """A game stored by the engine before the issue-12 corrections (commit
    6c392e5: no ruleset in its options) replays under ruleset 1 and is
    reported current, not "differs" (engine/gandhi/ruleset.py)."""
    from pathlib import Path

    from engine.core.transcript import Transcript

    legacy = Path(__file__).parent.parent / "engine" / "legacy"
    t = Transcript.loads((legacy / "ruleset1-short-18.txt").read_text(encoding="utf-8"))
    r = await started(svc, seed=18, channel="old")
    state = (legacy / "ruleset1-short-18-move200.json").read_text(encoding="utf-8")
    await sql(svc.store, "UPDATE games SET state=? WHERE id=?", state, r.game.id)
    await sql(svc.store, "DELETE FROM moves WHERE game_id=?", r.game.id)
    for i, (actor, choice) in enumerate(t.moves[:200], 1):
        await sql(svc.store, "INSERT INTO moves (game_id, move, actor, choice, version) VALUES (?,?,?,?,?)",
                  r.game.id, i, actor, choice, i)
    (rep,) = [x for x in await patch(svc.store, dry_run=True) if x.game_id == r.game.id]
    assert rep.outcome == CURRENT, rep.line()


async def test_a_starting_bot_tells_the_manager_once_of_a_game_that_no_longer_replays(svc):
    """Issue 21 part 3: the bot starts with the list of games that do not
    replay on its code; each manager is told once in the game's channel (the
    post is queued in the outbox, which every process delivers once), the
    game is left as stored and goes on; a current game is marked and not told."""
    good = await _game_with_moves(svc, channel="c1")
    bad = await _game_with_moves(svc, channel="c2", seed=6)
    moves = await svc.store.moves(bad)
    await sql(svc.store, "UPDATE moves SET choice='no-such-choice' WHERE game_id=? AND move=?", bad, moves[2]["move"])
    stored = await svc.game(bad)
    assert await svc.upgrade_check() == 1
    posts = await svc.store.due_posts(svc.clock() + 1)
    assert [(p["game_id"], p["channel"], p["kind"], p["pings"]) for p in posts] == [(bad, "c2", "patch", [stored.creator])]
    assert "from move 3" in posts[0]["text"] and "nothing was changed" in posts[0]["text"]
    assert (await svc.game(good)).checked_version == code_version()
    after = await svc.game(bad)
    assert (after.state, after.version, after.checked_version) == (stored.state, stored.version, None)
    # a second process (or a restart) on the same code tells no one again
    other = Service(svc.store, render_maps=False, clock=svc.clock)
    assert await other.upgrade_check() == 0 and await svc.upgrade_check() == 0
    assert len(await svc.store.due_posts(svc.clock() + 1)) == 1
    # and the game goes on from its stored position
    p = await svc.prompt(bad)
    await svc.submit(bad, after.seats[p.actor], [p.choices[0][0]], p.version)


async def test_the_patch_notice_is_in_the_games_language(svc):
    gid = await _game_with_moves(svc, n=5)
    await sql(svc.store, "UPDATE games SET locale='it' WHERE id=?", gid)
    await sql(svc.store, "UPDATE moves SET choice='no-such-choice' WHERE game_id=?", gid)
    assert await svc.upgrade_check() == 1
    (post,) = await svc.store.due_posts(svc.clock() + 1)
    assert "questa versione di dakbot" in post["text"] and "dalla mossa 1" in post["text"]


async def _begun_before_transcripts(svc, n=15, k=3, seed=5, channel="old"):
    """A game begun on the first release: its moves up to ``k`` have no
    transcript row (those came with schema 3). Where its transcript starts
    is read from its first row here (the migration of issue 37 records it
    too: test_reliability.py)."""
    gid = await _game_with_moves(svc, n=n, seed=seed, channel=channel)
    await sql(svc.store, "DELETE FROM moves WHERE game_id=? AND move<=?", gid, k)
    return gid


async def test_a_game_begun_before_transcripts_is_not_reported_broken_once_it_moves_on(svc):
    """Issue 37 item 4: its later rows are not re-run from the seed ("refused
    at move 1"); they are re-run from the earliest snapshot they cover, and
    no false notice is posted to its channel, at this release or the next."""
    gid = await _begun_before_transcripts(svc)
    (rep,) = await patch(svc.store, gid, dry_run=True)
    assert rep.outcome == CURRENT, rep.line()
    assert await svc.upgrade_check() == 0 and await svc.store.due_posts(svc.clock() + 1) == []
    # and as it goes on (the next release's check finds it current too)
    g = await svc.game(gid)
    rnd = random.Random(3)
    for _ in range(4):
        p = await svc.prompt(gid)
        await svc.submit(gid, g.seats[p.actor], [rnd.choice([c for c, _ in p.choices])], p.version)
    (rep,) = await patch(svc.store, gid, dry_run=True)
    assert rep.outcome == CURRENT, rep.line()
    # looking back works from that snapshot, not from the seed
    step, steps, text, _ = await svc.replay(gid, 1)
    assert 1 <= step <= steps and text


async def test_a_game_begun_before_transcripts_without_an_old_enough_snapshot_is_said_once_politely(svc):
    from bot.patch import NO_TRANSCRIPT
    from bot.service import BadInput

    gid = await _begun_before_transcripts(svc)
    await sql(svc.store, "DELETE FROM snapshots WHERE game_id=?", gid)
    (rep,) = await patch(svc.store, gid, dry_run=True)
    assert rep.outcome == NO_TRANSCRIPT and "began before dakbot kept transcripts" in rep.detail
    assert await svc.upgrade_check() == 0  # never a channel notice
    with pytest.raises(BadInput) as e:
        await svc.replay(gid)
    assert e.value.key == "error.partial_transcript"
    await sql(svc.store, "UPDATE games SET status='finished' WHERE id=?", gid)
    with pytest.raises(BadInput) as e:  # not a transcript `dakbot replay` would refuse
        await svc.export(gid)
    assert e.value.key == "error.partial_transcript"


async def test_a_game_on_current_code_with_no_move_yet_is_not_called_older_than_transcripts(svc):
    from bot.service import BadInput

    r = await started(svc, seed=11)
    assert await svc.store.moves(r.game.id) == []
    (rep,) = await patch(svc.store, r.game.id, dry_run=True)
    assert rep.outcome == CURRENT and "before dakbot" not in rep.line()
    with pytest.raises(BadInput) as e:
        await svc.replay(r.game.id)
    assert e.value.key == "error.no_moves"
