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
    assert name("ja", "aid") == "Aid"   # the picture keeps to Latin script
    assert WORDS["it"]["sabotage"] == "SABOTAGGIO"


def test_render_refuses_another_game():
    with pytest.raises(TypeError):
        render({"game": "gandhi"})


def test_turn_space_and_card_pictures():
    from render.adp import render_card, render_space, render_turn

    s = engine.new_game("adp", "main", 5)
    phone, full = render_turn(s, ["kabul", "loc_kabul_aibak", "not_a_space"])
    assert Image.open(io.BytesIO(phone)).width < Image.open(io.BytesIO(full)).width
    assert render_turn(s, [])[0] != phone        # the panel alone
    assert Image.open(io.BytesIO(render_space(s, "kabul"))).size[0] < 400
    assert render_card(1, "it") == render_card(1, "it")
