"""Helpers for A Distant Plain tests: a game on a stacked deck, an empty map,
pieces put by hand, choices applied as a player would."""
from __future__ import annotations

import engine
from engine.adp.board import remove_to
from engine.core.steps import frame


def game(deck=(1, 2, 73, 3, 4, 73), seed=1, dice=()):
    s = engine.new_game("adp", "main", seed, {"stacked": {"deck": list(deck)}})
    s.forced_dice = list(dice)
    return s


def clear(state):
    """Every piece back to Available, every marker off, Resources 20 each."""
    for sid, sp in state.spaces.items():
        for k, c in list(sp.pieces.items()):
            remove_to(state, sid, k, c)
        sp.support, sp.terror, sp.sabotage = 0, 0, False
        if sp.returnees:
            sp.returnees = 0
            state.returnees_box += 1
    state.resources = {"government": 20, "taliban": 20, "warlords": 20}
    return state


def put(state, sid, **kinds):
    from engine.adp.board import place

    for k, c in kinds.items():
        assert place(state, sid, k, c) == c, f"not enough {k} Available"
    return state


def first(state, faction):
    """Make ``faction`` the one deciding on the current card."""
    assert engine.decision(state).step == "sop.act"
    state.stack[-1] = frame("sop.act", faction=faction, role="first")
    return state


def ids(state):
    return engine.decision(state).ids()


def play(state, *choices):
    """Apply choices in order for whoever decides; each must be on offer."""
    for c in choices:
        d = engine.decision(state)
        assert d is not None, f"game over before {c!r}"
        assert c in d.ids(), f"{c!r} not offered at {d.step}: {d.ids()}"
        engine.apply(state, d.actor, c)
    return state


def step(state):
    d = engine.decision(state)
    return d.step, d.actor


def pcs(state, sid):
    return dict(state.spaces[sid].pieces)
