"""Positions for the layout test: seeded random play through the engine, a
snapshot every few choices, with the ids of what changed since the last one
(the spaces or areas a turn picture crops to)."""
from __future__ import annotations

import copy
import random
from typing import Any

import engine

GAMES = {  # name: (game, scenario, options)
    "gandhi-main": ("gandhi", "main", {}),
    "gandhi-short": ("gandhi", "short", {}),
    "adp": ("adp", "main", {}),
    "pax-4": ("pax", "1880", {"players": 4}),
    "pax-7": ("pax", "1880", {"players": 7}),
}


def _places(pub: dict) -> dict[str, Any]:
    """What a picture shows per place: spaces (COIN games), areas and units (Pax)."""
    if pub.get("game") == "pax":
        out: dict[str, Any] = {a: v for a, v in (pub.get("areas") or {}).items()}
        for p, ps in (pub.get("powers") or {}).items():
            for where, units in (ps.get("units") or {}).items():
                key = p if where == "home" else where
                out[key] = (out.get(key), p, units)
        return out
    return dict(pub.get("spaces") or {})


def positions(name: str, seed: int, count: int, every: int = 7) -> list[tuple[dict, list[str]]]:
    """``count`` exported states of game ``name`` (a key of GAMES) reached by
    random play from ``seed``, one every ``every`` choices, each with the
    ids whose content changed since the previous one (a snapshot where
    nothing on the map changed is skipped). Stops early at the game's end."""
    game, scenario, options = GAMES[name]
    s = engine.new_game(game, scenario, seed, dict(options)) if options else engine.new_game(game, scenario, seed)
    rnd = random.Random(seed)
    prev = engine.export_state(s)
    out: list[tuple[dict, list[str]]] = []
    steps = 0
    while len(out) < count and steps < count * every * 4:
        ds = engine.decisions(s)
        if not ds:
            break
        d = ds[rnd.randrange(len(ds))]
        engine.apply(s, d.actor, rnd.choice(d.ids()))
        steps += 1
        if steps % every == 0:
            pub = copy.deepcopy(engine.export_state(s))
            a, b = _places(prev), _places(pub)
            touched = [k for k in b if a.get(k) != b[k]]
            if touched:
                out.append((pub, touched))
                prev = pub
            if pub.get("result"):
                break
    return out
