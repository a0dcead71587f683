"""Issue 33: a group that owns A Distant Plain gives its cards' texts as data
(the overrides file's ``card_texts``), never code: /card, the Event prompt's
title and ``dakbot data status`` show them in the player's language; with no
file nothing changes, and the project ships no card text. The three cards
below are made up for the test."""
from __future__ import annotations

import pytest

import engine
from bot.games.adp import card_choices, card_text, card_title, text_lines
from bot.i18n import render
from engine.adp.data import SOURCE, _load
from engine.adp.data.status import format_status, status_report
from engine.core.errors import DataError
from tests.engine.adp.kit import clear, play


TEXTS = """
card_texts:
  1:
    source: made up for a test
    en: {title: Eyes Aloft, unshaded: Place a made-up piece., shaded: Remove a made-up piece.,
         capability: Made-up Assault bonus.}
    it: {title: Occhi in Alto, unshaded: Piazza un pezzo inventato., shaded: Rimuovi un pezzo inventato.,
         capability: Bonus inventato all'Assalto.}
  11:
    en: {title: Made-up Momentum, shaded: Shift one made-up level., momentum: Made-up until Propaganda.}
    it: {title: Momentum Inventato, shaded: Sposta un livello inventato., momentum: Inventato fino alla Propaganda.}
  40:
    en: {title: Invented Card, unshaded: An invented effect.}
    it: {unshaded: Un effetto inventato.}
"""


@pytest.fixture
def owned(tmp_path, monkeypatch):
    f = tmp_path / "adp-ours.yaml"
    f.write_text(TEXTS, encoding="utf-8")
    monkeypatch.setenv("DAKBOT_ADP_OVERRIDES", str(f))
    SOURCE.reload()
    yield f
    monkeypatch.delenv("DAKBOT_ADP_OVERRIDES")
    SOURCE.reload()


def test_card_shows_the_owners_texts_in_two_languages(owned):
    en, it = card_text(1, "en"), card_text(1, "it")
    assert "**#1 Eyes Aloft**" in en and "Unshaded: Place a made-up piece." in en
    assert "Shaded: Remove a made-up piece." in en and "Capability: Made-up Assault bonus." in en
    assert "**#1 Occhi in Alto**" in it and "Piazza un pezzo inventato." in it
    assert "Capacità: Bonus inventato all'Assalto." in it
    assert "Momentum: Inventato fino alla Propaganda." in card_text(11, "it")
    assert "not included" not in en


def test_a_language_not_given_falls_back_to_english(owned):
    assert card_title(40, "it") == "Invented Card" and "Un effetto inventato." in card_text(40, "it")
    assert "An invented effect." in card_text(40, "es")
    assert ("#1 Occhi in Alto", 1) in card_choices("occhi", "it")


def test_the_event_prompt_names_the_card_in_the_readers_language_and_its_side_text(owned):
    s = clear(engine.new_game("adp", "main", 1, {"stacked": {"deck": [1, 2, 73]}}))
    play(s, "event-shaded")
    d = engine.decision(s)
    assert "#1 Occhi in Alto" in render("it", d.prompt, "adp")
    assert "#1 Eyes Aloft" in render("en", d.prompt, "adp")
    assert text_lines(1, "shaded", "it") == ["Ombreggiato: Rimuovi un pezzo inventato.",
                                            "Capacità: Bonus inventato all'Assalto."]


def test_data_status_lists_the_cards_with_text(owned):
    rep = status_report()
    assert rep["cards"]["texts"] == {"1": ["en", "it"], "11": ["en", "it"], "40": ["en", "it"]}
    assert "3 of 72 given by the overrides file" in format_status(rep)
    assert "#1 (en/it)" in format_status(rep)


def test_without_a_file_nothing_changes():
    assert "Card text not included" in card_text(1, "en") and card_title(1, "it") == "ISR"
    assert text_lines(1, None, "en") == [] and status_report()["cards"]["texts"] == {}
    assert "0 of 72" in format_status(status_report())


@pytest.mark.parametrize("bad, match", [
    ("card_texts:\n  99: {en: {title: X}}\n", "unknown Event card"),
    ("card_texts:\n  1: {fr: {title: X}}\n", "unknown language"),
    ("card_texts:\n  1: {en: {flavour: X}}\n", "unknown field"),
    ("card_texts:\n  1: {en: {title: ''}}\n", "must be text"),
])
def test_a_bad_text_entry_is_refused_naming_it(tmp_path, bad, match):
    f = tmp_path / "bad.yaml"
    f.write_text(bad, encoding="utf-8")
    with pytest.raises(DataError, match=match):
        _load(str(f))


async def _started(svc) -> int:
    r = await svc.create("c1", "boss", "main", game="adp", seed=5, options={"stacked": {"deck": [1, 2, 73]}})
    for f, u in zip(("coalition", "government", "taliban", "warlords"), ("u1", "u2", "u3", "u4")):
        await svc.join(r.game.id, u, f)
    await svc.start(r.game.id, "boss")
    return r.game.id


async def _event_prompts(svc, *locales):
    """The Coalition's Event prompt (card 1, shaded) in each of ``locales``."""
    from bot.service import viewer_locale

    gid = await _started(svc)
    await svc.submit(gid, "u1", ["event-shaded"])
    out = []
    for loc in locales:
        with viewer_locale(loc):
            out.append((await svc.prompt(gid, "u1")).text)
    return out


async def test_the_event_prompt_shows_the_side_being_entered_in_the_players_language(owned, svc):
    it, en = await _event_prompts(svc, "it", "en")
    assert "#1 Occhi in Alto" in it and "Ombreggiato: Rimuovi un pezzo inventato." in it
    assert "Capacità: Bonus inventato all'Assalto." in it and "Piazza" not in it   # the side taken only
    assert "#1 Eyes Aloft" in en and "Shaded: Remove a made-up piece." in en


async def test_without_a_file_the_event_prompt_is_unchanged(svc):
    (text,) = await _event_prompts(svc, "en")
    assert text.startswith("Coalition, Event #1 ISR (shaded)") and "\n" not in text


async def test_the_event_choices_carry_the_side_texts(owned, svc):
    """Beside "Event (shaded)" at the card's first choice, that side's text (issue 31's details)."""
    from bot.service import viewer_locale

    gid = await _started(svc)
    with viewer_locale("it"):
        p = await svc.prompt(gid, "u1")
    assert p.details["event-shaded"] == "Rimuovi un pezzo inventato."
    assert p.details["event-unshaded"] == "Piazza un pezzo inventato."
