import random

import pytest

import engine


def play_random(state, rnd: random.Random, max_moves: int = 20000, on_move=None):
    """Play uniformly random offered choices until the game ends."""
    n = 0
    while (d := engine.decision(state)) is not None:
        cid = rnd.choice(d.ids())
        engine.apply(state, d.actor, cid)
        if on_move:
            on_move(state, d, cid)
        n += 1
        if n > max_moves:
            raise AssertionError("game did not end")
    return n


@pytest.fixture
def short():
    return engine.new_game("gandhi", "short", 7)


@pytest.fixture
def main_game():
    return engine.new_game("gandhi", "main", 7)


@pytest.fixture(scope="session")
def pg_server():
    """A PostgreSQL server for this test session (tests/pg_server.py), or a
    skip saying why there is none."""
    from tests.pg_server import start_server

    try:
        server = start_server()
    except RuntimeError as e:
        pytest.skip(str(e))
    yield server
    server.stop()


@pytest.fixture
def ruleset3(monkeypatch):
    """New games under ruleset 3 (engine/gandhi/ruleset.py): for rules tests
    scripted one decision at a time, as asked before issue 14 (ruleset 4
    applies a decision with one answer by itself; its shapes are tested in
    tests/engine/test_taps.py). The rules themselves are the same."""
    from engine.gandhi import scenarios

    monkeypatch.setattr(scenarios, "RULESET", 3)


@pytest.fixture
def ruleset4(monkeypatch):
    """New games under ruleset 4: the shapes before issue 14 (the action and
    the Operation asked apart; a Special Activity offered again after the
    Operation's "done"; cubes asked one group at a time). Old games keep
    them; the rules are the same (tests/engine/test_taps.py keeps ruleset 4's
    shapes; ruleset 5's are in tests/engine/test_taps5.py and test_taps5_raj.py)."""
    from engine.gandhi import scenarios

    monkeypatch.setattr(scenarios, "RULESET", 4)


@pytest.fixture
def ruleset5(monkeypatch):
    """New games under ruleset 5, the shapes before ruleset 6 (issue 14): an
    Operation's space loop asked a space at a time (ruleset 6 takes
    independent spaces as one set, tests/engine/test_taps6.py); a Redeploy
    asked space by space; the League's and the Revolutionaries' Rally
    placement asked after the space (test_campaign6.py, test_rally6.py). Old
    games keep these shapes; the rules are the same."""
    from engine.gandhi import scenarios

    monkeypatch.setattr(scenarios, "RULESET", 5)


@pytest.fixture
def mini_game():
    """Border Skirmish (tests/minigame), a second COIN game, registered for
    the test and forgotten after it."""
    from tests.minigame import install, uninstall

    yield install()
    uninstall()
