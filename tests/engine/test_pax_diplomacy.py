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



def fresh(players: int = 5, seed: int = 1, **options):
    return engine.new_game("pax", "1880", seed, {"players": players, **options})


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


def hold_after(s, congress=False):
    """Stop the game after the phase being played (and the Congress, with
    ``congress``): a blocking Movement round below, so the test sees the
    result before VP and the next turn."""
    s.stack[:-1] = [{"step": "pax.movement", "round": 1, "drafts": {}, "sealed": []}] + \
        ([{"step": "pax.congress"}] if congress else [])


def propose(s, seat, to, terms, send="send"):
    """Write and send a proposal; a term whose kind is asked first (a long
    list, ruleset 3: engine/pax/term_menu.py) is reached through its kind."""
    for cid in ("propose", to):
        engine.apply(s, seat, cid)
    for cid in terms:
        ids = next(d for d in engine.decisions(s) if d.actor == seat).ids()
        if cid not in ids:
            kind, giver = cid.split(":")[:2]
            engine.apply(s, seat, next(i for i in ids if i.startswith(f"pick:{kind}:{giver}:")))
        engine.apply(s, seat, cid)
    engine.apply(s, seat, send)


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


@pytest.mark.parametrize("ruleset", [2, 3])
def test_a_rebellion_breaks_out_in_the_war_phase_and_the_index_resets(ruleset):
    """L185-189: the CR phase's roll, the rebellion in the War phase; L493:
    "Ridurre l'Indice a zero". Ruleset 2 only announced it; ruleset 3 fights
    it (test_pax_war_natives.py), and the index is reset at its end."""
    s = fresh(ruleset=ruleset)
    to_step(s, "pax.negotiation")
    s.cr = 82
    s.forced_dice = [3, 3]  # 6 < 8: the CR phase's roll is the next one
    seal_rest(s)
    to_step(s, "pax.movement")  # the next turn
    assert any(e["key"] == "pax.log.cr_rebellion" for e in s.log)
    if ruleset == 2:
        assert any(e["key"] == "pax.log.chinese_rebellion" for e in s.log)
    else:
        assert [w.kind for w in s.wars] == ["chinese"] and s.wars[0].over is not None
    assert s.cr < 82 and s.chinese_rebellion is None


# ----------------------------------------------------------------- Congress of Europe (L463-467, L285-287, L692)

def _dispute_to_congress(s):
    """Germany's Influence beside France's new Protectorate in Kenya, a CB
    for Germany (the provisional summary, L338), and Negotiation passed."""
    to_step(s, "pax.negotiation")
    hold_after(s, congress=True)
    _influence_dispute(s)
    b.add_cb(s, "germany", "france", "kenya", "control_placed")
    seal_rest(s)


def test_only_a_casus_belli_holder_may_convene_in_a_neutral_host():
    """L465: "Ogni giocatore con un Casus Belli ... può convocare"; the seat
    must be neutral, a player's home country."""
    s = fresh()
    _dispute_to_congress(s)
    ds = engine.decisions(s)
    assert [d.actor for d in ds] == ["germany"] and ds[0].step == "pax.congress_call"
    hosts = {i[8:] for i in ds[0].ids() if i.startswith("convene-")}
    assert hosts == {"great_britain"}  # neutral; not Austria-Hungary (Germany disputes); USA/Japan only if every European does
    assert engine.default_choice(s, "germany") == "pass"


def test_no_casus_belli_no_congress():
    s = fresh()
    to_step(s, "pax.negotiation")
    hold_after(s, congress=True)
    s.casus_belli = []
    seal_rest(s)
    assert s.stack[-1]["step"] == "pax.movement" and s.congress is None


def _convene(s, host="great_britain"):
    et = s.et
    engine.apply(s, "germany", f"convene-{host}")
    assert s.et == et + 3  # L692
    c = s.congress
    assert c["parties"] == ["great_britain", "germany", "france"][1:] and c["host"] == host
    return c


def test_a_congress_convened_voted_and_signed_carries_out_its_treaty():
    """L467: adopted by a majority; every party signs; "gli Status vanno
    alterati come richiesto dal documento"; L561 C: the CB ends."""
    s = fresh()
    _dispute_to_congress(s)
    c = _convene(s)
    assert c["members"] == ["great_britain", "germany", "france"]
    # Italy is a minor with 5 players: no European guest to ask
    for cid in ("giver-germany", "taker-france", "reduce:germany:kenya", "submit"):
        engine.apply(s, "great_britain", cid)
    engine.apply(s, "germany", "done")
    engine.apply(s, "france", "done")
    assert engine.decisions(s)[0].step == "pax.congress_vote"
    assert engine.view(s, "usa")["congress"]["proposals"][0]["texts"][0]["key"] == "pax.term.reduce"  # public
    engine.apply(s, "great_britain", "yes")
    engine.apply(s, "germany", "no")
    engine.apply(s, "france", "yes")
    assert {d.actor for d in engine.decisions(s)} == {"germany", "france"}  # the disputants sign
    assert engine.default_choice(s, "germany") == "sign"
    engine.apply(s, "germany", "sign")
    engine.apply(s, "france", "sign")
    assert s.areas["kenya"].statuses["germany"].level == "interest"
    assert s.congress["status"] == "signed" and s.treaties[-1]["congress"] and not s.treaties[-1]["secret"]
    assert not any(x["area"] == "kenya" and x["holder"] == "germany" for x in s.casus_belli)


def test_refusing_to_sign_gives_every_member_a_casus_belli_and_raises_tension():
    """L467: "tutti i partecipanti al Congresso hanno, contro di lui, un
    legittimo Casus Belli"; L692: +2 for each power defying it, +3 when the
    Congress does not resolve (at least 5)."""
    s = fresh()
    _dispute_to_congress(s)
    _convene(s)
    for cid in ("giver-germany", "taker-france", "remove:germany:kenya", "submit"):
        engine.apply(s, "great_britain", cid)
    engine.apply(s, "germany", "done")
    engine.apply(s, "france", "done")
    for p in ("great_britain", "germany", "france"):
        engine.apply(s, p, "yes")
    et = s.et
    engine.apply(s, "germany", "refuse")
    engine.apply(s, "france", "sign")
    assert s.et == et + 5
    assert {x["holder"] for x in s.casus_belli if x["why"] == "congress_refused"} == {"great_britain", "france"}
    assert s.areas["kenya"].statuses["germany"].level == "influence"  # nothing carried out


@pytest.mark.parametrize("votes,host,result", [
    ({"a": "yes", "b": "no", "c": "yes"}, "b", True),
    ({"a": "yes", "b": "no"}, "b", False),  # a tie: the host's vote counts twice (L467)
    ({"a": "yes", "b": "no"}, "a", True),
    ({"a": "abstain", "b": "abstain"}, "a", False),
])
def test_majority_of_the_votes_cast_and_the_host_breaks_a_tie(votes, host, result):
    from engine.pax.congress import adopted

    class S:
        congress = {"host": host}
    assert adopted(S(), votes) is result


def test_a_power_may_defend_a_minors_rights_by_a_congress():
    """L287: a minor withdraws its Influence before a Control, "ogni altra
    Grande Potenza ... può annunciare che difenderà i diritti della Potenza
    Minore, nel qual caso è convocato un Congresso d'Europa"."""
    s = fresh()
    to_step(s, "pax.negotiation")
    hold_after(s, congress=True)
    s.casus_belli = []
    s.minor_claims = [{"holder": "portugal", "against": "great_britain", "area": "congo", "turn": s.turn}]
    seal_rest(s)
    ds = {d.actor: d for d in engine.decisions(s)}
    assert "great_britain" not in ds and "defend-portugal-congo" in ds["france"].ids()
    engine.apply(s, "france", "defend-portugal-congo")
    for d in engine.decisions(s):
        if d.step == "pax.congress_call":
            engine.apply(s, d.actor, "pass")
    assert s.congress and s.congress["defenders"] == ["france"] and "great_britain" in s.congress["parties"]


def test_an_influence_raised_into_a_codominium_pays_the_difference():
    """L457: "può, col consenso dei partecipanti al Codominio, alzare il suo
    Status da Influenza a Protettorato (Possedimento) spendendo £ 10 (£ 20)"."""
    s = fresh()
    to_step(s, "pax.negotiation")
    hold_after(s)
    clear_area(s, "kenya")
    b.set_status(s, "kenya", "france", "possession", new=False)
    b.set_status(s, "kenya", "germany", "influence", new=False)
    s.powers["germany"].treasury = 25
    propose(s, "france", "germany", ["codominium:france:kenya"])
    seal_rest(s)
    engine.apply(s, "germany", "accept-1")
    assert s.areas["kenya"].statuses["germany"].level == "possession"
    assert s.powers["germany"].treasury == 5


def test_an_answer_shows_the_terms_it_answers():
    """Issue 31 item 7: the party answering a proposal reads its terms beside
    Accept and Refuse, in its language, not "its terms are in your view"."""
    from bot.games.pax import choice_details

    s = fresh()
    to_step(s, "pax.negotiation")
    _influence_dispute(s)
    s.powers["france"].treasury = 30
    propose(s, "france", "germany", ["reduce:germany:kenya", "pay:france:10"])
    seal_rest(s)
    d = [x for x in engine.decisions(s) if x.actor == "germany"][0]
    en = choice_details(lambda: s, d.ids(), "en")
    assert en["accept-1"] == en["refuse-1"] and "Kenya" in en["accept-1"] and "10" in en["accept-1"]
    it = choice_details(lambda: s, d.ids(), "it")["accept-1"]
    assert it != en["accept-1"] and "Kenya" in it
