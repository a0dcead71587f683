"""Pax Britannica diplomacy, ruleset 3 (issue 34 leftovers): the terms of a
long proposal asked kind first, Austria-Hungary's statuses traded by
Germany's seat, treaty numbers that tell nobody of a secret treaty
(shared/seeds/pax_britannica_rules_it.txt, L<n>). Stored games (ruleset 2)
ask what they asked."""
from __future__ import annotations

import json

import engine
from engine.core.steps import frame, push
from engine.pax import board as b

from test_pax_diplomacy import hold_after, propose, seal_rest, to_step


def fresh(ruleset: int = 3, players: int = 5, seed: int = 1):
    return engine.new_game("pax", "1880", seed, {"players": players, "ruleset": ruleset})


def own(s, seat):
    return next(d for d in engine.decisions(s) if d.actor == seat)


def _empire(s, power, n):
    """``power`` holds an established Influence in ``n`` more areas nobody holds."""
    free = [a for a, x in sorted(s.areas.items()) if not x.statuses][:n]
    for a in free:
        b.set_status(s, a, power, "influence", new=False)
    return free


# ----------------------------------------------------------------- terms, kind first (L449-461)

def test_a_long_list_of_terms_is_asked_kind_first_then_the_term():
    """L449-453: every status of either side may be withdrawn, lowered,
    ceded or shared; Great Britain's list ran past a hundred terms in one
    flat list. Ruleset 3: the kind first (a few choices), then its terms,
    Back to the kinds; a term taken is the same term as before."""
    for rs in (2, 3):
        s = fresh(rs)
        to_step(s, "pax.negotiation")
        _empire(s, "great_britain", 20)
        propose_to = ("propose", "germany")
        for cid in propose_to:
            engine.apply(s, "great_britain", cid)
        flat = own(s, "great_britain")
        if rs == 2:  # the stored games' menu: every term at once
            assert len(flat.choices) > 100 and "remove:great_britain:aden" in flat.ids()
            continue
        kinds = flat.ids()
        assert len(kinds) <= 20 and "pick:remove:great_britain:germany" in kinds  # one page of buttons and "pick:reduce:great_britain:germany" in kinds
        assert not any(i.startswith("send") for i in kinds)  # nothing to send yet
        engine.apply(s, "great_britain", "pick:remove:great_britain:germany")
        areas = own(s, "great_britain").ids()
        assert "remove:great_britain:aden" in areas and areas[-2:] == ["back", "cancel"]
        assert all(i.startswith("remove:great_britain:") for i in areas[:-2])
        engine.apply(s, "great_britain", "back")
        assert own(s, "great_britain").ids() == kinds
        for cid in ("pick:remove:great_britain:germany", "remove:great_britain:aden", "send", "done"):
            engine.apply(s, "great_britain", cid)
        assert s.stack[-1]["drafts"]["great_britain"]["proposals"][0]["terms"] == [
            {"kind": "remove", "giver": "great_britain", "taker": "germany", "area": "aden"}]


def test_a_short_list_of_terms_stays_one_tap():
    """A proposal whose terms fit one select is offered as before: no kind to pick first."""
    s = fresh(3)
    to_step(s, "pax.negotiation")
    for cid in ("propose", "usa"):
        engine.apply(s, "japan", cid)
    s.powers["japan"].treasury = 3
    ids = own(s, "japan").ids()
    assert not any(i.startswith("pick:") for i in ids) and "pay:japan:1" in ids


# ----------------------------------------------------------------- Austria-Hungary (L224, L700)

def test_germanys_seat_trades_austria_hungarys_statuses_but_austria_never_pays():
    """L224: "La Germania, controllando anche l'Austria-Ungheria"; L700: the
    German player "può ... comprare e piazzare Status" for Austria, and
    "L'Austria non può mai prestare £ ad altre Potenze". Ruleset 3: Germany's
    proposals may give or take Austria-Hungary's statuses; a proposal to
    Germany about them is answered by Germany's seat."""
    s = fresh(3)
    to_step(s, "pax.negotiation")
    hold_after(s)
    area = _empire(s, "austria_hungary", 1)[0]
    s.powers["austria_hungary"].treasury = 50
    for cid in ("propose", "france"):
        engine.apply(s, "germany", cid)
    ids = own(s, "germany").ids()
    assert f"cede:austria_hungary:{area}" in ids or "pick:cede:austria_hungary:france" in ids
    assert not any(i.startswith(("pay:austria_hungary", "pick:pay:austria_hungary")) for i in ids)  # L700
    # "Alleanze Difensive (ma mai Offensive) in nome dell'Austria" (L700): no offensive term
    assert not any(i.startswith("support:") and "austria_hungary" in i for i in ids)
    assert "support:germany:france" in ids and "defend:france:austria_hungary" in ids
    engine.apply(s, "germany", "cancel")
    propose(s, "france", "germany", [f"remove:austria_hungary:{area}"])
    seal_rest(s)
    assert own(s, "germany").step == "pax.answers"  # Austria-Hungary's player answers
    engine.apply(s, "germany", "accept-1")
    assert "austria_hungary" not in s.areas[area].statuses
    # a stored game (ruleset 2) asks what it asked: no Austrian term
    s2 = fresh(2)
    to_step(s2, "pax.negotiation")
    _empire(s2, "austria_hungary", 1)
    for cid in ("propose", "france"):
        engine.apply(s2, "germany", cid)
    assert not any("austria_hungary" in i for i in own(s2, "germany").ids())


# ----------------------------------------------------------------- treaty numbers (L461)

def _three_treaties(rs):
    """Britain and Japan sign a secret treaty, then France-Germany and
    USA-Britain public ones, in one Negotiation."""
    s = fresh(rs)
    to_step(s, "pax.negotiation")
    hold_after(s)
    for p in ("france", "usa"):
        s.powers[p].treasury = 10
    area = next(a for a, x in sorted(s.areas.items()) if "great_britain" in x.statuses and "japan" not in x.statuses)
    propose(s, "great_britain", "japan", [f"keep_out:japan:{area}"], "send-secret")
    propose(s, "france", "germany", ["pay:france:1"], "send-public")
    propose(s, "usa", "great_britain", ["pay:usa:1"], "send-public")
    seal_rest(s)
    for seat, pid in (("japan", 1), ("germany", 2), ("great_britain", 3)):
        engine.apply(s, seat, f"accept-{pid}")
    return s


def test_treaty_numbers_tell_nobody_of_a_secret_treaty():
    """L461: a secret treaty is known to its signatories only until revealed.
    Numbered across all treaties, France saw treaties 2 and 3 and knew of a
    treaty 1 it could not see. Ruleset 3: public treaties are numbered
    among public ones, a secret one apart for each signatory; revealed, it
    takes the next public number."""
    old = _three_treaties(2)
    assert [t["id"] for t in engine.view(old, "france")["treaties"]] == [2, 3]  # the leak, kept for stored games
    s = _three_treaties(3)
    assert [t["id"] for t in engine.view(s, "france")["treaties"]] == [1, 2]
    assert [t["id"] for t in engine.export_state(s)["treaties"]] == [1, 2]
    texts = [e for e in s.log if e["key"] == "pax.log.treaty"]
    assert [e["params"]["n"] for e in texts] == [1, 2]
    japan = engine.view(s, "japan")["treaties"]
    assert [(t["id"], t["secret"]) for t in japan] == [(1, False), (2, False), (1, True)]
    assert "labels" not in json.dumps(engine.view(s, "japan")) and "keep_out" not in json.dumps(engine.view(s, "usa"))
    # next turn's Negotiation: Britain reveals its secret treaty 1; it becomes treaty 3
    s.stack[:] = [{"step": "pax.movement", "round": 1, "drafts": {}, "sealed": []}]
    push(s, frame("pax.negotiation", drafts={}, sealed=[]))
    assert "reveal-1" in own(s, "great_britain").ids()
    engine.apply(s, "great_britain", "reveal-1")
    seal_rest(s)
    revealed = [e for e in s.log if e["key"] == "pax.log.treaty_revealed"]
    assert revealed[-1]["params"]["n"] == 3
    assert [t["id"] for t in engine.view(s, "france")["treaties"]] == [1, 2, 3]


def test_a_congress_with_germany_may_bind_austria_hungary():
    """L224, L465: a member may propose terms between members; Germany's
    player decides for Austria-Hungary, so (ruleset 3) a term may bind it
    when Germany sits at the Congress, never in Germany's favour (one seat),
    never a payment by Austria (L700)."""
    from test_pax_diplomacy import _dispute_to_congress

    s = fresh(3)
    _dispute_to_congress(s)
    engine.apply(s, "germany", "convene-great_britain")
    ids = own(s, "great_britain").ids()
    assert "giver-austria_hungary" in ids and "giver-germany" in ids
    engine.apply(s, "great_britain", "giver-austria_hungary")
    takers = own(s, "great_britain").ids()
    assert "taker-france" in takers and "taker-germany" not in takers
    engine.apply(s, "great_britain", "taker-france")
    assert not any(i.startswith("pay:austria_hungary") for i in own(s, "great_britain").ids())
    old = fresh(2)
    _dispute_to_congress(old)
    engine.apply(old, "germany", "convene-great_britain")
    assert "giver-austria_hungary" not in own(old, "great_britain").ids()


# ----------------------------------------------------------------- the counter mix (L67)

def _interests_all_in_use(s, power):
    """``power`` holds an established Influence in one area and an Interest
    in as many others as it has Interest markers (L67's counter mix)."""
    free = [a for a, x in sorted(s.areas.items()) if not x.statuses]
    b.set_status(s, free[0], power, "influence", new=False)
    for a in free[1:1 + b.counter_limit("interest", s)]:
        b.set_status(s, a, power, "interest", new=False)
    return free[0]


def test_an_influence_is_lowered_to_an_interest_only_while_an_interest_marker_is_free():
    """L67 (the counter mix limits every status marker) with L352 (a player
    may lower its own Influence): with every Interest marker on the map,
    the Influence may only be removed, not lowered; by Negotiation too
    (L451), and a cession or codominium needs the taker's free marker."""
    from engine.pax import movement as m
    from engine.pax.negotiation import term_options

    s = fresh()
    area = _interests_all_in_use(s, "france")
    assert f"{area}:interest" not in m.lower_options(s, "france") and f"{area}:none" in m.lower_options(s, "france")
    kinds = {t["kind"] for t in term_options(s, "france", "germany") if t.get("area") == area}
    assert "reduce" not in kinds and "remove" in kinds
    b.remove_status(s, sorted(a for a, x in s.areas.items() if x.statuses.get("france")
                              and x.statuses["france"].level == "interest")[0], "france")
    assert f"{area}:interest" in m.lower_options(s, "france")
    assert "reduce" in {t["kind"] for t in term_options(s, "france", "germany") if t.get("area") == area}
    legacy = fresh(ruleset=2)
    area = _interests_all_in_use(legacy, "france")
    assert f"{area}:interest" in m.lower_options(legacy, "france")  # a stored ruleset-2 game plays on as it began
