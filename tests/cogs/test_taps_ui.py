"""Discord shapes of issue 14: several spaces in one multi-select, long lists
grouped with a button per group, a quantity's count asked after its pick."""
import discord

from bot.service import Prompt
from cogs.ui import ASK_COUNT, build_view


def _items(view):
    return [getattr(c, "item", c) for c in view.children]


def _prompt(choices, **kw):
    return Prompt(game_id=1, version=3, actor="raj", actor_name="British Raj", text="Deploy", choices=choices, **kw)


async def test_spaces_chosen_together_are_one_multi_select_beside_the_other_choices():
    p = _prompt([("bombay", "Bombay"), ("madras", "Madras"), ("delhi", "Delhi"), ("done", "End the Operation")],
                many=3, joinable=["bombay", "madras", "delhi"])
    items = _items(build_view(p, "en"))
    sel = [i for i in items if isinstance(i, discord.ui.Select)]
    assert len(sel) == 1 and sel[0].min_values == 1 and sel[0].max_values == 3
    assert [o.value for o in sel[0].options] == ["bombay", "madras", "delhi"]
    assert [i.label for i in items if isinstance(i, discord.ui.Button)] == ["End the Operation"]


async def test_a_set_longer_than_a_select_is_one_kind_of_space_at_a_time():
    """Ruleset 6 (issue 14): an Operation's set of 30 spaces does not fit one
    select; its multi-select lists one kind of space (Provinces), a button
    per other kind (Cities), the Special Activity and "done" beside it."""
    cities = [(f"c{i}", f"City {i}") for i in range(6)]
    provinces = [(f"p{i}", f"Province {i}") for i in range(24)]
    rest = [("sa:aid", "Special Activity: Aid"), ("done", "End the Operation")]
    p = _prompt(cities + provinces + rest, many=30, joinable=[c for c, _ in cities + provinces],
                groups=[("Cities", [c for c, _ in cities]), ("Provinces", [c for c, _ in provinces]),
                        ("Other", ["sa:aid", "done"])])
    items = _items(build_view(p, "en", page=1))
    sel = [i for i in items if isinstance(i, discord.ui.Select)]
    assert len(sel) == 1 and [o.value for o in sel[0].options] == [c for c, _ in provinces]
    assert sel[0].max_values == 24 and sel[0].placeholder.startswith("Provinces")
    assert [i.label for i in items if isinstance(i, discord.ui.Button)] == [
        "Special Activity: Aid", "End the Operation", "Cities"]


async def test_a_long_list_shows_each_group_in_its_own_select_on_one_page():
    """Issue 31: one pick from a long list needs no page: a select per group
    (up to four stacked), each named by its group."""
    cities = [(f"c{i}", f"City {i}") for i in range(5)]
    provinces = [(f"p{i}", f"Province {i}") for i in range(24)]
    p = _prompt(cities + provinces, groups=[("Cities", [c for c, _ in cities]),
                                            ("Provinces", [c for c, _ in provinces])])
    items = _items(build_view(p, "en"))
    sel = [i for i in items if isinstance(i, discord.ui.Select)]
    assert [[o.value for o in s.options] for s in sel] == [[c for c, _ in cities], [c for c, _ in provinces]]
    assert [s.placeholder for s in sel] == ["Cities", "Provinces"] and all(s.max_values == 1 for s in sel)
    assert not [i for i in items if isinstance(i, discord.ui.Button)]


async def test_groups_beyond_four_selects_go_on_pages_with_a_button_each():
    groups = [(f"Group {g}", [f"g{g}s{i}" for i in range(20)]) for g in range(6)]
    p = _prompt([(cid, cid) for _, ids in groups for cid in ids], groups=groups)
    first = _items(build_view(p, "en"))
    assert [s.placeholder for s in first if isinstance(s, discord.ui.Select)] == [f"Group {g}" for g in range(4)]
    assert [b.label for b in first if isinstance(b, discord.ui.Button)] == ["▶"]
    second = _items(build_view(p, "en", page=1))
    assert [s.placeholder for s in second if isinstance(s, discord.ui.Select)] == ["Group 4", "Group 5"]


async def test_a_quantity_listed_once_asks_its_count_after_the_pick():
    many = [(f"troop:s{i}", f"Troop to {i}") for i in range(30)]
    p = _prompt(many, counts={"troop:s0": 4})
    sel = [i for i in _items(build_view(p, "en")) if isinstance(i, discord.ui.Select)][0]
    assert sel.options[0].value == f"troop:s0{ASK_COUNT}4" and sel.options[1].value == "troop:s1"


async def test_cubes_into_one_space_are_one_multi_select_with_their_counts():
    """Ruleset 5 (issue 14a): the cubes going into a Garrison space, each
    origin's count an option of one multi-select ("troop:west_bengal*2" and
    "sepoy:rajputana*3" picked together), "done" beside it."""
    import sys
    from pathlib import Path

    import engine
    from bot.service import _joinable

    sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))  # the rules tests' board helpers
    from test_raj import empty_board, put

    s = empty_board(restraint=2, resources=10)
    put(s, "west_bengal", troop=2)
    put(s, "rajputana", sepoy=3)
    for c in ("garrison", "delhi"):  # ruleset 5: the action names its Operation (14b)
        engine.apply(s, "raj", c)
    d = engine.decision(s)
    joinable = _joinable(d)
    assert {"troop:west_bengal*2", "sepoy:rajputana*3"} <= set(joinable) and "done" not in joinable
    p = _prompt([(o.id, o.id) for o in d.options(25)], many=d.many, joinable=joinable)
    items = _items(build_view(p, "en"))
    sel = [i for i in items if isinstance(i, discord.ui.Select)][0]
    assert "troop:west_bengal*2" in [o.value for o in sel.options]
    assert [i.label for i in items if isinstance(i, discord.ui.Button)] == ["done"]
    assert d.find("troop:west_bengal*2+sepoy:rajputana*3") is not None



async def test_cubes_into_a_garrison_set_are_one_multi_select_with_their_destinations():
    """Ruleset 6: the cubes into all the destinations of a Garrison set, one
    multi-select: each origin's count to each destination an option
    ("troop:west_bengal>calcutta*2" with "troop:west_bengal>delhi"), "done" beside it."""
    import sys
    from pathlib import Path

    import engine
    from bot.service import _joinable

    sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))  # the rules tests' board helpers
    from test_raj import empty_board, put

    s = empty_board(restraint=2, resources=10)
    put(s, "west_bengal", troop=3)
    for c in ("garrison", "calcutta+delhi"):
        engine.apply(s, "raj", c)
    d = engine.decision(s)
    joinable = _joinable(d)
    assert {"troop:west_bengal>calcutta*2", "troop:west_bengal>delhi"} <= set(joinable) and "done" not in joinable
    p = _prompt([(o.id, o.id) for o in d.options(25)], many=d.many, joinable=joinable)
    items = _items(build_view(p, "en"))
    sel = [i for i in items if isinstance(i, discord.ui.Select)][0]
    assert "troop:west_bengal>calcutta*2" in [o.value for o in sel.options]
    assert [i.label for i in items if isinstance(i, discord.ui.Button)] == ["done"]
    assert d.find("troop:west_bengal>calcutta*2+troop:west_bengal>delhi") is not None

# ---------------------------------------------------------------- autocomplete (issue 14)

async def test_play_finds_an_option_by_name_in_the_players_language_and_picks_it(h):
    """/play choice:<typed> lists the pending decision's options whose names
    match, in the player's language; only for the seat that decides; picking
    one drafts it like a click and shows the next prompt."""
    from harness import responses, text_of
    from test_cogs import U, setup_game

    gid, _ = await setup_game(h)
    svc = h.bot.service
    p = await svc.prompt(gid)
    actor = p.actor
    r = await h.autocomplete(U[actor], "play", None, "choice", "pas")
    got = responses(r)[-1]["payload"]["data"]["choices"]
    assert {"name": "Pass", "value": "pass"} in got and all("pas" in c["name"].lower() for c in got)
    r = await h.autocomplete(U[actor], "play", None, "choice", "passa", locale="it")
    assert [c["value"] for c in responses(r)[-1]["payload"]["data"]["choices"]] == ["pass"]
    it_names = [c["name"] for c in responses(r)[-1]["payload"]["data"]["choices"]]
    assert it_names and it_names[0] != "Pass"                  # the Italian name of Pass
    other = next(f for f in U if f != actor)
    r = await h.autocomplete(U[other], "play", None, "choice", "")
    assert responses(r)[-1]["payload"]["data"]["choices"] == []  # not their decision
    r = await h.slash(U[actor], "play", choice="pass")
    resp = responses(r)[-1]
    assert resp["payload"]["data"]["flags"] & 64
    assert (await svc.game(gid)).version == p.version           # drafted, not yet played
    dr = await h.bot.store.get_draft(gid, str(U[actor]))
    assert dr[1] == ["pass"] and text_of(resp)


def test_decision_choices_match_every_typed_word_case_and_accents_aside():
    from bot.lookup import decision_choices

    opts = [("delhi", "Delhi"), ("united_provinces", "Province Unite"), ("bombay", "Città di Bombay"),
            ("pass", "Passa")]
    assert decision_choices(opts, "citta bom") == [("Città di Bombay", "bombay")]
    assert [c for _, c in decision_choices(opts, "UNI")] == ["united_provinces"]
    assert [c for _, c in decision_choices(opts, "")] == ["delhi", "united_provinces", "bombay", "pass"]
    assert decision_choices([("x", "Raja Assam"), ("y", "Assam")], "assam") == [("Assam", "y"), ("Raja Assam", "x")]
    assert len(decision_choices([(str(i), f"Space {i}") for i in range(40)], "space")) == 25
