"""Play over weeks (issue 16), through the service: deadlines that act once,
pause by consent, solo and short-handed seats, seats switched to the bot,
silent turns that end, replay of move N, export, moving a game."""
import random

import pytest

import engine
from bot.service import BadInput, Forbidden, Service, parse_factions
from bot.store import Store
from engine.core.transcript import Transcript

from svc_helpers import started

DAY = 24 * 3600


class Clock:
    """A clock the test moves: timers are set and fire in one timeline."""

    def __init__(self):
        self.now = 1_800_000_000.0

    def __call__(self):
        return self.now


@pytest.fixture
async def svc(store):
    return Service(store, render_maps=False, clock=Clock())


async def _deadline_game(svc, action, seed=11):
    r = await started(svc, seed=seed)
    gid = r.game.id
    await svc.set_reminders(gid, "u1", 24, 1, deadline_action=action)
    return gid


async def _fire(svc, hours):
    svc.clock.now += hours * 3600
    return await svc.due_reminders()


@pytest.mark.parametrize("action", ["bot", "pass"])
async def test_a_missed_deadline_plays_that_factions_turn_once(svc, action):
    gid = await _deadline_game(svc, action)
    before = await svc.prompt(gid)
    out = await _fire(svc, 2)
    after = await svc.prompt(gid)
    assert after.actor != before.actor or after.version != before.version
    kinds = [p.kind for _, p in out]
    assert "turn" in kinds  # the channel sees what was played and who is next
    acts = await svc.store.actions(gid, 10)
    assert acts[-1]["kind"] == "deadline" and acts[-1]["actor"] == before.actor
    if action == "pass":
        assert acts[-1]["choices"][0] == "pass"  # then the bot answers what the Pass leaves
    # fired once: the same moment again does nothing more for that decision
    again = await svc.due_reminders()
    assert again == []


async def test_a_deadline_across_a_restart_fires_once(tmp_path):
    path = str(tmp_path / "d.sqlite3")
    store = await Store.open(path)
    svc = Service(store, render_maps=False)
    gid = await _deadline_game(svc, "bot")
    await store.close()
    # two bot processes wake after the restart at the same moment
    s1, s2 = await Store.open(path), await Store.open(path)
    clock = Clock()
    clock.now = svc.clock() + 2 * 3600
    a, b = Service(s1, render_maps=False, clock=clock), Service(s2, render_maps=False, clock=clock)
    out_a, out_b = await a.due_reminders(), await b.due_reminders()
    deadlines = [p for _, p in out_a + out_b if p.kind == "reminder" and "deadline" in p.text]
    assert len(deadlines) == 1
    acts = [x for x in await s1.actions(gid, 50) if x["kind"] == "deadline"]
    assert len(acts) == 1
    await s1.close()
    await s2.close()


async def test_a_missed_deadline_can_free_the_seat_for_a_substitute(svc):
    gid = await _deadline_game(svc, "substitute")
    p = await svc.prompt(gid)
    await _fire(svc, 2)
    g = await svc.game(gid)
    assert p.actor not in g.seats
    await svc.join(gid, "sub", p.actor)
    assert (await svc.game(gid)).seats[p.actor] == "sub"


async def test_only_the_manager_chooses_the_consequence(svc):
    r = await started(svc)
    with pytest.raises(Forbidden):
        await svc.set_reminders(r.game.id, "u2", 24, 2, deadline_action="bot")
    with pytest.raises(BadInput):
        await svc.set_reminders(r.game.id, "u1", 24, 2, deadline_action="explode")


async def test_only_the_manager_sets_the_deadline_and_never_under_an_hour(svc):
    """Issue 37 item 2: a seated player who is not the manager cannot set a
    one-second deadline for everyone (nor clear or change the manager's);
    the manager is refused a deadline shorter than the reminders' minimum
    (1 h): politely, nothing changed. A seated player still sets the
    reminder interval, which leaves the deadline as it was."""
    gid = await _deadline_game(svc, "pass")  # u1 (the creator) set 1 h with consequence Pass
    before = await svc.game(gid)
    timers = await svc.store.timers(gid)
    for hours in (0.0003, 0, 5):
        with pytest.raises(Forbidden) as e:
            await svc.set_reminders(gid, "u2", 24, hours)
        assert "manage" in e.value.key
    for hours in (0.0003, 0.5, 59 / 60):
        with pytest.raises(BadInput) as e:
            await svc.set_reminders(gid, "u1", 24, hours)
        assert e.value.key == "error.deadline_hours" and "1" in e.value.text("en")
        with pytest.raises(BadInput):
            await svc.set_reminders(gid, "u2", 24, hours, manager=True)  # Manage Channels: the same floor
    after = await svc.game(gid)
    assert (after.deadline_hours, after.reminder_hours, after.version) == \
        (before.deadline_hours, before.reminder_hours, before.version) == (1.0, 24.0, before.version)
    assert await svc.store.timers(gid) == timers
    res = await svc.set_reminders(gid, "u2", 6)  # the interval only: the deadline stays
    assert (res.game.reminder_hours, res.game.deadline_hours) == (6.0, 1.0)
    # the next pass fires nothing early: u1's turn is not passed after a second
    assert [p for _, p in await _fire(svc, 0.5) if "deadline" in p.text] == []
    res = await svc.set_reminders(gid, "u1", 24, 0)  # the manager clears it
    assert res.game.deadline_hours is None
    # a new game is refused a deadline under an hour before anything is created
    with pytest.raises(BadInput):
        await svc.create("c9", "u1", "short", deadline_hours=0.0003)
    assert await svc.store.open_game_in("c9") is None
    assert (await svc.create("c9", "u1", "short", deadline_hours=2)).game.deadline_hours == 2.0


async def test_pause_by_consent_stops_the_clock_and_resume_starts_it(svc):
    gid = await _deadline_game(svc, "bot")
    for u in ("u1", "u2", "u3"):
        res = await svc.pause(gid, u)
        assert not res.game.paused
    res = await svc.pause(gid, "u4")
    assert res.game.paused and await svc.store.timers(gid) == []
    assert "Paused" in await svc.status(gid)
    assert await _fire(svc, 100) == []
    await svc.resume(gid, "u2")
    assert (await svc.game(gid)).paused == 0 and len(await svc.store.timers(gid)) == 2
    assert "On the clock since <t:" in await svc.status(gid)


# -- solo and short-handed ------------------------------------------------------

def test_bots_are_named_in_any_case_and_language():
    assert parse_factions("INC, ml ,Revolutionaries") == ["inc", "ml", "rev"]
    assert parse_factions("Congresso, Lega Musulmana") == ["inc", "ml"]
    assert parse_factions(["Raj"]) == ["raj"]
    with pytest.raises(BadInput):
        parse_factions("inc,zulu")


async def test_one_player_and_three_bots_is_solo_not_hotseat(svc):
    r = await svc.create("c1", "me", "short", seats=1, bots="inc,ml,rev")
    assert r.game.bots == ["inc", "ml", "rev"]
    await svc.join(r.game.id, "me")
    g = await svc.game(r.game.id)
    assert g.seats == {"raj": "me"}
    r = await svc.start(r.game.id, "me")
    p = await svc.prompt(r.game.id)
    assert p.actor == "raj"
    state = engine.load_state((await svc.game(r.game.id)).state)
    assert state.players == {"raj": "human", "inc": "bot", "ml": "bot", "rev": "bot"}


async def test_two_players_with_a_bot_share_by_the_1_5_pairs(svc):
    r = await svc.create("c1", "a", "short", seats=2, bots=["ml"])
    assert r.game.options["groups"] == [["raj", "rev"], ["inc"], ["ml"]]
    await svc.join(r.game.id, "a")
    await svc.join(r.game.id, "b")
    g = await svc.game(r.game.id)
    assert g.seats == {"raj": "a", "rev": "a", "inc": "b"}


async def test_three_players_may_pair_raj_and_revolutionaries(svc):
    r = await svc.create("c1", "a", "short", seats=3, layout="raj_rev")
    for u in "abc":
        await svc.join(r.game.id, u)
    g = await svc.game(r.game.id)
    assert g.seats == {"raj": "a", "rev": "a", "inc": "b", "ml": "c"}
    r = await svc.start(r.game.id, "a")
    state = engine.load_state((await svc.game(r.game.id)).state)
    from engine.gandhi.victory import seat_groups

    assert sorted(seat_groups(state).values()) == [["inc"], ["ml"], ["raj", "rev"]]


async def test_a_player_hands_a_seat_to_the_bot_by_consent(svc):
    r = await started(svc, seed=11)
    gid = r.game.id
    p = await svc.prompt(gid)
    holder = r.game.seats[p.actor]
    other = next(u for f, u in r.game.seats.items() if u != holder)
    with pytest.raises(Forbidden):
        await svc.set_bot(gid, other, p.actor)
    res = await svc.set_bot(gid, holder, p.actor)
    assert p.actor in res.game.bots
    nxt = await svc.prompt(gid)
    assert nxt is None or nxt.actor != p.actor  # the bot played at once


# -- silent turns end --------------------------------------------------------------

async def test_same_faction_on_a_new_card_is_announced(svc):
    """A 1-player hotseat: the same seat decides every time, yet each new card
    (or Campaign phase) is announced once; its own intermediate steps are not."""
    r = await started(svc, seats=1, users=("solo",), seed=5)
    gid = r.game.id
    rnd = random.Random(3)
    posts, steps = 0, 0
    for _ in range(150):
        p = await svc.prompt(gid)
        if p is None:
            break
        g = await svc.game(gid)
        state = engine.load_state(g.state)
        res = await svc.submit(gid, "solo", [rnd.choice(p.choices)[0]], p.version)
        new = engine.load_state((await svc.game(gid)).state)
        d = engine.decision(new)
        moved_on = (d is None or d.actor != p.actor
                    or engine.stretch_marker(new) != engine.stretch_marker(state))
        assert bool([x for x in res.posts if x.kind == "turn"]) == moved_on
        posts += moved_on
        steps += 1
    assert 0 < posts < steps


# -- look back --------------------------------------------------------------------------

async def _play(svc, gid, n, rnd):
    for _ in range(n):
        p = await svc.prompt(gid)
        if p is None:
            return
        g = await svc.game(gid)
        ids = [c for c, _ in p.choices]
        await svc.submit(gid, g.seats[p.actor], ["pass" if "pass" in ids else rnd.choice(ids)], p.version)


async def test_replay_of_move_n_shows_that_moves_log_and_map(tmp_path):
    store = await Store.open(str(tmp_path / "r.sqlite3"))
    svc = Service(store, render_maps=True)
    r = await started(svc, seed=9)
    await _play(svc, r.game.id, 12, random.Random(1))
    step, steps, text, png = await svc.replay(r.game.id, 3)
    assert step == 3 and steps >= 12 and text and png[:8] == b"\x89PNG\r\n\x1a\n"
    last = await svc.replay(r.game.id, None)
    assert last[0] == steps
    rows = await store.moves(r.game.id)
    g = await svc.game(r.game.id)
    final = Transcript(g.game, g.scenario, g.seed, engine.load_state(g.state).options,
                       [(x["actor"], x["choice"]) for x in rows]).replay()
    assert engine.export_state(final) == engine.export_state(engine.load_state(g.state))
    await store.close()


async def test_undo_drops_the_undone_choices_from_the_transcript(svc):
    r = await started(svc, seed=11)
    gid = r.game.id
    p = await svc.prompt(gid)
    user = r.game.seats[p.actor]
    await svc.submit(gid, user, [p.choices[0][0]], p.version)
    n = len(await svc.store.moves(gid))
    await svc.undo(gid, user)
    assert len(await svc.store.moves(gid)) < n
    g = await svc.game(gid)
    rows = await svc.store.moves(gid)
    state = engine.load_state(g.state)
    replayed = Transcript(g.game, g.scenario, g.seed, state.options,
                          [(x["actor"], x["choice"]) for x in rows]).replay()
    assert engine.export_state(replayed) == engine.export_state(state)


async def test_export_during_play_is_the_public_log_only(svc):
    r = await started(svc, seed=123456789)
    await _play(svc, r.game.id, 5, random.Random(2))
    name, text = await svc.export(r.game.id)
    assert name.endswith("-log.txt") and text.strip()
    state = engine.load_state((await svc.game(r.game.id)).state)
    assert "123456789" not in text
    assert "seed" not in text.lower()
    deck = ",".join(map(str, state.deck[:3]))
    assert deck not in text


async def test_export_of_a_finished_game_replays_to_the_same_state(svc):
    r = await started(svc, seed=7)
    gid = r.game.id
    rnd = random.Random(5)
    for _ in range(3000):
        p = await svc.prompt(gid)
        if p is None:
            break
        await _play(svc, gid, 1, rnd)
    g = await svc.game(gid)
    assert g.status == "finished"
    name, text = await svc.export(gid)
    tr = Transcript.loads(text)
    assert tr.seed == 7
    assert engine.export_state(tr.replay()) == engine.export_state(engine.load_state(g.state))


async def test_the_manager_moves_a_game_to_another_channel(svc):
    r = await started(svc, channel="old")
    with pytest.raises(Forbidden):
        await svc.move(r.game.id, "u2", "new")
    await svc.create("busy", "x", "short")
    with pytest.raises(Forbidden):
        await svc.move(r.game.id, "u1", "busy")
    res = await svc.move(r.game.id, "u1", "new")
    assert res.game.channel == "new" and (await svc.game_in("new")).id == r.game.id
    await svc.create("old", "x", "short")  # the old channel is free again
