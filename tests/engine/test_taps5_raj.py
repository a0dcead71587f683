"""A turn in a few taps, the Raj (issue 14a, ruleset 5): the chapter 3
worked examples played with the number of decisions a player makes -- the
cubes going into one space as one answer ("troop:west_bengal*2+
sepoy:rajputana*3"), Sweep and Garrison destinations several at once, Lord
Wavell's Sweep part of the Assault space, a Redeploy's pieces
"distributed" from one space in one answer. The action names its Operation
and one "done" closes an Operation with its Special Activity (issue 14b,
tests/engine/test_taps5.py). The rules are those of tests/engine/test_raj.py."""
import pytest

import engine
from engine.core.errors import IllegalChoice
from engine.gandhi import board
from engine.gandhi import derived as dv
from engine.gandhi.ruleset import ruleset
from engine.gandhi.state import INVENTORY
from helpers import rule_ids
from test_campaign import redeploy_position, start_round, to_redeploy
from test_raj import empty_board, pc, put, totals
from test_taps import forced, tap
from test_taps import test_whole_games_answered_with_counts_and_sets_keep_the_invariants_and_replay as whole_games



@pytest.fixture(autouse=True)
def _shapes_of_ruleset_5(ruleset5):
    """New games of this module are ruleset 5's (RULESET is 6: ruleset 6's
    Campaign and Rally shapes are in test_campaign6.py and test_rally6.py)."""

def refused_whole(s, answer):
    """``answer`` is refused as a whole: IllegalChoice, nothing changed."""
    before = engine.dump_state(s)
    with pytest.raises(IllegalChoice):
        engine.apply(s, "raj", answer)
    assert engine.dump_state(s) == before


def test_new_games_are_ruleset_5(ruleset5):
    assert ruleset(empty_board()) == 5


def test_garrison_example_3_2_2_in_one_answer_for_the_cubes():
    """3.2.2 example: 2 Troops from West Bengal and 3 Sepoys from Rajputana
    into Delhi: the cubes are one answer (ruleset 4: one per group, 5
    decisions; ruleset 3: 10). Restraint is paid once for the Sepoys; the
    Sepoys of Bihar (a Protest) may not leave."""
    s = empty_board(restraint=2, resources=10)
    put(s, "west_bengal", troop=2)
    put(s, "rajputana", sepoy=3)
    put(s, "bihar", sepoy=2)
    board.add_protest(s, "bihar", for_operation=False)
    tap(s, "garrison", "delhi")
    d = engine.decision(s)
    assert d.step == "raj.garrison.move" and "sepoy:bihar" not in d.ids()
    n = 2 + tap(s, "troop:west_bengal*2+sepoy:rajputana*3")
    assert s.resources["raj"] == 8
    assert pc(s, "delhi", "troop") == 2 and pc(s, "delhi", "sepoy") == 3 and pc(s, "bihar", "sepoy") == 2
    assert totals(s) == INVENTORY
    n += tap(s, "done")        # one "done" closes the Garrison, a Special Activity on offer beside it (4.1)
    assert n == 4 and engine.decision(s).step == "sop.act"


def test_garrison_into_two_destinations_at_once():
    """Garrison's destinations are chosen together; the cubes for each are
    asked in that order, and a cube that arrived does not move again (3.1.2)."""
    s = empty_board(restraint=2, resources=10)
    put(s, "west_bengal", troop=3)
    tap(s, "garrison")
    d = engine.decision(s)
    assert d.many > 1 and {"calcutta", "delhi"} <= {c.id for c in d.joining()}
    n = 1 + tap(s, "calcutta+delhi", "troop:west_bengal*2")
    d = engine.decision(s)
    assert d.step == "raj.garrison.move" and d.find("troop:west_bengal").most == 1
    assert d.find("troop:calcutta") is None          # arrived in this Operation: may not move again
    n += tap(s, "troop:west_bengal")
    assert pc(s, "calcutta", "troop") == 2 and pc(s, "delhi", "troop") == 1
    n += tap(s, "done")        # the closing "done" (a Special Activity could still follow, 4.1)
    assert n == 5 and engine.decision(s).step == "sop.act"   # ruleset 4: 8 decisions


def test_sweep_madras_example_3_2_3_paid():
    """3.2.3 example: Sepoys used in Madras Presidency (part of the space
    choice), the Troop of Madras moves in, both Guerrillas are activated and
    Raj Control is lost."""
    s = empty_board(viceroy="chelmsford", restraint=4, resources=10)
    put(s, "madras_presidency", sepoy=1, guerrilla_underground=2)
    put(s, "madras", troop=1)
    n = tap(s, "sweep", "madras_presidency:sepoy", "troop:madras", "done")
    assert n == 4              # the action names the Sweep; "done" ends its moves and closes it
    assert s.resources["raj"] == 6
    assert pc(s, "madras_presidency", "guerrilla_active") == 2
    assert not dv.raj_control(s, "madras_presidency")


def test_sweep_two_destinations_cubes_from_two_origins_each_in_one_answer():
    """3.2.3: two Sweep destinations chosen together; into each, cubes from
    two adjacent origins in one answer (ruleset 4: 2 + 2 answers and a
    "done" per destination)."""
    s = empty_board(restraint=2, resources=10)
    put(s, "madras", troop=2, sepoy=2)
    put(s, "bombay", troop=2)
    put(s, "madras_presidency", guerrilla_underground=3)
    put(s, "bombay_presidency", guerrilla_underground=1)
    n = tap(s, "sweep")
    d = engine.decision(s)
    assert d.many > 1
    n += tap(s, "madras_presidency:sepoy+bombay_presidency", "troop:madras*2+sepoy:madras*2")
    d = engine.decision(s)
    assert d.step == "raj.sweep.move" and all(not c.id.startswith("sepoy:") for c in d.choices)  # Troops only
    n += tap(s, "troop:bombay", "done")                             # the closing "done" (4.1)
    assert pc(s, "madras_presidency", "guerrilla_active") == 3       # 4 cubes, Sepoys paid
    assert pc(s, "bombay_presidency", "guerrilla_active") == 1
    assert s.resources["raj"] == 8
    assert n == 5 and engine.decision(s).step == "sop.act"


def test_deploy_in_two_cities_with_reading_3_2_1():
    """3.2.1 with Reading (first City free): two Sepoys in Bombay and two in
    Madras, the Cities together, each City's cubes one answer that closes it,
    then the closing "done" (a Special Activity could still follow, 4.1)
    (ruleset 3: 13 decisions; ruleset 4: 6)."""
    s = empty_board(viceroy="reading", restraint=3, resources=10)
    n = tap(s, "deploy", "bombay:sepoy+madras:sepoy", "sepoy*2", "sepoy*2")
    assert pc(s, "bombay", "sepoy") == 2 and pc(s, "madras", "sepoy") == 2
    assert s.resources["raj"] == 7
    n += tap(s, "done")
    assert n == 5 and engine.decision(s).step == "sop.act"


def test_deploy_takes_six_cubes_at_most_in_one_answer_3_2_1():
    """3.2.1: up to 6 cubes per City: "troop*4+sepoy*3" is refused whole,
    nothing changed; "troop*4+sepoy*2" places six."""
    s = empty_board(restraint=1, resources=10)
    tap(s, "deploy", "delhi:sepoy")
    d = engine.decision(s)
    assert d.step == "raj.deploy.place" and d.budgets == {"cubes": 6}
    refused_whole(s, "troop*4+sepoy*3")
    tap(s, "troop*4+sepoy*2")
    assert pc(s, "delhi", "troop") == 4 and pc(s, "delhi", "sepoy") == 2


def test_deploy_from_the_map_once_none_is_available_1_4_1():
    """1.4.1: the last Available Troop placed, Troops may come from the map:
    the City's cubes are asked again for them."""
    s = empty_board(restraint=1, resources=10)
    avail = s.available["troop"]
    put(s, "bombay", troop=avail - 1)
    tap(s, "deploy", "delhi", "troop")
    d = engine.decision(s)
    assert d.step == "raj.deploy.place" and d.find("troop:bombay").most == 5
    tap(s, "troop:bombay*2")
    assert pc(s, "delhi", "troop") == 3


def test_wavell_sweep_is_part_of_the_assault_space_3_2_4():
    """3.2.4 with Lord Wavell: "<space>:wavell_sepoy" chooses the space, the
    free Limited Sweep into it first and Sepoys for the Assault, in one
    answer (ruleset 4: space, "Sweep here first?", then the moves)."""
    s = empty_board(viceroy="wavell", restraint=2, resources=10)
    put(s, "madras_presidency", troop=1, guerrilla_underground=2)
    put(s, "madras", troop=1, sepoy=1)
    tap(s, "assault")
    d = engine.decision(s)
    assert {"madras_presidency:wavell", "madras_presidency:wavell_sepoy"} <= set(d.ids())
    n = 1 + tap(s, "madras_presidency:wavell_sepoy", "troop:madras+sepoy:madras")
    assert pc(s, "madras_presidency", "guerrilla_active") == 2       # the Sweep activated both (3 cubes)
    assert s.resources["raj"] == 8                                    # Restraint 2 for the Sepoy
    n += tap(s, "guerrilla")                                          # 1.4.4: then the second one too
    assert pc(s, "madras_presidency", "guerrilla_active") == 0
    n += tap(s, "done")                                               # the closing "done" (4.1)
    assert n == 5 and engine.decision(s).step == "sop.act"


def test_redeploy_distributes_a_spaces_pieces_in_one_answer_6_4_2():
    """6.4.2: the cubes leaving Punjab go to Delhi and Hyderabad (a Sepoy
    into a State) in one answer; then the next space is asked."""
    s = redeploy_position()
    start_round(s)
    to_redeploy(s, "raj")
    tap(s, "punjab")
    d = engine.decision(s)
    assert d.step == "campaign.redeploy_to" and d.many > 1
    with pytest.raises(IllegalChoice):                   # one Sepoy in Punjab, not two
        engine.apply(s, "raj", "sepoy:hyderabad+sepoy:bihar")
    tap(s, "troop:delhi+sepoy:hyderabad")
    assert pc(s, "hyderabad", "sepoy") == 1 and pc(s, "delhi", "troop") == 4
    d = engine.decision(s)
    assert d.step == "campaign.redeploy" and "hyderabad" not in d.ids() and "punjab" not in d.ids()


def test_redeploy_troops_only_where_the_raj_could_pay_6_4_2():
    """6.4.2: Troops into Provinces and onto Railways only as far as the Raj
    could pay 2 Resources each: a joined answer beyond that is refused."""
    s = redeploy_position()
    start_round(s)
    to_redeploy(s, "raj")
    s.resources["raj"] = 8                               # 4 Troops: 3 are upkept already
    tap(s, "delhi")
    refused_whole(s, "troop:bihar+troop:rail_karachi_north")
    tap(s, "troop:bihar+troop:bombay*2")
    assert pc(s, "bihar", "troop") == 2 and pc(s, "bombay", "troop") == 2


def test_ruleset_4_games_keep_one_answer_per_group_of_cubes():
    s = empty_board(restraint=2, resources=10)
    s.options["ruleset"] = 4
    put(s, "west_bengal", troop=2)
    put(s, "rajputana", sepoy=1)
    tap(s, "op", "garrison", "delhi")
    d = engine.decision(s)
    assert d.many == 1 and not d.joining()
    tap(s, "troop:west_bengal")
    assert engine.decision(s).step == "raj.garrison.move"   # the loop goes on, as under ruleset 4


def test_bots_answer_the_cubes_of_a_space_in_one_answer():
    """The Arjuna bots (8.6.3 Deploy: 3 Troops, then Sepoys up to 6) give
    ruleset 5's one answer for the cubes they place one at a time."""
    from engine.gandhi.bots import choose

    s = empty_board(restraint=1, resources=10)
    tap(s, "deploy", "delhi:sepoy")
    d = engine.decision(s)
    cid = choose(s, d)
    assert cid == "troop*3+sepoy*3" and d.find(cid) is not None
    engine.apply(s, "raj", cid)
    assert pc(s, "delhi", "troop") == 3 and pc(s, "delhi", "sepoy") == 3


def test_assault_bihar_example_3_2_4_removals_in_one_answer():
    """3.2.4 example: Chelmsford, Restraint 3: the Raj pays 1 to Assault in
    Bihar with 1 Troop and 3 Sepoys and moves Gandhi and all 3 Active
    Activists to Prison -- the four pieces one answer (ruleset 3: 8
    decisions). An order the rules forbid is refused whole."""
    from test_raj import bihar_example

    s = bihar_example()
    n = tap(s, "assault", "bihar:sepoy")
    assert s.resources["raj"] == 9
    d = engine.decision(s)
    assert d.step == "raj.remove" and d.find("inc*2") is not None and d.find("inc*3") is None
    n += tap(s, "inc*2+ml+gandhi")
    assert s.prison.get("inc_activist") == 2 and s.prison.get("ml_activist") == 1 and s.prison.get("gandhi") == 1
    n += tap(s, "done")                                # the closing "done" (a Special Activity on offer, 4.1)
    assert s.restraint == 2 and n == 4                 # Gandhi arrested: Restraint -1 at the turn's end


def test_removals_bases_last_refused_whole_3_2_4():
    s = empty_board(restraint=2, resources=10)
    put(s, "bihar", troop=3, guerrilla_active=1, rev_base=1)
    tap(s, "assault", "bihar")                         # Bihar, the only space, beside the Special Activities
    d = engine.decision(s)
    assert d.step == "raj.remove" and "rev_base" not in d.ids()
    before = engine.dump_state(s)
    for bad in ("rev_base+guerrilla", "rev_base"):
        with pytest.raises(IllegalChoice):
            engine.apply(s, "raj", bad)
        assert engine.dump_state(s) == before
    tap(s, "guerrilla")
    assert pc(s, "bihar", "rev_base") == 0             # then the Base, the only piece left: by itself


def test_whole_games_under_ruleset_5_keep_the_invariants_and_replay():
    """Random whole games under ruleset 5 answering with joined counts
    ("troop:delhi*2+sepoy:agra") keep every piece accounted for and replay
    from their transcripts (the ruleset 4 test, run under 5)."""
    for scenario, seed in (("short", 5), ("main", 6)):
        whole_games(scenario, seed)


def test_treaty_example_4_2_1_sepoys_in_one_answer():
    """4.2.1 example: Treaty in the Muslim State of West Bengal (3 Sepoys
    move in, one answer beside "remove"; the Troop of East Bengal cannot:
    Troops never enter States) and in Orissa (the 2 Sepoys remove the Active
    Guerrilla and arrest the Activist: one answer). With no State left one
    "done" ends the Special Activity and the Deploy ("close", issue 14b)
    (ruleset 3 asks "move", each Sepoy, each removal, and both "done"s)."""
    from test_raj import treaty_board

    s = treaty_board()
    n = tap(s, "deploy", "calcutta", "done")   # Deploy: the Sepoy Calcutta keeps is no Troop's
    n += tap(s, "sa:treaty", "west_bengal")
    d = engine.decision(s)
    assert d.step == "raj.treaty.mode" and "troop:east_bengal" not in d.ids()
    with pytest.raises(IllegalChoice, match="Troops never enter States"):
        engine.apply(s, "raj", "troop:east_bengal")
    n += tap(s, "sepoy:east_bengal*2+sepoy:calcutta")
    assert pc(s, "west_bengal", "sepoy") == 3 and pc(s, "east_bengal", "troop") == 1
    n += tap(s, "orissa", "remove", "guerrilla+inc")
    assert pc(s, "orissa", "guerrilla_active") == 0 and s.prison.get("inc_activist") == 1
    n += tap(s, "close")                               # no State left: one "done" ends Treaty and Deploy (4.1)
    assert engine.decision(s).step == "sop.act" and totals(s) == INVENTORY
    assert n == 10


def test_martial_law_example_4_2_3_activists_in_one_answer():
    """4.2.3 example: Martial Law in Punjab with 4 cubes removes any 4
    Activists to Available (not the Active Guerrilla): one answer; Neutral
    and Unrest follow; one space only outside a Crisis, so the Special
    Activity closes by itself; the Deploy, made after it, still needs a
    space (2.3.4) (ruleset 3: 9 decisions to this point)."""
    from test_raj import punjab_board

    s = punjab_board()
    n = tap(s, "deploy", "sa:martial_law", "punjab")
    d = engine.decision(s)
    assert d.find("inc*3") is not None and d.find("ml*2") is not None and d.find("guerrilla") is None
    n += tap(s, "inc*2+ml*2")
    sp = s.spaces["punjab"]
    assert sp.pieces.get("inc_activist") == 1 and "ml_activist" not in sp.pieces
    assert sp.pieces.get("guerrilla_active") == 1
    assert not sp.protest and sp.unrest == 1 and sp.support == 0
    assert forced(s, "sa.loop") == ["done"]             # one space only: Martial Law ends by itself
    assert n == 4 and engine.decision(s).step == "op.loop"   # the Deploy still needs its space (2.3.4)


def test_govern_example_4_2_2_removal_in_one_answer(ruleset5):
    """4.2.2 example: Imperialism in Bombay Presidency shifts Support up two
    levels; in Hyderabad the Active Guerrilla is removed; two spaces at most,
    so Govern ends by itself (ruleset 3: 10 decisions to this point)."""
    from test_raj import govern_board

    s = govern_board()
    n = tap(s, "deploy", "sa:govern", "bombay_presidency")
    assert forced(s, "raj.govern.mode") == ["imperialism"] and forced(s, "raj.imperialism") == ["shift"]
    n += tap(s, "shift")                                 # the second purchase is the Raj's to decide
    assert s.spaces["bombay_presidency"].support == 2 and s.resources["raj"] == 4
    n += tap(s, "hyderabad")                             # the Active Guerrilla, the only thing to do there
    assert pc(s, "hyderabad", "guerrilla_active") == 0
    assert forced(s, "sa.loop") == ["done"]              # two spaces: Govern ends by itself
    assert n == 5 and engine.decision(s).step == "op.loop"   # the Deploy still needs its space (2.3.4)
