"""Discord shapes of the Campaign under ruleset 6 (issue 14): a Redeploy's
spaces in one multi-select with "done" beside it; Imperialism's purchases
as counts in one multi-select."""
import sys
from pathlib import Path

import discord
import pytest

import engine
from bot.service import Prompt, _joinable
from cogs.ui import build_view

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))  # the rules tests' positions


@pytest.fixture(autouse=True)
def ruleset6(monkeypatch):
    from engine.gandhi import scenarios

    monkeypatch.setattr(scenarios, "RULESET", 6)


def _view(d):
    p = Prompt(game_id=1, version=3, actor=d.actor, actor_name=d.actor, text="Campaign",
               choices=[(o.id, o.id) for o in d.options(25)], many=d.many, joinable=_joinable(d))
    items = [getattr(c, "item", c) for c in build_view(p, "en").children]
    sel = [i for i in items if isinstance(i, discord.ui.Select)]
    return sel, [i.label for i in items if isinstance(i, discord.ui.Button)]


def test_redeploy_spaces_are_one_multi_select_and_done_a_button():
    from test_campaign import redeploy_position, start_round, to_redeploy

    s = redeploy_position()
    start_round(s)
    d = to_redeploy(s, "raj")
    sel, buttons = _view(d)
    assert len(sel) == 1 and sel[0].max_values > 1
    assert {"punjab", "delhi"} <= {o.value for o in sel[0].options} and buttons == ["done"]
    engine.apply(s, "raj", "+".join(["punjab", "delhi"]))  # what the select sends for two picks
    d = engine.decision(s)
    assert d.step == "campaign.redeploy_to"
    sel, buttons = _view(d)
    # from Punjab: a Troop or a Sepoy to any of some 30 spaces, a page of 25 at a time, "done" beside it
    assert {o.value.split("*")[0] for o in sel[0].options} <= set(_joinable(d)) and "done" in buttons
    engine.apply(s, "raj", "troop:bihar+sepoy:hyderabad")
    d = engine.decision(s)
    assert d.step == "campaign.redeploy_to" and s.stack[-1]["origin"] == "delhi"


def test_imperialism_counts_in_one_multi_select():
    from test_campaign import imperialism_position, to_step

    from engine.gandhi import board

    s = imperialism_position()
    board.place(s, "delhi", "sepoy", 1)
    s.spaces["delhi"].support = 0
    d = to_step(s, "campaign.imperialism")
    sel, buttons = _view(d)
    values = {o.value for o in sel[0].options}
    assert {"bihar*3", "delhi*2"} <= values and buttons == ["done"]
    assert d.find("bihar*3+delhi*2") is not None
