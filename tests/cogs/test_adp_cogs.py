"""A Distant Plain through Discord's real dispatch (issue 18): four players,
/game new game:adp, an Operation with a Special Activity, a manual Event and
a Propaganda round, each confirmed with the buttons, the map posted after each."""
from harness import channel_posts, components, responses, text_of

U = {"coalition": 31, "government": 32, "taliban": 33, "warlords": 34}
DECK = [1, 73, 2, 3, 4, 73]   # card 1, then a Propaganda card


async def _click(h, uid, comps, cid):
    for c in comps:
        if c["custom_id"].startswith("dk:c:") and c["custom_id"].split(":", 5)[-1] == cid:
            return await h.click(uid, c["custom_id"])
        if c["custom_id"].startswith("dk:s:") and cid in [o["value"] for o in c.get("options", [])]:
            return await h.click(uid, c["custom_id"], [cid])
    raise AssertionError(f"{cid!r} not offered: {[c['custom_id'] for c in comps]}")


async def _stretch(h, uid, wanted=(), pick=None):
    """/play, click ``wanted`` choices (then ``pick(ids)`` or "done"/the first),
    confirm; return the records of the confirm."""
    r = await h.slash(uid, "play")
    comps = components(responses(r)[0])
    wanted = list(wanted)
    for _ in range(60):
        ok = [c for c in comps if c["custom_id"].startswith("dk:ok:")]
        if ok:
            return await h.click(uid, ok[0]["custom_id"])
        ids = [c["custom_id"].split(":", 5)[-1] for c in comps if c["custom_id"].startswith("dk:c:")]
        ids += [o["value"] for c in comps if c["custom_id"].startswith("dk:s:") for o in c.get("options", [])]
        cid = wanted.pop(0) if wanted else ("done" if "done" in ids else ids[0])
        r = await _click(h, uid, comps, cid)
        comps = components(responses(r)[-1])
    raise AssertionError("no Confirm button")


async def test_four_players_op_sa_event_and_propaganda_with_the_map_each_time(h):
    r = await h.slash(U["coalition"], "game", "new", game="adp", players=4)
    text = text_of(responses(r)[0])
    assert "A Distant Plain" in text and "played by a human" in text
    g = await h.bot.store.open_game_in(str(700000000000000001))
    await h.bot.store.update_game(g.id, seed=11, options={**g.options, "stacked": {"deck": DECK}})
    for f, uid in U.items():
        r = await h.slash(uid, "game", "join", faction=f)
        assert "takes" in text_of(responses(r)[-1])
    r = await h.slash(U["coalition"], "game", "start")
    assert channel_posts(r)[0]["files"], "the start post carries the map"
    svc = h.bot.service

    # the Coalition: Train with a Surge (Operation + Special Activity)
    r = await _stretch(h, U["coalition"], ["op+sa", "train", "sa:surge", "kabul", "in:coalition_troops", "done",
                                          "done", "no", "kabul", "2", "1", "done", "done"])
    assert channel_posts(r)[0]["files"], "the map after the Operation"
    state = svc.state_of(await svc.game(g.id))
    assert state.spaces["kabul"].pieces["coalition_troops"] == 3
    # the Government: the Event, resolved by hand (a Police placed in Kabul), then its Civic Action choices
    r = await _stretch(h, U["government"], ["event-unshaded", "place", "kabul", "police", "1", "done"])
    assert channel_posts(r)[0]["files"], "the map after the Event"
    log = "\n".join(text_of(p) for p in channel_posts(r))
    assert "Event" in log
    # the Propaganda round: every player owed a decision plays it, the map posted each time
    for _ in range(12):
        state = svc.state_of(await svc.game(g.id))
        if state.current != 73:
            break
        p = await svc.prompt(g.id)
        r = await _stretch(h, U[p.actor])
        assert channel_posts(r) and channel_posts(r)[0]["files"], "the map after each stretch of Propaganda"
    state = svc.state_of(await svc.game(g.id))
    assert state.propaganda_rounds == 1 and state.current == 2


async def test_a_bot_seat_is_refused_plainly(h):
    r = await h.slash(U["coalition"], "game", "new", game="adp", players=3, bots="taliban")
    assert "every faction must be played by a human" in text_of(responses(r)[-1])
    assert await h.bot.store.open_game_in(str(700000000000000001)) is None


MANAGER = 35  # created the game, holds no seat


async def _adp_game(h, deck):
    await h.slash(MANAGER, "game", "new", game="adp", players=4)
    g = await h.bot.store.open_game_in(str(700000000000000001))
    await h.bot.store.update_game(g.id, seed=11, options={**g.options, "stacked": {"deck": deck}})
    for f, uid in U.items():
        await h.slash(uid, "game", "join", faction=f)
    await h.slash(MANAGER, "game", "start")
    return g


def _proposals(r):
    return [p for p in channel_posts(r) if "entered Event" in text_of(p)]


async def test_an_event_is_challenged_taken_back_entered_again_and_kept(h):
    """Issue 33: the Event's before/after summary posted once with its
    picture; another seat challenges; the taker takes it back and enters it
    again; challenged again, the game's manager keeps it; the log keeps all."""
    g = await _adp_game(h, [1, 2, 73, 3, 4, 73])
    svc = h.bot.service
    r = await _stretch(h, U["coalition"], ["event-shaded", "support", "kabul", "-1", "done"])
    (post,) = _proposals(r)
    assert "Kabul" in text_of(post) and "/challenge" in text_of(post) and post["files"], "summary + picture"
    r = await h.slash(U["taliban"], "challenge")
    assert any("challenges" in text_of(p) for p in channel_posts(r))
    assert not _proposals(r)
    r = await _stretch(h, U["coalition"], ["redo", "support", "kabul", "1", "done"])
    (again,) = _proposals(r)
    assert "Support" in text_of(again)
    state = svc.state_of(await svc.game(g.id))
    assert state.spaces["kabul"].support == 1 and state.last_event["status"] == "open"
    r = await h.slash(U["warlords"], "challenge")
    r = await _stretch(h, U["coalition"], ["refer"])
    assert any(f"<@{MANAGER}>" in text_of(p) for p in channel_posts(r)), "the manager is called"
    r = await _stretch(h, MANAGER, ["keep"])
    state = svc.state_of(await svc.game(g.id))
    assert state.last_event["status"] == "kept" and state.spaces["kabul"].support == 1
    assert (await svc.prompt(g.id)).actor == "government"
    log = await svc.log_text(g.id, 40)
    for words in ("challenges", "taken back", "manager keeps"):
        assert words in log


async def test_an_event_nobody_challenges_stands_and_is_posted_once(h):
    g = await _adp_game(h, [1, 2, 73, 3, 4, 73])
    svc = h.bot.service
    before = svc.state_of(await svc.game(g.id)).resources["taliban"]
    r = await _stretch(h, U["coalition"], ["event-shaded", "track", "taliban", "2", "done"])
    assert len(_proposals(r)) == 1
    r = await _stretch(h, U["government"], ["pass"])
    assert not _proposals(r)
    r = await h.slash(U["taliban"], "challenge")
    assert "nothing for you to challenge" in text_of(responses(r)[-1])
    state = svc.state_of(await svc.game(g.id))
    assert state.resources["taliban"] == before + 2 and state.last_event["status"] == "open"  # it stands
