"""Every message key the Pax engine emits has an entry in all four engine
catalogs (engine/pax/locales/{en,it,es,ja}.po) with the same placeholders as
the English fallback (the engine-catalog contract of HELPERS.md)."""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import engine
from engine.pax.movement import _ORDER_TEXT
from engine.pax.negotiation import TERM_TEXT
from engine.pax.term_menu import KIND_TEXT

ROOT = Path(engine.__file__).parent / "pax"
LANGS = ("en", "it", "es", "ja")
# log(state, "key", "text" ...), msg("key", "text" ...), _c(cid, "short", "text" ...)
_CALL = re.compile(r'(?:log\(state,|msg\(|_c\([^,]+,)\s*"([a-z_.]+)",\s*((?:"(?:[^"\\]|\\.)*"\s*)+)')


def emitted() -> dict[str, str]:
    out = {}
    for f in ROOT.glob("*.py"):
        for key, text in _CALL.findall(f.read_text(encoding="utf-8")):
            key = key if key.startswith("pax.") else f"pax.choice.{key}"
            out[key] = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', text))
    out.update({f"pax.log.order_{op}": text for op, text in _ORDER_TEXT.items()})
    out.update({f"pax.term.{k}": text for k, text in TERM_TEXT.items()})
    out.update({f"pax.choice.terms_{k}": text for k, text in KIND_TEXT.items()})
    out.update({f"pax.log.term_{k}": f"Agreed: {text}." for k, text in TERM_TEXT.items() if k != "keep_out"})
    return out


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def catalog(lang: str) -> dict[str, str]:
    with open(ROOT / "locales" / f"{lang}.po", "rb") as fh:
        return {m.id: m.string for m in read_po(fh) if m.id}


def test_the_sources_emit_the_keys_we_expect():
    keys = emitted()
    assert "pax.log.reveal" in keys and "pax.choice.seal" in keys and "pax.log.order_move" in keys
    assert len(keys) >= 50


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_in_every_language_with_the_same_placeholders(lang):
    cat = catalog(lang)
    for key, text in emitted().items():
        assert cat.get(key), f"{lang}: {key} missing"
        assert fields(cat[key]) == fields(text), f"{lang}: {key} placeholders differ"


# ---------------------------------------------------------------- names of the ids messages carry

def entries(lang: str) -> dict[str, tuple[str, str]]:
    """{msgid: (msgstr, translator comment)} of ``lang``'s catalog."""
    with open(ROOT / "locales" / f"{lang}.po", "rb") as fh:
        return {m.id: (m.string, " ".join(m.auto_comments)) for m in read_po(fh) if m.id}


@pytest.mark.parametrize("lang", LANGS)
def test_every_display_name_id_has_a_name_in_every_language(lang):
    """104 land areas, 12 sea zones and the 2 Capes (L15, L27, L626), the 12
    powers, statuses, phases, terms and unit counters: every id a message
    may carry reads as a name in each language, never as an id or a template."""
    from engine.pax.data import get_data
    from engine.pax.game import display_names

    names = display_names()
    d = get_data()
    assert set(d.areas) | set(d.seas) | set(d.homes) | {"cape_of_good_hope", "cape_horn"} <= set(names)
    cat = catalog(lang)
    missing = [i for i in names if not cat.get(f"name.{i}")]
    assert not missing, f"{lang}: {missing}"
    templated = [i for i in names if fields(cat[f"name.{i}"]) or "_" in cat[f"name.{i}"]]
    assert not templated, f"{lang}: {templated}"
    if lang == "en":
        assert {i: cat[f"name.{i}"] for i in names} == names
    if lang == "ja":  # Japanese names are written in katakana/kanji, not left in English
        assert not [i for i in names if cat[f"name.{i}"].isascii()]


def test_italian_names_are_the_rulebooks_and_say_so():
    """The Italian names the seed gives (map.yaml ``name_it``) are the
    catalog's, marked "seed L<n>"; the others are marked as our translation."""
    from engine.pax.data import get_data

    d = get_data()
    it = entries("it")
    seeded = {p.id: p.name_it for p in [*d.areas.values(), *d.seas.values(), *d.homes.values()] if p.name_it}
    assert len(seeded) >= 50
    for pid, name_it in seeded.items():
        text, note = it[f"name.{pid}"]
        assert text.startswith(name_it) and "seed L" in note, (pid, text, note)
    names = {k: v for k, v in it.items() if k.startswith("name.")}
    assert all("seed L" in note or "dakbot translation" in note for _, note in names.values())
    assert it["name.cape_colony"][0] == "Colonia del Capo"          # L722 (L322's "dei" is OCR)
    assert it["name.interest"][0] == "Interesse" and it["name.possession"][0] == "Possedimento"  # L125
    assert it["name.administration"][0] == "Fase Amministrativa"    # L144
    assert it["name.usa"][0] == "U.S.A." and it["name.netherlands"][0] == "Olanda"  # L95, L105


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_spanish_and_japanese_names_are_marked_as_our_translation(lang):
    names = {k: v for k, v in entries(lang).items() if k.startswith("name.")}
    assert names and all("dakbot translation" in note for _, note in names.values())


@pytest.mark.parametrize("lang,area,power,level", [
    ("it", "Egitto", "Germania", "Protettorato"), ("es", "Egipto", "Alemania", "Protectorado"),
    ("ja", "エジプト", "ドイツ", "保護領")])
def test_a_pax_message_reads_names_in_the_language(lang, area, power, level):
    """The log renders area, power and status ids as the catalog's names."""
    from bot.i18n import render
    from engine import Message

    text = render(lang, Message("pax.log.order_status", {"power": "germany", "level": "protectorate",
                                                         "area": "egypt"}), "pax")
    assert area in text and power in text and level in text
    minors = render(lang, Message("pax.log.start", {"year": 1880, "players": 4,
                                                    "minors": "russia, italy, austria_hungary"}))
    assert "Austria-Hungary" not in minors and "Italy" not in minors
