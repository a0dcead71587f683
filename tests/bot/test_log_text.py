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
