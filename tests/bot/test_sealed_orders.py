"""Sealed orders written at once (issue 37 item 1): in a Pax Britannica phase
of sealed orders every power writes its orders at the same time, so one
player's save must neither refuse another's click ("the game moved on") nor
erase the picks another has not confirmed yet. Four players clicking in
random interleavings, through the service (one process here; two OS
processes on one database in test_processes.py)."""
import asyncio
import random

import pytest

import engine
from bot.service import Service

from sealed_players import POWERS, pax_game, play



@pytest.mark.parametrize("seed", [1, 2])
async def test_four_players_writing_orders_at_once_never_refuse_or_erase_each_other(store, seed):
    svc = Service(store, render_maps=False)
    gid = await pax_game(svc)
    tally = await play(svc, gid, list(POWERS), random.Random(seed), phases=10)
    assert tally.phases >= 10 and tally.clicks > 100
    assert (tally.refused, tally.lost) == (0, 0), tally


async def test_two_players_confirming_orders_at_the_same_instant_both_succeed(store):
    """The save that loses the optimistic check to another player's order
    goes again on the new state: both orders are applied, neither refused."""
    svc = Service(store, render_maps=False)
    gid = await pax_game(svc)
    first = engine.stretch_marker(svc.state_of(await svc.game(gid)))
    for a, b in (("great_britain", "germany"), ("france", "usa")):
        ps = [await svc.pick(gid, u, (await svc.prompt(gid, u)).version, "seal") for u in (a, b)]
        assert all(p.confirm for p in ps)
        v = (await svc.game(gid)).version
        out = await asyncio.gather(*(svc.confirm(gid, u, p.version) for u, p in zip((a, b), ps)),
                                   return_exceptions=True)
        assert [type(x).__name__ for x in out] == ["Result", "Result"], out
        assert (await svc.game(gid)).version >= v + 2
    st = svc.state_of(await svc.game(gid))
    assert engine.stretch_marker(st) != first  # all four orders sealed: the round was revealed
    assert len(engine.decisions(st)) == 4


async def test_a_click_on_the_prompt_shown_at_the_start_stands_after_another_power_seals(store):
    """The first round of sealed orders begins with the game's start (Pax
    ruleset 3: turn 1's Movement). A player who opened /play then, and
    clicks after another power sealed, is not told "the game moved on":
    their decision is unchanged (the start gives each owing player an
    empty draft, as every later round does)."""
    svc = Service(store, render_maps=False)
    gid = await pax_game(svc)
    assert engine.is_simultaneous(svc.state_of(await svc.game(gid)))
    shown = await svc.prompt(gid, "france")
    p = await svc.pick(gid, "germany", (await svc.prompt(gid, "germany")).version, "seal")
    await svc.confirm(gid, "germany", p.version)
    assert (await svc.game(gid)).version > shown.version
    nxt = await svc.pick(gid, "france", shown.version, shown.choices[0][0], len(shown.draft))
    assert nxt.draft == [shown.choices[0][0]]


async def test_a_seat_replaced_during_sealed_orders_clicks_on_after_another_power_seals(store):
    """/game replace in a round of sealed orders: the new holder opens
    /play, another power seals, and the new holder's click still stands
    (their decision did not change)."""
    svc = Service(store, render_maps=False)
    gid = await pax_game(svc)
    await svc.replace(gid, POWERS[0], "france", "newcomer")
    shown = await svc.prompt(gid, "newcomer")
    p = await svc.pick(gid, "usa", (await svc.prompt(gid, "usa")).version, "seal")
    await svc.confirm(gid, "usa", p.version)
    nxt = await svc.pick(gid, "newcomer", shown.version, shown.choices[0][0], len(shown.draft))
    assert nxt.draft == [shown.choices[0][0]]
