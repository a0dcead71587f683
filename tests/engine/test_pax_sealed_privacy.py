"""Sealed orders stay sealed (issue 31 item 10; seed L153-161: each power
writes its orders secretly, revealed together). Neither the public JSON
(``engine.export_state``: what ``dakbot replay --state`` prints and what any
reader of the public state gets) nor another power's view (``engine.view``)
may carry an order a power has drafted or sealed before the reveal."""
from __future__ import annotations

import json
import random

import engine


def _orders(state) -> dict[str, list[dict]]:
    """{power: its unrevealed orders} of the sealed round under way, else {}."""
    top = state.stack[-1] if state.stack else {}
    if top.get("step") != "pax.movement":
        return {}
    return {p: list((d or {}).get("orders", [])) for p, d in top.get("drafts", {}).items()}


def _shown(text: str, orders: list[dict]) -> list[dict]:
    """The orders written out in ``text`` (a JSON dump with sorted keys)."""
    return [o for o in orders if json.dumps(o, sort_keys=True) in text]


def test_no_public_view_carries_another_powers_orders_before_the_reveal():
    seen = 0
    for seed, players in ((1, 4), (2, 7)):
        s = engine.new_game("pax", "1880", seed, {"players": players})
        rnd = random.Random(seed)
        while s.turn < 2 and s.result is None:
            orders = _orders(s)
            if any(orders.values()):
                public = json.dumps(engine.export_state(s), sort_keys=True)
                for power, own in orders.items():
                    if not own:
                        continue
                    seen += 1
                    assert _shown(public, own) == [], f"export_state shows {power}'s sealed orders"
                    for other in s.players:
                        if other != power:
                            mine = json.dumps(engine.view(s, other), sort_keys=True)
                            assert _shown(mine, own) == [], f"{other} sees {power}'s orders"
                    assert engine.view(s, power).get("my_orders") == own
            ds = engine.decisions(s)
            d = ds[rnd.randrange(len(ds))]
            engine.apply(s, d.actor, rnd.choice(d.ids()))
    assert seen > 10  # the random games did draft orders in sealed rounds
