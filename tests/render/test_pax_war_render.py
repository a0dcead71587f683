"""The Pax map shows war (ruleset 3, issue 35): units in sea and Cape zones
(L605, L626), which powers are at war (L499-553), conquered areas (L664) and
surrendered units (L676), with European Tension and Chinese Resentment as
index tracks, in the picture's language, legible on a phone."""
from __future__ import annotations

import io

import pytest
from PIL import Image

import engine
from engine.pax.state import War
from render.kit.fonts import cjk_font_path, have_real_font
from render.kit.textboxes import recording
from render.pax import render, render_turn
from render.pax.map import POWER_COLOUR, geometry, label, place_name, war_lines

pytestmark = pytest.mark.timeout(300)


def at_war() -> dict:
    """The public state of a ruleset-3 game at war, built by hand: Germany
    and Austria-Hungary against France, a German and a French fleet in the
    Mediterranean, a French army in the Cape of Good Hope zone, Morocco
    conquered by Germany's side, three French units surrendered. (The
    units at sea are put in the exported state: the peace-time steps of
    this position do not expect them.)"""
    s = engine.new_game("pax", "1880", 1, {"players": 5, "ruleset": 3})
    s.et, s.cr = 64, 27
    pub = engine.export_state(s)
    w = War(id=1, sides=[["germany", "austria_hungary"], ["france"]],
            declared=[{"by": "germany", "against": "france", "turn": 1}],
            conquered={"morocco": 0}, surrendered={"france": {"army-3": 2, "fleet-1": 1}})
    pub["wars"] = [w.model_dump()]
    pub["powers"]["germany"]["units"]["mediterranean"] = {"fleet-10": 1}
    pub["powers"]["france"]["units"]["mediterranean"] = {"fleet-3": 1}
    pub["powers"]["france"]["units"]["cape_of_good_hope"] = {"army-1": 1}
    return pub


@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_legend_says_who_is_at_war_what_was_conquered_and_surrendered(locale):
    pub = at_war()
    lines = war_lines(pub, locale)
    names = [place_name(locale, p) for p in ("germany", "austria_hungary", "france")]
    assert lines[0] == label(locale, "war", sides=f"{names[0]}, {names[1]} {label(locale, 'vs')} {names[2]}")
    assert place_name(locale, "morocco").split(" (")[0] in lines[1] and "(DE)" in lines[1]
    assert f"{names[2]} 3" in lines[2]  # three units surrendered
    if locale == "it":
        assert lines[0] == "Guerra: Germania, Austria-Ungheria contro Francia"
    assert not any("germany" in x or "france" in x or "morocco" in x for x in lines)  # names, never ids


@pytest.mark.parametrize("locale", ["en", "it", "es", "ja"])
def test_the_phone_picture_and_the_map_show_the_war(locale):
    pub = at_war()
    with recording() as rec:
        phone, full = render_turn(pub, ["morocco", "mediterranean"], locale)
    words = " ".join(t.text for pic in rec.pictures for t in pic.boxes)
    assert label(locale, "war", sides="").rstrip() in words
    assert "FR F3 DE F10" in words  # the fleets in the Mediterranean, on its oval
    assert "FR A1" in words  # the army in the Cape zone (world map)
    assert label(locale, "et_name") in words and label(locale, "cr_name") in words  # tracks, not numbers only
    phone_pic = rec.pictures[0]
    assert not phone_pic.overlaps() and not phone_pic.outside()
    for pic in rec.pictures:
        assert not pic.overlaps(), pic.overlaps()[:3]
    if have_real_font() and cjk_font_path() is not None:
        assert phone_pic.smallest_at(400) >= 7.0
    assert Image.open(io.BytesIO(phone)).width == 740


def test_a_conquered_area_is_marked_in_the_conquerors_colour():
    pub = at_war()
    img = Image.open(io.BytesIO(render(pub, crop="europe_africa"))).convert("RGB")
    x0, y0, x1, y1 = geometry("europe_africa").boxes["morocco"]
    corner = img.getpixel((int(x1) - 5, int(y0) + 5))
    assert corner == POWER_COLOUR["germany"]
    pub["wars"][0]["conquered"] = {}
    plain = Image.open(io.BytesIO(render(pub, crop="europe_africa"))).convert("RGB")
    assert plain.getpixel((int(x1) - 5, int(y0) + 5)) != POWER_COLOUR["germany"]


def test_a_ruleset_2_picture_has_no_war_legend():
    s = engine.new_game("pax", "1880", 1, {"players": 5, "ruleset": 2})
    assert engine.export_state(s)["wars"] == [] and war_lines(engine.export_state(s), "en") == []


def test_a_native_power_at_war_is_drawn_without_a_treasury_row():
    """L473, L495: the Chinese Empire fights as a power of kind "native"
    (ruleset 3): its armies are drawn, it has no treasury or VP row."""
    pub = at_war()
    pub["powers"]["china"] = {"kind": "native", "seat": None, "treasury": 0, "vp": 0,
                              "units": {"manchuria": {"army-3": 2}}, "merchant": [], "merchant_due": 0}
    pub["wars"].append(War(id=2, kind="chinese", sides=[["china"], ["russia"]], conquered={"korea": 0}).model_dump())
    with recording() as rec:
        render_turn(pub, ["manchuria"], "en")
    words = [t.text for pic in rec.pictures for t in pic.boxes]
    assert any("CN A6" in w for w in words)
    rows = [t.text for t in rec.pictures[0].boxes if t.text.startswith("£")]
    assert len(rows) == len([p for p, ps in pub["powers"].items() if ps["kind"] in ("player", "austria")]) == 6
    assert sum(1 for w in words if w.startswith(label("en", "war", sides=""))) == 2 * 2  # phone and map, two wars
