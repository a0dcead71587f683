"""Gandhi cards as validated data: 72 Event cards (2.3, 5.0) and 7 Campaign
cards with their Viceroys (2.4, 2.5).

Raises DataError naming the file, the card and the problem (a faction order
that is not a permutation of the four factions, a duplicate number …).
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from ...core.errors import DataError

FACTIONS = ("raj", "inc", "ml", "rev")


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
    text_es_source: str = ""
    text_es_note: str | None = None
    title_ja: str = ""
    unshaded_ja: str = ""
    shaded_ja: str = ""
    text_ja_source: str = ""
    text_ja_note: str | None = None


class CampaignCard(_Model):
    """A Campaign card (73-79): its Viceroy and Raj capability (2.5.1)."""

    number: int = Field(ge=73, le=79)
    viceroy: str
    tenure: str | None = None
    capability: str = ""
    capability_it: str | None = None
    raj_capability: str | None = None
    np_raj_modification: str | None = None

    @property
    def key(self) -> str:
        """Short id of the Viceroy: ``"chelmsford"``, ``"reading"`` …"""
        return self.viceroy.split()[-1].lower()


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
        events[card.number] = card
    campaigns: dict[int, CampaignCard] = {}
    for entry in raw.get("campaign_cards", []):
        n = entry.get("number", "?")
        try:
            cc = CampaignCard.model_validate(entry)
        except Exception as e:
            raise DataError(f"{source}: campaign card {n}: {e}") from None
        campaigns[cc.number] = cc
    if sorted(events) != list(range(1, 73)):
        missing = sorted(set(range(1, 73)) - set(events))
        raise DataError(f"{source}: event cards: missing {missing}")
    if sorted(campaigns) != list(range(73, 80)):
        raise DataError(f"{source}: campaign cards: need 73-79, have {sorted(campaigns)}")
    return CardsData(events, campaigns)
