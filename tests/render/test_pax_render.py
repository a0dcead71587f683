"""The Pax Britannica map picture (issue 19 step 4)."""
from __future__ import annotations

import io

import pytest
from PIL import Image

import engine
from engine.pax import board as b
from render.pax import CROPS, render
from render.pax.map import POWER_COLOUR


@pytest.fixture(scope="module")
def game():
    return engine.new_game("pax", "1880", 2, {"players": 4})


@pytest.mark.parametrize("crop", CROPS)
def test_every_crop_is_a_png_and_the_same_input_gives_the_same_bytes(game, crop):
    pub = engine.export_state(game)
    png = render(pub, crop=crop)
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.width >= 1280
    assert render(pub, crop=crop) == png


def test_a_new_status_changes_the_picture_in_its_powers_colour(game):
    s = engine.clone(game)
    before = Image.open(io.BytesIO(render(engine.export_state(s), crop="europe_africa"))).convert("RGB")
    b.set_status(s, "madagascar", "france", "possession", new=False)
    after = Image.open(io.BytesIO(render(engine.export_state(s), crop="europe_africa"))).convert("RGB")
    changed = [after.getpixel((x, y)) for x in range(0, after.width, 2) for y in range(0, after.height - 150, 2)
               if after.getpixel((x, y)) != before.getpixel((x, y))]
    assert POWER_COLOUR["france"] in changed


def test_unknown_crop_is_refused(game):
    with pytest.raises(KeyError):
        render(engine.export_state(game), crop="atlantis")


def test_the_turn_picture_shows_the_continent_where_things_happened(game):
    from render.pax import best_crop, render_turn

    assert best_crop(["kenya", "sudan", "great_britain"]) == "europe_africa"
    assert best_crop(["korea", "formosa"]) == "asia"
    assert best_crop(["cuba", "panama"]) == "americas"
    phone, full = render_turn(game, ["korea"])
    assert Image.open(io.BytesIO(phone)).width == 1280 and Image.open(io.BytesIO(full)).width == 1800
