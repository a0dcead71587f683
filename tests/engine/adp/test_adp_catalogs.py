"""Every key the A Distant Plain engine emits has an entry in its four
catalogs (engine/adp/locales), with the same placeholders, and every id a
message carries as a parameter has a name entry."""
from __future__ import annotations

import random
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import engine

LOCALES = Path(engine.__file__).parent / "adp" / "locales"
LANGS = ("en", "it", "es", "ja")


def catalog(lang):
    with open(LOCALES / f"{lang}.po", "rb") as fh:
        return {m.id: m.string for m in read_po(fh, locale=lang) if m.id}


def fields(t):
    return {f[1].split(":")[0] for f in string.Formatter().parse(t) if f[1]}


@pytest.fixture(scope="module")
def emitted():
    """Keys and id parameters met in a few random games, Event edits included."""
    keys, ids = set(), set()
    for seed in (1, 2, 3):
        s = engine.new_game("adp", "main", seed)
        rnd = random.Random(seed)
        for _ in range(1500):
            d = engine.decision(s)
            if d is None:
                break
            for m in [d.prompt] + [c.label for c in d.choices]:
                keys.add(m.key)
                ids.update(v for v in m.params.values() if isinstance(v, str))
            engine.apply(s, d.actor, rnd.choice(d.ids()))
        for e in s.log:
            keys.add(e["key"])
            ids.update(v for v in e["params"].values() if isinstance(v, str))
    return keys, ids


def test_every_emitted_key_is_in_all_four_catalogs(emitted):
    keys, _ = emitted
    for lang in LANGS:
        missing = keys - set(catalog(lang))
        assert not missing, f"{lang}: {sorted(missing)}"


def test_same_placeholders_in_every_language():
    en = catalog("en")
    for lang in LANGS[1:]:
        cat = catalog(lang)
        assert set(cat) == set(en)
        bad = [k for k in en if fields(en[k]) != fields(cat[k])]
        assert not bad, f"{lang}: {bad}"


def test_every_id_parameter_has_a_name(emitted):
    _, ids = emitted
    en = catalog("en")
    import re

    ident = re.compile(r"^[a-z][a-z0-9_]*$")  # ids; prose parameters (card titles, labels) are not
    unnamed = {i for i in ids if ident.match(i) and f"name.{i}" not in en}
    assert not unnamed, sorted(unnamed)


def test_italian_uses_the_aids_terms():
    it = catalog("it")
    assert it["name.sweep"] == "Perlustrazione" and it["name.surge"] == "Missione"   # seed L141, L263
    assert it["name.traffic"] == "Narcotraffico" and it["name.govern"] == "Governo"  # seed L77, L163
    assert it["name.patronage"] == "Patrocinio" and it["name.aid"] == "Aiuti"        # seed L89, L159
