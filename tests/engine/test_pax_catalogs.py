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
