"""Side actions a faction may take beside its decisions while carrying out
an Operation, Special Activity or Event: Resource transfer (1.5.2) and
voluntary removal (1.4.1). Issue 12 items 4 and 5."""
import pytest

import engine
from engine.core.errors import IllegalChoice
from engine.gandhi import board
from engine.gandhi.bots.policy import decide

REV_FIRST_DECK = [19, 20, 21, 22, 23, 24, 30, 32]


def rev_first(rev=10, raj=10):
    s = engine.new_game("gandhi", "short", 1, {"stacked": {"deck": list(REV_FIRST_DECK), "viceroy": 75}})
    s.resources["rev"], s.resources["raj"] = rev, raj
    return s


def test_the_revolutionaries_give_resources_to_the_raj_during_their_operation_1_5_2():
    """1.5.2: Raj and Revolutionaries may transfer Resources "in qualsiasi
    momento in cui uno di essi sta svolgendo una Operazione ..."."""
    s = rev_first(rev=10, raj=48)
    d = engine.decision(s)
    assert d.actor == "rev" and d.step == "sop.act" and "transfer" not in d.ids()  # no action under way yet
    engine.apply(s, "rev", "rally")  # ruleset 5: the action names its Operation
    d = engine.decision(s)
    assert d.step == "op.loop" and d.ids()[-1] == "transfer"
    engine.apply(s, "rev", "transfer")
    d = engine.decision(s)
    assert d.step == "side.transfer" and d.ids() == ["1", "2", "cancel"]  # the Raj's 50 cap (1.8)
    engine.apply(s, "rev", "2")
    assert s.resources == {"raj": 50, "rev": 8}
    d = engine.decision(s)
    assert d.step == "op.loop" and "transfer" not in d.ids()  # the Raj is full; the Operation goes on
    assert any(e["key"] == "log.transfer" and e["params"]["n"] == 2 for e in s.log[-3:])


def test_a_transfer_can_be_cancelled_and_changes_nothing():
    s = rev_first()
    engine.apply(s, "rev", "rally")  # ruleset 5: the action names its Operation
    engine.apply(s, "rev", "transfer")
    engine.apply(s, "rev", "cancel")
    assert s.resources == {"raj": 10, "rev": 10} and engine.decision(s).step == "op.loop"


def test_nonviolent_factions_never_transfer_and_bots_never_take_side_actions():
    s = rev_first()
    engine.apply(s, "rev", "rally")  # ruleset 5: the action names its Operation
    d = engine.decision(s)
    assert "transfer" in d.ids() and decide(s, d) != "transfer"


def test_the_revolutionaries_take_a_guerrilla_back_to_place_it_elsewhere_1_4_1():
    """1.4.1: with no Guerrilla Available, the Revolutionaries may take one of
    theirs off the map during their Operation, never Gandhi, and place it."""
    s = rev_first()
    board.place(s, "orissa", "guerrilla_underground", s.available.get("guerrilla", 0))  # none left Available
    in_orissa = board.count(s, "orissa", "guerrilla_underground")
    assert not s.available.get("guerrilla") and in_orissa
    engine.apply(s, "rev", "rally")  # ruleset 5: the action names its Operation
    d = engine.decision(s)
    assert "take-back" in d.ids()
    engine.apply(s, "rev", "take-back")
    d = engine.decision(s)
    assert d.step == "side.take_back" and "orissa:guerrilla_underground" in d.ids() and "cancel" in d.ids()
    assert not any("gandhi" in c for c in d.ids())
    engine.apply(s, "rev", "orissa:guerrilla_underground")
    assert s.available["guerrilla"] == 1 and board.count(s, "orissa", "guerrilla_underground") == in_orissa - 1
    assert engine.decision(s).step == "op.loop"


def test_take_back_only_while_acting_and_only_kinds_lacking():
    s = rev_first()
    assert s.available.get("guerrilla", 0) > 0
    engine.apply(s, "rev", "rally")  # ruleset 5: the action names its Operation
    assert "take-back" not in engine.decision(s).ids()  # Guerrillas Available: nothing to free up
    with pytest.raises(IllegalChoice):
        engine.apply(s, "rev", "take-back")
