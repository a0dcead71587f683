"""Rally's placement chosen with its space (issue 14, ruleset 6): the
Revolutionaries' and the Muslim League's "place pieces or build a Base?" is
part of the space choice ("<space>:base"), one decision instead of two."""
import pytest

import engine
from engine.gandhi import board
from engine.gandhi import derived as dv
from engine.gandhi.state import INVENTORY
from tests.engine.test_nonviolent import blank, start
from tests.engine.test_nonviolent import put as nv_put
from tests.engine.test_revolutionaries import new, piece_totals, pieces, put


@pytest.fixture(autouse=True)
def ruleset6(monkeypatch):
    from engine.gandhi import scenarios

    monkeypatch.setattr(scenarios, "RULESET", 6)


def rally(s, faction="rev"):
    engine.apply(s, faction, "rally")  # the action and its Operation (ruleset 5)


def test_3_4_1_example_base_in_last_slot_in_one_decision():
    """3.4.1 ESEMPIO: Unity 2, Rally in Punjab swaps the 2 Guerrillas there
    for a Revolutionary Base in the last Base slot (Pop 2, 1 ML Base): one
    decision, "punjab:base"."""
    s = new(unity=2, rev=5)
    put(s, "punjab", ml_base=1, guerrilla_underground=2)
    rally(s)
    d = engine.decision(s)
    assert "punjab" in d.ids() and "punjab:base" in d.ids() and "bihar:base" not in d.ids()
    moves = s.move
    engine.apply(s, "rev", "punjab:base")
    # one decision: the set of spaces closes the Rally (no Special Activity may follow)
    assert s.move - moves == 1 and engine.decision(s).actor != "rev"
    assert pieces(s, "punjab") == {"ml_base": 1, "rev_base": 1}
    assert s.resources["rev"] == 4 and dv.base_room(s, "punjab") == 0
    assert piece_totals(s) == INVENTORY


def test_3_4_1_base_never_forced_the_plain_space_places_guerrillas():
    """3.4.1: the plain space places Guerrillas (none when none is
    Available, 1.4.1); the Base is only the variant."""
    s = new(unity=1)
    board.transfer(s, "guerrilla", s.available["guerrilla"] - 1, "available", "out_of_play")
    put(s, "bihar", guerrilla_underground=1)
    rally(s)
    d = engine.decision(s)
    assert {"bihar", "bihar:base"} <= set(d.ids())
    engine.apply(s, "rev", "bihar")
    assert pieces(s, "bihar") == {"guerrilla_underground": 1}


def test_3_4_1_several_spaces_at_once_each_with_its_placement():
    """Rally's spaces are independent: "punjab:base+gujarat" in one answer."""
    s = new(unity=2, rev=5)
    put(s, "punjab", guerrilla_underground=2)
    rally(s)
    engine.apply(s, "rev", "punjab:base+gujarat")
    assert pieces(s, "punjab") == {"rev_base": 1}
    assert pieces(s, "gujarat") == {"guerrilla_underground": 1}
    assert s.resources["rev"] == 3


def test_3_3_1_league_rally_base_with_the_space():
    """3.3.1: the League replaces Unity Activists with a Base ("sind:base"),
    or places 1 + its Bases there (the plain space)."""
    s = blank(unity=2)
    nv_put(s, "sind", ml_activist=2)
    start(s, "ml", "rally")
    d = engine.decision(s)
    assert {"sind", "sind:base"} <= set(d.ids()) and "punjab:base" not in d.ids()
    engine.apply(s, "ml", "sind:base+punjab")  # the Base variant and a plain space in one set
    assert board.count(s, "sind", "ml_base") == 1 and board.count(s, "sind", "ml_activist") == 0
    assert board.count(s, "punjab", "ml_activist") == 1


def test_3_4_1_base_still_asks_which_guerrillas_it_replaces():
    """3.4.1: with Active and Underground Guerrillas there and more than
    Unity of them, which ones the Base replaces is still asked."""
    s = new(unity=2)
    put(s, "bihar", guerrilla_underground=1, guerrilla_active=2)
    rally(s)
    engine.apply(s, "rev", "bihar:base")
    assert engine.decision(s).ids() == ["active", "underground"]
    engine.apply(s, "rev", "active")
    engine.apply(s, "rev", "active")
    assert pieces(s, "bihar") == {"guerrilla_underground": 1, "rev_base": 1}
