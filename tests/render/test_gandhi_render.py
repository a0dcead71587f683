"""The Gandhi pictures: sizes, that every space is labelled, that pieces and
markers are drawn where the layout says, support colours, determinism. No
golden images: we sample pixels inside the hit boxes the drawing reports."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.gandhi.data import get_data
from render.gandhi import draw_board, render, render_card, render_space
from render.gandhi import theme as th
from render.gandhi.layout import LayoutError, get_layout, parse_layout
from render.gandhi.public import public_state

MAP = get_data().map


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data))


def _colours(img: Image.Image, rect) -> set:
    return {c for _, c in img.crop(rect).convert("RGB").getcolors(1 << 20)}


def _close(a, b, tol=6) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def test_full_map_size_and_opaque(setup_state):
    img = _png(render(setup_state))
    lay = get_layout()
    assert img.size == (lay.width, lay.height) == (1600, lay.height)
    assert img.mode in ("P", "RGB")
    assert "transparency" not in img.info


def test_accepts_state_object():
    engine = pytest.importorskip("engine")
    try:
        s = engine.new_game("gandhi", "short", 1)
    except Exception:
        pytest.skip("engine cannot make a game yet")
    assert render(s) == render(engine.export_state(s))


def test_every_space_label_is_drawn(setup_state):
    img, hb = draw_board(setup_state)
    rgb = img.convert("RGB")
    for sid in MAP.ids:
        assert sid in hb.label, sid
        x0, y0, x1, y1 = hb.label[sid]
        assert x1 - x0 > 20 and y1 - y0 > 10
        # dark ink of the name on the pale fill (or white Econ text on a dark badge)
        cols = _colours(rgb, hb.label[sid])
        assert any(sum(c) < 200 for c in cols), sid
        assert any(sum(c) > 450 for c in cols), sid  # ... against a light ground


def test_support_colour_fills_each_space(setup_state):
    img, hb = draw_board(setup_state)
    rgb = img.convert("RGB")
    lay = get_layout()
    st = public_state(setup_state)
    for sid, shape in lay.spaces.items():
        want = th.SUPPORT_FILL[st["spaces"][sid]["support"]]
        x, y, w, h = shape.box
        # the box's corners are fill unless a piece or label reaches there: sample a few
        pts = [(x + 3, y + h - 3), (x + w - 3, y + h - 3), (x + 3, y + 3), (x + w - 3, y + 3)]
        if shape.circle:  # a City: inside the rim, left, right and bottom
            cx, cy, r = shape.circle
            pts = [(cx - int(r * 0.8), cy), (cx + int(r * 0.8), cy + 8), (cx, cy + int(r * 0.86)),
                   (cx - int(r * 0.55), cy + int(r * 0.6))]
        hits = sum(_close(rgb.getpixel(p), want) for p in pts)
        assert hits >= 2, (sid, [rgb.getpixel(p) for p in pts], want)


def test_piece_counts_drawn_where_pieces_are(setup_state):
    img, hb = draw_board(setup_state)
    rgb = img.convert("RGB")
    st = public_state(setup_state)
    for sid in MAP.ids:
        pieces = {k: n for k, n in st["spaces"][sid]["pieces"].items() if n}
        assert set(hb.pieces[sid]) == set(pieces), sid
        for k in pieces:
            cols = _colours(rgb, hb.count[sid][k])
            assert any(sum(c) < 150 for c in cols), (sid, k)  # the digits in ink
        if not pieces and not MAP.spaces[sid].is_railway:
            # an empty space's piece area is all fill (or the trim/edge of the shape)
            want = th.SUPPORT_FILL[st["spaces"][sid]["support"]]
            x0, y0, x1, y1 = hb.piece_area[sid]
            cx, cy = (x0 + x1) // 2, min(y0 + 20, (y0 + y1) // 2)
            assert _close(rgb.getpixel((cx, cy)), want), sid


def test_known_counts_in_midgame(midgame):
    img, hb = draw_board(midgame)
    # Madras Presidency holds 12 Troops and 10 Sepoys: both two-digit counts drawn
    for k in ("troop", "sepoy"):
        x0, y0, x1, y1 = hb.count["madras_presidency"][k]
        assert x1 - x0 >= 18  # two digits wide
    # pieces on a Railway
    assert set(hb.pieces["rail_punjab_delhi"]) == {"inc_activist_active", "guerrilla_active"}
    assert "strike" in hb.markers["rail_punjab_delhi"]
    rgb = img.convert("RGB")
    sx0, sy0, sx1, sy1 = hb.markers["rail_punjab_delhi"]["strike"]
    assert any(_close(c, th.STRIKE_RED, 10) for c in _colours(rgb, (sx0, sy0, sx1, sy1)))
    # markers
    assert {"protest", "unrest", "muslim_state"} <= set(hb.markers["punjab"])
    assert "unrest" in hb.markers["bihar"]
    mx0, my0, mx1, my1 = hb.markers["punjab"]["muslim_state"]
    assert any(_close(c, th.MUSLIM_TRIM, 10) for c in _colours(rgb, (mx0, my0, mx1, my1)))
    assert "raj_control" in hb.markers["madras_presidency"]
    assert "raj_control" not in hb.markers["assam"]


def test_same_state_same_bytes(midgame):
    assert render(midgame) == render(midgame)


def test_render_does_not_change_state(midgame):
    import copy

    before = copy.deepcopy(midgame)
    render(midgame)
    assert midgame == before


def test_locales_render(short_setup):
    for loc in ("en", "it", "es-ES", "ja", None):
        img = _png(render(short_setup, locale=loc or "en"))
        assert img.width == 1600


def test_labels_exist_in_every_language():
    """Every picture word has its own it/es/ja label (issue 15), not English."""
    for loc in ("it", "es", "ja"):
        same = [k for k in th._EN if th.t(loc, k) == th._EN[k] and k not in th._TABLES[loc]]
        assert loc == "ja" or not [k for k in same if k.startswith(("support.", "box.", "type."))], (loc, same)
    assert th.t("ja", "restraint") == "抑圧" and th.t("it", "restraint") == "Restrizioni"


def test_render_space_and_region(midgame):
    for key in ("punjab", "rail_punjab_delhi", "Delhi", "east"):
        img = _png(render_space(midgame, key))
        assert img.width >= 640 and img.height >= 440
        assert img.width <= 1600
    with pytest.raises(ValueError):
        render_space(midgame, "atlantis")


def test_render_card():
    for n in (1, 40, 72, 73, 79):
        img = _png(render_card(n))
        assert img.width == 800 and 200 < img.height < 1400
    assert render_card(5) == render_card(5)
    _png(render_card(1, "it"))
    for bad in (0, 80):
        with pytest.raises(ValueError):
            render_card(bad)


def test_layout_boxes_inside_canvas_and_complete():
    lay = get_layout()
    assert set(lay.spaces) == set(MAP.non_railway)
    assert set(lay.railways) == set(MAP.railways)
    assert set(lay.towns) == set(MAP.towns)


def test_layout_errors_name_the_entry():
    with pytest.raises(LayoutError, match="not placed"):
        parse_layout({"canvas": {"width": 100, "height": 100}, "spaces": {}}, "x.yaml")
    with pytest.raises(LayoutError, match="spaces.atlantis"):
        parse_layout({"canvas": {"width": 100, "height": 100}, "spaces": {"atlantis": {}}}, "x.yaml")


def test_railways_are_named_on_the_map_as_prompts_name_them():
    """Issue 16: a prompt's "Railway south-east of Delhi" can be found on the
    map: every Railway's name is drawn (broken into lines at most), and a
    layout label that is not the name is refused."""
    import copy

    import yaml

    from render.gandhi.layout import LAYOUT_FILE, _unbroken

    lay = get_layout()
    for rid, rw in lay.railways.items():
        assert _unbroken(rw.label) == MAP.spaces[rid].name
    raw = yaml.safe_load(open(LAYOUT_FILE, encoding="utf-8"))
    bad = copy.deepcopy(raw)
    bad["railways"]["rail_punjab_delhi"]["label"] = "Delhi Line"
    with pytest.raises(LayoutError, match="rail_punjab_delhi.label"):
        parse_layout(bad, "x.yaml")


def test_public_state_rejects_garbage():
    with pytest.raises(TypeError):
        public_state(42)


def test_phone_picture_is_panels_over_the_touched_spaces(midgame):
    """Issue 16: the turn picture a phone shows (<= 740 px wide, about half
    size at a phone's 360-400 px) holds the title and tracks panels and the
    crop around the touched spaces, without the map's panels repeated beside
    it; the full map comes with it."""
    from render.gandhi import render_turn

    phone, full = render_turn(midgame, ["punjab", "northwest_frontier", "delhi", "no_such_space"], "en")
    img, big = _png(phone), _png(full)
    lay = get_layout()
    assert img.width <= 740 and big.size == (lay.width, lay.height)
    only_panels, _ = render_turn(midgame, [], "en")
    top = _png(only_panels).height + 8  # the header and the tracks, then the crop
    kx, ky, kw, kh = lay.panels["tracks"]
    assert top > kh and img.height > top + 200  # panels plus a map crop
    # the map's own panels (which lie beside Punjab and Delhi) are not repeated in the crop
    crop = img.crop((0, top + 2, img.width, img.height)).convert("RGB")
    panel_px = dict((c, n) for n, c in crop.getcolors(1 << 20)).get(th.PANEL, 0)
    assert panel_px < 0.01 * crop.width * crop.height


@pytest.mark.parametrize("locale", ["en", "it", "ja"])
def test_phone_picture_header_names_the_card_and_who_acts(midgame, locale):
    """Issue 36: the header gives the card's number and its title in the
    player's language, and the faction that acts next."""
    from render.gandhi import render_turn
    from render.gandhi.board import _card_title
    from render.kit.textboxes import recording

    st = public_state(midgame)
    with recording() as rec:
        render_turn(midgame, ["delhi"], locale)
    words = " ".join(t.text for t in rec.pictures[0].boxes)
    cur = st["card"]["current"]
    title = _card_title(cur, locale)
    assert f"#{cur['number']}" in words and title.split()[0] in words
    assert th.t(locale, f"faction.{st['decision']['actor']}") in words and th.t(locale, "to_act") in words


def test_the_decider_that_chose_its_action_reads_acting_not_acted(midgame):
    st = public_state(midgame)
    actor = st["decision"]["actor"] if st["decision"] else "raj"
    st["decision"] = {"actor": actor}
    st["eligibility"][actor] = "acted"
    img, hb = draw_board(st, "en")
    x0, y0, x1, y1 = hb.panels[f"eligibility.{actor}"]
    chip = img.crop((x0, y0 + 32, x1, y1)).convert("RGB")
    st["eligibility"][actor] = "eligible"
    img2, _ = draw_board(st, "en")
    assert chip.tobytes() != img2.crop((x0, y0 + 32, x1, y1)).convert("RGB").tobytes()


def test_space_picture_of_a_game_with_played_cards():
    """/space after some cards were played (the state object, as the console
    passes it): the public view is made once and drawn (it used to fail)."""
    import engine

    s = engine.new_game("gandhi", "short", 3)
    for _ in range(60):
        d = engine.decision(s)
        engine.apply(s, d.actor, d.choices[0].id)
    assert s.played
    img = _png(render_space(s, "delhi", "it"))
    assert img.width >= 640
