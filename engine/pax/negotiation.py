"""Phase 7, Negotiation (L445-461; ruleset 2), in play by post: proposals
and answers between seats.

Round one (``pax.negotiation``, sealed like the Movement orders): each
player may write up to :data:`MAX_PROPOSALS` proposals to another player,
each of up to :data:`MAX_TERMS` terms, optionally as a treaty (public or
secret, L461), reveal a secret treaty it signed (L461), and Germany may
transfer £ to Austria-Hungary (L700; never the reverse). A term is what one
side does:

* ``remove``: withdraw its status in an area (L449 case 1; L451 case 2);
* ``reduce``: lower its Influence to an Interest (L451);
* ``cede``: hand its status in an area to the other side (L453);
* ``codominium``: give the other side a Control of the same level beside
  its own established Control (L453-455; every power with an Influence or
  a Control in the area must be a party, L455);
* ``pay``: £ to the other side (L127 "corruzione", L461);
* ``keep_out``: place no status in an area for the rest of the game (a
  treaty term, L461 "il divieto per uno dei firmatari di piazzare Status");
* ``defend`` (ruleset 3): go to war beside the other side when it is
  attacked (L565 "se uno di questi viene attaccato", L569: not when it
  starts the war);
* ``support`` (ruleset 3): join the other side in any war it fights (the
  "Trattati Offensivi Mutui" of L565). Both bind only in a treaty; the War
  phase calls them (engine.pax.war).

Round two (``pax.answers``): every other party of a proposal accepts or
refuses it. The engine then carries out each proposal that all its parties
accepted, whole or not at all (a term no longer possible voids it: nothing
is carried out that both did not accept). Statuses given this way cost no
£ (L453) and are established; a status removed or lowered in this way
raises European Tension by one per level (L449, L692; provisional).

Deadline defaults: a writer seals what it wrote (a half-written proposal is
dropped); an unanswered proposal is refused (it lapses).

Treaties (L459-461, L563-565): an accepted proposal marked as a treaty is
recorded with its signatories. A breach (a ``keep_out`` area entered) gives
every other signatory a Casus Belli against the breaker and European Tension
+5 (L461, L565, L692); for a secret treaty only once a signatory reveals it
(L461 "devono renderlo pubblico"). A secret treaty is seen only by its
signatories (:func:`visible_treaties`) until revealed.
"""
from __future__ import annotations

from typing import Any

from ..core.engine import clone, log
from ..core.messages import Choice, Decision, msg
from ..core.steps import Step, frame, push, register
from . import board as b
from . import term_menu
from .ruleset import at_least
from .state import RANK, PaxState

MAX_PROPOSALS = 3
MAX_TERMS = 4
AMOUNTS = (1, 5, 10, 20, 50)
KINDS = ("remove", "reduce", "cede", "codominium", "pay", "keep_out", "defend", "support")
ALLIANCE_TERMS = ("defend", "support")  # ruleset 3: obligations the War phase calls (L565, L569)


def _c(cid: str, key: str, text: str, **params: Any) -> Choice:
    return Choice(cid, msg(f"pax.choice.{key}", text, **params))


# ----------------------------------------------------------------- terms

def term_options(state: PaxState, giver: str, taker: str) -> list[dict[str, Any]]:
    """The terms ``giver`` may offer ``taker`` now (each a dict: kind, giver,
    taker, area or amount)."""
    out: list[dict[str, Any]] = []
    for aid, a in sorted(state.areas.items()):
        s = a.statuses.get(giver)
        if s is None:
            continue
        t = {"giver": giver, "taker": taker, "area": aid}
        out.append({"kind": "remove", **t})
        if s.level == "influence" and _marker_for(state, giver, "interest"):
            out.append({"kind": "reduce", **t})
        if _may_cede(state, aid, giver, taker):
            out.append({"kind": "cede", **t})
        if _may_codominium(state, aid, giver, taker):
            out.append({"kind": "codominium", **t})
    for aid, a in sorted(state.areas.items()):  # keep out of the taker's areas
        if taker in a.statuses and giver not in a.statuses:
            out.append({"kind": "keep_out", "giver": giver, "taker": taker, "area": aid})
    money = state.powers[giver].treasury
    if at_least(state, 3) and state.powers[taker].kind == "minor":
        money = 0  # a minor holds no money (L247-250): nothing is paid to it
    out += [{"kind": "pay", "giver": giver, "taker": taker, "amount": n} for n in AMOUNTS if n <= money]
    if at_least(state, 3) and giver != taker:
        out += [{"kind": k, "giver": giver, "taker": taker} for k in ALLIANCE_TERMS]
    return out


def _may_cede(state: PaxState, area: str, giver: str, taker: str) -> bool:
    """L453: the giver's marker replaced by an equivalent of the taker's; a
    Dominion or State is GB's or the USA's own (L318-322)."""
    s = state.areas[area].statuses.get(giver)
    own = state.areas[area].statuses.get(taker)
    if s is None or s.new or s.level in ("dominion", "state") or not _marker_for(state, taker, s.level):
        return False
    return own is None or RANK[own.level] < RANK[s.level]


def _marker_for(state: PaxState, power: str, level: str) -> bool:
    """From ruleset 3 a status given or lowered by agreement takes a free
    marker of its level, as every placement does (the counter mix, L67)."""
    return not at_least(state, 3) or b.marker_free(state, power, level)


def _may_codominium(state: PaxState, area: str, giver: str, taker: str) -> bool:
    """L453-455: beside the giver's established Protectorate or Possession,
    the taker (not already a controller) gets the same level; a taker with an
    Influence there pays the difference (L457), and must have it."""
    s = state.areas[area].statuses.get(giver)
    own = state.areas[area].statuses.get(taker)
    return bool(s and not s.new and s.level in ("protectorate", "possession")
                and not (own and b.is_control(own.level)) and _marker_for(state, taker, s.level)
                and codominium_price(state, area, giver, taker) <= state.powers[taker].treasury)


def codominium_price(state: PaxState, area: str, giver: str, taker: str) -> int:
    """L457: an Influence raised into a codominium costs £10 to a Protectorate,
    £20 to a Possession (the price difference, L346); otherwise a status given
    by agreement costs nothing (L453)."""
    s = state.areas[area].statuses.get(giver)
    own = state.areas[area].statuses.get(taker)
    if s is None or own is None or own.level != "influence":
        return 0
    return b.upgrade_cost("influence", s.level)


def term_id(t: dict[str, Any]) -> str:
    """"<kind>:<giver>:<area, amount or taker>"; a term of an area or an
    amount in Austria-Hungary's favour (ruleset 3, beside the same term in
    Germany's) ends ":austria_hungary"."""
    side = t["giver"]
    out = f"{t['kind']}:{side}:{t.get('area') or t.get('amount') or t['taker']}"
    if t["taker"] == term_menu.AUSTRIA and (t.get("area") or t.get("amount")):
        out += f":{term_menu.AUSTRIA}"
    return out


TERM_TEXT = {  # pax.term.<kind>; carried out, pax.log.term_<kind> is "Agreed: <text>."
    "remove": "{giver} withdraws its status in {area}",
    "reduce": "{giver} lowers its Influence in {area} to an Interest",
    "cede": "{giver} cedes its status in {area} to {taker}",
    "codominium": "{giver} grants {taker} a codominium in {area}",
    "pay": "{giver} pays £{amount} to {taker}",
    "keep_out": "{giver} places no status in {area}",
    "defend": "{giver} will defend {taker} if it is attacked",
    "support": "{giver} will join {taker} in its wars",
}


def _params(t: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in t.items() if k in ("giver", "taker", "area", "amount")}


def term_text(t: dict[str, Any]):
    """The term as a player reads it (a Message)."""
    return msg(f"pax.term.{t['kind']}", TERM_TEXT[t["kind"]], **_params(t))


def parties(state: PaxState, terms: list[dict[str, Any]], proposer: str) -> list[str]:
    """Everyone who must accept (L455: for a codominium, every power with an
    Influence or a Control in the area), the proposer first."""
    out = [proposer]
    for t in terms:
        for p in (t["giver"], t["taker"]):
            if p not in out:
                out.append(p)
        if t["kind"] == "codominium":
            for p, s in state.areas[t["area"]].statuses.items():
                if (s.level == "influence" or b.is_control(s.level)) and state.seat(p) and p not in out:
                    out.append(p)
    if at_least(state, 3):  # Austria-Hungary's statuses answered for by Germany's seat (L224)
        return list(dict.fromkeys(state.seat(p) for p in out if state.seat(p)))
    return [p for p in out if state.powers[p].kind == "player"]


def apply_term(state: PaxState, t: dict[str, Any]) -> bool:
    """Carry out one term; False (state possibly half-changed: callers work
    on a clone first) when it is no longer possible."""
    g, k = t["giver"], t["kind"]
    area = t.get("area")
    s = state.areas[area].statuses.get(g) if area else None
    if k == "pay":
        if state.powers[g].treasury < t["amount"]:
            return False
        state.powers[g].treasury -= t["amount"]
        state.powers[t["taker"]].treasury += t["amount"]
        return True
    if k == "keep_out" or k in ALLIANCE_TERMS:
        return True
    if s is None:
        return False
    if k == "remove":
        b.remove_status(state, area, g)
        _units_home(state, g, area)
        # no by=: the agreement of all its parties lowered it, no one power's act (L688 B; docs/rulings/pax.md)
        b.raise_et(state, RANK[s.level], "status_removed")
    elif k == "reduce":
        if s.level != "influence" or not _marker_for(state, g, "interest"):
            return False
        b.set_status(state, area, g, "interest", new=False)
        b.raise_et(state, 1, "status_removed")
    elif k == "cede":
        if not _may_cede(state, area, g, t["taker"]):
            return False
        b.remove_status(state, area, g)
        _units_home(state, g, area)
        b.set_status(state, area, t["taker"], s.level, new=False)
    elif k == "codominium":
        if not _may_codominium(state, area, g, t["taker"]):
            return False
        state.powers[t["taker"]].treasury -= codominium_price(state, area, g, t["taker"])
        b.set_status(state, area, t["taker"], s.level, new=False)
    return True


def _units_home(state: PaxState, power: str, area: str) -> None:
    for key, n in b.units_at(state, power, area).items():
        b.remove_unit(state, power, area, key, n)
        b.add_unit(state, power, b.HOME, key, n)


def legal_board(state: PaxState, areas: set[str] | None = None) -> bool:
    """After the terms no status stands illegally in ``areas`` (all when
    None): no Influence beside a Control marker (L309, L451), no Interest
    beside another's established Possession (L305)."""
    for aid, a in state.areas.items():
        if areas is not None and aid not in areas:
            continue
        for p, s in a.statuses.items():
            others = [x for q, x in a.statuses.items() if q != p]
            if s.level == "influence" and any(b.is_control(x.level) for x in others):
                return False
            if s.level == "interest" and any(RANK[x.level] >= RANK["possession"] and not x.new for x in others):
                return False
    return True


def carry_out(state: PaxState, prop: dict[str, Any]) -> bool:
    """All the terms of ``prop`` or none (tried on a copy first)."""
    trial = clone(state)
    trial.log = []
    touched = {t["area"] for t in prop["terms"] if t.get("area") and t["kind"] != "keep_out"}
    if not all(apply_term(trial, t) for t in prop["terms"]) or not legal_board(trial, touched):
        return False
    for t in prop["terms"]:
        apply_term(state, t)
        if t["kind"] != "keep_out":
            log(state, f"pax.log.term_{t['kind']}", f"Agreed: {TERM_TEXT[t['kind']]}.", **_params(t))
    return True


# ----------------------------------------------------------------- treaties

def visible_treaties(state: PaxState, viewer: str | None) -> list[dict[str, Any]]:
    """Public treaties, and the secret ones ``viewer`` signed (L461).
    Ruleset 3: each with the number ``viewer`` knows it by
    (:func:`shown_number`) as ``id``, never the count of all treaties:
    the public ones by number, then the secret ones."""
    seen = [t for t in state.treaties if not t["secret"] or (viewer and viewer in t["signatories"])]
    if not at_least(state, 3):
        return seen
    out = [{k: v for k, v in t.items() if k not in ("labels", "number")} | {"id": shown_number(t, viewer)}
           for t in seen]
    return sorted(out, key=lambda t: (t["secret"], t["id"]))  # public ones by number, then the viewer's secret ones


def record_treaty(state: PaxState, t: dict[str, Any]) -> None:
    """Add the treaty ``t`` (its ``id``: the count of all treaties, kept
    inside the engine). Ruleset 3: numbers that tell nobody of a secret
    treaty they did not sign: a public treaty takes the next public number
    (:func:`publish`); a secret one is numbered apart for each signatory,
    among the secret treaties that signatory signed (``labels``)."""
    state.treaties.append(t)
    if not at_least(state, 3):
        return
    if t["secret"]:
        t["labels"] = {p: 1 + sum(1 for x in state.treaties if p in x.get("labels", {})) for p in t["signatories"]}
    else:
        publish(state, t)


def publish(state: PaxState, t: dict[str, Any]) -> None:
    """Ruleset 3: ``t`` becomes public: the next public number."""
    t["number"] = 1 + sum(1 for x in state.treaties if "number" in x)


def shown_number(t: dict[str, Any], viewer: str | None) -> int:
    """The number of treaty ``t`` as ``viewer`` reads it (ruleset 3 and
    earlier: the treaty's ``id`` before numbering)."""
    if "number" in t:
        return t["number"]
    return t.get("labels", {}).get(viewer, t["id"])


def breach_check(state: PaxState, power: str, area: str) -> None:
    """``power`` placed a status in ``area``: every treaty in which it
    promised to keep out is broken (L461, L565)."""
    for t in state.treaties:
        if any(x["kind"] == "keep_out" and x["giver"] == power and x["area"] == area for x in t["terms"]):
            record_breach(state, t, power, area)


def record_breach(state: PaxState, t: dict[str, Any], power: str, area: str | None) -> None:
    """``power`` broke treaty ``t`` (in ``area``; None for a refused call
    to arms, L569): punished now when the treaty is public, else once a
    signatory reveals it (L461)."""
    t["breaches"].append({"by": power, "area": area, "turn": state.turn, "punished": False})
    if not t["secret"]:
        punish(state, t)


def punish(state: PaxState, t: dict[str, Any]) -> None:
    """A public breach: a CB for every other signatory, ET +5 (L565, L692)."""
    for br in t["breaches"]:
        if br["punished"]:
            continue
        br["punished"] = True
        for p in t["signatories"]:
            if p != br["by"]:
                b.add_cb(state, p, br["by"], br.get("area"), "treaty_broken")
        b.raise_et(state, 5, "treaty_broken", by=br["by"])


def _signatories(state: PaxState, t: dict[str, Any]) -> None:
    for p in t["signatories"]:
        log(state, "pax.log.signatory", "{power} is a signatory of treaty {n}.", power=p, n=shown_number(t, None))


def reveal_treaty(state: PaxState, tid: int) -> None:
    """Make secret treaty ``tid`` (its engine ``id``) public (L461); ruleset
    3: it takes the next public number, the one the log names."""
    t = next(x for x in state.treaties if x["id"] == tid)
    t["secret"] = False
    if at_least(state, 3):
        publish(state, t)
    log(state, "pax.log.treaty_revealed", "Secret treaty {n} is revealed.", n=shown_number(t, None))
    _signatories(state, t)
    punish(state, t)


# ----------------------------------------------------------------- round one: writing

def _draft(f: dict, seat: str, create: bool = False) -> dict:
    empty = {"proposals": [], "sub": None, "aid": 0, "reveal": []}
    return f["drafts"].setdefault(seat, empty) if create else f["drafts"].get(seat, empty)


def menu(state: PaxState, f: dict, seat: str) -> Decision:
    d = _draft(f, seat)
    sub = d["sub"]
    head = msg("pax.prompt.negotiation", "{power}: Negotiation, {year}.", power=seat, year=state.year)
    if sub is None:
        choices = []
        if len(d["proposals"]) < MAX_PROPOSALS and len(state.players) > 1:
            choices.append(_c("propose", "propose", "Write a proposal"))
        for t in state.treaties:
            if t["secret"] and seat in t["signatories"] and t["id"] not in d["reveal"]:
                n = shown_number(t, seat)
                choices.append(_c(f"reveal-{n}", "reveal_treaty", "Reveal secret treaty {n}", n=n))
        if seat == "germany" and "austria_hungary" in state.powers:
            left = state.powers["germany"].treasury - _committed(d, seat)
            choices += [_c(f"aid-{n}", "aid", "Transfer £{amount} to Austria-Hungary", amount=n)
                        for n in AMOUNTS if n <= left]
        choices.append(_c("done", "done_negotiation", "Seal {n} proposal(s)", n=len(d["proposals"])))
        return Decision(seat, head, choices, "pax.negotiation")
    if "to" not in sub:
        return Decision(seat, head, [_c(p, "propose_to", "To {power}", power=p) for p in state.players if p != seat]
                        + [_c("cancel", "cancel", "Cancel")], "pax.negotiation")
    choices = []
    if len(sub["terms"]) < MAX_TERMS:
        taken = {term_id(t) for t in sub["terms"]}
        left = state.powers[seat].treasury - _committed(d, seat)
        open_terms = [t for giver, taker in term_menu.sides(state, seat, sub["to"])
                      for t in term_options(state, giver, taker)
                      if term_id(t) not in taken and term_menu.allowed(t)
                      and not (t["kind"] == "pay" and giver == seat and t["amount"] > left)]
        choices += term_menu.choices(state, sub, open_terms, lambda t: Choice(term_id(t), term_text(t)))
    if sub["terms"] and not sub.get("pick"):
        choices += [_c("send", "send", "Send the proposal"),
                    _c("send-public", "send_treaty", "Send as a public treaty"),
                    _c("send-secret", "send_secret", "Send as a secret treaty")]
    choices.append(_c("cancel", "cancel", "Cancel"))
    return Decision(seat, msg("pax.prompt.terms", "{power}: proposal to {other}, {n} term(s).", power=seat,
                              other=sub["to"], n=len(sub["terms"])), choices, "pax.negotiation")


def _committed(d: dict, seat: str) -> int:
    """£ the seat already promised in its draft (proposals and aid)."""
    terms = [t for p in d["proposals"] for t in p["terms"]] + ((d["sub"] or {}).get("terms") or [])
    return d["aid"] + sum(t["amount"] for t in terms if t["kind"] == "pay" and t["giver"] == seat)


def write(state: PaxState, f: dict, seat: str, cid: str) -> None:
    d = _draft(f, seat, create=True)
    sub = d["sub"]
    if cid == "cancel":
        d["sub"] = None
    elif sub is None:
        if cid == "done":
            f["sealed"].append(seat)
        elif cid == "propose":
            d["sub"] = {"terms": []}
        elif cid.startswith("reveal-"):
            n = int(cid[7:])
            d["reveal"].append(next(t["id"] for t in state.treaties
                                    if t["secret"] and seat in t["signatories"] and shown_number(t, seat) == n))
        elif cid.startswith("aid-"):
            d["aid"] += int(cid[4:])
    elif "to" not in sub:
        sub["to"] = cid
    elif cid.startswith("send"):
        kind = cid.split("-")[1] if "-" in cid else None
        d["proposals"].append({"to": sub["to"], "terms": sub["terms"], "treaty": kind})
        d["sub"] = None
    elif not term_menu.choose(sub, cid):
        options = {term_id(t): t for giver, taker in term_menu.sides(state, seat, sub["to"])
                   for t in term_options(state, giver, taker)}
        sub["terms"].append(options[cid])


@register
class Negotiation(Step):
    """Round one of phase 7 (module doc)."""
    name = "pax.negotiation"
    simultaneous = True

    def decisions(self, state, f):
        return [menu(state, f, p) for p in state.players if p not in f["sealed"]]

    def apply_for(self, state, f, actor, cid):
        write(state, f, actor, cid)
        if len(f["sealed"]) < len(state.players):
            return
        state.stack.pop()
        open_proposals(state, f)

    def default(self, state, f, actor):
        return "cancel" if _draft(f, actor)["sub"] else "done"


def open_proposals(state: PaxState, f: dict) -> None:
    """The sealed drafts: aid and reveals carried out, proposals sent."""
    state.proposals = []
    for seat in state.players:
        d = f["drafts"].get(seat) or {}
        if d.get("aid"):
            n = min(d["aid"], state.powers["germany"].treasury)
            state.powers["germany"].treasury -= n
            state.powers["austria_hungary"].treasury += n
            log(state, "pax.log.aid", "Germany transfers £{amount} to Austria-Hungary.", amount=n)
        for tid in d.get("reveal", []):
            reveal_treaty(state, tid)
        for p in d.get("proposals", []):
            who = parties(state, p["terms"], seat)
            state.proposals.append({"id": len(state.proposals) + 1, "from": seat, "parties": who,
                                    "terms": p["terms"], "treaty": p["treaty"],
                                    "answers": {seat: "accept"}, "status": "open"})
    if any(len(p["parties"]) > 1 for p in state.proposals):
        push(state, frame("pax.answers"))
    else:
        settle(state)


# ----------------------------------------------------------------- round two: answers

def _waiting(state: PaxState, seat: str) -> dict | None:
    return next((p for p in state.proposals if p["status"] == "open" and seat in p["parties"]
                 and seat not in p["answers"]), None)


@register
class Answers(Step):
    """Round two of phase 7: each addressed party accepts or refuses, one
    proposal after another (sealed: nobody sees another's answer before)."""
    name = "pax.answers"
    simultaneous = True

    def decisions(self, state, f):
        out = []
        for seat in state.players:
            p = _waiting(state, seat)
            if p:
                out.append(Decision(seat, msg("pax.prompt.proposal", "{power}: proposal {n} of {other} "
                                              "({terms} term(s)):", power=seat,
                                              n=p["id"], other=p["from"], terms=len(p["terms"])),
                                    [_c(f"accept-{p['id']}", "accept", "Accept"),
                                     _c(f"refuse-{p['id']}", "refuse", "Refuse")], self.name))
        return out

    def apply_for(self, state, f, actor, cid):
        word, n = cid.split("-")
        prop = next(p for p in state.proposals if p["id"] == int(n))
        prop["answers"][actor] = word
        if any(_waiting(state, s) for s in state.players):
            return
        state.stack.pop()
        settle(state)

    def default(self, state, f, actor):
        p = _waiting(state, actor)
        return f"refuse-{p['id']}" if p else None


def settle(state: PaxState) -> None:
    """Carry out every proposal all its parties accepted, in the order written."""
    for p in state.proposals:
        if any(p["answers"].get(s) != "accept" for s in p["parties"]):
            p["status"] = "refused"
            continue
        if not carry_out(state, p):
            p["status"] = "void"
            log(state, "pax.log.agreement_void", "An agreement can no longer be carried out: void.")
            continue
        p["status"] = "accepted"
        if p["treaty"]:
            t = {"id": len(state.treaties) + 1, "turn": state.turn, "signatories": list(p["parties"]),
                 "terms": p["terms"], "secret": p["treaty"] == "secret", "breaches": []}
            record_treaty(state, t)
            if p["treaty"] == "public":
                log(state, "pax.log.treaty", "Treaty {n} is signed.", n=shown_number(t, None))
                _signatories(state, state.treaties[-1])


def proposals_for(state: PaxState, viewer: str | None) -> list[dict[str, Any]]:
    """This turn's proposals ``viewer`` is a party to, with their terms as
    messages (other seats never see them)."""
    out = []
    for p in state.proposals:
        if viewer in p["parties"]:
            out.append({**p, "texts": [term_text(t).to_dict() for t in p["terms"]]})
    return out
