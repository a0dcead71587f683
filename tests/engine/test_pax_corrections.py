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


# ----------------------------------------------------------------- 2. the Possession limit (L67)

def test_great_britain_may_buy_a_possession_from_the_1880_set_up():
    """The stand-in set-up gives GB 10 Possessions; the stand-in counter
    limit must leave it markers to buy (L67: the counter mix limits, it does
    not forbid a status the set-up already exceeds)."""
    s = fresh()
    assert b.markers_in_use(s, "great_britain", "possession") == 10
    assert b.marker_free(s, "great_britain", "possession")


def test_the_invariants_count_status_markers():
    from engine.pax.invariants import check

    s = fresh()
    limit = b.counter_limit("influence", s)
    areas = [a for a, x in s.areas.items() if not x.statuses][: limit + 1]
    for a in areas:
        b.set_status(s, a, "france", "influence", new=False)
    assert any("influence markers" in e for e in check(s))
