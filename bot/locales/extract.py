"""Extract the bot's own strings (key, English default) from bot/ and cogs/.

    python -m bot.locales.extract            # print missing keys per catalog
    python -m bot.locales.extract --write-en # (re)write en/LC_MESSAGES/dakbot.po

Finds calls ``t(locale, "key", "default", ...)`` and
``SomeError("key", "default", ...)`` (any call whose first string arguments are
a dotted key and a text) with Python's ``ast``.
"""
from __future__ import annotations

import ast
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KEY = re.compile(r"^[a-z_]+(\.[a-z0-9_]+)+$")


EXTRA = {
    "status.setup": "waiting for players", "status.active": "in play", "status.finished": "finished",
    "status.abandoned": "abandoned",
    "deadline.remind": "A missed deadline is only announced.",
    "deadline.bot": "At a missed deadline {bot} plays that Faction's turn.",
    "deadline.pass": "At a missed deadline that Faction Passes (where it cannot, {bot} decides).",
    "deadline.substitute": "At a missed deadline the seat is freed for a substitute (/game join).",
    # bot/games/*.py: space kinds and the rulebook's chapter titles
    "space.type.city": "City", "space.type.province": "Province", "space.type.princely_state": "Princely State",
    "space.type.railway": "Railway",
    "rules.chapter.1": "Introduction", "rules.chapter.2": "Sequence of Play", "rules.chapter.3": "Operations",
    "rules.chapter.4": "Special Activities", "rules.chapter.5": "Events", "rules.chapter.6": "Campaign Rounds",
    "rules.chapter.7": "Victory", "rules.chapter.8": "Non-player Factions",
}


def game_texts() -> dict[str, str]:
    """The keys built at run time that are a game's own words: each
    ``bot/games`` module's ``TEXTS`` (read, not imported)."""
    out: dict[str, str] = {}
    folder = os.path.join(ROOT, "bot", "games")
    for fn in sorted(os.listdir(folder)):
        if not fn.endswith(".py"):
            continue
        for node in ast.parse(open(os.path.join(folder, fn), encoding="utf-8").read()).body:
            if isinstance(node, ast.Assign) and any(getattr(x, "id", None) == "TEXTS" for x in node.targets):
                out.update(ast.literal_eval(node.value))
    return out


def extract() -> dict[str, str]:
    """{key: English default} for every bot string in bot/ and cogs/ (plus
    EXTRA and the games' TEXTS: keys built at run time)."""
    out: dict[str, str] = {**EXTRA, **game_texts()}
    for top in ("bot", "cogs"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for fn in files:
                if not fn.endswith(".py"):
                    continue
                tree = ast.parse(open(os.path.join(dirpath, fn), encoding="utf-8").read())
                for node in ast.walk(tree):
                    if not isinstance(node, ast.Call):
                        continue
                    strs = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                    if len(strs) >= 2 and KEY.match(strs[0]) and not KEY.match(strs[1]):
                        out.setdefault(strs[0], strs[1])
    return out


def write_po(path: str, entries: dict[str, str], lang: str) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po as _write

    cat = Catalog(locale=lang.replace("-", "_"), project="dakbot", charset="utf-8")
    for k, v in sorted(entries.items()):
        cat.add(k, v)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        _write(fh, cat, width=0, omit_header=False)


def main(argv: list[str]) -> int:
    from bot.i18n import catalog

    keys = extract()
    if "--write-en" in argv:
        en = dict(catalog("en"))
        en.update({k: v for k, v in keys.items() if k not in en})
        write_po(os.path.join(ROOT, "bot", "locales", "en", "LC_MESSAGES", "dakbot.po"), en, "en")
    for lang in ("en", "it"):
        missing = sorted(set(keys) - set(catalog(lang)))
        print(f"{lang}: {len(missing)} missing" + ("".join(f"\n  {k}" for k in missing)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
