"""Pictures in every language (issue 15): every character drawn on the map,
a space and a card has a glyph in the font that draws it (no missing-glyph
boxes), in English, Italian, Spanish and Japanese; longer words and CJK
names stay inside their boxes."""
from __future__ import annotations

import pytest
from PIL import ImageDraw, features

from render.gandhi import render, render_card, render_space
from render.kit import fastdraw
from render.kit.fonts import cjk_font_path

LOCALES = ("en", "it", "es-ES", "ja")
#: a code point no font of ours has: it draws the font's missing-glyph box
NOT_A_GLYPH = "\U0010fffd"


@pytest.fixture
def drawn(monkeypatch):
    """Record (text, font, xy, anchor) of every text call while drawing."""
    calls = []
    for cls in (ImageDraw.ImageDraw, fastdraw.FastDraw):
        orig = cls.text

        def text(self, xy, txt, fill=None, font=None, anchor=None, *a, _orig=orig, **k):
            calls.append((txt, font, xy, anchor))
            return _orig(self, xy, txt, fill, font, anchor, *a, **k)

        monkeypatch.setattr(cls, "text", text)
    return calls


def _box(font):
    return font.getmask(NOT_A_GLYPH).size, bytes(font.getmask(NOT_A_GLYPH))


def missing_glyphs(calls) -> list[tuple[str, str]]:
    """(text, character) for every drawn character its font draws as the
    missing-glyph box."""
    out, boxes = [], {}
    for text, font, _, _ in calls:
        if font is None or not hasattr(font, "getmask"):
            continue
        box = boxes.setdefault(id(font), _box(font))
        for ch in set(text):
            if ch.isspace():
                continue
            m = font.getmask(ch)
            if (m.size, bytes(m)) == box:
                out.append((text, ch))
    return out


def test_cjk_font_is_installed():
    """The Japanese face is a project dependency (pyproject.toml)."""
    assert cjk_font_path("regular") is not None and cjk_font_path("bold") is not None


@pytest.mark.parametrize("locale", LOCALES)
def test_map_space_and_card_draw_every_character(drawn, locale, midgame):
    render(midgame, locale)
    render_space(midgame, "bombay_presidency", locale)
    render_space(midgame, "east", locale)
    render_card(8, locale)
    render_card(75, locale)
    assert drawn, "nothing recorded"
    missing = missing_glyphs(drawn)
    assert not missing, f"{locale}: {len(missing)} missing glyphs, e.g. {missing[:5]}"


def test_the_check_finds_a_missing_glyph(drawn):
    """The detector itself: Japanese drawn with the Latin face is caught."""
    from render.kit.fonts import font

    drawn.append(("抗議", font(16), (0, 0), None))
    assert sorted(missing_glyphs(drawn)) == [("抗議", "抗"), ("抗議", "議")]


@pytest.mark.parametrize("locale", LOCALES)
def test_faction_chips_hold_their_names(drawn, locale, midgame):
    """Faction names (longest in ja: ムスリム連盟) fit the fixed-width chips of
    the tracks panel: the text is never wider than its chip (CHIP_W, widened
    in issue 36 so that ムスリム連盟 keeps 13 px)."""
    from render.gandhi import theme as th
    from render.gandhi.board import CHIP_W
    from render.kit.fastdraw import text_length

    render(midgame, locale)
    names = {th.t(locale, f"faction.{f}") for f in th.FACTIONS}
    widths = [text_length(t, f) for t, f, _, _ in drawn if t in names and f is not None]
    assert widths and min(widths) > 0
    chip_texts = [w for w in widths if w <= CHIP_W - 6]
    assert len(chip_texts) >= 8   # victory and resources chips (4 + 2) and more, all inside


def test_place_names_follow_the_games_catalog(drawn, midgame):
    """Space and Railway names on the map read as the game's catalog names
    them in that language (Japanese デリー), the layout's English otherwise."""
    from engine.core.catalogs import name

    render(midgame, "ja")
    texts = {t for t, *_ in drawn}
    assert name("gandhi", "ja", "delhi") in texts and "Delhi" not in texts
    drawn.clear()
    render(midgame, "en")
    assert "Delhi" in {t for t, *_ in drawn}


@pytest.mark.skipif(cjk_font_path() is None, reason="the CJK font package is not installed")
@pytest.mark.skipif(not features.check("raqm"), reason="Pillow was built without Raqm text layout")
def test_japanese_kanji_take_their_japanese_shapes():
    """The packaged Noto Sans CJK face defaults to Traditional Chinese forms;
    a Japanese picture must draw the Japanese ones (直, 今, 配 differ)."""
    from PIL import Image, ImageChops, ImageFont

    from render.kit.fonts import font, for_locale

    def draw(f, language=None):
        im = Image.new("L", (80, 80), 0)
        ImageDraw.Draw(im).text((5, 0), "直今配", font=f, fill=255, language=language)
        return im

    with for_locale("ja"):
        ours = font(24)
    plain = ImageFont.truetype(str(cjk_font_path()), 24)
    assert ImageChops.difference(draw(ours), draw(plain, "ja")).getbbox() is None
    assert ImageChops.difference(draw(ours), draw(plain)).getbbox() is not None


@pytest.mark.parametrize("locale,words", [("it", ("L'Autoritario",)), ("ja", ("ロード・チェルムスフォード", "権威主義者")),
                                          ("en", ("Lord Chelmsford", "The Authoritarian"))])
def test_the_viceroy_panel_speaks_the_pictures_language(drawn, locale, words):
    """The map's Viceroy panel: the Viceroy, its capability and the capability's
    text in the picture's language (issue 15)."""
    import engine

    render(engine.new_game("gandhi", "short", 1), locale)
    texts = [t for t, *_ in drawn]
    for w in words:
        assert w in texts, (locale, w)


@pytest.fixture(scope="module")
def pax_game():
    """A 7-player Pax game with Unrest on the map (Random Events of 1880)."""
    import engine

    return engine.new_game("pax", "1880", 3, {"players": 7})


@pytest.mark.parametrize("locale", LOCALES)
def test_pax_map_draws_every_character_in_the_pictures_language(drawn, locale, pax_game):
    """The Pax map (every crop): area, sea and power names and the panel's
    words have glyphs in the face that draws them (Japanese: Noto Sans CJK),
    and read as the game's catalog names them (イギリス, Gran Bretagna)."""
    from engine.core.catalogs import name
    from render.pax import CROPS
    from render.pax import render as pax_render

    for crop in CROPS:
        pax_render(pax_game, locale, crop)
    missing = missing_glyphs(drawn)
    assert not missing, f"{locale}: {len(missing)} missing glyphs, e.g. {missing[:5]}"
    texts = {t for t, *_ in drawn}
    lang = locale.split("-")[0]
    for ident in ("great_britain", "egypt", "mediterranean", "japan"):
        assert name("pax", lang, ident) in texts, (locale, ident)
    if lang != "en":
        assert not {"Great Britain", "Egypt", "Mediterranean", "European Tension 0"} & texts


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("crop", ["world", "americas", "europe_africa"])
def test_pax_area_names_fit_their_tiles(drawn, locale, crop, pax_game):
    """Every area name on a tile, longest ones included (Stato Libero
    dell'Orange, オーストリア＝ハンガリー, Haiti and Santo Domingo), is drawn
    no wider than its tile, whole (no ellipsis) on the continent pictures."""
    from render.kit.fastdraw import text_length
    from render.pax import render as pax_render
    from render.pax.map import short_name

    pax_render(pax_game, locale, crop)
    from render.pax.map import geometry, tile_size

    tile = tile_size(geometry(crop).k, "")[0]
    names = {short_name(locale, a) for a in pax_game.areas} | {short_name(locale, p) for p in pax_game.powers}
    drawn_names = [(t, f) for t, f, _, anchor in drawn if anchor == "ma" and f is not None
                   and (t in names or any(t and t.rstrip("…") in n for n in names))]
    assert len(drawn_names) >= 20
    too_wide = [t for t, f in drawn_names if text_length(t, f) > tile - 4]
    assert not too_wide, f"{locale} {crop}: {too_wide[:5]}"
    if crop != "world":
        assert not [t for t, _ in drawn_names if t.endswith("…")]
