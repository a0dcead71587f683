"""Board primitives every COIN game shares: piece counts kept as
``{kind: n}`` mappings (a space's pieces, a box), where a kind at zero is
dropped, so two boards with the same pieces compare equal."""
from __future__ import annotations


def add_count(counts: dict[str, int], kind: str, k: int) -> None:
    """Add ``k`` (may be negative) pieces of ``kind`` to ``counts`` in place.
    Raises ValueError when the count would go below zero (a rules bug:
    legality is checked before a piece moves)."""
    v = counts.get(kind, 0) + k
    if v < 0:
        raise ValueError(f"negative count of {kind}")
    if v:
        counts[kind] = v
    else:
        counts.pop(kind, None)
