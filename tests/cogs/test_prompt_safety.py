"""Every prompt of every game works in Discord (issue 31): whole random games
of Gandhi (both scenarios), A Distant Plain and Pax Britannica (4 to 7
players), each decision of each seat shown as Discord would and every
component clicked (tests/cogs/prompt_safety.py). On main 0de2f8a it finds
the British Raj's Sweep that discord.py refused (six group buttons, Back
and Cancel on row 4: ``ValueError: item would not fit at row 4``)."""
import functools

import pytest
from prompt_safety import Tally, play

PAGED = {"gandhi": {"PageButton"}}  # A Distant Plain's and Pax's lists fit one page of selects
CI_DECISIONS = 2000  # per game, the CI slice
SOAK_DECISIONS = 20000

GAMES = {
    "gandhi": [("gandhi", "short", None), ("gandhi", "main", None)],
    "adp": [("adp", "main", None)],
    "pax": [("pax", "1880", {"players": n}) for n in (4, 5, 6, 7)],
}


@functools.cache  # one run per game serves each test that reads it
def run(game: str, decisions: int, first_seed: int = 1) -> Tally:
    """Whole games of ``game`` (its scenarios and player counts in turn) until
    ``decisions`` decisions were checked."""
    tally = Tally()
    seed = first_seed
    while tally.decisions < decisions:
        for g, scenario, options in GAMES[game]:
            play(g, scenario, seed, options, tally, max(1, decisions - tally.decisions))
            if tally.decisions >= decisions:
                break
        seed += 1
    return tally


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_prompt_of_whole_random_games_is_a_view_discord_takes(game):
    tally = run(game, CI_DECISIONS)
    assert tally.decisions >= CI_DECISIONS
    assert not tally.problems, "\n".join(tally.problems[:20])
    # every kind of component was built and clicked (page buttons: where a list needs pages)
    kinds = {"ChoiceButton", "ChoiceSelect", "BackButton", "CancelButton"} | PAGED.get(game, set())
    assert {k for k in kinds if tally.clicks[k]} == kinds, tally.clicks


def test_long_gandhi_lists_stay_on_one_page():
    """At most 1% of a random player's decisions over whole Gandhi games
    need a second select for one group of their list (issue 31)."""
    tally = run("gandhi", CI_DECISIONS)
    assert tally.pages / tally.decisions <= 0.01, f"{tally.pages} of {tally.decisions}"


@pytest.mark.soak
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_prompt_soak(game):
    tally = run(game, SOAK_DECISIONS, first_seed=101)
    assert not tally.problems, "\n".join(tally.problems[:20])
