"""Junk typed as an answer is refused politely at every decision of every game
(issue 37 item 3): unicode digits, huge counts, malformed joins, other
seats' choices and ids. The engine raises only its own errors
(:class:`engine.core.errors.EngineError`, whose message the player reads),
and a refused answer changes nothing."""
from __future__ import annotations

import random

import pytest

import engine
from engine.core.errors import EngineError
from engine.core.messages import split_quantity

FIXED = ("²", "x*²", "*3", "*", "", " ", "+", "+done", "done+", "a+b+c", "\x00", "*-1", "x*0",
         "٣", "done*٣", "done*" + "9" * 5000, "None", ":", "a:b:c:d", "ｄｏｎｅ")


def _junk(d, other_ids: list[str], rnd: random.Random) -> list[str]:
    a = rnd.choice(d.ids())
    out = list(FIXED) + [a + "*²", a + "*" + "9" * 4400, a + "*00", a + "*0x10", a + "*３",
                         a + "+" + a + "+" + a, a + "*999999999999", a.upper() + "x", a + "+"]
    out += [o for o in other_ids[:3] if d.find(o) is None]
    return out


def _games():
    adp = engine.game_spec("adp").scenarios[0]
    return [("gandhi", "short", None), ("gandhi", "main", None), ("adp", adp, None),
            ("pax", "1880", {"players": 4}), ("pax", "1880", {"players": 7})]


@pytest.mark.parametrize("game,scenario,options", _games())
def test_junk_is_refused_with_the_engines_own_error_and_changes_nothing(game, scenario, options):
    s = engine.new_game(game, scenario, 3, options)
    rnd = random.Random(3)
    factions = list(engine.game_spec(game).factions)
    previous: list[str] = []
    for _ in range(50):
        ds = engine.decisions(s)
        if not ds:
            break
        d = ds[rnd.randrange(len(ds))]
        before = engine.dump_state(s)
        for junk in _junk(d, previous, rnd):
            for actor in (d.actor, rnd.choice(factions)):
                own = engine.pending_for(s, actor)  # simultaneous phases: each seat its own
                if own is not None and own.find(junk) is not None:
                    continue  # a legal answer after all
                with pytest.raises(EngineError):
                    engine.apply(s, actor, junk)
        assert engine.dump_state(s) == before, "a refused answer changed the game"
        previous = d.ids()
        engine.apply(s, d.actor, rnd.choice(d.ids()))


@pytest.mark.parametrize("text", ["x*²", "x*٣", "x*３", "x*" + "9" * 4301, "x*1234567", "x*", "*2"])
def test_a_count_that_is_not_a_plain_small_number_stays_in_the_id(text):
    assert split_quantity(text) == (text, 1)


def test_a_plain_count_is_read():
    assert split_quantity("troop:delhi*3") == ("troop:delhi", 3)
    assert split_quantity("troop:delhi*999999") == ("troop:delhi", 999999)
