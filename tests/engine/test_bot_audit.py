"""The Arjuna bots answer the real decision of their game's ruleset (issue
32, findings 5-8), hand-set positions and whole four-bot games counted from
each game's own log (benchmarks/bot_audit.py). IT = gandhi_rules_it.txt."""
from __future__ import annotations

import pytest

import engine
from engine.gandhi.bots import choose
from engine.gandhi.ruleset import ruleset

BOTS = {f: "bot" for f in ("raj", "inc", "ml", "rev")}


def _blank(**kw):
    from tests.engine.helpers import blank

    s = blank(deck=(3, 2, 1, 4, 5, 6), viceroy=75, **kw)
    s.players = dict(BOTS)
    return s


def _loop(s, faction, op, kind="op"):
    """``faction``'s ``op`` begun on top of the stack: the first op.loop decision."""
    from engine.gandhi.actions import begin_operation

    begin_operation(s, faction, kind, only=[op])
    d = engine.decision(s)
    assert d.step == "op.loop", d.step
    return d


def test_np_league_rally_builds_its_base_first_8_6_5():
    """8.6.5 (IT L1393): "Prima di tutto piazzare Basi in tutti gli spazi
    disponibili in cui il numero di Attivisti della Lega Musulmana superano
    il valore dell'Unità". Ruleset 7 offers the Base with the space
    ("sind:base"); the bot built its set on a ruleset-5 copy, where the Base
    is a later question, so "sind:base" never reached the game."""
    from tests.engine.helpers import put

    s = _blank()
    assert ruleset(s) == 7
    put(s, "sind", ml_activist=s.unity + 1)
    d = _loop(s, "ml", "rally")
    assert "sind:base" in d.ids()
    cid = choose(s, d)
    assert "sind:base" in cid.split("+")
    engine.apply(s, "ml", cid)
    assert s.spaces["sind"].pieces.get("ml_base", 0) == 1


def test_np_revolutionaries_rally_builds_its_base_first_8_6_6():
    """8.6.6 (IT L1407): "Per prima cosa piazzare Basi in tutti gli spazi
    disponibili in cui le Guerriglie superano il valore dell'Unità"."""
    from tests.engine.helpers import put

    s = _blank()
    put(s, "bihar", guerrilla_underground=s.unity + 1)
    d = _loop(s, "rev", "rally")
    assert "bihar:base" in d.ids()
    cid = choose(s, d)
    assert "bihar:base" in cid.split("+")


def test_np_league_non_cooperation_only_in_muslim_spaces_8_6_5():
    """8.6.5 (IT L1401): "Eseguire l'Operazione in ogni Spazio Musulmano
    disponibile"; with no Muslim space open the Operation is not available
    to the NP League (8.6: the deck reads on). Issue 32: main scenario,
    seed 6118, the League made Non-Cooperation in Bombay."""
    from engine.gandhi.bots.policy import np_offered
    from tests.engine.helpers import put

    s = _blank()
    put(s, "bombay", ml_activist=2)
    s.spaces["bombay"].protest = True
    assert np_offered(s, "ml", ["non_cooperation", "rally"], False) == ["rally"]
    put(s, "punjab", ml_activist=2)
    s.spaces["punjab"].protest = True
    assert np_offered(s, "ml", ["non_cooperation", "rally"], False) == ["non_cooperation", "rally"]
    d = _loop(s, "ml", "non_cooperation")
    assert "bombay" in d.ids() and "punjab" in d.ids()
    assert choose(s, d).split("+") == ["punjab"]


def test_np_raj_redeploy_origins_in_the_order_of_8_9_3():
    """8.9.3 NP Raj (IT L1583): "Muovere per primi i cubi dalle Province
    prive di Controllo del Raj, quindi dagli spazi con più Sepoy"; step 5
    (L1589): "Distribuite i cubi rimasti nelle Province prive del Controllo
    del Raj ... tra gli spazi con il Controllo del Raj". Both Provinces
    without Raj Control come first and their cubes leave; Delhi (Sepoys to
    spare) after them."""
    from tests.engine.helpers import put
    from test_bots import _decide_at

    s = _blank()
    s.resources["raj"] = 50
    put(s, "bihar", troop=2)                                      # Raj Control: Sepoys to match its Troops
    put(s, "delhi", troop=1, sepoy=4)
    put(s, "central_provinces", sepoy=1, guerrilla_active=3)     # no Raj Control
    put(s, "madras_presidency", sepoy=2, guerrilla_active=4)     # no Raj Control
    d, cid = _decide_at(s, {"step": "campaign.redeploy", "faction": "raj", "moved": {}})
    origins = cid.split("+")
    assert set(origins[:2]) == {"central_provinces", "madras_presidency"}, origins
    engine.apply(s, "raj", cid)
    while (d := engine.decision(s)) is not None and d.step.startswith("campaign.redeploy"):
        engine.apply(s, d.actor, choose(s, d))
    for sid in ("central_provinces", "madras_presidency"):
        assert not s.spaces[sid].pieces.get("sepoy", 0), sid  # distributed, none left to be removed


def test_np_raj_assaults_only_where_something_can_be_removed_8_6_3():
    """8.6.3 (IT L1367): "Selezionare solamente spazi sia con cubi e
    avversari che Attivi (ciò dove l'Assalto avrebbe qualche effetto)":
    Karachi and Delhi (cubes, nothing Active) are not Assaulted; Bihar (an
    Active Guerrilla) is."""
    from engine.gandhi.bots.policy import np_offered
    from tests.engine.helpers import put

    s = _blank()
    put(s, "karachi", troop=1, sepoy=1)
    put(s, "delhi", troop=1, sepoy=5, inc_activist=1)
    assert "assault" not in np_offered(s, "raj", ["assault", "deploy"], False)
    put(s, "bihar", troop=2, guerrilla_active=1)
    assert "assault" in np_offered(s, "raj", ["assault", "deploy"], False)
    d = _loop(s, "raj", "assault")
    assert {"karachi", "delhi", "bihar"} <= set(d.ids())
    assert [p.split(":")[0] for p in choose(s, d).split("+")] == ["bihar"]


# ------------------------------------------------------------- whole four-bot games


def _check(a):
    assert a.games and a.fallback == 0
    assert a.rally_built == a.rally_due, a.rally_missed[:5]
    assert not a.nc_not_muslim, a.nc_not_muslim[:5]
    assert not a.assault_empty, a.assault_empty[:5]
    assert not a.redeploy_bad, a.redeploy_bad[:5]
    assert a.redeploy_left == 0


@pytest.mark.parametrize("scenario", ["short", "main"])
def test_whole_four_bot_games_follow_chapter_8(scenario):
    """A CI slice of benchmarks/bot_audit.py: a few whole four-bot games per
    scenario, counted from each game's log: every due Rally Base built
    first (8.6.5, 8.6.6), every League Non-Cooperation space Muslim
    (8.6.5), every Raj Assault space with something to remove (8.6.3),
    every Raj Redeploy's origins in 8.9.3's order, fallback 0."""
    from benchmarks.bot_audit import run

    _check(run(scenario, 3))


@pytest.mark.soak
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("scenario", ["short", "main"])
def test_soak_fifty_four_bot_games_follow_chapter_8(scenario):
    """The same counts over 50 games per scenario (run by hand: ``-m soak``)."""
    from benchmarks.bot_audit import run

    a = run(scenario, 50, first_seed=100)
    print(scenario, a.line())
    _check(a)


def test_issue_32_main_seed_6118_league_non_cooperation_stays_muslim():
    """The issue's game (main scenario, seed 6118, four bots): the League
    made Non-Cooperation in Bombay at moves 74-75 (8.6.5, IT L1401)."""
    from benchmarks.bot_audit import run

    a = run("main", 1, first_seed=6118)
    assert a.nc_spaces and not a.nc_not_muslim


def test_a_refused_satyagraha_leaves_the_operation_an_answer():
    """Short scenario, seed 139, four bots: the Raj refuses Gandhi's
    release (4.3.2), the Satyagraha is undone, and the Congress
    Non-Cooperation without a space must still end (2.3.4, R-2.3.4c): no
    Special Activity may open a space any more (ruleset 7, R-3.1.5-sa)."""
    from benchmarks.bot_audit import run

    assert run("short", 1, first_seed=139).games == 1
