"""The terms of a proposal, offered a few at a time (ruleset 3; issue 34).

A proposal's terms (engine/pax/negotiation.py ``term_options``) are one per
status and area of either side: Great Britain's list runs past a hundred.
Ruleset 3 keeps a short list flat (at most :data:`FLAT` terms: one select,
one tap) and otherwise asks the kind of term first -- "Great Britain cedes
a status to France (12)" -- then the term of that kind (its area or
amount), with Back to the kinds. A kind offering one term is offered as
that term. Kinds this module does not name (added by later rules) are
always listed term by term.

Austria-Hungary (L224, L700): its player is Germany's, so in ruleset 3 a
proposal of or to Germany's seat may also give or take Austria-Hungary's
statuses (:func:`sides`); Austria-Hungary never pays £ to another power
("L'Austria non può mai prestare £ ad altre Potenze", L700).

The functions serve Negotiation (phase 7) and the Congress's proposals
(phase 8) alike: ``sub["pick"]`` holds the kind being chosen from.
"""
from __future__ import annotations

from typing import Any

from ..core.messages import Choice, msg
from .ruleset import at_least
from .state import PaxState

FLAT = 25  # one Discord select: a list this long is offered as it is
AUSTRIA = "austria_hungary"

KIND_TEXT = {  # pax.choice.terms_<kind>: one kind's terms, ``n`` of them
    "remove": "{giver} withdraws a status… ({n})",
    "reduce": "{giver} lowers an Influence to an Interest… ({n})",
    "cede": "{giver} cedes a status to {taker}… ({n})",
    "codominium": "{giver} grants {taker} a codominium… ({n})",
    "pay": "{giver} pays £ to {taker}… ({n})",
    "keep_out": "{giver} places no status in an area… ({n})",
}


def sides(state: PaxState, seat: str, other: str) -> list[tuple[str, str]]:
    """(giver, taker) pairs of a proposal between ``seat`` and ``other``:
    each way; ruleset 3, Austria-Hungary beside Germany each way too."""
    out = [(seat, other), (other, seat)]
    if at_least(state, 3) and AUSTRIA in state.powers and "germany" in (seat, other):
        them = other if seat == "germany" else seat
        out += [(AUSTRIA, them), (them, AUSTRIA)]
    return out


def allowed(t: dict[str, Any]) -> bool:
    """L700: Austria-Hungary never pays another power, and Germany's player
    makes defensive alliances in its name, never offensive ones (no
    ``support`` term with Austria-Hungary); it is not called to another's
    war by a treaty (engine/pax/war.py calls players only, and
    Austria-Hungary defends Germany by itself), so it gives no ``defend``
    term either. A status withdrawn or lowered is the same term whoever it
    favours: offered once, towards Germany, not again towards
    Austria-Hungary."""
    if t["kind"] in ("remove", "reduce") and t["taker"] == AUSTRIA:
        return False
    if t["kind"] == "support" and AUSTRIA in (t["giver"], t["taker"]):
        return False
    return not (t["kind"] in ("pay", "defend") and t["giver"] == AUSTRIA)


def _key(t: dict[str, Any]) -> str:
    return f"{t['kind']}:{t['giver']}:{t['taker']}"


def choices(state: PaxState, sub: dict[str, Any], options: list[dict[str, Any]],
            label) -> list[Choice]:
    """The choices for the next term: ``options`` (the terms still open, in
    order) as they are when few or before ruleset 3, else grouped by kind,
    or the terms of the kind ``sub["pick"]`` and Back. ``label(term)``: a
    term's Choice."""
    pick = sub.get("pick")
    if pick:
        return [label(t) for t in options if _key(t) == pick] + \
            [Choice("back", msg("pax.choice.back", "Back"))]
    if not at_least(state, 3) or len(options) <= FLAT:
        return [label(t) for t in options]
    groups: dict[str, list[dict[str, Any]]] = {}
    for t in options:
        groups.setdefault(_key(t), []).append(t)
    order = list(KIND_TEXT)
    # each giver's kinds in a fixed order (not the areas'), kinds not named here last
    keys = sorted(groups, key=lambda k: (_givers(options).index(k.split(":")[1]),
                                         order.index(k.split(":")[0]) if k.split(":")[0] in order else len(order)))
    out = []
    for k in keys:
        ts = groups[k]
        if ts[0]["kind"] not in KIND_TEXT or len(ts) == 1:
            out += [label(t) for t in ts]
        else:
            out.append(Choice(f"pick:{k}", msg(f"pax.choice.terms_{ts[0]['kind']}", KIND_TEXT[ts[0]["kind"]],
                                               giver=ts[0]["giver"], taker=ts[0]["taker"], n=len(ts))))
    return out


def _givers(options: list[dict[str, Any]]) -> list[str]:
    return list(dict.fromkeys(t["giver"] for t in options))


def choose(sub: dict[str, Any], cid: str) -> bool:
    """Apply ``cid`` if it moves in the menu (a kind picked, Back); False
    when ``cid`` is a term."""
    if cid.startswith("pick:"):
        sub["pick"] = cid[5:]
    elif cid == "back":
        sub["pick"] = None
    else:
        sub.pop("pick", None)
        return False
    return True
