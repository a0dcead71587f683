"""Pax Britannica: what a neutral Great Power may do during a war (ruleset 3,
engine/pax/neutrals.py): give Rights of Call (L615-620), deny a canal or the
Straits (L694-696), declare war at once when a belligerent enters its
codominium (L636-638), from the seed's own statements
(shared/seeds/pax_britannica_rules_it.txt, L<n>). The board is
test_pax_war_board.py's empty map with Great Britain at war with France; the
5-player game's Germany and USA are the neutrals."""
from __future__ import annotations

import pytest
from test_pax_war_board import HOLD, blank, control

import engine
from engine.core.engine import settle
from engine.core.errors import IllegalChoice
from engine.core.steps import frame, push
from engine.pax import board as b
from engine.pax import bots
from engine.pax.state import PowerState, War
from engine.pax.war import declaration_round, declare, take_area
from engine.pax.warmoves import canal_denied, destinations, rights_of_call

pytestmark = pytest.mark.timeout(60)


def war_begins(s):
    """The neutrals' questions as the war begins (pushed by the war flow's
    Alliance Determination, engine/pax/war.py)."""
    push(s, frame("pax.war_neutrals", war=1))
    settle(s)


def asked(s):
    return {(d.actor, d.step): d.ids() for d in engine.decisions(s)}


# ----------------------------------------------------------------- Rights of Call (L615-620)

def test_a_neutrals_permission_gives_rights_of_call_and_cannot_be_taken_back():
    """L618: Rights of Call beside "un Control di una Potenza Neutrale che ha
    dato il suo permesso (verbale e, un volta dato, non revocabile)"."""
    s = blank()
    war = s.wars[0]
    control(s, "cameroon", "germany")  # beside the South Atlantic
    assert "south_atlantic" not in rights_of_call(s, war, "france")  # not without permission
    war_begins(s)
    assert asked(s) == {("germany", "pax.war_permit"): ["none", "grant:0", "grant:1", "grant:all"]}
    assert engine.default_choice(s, "germany") == "none"  # the default gives none
    engine.apply(s, "germany", "grant:1")  # to France's alliance
    assert s.stack == [HOLD]
    assert "south_atlantic" in rights_of_call(s, war, "france")
    assert "cape_of_good_hope" in rights_of_call(s, war, "france")  # L628
    assert "south_atlantic" not in rights_of_call(s, war, "great_britain")
    # asked again, "none" takes nothing back: a permission once given stays
    war_begins(s)
    engine.apply(s, "germany", "none")
    assert war.permits == {"germany": [1]} and "south_atlantic" in rights_of_call(s, war, "france")
    # a French fleet may now sail from the South Atlantic's coast into it (L591, L617)
    control(s, "gabon", "france")
    b.add_unit(s, "france", "gabon", "fleet-3")
    assert "south_atlantic" in destinations(s, war, "france", "gabon", "fleet")


def test_the_permission_needs_a_control_and_a_neutral():
    """L618 names a neutral's Control: an Influence asks nothing, and a
    belligerent is not asked."""
    s = blank()
    control(s, "cameroon", "germany", "influence")
    control(s, "gabon", "great_britain")
    war_begins(s)
    assert s.stack == [HOLD] and s.wars[0].permits == {}


# ----------------------------------------------------------------- Canals and Straits (L694-696)

def test_a_neutral_denying_suez_to_one_alliance_gives_it_a_casus_belli_and_a_declaration_makes_it_an_enemy():
    """L694: "il giocatore che controlla l'Egitto può negare l'uso del Canale
    ad ogni altra Potenza"; L696: "Se un giocatore Neutrale nega l'accesso al
    Canale ad una Alleanza ma non all'altra, l'Alleanza a cui viene negato il
    transito ha un Casus Belli contro il neutrale. Ogni giocatore
    dell'Alleanza può dichiarargli Guerra rendendolo membro dell'Altra
    Alleanza"."""
    s = blank()
    war = s.wars[0]
    control(s, "egypt", "germany")
    for p in ("great_britain", "france"):
        b.add_unit(s, p, "mediterranean", "fleet-3")
    control(s, "aden", "great_britain")
    control(s, "madagascar", "france")
    war_begins(s)
    engine.apply(s, "germany", "none")  # no Rights of Call beside Egypt
    assert asked(s) == {("germany", "pax.war_canal"): ["open", "deny:0", "deny:1", "deny:all"]}
    assert engine.default_choice(s, "germany") == "open"
    engine.apply(s, "germany", "deny:0")  # to Great Britain's alliance only
    assert canal_denied(s, war, "great_britain", "suez") and not canal_denied(s, war, "france", "suez")
    assert "indian_ocean" not in destinations(s, war, "great_britain", "mediterranean", "fleet")
    assert "indian_ocean" in destinations(s, war, "france", "mediterranean", "fleet")
    assert {(c["holder"], c["against"], c["why"]) for c in s.casus_belli} == {
        ("great_britain", "germany", "canal_denied")}
    # Great Britain may declare war on the neutral at once
    assert asked(s) == {("great_britain", "pax.war_declare"): ["peace", "declare:germany"]}
    et = s.et
    engine.apply(s, "great_britain", "declare:germany")
    # a member of the other alliance, Austria-Hungary at its side (L569, L700)
    assert war.sides == [["great_britain"], ["france", "germany", "austria_hungary"]]
    assert s.et == et + 5  # L692
    assert s.stack == [HOLD]


def test_a_neutral_denying_both_alliances_gives_no_casus_belli():
    """L696: only an alliance denied "ma non all'altra" has a Casus Belli."""
    s = blank()
    control(s, "egypt", "germany")
    war_begins(s)
    engine.apply(s, "germany", "none")
    engine.apply(s, "germany", "deny:all")
    war = s.wars[0]
    assert canal_denied(s, war, "great_britain", "suez") and canal_denied(s, war, "france", "suez")
    assert s.casus_belli == [] and s.stack == [HOLD]


def test_straits_in_codominium_are_denied_only_when_every_partner_agrees():
    """L696: "Se l'Area che controlla lo Stretto è in Codominio, tutti i
    partecipanti devono essere d'accordo per negare il passaggio"."""
    s = blank()
    war = s.wars[0]
    control(s, "anatolia", "germany")
    control(s, "anatolia", "usa")
    war_begins(s)
    for seat in ("germany", "usa"):
        engine.apply(s, seat, "none")
    assert {d.actor for d in engine.decisions(s)} == {"germany", "usa"}  # each co-owner answers
    engine.apply(s, "germany", "deny:1")
    engine.apply(s, "usa", "open")  # the USA does not agree
    assert not canal_denied(s, war, "france", "suez") and not canal_denied(s, war, "france", "straits")
    assert s.casus_belli == [] and s.stack == [HOLD]
    war.canal_denials.clear()
    war_begins(s)
    for seat in ("germany", "usa"):
        engine.apply(s, seat, "none")
    for seat in ("germany", "usa"):
        engine.apply(s, seat, "deny:1")  # both agree: denied to France
    assert canal_denied(s, war, "france", "straits") and not canal_denied(s, war, "great_britain", "straits")
    assert {(c["holder"], c["against"]) for c in s.casus_belli} == {("france", "germany"), ("france", "usa")}


def test_a_belligerent_co_owner_needs_its_neutral_partner_to_deny():
    """L696 with a codominium of a belligerent and a neutral: Great Britain
    at war does not close the Straits to France alone."""
    s = blank()
    war = s.wars[0]
    control(s, "anatolia", "great_britain")
    control(s, "anatolia", "germany")
    assert not canal_denied(s, war, "france", "straits")
    war.canal_denials["straits"] = {"germany": [1]}
    assert canal_denied(s, war, "france", "straits") and not canal_denied(s, war, "great_britain", "straits")


def test_a_canal_not_built_is_not_asked_about():
    """L694: Panama denies only once its canal is built."""
    s = blank()
    control(s, "panama", "germany")
    war_begins(s)
    engine.apply(s, "germany", "none")  # Rights of Call only
    assert s.stack == [HOLD]
    s.canals["panama"] = "usa"
    war_begins(s)
    engine.apply(s, "germany", "none")
    assert [d.step for d in engine.decisions(s)] == ["pax.war_canal"]


# ----------------------------------------------------------------- Codominium (L636-638)

def march(s, power, src, dest, side=0):
    """``power``'s (3) army marches from ``src`` into ``dest`` in its alliance's Maneuver."""
    b.add_unit(s, power, src, "army-3")
    push(s, frame("pax.war_maneuver", war=1, side=side))
    settle(s)
    engine.apply(s, power, f"{power}|{src}|army-3")
    engine.apply(s, power, dest)
    engine.apply(s, power, "done")


def _enter_egypt(s):
    """France and neutral Germany hold Egypt in codominium; a British army
    marches in from the Sudan (L636)."""
    control(s, "sudan", "great_britain")
    control(s, "egypt", "france")
    control(s, "egypt", "germany")
    march(s, "great_britain", "sudan", "egypt")


def test_the_codominium_neutral_that_declares_at_once_joins_the_war():
    """L636: "Se una Potenza, che non è parte del Codominio, entra nell'Area
    il giocatore Neutrale ha un Casus Belli contro il giocatore invasore. Se
    lo desidera, il Neutrale può immediatamente dichiarare Guerra, con
    l'usuale incremento della Tensione Europea"."""
    s = blank()
    _enter_egypt(s)
    assert asked(s) == {("germany", "pax.war_declare"): ["peace", "declare:great_britain"]}
    assert engine.default_choice(s, "germany") == "peace"
    et = s.et
    engine.apply(s, "germany", "declare:great_britain")
    war = s.wars[0]
    assert war.sides == [["great_britain"], ["france", "germany"]] and len(s.wars) == 1
    assert s.et == et + 5
    assert s.stack == [HOLD] and s.casus_belli == []


def test_the_codominium_neutral_that_lets_the_moment_pass_cannot_declare_later():
    """L636: "Il Neutrale può esercitare questa opzione solo nell'istante in
    cui le Truppe entrano nell'Area, se non lo fa, non può più sfruttare
    questo Casus Belli come pretesto di Guerra"."""
    s = blank()
    _enter_egypt(s)
    engine.apply(s, "germany", "peace")
    assert s.stack == [HOLD]
    assert not any(c["why"] == "codominium_entered" for c in s.casus_belli)
    assert declaration_round(s, []) == []  # no later declaration on it
    with pytest.raises(IllegalChoice):
        engine.apply(s, "germany", "declare:great_britain")
    assert s.wars[0].sides == [["great_britain"], ["france"]]


def test_no_casus_belli_when_both_alliances_share_the_codominium_with_the_neutral():
    """L638: "Non esistono problemi se giocatori di ambedue le Alleanze hanno,
    nella stessa Area, un Codominio con un Neutrale"."""
    s = blank()
    s.wars[0].sides = [["great_britain", "usa"], ["france"]]
    for p in ("great_britain", "france", "germany"):
        control(s, "egypt", p)
    control(s, "sudan", "usa")
    march(s, "usa", "sudan", "egypt")
    assert b.units_at(s, "usa", "egypt") == {"army-3": 1}
    assert s.casus_belli == [] and s.stack == [HOLD]


def test_a_conquered_codominium_keeps_the_neutrals_status():
    """L638: "Se un'Area con Codominio viene conquistata, lo Status del
    Neutrale non può venire alterato o rimosso"."""
    s = blank()
    control(s, "egypt", "france")
    control(s, "egypt", "germany")
    take_area(s, s.wars[0], "egypt", "great_britain", 0, "protectorate")
    assert "france" not in s.areas["egypt"].statuses
    assert s.areas["egypt"].statuses["germany"].level == "protectorate"


# ----------------------------------------------------------------- the bot

def test_the_bot_gives_no_permission_and_denies_no_canal():
    """A bot neutral stays out of the war: no permission, no denial (a
    denial to one side would give that side a Casus Belli against it, L696)."""
    s = blank()
    control(s, "egypt", "germany")
    war_begins(s)
    [d] = engine.decisions(s)
    assert bots.choose(s, d) == "none"
    engine.apply(s, "germany", bots.choose(s, d))
    [d] = engine.decisions(s)
    assert bots.choose(s, d) == "open"


def test_nobody_joins_the_chinese_empire_on_a_canal_casus_belli():
    """L475: the Chinese Rebellion's enemies fight it side by side: a neutral
    denying Suez to them is not brought into the Chinese side (ruling)."""
    s = blank()
    war = s.wars[0]
    war.kind, war.sides = "chinese", [["china"], ["great_britain", "france"]]
    s.powers["china"] = PowerState(kind="native")
    control(s, "egypt", "germany")
    war_begins(s)
    engine.apply(s, "germany", "none")
    assert engine.decisions(s)[0].ids() == ["open", "deny:1"]  # the native side moves by its own rules
    engine.apply(s, "germany", "deny:1")
    assert canal_denied(s, war, "great_britain", "suez")
    assert s.stack == [HOLD] and war.sides == [["china"], ["great_britain", "france"]]


def test_two_wars_that_become_one_keep_the_neutrals_permissions_and_denials():
    """L618 "non revocabile": when a declaration joins two wars (L569), what
    a neutral gave or denied in either stays, on the side it was given to."""
    s = blank()
    w1 = s.wars[0]
    w2 = War(id=2, sides=[["germany"], ["japan"]])
    s.wars.append(w2)
    w1.permits["usa"] = [0]   # to Great Britain
    w2.permits["usa"] = [0]   # to Germany
    w2.canal_denials["straits"] = {"usa": [1]}  # to Japan
    declare(s, "great_britain", "germany")
    [war] = s.wars
    assert war.sides[0][:2] == ["great_britain", "japan"] and war.sides[1][:2] == ["france", "germany"]
    assert war.permits == {"usa": [0, 1]}
    assert war.canal_denials == {"straits": {"usa": [0]}}


def test_a_chinese_rebellion_no_power_has_entered_asks_the_neutrals_nothing():
    """L475: a Chinese Rebellion begins with the Chinese armies alone when no
    power stands in a Chinese area; there is no alliance to give Rights of
    Call or deny a canal to, so no neutral is asked (a soak game raised an
    IndexError building this question for the empty side)."""
    s = blank()
    war = s.wars[0]
    war.kind, war.sides = "chinese", [["china"], []]
    s.powers["china"] = PowerState(kind="native")
    control(s, "egypt", "germany")
    war_begins(s)
    assert s.stack == [HOLD]  # no question pushed: the Movement round below goes on
