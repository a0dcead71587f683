"""Phase 8, the Congress of Europe (L463-467, L285-287, L692; ruleset 2).

* **Convening** (``pax.congress_call``): every player holding a Casus Belli
  this turn may convene, naming the host (L465); a player may instead (or
  also) announce it defends a minor whose Influence gave way to a Control
  this turn (L287), which convenes a Congress too. One Congress a turn takes
  every dispute (L465); the first convener in player order names the host.
  Convening raises European Tension by 3 (L692).
* **Host** (L465): a player's home country, neutral (not a disputant) unless
  every player is a disputant, in which case Germany; the USA and Japan only
  when every European player is a disputant and they are not.
  Austria-Hungary may host (L467): Germany's player is then the host.
* **Members** (L465): the disputants and the host; every other European
  player (GB, France, Germany, Italy, Russia) may attend
  (``pax.congress_attend``); the USA and Japan attend only as disputants or
  hosts (the Europeans' unanimous invitation is not offered: docs/rulings).
  Minors never vote (L287).
* **Proposals** (``pax.congress_propose``): each member may propose one
  treaty, its terms as in Negotiation between any two members (L465).
* **Vote** (``pax.congress_vote``), proposal after proposal in order of
  writing: sealed ballots, adopted by a majority of the votes cast; on a tie
  the host's vote counts twice (L467).
* **Signature** (``pax.congress_sign``): every player party to a dispute
  signs or refuses (L467). All sign: the treaty is carried out by the engine
  and recorded (public), the turn's Casus Belli between them end (L561 C).
  A refusal: every member has a Casus Belli against the refuser (L467) and
  European Tension +2 per refuser; a Congress that adopts nothing or is
  refused raises it by 3 more (L692).

* **War during the Congress** (ruleset 3, L567): a disputant holding a
  Casus Belli against another disputant may declare war instead of
  proposing (tired of the procedures: the other disputes are still resolved,
  the Congress adjourns without a treaty when none is left) or when it
  refuses to sign; the War phase's own declaration (ET +5, L692), the war
  fought in phase 10. A Great Power refusing the treaty of a Congress where
  a power pledged to defend a minor against it is declared war on by the
  minor; the pledged powers are called in phase 10 (L287, war.Pledge).

Deadline defaults: pass (no Congress), stay away, no proposal, abstain,
sign.
"""
from __future__ import annotations

from typing import Any

from ..core.engine import log
from ..core.messages import Choice, Decision, msg
from ..core.steps import Step, frame, push, register
from . import board as b
from . import term_menu
from .negotiation import (
    MAX_TERMS,
    carry_out,
    record_treaty,
    shown_number,
    term_id,
    term_options,
    term_text,
)
from .ruleset import at_least
from .state import PaxState


def _wars():
    """engine.pax.war, imported when first used: the war's peace treaty is
    a Congress proposal (war.PeaceTreaty subclasses Propose), and a
    Congress declares war with the War phase's own code (L567)."""
    from . import war

    return war


EUROPEAN = ("great_britain", "france", "germany", "italy", "russia")  # L465


def _c(cid: str, key: str, text: str, **params: Any) -> Choice:
    return Choice(cid, msg(f"pax.choice.{key}", text, **params))


def _seat_of(state: PaxState, power: str) -> str | None:
    return state.seat(power) if power in state.powers else None


def disputes(state: PaxState) -> list[dict[str, Any]]:
    """This turn's Casus Belli whose holder a player answers for."""
    return [c for c in state.casus_belli if c["turn"] == state.turn and _seat_of(state, c["holder"])]


def minor_defences(state: PaxState) -> list[dict[str, Any]]:
    """L287: this turn, a minor withdrew its Influence before a Control
    (``holder``: the minor, ``against``: the power placing it)."""
    return [c for c in state.minor_claims if c["turn"] == state.turn]


def disputants(state: PaxState, open_only: bool = False) -> list[str]:
    """The players party to a dispute (each power's player; Austria-Hungary's
    is Germany); ``open_only``: not the disputes a war declared at the
    Congress now settles (L567 "se esistono altre dispute, queste devono
    essere risolte")."""
    out = []
    for c in disputes(state) + minor_defences(state):
        if open_only and at_war_with(state, c["holder"], c["against"]):
            continue
        for p in (c["holder"], c["against"]):
            seat = _seat_of(state, p)
            if seat and seat not in out:
                out.append(seat)
    return [p for p in state.players if p in out]


def at_war_with(state: PaxState, power: str, other: str) -> bool:
    war = _wars().war_of(state, power)
    return war is not None and war.side_of(other) not in (None, war.side_of(power))


def war_targets(state: PaxState, seat: str) -> list[str]:
    """Ruleset 3: the powers ``seat``, a disputant, may declare war on during
    the Congress, those it holds a Casus Belli against this turn (L567: when
    it refuses to sign or tires of the procedures; L285: a minor too). Only
    at phase 8's Congress: one the victors of a war convene over its spoils
    (L684) sits inside the War phase, whose declarations are over."""
    if not at_least(state, 3) or state.phase != "congress" or seat not in state.congress["parties"]:
        return []
    return _wars().declaration_offers(state, []).get(seat, [])


def hosts(state: PaxState, parties: list[str]) -> list[str]:
    """Where the Congress may sit (L465, L467)."""
    if set(state.players) <= set(parties):
        return ["germany"] if "germany" in state.players else []
    out = [p for p in state.players if p not in parties and p in EUROPEAN]
    if "austria_hungary" in state.powers and "germany" not in parties:
        out.append("austria_hungary")
    europeans = [p for p in state.players if p in EUROPEAN]
    if all(p in parties for p in europeans):
        out += [p for p in ("usa", "japan") if p in state.players and p not in parties]
    return out


def host_seat(state: PaxState) -> str:
    h = state.congress["host"]
    return "germany" if h == "austria_hungary" else h


# ----------------------------------------------------------------- convening

def may_convene(state: PaxState) -> dict[str, list[str]]:
    """Seat -> its convening choices this turn."""
    parties = disputants(state)
    where = hosts(state, parties)
    out: dict[str, list[str]] = {}
    for c in disputes(state):
        seat = _seat_of(state, c["holder"])
        if where and seat:
            out.setdefault(seat, [f"convene-{h}" for h in where])
    for c in minor_defences(state):
        for p in state.players:
            if p != _seat_of(state, c["against"]) and where:
                out.setdefault(p, [f"convene-{h}" for h in where])
                did = f"defend-{c['holder']}-{c['area']}"
                if did not in out[p]:
                    out[p].append(did)
    return out


@register
class Congress(Step):
    """Phase 8 opens: the call is asked only when someone may convene."""
    name = "pax.congress"
    auto = True

    def run(self, state, f):
        if may_convene(state):
            push(state, frame("pax.congress_call", answers={}))


@register
class Call(Step):
    name = "pax.congress_call"
    simultaneous = True

    def decisions(self, state, f):
        out = []
        for seat, ids in may_convene(state).items():
            if seat in f["answers"] or seat not in state.players:
                continue
            ch = [_c(i, "convene", "Convene the Congress of Europe in {power}", power=i[8:])
                  for i in ids if i.startswith("convene-")]
            ch += [_c(i, "defend", "Defend {minor}'s rights in {area} (a Congress)", minor=i.split("-")[1],
                      area=i.split("-", 2)[2]) for i in ids if i.startswith("defend-")]
            ch.append(_c("pass", "pass_congress", "No Congress"))
            out.append(Decision(seat, msg("pax.prompt.congress_call", "{power}: convene a Congress of Europe?",
                                          power=seat), ch, self.name))
        return out

    def apply_for(self, state, f, actor, cid):
        f["answers"][actor] = cid
        if any(d for d in self.decisions(state, f)):
            return
        state.stack.pop()
        open_congress(state, f["answers"])

    def default(self, state, f, actor):
        return "pass"


def open_congress(state: PaxState, answers: dict[str, str]) -> None:
    conveners = [p for p in state.players if answers.get(p, "pass") != "pass"]
    if not conveners:
        return
    parties = disputants(state)
    where = hosts(state, parties)
    first = answers[conveners[0]]
    host = first[8:] if first.startswith("convene-") else where[0]
    defenders = [p for p in state.players if answers.get(p, "").startswith("defend-")]
    state.phase = "congress"
    convene(state, host, parties, conveners[0], defenders)
    if at_least(state, 3):  # who pledged to defend which minor against whom (L287)
        state.congress["pledges"] = [pledge(state, p, answers[p]) for p in defenders]


def convene(state: PaxState, host: str, parties: list[str], by: str, defenders: list[str] | None = None,
            area: str | None = None) -> None:
    """A Congress of Europe in ``host`` for the dispute of ``parties``
    (seats), convened by ``by``: ET +3 (L692); the guests are asked, then
    the members propose (phase 8's, and the victors' of a war who do not
    agree on the spoils, L684, whose dispute is over ``area``: the Casus
    Belli a refusal to sign gives, L467)."""
    # ruleset 3: a minor's defenders are members (they speak for the minor, which never votes, L287;
    # the USA or Japan could not attend otherwise, L465)
    speakers = set(defenders or []) if at_least(state, 3) else set()
    state.congress = {"turn": state.turn, "host": host, "parties": parties, "defenders": list(defenders or []),
                      "members": sorted(set(parties) | speakers | {"germany" if host == "austria_hungary" else host},
                                        key=state.players.index),
                      "proposals": [], "adopted": None, "signatures": {}, "status": "open"}
    if area:
        state.congress["area"] = area
    log(state, "pax.log.congress", "A Congress of Europe is convened in {power}.", power=host)
    for p in defenders or []:
        log(state, "pax.log.defends", "{power} defends a minor's rights at the Congress.", power=p)
    b.raise_et(state, 3, "congress_convened", by=by)  # L692
    guests = [p for p in state.players if p in EUROPEAN and p not in state.congress["members"]]
    push(state, *([frame("pax.congress_attend", guests=guests, answers={})] if guests else []),
         frame("pax.congress_propose", drafts={}, sealed=[]))


def pledge(state: PaxState, seat: str, answer: str) -> dict[str, str]:
    """``seat``'s answer "defend-<minor>-<area>" as {"power", "minor",
    "area", "against"}: the Great Power whose Control made the minor give way."""
    minor, area = answer.split("-", 2)[1:]
    claim = next(c for c in minor_defences(state) if c["holder"] == minor and c["area"] == area)
    return {"power": seat, "minor": minor, "area": area, "against": claim["against"]}


@register
class Attend(Step):
    name = "pax.congress_attend"
    simultaneous = True

    def decisions(self, state, f):
        return [Decision(p, msg("pax.prompt.congress_attend", "{power}: attend the Congress of Europe in {host}?",
                                power=p, host=state.congress["host"]),
                         [_c("attend", "attend", "Attend"), _c("stay", "stay_away", "Stay away")], self.name)
                for p in f["guests"] if p not in f["answers"]]

    def apply_for(self, state, f, actor, cid):
        f["answers"][actor] = cid
        if len(f["answers"]) < len(f["guests"]):
            return
        state.stack.pop()
        m = state.congress["members"]
        m += [p for p in f["guests"] if f["answers"][p] == "attend"]
        m.sort(key=state.players.index)

    def default(self, state, f, actor):
        return "stay"


# ----------------------------------------------------------------- proposals

def term_sides(state: PaxState) -> list[str]:
    """The powers a Congress treaty's terms may bind: the members, and
    (ruleset 3) Austria-Hungary beside a member Germany (L224)."""
    members = list(state.congress["members"])
    if at_least(state, 3) and "germany" in members and term_menu.AUSTRIA in state.powers:
        members.append(term_menu.AUSTRIA)
    return members


def _draft(f: dict, seat: str, create: bool = False) -> dict:
    empty = {"terms": [], "sub": None}
    return f["drafts"].setdefault(seat, empty) if create else f["drafts"].get(seat, empty)


@register
class Propose(Step):
    """Each member may write one treaty (L465); terms between any two members."""
    name = "pax.congress_propose"
    simultaneous = True

    def members(self, state: PaxState, f: dict) -> list[str]:
        """The seats that write."""
        return state.congress["members"]

    def term_powers(self, state: PaxState, f: dict) -> list[str]:
        """The powers the terms may bind."""
        return term_sides(state)

    def war_targets(self, state: PaxState, f: dict, seat: str) -> list[str]:
        """Whom ``seat`` may leave the procedures to declare war on (L567)."""
        return war_targets(state, seat)

    def head(self, state: PaxState, f: dict, seat: str, n: int):
        return msg("pax.prompt.congress_propose", "{power}: your treaty for the Congress ({n} term(s)).",
                   power=seat, n=n)

    def decisions(self, state, f):
        return [self._menu(state, f, p) for p in self.members(state, f) if p not in f["sealed"]]

    def _menu(self, state, f, seat):
        d = _draft(f, seat)
        sub, members = d["sub"], self.term_powers(state, f)
        head = self.head(state, f, seat, len(d["terms"]))
        if sub is None:
            ch = [_c(f"giver-{p}", "term_giver", "A term for {power} to carry out", power=p)
                  for p in members] if len(d["terms"]) < MAX_TERMS else []
            if d["terms"]:
                ch.append(_c("submit", "submit_treaty", "Propose this treaty"))
            ch.append(_c("done", "no_treaty", "No proposal"))
            ch += [_c(f"war:{t}", "congress_war", "Leave the procedures: declare war on {power}", power=t)
                   for t in self.war_targets(state, f, seat)]
            return Decision(seat, head, ch, self.name)
        if "taker" not in sub:
            return Decision(seat, head, [_c(f"taker-{p}", "term_taker", "In favour of {power}", power=p)
                                         for p in members if state.seat(p) != state.seat(sub["giver"])]
                            + [_c("cancel", "cancel", "Cancel")], self.name)
        taken = {term_id(t) for t in d["terms"]}
        ch = term_menu.choices(state, sub, [t for t in term_options(state, sub["giver"], sub["taker"])
                                            if term_id(t) not in taken and term_menu.allowed(t)],
                               lambda t: Choice(term_id(t), term_text(t)))
        return Decision(seat, head, ch + [_c("cancel", "cancel", "Cancel")], self.name)

    def apply_for(self, state, f, actor, cid):
        d = _draft(f, actor, create=True)
        sub = d["sub"]
        if cid == "cancel":
            d["sub"] = None
        elif cid in ("done", "submit"):
            f["sealed"].append(actor)
            if cid == "submit":
                f.setdefault("order", []).append(actor)
        elif cid.startswith("war:"):  # tired of the procedures (L567): no proposal, a war
            f["sealed"].append(actor)
            f.setdefault("wars", {})[actor] = cid[4:]
        elif cid.startswith("giver-"):
            d["sub"] = {"giver": cid[6:]}
        elif cid.startswith("taker-"):
            sub["taker"] = cid[6:]
        elif not term_menu.choose(sub, cid):
            options = {term_id(t): t for t in term_options(state, sub["giver"], sub["taker"])}
            d["terms"].append(options[cid])
            d["sub"] = None
        if len(f["sealed"]) < len(self.members(state, f)):
            return
        state.stack.pop()
        self.finish(state, f, [{"from": seat, "terms": f["drafts"][seat]["terms"]} for seat in f.get("order", [])])

    def finish(self, state: PaxState, f: dict, written: list[dict[str, Any]]) -> None:
        """The treaties written (in order), each {"from", "terms"}: put to the vote."""
        c = state.congress
        for p in written:
            c["proposals"].append({"id": len(c["proposals"]) + 1, **p})
        if not congress_wars(state, f.get("wars", {})):
            next_vote(state, 0)

    def default(self, state, f, actor):
        return "cancel" if _draft(f, actor)["sub"] else "done"


def congress_wars(state: PaxState, chosen: dict[str, str]) -> bool:
    """The wars declared by disputants tired of the procedures (L567),
    carried out in player order by the War phase's own declaration; the
    other disputes are still resolved (L567), the Congress adjourning
    without a treaty when none is left (L692: ET +3). True when it adjourned
    (or the game ended)."""
    if not chosen:
        return False
    for seat in [p for p in state.players if p in chosen]:
        if state.result is None:
            _wars().settle_declaration(state, seat, chosen[seat])
    if state.result is not None:
        return True
    c = state.congress
    c["parties"] = disputants(state, open_only=True)
    if c["parties"]:
        log(state, "pax.log.congress_goes_on", "The Congress goes on for the other disputes: {powers}.",
            powers=", ".join(c["parties"]))
        return False
    fail(state)
    return True


# ----------------------------------------------------------------- vote and signature

def next_vote(state: PaxState, i: int) -> None:
    c = state.congress
    if i < len(c["proposals"]):
        push(state, frame("pax.congress_vote", index=i, votes={}))
    else:
        fail(state)


def adopted(state: PaxState, votes: dict[str, str]) -> bool:
    """A majority of the votes cast; a tie goes the host's way (L467)."""
    yes = sum(1 for v in votes.values() if v == "yes")
    no = sum(1 for v in votes.values() if v == "no")
    if yes != no:
        return yes > no
    return votes.get(host_seat(state)) == "yes"


@register
class Vote(Step):
    name = "pax.congress_vote"
    simultaneous = True

    def decisions(self, state, f):
        c = state.congress
        prop = c["proposals"][f["index"]]
        return [Decision(p, msg("pax.prompt.congress_vote", "{power}: the Congress votes on the treaty of {other} "
                                "({n} term(s)):", power=p, other=prop["from"],
                                n=len(prop["terms"])),
                         [_c("yes", "vote_yes", "Vote for"), _c("no", "vote_no", "Vote against"),
                          _c("abstain", "abstain", "Abstain")], self.name)
                for p in c["members"] if p not in f["votes"]]

    def apply_for(self, state, f, actor, cid):
        f["votes"][actor] = cid
        c = state.congress
        if len(f["votes"]) < len(c["members"]):
            return
        state.stack.pop()
        prop = c["proposals"][f["index"]]
        prop["votes"] = dict(f["votes"])
        if adopted(state, f["votes"]):
            c["adopted"] = prop["id"]
            log(state, "pax.log.congress_adopts", "The Congress adopts the treaty of {power}.", power=prop["from"])
            push(state, frame("pax.congress_sign", answers={}))
        else:
            next_vote(state, f["index"] + 1)

    def default(self, state, f, actor):
        return "abstain"


@register
class Sign(Step):
    name = "pax.congress_sign"
    simultaneous = True

    def decisions(self, state, f):
        c = state.congress
        return [Decision(p, msg("pax.prompt.congress_sign", "{power}: sign the treaty the Congress adopted?",
                                power=p), [_c("sign", "sign", "Sign"), _c("refuse", "refuse_sign", "Refuse to sign")]
                         + [_c(f"war:{t}", "refuse_sign_war", "Refuse to sign and declare war on {power}", power=t)
                            for t in war_targets(state, p)], self.name)
                for p in c["parties"] if p not in f["answers"]]

    def apply_for(self, state, f, actor, cid):
        f["answers"][actor] = cid
        c = state.congress
        if len(f["answers"]) < len(c["parties"]):
            return
        state.stack.pop()
        c["signatures"] = dict(f["answers"])
        refusers = [p for p in c["parties"] if f["answers"][p] != "sign"]
        prop = next(p for p in c["proposals"] if p["id"] == c["adopted"])
        if refusers:
            for p in refusers:
                log(state, "pax.log.congress_refused", "{power} refuses to sign the Congress's treaty.", power=p)
                area = next((x["area"] for x in disputes(state) + minor_defences(state)
                             if p in (_seat_of(state, x["holder"]), _seat_of(state, x["against"]))), c.get("area"))
                for m in c["members"]:
                    if m != p and area:
                        b.add_cb(state, m, p, area, "congress_refused")  # L467
                b.raise_et(state, 2, "congress_defied", by=p)  # L692
            for p in refusers:  # L567: a disputant refusing to sign may declare war
                if f["answers"][p].startswith("war:") and state.result is None:
                    _wars().settle_declaration(state, p, f["answers"][p][4:])
            defied_minors(state, refusers)
            fail(state, by=refusers[0])
            return
        if not carry_out(state, prop):
            log(state, "pax.log.agreement_void", "An agreement can no longer be carried out: void.")
            fail(state)
            return
        c["status"] = "signed"
        t = {"id": len(state.treaties) + 1, "turn": state.turn, "signatories": list(c["parties"]),
             "terms": prop["terms"], "secret": False, "breaches": [], "congress": True}
        record_treaty(state, t)
        log(state, "pax.log.congress_signed", "The Congress's treaty is signed (treaty {n}).",
            n=shown_number(t, None))
        parties = set(c["parties"])
        state.casus_belli = [x for x in state.casus_belli if not (  # L561 C
            x["turn"] == state.turn and _seat_of(state, x["holder"]) in parties
            and (_seat_of(state, x["against"]) in parties or state.powers[x["against"]].kind == "minor"))]

    def default(self, state, f, actor):
        return "sign"


def defied_minors(state: PaxState, refusers: list[str]) -> None:
    """L287: the Congress decided against a Great Power (it adopted a treaty)
    and the Great Power defies it (refuses to sign): each minor whose rights
    a power pledged to defend against it declares war on it; the pledged
    powers are called in the War phase (war.Pledge)."""
    done: list[tuple[str, str]] = []
    for pl in (state.congress or {}).get("pledges", []):
        key = (pl["minor"], pl["against"])
        if _seat_of(state, pl["against"]) in refusers and key not in done and state.result is None:
            done.append(key)
            log(state, "pax.log.congress_minor_war", "{power} defies the Congress: {minor} declares war on it.",
                power=pl["against"], minor=pl["minor"])
            _wars().settle_declaration(state, pl["minor"], pl["against"])


def fail(state: PaxState, by: str | None = None) -> None:
    """No treaty signed by every disputant: ET +3 (L692); ``by``: the first
    power that refused to sign, whose act made it fail (L688 B)."""
    state.congress["status"] = "failed"
    log(state, "pax.log.congress_failed", "The Congress of Europe ends without a treaty.")
    b.raise_et(state, 3, "congress_failed", by=by)


def congress_for(state: PaxState, viewer: str | None) -> dict[str, Any] | None:
    """This turn's Congress as a seat sees it: public (members, proposals
    and their terms as messages, how each voted once counted)."""
    c = state.congress
    if not c or c["turn"] != state.turn:
        return None
    props = [{**p, "texts": [term_text(t).to_dict() for t in p["terms"]]} for p in c["proposals"]]
    return {**c, "proposals": props}
