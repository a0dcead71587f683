"""What players read in the log (issue 31 items 5 and 8): no note of a step
the engine answered by itself ("Sind (the only choice).", "done (unica
scelta)" with its raw id); undo told without a broken possessive."""
from __future__ import annotations

import random

import engine
from svc_helpers import started


def _state_with_only_choices():
    s = engine.new_game("gandhi", "short", 4)
    rnd = random.Random(4)
    while sum(e["key"] == "log.only_choice" for e in s.log) < 3:
        d = engine.decision(s)
        engine.apply(s, d.actor, rnd.choice(d.ids()))
    return s


async def test_steps_the_engine_answered_itself_are_not_in_the_players_log(svc):
    g = await started(svc, seed=4)
    s = _state_with_only_choices()
    for locale in ("en", "it"):
        row = await svc.game(g.game.id)
        row.locale = locale
        text = svc._log_text(row, s.log)
        assert "only choice" not in text and "unica scelta" not in text
        assert "done" not in text.split()
        assert len(text.splitlines()) == sum(e["key"] != "log.only_choice" for e in s.log)


async def test_undo_is_told_without_a_possessive(svc):
    g = await started(svc, seed=11)
    p = await svc.prompt(g.game.id)
    user = {"raj": "u1", "inc": "u2", "ml": "u3", "rev": "u4"}[p.actor]
    await svc.submit(g.game.id, user, ["pass"])
    r = await svc.undo(g.game.id, user)
    text = " ".join(x.text for x in r.posts) + r.reply
    assert "'s choices" not in text and "took back the choices of" in text


def test_adp_names_the_eligible_role_in_the_games_language():
    """"As first Eligible" kept "first" in English in every language."""
    from bot.i18n import render

    d = engine.decision(engine.new_game("adp", "main", 3))
    assert d.prompt.params["role"] == "first"
    assert render("en", d.prompt, "adp").startswith("As 1st Eligible on #")
    assert render("it", d.prompt, "adp").startswith("Come 1ª Disponibile su #")
    assert render("es", d.prompt, "adp").startswith("Como 1.ª Elegible en #")
    assert "第1" in render("ja", d.prompt, "adp") and "first" not in render("ja", d.prompt, "adp")


def test_counts_agree_in_number():
    """"1 Resources", "replace 1 Muslim League Activists" (issue 31 item 8)."""
    from bot.i18n import render
    from engine.core.messages import Message

    def say(locale, key, **params):
        return render(locale, Message(key, params, ""), "gandhi")

    assert say("en", "log.raj_pays_sepoys", cost=1, space="delhi").startswith("The Raj pays 1 Resource to")
    assert say("en", "log.raj_pays_sepoys", cost=2, space="delhi").startswith("The Raj pays 2 Resources to")
    assert say("it", "log.raj_pays_sepoys", cost=1, space="delhi").startswith("Il Raj paga 1 Risorsa per")
    assert say("es", "log.raj_pays_sepoys", cost=1, space="delhi").startswith("El Raj paga 1 Recurso para")
    assert "replace 1 Muslim League Activist with" in say("en", "choice.rally_space_ml_base", space="punjab", n=1)


def test_whole_random_game_texts_have_no_plural_hacks():
    """Every prompt, choice and log line of random games in English: no
    "(s)", no "1 Resources"."""
    import re

    from bot.i18n import render

    bad = re.compile(r"\(s\)|\b1 (?:[A-Z][\w-]* )*(?:Resources|Activists|Sepoys|Bases)\b")
    for game, scenario, options in (("gandhi", "short", None),):
        s = engine.new_game(game, scenario, 2, options)
        rnd = random.Random(2)
        found = []
        for _ in range(1500):
            ds = engine.decisions(s)
            if not ds:
                break
            d = ds[rnd.randrange(len(ds))]
            found += [t for m in [d.prompt, *(c.label for c in d.choices)] if bad.search(t := render("en", m, game))]
            engine.apply(s, d.actor, rnd.choice(d.ids()))
        found += [t for e in s.log if bad.search(t := render("en", e, game))]
        assert not found, found[:5]
