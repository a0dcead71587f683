"""Congress and Muslim League Operations (3.3) and Special Activities (4.3, 4.4),
built on the rules' worked examples (ESEMPIO / EJEMPLO paragraphs) and edge cases."""
import pytest

import engine
from helpers import take
from engine.core.errors import IllegalChoice, NotYourTurn
from engine.gandhi import board, derived as dv
from engine.gandhi.actions import begin_operation
from engine.gandhi.state import INVENTORY

# new games (ruleset 5), in the player's terms: a choice with one answer is
# applied by the engine (helpers.take confirms it from the log), one "done"
# closes an Operation with its Special Activity. The tests marked RULESET3
# assert on purpose a shape that only ruleset 3-4 games have (a Special
# Activity offered after the Operation's "done", op.sa_offer): old games play
# the old way. Ruleset 5's shapes with the decisions counted: test_taps5.py.
RULESET3 = pytest.mark.usefixtures("ruleset3")



def piece_totals(state):
    t = {k: 0 for k in INVENTORY}
    for sp in state.spaces.values():
        for k, v in sp.pieces.items():
            t["guerrilla" if k.startswith("guerrilla") else k] += v
    for b in (state.available, state.out_of_play, state.prison):
        for k, v in b.items():
            t[k] += v
    return t


# --- position helpers ----------------------------------------------------------------

def blank(seed=1, restraint=3, unity=3, protests_free=6):
    """A short-scenario game with an empty map: every piece Available, no markers,
    Neutral everywhere; ``protests_free`` Protest boxes filled from box 1."""
    s = engine.new_game("gandhi", "short", seed)
    for sid, sp in s.spaces.items():
        for kind, k in list(sp.pieces.items()):
            board.remove(s, sid, kind, k)
        sp.protest = False
        sp.unrest = 0
        sp.strike = False
        sp.muslim_state = False
        sp.support = 0
    for b in ("out_of_play", "prison"):
        for kind, k in list(getattr(s, b).items()):
            board.transfer(s, kind, k, b, "available")
    s.protest_boxes = [i < protests_free for i in range(6)]
    s.restraint = restraint
    s.unity = unity
    return s


def put(s, sid, **pieces):
    for kind, k in pieces.items():
        assert board.place(s, sid, kind, k) == k, (sid, kind)


def protest(s, *sids):
    """Protests placed as by an Event (lowest box first)."""
    for sid in sids:
        assert board.add_protest(s, sid, for_operation=False)


def start(s, faction, op, kind="op+sa"):
    """Begin ``op`` for ``faction`` on top of whatever is pending (applied by
    the engine when it is the only Operation the faction can make)."""
    begin_operation(s, faction, kind)
    take(s, faction, op)


def ids(s):
    return engine.decision(s).ids()


def play(s, actor, *choices):
    for c in choices:
        take(s, actor, c)


def step(s):
    return engine.decision(s).step


def refused(s, actor, cid):
    with pytest.raises(IllegalChoice) as e:
        engine.apply(s, actor, cid)
    return e.value.message.fallback()


def pieces(s, sid):
    return engine.export_state(s)["spaces"][sid]["pieces"]


def assert_whole(s):
    assert piece_totals(s) == INVENTORY


# --- Rally (3.3.1) ---------------------------------------------------------------------

def test_rally_space_choice_example_3_3_1(ruleset5):
    """ESEMPIO 3.3.1: Unity 3: the ML chooses Sind, Baluchistan and Karachi (no
    Support), and Punjab as well for its ML Base, regardless of Unity or Support."""
    s = blank(unity=3)
    put(s, "punjab", ml_base=1)
    s.spaces["punjab"].support = 1
    s.spaces["northwest_frontier"].support = 0
    start(s, "ml", "rally")
    for sid in ("sind", "baluchistan", "karachi"):
        assert sid in ids(s)
        play(s, "ml", sid)  # 1 Activist: nothing to decide
    # three counted spaces: no further space without an ML Base
    assert "northwest_frontier" not in ids(s)
    assert "Unity 3" in refused(s, "ml", "northwest_frontier")
    assert "punjab" in ids(s)
    play(s, "ml", "punjab")
    assert board.count(s, "punjab", "ml_activist") == 2  # 1 + 1 Base
    assert board.count(s, "sind", "ml_activist") == 1


def test_rally_refuses_support_and_railways():
    s = blank(restraint=4)
    s.spaces["bihar"].support = 1
    start(s, "inc", "rally")
    assert "Support" in refused(s, "inc", "bihar")
    assert "Railway" in refused(s, "inc", "rail_delhi_southeast")
    # a Protest makes a Supporting space free for Congress
    protest(s, "united_provinces")
    s.spaces["united_provinces"].support = 2
    assert "united_provinces" in ids(s)


def test_congress_rally_places_up_to_population_and_counts_only_spaces_without_protest_or_gandhi():
    s = blank(restraint=1)
    protest(s, "bihar")
    put(s, "delhi", gandhi=1)
    start(s, "inc", "rally")
    play(s, "inc", "bihar")
    assert ids(s) == ["2", "1", "0"]  # Bihar: Population 2
    play(s, "inc", "2")
    # Activists placed in a Protest space are Active (1.4.3)
    assert pieces(s, "bihar")["inc_activist_active"] == 2
    play(s, "inc", "delhi", "1")  # Gandhi's space: free
    play(s, "inc", "united_provinces", "1")  # the one counted space (Restraint 1)
    assert "orissa" not in ids(s)
    assert pieces(s, "united_provinces")["inc_activist_inactive"] == 1
    assert_whole(s)


def test_rally_placement_refusals_say_why():
    """3.3.1: Congress places at most Population Activists, and no Base."""
    s = blank()
    start(s, "inc", "rally")
    play(s, "inc", "bihar")
    assert step(s) == "nv.rally.place"
    assert "Population (2)" in refused(s, "inc", "3")
    assert "Only the Muslim League" in refused(s, "inc", "base")


def test_ml_rally_replaces_unity_activists_with_a_base(ruleset5):
    s = blank(unity=2)
    put(s, "sind", ml_activist=2)
    start(s, "ml", "rally")
    play(s, "ml", "sind")
    assert set(ids(s)) == {"activists", "base"}
    play(s, "ml", "base")
    assert board.count(s, "sind", "ml_base") == 1 and board.count(s, "sind", "ml_activist") == 0
    assert s.available["ml_activist"] == 16
    # no room for a second Base in Sind (Population 1): only Activists next
    # time, placed without a question (1 + 1 Base)
    play(s, "ml", "done")
    start(s, "ml", "rally")
    put(s, "sind", ml_activist=2)
    play(s, "ml", "sind")
    assert step(s) == "op.loop" and board.count(s, "sind", "ml_activist") == 4


def test_rally_afterwards_out_of_play_other_faction_unity_plus_one():
    s = blank(unity=2)
    board.transfer(s, "inc_activist", 2, "available", "out_of_play")
    start(s, "ml", "rally")
    play(s, "ml", "sind", "done")
    assert set(ids(s)) == {"inc_activist", "none"}
    play(s, "ml", "inc_activist")
    assert s.unity == 3 and s.out_of_play["inc_activist"] == 1


def test_rally_release_own_activists_first_then_the_others():
    """3.3.1: release a die roll of Activists; the other NV faction's if needed."""
    s = blank()
    board.remove(s, "delhi", "inc_activist", 0)
    for kind, k in (("inc_activist", 2), ("ml_activist", 3)):
        board.transfer(s, kind, k, "available", "prison")
    s.forced_dice = [4]
    start(s, "inc", "rally")
    play(s, "inc", "delhi", "1", "done", "release")
    assert s.prison.get("inc_activist", 0) == 0 and s.prison["ml_activist"] == 1
    assert s.unity == 3  # releasing from Prison does not move Unity


def test_muslim_league_may_release_prisoners_too():
    s = blank()
    board.transfer(s, "ml_activist", 1, "available", "prison")
    board.transfer(s, "inc_activist", 1, "available", "prison")
    s.forced_dice = [1]
    start(s, "ml", "rally")
    play(s, "ml", "sind", "done")
    assert "release" in ids(s)
    play(s, "ml", "release")
    assert s.prison.get("ml_activist", 0) == 0 and s.prison["inc_activist"] == 1


def test_limited_rally_is_one_space():
    s = blank(restraint=4)
    start(s, "inc", "rally", kind="limited")
    with pytest.raises(IllegalChoice):            # one space only (2.3.5)
        engine.apply(s, "inc", "bihar+orissa")
    play(s, "inc", "bihar", "2")
    assert board.count(s, "bihar", "inc_activist") == 2
    assert step(s) == "sop.act"                   # the one space closed the Limited Rally


# --- Demonstrate (3.3.2) ------------------------------------------------------------------

def demonstrate_example():
    """ESEMPIO 3.3.2: Restraint 2, 3 Protests Available; Bihar: 3 Congress
    Activists and a Protest; West Bengal: a Sepoy and an Active Guerrilla;
    United Provinces under Raj Control."""
    s = blank(restraint=2, protests_free=4)
    put(s, "bihar", inc_activist=3)
    protest(s, "bihar")
    put(s, "west_bengal", sepoy=1, guerrilla_active=1)
    put(s, "united_provinces", troop=2)
    assert dv.protest_available(s) == 3
    assert not dv.raj_control(s, "west_bengal") and dv.raj_control(s, "united_provinces")
    return s


def test_demonstrate_protest_example_3_3_2(ruleset5):
    s = demonstrate_example()
    start(s, "inc", "demonstrate")
    play(s, "inc", "west_bengal", "bihar")
    assert step(s) == "nv.demonstrate.move" and "protest" in ids(s)   # the Protest with the last move
    play(s, "inc", "protest")
    assert s.spaces["west_bengal"].protest
    assert pieces(s, "west_bengal")["inc_activist_active"] == 1
    play(s, "inc", "united_provinces", "bihar")
    # Raj Control in United Provinces: no Protest offered; the Activist is Inactive
    assert "protest" not in ids(s)
    play(s, "inc", "done")
    assert step(s) == "op.loop"
    assert not s.spaces["united_provinces"].protest
    assert pieces(s, "united_provinces")["inc_activist_inactive"] == 1
    # two destinations without Protest used up Restraint 2 ...
    assert "orissa" not in ids(s)
    # ... but a destination with a Protest is still open
    protest(s, "east_bengal")
    assert "east_bengal" in ids(s)
    assert dv.protest_available(s) == 1
    assert_whole(s)


def test_demonstrate_pieces_move_once_and_destination_needs_a_mover(ruleset5):
    s = demonstrate_example()
    start(s, "inc", "demonstrate")
    play(s, "inc", "west_bengal")
    assert "done" not in ids(s)  # at least one Activist must move in
    assert "Activist" in refused(s, "inc", "done")
    play(s, "inc", "bihar", "done", "done")
    # East Bengal is adjacent to West Bengal and Bihar; the Activist that moved to
    # West Bengal may not move again (3.1.2)
    protest(s, "east_bengal")
    play(s, "inc", "east_bengal")
    assert ids(s) == ["bihar"]


def test_demonstrate_not_to_railways():
    s = demonstrate_example()
    start(s, "inc", "demonstrate")
    assert "Railway" in refused(s, "inc", "rail_calcutta_northwest")


def test_congress_moves_ml_activists_one_for_one_up_to_unity(ruleset5):
    s = blank(restraint=3, unity=1)
    put(s, "bihar", inc_activist=2, ml_activist=2)
    start(s, "inc", "demonstrate")
    play(s, "inc", "orissa")
    assert "ml:bihar" not in ids(s)  # must accompany a Congress Activist
    play(s, "inc", "bihar")
    assert "ml:bihar" in ids(s)
    play(s, "inc", "ml:bihar", "bihar")
    assert "ml:bihar" not in ids(s)  # Unity 1 reached
    play(s, "inc", "done", "done")
    assert board.count(s, "orissa", "ml_activist") == 1 and board.count(s, "orissa", "inc_activist") == 2


def test_ml_demonstrate_cannot_move_congress_activists():
    s = blank(unity=3)
    put(s, "sind", ml_activist=1, inc_activist=1)
    start(s, "ml", "demonstrate")
    play(s, "ml", "punjab")
    # the ML Activist of Sind, the only one that may move, moved by itself; the Congress one stays
    assert board.count(s, "punjab", "ml_activist") == 1
    assert board.count(s, "sind", "inc_activist") == 1 and board.count(s, "punjab", "inc_activist") == 0
    assert set(ids(s)) == {"done", "protest"}


def test_protest_availability_follows_restraint():
    """1.10: during Operations only the boxes at and above Restraint are
    Available: at Restraint 5 only box 1."""
    s = blank(restraint=5)
    s.protest_boxes = [False, True, True, True, True, True]
    put(s, "bihar", inc_activist=1)
    start(s, "inc", "demonstrate")
    play(s, "inc", "orissa")                      # the one Activist moves in: no Protest to offer
    assert step(s) == "op.loop" and not s.spaces["orissa"].protest
    assert board.count(s, "orissa", "inc_activist") == 1


# --- Civil Disobedience (3.3.3) -------------------------------------------------------------

def test_civil_disobedience_railway_example_3_3_3():
    """ESEMPIO 3.3.3: Restraint 3, 2 Protests Available: Protests in Bombay
    Presidency and Coastal Andhra; then, with no Protest left, the Activist in
    Hyderabad moves onto the adjacent Railway next to Bombay Presidency."""
    s = blank(restraint=3, protests_free=2)
    for sid in ("bombay_presidency", "coastal_andhra", "hyderabad"):
        put(s, sid, inc_activist=1)
    start(s, "inc", "civil_disobedience")
    play(s, "inc", "bombay_presidency", "done", "coastal_andhra", "done")
    assert s.spaces["bombay_presidency"].protest and s.spaces["coastal_andhra"].protest
    assert pieces(s, "coastal_andhra")["inc_activist_active"] == 1
    assert dv.protest_available(s) == 0
    play(s, "inc", "hyderabad")
    assert not s.spaces["hyderabad"].protest
    assert "rail_hyderabad_bombay_presidency" in ids(s)
    play(s, "inc", "rail_hyderabad_bombay_presidency", "done")
    assert pieces(s, "rail_hyderabad_bombay_presidency")["inc_activist_active"] == 1
    # Restraint 3 used: no fourth space with Activists only
    put(s, "mysore", inc_activist=1)
    assert "mysore" not in ids(s)
    assert_whole(s)


def test_civil_disobedience_gandhi_space_without_activists_is_free():
    s = blank(restraint=1)
    put(s, "delhi", gandhi=1)
    put(s, "bihar", inc_activist=1)
    put(s, "orissa", inc_activist=1)
    start(s, "inc", "civil_disobedience")
    play(s, "inc", "bihar", "done")               # Restraint 1: one space with Activists
    assert "orissa" not in ids(s) and "delhi" in ids(s)
    assert "Restraint" in refused(s, "inc", "orissa")
    play(s, "inc", "delhi")                       # Gandhi's space: free
    assert s.spaces["delhi"].protest


def test_ml_civil_disobedience_needs_ml_activists_or_base():
    s = blank(unity=2)
    put(s, "sind", ml_activist=1)
    put(s, "bihar", inc_activist=1)
    start(s, "ml", "civil_disobedience")
    assert "sind" in ids(s) and "bihar" not in ids(s)


# --- Non-Cooperation (3.3.4) ----------------------------------------------------------------

def non_cooperation_example():
    """ESEMPIO 3.3.4: Coastal Andhra (Protest, Congress Activist, no Raj Control),
    Bombay Presidency (Raj Control), Hyderabad (Protest and Gandhi, no Activist)."""
    s = blank(restraint=3)
    put(s, "coastal_andhra", inc_activist=1)
    put(s, "bombay_presidency", inc_activist=1, troop=3)
    put(s, "hyderabad", gandhi=1)
    protest(s, "coastal_andhra", "bombay_presidency", "hyderabad")
    return s


def test_non_cooperation_example_3_3_4():
    s = non_cooperation_example()
    start(s, "inc", "non_cooperation")
    assert "Raj Control" in refused(s, "inc", "bombay_presidency")
    assert "no Congress Activists" in refused(s, "inc", "hyderabad")
    play(s, "inc", "coastal_andhra")
    assert s.spaces["coastal_andhra"].support == -1
    assert s.restraint == 3
    play(s, "inc", "done")
    assert s.restraint == 2  # once per Operation


def test_congress_non_cooperation_in_raj_control_during_crisis():
    s = non_cooperation_example()
    s.restraint, s.unity = 1, 1
    start(s, "inc", "non_cooperation")
    play(s, "inc", "bombay_presidency")
    assert s.spaces["bombay_presidency"].support == -1


def test_ml_non_cooperation_limits():
    s = blank(unity=1)
    for sid in ("punjab", "sind", "baluchistan"):
        put(s, sid, ml_activist=1)
        protest(s, sid)
    put(s, "punjab", ml_base=1)
    s.restraint, s.unity = 1, 1  # Crisis does not open Raj Control spaces to the ML
    put(s, "karachi", ml_activist=1, troop=3)
    protest(s, "karachi")
    start(s, "ml", "non_cooperation")
    assert "Raj Control" in refused(s, "ml", "karachi")
    play(s, "ml", "punjab", "sind")
    assert "Unity 1" in refused(s, "ml", "baluchistan")


# --- 3.1.5 examples --------------------------------------------------------------------------

def test_example_1_of_3_1_5_negotiate_raises_restraint_mid_operation(ruleset5):
    """Restraint 2: Congress interrupts Civil Disobedience for a Negotiate in
    Bihar, which removes its Protest and takes Restraint to 3: now up to 3
    spaces plus any Protest space and Gandhi's."""
    s = blank(restraint=2)
    for sid in ("bihar", "orissa", "assam", "mysore", "madras"):
        put(s, sid, inc_activist=1)
    protest(s, "bihar")
    start(s, "inc", "civil_disobedience")
    play(s, "inc", "orissa")
    while step(s) == "nv.cd.rail":                # no Activist onto a Railway
        play(s, "inc", "done")
    play(s, "inc", "assam")
    while step(s) == "nv.cd.rail":
        play(s, "inc", "done")
    assert "mysore" not in ids(s)
    play(s, "inc", "sa:negotiate", "bihar", "none")
    assert s.restraint == 3 and not s.spaces["bihar"].protest
    assert pieces(s, "bihar")["inc_activist_inactive"] == 1
    play(s, "inc", "done")                        # the Negotiate over, back to the Operation
    assert step(s) == "op.loop"
    assert "mysore" in ids(s)
    assert "bihar" not in ids(s)  # chosen for Negotiate (3.1.1)
    assert "Negotiate" in refused(s, "inc", "bihar")
    play(s, "inc", "mysore")
    while step(s) == "nv.cd.rail":
        play(s, "inc", "done")
    # Restraint 3 used (Orissa, Assam, Mysore), Negotiate made: no fourth space, the Operation closed by itself
    assert s.action is None and not s.spaces["madras"].protest


def test_example_2_of_3_1_5_non_cooperation_then_infiltrate_in_crisis():
    """Unity 1, Restraint 2: the ML does Non-Cooperation; Restraint goes to 1
    at the end of the Operation: Crisis; the ML follows with Infiltrate
    placing a Muslim State in a Province with an ML Base and no Raj Control
    (3.1.5 example 2; 4.1: a Special Activity immediately after the Operation;
    3.3.4: Restraint -1 at the end of Non-Cooperation). Ruleset 6: "End the
    Operation, then a Special Activity" closes the Operation first."""
    s = blank(restraint=2, unity=1)
    put(s, "sind", sepoy=1, guerrilla_underground=1, ml_base=1, ml_activist=1)
    put(s, "punjab", ml_activist=1, ml_base=1)
    protest(s, "punjab")
    start(s, "ml", "non_cooperation")
    play(s, "ml", "punjab")
    assert "sa:infiltrate" in ids(s)
    assert not dv.crisis(s)  # Infiltrate now (before the Operation's end) could not place a Muslim State
    play(s, "ml", "then_sa")
    assert dv.crisis(s)
    assert engine.decision(s).actor == "ml"
    play(s, "ml", "sa:infiltrate", "sind")
    assert "muslim_state" in ids(s)
    play(s, "ml", "muslim_state")
    assert s.spaces["sind"].muslim_state and dv.is_state(s, "sind")


def test_special_activity_after_the_operation_only_where_one_may_follow():
    """ "End the Operation, then a Special Activity" is offered only where a
    Special Activity may still be made: not in a Limited Operation (2.3.5),
    not once the Operation's Special Activity was made (4.1: one per
    Operation), not before the Operation has a space (2.3.4)."""
    def position():
        s = blank(restraint=2, unity=1)
        put(s, "sind", sepoy=1, guerrilla_underground=1, ml_activist=1)
        put(s, "punjab", ml_activist=1, ml_base=1)
        protest(s, "punjab", "sind")
        return s

    s = position()
    start(s, "ml", "non_cooperation")
    assert "then_sa" not in ids(s)  # no space yet: the Operation may not end
    assert "one or more spaces" in refused(s, "ml", "then_sa")
    play(s, "ml", "punjab")
    assert {"done", "then_sa"} <= set(ids(s))

    s = position()
    start(s, "ml", "non_cooperation", kind="limited")
    assert "then_sa" not in ids(s)
    assert "Limited Operation has no Special Activity" in refused(s, "ml", "then_sa")

    s = position()
    start(s, "ml", "non_cooperation")
    play(s, "ml", "sa:infiltrate", "sind", "sepoy")
    assert engine.decision(s).step == "op.loop" and "then_sa" not in ids(s)
    assert "One Special Activity per Operation" in refused(s, "ml", "then_sa")
    play(s, "ml", "punjab")
    assert s.action is None and s.restraint == 1  # the Operation closed, its end applied once


def test_ruleset_5_offers_no_special_activity_after_the_operation(ruleset5):
    """Games begun under ruleset 5 keep their shape: one "done" closes the
    Operation, nothing after it (engine/gandhi/ruleset.py)."""
    s = blank(restraint=2, unity=1)
    put(s, "sind", sepoy=1, guerrilla_underground=1, ml_base=1, ml_activist=1)
    put(s, "punjab", ml_activist=1, ml_base=1)
    protest(s, "punjab")
    start(s, "ml", "non_cooperation")
    play(s, "ml", "punjab")
    assert "then_sa" not in ids(s) and "done" in ids(s)
    play(s, "ml", "done")
    assert s.action is None and dv.crisis(s)


# --- Congress Negotiate (4.3.1) ----------------------------------------------------------------

def test_congress_negotiate_example_4_3_1():
    """ESEMPIO 4.3.1: West Bengal, no Protest: Restraint +1; Congress pieces
    outnumber ML pieces: remove the Muslim State; Raj Control; set Neutral."""
    s = blank(restraint=2)
    put(s, "west_bengal", inc_activist=2, ml_activist=1, sepoy=2)
    s.spaces["west_bengal"].muslim_state = True
    s.spaces["west_bengal"].support = 1
    put(s, "bihar", inc_activist=1)
    start(s, "inc", "rally")
    play(s, "inc", "sa:negotiate", "west_bengal")
    assert s.restraint == 3
    assert set(ids(s)) == {"muslim_state", "none"}
    play(s, "inc", "muslim_state")
    sp = s.spaces["west_bengal"]
    assert not sp.muslim_state and sp.support == 0 and dv.raj_control(s, "west_bengal")
    assert "west_bengal" not in ids(s)  # not chosen for the Operation afterwards


def test_congress_negotiate_releases_gandhi_on_a_roll_above_protests():
    s = blank()
    board.transfer(s, "gandhi", 1, "available", "prison")
    put(s, "bihar", inc_activist=1)
    protest(s, "bihar", "assam", "orissa")
    s.forced_dice = [2]
    start(s, "inc", "demonstrate")
    play(s, "inc", "sa:negotiate", "bihar", "gandhi")
    # the Bihar Protest is gone: 2 Protests in India; 2 is not more than 2
    assert s.prison["gandhi"] == 1
    s2 = blank()
    board.transfer(s2, "gandhi", 1, "available", "prison")
    put(s2, "bihar", inc_activist=1)
    protest(s2, "bihar", "assam", "orissa")
    s2.forced_dice = [3]
    start(s2, "inc", "demonstrate")
    play(s2, "inc", "sa:negotiate", "bihar", "gandhi")
    assert board.count(s2, "bihar", "gandhi") == 1 and s2.spaces["bihar"].support == 1
    assert_whole(s2)


def test_negotiate_space_rules():
    s = blank(restraint=3)
    put(s, "bihar", inc_activist=1)
    put(s, "orissa", inc_activist=1)
    put(s, "united_provinces", inc_activist=1, troop=2)
    start(s, "inc", "civil_disobedience")
    play(s, "inc", "bihar", "done", "sa:negotiate")
    assert "operation" in refused(s, "inc", "bihar").lower()
    assert "Raj Control" in refused(s, "inc", "united_provinces")
    assert "orissa" in ids(s)


def test_negotiate_does_not_accompany_non_cooperation():
    s = non_cooperation_example()
    start(s, "inc", "non_cooperation")
    assert "sa:negotiate" not in ids(s)


# --- Satyagraha (4.3.2) --------------------------------------------------------------------

def test_satyagraha_example_4_3_2():
    """ESEMPIO 4.3.2: Gandhi moves to United Provinces; a Congress Activist is
    added; cubes no longer exceed Active adversaries: Raj Control is lost."""
    s = blank()
    put(s, "bihar", gandhi=1)
    put(s, "united_provinces", troop=2)
    protest(s, "united_provinces")
    put(s, "orissa", inc_activist=1)
    assert dv.raj_control(s, "united_provinces")
    start(s, "inc", "rally")
    play(s, "inc", "sa:satyagraha", "united_provinces")
    assert board.count(s, "united_provinces", "gandhi") == 1
    assert dv.raj_control(s, "united_provinces")  # 2 cubes > Gandhi
    assert set(ids(s)) == {"remove", "activist"}
    play(s, "inc", "activist")
    assert board.count(s, "united_provinces", "inc_activist") == 1
    assert not dv.raj_control(s, "united_provinces")


def test_satyagraha_with_nothing_to_remove_places_the_activist():
    s = blank()
    put(s, "bihar", gandhi=1)
    put(s, "orissa", inc_activist=1)
    start(s, "inc", "rally")
    play(s, "inc", "sa:satyagraha", "assam")
    assert board.count(s, "assam", "inc_activist") == 1 and board.count(s, "assam", "gandhi") == 1
    assert step(s) == "op.loop" and "sa:satyagraha" not in ids(s)   # one space: back to the Rally


def test_satyagraha_choice_remove_protest_and_unrest():
    s = blank()
    put(s, "bihar", gandhi=1)
    protest(s, "assam")
    s.spaces["assam"].unrest = 2
    start(s, "inc", "rally")
    play(s, "inc", "sa:satyagraha", "assam")
    assert set(ids(s)) == {"remove", "activist"}
    play(s, "inc", "remove")
    assert not s.spaces["assam"].protest and s.spaces["assam"].unrest == 1


def test_satyagraha_gandhi_in_prison_is_the_raj_decision():
    s = blank()
    board.transfer(s, "gandhi", 1, "available", "prison")
    put(s, "sind", inc_activist=1)
    start(s, "inc", "rally")
    play(s, "inc", "sa:satyagraha", "bihar")
    d = engine.decision(s)
    assert d.actor == "raj" and set(d.ids()) == {"release", "refuse"}
    with pytest.raises(NotYourTurn):
        engine.apply(s, "inc", "release")
    play(s, "raj", "release")
    assert board.count(s, "bihar", "gandhi") == 1 and s.prison.get("gandhi", 0) == 0


def test_satyagraha_refused_lets_congress_choose_another_special_activity():
    s = blank()
    board.transfer(s, "gandhi", 1, "available", "prison")
    put(s, "sind", inc_activist=1, sepoy=1)
    start(s, "inc", "rally")
    play(s, "inc", "sa:satyagraha", "bihar", )
    play(s, "raj", "refuse")
    assert s.prison["gandhi"] == 1
    d = engine.decision(s)
    assert d.actor == "inc" and d.step == "op.loop"
    assert "sa:satyagraha" not in d.ids() and "sa:persuade" in d.ids()
    play(s, "inc", "sa:persuade", "sind", "sepoy", "done")
    assert board.count(s, "sind", "sepoy") == 0


@RULESET3  # op.sa_offer (a Special Activity after the Operation's "done") exists in rulesets 3-4 only
def test_satyagraha_refused_after_the_operation_offers_the_others():
    s = blank()
    board.transfer(s, "gandhi", 1, "available", "prison")
    put(s, "sind", inc_activist=1, sepoy=1)
    start(s, "inc", "rally")
    play(s, "inc", "bihar", "0", "done")
    assert step(s) == "op.sa_offer"
    play(s, "inc", "sa:satyagraha", "bihar")
    play(s, "raj", "refuse")
    assert step(s) == "op.sa_offer"
    assert "sa:satyagraha" not in ids(s) and "sa:persuade" in ids(s)


def test_satyagraha_refused_after_the_operation_end_offers_the_others():
    """Ruleset 6: Congress ends its Rally, then Satyagraha (4.1); the Raj
    refuses to release Gandhi: Congress may choose another Special Activity
    (4.3.2), here Persuade, the only one left (applied, not asked)."""
    s = blank()
    board.transfer(s, "gandhi", 1, "available", "prison")
    put(s, "sind", inc_activist=1, sepoy=1)
    start(s, "inc", "rally")
    play(s, "inc", "bihar", "0", "then_sa")
    assert set(ids(s)) == {"sa:satyagraha", "sa:persuade"}  # no "none": the player chose a Special Activity
    play(s, "inc", "sa:satyagraha", "bihar")
    play(s, "raj", "refuse")
    assert s.prison["gandhi"] == 1
    assert step(s) == "sa.loop" and s.action["sa"] == "persuade"
    play(s, "inc", "sind", "sepoy")
    assert board.count(s, "sind", "sepoy") == 0 and s.action is None


def test_no_special_activity_left_after_the_operation_end_ends_the_action():
    """Satyagraha, the only Special Activity, refused after the Rally's end:
    none can follow, the action ends (the Special Activity is optional,
    2.3.4) and the log says so."""
    s = blank()
    board.transfer(s, "gandhi", 1, "available", "prison")
    # no Congress piece on the map: neither Negotiate nor Persuade (4.3.1, 4.3.3)
    start(s, "inc", "rally")
    play(s, "inc", "bihar", "0", "then_sa")  # Satyagraha, the only one, applied
    play(s, "inc", "bihar")
    play(s, "raj", "refuse")
    assert s.action is None
    assert any(e["key"] == "log.no_sa_after" for e in s.log)


# --- Persuade (4.3.3, 4.4.3) -------------------------------------------------------------

def test_congress_persuade_example_4_3_3(ruleset5):
    """EJEMPLO 4.3.3: Mysore: no Guerrillas protect the Revolutionary Base, so it
    is removed; Madras Presidency: the ML Activist is removed: Unity -1."""
    s = blank(unity=3)
    put(s, "mysore", inc_activist=1, rev_base=1)
    put(s, "madras_presidency", inc_activist=1, ml_activist=1)
    protest(s, "madras_presidency")
    start(s, "inc", "civil_disobedience")
    play(s, "inc", "sa:persuade", "mysore")      # the Base, the one piece to remove: not asked
    assert board.count(s, "mysore", "rev_base") == 0 and s.available["rev_base"] == 5
    assert s.unity == 3
    play(s, "inc", "madras_presidency")           # the ML Activist: not asked either
    assert board.count(s, "madras_presidency", "ml_activist") == 0
    assert s.unity == 2
    assert step(s) == "op.loop" and "sa:persuade" not in ids(s)


def test_persuade_troops_and_bases_last_and_inactive_activists():
    s = blank()
    put(s, "bihar", inc_activist=1, troop=1, sepoy=1, ml_activist=1, ml_base=1,
        guerrilla_underground=1, rev_base=1)
    start(s, "inc", "rally")
    play(s, "inc", "sa:persuade", "bihar")
    # Sepoy before Troop; ML Activists Inactive (no Protest); ML Base guarded by
    # ML Activists; Revolutionary Base guarded by a Guerrilla; Activate: the ML Base
    # is an Active NV piece
    assert set(ids(s)) == {"sepoy", "activate"}


def test_persuade_refusals_say_why():
    """4.3.3: a player typing a piece Persuade may not take is told the rule:
    never Gandhi, never one's own, Troops and Bases last, Active pieces only."""
    s = blank()
    put(s, "bihar", inc_activist=1, gandhi=1, troop=1, sepoy=1, ml_activist=1, ml_base=1,
        guerrilla_underground=1, rev_base=1)
    start(s, "inc", "rally")
    play(s, "inc", "sa:persuade", "bihar")
    assert "cannot remove Gandhi" in refused(s, "inc", "gandhi")
    assert "not your own" in refused(s, "inc", "inc_activist")
    assert "Sepoys remain" in refused(s, "inc", "troop")
    assert "Muslim League Activists remain" in refused(s, "inc", "ml_base")
    assert "Guerrillas remain" in refused(s, "inc", "rev_base")
    assert "not Active" in refused(s, "inc", "ml_activist")
    assert "not Active" in refused(s, "inc", "guerrilla_underground")


def test_ml_persuade_example_4_4_3():
    """ESEMPIO 4.4.3: Punjab is under Raj Control; the ML Activates both
    Guerrillas (one per Active NV Activist); Raj Control is lost and Punjab may
    be chosen for Non-Cooperation."""
    s = blank(unity=3)
    put(s, "punjab", troop=3, ml_activist=1, inc_activist=1, guerrilla_underground=2)
    protest(s, "punjab")
    assert dv.raj_control(s, "punjab")
    start(s, "ml", "civil_disobedience")
    play(s, "ml", "sa:persuade", "punjab", "activate")
    assert board.count(s, "punjab", "guerrilla_active") == 2
    assert not dv.raj_control(s, "punjab")
    assert s.unity == 3
    # Punjab, the Civil Disobedience's only space, was chosen by itself; no Activist onto a Railway
    assert step(s) == "nv.cd.rail"
    play(s, "ml", "done")
    begin_operation(s, "ml", "op")
    take(s, "ml", "non_cooperation")              # Punjab may be chosen: the only space, chosen by itself
    assert s.spaces["punjab"].support == -1


def test_ml_persuade_removing_congress_lowers_unity():
    s = blank(unity=3)
    put(s, "punjab", ml_activist=1, inc_activist=1)
    protest(s, "punjab")
    start(s, "ml", "rally")
    play(s, "ml", "sa:persuade", "punjab", "inc_activist", "done")
    assert s.unity == 2


# --- Muslim League Negotiate (4.4.1) ----------------------------------------------------

def test_ml_negotiate_example_4_4_1():
    """EJEMPLO 4.4.1: East Bengal, no Raj Control, Opposition: remove the
    Protest (Activists Inactive), Restraint +1, set Passive Support and place a
    Muslim State; the Troop must leave: the Raj moves it to Calcutta."""
    s = blank(restraint=2)
    put(s, "east_bengal", ml_activist=2, troop=1)
    protest(s, "east_bengal")
    s.spaces["east_bengal"].support = -1
    put(s, "sind", ml_activist=1)
    start(s, "ml", "rally")
    play(s, "ml", "sa:negotiate", "east_bengal")
    assert s.restraint == 3 and not s.spaces["east_bengal"].protest
    assert pieces(s, "east_bengal")["ml_activist_inactive"] == 2
    assert "muslim_state" in ids(s)
    play(s, "ml", "muslim_state")
    d = engine.decision(s)
    assert d.actor == "raj" and "calcutta" in d.ids() and "punjab" not in d.ids()
    play(s, "raj", "calcutta")
    sp = s.spaces["east_bengal"]
    assert sp.muslim_state and sp.support == 1 and board.count(s, "east_bengal", "troop") == 0
    assert board.count(s, "calcutta", "troop") == 1
    assert engine.decision(s).actor == "ml"


def test_ml_negotiate_unrest_option():
    s = blank()
    put(s, "bihar", ml_activist=1)
    s.spaces["bihar"].unrest = 2
    s.spaces["bihar"].support = -2
    start(s, "ml", "demonstrate")
    play(s, "ml", "sa:negotiate", "bihar")
    assert set(ids(s)) == {"unrest", "none"}  # Bihar is no Muslim Province
    play(s, "ml", "unrest")
    assert s.spaces["bihar"].support == -1 and s.spaces["bihar"].unrest == 1


# --- Infiltrate (4.4.2) ---------------------------------------------------------------------

def test_infiltrate_example_4_4_2():
    """ESEMPIO 4.4.2: Crisis; Sind: a Sepoy, a Guerrilla, an ML Base and an ML
    Activist: no Raj Control (the Base is Active); the ML may replace the Sepoy
    or the Guerrilla, or place a Muslim State."""
    s = blank(restraint=1, unity=1)
    put(s, "sind", sepoy=1, guerrilla_underground=1, ml_base=1, ml_activist=1)
    start(s, "ml", "rally")
    play(s, "ml", "sa:infiltrate", "sind")
    assert set(ids(s)) == {"sepoy", "guerrilla_underground", "muslim_state"}
    play(s, "ml", "muslim_state")
    assert s.spaces["sind"].muslim_state


def test_infiltrate_replaces_and_no_muslim_state_outside_crisis():
    s = blank(restraint=3, unity=3)
    put(s, "sind", sepoy=1, ml_base=1, ml_activist=1)
    protest(s, "sind")
    start(s, "ml", "rally")
    play(s, "ml", "sa:infiltrate", "sind")
    assert set(ids(s)) == {"sepoy", "protest"}
    play(s, "ml", "protest")
    assert not s.spaces["sind"].protest and board.count(s, "sind", "ml_activist") == 2
    assert_whole(s)


def test_infiltrate_refusals_say_why():
    """4.4.2: no Muslim State outside a Crisis (6.8); Troops cannot be replaced."""
    s = blank(restraint=3, unity=3)
    put(s, "sind", sepoy=1, troop=1, guerrilla_underground=1, ml_base=1, ml_activist=1)
    start(s, "ml", "rally")
    play(s, "ml", "sa:infiltrate", "sind")
    assert step(s) == "ml.infiltrate"
    assert "Crisis" in refused(s, "ml", "muslim_state")
    assert "Sepoy, a Guerrilla or a Protest" in refused(s, "ml", "troop")


def test_infiltrate_with_no_ml_activist_available_removes_instead():
    """1.4.1: with no ML Activist Available, replacing becomes removing."""
    s = blank()
    put(s, "sind", guerrilla_active=1)
    put(s, "sind", ml_activist=s.available["ml_activist"])
    start(s, "ml", "rally")
    play(s, "ml", "sa:infiltrate", "sind", "guerrilla_active")
    assert board.count(s, "sind", "guerrilla_active") == 0 and s.available.get("ml_activist", 0) == 0
    assert_whole(s)


def test_infiltrate_muslim_state_moves_troops_by_raj_choice():
    s = blank(restraint=1, unity=1)
    put(s, "punjab", troop=1, ml_base=2, ml_activist=1)
    start(s, "ml", "rally")
    play(s, "ml", "sa:infiltrate", "punjab", "muslim_state")
    assert engine.decision(s).actor == "raj"
    play(s, "raj", "delhi")
    assert board.count(s, "delhi", "troop") == 1


# --- whole games -----------------------------------------------------------------------------

def test_random_games_with_nonviolent_actions_keep_the_inventory():
    import random

    seen = set()

    def check(st, d, cid):
        seen.add(d.step)
        assert piece_totals(st) == INVENTORY

    for seed in range(2):
        s = engine.new_game("gandhi", "short", seed)
        rnd = random.Random(seed)
        while (d := engine.decision(s)) is not None:
            cid = rnd.choice(d.ids())
            engine.apply(s, d.actor, cid)
            check(s, d, cid)
    assert {"nv.rally.place", "nv.demonstrate.move", "nv.cd.rail"} <= seen


def test_operations_draw_protests_from_the_highest_available_box_1_10():
    """R-1.10 (ruleset 2): an Operation takes the highest-numbered Available
    box, an Event the lowest, a removal refills the highest empty one. After a
    Protest placed by Civil Disobedience at Restraint 3 and a rise to 4, two
    Protests remain Available (issue 12 item 6), not one."""
    s = blank(restraint=3, protests_free=6)
    assert dv.protest_available(s) == 4
    assert board.add_protest(s, "bihar", for_operation=True)
    assert s.protest_boxes == [True, True, True, False, True, True]
    s.restraint = 4
    assert dv.protest_available(s) == 2
    assert board.add_protest(s, "orissa", for_operation=False)  # an Event: the lowest box
    assert s.protest_boxes == [False, True, True, False, True, True]
    assert board.remove_protest(s, "orissa")  # back to the highest empty box
    assert s.protest_boxes == [False, True, True, True, True, True]


def test_games_of_ruleset_1_keep_drawing_the_lowest_box():
    s = blank(restraint=3, protests_free=6)
    s.options.pop("ruleset")
    assert board.add_protest(s, "bihar", for_operation=True)
    assert s.protest_boxes == [False, True, True, True, True, True]
