"""A language per game (issue 15): chosen at creation, changed by the game's
manager, used by every post of the game; the console's --locale."""
import io
import re

import pytest
from svc_helpers import started

from bot.console import main
from bot.i18n import render
from bot.service import BadInput, Forbidden
from engine import Message


async def test_manager_changes_the_games_language_and_posts_follow(svc):
    r = await started(svc, seats=1, users=("u1",))
    gid = r.game.id
    with pytest.raises(Forbidden):
        await svc.set_locale(gid, "someone_else", "it")
    with pytest.raises(BadInput):
        await svc.set_locale(gid, "u1", "klingon")
    assert (await svc.game(gid)).locale == "en"            # nothing changed
    res = await svc.set_locale(gid, "u1", "it")
    assert res.game.locale == "it" and "italiano" in res.reply
    status = await svc.status(gid)
    assert "Congresso" in status or "Raj Britannico" in status


def test_parameters_render_as_names_never_ids():
    """Ids, English names and "#N Title" parameters become names (issue 15)."""
    m = Message("log.raj_remove", {"kind": "guerrilla_underground", "space": "bombay_presidency",
                                   "to": "out_of_play"})
    text = render("en", m)
    assert text == "The Raj removes an Underground Guerrilla in Bombay Presidency to Out of Play."
    assert "_" not in render("ja", m) and "{" not in render("ja", m)
    card = render("it", {"key": "log.current_card", "params": {"card": 1, "title": "#1 British Indian Army "
                                                                                  "Defends the Empire"}})
    assert "L'Esercito Indiano Britannico" in card         # title_it of cards.yaml


def test_catalog_plural_forms_follow_the_count():
    one = render("en", Message("log.raj_activate", {"n": 1, "space": "delhi"}))
    two = render("en", Message("log.raj_activate", {"n": 2, "space": "delhi"}))
    assert one.startswith("1 Guerrilla activated") and two.startswith("2 Guerrillas activated")


def _console(db, locale, lines):
    out = io.StringIO()
    main(["--db", db, "--scenario", "short", "--seed", "3", "--locale", locale],
         inp=io.StringIO("".join(x + "\n" for x in lines)), out=out)
    return out.getvalue()


def test_console_locale_sets_the_games_language(db_path):
    out = _console(db_path, "it", ["1"])
    assert "Console di dakbot" in out                   # the bot strings in Italian
    out = _console(db_path, "ja", [])                     # resumed with another --locale
    import asyncio

    from bot.store import Store

    async def loc():
        st = await Store.open(db_path)
        try:
            return (await st.get_game(1)).locale
        finally:
            await st.close()
    assert asyncio.run(loc()) == "ja"


#: English words of game text that every translation replaces
ENGLISH = re.compile(r"\b(the|choose|with|from|place|places|move|moves|remove|removes|into|passes|"
                     r"Operation|Special Activity|Done|Eligible|Resources|left)\b")


def _names_removed(line: str) -> str:
    """Space and card names stay English where the rules keep them: drop them."""
    from engine.gandhi.data import get_data

    d = get_data()
    for n in sorted([s.name for s in d.map.spaces.values()] + [c.title for c in d.cards.events.values()],
                    key=len, reverse=True):
        line = line.replace(n, "")
    return line


@pytest.mark.parametrize("locale", ["it", "es", "ja"])
def test_done_when_first_choice_60_decisions_prints_no_english_game_text(db_path, locale):
    out = _console(db_path, locale, ["1"] * 60)
    english = [ln for ln in out.splitlines() if ENGLISH.search(_names_removed(ln))]
    assert not english, f"{len(english)} English lines, e.g. {english[:5]}"


async def test_private_prompt_may_follow_the_players_own_language(svc):
    """A player's /play prompt follows their Discord language; the game's
    posts keep the game's (issue 15)."""
    from bot.service import viewer_locale

    r = await started(svc, seats=1, users=("u1",))
    gid = r.game.id
    await svc.set_locale(gid, "u1", "it")
    mine = await svc.prompt(gid, "u1")
    with viewer_locale("ja"):
        theirs = await svc.prompt(gid, "u1")
    from bot.i18n import faction_name

    assert mine.actor_name == faction_name("it", mine.actor) != theirs.actor_name
    assert theirs.actor_name == faction_name("ja", theirs.actor) and not theirs.actor_name.isascii()
    assert (await svc.prompt(gid, "u1")).actor_name == mine.actor_name   # back to the game's language


def test_parameters_carry_no_english_words():
    """A prompt's parameters are names, numbers or symbols, never English
    words a catalog cannot reach ("chosen: none yet" read so in every language)."""
    import engine as eng
    from bot.i18n import _params

    s = eng.new_game("gandhi", "short", 3)
    d = eng.decision(s)
    eng.apply(s, d.actor, d.choices[0].id)  # an Operation, named with the action (ruleset 5)
    d = eng.decision(s)
    assert d.prompt.key == "prompt.op_space"
    assert "none" not in str(_params("ja", d.prompt.params).values())


def test_card_and_space_autocomplete_speak_the_players_language():
    """/card and /space suggest names in the player's language and still
    find them by the English name or id (issue 15)."""
    from bot.lookup import card_choices, space_choices

    assert card_choices("gandhi", "esercito", "it")[0] == ("#1 L'Esercito Indiano Britannico Difende l'Impero", 1)
    assert card_choices("gandhi", "army defends", "it")[0][1] == 1  # the English title finds it too
    assert ("#73 Campagna (Lord Chelmsford)", 73) in card_choices("gandhi", "campagna", "it")
    assert space_choices("gandhi", "デリ", "ja")[0] == ("デリー", "delhi")
    assert space_choices("gandhi", "delhi", "ja")[0] == ("デリー", "delhi")
    assert space_choices("gandhi", "delhi", "en")[0] == ("Delhi", "delhi")


def test_the_next_card_is_announced_by_its_title():
    """The log names the next card by number and title in the game's
    language, as the current card (was the bare number: "Next card: 35.")."""
    import engine
    from bot.i18n import render

    for game, scenario in (("gandhi", "short"), ("adp", "main")):
        s = engine.new_game(game, scenario, 3)
        e = next(e for e in s.log if e["key"] == "log.next_card")
        text = render("it", e, game)
        assert text.startswith("Carta successiva: #" if game == "gandhi" else "Prossima carta: #"), text
        assert len(text.split(" ", 3)) == 4, text  # "… #N Title."


def _pax_english_names(lang: str) -> list[str]:
    """The English names of Pax areas, seas, powers, statuses and units that
    read differently in ``lang`` (longest first): none may be printed."""
    from engine.core.catalogs import name
    from engine.pax.game import display_names

    out = set()
    for ident, en in display_names().items():
        own = name("pax", lang, ident) or en
        for e, o in ((en, own), (en.split(" (")[0], own.split(" (")[0].split("（")[0])):
            if e != o and e[:1].isupper():
                out.add(e)
    return sorted(out, key=len, reverse=True)


@pytest.mark.parametrize("locale", ["it", "es", "ja"])
def test_pax_console_60_decisions_prints_no_english_area_or_power_name(db_path, locale):
    """Pax Britannica in the console: the log, the prompts and the choices of
    60 decisions (statuses placed, units bought and moved, sealed rounds)
    name areas, powers, statuses and units in the game's language."""
    lang = locale.split("-")[0]
    out = io.StringIO()
    main(["--db", db_path, "--game", "pax", "--seed", "3", "--locale", locale],
         inp=io.StringIO("1880\n" + "1\n" * 60), out=out)
    text = re.sub(r"\([a-z0-9_|:+*-]+\)$", "", out.getvalue(), flags=re.M)   # the ids the console accepts
    english = re.compile(r"\b(" + "|".join(map(re.escape, _pax_english_names(lang))) + r")\b")
    found = [ln for ln in text.splitlines() if english.search(ln)]
    assert not found, f"{len(found)} lines with English names, e.g. {found[:5]}"
    seen = {"it": ("Gran Bretagna", "Fase Amministrativa"), "es": ("Gran Bretaña", "Fase Administrativa"),
            "ja": ("イギリス", "行政フェイズ")}[lang]
    assert all(w in text for w in seen), seen
