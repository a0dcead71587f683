"""Who holds which factions when a COIN game has fewer players than factions,
or bot seats (Gandhi 1.5; every COIN rulebook pairs its factions the same way).

The game gives its factions (in order) and its pairs per seat layout: with
fewer players the pairs are formed in order, then one player takes what is
left. A faction played by a bot is a seat of its own.
"""
from __future__ import annotations

Pairs = tuple[tuple[str, str], ...]


def seat_groups(factions: tuple[str, ...], pairs: dict[str, Pairs], players: int,
                bots: tuple[str, ...] | list[str] = (), layout: str = "standard") -> list[tuple[str, ...]]:
    """The seat groups, human groups first then one per bot faction, each in
    ``factions`` order. ``players``: human players; more players than human
    factions count as one each. ``pairs[layout]``: the pairs in the order
    they are formed.

    Raises ValueError: unknown faction or layout, no human player, or every
    faction a bot."""
    if layout not in pairs:
        raise ValueError(f"unknown seat layout {layout!r}")
    bots = [f for f in factions if f in set(bots)]
    if len(set(bots)) != len(list(bots)) or any(f not in factions for f in bots):
        raise ValueError("unknown Faction")
    humans = [f for f in factions if f not in bots]
    if players < 1 or not humans:
        raise ValueError("a game needs at least one human player")
    k = min(players, len(humans))
    groups: list[list[str]] = [[f] for f in humans]
    for a, b in pairs[layout]:
        if len(groups) <= k:
            break
        ga = next((g for g in groups if a in g), None)
        gb = next((g for g in groups if b in g), None)
        if ga is not None and gb is not None and ga is not gb:
            ga.extend(gb)
            groups.remove(gb)
    while len(groups) > k:  # what the pairs leave: one player takes the rest
        groups[0].extend(groups.pop())
    out = [tuple(f for f in factions if f in g) for g in groups]
    return out + [(f,) for f in bots]
