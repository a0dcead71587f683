"""The bot's catalogs (issue 9): every language has every English key, with
the same ``{placeholders}``, and Spanish / Japanese players get their own
words (not the English fallback)."""
from __future__ import annotations

import os
import string

import pytest
from babel.messages.pofile import read_po

from bot import i18n
from bot.i18n import LOCALE_DIR, catalog, t

LANGS = ("it", "es", "ja")
_FMT = string.Formatter()


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in _FMT.parse(text) if field is not None}


@pytest.mark.parametrize("lang", ("en",) + LANGS)
def test_catalog_parses_without_errors(lang):
    path = os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", "dakbot.po")
    with open(path, "rb") as fh:
        cat = read_po(fh, locale=lang, abort_invalid=True)
    ids = [m.id for m in cat if m.id]
    assert len(ids) == len(set(ids)), "duplicate msgid"
    assert all(m.string for m in cat if m.id), "empty msgstr"


@pytest.mark.parametrize("lang", LANGS)
def test_every_english_key_is_translated(lang):
    missing = sorted(set(catalog("en")) - set(catalog(lang)))
    assert missing == []


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match_english(lang):
    en, other = catalog("en"), catalog(lang)
    bad = {k: (sorted(_placeholders(en[k])), sorted(_placeholders(other[k])))
           for k in en if k in other and _placeholders(en[k]) != _placeholders(other[k])}
    assert bad == {}


@pytest.mark.parametrize("lang", ("es", "ja"))
def test_prose_is_not_english(lang):
    """Apart from pure-placeholder/shared strings, the translation differs from English."""
    en, other = catalog("en"), catalog(lang)
    same = sorted(k for k in en if other.get(k) == en[k]
                  and k not in ("error.illegal", "status.bot") and len(en[k]) > 4
                  and not k.startswith("game.name."))  # a game's title may be the same in both
    assert same == []


def test_discord_markdown_kept():
    en = catalog("en")
    for lang in LANGS:
        other = catalog(lang)
        for k, v in en.items():
            assert v.count("**") == other[k].count("**"), (lang, k)
            assert v.count("`") == other[k].count("`"), (lang, k)
            assert ("<@{user}>" in v) == ("<@{user}>" in other[k]), (lang, k)


def test_spanish_strings_use_the_rules_terms():
    tracks = t("es", "status.tracks", restraint=3, unity=2, raj=10, rev=4)
    assert tracks == "Moderación 3, Unidad 2, Recursos: Raj 10, Revolucionarios 4."
    assert t("es-ES", "error.no_game") == "No hay ninguna partida en este canal. Empieza una con /game new."
    assert t("es", "turn.next", faction="inc", prompt="¿Qué haces?") == "Decide Congreso: ¿Qué haces?"
    assert t("es", "card.shaded") == "Sombreada:"
    assert t("es", "play.confirm_button") == "Confirmar"


def test_japanese_strings_use_the_glossary_terms():
    tracks = t("ja", "status.tracks", restraint=3, unity=2, raj=10, rev=4)
    assert tracks == "抑圧 3、統一 2、資源: ラージ 10、革命派 4。"
    assert t("ja", "turn.next", faction="ml", prompt="x") == "ムスリム連盟 の決定: x"
    assert t("ja", "error.seat_taken", faction="rev", user="42") == "革命派 はすでに <@42> が担当しています。"
    assert t("ja", "play.page", page=2, pages=5) == "2 / 5 ページ。"
    assert t("ja", "card.unshaded") == "非陰影:"


def test_unknown_key_still_falls_back():
    assert t("ja", "no.such_key", "Fallback") == "Fallback"
    assert t("es", "no.such_key") == "no.such_key"


def test_locale_normalization_reaches_the_catalogs():
    assert i18n.normalize_locale("es-419") == "es-ES"
    assert t(i18n.normalize_locale("es-419"), "play.back") == "Atrás"
    assert t(i18n.normalize_locale("ja"), "play.back") == "戻る"


def test_space_piece_words_per_language():
    """/space lists pieces in the player's language; ja in Japanese too (issue 15: CJK face)."""
    from render.gandhi import theme as th
    from render.gandhi.space import KIND_WORDS

    for k, word in KIND_WORDS.items():
        assert th.t("en", f"piece.{k}") == word
        assert not th.t("ja", f"piece.{k}").isascii(), k
        for lang in ("it", "es-ES", "ja"):
            assert th._TABLES[th.lang(lang)].get(f"piece.{k}"), (lang, k)
    assert th.t("es-ES", "piece.sepoy") == "Cipayos"
    assert th.t("es", "piece.guerrilla_underground") == "Guerrillas (Ocultas)"
    assert th.t("es", "pop", n=2) == "Pob 2"
    assert th.t("it", "piece.inc_activist_inactive") == "Attivisti INC (Inattivi)"


def test_space_picture_in_spanish_differs_from_english():
    import engine
    from render.gandhi import render_space

    st = engine.export_state(engine.new_game("gandhi", "short", 1))
    sid = next(s for s, sp in st["spaces"].items() if sum(sp["pieces"].values()))
    assert render_space(st, sid, "es-ES") != render_space(st, sid, "en")
