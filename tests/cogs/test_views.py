"""The one component that lays out a prompt (cogs/views.py, issue 31 and 38):
within Discord's limits by construction, never locking a player out, and
its page buttons only for the seat that decides (issue 37)."""
import sys

import discord
from harness import components, responses, text_of
from prompt_safety import discord_limits
from test_cogs import U, setup_game

import cogs.ui as ui
from bot.service import Prompt
from cogs.ui import build_view


def _items(view):
    return [getattr(c, "item", c) for c in view.children]


def _prompt(choices, **kw):
    return Prompt(game_id=1, version=3, actor="raj", actor_name="British Raj", text="Sweep", choices=choices, **kw)


def _sweep_like():
    """The British Raj's Sweep of issue 31: 44 spaces in 6 groups, a Special
    Activity and "done" beside them, a choice already drafted."""
    groups = [(f"Group {g}", [f"s{g}_{i}" for i in range(n)]) for g, n in enumerate((10, 9, 8, 7, 5, 5))]
    spaces = [(cid, cid.upper()) for _, ids in groups for cid in ids]
    rest = [("sa:wavell", "Special Activity"), ("done", "End the Operation")]
    return _prompt(spaces + rest, many=44, joinable=[c for c, _ in spaces], groups=groups + [("Other", ["sa:wavell",
                   "done"])], draft=["sweep"], draft_labels=["Sweep"])


def test_the_raj_sweep_of_six_groups_fits_with_back_and_cancel():
    """Main 0de2f8a put the five other groups' buttons on row 4 and then Back
    and Cancel: "item would not fit at row 4 (6 > 5 width)"."""
    p = _sweep_like()
    seen = set()
    for page in range(6):
        view = build_view(p, "en", page)
        assert not discord_limits(view)
        labels = [i.label for i in _items(view) if isinstance(i, discord.ui.Button)]
        assert "Back" in labels and "Cancel" in labels
        sel = [i for i in _items(view) if isinstance(i, discord.ui.Select)]
        assert len(sel) == 1 and sel[0].max_values == len(sel[0].options)
        seen |= {o.value for o in sel[0].options}
    assert seen == set(p.joinable)


def test_one_page_says_no_page_and_its_multi_select_no_page_number():
    p = _prompt([("a", "A"), ("b", "B"), ("c", "C"), ("done", "Done")], many=3, joinable=["a", "b", "c"])
    sel = [i for i in _items(build_view(p, "en")) if isinstance(i, discord.ui.Select)][0]
    assert sel.placeholder == "Choose up to 3…"
    assert "Page" not in ui.prompt_text(p, "en")


def test_a_select_takes_no_more_than_the_rules_allow():
    """Issue 31 item 2: Unity 3 allows three spaces without a Base, plus
    those with one: of six spaces (s0 with a Base, also offered "s0:base")
    a set holds four at most, not seven ("Choose up to 15..." on main
    0de2f8a); with Unity 3 alone, six."""
    spaces = [(f"s{i}", f"S{i}") for i in range(6)]
    p = _prompt(spaces + [("s0:base", "S0: Base"), ("done", "Done")], many=7,
                joinable=[c for c, _ in spaces] + ["s0:base"])
    p.limits = [({f"s{i}": 1 for i in range(1, 6)}, 3), ({"s0": 1, "s0:base": 1}, 1)]
    sel = [i for i in _items(build_view(p, "en")) if isinstance(i, discord.ui.Select)]
    assert [o.value for o in sel[0].options] == [c for c, _ in spaces] + ["s0:base"]
    assert sel[0].max_values == 4 and sel[0].placeholder == "Choose up to 4…"
    p.limits = [({"s0": 1, "s0:base": 1}, 1)]
    assert [i for i in _items(build_view(p, "en")) if isinstance(i, discord.ui.Select)][0].max_values == 6


def test_two_counts_of_one_quantity_are_one_set_place():
    """Counts listed as options ("troop", "troop*2", "sepoy", "sepoy*2"):
    a set takes one count of each, so two picks at most."""
    opts = [("troop", "1 Troop"), ("troop*2", "2 Troops"), ("sepoy", "1 Sepoy"), ("sepoy*2", "2 Sepoys")]
    p = _prompt(opts + [("done", "Done")], many=4, joinable=[c for c, _ in opts])
    assert [i for i in _items(build_view(p, "en")) if isinstance(i, discord.ui.Select)][0].max_values == 2


def test_a_count_beyond_twenty_is_asked_in_selects_on_one_page():
    from cogs.views import count_plan

    view = ui.items_view(1, 3, 0, count_plan("troop:delhi", 40))
    assert not discord_limits(view)
    values = [o.value for i in _items(view) if isinstance(i, discord.ui.Select) for o in i.options]
    assert values == ["troop:delhi"] + [f"troop:delhi*{k}" for k in range(2, 41)]


async def _raj_sweep(h, gid=None):
    """Issue 31's reproduction: seed 11, the Raj's turn; returns the game and
    the Raj's prompt after clicking Sweep."""
    if gid is None:
        gid, _ = await setup_game(h, seed=11)
    svc = h.bot.service
    for _ in range(10):
        p = await svc.prompt(gid)
        ids = [c for c, _ in p.choices]
        if p.actor == "raj" and "sweep" in ids:
            break
        await svc.submit(gid, str(U[p.actor]), ["pass" if "pass" in ids else ids[-1]], p.version)
    r = await h.slash(U["raj"], "play")
    assert "went wrong" not in text_of(responses(r)[0])
    return gid, await h.click(U["raj"], f"dk:c:{gid}:{p.version}:0:sweep")


async def test_the_raj_clicks_sweep_and_gets_its_spaces_with_back_and_cancel(h):
    _, r = await _raj_sweep(h)
    edit = responses(r)[-1]
    assert "went wrong" not in text_of(edit)
    comps = components(edit)
    assert any(c["custom_id"].startswith("dk:s:") for c in comps)
    cancel = next(c for c in comps if c["custom_id"].startswith("dk:x:"))
    r = await h.click(U["raj"], cancel["custom_id"])  # the draft is dropped: Sweep can be chosen again
    assert any(c["custom_id"].endswith(":sweep") for c in components(responses(r)[-1]))


async def test_a_view_discord_py_refuses_still_answers_and_keeps_cancel(h, monkeypatch):
    """Should a view fail to build anyway, the player is answered politely
    and keeps Back and Cancel: the game stays playable."""
    def broken(*a, **k):
        raise ValueError("item would not fit at row 4 (6 > 5 width)")

    gid, _ = await setup_game(h, seed=11)  # the bot loads cogs.ui as an extension: patch that module
    monkeypatch.setattr(sys.modules["cogs.ui"], "plan", broken)
    gid, r = await _raj_sweep(h, gid)
    edit = responses(r)[-1]
    assert "went wrong" not in text_of(edit) and "Sweep" in text_of(edit)
    assert "/play choice:" in text_of(edit)
    comps = components(edit)
    assert {c["custom_id"].split(":")[1] for c in comps} == {"bk", "x"}
    r = await h.click(U["raj"], next(c for c in comps if c["custom_id"].startswith("dk:x:"))["custom_id"])
    assert "went wrong" not in text_of(responses(r)[-1])
    dr = await h.bot.store.get_draft(gid, str(U["raj"]))
    assert not dr or not dr[1]  # the draft is gone


async def test_a_page_button_shows_nothing_of_another_seats_decision(h):
    """Issue 37 item 5: a page button clicked by another player says whose
    decision it is, as /play does, and shows nothing of the prompt."""
    gid, _ = await setup_game(h)
    svc = h.bot.service
    p = await svc.prompt(gid)
    other = next(f for f in U if f != p.actor)
    r = await h.click(U[other], f"dk:p:{gid}:{p.version}:0:1")
    resp = responses(r)[-1]
    assert "you do not hold that seat" in text_of(resp)
    assert not components(resp)
    r = await h.click(U[p.actor], f"dk:p:{gid}:{p.version}:0:0")
    assert components(responses(r)[-1])  # the seat holder still pages


async def test_random_clicks_through_discord_dispatch_never_go_wrong(h):
    """A random player of the real components (discord.py's dispatch, the
    service, the store): every kind of component clicked, every answer
    polite, the game moving on."""
    import random

    rnd = random.Random(5)
    gid, _ = await setup_game(h, seed=5)
    svc = h.bot.service
    kinds, comps, v0 = set(), [], (await svc.game(gid)).version
    for _ in range(250):
        p = await svc.prompt(gid)
        if p is None:
            break
        uid = U[p.actor]
        if not comps:
            r = await h.slash(uid, "play")
            comps = components(responses(r)[-1])
            assert comps, text_of(responses(r)[-1])
        c = rnd.choice([x for x in comps if not x["custom_id"].startswith(("dk:bk:", "dk:x:"))] or comps)
        undo = [x for x in comps if x["custom_id"].startswith(("dk:bk:", "dk:x:"))]
        if undo and rnd.random() < 0.08:  # now and then Back or Cancel, where offered
            c = rnd.choice(undo)
        kind = c["custom_id"].split(":")[1]
        if kind == "p":
            kind = "page" if c.get("label") in ("◀", "▶") else "group"
        kinds.add(kind)
        values = None
        if c["type"] == 3:
            values = rnd.sample([o["value"] for o in c["options"]], rnd.randint(1, c["max_values"]))
        r = await h.click(uid, c["custom_id"], values)
        resp = responses(r)[-1]
        assert "went wrong" not in text_of(resp), (c, values, text_of(resp))
        comps = components(resp) if resp["payload"].get("type") == 7 else []
        if c["custom_id"].startswith("dk:ok:"):
            comps = []  # the next player (maybe the same) asks with /play
    assert (await svc.game(gid)).version > v0 + 5
    assert {"c", "s", "ok", "bk", "x", "group", "page"} <= kinds, kinds
