"""Whole games of A Distant Plain with random legal choices, Event edits
included, invariants after every choice (issue 18): 200 games in CI, as the
issue asks (100 random, 100 taking every Event; about 4 minutes on one core);
the same by hand: ``dakbot selfplay --game adp --games 200``."""
from __future__ import annotations

import pytest

from engine.adp.invariants import check
from engine.core.selfplay import play_one


@pytest.mark.soak
@pytest.mark.parametrize("policy", ["random", "events"])
def test_soak_adp_games_end_with_a_result(policy):
    for seed in range(1, 101):
        r = play_one("adp", "main", seed, policy, check=check)
        assert r.failure is None, f"seed {seed}: {r.failure} {r.detail}\n{r.transcript}"
        assert r.winner in ("coalition", "government", "taliban", "warlords")
