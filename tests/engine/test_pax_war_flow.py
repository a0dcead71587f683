"""Pax Britannica, the flow of war (issue 35, ruleset 3): declarations
(L501, L557, L569), calls to arms by treaty (L565, L569), Austria-Hungary's
defensive alliance (L569, L700), the War Sequence's initiative and end
(L515-549), peace and separate peace (L684), European Tension (L692) and
the resolution (L553, L684), from the seed's statements
(shared/seeds/pax_britannica_rules_it.txt, L<n>). Movement and combat in
war are other files' (test_pax_war_*.py)."""
from __future__ import annotations

import pytest

import engine
from engine.core.engine import settle
from engine.core.errors import IllegalChoice, NotYourTurn
from engine.core.steps import frame, handler
from engine.pax import board as b
from engine.pax import bots, natives
from engine.pax.negotiation import term_options
from engine.pax.war import MAX_SEQUENCES, QUIET_SEQUENCES

HOLD = {"step": "pax.movement", "round": 1, "drafts": {}, "sealed": []}


def fresh(players: int = 5, seed: int = 1, **options):
    return engine.new_game("pax", "1880", seed, {"players": players, **options})


def cb(s, holder, against, area="guinea"):
    s.casus_belli.append({"holder": holder, "against": against, "area": area, "why": "control_placed",
                          "turn": s.turn})


def garrison(s, power, area, level="protectorate", unit="army-1"):
    """``power`` holds ``area`` with a unit there (so its alliance has a
    unit outside its homeland, L546)."""
    s.areas[area].statuses.clear()
    b.set_status(s, area, power, level, new=False)
    b.add_unit(s, power, area, unit)


BOARD_STEPS = ("pax.war_moves", "pax.war_attack_choice", "pax.war_join", "pax.war_retreat", "pax.war_losses",
               "pax.war_permit", "pax.war_canal")


def hold_fire(s):
    """Nobody moves or attacks on the board (every board decision of
    test_pax_war_board.py at its default) and the neutrals give no
    permission and deny no canal (test_pax_war_neutrals.py), so a test sees
    the flow alone."""
    for _ in range(200):
        if not s.stack or s.result is not None or step(s) not in BOARD_STEPS:
            return
        engine.apply_defaults(s)


def war_phase(s):
    """Play phase 10 now; a blocking Movement round below it holds the game
    after the War phase, so a test sees what the war left."""
    s.stack[:] = [dict(HOLD), frame("pax.war")]
    settle(s)
    hold_fire(s)


def step(s):
    return s.stack[-1]["step"]


def answer_all(s, choice):
    for d in engine.decisions(s):
        engine.apply(s, d.actor, choice)
    hold_fire(s)


def ets(s, why):
    return [e["params"]["amount"] for e in s.log if e["key"] == "pax.log.et" and e["params"]["why"] == why]


def declared(s, by, against):
    """``by`` holds a CB against ``against`` (L557) and declares (L569)."""
    cb(s, by, against)
    war_phase(s)
    engine.apply(s, by, f"declare:{against}")
    hold_fire(s)
    return s.wars[-1]


def sealed_round(s, pairs):
    """Each holder has a CB against its target (L557) and declares on it in
    the same sealed round (L569), in this order."""
    for holder, target in pairs:
        cb(s, holder, target)
    war_phase(s)
    for holder, target in pairs:
        engine.apply(s, holder, f"declare:{target}")


def france_at_war_with_germany(s):
    garrison(s, "germany", "guinea")
    return declared(s, "france", "germany")


# ----------------------------------------------------------------- declarations (L557, L569, L692)

def test_no_declaration_without_a_casus_belli():
    """L557: "Una Potenza non può dichiarare Guerra ad un'altra Potenza ...
    senza un legittimo Casus Belli": only France, which holds one against
    Germany, is asked, and only about Germany."""
    s = fresh()
    cb(s, "france", "germany")
    war_phase(s)
    assert step(s) == "pax.war_declare"
    [d] = engine.decisions(s)
    assert d.actor == "france" and d.ids() == ["peace", "declare:germany"]
    before = s.model_dump()
    with pytest.raises(IllegalChoice):
        engine.apply(s, "france", "declare:italy")
    with pytest.raises(NotYourTurn):
        engine.apply(s, "great_britain", "declare:france")
    assert s.model_dump() == before and s.wars == []


def test_no_casus_belli_no_war_and_the_war_phase_passes():
    s = fresh()
    war_phase(s)
    assert step(s) == "pax.movement" and s.wars == []
    assert any(e["key"] == "pax.log.war_none" for e in s.log)


def test_keeping_the_peace_is_the_default_and_declares_nothing():
    s = fresh()
    cb(s, "france", "germany")
    war_phase(s)
    assert engine.default_choice(s, "france") == "peace"
    et = s.et
    engine.apply_defaults(s)
    assert s.wars == [] and s.et == et and step(s) == "pax.movement"


def test_a_declaration_raises_european_tension_by_five():
    """L692: "L'Indice aumenta di cinque punti ogni volta che un giocatore
    dichiara Guerra"; and two at the end of each War Sequence."""
    s = fresh()
    et = s.et
    war = france_at_war_with_germany(s)
    assert war.declared[0]["by"] == "france" and war.declared[0]["against"] == "germany"
    assert ets(s, "war_declared") == [5]
    assert step(s) == "pax.war_peace" and s.et == et + 5 + 2  # one sequence played


def test_austria_hungary_defends_germany_when_germany_is_attacked():
    """L569, L700: "Se una Potenza dichiara Guerra alla Germania, l'Austria
    entrerà nel conflitto a favore dei Tedeschi"."""
    s = fresh()
    war = france_at_war_with_germany(s)
    assert war.sides == [["france"], ["germany", "austria_hungary"]]
    assert ets(s, "war_declared") == [5]  # the alliance acts: no declaration of its own


def test_austria_hungary_stays_neutral_when_germany_declares():
    """L569: "Se è la Germania che dichiara Guerra, tuttavia, l'Austria non
    è obbligata ... l'Austria è considerata neutrale"."""
    s = fresh()
    garrison(s, "germany", "guinea")
    assert declared(s, "germany", "france").sides == [["germany"], ["france"]]


def test_austria_hungary_never_declares_war():
    """L700: Germany makes only defensive alliances for Austria-Hungary."""
    s = fresh()
    cb(s, "austria_hungary", "italy")
    war_phase(s)
    assert s.wars == [] and step(s) == "pax.movement"


def test_germany_defends_austria_hungary():
    s = fresh()
    garrison(s, "germany", "guinea")
    garrison(s, "france", "tahiti", "possession")
    assert declared(s, "france", "austria_hungary").sides == [["france"], ["austria_hungary", "germany"]]


# ----------------------------------------------------------------- calls to arms (L565, L569)

def _treaty(s, kind, giver, taker, secret=False):
    s.treaties.append({"id": len(s.treaties) + 1, "turn": s.turn, "signatories": [taker, giver],
                       "terms": [{"kind": kind, "giver": giver, "taker": taker}], "secret": secret,
                       "breaches": []})


def test_treaties_may_bind_to_defend_or_to_join_in_war_from_ruleset_3():
    """L565: treaties giving a CB if a signatory is attacked, and the
    "Trattati Offensivi Mutui"."""
    kinds = {t["kind"] for t in term_options(fresh(), "france", "usa")}
    assert {"defend", "support"} <= kinds
    assert not {"defend", "support"} & {t["kind"] for t in term_options(fresh(ruleset=2), "france", "usa")}


def _germany_attacks_france_defended_by(s, ally, kind="defend"):
    garrison(s, "germany", "guinea")
    _treaty(s, kind, ally, "france")
    declared(s, "germany", "france")


def test_a_defence_treaty_calls_the_ally_who_may_honour_it():
    """L569: the obliged players "devono decidere se aderire ai loro
    obblighi dichiarando Guerra (ed incrementando la Tensione Europea)"."""
    s = fresh()
    _germany_attacks_france_defended_by(s, "japan")
    assert step(s) == "pax.war_call"
    [d] = engine.decisions(s)
    assert d.actor == "japan" and d.ids() == ["refuse", "honour"]
    engine.apply(s, "japan", "honour")
    war = s.wars[-1]
    assert war.sides == [["germany"], ["france", "japan"]]  # still Germany's offensive war: Austria neutral
    assert ets(s, "war_declared") == [5, 5] and not ets(s, "treaty_broken")


def test_refusing_a_call_breaks_the_treaty():
    """L565: "Quando un giocatore rompe un Trattato formale, tutti i
    firmatari dello stesso hanno automaticamente un Casus Belli contro il
    trasgressore"; L692: ET +5; L569: the ex-partners may then declare war
    on it."""
    s = fresh()
    _germany_attacks_france_defended_by(s, "japan")
    assert engine.default_choice(s, "japan") == "refuse"  # the passive answer (ruling)
    engine.apply(s, "japan", "refuse")
    assert ets(s, "treaty_broken") == [5]
    assert any(e["key"] == "pax.log.casus_belli_treaty" and e["params"]["holder"] == "france"
               and e["params"]["against"] == "japan" for e in s.log)
    assert step(s) == "pax.war_declare"
    [d] = engine.decisions(s)
    assert d.actor == "france" and "declare:japan" in d.ids()
    engine.apply(s, "france", "declare:japan")
    assert s.wars[-1].sides == [["germany", "japan"], ["france"]]


def test_a_defence_treaty_does_not_call_to_a_war_the_ally_began():
    """L569: "Se avete un Trattato difensivo con una Potenza che inizia la
    Guerra, non siete obbligati ad aiutarla"; a mutual offensive treaty
    does (L565)."""
    for kind, asked in (("defend", None), ("support", "japan")):
        s = fresh()
        _treaty(s, kind, "japan", "france")
        france_at_war_with_germany(s)
        assert [d.actor for d in engine.decisions(s) if d.step == "pax.war_call"] == ([asked] if asked else [])


# ----------------------------------------------------------------- the War Sequence (L505-549, L561)

def test_every_casus_belli_goes_when_the_war_sequence_begins():
    """L561: "Una volta che inizia la War Sequence, tutti i Casus Belli sono
    rimossi" -- the unused ones too."""
    s = fresh()
    cb(s, "japan", "usa", "hawaii")
    garrison(s, "germany", "guinea")
    cb(s, "france", "germany")
    war_phase(s)
    engine.apply(s, "japan", "peace")
    assert len(s.casus_belli) == 2
    engine.apply(s, "france", "declare:germany")
    assert s.casus_belli == []


def test_casus_belli_unused_without_a_war_stay_until_the_turn_ends():
    s = fresh()
    cb(s, "japan", "usa", "hawaii")
    war_phase(s)
    engine.apply(s, "japan", "peace")
    assert len(s.casus_belli) == 1


def test_initiative_die_rolls_decide_the_first_alliance():
    """L519: one die per side, the higher is the First Alliance, which
    moves, attacks and checks supply first (L521-541)."""
    s = fresh()
    war = france_at_war_with_germany(s)
    rolls = [e["params"] for e in s.log if e["key"] == "pax.log.war_initiative"]
    assert rolls and all(r["a"] == r["b"] for r in rolls[:-1]) and rolls[-1]["a"] != rolls[-1]["b"]
    assert war.first == (0 if rolls[-1]["a"] > rolls[-1]["b"] else 1)
    s.stack[:] = []
    handler(frame("pax.war_sequence", war=war.id), "pax").run(s, {"step": "pax.war_sequence", "war": war.id})
    first = war.first
    order = [(f["step"], f.get("side")) for f in reversed(s.stack)]
    assert order == [("pax.war_maneuver", first), ("pax.war_attack", first), ("pax.war_supply", first),
                     ("pax.war_maneuver", 1 - first), ("pax.war_attack", 1 - first),
                     ("pax.war_supply", 1 - first), ("pax.war_end", None)]


def test_a_native_side_is_always_the_first_alliance(monkeypatch):
    """L517-518: the Chinese Empire, or the Ottomans without allies, are
    the First Alliance without a roll."""
    s = fresh()
    war = france_at_war_with_germany(s)
    monkeypatch.setattr(natives, "is_native_side", lambda state, w, side: side == 1)
    s.stack[:] = []
    handler(frame("pax.war_sequence", war=war.id), "pax").run(s, {"step": "pax.war_sequence", "war": war.id})
    assert war.first == 1 and s.stack[-1]["step"] == "pax.native_maneuver"


def test_three_sequences_without_an_attack_are_a_stalemate():
    """L548: "Se tre consecutive War Sequence sono trascorse senza un
    attacco da ambo le parti, la guerra finisce in uno stallo"; ET +2 at
    the end of each (L692)."""
    s = fresh()
    war = france_at_war_with_germany(s)
    for k in (1, 2, 3):
        assert step(s) == "pax.war_peace" and war.sequence == k and war.quiet == k
        answer_all(s, "fight_on")
    assert war.over == "stalemate" and war.winner is None and step(s) == "pax.movement"
    assert ets(s, "war_sequence") == [2, 2, 2]


def test_an_attack_resets_the_quiet_count():
    s = fresh()
    war = france_at_war_with_germany(s)
    answer_all(s, "fight_on")
    war.attacked = True  # as warfare's attack phase records it
    s.stack[-1:] = [frame("pax.war_end", war=war.id)]
    settle(s)
    assert war.quiet == 0 and war.over is None


def test_the_guard_ends_an_endless_war_in_a_stalemate():
    s = fresh()
    war = france_at_war_with_germany(s)
    war.sequence = MAX_SEQUENCES
    answer_all(s, "fight_on")
    assert war.over == "stalemate"


def test_peace_by_agreement_of_every_belligerent():
    """L545, L684: "Per accordo tra tutti i combattenti, una Guerra può
    finire in qualsiasi istante"; fighting on is the default."""
    s = fresh()
    war = france_at_war_with_germany(s)
    assert {d.actor for d in engine.decisions(s)} == {"france", "germany"}  # Germany speaks for Austria
    assert engine.default_choice(s, "france") == "fight_on"
    answer_all(s, "offer_peace")
    assert war.over == "peace" and war.winner is None and step(s) == "pax.war_treaty"  # L684 (test_pax_war_peace.py)
    engine.apply_defaults(s)  # no treaty written
    assert step(s) == "pax.movement"


def test_one_side_offering_alone_does_not_end_the_war():
    s = fresh()
    war = france_at_war_with_germany(s)
    engine.apply(s, "france", "offer_peace")
    engine.apply(s, "germany", "fight_on")
    hold_fire(s)
    assert war.over is None and step(s) == "pax.war_peace" and war.sequence == 2


def test_a_separate_peace_raises_tension_by_five():
    """L684: a player who makes peace while its allies fight on leaves the
    war, "la parte opponente continua a combattere"; "Quando viene stipulata
    una Pace Separata, la Tensione Europea cresce di 5"."""
    s = fresh()
    garrison(s, "japan", "formosa")
    _germany_attacks_france_defended_by(s, "japan")
    engine.apply(s, "japan", "honour")
    hold_fire(s)
    war = s.wars[-1]
    engine.apply(s, "france", "offer_peace")
    engine.apply(s, "japan", "fight_on")
    engine.apply(s, "germany", "offer_peace")
    assert ets(s, "separate_peace") == [5]
    assert war.sides == [["germany"], ["japan"]] and war.separate == ["france"] and war.over is None


# ----------------------------------------------------------------- the end and the spoils (L546, L684)

def test_a_side_with_no_unit_outside_its_homeland_loses_and_the_victor_takes_its_conquest():
    """L546, L684: the war ends when an alliance has no unit outside its
    homeland; the victors place any status in the areas they conquered,
    free of £."""
    s = fresh()
    war = france_at_war_with_germany(s)
    b.remove_unit(s, "germany", "guinea", "army-1")
    b.add_unit(s, "france", "guinea", "army-3")
    war.conquered["guinea"] = 0  # as warfare's attack phase records it (L670)
    treasury = s.powers["france"].treasury
    answer_all(s, "fight_on")
    assert war.over == "victory" and war.winner == 0
    assert step(s) == "pax.war_spoils"
    [d] = engine.decisions(s)
    assert d.actor == "france" and d.ids() == ["possession", "protectorate", "influence", "interest", "none"]
    engine.apply(s, "france", "possession")
    assert {p: x.level for p, x in s.areas["guinea"].statuses.items()} == {"france": "possession"}
    assert s.powers["france"].treasury == treasury and war.over == "victory" and step(s) == "pax.movement"


def test_ruleset_2_games_keep_the_no_war_notice():
    s = fresh(ruleset=2)
    cb(s, "france", "germany")
    war_phase(s)
    assert s.wars == [] and step(s) == "pax.movement"
    assert any(e["key"] == "pax.log.no_war" for e in s.log)
    assert len(s.casus_belli) == 1


# ----------------------------------------------------------------- the bots

def test_the_bot_declares_on_a_weaker_power_honours_and_sues_for_peace_when_weaker():
    s = fresh()
    garrison(s, "germany", "guinea")
    cb(s, "france", "germany")
    cb(s, "france", "belgium")
    war_phase(s)
    d = engine.decisions(s)[0]
    assert bots.choose(s, d) == "declare:belgium"  # France 16, Germany 11, Belgium 3 army points
    s = fresh()
    _germany_attacks_france_defended_by(s, "japan")
    assert bots.choose(s, engine.decisions(s)[0]) == "honour"
    s = fresh()
    france_at_war_with_germany(s)
    choices = {d.actor: bots.choose(s, d) for d in engine.decisions(s)}
    assert choices == {"france": "offer_peace", "germany": "fight_on"}  # 19 points against 24


# ----------------------------------------------------------------- more of the flow

def test_declarations_joining_two_wars_make_one_war_of_two_alliances():
    """L569: "Una Guerra scoppia tra due Alleanze": Germany declaring on
    Japan, at war with the USA, brings Japan's war into Germany's."""
    s = fresh()
    garrison(s, "germany", "guinea")
    sealed_round(s, (("france", "germany"), ("japan", "usa"), ("germany", "japan")))
    [war] = s.wars
    assert war.sides == [["france", "japan"], ["germany", "austria_hungary", "usa"]]
    assert [d["by"] for d in war.declared] == ["france", "japan", "germany"] and ets(s, "war_declared") == [5] * 3
    assert engine.export_state(s)["wars"][0]["sides"] == war.sides  # every player sees the alliances


def test_a_minor_without_allies_is_moved_by_the_engine():
    """L513, L579, L632-634: a minor without allies is moved by a player the
    others name; in play by post the engine moves it (ruling)."""
    s = fresh()
    garrison(s, "belgium", "congo", "possession", "army-3")
    war = declared(s, "france", "belgium")
    assert war.controllers == {"belgium": "bot"}


def test_a_fourth_european_power_at_war_ends_the_game(monkeypatch):
    """L573: a war of four or more of GB, France, Germany, Austria-Hungary,
    Italy, Russia is a Great War: the game ends at once; L688 A: caused by
    the first to declare war and by the fourth power to enter."""
    from engine.pax import greatwar

    ended = []
    real = greatwar.end_game
    monkeypatch.setattr(greatwar, "end_game", lambda state, how, causers: (ended.append(causers),
                                                                           real(state, how, causers)))
    s = fresh()
    _treaty(s, "defend", "great_britain", "germany")
    france_at_war_with_germany(s)  # France against Germany and Austria-Hungary
    assert s.result is None
    engine.apply(s, "great_britain", "honour")
    assert s.result is not None and engine.decisions(s) == []
    assert ended == [["france", "great_britain"]]


def test_a_new_control_in_an_ottoman_area_brings_the_ottoman_war():
    """L497: "Se una Potenza stabilisce un Control in un'Area Ottomana,
    l'Impero Ottomano dichiarerà Guerra"; "L'innalzare un Control
    preesistente non cagiona la Guerra"."""
    from engine.pax.combat import after_fight

    s = fresh()
    s.areas["anatolia"].statuses.clear()
    b.set_status(s, "anatolia", "france", "protectorate", new=True, combat=True)
    b.add_unit(s, "france", "anatolia", "army-3")
    after_fight(s, "anatolia", "france", True, [])
    assert s.ottoman_due == ["france"]
    b.set_status(s, "anatolia", "france", "possession", new=True, combat=b.needs_combat("protectorate", "possession"))
    s.ottoman_due = []
    after_fight(s, "anatolia", "france", True, [])
    assert s.ottoman_due == []
    s = fresh(ruleset=2)
    b.set_status(s, "anatolia", "france", "protectorate", new=True, combat=True)
    after_fight(s, "anatolia", "france", True, [])
    assert s.ottoman_due == []


def test_the_chinese_rebellion_then_the_ottoman_war_then_the_declared_wars(monkeypatch):
    """L505-509: the Chinese Rebellion first, the war the Ottoman Empire
    declares second, every other war after them."""
    from engine.pax.state import PowerState, War

    s = fresh()
    started = []

    def chinese(state):
        started.append("chinese")
        state.powers["china"] = PowerState(kind="native")  # no army: the powers win at once (L485)
        return War(id=98, kind="chinese", sides=[["china"], ["france"]])

    def ottoman(state, against):
        started.append(("ottoman", against))
        state.powers["ottoman"] = PowerState(kind="native")
        return War(id=99, kind="ottoman", sides=[["ottoman"], against])

    monkeypatch.setattr(natives, "start_chinese", chinese)
    monkeypatch.setattr(natives, "start_ottoman", ottoman)
    s.chinese_rebellion, s.ottoman_due = s.turn, ["italy"]
    garrison(s, "germany", "guinea")
    cb(s, "france", "germany")
    s.stack[:] = [dict(HOLD), frame("pax.war")]
    settle(s)
    engine.apply(s, "france", "declare:germany")
    assert started == ["chinese", ("ottoman", ["italy"])] and s.ottoman_due == []
    seen = []
    for _ in range(100):  # nobody fights: every decision at its default
        if step(s) == "pax.movement":
            break
        seen.append(step(s))
        engine.apply_defaults(s)
    assert "pax.war_sides" in seen  # L497: the bystanders may take a side in the Ottoman war
    begun = [e["params"]["n"] for e in s.log if e["key"] == "pax.log.war_alliance" and e["params"]["side"] == 1]
    assert begun == [98, 99, 1]


def test_any_power_may_take_a_side_in_the_ottoman_war(monkeypatch):
    """L497: "Quando l'Impero Ottomano dichiara Guerra, ogni Potenza può
    decidere se schierarsi a favore dell'Impero come alleato Attivo. Così,
    le Grandi Potenze possono decidere anche di accorrere in aiuto alla
    Potenza Europea"; neutral is the default; joining declares war (L692)."""
    from engine.pax.state import PowerState, War

    s = fresh()
    def ottoman(state, against):
        state.powers["ottoman"] = PowerState(kind="native")
        return War(id=7, kind="ottoman", sides=[["ottoman"], list(against)])

    monkeypatch.setattr(natives, "start_ottoman", ottoman)
    s.ottoman_due = ["france"]
    war_phase(s)
    assert step(s) == "pax.war_sides"
    assert {d.actor for d in engine.decisions(s)} == {"great_britain", "germany", "usa", "japan"}
    assert engine.default_choice(s, "usa") == "neutral"
    engine.apply(s, "great_britain", "join:0")
    engine.apply(s, "japan", "join:1")
    engine.apply_defaults(s)
    war = s.wars[-1]
    assert war.sides == [["ottoman", "great_britain"], ["france", "japan"]]
    assert ets(s, "war_declared") == [5, 5]


def test_a_refused_secret_treaty_is_punished_only_once_revealed():
    """L461: a secret treaty's breach counts once a signatory makes it
    public: nothing is logged or punished at the refusal."""
    s = fresh()
    garrison(s, "germany", "guinea")
    _treaty(s, "defend", "japan", "france", secret=True)
    declared(s, "germany", "france")
    engine.apply(s, "japan", "refuse")
    assert not ets(s, "treaty_broken") and not any(e["key"] == "pax.log.war_call_refused" for e in s.log)
    assert s.treaties[0]["breaches"][0]["by"] == "japan" and not s.treaties[0]["breaches"][0]["punished"]


def test_a_stalemate_leaves_each_alliance_its_conquests_and_a_minor_takes_possessions():
    """L684: after three quiet sequences "le Alleanze ritengono le Aree
    conquistate"; a victorious minor "otterrà Possedimenti in tutte le Aree
    conquistate"."""
    from engine.pax.state import PowerState, War

    s = fresh()
    garrison(s, "belgium", "congo", "possession", "army-3")  # then France took it
    garrison(s, "france", "guinea", "protectorate", "army-3")  # and Belgium took Kenya
    garrison(s, "belgium", "borneo", "protectorate", "army-1")  # Belgium still holds an area (L547)
    b.remove_unit(s, "belgium", "congo", "army-3")
    b.add_unit(s, "france", "congo", "army-3")
    b.remove_unit(s, "france", "guinea", "army-3")
    b.add_unit(s, "belgium", "guinea", "army-3")
    war = War(id=1, sides=[["france"], ["belgium"]], sequence=QUIET_SEQUENCES, quiet=QUIET_SEQUENCES - 1,
              conquered={"guinea": 1, "congo": 0}, controllers={"belgium": "bot"})
    s.wars.append(war)
    s.stack[:] = [dict(HOLD), frame("pax.war_end", war=war.id)]
    settle(s)
    assert war.over == "stalemate" and step(s) == "pax.war_spoils" and s.stack[-1]["area"] == "congo"
    engine.apply(s, "france", "protectorate")
    assert {p: x.level for p, x in s.areas["congo"].statuses.items()} == {"france": "protectorate"}
    assert {p: x.level for p, x in s.areas["guinea"].statuses.items()} == {"belgium": "possession"}


def test_selfplay_counts_the_wars_of_a_game():
    """dakbot selfplay's summary gives how many games had a war (issue 35)."""
    from engine.core.selfplay import Summary, GameResult
    from engine.pax.game import selfplay_tally

    s = fresh()
    france_at_war_with_germany(s)
    tally = selfplay_tally(s)
    assert tally["war"] == 1 and tally["declaration"] == 1 and tally["great_war"] == 0
    summary = Summary()
    summary.add(GameResult(seed=1, scenario="1880", tally=tally))
    summary.add(GameResult(seed=2, scenario="1880", tally=selfplay_tally(fresh())))
    assert summary.tallies["war"] == 1 and summary.tally_games["war"] == 1 and summary.games == 2
