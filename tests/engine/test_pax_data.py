"""Pax Britannica data: the reference pack loads and validates (L15, L101:
104 areas; L27: 12 sea zones), provisional facts stay marked, and a group that
owns the game corrects them with DAKBOT_PAX_OVERRIDES without code."""
from __future__ import annotations

import pytest

from engine.core.errors import DataError
from engine.pax import board as b
from engine.pax import data as pax_data
from engine.pax.data.status import status_report


@pytest.fixture
def overrides(tmp_path, monkeypatch):
    def use(text: str):
        path = tmp_path / "pax.yaml"
        path.write_text(text, encoding="utf-8")
        monkeypatch.setenv(pax_data.OVERRIDES_ENV, str(path))
        return pax_data.reload_data()
    yield use
    monkeypatch.delenv(pax_data.OVERRIDES_ENV, raising=False)
    pax_data.reload_data()


def test_the_map_has_the_seeds_counts_and_facts():
    d = pax_data.get_data()
    assert (len(d.areas), len(d.seas), len(d.homes)) == (104, 12, 12)
    assert d.areas["aden"].overland == ()  # L31
    assert {a for a, x in d.areas.items() if x.type == "Ottoman Empire"} == {"anatolia", "kuwait", "tripoli"}  # L497


def test_status_report_marks_what_is_provisional():
    r = status_report()
    assert r["areas"]["names"]["verified"] == 34  # the seed names 34 areas
    assert "unit_costs" in r["tables"]["provisional_ids"]
    assert "turns" not in r["tables"]["provisional_ids"]  # L95, L135, L197
    assert r["scenario"]["verified"] is False


def test_an_override_corrects_values_and_tables_and_says_so(overrides):
    d = overrides("""
areas:
  punjab: {economic_value: 7, combat_strength: 2, verified: true, source: "map, checked"}
tables:
  unit_costs: {provisional: {"1": 3, "3": 8, "10": 25}, verified: true, source: "admin sheet"}
""")
    assert d.areas["punjab"].economic_value == 7 and d.areas["punjab"].facts_verified
    assert b.unit_price(10) == 25
    r = status_report(d)
    assert "unit_costs" in r["tables"]["verified_ids"]
    assert "area punjab.economic_value" in r["overridden"]


def test_a_bad_override_is_refused_with_its_place(overrides):
    with pytest.raises(DataError, match="areas.atlantis: unknown area"):
        overrides("areas: {atlantis: {economic_value: 3}}")
    with pytest.raises(DataError, match="not symmetric|unknown"):
        overrides("adjacency: {add: [[aden, narnia]]}")


def test_the_casus_belli_summary_is_a_marked_stand_in_an_override_replaces(overrides):
    """L338, L561: the printed summary is unknown; the stand-in rows are data."""
    import engine

    d = pax_data.get_data()
    assert "rows" in d.tables["casus_belli_and_placement_summary"]["provisional"]
    assert d.tables["casus_belli_and_placement_summary"]["status"].startswith("unknown")
    overrides("""
tables:
  casus_belli_and_placement_summary:
    provisional: {rows: [{placed: influence, other: [influence], other_new: any, cb_for: [other]}]}
    verified: false
    source: "a group's house rule"
""")
    s = engine.new_game("pax", "1880", 1, {"players": 4})
    s.areas["kenya"].statuses.clear()
    b.set_status(s, "kenya", "germany", "influence", new=False)
    b.placement_cbs(s, "france", "kenya", "influence")
    assert [(c["holder"], c["against"]) for c in s.casus_belli] == [("germany", "france")]
