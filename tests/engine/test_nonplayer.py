"""The Non-player rules the engine applies itself (engine/gandhi/nonplayer.py,
ruleset 5): the NP Raj and Revolutionaries keep no Resources (8.1, IT L1049,
ES L3044-3049; 8.9.1 IT L1569 "Sia il Raj NP che il Rivoluzionario NP saltano
questa Fase"), and the NP Congress places a Protest at the end of the Reset
(8.9.4, IT L1609, ES L5138-5143). Readings R-8.1 and R-8.9.4 in
docs/rulings/bots.md."""
import pytest

import engine
from engine.core.steps import frame
from engine.gandhi import board
from engine.gandhi.bots import choose
from engine.gandhi.game import export_state
from engine.gandhi.nonplayer import can_pay, is_np, reset_protest_spaces, uses_resources
from tests.engine.helpers import blank, put

BOTS = {f: "bot" for f in ("raj", "inc", "ml", "rev")}


def _np(players=BOTS, **kw):
    s = blank(deck=(3, 2, 1, 4, 5, 6), **kw)
    s.players = dict(players)
    s.options["np_rules"] = True
    return s


def test_8_1_np_raj_and_revolutionaries_record_no_resources():
    """8.1: "Il NP Raj ed il NP Rivoluzionario non registrano l'uso delle
    Risorse": nothing is paid or gained; the other factions, a human Raj, and a
    game without the NP rules keep the printed economy."""
    s = _np()
    assert is_np(s, "raj") and not uses_resources(s, "raj") and not uses_resources(s, "rev")
    before = dict(s.resources)
    assert board.add_resources(s, "raj", 7) == 0 and board.add_resources(s, "rev", -3) == 0
    assert s.resources == before
    assert can_pay(s, "raj", 99) and can_pay(s, "rev", 99)
    human = _np(players=dict(BOTS, raj="human"))
    assert uses_resources(human, "raj") and not uses_resources(human, "rev")
    assert board.add_resources(human, "raj", 3) == 3
    plain = blank()
    plain.players = dict(BOTS)  # bots without the NP option (2.1): printed economy
    assert uses_resources(plain, "raj") and not is_np(plain, "raj")


def test_8_1_older_rulesets_keep_resources_outside_operations():
    """Games begun under ruleset 4 keep R-8.6.2: the NP Raj pays for its
    Special Activities and earns Resources."""
    s = _np()
    s.options["ruleset"] = 4
    assert uses_resources(s, "raj")
    assert board.add_resources(s, "raj", 2) == 2


def test_8_1_np_pass_gains_nothing():
    """8.1 / 2.3.3: "Quando una Fazione NP Passa, non vi sono effetti
    aggiuntivi": an NP Raj Passing gains no +3, a human Raj does."""
    from engine.gandhi.sop import GandhiRules

    for players, gain in ((BOTS, 0), (dict(BOTS, raj="human"), 3)):
        s = _np(players=players)
        s.resources["raj"] = 10
        GandhiRules().pass_reward(s, "raj")
        assert s.resources["raj"] == 10 + gain


def test_8_1_np_raj_imperialism_and_redeploy_upkeep_without_resources():
    """8.1: the NP Raj with no Resources may still buy Imperialism (Campaign
    6.3.1; the bot bounds it by the die roll of 8.9.2) and keep Troops in
    Provinces at the end of its Redeploy (6.4.2 upkeep not paid); a human Raj
    at 0 may do neither."""
    from engine.gandhi.campaign import imperialism_spaces, raj_can_stop

    for players, free in ((BOTS, True), (dict(BOTS, raj="human"), False)):
        s = _np(players=players)
        s.resources["raj"] = 0
        put(s, "bihar", troop=2, sepoy=2)
        s.spaces["bihar"].support = -1
        assert (imperialism_spaces(s, []) == ["bihar"]) is free
        assert raj_can_stop(s) is free
        s.stack.append(frame("campaign.raj_upkeep"))
        engine.decision(s)
        assert s.resources["raj"] == 0 and s.spaces["bihar"].pieces.get("troop") == 2


def test_8_1_np_raj_govern_imperialism_without_resources():
    """8.1: Govern's Imperialism (4.2.2) is offered to the NP Raj at 0
    Resources, and buying it leaves the track as it is."""
    from engine.gandhi.special_activities.raj import imperialism_options

    s = _np()
    s.resources["raj"] = 0
    put(s, "bihar", troop=1, sepoy=1)
    s.spaces["bihar"].unrest = 1
    assert imperialism_options(s, "bihar") == ["unrest"]
    human = _np(players=dict(BOTS, raj="human"))
    human.resources["raj"] = 0
    put(human, "bihar", troop=1, sepoy=1)
    human.spaces["bihar"].unrest = 1
    assert imperialism_options(human, "bihar") == []


def test_8_9_1_np_raj_and_revolutionaries_earn_nothing():
    """8.9.1: "Sia il Raj NP che il Rivoluzionario NP saltano questa Fase":
    the Earnings of 6.2.2 / 6.2.3 change nothing for them."""
    s = _np()
    put(s, "west_bengal", rev_base=1)
    before = dict(s.resources)
    s.stack.append(frame("campaign.earnings"))
    engine.decision(s)
    assert s.resources == before


def test_8_1_board_shows_the_np_resources_track_unused():
    s = _np(players=dict(BOTS, rev="human"))
    tracks = export_state(s)["tracks"]
    assert tracks["resources_used"] == {"raj": False, "rev": True}


def test_8_1_no_resource_transfer_with_an_np():
    """1.5.2 needs both the Raj and the Revolutionaries to keep Resources."""
    from engine.gandhi.side_actions import _transfer_room

    s = _np(players=dict(BOTS, rev="human"))
    s.resources["rev"] = 10
    assert _transfer_room(s, "rev") == 0


def _reset(s):
    s.stack.append(frame("campaign.reset"))
    return engine.decision(s)


def test_8_9_4_np_congress_protest_offered_at_the_end_of_the_reset():
    """8.9.4 (IT L1609): "Se il Congresso è una Fazione NP, al termine della
    Fase di Sistemazione, piazzare un segnalino Protesta in uno spazio con
    Attivisti del Congresso": after the Reset removed every Protest, the NP
    Congress is offered exactly the spaces with Congress Activists."""
    s = _np()
    put(s, "bihar", inc_activist=1)
    put(s, "punjab", inc_activist=2)
    put(s, "orissa", ml_activist=2)
    s.spaces["bihar"].protest = True
    board.add_protest(s, "orissa", for_operation=False)
    d = _reset(s)
    assert d.step == "np.reset_protest" and d.actor == "inc"
    assert sorted(d.ids()) == ["bihar", "punjab"]
    assert not any(sp.protest for sp in s.spaces.values())  # the Reset ran first (6.5)
    cid = choose(s, d)
    engine.apply(s, "inc", cid)
    assert [x for x, sp in s.spaces.items() if sp.protest] == [cid]
    assert engine.decision(s).step != "np.reset_protest"


def test_8_9_4_only_an_np_congress_and_only_under_ruleset_5():
    """A human Congress is not asked (8.9.4 "Se il Congresso è una Fazione
    NP"); nor is an NP Congress in a game begun under ruleset 4."""
    for players, rs in ((dict(BOTS, inc="human"), 5), (BOTS, 4)):
        s = _np(players=players)
        s.options["ruleset"] = rs
        put(s, "bihar", inc_activist=1)
        put(s, "punjab", inc_activist=1)
        assert reset_protest_spaces(s) == []
        d = _reset(s)
        assert d is None or d.step != "np.reset_protest"
        assert not any(sp.protest for sp in s.spaces.values())


def test_8_9_4_no_congress_activist_no_protest():
    s = _np()
    put(s, "punjab", ml_activist=2)
    d = _reset(s)
    assert d is None or d.step != "np.reset_protest"
    assert not any(sp.protest for sp in s.spaces.values())


@pytest.mark.parametrize("scenario", ["short", "main"])
def test_np_rules_in_whole_bot_games(scenario):
    """Whole 4-bot games as the service starts them (np_rules): the NP Raj's
    and Revolutionaries' Resources never move, and every Reset that leaves a
    space with Congress Activists able to take a Protest ends with the NP
    Congress's Protest (8.9.4)."""
    due_seen = 0
    for seed in range(3):
        s = engine.new_game("gandhi", scenario, seed, {"players": BOTS, "np_rules": True})
        start = dict(s.resources)
        due = 0
        while (d := engine.decision(s)) is not None:
            n0 = len(s.log)
            engine.apply(s, d.actor, choose(s, d))
            new = [e.get("key") for e in s.log[n0:]]
            # the Protest is placed at once (one legal space) or asked next
            if "log.reset" in new and ("log.np.reset_protest" in new or reset_protest_spaces(s)):
                due += 1
        assert s.result is not None and s.resources == start
        protests = sum(1 for e in s.log if e.get("key") == "log.np.reset_protest")
        assert protests == due
        due_seen += due
    assert due_seen > 0
