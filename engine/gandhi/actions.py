"""Gandhi's Operations and Special Activities on the shared COIN framework
(engine/coin/actions.py: selection, costs judged at selection, the Special
Activity before, during or after the Operation). Gandhi's Operations and
Special Activities (engine/gandhi/operations, special_activities) register
through :func:`operation` / :func:`special_activity`; this module holds
Gandhi's registries; who pays (8.1, 8.6.2) is engine/gandhi/nonplayer.py.
"""
from __future__ import annotations

from ..coin.actions import (  # noqa: F401  (Gandhi's Operations build on these)
    ChecksEachSpace,
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
from .data import get_data
from .nonplayer import np_free  # noqa: F401  (8.6.2: the SoP asks it here)

#: Gandhi's Operations and Special Activities by "<faction>.<name>"
OPERATIONS = operations("gandhi")
SPECIAL_ACTIVITIES = special_activities("gandhi")


class EachMapSpace(ChecksEachSpace):
    """:class:`ChecksEachSpace` over every space of the map, in map order."""

    def candidates(self, state):
        return get_data().map.ids


class EachBoardSpace(ChecksEachSpace):
    """:class:`ChecksEachSpace` over every space of the board (``state.spaces``), in its order."""

    def candidates(self, state):
        return state.spaces
