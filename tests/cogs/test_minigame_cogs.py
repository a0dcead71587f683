"""The second COIN game (tests/minigame) through Discord's real dispatch:
/game new game:mini, join, start, /play and the buttons (issue 17)."""
import pytest
from harness import channel_posts, components, responses, text_of

pytestmark = pytest.mark.usefixtures("mini_game")


U = {"gov": 21, "ins": 22}


async def test_new_game_of_a_second_game_plays_through_the_buttons(h):
    r = await h.slash(U["gov"], "game", "new", game="mini", players=2)
    assert "Border Skirmish" in text_of(responses(r)[0])
    g = await h.bot.store.open_game_in(str(700000000000000001))
    assert g.game == "mini"
    for f, uid in U.items():
        r = await h.slash(uid, "game", "join", faction=f)
        assert "takes" in text_of(responses(r)[-1])
    r = await h.slash(U["gov"], "game", "start")
    assert channel_posts(r)
    svc = h.bot.service
    p = await svc.prompt(g.id)
    r = await h.slash(U[p.actor], "play")
    comps = components(responses(r)[0])
    assert {c["custom_id"].split(":")[-1] for c in comps} >= {"pass"}
    r = await h.click(U[p.actor], next(c["custom_id"] for c in comps if c["custom_id"].endswith(":pass")))
    ok = [c for c in components(responses(r)[-1]) if c["custom_id"].startswith("dk:ok:")]
    r = await h.click(U[p.actor], ok[0]["custom_id"])
    assert (await svc.prompt(g.id)).actor != p.actor
    r = await h.slash(U["gov"], "game", "status")
    assert "Border Skirmish" in text_of(responses(r)[-1])
