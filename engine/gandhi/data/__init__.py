"""Gandhi game data: map, cards, Viceroys, scenario constants.

``get_data()`` loads and validates the YAML beside this module once per
process (and per override file). A group that owns the physical game may
correct any provisional fact with a YAML file named by the environment variable
``DAKBOT_GANDHI_OVERRIDES`` (see docs/data.md); new games use the corrected data.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from ...core.data import load_yaml, read_yaml as _read_yaml  # noqa: F401 - load_yaml: the shared kit
from ...core.errors import DataError
from .cards import CardsData, build_cards
from .mapdata import MapData, build_map

DATA_DIR = Path(__file__).parent
OVERRIDES_ENV = "DAKBOT_GANDHI_OVERRIDES"


class GandhiData:
    """Everything static about the game."""

    def __init__(self, map: MapData, cards: CardsData, overrides_file: str | None = None,
                 overridden: tuple[str, ...] = ()):
        self.map = map
        self.cards = cards
        self.overrides_file = overrides_file
        self.overridden = overridden


_current: GandhiData | None = None


def get_data() -> GandhiData:
    """The data in force: the packaged YAML plus the override file named by
    ``DAKBOT_GANDHI_OVERRIDES`` when the process first asked (rules code calls
    this in hot loops, so the environment is read once; see :func:`reload_data`).
    Raises DataError on bad data."""
    global _current
    if _current is None:
        _current = _load(os.environ.get(OVERRIDES_ENV) or None)
    return _current


def reload_data() -> GandhiData:
    """Read ``DAKBOT_GANDHI_OVERRIDES`` again and return the data now in force
    (for a running service after a correction file changed, and for tests)."""
    global _current
    _current = None
    _load.cache_clear()
    return get_data()


@lru_cache(maxsize=8)
def _load(overrides_path: str | None) -> GandhiData:
    raw_map = _read_yaml(DATA_DIR / "map.yaml")
    raw_cards = _read_yaml(DATA_DIR / "cards.yaml")
    overridden: tuple[str, ...] = ()
    if overrides_path:
        from .overrides import apply_overrides

        raw_map, raw_cards, overridden = apply_overrides(
            raw_map, raw_cards, _read_yaml(Path(overrides_path)), overrides_path)
    source_map = f"{DATA_DIR / 'map.yaml'}" + (f" + {overrides_path}" if overrides_path else "")
    source_cards = f"{DATA_DIR / 'cards.yaml'}" + (f" + {overrides_path}" if overrides_path else "")
    return GandhiData(build_map(raw_map, source_map), build_cards(raw_cards, source_cards),
                      overrides_path, overridden)
