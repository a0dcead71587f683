"""Control in A Distant Plain (reference pack rules_summary.md Q8, reading R8
of docs/rulings/adp.md, provisional): COIN Control when Coalition + Government
pieces outnumber Taliban + Warlords pieces; Taliban Control when Taliban
pieces outnumber COIN + Warlords pieces; otherwise Uncontrolled. The seed uses
both Controls (L87-89, L169, L453-454, L461) without defining them; this rule
is ADPBot's and matches the Control marker of every Afghan space in the three
VASSAL states of the reference pack.

One implementation, over plain counts, so that the data checks at load and
the rules share it.
"""
from __future__ import annotations

COIN = "coin"
TALIBAN = "taliban"


def control_of(coin: int, taliban: int, warlords: int) -> str | None:
    """``"coin"``, ``"taliban"`` or None (Uncontrolled) for the piece counts
    of one space (every piece counts: cubes, Guerrillas either side up, Bases).
    """
    if coin > taliban + warlords:
        return COIN
    if taliban > coin + warlords:
        return TALIBAN
    return None
