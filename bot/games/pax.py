"""Pax Britannica's look-ups (registered as the game's ``lookup``,
engine/pax/spec.py): a place (land area, home country, sea zone, Cape), the
tracks for /game status; Pax has no cards and no numbered rule sections.

Every place is named as the game's catalog names it in the player's
language (``name.<id>`` of engine/pax/locales, through :func:`bot.i18n.name`);
a player finds a place by its name in any of the four languages, its English
name or its id.
"""
from __future__ import annotations

import functools

import engine
from engine.pax.data import get_data
from engine.pax.negotiation import term_text

from ..i18n import LOCALES, _join, name, render, t
from ..service import ServiceError
from .places import find_place, place_details, squash

GAME = "pax"


def _places() -> list[str]:
    """Ids of every place a player may look up: land areas, home countries,
    sea zones and the two Capes (L15, L27, L626)."""
    d = get_data()
    capes = [c["id"] for c in d.raw_map.get("cape_zones", [])]
    return [*d.areas, *d.homes, *d.seas, *capes]


@functools.lru_cache(maxsize=1)
def _keys() -> dict[str, str]:
    """Squashed id and names in every language -> place id."""
    english = engine.display_names(GAME)
    out: dict[str, str] = {}
    for pid in _places():
        for text in [pid, english.get(pid, pid), *(name(loc, pid, GAME) for loc in LOCALES)]:
            for variant in (text, text.split(" (")[0].split("（")[0]):
                out.setdefault(squash(variant), pid)
    return out


def find_space(text: str, locale: str | None = "en") -> str:
    """The place id for an id or a name in any language, case or with a small
    typo ("Egitto", "エジプト", "egypt", "Egpyt"). Raises ServiceError
    ``error.no_space`` / ``error.no_space_suggest`` (suggestions named in
    ``locale``) when there is no single answer."""
    return find_place(text, _keys(), lambda p: name(locale, p, GAME))


def _names(locale: str, ids) -> str:
    return _join(locale, sorted(name(locale, i, GAME) for i in ids)) or "-"


def space_text(pid: str, locale: str) -> str:
    """``/space``: a land area's type, Economic Value and Combat Strength
    (marked provisional unless a source gives them), its Overland Routes and
    sea zones (L15-31); a home country's routes; a sea zone's neighbours."""
    d = get_data()
    title = f"**{name(locale, pid, GAME)}**"
    if pid in d.areas:
        a = d.areas[pid]
        kind = t(locale, f"space.type.pax_{a.type.lower().replace(' ', '_')}", a.type)
        values = t(locale, "space.pax_values", "Economic Value {ev}, Combat Strength {cs}",
                   ev=a.economic_value, cs=a.combat_strength)
        if not a.facts_verified:
            note = t(locale, "space.pax_provisional", "(provisional: not in the rules)")
            values += note if note.startswith("（") else " " + note
        return "\n".join([f"{title} ({kind}), {values}", _routes(locale, a.overland, a.coastal)])
    if pid in d.homes:
        h = d.homes[pid]
        return "\n".join([f"{title} ({t(locale, 'space.type.pax_home', 'home country')})",
                          _routes(locale, h.overland, h.coastal)])
    if pid in d.seas:
        seas = [to for to, _via in d.seas[pid].links]
        kind = t(locale, "space.type.pax_sea", "sea zone")
    else:
        cape = next(c for c in d.raw_map["cape_zones"] if c["id"] == pid)
        seas, kind = cape.get("adjacent", []), t(locale, "space.type.pax_cape", "Cape zone: a sea zone in war only")
    return "\n".join([f"{title} ({kind})", t(locale, "space.adjacent", "Adjacent: {spaces}",
                                             spaces=_names(locale, seas))])


def _routes(locale: str, overland, coastal) -> str:
    return "\n".join([t(locale, "space.pax_overland", "Overland Routes: {areas}", areas=_names(locale, overland)),
                      t(locale, "space.pax_seas", "Sea zones: {seas}", seas=_names(locale, coastal))])


def space_choices(current: str, locale: str | None = "en") -> list[tuple[str, str]]:
    """(name in ``locale``, id) of the places whose id, English name or name
    in ``locale`` contains ``current`` (autocomplete of /space), sorted by
    the name the player reads."""
    cur = current.casefold()
    english = engine.display_names(GAME)
    out = []
    for pid in _places():
        local = name(locale, pid, GAME)
        if cur in pid or cur in english.get(pid, pid).casefold() or cur in local.casefold():
            out.append((local, pid))
    return sorted(out)


def card_text(number: int, locale: str) -> str:
    """Pax Britannica has no cards: ServiceError ``error.no_card_pax``."""
    raise ServiceError("error.no_card_pax", "Pax Britannica has no cards.")


def card_choices(current: str, locale: str | None = "en") -> list[tuple[str, int]]:
    """No cards to suggest."""
    return []


def rules_text(section: str, locale: str) -> str:
    """The rules have no numbered sections (the seed is cited by line):
    ServiceError ``error.no_rule_pax``."""
    raise ServiceError("error.no_rule_pax", "Pax Britannica's rules have no numbered sections: the log and the "
                       "rulings cite lines of the Italian rulebook (L1-L721).")


def status_lines(exported: dict, locale: str) -> list[str]:
    """Pax's tracks for /game status: year, turn, phase, European Tension,
    Chinese Resentment; each Great Power's treasury and VP, by name (the
    Chinese and Ottoman Empires at war are no Great Powers)."""
    powers = [t(locale, "status.pax_power", "{power} £{treasury}, {vp} VP", power=name(locale, p, GAME),
                treasury=ps["treasury"], vp=ps["vp"])
              for p, ps in exported["powers"].items() if ps["kind"] not in ("minor", "native")]
    return [t(locale, "status.pax_tracks", "{year} (turn {turn}/{turns}): {phase}. European Tension {et}, "
              "Chinese Resentment {cr}.", year=exported["year"], turn=exported["turn"], turns=exported["turns"],
              phase=name(locale, exported["phase"], GAME), et=exported["et"], cr=exported["cr"]),
            t(locale, "status.pax_powers", "Treasury and VP: {powers}", powers="; ".join(powers))]


def choice_details(load, choice_ids: list[str], locale: str) -> dict[str, str]:
    """For each choice naming a land area: its Economic Value and Combat
    Strength, who holds which status there, and Unrest ("EV 2, CS 0 ·
    Great Britain: Possession · Unrest"); for an answer to a proposal
    ("accept-3") or a Congress vote or signature, the terms it answers, in
    ``locale`` (issue 31 item 7). ``load()`` gives the state (called only
    when some choice needs it)."""
    areas = get_data().areas
    out = place_details(load, choice_ids, areas, lambda state, aid: _area_detail(state, areas[aid], locale))
    answers = [cid for cid in choice_ids if cid.partition("-")[0] in ANSWERS or cid in VOTES]
    if answers:
        state = load()
        for cid in answers:
            terms = _terms_answered(state, cid)
            if terms is not None:
                out[cid] = _join(locale, [render(locale, term_text(x), GAME) for x in terms])
    return out


#: the answers to a proposal of Negotiation ("accept-<id>", phase 7), a
#: Congress's vote and signature (phase 8) and a peace treaty's signature
#: (phase 10): their details are the terms
ANSWERS = ("accept", "refuse")
VOTES = ("yes", "no", "abstain", "sign", "refuse")


def _terms_answered(state, cid: str) -> list | None:
    """The terms the answer ``cid`` is about: proposal <id>'s, the treaty
    the Congress votes on or has adopted, or the peace treaty put to the
    signature; None when there is none."""
    word, _, n = cid.partition("-")
    if word in ANSWERS and n.isdigit():
        return next((p["terms"] for p in state.proposals if p["id"] == int(n)), None)
    top = state.stack[-1] if state.stack else {}
    congress = state.congress or {}
    if top.get("step") == "pax.congress_vote":
        return congress["proposals"][top["index"]]["terms"]
    if top.get("step") == "pax.congress_sign":
        return next((p["terms"] for p in congress["proposals"] if p["id"] == congress.get("adopted")), None)
    if top.get("step") == "pax.war_treaty_sign":  # a war's peace treaty (ruleset 3, L684)
        return top["proposals"][top["index"]]["terms"]
    return None


def _area_detail(state, area, locale: str) -> str:
    parts = [t(locale, "detail.pax_values", "EV {ev}, CS {cs}", ev=area.economic_value, cs=area.combat_strength)]
    live = state.areas.get(area.id)
    if live is not None:
        parts += [f"{name(locale, p, GAME)}: {name(locale, s.level, GAME)}" for p, s in live.statuses.items()]
        if live.unrest:
            parts.append(t(locale, "detail.unrest", "Unrest"))
    return " · ".join(parts)
