"""The Pax bot as an opponent (engine/pax/bots.py, engine/pax/botorders.py):
what a player at the table would notice. Movement/Status Change (L153-161,
L293-388), the Administrative Record (L222-241), the Congress of Europe
(L463-467, L692)."""
from __future__ import annotations

import engine
from engine.pax.bots import army_strength, choose
from engine.pax.invariants import check


def _to_movement(seed: int, players: int = 4):
    """A new game played by the bot up to the first Movement round."""
    s = engine.new_game("pax", "1880", seed, {"players": players})
    while not any(d.step == "pax.movement" for d in engine.decisions(s)):
        d = engine.decisions(s)[0]
        engine.apply(s, d.actor, choose(s, d), decided=d)
    return s


def _sealed_orders(s, seat: str) -> list[dict]:
    orders = []
    while True:
        d = next(d for d in engine.decisions(s) if d.actor == seat)
        cid = choose(s, d)
        assert cid in d.ids()
        if cid == "seal":
            orders = list((s.stack[-1]["drafts"].get(seat) or {}).get("orders", []))
            engine.apply(s, seat, cid, decided=d)
            return orders
        engine.apply(s, seat, cid, decided=d)


def test_the_bot_spends_its_money_over_several_orders_and_buys_no_interest():
    """L293-295: in one Movement round a player buys and places as many
    statuses and units as its £ allow; the bot writes several orders, each
    worth its cost (an Interest earns nothing on the Administrative Record,
    L228-232, and is never bought)."""
    s = _to_movement(3)
    gb = s.powers["great_britain"].treasury
    orders = _sealed_orders(s, "great_britain")
    assert len(orders) >= 2, orders
    statuses = [o for o in orders if o["op"] == "status"]
    assert statuses and all(o["level"] != "interest" for o in statuses)
    view = s.powers["great_britain"].treasury  # not yet revealed: the board is unchanged
    assert view == gb


def test_a_new_control_is_given_its_garrison_in_the_same_round():
    """L354-356: a Control needs a land unit in its area by the end of the
    Movement phase; the bot moves (or buys and moves) one with every Control
    it places."""
    placed = 0
    for seed in (1, 2, 3, 4):
        s = _to_movement(seed)
        for seat in s.players:
            orders = _sealed_orders(s, seat)
            for o in orders:
                if o["op"] == "status" and o["level"] in ("protectorate", "possession"):
                    placed += 1
                    assert any(m["op"] == "move" and m["to"] == o["area"] for m in orders), orders
    assert placed  # the bots do place Controls in their first round


def test_the_bot_never_goes_bankrupt_and_ends_its_games_within_the_invariants():
    """Soak-light: five all-bot games (4 and 6 players) play to a result with
    the invariants after every choice, no exception, and no bot's
    Administrative Record ever negative (L240: no Section IV removals)."""
    for seed, players in ((1, 4), (2, 4), (3, 6), (4, 4), (5, 6)):
        s = engine.new_game("pax", "1880", seed, {"players": players})
        n = 0
        while s.result is None:
            d = engine.decisions(s)[0]
            assert d.step != "pax.admin_remove", (seed, s.turn, d.actor)
            cid = choose(s, d)
            assert cid in d.ids() or "*" in cid, (d.step, cid)
            engine.apply(s, d.actor, cid, decided=d)
            assert check(s) == [], (seed, n)
            n += 1
            assert n < 20_000
        assert all(rec["22"] >= 0 for rec in s.admin.values())
        assert not any(e["key"] in ("pax.log.removed_status", "pax.log.removed_unit") for e in s.log)


def test_the_bot_beats_the_random_player_on_vp():
    """The bot against three uniform random players: it scores more than
    their mean in most games (benchmarks/pax_bot_strength.py measures it)."""
    import random

    better = 0
    for seed in (1, 2, 3):
        s = engine.new_game("pax", "1880", seed, {"players": 4})
        bot = s.players[seed % 4]
        rnd = random.Random(seed)
        while s.result is None:
            d = engine.decisions(s)[0]
            cid = choose(s, d) if d.actor == bot else rnd.choice(d.ids())
            engine.apply(s, d.actor, cid, decided=d)
        scores = s.result["scores"]
        others = [v for p, v in scores.items() if p != bot]
        better += scores[bot] > sum(others) / len(others)
    assert better >= 2


def _to_step(s, step: str, inject=None):
    while s.result is None:
        ds = engine.decisions(s)
        if any(d.step == step for d in ds):
            return s
        if inject:
            inject(s, ds[0])
        d = ds[0]
        engine.apply(s, d.actor, choose(s, d), decided=d)
    return s


def test_the_bot_convenes_a_congress_with_a_proposal_over_a_stronger_powers_status():
    """L463-465: a player holding a Casus Belli may convene the Congress of
    Europe; one that fails raises European Tension by 3 more (L692). France's
    bot, holding a Casus Belli over Great Britain's Possession in Aden (Great
    Britain's armies are stronger, so no war), convenes the Congress and
    proposes that Great Britain withdraw from Aden; it votes for that treaty."""
    s = engine.new_game("pax", "1880", 3, {"players": 4})
    assert army_strength(s, "great_britain") >= army_strength(s, "france")

    def give_cb(s, d):
        if d.step == "pax.negotiation" and not any(c["holder"] == "france" for c in s.casus_belli):
            s.casus_belli.append({"holder": "france", "against": "great_britain", "area": "aden",
                                  "why": "control_placed", "turn": s.turn})

    _to_step(s, "pax.congress_call", give_cb)
    d = next(d for d in engine.decisions(s) if d.actor == "france")
    assert choose(s, d).startswith("convene-")
    _to_step(s, "pax.congress_vote")
    props = s.congress["proposals"]
    mine = [p for p in props if p["from"] == "france"]
    assert mine and mine[0]["terms"][0]["kind"] == "remove"
    assert mine[0]["terms"][0]["giver"] == "great_britain" and mine[0]["terms"][0]["area"] == "aden"


def test_the_bot_does_not_convene_against_a_weaker_power():
    """It would rather declare war on a weaker power (L569): no Congress."""
    from engine.pax.bots import claim

    s = engine.new_game("pax", "1880", 3, {"players": 4})
    s.casus_belli.append({"holder": "great_britain", "against": "france", "area": "cochin_china",
                          "why": "control_placed", "turn": s.turn})
    assert claim(s, "great_britain") is None
    s.casus_belli.append({"holder": "france", "against": "great_britain", "area": "aden",
                          "why": "control_placed", "turn": s.turn})
    assert claim(s, "france") == ("france", "great_britain", "aden")


def test_the_bot_builds_the_first_canal_when_it_may():
    """L388: £30 and an established Influence or Control in Panama or Central
    America build the canal; the first builder earns 15 VP at once, worth
    more than £30 at any VP divisor (L714). The bot builds it."""
    from engine.pax import board as b

    s = _to_movement(3)
    b.set_status(s, "central_america", "great_britain", "influence", new=False)
    s.powers["great_britain"].treasury = max(40, s.powers["great_britain"].treasury)
    orders = _sealed_orders(s, "great_britain")
    assert {"power": "great_britain", "op": "canal", "site": "central_america"} in orders


def test_a_second_game_with_the_same_seed_plays_as_the_first():
    """The orders menus and the bot's plans are remembered by the board
    they read: a game that starts as another did (same seed and seats) must
    not find that game's later board in them: a game played after others
    left off at later boards plays the choices it plays alone. (The loop
    the CI met, the bot going back and forth for ever between a remembered
    plan and a menu without it, came only after some 1,300 other tests in
    one process; this guard does not reproduce it, the run in the closing
    note of this stop does.)"""
    def play(until: int = 5_000) -> list[str]:
        s = engine.new_game("pax", "1880", 1, {"players": 4})
        out: list[str] = []
        while s.result is None and len(out) < until:
            d = engine.decisions(s)[0]
            out.append(choose(s, d))
            engine.apply(s, d.actor, out[-1], decided=d)
        return out

    from engine.pax import botorders, movement

    for memo in (movement._MENUS, movement._VIEWS, botorders._PLANS):
        memo.clear()
    alone = play()
    assert len(alone) < 5_000
    for until in (60, 120, 200, 300):  # the first game left off at a later board of its own
        play(until)
        assert play() == alone
