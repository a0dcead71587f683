"""A Distant Plain data: loaded and checked at load as the reference pack's
validate.py checks it, with the MIT notice shipped, and corrections without
code (DAKBOT_ADP_OVERRIDES)."""
from __future__ import annotations

import copy

import pytest

from engine.adp.data import DATA_DIR, _load, build_spaces, check_state, get_data, pools_of
from engine.adp.data.status import format_status, status_report
from engine.core.errors import DataError


def test_map_counts_econ_total_and_pools():
    d = get_data()
    assert sum(1 for s in d.spaces.values() if not s.is_loc) == 25
    assert sum(s.econ for s in d.spaces.values() if s.is_loc) == 12      # seed L446
    assert sum(d.pools.values()) == 158
    assert len(d.cards) == 72 and len(d.random_cells) == 27


def test_mit_notice_ships_with_the_data():
    text = (DATA_DIR / "LICENSE-ADPBot.txt").read_text()
    assert "Copyright (c) 2016 Bart de Groot" in text and "Permission is hereby granted" in text
    for f in ("map.yaml", "cards_meta.yaml", "setup.yaml"):
        assert "Copyright (c) 2016 Bart de Groot" in (DATA_DIR / f).read_text()


def test_no_card_text_is_shipped():
    raw = get_data().raw["cards_meta.yaml"]
    assert not any(k in e for e in raw["event_cards"] for k in ("text", "unshaded", "shaded"))


def test_a_wrong_econ_is_refused_at_load():
    raw = copy.deepcopy(get_data().raw["map.yaml"])
    raw["locs"][0]["econ"]["value"] += 1
    with pytest.raises(DataError, match="not 12"):
        build_spaces(raw, "map.yaml")


def test_setup_figures_recompute_and_a_wrong_population_is_refused():
    d = get_data()
    st = d.setup["scenarios"]["main"]
    check_state("main", st, d.spaces, d.pools, d.returnees, "setup.yaml")  # no error
    import dataclasses

    spaces = dict(d.spaces)
    spaces["kabul"] = dataclasses.replace(spaces["kabul"], population=4)
    with pytest.raises(DataError, match="victory marker"):
        check_state("main", st, spaces, d.pools, d.returnees, "setup.yaml")


def test_pools_of_158_pieces_are_enforced():
    raw = copy.deepcopy(get_data().raw["setup.yaml"])
    raw["inventory"]["pieces"]["taliban"]["guerrillas"] = 29
    with pytest.raises(DataError, match="158"):
        pools_of(raw, "setup.yaml")


def test_a_setup_state_that_loses_a_piece_is_refused():
    d = get_data()
    st = copy.deepcopy(d.setup["scenarios"]["main"])
    st["available"]["taliban"]["guerrillas"] -= 1
    with pytest.raises(DataError, match="force pools"):
        check_state("main", st, d.spaces, d.pools, d.returnees, "setup.yaml")


def test_overrides_correct_a_fact_and_the_status_reports_it(tmp_path):
    f = tmp_path / "adp.yaml"
    f.write_text("spaces:\n  nuristan: {mountain: true, verified: true, source: printed map}\n"
                 "deck:\n  main: {piles: 6, events_per_pile: 8}\n")
    d = _load(str(f))
    assert d.spaces["nuristan"].mountain and d.spaces["nuristan"].verified["mountain"]
    assert d.deck["scenarios"]["main"]["piles"] == 6
    rep = status_report(d)
    assert rep["overridden"] == ["space nuristan.mountain", "deck main.piles", "deck main.events_per_pile"]
    assert "nuristan" in rep["spaces"]["mountain"]["verified_ids"]
    assert "Overrides:" in format_status(rep)


def test_overrides_refuse_unknown_keys(tmp_path):
    f = tmp_path / "adp.yaml"
    f.write_text("spaces:\n  atlantis: {population: 2}\n")
    with pytest.raises(DataError, match="unknown space"):
        _load(str(f))
    f.write_text("cities: {}\n")
    with pytest.raises(DataError, match="unknown top-level key"):
        _load(str(f))


def test_status_says_what_is_provisional():
    rep = status_report()
    assert rep["spaces"]["population"]["provisional"] == 25
    assert rep["cards"]["faction_order"]["provisional"] == 72
    assert rep["deck"]["main"]["verified"] is False
