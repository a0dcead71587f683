"""Discord play over weeks (issue 16) through discord.py's real dispatch:
permissions checked up front, a failed post after a saved move told truthfully
and retried, a solo game with bot seats from /game new, /replay, /game
export, pictures for /card, /space and /map."""
import sys

import discord
from harness import CHANNEL, PNG, channel_posts, components, responses, text_of

from cogs.publish import deliver_outbox


def _files(record) -> list[str]:
    return [f.filename for f in record.get("files") or []]


async def _solo(h, uid=11):
    r = await h.slash(uid, "game", "new", scenario="short", players=1, bots="INC, ml, Revolutionaries")
    assert ("New game" if h.guild_locale == "en-US" else "**") in text_of(responses(r)[-1])
    await h.slash(uid, "game", "join")
    r = await h.slash(uid, "game", "start")
    g = await h.bot.store.open_game_in(str(CHANNEL))
    return g, r


async def _confirm_first_choices(h, uid, gid):
    """/play, click the first choice (or the first select option) until Confirm, then confirm."""
    r = await h.slash(uid, "play")
    comps = components(responses(r)[0])
    for _ in range(40):
        ok = [c for c in comps if c["custom_id"].startswith("dk:ok:")]
        if ok:
            return await h.click(uid, ok[0]["custom_id"])
        sel = [c for c in comps if c["custom_id"].startswith("dk:s:")]
        btn = {c["custom_id"].split(":")[-1]: c["custom_id"] for c in comps if c["custom_id"].startswith("dk:c:")}
        if "pass" in btn or "done" in btn or not sel:  # the shortest way through a turn
            r = await h.click(uid, btn.get("pass") or btn.get("done") or next(iter(btn.values())))
        else:
            r = await h.click(uid, sel[0]["custom_id"], [sel[0]["options"][0]["value"]])
        comps = components(responses(r)[-1])
    raise AssertionError("no Confirm")


async def test_game_new_names_the_missing_permissions_and_creates_nothing(h):
    h.app_perms = discord.Permissions(view_channel=True, send_messages=True, embed_links=True).value
    r = await h.slash(11, "game", "new", scenario="short")
    resp = responses(r)[-1]
    text = text_of(resp)
    assert "Attach Files" in text and "Pin Messages" in text and "Send Messages" not in text
    assert resp["payload"]["data"]["flags"] & 64
    assert await h.bot.store.open_game_in(str(CHANNEL)) is None


async def test_solo_against_three_bots_from_game_new(h):
    g, r = await _solo(h)
    assert g.bots == ["inc", "ml", "rev"] and g.seats == {"raj": "11"}
    p = await h.bot.service.prompt(g.id)
    assert p is not None and p.actor == "raj"
    # the start posts publicly; a long post is split at 2000 characters, the pictures on its last piece
    pictures = [_files(p) for p in channel_posts(r) if _files(p)]
    assert pictures and pictures[0] == ["turn.png", "map.png"]


async def test_a_failed_post_after_a_saved_move_is_told_truthfully_and_retried(h):
    g, _ = await _solo(h)
    svc = h.bot.service
    real = h.bot.http.request

    class Resp:
        status, reason = 403, "Forbidden"

    async def refuse_posts(route, **kw):
        if route.method == "POST" and route.path.endswith("/messages"):
            h.log.append({"via": "http", "op": "refused", "payload": {}, "files": [], "route": route})
            raise discord.Forbidden(Resp(), {"code": 50013, "message": "Missing Permissions"})
        return await real(route, **kw)

    h.bot.http.request = refuse_posts
    h.app_perms = discord.Permissions.all().value & ~discord.Permissions(attach_files=True).value
    v = (await svc.game(g.id)).version
    r = await _confirm_first_choices(h, 11, g.id)
    assert (await svc.game(g.id)).version > v  # the move is kept
    reply = text_of(responses(r)[-1])
    assert "Your move is saved" in reply and "Attach Files" in reply and "unchanged" not in reply
    assert await svc.store.pending_posts(g.id) >= 1
    # the permission is granted; the retry (also after a restart: the outbox is stored) delivers
    h.bot.http.request = real
    sent = await deliver_outbox(h.bot, svc.clock() + 3600)
    assert sent >= 1 and await svc.store.pending_posts(g.id) == 0


async def test_replay_steps_through_moves(h):
    g, _ = await _solo(h)
    for _ in range(2):
        await _confirm_first_choices(h, 11, g.id)
    r = await h.slash(11, "replay", move=1)
    resp = responses(r)[-1]
    assert "Move 1 of" in text_of(resp) and _files(resp) == ["move1.png"]
    nxt = [c for c in components(resp) if c.get("label") == "▶"][0]
    r = await h.click(11, nxt["custom_id"])
    assert "Move 2 of" in text_of(responses(r)[-1])


async def test_export_during_play_is_the_log_without_the_seed(h):
    g, _ = await _solo(h)
    await _confirm_first_choices(h, 11, g.id)
    r = await h.slash(12, "game", "export")
    resp = responses(r)[-1]
    f = (resp.get("files") or [None])[0]
    assert f is not None and f.filename.endswith("-log.txt")
    f.fp.seek(0)
    body = f.fp.read().decode()
    assert str(g.seed) not in body


async def test_pictures_for_map_card_and_space(h, monkeypatch):
    cog_module = sys.modules["cogs.play"]  # the extension module the harness loaded
    monkeypatch.setattr(cog_module, "render_card_png", lambda game, n, loc: PNG)
    monkeypatch.setattr(cog_module, "render_space_png", lambda st, sid, loc: PNG)
    r = await h.slash(11, "map")  # deferred, then an error: still a polite ephemeral followup
    assert "no game in this channel" in text_of(responses(r)[-1])
    await _solo(h)
    r = await h.slash(11, "map")
    assert _files(responses(r)[-1]) == ["map.png"]
    r = await h.slash(11, "card", number=51)
    assert _files(responses(r)[-1]) == ["card51.png"] and "Salt" in text_of(responses(r)[-1])
    r = await h.slash(11, "space", name="bombay")
    assert _files(responses(r)[-1]) == ["space.png"]


async def test_solo_game_ends_with_the_8_10_result_in_the_games_language(h):
    """8.10 through Discord: an Italian server's solo game (the Raj against
    three Arjuna bots) played by /play and its buttons to the end; the
    channel's last post gives the solitaire result in Italian, with the
    grade or the Non-player's historical outcome."""
    h.guild_locale = "it"
    g, _ = await _solo(h)
    assert g.locale == "it"
    svc = h.bot.service
    posts = []
    for _ in range(400):
        if (await svc.game(g.id)).status == "finished":
            break
        posts += channel_posts(await _confirm_first_choices(h, 11, g.id))
    g = await svc.game(g.id)
    assert g.status == "finished"
    import engine

    solo = engine.load_state(g.state).result["solo"]
    assert solo["player"] == "raj"
    end = text_of(posts[-1]) if posts else ""
    assert "Solitario (8.10)" in end or "Vittoria in Solitario (8.10)" in end, end
    from bot.i18n import t

    assert t("it", f"result.outcome.{solo['outcome']}", "?") in end  # the title in Italian
    assert "Game over" not in end and "Solitaire" not in end
