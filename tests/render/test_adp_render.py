"""The A Distant Plain map picture: PNG, deterministic, words in the locale,
Sabotage and Control named in words (colour-blind safe)."""
from __future__ import annotations

import io

import pytest
from PIL import Image

import engine
from render.adp import render
from render.adp.board import WORDS, name


@pytest.fixture(scope="module")
def state():
    return engine.export_state(engine.new_game("adp", "main", 5))


def test_render_is_a_deterministic_png(state):
    a, b = render(state), render(state)
    assert a == b
    img = Image.open(io.BytesIO(a))
    assert img.size == (1920, 1180)


def test_render_changes_with_sabotage(state):
    s = engine.new_game("adp", "main", 5)
    s.spaces["loc_kabul_aibak"].sabotage = True
    assert render(engine.export_state(s)) != render(state)


def test_words_follow_the_locale_in_latin_scripts():
    assert name("it", "sweep") == "Perlustrazione" and name("es-ES", "aid") == "Ayuda"
    assert name("ja", "aid") == "援助"   # issue 36: Japanese too, in the CJK face
    assert WORDS["it"]["sabotage"] == "SABOTAGGIO"


def test_the_map_is_in_the_players_language(state):
    """Issue 36: the ja picture was the en one byte for byte."""
    from render.adp.board import space_name
    from render.kit.textboxes import recording

    assert render(state, "ja") != render(state, "en")
    with recording() as rec:
        render(state, "ja")
    words = {t.text for t in rec.pictures[-1].boxes}
    assert space_name("ja", "kabul") == "カブール" and any(w.startswith("カブール") for w in words)
    assert name("ja", "government") in words


def test_the_footer_command_reads_as_typed(state):
    """The command in the footer is the one a player types: two ASCII
    hyphens, drawn in cells of one width so they do not read as a dash."""
    from render.kit.textboxes import recording

    with recording() as rec:
        render(state, "it")
    words = [t.text for t in rec.pictures[-1].boxes]
    assert "dakbot data status --game adp" in words and not any("—" in w for w in words)


def test_render_refuses_another_game():
    with pytest.raises(TypeError):
        render({"game": "gandhi"})


def test_turn_space_and_card_pictures():
    from render.adp import render_card, render_space, render_turn

    s = engine.new_game("adp", "main", 5)
    phone, full = render_turn(s, ["kabul", "loc_kabul_aibak", "not_a_space"])
    assert Image.open(io.BytesIO(phone)).width < Image.open(io.BytesIO(full)).width
    assert render_turn(s, [])[0] != phone        # the panel alone
    assert Image.open(io.BytesIO(render_space(s, "kabul"))).size[0] <= 740
    assert render_card(1, "it") == render_card(1, "it")
