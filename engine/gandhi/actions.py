"""Gandhi's Operations and Special Activities on the shared COIN framework
(engine/coin/actions.py: selection, costs judged at selection, the Special
Activity before, during or after the Operation). Gandhi's Operations and
Special Activities (engine/gandhi/operations, special_activities) register
through :func:`operation` / :func:`special_activity`; this module holds
Gandhi's registries and its one rule of who pays: 8.6.2.
"""
from __future__ import annotations

from ..coin.actions import (  # noqa: F401  (Gandhi's Operations build on these)
    Ctx,
    Operation,
    SpecialActivity,
    begin_operation,
    can_do_operation,
    new_ctx,
    operation,
    operations,
    special_activities,
    special_activity,
)
from .state import GandhiState

#: Gandhi's Operations and Special Activities by "<faction>.<name>"
OPERATIONS = operations("gandhi")
SPECIAL_ACTIVITIES = special_activities("gandhi")


def np_free(state: GandhiState, faction: str) -> bool:
    """8.6.2: with the game option ``np_rules`` the Non-player Raj and
    Revolutionaries (bot seats) pay no Resources for Operations."""
    return (faction in ("raj", "rev") and state.players.get(faction) == "bot"
            and bool((state.options or {}).get("np_rules")))
