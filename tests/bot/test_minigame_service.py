"""The second COIN game (tests/minigame) through the service and the console:
nothing outside the game's own package names it (issue 17)."""
import io

import pytest

from bot.console import main as console_main

pytestmark = pytest.mark.usefixtures("mini_game")

USERS = {"gov": "u1", "ins": "u2"}


async def test_service_creates_seats_and_plays_a_whole_game(svc):
    r = await svc.create("c9", "u1", seats=2, seed=5, game="mini")
    assert r.game.game == "mini" and r.game.scenario == "standard"
    assert "Border Skirmish standard" in r.reply
    gid = r.game.id
    for f, u in USERS.items():
        await svc.join(gid, u, f)
    await svc.start(gid, "u1")
    status = await svc.status(gid)
    assert "Border Skirmish" in status and "Government" in status and "Current card" in status
    for _ in range(200):
        p = await svc.prompt(gid)
        if p is None:
            break
        await svc.submit(gid, USERS[p.actor], [p.choices[0][0]], p.version)
    assert p is None
    assert (await svc.game(gid)).status == "finished"


async def test_a_bot_seat_plays_the_first_offered_choice(svc):
    r = await svc.create("c9", "u1", seats=1, seed=2, game="mini", bots="ins")
    await svc.join(r.game.id, "u1", "gov")
    await svc.start(r.game.id, "u1")
    p = await svc.prompt(r.game.id)
    assert p is None or p.actor == "gov"  # the Insurgents' turns were played by the bot


async def test_unknown_game_is_refused_politely(svc):
    from bot.service import BadInput

    with pytest.raises(BadInput) as e:
        await svc.create("c9", "u1", game="zulu")
    assert "Unknown game 'zulu'" in e.value.text("en")


def test_console_plays_the_game_named_by_game(db_path):
    out = io.StringIO()
    code = console_main(["--db", db_path, "--game", "mini", "--seed", "3"],
                        inp=io.StringIO("\n" + "1\n" * 120), out=out)
    text = out.getvalue()
    assert code == 0 and "Traceback" not in text
    assert "Scenario (" not in text  # its one scenario is not asked for (no question with one answer)
    assert "Current card: #" in text and "Government" in text
