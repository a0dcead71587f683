"""Campaign rounds (rule 6), Crisis (6.8), victory and the end of the game (1.5, 7).

Positions are built on a cleared short-scenario board; each test drives the
engine with the choices a player would make and checks what a player would
see.
"""
import random

import pytest

import engine
from engine.core.steps import frame
from engine.gandhi import board
from engine.gandhi import derived as dv
from engine.gandhi.data import get_data
from engine.gandhi.state import INVENTORY

# scripted one decision at a time, in the shapes of ruleset 3 (tests/conftest.py)
# The Campaign's rules under the newest shapes (ruleset 5: a Redeploy's pieces
# from one space in one answer; a decision with one answer applied by the
# engine); the Redeploy tests marked ``old_and_new`` also play ruleset 3.


@pytest.fixture(autouse=True)
def ruleset5(monkeypatch):
    """The shapes of ruleset 5 in this module; ruleset 6's Campaign (issue 14:
    a Redeploy's spaces chosen once, Imperialism and Constructive Programme as
    one answer) is played in tests/engine/test_campaign6.py."""
    from engine.gandhi import scenarios

    monkeypatch.setattr(scenarios, "RULESET", 5)


@pytest.fixture(params=[3, 5], ids=["ruleset3", "ruleset5"])
def old_and_new(request, monkeypatch):
    """Play the test under ruleset 3 (every decision asked, as stored games
    begun then) and under ruleset 5; the value is the ruleset."""
    from engine.gandhi import scenarios

    monkeypatch.setattr(scenarios, "RULESET", request.param)
    return request.param


def play_random(state, rnd, max_moves=20000):
    """Uniformly random offered choices until the game ends (as tests/conftest.py)."""
    n = 0
    while (d := engine.decision(state)) is not None:
        engine.apply(state, d.actor, rnd.choice(d.ids()))
        n += 1
        assert n <= max_moves, "game did not end"
    return n


CITIES = ("delhi", "bombay", "calcutta", "karachi", "madras")
NO_CITY_RAIL = "rail_hyderabad_bombay_presidency"      # adjacent to no City
NO_CITY_RAIL2 = "rail_central_india_agency_central_provinces"


def piece_totals(state):
    t = {k: 0 for k in INVENTORY}
    for sp in state.spaces.values():
        for k, v in sp.pieces.items():
            t["guerrilla" if k.startswith("guerrilla") else k] += v
    for b in (state.available, state.out_of_play, state.prison):
        for k, v in b.items():
            t[k] += v
    return t


def cleared(options=None, deck=(5, 12, 9, 14, 74, 15), viceroy=75):
    """A short-scenario game at its first decision, with an empty board
    (every piece Available, no markers, Neutral everywhere), cities each
    holding one Sepoy so that they are under Raj Control."""
    opts = {"stacked": {"deck": list(deck), "viceroy": viceroy}}
    opts.update(options or {})
    s = engine.new_game("gandhi", "short", 1, opts)
    for sid, sp in s.spaces.items():
        for kind in list(sp.pieces):
            board.remove(s, sid, kind, 99)
        board.remove_protest(s, sid)
        sp.support = 0
        sp.unrest = 0
        sp.strike = False
        sp.muslim_state = False
    for k in list(s.prison):
        board.transfer(s, k, 99, "prison", "available")
    for c in CITIES:
        board.place(s, c, "sepoy")
    s.resources = {"raj": 20, "rev": 5}
    assert piece_totals(s) == INVENTORY
    return s


def run_from(s, *frames, campaign=None):
    """Replace the pending steps by ``frames``; the current card is an Event
    (5) unless ``campaign`` names the Campaign card under way."""
    s.current = campaign if campaign is not None else 5
    s.stack = [f for f in reversed(frames)]
    return engine.decision(s)


def start_round(s, card=73):
    """Play a Campaign round of ``card`` from its beginning (6.1)."""
    return run_from(s, frame("campaign.round"), campaign=card)


def ids(d):
    return d.ids() if d else []


# --- 6.1 Victory phase, 7.1-7.3, 1.5 ------------------------------------------------

def congress_opposition(s, spaces=("united_provinces", "bihar", "bombay_presidency",
                                   "madras_presidency", "punjab", "west_bengal")):
    for sid in spaces:
        s.spaces[sid].support = -2


def test_victory_phase_ends_game_at_once():
    """6.1, 7.2: Congress' Total Opposition 24 exceeds 20: the game ends before
    the Resources phase (no Raj earnings)."""
    s = cleared()
    congress_opposition(s)
    d = start_round(s)
    assert d is None
    r = engine.export_state(s)["result"]
    assert r["winner"] == "inc" and r["how"] == "victory_check" and r["winners"] == ["inc"]
    assert r["margins"]["inc"] == 4 and r["ranking"][0] == {"faction": "inc", "rank": 1, "margin": 4}
    assert [x["rank"] for x in r["ranking"]] == [1, 2, 3, 4]
    assert s.resources["raj"] == 20  # the round stopped at 6.1
    with pytest.raises(engine.GameOver):
        engine.apply(s, "raj", "done")


def test_no_victory_result_is_null_while_running():
    s = cleared()
    start_round(s)
    assert engine.export_state(s)["result"] is None


def test_tie_goes_to_muslim_league():
    """7.1: Congress and the Muslim League both exceed by 2: the Muslim League
    ranks first."""
    s = cleared()
    for sid in ("punjab", "west_bengal", "east_bengal", "northwest_frontier", "bihar", "united_provinces"):
        s.spaces[sid].support = -2
    s.spaces["sind"].muslim_state = True
    m = dv.victory_margins(s)
    assert m["inc"] == 2 and m["ml"] == 2
    start_round(s)
    r = s.result
    assert r["winner"] == "ml" and r["how"] == "victory_check"
    assert [x["faction"] for x in r["ranking"][:2]] == ["ml", "inc"]


def test_ranking_tie_order_raj_last():
    from engine.gandhi.victory import ranking

    assert ranking({"raj": 0, "inc": 0, "ml": 0, "rev": 0}) == ["ml", "inc", "rev", "raj"]
    assert ranking({"raj": 1, "inc": -1, "ml": -5, "rev": 1}) == ["rev", "raj", "inc", "ml"]


def test_two_faction_player_passes_only_if_both_pass():
    """1.5: one player holds Congress and the Muslim League: Congress alone
    exceeding its threshold does not end the game."""
    s = cleared({"seats": {"inc": "u1", "ml": "u1", "raj": "u2", "rev": "u3"}})
    congress_opposition(s)
    d = start_round(s)
    assert s.result is None and d is not None
    assert s.resources["raj"] > 20  # the round went on to the Resources phase


def test_two_faction_player_margin_is_the_lower():
    """1.5: the player of both Nonviolent factions wins with the lower of its
    two margins; both pass."""
    s = cleared({"seats": {"inc": "u1", "ml": "u1", "raj": "u2", "rev": "u2"}})
    for sid in ("punjab", "west_bengal", "east_bengal", "northwest_frontier", "bihar", "united_provinces"):
        s.spaces[sid].support = -2
    s.spaces["sind"].muslim_state = True
    s.spaces["baluchistan"].muslim_state = True  # ML margin 4, Congress 2
    start_round(s)
    r = s.result
    assert r["how"] == "victory_check" and sorted(r["winners"]) == ["inc", "ml"] and r["winner"] == "ml"
    p = {x["player"]: x for x in r["players"]}
    assert p["u1"]["margin"] == 2 and p["u1"]["rank"] == 1 and p["u2"]["rank"] == 2


def test_seats_as_a_number_of_players_use_the_standard_groups_of_1_5():
    """1.5 with the seats stored as a number of players (the service's form):
    with 2 or 3 players one player holds Congress and the Muslim League, so
    Congress alone exceeding its threshold does not end the game; with 4
    players it does."""
    for n in (2, 3):
        s = cleared({"seats": n})
        congress_opposition(s)
        d = start_round(s)
        assert s.result is None and d is not None, n
    s = cleared({"seats": 2})
    for sid in ("punjab", "west_bengal", "east_bengal", "northwest_frontier", "bihar", "united_provinces"):
        s.spaces[sid].support = -2
    s.spaces["sind"].muslim_state = True
    s.spaces["baluchistan"].muslim_state = True  # ML margin 4, Congress 2
    start_round(s)
    p = {x["player"]: x for x in s.result["players"]}
    assert sorted(s.result["winners"]) == ["inc", "ml"]
    assert p["inc+ml"]["margin"] == 2 and p["inc+ml"]["rank"] == 1
    assert p["raj+rev"]["factions"] == ["raj", "rev"]
    s = cleared({"seats": 4})
    congress_opposition(s)
    start_round(s)
    assert s.result["winner"] == "inc" and "players" not in s.result


def test_non_player_faction_passing_means_all_players_lose():
    """7.1: a Non-player faction passes a victory check: all players lose."""
    s = cleared({"players": {"inc": "bot"}})
    congress_opposition(s)
    start_round(s)
    assert s.result["players_lose"] is True and s.result["winner"] == "inc"


# --- 8.10 Solitaire victory: one human faction, three bots (ruleset 3) ---------------

SOLO_INC = {"players": {"raj": "bot", "ml": "bot", "rev": "bot"}}


def test_8_10_solo_player_never_wins_before_final_campaign():
    """8.10: "Un giocatore in una partita in solitario non vince mai prima del
    Round Campagna finale": the solo Congress passes the check (margin 4),
    the game goes on with the Campaign round."""
    from engine.gandhi.victory import solo_faction

    s = cleared(SOLO_INC)
    assert solo_faction(s) == "inc"
    congress_opposition(s)
    d = start_round(s)
    assert s.result is None and d is not None


def test_8_10_non_player_passing_is_the_players_loss():
    """8.10, 7.1: a Non-player passing a Victory check ends the game at once;
    the solo player loses and the NP's outcome is given (Congress: United
    Free India)."""
    s = cleared({"players": {"inc": "bot", "ml": "bot", "rev": "bot", "raj": "human"}})
    congress_opposition(s)
    assert start_round(s) is None
    r = engine.export_state(s)["result"]
    assert r["how"] == "victory_check" and r["winner"] == "inc" and r["players_lose"] is True
    assert r["solo"] == {"player": "raj", "won": False, "difference": None, "grade": None, "winner": "inc",
                         "outcome": "united_free_india"}


def test_8_10_final_grades():
    """8.10 VITTORIA DEL GIOCATORE: the player's margin minus the highest NP
    margin: 6 or more -> the faction's title (Congress: Hind Swaraj!), 1 to 5
    -> Costly Independence!; otherwise the NP with the highest margin wins
    (Muslim League: Independent Pakistan)."""
    from engine.gandhi.victory import end_game_final

    s = cleared(SOLO_INC)
    congress_opposition(s)                       # Congress 4, ML -6: difference 10
    end_game_final(s)
    assert s.result["solo"] == {"player": "inc", "won": True, "difference": 10, "grade": "decisive",
                                "outcome": "hind_swaraj"}
    assert s.result["winner"] == "inc" and s.result["players_lose"] is False
    s = cleared(SOLO_INC)
    congress_opposition(s)
    s.spaces["united_provinces"].support = -1    # Congress 2
    for sid in ("sind", "baluchistan"):          # ML -2: difference 4
        s.spaces[sid].muslim_state = True
    end_game_final(s)
    assert s.result["solo"]["grade"] == "costly" and s.result["solo"]["difference"] == 4
    assert s.result["solo"]["outcome"] == "costly_independence"
    s = cleared(SOLO_INC)                        # Congress -20, ML -14 = Revolutionaries -14
    end_game_final(s)
    assert s.result["winner"] == "ml" and s.result["players_lose"] is True  # 7.1: the League wins ties
    assert s.result["solo"]["outcome"] == "independent_pakistan" and s.result["solo"]["won"] is False


def test_8_10_not_solo_keeps_7_1():
    """8.10 applies to one human and three bots only: with two humans the
    human passing a check still wins at once (7.2)."""
    s = cleared({"players": {"raj": "bot", "ml": "bot"}})
    congress_opposition(s)
    assert start_round(s) is None and "solo" not in s.result and s.result["winner"] == "inc"


# --- 6.2 Resources phase ---------------------------------------------------------------

def test_railway_strikes():
    """6.2.1: Strikes on a Railway with a Protest, one with more Activists than
    cubes, and every Railway next to a City without Raj Control; not on a
    Railway with as many cubes as Activists."""
    s = cleared()
    board.add_protest(s, NO_CITY_RAIL, for_operation=False)
    board.place(s, NO_CITY_RAIL2, "inc_activist", 2)
    board.place(s, NO_CITY_RAIL2, "sepoy", 1)
    board.remove(s, "madras", "sepoy")  # Madras loses Raj Control
    board.place(s, "rail_calcutta_northwest", "ml_activist", 1)
    board.place(s, "rail_calcutta_northwest", "troop", 1)
    start_round(s)
    struck = {r for r in get_data().map.railways if s.spaces[r].strike}
    assert struck == {NO_CITY_RAIL, NO_CITY_RAIL2, "rail_mysore_coastal_andhra", "rail_madras_southwest"}


def test_strikes_congress_chooses_when_markers_run_short():
    """6.2.1: two Railways qualify, one marker is free: Congress chooses."""
    s = cleared()
    board.add_protest(s, NO_CITY_RAIL, for_operation=False)
    board.add_protest(s, NO_CITY_RAIL2, for_operation=False)
    s.spaces["mysore"].unrest = 11
    d = start_round(s)
    assert d.actor == "inc" and d.step == "campaign.strike_choice"
    assert sorted(ids(d)) == sorted([NO_CITY_RAIL, NO_CITY_RAIL2])
    engine.apply(s, "inc", NO_CITY_RAIL2)
    assert s.spaces[NO_CITY_RAIL2].strike and not s.spaces[NO_CITY_RAIL].strike


def test_earnings():
    """6.2.2, 6.2.3: Raj +40 minus struck Econ, then -2 per Nonviolent piece
    in Prison; Revolutionaries +2 per Base on the map."""
    s = cleared()
    s.spaces["rail_delhi_southeast"].strike = True   # Econ 5
    board.transfer(s, "inc_activist", 2, "available", "prison")
    board.transfer(s, "gandhi", 1, "available", "prison")
    board.place(s, "hyderabad", "rev_base", 1)
    board.place(s, "mysore", "rev_base", 1)
    s.resources = {"raj": 5, "rev": 3}
    start_round(s)
    assert s.resources["raj"] == 5 + 35 - 6
    assert s.resources["rev"] == 3 + 4


def test_earnings_capped_at_50():
    """1.8: Resources never exceed 50 (the cap applies to the Railway income
    before the Prison deduction)."""
    s = cleared()
    board.transfer(s, "ml_activist", 1, "available", "prison")
    s.resources = {"raj": 30, "rev": 49}
    board.place(s, "hyderabad", "rev_base", 1)
    start_round(s)
    assert s.resources["raj"] == 48 and s.resources["rev"] == 50


# --- 6.3 Support phase ---------------------------------------------------------------------

def imperialism_position():
    s = cleared()
    sp = s.spaces["bihar"]
    board.place(s, "bihar", "troop", 2)
    board.place(s, "bihar", "sepoy", 1)
    sp.unrest = 1
    board.place(s, "bombay_presidency", "sepoy", 3)  # no Troops: not eligible
    board.place(s, "delhi", "troop", 1)
    s.spaces["delhi"].support = 2                   # nothing to buy
    return s


def to_step(s, step, answers=None):
    """Pass every decision before ``step`` with the given (or first listed)
    choices; Imperialism etc. are skipped with 'done'."""
    answers = answers or {}
    while (d := engine.decision(s)) is not None and d.step != step:
        cid = answers.get(d.step, "done" if "done" in d.ids() else d.ids()[0])
        engine.apply(s, d.actor, cid)
    return engine.decision(s)


def test_imperialism():
    """6.3.1: Unrest is removed first, then up to two shifts toward Active
    Support, 3 Resources each; spaces need Raj Control, Troops and Sepoys."""
    s = imperialism_position()
    d = to_step(s, "campaign.imperialism")
    assert d.actor == "raj" and set(ids(d)) == {"bihar", "done"}
    with pytest.raises(engine.IllegalChoice) as e:
        engine.apply(s, "raj", "bombay_presidency")
    assert "Troops and Sepoys" in e.value.message.fallback()
    res = s.resources["raj"]
    engine.apply(s, "raj", "bihar")
    assert s.spaces["bihar"].unrest == 0 and s.spaces["bihar"].support == 0
    d = engine.decision(s)
    assert d.step == "campaign.imperialism_buy" and ids(d) == ["shift", "done"]
    engine.apply(s, "raj", "shift")
    engine.apply(s, "raj", "shift")
    assert s.spaces["bihar"].support == 2 and s.resources["raj"] == res - 9
    # no other space qualifies (Delhi is at Active Support): Imperialism ends
    assert engine.decision(s).step != "campaign.imperialism"


def test_imperialism_two_shift_limit():
    """6.3.1: at most two levels per space, even from Neutral with Resources left."""
    s = imperialism_position()
    s.spaces["bihar"].unrest = 0
    s.spaces["bihar"].support = -2
    to_step(s, "campaign.imperialism")
    res = s.resources["raj"]
    engine.apply(s, "raj", "bihar")
    assert s.spaces["bihar"].support == -1
    engine.apply(s, "raj", "shift")
    assert s.spaces["bihar"].support == 0 and s.resources["raj"] == res - 6
    assert engine.decision(s).step != "campaign.imperialism_buy"


def test_imperialism_mountbatten_costs_two():
    """Card 79: with Lord Mountbatten as Viceroy, Imperialism costs 2."""
    s = imperialism_position()
    s.viceroy = 79
    to_step(s, "campaign.imperialism")
    res = s.resources["raj"]
    engine.apply(s, "raj", "bihar")
    assert s.resources["raj"] == res - 2


def test_imperialism_releases_activists_raj_chooses_mix_then_gandhi():
    """6.3.1: 2 Activists per Imperialism space leave Prison (the Raj chooses
    the mix), then Gandhi is released into a space without Raj Control."""
    s = imperialism_position()
    board.transfer(s, "inc_activist", 1, "available", "prison")
    board.transfer(s, "ml_activist", 3, "available", "prison")
    board.transfer(s, "gandhi", 1, "available", "prison")
    to_step(s, "campaign.imperialism")
    engine.apply(s, "raj", "bihar")
    engine.apply(s, "raj", "done")  # no more buying in Bihar; no other space qualifies
    d = engine.decision(s)
    assert d.step == "campaign.release" and d.actor == "raj" and ids(d) == ["inc", "ml"]
    engine.apply(s, "raj", "inc")
    # no Congress Activist left in Prison: the second is the Muslim League's
    assert s.prison.get("inc_activist", 0) == 0 and s.prison["ml_activist"] == 2
    d = engine.decision(s)
    assert d.step == "campaign.gandhi_release" and d.actor == "raj"
    assert "bihar" not in ids(d) and "delhi" not in ids(d) and "hyderabad" in ids(d)
    with pytest.raises(engine.IllegalChoice):
        engine.apply(s, "raj", "bihar")
    engine.apply(s, "raj", "hyderabad")
    assert s.spaces["hyderabad"].pieces["gandhi"] == 1 and not s.prison.get("gandhi")


def test_no_imperialism_no_release():
    s = imperialism_position()
    board.transfer(s, "inc_activist", 2, "available", "prison")
    to_step(s, "campaign.imperialism")
    engine.apply(s, "raj", "done")
    assert s.prison["inc_activist"] == 2


def test_constructive_programme_combined_up_to_unity():
    """6.3.2: Congress then the Muslim League shift a combined number of
    spaces up to Unity (2), each up to two levels toward Active Opposition,
    only where they have pieces and no Raj Control."""
    s = cleared()
    s.unity = 2
    board.place(s, "bihar", "inc_activist")
    board.place(s, "punjab", "ml_activist")
    board.place(s, "punjab", "inc_activist")
    board.place(s, "sind", "ml_activist")
    board.place(s, "delhi", "inc_activist")  # Delhi under Raj Control (2 cubes? 1 Sepoy vs Inactive)
    board.place(s, "delhi", "sepoy")
    board.place(s, "hyderabad", "inc_activist")  # a Princely State: not a City or Province
    d = to_step(s, "campaign.constructive")
    assert d.actor == "inc"
    assert set(ids(d)) == {"bihar:1", "bihar:2", "punjab:1", "punjab:2", "done"}
    engine.apply(s, "inc", "punjab:2")
    assert s.spaces["punjab"].support == -2
    d = engine.decision(s)
    assert d.actor == "inc" and "punjab:1" not in ids(d)
    engine.apply(s, "inc", "done")
    d = engine.decision(s)
    assert d.actor == "ml" and set(ids(d)) == {"sind:1", "sind:2", "done"}
    engine.apply(s, "ml", "sind:1")
    assert s.spaces["sind"].support == -1
    assert engine.decision(s).step != "campaign.constructive"  # Unity 2 reached


def test_pakistan_movement_and_secret_societies():
    """6.3.3, 6.3.4: a Base in a non-Railway space without Raj Control."""
    s = cleared()
    d = to_step(s, "campaign.base")
    assert d.actor == "ml"
    assert "delhi" not in ids(d) and NO_CITY_RAIL not in ids(d) and "sind" in ids(d)
    engine.apply(s, "ml", "sind")
    d = engine.decision(s)
    assert d.actor == "rev" and d.step == "campaign.base"
    engine.apply(s, "rev", "mysore")
    assert s.spaces["sind"].pieces["ml_base"] == 1 and s.spaces["mysore"].pieces["rev_base"] == 1


def test_final_round_ends_after_support_phase():
    """6.3.5, 7.3, 2.4.1: the last Campaign card: the game ends after the
    Support phase on margins; no Redeploy, the Viceroy stays."""
    s = cleared(deck=(5, 12, 9, 14, 15))
    s.deck = [9, 14, 15]
    assert sum(1 for c in s.deck if c > 72) == 0
    d = start_round(s, card=77)
    while d is not None:
        assert not d.step.startswith("campaign.redeploy")
        engine.apply(s, d.actor, "done" if "done" in d.ids() else d.ids()[0])
        d = engine.decision(s)
    r = engine.export_state(s)["result"]
    assert r["how"] == "final" and s.viceroy == 75
    assert r["winner"] == r["ranking"][0]["faction"]
    assert r["margins"] == dv.victory_margins(s)


# --- 6.4 Redeploy --------------------------------------------------------------------------------

def redeploy_position():
    s = cleared()
    # Bihar: Raj Control; Punjab: no Raj Control (Activists on a Protest)
    board.place(s, "bihar", "troop", 1)
    board.place(s, "bihar", "sepoy", 2)
    board.place(s, "punjab", "troop", 1)
    board.place(s, "punjab", "sepoy", 1)
    board.place(s, "punjab", "inc_activist", 3)
    board.add_protest(s, "punjab", for_operation=False)
    board.place(s, "delhi", "troop", 3)
    board.place(s, NO_CITY_RAIL, "troop", 1)
    return s


def to_redeploy(s, faction):
    while (d := engine.decision(s)) is not None and not (d.step == "campaign.redeploy" and d.actor == faction):
        engine.apply(s, d.actor, "done" if "done" in d.ids() else d.ids()[0])
    return d


def test_new_colonial_administration():
    """6.4.1: the triggering Campaign card becomes Viceroy; the old one is discarded."""
    s = redeploy_position()
    start_round(s, card=74)
    to_redeploy(s, "raj")
    assert s.viceroy == 74 and 75 in s.played and s.current is None


def test_raj_redeploy_destinations(old_and_new):
    """6.4.2: Troops to Cities, Railways and Provinces with Raj Control, never
    to States; Sepoys also to States; cubes may leave a Protest space."""
    s = redeploy_position()
    start_round(s)
    d = to_redeploy(s, "raj")
    assert "punjab" in ids(d)  # a Protest space: cubes may leave
    engine.apply(s, "raj", "punjab")
    d = engine.decision(s)
    assert d.step == "campaign.redeploy_to"
    assert "troop:bihar" in ids(d) and "troop:bombay" in ids(d) and "troop:rail_karachi_north" in ids(d)
    assert "troop:hyderabad" not in ids(d) and "sepoy:hyderabad" in ids(d)
    assert "troop:sind" not in ids(d)  # no Raj Control in Sind
    engine.apply(s, "raj", "sepoy:hyderabad")
    assert s.spaces["hyderabad"].pieces["sepoy"] == 1
    # the Sepoy that arrived does not move again
    d = engine.decision(s)
    assert "hyderabad" not in ids(d)


def test_raj_redeploy_upkeep_and_removals():
    """6.4.2: 2 Resources per Troop in a Province or on a Railway; then cubes
    leave Provinces without Raj Control and all but one Troop each City."""
    s = redeploy_position()
    start_round(s)
    to_redeploy(s, "raj")
    res = s.resources["raj"]
    engine.apply(s, "raj", "done")
    # Troops in Bihar, Punjab and on the Railway: 3 x 2
    assert s.resources["raj"] == res - 6
    assert dv.cubes(s.spaces["punjab"]) == 0
    assert s.spaces["bihar"].pieces == {"troop": 1, "sepoy": 2}
    assert s.spaces["delhi"].pieces["troop"] == 1
    assert s.spaces[NO_CITY_RAIL].pieces["troop"] == 1
    assert piece_totals(s) == INVENTORY


def test_raj_must_move_troops_it_cannot_pay_for(old_and_new):
    """6.4.2: with 2 Resources the Raj cannot pay for 3 Troops in Provinces and
    on Railways: "done" is refused until Troops move to Cities."""
    s = redeploy_position()
    start_round(s)
    to_redeploy(s, "raj")
    s.resources["raj"] = 2
    d = engine.decision(s)
    assert "done" not in ids(d)
    with pytest.raises(engine.IllegalChoice) as e:
        engine.apply(s, "raj", "done")
    assert "cannot pay" in e.value.message.fallback()
    engine.apply(s, "raj", "punjab")
    d = engine.decision(s)
    assert "troop:bihar" not in ids(d) and "troop:delhi" in ids(d)  # no more unpaid Troops
    engine.apply(s, "raj", "troop:delhi")
    engine.apply(s, "raj", NO_CITY_RAIL)
    engine.apply(s, "raj", "troop:bombay")
    d = engine.decision(s)
    assert "done" in ids(d)
    engine.apply(s, "raj", "done")
    assert s.resources["raj"] == 0


def test_nonviolent_and_revolutionary_redeploy(old_and_new):
    """6.4.3-6.4.5: pieces on Railways must move; others may move to
    non-Railway spaces without Raj Control (Muslim League / Revolutionaries
    also to their own Base spaces)."""
    s = redeploy_position()
    board.place(s, NO_CITY_RAIL2, "inc_activist", 1)
    board.place(s, "rail_karachi_north", "guerrilla_active", 1)
    board.place(s, "delhi", "rev_base", 1)  # Delhi keeps Raj Control (3 Troops... 1 after removal)
    start_round(s)
    d = to_redeploy(s, "raj")
    engine.apply(s, "raj", "done")
    d = engine.decision(s)
    assert d.actor == "inc" and "done" not in ids(d)
    engine.apply(s, "inc", NO_CITY_RAIL2)
    d = engine.decision(s)
    assert "activist:bihar" not in ids(d)  # Raj Control
    assert "activist:rail_karachi_north" not in ids(d)
    engine.apply(s, "inc", "activist:hyderabad")
    d = engine.decision(s)
    assert d.actor == "inc" and "done" in ids(d)
    engine.apply(s, "inc", "done")
    d = engine.decision(s)
    if old_and_new == 3:
        assert d.actor == "rev" and ids(d) == ["rail_karachi_north"]
        engine.apply(s, "rev", "rail_karachi_north")
    else:  # the only space to Redeploy from: chosen by the engine, logged
        assert [e["params"]["choice"] for e in s.log if e["key"] == "log.only_choice"][-1] == "rail_karachi_north"
    d = engine.decision(s)
    assert "active:delhi" in ids(d)  # own Base, despite Raj Control
    assert "active:bihar" not in ids(d)
    engine.apply(s, "rev", "active:delhi")
    assert s.spaces["delhi"].pieces["guerrilla_underground"] == 1  # Reset: Underground


# --- 6.5 Reset, 2.4 card hand-off, 6.8 Crisis -----------------------------------------------------

def test_reset_phase():
    """6.5: Protests back, one Unrest off each space without Guerrillas,
    Guerrillas Underground, Strikes off, Restraint and Unity = Campaign cards
    left, all Eligible, the swapped Event becomes current."""
    s = cleared()
    s.deck = [9, 74, 14, 76, 15]
    s.next = 12
    board.add_protest(s, "bihar", for_operation=False)
    s.spaces["bihar"].unrest = 2
    s.spaces["mysore"].unrest = 2
    board.place(s, "mysore", "guerrilla_active", 1)
    s.spaces["rail_madras_southwest"].strike = True
    s.eligibility["raj"] = "ineligible"
    start_round(s)
    while (d := engine.decision(s)) is not None and d.step != "sop.act":
        engine.apply(s, d.actor, "done" if "done" in d.ids() else d.ids()[0])
    assert not any(sp.protest for sp in s.spaces.values()) and all(s.protest_boxes)
    assert s.spaces["bihar"].unrest == 1 and s.spaces["mysore"].unrest == 2
    assert s.spaces["mysore"].pieces == {"guerrilla_underground": 1}
    assert not s.spaces["rail_madras_southwest"].strike
    assert s.restraint == 2 and s.unity == 2
    assert all(v == "eligible" for v in s.eligibility.values())
    assert s.current == 12 and s.next == 9 and s.viceroy == 73
    assert d.actor in ("raj", "inc", "ml", "rev")


def test_crisis_before_final_campaign():
    """6.8: the Reset before the final Campaign triggers a Crisis: the Raj
    rolls and brings that many cubes from Out of Play before anyone acts."""
    s = cleared(options={"stacked": {"deck": [5, 12, 9, 14, 74, 15], "viceroy": 75, "dice": [2]}})
    s.deck = [9, 74, 14]
    s.next = 12
    board.transfer(s, "troop", 3, "available", "out_of_play")
    oop = s.out_of_play["troop"]
    start_round(s)
    while (d := engine.decision(s)) is not None and d.step not in ("crisis.cubes", "sop.act"):
        engine.apply(s, d.actor, "done" if "done" in d.ids() else d.ids()[0])
    assert s.restraint == 1 and s.unity == 1 and dv.crisis(s)
    assert d.step == "crisis.cubes" and d.actor == "raj"
    assert "troop:hyderabad" not in ids(d) and "troop:bihar" in ids(d)
    engine.apply(s, "raj", "troop:bihar")
    engine.apply(s, "raj", "troop:bihar")
    assert s.spaces["bihar"].pieces["troop"] == 2 and s.out_of_play["troop"] == oop - 2
    d = engine.decision(s)
    assert d.step == "sop.act" and not s.crisis_triggered


def test_crisis_triggered_and_ended_in_one_turn():
    """6.8: a Crisis entered and left during one turn still gives the Raj its
    roll at the end of that turn."""
    s = cleared({"stacked": {"deck": [5, 12, 9, 14, 74, 15], "viceroy": 75, "dice": [1]}})
    board.transfer(s, "sepoy", 2, "available", "out_of_play")
    s.restraint, s.unity = 2, 1
    board.shift_restraint(s, -1)   # Crisis
    assert dv.crisis(s)
    board.shift_unity(s, +1)       # and over again
    assert not dv.crisis(s) and s.crisis_triggered
    d = run_from(s, frame("sop.after_action", faction="rev"))
    assert d.step == "crisis.cubes" and d.actor == "raj"
    engine.apply(s, "raj", "sepoy:hyderabad")  # Sepoys may go to States
    assert s.spaces["hyderabad"].pieces["sepoy"] == 1
    assert engine.decision(s).step == "sop.act"


def test_campaign_card_revealed_triggers_round_through_card_flow():
    """2.4: all pass on the current card; the Campaign card revealed next is
    swapped in and a Campaign round is played; the swapped Event then becomes
    the current card."""
    s = cleared(deck=(5, 12, 73, 9, 14, 74, 15))
    seen = set()
    while (d := engine.decision(s)) is not None and s.campaigns_done == 0:
        seen.add(d.step)
        if d.step == "sop.act":
            engine.apply(s, d.actor, "pass")
        else:
            engine.apply(s, d.actor, "done" if "done" in d.ids() else d.ids()[-1])
    assert s.campaigns_done == 1 and s.viceroy == 73 and s.current == 12 and s.next == 9


# --- whole games -------------------------------------------------------------------------------

@pytest.mark.parametrize("scenario", ["short", "main"])
def test_random_games_end_with_a_result(scenario):
    """Random legal play completes whole games with a result every time."""
    for seed in range(10):
        s = engine.new_game("gandhi", scenario, seed)
        play_random(s, random.Random(seed))
        r = engine.export_state(s)["result"]
        assert r is not None and r["how"] in ("victory_check", "final")
        assert r["winner"] in ("raj", "inc", "ml", "rev")
        assert r["margins"] == dv.victory_margins(s)
        assert sorted(x["rank"] for x in r["ranking"]) == [1, 2, 3, 4]
        assert piece_totals(s) == INVENTORY
        assert 0 <= s.resources["raj"] <= 50 and 0 <= s.resources["rev"] <= 50


def test_redeploy_refusals_say_why():
    """6.4.2, 1.3.5: a Troop sent to a State or an uncontrolled Province is
    refused with the rule's reason; nothing changes."""
    s = redeploy_position()
    start_round(s)
    to_redeploy(s, "raj")
    engine.apply(s, "raj", "delhi")
    before = engine.dump_state(s)
    with pytest.raises(engine.IllegalChoice) as e:
        engine.apply(s, "raj", "troop:hyderabad")
    assert "never enter a State" in e.value.message.fallback()
    with pytest.raises(engine.IllegalChoice) as e:
        engine.apply(s, "raj", "troop:sind")
    assert "without Raj Control" in e.value.message.fallback()
    assert engine.dump_state(s) == before
