"""``dakbot verify``: recompute a game's shuffle from its seed (fair shuffles).

    dakbot verify SEED [--title GAME] [--scenario ID] [--hash HASH] [--options JSON]
                  [--deck N,N,...] [--game ID --db PATH]

Prints the seed's SHA-256 (compare with the hash shown at the game's start)
and the deck order (top first) that scenario + seed (+ options) give. With
``--deck`` (the order to check) or ``--game`` (a finished game in the store)
it compares and exits 0 when they match, 1 when they do not.
"""
from __future__ import annotations

import argparse
import asyncio
import json

import engine
from engine.core.rng import seed_hash


def deck_order(scenario: str, seed: int, options: dict | None = None, game: str | None = None) -> list[int]:
    """The full starting deck, top first: current, next, then the draw deck
    (a scenario may reveal no card before its setup decisions). ``game``: a
    registered id (default the first); its state has ``current``, ``next``,
    ``deck`` and ``played`` (the card-driven games)."""
    s = engine.new_game(game or engine.games()[0], scenario, seed, options or {})
    # undo the first reveal(s): cards already face up came from the top
    face_up = [c for c in (s.current, s.next) if c is not None]
    return face_up + list(s.deck) if s.played == [] else list(s.played) + face_up + list(s.deck)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="dakbot verify", description="Verify a game's shuffle from its seed.")
    ap.add_argument("seed", type=int)
    ap.add_argument("--title", choices=engine.games(), default=None,
                    help="which game (a registered id; default the first, or the stored game's with --game)")
    ap.add_argument("--scenario", default=None, help="the scenario (default: the game's first)")
    ap.add_argument("--options", default="{}", help="the game's engine options as JSON")
    ap.add_argument("--hash", help="the seed hash shown at the start")
    ap.add_argument("--deck", help="the deck order to check, comma-separated card numbers, top first")
    ap.add_argument("--game", type=int, help="a game id in the store (--db) to check")
    ap.add_argument("--db")
    a = ap.parse_args(argv or [])
    opts = json.loads(a.options)
    h = seed_hash(a.seed)
    print(f"seed {a.seed}: sha256 {h}")
    ok = True
    if a.hash:
        same = a.hash.strip().lower() == h
        print("hash matches" if same else "hash DOES NOT match")
        ok &= same
    title = a.title or engine.games()[0]
    order = deck_order(a.scenario or engine.game_spec(title).scenario(), a.seed, opts, title)
    print("deck (top first): " + ",".join(map(str, order)))
    if a.deck:
        want = [int(x) for x in a.deck.split(",") if x.strip()]
        same = want == order[:len(want)]
        print("deck matches" if same else "deck DOES NOT match")
        ok &= same
    if a.game is not None:
        ok &= asyncio.run(_check_game(a.db, a.game, order))
    return 0 if ok else 1


async def _check_game(db: str | None, game_id: int, order: list[int]) -> bool:
    from .store import Store

    store = await Store.open(db)
    try:
        g = await store.get_game(game_id)
    finally:
        await store.close()
    if g is None or g.state is None:
        print(f"no started game {game_id}")
        return False
    s = engine.load_state(g.state)
    seen = list(s.played) + [c for c in (s.current, s.next) if c is not None] + list(s.deck)
    same = s.seed == g.seed and seen == order[:len(seen)]
    print("the stored game's cards follow the seed's deck" if same else "the stored game's cards DO NOT follow the seed")
    return same
