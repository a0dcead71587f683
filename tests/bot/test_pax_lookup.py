"""Pax Britannica's look-ups (bot/games/pax.py): /space finds a place by its
name in any language and answers in the player's; /game status names the
phase and the powers in the game's language; Pax has no cards and no
numbered rule sections, and says so politely."""
from __future__ import annotations

import pytest

from bot.lookup import card_choices, card_text, find_space, rules_text, space_choices, space_text
from bot.service import ServiceError


@pytest.mark.parametrize("typed", ["Egitto", "エジプト", "Egipto", "egypt", "EGYPT", "Egpyt"])
def test_space_is_found_by_its_name_in_any_language(typed):
    assert find_space("pax", typed) == "egypt"


def test_seas_capes_and_home_countries_are_places_too():
    assert find_space("pax", "Mar Nero") == "black_sea"              # seed L696
    assert find_space("pax", "Capo di Buona Speranza") == "cape_of_good_hope"  # seed L626
    assert find_space("pax", "Olanda") == "netherlands"               # seed L105
    assert find_space("pax", "Punjab") == "punjab"                    # the name without its parenthesis


def test_an_unknown_place_is_refused_politely():
    with pytest.raises(ServiceError) as e:
        find_space("pax", "Atlantide")
    assert e.value.key == "error.no_space"


def test_autocomplete_speaks_the_players_language():
    assert space_choices("pax", "エジ", "ja") == [("エジプト", "egypt")]
    assert space_choices("pax", "egypt", "it") == [("Egitto", "egypt")]   # the English name finds it too
    assert ("Colonia del Capo", "cape_colony") in space_choices("pax", "capo", "it")
    assert card_choices("pax", "1", "it") == []


@pytest.mark.parametrize("locale,words", [
    ("it", ("**Egitto** (Indipendente)", "Valore Economico 5", "Mediterraneo", "Anatolia", "provvisori")),
    ("es", ("**Egipto** (Independiente)", "Mediterráneo", "Trípoli")),
    ("ja", ("**エジプト** (独立国)", "地中海", "スーダン", "暫定")),
    ("en", ("**Egypt** (Independent)", "Economic Value 5", "Combat Strength 4", "Indian Ocean"))])
def test_space_text_names_type_values_and_neighbours_in_the_language(locale, words):
    """A land area (L15-21): type, EV and CS (provisional: not in the seed),
    Overland Routes and sea zones, every name in the player's language."""
    text = space_text("pax", "egypt", locale)
    for w in words:
        assert w in text, (locale, w, text)
    if locale != "en":
        assert "Egypt" not in text and "Indian Ocean" not in text


def test_a_cape_is_a_sea_zone_only_in_war():
    assert "南大西洋" in space_text("pax", "cape_horn", "ja")            # L626-630
    assert "solo in guerra" in space_text("pax", "cape_horn", "it")


def test_no_cards_and_no_numbered_rules():
    with pytest.raises(ServiceError) as e:
        card_text("pax", 1, "it")
    assert e.value.key == "error.no_card_pax"
    with pytest.raises(ServiceError) as e:
        rules_text("pax", "3.1", "ja")
    assert e.value.key == "error.no_rule_pax"


def test_status_lines_name_phase_and_powers_in_the_language():
    import engine
    from bot.games.pax import status_lines

    s = engine.new_game("pax", "1880", 3, {"players": 4})
    lines = status_lines(engine.export_state(s), "ja")
    assert "移動／地位変更フェイズ" in lines[0] and "欧州緊張度0" in lines[0]
    assert "イギリス" in lines[1] and "Great Britain" not in lines[1]


def test_space_picture_is_the_places_continent():
    import engine
    from render.pax import render_space

    s = engine.new_game("pax", "1880", 3, {"players": 4})
    assert render_space(s, "korea", "ja")[:4] == b"\x89PNG"
