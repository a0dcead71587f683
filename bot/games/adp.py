"""A Distant Plain's look-ups (registered as the game's ``lookup``,
engine/adp/spec.py): a card (number, title, flags, faction order; no text:
the players resolve Events, unless the owners give the texts in the
overrides file), a space, where a rule is, the tracks for
/game status. Texts are in the player's language (bot catalogs)."""
from __future__ import annotations

from engine.adp.data import get_data

from ..i18n import faction_name, name, render, t
from ..service import ServiceError
from .gandhi import CHAPTERS
from .places import find_place, piece_summary, place_details, squash

SPACE_TYPES = {"city": "City", "province": "Province", "loc": "LoC"}


def card_title(number: int, locale: str | None) -> str:
    """Card ``number``'s title in ``locale``: the owners' title from the
    overrides file (``card_texts``), else the reference title."""
    data = get_data()
    return data.card_text(number, locale).get("title") or data.cards[number].title


def card_text(number: int, locale: str) -> str:
    """``/card N``: number, title, faction order (provisional), Capability /
    Momentum / Islamabad flags, and the card's texts when the owners gave
    them (overrides file ``card_texts``). Raises ServiceError ``error.no_card``."""
    cards = get_data().cards
    if number not in cards:
        raise ServiceError("error.no_card", "There is no card #{number}.", number=number)
    c = cards[number]
    order = ", ".join(faction_name(locale, f) for f in c.faction_order)
    flags = [name for name, on in (("Capability", c.capability), ("Momentum", bool(c.momentum)),
                                    ("Islamabad", c.islamabad)) if on]
    lines = [f"**#{number} {card_title(number, locale)}**", t(locale, "card.order", "Faction order: {order}", order=order)]
    if flags:
        lines.append(t(locale, "card.adp_flags", "Kind: {flags}", flags=", ".join(flags)))
    texts = text_lines(number, None, locale)
    if texts:
        return "\n".join(lines + texts)
    lines.append(t(locale, "card.adp_no_text", "Card text not included: the faction taking the Event applies it "
                   "change by change. Provisional data (faction order, flags)."))
    return "\n".join(lines)


def _label(field: str, locale: str) -> str:
    """"Unshaded:" / "Shaded:" (bot catalog, as Gandhi's cards), "Capability:" /
    "Momentum:" (the game catalog's names)."""
    if field in ("unshaded", "shaded"):
        return t(locale, f"card.{field}", f"{field.capitalize()}:")
    return f"{name(locale, field, 'adp')}:"


def text_lines(number: int, side: str | None, locale: str) -> list[str]:
    """The owners' texts of card ``number`` in ``locale`` (English when that
    language is not given), one line each: both sides (``side`` None) or
    one, then its Capability / Momentum text; [] when none was given (the
    Event prompt and /card show them)."""
    text = get_data().card_text(number, locale)
    fields = [f for f in ("unshaded", "shaded") if side in (None, f)] + ["capability", "momentum"]
    return [f"{_label(f, locale)} {text[f]}" for f in fields if text.get(f)]


def find_space(name: str) -> str:
    """The space or LoC id for an id or a name in any case or with a small
    typo. Raises ServiceError ``error.no_space`` / ``error.no_space_suggest``."""
    spaces = get_data().spaces
    names = {}
    for sid, s in spaces.items():
        names[squash(sid)] = sid
        names[squash(s.name)] = sid
    return find_place(name, names, lambda sid: spaces[sid].name)


def space_text(sid: str, locale: str) -> str:
    """``/space``: kind, Population or Econ, Pashtun, Pakistan, adjacency."""
    data = get_data()
    s = data.spaces[sid]
    kind = t(locale, f"space.type.{s.type}", SPACE_TYPES.get(s.type, s.type))
    parts = [t(locale, "space.econ", "Econ {econ}", econ=s.econ) if s.is_loc
             else t(locale, "space.pop", "Population {pop}", pop=s.population)]
    if s.pashtun:
        parts.append("Pashtun")
    if s.pakistan:
        parts.append("Pakistan")
    adj = ", ".join(sorted(data.spaces[a].name for a in data.adjacent[sid]))
    return "\n".join([f"**{s.name}** ({kind}), " + ", ".join(parts),
                      t(locale, "space.adjacent", "Adjacent: {spaces}", spaces=adj or "-")])


def rules_text(section: str, locale: str) -> str:
    """``/rules 3.2.1``: the chapter (A Distant Plain's chapter 6 is Propaganda)."""
    section = section.strip()
    chapter = section.split(".")[0]
    if chapter not in CHAPTERS:
        raise ServiceError("error.no_rule", "There is no rule {section}: chapters are 1 to 8.", section=section[:20])
    title = (t(locale, "rules.chapter.adp6", "Propaganda Rounds") if chapter == "6"
             else t(locale, f"rules.chapter.{chapter}", CHAPTERS[chapter]))
    return t(locale, "rules.where", "Rule {section} is in chapter {chapter}: {title}.",
             section=section, chapter=chapter, title=title)


def card_choices(current: str, locale: str | None = "en") -> list[tuple[str, int]]:
    """(label, number) of the cards whose "#N Title" contains ``current``
    (autocomplete of /card; titles as the reference gives them)."""
    cur = current.lower().lstrip("#")
    labels = [(f"#{n} {card_title(n, locale)}", n) for n in sorted(get_data().cards)]
    return [(label, n) for label, n in labels if cur in label.lower()]


def space_choices(current: str, locale: str | None = "en") -> list[tuple[str, str]]:
    """(name, id) of the spaces whose id or name contains ``current``
    (autocomplete of /space)."""
    cur = current.lower()
    return [(s.name, sid) for sid, s in get_data().spaces.items() if cur in sid or cur in s.name.lower()]


def status_lines(exported: dict, locale: str) -> list[str]:
    """A Distant Plain's tracks for /game status."""
    tr = exported["tracks"]
    r = tr["resources"]
    return [t(locale, "status.adp_tracks", "Aid {aid}, Patronage {patronage}, Resources: Government {gov}, "
              "Taliban {tal}, Warlords {wl}; Islamabad {box}.", aid=tr["aid"], patronage=tr["patronage"],
              gov=r["government"], tal=r["taliban"], wl=r["warlords"], box=tr["islamabad"]["box"])]


def proposal(state, locale: str) -> tuple[str, list[str]] | None:
    """The post of an Event just entered, while another seat may still
    challenge it (issue 33; engine.adp.proposal): its before/after summary
    in ``locale`` and how to challenge it, with the spaces it touched (for
    the phone picture); None when no Event is open to a challenge."""
    from engine.adp.proposal import open_to_challenge

    e = open_to_challenge(state)
    if e is None:
        return None
    title = get_data().cards[e["card"]].title
    head = render(locale, {"key": "summary.head", "text": "{faction} entered Event {event} ({side}):",
                           "params": {"faction": e["faction"], "card": e["card"], "event": f"#{e['card']} {title}",
                                      "side": e["side"]}}, "adp")
    lines = [f"- {render(locale, c, 'adp')}" for c in e["changes"]] or [
        "- " + render(locale, {"key": "summary.none", "text": "no change", "params": {}}, "adp")]
    tail = render(locale, {"key": "summary.challenge", "params": {"command": t(locale, "cmd.challenge.name", "challenge")},
                           "text": "Any other seat may challenge it with /{command} before the next action; "
                                   "otherwise it stands."}, "adp")
    return "\n".join([f"**{head}**", *lines, tail]), list(e["spaces"])


def prompt_lines(d, locale: str) -> list[str]:
    """Under the Event prompt, the owners' text of the side being entered
    (and its Capability / Momentum text); nothing without an overrides file."""
    if d.step != "event.edit":
        return []
    p = d.prompt.params
    return text_lines(p["card"], p["side"], locale)


#: the Event choices of the Sequence of Play and the card text each reads
EVENT_SIDES = {"event-unshaded": "unshaded", "event-shaded": "shaded"}


def choice_details(load, choice_ids: list[str], locale: str) -> dict[str, str]:
    """For each choice naming a space or LoC, the pieces there ("Police ×2,
    Underground Taliban Guerrilla ×1"), in ``locale`` (issue 31 item 7);
    for an Event choice, the owners' text of that side of the current card
    when the overrides file gives it (issue 33). ``load()`` gives the state
    (called only when some choice needs it)."""
    out = place_details(load, choice_ids, get_data().spaces,
                        lambda state, sid: piece_summary(state.spaces[sid].pieces, locale, "adp"))
    events = [cid for cid in choice_ids if cid in EVENT_SIDES]
    if events and get_data().texts:
        card = load().current
        for cid in events:
            text = get_data().card_text(card, locale).get(EVENT_SIDES[cid]) if card in get_data().cards else None
            if text:
                out[cid] = text
    return out
