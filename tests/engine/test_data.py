"""Gandhi static data: map (1.3), cards (2.3, 5.2), override files, data status, Arjuna deck (8.3)."""
from __future__ import annotations

import copy
from collections import deque
from pathlib import Path

import pytest
import yaml

from engine.core.errors import DataError
from engine.gandhi.data import DATA_DIR, OVERRIDES_ENV, _load, _read_yaml, get_data, reload_data
from engine.gandhi.data.arjuna import load_arjuna
from engine.gandhi.data.cards import FACTIONS
from engine.gandhi.data.overrides import apply_overrides
from engine.gandhi.data.status import format_status, status_report


@pytest.fixture(scope="module")
def data():
    return _load(None)


def write(tmp_path: Path, text: str, name: str = "fix.yaml") -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


# ------------------------------------------------------------------ map (1.3)

def test_space_counts(data):
    m = data.map
    types = [s.type for s in m.spaces.values()]
    assert len(m.spaces) == 35
    assert types.count("city") == 5
    assert types.count("province") == 13
    assert types.count("princely_state") == 7
    assert types.count("railway") == 10


def test_exactly_ten_muslim_spaces(data):
    assert sum(1 for s in data.map.spaces.values() if s.muslim) == 10  # 1.3.4


def test_every_space_has_a_neighbour_and_map_is_connected(data):
    adj = data.map.adjacent
    assert all(adj[s] for s in data.map.ids), [s for s in data.map.ids if not adj[s]]
    start = data.map.ids[0]
    seen, todo = {start}, deque([start])
    while todo:
        for n in adj[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(data.map.ids)


def test_railways_have_two_city_or_town_endpoints(data):
    m = data.map
    for rid in m.railways:
        ends = m.spaces[rid].endpoints
        assert len(ends) == 2, rid
        for e in ends:
            assert e in m.towns or (e in m.spaces and m.spaces[e].is_city), (rid, e)


def test_econ_totals_40(data):
    assert data.map.total_econ() == 40


# ------------------------------------------------------------------ cards (2.3.2, 5.2)

def test_72_events_have_english_texts(data):
    events = data.cards.events
    assert sorted(events) == list(range(1, 73))
    for n, c in events.items():
        for text in (c.unshaded, c.shaded):
            assert text.strip(), n
            assert text.startswith("*"), (n, "flavour line first")
            assert "<i>" not in text and "Disponibil" not in text and "Fuori Gioco" not in text, n


def test_garbled_card_1_reads_to_available(data):
    c1 = data.cards.events[1]
    assert "to Available" in c1.shaded and "to Out of Play" in c1.shaded
    assert c1.text_note


def test_every_faction_order_is_a_permutation(data):
    for n, c in data.cards.events.items():
        assert sorted(c.faction_order) == sorted(FACTIONS), n


# ------------------------------------------------------------------ overrides

VALID = """
spaces:
  assam: {population: 2, verified: true}
  baluchistan: {population: 2}
railways:
  rail_punjab_delhi: {econ: 4, verified: true}
  rail_karachi_north: {econ: 3, endpoints: [karachi, town_sind_punjab_rajputana]}
adjacency:
  add: [[assam, bihar]]
  remove: [[madras, rail_madras_southwest]]
event_cards:
  12: {faction_order: [inc, raj, ml, rev], critical: [inc], verified: true}
campaign_cards:
  75: {capability: The Compromise}
"""


def test_valid_override_changes_facts_and_lists_them(tmp_path):
    path = write(tmp_path, VALID)
    d = _load(path)
    assert d.overrides_file == path
    assert d.map.spaces["assam"].population == 2 and d.map.spaces["assam"].verified
    assert d.map.spaces["baluchistan"].population == 2 and not d.map.spaces["baluchistan"].verified
    r = d.map.spaces["rail_punjab_delhi"]
    assert r.econ == 4 and r.econ_verified
    assert not d.map.spaces["rail_karachi_north"].econ_verified
    assert "bihar" in d.map.adjacent["assam"] and "assam" in d.map.adjacent["bihar"]
    assert "rail_madras_southwest" not in d.map.adjacent["madras"]
    e12 = d.cards.events[12]
    assert e12.faction_order == ("inc", "raj", "ml", "rev") and e12.faction_order_verified
    assert e12.critical == ("inc",) and e12.critical_verified
    assert d.cards.campaigns[75].capability == "The Compromise"
    for fact in ("space assam.population", "space baluchistan.population", "railway rail_punjab_delhi.econ",
                 "railway rail_karachi_north.endpoints", "adjacency assam-bihar (added)",
                 "adjacency madras-rail_madras_southwest (removed)", "event_card 12.faction_order",
                 "event_card 12.critical", "campaign_card 75.capability"):
        assert fact in d.overridden, fact
    # the packaged data is untouched
    assert _load(None).map.spaces["assam"].population == 1


def test_confirming_an_inferred_adjacency_marks_it_verified(tmp_path):
    d = _load(write(tmp_path, "adjacency: {add: [[punjab, sind]], verified: true}\n"))
    (pair,) = [a for a in d.map.adjacency_defs if set(a.pair) == {"punjab", "sind"}]
    assert pair.verified and pair.tier == "override"
    assert "adjacency punjab-sind (confirmed)" in d.overridden


def test_apply_overrides_never_mutates_its_inputs():
    raw_map = _read_yaml(DATA_DIR / "map.yaml")
    raw_cards = _read_yaml(DATA_DIR / "cards.yaml")
    ov = yaml.safe_load(VALID)
    before = copy.deepcopy((raw_map, raw_cards, ov))
    new_map, new_cards, done = apply_overrides(raw_map, raw_cards, ov, "/x/fix.yaml")
    assert (raw_map, raw_cards, ov) == before
    assert new_map is not raw_map and new_cards is not raw_cards and done


def test_get_data_reads_the_env_override(tmp_path, monkeypatch):
    path = write(tmp_path, "spaces: {mysore: {population: 2, verified: true}}\n")
    monkeypatch.setenv(OVERRIDES_ENV, path)
    try:
        d = reload_data()
        assert get_data() is d
        assert d.map.spaces["mysore"].population == 2
        assert d.overridden == ("space mysore.population",)
    finally:
        monkeypatch.delenv(OVERRIDES_ENV)
        assert reload_data().map.spaces["mysore"].population == 1


@pytest.mark.parametrize("text, entry", [
    ("spaces: {atlantis: {population: 2}}\n", "spaces.atlantis: unknown space"),
    ("spaces: {assam: {colour: red}}\n", "spaces.assam.colour: unknown field"),
    ("railways: {rail_nowhere: {econ: 2}}\n", "railways.rail_nowhere: unknown Railway"),
    ("railways: {rail_punjab_delhi: {gauge: broad}}\n", "railways.rail_punjab_delhi.gauge: unknown field"),
    ("event_cards: {99: {critical: [raj]}}\n", "event_cards.99: unknown Event card"),
    ("event_cards: {12: {colour: blue}}\n", "event_cards.12.colour: unknown field"),
    ("campaign_cards: {80: {tenure: '1950'}}\n", "campaign_cards.80: unknown Campaign card"),
    ("adjacency: {add: [[assam, atlantis]]}\n", "adjacency.add[0]: unknown space 'atlantis'"),
    ("adjacency: {remove: [[assam, madras]]}\n", "adjacency.remove[0]: assam-madras is not an adjacency"),
    ("spaces: {assam: {population: 2, verified: yes please}}\n", "spaces.assam.verified: must be true or false"),
    ("towns_and_villages: {}\n", "towns_and_villages: unknown top-level key"),
])
def test_bad_override_names_file_and_entry(tmp_path, text, entry):
    path = write(tmp_path, text)
    with pytest.raises(DataError) as err:
        _load(path)
    assert str(err.value).startswith(f"{path}: ")
    assert entry in str(err.value)


def test_faction_order_not_a_permutation_is_refused(tmp_path):
    path = write(tmp_path, "event_cards: {12: {faction_order: [raj, raj, ml, rev]}}\n")
    with pytest.raises(DataError) as err:
        _load(path)
    text = str(err.value)
    assert path in text and "event card 12" in text and "not a permutation" in text


def test_bad_value_type_names_the_override_file(tmp_path):
    path = write(tmp_path, "spaces: {assam: {population: 7}}\n")
    with pytest.raises(DataError) as err:
        _load(path)
    assert path in str(err.value) and "assam" in str(err.value)


def test_bad_yaml_names_the_file(tmp_path):
    path = write(tmp_path, "spaces: {assam: [population: 2\n")
    with pytest.raises(DataError) as err:
        _load(path)
    assert str(err.value).startswith(f"{path}: ") and "line" in str(err.value)


def test_override_file_must_be_a_mapping(tmp_path):
    path = write(tmp_path, "- assam\n")
    with pytest.raises(DataError, match="must hold a mapping"):
        _load(path)


# ------------------------------------------------------------------ status report

def test_status_report_counts_match_data(data):
    rep = status_report(data)
    m, ev = data.map, data.cards.events
    sp = rep["spaces"]
    assert sp["total"] == 25 == sp["verified"] + sp["provisional"]
    assert sp["verified"] == sum(1 for s in m.non_railway if m.spaces[s].verified)
    assert sp["by_type"] == {"city": 5, "province": 13, "princely_state": 7}
    assert "assam" in sp["fields"]["population"]["provisional_ids"]
    assert "punjab" in sp["fields"]["population"]["verified_ids"]
    rw = rep["railways"]
    assert rw["total"] == 10 and rw["econ_total"] == 40
    assert rw["econ"]["verified"] == sum(1 for r in m.railways if m.spaces[r].econ_verified)
    assert rw["econ_total_verified"] + rw["econ_total_provisional"] == 40
    adj = rep["adjacency"]
    assert adj["total"] == len(m.adjacency_defs)
    assert adj["verified"] == sum(1 for a in m.adjacency_defs if a.verified)
    assert sum(t["total"] for t in adj["by_tier"].values()) == adj["total"]
    assert rep["random_spaces"]["total"] == 36
    assert rep["random_spaces"]["verified"] == len(m.random_spaces.verified_slots)
    fo = rep["cards"]["faction_order"]
    assert fo["total"] == 72
    assert fo["verified"] == sum(1 for c in ev.values() if c.faction_order_verified)
    assert rep["cards"]["critical"]["verified"] == sum(1 for c in ev.values() if c.critical_verified)
    assert rep["overridden"] == [] and rep["overrides_file"] is None
    text = format_status(rep)
    assert "Econ total 40" in text and "faction order" in text


def test_status_report_lists_overrides(tmp_path):
    d = _load(write(tmp_path, VALID))
    rep = status_report(d)
    assert "event_card 12.faction_order" in rep["overridden"]
    assert "12" in rep["cards"]["faction_order"]["verified_ids"]
    assert "event_card 12.faction_order" in format_status(rep)


# ------------------------------------------------------------------ Arjuna (8.3)

def test_arjuna_deck_loads_24_cards_48_faces():
    cards = load_arjuna()
    assert len(cards) == 24
    assert sum(len(c.faces) for c in cards) == 48
    for f in FACTIONS:
        assert sum(1 for c in cards if c.faction == f) == 6
    letters = [face.letter for c in cards for face in c.faces]
    assert len(set(letters)) == 48
    assert [c.back.letter for c in cards if c.back.missing] == ["AA"]


def test_arjuna_bad_card_names_file_and_card(tmp_path):
    raw = yaml.safe_load((DATA_DIR / "arjuna.yaml").read_text(encoding="utf-8"))
    raw["cards"][7]["front"]["flow"][0]["yes"] = None   # card H: a check without a target
    path = write(tmp_path, yaml.safe_dump(raw, allow_unicode=True), "arjuna.yaml")
    with pytest.raises(DataError) as err:
        load_arjuna(path)
    assert str(err.value).startswith(f"{path}: card H: ")


def test_status_shows_every_event_side_implemented():
    """Issues 4-5: `dakbot data status` lists cards 1-72 as implemented, none as stubs."""
    from engine.gandhi.data.status import format_status, status_report

    rep = status_report()
    ei = rep["cards"]["events_implemented"]
    assert ei["total"] == 144 and ei["missing"] == [] and len(ei["implemented"]) == 144
    assert "144 of 144 card sides (no stubs)" in format_status(rep)
