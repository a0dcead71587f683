"""The Pax Britannica decisions this stop added, each shown as Discord shows
it (tests/cogs/prompt_safety.py: every page built through discord.py's own
checks, every component clicked) in the four languages: the pledged power's
call (L287), the Congress disputant's declaration instead of a proposal or
a signature (L567), the victors' division and their Congress's seat (L465,
L684). The neutrals' questions and the peace treaty go through real
dispatch in test_pax_war_cogs.py."""
import os
import random
import sys
from types import SimpleNamespace

import engine
from bot.service import Service
from prompt_safety import Tally, check_prompt

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))  # the engine tests' helpers

from tests.engine import test_pax_war_declare as declare  # noqa: E402
from tests.engine import test_pax_war_peace as peace  # noqa: E402
from tests.engine.test_pax_war_flow import fresh, step  # noqa: E402

LOCALES = ("en", "it", "es", "ja")


def _check(state, wanted: str) -> Tally:
    tally = Tally()
    svc = Service(None, render_maps=False)
    row = SimpleNamespace(id=1, game="pax", locale="en")
    rnd = random.Random(1)
    seen = []
    for d in engine.decisions(state):
        seen.append(d.step)
        for loc in LOCALES:
            prompt = svc._prompt(row, state, 1, [], [], d=d, loc=loc)
            check_prompt(prompt, d, state, loc, rnd, tally, f"{d.step} {loc}")
    assert wanted in seen, seen
    assert not tally.problems, tally.problems
    return tally


def test_a_pledged_powers_call_is_a_view_discord_takes():
    s = fresh()
    declare.pledged_congress_defied(s)
    _check(s, "pax.war_pledge")


def test_a_disputants_war_at_the_congress_is_a_view_discord_takes():
    s = declare.congress_with_two_disputes()
    _check(s, "pax.congress_propose")
    assert any(c.startswith("war:") for d in engine.decisions(s) for c in d.ids())


def test_the_victors_division_and_their_congress_seat_are_views_discord_takes():
    s = fresh()
    peace._won_by_two(s)
    _check(s, "pax.war_division")
    engine.apply(s, "france", "agree")
    engine.apply(s, "usa", "disagree")
    engine.apply(s, "france", "possession")
    assert step(s) == "pax.war_congress_host"
    _check(s, "pax.war_congress_host")
