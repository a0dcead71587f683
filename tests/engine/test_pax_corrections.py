"""Pax Britannica, part 1 made right (issue 34, defects 1-11): each test
states what the seed says (shared/seeds/pax_britannica_rules_it.txt, L<n>)
and fails on the part 1 engine (commit 0de2f8a). The corrections are
ruleset 2 (engine/pax/ruleset.py); ruleset 1 games replay unchanged
(test_pax_legacy.py)."""
from __future__ import annotations

import pytest

import engine
from engine.pax import board as b
from engine.pax import phases
from engine.pax.admin import admin_record, apply_record

pytestmark = pytest.mark.timeout(60)


def fresh(players: int = 4, seed: int = 1, **options):
    return engine.new_game("pax", "1880", seed, {"players": players, **options})


def clear_area(s, area):
    s.areas[area].statuses.clear()
    s.areas[area].unrest = s.areas[area].unrest_this_turn = False
    for p in s.powers:
        s.powers[p].units.pop(area, None)


def seal_all(s):
    while s.stack and s.stack[-1]["step"] == "pax.movement":
        for d in engine.decisions(s):
            engine.apply(s, d.actor, "seal")


# ----------------------------------------------------------------- 1. treasury (L240, L706)

def test_line_22_sets_the_treasury_it_does_not_add_to_it():
    """L240: line 22 "è il numero di £ che avete da spendere durante il
    corrente turno ... piazzate il vostro Marker di tesoreria per riflettere
    il numero di £"; last turn's £ were scored in its VP phase (L706)."""
    s = fresh()
    s.powers["france"].treasury = 100
    rec = admin_record(s, "france", roll=False)
    apply_record(s, "france", rec)
    assert s.powers["france"].treasury == rec["22"]


def test_ruleset_1_games_keep_adding_line_22():
    s = fresh(ruleset=1)
    s.powers["france"].treasury = 100
    rec = admin_record(s, "france", roll=False)
    apply_record(s, "france", rec)
    assert s.powers["france"].treasury == 100 + rec["22"]
