"""Sealed orders written at once (issue 37 item 1): in a Pax Britannica phase
of sealed orders every power writes its orders at the same time, so one
player's save must neither refuse another's click ("the game moved on") nor
erase the picks another has not confirmed yet. Four players clicking in
random interleavings, through the service (one process here; two OS
processes on one database in test_processes.py)."""
import random

import pytest

from bot.service import Service

from sealed_players import POWERS, pax_game, play

pytestmark = pytest.mark.timeout(600)


@pytest.mark.parametrize("seed", [1, 2])
async def test_four_players_writing_orders_at_once_never_refuse_or_erase_each_other(store, seed):
    svc = Service(store, render_maps=False)
    gid = await pax_game(svc)
    tally = await play(svc, gid, list(POWERS), random.Random(seed), phases=10)
    assert tally.phases >= 10 and tally.clicks > 100
    assert (tally.refused, tally.lost) == (0, 0), tally
