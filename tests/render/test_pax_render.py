"""The Pax Britannica map picture (issue 19 step 4)."""
from __future__ import annotations

import io

import pytest
from PIL import Image

import engine
from engine.pax import board as b
from engine.pax.data import get_data
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
    assert Image.open(io.BytesIO(phone)).width == 740 and Image.open(io.BytesIO(full)).width == 2400


def test_no_two_tiles_or_seas_meet_in_any_crop():
    """Issue 36: tiles are pushed apart until none meets another (Europe and
    West Africa overlapped before)."""
    from render.kit.textboxes import overlap
    from render.pax.map import geometry

    for crop in CROPS:
        g = geometry(crop)
        ids = sorted(g.boxes)
        bad = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:] if overlap(g.boxes[a], g.boxes[b], 0)]
        assert not bad, (crop, bad[:5])
        assert all(0 <= b[0] and 0 <= b[1] and b[2] <= g.width and b[3] <= g.map_h for b in g.boxes.values())


def test_the_map_shows_what_the_rules_read_from_it(game):
    """Seed L13-35: area types, coasts in their sea's colour and number, the
    seas each sea reaches, the canal and strait notes, the two Capes, and the
    ET and CR index tracks, in the picture's language."""
    from render.kit.textboxes import recording
    from render.pax.map import label, place_name, sea_links

    with recording() as rec:
        render(engine.export_state(game), locale="it", crop="world")
    pic = rec.pictures[-1]
    words = [t.text for t in pic.boxes]
    joined = " ".join(words)
    for key in ("suez", "straits", "et_name", "cr_name"):
        assert label("it", key) in joined, key
    assert "Capo di Buona Speranza" in joined and "Capo Horn" in joined
    assert place_name("it", "mediterranean") in joined
    # a tile's type letter and coast numbers; a sea's neighbour numbers
    assert label("it", "type_letter.ottoman") in words
    assert sea_links("black_sea") == [("mediterranean", "straits")]  # drawn with a white ring
    assert ("cape_of_good_hope", None) in sea_links("indian_ocean")
    marks = [t.text for t in pic.boxes if t.mark]
    assert str(len(get_data().seas)) in marks  # the twelfth sea's number, on its oval and its coasts


def test_space_marks_the_area_in_a_crop_smaller_than_the_map(game):
    from render.pax import render_space

    png = render_space(game, "egypt", "en")
    img = Image.open(io.BytesIO(png)).convert("RGB")
    assert img.width <= 740 and img.height <= 700
    from render.pax.map import HIGHLIGHT

    assert any(c == HIGHLIGHT for _, c in img.getcolors(1 << 20))
    with pytest.raises(ValueError):
        render_space(game, "atlantis", "en")
