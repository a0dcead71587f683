"""The orders menu of a sealed Movement round (L153-161, L293-388) computed
the quick way (issue 35 item 12) offers what the slow way offered: a
writer's board is the round's board plus their own orders carried out on a
copy (never on the live board), and a remembered menu is never served for
a board that changed since."""
from __future__ import annotations

import random

import engine
from engine.core.engine import _content, clone
from engine.pax import movement as m


def _writing_states(seed: int, players: int, turns: int = 2):
    """Every state of a random game, up to ``turns`` turns, in a Movement
    round where some writer has orders in their draft."""
    s = engine.new_game("pax", "1880", seed, {"players": players})
    rnd = random.Random(seed)
    while s.turn <= turns and s.result is None:
        top = s.stack[-1]
        if top.get("step") == "pax.movement" and any(d.get("orders") for d in top["drafts"].values()):
            yield s
        ds = engine.decisions(s)
        d = ds[rnd.randrange(len(ds))]
        engine.apply(s, d.actor, rnd.choice(d.ids()))


def _board(state) -> tuple:
    return (state.model_dump_json(include={"powers", "areas", "canals"}),)


def test_a_writers_board_is_the_round_plus_their_orders_and_the_live_board_is_untouched():
    seen = 0
    for seed, players in ((1, 4), (2, 6), (3, 7)):
        for s in _writing_states(seed, players):
            f = s.stack[-1]
            before = _content(s)
            for p, d in f["drafts"].items():
                if not d.get("orders"):
                    continue
                slow = clone(s)  # the whole state through JSON, the orders carried out on it
                for o in d["orders"]:
                    m.execute(slow, o, public=False)
                assert _board(m.projected(s, f, p)) == _board(slow)
                # built order by order on the remembered boards (m.menu): the same board
                assert _board(m._view(s, m.board_key(s), p, d["orders"])) == _board(slow)
                m._menu(s, f, p)
                seen += 1
            assert _content(s) == before, "writing orders changed the live board"
    assert seen > 20


def test_a_menu_follows_the_board_when_it_changes_mid_round():
    """A treasury emptied by hand mid-round (a test, an admin fix): the
    writer's menu no longer offers to buy (L346, L71)."""
    for s in _writing_states(4, 5, turns=1):
        d = next(x for x in engine.decisions(s))
        if "buy" not in d.ids():
            continue
        power = s.stack[-1]["drafts"].get(d.actor, {}).get("acting", d.actor)
        s.powers[power].treasury = 0
        assert "buy" not in engine.pending_for(s, d.actor).ids()
        return
    raise AssertionError("no writer was offered to buy")
