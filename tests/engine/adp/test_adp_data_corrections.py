"""Issue 33: the correction path for the Mountain spaces and the card faction
orders is the overrides file (no code), and the Government's Mountain
Assault rate (seed L159: "Montagna rimuovere 1 pezzo nemico ogni 3 Truppe
del Governo") applies wherever the data in force says Mountain. The
packaged data keeps every Mountain unknown (no source reached: reference
README, "Mountain, for every space"), so the files here are made up."""
from __future__ import annotations

import pytest

import engine
from engine.adp.data import SOURCE, get_data
from engine.adp.data.status import status_report
from tests.engine.adp.kit import clear, first, pcs, play, put, step


FILE = """
spaces:
  nuristan: {mountain: true, verified: true, source: "a made-up printed map"}
  bamian: {mountain: true}
event_cards:
  2: {faction_order: [warlords, taliban, government, coalition], verified: true, source: "a made-up card"}
"""


@pytest.fixture
def corrected(tmp_path, monkeypatch):
    f = tmp_path / "adp.yaml"
    f.write_text(FILE, encoding="utf-8")
    monkeypatch.setenv("DAKBOT_ADP_OVERRIDES", str(f))
    SOURCE.reload()
    yield f
    monkeypatch.delenv("DAKBOT_ADP_OVERRIDES")
    SOURCE.reload()


def _assault(sid):
    s = clear(engine.new_game("adp", "main", 1, {"stacked": {"deck": [1, 2, 73]}}))
    put(s, sid, government_troops=5)
    s.spaces[sid].pieces["taliban_guerrillas_active"] = 3
    s.available["taliban_guerrillas"] -= 3
    play(first(s, "government"), "op", "assault", sid)
    return pcs(s, sid).get("taliban_guerrillas_active", 0)


def test_packaged_data_keeps_mountain_unknown():
    assert not any(sp.mountain for sp in get_data().spaces.values())
    assert status_report()["spaces"]["mountain"]["verified"] == 0


def test_without_a_correction_5_troops_remove_2():
    assert _assault("nuristan") == 1  # L159: 1 per 2 Troops


@pytest.mark.parametrize("sid", ["nuristan", "bamian"])
def test_a_corrected_mountain_space_takes_3_troops_a_piece(corrected, sid):
    """L159, verified or provisional: the data in force is what applies."""
    assert _assault(sid) == 2  # 5 Troops: 1 removed of 3


def test_the_status_tells_verified_from_provisional_corrections(corrected):
    rep = status_report()
    assert rep["spaces"]["mountain"]["verified_ids"] == ["nuristan"]
    assert "space bamian.mountain" in rep["overridden"]
    assert rep["cards"]["faction_order"]["verified_ids"] == ["2"]


def test_a_corrected_faction_order_leads_the_card(corrected):
    s = engine.new_game("adp", "main", 1, {"stacked": {"deck": [2, 1, 73]}})
    assert step(s) == ("sop.act", "warlords")
    assert engine.export_state(s)["card"]["current"]["provisional_order"] is False
