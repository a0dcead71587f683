"""The Raj's Operations (3.2) and Special Activities (4.2), from the rules'
worked examples (cited by rule number) plus edge cases."""
import pytest

import engine
from engine.core.errors import IllegalChoice
from engine.gandhi import board
from engine.gandhi import derived as dv
from engine.gandhi.actions import begin_operation
from engine.gandhi.operations.raj import garrison_reach
from engine.gandhi.state import INVENTORY
from helpers import rule_ids, take

# The Raj's rules play under the newest ruleset (5), in the player's terms:
# the action names the Operation ("sweep"), a space with its Sepoys
# ("bihar:sepoy"), the cubes into a space as one answer
# ("troop:west_bengal*2+sepoy:rajputana*3"), removals as counts ("inc*2+ml").
# A choice with one answer is applied by the engine (``take`` returns False
# for it). The test marked ``OLD`` keeps ruleset 3's shapes on purpose (a
# stored game of then must still replay); the worked examples with the
# decisions counted are in test_taps5_raj.py.
OLD = pytest.mark.usefixtures("ruleset3")

VICEROYS = {"chelmsford": 73, "reading": 74, "irwin": 75, "willingdon": 76, "linlithgow": 77,
            "wavell": 78, "mountbatten": 79}


def empty_board(viceroy="linlithgow", restraint=3, resources=20):
    """Short scenario, card #1 (Raj 1st Eligible) current, every piece and
    marker off the map; Raj decides at sop.act."""
    s = engine.new_game("gandhi", "short", 1, {"stacked": {"deck": [1, 2, 3, 4, 8, 9, 10],
                                                           "viceroy": VICEROYS[viceroy]}})
    for sid, sp in s.spaces.items():
        for kind, k in list(sp.pieces.items()):
            board.remove(s, sid, kind, k, to="available")
        board.remove_protest(s, sid)
        sp.unrest = 0
        sp.strike = False
        sp.muslim_state = False
        sp.support = 0
    for box in (s.out_of_play, s.prison):
        for kind, k in list(box.items()):
            board.transfer(s, kind, k, "out_of_play" if box is s.out_of_play else "prison", "available")
    s.restraint = restraint
    s.unity = 3
    s.resources["raj"] = resources
    return s


def put(s, sid, **kinds):
    for kind, k in kinds.items():
        assert board.place(s, sid, kind, k) == k


def totals(s):
    t = {k: 0 for k in INVENTORY}
    for sp in s.spaces.values():
        for k, v in sp.pieces.items():
            t["guerrilla" if k.startswith("guerrilla") else k] += v
    for b in (s.available, s.out_of_play, s.prison):
        for k, v in b.items():
            t[k] += v
    return t


def play(s, *choices, actor="raj"):
    for c in choices:
        take(s, actor, c)


def ids(s):
    return rule_ids(engine.decision(s))  # side choices (1.5.2, 1.4.1) are tested in test_side_actions.py


def step(s):
    return engine.decision(s).step


def pc(s, sid, kind):
    return s.spaces[sid].pieces.get(kind, 0)


# ---------------------------------------------------------------- Garrison


def test_garrison_example_3_2_2():
    """3.2.2 example: Restraint 2; the Raj pays 2 to move 2 Troops from West
    Bengal and 3 Sepoys from Rajputana along Railways into Raj-Controlled
    spaces; the Protest in Bihar keeps Bihar's Sepoys in place."""
    s = empty_board(restraint=2, resources=10)
    put(s, "west_bengal", troop=2)
    put(s, "rajputana", sepoy=3)
    put(s, "bihar", sepoy=2)
    board.add_protest(s, "bihar", for_operation=False)
    play(s, "garrison")
    assert "delhi" in ids(s)
    play(s, "delhi")
    choices = ids(s)
    assert "troop:west_bengal" in choices and "sepoy:rajputana" in choices
    assert not any(c.endswith(":bihar") for c in choices)
    with pytest.raises(IllegalChoice, match="Protest"):
        engine.apply(s, "raj", "sepoy:bihar")
    play(s, "troop:west_bengal*2+sepoy:rajputana*3")
    assert s.resources["raj"] == 8          # Restraint 2, paid once for the three Sepoys
    assert pc(s, "delhi", "troop") == 2 and pc(s, "delhi", "sepoy") == 3
    assert pc(s, "bihar", "sepoy") == 2
    assert totals(s) == INVENTORY


def test_garrison_troops_only_is_free_and_moved_cubes_do_not_move_again():
    s = empty_board(restraint=3, resources=10)
    put(s, "west_bengal", troop=1)
    play(s, "garrison", "calcutta", "troop:west_bengal")
    assert s.resources["raj"] == 10
    # the Troop in Calcutta arrived this Operation: it may not Garrison on (3.1.2)
    assert "delhi" not in ids(s)


def test_garrison_stops_at_active_adversaries_3_2_2():
    """3.2.2 example: an Active Activist on a Railway stops any cube using it."""
    s = empty_board()
    put(s, "delhi", troop=1)
    assert "calcutta" in garrison_reach(s, "delhi")
    put(s, "rail_delhi_southeast", inc_activist=1)   # Activists on Railways are Active
    reach = garrison_reach(s, "delhi")
    assert "rail_delhi_southeast" in reach                # may stop there
    assert "rail_calcutta_northwest" not in reach and "calcutta" not in reach


def test_garrison_activates_guerrillas_on_railways_sepoys_only_if_paid():
    s = empty_board(restraint=2, resources=10)
    put(s, "rail_exiting_bombay", sepoy=2, guerrilla_underground=3)
    put(s, "bombay", troop=1)
    play(s, "garrison", "rail_exiting_bombay", "troop:bombay", "done")
    # 1 Troop; the 2 Sepoys were not paid for
    assert pc(s, "rail_exiting_bombay", "guerrilla_active") == 1


def test_garrison_unaffordable_sepoy_refused():
    s = empty_board(restraint=3, resources=2)
    put(s, "west_bengal", sepoy=1, troop=1)
    play(s, "garrison", "calcutta")
    assert "sepoy:west_bengal" not in ids(s)
    before = engine.dump_state(s)
    with pytest.raises(IllegalChoice, match="cannot pay for Sepoys"):
        engine.apply(s, "raj", "sepoy:west_bengal")
    assert engine.dump_state(s) == before


# ---------------------------------------------------------------- Sweep


def madras_example(choice):
    s = empty_board(viceroy="chelmsford", restraint=4, resources=10)
    put(s, "madras_presidency", sepoy=1, guerrilla_underground=2)
    put(s, "madras", troop=1)
    assert dv.raj_control(s, "madras_presidency")
    play(s, "sweep", choice, "troop:madras")
    assert step(s) == "op.loop"                   # nothing more can move in
    play(s, "done")
    return s


def test_sweep_in_place_madras_example_paid_3_2_3():
    """3.2.3 example: paying 4 to use the Sepoy already there, with the Troop
    that moved, activates both Guerrillas and loses Raj Control."""
    s = madras_example("madras_presidency:sepoy")
    assert s.resources["raj"] == 6
    assert pc(s, "madras_presidency", "guerrilla_active") == 2
    assert not dv.raj_control(s, "madras_presidency")


def test_sweep_in_place_madras_example_unpaid_3_2_3():
    """... had the Raj not paid, only 1 Guerrilla is activated and Control kept."""
    s = madras_example("madras_presidency")
    assert s.resources["raj"] == 10
    assert pc(s, "madras_presidency", "guerrilla_active") == 1
    assert dv.raj_control(s, "madras_presidency")


def test_sweep_via_railway_and_troops_never_into_states():
    s = empty_board(restraint=2, resources=10)
    # Bombay -> Railway exiting Bombay (no Strike, Activists, Active Guerrillas) -> Central Provinces
    put(s, "bombay", troop=1, sepoy=1)
    put(s, "hyderabad", guerrilla_underground=1)
    play(s, "sweep")
    assert "rail_exiting_bombay" not in ids(s)            # no Railway destinations
    play(s, "central_provinces")                           # Sepoys not used: Troops only move in
    assert "troop:bombay" in ids(s) and "sepoy:bombay" not in ids(s)
    play(s, "troop:bombay")
    assert pc(s, "central_provinces", "troop") == 1
    put(s, "central_provinces", sepoy=1)
    put(s, "madras", sepoy=1)
    play(s, "hyderabad:sepoy")                             # a State: Sepoys only
    choices = ids(s)
    assert "sepoy:central_provinces" in choices            # adjacent
    assert "sepoy:madras" in choices                       # via the Railway Mysore - Coastal Andhra
    assert "sepoy:bombay" not in choices                   # two Railways away
    assert not any(c.startswith("troop:") for c in choices)
    with pytest.raises(IllegalChoice, match="Troops never enter States"):
        engine.apply(s, "raj", "troop:central_provinces")


def test_sweep_railway_with_strike_blocks_the_step():
    s = empty_board(restraint=2, resources=10)
    put(s, "bombay", troop=1)
    put(s, "central_provinces", guerrilla_underground=1)
    s.spaces["rail_exiting_bombay"].strike = True
    play(s, "sweep")
    assert "central_provinces" not in ids(s)


def test_cubes_never_leave_protest_spaces_in_sweep():
    s = empty_board(restraint=2, resources=10)
    put(s, "madras", troop=2)
    board.add_protest(s, "madras", for_operation=False)
    put(s, "mysore", sepoy=1)
    play(s, "sweep", "madras_presidency:sepoy")     # the Sepoy of Mysore may come in
    assert "sepoy:mysore" in ids(s) and "troop:madras" not in ids(s)
    with pytest.raises(IllegalChoice, match="Protest"):
        engine.apply(s, "raj", "troop:madras")


def test_limited_sweep_one_destination_2_3_5():
    s = empty_board(restraint=2, resources=10)
    put(s, "madras", troop=2)
    put(s, "bombay", troop=1)
    s.stack.clear()
    begin_operation(s, "raj", "limited")
    play(s, "sweep")
    with pytest.raises(IllegalChoice):            # one destination, not two (2.3.5)
        engine.apply(s, "raj", "madras_presidency+bombay_presidency")
    play(s, "madras_presidency", "troop:madras*2")
    assert pc(s, "madras_presidency", "troop") == 2
    assert step(s) == "sop.act"                   # the one destination closes the Limited Operation


def test_irwin_sweep_costs_one_and_reading_first_space_free():
    s = empty_board(viceroy="irwin", restraint=4, resources=10)
    put(s, "madras_presidency", sepoy=1, guerrilla_underground=1)
    play(s, "sweep", "madras_presidency:sepoy", "done")
    assert s.resources["raj"] == 9
    s = empty_board(viceroy="reading", restraint=4, resources=10)
    put(s, "madras_presidency", sepoy=1)
    put(s, "bihar", sepoy=1)
    play(s, "sweep", "madras_presidency:sepoy+bihar:sepoy", "done", "done")
    assert s.resources["raj"] == 6


# ---------------------------------------------------------------- Assault


def bihar_example():
    s = empty_board(viceroy="chelmsford", restraint=3, resources=10)
    put(s, "bihar", troop=1, sepoy=3, gandhi=1, inc_activist=2, ml_activist=1)
    board.add_protest(s, "bihar", for_operation=False)
    return s


def test_assault_bihar_example_with_chelmsford_3_2_4():
    """3.2.4 example: Chelmsford, Restraint 3: the Raj pays 1 to Assault in
    Bihar with 1 Troop and 3 Sepoys and must move Gandhi and all 3 Active
    Activists to Prison; at the end of the Raj's turn Restraint drops to 2 and
    Congress places 2 Available Protests in non-Railway spaces."""
    s = bihar_example()
    play(s, "assault", "bihar:sepoy")
    assert s.resources["raj"] == 9
    assert step(s) == "raj.remove"              # all 4 cubes take part (R-3.2.4c retired)
    assert set(ids(s)) == {"inc", "ml", "gandhi", "done"}   # no Faction targeted yet (3.1.4)
    play(s, "inc")
    assert "done" not in ids(s)                 # NV targeted: all must go (1.4.4)
    with pytest.raises(IllegalChoice, match="targeted"):
        engine.apply(s, "raj", "done")
    play(s, "ml+gandhi+inc")
    assert s.prison.get("inc_activist") == 2 and s.prison.get("ml_activist") == 1 and s.prison.get("gandhi") == 1
    assert s.gandhi_arrested
    play(s, "done")                              # end the Operation
    assert s.restraint == 2
    d = engine.decision(s)
    assert d.actor == "inc" and d.step == "sop.gandhi_protests"
    assert "rail_exiting_bombay" not in d.ids()
    play(s, "punjab", "delhi", actor="inc")
    assert s.spaces["punjab"].protest and s.spaces["delhi"].protest
    assert totals(s) == INVENTORY


def test_assault_troops_only_counts_troops():
    s = bihar_example()
    play(s, "assault", "bihar")                  # Sepoys not used: 1 Troop
    assert s.resources["raj"] == 10
    with pytest.raises(IllegalChoice):           # 1 Troop: 1 removal
        engine.apply(s, "raj", "inc*2")
    play(s, "inc")
    assert step(s) == "op.loop"
    assert s.spaces["bihar"].pieces.get("gandhi") == 1 and not s.gandhi_arrested


def test_assault_only_sepoys_one_per_two():
    s = empty_board(restraint=2, resources=10)
    put(s, "hyderabad", sepoy=3, guerrilla_active=3)
    play(s, "assault", "hyderabad:sepoy")
    with pytest.raises(IllegalChoice):           # 3 Sepoys // 2 = 1
        engine.apply(s, "raj", "guerrilla*2")
    play(s, "guerrilla")
    assert step(s) == "op.loop"
    assert pc(s, "hyderabad", "guerrilla_active") == 2


def test_gandhi_optional_when_cubes_fewer_than_activists_plus_gandhi():
    s = empty_board(restraint=2, resources=10)
    put(s, "bihar", troop=2, gandhi=1, inc_activist=3)
    board.add_protest(s, "bihar", for_operation=False)
    play(s, "assault", "bihar", "inc", "inc")
    assert pc(s, "bihar", "gandhi") == 1 and not s.gandhi_arrested


def test_gandhi_forced_before_muslim_league_base():
    """Cubes >= Active Activists + Gandhi: Gandhi must be arrested (3.2.4);
    an ML Base only once no Activists (and Gandhi) remain (Bases last)."""
    s = empty_board(restraint=2, resources=10)
    put(s, "bihar", troop=3, gandhi=1, inc_activist=1, ml_base=1)
    board.add_protest(s, "bihar", for_operation=False)
    play(s, "assault", "bihar")
    assert "ml_base" not in ids(s)
    with pytest.raises(IllegalChoice, match="Bases go last"):
        engine.apply(s, "raj", "ml_base")
    play(s, "inc")
    assert not take(s, "raj", "gandhi")           # Gandhi the only answer: applied by the engine, not asked
    assert not take(s, "raj", "ml_base")          # then the Base, the last removal
    assert step(s) == "op.loop"
    assert s.available.get("ml_base") and s.gandhi_arrested


def test_assault_bases_last_and_inactive_activists_immune():
    s = empty_board(restraint=2, resources=10)
    put(s, "central_provinces", troop=4, guerrilla_active=1, guerrilla_underground=1, rev_base=1,
        inc_activist=2)                          # no Protest: Activists Inactive
    play(s, "assault", "central_provinces")
    assert ids(s) == ["guerrilla", "done"]
    play(s, "guerrilla")                          # Underground Guerrilla remains: Base safe
    assert step(s) == "op.loop"
    assert pc(s, "central_provinces", "rev_base") == 1 and pc(s, "central_provinces", "inc_activist") == 2


def test_assault_unaffordable_sepoy_space_refused_nothing_changes():
    s = empty_board(restraint=4, resources=3)
    put(s, "hyderabad", sepoy=4, guerrilla_active=2)
    put(s, "bihar", troop=1)
    play(s, "assault")
    assert "hyderabad" not in ids(s) and "hyderabad:sepoy" not in ids(s)
    before = engine.dump_state(s)
    with pytest.raises(IllegalChoice, match="cannot pay for Sepoys in Hyderabad: Resources 3"):
        engine.apply(s, "raj", "hyderabad")
    assert engine.dump_state(s) == before


def test_wavell_free_limited_sweep_into_assault_space():
    s = empty_board(viceroy="wavell", restraint=3, resources=0)
    put(s, "madras", troop=1, sepoy=1)
    put(s, "madras_presidency", guerrilla_underground=2)
    play(s, "assault")
    assert "madras_presidency:wavell" in ids(s)   # reachable by Wavell's Sweep
    play(s, "madras_presidency:wavell", "troop:madras+sepoy:madras")
    assert pc(s, "madras_presidency", "guerrilla_active") == 2   # free: Sepoys count
    assert s.resources["raj"] == 0
    play(s, "guerrilla")                          # Troops only (cannot pay): 1 removal
    assert pc(s, "madras_presidency", "guerrilla_active") == 1
    play(s, "done")


# ---------------------------------------------------------------- Deploy


def test_deploy_places_up_to_six_and_takes_from_map_when_none_available():
    s = empty_board(viceroy="willingdon", restraint=4, resources=10)
    put(s, "bihar", troop=1)
    put(s, "punjab", troop=1)
    board.add_protest(s, "punjab", for_operation=False)
    board.transfer(s, "troop", INVENTORY["troop"] - 3, "available", "out_of_play")
    assert s.available["troop"] == 1
    assert totals(s) == INVENTORY
    play(s, "deploy", "delhi:sepoy")
    assert s.resources["raj"] == 9               # Willingdon: 1 per Sepoy City
    with pytest.raises(IllegalChoice):           # one Troop Available
        engine.apply(s, "raj", "troop*2+sepoy*4")
    play(s, "troop+sepoy*4")
    assert "troop" not in ids(s)
    assert "troop:bihar" in ids(s) and "troop:punjab" not in ids(s)   # not from a Protest space
    play(s, "troop:bihar")
    assert pc(s, "delhi", "troop") == 2 and pc(s, "delhi", "sepoy") == 4
    assert step(s) == "op.loop"                  # 6 placed
    play(s, "done")
    assert step(s) == "raj.deploy.oop"
    play(s, "troop*2")
    assert s.available.get("troop") == 2
    assert totals(s) == INVENTORY


def test_deploy_troops_only_when_sepoys_unaffordable():
    s = empty_board(restraint=4, resources=3)
    play(s, "deploy", "bombay")
    assert ids(s) == ["troop", "done"]
    with pytest.raises(IllegalChoice, match="cannot pay for Sepoys"):
        engine.apply(s, "raj", "sepoy")


def test_deploy_reading_first_city_free_then_restraint():
    s = empty_board(viceroy="reading", restraint=3, resources=10)
    play(s, "deploy", "bombay:sepoy+madras:sepoy", "sepoy*2", "sepoy*2")
    assert s.resources["raj"] == 7


# ---------------------------------------------------------------- Treaty


def treaty_board():
    """4.2.1 example: the Muslim State of West Bengal, Sepoys around it, Orissa."""
    s = empty_board(restraint=2, resources=10)
    s.spaces["west_bengal"].muslim_state = True
    put(s, "east_bengal", troop=1, sepoy=2)
    put(s, "calcutta", sepoy=1)
    put(s, "orissa", sepoy=2, guerrilla_active=1, inc_activist=1)
    board.add_protest(s, "orissa", for_operation=False)
    return s


def test_treaty_example_4_2_1():
    """4.2.1 example: Treaty in Orissa and the Muslim State in West Bengal: 3
    Sepoys move into West Bengal (the Troop in East Bengal cannot: Troops never
    enter States); the 2 Sepoys in Orissa remove the Active Guerrilla and
    arrest the Activist."""
    s = treaty_board()
    play(s, "deploy", "sa:treaty", "west_bengal")
    assert "troop:east_bengal" not in ids(s)
    with pytest.raises(IllegalChoice, match="Troops never enter States"):
        engine.apply(s, "raj", "troop:east_bengal")
    play(s, "sepoy:east_bengal*2+sepoy:calcutta")
    assert pc(s, "west_bengal", "sepoy") == 3 and pc(s, "east_bengal", "troop") == 1
    assert step(s) == "sa.loop"
    assert "bihar" not in ids(s)                  # not a State
    play(s, "orissa", "remove", "guerrilla+inc")
    assert pc(s, "orissa", "guerrilla_active") == 0 and s.prison.get("inc_activist") == 1
    assert totals(s) == INVENTORY


# ---------------------------------------------------------------- Govern


def govern_board(viceroy="linlithgow"):
    s = empty_board(viceroy=viceroy, restraint=2, resources=10)
    put(s, "bombay_presidency", troop=1)
    put(s, "hyderabad", sepoy=1, guerrilla_active=1)
    put(s, "rail_exiting_bombay", troop=1)
    s.spaces["rail_exiting_bombay"].strike = True
    return s


def test_govern_example_4_2_2(ruleset5):
    """4.2.2 example: Imperialism in Bombay Presidency (no Active adversaries)
    shifts Support up two levels at 3 Resources each; in Hyderabad the Active
    Guerrilla is removed; only two spaces may be Governed."""
    s = govern_board()
    play(s, "deploy", "sa:govern", "bombay_presidency")
    # Imperialism only (no Active adversaries): its first purchase, a shift, is the only answer
    assert step(s) == "raj.imperialism" and set(ids(s)) == {"shift", "done"}
    assert s.spaces["bombay_presidency"].support == 1 and s.resources["raj"] == 7
    play(s, "shift")
    assert s.spaces["bombay_presidency"].support == 2 and s.resources["raj"] == 4
    play(s, "hyderabad")
    play(s, "guerrilla")
    assert pc(s, "hyderabad", "guerrilla_active") == 0
    # two spaces Governed: the Govern is over, back to the Deploy (its Strike stays)
    assert step(s) == "op.loop" and not any(c.startswith("sa:") for c in ids(s))
    assert s.spaces["rail_exiting_bombay"].strike


def test_govern_removes_strike_and_mountbatten_imperialism_costs_two(ruleset5):
    s = govern_board(viceroy="mountbatten")
    s.spaces["bombay_presidency"].unrest = 1
    play(s, "deploy", "sa:govern", "rail_exiting_bombay")
    assert not s.spaces["rail_exiting_bombay"].strike
    play(s, "bombay_presidency")
    # the first purchase can only remove the Unrest (shift only once no Unrest remains): applied by itself
    assert s.spaces["bombay_presidency"].unrest == 0 and s.spaces["bombay_presidency"].support == 0
    assert set(ids(s)) == {"shift", "done"}
    play(s, "shift")
    assert s.spaces["bombay_presidency"].unrest == 0 and s.spaces["bombay_presidency"].support == 1
    assert s.resources["raj"] == 6


def test_govern_protest_only_without_activists_and_muslim_state_removal(ruleset5):
    s = empty_board(restraint=2, resources=10)
    put(s, "punjab", troop=1, inc_activist=1)
    board.add_protest(s, "punjab", for_operation=False)
    put(s, "sind", sepoy=1)
    s.spaces["sind"].muslim_state = True
    play(s, "deploy", "sa:govern", "punjab")
    assert "protest" not in ids(s)
    play(s, "inc")
    play(s, "sind", "muslim_state", "done")
    assert not s.spaces["sind"].muslim_state and s.resources["raj"] == 7


# ---------------------------------------------------------------- Martial Law


def punjab_board(viceroy="chelmsford"):
    s = empty_board(viceroy=viceroy, restraint=2, resources=10)
    put(s, "punjab", troop=2, sepoy=2, inc_activist=3, ml_activist=2, guerrilla_active=1)
    board.add_protest(s, "punjab", for_operation=False)
    s.spaces["punjab"].support = -1
    return s


def test_martial_law_example_4_2_3():
    """4.2.3 example: Martial Law in Punjab with 4 cubes removes any 4
    Activists (not the Active Guerrilla), shifts to Neutral and adds Unrest."""
    s = punjab_board()
    play(s, "deploy", "sa:martial_law", "punjab")
    assert set(ids(s)) == {"inc", "ml", "done"}
    with pytest.raises(IllegalChoice):            # 4 cubes: 4 removals at most
        engine.apply(s, "raj", "inc*3+ml*2")
    play(s, "inc*2+ml*2")
    sp = s.spaces["punjab"]
    assert sp.pieces.get("inc_activist") == 1 and "ml_activist" not in sp.pieces
    assert sp.pieces.get("guerrilla_active") == 1
    assert not sp.protest and sp.unrest == 1 and sp.support == 0
    assert s.available.get("ml_activist", 0) >= 2 and not s.prison.get("inc_activist")
    assert step(s) == "op.loop" and not any(c.startswith("sa:") for c in ids(s))  # 1 space only outside Crisis


def test_martial_law_linlithgow_adds_no_unrest_and_crisis_allows_two(ruleset5):
    s = punjab_board(viceroy="linlithgow")
    put(s, "delhi", troop=1, inc_activist=1)
    s.unity, s.restraint = 1, 1
    assert dv.crisis(s)
    play(s, "deploy", "sa:martial_law", "punjab", "inc", "inc", "inc", "ml")
    assert s.spaces["punjab"].unrest == 0
    assert "delhi" in ids(s)
    play(s, "delhi", "inc")
    assert s.spaces["delhi"].unrest == 0 and pc(s, "delhi", "inc_activist") == 0


# ---------------------------------------------------------------- whole games


def test_random_games_with_raj_actions_keep_inventory():
    import random

    from tests.conftest import play_random

    seen = set()

    def on_move(state, d, cid):
        assert totals(state) == INVENTORY
        for sid, sp in state.spaces.items():
            if dv.is_state(state, sid) and sp.pieces.get("troop") and d.step.startswith("raj."):
                raise AssertionError(f"Troops in State {sid} after {d.step} {cid}")
        if d.actor == "raj":
            seen.add(d.step)

    for seed in range(4):
        s = engine.new_game("gandhi", "short", seed)
        play_random(s, random.Random(seed), on_move=on_move)
    assert "op.loop" in seen


# ---------------------------------------------------------------- costs and limits


def test_free_operation_costs_nothing():
    s = empty_board(restraint=4, resources=0)
    put(s, "hyderabad", sepoy=2, guerrilla_active=1)
    s.stack.clear()
    begin_operation(s, "raj", "op", free=True)
    play(s, "assault", "hyderabad:sepoy", "guerrilla")
    assert s.resources["raj"] == 0 and pc(s, "hyderabad", "guerrilla_active") == 0


def test_reading_garrison_is_free():
    s = empty_board(viceroy="reading", restraint=4, resources=0)
    put(s, "west_bengal", sepoy=2)
    play(s, "garrison", "calcutta", "sepoy:west_bengal*2")
    assert pc(s, "calcutta", "sepoy") == 2 and s.resources["raj"] == 0


def test_limited_deploy_still_moves_cubes_out_of_play_2_3_5():
    s = empty_board()
    board.transfer(s, "sepoy", 3, "available", "out_of_play")
    s.stack.clear()
    begin_operation(s, "raj", "limited")
    play(s, "deploy", "delhi", "troop")
    assert step(s) == "raj.deploy.oop"            # one City: the Limited Deploy's placing is over
    play(s, "sepoy*2")
    assert s.out_of_play.get("sepoy") == 1


def test_deploy_only_in_cities_message():
    s = empty_board()
    play(s, "deploy")
    with pytest.raises(IllegalChoice, match="Bihar is not a City"):
        engine.apply(s, "raj", "bihar")


# ---------------------------------------------------------------- audit fixes (docs/rulings/raj.md)


def test_assault_uses_every_cube_so_gandhi_cannot_be_spared_3_2_4():
    """3.2.4 and its worked example (Bihar: 1 Troop + 3 Sepoys "deve muovere
    tutti e 4 i pezzi in Prigione"); R-3.2.4c retired: the number removed
    follows from the cubes present, so 4 Troops facing 3 Active Activists and
    Gandhi arrest all four once the NV is targeted (1.4.4)."""
    s = empty_board(restraint=2, resources=0)
    put(s, "bihar", troop=4, gandhi=1, inc_activist=3)
    board.add_protest(s, "bihar", for_operation=False)
    play(s, "assault", "bihar")
    assert step(s) == "raj.remove"               # no "how many cubes" question
    assert engine.decision(s).budgets == {"left": 4}
    play(s, "inc*3")
    assert not take(s, "raj", "gandhi")          # the 4th removal must take Gandhi: the only answer, not asked
    assert s.gandhi_arrested and s.prison.get("inc_activist") == 3


@OLD  # kept on ruleset 3 on purpose: a game stored in ruleset 3's shapes must keep replaying
def test_a_game_saved_at_the_retired_cube_question_continues():
    """A game stored while the old R-3.2.4c question was open still plays on."""
    from engine.core.steps import frame, push

    s = empty_board(restraint=2, resources=0)
    put(s, "bihar", troop=4, gandhi=1, inc_activist=3)
    board.add_protest(s, "bihar", for_operation=False)
    play(s, "op", "assault", "bihar")
    s.stack.pop()                                 # as saved by the old engine
    push(s, frame("raj.assault.cubes", sid="bihar", top=4, troops=True))
    s = engine.load_state(engine.dump_state(s))   # stored and loaded as the service does
    assert ids(s) == ["4", "3", "2", "1"]
    play(s, "3", "inc", "inc", "inc")
    assert step(s) == "op.loop" and not s.gandhi_arrested


def test_wavell_sweep_at_any_time_during_the_assault_3_2_4(ruleset5):
    """3.2.4 Wavell: "this free Sweep may be made at any time during the
    Assault" — also after the Assault in that space was resolved, from the
    Operation loop (``wavell:<space>``)."""
    s = empty_board(viceroy="wavell", restraint=3, resources=0)
    put(s, "madras", troop=2)
    put(s, "madras_presidency", troop=1, guerrilla_active=1, guerrilla_underground=2)
    play(s, "assault", "madras_presidency", "guerrilla")
    assert step(s) == "op.loop"
    assert "wavell:madras_presidency" in ids(s)
    play(s, "wavell:madras_presidency", "troop:madras*2")
    assert pc(s, "madras_presidency", "troop") == 3
    assert pc(s, "madras_presidency", "guerrilla_active") == 2    # 3 cubes activate both
    assert step(s) == "op.loop" and not any(c.startswith("wavell:") for c in ids(s))   # once per Assault
    assert s.resources["raj"] == 0
    with pytest.raises(IllegalChoice, match="already made in this Assault"):
        engine.apply(s, "raj", "wavell:madras_presidency")


def test_wavell_sweep_not_offered_under_other_viceroys(ruleset5):
    s = empty_board(viceroy="linlithgow", restraint=3, resources=0)
    put(s, "madras", troop=2)
    put(s, "madras_presidency", troop=1, guerrilla_active=1)
    play(s, "assault", "madras_presidency", "guerrilla")
    assert not any(c.startswith("wavell:") for c in ids(s))
    with pytest.raises(IllegalChoice, match="only with Lord Wavell"):
        engine.apply(s, "raj", "wavell:madras_presidency")


def test_limited_garrison_one_destination_from_several_origins_2_3_5():
    """2.3.5/3.2.2: a Limited Garrison has one destination, but its cubes may
    come from several spaces."""
    s = empty_board(restraint=3, resources=0)
    put(s, "calcutta", troop=1)
    put(s, "karachi", troop=1)
    s.stack.clear()
    begin_operation(s, "raj", "limited")
    play(s, "garrison")
    with pytest.raises(IllegalChoice):            # one destination only
        engine.apply(s, "raj", "delhi+bihar")
    play(s, "delhi")
    assert {"troop:calcutta", "troop:karachi"} <= set(ids(s))
    play(s, "troop:calcutta+troop:karachi")
    assert pc(s, "delhi", "troop") == 2
    assert step(s) == "sop.act"                   # the one destination closes the Limited Operation


def test_an_operation_only_needs_a_space_and_deploy_brings_no_cubes_without_one_2_3_4():
    """2.3.4 "in uno o più spazi": "Operation only" cannot end with no space
    at no cost, so a Deploy cannot fetch cubes from Out of Play without a City."""
    s = empty_board(restraint=3, resources=10)
    oop = dict(s.out_of_play)
    play(s, "deploy")
    assert "done" not in ids(s)
    with pytest.raises(IllegalChoice, match="one or more spaces"):
        engine.apply(s, "raj", "done")
    assert s.out_of_play == oop and s.resources["raj"] == 10


def test_operation_needs_a_space_after_a_special_activity_2_3_4():
    """R-2.3.4c (docs/rulings/sop.md): an Operation is made "in one or more
    spaces" (2.3.4): neither before nor after Govern may the Raj end its
    Assault with no space while a space can be chosen."""
    s = empty_board(restraint=3, resources=10)
    put(s, "bihar", troop=1, guerrilla_active=2)
    play(s, "assault")
    assert "done" not in ids(s)
    with pytest.raises(IllegalChoice, match="one or more spaces"):
        engine.apply(s, "raj", "done")
    play(s, "sa:govern", "bihar")                 # Govern removes one Active Guerrilla (its only mode)
    assert pc(s, "bihar", "guerrilla_active") == 1
    # after the Govern the Assault still needs its space: Bihar, the only answer (no "done"
    # to end it spaceless), is applied by the engine
    assert step(s) == "raj.remove"
    assert [e["params"]["choice"] for e in s.log if e["key"] == "log.only_choice"
            and e["params"]["step"] == "op.loop"] == ["bihar"]
    play(s, "guerrilla")
    assert pc(s, "bihar", "guerrilla_active") == 0 and step(s) == "sop.act"


def _random_boards(n_games=6, every=9):
    """Boards met in random games of both scenarios (issue 21: the scans
    computed once must agree with the rule asked space by space)."""
    import random

    from engine.core.selfplay import joined_legal, random_answer

    for g in range(n_games):
        s = engine.new_game("gandhi", ("short", "main")[g % 2], 500 + g)
        rnd = random.Random(g)
        for i in range(400):
            d = engine.decision(s)
            if d is None:
                break
            if i % every == 0:
                yield s
            engine.apply(s, d.actor, random_answer(rnd, d, legal=joined_legal(s, d)))


def _garrison_moves_one_by_one(s, ctx, dest, reach):
    """3.2.2 read origin by origin: the cubes of each space that may still
    move (Sepoys only if paid or affordable) and reach ``dest`` (``reach``:
    {origin: garrison_reach})."""
    from engine.gandhi.operations.raj import can_pay, data, movable, sepoy_cost

    sepoys_ok = data(ctx).get("garrison_paid") or can_pay(s, sepoy_cost(s, ctx, "garrison", False))
    return [(k, o) for o in s.spaces if o != dest and dest in reach[o]
            for k in ("troop", "sepoy") if movable(s, ctx, o, k) and (k == "troop" or sepoys_ok)]


def test_sweep_and_garrison_scans_agree_with_the_moves_space_by_space():
    """3.2.2 / 3.2.3: the destinations a Sweep or a Garrison may choose, and
    the cubes each may take, are the same whether worked out once for the
    whole board (sweep_movers, garrison_reaches: one look per decision) or
    destination by destination (sweep_moves, garrison_moves)."""
    from engine.coin.actions import new_ctx
    from engine.gandhi.operations.raj import (garrison_moves, garrison_reaches, sweep_can_move, sweep_movers,
                                              sweep_moves)

    checked = 0
    for s in _random_boards():
        ctx = s.action if s.action and s.action.get("faction") == "raj" else new_ctx("raj", "op")
        movers, reaches = sweep_movers(s, ctx), garrison_reaches(s, ctx)
        reach = {o: garrison_reach(s, o) for o in s.spaces}
        for dest in s.spaces:
            for kinds in (("troop",), ("sepoy",), ("troop", "sepoy")):
                want = any(k in kinds for k, _ in sweep_moves(s, ctx, dest, True))
                assert sweep_can_move(s, ctx, dest, kinds, movers) == want, (dest, kinds)
                assert sweep_can_move(s, ctx, dest, kinds) == want, (dest, kinds)
            assert garrison_moves(s, ctx, dest, reaches) == _garrison_moves_one_by_one(s, ctx, dest, reach), dest
            checked += 1
    assert checked > 1000


def test_every_action_answers_one_space_as_its_list_of_spaces():
    """Issue 21: whether one space may be chosen (``may_choose``) and whether
    an Operation or Special Activity can start at all (``can_start``) are
    answered without listing every space; on boards of random games they
    agree with the list a player is offered (``selectable``: 3.1, 4.1)."""
    import copy

    from engine.coin.actions import new_ctx
    from engine.gandhi.actions import OPERATIONS, SPECIAL_ACTIVITIES

    checked = 0
    for s in _random_boards(n_games=4, every=13):
        for act in list(OPERATIONS.values()) + list(SPECIAL_ACTIVITIES.values()):
            is_op = act in OPERATIONS.values()
            ctx = new_ctx(act.faction, "op+sa", op=act.name if is_op else None, sa=None if is_op else act.name)
            under_way = s.action or {}
            if under_way.get("faction") == act.faction and act.name in (under_way.get("op"), under_way.get("sa")):
                ctx = copy.deepcopy(under_way)  # the spaces chosen so far, the cubes that moved ...
            spaces = act.selectable(s, ctx)
            assert act.can_start(s, ctx) == bool(spaces), act.name
            for sid in s.spaces:
                assert act.may_choose(s, ctx, sid) == (sid in spaces), (act.faction, act.name, sid)
            checked += 1
    assert checked > 100
