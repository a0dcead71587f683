"""Fixtures for the render tests: real engine states when the engine can make
them, else dicts in the shape of ``engine.export_state`` built from
scenarios.yaml (tests/render/fixtures.py)."""
from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fixtures import fixture_state, midgame_state  # noqa: E402


def _engine_export(scenario: str):
    try:
        import engine

        return engine.export_state(engine.new_game("gandhi", scenario, 1))
    except Exception:  # the engine not ready: fall back to the fixture
        return None


@pytest.fixture(params=["main", "short"])
def setup_state(request) -> dict:
    """Both scenarios' setups as export_state dicts."""
    return _engine_export(request.param) or fixture_state(request.param)


@pytest.fixture
def short_setup() -> dict:
    return _engine_export("short") or fixture_state("short")


@pytest.fixture
def midgame() -> dict:
    """A busy mid-game position built by editing a real (or fixture) state."""
    base = _engine_export("short")
    if base is None:
        return midgame_state()
    st = copy.deepcopy(base)
    mid = midgame_state()
    for sid in ("punjab", "bihar", "delhi", "assam", "rail_punjab_delhi", "rail_calcutta_northwest",
                "madras_presidency"):
        st["spaces"][sid] = copy.deepcopy(mid["spaces"][sid])
    for k in ("move", "crisis", "eligibility", "decision", "tracks"):
        st[k] = copy.deepcopy(mid[k])
    st["victory"]["inc"] = dict(mid["victory"]["inc"])
    st["card"]["next"] = dict(mid["card"]["next"])
    return st
