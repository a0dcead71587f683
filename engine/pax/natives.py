"""Placeholder of helper C's native wars (issue 35, docs WAR.md): the
Chinese Rebellion and the Ottoman war are not fought yet. Helper C's module
replaces this one whole; only the contract's signatures are here, so the
War phase's flow (engine.pax.war) runs meanwhile."""
from __future__ import annotations

from typing import Any

from .chinese import rebellion_in_war_phase
from .state import PaxState


def start_chinese(state: PaxState) -> Any:
    """The Chinese Rebellion's war (L475); the placeholder only announces the
    rebellion and resets the index as ruleset 2 does (L493), and returns None."""
    rebellion_in_war_phase(state)
    return None


def start_ottoman(state: PaxState, against: list[str]) -> Any:
    """The Ottoman war (L497); the placeholder starts none."""
    return None


def is_native_side(state: PaxState, war: Any, side: int) -> bool:
    return False


def native_war_over(state: PaxState, war: Any) -> str | None:
    return None


def resolve_native(state: PaxState, war: Any) -> None:
    return None
