"""/status (and the pinned dashboard, which shows the same text) names the
game's own cards, in the game's language (issue 31 items 4 and 5)."""
from __future__ import annotations

import engine
from bot.i18n import t
from svc_helpers import started


def test_a_card_number_is_read_in_the_game_it_belongs_to():
    """A Distant Plain's card 4 is titled "#2 Is Dead": read in Gandhi's
    deck, "#2" became Gandhi's card 2 ("Viceroy Irwin Meets Gandhi")."""
    text = t("en", "status.cards", "Current card: {current}. Next card: {next}.",
             in_game="adp", current="#4 #2 Is Dead", next="-")
    assert text == "Current card: #4 #2 Is Dead. Next card: -."


def _cards(game: str, scenario: str, seed: int) -> dict:
    return engine.export_state(engine.new_game(game, scenario, seed))["card"]


async def test_adp_status_names_the_cards_of_its_own_deck(svc):
    r = await svc.create("c1", "u1", "main", game="adp", seed=5)
    g = await svc.game(r.game.id)
    text = svc._status_text(g, engine.new_game("adp", "main", 5))
    card = _cards("adp", "main", 5)
    for which in ("current", "next"):
        assert f"#{card[which]['number']} {card[which]['title']}" in text, text


async def test_gandhi_status_gives_card_titles_in_the_games_language(svc):
    from bot.games.gandhi import card_title

    g = await started(svc, seed=11)
    await svc.set_locale(g.game.id, "u1", "it")
    card = _cards("gandhi", "short", 11)["current"]
    it_title = card_title(card["number"], "it")
    assert it_title != card["title"]  # the card has an Italian title
    text = await svc.status(g.game.id)
    assert f"#{card['number']} {it_title}" in text, text
    assert card["title"] not in text
