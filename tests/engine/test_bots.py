"""The Arjuna bots (rules 8.x): whole games with four bots, NP Eligibility
(8.2.1), Space Selection (8.4.1) and Adversary (8.5) Priorities, the Arjuna
deck (8.3), random spaces (8.1.2), and the NP instructions of 8.1.4."""
import pytest

import engine
from engine.core.messages import Choice, Decision, Message
from engine.gandhi.bots import choose
from engine.gandhi.bots import arjuna_deck, eligibility, policy, priorities, random_spaces, special
from engine.gandhi.data import get_data
from engine.gandhi.invariants import check

# The bots' answers under the newest ruleset (a decision with one answer is applied by the
# engine, ruleset 4); the tests marked ``ruleset3`` keep the one-decision-at-a-time shapes
# of games begun before (tests/conftest.py).

BOTS = {f: "bot" for f in ("raj", "inc", "ml", "rev")}


def _play(scenario, seed, max_moves=20000):
    # as the service starts a game with bot seats (spec bot_options: the NP rules, 2.1)
    s = engine.new_game("gandhi", scenario, seed, {"players": BOTS, "np_rules": True})
    n = 0
    while (d := engine.decision(s)) is not None:
        before = engine.dump_state(s)
        cid = choose(s, d)
        assert engine.dump_state(s) == before, f"choose changed the state at {d.step}"
        assert d.find(cid) is not None  # one of the choices, or several joined (ruleset 5)
        engine.apply(s, d.actor, cid)
        nxt = engine.decision(s)
        # Troops in a new Muslim State are moved out by the next decision (4.4.1)
        errs = [] if nxt is not None and nxt.step == "muslim_state.troops" else check(s)
        assert not errs, f"seed {seed} move {n} ({d.step}): {errs}"
        n += 1
        assert n < max_moves, f"seed {seed}: no end after {n} choices (at {d.step})"
    return s


@pytest.mark.parametrize("scenario", ["short", "main"])
def test_four_bots_finish_whole_games(scenario):
    """Scope 1: 20 seeds per scenario, all four factions bots, invariants
    after every choice, choose never mutates the state, never a bad id."""
    winners = set()
    for seed in range(20):
        s = _play(scenario, seed)
        assert s.result is not None
        winners.add(s.result.get("winner"))
    assert policy.HANDLER_ERRORS == {}, policy.HANDLER_ERRORS
    assert len(winners) >= 2  # not one faction by construction


@pytest.mark.usefixtures("ruleset3")
@pytest.mark.parametrize("scenario", ["short", "main"])
def test_four_bots_finish_whole_games_ruleset3(scenario):
    """Games begun under ruleset 3 (every decision asked, Resources paid
    outside Operations) still play to the end with four bots."""
    for seed in range(4):
        s = _play(scenario, seed)
        assert s.result is not None and s.options["ruleset"] == 3
    assert policy.HANDLER_ERRORS == {}, policy.HANDLER_ERRORS


def test_bot_games_replay_exactly():
    """All bot randomness is derived from (seed, move): two runs are identical."""
    a = _play("short", 5)
    b = _play("short", 5)
    assert engine.export_state(a) == engine.export_state(b)


def _new(deck, **kw):
    return engine.new_game("gandhi", "short", 1, {"players": BOTS, "stacked": {"deck": deck, "viceroy": 75}})


def test_8_2_first_eligible_critical_effective_event():
    """8.2.1 1st Eligible (1): card #1 is Critical for the Raj and its unshaded
    text adds cubes (effective, 8.8.3): the NP Raj plays the Event."""
    s = _new([1, 2, 3, 4, 5, 6])
    d = engine.decision(s)
    assert d.step == "sop.act" and d.actor == "raj"
    assert eligibility.is_critical(1, "raj")
    assert eligibility.effective(s, "raj", "unshaded")
    assert choose(s, d) == "event-unshaded"


@pytest.mark.usefixtures("ruleset4")  # the 8.2 table on ruleset 4's "op"/"op+sa" shapes
def test_8_2_first_eligible_not_critical_does_op_sa():
    """8.2.1 1st Eligible (4): no Critical Event now or next, for it or the next
    Eligible -> Operation + Special Activity."""
    ev = get_data().cards.events
    cur = next(n for n, c in ev.items() if not c.critical)
    nxt = next(n for n, c in ev.items() if not c.critical and n != cur)
    s = _new([cur, nxt, 1, 4, 5, 6])
    d = engine.decision(s)
    assert d.step == "sop.act" and "op+sa" in d.ids()
    assert choose(s, d) == "op+sa"


@pytest.mark.usefixtures("ruleset4")  # the 8.2 table on ruleset 4's "op"/"op+sa" shapes
def test_8_2_second_eligible_after_operation_only_does_limited_op():
    """8.2.1 2nd Eligible (4): the 1st did Operation only -> Limited Operation
    (unless it will surely be 1st on the next card: (3) Pass)."""
    s = _new([3, 2, 1, 4, 5, 6])
    d = engine.decision(s)
    engine.apply(s, d.actor, "op")
    # finish the 1st Eligible's Operation with the bot
    while (d2 := engine.decision(s)).step != "sop.act":
        engine.apply(s, d2.actor, choose(s, d2))
    assert s.turn.first_action == "op"
    cid = choose(s, d2)
    if eligibility.surely_first_next(s, d2.actor):
        assert cid == "pass"
    else:
        assert cid == ("limited-op" if "limited-op" in d2.ids() else cid)
        assert cid in ("limited-op", "pass")


def test_8_2_surely_first_next_card():
    """'Surely 1st Eligible on the next card': every faction before it in the
    next card's order has acted on this card (and so will be Ineligible)."""
    s = _new([1, 2, 3, 4, 5, 6])
    order = list(get_data().cards.events[s.next].faction_order)
    first, second = order[0], order[1]
    assert eligibility.surely_first_next(s, first)
    assert not eligibility.surely_first_next(s, second)
    s.turn.acted.append(first)
    assert eligibility.surely_first_next(s, second)


def test_8_8_2_sides():
    """8.8.2: the NP Raj plays unshaded; the others shaded unless haloed."""
    assert eligibility.np_side(10, "raj") == "unshaded"
    cards = get_data().cards
    for n, c in cards.events.items():
        for f in ("inc", "ml", "rev"):
            assert eligibility.np_side(n, f) == ("unshaded" if f in c.halo else "shaded")


def test_8_4_1_example_civil_disobedience_place_protest():
    """8.4.1 ESEMPIO: NP Congress Civil Disobedience, Place Protest column among
    United Provinces (Active Opposition), Bihar, West Bengal, Central India
    Agency: 1st Protest to Bihar (not Active Opposition, 2 Pop, non-Muslim);
    then West Bengal (2 Pop) over Central India Agency."""
    s = _new([3, 2, 1, 4, 5, 6])
    s.spaces["united_provinces"].support = -2
    for x in ("bihar", "west_bengal", "central_india_agency"):
        s.spaces[x].support = 0
    cands = ["united_provinces", "bihar", "west_bengal", "central_india_agency"]
    assert priorities.select_space(s, "inc", "place_protest", cands) == "bihar"
    cands.remove("bihar")
    assert priorities.select_space(s, "inc", "place_protest", cands) == "west_bengal"


def test_8_5_example_assault_targets():
    """8.5 ESEMPIO: Raj and League NP, Revolutionaries a player: in Punjab the
    NP Raj takes Gandhi first, then the (player's) Guerrillas, then the League
    Activist."""
    s = _new([3, 2, 1, 4, 5, 6])
    s.players = {"raj": "bot", "ml": "bot", "inc": "bot", "rev": "human"}
    order = priorities.rank_adversary(s, "raj", ["ml", "underground", "gandhi"], "punjab")
    assert order == ["gandhi", "underground", "ml"]
    # markers before pieces; never own pieces
    assert priorities.rank_adversary(s, "rev", ["sepoy", "unrest", "protest"])[:2] == ["protest", "sepoy"]
    assert priorities.is_own("ml", "punjab:muslim_state") and priorities.is_own("inc", "protest")


def test_8_1_2_random_space_walks_the_map():
    """8.1.2: a roll that names an unavailable space goes on to the next slot;
    Railways only when nothing else ties (8.1.3); same state -> same pick."""
    s = _new([3, 2, 1, 4, 5, 6])
    cands = ["bihar", "calcutta", "rail_punjab_delhi"]
    a = random_spaces.random_space(s, cands, "x")
    assert a in ("bihar", "calcutta")
    assert random_spaces.random_space(s, cands, "x") == a
    rails = ["rail_punjab_delhi", "rail_exiting_bombay"]
    assert random_spaces.random_space(s, rails, "y") in rails


def _bot_op(s, faction, op, kind="op"):
    """Start ``faction``'s ``op`` on top of the stack (as the SoP would) and
    return the bot's choices until the Operation ends (step, choice) pairs."""
    from engine.gandhi.actions import begin_operation

    s.players = dict(BOTS)
    begin_operation(s, faction, kind, only=[op])
    out = []
    while (d := engine.decision(s)) is not None and d.step != "sop.act":
        cid = choose(s, d)
        out.append((d.step, cid))
        engine.apply(s, d.actor, cid)
        assert len(out) < 500
    return out


def _blank(viceroy=75, **kw):
    from tests.engine.helpers import blank

    s = blank(deck=(3, 2, 1, 4, 5, 6), viceroy=viceroy, **kw)
    s.players = dict(BOTS)
    return s


def test_8_1_5_deploy_bring_three_troops_then_sepoys():
    """8.1.5 ESEMPIO 'Bring': Delhi with 2 Troops gets 1 Troop, then 5 Sepoys
    (6 cubes placed in all)."""
    from tests.engine.helpers import put

    s = _blank()
    s.restraint = 0  # 8.6.2: Activation Number 0 -> the roll never fails
    s.resources["raj"] = 50
    put(s, "delhi", troop=2)
    s.action = {"faction": "raj", "kind": "op", "op": "deploy", "spaces": ["delhi"], "sa": None,
                "sa_spaces": [], "sa_state": "none", "free": False, "data": {"paid": {"delhi": True}, "moved": {}}}
    s.stack.append({"step": "raj.deploy.place", "sid": "delhi", "placed": 0, "cost": 0})
    seq = []
    while (d := engine.decision(s)).step == "raj.deploy.place":
        seq.append(choose(s, d))
        engine.apply(s, "raj", seq[-1])
    # the Arjuna picks, 1 Troop then Sepoys to the 6th cube (3.2.1), as ruleset 5's one answer
    assert seq == ["troop+sepoy*5"]
    assert s.spaces["delhi"].pieces == {"troop": 3, "sepoy": 5}


def test_8_4_2_sweep_movement_priorities():
    """8.4.2 / 8.6.3 Sweep into a Province: origin = most cubes, 1 Troop
    first, then 1 Sepoy, then Sepoys before Troops until the cubes exceed the
    Active adversaries (Underground Guerrillas counted); keep 1 Troop and 1
    Sepoy in a 2-Pop space not at Active Support; never lose Raj Control."""
    from tests.engine.helpers import put

    s = _blank()
    s.restraint = 0
    s.resources["raj"] = 50
    # Bihar (2 Pop, Province): 2 Underground + 1 Active Guerrilla -> cubes must exceed 3
    put(s, "bihar", guerrilla_underground=2, guerrilla_active=1)
    put(s, "calcutta", troop=3, sepoy=4)  # most cubes, 2-Pop City at Neutral: keeps 1 Troop and 1 Sepoy
    put(s, "united_provinces", troop=1, sepoy=1, inc_activist=1)  # would lose Raj Control
    s.action = {"faction": "raj", "kind": "op", "op": "sweep", "spaces": ["bihar"], "sa": None,
                "sa_spaces": [], "sa_state": "none", "free": False, "data": {"paid": {"bihar": True}, "moved": {}}}
    s.stack.append({"step": "raj.sweep.move", "sid": "bihar", "moved": 0, "wavell": False})
    seq = []
    while (d := engine.decision(s)).step == "raj.sweep.move":
        seq.append(choose(s, d))
        engine.apply(s, "raj", seq[-1])
    # the picks (1 Troop first, then Sepoys) as ruleset 5's one answer for the space
    assert seq == ["troop:calcutta+sepoy:calcutta*3"]
    bihar = s.spaces["bihar"].pieces
    assert bihar.get("troop", 0) + bihar.get("sepoy", 0) == 4  # exceeds 3
    assert s.spaces["calcutta"].pieces == {"troop": 2, "sepoy": 1}  # Sepoys first, 1 kept
    assert s.spaces["united_provinces"].pieces.get("troop") == 1


def _demonstrate_board():
    from tests.engine.helpers import put

    s = _blank()
    put(s, "bihar", troop=2)
    put(s, "united_provinces", inc_activist=2)  # Protest there: keeps 2
    s.spaces["united_provinces"].protest = True
    put(s, "west_bengal", inc_activist=3)
    s.action = {"faction": "inc", "kind": "op", "op": "demonstrate", "spaces": ["bihar"], "sa": None,
                "sa_spaces": [], "sa_state": "none", "free": False, "data": {}}
    s.stack.append({"step": "nv.demonstrate.protest", "faction": "inc", "space": "bihar"})
    s.stack.append({"step": "nv.demonstrate.move", "faction": "inc", "space": "bihar", "own": {}, "other": {}})
    return s


def _demonstrate_orissa(s):
    s.action["spaces"].append("orissa")
    s.stack.append({"step": "nv.demonstrate.protest", "faction": "inc", "space": "orissa"})
    s.stack.append({"step": "nv.demonstrate.move", "faction": "inc", "space": "orissa", "own": {}, "other": {}})
    seq = []
    while (d := engine.decision(s)).step.startswith("nv.demonstrate"):
        seq.append(choose(s, d))
        engine.apply(s, "inc", seq[-1])
    return seq


@pytest.mark.usefixtures("ruleset3")
def test_8_4_2_demonstrate_movement_priorities():
    """8.4.2 / 8.6.4 Congress Demonstrate: origin = most Congress Activists
    (not United Provinces: it keeps 2 in its Protest), add Activists until
    they equal the cubes; a Protest only where there is no Raj Control.
    Ruleset 3: every decision asked, one Activist at a time."""
    s = _demonstrate_board()
    seq = []
    while (d := engine.decision(s)).step.startswith("nv.demonstrate"):
        seq.append(choose(s, d))
        engine.apply(s, "inc", seq[-1])
    assert seq == ["west_bengal", "west_bengal", "done"]  # Raj Control stays (Activists not Active): no Protest
    assert s.spaces["bihar"].pieces.get("inc_activist") == 2 and not s.spaces["bihar"].protest
    assert s.spaces["united_provinces"].pieces.get("inc_activist") == 2
    # a destination without cubes: 1 Activist, then a Protest (no Raj Control)
    seq = _demonstrate_orissa(s)
    assert seq == ["west_bengal", "done", "protest"] and s.spaces["orissa"].protest


# ruleset 5: Demonstrate's Protest comes with the end of the moves
def test_8_4_2_demonstrate_movement_priorities_newest_ruleset():
    """The same Demonstrate (8.4.2 / 8.6.4) under the newest ruleset, where a
    decision with one answer is applied by the engine: West Bengal (most
    Congress Activists) sends 2 to Bihar, United Provinces keeps its 2 in its
    Protest, no Protest under Raj Control; Orissa (no cubes) gets 1 Activist and
    a Protest."""
    s = _demonstrate_board()
    while (d := engine.decision(s)).step.startswith("nv.demonstrate"):
        engine.apply(s, "inc", choose(s, d))
    assert s.spaces["bihar"].pieces.get("inc_activist") == 2 and not s.spaces["bihar"].protest
    assert s.spaces["united_provinces"].pieces.get("inc_activist") == 2
    assert s.spaces["west_bengal"].pieces.get("inc_activist") == 1
    _demonstrate_orissa(s)
    assert s.spaces["orissa"].pieces.get("inc_activist") == 1 and s.spaces["orissa"].protest
    assert not s.spaces["west_bengal"].pieces.get("inc_activist")


def test_8_4_2_march_movement_priorities():
    """8.4.2 / 8.6.6 March: origin = most Guerrillas; keep 3 Guerrillas where
    there is no Unrest; one Guerrilla at a time, Underground first."""
    from tests.engine.helpers import put

    s = _blank()
    s.resources["rev"] = 20
    s.restraint = 0  # Activation Number 0: the March goes on
    put(s, "bihar", guerrilla_underground=4, guerrilla_active=1)  # 5, no Unrest: 2 may leave
    put(s, "orissa", guerrilla_underground=3)  # 3, no Unrest: none may leave
    steps = _bot_op(s, "rev", "march")
    origins = [c for st, c in steps if st == "op.loop" and c in s.spaces]
    assert origins == ["bihar"]
    assert sum(1 for st, c in steps if st == "choose:rev.march.dest" and c != "done") == 2
    assert dv_g(s, "bihar") == 3 and dv_g(s, "orissa") == 3


def dv_g(s, sid):
    from engine.gandhi import derived as dv

    return dv.guerrillas(s.spaces[sid])


def test_8_6_2_rev_activation_roll_ends_operation():
    """8.6.2: an NP Revolutionary Operation ends after a space whose roll is at
    or under the Activation Number (Restraint 6: after the first space)."""
    from engine.gandhi.bots import movement

    s = _blank()
    s.restraint = 6
    ctx = {"faction": "rev", "op": "rally", "spaces": ["bihar"], "data": {}}
    assert movement.rev_stop(s, ctx)
    s.restraint = 0
    assert not movement.rev_stop(s, ctx)


def test_8_6_2_raj_sepoys_until_roll_fails():
    """8.6.2: the NP Raj uses Sepoys until a roll at or under the Activation
    Number; then Troops only (Restraint 6: after the first Sepoy space)."""
    from engine.gandhi.bots import movement

    s = _blank()
    s.restraint = 6
    ctx = {"faction": "raj", "op": "assault", "spaces": ["delhi", "bihar"], "data": {"paid": {"delhi": True}}}
    assert not movement.raj_failed(s, ctx, upto=0)
    assert movement.raj_failed(s, ctx)
    ctx["data"]["paid"] = {"delhi": False}
    assert not movement.raj_failed(s, ctx)


def test_8_1_4_np_instructions():
    """8.1.4: NP Raj refuses Gandhi's release; a passing NP Congress brings its
    own Activist from Out of Play; Crisis: Troops first by Place Cubes."""
    s = _new([3, 2, 1, 4, 5, 6])
    mk = lambda actor, step, ids: Decision(actor, Message("p"), [Choice(c, Message(c)) for c in ids], step)  # noqa
    assert choose(s, mk("raj", "inc.satyagraha.release", ["release", "refuse"])) == "refuse"
    assert choose(s, mk("inc", "sop.pass_nv", ["ml_activist", "inc_activist", "none"])) == "inc_activist"
    assert choose(s, mk("ml", "sop.pass_nv", ["inc_activist", "none"])) == "none"
    assert choose(s, mk("raj", "crisis.cubes", ["sepoy:delhi", "troop:delhi", "troop:bombay", "done"])).startswith("troop:")


def test_8_3_arjuna_plan_offers_only_offered_operations():
    """8.3: the card's Operation is taken only if it can be done now, else a new
    card is drawn; the plan is fixed for the turn (same state -> same plan)."""
    s = _new([3, 2, 1, 4, 5, 6])
    for f, ops in (("raj", ["deploy", "sweep"]), ("inc", ["rally"]), ("ml", ["demonstrate", "rally"]),
                   ("rev", ["rally", "march"])):
        p = arjuna_deck.plan(s, f, ops)
        assert p.op in ops
        assert arjuna_deck.plan(s, f, ops) == p
    assert arjuna_deck.plan(s, "raj", []).op is None
    assert len(arjuna_deck.deck_order(s, "raj")) == 6


def test_8_1_6_activation_numbers():
    """8.6.2 / 8.1.6: Activation Number = Restraint; Willingdon Deploy 1."""
    s = _new([3, 2, 1, 4, 5, 6])
    s.restraint = 4
    assert arjuna_deck.activation_number(s, "raj", "deploy") == 4
    s.viceroy = 76  # Willingdon
    assert arjuna_deck.activation_number(s, "raj", "deploy") == 1
    assert arjuna_deck.activation_number(s, "raj", "sweep") == 4


def _decide_at(s, fr):
    """Push frame ``fr`` and return (decision, bot choice)."""
    s.stack.append(fr)
    d = engine.decision(s)
    return d, choose(s, d)


def test_8_9_2_constructive_programme_full_levels_up_to_unity():
    """8.9.2: the NP Congress selects as many spaces as possible up to Unity
    (Shift toward Opposition column), 2 levels each."""
    from tests.engine.helpers import put

    s = _blank()
    s.unity = 2
    for x in ("bihar", "orissa", "united_provinces"):
        put(s, x, inc_activist=1)
    chosen = []
    s.stack.append({"step": "campaign.constructive", "faction": "inc", "chosen": []})
    while (d := engine.decision(s)).step == "campaign.constructive" and d.actor == "inc":
        cid = choose(s, d)
        assert cid != "done"
        assert cid.endswith(":2")
        chosen.append(cid.split(":")[0])
        engine.apply(s, "inc", cid)
    assert len(chosen) == 2 and all(s.spaces[x].support == -2 for x in chosen)
    # 2-Pop first (Shift toward Opposition column): Bihar and United Provinces over Orissa
    assert set(chosen) == {"bihar", "united_provinces"}


def test_8_9_2_imperialism_within_twice_a_die_roll():
    """8.9.2: NP Raj Imperialism buys at most twice a die roll in all (Unrest
    first in each space), in up to 4 spaces by Shift toward Support."""
    from engine.gandhi.bots import campaign as npc
    from tests.engine.helpers import put

    s = _blank()
    s.resources["raj"] = 50
    for x in ("bihar", "united_provinces", "punjab", "bombay_presidency", "madras_presidency"):
        put(s, x, troop=2, sepoy=2)
        s.spaces[x].support = -2
    s.spaces["bihar"].unrest = 1
    s.log.append({"key": "log.earnings", "params": {}, "actor": None, "text": ""})
    s.stack.append({"step": "campaign.imperialism", "chosen": []})
    first = None
    while (d := engine.decision(s)).step.startswith("campaign.imperialism"):
        cid = choose(s, d)
        first = first or cid
        engine.apply(s, "raj", cid)
    bought = npc._purchases_this_round(s)
    assert bought <= 2 * npc._campaign_die(s)
    assert bought == min(2 * npc._campaign_die(s), 4 * 2 + 1)
    assert first == "bihar"  # Unrest row of the Shift toward Support column
    assert s.spaces["bihar"].unrest == 0


def test_8_9_3_raj_redeploy_sepoys_to_match_troops_first():
    """8.9.3 Raj step 1: for each Troop in a Province, a Sepoy moves there;
    origins: Provinces without Raj Control first, never losing Raj Control."""
    from tests.engine.helpers import put

    s = _blank()
    s.resources["raj"] = 50
    put(s, "bihar", troop=2)  # Raj Control, Troops without Sepoys
    put(s, "orissa", sepoy=1, inc_activist=1, guerrilla_active=1)  # a State: keeps its 1 Sepoy
    put(s, "central_provinces", sepoy=2, guerrilla_active=3)  # Province without Raj Control: moved first
    put(s, "delhi", troop=1, sepoy=3)
    d, cid = _decide_at(s, {"step": "campaign.redeploy", "faction": "raj", "moved": {}})
    assert cid == "central_provinces"
    engine.apply(s, "raj", cid)
    d = engine.decision(s)
    assert choose(s, d) == "sepoy:bihar*2"  # one Sepoy per Troop there, in ruleset 5's one answer


def test_8_9_2_bases_and_gandhi_release():
    """8.9.2: the NP League and Revolutionaries always place their Base; the
    NP Raj releases Gandhi into a space without Raj Control."""
    mk = lambda actor, step, ids: Decision(actor, Message("p"), [Choice(c, Message(c)) for c in ids], step)  # noqa
    s = _blank()
    s.spaces["punjab"].pieces["ml_activist"] = 2
    s.available["ml_activist"] -= 2
    assert choose(s, mk("ml", "campaign.base", ["punjab", "sind", "done"])) == "punjab"
    assert choose(s, mk("rev", "campaign.base", ["bihar", "sind", "done"])) in ("bihar", "sind")
    assert choose(s, mk("raj", "campaign.gandhi_release", ["bihar", "sind"])) in ("bihar", "sind")


def _card_box(letter, activity):
    from engine.gandhi.data.arjuna import load_arjuna

    for c in load_arjuna():
        for f in c.faces:
            if f.letter == letter:
                for st in f.flow:
                    if st.kind == "special_activity":
                        for o in st.sa:
                            if o.activity == activity:
                                return o
    raise LookupError(letter)


def test_8_7_1_example_govern_card_bb(monkeypatch):
    """8.7.1 ESEMPIO (Govern, card BB): no Protest space without Activists, so
    action 1 is skipped; Imperialism by Shift toward Support picks Bihar (2 Pop,
    no Protest, Unrest, most Opposition); in Bihar the Unrest goes first."""
    from engine.gandhi.bots import special
    from tests.engine.helpers import put

    box = _card_box("BB", "Govern")
    monkeypatch.setattr(arjuna_deck, "plan", lambda *a, **k: arjuna_deck.Plan("BB", "deploy", sa_opts=[box]))
    s = _blank()
    put(s, "bihar", troop=1, sepoy=1)
    s.spaces["bihar"].support = -1
    s.spaces["bihar"].unrest = 1
    put(s, "orissa", sepoy=1)
    put(s, "united_provinces", troop=1, inc_activist=1)  # Activists: no Imperialism there
    s.action = {"faction": "raj", "kind": "op+sa", "op": "deploy", "spaces": ["delhi"], "sa": "govern",
                "sa_spaces": [], "sa_state": "active", "free": False, "data": {}}
    cands, col = special.sa_spaces(s, s.action, ["bihar", "orissa", "united_provinces"])
    assert col == "shift_support" and "united_provinces" not in cands
    assert priorities.select_space(s, "raj", col, cands) == "bihar"
    mk = lambda step, ids: Decision("raj", Message("p"), [Choice(c, Message(c)) for c in ids], step)  # noqa
    assert choose(s, mk("raj.govern.mode", ["remove", "imperialism"])) == "imperialism"
    assert choose(s, mk("raj.imperialism", ["shift", "unrest", "done"])) == "unrest"
    # a Protest space with cubes and no Activists: action 1 (Remove Protest) first
    s.spaces["orissa"].protest = True
    cands, col = special.sa_spaces(s, s.action, ["bihar", "orissa", "united_provinces"])
    assert cands == ["orissa"] and col == "remove"


def test_8_7_1_martial_law_and_linlithgow(monkeypatch):
    """8.7.1 / 8.1.6: Martial Law only where there is Unrest and no Support
    (1 space, 2 in Crisis); Lord Linlithgow: spaces without Unrest."""
    from engine.gandhi.bots import special

    s = _blank()
    s.spaces["bihar"].unrest = 1
    s.spaces["punjab"].unrest = 1
    s.spaces["punjab"].support = 1
    ctx = {"faction": "raj", "op": "assault", "sa": "martial_law", "spaces": [], "sa_spaces": []}
    cands, col = special.sa_spaces(s, ctx, ["bihar", "punjab", "orissa"])
    assert cands == ["bihar"] and col == "remove"
    assert special.sa_limit(s, ctx) == (2 if engine_crisis(s) else 1)
    s.viceroy = 77  # Linlithgow
    cands, _ = special.sa_spaces(s, ctx, ["bihar", "punjab", "orissa"])
    assert cands == ["orissa"]


def engine_crisis(s):
    from engine.gandhi import derived as dv

    return dv.crisis(s)


def test_8_7_2_satyagraha_and_negotiate_follow_the_card(monkeypatch):
    """8.7: only the card's actions, in order: card L Satyagraha 'Add 1
    Activist' before 'Remove Unrest'; card H Negotiate only to release Gandhi
    (never to remove a Muslim State)."""
    s = _blank()
    mk = lambda actor, step, ids: Decision(actor, Message("p"), [Choice(c, Message(c)) for c in ids], step)  # noqa
    s.action = {"faction": "inc", "kind": "op+sa", "op": "rally", "spaces": [], "sa": "satyagraha",
                "sa_spaces": [], "sa_state": "active", "free": False, "data": {}}
    box = _card_box("L", "Satyagraha")
    monkeypatch.setattr(arjuna_deck, "plan", lambda *a, **k: arjuna_deck.Plan("L", "rally", sa_opts=[box]))
    assert choose(s, mk("inc", "inc.satyagraha.choose", ["remove", "activist"])) == "activist"
    box = _card_box("H", "Negotiate")
    s.action["sa"] = "negotiate"
    monkeypatch.setattr(arjuna_deck, "plan", lambda *a, **k: arjuna_deck.Plan("H", "rally", sa_opts=[box]))
    assert choose(s, mk("inc", "inc.negotiate.option", ["gandhi", "muslim_state", "none"])) == "gandhi"


def test_8_6_2_np_raj_and_revolutionaries_pay_no_resources():
    """8.6.2: with the option np_rules, NP Raj / Revolutionary Operations are
    free (the Activation rolls bound them); a human Raj still pays. (From
    ruleset 5 they pay and gain nothing at all, 8.1: tests/engine/test_nonplayer.py.)"""
    from engine.gandhi.actions import np_free

    s = engine.new_game("gandhi", "short", 3, {"players": BOTS, "np_rules": True})
    assert np_free(s, "raj") and np_free(s, "rev") and not np_free(s, "inc")
    s.resources["raj"] = 0
    steps = _bot_op(s, "raj", "deploy")
    assert any("sepoy" in c for _, c in steps)  # Sepoys used (ruleset 5: with the space, in the counts)
    assert s.resources["raj"] == 0
    s2 = engine.new_game("gandhi", "short", 3, {"players": dict(BOTS, raj="human"), "np_rules": True})
    assert not np_free(s2, "raj")
    fin = _play_opts("short", 4, {"np_rules": True})
    assert fin.result is not None


def _play_opts(scenario, seed, extra):
    s = engine.new_game("gandhi", scenario, seed, {"players": BOTS, **extra})
    n = 0
    while (d := engine.decision(s)) is not None:
        engine.apply(s, d.actor, choose(s, d))
        n += 1
        assert n < 20000
    assert not check(s)
    return s


def test_np_raj_assaults_with_every_cube():
    """8.6.3: the NP Raj uses all its cubes in an Assault space (raj.assault.cubes)."""
    from engine.core.messages import Choice, Decision, Message
    from engine.gandhi.bots import choose

    s = engine.new_game("gandhi", "short", 1)
    d = Decision("raj", Message("p"), [Choice(str(n), Message(str(n))) for n in (3, 2, 1)], "raj.assault.cubes")
    assert choose(s, d) == "3"


@pytest.mark.usefixtures("ruleset4")  # ruleset 4: the Special Activity after is offered when the Operation ends
def test_8_3_special_activity_in_the_cards_order():
    """8.3 step 3: the card is read top to bottom. A Special Activity box
    after the Operation box (card B: Deploy, then Martial Law / Govern) is
    done after every Operation space; one before it (card BB: "Govern
    first", 8.6 example) is done before the first space. Over whole 4-bot
    games: no Special Activity starts mid-Operation when the card lists it
    after, and one listed before starts at once."""
    seen_after = seen_first = 0
    for seed in range(6):
        s = engine.new_game("gandhi", "short" if seed % 2 else "main", seed, {"players": BOTS})
        while (d := engine.decision(s)) is not None:
            cid = choose(s, d)
            if d.step == "op.loop" and s.action["kind"] == "op+sa" and any(c.startswith("sa:") for c in d.ids()):
                p = arjuna_deck.action_plan(s, d.actor, s.action["op"])
                first = special.first_doable(s, s.action, [c[3:] for c in d.ids() if c.startswith("sa:")])
                if p.sa_first and first:
                    assert cid == f"sa:{first}", (seed, d.step, cid)  # as soon as it can start (8.7)
                    seen_first += 1
                elif not p.sa_first:
                    assert not cid.startswith("sa:"), (seed, s.action["op"], cid)
                    seen_after += 1
            engine.apply(s, d.actor, cid)
    assert seen_after and seen_first


def test_8_3_special_activity_in_the_cards_order_newest_ruleset():
    """8.3 step 3 under ruleset 5, where the Special Activity is offered
    beside the Operation's spaces and one "done" closes both: a box listed
    before the Operation (card BB) starts at once; one listed after (card B)
    starts only when the bot chooses no more Operation spaces, so no
    Operation space follows it in the same action - but the Civil
    Disobedience of cards H and J "continued" in Gandhi's space after a
    Satyagraha (R-8.6.4-continued)."""
    from engine.gandhi.bots import policy

    seen_after = seen_first = 0
    for seed in range(6):
        s = engine.new_game("gandhi", "short" if seed % 2 else "main", seed, {"players": BOTS})
        started_after = None  # (card, faction) whose later Special Activity has begun
        while (d := engine.decision(s)) is not None:
            cid = choose(s, d)
            if d.step == "op.loop":
                key = (len(s.played), d.actor)
                continued = (arjuna_deck.action_plan(s, d.actor, s.action["op"]).continued
                             and s.action["sa"] == "satyagraha" and s.spaces[cid].pieces.get("gandhi")
                             if cid in s.spaces else False)
                assert not (key == started_after and cid in s.spaces and not continued), (seed, s.action["op"], cid)
                sas = [c[3:] for c in d.ids() if c.startswith("sa:")]
                if sas and not policy._op_only(s, s.action):  # 8.2.1: Operation only, no Special Activity
                    p = arjuna_deck.action_plan(s, d.actor, s.action["op"])
                    first = special.first_doable(s, s.action, sas)
                    if p.sa_first and first and not s.action["spaces"]:
                        assert cid == f"sa:{first}", (seed, d.step, cid)  # as soon as it can start (8.7)
                        seen_first += 1
                    elif not p.sa_first and cid.startswith("sa:"):
                        started_after = key
                        seen_after += 1
            engine.apply(s, d.actor, cid)
    assert seen_after and seen_first


def _mk(actor, step, ids):
    return Decision(actor, Message("p"), [Choice(c, Message(c)) for c in ids], step)


def test_8_1_3_no_np_forces_on_railways_when_the_raj_is_an_np():
    """8.1.3 "Importante: Le Fazioni NP pongono forze o Scioperi su Ferrovie
    solo se il Raj è una Fazione di giocatore": in Civil Disobedience with an
    NP Raj the Congress and League keep their Activists off the Railways;
    with a human Raj the NP Congress moves one from a space with 3+ of its
    Activists to the Railway with the highest Econ (8.6.4)."""
    from engine.core.steps import frame

    s = _new([1, 2, 3, 4, 5, 6])
    s.spaces["punjab"].pieces["inc_activist"] = 3
    s.stack.append(frame("nv.cd.rail", faction="inc", space="punjab"))
    d = _mk("inc", "nv.cd.rail", ["rail_karachi_north", "rail_punjab_delhi", "done"])
    assert choose(s, d) == "done"
    assert choose(s, _mk("ml", "nv.cd.rail", ["rail_karachi_north", "rail_punjab_delhi", "done"])) == "done"
    s.players["raj"] = "human"
    m = get_data().map.spaces
    best = max(("rail_karachi_north", "rail_punjab_delhi"), key=lambda r: m[r].econ)
    if m["rail_karachi_north"].econ != m["rail_punjab_delhi"].econ:
        assert choose(s, d) == best
    # Event placements (8.8.5) and Gandhi's arrest Protests stay off Railways too
    s.players["raj"] = "bot"
    s.stack.append(frame("event:pieces", fn="pieces", ctx={"act": "place", "kinds": ["inc_activist"]}))
    assert choose(s, _mk("inc", "event:pieces", ["rail_punjab_delhi:activist", "punjab:activist", "done"])) \
        == "punjab:activist"
    assert choose(s, _mk("inc", "sop.gandhi_protests", ["rail_punjab_delhi", "bihar"])) == "bihar"


def test_8_6_6_rally_base_first_and_out_of_play_guerrilla():
    """8.6.6 Rally: "Per prima cosa piazzare Basi in tutti gli spazi ... in
    cui le Guerriglie superano il valore dell'Unità"; ★ "spostare una
    Guerriglia da Fuori Gioco a Disponibile" is never skipped (the engine's
    step is choose:rev.rally.oop)."""
    from engine.core.steps import frame

    s = _new([1, 2, 3, 4, 5, 6])
    s.spaces["bihar"].pieces["guerrilla_underground"] = s.unity + 1
    s.stack.append(frame("choose:rev.rally.mode", ctx={"sid": "bihar"}))
    assert choose(s, _mk("rev", "choose:rev.rally.mode", ["guerrillas", "base"])) == "base"
    s.spaces["bihar"].pieces["guerrilla_underground"] = s.unity
    assert choose(s, _mk("rev", "choose:rev.rally.mode", ["guerrillas", "base"])) == "guerrillas"
    assert choose(s, _mk("rev", "choose:rev.rally.oop", ["guerrilla", "done"])) == "guerrilla"
    assert policy.HANDLERS["choose:rev.rally.oop"] is not policy.generic


def test_8_5_raj_removes_all_it_may_and_fallback_never_stops_at_random():
    """8.5, 8.6.3: the NP Raj's removals take the Adversary Priorities and
    never "Remove no more"; the catch-all fallback no longer ends a step by
    chance outside open-ended movement loops."""
    s = _new([1, 2, 3, 4, 5, 6])
    for n in range(30):
        s.move = n
        assert choose(s, _mk("raj", "raj.remove", ["guerrilla", "ml_base", "done"])) != "done"
        assert policy.generic(s, _mk("inc", "some.unknown_step", ["bihar", "done"])) == "bihar"


def _face_boxes(letter):
    """Every Special Activity entry of Arjuna face ``letter``, in card order."""
    from engine.gandhi.data.arjuna import load_arjuna

    for c in load_arjuna():
        for f in c.faces:
            if f.letter == letter:
                return [o for st in f.flow if st.kind == "special_activity" for o in st.sa]
    raise LookupError(letter)


def test_8_7_card_h_example_no_empty_special_activity(monkeypatch):
    """8.7 ESEMPI: card H reads "Negoziato per liberare Gandhi dalla
    Prigione", then "Satyagraha per Muovere Gandhi". "Se Gandhi non è in
    PRIGIONE, non Negoziare per rimuovere uno Stato Musulmano. Piuttosto,
    saltate l'istruzione ed eseguite la prossima". With Gandhi in Prison
    the NP Congress Negotiates (and takes the release); with no Special
    Activity of the card possible it takes none ("No Special Activity")."""
    from tests.engine.helpers import put

    opts = _face_boxes("H")
    assert [o.activity for o in opts] == ["Negotiate", "Satyagraha"]
    monkeypatch.setattr(arjuna_deck, "plan", lambda *a, **k: arjuna_deck.Plan("H", "rally", sa_opts=opts))
    s = _blank()
    put(s, "punjab", inc_activist=2)  # a Muslim State Negotiate could remove, Congress outnumbering the League
    s.spaces["punjab"].muslim_state = True
    put(s, "bihar", gandhi=1, inc_activist=1)
    s.action = {"faction": "inc", "kind": "op+sa", "op": "rally", "spaces": ["bihar"], "sa": None,
                "sa_spaces": [], "sa_state": "none", "free": False, "data": {}}
    offer = _mk("inc", "op.sa_offer", ["sa:negotiate", "sa:satyagraha", "sa:persuade", "done"])
    assert choose(s, offer) == "sa:satyagraha"  # Gandhi not in Prison: Negotiate is skipped
    assert choose(s, _mk("inc", "op.sa_offer", ["sa:negotiate", "sa:persuade", "done"])) == "done"
    from engine.gandhi import board

    board.remove(s, "bihar", "gandhi", 1)
    board.transfer(s, "gandhi", 1, "available", "prison")
    assert choose(s, offer) == "sa:negotiate"
    s.action.update(sa="negotiate", sa_state="active")
    assert choose(s, _mk("inc", "sa.loop", ["punjab", "done"])) == "punjab"
    s.stack.append({"step": "inc.negotiate.option", "space": "punjab"})
    assert choose(s, _mk("inc", "inc.negotiate.option", ["gandhi", "muslim_state", "none"])) == "gandhi"


def test_8_7_no_special_activity_that_does_nothing_in_whole_games():
    """8.7: over whole 4-bot games no NP Special Activity is begun that then
    changes nothing but the Restraint and the faction's own Protest (no
    space, or Negotiate with no option carried out)."""
    from benchmarks import bots as bench

    bench.EMPTY_SA.clear()
    bench.ALL_SA.clear()
    for seed in range(4):
        bench.play("short" if seed % 2 else "main", seed, BOTS, __import__("collections").Counter(), [0.0, 0])
    assert sum(bench.ALL_SA.values()) > 20
    assert not bench.EMPTY_SA, dict(bench.EMPTY_SA)


def test_8_8_4_event_up_to_only_where_effective_and_8_8_5_column():
    """8.8.4: an "...up to..." Event effect is carried out "solo se l'azione
    è efficace per la Fazione NP"; 8.8.5: the spaces by the column of the
    action that makes it effective. Event #48 (unshaded: shift up to 3 spaces
    toward Neutral) played by the NP Congress: it shifts the Support spaces
    (Opposition minus Support grows, 8.8.3), by Shift toward Opposition
    (8.4.1), and never the Opposition space: then "done"."""
    from engine.gandhi.events import push_event

    s = _blank()
    for sid in ("bihar", "orissa"):
        s.spaces[sid].support = 1
    s.spaces["punjab"].support = -1
    push_event(s, 48, "unshaded", "inc")
    d = engine.decision(s)
    assert d.step == "event:gen.shift" and {"bihar", "orissa", "punjab", "done"} <= set(d.ids())
    first = choose(s, d)
    assert first == priorities.select_space(s, "inc", "shift_opposition", ["bihar", "orissa"])
    engine.apply(s, "inc", first)
    engine.apply(s, "inc", choose(s, engine.decision(s)))
    assert s.spaces["bihar"].support == s.spaces["orissa"].support == 0
    d = engine.decision(s)
    assert "punjab" in d.ids() and choose(s, d) == "done"


def test_fallback_answers_under_one_percent_of_bot_decisions():
    """Issue 13 / 8.x: every decision step a bot meets has its own handler;
    the catch-all answers fewer than 1% of the decisions of 4-bot games."""
    policy.FALLBACK.clear()
    asked = 0
    for seed in range(4):
        s = engine.new_game("gandhi", "main" if seed % 2 else "short", 100 + seed, {"players": BOTS})
        while (d := engine.decision(s)) is not None:
            asked += len(d.ids()) > 1
            engine.apply(s, d.actor, choose(s, d))
    assert asked > 1000
    assert sum(policy.FALLBACK.values()) < asked / 100, dict(policy.FALLBACK)


@pytest.mark.usefixtures("ruleset3")
def test_8_5_4_target_faction_after_the_first_piece():
    """8.5.4 and the 8.5 ESEMPIO: the NP Raj takes Gandhi first, "assieme
    con ogni altro Attivista del Congresso presente (1.4.4)", then the
    player's Guerrillas, then the League Activist."""
    from engine.core.steps import frame
    from tests.engine.helpers import put

    s = _blank()
    s.players = {"raj": "bot", "ml": "bot", "inc": "bot", "rev": "human"}
    put(s, "punjab", sepoy=8, gandhi=1, inc_activist=1, ml_activist=1, guerrilla_active=1)
    s.spaces["punjab"].protest = True  # the Activists are Active (1.4.3)
    s.stack.append(frame("raj.remove", sid="punjab", mode="assault", left=4, targeted=[], must=False))
    taken = []
    while (d := engine.decision(s)) is not None and d.step == "raj.remove":
        taken.append(choose(s, d))
        engine.apply(s, "raj", taken[-1])
    assert taken == ["gandhi", "inc", "guerrilla", "ml"]


def test_8_5_4_target_faction_after_the_first_piece_newest_ruleset():
    """8.5.4 under the newest ruleset: the same order; the League Activist,
    the last piece left, is removed by the engine (one answer)."""
    from engine.core.steps import frame
    from tests.engine.helpers import put

    s = _blank()
    s.players = {"raj": "bot", "ml": "bot", "inc": "bot", "rev": "human"}
    put(s, "punjab", sepoy=8, gandhi=1, inc_activist=1, ml_activist=1, guerrilla_active=1)
    s.spaces["punjab"].protest = True
    s.stack.append(frame("raj.remove", sid="punjab", mode="assault", left=4, targeted=[], must=False))
    taken = []
    while (d := engine.decision(s)) is not None and d.step == "raj.remove":
        taken.append(choose(s, d))
        engine.apply(s, "raj", taken[-1])
    assert taken[:3] == ["gandhi", "inc", "guerrilla"]
    p = s.spaces["punjab"].pieces
    assert not (p.get("gandhi") or p.get("inc_activist") or p.get("ml_activist") or p.get("guerrilla_active"))


def test_8_6_5_league_rally_bases_first_and_non_cooperation_in_muslim_spaces():
    """8.6.5 Rally: "Prima di tutto piazzare Basi in tutti gli spazi
    disponibili in cui il numero di Attivisti della Lega Musulmana superano
    il valore dell'Unità", then Activists; Non-Cooperation "in ogni Spazio
    Musulmano disponibile"."""
    from engine.core.steps import frame
    from tests.engine.helpers import put

    s = _blank()
    s.unity = 2
    put(s, "bihar", ml_activist=3)  # 3 > Unity: a Base first
    put(s, "punjab", ml_activist=2)  # 2 = Unity: Activists
    s.action = {"faction": "ml", "kind": "op", "op": "rally", "spaces": [], "sa": None,
                "sa_spaces": [], "sa_state": "none", "free": False, "data": {}}
    assert choose(s, _mk("ml", "op.loop", ["punjab", "bihar", "sind"])) == "bihar"
    s.stack.append(frame("nv.rally.place", faction="ml", space="bihar"))
    assert choose(s, _mk("ml", "nv.rally.place", ["activists", "base"])) == "base"
    s.stack[-1] = frame("nv.rally.place", faction="ml", space="punjab")
    assert choose(s, _mk("ml", "nv.rally.place", ["activists", "base"])) == "activists"
    s.action.update(op="non_cooperation")
    assert choose(s, _mk("ml", "op.loop", ["bihar", "punjab"])) == "punjab"  # Punjab is a Muslim space


def test_8_9_3_redeploy_revolutionaries_step_3_and_distribute_the_rest():
    """8.9.3 Revolutionaries 3: "Raggiungere il numero di 3 Guerriglieri negli
    spazi privi di Disordini, prima quelli con più Supporto" - also a space
    with no Guerrilla yet; Congress 4: "Distribuire gli Attivisti rimasti
    uniformemente tra gli spazi con Popolazione 2" - to the emptiest one."""
    from engine.gandhi.bots import campaign as npc
    from tests.engine.helpers import put

    s = _blank()
    put(s, "bihar", guerrilla_underground=5)
    s.spaces["orissa"].support = 1
    assert npc.redeploy_plan(s, "rev", {}) == ("bihar", "underground:orissa")
    s2 = _blank()
    m = get_data().map.spaces
    mus = [x for x in m if m[x].muslim and not m[x].is_railway]
    for x in mus:  # League goals 1-3 met: Population in every Muslim space
        put(s2, x, ml_activist=m[x].population)
    put(s2, "punjab", ml_activist=2)  # 4 there: 2 above its Population
    assert npc.redeploy_plan(s2, "ml", {}) in (("punjab", "activist:west_bengal"), ("punjab", "activist:east_bengal"))


def test_8_9_4_np_congress_reset_protest_by_the_place_protest_column():
    """8.9.4 (IT L1609, ES L5138-5143): at the end of the Reset the NP Congress
    places a Protest in a space with Congress Activists, "Usare la colonna
    Piazzare Proteste": among the 8.4.1 example's spaces, Bihar (not Active
    Opposition, 2 Pop, non-Muslim), then West Bengal over Central India Agency."""
    from engine.core.steps import frame
    from tests.engine.helpers import put

    s = _blank()
    s.options["np_rules"] = True
    for x in ("united_provinces", "bihar", "west_bengal", "central_india_agency"):
        put(s, x, inc_activist=1)
        s.spaces[x].support = 0
    s.spaces["united_provinces"].support = -2
    s.stack.append(frame("campaign.reset"))
    d = engine.decision(s)
    assert d.step == "np.reset_protest" and choose(s, d) == "bihar"
    board_after = _blank()
    board_after.options["np_rules"] = True
    for x in ("united_provinces", "west_bengal", "central_india_agency"):
        put(board_after, x, inc_activist=1)
    board_after.spaces["united_provinces"].support = -2
    board_after.stack.append(frame("campaign.reset"))
    d = engine.decision(board_after)
    assert choose(board_after, d) == "west_bengal"


def test_np_congress_setup_in_a_random_two_pop_space():
    """Main scenario setup, "Se si usa qualsiasi Fazione NP: ... Il Congresso NP
    all'inizio dello scenario pone Gandhi, un Attivista ed un segnalino Protesta
    in uno spazio di 2 Pop scelto a caso (8.1.2)" (IT L1940, ES L5612-5615)."""
    from engine.gandhi import derived as dv

    picked = set()
    for seed in range(8):
        s = engine.new_game("gandhi", "main", seed, {"players": BOTS, "np_rules": True})
        d = engine.decision(s)
        assert d.step == "setup.congress_place"
        cid = choose(s, d)
        assert dv.population(cid) == 2
        picked.add(cid)
    assert len(picked) >= 2  # chosen at random (8.1.2), not by a column


def test_8_6_3_wavell_np_raj_sweeps_first_then_assaults_there():
    """8.6.3 (IT L1371) and 8.1.6 Lord Wavell: the NP Raj first Sweeps into a
    space available for Assault by the Movement Priorities, then selects that
    destination as the first Assault space."""
    from tests.engine.helpers import put

    s = _blank(viceroy=78)
    s.restraint = 0
    # Bihar: Active Guerrillas and no cubes, Calcutta next door with cubes to spare
    put(s, "bihar", guerrilla_active=2)
    put(s, "calcutta", troop=3, sepoy=4)
    put(s, "punjab", troop=1, guerrilla_active=1)  # assaultable in place, no Sweep needed
    steps = _bot_op(s, "raj", "assault")
    chosen = [c for st, c in steps if st == "op.loop" and c not in ("done",)]
    assert chosen and chosen[0].split(":")[0] == "bihar", steps
    assert chosen[0] in ("bihar:wavell", "bihar:wavell_sepoy")  # ruleset 5: the Sweep part of the space choice
    assert s.spaces["bihar"].pieces.get("guerrilla_active", 0) < 2  # the Assault followed the Sweep


NV_OPS = ["rally", "demonstrate", "civil_disobedience", "non_cooperation"]


def _congress_card(letter):
    """A blank short game whose NP Congress reveals Arjuna card ``letter``
    (front) on this turn, every faction a bot, the Congress alone Eligible."""
    from tests.engine.helpers import blank

    for seed in range(1, 200):
        s = blank(seed=seed, deck=(3, 2, 1, 4, 5, 6))
        if arjuna_deck.deck_order(s, "inc")[len(s.played) % 6].faces[0].letter == letter:
            break
    from engine.core.steps import frame

    s.players = dict(BOTS)
    assert s.stack[-1]["step"] == "sop.act"
    s.stack[-1] = frame("sop.act", faction="inc", role="first")
    return s


def _congress_op(s, op):
    """The NP Congress chooses ``op`` with a Special Activity as its action
    (the card read then, 8.3) and carries it out; the log of the action."""
    d = engine.decision(s)
    assert d.step == "sop.act" and d.actor == "inc" and op in d.ids()
    plan = arjuna_deck.plan_action(s, "inc", [c for c in d.ids() if c in NV_OPS])
    assert plan.op == op
    start = len(s.log)
    engine.apply(s, "inc", op)
    while (d := engine.decision(s)) is not None and d.step != "sop.act" and s.action is not None:
        engine.apply(s, d.actor, choose(s, d))
    return plan, s.log[start:]


def test_8_3_the_card_read_at_the_action_holds_for_the_whole_action():
    """8.3 step 3: the Arjuna card is read when the NP acts, top to bottom.
    Card H: "NV Activists >= cubes in a space without Protest?" yes, "2+
    Protest markers Available?" yes -> Civil Disobedience by Place Protest,
    then "Negotiate to release Gandhi from Jail" (8.7 example). With exactly
    2 Protests Available, the first Protest placed makes the second check
    false: the card must not be read again mid-Operation (it would turn to
    HH and show Persuade): both Protests are placed, then Negotiate."""
    from tests.engine.helpers import put

    s = _congress_card("H")
    s.restraint = 3
    s.protest_boxes = [True, True, False, False, False, False]
    for sid, n in (("bihar", 2), ("united_provinces", 2), ("west_bengal", 1)):
        put(s, sid, inc_activist=n)
    s.prison["gandhi"] = 1
    plan, log = _congress_op(s, "civil_disobedience")
    assert plan.letter == "H" and plan.sas[:1] == ["negotiate"]
    assert sorted(e["params"]["space"] for e in log if e["key"] == "log.protest") == ["bihar", "united_provinces"]
    assert [e["params"]["sa"] for e in log if e["key"] == "log.sa"] == ["negotiate"]


def test_8_3_card_h_civil_disobedience_continued_in_gandhis_space():
    """Card H: Civil Disobedience (Place Protest), Special Activity
    (Negotiate to release Gandhi; else Satyagraha to move Gandhi, then add 1
    Activist), then "Disobbedienza Civile: ✓ Satyagraha: Porre Protesta
    nello spazio di Gandhi" (IT aid sheet). Restraint 2 lets the Congress
    choose two spaces with its Activists, plus Gandhi's space (Orissa, 3.3.3);
    Gandhi's new space after the Satyagraha is one more: the Operation goes on
    after the Special Activity and places a Protest there."""
    from tests.engine.helpers import put

    s = _congress_card("H")
    s.restraint = 2
    for sid, n in (("bihar", 2), ("united_provinces", 2), ("west_bengal", 1)):
        put(s, sid, inc_activist=n)
    put(s, "orissa", gandhi=1)
    plan, log = _congress_op(s, "civil_disobedience")
    assert plan.letter == "H" and plan.continued
    keys = [e["key"] for e in log]
    assert [e["params"]["sa"] for e in log if e["key"] == "log.sa"] == ["satyagraha"]
    gandhi = next(sid for sid, sp in s.spaces.items() if sp.pieces.get("gandhi"))
    assert gandhi not in ("bihar", "united_provinces", "west_bengal")
    protests = [e["params"]["space"] for e in log if e["key"] == "log.protest"]
    assert sorted(protests[:3]) == ["bihar", "orissa", "united_provinces"]
    assert protests[3:] == [gandhi] and s.spaces[gandhi].protest
    assert keys.index("log.satyagraha_move") < len(keys) - 1 - keys[::-1].index("log.protest")


def test_8_1_5_civil_disobedience_only_where_a_protest_can_go():
    """8.6.4 "Selezionare spazi usando la colonna Porre Protesta ... e porre
    segnalini Protesta in questi spazi"; 8.1.5: a space is available only if
    the action can be done there. With one Protest Available the NP
    Congress's Civil Disobedience takes one space, not every space with its
    Activists (Restraint 3 would allow three)."""
    from tests.engine.helpers import put

    s = _congress_card("J")  # J: "Any Protest marker Available?", "Congress piece without Protest?" -> CD
    s.restraint = 3
    s.protest_boxes = [True, False, False, False, False, False]
    for sid, n in (("bihar", 2), ("united_provinces", 2), ("west_bengal", 1)):
        put(s, sid, inc_activist=n)
    plan, log = _congress_op(s, "civil_disobedience")
    assert plan.letter == "J"
    spaces = [e["params"]["space"] for e in log if e["key"] == "log.op_space"]
    assert len(spaces) == 1 and s.spaces[spaces[0]].protest


def test_8_1_5_rally_stops_when_no_activist_is_left_to_place():
    """8.6.4 Rally by Place Activists; 8.1.5 "Disponibile": a space is
    available only if the action can be done there given the pieces. With
    one Congress Activist Available (Restraint 3) the NP Congress Rallies in
    one space, places it, and selects no further space where nothing could
    be placed."""
    from tests.engine.helpers import put

    s = _blank()
    s.restraint = 3
    put(s, "bihar", inc_activist=1)
    s.available["inc_activist"] = 1
    steps = _bot_op(s, "inc", "rally", kind="op")
    spaces = [cid for step, cid in steps if step == "op.loop" and cid in s.spaces]
    assert len(spaces) == 1 and not s.available.get("inc_activist")


def test_8_7_1_govern_imperialism_within_the_die_roll(monkeypatch):
    """8.7.1 Imperialism: "tirare un dado ... aumentare il Supporto in due
    spazi di un numero di livelli non superiore al risultato del tiro di
    dado" (ES: "hasta el resultado de la tirada, en hasta dos casillas"). The
    8.7.1 example (card BB, die 2): in Bihar the Unrest goes first, then one
    level; Imperialism is complete and the second Govern space takes
    instruction 3, Remove adversaries."""
    from engine.core.steps import frame
    from engine.gandhi.bots import random_spaces, special
    from engine.gandhi.common import log
    from tests.engine.helpers import put

    box = _card_box("BB", "Govern")
    monkeypatch.setattr(arjuna_deck, "plan", lambda *a, **k: arjuna_deck.Plan("BB", "deploy", sa_opts=[box]))
    monkeypatch.setattr(random_spaces, "turn_die", lambda *a, **k: 2)
    s = _blank()
    put(s, "bihar", troop=1, sepoy=1)
    s.spaces["bihar"].support = -1
    s.spaces["bihar"].unrest = 1
    put(s, "orissa", sepoy=2)
    s.spaces["orissa"].support = -1
    put(s, "orissa", guerrilla_active=1)
    s.action = {"faction": "raj", "kind": "op+sa", "op": "deploy", "spaces": ["delhi"], "sa": "govern",
                "sa_spaces": [], "sa_state": "active", "free": False, "data": {}}
    log(s, "log.sa", "", actor="raj", faction="raj", sa="govern")
    mk = lambda step, ids: Decision("raj", Message("p"), [Choice(c, Message(c)) for c in ids], step)  # noqa
    cands, col = special.sa_spaces(s, s.action, ["bihar", "orissa"])
    assert col == "shift_support" and priorities.select_space(s, "raj", col, cands) == "bihar"
    s.stack.append(frame("raj.imperialism", sid="bihar", bought=0))
    assert choose(s, mk("raj.imperialism", ["unrest"])) == "unrest"
    log(s, "log.raj_imperialism", "", actor="raj", space="bihar", what="unrest", cost=0)
    s.spaces["bihar"].unrest = 0
    assert choose(s, mk("raj.imperialism", ["shift", "done"])) == "shift"
    log(s, "log.raj_imperialism", "", actor="raj", space="bihar", what="shift", cost=0)
    s.spaces["bihar"].support = 0
    s.stack.pop()
    # the die's 2 are used: Orissa (Imperialism possible there) is Governed to remove adversaries
    s.action["sa_spaces"] = ["bihar"]
    cands, col = special.sa_spaces(s, s.action, ["orissa"])
    assert cands == ["orissa"] and col == "remove"
    assert choose(s, mk("raj.govern.mode", ["remove", "imperialism"])) == "remove"
