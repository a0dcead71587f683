"""The Event toolkit of engine/coin (issue 17): its choice loop serves every
COIN game, each with its own handlers, so a second game's Event loop never
meets Gandhi's handler of the same name; a prompt names the card by the
game's own title (5.0, 5.1.2)."""
import pytest

import engine
from engine.coin import events as ev
from engine.core.steps import push

pytestmark = pytest.mark.usefixtures("mini_game")


@ev.handler("pieces", game="mini")  # Gandhi's piece loop is "pieces" too
def _mini_pieces(state, ctx, cid):
    if cid is None:
        return [(s, f"Remove an Insurgent piece in {s.title()}")
                for s, p in state.spaces.items() if p["ins"] > 0]
    state.spaces[cid]["ins"] -= 1
    return []


@ev.auto("pieces.after", game="mini")
def _mini_after(state, ctx):
    state.resources["gov"] += 10 * ctx["left"]
    return []


def _mini_with_insurgents():
    s = engine.new_game("mini", "standard", 1)
    for sid, p in s.spaces.items():
        p["ins"] = 1 if sid in ("hills", "coast") else 0
    return s


def test_a_second_game_plays_an_event_loop_with_its_own_handler():
    s = _mini_with_insurgents()
    push(s, ev.loop("pieces", ev.ctx0("gov", 1, left=2), upto=True, then="pieces.after",
                    prompt="Event #1: remove Insurgent pieces."))
    d = engine.decision(s)
    assert d.actor == "gov" and d.step == "event:pieces"
    assert d.ids() == ["hills", "coast", "done"]  # up to 2: "done" may stop early
    assert d.prompt.params["event"] == "#1 Border Raid" and d.prompt.params["left"] == 2
    resources = s.resources["gov"]
    engine.apply(s, "gov", "coast")
    assert s.spaces["coast"]["ins"] == 0 and engine.decision(s).ids() == ["hills", "done"]
    engine.apply(s, "gov", "done")
    assert s.resources["gov"] == resources + 10  # the follow-up ran with one choice left


def test_the_loop_ends_by_itself_when_nothing_can_be_done():
    s = _mini_with_insurgents()
    for p in s.spaces.values():
        p["ins"] = 0
    before, resources = engine.decision(s), s.resources["gov"]
    push(s, ev.loop("pieces", ev.ctx0("gov", 1, left=2), then="pieces.after"))
    d = engine.decision(s)  # 5.1.2: no empty decision is put to a player
    assert (d.actor, d.step, d.ids()) == (before.actor, before.step, before.ids())
    assert s.resources["gov"] == resources + 20  # the follow-up ran, nothing done


def test_gandhi_keeps_its_own_piece_loop():
    g = engine.new_game("gandhi", "short", 1)
    assert ev.HANDLERS["gandhi"]["pieces"] is not ev.HANDLERS["mini"]["pieces"]
    assert ev._find(ev.HANDLERS, g.game, "pieces").__module__ == "engine.gandhi.events.kit"


def test_a_name_is_registered_once_per_game():
    with pytest.raises(ValueError, match="registered twice"):
        ev.handler("pieces", game="mini")(lambda state, ctx, cid: [])
