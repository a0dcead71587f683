"""The seed section map of Pax Britannica (docs/pax_sections.yaml, read by
tools/pax_sections.py): every section has a status, a section the engine
claims to enforce is cited by at least one test, and each listed section
starts where the seed has its heading."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("pax_sections", ROOT / "tools" / "pax_sections.py")
pax_sections = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pax_sections)


def test_every_section_has_a_status_and_the_shares_add_up():
    rows, share = pax_sections.section_map(seed=None)
    assert rows and all(r["status"] in pax_sections.STATUSES for r in rows)
    assert abs(sum(share.values()) - 1) < 1e-9


def test_every_section_the_engine_enforces_is_cited_by_a_test():
    rows, _ = pax_sections.section_map(seed=None)
    untested = [f"L{r['line']} {r['title']}" for r in rows
                if r["status"] != "missing" and not r["tests"] and "no rule" not in r.get("note", "")]
    assert not untested, f"sections claimed without a test citing their lines: {untested}"


def test_each_section_starts_at_its_heading_in_the_seed():
    if not pax_sections.SEED.exists():
        pytest.skip("../shared/seeds/pax_britannica_rules_it.txt is not beside the repository "
                    "(a clone alone); the headings cannot be compared")
    text = pax_sections.SEED.read_text(encoding="utf-8").splitlines()
    for r in pax_sections.load_sections():
        head = text[r["line"] - 1].strip().upper()
        first = r["title"].split(" / ")[0].split(" (")[0].upper()
        assert head.startswith(first[:12]), (r["line"], head, r["title"])
