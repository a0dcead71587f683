"""Pax Britannica, declarations of war outside the War phase's own round
(ruleset 3): during the Congress of Europe (L567), the third alliance of
L569, and the pledge to defend a minor's rights (L287, L690), from the
seed's statements (shared/seeds/pax_britannica_rules_it.txt, L<n>)."""
from __future__ import annotations

from test_pax_diplomacy import _dispute_to_congress, clear_area, hold_after, seal_rest, to_step
from test_pax_war_flow import answer_all, ets, fresh, sealed_round, step, war_phase

import engine
from engine.pax import board as b


def own(s, seat):
    return next(d for d in engine.decisions(s) if d.actor == seat)


def write_treaty(s, seat, giver, taker, term):
    """``seat`` proposes one term at the Congress (a long list is asked
    kind first, ruleset 3)."""
    for cid in (f"giver-{giver}", f"taker-{taker}"):
        engine.apply(s, seat, cid)
    ids = own(s, seat).ids()
    if term not in ids:
        kind = term.split(":")[0]
        engine.apply(s, seat, next(i for i in ids if i.startswith(f"pick:{kind}:{giver}:")))
    engine.apply(s, seat, term)
    engine.apply(s, seat, "submit")


def congress_with_two_disputes():
    """Germany holds a CB against France in Kenya (test_pax_diplomacy), the
    USA one against Japan in Guinea; Germany convenes in Great Britain."""
    s = fresh()
    _dispute_to_congress(s)
    b.add_cb(s, "usa", "japan", "guinea", "control_placed")
    engine.apply(s, "germany", "convene-great_britain")
    for d in engine.decisions(s):
        if d.step == "pax.congress_call":
            engine.apply(s, d.actor, "pass")
    assert s.congress["parties"] == ["germany", "france", "usa", "japan"]
    return s


# ----------------------------------------------------------------- during the Congress (L567)

def test_a_disputant_tired_of_the_procedures_declares_war_and_the_other_disputes_go_on():
    """L567: "La dichiarazione di Guerra può essere effettuata durante il
    Congresso ... se un disputante ... è stanco delle procedure. Nell'ultimo
    caso, se esistono altre dispute, queste devono essere risolte prima che
    il Congresso venga aggiornato"; L692: ET +5 per declaration."""
    s = congress_with_two_disputes()
    assert "war:france" in own(s, "germany").ids()
    assert not any(i.startswith("war:") for i in own(s, "great_britain").ids())  # the host holds no CB
    assert not any(i.startswith("war:") for i in own(s, "france").ids())
    engine.apply(s, "germany", "war:france")
    for p in ("great_britain", "france", "usa", "japan"):
        engine.apply(s, p, "done")
    [war] = s.wars
    assert war.sides == [["germany"], ["france"]] and ets(s, "war_declared") == [5]
    assert s.congress["parties"] == ["usa", "japan"]  # Germany and France now settle theirs by war
    assert s.congress["status"] == "failed"  # no proposal for the other dispute: no treaty (L692 +3)
    war_phase(s)  # the war is fought in phase 10 as any declared war
    assert [d.actor for d in engine.decisions(s)] == ["usa"]  # its Casus Belli still stands
    answer_all(s, "peace")
    assert war.sequence == 1 and step(s) == "pax.war_peace"  # its first War Sequence played
    assert any(e["key"] == "pax.log.war_sequence" for e in s.log)


def test_the_other_disputes_are_still_signed_after_a_declaration_at_the_congress():
    """L567: the other disputes are resolved before the Congress adjourns:
    only their parties vote on (as members) and sign the treaty."""
    s = congress_with_two_disputes()
    engine.apply(s, "germany", "war:france")
    s.powers["japan"].treasury = 20
    write_treaty(s, "usa", "japan", "usa", "pay:japan:10")
    for p in ("great_britain", "france", "japan"):
        engine.apply(s, p, "done")
    for d in engine.decisions(s):
        engine.apply(s, d.actor, "yes")
    assert {d.actor for d in engine.decisions(s)} == {"usa", "japan"}
    for p in ("usa", "japan"):
        engine.apply(s, p, "sign")
    assert s.congress["status"] == "signed" and s.treaties[-1]["signatories"] == ["usa", "japan"]
    assert s.wars[0].sides == [["germany"], ["france"]]


def test_a_disputant_refusing_to_sign_may_declare_war():
    """L567: a declaration during the Congress "se un disputante rifiuta di
    firmare un Trattato Congressuale"; the refusal keeps its own price
    (L467 CB, L692 +2 and +3), the declaration adds 5 (L692)."""
    s = fresh()
    _dispute_to_congress(s)
    engine.apply(s, "germany", "convene-great_britain")
    write_treaty(s, "great_britain", "germany", "france", "remove:germany:kenya")
    for p in ("germany", "france"):
        engine.apply(s, p, "done")
    for p in ("great_britain", "germany", "france"):
        engine.apply(s, p, "yes")
    assert own(s, "germany").ids() == ["sign", "refuse", "war:france"]
    assert engine.default_choice(s, "germany") == "sign"
    et = s.et
    engine.apply(s, "germany", "war:france")
    engine.apply(s, "france", "sign")
    assert s.et == et + 2 + 5 + 3
    assert [w.sides for w in s.wars] == [[["germany"], ["france"]]]
    assert s.areas["kenya"].statuses["germany"].level == "influence"  # nothing carried out


def test_ruleset_2_congress_offers_no_war():
    s = fresh(ruleset=2)
    _dispute_to_congress(s)
    engine.apply(s, "germany", "convene-great_britain")
    assert not any(i.startswith("war:") for i in own(s, "germany").ids())


# ----------------------------------------------------------------- three alliances (L569)

def test_a_third_alliance_joins_the_side_it_is_not_at_war_with():
    """L569: "Una Guerra scoppia tra due Alleanze ... E' possibile ... che
    scoppi una Guerra tra tre Alleanze". The engine plays two alliances
    (docs/rulings/pax.md): France declares on the USA, the USA on Japan,
    Japan on France in the same sealed round; Japan, at war with the USA,
    is France's ally and its declaration on France falls (no ET)."""
    s = fresh()
    sealed_round(s, (("france", "usa"), ("usa", "japan"), ("japan", "france")))
    [war] = s.wars
    assert war.sides == [["france", "japan"], ["usa"]]
    assert [(d["by"], d["against"]) for d in war.declared] == [("france", "usa"), ("usa", "japan")]
    assert ets(s, "war_declared") == [5, 5]
    assert any(e["key"] == "pax.log.war_declaration_void" and e["params"]["power"] == "japan" for e in s.log)


# ----------------------------------------------------------------- the pledge to a minor (L287, L690)

def pledge_for_portugal(s, pledger):
    """Portugal's Influence gave way to Great Britain's new Protectorate in
    the Congo (L287); ``pledger`` announces it defends Portugal's rights and
    nobody else convenes: the Congress is convened."""
    to_step(s, "pax.negotiation")
    hold_after(s, congress=True)
    s.casus_belli = []
    clear_area(s, "congo")
    b.set_status(s, "congo", "great_britain", "protectorate", new=True)
    s.minor_claims = [{"holder": "portugal", "against": "great_britain", "area": "congo", "turn": s.turn}]
    seal_rest(s)
    engine.apply(s, pledger, "defend-portugal-congo")
    for d in engine.decisions(s):
        if d.step == "pax.congress_call":
            engine.apply(s, d.actor, "pass")


def pledged_congress_defied(s):
    """Portugal's Influence gave way to Great Britain's new Protectorate in
    the Congo; France pledges to defend Portugal's rights; the Congress
    adopts a treaty removing the Protectorate and Great Britain refuses to
    sign (L287)."""
    pledge_for_portugal(s, "france")
    assert s.congress["pledges"] == [{"power": "france", "minor": "portugal", "area": "congo",
                                      "against": "great_britain"}]
    assert s.congress["members"] == ["great_britain", "germany", "france"]  # Germany hosts; France pledged
    write_treaty(s, "france", "great_britain", "france", "remove:great_britain:congo")
    for p in ("great_britain", "germany"):
        engine.apply(s, p, "done")
    for d in engine.decisions(s):
        engine.apply(s, d.actor, "yes")
    engine.apply(s, "great_britain", "refuse")
    [war] = s.wars
    assert war.sides == [["portugal"], ["great_britain"]]  # "il Minore dichiarerà Guerra alla Grande Potenza"
    assert not ets(s, "war_declared")  # L692 counts a player's declarations (ruling)
    war_phase(s)
    assert step(s) == "pax.war_declare"  # the members' Casus Belli against the refuser (L467) come first
    answer_all(s, "peace")
    assert step(s) == "pax.war_pledge"
    [d] = engine.decisions(s)
    assert d.actor == "france" and d.ids() == ["refuse", "honour"]
    return war


def test_a_pledged_power_that_refuses_loses_five_vp_and_tension_rises_by_three():
    """L287: "ogni giocatore che, in precedenza, aveva dichiarato di
    difendere i diritti del Minore é obbligato a dichiarare guerra alla
    Grande Potenza. Se non lo fa, perde automaticamente 5 Punti Vittoria e
    fa salire l'Indice della Tensione Europea di 3"; L690."""
    s = fresh()
    war = pledged_congress_defied(s)
    vp = s.powers["france"].vp
    assert engine.default_choice(s, "france") == "refuse"  # the passive answer, as a treaty's call
    engine.apply(s, "france", "refuse")
    assert s.powers["france"].vp == vp - 5 and ets(s, "pledge_broken") == [3]
    assert war.sides[0] == ["portugal"] and war.side_of("france") is None
    assert any(e["key"] == "pax.log.war_pledge_refused" for e in s.log)


def test_a_pledged_power_that_honours_fights_beside_the_minor():
    """L287: the pledged player declares war on the Great Power: it is the
    minor's ally (L569), ET +5 (L692), no VP lost."""
    s = fresh()
    war = pledged_congress_defied(s)
    vp = s.powers["france"].vp
    engine.apply(s, "france", "honour")
    assert war.sides == [["portugal", "france"], ["great_britain"]]
    assert ets(s, "war_declared") == [5] and not ets(s, "pledge_broken") and s.powers["france"].vp == vp
    assert war.controllers.get("portugal") == "france"  # the minor moves with its Great Power ally (L513)
    while step(s) in ("pax.war_permit", "pax.war_canal"):  # the neutrals' questions as the war begins (L618, L694)
        engine.apply_defaults(s)
    assert any(i.startswith("portugal|") for d in engine.decisions(s) if d.actor == "france" for i in d.ids())


def test_the_bot_honours_a_pledge():
    from engine.pax import bots

    s = fresh()
    pledged_congress_defied(s)
    d = engine.decisions(s)[0]
    assert bots.choose(s, d) == "honour"


def test_a_pledged_usa_sits_at_the_congress_it_caused_and_writes_a_treaty():
    """L287: a Great Power that announces it defends the minor's rights
    causes the Congress, where the minor obeys without a vote; the USA could
    never attend as a guest (L465), so its pledge makes it a member
    (docs/rulings/pax.md): it writes a treaty and votes, the parties sign."""
    s = fresh()
    pledge_for_portugal(s, "usa")
    assert "usa" in s.congress["members"] and "usa" not in s.congress["parties"]
    for d in engine.decisions(s):
        if d.step == "pax.congress_attend":
            engine.apply(s, d.actor, "stay")
    assert "usa" in {d.actor for d in engine.decisions(s) if d.step == "pax.congress_propose"}
    write_treaty(s, "usa", "great_britain", "usa", "remove:great_britain:congo")
    for p in s.congress["members"]:
        if p != "usa":
            engine.apply(s, p, "done")
    assert "usa" in {d.actor for d in engine.decisions(s) if d.step == "pax.congress_vote"}
