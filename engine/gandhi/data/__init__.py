"""Gandhi game data: map, cards, Viceroys, scenario constants.

``get_data()`` loads and validates the YAML beside this module once per
process (and per override file). A group that owns the physical game may
correct any provisional fact with a YAML file named by the environment variable
``DAKBOT_GANDHI_OVERRIDES`` (see docs/data.md); new games use the corrected data.
"""
from __future__ import annotations

from pathlib import Path

from ...core.data import DataInForce, load_yaml, read_yaml as _read_yaml  # noqa: F401 - load_yaml: the shared kit
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


#: The data in force: packaged YAML plus the file named by ``DAKBOT_GANDHI_OVERRIDES``.
SOURCE = DataInForce(OVERRIDES_ENV, _load)
#: ``get_data() -> GandhiData``: the data in force, the environment read on first use.
#: Raises DataError on bad data.
get_data = SOURCE.get
#: ``reload_data() -> GandhiData``: read ``DAKBOT_GANDHI_OVERRIDES`` again (a running
#: service after a correction file changed; tests).
reload_data = SOURCE.reload
