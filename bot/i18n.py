"""Bot strings and engine messages per locale (DESIGN §2, §5).

Catalogs are gettext ``.po`` files under ``bot/locales/<lang>/LC_MESSAGES/dakbot.po``
read with Babel at first use (no compile step, so ``pip install -e .`` is
enough). The msgid is the message *key* (``"bot.game_created"``,
``"log.pass"`` ...); the msgstr is a ``str.format`` template over the
message's params.

Engine messages have their own catalogs per game,
``engine/<game>/locales/<lang>.po`` (same format; see the README there).

Lookup order for a key: for the locale, its base language (``es-ES`` ->
``es``), then English: the game's catalog, then the bot catalog; last the
:class:`engine.Message` English fallback text. Parameters are rendered as
names in the locale (``name.<id>`` entries of the game catalog: spaces,
pieces, Factions, Operations ...; card titles from the card data), never as
ids. Templates may use ``{n:plural:one=...|other=...}`` (CLDR plural
categories, Babel) and, in English, ``{kind:a}`` (the name with "a"/"an").
"""
from __future__ import annotations

import functools
import os
import re
import string
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


def game_catalog(game: str, lang: str) -> dict[str, str]:
    """{msgid: msgstr} of a game's engine catalog for ``lang`` (non-empty
    entries only; {} when there is none): :func:`engine.core.catalogs.catalog`."""
    from engine.core.catalogs import catalog as _catalog

    return _catalog(game, lang)


def chain(locale: str | None) -> list[str]:
    """Languages to try for ``locale``: itself, its base language, English."""
    locale = locale or "en"
    out = [locale]
    base = locale.split("-")[0].split("_")[0]
    if base != locale:
        out.append(base)
    if "en" not in out:
        out.append("en")
    return out


def template(locale: str | None, key: str, game: str | None = None, *, any_game: bool = False) -> str | None:
    """The catalog template for ``key`` in ``locale`` (with fallbacks), or
    None: per language, the ``game``'s engine catalog first (``any_game``:
    the registered games' catalogs in order), then the bot's."""
    import engine

    games = (game,) if game else (tuple(engine.games()) if any_game else ())
    return _template(locale, key, games)


@functools.lru_cache(maxsize=1 << 16)
def _template(locale: str | None, key: str, games: tuple[str, ...]) -> str | None:
    # catalogs are read once per process and never change after, so a
    # template is looked up once per (locale, key, games): a prompt renders
    # dozens of labels, each formerly walking languages and catalogs again
    for lang in chain(locale):
        for g in games:
            s = game_catalog(g, lang).get(key)
            if s:
                return s
        s = catalog(lang).get(key)
        if s:
            return s
    return None


def faction_name(locale: str | None, faction: str) -> str:
    """The localized Faction name: the bot catalog's ``faction.<id>``, else a
    game catalog's ``name.<id>`` (a game that names its Factions in its own
    catalog); else the English name its game gives
    (``engine.display_names``); else the id."""
    return (template(locale, f"faction.{faction}") or template(locale, f"name.{faction}", any_game=True)
            or _names()[0].get(faction) or faction)


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


@functools.lru_cache(maxsize=None)
def _game_names(game: str | None) -> dict[str, str]:
    """English names of the ids ``game``'s messages carry (all registered
    games' when ``game`` is None)."""
    import engine

    return engine.display_names(game) if game else _names()[0]


@functools.lru_cache(maxsize=None)
def _ids_by_name(game: str | None) -> dict[str, str]:
    """English name -> id (messages that carry a name instead of an id)."""
    return {v: k for k, v in _game_names(game).items()}


_CARD = re.compile(r"^#(\d+) ")


def card_title(locale: str | None, number: int, game: str | None = None) -> str | None:
    """A card's title in ``locale``, from the ``card_title(number, locale)`` of
    the game's front-end module (``GameSpec.lookup``; ``game`` None: the
    default game); None when the game has no such titles."""
    import importlib

    import engine

    ref = engine.game_spec(game or engine.games()[0]).lookup
    fn = getattr(importlib.import_module(ref), "card_title", None) if ref else None
    return fn(number, locale) if fn else None


def name(locale: str | None, ident: str, game: str | None = None) -> str:
    """The name of an id (space, piece, Faction, Operation, box ...) in
    ``locale``: ``name.<id>`` of the game catalog, the Faction names of the
    bot catalog, else the English name, else the id itself. ``game`` None:
    the registered games' catalogs in order (the first naming the id wins)."""
    if ident in _names()[1]:
        return faction_name(locale, ident)
    return (template(locale, f"name.{ident}", game, any_game=game is None)
            or _game_names(game).get(ident, ident))


def _value(locale: str | None, key: str, v: Any, game: str | None,
           games: tuple[str, ...] | None = None) -> Any:
    """One parameter made readable in ``locale`` (see :func:`_params`);
    ``games``: the registered games (``engine.games()``) when the caller has them."""
    if isinstance(v, bool) or not isinstance(v, (str, list, tuple)):
        return v
    if games is None:
        games = _registered()
    if isinstance(v, (list, tuple)):
        return _join(locale, [str(_value(locale, key, x, game, games)) for x in v])
    named = _named(locale, key in _FACTION_PARAMS, v, game, games)
    if named is not None:
        return named
    m = _CARD.match(v)
    if m and (title := card_title(locale, int(m.group(1)), game)):
        return f"#{m.group(1)} {title}"
    if ", " in v:
        names, ids = _game_names(game), _ids_by_name(game)
        parts = v.split(", ")
        if all(p in ids or p in names for p in parts):
            return _join(locale, [str(_value(locale, key, p, game, games)) for p in parts])
    return v


def _registered() -> tuple[str, ...]:
    import engine

    return tuple(engine.games())


@functools.lru_cache(maxsize=1 << 16)
def _named(locale: str | None, faction_param: bool, v: str, game: str | None,
           games: tuple[str, ...]) -> str | None:
    """``v`` as a name in ``locale`` when it is a Faction id (``faction_param``:
    a Faction's parameter), an id or an English name of ``game`` (None: the
    registered ``games``'), else None. Issue 21: speed: names are fixed data
    (catalogs and display names are read once), so each is looked up once
    per locale, not once per label of every prompt; card titles (which
    follow the data in force) are not cached."""
    if faction_param and v in _names()[1]:
        return faction_name(locale, v)
    names = _game_names(game)
    if v in names:
        return name(locale, v, game)
    ids = _ids_by_name(game)
    if v in ids:
        return name(locale, ids[v], game)
    return None


def _join(locale: str | None, items: list[str]) -> str:
    return ("、" if (locale or "").startswith("ja") else ", ").join(items)


def _params(locale: str | None, params: dict[str, Any], game: str | None = None) -> dict[str, Any]:
    """Parameters made readable: ids (spaces, pieces, Factions, Operations,
    boxes ...) and English names become names in ``locale``, "#N Title" the
    card's title in ``locale``, lists joined; numbers stay numbers."""
    games = _registered()
    out = {k: _value(locale, k, v, game, games) for k, v in params.items()}
    if isinstance(params.get("card"), int) and "event" in params and (
            title := card_title(locale, params["card"], game)):
        out["event"] = f"#{params['card']} {title}"
    return out


class _Formatter(string.Formatter):
    """``str.format`` plus the catalog specs ``plural:`` and ``a``."""

    def __init__(self, locale: str | None):
        super().__init__()
        self.locale = locale or "en"

    def format_field(self, value: Any, spec: str) -> str:
        if spec.startswith("plural:"):
            return _plural(self.locale, value, spec[len("plural:"):])
        if spec == "a":
            text = str(value)
            return ("an " if text[:1].upper() in "AEIOU" else "a ") + text
        return super().format_field(value, spec)


@functools.lru_cache(maxsize=None)
def _plural_rule(locale: str):
    from babel import Locale
    from babel.core import UnknownLocaleError

    try:
        return Locale.parse(locale.replace("-", "_")).plural_form
    except (UnknownLocaleError, ValueError):  # an unknown locale: English rules
        return Locale.parse("en").plural_form


def _plural(locale: str, value: Any, forms: str) -> str:
    """``one=Guerriglia|other=Guerriglie`` -> the form for ``value`` by the
    CLDR plural category of ``locale`` (``other`` when missing)."""
    table = _forms(forms)
    try:
        cat = _category(locale, abs(int(value)))
    except (TypeError, ValueError):
        cat = "other"
    return table.get(cat, table.get("other", ""))


@functools.lru_cache(maxsize=4096)
def _forms(forms: str) -> dict[str, str]:
    """``one=a|other=b`` as {category: form} (issue 21: speed: parsed once; read only)."""
    return dict(part.split("=", 1) for part in forms.split("|") if "=" in part)


@functools.lru_cache(maxsize=4096)
def _category(locale: str, n: int) -> str:
    """The CLDR plural category of ``n`` in ``locale`` (issue 21: speed: Babel's rule once per count)."""
    return _plural_rule(locale)(n)


def fill(locale: str | None, tpl: str, params: dict[str, Any]) -> str:
    """``tpl`` formatted with ``params`` (already readable) in ``locale``."""
    if ":plural:" not in tpl and ":a}" not in tpl:  # no spec of ours: str.format's own, quicker
        return tpl.format_map(params)
    return _Formatter(locale).vformat(tpl, (), params)


def t(locale: str | None, key: str, default: str = "", *, in_game: str | None = None, **params: Any) -> str:
    """A bot string: the catalog template for ``key`` formatted with ``params``;
    ``default`` (or the key) when no catalog has it. ``in_game``: the game
    whose ids, names and card numbers ("#4 …") the parameters carry (None:
    the registered games in order, and "#N" a card of the first game)."""
    tpl = template(locale, key) or default or key
    try:
        return fill(locale, tpl, _params(locale, params, in_game))
    except (KeyError, IndexError, ValueError, AttributeError):
        return tpl


def render(locale: str | None, message: Message | dict[str, Any], game: str | None = None) -> str:
    """An engine :class:`Message` (or its dict) as text in ``locale``: the
    ``game``'s catalog (None: the registered games' in order), the bot's,
    English, else the message's English text."""
    if isinstance(message, dict):
        message = Message.from_dict(message)
    items = tuple(message.params.items())
    if _fixed(items):
        return _rendered(locale, message.key, items, message.text, game, _registered())
    return _render(locale, message, game)


def _fixed(items: tuple[tuple[str, Any], ...]) -> bool:
    """Whether a message with these parameters renders from fixed data only
    (catalogs, names): values that are None, ints or strings (exactly: 1,
    True and 1.0 are equal keys but render differently), no card ("#N
    Title", ``card`` with ``event``: card titles follow the game data in
    force, which may be reloaded)."""
    for k, v in items:
        t = type(v)
        if not (v is None or t is int or (t is str and not v.startswith("#"))) or k == "event":
            return False
    return True


@functools.lru_cache(maxsize=1 << 14)
def _rendered(locale: str | None, key: str, items: tuple[tuple[str, Any], ...], text: str, game: str | None,
              games: tuple[str, ...]) -> str:
    """:func:`render` of a message of fixed data (:func:`_fixed`), with the
    registered ``games``. Issue 21: speed: a prompt's labels ("Delhi", "Troop
    to Agra" ...) come again in every prompt; each is rendered once per locale."""
    return _render(locale, Message(key, dict(items), text), game)


def _render(locale: str | None, message: Message, game: str | None) -> str:
    tpl = template(locale, message.key, game, any_game=game is None)
    params = _params(locale, message.params, game)
    if tpl:
        try:
            return fill(locale, tpl, params)
        except (KeyError, IndexError, ValueError, AttributeError):
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
