"""Gandhi cards as validated data: 72 Event cards (2.3, 5.0) and 7 Campaign
cards with their Viceroys (2.4, 2.5).

Each card carries its texts in English (ours), Italian (the printed Italian
cards, from the seed) and Spanish and Japanese (our translations, or the seed
where a rulebook quotes the card; ``text_<lang>_source`` says which). Raises
DataError naming the file, the card and the problem (a faction order that is
not a permutation of the four factions, a duplicate number, a missing
translation, unbalanced italics …).
"""
from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from ...core.errors import DataError

FACTIONS = ("raj", "inc", "ml", "rev")

#: languages of the card texts; "en" is the unsuffixed field (``title``)
LANGS = ("en", "it", "es", "ja")
#: the languages we translated (their texts say where they come from)
TRANSLATED = ("es", "ja")
#: allowed values of ``text_<lang>_source``
TEXT_SOURCES = ("dakbot translation", "seed", "seed + dakbot translation")
EVENT_TEXTS = ("title", "unshaded", "shaded")
CAMPAIGN_TEXTS = ("viceroy", "capability", "raj_capability", "np_raj_modification")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EventCard(_Model):
    """One Event card: its faction order (2.3.2), NP flags (8.8) and both texts."""

    number: int = Field(ge=1, le=72)
    title: str
    title_verified: bool = False
    title_it: str = ""
    faction_order: tuple[str, str, str, str]
    faction_order_verified: bool = False
    faction_order_reason: str | None = None
    critical: tuple[str, ...] = ()
    critical_verified: bool = False
    halo: tuple[str, ...] = ()
    halo_verified: bool = False
    unshaded: str = ""
    shaded: str = ""
    text_note: str | None = None
    unshaded_it: str = ""
    shaded_it: str = ""
    title_es: str = ""
    unshaded_es: str = ""
    shaded_es: str = ""
    title_ja: str = ""
    unshaded_ja: str = ""
    shaded_ja: str = ""
    text_es_source: str = ""
    text_es_note: str | None = None
    text_ja_source: str = ""
    text_ja_note: str | None = None

    def texts(self, lang: str) -> dict[str, str]:
        """``{"title", "unshaded", "shaded"}`` in ``lang`` (en/it/es/ja; any
        other language, or a missing text, falls back to English). Italics are
        marked ``<i>…</i>`` (Italian) or ``*…*`` (the others)."""
        return _texts(self, EVENT_TEXTS, lang)


class CampaignCard(_Model):
    """A Campaign card (73-79): its Viceroy and Raj capability (2.5.1)."""

    number: int = Field(ge=73, le=79)
    viceroy: str
    tenure: str | None = None
    capability: str = ""
    capability_it: str | None = None
    raj_capability: str | None = None
    np_raj_modification: str | None = None
    viceroy_it: str = ""
    raj_capability_it: str = ""
    np_raj_modification_it: str = ""
    viceroy_es: str = ""
    capability_es: str = ""
    raj_capability_es: str = ""
    np_raj_modification_es: str = ""
    viceroy_ja: str = ""
    capability_ja: str = ""
    raj_capability_ja: str = ""
    np_raj_modification_ja: str = ""
    text_es_source: str = ""
    text_es_note: str | None = None
    text_ja_source: str = ""
    text_ja_note: str | None = None

    def texts(self, lang: str) -> dict[str, str]:
        """``{"viceroy", "capability", "raj_capability", "np_raj_modification"}``
        in ``lang`` (en/it/es/ja; English where a text is missing)."""
        return _texts(self, CAMPAIGN_TEXTS, lang)

    @property
    def key(self) -> str:
        """Short id of the Viceroy: ``"chelmsford"``, ``"reading"`` …"""
        return self.viceroy.split()[-1].lower()


def _texts(card: BaseModel, fields: tuple[str, ...], lang: str) -> dict[str, str]:
    out = {}
    for f in fields:
        en = getattr(card, f) or ""
        out[f] = (getattr(card, f"{f}_{lang}", None) or en) if lang in LANGS[1:] else en
    return out


_MARKUP = re.compile(r"</?i>|\*")
_BRACE = re.compile(r"{[^{}]*}")


def text_problems(card: BaseModel, fields: tuple[str, ...]) -> list[str]:
    """What is wrong with a card's per-language texts (empty list: nothing).

    Every field of ``fields`` must be set in every language of LANGS; each
    translated language needs ``text_<lang>_source`` in TEXT_SOURCES; italics
    must be balanced (``<i>`` closed by ``</i>``, ``*`` paired, no nesting) and
    a text must carry the same ``{placeholders}`` as the English one.
    """
    problems = []
    for lang in LANGS:
        for f in fields:
            name = f if lang == "en" else f"{f}_{lang}"
            text = getattr(card, name, None)
            if not text:
                problems.append(f"{name} is missing")
                continue
            if not _balanced(text):
                problems.append(f"{name}: unbalanced italics (<i>…</i> or *…*)")
            if sorted(_BRACE.findall(text)) != sorted(_BRACE.findall(getattr(card, f) or "")):
                problems.append(f"{name}: placeholders differ from {f}")
    for lang in TRANSLATED:
        src = getattr(card, f"text_{lang}_source")
        if src not in TEXT_SOURCES:
            problems.append(f"text_{lang}_source is {src!r}, not one of {list(TEXT_SOURCES)}")
    return problems


def _balanced(text: str) -> bool:
    italic = None
    for tag in _MARKUP.findall(text):
        if tag == "</i>" and italic == "<i>" or tag == "*" and italic == "*":
            italic = None
        elif tag in ("<i>", "*") and italic is None:
            italic = tag
        else:
            return False
    return italic is None


class CardsData:
    def __init__(self, events: dict[int, EventCard], campaigns: dict[int, CampaignCard]):
        self.events = events
        self.campaigns = campaigns

    def is_campaign(self, number: int) -> bool:
        return number in self.campaigns

    def viceroy_key(self, number: int | None) -> str | None:
        return self.campaigns[number].key if number in self.campaigns else None


def build_cards(raw: dict, source: str) -> CardsData:
    """Validate raw cards YAML into :class:`CardsData`. Raises DataError."""
    events: dict[int, EventCard] = {}
    for entry in raw.get("event_cards", []):
        n = entry.get("number", "?")
        try:
            card = EventCard.model_validate(entry)
        except Exception as e:
            raise DataError(f"{source}: event card {n}: {e}") from None
        if sorted(card.faction_order) != sorted(FACTIONS):
            raise DataError(
                f"{source}: event card {n}: faction_order {list(card.faction_order)} "
                f"is not a permutation of {list(FACTIONS)}")
        for flag in ("critical", "halo"):
            bad = [f for f in getattr(card, flag) if f not in FACTIONS]
            if bad:
                raise DataError(f"{source}: event card {n}: {flag} names unknown faction(s) {bad}")
        if card.number in events:
            raise DataError(f"{source}: event card {n}: listed twice")
        problems = text_problems(card, EVENT_TEXTS)
        if problems:
            raise DataError(f"{source}: event card {n}: {'; '.join(problems)}")
        events[card.number] = card
    campaigns: dict[int, CampaignCard] = {}
    for entry in raw.get("campaign_cards", []):
        n = entry.get("number", "?")
        try:
            cc = CampaignCard.model_validate(entry)
        except Exception as e:
            raise DataError(f"{source}: campaign card {n}: {e}") from None
        problems = text_problems(cc, CAMPAIGN_TEXTS)
        if problems:
            raise DataError(f"{source}: campaign card {n}: {'; '.join(problems)}")
        campaigns[cc.number] = cc
    if sorted(events) != list(range(1, 73)):
        missing = sorted(set(range(1, 73)) - set(events))
        raise DataError(f"{source}: event cards: missing {missing}")
    if sorted(campaigns) != list(range(73, 80)):
        raise DataError(f"{source}: campaign cards: need 73-79, have {sorted(campaigns)}")
    return CardsData(events, campaigns)
