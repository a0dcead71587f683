"""A simple non-player policy for Pax Britannica seats. In each Movement
round it writes the orders worth their cost (engine/pax/botorders.py:
garrisons, merchant fleets, statuses that pay back, lowering what costs
more than it brings) and seals; every other decision takes the cheapest
removal (Section IV) or the first choice. It only picks from the offered
choices, so a seat can switch between a person and this bot at any time.
Part 2 (issue 34): in Negotiation it writes nothing and accepts only
proposals in which it gives nothing; it convenes the Congress of Europe
when it holds a Casus Belli over a status of a power it will not declare
war on (not weaker than itself) and proposes that the power withdraw that
status (L463-465); otherwise it stays away; it votes for a treaty only when
it gives nothing, and signs what the Congress adopted; it fights a revolt
when its armies match the area's strength; it takes the cheapest loss. In
war (ruleset 3): it moves land units one step towards the enemy, attacks
and joins attacks at 2:1 or better, retreats where it is in supply and
takes the cheapest loss; it never stalls (every menu ends in "done").
After a won Chinese Rebellion it asks for the richest defeated area (L485).
It declares war when it holds a Casus Belli against a power whose armies are
weaker than its own, honours its treaties, offers peace when its alliance
has fewer strength points on the map, and takes the highest status a
conquest offers; it writes no peace treaty, signs one in which it gives
nothing and agrees to the engine's division of the spoils. A neutral bot
gives no Rights of Call and denies no canal (a denial to one alliance would
give it a Casus Belli against the bot, L696)."""
from __future__ import annotations

from ..core.messages import Decision
from .data import get_data
from .war import gives


def choose(state, d: Decision) -> str:
    """The choice id the bot takes at ``d`` (a decision of ``state``)."""
    ids = d.ids()
    if d.step in ANSWERS:
        return ANSWERS[d.step](state, d, ids)
    if d.step != "pax.movement":
        return ids[0]
    from .botorders import answer

    return answer(state, state.stack[-1], d.actor, ids)


def _negotiation(state, d: Decision, ids: list[str]) -> str:
    """It writes no proposal: it cancels a half-written one and seals."""
    return "cancel" if "cancel" in ids else "done"


def _answer(state, d: Decision, ids: list[str]) -> str:
    """It accepts a proposal only when it gives nothing up (no VP lost)."""
    pid = int(ids[0].split("-")[1])
    prop = next(p for p in state.proposals if p["id"] == pid)
    gives = any(state.seat(t["giver"]) == d.actor for t in prop["terms"])  # Austria-Hungary's too (L224)
    return ids[1] if gives else ids[0]


def _revolt(state, d: Decision, ids: list[str]) -> str:
    """It fights a revolt when its armies there are at least the area's strength."""
    from . import board as b

    f = state.stack[-1]
    att = b.strength(b.units_at(state, f["power"], f["area"]))
    return "fight" if att >= get_data().areas[f["area"]].combat_strength else "hold"


def _vote(state, d: Decision, ids: list[str]) -> str:
    """For a Congress treaty in which it gives nothing, else against."""
    c = state.congress
    f = state.stack[-1]
    prop = c["proposals"][f["index"]]
    return "no" if gives(state, d.actor, prop["terms"]) else "yes"


def _peace_sign(state, d: Decision, ids: list[str]) -> str:
    """It signs a peace treaty in which it gives nothing (L684): the step's
    own deadline default."""
    f = state.stack[-1]
    return "refuse" if gives(state, d.actor, f["proposals"][f["index"]]["terms"]) else "sign"


def _war_moves(state, d: Decision, ids: list[str]) -> str:
    """A unit with a step towards the enemy, all its free counters; else done."""
    from .warfare import projected, war_of
    from .warmoves import bot_move

    f = state.stack[-1]
    draft = f["drafts"].get(d.actor) or {}
    war = war_of(state, f["war"])
    view = projected(state, war, draft.get("moves", []))
    vwar = war_of(view, war.id)
    if draft.get("sub"):
        p, loc, unit = draft["sub"].split("|")
        to = bot_move(view, vwar, p, loc, unit)
        c = next((c for c in d.choices if c.id == to), None)
        return "back" if c is None else (f"{c.id}*{c.most}" if c.most > 1 else c.id)
    for cid in ids:
        if cid.count("|") == 2 and bot_move(view, vwar, *cid.split("|")):
            return cid
    return "done"


def _war_attack(state, d: Decision, ids: list[str]) -> str:
    """The first attack at 2:1 or better, else done."""
    from .warcombat import joiners, odds_ok
    from .warmoves import war_of

    f = state.stack[-1]
    war = war_of(state, f["war"])
    return next((x for x in ids if x != "done"
                 and odds_ok(state, war, x, joiners(state, war, f["side"], x, f["seat"])[0])), "done")


def _war_join(state, d: Decision, ids: list[str]) -> str:
    """Join when the attack with its units is at 2:1 or better."""
    from .warcombat import odds_ok
    from .warmoves import decider, war_of

    f = state.stack[-1]
    war = war_of(state, f["war"])
    mine = [p for p in war.sides[f["side"]] if p in state.powers and decider(state, war, p) == d.actor]
    return "join" if odds_ok(state, war, f["battle"], f["attackers"] + mine) else "stay"


def _war_retreat(state, d: Decision, ids: list[str]) -> str:
    from .warcombat import bot_retreat
    from .warmoves import war_of

    f = state.stack[-1]
    return bot_retreat(state, war_of(state, f["war"]), f["power"], ids)


def _cession(state, d: Decision, ids: list[str]) -> str:
    """After a won Chinese Rebellion it asks for the ceded area of highest
    Economic Value (L485)."""
    areas = [i for i in ids if i in get_data().areas]
    return max(areas, key=lambda a: (get_data().areas[a].economic_value, a)) if areas else ids[0]


def claim(state, seat: str) -> tuple[str, str, str] | None:
    """(holder, against, area): a Casus Belli of this turn held by ``seat``
    (its power or Austria-Hungary, L224) over ``against``'s status in
    ``area``, against a power at least as strong (war on it is not declared,
    :func:`_declare`); None if there is none."""
    for c in state.casus_belli:
        holder, against, area = c["holder"], c["against"], c.get("area")
        if c["turn"] != state.turn or state.seat(holder) != seat or state.seat(against) in (seat, None) \
                or not area or against not in state.areas[area].statuses:
            continue
        if army_strength(state, against) >= army_strength(state, holder):
            return holder, against, area
    return None


def _congress_call(state, d: Decision, ids: list[str]) -> str:
    """Convene (the first host offered) when it holds a claim (:func:`claim`)."""
    convene = [i for i in ids if i.startswith("convene-")]
    return convene[0] if convene and claim(state, d.actor) else "pass"


def _congress_propose(state, d: Decision, ids: list[str]) -> str:
    """Its claim's power withdraws the disputed status, in its favour; else
    the first term that power may give it; no proposal when it has no claim
    or no such term. A treaty with a term is always submitted."""
    from .negotiation import term_id, term_options
    from .term_menu import allowed

    f = state.stack[-1]
    draft = (f.get("drafts") or {}).get(d.actor) or {}
    sub, terms, c = draft.get("sub"), draft.get("terms") or [], claim(state, d.actor)
    if sub is None:
        if terms and "submit" in ids:
            return "submit"
        from .congress import term_sides

        taker = c[0] if c and c[0] in term_sides(state) else d.actor
        if c and f"giver-{c[1]}" in ids and any(allowed(t) for t in term_options(state, c[1], taker)):
            return f"giver-{c[1]}"
        return "done"
    if c is None or sub.get("giver") != c[1]:
        return "cancel"
    if "taker" not in sub:
        return next((i for i in (f"taker-{c[0]}", f"taker-{d.actor}") if i in ids), "cancel")
    want = term_id({"kind": "remove", "giver": c[1], "taker": sub["taker"], "area": c[2]})
    if want in ids:
        return want
    pick = f"pick:remove:{c[1]}:{sub['taker']}"
    if pick in ids and sub.get("pick") != pick[5:]:
        return pick
    terms_offered = [i for i in ids if i not in ("cancel", "back") and not i.startswith("pick:")]
    if terms_offered:
        return terms_offered[0]
    picks = [i for i in ids if i.startswith("pick:")]
    return picks[0] if picks else "cancel"


def army_strength(state, power: str) -> int:
    """All of ``power``'s armies, wherever they stand (L71)."""
    from . import board as b

    return sum(b.strength(u) for u in state.powers[power].units.values())


def _declare(state, d: Decision, ids: list[str]) -> str:
    """War on the weakest power it holds a Casus Belli against, when that
    power's armies are weaker than its own; else peace."""
    own = army_strength(state, d.actor)
    targets = [(army_strength(state, i.split(":", 1)[1]), i) for i in ids if i.startswith("declare:")]
    weaker = sorted(t for t in targets if t[0] < own)
    return weaker[0][1] if weaker else "peace"


def _peace(state, d: Decision, ids: list[str]) -> str:
    """Peace when its alliance has fewer strength points on the map."""
    from . import board as b
    from .war import get_war

    war = get_war(state, state.stack[-1]["war"])
    mine = next(i for i in range(len(war.sides)) if any(state.seat(p) == d.actor for p in war.sides[i]
                                                        if p in state.powers))

    def points(side: int) -> int:
        return sum(b.strength(u, None) for p in war.sides[side] if p in state.powers
                   for u in state.powers[p].units.values())

    return "offer_peace" if points(mine) < points(1 - mine) else "fight_on"


ANSWERS = {"pax.negotiation": _negotiation, "pax.answers": _answer, "pax.revolt_fight": _revolt,
           "pax.congress_call": _congress_call, "pax.congress_attend": lambda s, d, ids: "stay",
           "pax.congress_propose": _congress_propose, "pax.congress_vote": _vote,
           "pax.congress_sign": lambda s, d, ids: "sign",
           "pax.war_moves": _war_moves, "pax.war_attack_choice": _war_attack, "pax.war_join": _war_join,
           "pax.war_retreat": _war_retreat, "pax.cession": _cession,
           "pax.war_declare": _declare, "pax.war_call": lambda s, d, ids: "honour",
           "pax.war_pledge": lambda s, d, ids: "honour", "pax.war_peace": _peace,
           "pax.war_spoils": lambda s, d, ids: ids[0], "pax.war_treaty": _negotiation,
           "pax.war_treaty_sign": _peace_sign, "pax.war_division": lambda s, d, ids: "agree",
           "pax.war_congress_host": lambda s, d, ids: ids[0],
           "pax.war_permit": lambda s, d, ids: "none", "pax.war_canal": lambda s, d, ids: "open"}
