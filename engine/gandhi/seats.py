"""Who holds which Factions (1.5) when a game has fewer players than
Factions, or bot seats (8.x).

1.5: with two players, one holds the British Raj and the Revolutionaries, the
other Congress and the Muslim League; with three, one player holds Congress
and the Muslim League — or, in the alternative layout, the Raj and the
Revolutionaries. A Faction played by the Arjuna bot is a seat of its own;
the human players share the other Factions by the same pairs.
"""
from __future__ import annotations

from ..coin.seats import seat_groups as coin_seat_groups
from .state import FACTIONS

#: The two 1.5 pairs, in the order they are formed for three players.
PAIRS: dict[str, tuple[tuple[str, str], ...]] = {
    "standard": (("inc", "ml"), ("raj", "rev")),
    "raj_rev": (("raj", "rev"), ("inc", "ml")),
}


def seat_groups(players: int, bots: tuple[str, ...] | list[str] = (), layout: str = "standard"
                ) -> list[tuple[str, ...]]:
    """The seat groups, human groups first then one per bot Faction, each in
    FACTIONS order (the COIN rule, engine/coin/seats.py, over the 1.5 pairs).
    ``players``: human players; more players than human Factions count as
    one each. ``layout``: "standard" or "raj_rev" (1.5, three players).

    Raises ValueError: unknown Faction or layout, no human player, or every
    Faction a bot."""
    return coin_seat_groups(FACTIONS, PAIRS, players, bots, layout)


#: The seats of a table of 1-4 human players and no bots, in the order
#: ``/game join`` offers them (games stored before seat layouts existed keep it).
TABLE_GROUPS: dict[int, list[tuple[str, ...]]] = {
    1: [("raj", "inc", "ml", "rev")],
    2: [("raj", "rev"), ("inc", "ml")],
    3: [("raj",), ("rev",), ("inc", "ml")],
    4: [("raj",), ("inc",), ("ml",), ("rev",)],
}


def table_groups(players: int, bots: tuple[str, ...] | list[str] = (), layout: str = "standard"
                 ) -> list[tuple[str, ...]]:
    """The seat groups the game registry offers (engine/gandhi/spec.py):
    :data:`TABLE_GROUPS` for a table without bots in the standard layout,
    else :func:`seat_groups`. Raises ValueError as :func:`seat_groups`."""
    if not bots and layout == "standard" and players in TABLE_GROUPS:
        return list(TABLE_GROUPS[players])
    return seat_groups(players, bots, layout)
