"""A prompt carries what a player needs to pick (issue 31 item 7): the
pieces in each space offered, the text of each Event side, a Pax area's
values, owner and Unrest; in the game's language."""
from __future__ import annotations

import engine
from bot.games.gandhi import card_field
from engine.gandhi.data import get_data
from svc_helpers import started

USERS = {"raj": "u1", "inc": "u2", "ml": "u3", "rev": "u4"}


async def test_the_event_choice_reads_the_cards_text_in_the_games_language(svc):
    g = await started(svc, seed=11)
    await svc.set_locale(g.game.id, "u1", "it")
    p = await svc.prompt(g.game.id)
    state = svc.state_of(await svc.game(g.game.id))
    card = get_data().cards.events[state.current]
    assert p.details["event-unshaded"] == card_field(card, "unshaded", "it")
    assert p.details["event-shaded"] == card_field(card, "shaded", "it") != card_field(card, "shaded", "en")


async def test_each_space_offered_shows_its_pieces(svc):
    g = await started(svc, seed=11)
    gid = g.game.id
    p = await svc.prompt(gid)
    op = next(c for c, _ in p.choices if c in ("rally", "demonstrate", "sweep", "march", "garrison"))
    state = svc.state_of(await svc.game(gid))
    p = await svc.pick(gid, USERS[p.actor], p.version, op)
    spaces = [c for c, _ in p.choices if c in state.spaces]
    assert spaces, p.choices
    for sid in spaces:
        pieces = {k: n for k, n in state.spaces[sid].pieces.items() if n}
        text = p.details.get(sid, "")
        assert text == "" if not pieces else all(f"×{n}" in text for n in pieces.values()), (sid, text)
    assert any(p.details[s] for s in spaces)


async def test_a_pax_area_shows_its_values_owner_and_unrest(svc):
    from bot.games.pax import choice_details

    s = engine.new_game("pax", "1880", 1)
    got = choice_details(lambda: s, ["alaska", "anatolia", "seal", "aden|army-1"], "en")
    assert got["alaska"].startswith("EV ") and "USA: Possession" in got["alaska"]
    assert got["anatolia"].endswith("Unrest") == bool(s.areas["anatolia"].unrest)
    assert "seal" not in got and "Great Britain: Possession" in got["aden|army-1"]
    assert "Gran Bretagna: Possedimento" in choice_details(lambda: s, ["aden"], "it")["aden"]


def test_the_console_prints_a_choices_details_under_it():
    from bot.console import menu_lines

    lines = menu_lines([("delhi", "Delhi"), ("pass", "Pass")], {"delhi": "Troop ×3"})
    assert lines == ["   1. Delhi", "      · Troop ×3", "   2. Pass"]


def test_discord_shows_details_as_select_descriptions_and_beside_buttons():
    from bot.service import Prompt
    from cogs.ui import build_view, prompt_text

    spaces = [(f"s{i}", f"Space {i}") for i in range(30)]
    p = Prompt(game_id=1, version=3, actor="raj", actor_name="Raj", text="Choose a space.", choices=spaces,
               details={cid: f"Troop ×{i}" for i, (cid, _) in enumerate(spaces)})
    view = build_view(p, "en")
    selects = [getattr(item, "item", item) for item in view.children]  # a DynamicItem wraps its select
    options = [o for sel in selects for o in getattr(sel, "options", [])]
    assert options and all(o.description == f"Troop ×{o.value[1:]}" for o in options)
    few = Prompt(game_id=1, version=3, actor="inc", actor_name="Congress", text="Choose.",
                 choices=[("event-shaded", "Event (shaded)"), ("pass", "Pass")],
                 details={"event-shaded": "Shift 2 spaces toward Active Opposition."})
    assert "**Event (shaded)**: Shift 2 spaces toward Active Opposition." in prompt_text(few, "en")
