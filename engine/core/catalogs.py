"""A game's message catalogs as data (issue 15): ``<lang>.po`` files in the
folder its spec names (``GameSpec.catalogs``, e.g. ``engine/gandhi/locales``).

Read here, once, so that the bot (``bot/i18n``) and the pictures
(``render``) use the same entries: a msgid is a message key, its msgstr a
``str.format`` template; ``name.<id>`` entries name the ids messages carry.
"""
from __future__ import annotations

import functools
import os


@functools.lru_cache(maxsize=None)
def catalog(game: str, lang: str) -> dict[str, str]:
    """{msgid: msgstr} of ``game``'s catalog for ``lang`` (``"es-ES"`` reads
    ``es.po``), non-empty entries only; {} when the game has none."""
    from babel.messages.pofile import read_po

    from .registry import game_spec

    d = game_spec(game).catalogs
    path = os.path.join(str(d), f"{lang.split('-')[0].split('_')[0]}.po") if d else ""
    if not path or not os.path.exists(path):
        return {}
    with open(path, "rb") as fh:
        cat = read_po(fh, locale=lang.replace("-", "_"))
    return {m.id: m.string for m in cat if m.id and isinstance(m.id, str) and m.string}


def name(game: str, lang: str, ident: str) -> str | None:
    """``name.<ident>`` of ``game``'s ``lang`` catalog, or None."""
    return catalog(game, lang).get(f"name.{ident}")
