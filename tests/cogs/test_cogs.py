"""Slash commands and components through discord.py's real dispatch, offline."""
from harness import channel_posts, components, responses, text_of

U = {"raj": 11, "inc": 12, "ml": 13, "rev": 14}


async def setup_game(h, seed=11):
    r = await h.slash(U["raj"], "game", "new", scenario="short", players=4)
    assert "New game" in text_of(responses(r)[0])
    g = await h.bot.store.open_game_in(str(700000000000000001))
    await h.bot.store.update_game(g.id, seed=seed)
    for f, uid in U.items():
        r = await h.slash(uid, "game", "join", faction=f)
        assert "takes" in text_of(responses(r)[-1])
    r = await h.slash(U["raj"], "game", "start")
    posts = channel_posts(r)
    assert posts and "Seed hash" in posts[0]["payload"]["content"]
    assert any(x["op"].startswith("PUT") and "/pins/" in x["op"] for x in r)  # the dashboard is pinned
    return g.id, r


async def test_new_join_start_play_click_confirm_posts_map_and_pings(h):
    gid, r = await setup_game(h)
    start_post = channel_posts(r)[0]
    assert start_post["files"], "the start post carries the map PNG"
    svc = h.bot.service
    p = await svc.prompt(gid)
    actor = p.actor
    # /play by the seat holder: an ephemeral prompt with one component per choice
    r = await h.slash(U[actor], "play")
    resp = responses(r)[0]
    assert resp["payload"]["data"]["flags"] & 64
    comps = components(resp)
    assert {c["custom_id"].split(":")[-1] for c in comps} == {c for c, _ in p.choices}
    # click choices (prefer pass) until the Confirm button appears, then confirm
    for _ in range(30):
        ids = {c["custom_id"].split(":")[-1]: c["custom_id"] for c in comps if c["custom_id"].startswith("dk:c:")}
        sel = [c for c in comps if c["custom_id"].startswith("dk:s:")]
        ok = [c for c in comps if c["custom_id"].startswith("dk:ok:")]
        if ok:
            break
        if sel:
            r = await h.click(U[actor], sel[0]["custom_id"], [sel[0]["options"][0]["value"]])
        else:
            r = await h.click(U[actor], ids.get("pass") or next(iter(ids.values())))
        edit = responses(r)[-1]
        assert edit["payload"].get("type") == 7, edit  # UPDATE_MESSAGE: the prompt is edited in place
        comps = components(edit)
    assert ok
    v_before = (await svc.game(gid)).version
    r = await h.click(U[actor], ok[0]["custom_id"])
    assert (await svc.game(gid)).version == v_before + 1
    posts = channel_posts(r)
    turn = posts[0]
    assert turn["files"], "the turn summary carries the new map"
    nxt = (await svc.prompt(gid)).actor
    assert nxt != actor
    assert [str(x) for x in turn["payload"]["allowed_mentions"]["users"]] == [str(U[nxt])]
    assert f"<@{U[nxt]}>" in turn["payload"]["content"]
    # the pinned dashboard is edited, not re-posted
    assert any(x["op"].startswith("PATCH") and "/messages/" in x["op"] for x in r)
    assert sum("Dashboard" in p["payload"].get("content", "") for p in posts) == 0


async def test_stale_click_gets_out_of_date_and_fresh_prompt(h):
    gid, _ = await setup_game(h)
    svc = h.bot.service
    p = await svc.prompt(gid)
    actor = p.actor
    r = await h.slash(U[actor], "play")
    old = components(responses(r)[0])[0]["custom_id"]
    # the game moves on (another device)
    await svc.submit(gid, str(U[actor]), [p.choices[0][0]], p.version)
    v = (await svc.game(gid)).version
    r = await h.click(U[actor], old)
    resp = responses(r)[-1]
    assert "out of date" in text_of(resp)
    assert resp["payload"]["data"]["flags"] & 64
    fresh = components(resp)
    assert not fresh or all(f":{v}:" in c["custom_id"] for c in fresh)
    assert (await svc.game(gid)).version == v


async def test_click_by_non_seated_member_refused(h):
    gid, _ = await setup_game(h)
    svc = h.bot.service
    p = await svc.prompt(gid)
    r = await h.slash(U[p.actor], "play")
    cid = components(responses(r)[0])[0]["custom_id"]
    r = await h.click(99, cid)
    resp = responses(r)[-1]
    assert "do not hold that seat" in text_of(resp) and resp["payload"]["data"]["flags"] & 64
    other = next(u for f, u in U.items() if f != p.actor)
    r = await h.slash(other, "play")
    assert "do not hold that seat" in text_of(responses(r)[-1])
    assert (await svc.game(gid)).version == p.version


async def test_errors_are_polite_and_ephemeral(h):
    r = await h.slash(11, "play")
    resp = responses(r)[-1]
    assert "no game in this channel" in text_of(resp) and resp["payload"]["data"]["flags"] & 64
    await h.slash(11, "game", "new", scenario="short")
    r = await h.slash(12, "game", "abandon")
    assert "Only the game's creator" in text_of(responses(r)[-1])
    r = await h.slash(12, "game", "abandon", perms=1 << 4)  # Manage Channels
    assert "abandoned" in text_of(responses(r)[-1])


async def test_autocomplete_spaces_cards_factions(h):
    r = await h.autocomplete(11, "space", None, "name", "bom")
    choices = responses(r)[-1]["payload"]["data"]["choices"]
    assert choices and all("bom" in c["value"] or "bom" in c["name"].lower() for c in choices)
    assert len(choices) <= 25
    r = await h.autocomplete(11, "card", None, "number", "salt")
    choices = responses(r)[-1]["payload"]["data"]["choices"]
    assert any(c["value"] == 51 for c in choices)
    r = await h.autocomplete(11, "game", "join", "faction", "mus")
    assert [c["value"] for c in responses(r)[-1]["payload"]["data"]["choices"]] == ["ml"]


async def test_lookup_commands(h):
    r = await h.slash(11, "card", number=51)
    assert "Salt Tax" in text_of(responses(r)[-1])
    r = await h.slash(11, "space", name="delhi")
    assert "Delhi" in text_of(responses(r)[-1])
    r = await h.slash(11, "rules", section="3.2.1")
    assert "chapter 3" in text_of(responses(r)[-1])
    r = await h.slash(11, "help")
    assert "/play" in text_of(responses(r)[-1])


async def test_italian_player_gets_italian_replies(h):
    r = await h.slash(11, "play", locale="it")
    assert "Non c'è nessuna partita" in text_of(responses(r)[-1])


async def test_localized_command_payloads_within_discord_limits(h):
    import re

    from discord import Locale
    tr = h.bot.tree.translator
    name_re = re.compile(r"^[-_\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
    seen = {"it": 0, "es-ES": 0, "ja": 0}
    for cmd in h.bot.tree.get_commands():
        payload = await cmd.get_translated_payload(h.bot.tree, tr)

        def walk(p):
            for loc, name in (p.get("name_localizations") or {}).items():
                assert name_re.match(name) and name == name.lower(), (loc, name)
                seen[loc] = seen.get(loc, 0) + 1
            for loc, d in (p.get("description_localizations") or {}).items():
                assert 1 <= len(d) <= 100, (loc, d)
            assert 1 <= len(p["description"]) <= 100
            for o in p.get("options", []):
                walk(o)
        walk(payload)
    assert all(seen[k] > 5 for k in ("it", "es-ES", "ja")), seen
    assert Locale.italian.value == "it"


async def test_reminder_dispatcher_pings_only_whoever_owes(h):
    gid, _ = await setup_game(h)
    svc = h.bot.service
    actor = (await svc.prompt(gid)).actor
    # a fake channel object the dispatcher can find
    sent = []

    class Ch:
        async def send(self, text, **kw):
            sent.append((text, kw))
    h.bot.get_channel = lambda cid: Ch()
    import time
    assert await h.bot.deliver_reminders(time.time() + 60) == 0
    assert await h.bot.deliver_reminders(time.time() + 25 * 3600) == 1
    text, kw = sent[0]
    assert "reminder" in text and [str(u.id) for u in kw["allowed_mentions"].users] == [str(U[actor])]
