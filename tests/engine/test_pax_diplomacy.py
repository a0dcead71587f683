"""Pax Britannica, part 2 (issue 34): Negotiation (L445-457), money between
players (L127, L700), codominium by agreement (L453-455), treaties (L459-461,
L563-565) and Chinese Resentment (L469-471, L491-493), from the seed's own
statements (shared/seeds/pax_britannica_rules_it.txt, L<n>)."""
from __future__ import annotations

import json

import pytest

import engine
from engine.pax import board as b
from engine.pax import chinese

pytestmark = pytest.mark.timeout(60)


def fresh(players: int = 5, seed: int = 1):
    return engine.new_game("pax", "1880", seed, {"players": players})


def clear_area(s, area):
    s.areas[area].statuses.clear()
    s.areas[area].unrest = s.areas[area].unrest_this_turn = False
    for p in s.powers:
        s.powers[p].units.pop(area, None)


def to_step(s, name):
    """Let every deadline pass until ``name`` is the step being played."""
    for _ in range(200):
        if s.stack and s.stack[-1]["step"] == name:
            return
        engine.apply_defaults(s)
    raise AssertionError(f"never reached {name}")


def hold_after(s):
    """Stop the game after the phase being played: a blocking Movement round
    below it, so the test sees phase 7's result before VP and the next turn."""
    s.stack[:-1] = [{"step": "pax.movement", "round": 1, "drafts": {}, "sealed": []}]


def propose(s, seat, to, terms, send="send"):
    for cid in ("propose", to, *terms, send):
        engine.apply(s, seat, cid)


def seal_rest(s):
    for d in engine.decisions(s):
        engine.apply(s, d.actor, "done")


# ----------------------------------------------------------------- Negotiation (L445-457)

def test_negotiation_comes_after_marker_adjustment_each_seat_at_once():
    """L174-176: phase 7 follows Marker Adjustment (6); every player may negotiate."""
    s = fresh()
    to_step(s, "pax.negotiation")
    assert any(e["key"] == "pax.log.phase" and e["params"]["phase"] == "negotiation" for e in s.log)
    assert {d.actor for d in engine.decisions(s)} == set(s.players)
    assert engine.default_choice(s, "france") == "done"


def _influence_dispute(s):
    """France's new Protectorate in Kenya beside Germany's Influence (L451)."""
    clear_area(s, "kenya")
    b.set_status(s, "kenya", "germany", "influence", new=False)
    b.set_status(s, "kenya", "france", "protectorate", new=False)
    b.add_unit(s, "france", "kenya", "army-1")


def test_an_accepted_proposal_is_carried_out_by_the_engine():
    """L451: the Influence holder may "volontariamente, rimuovere o ridurre
    il proprio Status"; L127/L461: £ may pass between players; L449: a
    status removed in a dispute raises European Tension."""
    s = fresh()
    to_step(s, "pax.negotiation")
    _influence_dispute(s)
    s.powers["france"].treasury = 30
    et0 = s.et
    propose(s, "france", "germany", ["reduce:germany:kenya", "pay:france:10"])
    seal_rest(s)
    d = [x for x in engine.decisions(s) if x.actor == "germany"][0]
    assert d.step == "pax.answers" and d.ids() == ["accept-1", "refuse-1"]
    assert [x.actor for x in engine.decisions(s)] == ["germany"]  # only the addressed party answers
    start = len(s.log)
    engine.apply(s, "germany", "accept-1")  # the game runs on to the next turn's Movement
    keys = [e["key"] for e in s.log[start:]]
    assert keys.index("pax.log.term_reduce") < keys.index("pax.log.term_pay") < keys.index("pax.log.vp")
    assert s.areas["kenya"].statuses["germany"].level == "interest"
    assert s.vp_record["france"][0]["treasury_vp"] == 20 // 5  # France's £30 less the £10 paid
    et = [e for e in s.log[start:] if e["key"] == "pax.log.et"]
    assert et[0]["params"]["et"] == et0 + 1  # one level lowered (provisional +1 per level)


def test_a_refused_or_unanswered_proposal_changes_nothing():
    s = fresh()
    to_step(s, "pax.negotiation")
    hold_after(s)
    _influence_dispute(s)
    s.powers["france"].treasury = 30
    before = s.model_dump(include={"areas", "powers", "et"})
    propose(s, "france", "germany", ["remove:germany:kenya", "pay:france:10"])
    seal_rest(s)
    assert engine.default_choice(s, "germany") == "refuse-1"  # the deadline: it lapses
    engine.apply_defaults(s)
    assert s.model_dump(include={"areas", "powers", "et"}) == before
    assert s.proposals[0]["status"] == "refused"


def test_proposals_are_seen_only_by_their_parties():
    s = fresh()
    to_step(s, "pax.negotiation")
    _influence_dispute(s)
    propose(s, "france", "germany", ["remove:germany:kenya"])
    assert engine.view(s, "france")["my_proposals"] and not engine.view(s, "usa").get("my_proposals")
    seal_rest(s)
    assert engine.view(s, "germany")["proposals"][0]["texts"][0]["key"] == "pax.term.remove"
    assert engine.view(s, "usa")["proposals"] == []
    assert "kenya" not in json.dumps(engine.export_state(s)["decisions"])


def test_codominium_needs_every_influence_holder_and_costs_nothing():
    """L455: "Tutti i giocatori con Influenze e/o Control nell'Area in
    questione devono essere d'accordo"; L453: "Status stabiliti in questo
    modo non costano £"."""
    s = fresh()
    to_step(s, "pax.negotiation")
    hold_after(s)
    _influence_dispute(s)
    b.set_status(s, "kenya", "usa", "interest", new=False)
    t0 = s.powers["germany"].treasury
    propose(s, "france", "usa", ["codominium:france:kenya"])
    seal_rest(s)
    assert s.proposals[0]["parties"] == ["france", "usa", "germany"]  # Germany's Influence must agree
    engine.apply(s, "usa", "accept-1")
    engine.apply(s, "germany", "refuse-1")
    assert s.areas["kenya"].statuses["usa"].level == "interest"  # refused by one: nothing
    assert s.powers["germany"].treasury == t0


def test_codominium_accepted_gives_a_second_control_free():
    s = fresh()
    to_step(s, "pax.negotiation")
    hold_after(s)
    clear_area(s, "kenya")
    b.set_status(s, "kenya", "france", "protectorate", new=False)
    t0 = s.powers["usa"].treasury
    propose(s, "france", "usa", ["codominium:france:kenya"])
    seal_rest(s)
    engine.apply(s, "usa", "accept-1")
    st = s.areas["kenya"].statuses
    assert st["usa"].level == st["france"].level == "protectorate" and not st["usa"].new  # L368
    assert s.powers["usa"].treasury == t0


def test_germany_may_give_money_to_austria_hungary_never_the_reverse():
    """L700: "Il giocatore Tedesco può trasferire £ dalla Germania all'Austria,
    ma non viceversa"."""
    s = fresh()
    to_step(s, "pax.negotiation")
    hold_after(s)
    s.powers["germany"].treasury, s.powers["austria_hungary"].treasury = 20, 0
    ids = [x for x in engine.decisions(s) if x.actor == "germany"][0].ids()
    assert "aid-20" in ids and "aid-50" not in ids
    engine.apply(s, "germany", "aid-5")
    seal_rest(s)
    assert (s.powers["germany"].treasury, s.powers["austria_hungary"].treasury) == (15, 5)
    assert not any(t["giver"] == "austria_hungary" for t in
                   __import__("engine.pax.negotiation", fromlist=["x"]).term_options(s, "germany", "france"))


# ----------------------------------------------------------------- treaties (L459-461, L563-565)

def _secret_keep_out(s):
    clear_area(s, "kenya")
    b.set_status(s, "kenya", "great_britain", "influence", new=False)
    propose(s, "great_britain", "france", ["keep_out:france:kenya"], send="send-secret")
    seal_rest(s)
    engine.apply(s, "france", "accept-1")


def test_a_secret_treaty_is_hidden_from_every_other_seat():
    """L461: "I firmatari sono liberi di tenere i termini dei Trattato segreti
    agli altri giocatori"."""
    s = fresh()
    to_step(s, "pax.negotiation")
    _secret_keep_out(s)
    assert len(s.treaties) == 1 and s.treaties[0]["secret"]
    assert engine.view(s, "france")["treaties"] and engine.view(s, "great_britain")["treaties"]
    for seat in ("germany", "usa", "japan", None):
        out = json.dumps(engine.view(s, seat) if seat else engine.export_state(s))
        assert "keep_out" not in out and '"treaties": []' in out


def test_a_broken_treaty_gives_a_casus_belli_and_tension_once_revealed():
    """L565: breaking a treaty gives every signatory a CB; L692: ET +5; L461:
    for a secret treaty "i firmatari devono renderlo pubblico"."""
    from engine.pax.movement import execute

    s = fresh()
    to_step(s, "pax.negotiation")
    _secret_keep_out(s)
    s.powers["france"].treasury = 50
    et0 = s.et
    assert execute(s, {"power": "france", "op": "status", "area": "kenya", "level": "interest"}, public=True)
    assert s.et == et0 and not any(c["why"] == "treaty_broken" for c in s.casus_belli)  # still secret
    from engine.pax.negotiation import reveal_treaty

    reveal_treaty(s, 1)
    assert s.et == et0 + 5
    assert any(c["why"] == "treaty_broken" and c["holder"] == "great_britain" and c["against"] == "france"
               for c in s.casus_belli)
    assert engine.export_state(s)["treaties"][0]["id"] == 1  # public now


def test_a_signatory_reveals_a_secret_treaty_in_negotiation():
    s = fresh()
    to_step(s, "pax.negotiation")
    _secret_keep_out(s)
    s.turn += 1  # next turn's Negotiation
    s.stack.append({"step": "pax.negotiation", "drafts": {}, "sealed": []})
    assert "reveal-1" in [x for x in engine.decisions(s) if x.actor == "france"][0].ids()
    assert "reveal-1" not in [x for x in engine.decisions(s) if x.actor == "usa"][0].ids()


# ----------------------------------------------------------------- Chinese Resentment (L469-471, L491-493)

@pytest.mark.parametrize("index,total,rebel", [(82, 7, True), (82, 8, False), (99, 8, True), (99, 9, False),
                                               (9, 2, False)])
def test_the_rebellion_test_is_two_dice_under_the_tens_digit(index, total, rebel):
    """L471: "Es. Se l'indice è ad 82 ... ogni tiro di dado di 7 o meno";
    at 99 "finché verrà tirato un 8 o meno"."""
    assert chinese.rebels(index, total) is rebel


def test_a_rebellion_breaks_out_in_the_war_phase_and_the_index_resets():
    """L185-189: the CR phase's roll, the rebellion in the War phase; L493:
    "Ridurre l'Indice a zero"."""
    s = fresh()
    to_step(s, "pax.negotiation")
    s.cr = 82
    s.forced_dice = [3, 3]  # 6 < 8: the CR phase's roll is the next one
    seal_rest(s)
    to_step(s, "pax.movement")  # the next turn
    assert any(e["key"] == "pax.log.cr_rebellion" for e in s.log)
    assert any(e["key"] == "pax.log.chinese_rebellion" for e in s.log)
    assert s.cr < 82 and s.chinese_rebellion is None
