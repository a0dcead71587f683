"""Bot strings and engine messages per locale (DESIGN §2, §5).

Catalogs are gettext ``.po`` files under ``bot/locales/<lang>/LC_MESSAGES/dakbot.po``
read with Babel at first use (no compile step, so ``pip install -e .`` is
enough). The msgid is the message *key* (``"bot.game_created"``,
``"log.pass"`` ...); the msgstr is a ``str.format`` template over the
message's params.

Lookup order for a key: the locale's catalog, its base language (``es-ES`` ->
``es``), English, then the :class:`engine.Message` English fallback text.
English is complete for the bot's own strings, Italian too; engine messages
fall back to their English text when a catalog lacks the key.
"""
from __future__ import annotations

import functools
import os
from typing import Any

from engine.core.messages import Message

LOCALES = ("en", "it", "es-ES", "ja")
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locales")
_FACTION_PARAMS = ("faction", "actor", "expected", "winner", "target", "giver", "taker", "other")


@functools.lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    """{msgid: msgstr} of one language's catalog ({} if there is none)."""
    from babel.messages.pofile import read_po

    path = os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", "dakbot.po")
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as fh:
        cat = read_po(fh, locale=lang.replace("-", "_"))
    return {m.id: m.string for m in cat if m.id and isinstance(m.id, str) and m.string}


def _chain(locale: str | None) -> list[str]:
    locale = locale or "en"
    out = [locale]
    base = locale.split("-")[0].split("_")[0]
    if base != locale:
        out.append(base)
    if "en" not in out:
        out.append("en")
    return out


def template(locale: str | None, key: str) -> str | None:
    """The catalog template for ``key`` in ``locale`` (with fallbacks), or None."""
    for lang in _chain(locale):
        s = catalog(lang).get(key)
        if s:
            return s
    return None


def faction_name(locale: str | None, faction: str) -> str:
    """The localized Faction name ("British Raj", "Congress" ...); else the
    English name its game gives (``engine.display_names``); else the id."""
    return template(locale, f"faction.{faction}") or _names()[0].get(faction) or faction


def game_name(locale: str | None, game: str) -> str:
    """The localized display name of a registered game (``game.name.<id>``,
    else the English name its spec declares)."""
    import engine

    return template(locale, f"game.name.{game}") or engine.game_spec(game).name


def _names() -> tuple[dict[str, str], frozenset[str]]:
    """(display names of the ids the registered games' messages carry,
    their faction ids); the first registered game wins a shared id."""
    import engine

    return _names_of(tuple(engine.games()))


@functools.lru_cache(maxsize=None)
def _names_of(games: tuple[str, ...]) -> tuple[dict[str, str], frozenset[str]]:
    import engine

    names: dict[str, str] = {}
    factions: set[str] = set()
    for g in reversed(games):
        names.update(engine.display_names(g))
        factions.update(engine.game_spec(g).factions)
    return names, frozenset(factions)


def _params(locale: str | None, params: dict[str, Any]) -> dict[str, Any]:
    """Parameters made readable: Faction ids become localized Faction names,
    other ids the engine knows (spaces, pieces, Operations) their names."""
    out = dict(params)
    names, factions = _names()
    for k, v in out.items():
        if not isinstance(v, str):
            continue
        if k in _FACTION_PARAMS and v in factions:
            out[k] = faction_name(locale, v)
        elif v in names:
            out[k] = names[v]
    return out


def t(locale: str | None, key: str, default: str = "", **params: Any) -> str:
    """A bot string: the catalog template for ``key`` formatted with ``params``;
    ``default`` (or the key) when no catalog has it."""
    tpl = template(locale, key) or default or key
    try:
        return tpl.format(**_params(locale, params))
    except (KeyError, IndexError, ValueError):
        return tpl


def render(locale: str | None, message: Message | dict[str, Any]) -> str:
    """An engine :class:`Message` (or its dict) as text in ``locale``; falls
    back to the message's English text."""
    if isinstance(message, dict):
        message = Message.from_dict(message)
    tpl = template(locale, message.key)
    params = _params(locale, message.params)
    if tpl:
        try:
            return tpl.format(**params)
        except (KeyError, IndexError, ValueError):
            pass
    return Message(message.key, params, message.text).fallback()


def normalize_locale(value: str | None) -> str:
    """Map a Discord locale ("it", "es-ES", "en-US", "ja") to one of LOCALES."""
    if not value:
        return "en"
    value = str(value)
    if value in LOCALES:
        return value
    base = value.split("-")[0]
    for loc in LOCALES:
        if loc.split("-")[0] == base:
            return loc
    return "en"
