"""What is a game's goes through its spec (issue 38): the Factions a
refusal lists, the seat layouts it offers and the name of the bot that plays
an empty seat are the game's own, never Gandhi's in another game."""
from __future__ import annotations

import pytest

from bot.service import BadInput, Service
from bot.store import Store



@pytest.fixture
async def svc(tmp_path):
    store = await Store.open(str(tmp_path / "w.sqlite3"))
    yield Service(store, render_maps=False)
    await store.close()


async def test_a_pax_player_who_mistypes_a_power_is_offered_the_powers(svc):
    g = (await svc.create("c1", "a", game="pax", seats=4)).game
    with pytest.raises(BadInput) as e:
        await svc.join(g.id, "b", "germny")
    text = e.value.text("en")  # names, never ids, in the player's language
    assert text == "Unknown Faction 'germny': choose Great Britain, Germany, France, USA, Japan, Russia, Italy."
    assert "Raj" not in text and "Congress" not in text


async def test_a_gandhi_player_who_mistypes_a_faction_is_offered_the_four(svc):
    with pytest.raises(BadInput) as e:
        await svc.create("c1", "a", bots="congres")
    assert e.value.text("en") == ("Unknown Faction 'congres': choose British Raj, Congress, Muslim League, "
                                  "Revolutionaries.")
    assert "Congresso" in e.value.text("it")


async def test_an_unknown_seat_layout_lists_the_games_own(svc):
    with pytest.raises(BadInput) as e:
        await svc.create("c1", "a", game="pax", layout="raj_rev")
    assert e.value.text("en") == "Unknown seat layout 'raj_rev': choose standard."


@pytest.mark.parametrize("game,locale,name", [
    ("gandhi", "en", "the Arjuna bot"), ("gandhi", "it", "il bot Arjuna"),
    ("pax", "en", "the bot"), ("pax", "es", "el bot"),
])
async def test_the_bot_that_plays_a_missed_turn_is_the_games_own(svc, game, locale, name):
    g = (await svc.create("c1", "a", game=game, locale=locale, deadline_action="bot")).game
    res = await svc.set_reminders(g.id, "a", 12, 48)
    assert name in res.reply
    assert ("Arjuna" in res.reply) == (game == "gandhi")


async def test_a_seat_handed_to_the_bot_names_the_games_bot(svc):
    g = (await svc.create("c1", "a", game="pax", seats=4)).game
    await svc.join(g.id, "a", "germany")
    res = await svc.set_bot(g.id, "a", "germany")
    assert res.reply.endswith("now played by the bot.") and "Arjuna" not in res.reply
