"""Add bot strings and command names to every catalog at once.

    python tools/add_strings.py NEW.py

``NEW.py`` defines any of ``BOT = {key: (en, it, es, ja)}``,
``CMDS = {key: (en, it, es, ja)}``, ``DESC = {key: (it, es, ja)}``. Italian
bot strings, command names and descriptions go into
``bot/locales/catalog_source.py`` (the Italian source); English into the en
catalog; Spanish and Japanese bot strings into their ``.po`` files; then the
catalogs are regenerated. Existing keys are left alone (edit them by hand).
"""
from __future__ import annotations

import os
import runpy
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
SOURCE = os.path.join(ROOT, "bot", "locales", "catalog_source.py")


def _insert(text: str, dict_name: str, lines: list[str]) -> str:
    """Insert ``lines`` just before the closing brace of ``dict_name = {``."""
    start = text.index(f"\n{dict_name} = {{") + 1
    end = text.index("\n}", start)
    return text[:end] + "".join("\n" + line for line in lines) + text[end:]


def main(path: str) -> int:
    from bot.i18n import catalog
    from bot.locales import catalog_source as src
    from bot.locales.extract import write_po

    new = runpy.run_path(path)
    bot, cmds, desc = new.get("BOT", {}), new.get("CMDS", {}), new.get("DESC", {})
    text = open(SOURCE, encoding="utf-8").read()
    text = _insert(text, "IT", [f"{k!r}: {v[1]!r}," for k, v in bot.items() if k not in src.IT])
    text = _insert(text, "CMDS", [f" {k!r}: {v!r}," for k, v in cmds.items() if k not in src.CMDS])
    text = _insert(text, "DESC", [f" {k!r}: {v!r}," for k, v in desc.items() if k not in src.DESC])
    open(SOURCE, "w", encoding="utf-8").write(text)
    for lang, i in (("en", 0), ("es", 2), ("ja", 3)):
        cat = dict(catalog(lang))
        cat.update({k: v[i] for k, v in bot.items() if k not in cat})
        write_po(os.path.join(ROOT, "bot", "locales", lang, "LC_MESSAGES", "dakbot.po"), cat, lang)
    catalog.cache_clear()  # the regeneration below re-reads es/ja
    os.chdir(ROOT)
    runpy.run_path(SOURCE, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
