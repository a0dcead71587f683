"""Germany's VP divisor, ruleset 3 (issue 34 leftover: "Germany wins every
random game"; shared/seeds/pax_britannica_rules_it.txt, L<n>)."""
from __future__ import annotations

import engine
from engine.pax import board as b
from engine.pax import phases


def test_germanys_seat_divides_two_treasuries_by_its_own_divisor():
    """L700: "il Tedesco somma le Tesorerie Tedesche e Austriache per
    determinare il numero di Punti Vittoria"; L714: "Trovato il divisore
    della vostra nazione" -- each nation its own divisor. The flat stand-in
    (5 for all) paid Germany's seat Austria-Hungary's whole surplus on top;
    ruleset 3's stand-in for Germany grows with its seat's means at the 1880
    set-up (tables.yaml ``basis_ruleset_3``). Stored games keep 5."""
    for rs, german in ((2, 5), (3, 8)):
        s = engine.new_game("pax", "1880", 1, {"players": 5, "ruleset": rs})
        s.powers["germany"].treasury, s.powers["austria_hungary"].treasury = 17, 13
        s.powers["japan"].treasury = 30
        assert phases.german_turn_vp(s) == 30 // german
        assert phases.turn_vp(s, "japan") == 6  # the other powers divide by 5 as before
    # the stand-in and its basis agree: Germany's automatic Colonial Office 6
    # (L232) plus Austria-Hungary's expected roll, against a colony-less power's 6
    table = {int(k): int(v) for k, v in b.tables()["administration"]["colonial_office"]["provisional"].items()}
    six, mean = table[6], sum(table.values()) / len(table)
    assert phases.divisor("germany", s) == round(5 * (six + mean) / six)


def test_a_fleet_at_sea_counts_abroad_when_a_war_ends_the_game():
    """L236: line 16 counts the strength of units outside home; L718 the
    Section II recomputed at the end. A war's fleet in a sea zone (L601)
    when the Great War ended the game made the record fail (KeyError, the
    soak of issue 34: seed 1020, 6 players)."""
    from engine.pax.admin import abroad_strength, income

    s = engine.new_game("pax", "1880", 1, {"players": 6})
    before = abroad_strength(s, "germany")
    b.add_unit(s, "germany", "north_sea", "fleet-3")
    assert abroad_strength(s, "germany") == before + 3
    assert isinstance(income(s, "germany"), int)
