"""Space Selection Priorities (8.4.1) and Adversary Priorities (8.5) of the
Non-player factions, as data plus one selection procedure.

``select_space(state, faction, column, candidates, op=None)`` returns one
space of ``candidates`` by walking the column's rows top-down (8.4.1 steps
1-3): a row no candidate meets is skipped; a row met by exactly one candidate
picks it; otherwise the candidates are narrowed to those meeting it. "Most" /
"fewest" rows keep the candidates with the extreme value. Ties left at the
bottom go to the Random Spaces map (8.1.2) or the Railway rule (8.1.3).

``rank_adversary(state, faction, ids, sid=None)`` orders removal choices by
the Adversary Priorities (8.5.1-8.5.3): Unrest, Muslim State, Protest, Base,
Gandhi, Troop, a player Faction's piece, the most common piece, Activist,
Sepoy, Guerrilla (Underground first); never the faction's own pieces/markers.
"""
from __future__ import annotations

import re
from typing import Callable, Iterable

from .. import derived as dv
from ..data import get_data
from .random_spaces import random_space

# Column names (the headers of the four tables, 8.4.1)
RAJ_COLUMNS = ("shift_support", "place_cubes", "remove", "sweep")
INC_COLUMNS = ("shift_opposition", "place_protest", "gandhi", "place_activists", "remove", "demonstrate")
ML_COLUMNS = ("muslim_state", "shift_opposition", "place_protest", "place_activists", "remove", "demonstrate")
REV_COLUMNS = ("place_unrest", "place_bases", "place_guerrillas", "remove", "attack", "march")
COLUMNS = {"raj": RAJ_COLUMNS, "inc": INC_COLUMNS, "ml": ML_COLUMNS, "rev": REV_COLUMNS}


def _sp(state, sid):
    return state.spaces[sid]


def _human(state, f: str) -> bool:
    return state.players.get(f, "human") != "bot"


def _adj_adversaries(state, sid: str) -> int:
    m = get_data().map
    return sum(dv.activists(state.spaces[a]) + dv.guerrillas(state.spaces[a]) + dv.bases(state.spaces[a])
               + dv.n(state.spaces[a], "gandhi") for a in m.adjacent[sid])


# A row: (kind, function, columns). kind "if": keep candidates where fn is true;
# "max"/"min": keep those with the extreme fn value. fn(state, sid, op) -> value.
Row = tuple[str, Callable, tuple[str, ...]]

RAJ_ROWS: list[Row] = [
    ("if", lambda s, x, op: not dv.raj_control(s, x), ("place_cubes", "remove", "sweep")),
    ("if", lambda s, x, op: op != "assault" or 2 * dv.cubes(_sp(s, x)) > dv.active_adversaries(s, x), ("remove",)),
    ("if", lambda s, x, op: dv.population(x) == 2, RAJ_COLUMNS),
    ("if", lambda s, x, op: _sp(s, x).protest, ("remove", "sweep")),
    ("if", lambda s, x, op: not _sp(s, x).protest, ("shift_support", "place_cubes")),
    ("min", lambda s, x, op: dv.active_adversaries(s, x), ("place_cubes", "sweep")),
    ("if", lambda s, x, op: _sp(s, x).unrest > 0 or _sp(s, x).strike, RAJ_COLUMNS),
    ("if", lambda s, x, op: dv.n(_sp(s, x), "troop") == 0, ("sweep",)),
    ("min", lambda s, x, op: _sp(s, x).support, ("shift_support",)),
    ("if", lambda s, x, op: _sp(s, x).support == 0, ("shift_support",)),
    ("max", lambda s, x, op: _adj_adversaries(s, x) if op == "deploy" else 0, ("place_cubes",)),
    ("if", lambda s, x, op: _sp(s, x).muslim_state, ("shift_support", "remove", "sweep")),
]

INC_ROWS: list[Row] = [
    ("if", lambda s, x, op: _sp(s, x).support != -2,
     ("shift_opposition", "place_protest", "gandhi", "place_activists", "demonstrate")),
    ("if", lambda s, x, op: _sp(s, x).protest, ("place_activists", "remove", "demonstrate")),
    ("if", lambda s, x, op: dv.population(x) == 2, INC_COLUMNS),
    # the worked example of 8.4.1 uses a "Non-Muslim space" row in Place Protest
    ("if", lambda s, x, op: not dv.sdef(x).muslim, ("place_protest",)),
    ("if", lambda s, x, op: dv.raj_control(s, x), ("gandhi", "place_activists", "remove", "demonstrate")),
    ("if", lambda s, x, op: _sp(s, x).unrest > 0, ("shift_opposition", "gandhi")),
    ("min", lambda s, x, op: dv.cubes(_sp(s, x)), ("gandhi", "place_activists", "remove", "demonstrate")),
    ("max", lambda s, x, op: _sp(s, x).support if _human(s, "raj") else 0, ("shift_opposition", "gandhi")),
]

ML_ROWS: list[Row] = [
    ("if", lambda s, x, op: _sp(s, x).support != -2, ("muslim_state", "shift_opposition", "place_activists")),
    ("max", lambda s, x, op: dv.n(_sp(s, x), "ml_base"), ("place_activists", "remove")),
    ("if", lambda s, x, op: dv.sdef(x).muslim,
     ("shift_opposition", "place_protest", "place_activists", "remove", "demonstrate")),
    ("if", lambda s, x, op: _sp(s, x).protest, ("place_activists", "remove", "demonstrate")),
    ("if", lambda s, x, op: dv.raj_control(s, x), ("place_activists", "remove", "demonstrate")),
    ("if", lambda s, x, op: dv.n(_sp(s, x), "ml_base") == 0, ("place_protest",)),
    ("if", lambda s, x, op: dv.population(x) == 2, ML_COLUMNS),
    ("if", lambda s, x, op: dv.n(_sp(s, x), "inc_activist") + dv.n(_sp(s, x), "gandhi")
     >= dv.n(_sp(s, x), "ml_activist"), ("place_activists", "demonstrate")),
    ("min", lambda s, x, op: dv.cubes(_sp(s, x)),
     ("muslim_state", "place_protest", "place_activists", "demonstrate")),
    ("max", lambda s, x, op: _sp(s, x).support if _human(s, "raj") else 0, ("shift_opposition", "place_activists")),
]

REV_ROWS: list[Row] = [
    ("if", lambda s, x, op: dv.n(_sp(s, x), "rev_base") > 0 and dv.guerrillas(_sp(s, x)) == 0,
     ("place_guerrillas", "march")),
    ("if", lambda s, x, op: _sp(s, x).unrest > 0 and dv.guerrillas(_sp(s, x)) == 0, ("place_guerrillas", "march")),
    ("max", lambda s, x, op: dv.n(_sp(s, x), "rev_base"), ("place_guerrillas",)),
    ("if", lambda s, x, op: 1 <= dv.guerrillas(_sp(s, x)) <= 2 and dv.n(_sp(s, x), "rev_base") == 0,
     ("place_guerrillas", "march")),
    ("if", lambda s, x, op: _sp(s, x).unrest == 0 and not _sp(s, x).strike, ("place_unrest", "attack", "march")),
    ("if", lambda s, x, op: dv.population(x) == 2, ("place_unrest", "place_guerrillas", "attack", "march")),
    ("max", lambda s, x, op: dv.guerrillas(_sp(s, x)),
     ("place_unrest", "place_bases", "place_guerrillas", "remove", "attack")),
    ("min", lambda s, x, op: dv.cubes(_sp(s, x)), ("place_bases", "place_guerrillas", "remove")),
    ("max", lambda s, x, op: _sp(s, x).support if _human(s, "raj") else 0, ("place_unrest", "remove")),
    ("max", lambda s, x, op: -_sp(s, x).support if (_human(s, "inc") or _human(s, "ml")) else 0,
     ("place_unrest", "remove")),
]

ROWS = {"raj": RAJ_ROWS, "inc": INC_ROWS, "ml": ML_ROWS, "rev": REV_ROWS}


def select_space(state, faction: str, column: str, candidates: Iterable[str], op: str | None = None,
                 salt: object = "") -> str:
    """One space of ``candidates`` by ``faction``'s Space Selection Priorities
    column ``column`` (8.4.1), ties broken by 8.1.2/8.1.3.

    Raises ValueError if ``candidates`` is empty or ``column`` is not one of
    ``COLUMNS[faction]``.
    """
    cands = list(dict.fromkeys(candidates))
    if not cands:
        raise ValueError("select_space: no candidates")
    if column not in COLUMNS[faction]:
        raise ValueError(f"{faction} has no Space Selection column {column!r}")
    if len(cands) == 1:
        return cands[0]
    m = get_data().map.spaces
    cands = [c for c in cands if c in m] or cands
    for kind, fn, cols in ROWS[faction]:
        if column not in cols:
            continue
        if kind == "if":
            sub = [c for c in cands if fn(state, c, op)]
        else:
            vals = {c: fn(state, c, op) for c in cands}
            best = max(vals.values()) if kind == "max" else min(vals.values())
            sub = [c for c in cands if vals[c] == best]
        if len(sub) == 1:
            return sub[0]
        if sub:
            cands = sub
    return random_space(state, cands, faction, column, salt)


# ---------------------------------------------------------------- 8.5
_WORDS = {
    "unrest": ("unrest", None), "strike": ("unrest", None),
    "muslim_state": ("muslim_state", "ml"), "ms": ("muslim_state", "ml"),
    "protest": ("protest", None),
    "rev_base": ("base", "rev"), "revbase": ("base", "rev"),
    "ml_base": ("base", "ml"), "mlbase": ("base", "ml"),
    "gandhi": ("gandhi", "inc"), "troop": ("troop", "raj"), "troops": ("troop", "raj"),
    "sepoy": ("sepoy", "raj"), "sepoys": ("sepoy", "raj"),
    "inc": ("activist", "inc"), "inc_activist": ("activist", "inc"),
    "ml": ("activist", "ml"), "ml_activist": ("activist", "ml"),
    "underground": ("guerrilla_u", "rev"), "guerrilla_underground": ("guerrilla_u", "rev"),
    "active": ("guerrilla_a", "rev"), "guerrilla_active": ("guerrilla_a", "rev"),
    "guerrilla": ("guerrilla_u", "rev"), "guerrillas": ("guerrilla_u", "rev"),
}
_RANK = {"unrest": 1, "muslim_state": 2, "protest": 3, "base": 4, "gandhi": 5, "troop": 6,
         "activist": 9, "sepoy": 10, "guerrilla_u": 11, "guerrilla_a": 12}
_SPLIT = re.compile(r"[:>]")


def classify(cid: str) -> tuple[str | None, str | None]:
    """``(kind, owner)`` of the piece or marker a choice id names (the part
    before a ``>`` in replacement ids), or ``(None, None)``."""
    head = cid.split(">")[0]
    for tok in _SPLIT.split(head):
        if tok in _WORDS:
            return _WORDS[tok]
    return (None, None)


def owner_of_marker(kind: str | None, owner: str | None) -> str | None:
    return owner


def is_own(faction: str, cid: str) -> bool:
    """True if ``cid`` names ``faction``'s own piece or marker (8.5.3: NP
    Congress/League never remove Protests, League never Muslim States,
    Revolutionaries never Unrest)."""
    kind, owner = classify(cid)
    if owner == faction and kind != "muslim_state":
        return True
    if kind == "protest" and faction in ("inc", "ml"):
        return True
    if kind == "muslim_state" and faction == "ml":
        return True
    if kind == "unrest" and faction == "rev":
        return True
    return False


def adversary_key(state, faction: str, cid: str, sid: str | None = None) -> tuple:
    """Sort key of a removal choice by the Adversary Priorities (8.5)."""
    kind, owner = classify(cid)
    if kind is None:
        return (99, cid)
    if is_own(faction, cid):
        return (50, cid)
    rank = _RANK[kind]
    if rank > 6:
        if owner and _human(state, owner):
            rank = 7
        elif sid is not None and sid in state.spaces:
            rank = 8 * 100 - _count(state, sid, kind)  # most common piece first
            rank = 8 + (rank - 800) / 1000.0 + _RANK[kind] / 1e6
    return (rank, cid)


def _count(state, sid: str, kind: str) -> int:
    p = state.spaces[sid].pieces
    return {"activist": p.get("inc_activist", 0) + p.get("ml_activist", 0),
            "sepoy": p.get("sepoy", 0),
            "guerrilla_u": p.get("guerrilla_underground", 0) + p.get("guerrilla_active", 0),
            "guerrilla_a": p.get("guerrilla_underground", 0) + p.get("guerrilla_active", 0)}.get(kind, 0)


def rank_adversary(state, faction: str, ids: Iterable[str], sid: str | None = None) -> list[str]:
    """``ids`` ordered best-first by the Adversary Priorities (8.5)."""
    return sorted(ids, key=lambda c: adversary_key(state, faction, c, sid))
