"""Gandhi card texts in four languages (issue 15): every Event card (5.2) and
Campaign card (2.5) has its title and texts in en/it/es/ja, in each rulebook's
own terms, with the card's numbers and markup kept."""
from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.gandhi.data import DATA_DIR, _load, _read_yaml
from engine.gandhi.data.cards import build_cards

SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"


@pytest.fixture(scope="module")
def cards():
    return _load(None).cards


@pytest.fixture(scope="module")
def raw():
    return _read_yaml(DATA_DIR / "cards.yaml")


def test_every_card_reads_in_four_languages(cards):
    assert len(cards.events) == 72 and len(cards.campaigns) == 7
    for lang in ("en", "it", "es", "ja"):
        for c in cards.events.values():
            t = c.texts(lang)
            assert t["title"] and t["unshaded"] and t["shaded"], (c.number, lang)
        for c in cards.campaigns.values():
            assert all(c.texts(lang).values()), (c.number, lang)
    # the Spanish and Japanese are not the English or Italian copied
    for c in cards.events.values():
        for lang in ("es", "ja"):
            assert c.texts(lang)["unshaded"] not in (c.unshaded, c.unshaded_it), (c.number, lang)


def test_card_11_reads_as_each_rulebook_quotes_it(cards):
    # 5.1.4 example: ES "arrestes a Gandhi" (l.2500), JA 「ガンジーを逮捕する」 (l.977)
    c = cards.events[11]
    assert "Arresta a Gandhi" in c.unshaded_es
    assert "ガンジー" in c.unshaded_ja and "逮捕する" in c.unshaded_ja
    assert c.title_ja == "アーガー・ハーン宮殿が刑務所になる"


def test_unknown_language_falls_back_to_english(cards):
    assert cards.events[55].texts("de") == cards.events[55].texts("en")
    assert cards.events[55].texts("it")["title"] == "La Marcia del Sale"


def test_spanish_quotes_from_the_rules_are_marked_seed(cards):
    # 8.8.4 / 8.4.1 / 8.8.5 examples quote the unshaded texts of 6, 16 and 44
    for n in (6, 16, 44):
        c = cards.events[n]
        assert c.text_es_source == "seed + dakbot translation" and c.text_es_note
    assert cards.events[16].unshaded_es.endswith(
        "Añade 1 marcador de Disturbios en hasta 2 casillas Musulmanas, después elimina 1 Base "
        "de una de las casillas seleccionadas.")
    others = [c for n, c in cards.events.items() if n not in (6, 16, 44)]
    assert all(c.text_es_source == "dakbot translation" for c in others)
    assert all(c.text_ja_source == "dakbot translation" for c in cards.events.values())


_NUM = re.compile(r"\d+")


def test_translations_keep_every_number(cards):
    """Each number of the English text is in the translation, and the
    translation adds no number but 1 ("a marker" reads "1つのマーカー")."""
    for c in cards.events.values():
        for side in ("unshaded", "shaded"):
            en = set(_NUM.findall(getattr(c, side)))
            it = set(_NUM.findall(getattr(c, f"{side}_it")))
            for lang in ("es", "ja"):
                tr = set(_NUM.findall(getattr(c, f"{side}_{lang}")))
                assert en <= tr, (c.number, side, lang, en - tr)
                assert tr <= en | it | {"1"}, (c.number, side, lang, tr - en - it)


# (English term in our text, Spanish rules term, Japanese rules term), with
# the seed line where each rulebook defines it (glossary.md, section A)
TERMS = [
    (r"\bRestraint\b", "Moderación", "抑圧"),          # 1.3.11, ES l.1140; JA l.317 (see docs/rulings/terms.md)
    (r"\bUnity\b", "Unidad", "統一"),                  # 1.3.12
    (r"\bPrison\b", "Prisión", "刑務所"),              # 1.3.9
    (r"\bOut of Play\b", "Fuera del Juego", "プレイ外"),  # 1.3.10
    (r"\bAvailable\b", "Disponible", "利用可能"),       # 1.4.1
    (r"\bSepoys?\b", "Cipayo", "セポイ"),              # 1.4
    (r"\bTroops?\b", "Tropa", "兵士"),
    (r"\bActivists?\b", "Activista", "活動家"),
    (r"\bGuerrillas?\b", "Guerrilla", "ゲリラ"),
    (r"\bBases?\b", "Base", "基地"),
    (r"\bcubes?\b", "cubo", "キューブ"),
    (r"\bUnderground\b", "Oculta", "地下"),            # 1.4.3
    (r"\bProtest\b", "Protesta", "抗議"),              # 1.10
    (r"\bUnrest\b", "Disturbios", "不安"),             # 1.11
    (r"\bStrikes?\b", "Huelga", "ストライキ"),          # 1.12
    (r"\bMuslim States?\b", "Estado", "ムスリム国家"),   # 1.3.5
    (r"\bPrincely States\b", "Estados Nativos", "プリンスリー・ステート"),
    (r"\bRailways?\b", "Ferrocarril", "鉄道"),          # 1.3.6
    (r"\bRaj Control\b", "Control del Raj", "ラージの支配"),  # 1.7
    (r"\bPassive Support\b", "Apoyo Pasivo", "パッシブな支持"),  # 1.6.1
    (r"\bActive Support\b", "Apoyo Activo", "アクティブな支持"),
    (r"\bPassive Opposition\b", "Oposición Pasiva", "パッシブな反対"),
    (r"\bActive Opposition\b", "Oposición Activa", "アクティブな反対"),
    (r"\bNeutral\b", "Neutral", "中立"),
    (r"\bIneligible\b", "No Elegible", "非適格"),        # 2.3.1
    (r"\bstays Eligible\b", "Elegible", "適格のまま"),
    (r"\bCongress\b", "Congreso", "国民会議"),
    (r"\bMuslim League\b", "Liga Musulmana", "ムスリム連盟"),
    (r"\bResources\b", "Recursos", "資源"),
    (r"\bMuslim spaces?\b", "casilla", "ムスリムスペース"),  # 1.3.4
    (r"\bArrest\b", "rresta", "逮捕"),                 # 5.1.3
    (r"\bRelease\b", "ibera", "解放"),
    (r"\bdie roll\b", "tirada", "ダイス"),
    (r"\bAttack\b", "Ataca", "攻撃"),                  # 3.4.3
]


@pytest.mark.parametrize("pattern,es,ja", TERMS, ids=[t[1] for t in TERMS])
def test_translations_use_the_rulebooks_terms(cards, pattern, es, ja):
    rx = re.compile(pattern)
    for c in cards.events.values():
        for side in ("unshaded", "shaded"):
            if rx.search(getattr(c, side)):
                assert es in getattr(c, f"{side}_es"), (c.number, side, es)
                assert ja in getattr(c, f"{side}_ja"), (c.number, side, ja)


# Words of the Italian rules that a Spanish or Japanese card must not borrow,
# and the Japanese variants the rules use only in one heading (docs/rulings/terms.md)
FOREIGN = {"es": ["Sepoy ", "Restrizion", "Disordini", "Prigione", "Stato Principato", "Nascost"],
           "ja": ["自制", "集会"]}


def test_no_other_languages_words(cards):
    for lang, words in FOREIGN.items():
        for c in cards.events.values():
            for f in ("title", "unshaded", "shaded"):
                text = getattr(c, f"{f}_{lang}")
                assert not [w for w in words if w in text], (c.number, f, lang)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds not present")
def test_the_terms_are_the_rulebooks_own():
    es = (SEEDS / "gandhi_rules_es.txt").read_text(encoding="utf-8")
    ja = (SEEDS / "gandhi_rules_ja.txt").read_text(encoding="utf-8")
    fold = str.maketrans("áéíóú", "aeiou")  # the Spanish seed is OCR and often drops accents
    es_folded = " ".join(es.replace("-\n", "").split()).translate(fold).lower()
    for _, es_term, ja_term in TERMS:
        assert es_term.translate(fold).lower() in es_folded, es_term
        assert ja_term in ja, ja_term


# ------------------------------------------------------------------ validation

def _broken(raw, number: int, **fields) -> dict:
    bad = copy.deepcopy(raw)
    key = "event_cards" if number <= 72 else "campaign_cards"
    card = next(c for c in bad[key] if c["number"] == number)
    for k, v in fields.items():
        if v is None:
            card.pop(k, None)
        else:
            card[k] = v
    return bad


@pytest.mark.parametrize("fields,message", [
    ({"shaded_ja": None}, "event card 12: shaded_ja is missing"),
    ({"title_es": ""}, "event card 12: title_es is missing"),
    ({"unshaded_es": "*Nadie cruzará las puertas: En 2 casillas"}, "unshaded_es: unbalanced italics"),
    ({"unshaded_ja": "<i>誰一人* 2つのスペースで"}, "unshaded_ja: unbalanced italics"),
    ({"shaded_es": "Coloca {n} marcadores"}, "shaded_es: placeholders differ"),
    ({"text_ja_source": "machine"}, "text_ja_source is 'machine'"),
    ({"text_es_source": None}, "text_es_source is ''"),
])
def test_a_card_missing_or_breaking_a_translation_is_refused(raw, fields, message):
    with pytest.raises(DataError) as e:
        build_cards(_broken(raw, 12, **fields), "cards.yaml")
    assert message in str(e.value)


def test_a_campaign_card_missing_a_translation_is_refused(raw):
    with pytest.raises(DataError, match="campaign card 77: raj_capability_ja is missing"):
        build_cards(_broken(raw, 77, raj_capability_ja=None), "cards.yaml")


# ------------------------------------------------------------------ where players read them

def test_card_command_shows_the_campaign_card_in_the_games_language():
    """/card 79 (2.5.1): the Viceroy, his capability name and text in the game's language."""
    from bot.games.gandhi import card_text

    assert "ロード・マウントバッテン" in card_text(79, "ja") and "交渉人" in card_text(79, "ja")
    es = card_text(77, "es-ES")
    assert "El Defensor: La Ley Marcial no coloca un marcador de Disturbios." in es
    assert "The Defender: Martial Law does not place an Unrest marker." in card_text(77, "en")
    assert "La Marcia del Sale" in card_text(55, "it") and "塩の行進" in card_text(55, "ja")


def test_campaign_card_picture_differs_by_language():
    from render.gandhi.card import render_card

    assert render_card(79, "es") != render_card(79, "en") != render_card(79, "ja")
