"""Pax Britannica through Discord's real dispatch (issue 19): a 4-player game
plays a whole turn whose Movement/Status Change phase is sealed orders; each
player writes in their own ephemeral prompt, nothing is posted until the last
seal, then the reveal is posted with the map."""
from harness import channel_posts, components, responses, text_of

U = {"great_britain": 31, "germany": 32, "france": 33, "usa": 34}


async def pick(h, uid, comps, cid):
    """Click the button of ``cid`` or choose it in a (paged) select; returns the edited prompt's components."""
    for _ in range(12):
        for c in comps:
            if c["custom_id"].startswith(("dk:c:", "dk:ok:")) and c["custom_id"].split(":")[-1] == cid:
                r = await h.click(uid, c["custom_id"])
                return r, components(responses(r)[-1])
            if c["custom_id"].startswith("dk:s:") and cid in [o["value"] for o in c.get("options", [])]:
                r = await h.click(uid, c["custom_id"], [cid])
                return r, components(responses(r)[-1])
        nxt = [c for c in comps if c["custom_id"].startswith("dk:p:") and c.get("label") == "▶"]
        assert nxt, f"{cid} not offered"
        r = await h.click(uid, nxt[0]["custom_id"])
        comps = components(responses(r)[-1])
    raise AssertionError(cid)


async def write(h, uid, cids):
    """/play, the given choices, then Confirm; returns the confirm's records."""
    r = await h.slash(uid, "play")
    resp = responses(r)[0]
    assert resp["payload"]["data"]["flags"] & 64  # ephemeral: only this player sees their orders
    comps = components(resp)
    for cid in cids:
        r, comps = await pick(h, uid, comps, cid)
    ok = [c for c in comps if c["custom_id"].startswith("dk:ok:")]
    assert ok, "sealing asks for confirmation"
    return await h.click(uid, ok[0]["custom_id"])


async def test_four_players_play_a_whole_turn_with_sealed_rounds(h):
    r = await h.slash(U["great_britain"], "game", "new", game="pax", players=4)
    assert "New game" in text_of(responses(r)[0])
    g = await h.bot.store.open_game_in(str(700000000000000001))
    await h.bot.store.update_game(g.id, seed=5)
    for f, uid in U.items():
        r = await h.slash(uid, "game", "join", faction=f)
        assert "takes" in text_of(responses(r)[-1])
    r = await h.slash(U["great_britain"], "game", "start")
    assert channel_posts(r)
    svc = h.bot.service
    state = svc.state_of(await svc.game(g.id))
    assert state.turn == 1 and state.phase == "movement"
    # round 1: Britain buys an army; the others seal at once
    r = await write(h, U["great_britain"], ["buy", "army-1", "seal"])
    assert not channel_posts(r), "nothing is posted before the reveal"
    mine = (await svc.prompt(g.id, str(U["france"])))
    assert mine.actor == "france"  # each player has their own decision
    for f in ("germany", "france"):
        r = await write(h, U[f], ["seal"])
        assert not channel_posts(r)
    r = await write(h, U["usa"], ["seal"])
    reveal = channel_posts(r)
    assert reveal and reveal[0]["files"], "the reveal is posted with the map"
    text = reveal[0]["payload"]["content"]
    assert "revealed" in text and "Army (1)" in text
    pinged = {str(x) for p in reveal for x in p["payload"]["allowed_mentions"]["users"]}
    assert {str(U[f]) for f in ("great_britain", "germany", "france")} <= pinged  # all write again (round 2)
    # round 2 (a reaction round, since Britain acted): everyone seals; Negotiation (phase 7, issue 34)
    posts = []
    for uid in U.values():
        r = await write(h, uid, ["seal"])
        posts += channel_posts(r)
    state = svc.state_of(await svc.game(g.id))
    assert state.phase == "negotiation"
    # nobody proposes anything: the turn runs to the next year
    for uid in U.values():
        r = await write(h, uid, ["done"])
        posts += channel_posts(r)
    assert posts and posts[-1]["files"], "the turn's posts end with the map"
    text = "\n".join(p["payload"]["content"] for p in posts)
    state = svc.state_of(await svc.game(g.id))
    assert state.turn == 2 and state.phase == "movement"
    for power in ("Great Britain", "Germany", "France", "USA", "Austria-Hungary"):
        assert f"{power}, Administrative Record" in text  # the clerk's summary of each power (L226-240)
    assert "No war can be declared" in text and "sealed orders from" in text
