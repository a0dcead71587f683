"""Pax Britannica, naval retreats into a battle still to be fought (L666)
and the end of a war (L682-684): the peace treaty's status changes, the
victors' division of the spoils or a Congress of Europe, a winning minor's
garrisons, from the seed's statements
(shared/seeds/pax_britannica_rules_it.txt, L<n>)."""
from __future__ import annotations

import engine
from engine.pax import board as b
from engine.pax import warcombat
from tests.engine.test_pax_war_board import HOLD, blank, run


def fought(monkeypatch, results):
    """Each battle's result in turn; returns the (attack, defence) totals rolled against."""
    odds = []

    def fake(state, att, dfn):
        odds.append((att, dfn))
        return "1, 1:1", 3, results[len(odds) - 1]
    monkeypatch.setattr(warcombat, "combat_result", fake)
    return odds


# ----------------------------------------------------------------- L666

def _two_seas():
    """Great Britain's ships face France's in the Mediterranean and the North Atlantic."""
    s = blank()
    b.add_unit(s, "great_britain", "mediterranean", "fleet-10")
    b.add_unit(s, "france", "mediterranean", "fleet-3")
    b.add_unit(s, "great_britain", "north_atlantic", "fleet-3")
    b.add_unit(s, "france", "north_atlantic", "fleet-1")
    return s


def test_ships_retreating_into_a_battle_not_yet_fought_add_nothing_but_share_its_result(monkeypatch):
    """L666: "E' possibile per Unità Navali ritirarsi in Aree o Zone di Mare
    in cui il combattimento non è ancora avvenuto. In questo caso, le Unità
    in ritirata non aggiungono la propria forza alle Unità amiche presenti,
    ma subiscono un eventuale risultato avverso patito dalle Unità amiche"."""
    s = _two_seas()
    odds = fought(monkeypatch, ["DR", "DE"])
    run(s, "pax.war_attack")
    engine.apply(s, "great_britain", "fleet:mediterranean")
    [d] = engine.decisions(s)
    assert d.actor == "france" and set(d.ids()) == {"north_atlantic", "home"}
    engine.apply(s, "france", "north_atlantic")  # into the battle Great Britain has not fought yet
    assert b.units_at(s, "france", "north_atlantic") == {"fleet-1": 1, "fleet-3": 1}
    engine.apply(s, "great_britain", "fleet:north_atlantic")
    assert odds == [(10, 3), (3, 1)]  # the (3) that retreated there adds nothing
    assert b.units_at(s, "france", "north_atlantic") == {}  # but it is eliminated with the (1)
    assert s.stack == [HOLD] and s.wars[0].retreated == {}  # the Attack Phase is over


def test_retreated_ships_share_a_retreat_too(monkeypatch):
    """L666 (an adverse result: DR, L656): the ships that retreated there
    retreat again with their friends."""
    s = _two_seas()
    b.add_unit(s, "france", "home", "fleet-1")
    fought(monkeypatch, ["DR", "DR"])
    run(s, "pax.war_attack")
    engine.apply(s, "great_britain", "fleet:mediterranean")
    engine.apply(s, "france", "north_atlantic")
    engine.apply(s, "great_britain", "fleet:north_atlantic")  # the Mediterranean holds Great Britain's ships
    assert b.units_at(s, "france", "north_atlantic") == {}
    assert b.units_at(s, "france", "home") == {"fleet-1": 2, "fleet-3": 1}


def test_retreated_ships_alone_fight_as_they_are(monkeypatch):
    """L666 speaks of ships joining friendly units: where none are left the
    retreated ships defend with their own strength."""
    s = _two_seas()
    odds = fought(monkeypatch, ["DE"])
    b.add_unit(s, "great_britain", "north_atlantic", "fleet-1")  # the North Atlantic: (3)+(1) against (1)
    s.wars[0].retreated = {"north_atlantic": {"france": {"fleet-1": 1}}}  # as if it came from elsewhere
    run(s, "pax.war_attack")
    engine.apply(s, "great_britain", "fleet:north_atlantic")
    assert odds == [(4, 1)]


def test_armies_left_alone_at_sea_after_their_ships_are_lost_surrender(monkeypatch):
    """L666: "Se alla fine di un combattimento in una Zona di Mare delle
    Armate si trovano da sole con Unità Navali nemiche, quelle Armate si
    arrenderanno immediatamente" (L680 C)."""
    s = _two_seas()
    b.add_unit(s, "france", "north_atlantic", "army-3")
    fought(monkeypatch, ["DE"])
    run(s, "pax.war_attack")
    engine.apply(s, "great_britain", "fleet:north_atlantic")
    assert b.units_at(s, "france", "north_atlantic") == {}
    assert s.wars[0].surrendered["france"] == {"army-3": 1}


# ----------------------------------------------------------------- L684: a minor without allies

def test_a_minor_victorious_without_allies_garrisons_its_areas_from_the_box():
    """L684: a minor without allies, "Se vittoriosa, otterrà Possedimenti in
    tutte le Aree conquistate che le verranno assegnate, sposterà un'Armata
    da (1) in tutte le Aree controllate e muoverà le rimanenti Unità nella
    propria Madrepatria. Se non ha abbastanza Armate da (1) per guarnigione
    in tutte le Aree, le Unità necessarie verranno prese dalla scatola"."""
    from engine.core.engine import settle
    from engine.core.steps import frame
    from engine.pax.state import War
    from tests.engine.test_pax_war_flow import fresh, garrison

    s = fresh()
    garrison(s, "belgium", "congo", "possession", "army-3")
    garrison(s, "france", "guinea", "protectorate", "army-3")
    s.areas["borneo"].statuses.clear()
    b.set_status(s, "borneo", "belgium", "protectorate", new=False)
    s.powers["france"].units = {"home": {"army-3": 1}}  # Belgium took Guinea: France has no unit abroad (L546)
    b.add_unit(s, "belgium", "guinea", "army-10")
    s.powers["belgium"].units["home"] = {"army-1": 1, "fleet-3": 1}
    war = War(id=1, sides=[["france"], ["belgium"]], sequence=1, conquered={"guinea": 1},
              controllers={"belgium": "bot"}, surrendered={"belgium": {"army-1": 1}})
    s.wars.append(war)
    s.stack[:] = [dict(HOLD), frame("pax.war_end", war=war.id)]
    settle(s)
    assert war.over == "victory" and war.winner == 1 and s.stack == [HOLD]
    assert s.areas["guinea"].statuses["belgium"].level == "possession" and "france" not in s.areas["guinea"].statuses
    for area in ("congo", "borneo", "guinea"):  # every area it controls
        assert b.units_at(s, "belgium", area) == {"army-1": 1}
    # two (1) of its own (one had surrendered), one from the box; the rest home
    assert b.units_at(s, "belgium", "home") == {"army-3": 1, "army-10": 1, "fleet-3": 1}
    assert sum(1 for e in s.log if e["key"] == "pax.log.war_box_army") == 1


# ----------------------------------------------------------------- L684: the peace treaty

def _peace(s):
    from tests.engine.test_pax_war_flow import france_at_war_with_germany

    war = france_at_war_with_germany(s)  # Germany holds Guinea with an army there
    for seat in ("france", "germany"):
        engine.apply(s, seat, "offer_peace")
    return war


def _write(s, seat, giver, taker, term):
    """``seat`` writes a one-term peace treaty (the term picked through its kind when the list is long)."""
    engine.apply(s, seat, f"giver-{giver}")
    engine.apply(s, seat, f"taker-{taker}")
    ids = engine.decisions(s)[[d.actor for d in engine.decisions(s)].index(seat)].ids()
    if term not in ids:
        kind, giver_id, _ = term.split(":", 2)
        engine.apply(s, seat, f"pick:{kind}:{giver_id}:{taker}")
    engine.apply(s, seat, term)
    engine.apply(s, seat, "submit")


def test_a_peace_treaty_carries_out_the_status_changes_all_belligerents_sign():
    """L684: "Alla fine di una Guerra i giocatori devono redigere un Trattato
    che risolva ogni disputa rimasta e disponga i cambi di Status desiderati.
    Tutti i belligeranti devono firmare il Trattato" (its terms are
    Negotiation's, L449-461)."""
    from tests.engine.test_pax_war_flow import fresh, step

    s = fresh()
    war = _peace(s)
    assert war.over == "peace" and step(s) == "pax.war_treaty"
    assert {d.actor for d in engine.decisions(s)} == {"france", "germany"}
    assert engine.default_choice(s, "france") == "done"  # no treaty: the safe default
    _write(s, "france", "germany", "france", "cede:germany:guinea")
    engine.apply(s, "germany", "done")
    assert step(s) == "pax.war_treaty_sign"
    assert engine.decisions(s)[0].ids() == ["refuse", "sign"]
    shown = engine.view(s, "germany")["peace_treaty"]
    assert shown["from"] == "france" and shown["texts"][0]["key"] == "pax.term.cede"
    from bot.games.pax import choice_details
    assert "Guinea" in choice_details(lambda: s, ["refuse", "sign"], "en")["sign"]  # the terms beside the answer
    for seat in ("france", "germany"):
        engine.apply(s, seat, "sign")
    assert {p: x.level for p, x in s.areas["guinea"].statuses.items()} == {"france": "protectorate"}
    assert s.treaties[-1]["peace"] == war.id and not s.treaties[-1]["secret"]
    assert step(s) == "pax.movement"


def test_a_peace_treaty_the_only_belligerent_of_a_side_refuses_the_war_goes_on():
    """L684: "Tutti i belligeranti devono firmare il Trattato"; Germany,
    alone on its side, refuses (the default: the treaty takes Guinea from
    it): no treaty is signed, no ally makes a separate peace, and "la parte
    opponente continua a combattere il giocatore": the war goes on."""
    from tests.engine.test_pax_war_flow import ets, fresh, step

    s = fresh()
    war = _peace(s)
    _write(s, "france", "germany", "france", "cede:germany:guinea")
    engine.apply(s, "germany", "done")
    engine.apply(s, "france", "sign")
    assert engine.default_choice(s, "germany") == "refuse"
    engine.apply_defaults(s)
    assert s.areas["guinea"].statuses["germany"].level == "protectorate"
    assert not any(t.get("peace") == war.id for t in s.treaties) and not ets(s, "separate_peace")
    assert war.over is None and war.sides == [["france"], ["germany", "austria_hungary"]]
    assert step(s) == "pax.war_moves" and any(e["key"] == "pax.log.war_goes_on" for e in s.log)
    assert not any(e["key"] == "pax.log.war_no_treaty" for e in s.log)


def test_a_peace_without_any_treaty_written_changes_no_status():
    """L684: every belligerent offered peace and nobody writes a treaty (the
    default): the peace stands, no status changes (docs/rulings/pax.md)."""
    from tests.engine.test_pax_war_flow import fresh, step

    s = fresh()
    war = _peace(s)
    engine.apply_defaults(s)
    assert war.over == "peace" and step(s) == "pax.movement"
    assert s.areas["guinea"].statuses["germany"].level == "protectorate"
    assert any(e["key"] == "pax.log.war_no_treaty" for e in s.log)


def test_a_peace_treaty_all_sign_that_can_no_longer_be_carried_out_leaves_the_peace():
    """L684: every belligerent signed, so nobody refused: a treaty whose
    term is no longer possible is void (L449-461's all or nothing) and the
    peace stands without status change; the war does not go on."""
    from tests.engine.test_pax_war_flow import fresh, step

    s = fresh()
    war = _peace(s)
    _write(s, "france", "germany", "france", "cede:germany:guinea")
    engine.apply(s, "germany", "done")
    del s.areas["guinea"].statuses["germany"]  # Germany no longer holds what it would cede
    for seat in ("france", "germany"):
        engine.apply(s, seat, "sign")
    assert war.over == "peace" and step(s) == "pax.movement" and "france" not in s.areas["guinea"].statuses
    assert [e["key"] for e in s.log if e["key"] in ("pax.log.agreement_void", "pax.log.war_no_treaty")] == \
        ["pax.log.agreement_void", "pax.log.war_no_treaty"]


def test_the_bot_signs_a_peace_treaty_only_when_it_gives_nothing():
    from engine.pax import bots
    from tests.engine.test_pax_war_flow import fresh

    s = fresh()
    _peace(s)
    _write(s, "france", "germany", "france", "cede:germany:guinea")
    assert bots.choose(s, next(d for d in engine.decisions(s) if d.actor == "germany")) == "done"
    engine.apply(s, "germany", "done")
    picks = {d.actor: bots.choose(s, d) for d in engine.decisions(s)}
    assert picks == {"france": "sign", "germany": "refuse"}


# ----------------------------------------------------------------- L684: the victors' division

def _won_by_two(s):
    """France and the USA beat Germany, France holding conquered Guinea."""
    from engine.core.engine import settle
    from engine.core.steps import frame
    from engine.pax.state import War
    from tests.engine.test_pax_war_flow import garrison

    garrison(s, "germany", "guinea")
    s.powers["germany"].units = {"home": {"army-3": 1}}  # no unit abroad: Germany loses (L546)
    b.add_unit(s, "france", "guinea", "army-3")
    b.add_unit(s, "usa", "guinea", "army-1")
    war = War(id=1, sides=[["france", "usa"], ["germany"]], sequence=1, conquered={"guinea": 0})
    s.wars.append(war)
    s.stack[:] = [dict(HOLD), frame("pax.war_end", war=war.id)]
    settle(s)
    for d in engine.decisions(s):  # the peace talks: everyone fights on
        engine.apply(s, d.actor, "fight_on")
    assert war.over == "victory" and war.winner == 0
    return war


def test_victors_who_agree_divide_the_spoils_without_a_congress():
    """L684: "l'Alleanza vittoriosa può, per accordo unanime, dividersi le
    Aree conquistate"; agreeing to the engine's division is the default."""
    from tests.engine.test_pax_war_flow import ets, fresh, step

    s = fresh()
    _won_by_two(s)
    assert step(s) == "pax.war_division"
    assert {d.actor: d.ids() for d in engine.decisions(s)} == {"france": ["agree", "disagree"],
                                                               "usa": ["agree", "disagree"]}
    engine.apply_defaults(s)
    assert step(s) == "pax.war_spoils" and s.stack[-1]["power"] == "france"  # the strongest occupier
    engine.apply(s, "france", "possession")
    assert step(s) == "pax.movement" and not ets(s, "congress_convened")


def test_victors_who_disagree_on_the_spoils_convene_a_congress_of_europe():
    """L684: "Se i vincitori non si accordano sulle divisione delle spoglie,
    è automaticamente convocato un Congresso d'Europa"; L690: "Quando è
    convocato un Congresso d'Europa l'Indice aumenta di tre punti"."""
    from tests.engine.test_pax_war_flow import ets, fresh, step

    s = fresh()
    phase = s.phase
    _won_by_two(s)
    engine.apply(s, "france", "agree")
    engine.apply(s, "usa", "disagree")
    engine.apply(s, "france", "possession")  # the division stands until the Congress's treaty changes it
    assert step(s) == "pax.war_congress_host"  # the USA fixes its seat (L465)
    et = s.et
    engine.apply_defaults(s)
    et += 3
    assert ets(s, "congress_convened") == [3] and s.et == et
    c = s.congress
    assert c["parties"] == ["france", "usa"] and c["host"] not in ("france", "usa", "germany")
    assert step(s) in ("pax.congress_attend", "pax.congress_propose") and s.phase == phase
    for _ in range(20):  # nobody proposes: the Congress fails (ET +3, L692), then the war closes
        if step(s) == "pax.movement":
            break
        engine.apply_defaults(s)
    assert c["status"] == "failed" and ets(s, "congress_failed") == [3] and step(s) == "pax.movement"
    assert s.areas["guinea"].statuses["france"].level == "possession"


def test_a_victor_refusing_the_congress_division_gives_the_others_a_casus_belli():
    """L684: "Una soluzione insoddisfacente del Congresso può risultare in
    una Guerra tra vincitori"; L467: refusing to sign the Congress's treaty
    gives every member a Casus Belli against the refuser (over the spoils)."""
    from tests.engine.test_pax_war_flow import fresh, step

    s = fresh()
    _won_by_two(s)
    engine.apply(s, "france", "agree")
    engine.apply(s, "usa", "disagree")
    engine.apply(s, "france", "possession")
    engine.apply_defaults(s)  # the USA's seat for the Congress: the first host (L465)
    host = s.congress["host"]
    if step(s) == "pax.congress_attend":
        engine.apply_defaults(s)  # the other Europeans stay away
    assert step(s) == "pax.congress_propose"
    engine.apply(s, "usa", "giver-france")
    engine.apply(s, "usa", "taker-usa")
    ids = next(d for d in engine.decisions(s) if d.actor == "usa").ids()
    engine.apply(s, "usa", "cede:france:guinea" if "cede:france:guinea" in ids else "pick:cede:france:usa")
    if "cede:france:guinea" not in ids:
        engine.apply(s, "usa", "cede:france:guinea")
    engine.apply(s, "usa", "submit")
    engine.apply_defaults(s)  # the others write nothing
    for seat, vote in (("usa", "yes"), (host, "yes"), ("france", "no")):
        engine.apply(s, seat, vote)
    assert step(s) == "pax.congress_sign"
    engine.apply(s, "usa", "sign")
    engine.apply(s, "france", "refuse")
    assert {(c["holder"], c["area"]) for c in s.casus_belli if c["against"] == "france"} == \
        {("usa", "guinea"), (host, "guinea")}
    assert s.areas["guinea"].statuses["france"].level == "possession" and step(s) == "pax.movement"


# ----------------------------------------------------------------- L684: a separate peace at the treaty

def _three(s):
    """France and the USA at war with Germany, each holding an area with
    an army there (L546); every player offers peace (L684)."""
    from engine.core.engine import settle
    from engine.core.steps import frame
    from engine.pax.state import War
    from tests.engine.test_pax_war_flow import garrison

    garrison(s, "germany", "guinea")
    garrison(s, "france", "congo")
    garrison(s, "usa", "borneo")
    war = War(id=1, sides=[["france", "usa"], ["germany"]], sequence=1)
    s.wars.append(war)
    s.stack[:] = [dict(HOLD), frame("pax.war_end", war=war.id)]
    settle(s)
    for seat in ("france", "usa", "germany"):
        engine.apply(s, seat, "offer_peace")
    return war


def _usa_writes(s):
    """The USA writes: Germany pays it £5, France cedes Congo to Germany."""
    for giver, taker, term in (("germany", "usa", "pay:germany:5"), ("france", "germany", "cede:france:congo")):
        engine.apply(s, "usa", f"giver-{giver}")
        engine.apply(s, "usa", f"taker-{taker}")
        engine.apply(s, "usa", term)
    engine.apply(s, "usa", "submit")


def _usa_treaty(s):
    """The USA's treaty (:func:`_usa_writes`); nobody else writes one."""
    _usa_writes(s)
    engine.apply(s, "france", "done")
    engine.apply(s, "germany", "done")


def _sign(s, usa, germany, france):
    """Each player's answer to the treaty put to the signature."""
    for seat, answer in (("usa", usa), ("germany", germany), ("france", france)):
        engine.apply(s, seat, answer)


def test_a_refusers_allies_sign_make_a_separate_peace_and_the_war_goes_on_against_it():
    """L684: "Se un giocatore rifiuta di firmare, mentre i suoi Alleati no,
    gli Alleati non sono più in Guerra e la parte opponente continua a
    combattere il giocatore ... Questo comportamento degli Alleati, chiamato
    "Pace Separata" ... Quando viene stipulata una Pace Separata, la
    Tensione Europea cresce di 5". The terms between powers no longer at
    war are carried out (Germany pays the USA); France's wait for it."""
    from tests.engine.test_pax_war_flow import ets, fresh, hold_fire, step

    s = fresh()
    war = _three(s)
    _usa_treaty(s)
    assert step(s) == "pax.war_treaty_sign"
    usa, germany = s.powers["usa"].treasury, s.powers["germany"].treasury
    et = s.et
    _sign(s, "sign", "sign", "refuse")
    assert war.over is None and war.sides == [["france"], ["germany"]] and war.separate == ["usa"]
    assert ets(s, "separate_peace") == [5] and s.et >= et + 5
    assert (s.powers["usa"].treasury, s.powers["germany"].treasury) == (usa + 5, germany - 5)
    assert s.treaties[-1]["signatories"] == ["usa", "germany"] and s.treaties[-1]["peace"] == war.id
    assert s.areas["congo"].statuses["france"].level == "protectorate"  # France's term waits for France
    assert war.treaty == {"from": "usa", "terms": [{"kind": "cede", "giver": "france", "taker": "germany",
                                                     "area": "congo"}]}
    assert step(s) == "pax.war_moves"  # the next War Sequence, France against Germany
    hold_fire(s)
    assert step(s) == "pax.war_peace" and {d.actor for d in engine.decisions(s)} == {"france", "germany"}


def test_the_refuser_signs_the_treaty_at_the_next_peace_talks_and_the_war_ends():
    """L684: "... finché questo non accetta il Trattato o ne viene stipulato
    un altro": at the next peace talks the treaty France refused is put
    first; signed by all, it is carried out and the war ends."""
    from tests.engine.test_pax_war_flow import ets, fresh, hold_fire, step

    s = fresh()
    war = _three(s)
    _usa_treaty(s)
    _sign(s, "sign", "sign", "refuse")
    hold_fire(s)
    for seat in ("france", "germany"):
        engine.apply(s, seat, "offer_peace")
    engine.apply_defaults(s)  # neither writes a new treaty
    assert step(s) == "pax.war_treaty_sign" and s.stack[-1]["proposals"] == [war.treaty]
    assert engine.default_choice(s, "germany") == "sign"  # it gives nothing: the passive answer ends the war
    assert engine.default_choice(s, "france") == "refuse"  # it would give Congo
    engine.apply(s, "germany", "sign")
    engine.apply(s, "france", "sign")
    assert war.over == "peace" and war.treaty is None and step(s) == "pax.movement"
    assert {p: x.level for p, x in s.areas["congo"].statuses.items()} == {"germany": "protectorate"}
    assert s.treaties[-1]["signatories"] == ["germany", "france"]
    assert ets(s, "separate_peace") == [5]  # one separate peace, the USA's


def test_refusers_on_both_sides_make_no_separate_peace_the_war_goes_on():
    """L684 names the refuser's allies only: when a player of each side
    refuses, nobody leaves and the war goes on (docs/rulings/pax.md)."""
    from tests.engine.test_pax_war_flow import ets, fresh, step

    s = fresh()
    war = _three(s)
    _usa_treaty(s)
    _sign(s, "sign", "refuse", "refuse")
    assert war.over is None and war.sides == [["france", "usa"], ["germany"]] and not ets(s, "separate_peace")
    assert war.treaty is None and not any(t.get("peace") == war.id for t in s.treaties)
    assert step(s) == "pax.war_moves"


def test_a_treaty_all_sign_later_in_turn_wins_over_a_separate_peace():
    """L684: "Tutti i belligeranti devono firmare il Trattato": every
    treaty is put in turn first; only with none signed by all does a
    refusal whose allies signed make their separate peace."""
    from tests.engine.test_pax_war_flow import ets, fresh, step

    s = fresh()
    war = _three(s)
    _usa_writes(s)
    _write(s, "germany", "germany", "usa", "pay:germany:1")
    engine.apply(s, "france", "done")
    _sign(s, "sign", "sign", "refuse")
    assert step(s) == "pax.war_treaty_sign" and s.stack[-1]["index"] == 1
    _sign(s, "sign", "sign", "sign")
    assert war.over == "peace" and not ets(s, "separate_peace") and step(s) == "pax.movement"
    assert s.treaties[-1]["terms"] == [{"kind": "pay", "giver": "germany", "taker": "usa", "amount": 1}]


def test_a_minor_moved_by_an_ally_that_makes_a_separate_peace_is_moved_by_the_refuser():
    """L684: the allies "non sono più in Guerra"; a minor of their alliance
    fights on (it conforms to its allies' treaty, which is not signed by
    all), so a player still in the war moves it (L513, L634)."""
    from engine.pax import war as w
    from tests.engine.test_pax_war_flow import fresh

    s = fresh()
    war = _three(s)
    war.sides[0].append("belgium")
    war.controllers["belgium"] = "usa"
    w.separate_peace(s, war, 0, "usa")
    assert war.sides[0] == ["france", "belgium"] and war.controllers == {"belgium": "france"}


# ----------------------------------------------------------------- L465: the victors' Congress's seat

def test_the_first_disagreeing_victor_fixes_the_congress_seat():
    """L465: "il giocatore che lo ha indetto deve fissare una sede": the USA,
    the victor that disagreed (L684), chooses among the players who may host
    (congress.hosts); the default is the first."""
    from engine.pax import bots, congress
    from tests.engine.test_pax_war_flow import ets, fresh, step

    s = fresh()
    _won_by_two(s)
    engine.apply(s, "france", "agree")
    engine.apply(s, "usa", "disagree")
    engine.apply(s, "france", "possession")
    where = congress.hosts(s, ["france", "usa"])
    assert len(where) > 1 and step(s) == "pax.war_congress_host" and not ets(s, "congress_convened")
    [d] = engine.decisions(s)
    assert d.actor == "usa" and d.ids() == [f"convene-{h}" for h in where]
    assert engine.default_choice(s, "usa") == f"convene-{where[0]}" and bots.choose(s, d) == f"convene-{where[0]}"
    engine.apply(s, "usa", f"convene-{where[-1]}")
    assert s.congress["host"] == where[-1] and s.congress["parties"] == ["france", "usa"]
    assert ets(s, "congress_convened") == [3]


def test_a_peace_treaty_pays_no_money_to_a_minor():
    """L247-250: a minor power holds no money and scores no VP, so a peace
    treaty binding a minor at war (L684 "si conformerà al Trattato") offers
    no payment to it; between Great Powers payments stay (L449-457). A soak
    game's treaty paid Spain £1."""
    from engine.pax.negotiation import term_options
    from tests.engine.test_pax_war_flow import fresh

    s = fresh()
    s.powers["germany"].treasury = 20
    assert not [t for t in term_options(s, "germany", "spain") if t["kind"] == "pay"]
    assert [t for t in term_options(s, "germany", "france") if t["kind"] == "pay"]
