"""Victory ranking shared by the COIN games (Gandhi 1.5, 7.1-7.3; A Distant
Plain 7.1-7.3): factions ranked by victory margin with the game's tie order,
and players (seat groups) ranked by the margin of the factions they hold.

A game gives its margins (``{faction: total - threshold}``, positive once a
faction exceeds its threshold) and its tie order as data (a tuple of
faction ids, winner of a tie first). The game keeps what is its own: how
margins are computed, what a Victory check ends, solitaire outcomes, the
end-of-game text.
"""
from __future__ import annotations

from typing import Any


def ranking(margins: dict[str, int], tie_order: tuple[str, ...]) -> list[str]:
    """Factions best margin first; equal margins in ``tie_order``.
    Raises ValueError for a faction missing from ``tie_order``."""
    return sorted(margins, key=lambda f: (-margins[f], tie_order.index(f)))


def best(margins: dict[str, int], tie_order: tuple[str, ...]) -> str:
    """The faction ranked first by :func:`ranking` (7.3: the highest margin)."""
    return ranking(margins, tie_order)[0]


def groups_of(seats: Any, factions: tuple[str, ...], standard: dict[int, dict[str, str]]
              ) -> dict[str, list[str]]:
    """Player id -> the factions that player holds (Gandhi 1.5), in
    ``factions`` order.

    ``seats`` (a game's ``options["seats"]``) is either a dict faction ->
    player id, or the number of players (an int or digit string, as the
    service stores it), looked up in ``standard`` (players -> {faction:
    player id}; a count not there leaves every faction its own player).
    Without seats every faction is its own player (named by the faction
    id); so is a faction missing from a dict."""
    seats = seats or {}
    if isinstance(seats, (int, str)) and str(seats).isdigit():
        seats = standard.get(int(seats), {})
    if not isinstance(seats, dict):
        seats = {}
    groups: dict[str, list[str]] = {}
    for f in factions:
        groups.setdefault(str(seats.get(f, f)), []).append(f)
    return groups


def player_margin(margins: dict[str, int], factions: list[str]) -> int:
    """A player's margin: the lowest of its factions' (Gandhi 1.5)."""
    return min(margins[f] for f in factions)


def player_ranking(groups: dict[str, list[str]], margins: dict[str, int], tie_order: tuple[str, ...]
                   ) -> list[tuple[str, list[str]]]:
    """``(player, factions)`` best first (Gandhi 1.5, 7.1): by
    :func:`player_margin`; equal margins by the best tie position among the
    player's factions (Gandhi reading R-1.5-ties)."""
    return sorted(groups.items(), key=lambda kv: (-player_margin(margins, kv[1]),
                                                  min(tie_order.index(f) for f in kv[1])))


def passing_players(groups: dict[str, list[str]], margins: dict[str, int]) -> list[str]:
    """Players every one of whose factions exceeds its threshold (Gandhi 1.5, 7.2)."""
    return [p for p, fs in groups.items() if all(margins[f] > 0 for f in fs)]


def ranking_rows(margins: dict[str, int], order: list[str]) -> list[dict[str, Any]]:
    """``result["ranking"]``: ``[{"faction", "rank", "margin"}]`` in ``order``."""
    return [{"faction": f, "rank": i + 1, "margin": margins[f]} for i, f in enumerate(order)]


def player_rows(margins: dict[str, int], players: list[tuple[str, list[str]]]) -> list[dict[str, Any]]:
    """``result["players"]``: ``[{"player", "factions", "margin", "rank"}]``
    for :func:`player_ranking`'s ``players``."""
    return [{"player": p, "factions": fs, "margin": player_margin(margins, fs), "rank": i + 1}
            for i, (p, fs) in enumerate(players)]
