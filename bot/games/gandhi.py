"""Gandhi's look-ups a player makes outside a decision: a card, a space,
where a rule is (registered as the game's ``lookup``, engine/gandhi/spec.py).

One implementation for every front end: the Discord cogs (/card, /space,
/rules) and the console (the same commands) reach these through
:mod:`bot.lookup`, so the two never answer differently. Texts are in the
player's language (bot catalogs; names from the game's catalogs); card texts
in the language's fields of the card data (English when missing).
"""
from __future__ import annotations

import re

from engine.gandhi.data import get_data
from engine.gandhi.data.cards import LANGS as CARD_LANGS

from ..i18n import chain, faction_name, name, t
from ..service import ServiceError
from .places import find_place, piece_summary, place_details, squash

#: Chapter titles of the rulebook (Gandhi 1.0-8.0), English defaults; the
#: catalogs carry the Italian, Spanish and Japanese headings of the seeds.
CHAPTERS = {
    "1": "Introduction", "2": "Sequence of Play", "3": "Operations", "4": "Special Activities",
    "5": "Events", "6": "Campaign Rounds", "7": "Victory", "8": "Non-player Factions",
}
SPACE_TYPES = {"city": "City", "province": "Province", "princely_state": "Princely State", "railway": "Railway"}


def card_field(card, field: str, locale: str | None) -> str:
    """A card's ``title``/``unshaded``/``shaded`` in ``locale``: the field
    ``<field>_<lang>`` of cards.yaml (``title_it``, ``shaded_ja`` ...), English
    when the language has none. Italic markup of the seed (``<i>``) becomes
    Markdown."""
    text = ""
    for lang in chain(locale):
        text = getattr(card, field if lang == "en" else f"{field}_{lang}", "") or ""
        if text:
            break
    return _ITALIC.sub(r"*\1*", text)


_ITALIC = re.compile(r"<i>(.*?)</i>", re.DOTALL)


def card_text(number: int, locale: str) -> str:
    """``/card N``: title, Faction order and both texts (Event cards), or the
    Viceroy and capability (Campaign cards), in ``locale`` (:func:`card_field`).
    Markdown (``**``) for Discord. Raises ServiceError ``error.no_card`` for a
    number that is no card."""
    cards = get_data().cards
    if number in cards.events:
        c = cards.events[number]
        order = ", ".join(faction_name(locale, f) for f in c.faction_order)
        return (f"**#{number} {card_field(c, 'title', locale)}**\n"
                f"{t(locale, 'card.order', 'Faction order: {order}', order=order)}\n"
                f"{t(locale, 'card.unshaded', 'Unshaded:')} {card_field(c, 'unshaded', locale)}\n"
                f"{t(locale, 'card.shaded', 'Shaded:')} {card_field(c, 'shaded', locale)}")
    if number in cards.campaigns:
        c = cards.campaigns[number]
        ct = c.texts(next((lang for lang in chain(locale) if lang in CARD_LANGS), "en"))
        head = t(locale, "card.campaign", "Campaign: {viceroy} ({tenure})", viceroy=ct["viceroy"], tenure=c.tenure)
        return f"**#{number} {head}**\n{ct['capability']}: {ct['raj_capability']}"
    raise ServiceError("error.no_card", "There is no card #{number}.", number=number)


def find_space(name: str) -> str:
    """The space id for an id or a name typed in any case, spacing or with a
    small typo (``"bombay"``, ``"NW Frontier"``, ``"Punjb"``): an exact match
    first, else the one close match (difflib). Raises ServiceError
    ``error.no_space`` (with up to three suggestions) when there is no single
    answer."""
    spaces = get_data().map.spaces
    names = {}
    for sid, s in spaces.items():
        names[squash(sid)] = sid
        names[squash(s.name)] = sid
    return find_place(name, names, lambda sid: spaces[sid].name)


def space_text(sid: str, locale: str) -> str:
    """``/space``: the space's name, kind, Population, Muslim and Econ, and
    what it is adjacent to (1.3)."""
    data = get_data().map
    s = data.spaces[sid]
    kind = t(locale, f"space.type.{s.type}", SPACE_TYPES.get(s.type, s.type))
    parts = [t(locale, "space.pop", "Population {pop}", pop=s.population)]
    if s.muslim:
        parts.append(t(locale, "space.muslim", "Muslim"))
    if s.econ:
        parts.append(t(locale, "space.econ", "Econ {econ}", econ=s.econ))
    adj = ", ".join(sorted(name(locale, a, "gandhi") for a in data.adjacent.get(sid, ())))
    return "\n".join([f"**{name(locale, sid, 'gandhi')}** ({kind}), " + ", ".join(parts),
                      t(locale, "space.adjacent", "Adjacent: {spaces}", spaces=adj or "-")])


def rules_text(section: str, locale: str) -> str:
    """``/rules 3.2.1``: which chapter of the rulebook holds that rule.
    Raises ServiceError ``error.no_rule`` outside chapters 1-8."""
    section = section.strip()
    chapter = section.split(".")[0]
    if chapter not in CHAPTERS:
        raise ServiceError("error.no_rule", "There is no rule {section}: chapters are 1 to 8.", section=section[:20])
    title = t(locale, f"rules.chapter.{chapter}", CHAPTERS[chapter])
    return t(locale, "rules.where", "Rule {section} is in chapter {chapter}: {title}.",
             section=section, chapter=chapter, title=title)


def card_title(number: int, locale: str | None) -> str:
    """A card's title in ``locale`` (``title_<lang>`` of cards.yaml, English
    when missing); a Campaign card as "Campaign (Viceroy)"; "#N" for no card."""
    cards = get_data().cards
    if number in cards.events:
        c = cards.events[number]
        return next((title for lang in chain(locale)
                     if (title := c.title if lang == "en" else getattr(c, f"title_{lang}", ""))), c.title)
    if number in cards.campaigns:
        viceroy = cards.campaigns[number].viceroy
        vid = next((sid for sid, n in _viceroy_ids().items() if n == viceroy), None)
        return t(locale, "card.campaign_short", "Campaign ({viceroy})",
                 viceroy=name(locale, vid, "gandhi") if vid else viceroy)
    return f"#{number}"


def _viceroy_ids() -> dict[str, str]:
    import engine

    return engine.display_names("gandhi")


def card_choices(current: str, locale: str | None = "en") -> list[tuple[str, int]]:
    """(label, number) of the cards whose "#N Title" in ``locale`` (or in
    English) contains ``current`` (autocomplete of /card), Event cards then
    Campaign cards."""
    cur = current.lower().lstrip("#")
    cards = get_data().cards
    out = []
    for n in [*sorted(cards.events), *sorted(cards.campaigns)]:
        label = f"#{n} {card_title(n, locale)}"
        if cur in label.lower() or cur in f"#{n} {card_title(n, 'en')}".lower():
            out.append((label, n))
    return out


def space_choices(current: str, locale: str | None = "en") -> list[tuple[str, str]]:
    """(name in ``locale``, id) of the spaces whose id, English name or name
    in ``locale`` contains ``current`` (autocomplete of /space)."""
    cur = current.lower()
    out = []
    for sid, s in get_data().map.spaces.items():
        local = name(locale, sid, "gandhi")
        if cur in sid or cur in s.name.lower() or cur in local.lower():
            out.append((local, sid))
    return out


def status_lines(exported: dict, locale: str) -> list[str]:
    """Gandhi's tracks for /game status (1.6-1.8): Restraint, Unity and the
    Raj's and Revolutionaries' Resources, from ``export_state``."""
    tr = exported["tracks"]
    return [t(locale, "status.tracks", "Restraint {restraint}, Unity {unity}, Resources: Raj {raj}, "
              "Revolutionaries {rev}.", restraint=tr["restraint"], unity=tr["unity"],
              raj=tr["resources"]["raj"], rev=tr["resources"]["rev"])]


#: What the bot layer says in Gandhi's own terms (issue 38): the English
#: defaults of keys built at run time, read by bot/locales/extract.py.
TEXTS = {
    "faction.raj": "British Raj", "faction.inc": "Congress", "faction.ml": "Muslim League",
    "faction.rev": "Revolutionaries",
    "bot.name.gandhi": "the Arjuna bot",
}

#: The seat layouts of ``GameSpec.seat_layouts`` as /game new lists them
#: (rule 1.5: who shares seats with three players): (English name, catalog key).
LAYOUTS = {
    "standard": ("standard (Congress + League together)", "opt.layout.standard"),
    "raj_rev": ("Raj + Revolutionaries together", "opt.layout.raj_rev"),
}


def bot_name(locale: str | None) -> str:
    """The name of the bot that plays an empty seat (rules 8.x: the Arjuna
    Non-player), as a sentence's subject or object in ``locale``."""
    return t(locale, "bot.name.gandhi", TEXTS["bot.name.gandhi"])


#: the Event choices of the Sequence of Play and the card text each reads
EVENT_SIDES = {"event-unshaded": "unshaded", "event-shaded": "shaded"}


def choice_details(load, choice_ids: list[str], locale: str) -> dict[str, str]:
    """What a player needs to pick each choice (issue 31 item 7): for a
    choice naming a space, the pieces there ("Troop ×3, Sepoy ×1,
    Congress Activist ×2"); for an Event choice, that side's text of the
    current card in ``locale``. ``load()`` gives the state (called only
    when some choice needs it)."""
    out = place_details(load, choice_ids, get_data().map.spaces,
                        lambda state, sid: piece_summary(state.spaces[sid].pieces, locale, "gandhi"))
    events = [cid for cid in choice_ids if cid in EVENT_SIDES]
    card = get_data().cards.events.get(load().current) if events else None
    for cid in events if card is not None else ():
        out[cid] = card_field(card, EVENT_SIDES[cid], locale)
    return out
