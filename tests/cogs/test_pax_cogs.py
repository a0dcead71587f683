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
            # dk:c:<game>:<version>:<draft>:<choice id> (a choice id may hold ":")
            if c["custom_id"].startswith("dk:c:") and c["custom_id"].split(":", 5)[-1] == cid:
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


async def to_negotiation(h, users: dict[str, int]):
    """A Pax game of ``users`` (power -> user) under ruleset 3 (seed 5),
    started, its Movement sealed by everyone without orders: Negotiation is
    next. Returns the game row and the posts."""
    await h.slash(users["great_britain"], "game", "new", game="pax", players=len(users))
    g = await h.bot.store.open_game_in(str(700000000000000001))
    await h.bot.store.update_game(g.id, seed=5, options={**g.options, "ruleset": 3})
    for f, uid in users.items():
        await h.slash(uid, "game", "join", faction=f)
    await h.slash(users["great_britain"], "game", "start")
    posts = []
    for uid in users.values():  # nobody orders anything: Movement ends after one round
        posts += channel_posts(await write(h, uid, ["seal"]))
    g = await h.bot.service.game(g.id)
    assert h.bot.service.state_of(g).phase == "negotiation"
    return g, posts


U5 = {"great_britain": 41, "germany": 42, "france": 43, "usa": 44, "japan": 45}


async def test_five_players_negotiate_accept_refuse_and_keep_a_secret_treaty(h):
    """Issue 34: Negotiation through Discord's dispatch: a proposal accepted
    and carried out, one refused, a secret treaty no other seat sees (its
    prompt, its view, the export, the channel) until revealed."""
    import json

    import engine

    g, posts = await to_negotiation(h, U5)
    svc = h.bot.service
    state = svc.state_of(g)
    gb_area = next(a for a, x in sorted(state.areas.items())
                   if "great_britain" in x.statuses and "japan" not in x.statuses)
    # ruleset 3: a long list of terms is asked kind first (engine/pax/term_menu.py)
    await write(h, U5["france"], ["propose", "germany", "pick:pay:france:germany", "pay:france:1", "send", "done"])
    await write(h, U5["usa"], ["propose", "great_britain", "pick:pay:usa:great_britain", "pay:usa:1", "send", "done"])
    await write(h, U5["great_britain"], ["propose", "japan", "pick:keep_out:japan:great_britain",
                                         f"keep_out:japan:{gb_area}", "send-secret", "done"])
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


U6 = {"great_britain": 51, "germany": 52, "france": 53, "usa": 54, "japan": 55, "russia": 56}


def discord_views_of(svc, g, state):
    """Every pending prompt of ``state`` built as Discord builds it, in each
    language (tests/cogs/prompt_safety.py: every page through discord.py's
    own row checks, Discord's limits, every choice reachable); returns the
    problems found."""
    import random

    import engine
    from prompt_safety import LOCALES, Tally, check_prompt

    tally = Tally()
    for n, d in enumerate(engine.decisions(state)):
        for loc in LOCALES:
            prompt = svc._prompt(g, state, n, [], [], d=d, loc=loc)
            check_prompt(prompt, d, state, loc, random.Random(n), tally, f"{d.step} {d.actor} {loc}")
    assert tally.decisions, "no prompt was checked"
    return tally.problems


async def test_six_players_convene_attend_vote_and_sign_a_congress_of_europe(h):
    """Issue 34: a Congress of Europe through Discord's dispatch (L463-467,
    L692): Germany holds a Casus Belli against France in Kenya (L338, L555),
    convenes the Congress in Britain, Russia attends, Britain proposes that
    Germany lower its Influence, the members vote (a majority of the votes
    cast), the disputants sign: the treaty is carried out and posted with
    the European Tension it cost; every prompt on the way is a view Discord
    takes."""
    import engine
    from engine.pax import board as b

    g, _ = await to_negotiation(h, U6)
    svc = h.bot.service
    state = svc.state_of(g)
    assert state.options["ruleset"] == 3
    # the dispute, as a Movement would have left it (L451): France's new
    # Protectorate beside Germany's Influence in Kenya, Germany's Casus Belli
    state.areas["kenya"].statuses.clear()
    b.set_status(state, "kenya", "germany", "influence", new=False)
    b.set_status(state, "kenya", "france", "protectorate", new=True)
    state.casus_belli.append({"holder": "germany", "against": "france", "area": "kenya",
                              "why": "control_placed", "turn": state.turn})
    blob, rows = engine.split_log(state)
    assert not rows
    async with h.bot.store._conn() as c:
        await c.execute("UPDATE games SET state=? WHERE id=?", blob, g.id)
    et0 = state.et
    posts = []
    for uid in U6.values():
        posts += channel_posts(await write(h, uid, ["done"], confirm=False))
    g = await svc.game(g.id)
    state = svc.state_of(g)
    assert state.stack[-1]["step"] == "pax.congress_call"
    assert [d.actor for d in engine.decisions(state)] == ["germany"]  # only the Casus Belli's holder (L465)
    assert not discord_views_of(svc, g, state)
    posts += channel_posts(await write(h, U6["germany"], ["convene-great_britain"], confirm=False))
    g = await svc.game(g.id)
    state = svc.state_of(g)
    assert state.congress["members"] == ["great_britain", "germany", "france"]
    assert [d.actor for d in engine.decisions(state)] == ["russia"]  # the other European player is invited
    assert not discord_views_of(svc, g, state)
    posts += channel_posts(await write(h, U6["russia"], ["attend"], confirm=False))
    g = await svc.game(g.id)
    state = svc.state_of(g)
    assert state.congress["members"] == ["great_britain", "germany", "france", "russia"]
    assert not discord_views_of(svc, g, state)
    posts += channel_posts(await write(h, U6["great_britain"], ["giver-germany", "taker-france",
                                                                 "reduce:germany:kenya", "submit"], confirm=False))
    mid = svc.state_of(await svc.game(g.id))
    assert not discord_views_of(svc, await svc.game(g.id), mid)  # a half-written treaty on the way
    for f in ("germany", "france", "russia"):
        posts += channel_posts(await write(h, U6[f], ["done"], confirm=False))
    g = await svc.game(g.id)
    state = svc.state_of(g)
    assert state.stack[-1]["step"] == "pax.congress_vote"
    assert not discord_views_of(svc, g, state)
    for f, vote in (("great_britain", "yes"), ("germany", "no"), ("france", "yes"), ("russia", "abstain")):
        posts += channel_posts(await write(h, U6[f], [vote], confirm=False))
    g = await svc.game(g.id)
    state = svc.state_of(g)
    assert state.stack[-1]["step"] == "pax.congress_sign"
    assert {d.actor for d in engine.decisions(state)} == {"germany", "france"}  # the disputants sign (L467)
    assert not discord_views_of(svc, g, state)
    for f in ("germany", "france"):
        posts += channel_posts(await write(h, U6[f], ["sign"], confirm=False))
    state = svc.state_of(await svc.game(g.id))
    assert state.areas["kenya"].statuses["germany"].level == "interest"  # carried out
    assert state.treaties[-1]["congress"] and not state.treaties[-1]["secret"]
    text = "\n".join(p["payload"].get("content") or "" for p in posts)
    assert "A Congress of Europe is convened in Great Britain." in text
    assert "European Tension +3" in text and f": {et0 + 3}." in text  # convening (L692)
    assert "The Congress adopts the treaty of Great Britain." in text
    assert "The Congress's treaty is signed (treaty 1)." in text
    assert "Agreed: Germany lowers its Influence in Kenya to an Interest." in text
