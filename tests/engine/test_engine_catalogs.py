"""Gandhi's engine message catalogs (issue 15): every key the engine emits has
an entry in en, it, es and ja with the same placeholders; translations use
the rules' own terms of each language (glossary + rules seeds)."""
from __future__ import annotations

import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import extract_engine_keys as x  # noqa: E402

SHARED = os.path.join(ROOT, "..", "shared")
GLOSSARY = os.path.join(SHARED, "reference", "gandhi", "glossary.md")
LANGS = ("it", "es", "ja")
FIELD = re.compile(r"\{(\w+)(?:[:!][^{}]*)?\}")


def po(lang: str) -> dict[str, str]:
    return x.read_po(os.path.join(x.locales_dir("gandhi"), f"{lang}.po"))


@pytest.fixture(scope="module")
def emitted() -> x.Seen:
    """Keys from the code scan and 12 self-play games (both scenarios, three
    policies, refusal probes)."""
    return x.collect("gandhi", games=2)


def test_every_emitted_key_has_an_english_template(emitted):
    en = po("en")
    missing = sorted(k for k in emitted.texts if k not in en and k not in x.NOT_ENGINE)
    assert not missing, f"keys the engine emits with no entry in en.po (run tools/extract_engine_keys.py --write): {missing[:20]}"


def test_one_english_wording_per_key(emitted):
    x.english_catalog(emitted, "gandhi")  # raises ValueError naming the keys


@pytest.mark.parametrize("lang", LANGS)
def test_catalogs_have_the_same_keys_as_english(lang):
    en, other = po("en"), po(lang)
    assert sorted(set(en) - set(other)) == [], f"{lang}.po lacks keys"
    assert sorted(set(other) - set(en)) == [], f"{lang}.po has keys en.po has not"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_use_the_english_placeholders(lang):
    en, other = po("en"), po(lang)
    bad = [(k, v) for k, v in other.items() if v and set(FIELD.findall(v)) != set(FIELD.findall(en[k]))]
    assert not bad, f"{lang}: placeholders differ from English: {bad[:10]}"


def test_english_has_no_plural_or_article_hacks():
    """Plural forms and articles are done by the catalog: no "(s)", no "a Underground"."""
    en = po("en")
    bad = [k for k, v in en.items() if "(s)" in v or re.search(r"\ba [AEIOU]", v) or re.search(r"\ba \{", v)]
    assert not bad, bad[:10]


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_catalog_templates_render(lang):
    """Every non-empty template formats with sample parameters in its language."""
    from bot.i18n import fill

    for k, v in po(lang).items():
        if v:
            fill(lang, v, {f: 2 for f in FIELD.findall(v)})


# --- the rules' own terms -----------------------------------------------------------------

#: glossary sections whose terms the catalogs must use (pieces, boxes, tracks,
#: Support levels, the 2.3.4 sequence boxes, Operations, Special Activities)
SECTIONS = ("2. Forces", "4. Boxes", "5. Markers", "6. Tracks", "7. Sequence", "8. Operations",
            "9. Special Activities")
#: English terms (as the engine writes them) checked in every template that uses them
TERMS = ("Troop", "Sepoy", "Activist", "Guerrilla", "Base", "Out of Play", "Available", "Prison",
         "Restraint", "Unity", "Resources", "Active Support", "Passive Support", "Neutral",
         "Passive Opposition", "Active Opposition", "Protest", "Unrest", "Strike", "Muslim State",
         "Operation Only", "Limited Operation", "Special Activity", "Pass",
         "Deploy", "Garrison", "Sweep", "Assault", "Rally", "Demonstrate", "Civil Disobedience",
         "Non-Cooperation", "March", "Attack", "Treaty", "Govern", "Martial Law", "Negotiate",
         "Satyagraha", "Persuade", "Infiltrate", "Aid", "Assassinate", "Imperialism")
#: glossary English cells for terms the engine spells differently
ALIASES = {"Prison": "Jail box", "Troop": "Troops", "Sepoy": "Sepoys", "Activist": "Activists",
           "Guerrilla": "Guerrillas", "Base": "Bases",
           "Out of Play": "Out of Play box", "Protest": "Protest marker", "Unrest": "Unrest marker",
           "Strike": "Strike marker", "Muslim State": "Muslim State marker"}


def _variants(cell: str) -> list[str]:
    cell = re.sub(r"\(l\.\d+\)", "", cell)
    quoted = re.findall(r"[\"“「]([^\"”」]+)[\"”」]", cell)
    plain = re.sub(r"\([^)]*\)", "", cell)
    parts = [p.strip(" .") for p in re.split(r"/|;", plain)] + quoted
    return [p for p in parts if p and p != "—"]


def _english(cell: str) -> str:
    return re.sub(r"\s*(\[[^\]]*\]|\([^)]*\))", "", cell).strip()


@pytest.fixture(scope="module")
def glossary() -> dict[str, dict[str, list[str]]]:
    """{English term: {lang: [variants]}} of the chosen glossary sections;
    skips where ../shared (the glossary and the rules seeds these tests
    compare with) is not beside the repository."""
    if not os.path.isfile(GLOSSARY) or not os.path.isdir(os.path.join(SHARED, "seeds")):
        pytest.skip("../shared/reference/gandhi/glossary.md and ../shared/seeds not present "
                    "(the rules' terms are compared with them where they are)")
    out: dict[str, dict[str, list[str]]] = {}
    section = ""
    for line in open(GLOSSARY, encoding="utf-8"):
        if line.startswith("### "):
            section = line[4:].strip()
        if not line.startswith("| ") or line.startswith("| English") or not section.startswith(SECTIONS):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4:
            continue
        out.setdefault(_english(cells[0]), {"it": _variants(cells[1]), "es": _variants(cells[2]),
                                            "ja": _variants(cells[3])})
    return out


def _seed(lang: str) -> str:
    return open(os.path.join(SHARED, "seeds", f"gandhi_rules_{lang}.txt"), encoding="utf-8").read()


def _stems(term: str, lang: str) -> list[str]:
    """Word stems that allow number and gender endings (it/es); Japanese whole."""
    if lang == "ja":
        return [term]
    return [w[:max(3, len(w) - 2)].casefold() for w in re.findall(r"\w+", term)]


def _uses(text: str, variants: list[str], lang: str) -> bool:
    low = text.casefold()
    return any(all(s in low for s in _stems(v, lang)) for v in variants)


def term_list(glossary, lang: str) -> dict[str, list[str]]:
    """{engine English term: the variants of ``lang`` that its rules text prints}."""
    seed = _seed(lang).casefold()
    out = {}
    for term in TERMS:
        row = glossary.get(ALIASES.get(term, term))
        assert row is not None, f"glossary has no row for {term!r}"
        variants = row[lang] + [_bare(v) for v in row[lang] if _bare(v) not in ("", v)]
        out[term] = [v for v in variants if _uses(seed, [v], lang)]
    return out


#: the word for the box or the marker, which the rules also leave out
#: ("da Fuori Gioco", "spazio di Protesta", 「刑務所へ」)
CONTAINERS = re.compile(r"\b(segnalin[oi]|casell[ae]|(marcador(es)?|casillas?)( de)?)\b|マーカー|ボックス", re.I)


def _bare(variant: str) -> str:
    """``variant`` without its box/marker word: "segnalino Protesta" -> "Protesta"."""
    return " ".join(CONTAINERS.sub(" ", variant).split())


@pytest.mark.parametrize("lang", LANGS)
def test_term_list_comes_from_the_rules_text(glossary, lang):
    """Each checked term has at least one rendering printed in that language's rules."""
    terms = term_list(glossary, lang)
    assert not [t for t, vs in terms.items() if not vs], [t for t, vs in terms.items() if not vs]


@pytest.mark.parametrize("lang", LANGS)
def test_translations_use_the_rules_terms(glossary, lang):
    """A translated entry whose English uses a rules term uses that term of
    the language's rules (checked on translated entries only)."""
    en, other = po("en"), po(lang)
    terms = term_list(glossary, lang)
    bad = []
    for key, text in other.items():
        if not text:
            continue
        for term, variants in terms.items():
            # whole words, plurals allowed: "Pass" is not "Passive"
            if re.search(rf"\b{re.escape(term)}(?:e?s)?\b", en[key]) and not _uses(text, variants, lang):
                bad.append((key, term, text))
    assert not bad, f"{lang}: {len(bad)} entries miss the rules' term, e.g. {bad[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_is_translated(lang):
    empty = [k for k, v in po(lang).items() if not v]
    assert not empty, f"{lang}: {len(empty)} untranslated entries"
