"""Pax Britannica, Movement/Status Change (L370-389): how merchant fleets,
naval and land units move in peace, and the canal. Each test is a statement
of the seed (shared/seeds/pax_britannica_rules_it.txt, cited as L<n>)."""
from __future__ import annotations

import engine
from engine.pax import board as b
from engine.pax.data import get_data
from engine.pax.movement import canal_options, execute, merchant_options, move_options
from engine.pax.phases import VP


def fresh(players: int = 4, seed: int = 1):
    return engine.new_game("pax", "1880", seed, {"players": players})


def test_merchant_fleets_go_to_any_sea_without_another_of_theirs_and_never_a_cape():
    """L376: from one sea zone to any other, not necessarily adjacent, never
    two of one power in a zone; the Cape zones take no merchant fleet."""
    s = fresh()
    gb = s.powers["great_britain"]
    opts = merchant_options(s, "great_britain")
    start = gb.merchant[0]
    dests = set(opts[start])
    assert dests == set(get_data().seas) - set(gb.merchant)
    assert not dests & {"cape_of_good_hope", "cape_horn"}
    far = next(x for x in dests if x not in {t for t, _ in get_data().seas[start].links})
    assert execute(s, {"power": "great_britain", "op": "merchant", "from": start, "to": far}, public=False)
    assert far in gb.merchant and start not in gb.merchant
    taken = gb.merchant[1]
    assert not execute(s, {"power": "great_britain", "op": "merchant", "from": far, "to": taken}, public=False)


def test_naval_units_go_to_any_controlled_area_at_any_distance_or_home():
    """L380: naval units go from an area or the home country to any area the
    power controls, at any distance, or to a home port."""
    s = fresh()
    fleets = {loc: u for loc, u in s.powers["great_britain"].units.items()
              if any(k.startswith("fleet") for k in u)}
    loc, units = next(iter(fleets.items()))
    key = next(k for k in units if k.startswith("fleet"))
    dests = set(move_options(s, "great_britain")[f"{loc}|{key}"])
    assert dests == ({b.HOME, *b.controls(s, "great_britain")} - {loc})
    neutral = next(a for a, x in sorted(s.areas.items()) if not x.statuses)
    s.areas[neutral].statuses["great_britain"] = b.Status(level="influence")
    assert neutral not in set(move_options(s, "great_britain")[f"{loc}|{key}"])  # an Influence is no Control


def test_a_land_unit_stops_at_an_unestablished_control_and_passes_established_ones():
    """L384: a land unit moves through its established Controls and seas with
    its merchant fleet, and must end its move in an area where its Control
    is not yet established."""
    s = fresh()
    gb_controls = b.controls(s, "great_britain", established=True)
    dests = set(b.land_destinations(s, "great_britain", b.HOME))
    assert set(gb_controls) & dests, "its established Controls are reachable from home"
    target = next(a for a in gb_controls if a in dests)
    s.areas[target].statuses["great_britain"].new = True
    beyond = [n for n in get_data().areas[target].overland if n in gb_controls and n not in dests]
    dests_after = set(b.land_destinations(s, "great_britain", b.HOME))
    assert target in dests_after
    for n in beyond:  # nothing reached only through the unestablished Control
        assert n not in dests_after


def test_the_first_canal_costs_30_and_gives_its_builder_15_vp_the_second_nothing():
    """L388, L696: £30 with an established Influence or Control in the site;
    the first builder scores 15 VP, the builder of the second nothing."""
    s = fresh()
    for power, site in (("france", "panama"), ("usa", "central_america")):
        s.areas[site].statuses.clear()
        s.areas[site].statuses[power] = b.Status(level="influence")
        s.powers[power].treasury = 40
    assert canal_options(s, "france") == ["panama"]
    assert execute(s, {"power": "france", "op": "canal", "site": "panama"}, public=True)
    assert s.powers["france"].treasury == 10 and s.canals == {"panama": "france"}
    assert execute(s, {"power": "usa", "op": "canal", "site": "central_america"}, public=True)
    before = {p: s.powers[p].vp for p in ("france", "usa")}
    VP().work(s, {})
    from engine.pax.phases import turn_vp
    assert s.powers["france"].vp - before["france"] == turn_vp(s, "france") + 15
    assert s.powers["usa"].vp - before["usa"] == turn_vp(s, "usa")
    s.powers["germany"].treasury = 40
    s.areas["panama"].statuses["germany"] = b.Status(level="influence")
    assert canal_options(s, "germany") == []  # built once, for good (L388)
