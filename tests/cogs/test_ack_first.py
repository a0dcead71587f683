"""Discord allows 3 s before an interaction's first answer: commands that draw
a picture or post to the channel answer (defer) first (issue 31 item 9)."""
import sys

from harness import channel_posts, responses, text_of

U = {"raj": 11, "inc": 12, "ml": 13, "rev": 14}


def _first_answer_index(records) -> int:
    return next(i for i, r in enumerate(records)
                if r["via"] == "interaction" and r["op"] == "create_interaction_response")


async def test_card_and_space_answer_before_drawing(h, monkeypatch):
    play = sys.modules["cogs.play"]  # the module the bot loaded as its extension
    drawn = []
    real_card, real_space = play.render_card_png, play.render_space_png
    monkeypatch.setattr(play, "render_card_png", lambda *a: (drawn.append(len(h.log)), real_card(*a))[1])
    monkeypatch.setattr(play, "render_space_png", lambda *a: (drawn.append(len(h.log)), real_space(*a))[1])
    start = len(h.log)
    r = await h.slash(11, "card", number=51)
    assert "Salt Tax" in text_of(responses(r)[-1])
    assert drawn and _first_answer_index(h.log[start:]) + start < drawn[0]
    await h.slash(U["raj"], "game", "new", scenario="short", players=4)
    for f, uid in U.items():
        await h.slash(uid, "game", "join", faction=f)
    await h.slash(U["raj"], "game", "start")
    start, drawn[:] = len(h.log), []
    r = await h.slash(11, "space", name="delhi")
    assert "Delhi" in text_of(responses(r)[-1])
    assert drawn and _first_answer_index(h.log[start:]) + start < drawn[0]


async def test_undo_answers_before_it_posts_to_the_channel(h):
    await h.slash(U["raj"], "game", "new", scenario="short", players=4)
    g = await h.bot.store.open_game_in(str(700000000000000001))
    await h.bot.store.update_game(g.id, seed=11)
    for f, uid in U.items():
        await h.slash(uid, "game", "join", faction=f)
    await h.slash(U["raj"], "game", "start")
    svc = h.bot.service
    actor = (await svc.prompt(g.id)).actor
    await svc.submit(g.id, str(U[actor]), ["pass"])
    r = await h.slash(U[actor], "undo")
    assert channel_posts(r), "the undo is announced in the channel"
    first_post = next(i for i, x in enumerate(r) if x in channel_posts(r))
    assert _first_answer_index(r) < first_post


def test_the_log_reply_starts_at_a_whole_line():
    """/log shows the last lines that fit one message (2,000 characters),
    each whole: it began mid-line (issue 31 item 8)."""
    from cogs.play import last_lines

    text = "\n".join(f"- line {i}: " + "x" * 50 for i in range(100))
    out = last_lines(text)
    assert len(out) <= 2000 and out.startswith("- line ") and text.endswith(out)
    assert last_lines("short\ntext") == "short\ntext"


async def _started(h):
    await h.slash(U["raj"], "game", "new", scenario="short", players=4)
    for f, uid in U.items():
        await h.slash(uid, "game", "join", faction=f)
    await h.slash(U["raj"], "game", "start")
    return await h.bot.store.open_game_in(str(700000000000000001))


async def test_replace_answers_before_it_posts_and_gives_the_seat(h):
    from harness import UserOption

    g = await _started(h)
    r = await h.slash(U["raj"], "game", "replace", faction="inc", member=UserOption(99))
    posts = channel_posts(r)
    assert posts, "the new holder is announced in the channel"
    assert _first_answer_index(r) < next(i for i, x in enumerate(r) if x in posts)
    assert (await h.bot.store.get_game(g.id)).seats["inc"] == "99"


async def test_move_answers_before_it_posts_to_the_new_channel(h):
    from harness import ChannelOption

    g = await _started(h)
    target = 700000000000000555
    r = await h.slash(U["raj"], "game", "move", channel=ChannelOption(target))
    posts = channel_posts(r)
    assert posts and all(p["route"].channel_id == target for p in posts), "the dashboard is posted in the new channel"
    first_post = next(i for i, x in enumerate(r) if x in posts)
    assert _first_answer_index(r) < first_post
    moved = await h.bot.store.open_game_in(str(target))
    assert moved is not None and moved.id == g.id
