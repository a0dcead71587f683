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
        assert nxt, f"{cid} not offered: {[c['custom_id'] for c in comps]}"
        r = await h.click(uid, nxt[0]["custom_id"])
        comps = components(responses(r)[-1])
    raise AssertionError(cid)


async def write(h, uid, cids, confirm=True):
    """/play, the given choices, then Confirm; returns the confirm's records.
    ``confirm=False``: the last choice may already have been applied (the
    seat's next decision shown at once), no Confirm then."""
    r = await h.slash(uid, "play")
    resp = responses(r)[0]
    assert resp["payload"]["data"]["flags"] & 64  # ephemeral: only this player sees their orders
    comps = components(resp)
    for cid in cids:
        r, comps = await pick(h, uid, comps, cid)
    ok = [c for c in comps if c["custom_id"].startswith("dk:ok:")]
    if not confirm and not ok:
        return r
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
    assert "No war this turn" in text and "sealed orders from" in text  # ruleset 3: no Casus Belli, no war


U5 = {"great_britain": 41, "germany": 42, "france": 43, "usa": 44, "japan": 45}


async def test_five_players_negotiate_accept_refuse_and_keep_a_secret_treaty(h):
    """Issue 34: Negotiation through Discord's dispatch: a proposal accepted
    and carried out, one refused, a secret treaty no other seat sees (its
    prompt, its view, the export, the channel) until revealed."""
    import json

    import engine

    await h.slash(U5["great_britain"], "game", "new", game="pax", players=5)
    g = await h.bot.store.open_game_in(str(700000000000000001))
    await h.bot.store.update_game(g.id, seed=5)
    for f, uid in U5.items():
        await h.slash(uid, "game", "join", faction=f)
    await h.slash(U5["great_britain"], "game", "start")
    svc = h.bot.service
    posts = []
    for uid in U5.values():  # nobody orders anything: Movement ends after one round
        posts += channel_posts(await write(h, uid, ["seal"]))
    state = svc.state_of(await svc.game(g.id))
    assert state.phase == "negotiation"
    gb_area = next(a for a, x in sorted(state.areas.items())
                   if "great_britain" in x.statuses and "japan" not in x.statuses)
    await write(h, U5["france"], ["propose", "germany", "pay:france:1", "send", "done"])
    await write(h, U5["usa"], ["propose", "great_britain", "pay:usa:1", "send", "done"])
    await write(h, U5["great_britain"], ["propose", "japan", f"keep_out:japan:{gb_area}", "send-secret", "done"])
    await write(h, U5["germany"], ["done"])
    await write(h, U5["japan"], ["done"], confirm=False)
    state = svc.state_of(await svc.game(g.id))
    assert state.stack[-1]["step"] == "pax.answers"
    assert {d.actor for d in engine.decisions(state)} == {"germany", "great_britain", "japan"}  # not the USA
    posts += channel_posts(await write(h, U5["germany"], ["accept-2"], confirm=False))
    posts += channel_posts(await write(h, U5["great_britain"], ["refuse-3"], confirm=False))
    posts += channel_posts(await write(h, U5["japan"], ["accept-1"], confirm=False))
    state = svc.state_of(await svc.game(g.id))
    # numbered in player order: Britain's (1), France's (2), the USA's (3)
    assert [p["status"] for p in state.proposals] == ["accepted", "accepted", "refused"]
    text = "\n".join(p["payload"].get("content") or "" for p in posts)
    assert "Agreed: France pays £1 to Germany." in text  # carried out by the engine, posted
    assert "USA pays" not in text  # refused: nothing happens
    assert len(state.treaties) == 1 and state.treaties[0]["secret"]
    for seat in ("france", "germany", "usa"):
        assert engine.view(state, seat)["treaties"] == []
        assert "keep_out" not in json.dumps(engine.view(state, seat))
    assert "keep_out" not in json.dumps(engine.export_state(state))
    assert engine.view(state, "japan")["treaties"][0]["id"] == 1
    assert "treaty" not in text.lower() and "trattato" not in text.lower()
