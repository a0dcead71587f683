"""The Chinese Rebellion and the Ottoman wars (L469-497): helper C's module.
Only the function the war combat calls lives here in this branch (issue 35
helper B); helper C's version replaces it on merge."""
from __future__ import annotations

from .state import PaxState, War


def area_strength(state: PaxState, war: War, area: str) -> int:
    """L481: an uncontrolled Chinese/Vassal/Ottoman area adds its strength to
    the natives; 0 until helper C's natives.py is merged."""
    return 0
