"""A turn in a few taps, ruleset 6 (issue 14, Operations and Special
Activities): the spaces of an Operation or Special Activity that do not
interact are one set, chosen in one answer (3.1: select the spaces, pay,
resolve; 4.1.1); a set the Resources cannot pay for whole is refused whole
(3.1); where a Special Activity may still come between, the Operation's
loop stays open (3.1.1 "in any order and at any time", 3.1.5's examples);
Demonstrate, whose destinations draw on the same Activists (3.1.2, 3.3.2),
stays a sequence. The decisions a player makes are counted."""
import random

import pytest

import engine
from engine.core.errors import IllegalChoice
from engine.core.messages import Choice, Decision, Message
from engine.core.selfplay import random_subset
from engine.gandhi import board
from engine.gandhi.ruleset import ruleset
from engine.gandhi.state import INVENTORY
from helpers import put
from test_taps5 import game, tap


def test_new_games_are_ruleset_6():
    assert ruleset(game()) >= 6


def test_rally_three_spaces_in_one_answer_closes_the_operation_3_4_1():
    """The Revolutionaries Rally (Limited not: a full Operation) in three
    Provinces in one answer: 1 Resource each, one Underground Guerrilla
    each; the set is the Operation's spaces (ruleset 5: a question per
    space and a "done")."""
    s = game(rev=5)
    tap(s, "raj", "pass")
    n = tap(s, "rev", "rally", "bihar+orissa+central_provinces")
    d = engine.decision(s)
    if d.actor == "rev" and d.step == "op.loop":      # a Special Activity could follow: "done" says none
        assert all(c.startswith("sa:") or c == "done" or ":" not in c for c in d.ids())
        n += tap(s, "rev", "done")
    for sid in ("bihar", "orissa", "central_provinces"):
        assert s.spaces[sid].pieces.get("guerrilla_underground") == 1
    assert s.resources["rev"] == 2 and n <= 3


def test_a_set_the_resources_cannot_pay_for_is_refused_whole_3_1():
    """3.1: the paying faction must have the Resources for every space
    chosen. With 2 Resources, three Rally spaces are refused, nothing
    paid; two are taken."""
    s = game(rev=2)
    tap(s, "raj", "pass")
    tap(s, "rev", "rally")
    before = engine.dump_state(s)
    with pytest.raises(IllegalChoice, match="Resources"):
        engine.apply(s, "rev", "bihar+orissa+central_provinces")
    assert engine.dump_state(s) == before
    tap(s, "rev", "bihar+orissa")
    assert s.resources["rev"] == 0 and s.action["spaces"] == ["bihar", "orissa"]
    d = engine.decision(s)                                # nothing left to pay a space with: only a
    assert d.actor != "rev" or all(c.startswith("sa:") or c in ("done", "then_sa") for c in d.ids())  # Special
    # Activity, now or after the Operation's end (4.1)


def test_one_space_is_a_set_of_one_3_1():
    """One space chosen alone is the Operation's set: Deploy in Delhi, its
    cubes, and the Operation closes where no Special Activity can follow
    (ruleset 5 asked "done" after it)."""
    s = game(raj=0)
    n = tap(s, "raj", "deploy", "delhi", "troop")
    assert n == 3 and engine.decision(s).actor != "raj"
    assert s.spaces["delhi"].pieces.get("troop") == 1


def test_after_the_set_a_special_activity_may_still_come_between_3_1_5():
    """3.1.1/3.1.5: spaces may be chosen at any time during the turn; while
    a Special Activity may still be made, the loop offers it, the other
    spaces and "done"; Govern's two spaces then one answer (4.2.2)."""
    s = game(raj=10)
    put(s, "bihar", troop=1, guerrilla_active=1)
    put(s, "punjab", troop=1, guerrilla_active=1)
    n = tap(s, "raj", "deploy", "delhi", "troop")
    d = engine.decision(s)
    assert d.step == "op.loop" and {"sa:govern", "done", "bombay"} <= set(d.ids())
    n += tap(s, "raj", "sa:govern")
    d = engine.decision(s)
    assert d.step == "sa.loop" and d.many == 2
    n += tap(s, "raj", "bihar+punjab")
    while (d := engine.decision(s)).actor == "raj" and d.step != "op.loop":  # Govern's option in each space
        n += tap(s, "raj", next(c for c in d.ids() if c not in ("done",)))
    assert s.action["sa_spaces"] == ["bihar", "punjab"]
    n += tap(s, "raj", "done")
    assert engine.decision(s).actor != "raj" and n <= 8


def test_demonstrate_stays_a_sequence_3_1_2_3_3_2():
    """Demonstrate's destinations draw on the same Activists, each moving
    once (3.1.2, 3.3.2): one destination at a time, the loop open after it."""
    from test_nonviolent import demonstrate_example, start

    s = demonstrate_example()
    start(s, "inc", "demonstrate")
    d = engine.decision(s)
    assert d.step == "op.loop" and d.many == 1
    tap(s, "inc", "west_bengal", "bihar", "done")
    assert engine.decision(s).step == "op.loop"


def test_the_random_player_draws_sets_of_every_size():
    """The random player answers a multi-select with a random non-empty
    subset: over many draws every size from 1 to all appears, each
    choice at most once, only offered ones."""
    d = Decision("rev", Message("p"), [Choice(c, Message(c), joins=True) for c in "abcd"]
                 + [Choice("done", Message("done"))], "op.loop", many=4)
    rnd = random.Random(1)
    sizes = set()
    for _ in range(300):
        parts = random_subset(rnd, d).split("+")
        assert len(set(parts)) == len(parts) and set(parts) <= set("abcd")
        sizes.add(len(parts))
    assert sizes == {1, 2, 3, 4}


def test_demonstrate_example_3_3_2_the_moves_into_a_destination_in_one_answer():
    """3.3.2 ESEMPIO under ruleset 6: an Activist from Bihar to West Bengal
    (no Raj Control: the Protest is then asked), another to United
    Provinces (Raj Control: no Protest, nothing asked). The moves into a
    destination are one answer: 5 decisions (ruleset 5: 6; ruleset 3: 8)."""
    from test_nonviolent import demonstrate_example, pieces, start

    s = demonstrate_example()
    start(s, "inc", "demonstrate")
    n = tap(s, "inc", "west_bengal")
    d = engine.decision(s)
    assert d.step == "nv.demonstrate.move" and "done" not in d.ids() and d.find("bihar").most == 3
    n += tap(s, "inc", "bihar")
    d = engine.decision(s)
    assert d.step == "nv.demonstrate.protest_ask"        # judged after the moves (3.3.2)
    n += tap(s, "inc", "protest", "united_provinces", "bihar")
    assert s.spaces["west_bengal"].protest and pieces(s, "west_bengal")["inc_activist_active"] == 1
    assert n == 5 and engine.decision(s).step == "op.loop" and not s.spaces["united_provinces"].protest


def test_one_space_special_activity_ends_with_its_space_4_1():
    """A Special Activity of one space (Satyagraha, Negotiate, Infiltrate,
    Assassinate) is made with its space: no "done" after it (ruleset 5
    asked "End the Special Activity" or "... and the Operation")."""
    s = game(rev=5)
    tap(s, "raj", "pass")
    put(s, "bihar", guerrilla_underground=1, inc_activist=1)
    put(s, "punjab", guerrilla_underground=1, inc_activist=1)
    tap(s, "rev", "rally", "orissa", "sa:infiltrate")
    d = engine.decision(s)
    assert d.step == "sa.loop" and {"bihar", "punjab"} <= set(d.ids())
    tap(s, "rev", "bihar")
    d = engine.decision(s)
    while d.actor == "rev" and d.step not in ("op.loop", "sa.loop"):   # Infiltrate's own choice in Bihar
        tap(s, "rev", d.ids()[0])
        d = engine.decision(s)
    assert d.step != "sa.loop" and s.action["sa_spaces"] == ["bihar"] and s.action["sa_state"] == "done"


# ---------------------------------------------------------------- the Raj's cubes into a set (3.2.2, 3.2.3)


def raj_tap(s, *choices):
    from test_taps import tap as rtap
    return rtap(s, *choices)


def refused_whole(s, answer):
    """``answer`` is refused as a whole: IllegalChoice, nothing changed."""
    before = engine.dump_state(s)
    with pytest.raises(IllegalChoice):
        engine.apply(s, "raj", answer)
    assert engine.dump_state(s) == before


def test_sweep_two_destinations_the_cubes_into_both_in_one_answer_3_2_3():
    """3.2.3: two Sweep destinations chosen together (Sepoys used in Madras
    Presidency only, with its space); then the cubes into both are one
    answer, "<kind>:<origin>><destination>" (ruleset 5: one answer per
    destination, 5 decisions). Bombay Presidency, Troops only, is offered no
    Sepoy; each origin's cubes are shared between the destinations."""
    from test_raj import empty_board, pc
    from test_raj import put as rput

    s = empty_board(restraint=2, resources=10)
    rput(s, "madras", troop=2, sepoy=2)
    rput(s, "bombay", troop=2)
    rput(s, "madras_presidency", guerrilla_underground=3)
    rput(s, "bombay_presidency", guerrilla_underground=1)
    n = raj_tap(s, "sweep", "madras_presidency:sepoy+bombay_presidency")
    d = engine.decision(s)
    assert d.step == "raj.sweep.moves" and d.many > 1
    assert "troop:madras>madras_presidency" in d.ids() and "troop:bombay>bombay_presidency" in d.ids()
    assert not any(c.startswith("sepoy:") and c.endswith(">bombay_presidency") for c in d.ids())
    refused_whole(s, "sepoy:madras>bombay_presidency")                               # Troops only there
    refused_whole(s, "troop:madras>madras_presidency*2+troop:madras>bombay_presidency")  # 3 of Madras' 2 Troops
    n += raj_tap(s, "troop:madras>madras_presidency*2+sepoy:madras>madras_presidency*2+troop:bombay>bombay_presidency")
    n += raj_tap(s, "done")                                                # the closing "done" (4.1)
    assert pc(s, "madras_presidency", "guerrilla_active") == 3             # 4 cubes, Sepoys paid
    assert pc(s, "bombay_presidency", "guerrilla_active") == 1
    assert s.resources["raj"] == 8
    assert n == 4 and engine.decision(s).step == "sop.act"


def test_garrison_example_3_2_2_one_destination_same_answer_as_before():
    """3.2.2 example: 2 Troops from West Bengal and 3 Sepoys from Rajputana
    into Delhi: a set of one destination keeps its answer
    ("troop:west_bengal*2+sepoy:rajputana*3"): 4 decisions as in ruleset 5;
    Restraint paid once; the Sepoys of Bihar (a Protest) stay."""
    from test_raj import empty_board, pc, totals
    from test_raj import put as rput

    s = empty_board(restraint=2, resources=10)
    rput(s, "west_bengal", troop=2)
    rput(s, "rajputana", sepoy=3)
    rput(s, "bihar", sepoy=2)
    board.add_protest(s, "bihar", for_operation=False)
    n = raj_tap(s, "garrison", "delhi")
    d = engine.decision(s)
    assert d.step == "raj.garrison.moves" and "sepoy:bihar" not in d.ids()
    n += raj_tap(s, "troop:west_bengal*2+sepoy:rajputana*3", "done")
    assert s.resources["raj"] == 8
    assert pc(s, "delhi", "troop") == 2 and pc(s, "delhi", "sepoy") == 3 and pc(s, "bihar", "sepoy") == 2
    assert totals(s) == INVENTORY
    assert n == 4 and engine.decision(s).step == "sop.act"


def test_garrison_two_destinations_in_one_answer_a_cube_moves_once_3_1_2():
    """Garrison into Calcutta and Delhi: West Bengal's 3 Troops shared
    between them in one answer (ruleset 5: 5 decisions, 4 now); 4 of them
    refused whole, nothing moved."""
    from test_raj import empty_board, pc
    from test_raj import put as rput

    s = empty_board(restraint=2, resources=10)
    rput(s, "west_bengal", troop=3)
    n = raj_tap(s, "garrison", "calcutta+delhi")
    d = engine.decision(s)
    assert d.step == "raj.garrison.moves" and d.find("troop:west_bengal>calcutta").most == 3
    refused_whole(s, "troop:west_bengal>calcutta*2+troop:west_bengal>delhi*2")
    n += raj_tap(s, "troop:west_bengal>calcutta*2+troop:west_bengal>delhi", "done")
    assert pc(s, "calcutta", "troop") == 2 and pc(s, "delhi", "troop") == 1 and pc(s, "west_bengal", "troop") == 0
    assert n == 4 and engine.decision(s).step == "sop.act"


def test_bots_answer_the_cubes_into_a_set_in_one_legal_answer():
    """The Arjuna bots' per-destination picks (8.4.2) joined into the one
    answer: legal, and the cubes move."""
    from engine.gandhi.bots.policy import decide
    from test_raj import empty_board, pc
    from test_raj import put as rput

    s = empty_board(restraint=2, resources=10)
    rput(s, "west_bengal", troop=3)
    raj_tap(s, "garrison", "calcutta+delhi")
    d = engine.decision(s)
    cid = decide(s, d)
    assert d.find(cid) is not None
    engine.apply(s, "raj", cid)
    assert pc(s, "calcutta", "troop") + pc(s, "delhi", "troop") >= 1
