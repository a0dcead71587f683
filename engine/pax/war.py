"""The War phase (phase 10) as ruleset 3 plays it (issue 35): the flow of
every war of the turn, from the declarations to the resolution (L499-553,
L555-569, L682-684, L692, L700). Movement, combat and supply in war are
:mod:`engine.pax.warfare`'s frames, the Chinese and Ottoman wars
:mod:`engine.pax.natives`' and the Great War :mod:`engine.pax.greatwar`'s.

1. **Declarations** (``pax.war_declare``, sealed like the Movement orders):
   every seat holding a Casus Belli of this turn (L557) may declare war on
   a power it holds one against (L501, L557, L569), or keep the peace (the
   default). Austria-Hungary never declares (L700: defensive alliances
   only). Each declaration raises European Tension by 5 (L692).
2. **Calls to arms** (``pax.war_call``, one seat): a treaty's ``defend``
   term obliges its giver when the taker was declared war on, ``support``
   whenever the taker is at war (L565, L569). Honouring declares war (ET +5,
   L569, L692); refusing breaks the treaty (every other signatory gets a
   Casus Belli against the breaker, ET +5, L565, L692), and the other
   signatories may then declare war on it (L569: another declaration
   round). Austria-Hungary and Germany defend each other without being
   asked, not when Germany declares (L569, L700). A power that pledged at
   the Congress to defend a minor's rights is called (``pax.war_pledge``)
   when the minor declared war on the Great Power that defied the Congress
   (L287): refusing costs 5 VP and ET +3 (L287, L690).
   Wars declared during the Congress (L567, :mod:`engine.pax.congress`) are
   already there: their calls come first. A war has two alliances: a
   declaration on a power an earlier one of the round made an ally falls
   (L569's third alliance, docs/rulings/pax.md).
3. **The wars in order** (``pax.war_begin``, L505-509): the Chinese
   Rebellion, the Ottoman war, then the declared wars; every Casus Belli is
   removed as the War Sequence begins (L561).
4. **Each war's sequences** (L511-549): alliances (a minor without Great
   Power allies is moved by the engine, ``controllers[minor] = "bot"``,
   L513, L579), initiative (L515-519), each side's Maneuver, Attack and
   Supply frames, ET +2 (L692), the end determination: peace by agreement or
   a separate peace (``pax.war_peace``, L545, L684; a peace is followed by
   the belligerents' peace treaty, ``pax.war_treaty``, all sign,
   ``pax.war_treaty_sign``; a refusal its allies do not share is their
   separate peace and the war goes on against the refuser), a side with no unit
   outside its homeland or whose every controlled area is held by the enemy
   alone loses (L546-547), three sequences without an attack are a
   stalemate (L548); :data:`MAX_SEQUENCES` is the engine's guard.
5. **Resolution** (L553, L684): in each conquered area the winning side's
   strongest occupier places a status free (``pax.war_spoils``), the
   defeated side's statuses there go; several victors first agree to that
   division or convene a Congress of Europe (``pax.war_division``,
   ``pax.war_congress``); a stalemate leaves each side what it conquered
   (L684); a minor victorious alone garrisons its areas
   (warfare.garrison_minor); then the units go home
   (warfare.return_home_after_war).

Readings are in docs/rulings/pax.md ("War phase flow").
"""
from __future__ import annotations

from typing import Any

from ..core.engine import log
from ..core.messages import Choice, Decision, msg
from ..core.rng import roll_die
from ..core.steps import Step, frame, push, register
from . import board as b
from . import congress, greatwar, natives, warfare
from .negotiation import ALLIANCE_TERMS, carry_out, record_breach, record_treaty, shown_number
from .revolts import OneSeat
from .state import RANK, PaxState, War

DECLARATION_ET = 5    # L692 "cinque punti ogni volta che un giocatore dichiara Guerra"
SEQUENCE_ET = 2       # L692 "Ogni fine di una War Phase in Guerra ... due punti"
SEPARATE_PEACE_ET = 5  # L684
QUIET_SEQUENCES = 3   # L548
MAX_SEQUENCES = 12    # the engine's guard: then a stalemate (ruling)
REROLL_GUARD = 20     # initiative ties re-rolled (L519), at most this often
KIND_ORDER = {"chinese": 0, "ottoman": 1, "war": 2}  # L507-509
SPOILS = ("possession", "protectorate", "influence", "interest")  # L684 "qualunque Status"


def _c(cid: str, key: str, text: str, **params: Any) -> Choice:
    return Choice(cid, msg(f"pax.choice.{key}", text, **params))


# ----------------------------------------------------------------- who is at war

def get_war(state: PaxState, wid: int) -> War:
    return next(w for w in state.wars if w.id == wid)


def war_of(state: PaxState, power: str) -> War | None:
    """The declared war ``power`` fights now (the Chinese and Ottoman wars
    are apart: enemies fight the Chinese side by side, L475)."""
    return next((w for w in state.at_war() if w.kind == "war" and w.side_of(power) is not None), None)


def side_seats(state: PaxState, war: War, side: int) -> list[str]:
    """The players deciding for a side's powers (Germany for
    Austria-Hungary; a minor has none, L684 "non può negoziare")."""
    out: list[str] = []
    for p in war.sides[side]:
        seat = state.seat(p) if p in state.powers else None
        if seat and seat not in out:
            out.append(seat)
    return out


def _new_war(state: PaxState, sides: list[list[str]]) -> War:
    war = War(id=max((w.id for w in state.wars), default=0) + 1, sides=sides)
    state.wars.append(war)
    return war


def _merge(state: PaxState, war: War, other: War, side: int, power: str) -> None:
    """``power`` of ``other`` comes to ``war``'s ``side``: the two wars become
    one (L569: a war between two alliances), its allies with it."""
    k = other.side_of(power)
    war.sides[side] += other.sides[k]
    war.sides[1 - side] += other.sides[1 - k]
    war.declared += other.declared
    here = {k: side, 1 - k: 1 - side}  # other's side index -> war's
    for p, given in other.permits.items():  # a neutral's permission stays (L618)
        war.permits[p] = sorted(set(war.permits.get(p, [])) | {here[i] for i in given})
    for via, denials in other.canal_denials.items():
        for p, denied in denials.items():
            war.canal_denials.setdefault(via, {}).setdefault(p, sorted({here[i] for i in denied}))
    state.wars.remove(other)


def enter(state: PaxState, war: War, power: str, side: int, by: str) -> None:
    """``power`` is now on ``side`` of ``war``, brought in by ``by``'s
    declaration (its own, or one against it or its ally). A Great War ends
    the game (L571-573; its causers by :func:`greatwar.causers`)."""
    if war.side_of(power) is not None:
        return
    other = war_of(state, power) if war.kind == "war" else None  # the Ottoman war stays apart
    if other is not None and other is not war:
        _merge(state, war, other, side, power)
    else:
        war.sides[side].append(power)
    log(state, "pax.log.war_enters", "{power} enters the war on the side of {ally}.",
        power=power, ally=war.sides[side][0])
    greatwar.check_war(state, war)


def declare(state: PaxState, by: str, against: str, call: bool = False, war: War | None = None) -> War:
    """``by`` declares war on ``against`` (L569): a new war, or ``against``
    (or ``by``) joins the war the other fights (``war``: that war, when it
    is the Ottoman one, L497). ET +5 (L692); the Austro-German defensive
    alliance acts (L569, L700) on a declaration of the declarer's own, not
    on a treaty ally's answer to a call (``call``), which leaves the war
    what it was (Germany's offensive stays one)."""
    war = war or war_of(state, by) or war_of(state, against)
    log(state, "pax.log.war_declared", "{power} declares war on {other}.", power=by, other=against)
    if war is None:
        war = _new_war(state, [[by], [against]])
    else:
        if war.side_of(by) is not None:
            enter(state, war, against, 1 - war.side_of(by), by)
        else:
            enter(state, war, by, 1 - war.side_of(against), by)
    war.declared.append({"by": by, "against": against, "turn": state.turn, "call": call})
    if state.powers[by].kind != "minor":  # L692 "ogni volta che un giocatore dichiara": a minor is no player (ruling)
        b.raise_et(state, DECLARATION_ET, "war_declared")
    if not call:  # an ally answering a call joins the war as it is (ruling)
        defensive_pact(state, war, against, by)
    return war


PACT = {"germany": "austria_hungary", "austria_hungary": "germany"}  # L569, L700


def defensive_pact(state: PaxState, war: War, attacked: str, by: str) -> None:
    """Austria-Hungary defends Germany when Germany is declared war on, and
    Germany Austria-Hungary (L569, L700); not when Germany declares."""
    partner = PACT.get(attacked)
    side = war.side_of(attacked)
    if partner in state.powers and side is not None and war.side_of(partner) is None and state.result is None:
        log(state, "pax.log.war_pact", "{power} stands by {ally}: their defensive alliance.",
            power=partner, ally=attacked)
        enter(state, war, partner, side, by)


# ----------------------------------------------------------------- declarations (L557, L569)

def declaration_offers(state: PaxState, offered: list[str], why: str | None = None) -> dict[str, list[str]]:
    """{seat: [powers it may declare war on]} from this turn's Casus Belli
    (L557), each holder/target pair once per War phase (``offered``:
    "holder>target" already asked); ``why``: only the Casus Belli of that
    cause. A player holds them; Austria-Hungary never declares (L700)."""
    out: dict[str, list[str]] = {}
    for cb in state.casus_belli:
        holder, target = cb["holder"], cb["against"]
        if cb["turn"] != state.turn or holder == target or f"{holder}>{target}" in offered:
            continue
        if why is not None and cb["why"] != why:
            continue
        if state.powers[holder].kind != "player" or target not in state.powers:
            continue
        war = war_of(state, holder)
        if war is not None and war.side_of(target) is not None:
            continue  # already enemies, or allies
        if target not in out.setdefault(holder, []):
            out[holder].append(target)
    return out


def declaration_round(state: PaxState, offered: list[str], rnd: int = 1, war: War | None = None,
                      why: str | None = None) -> list[dict]:
    """The frame of declaration round ``rnd``, none when nobody may declare.
    During a war (``war``), only the Casus Belli of cause ``why`` are
    offered and a declaration brings its target into ``war`` (L636, L696)."""
    offers = declaration_offers(state, offered, why)
    if not offers:
        return []
    pairs = offered + [f"{seat}>{t}" for seat, ts in offers.items() for t in ts]
    during = {"war": war.id, "why": why} if war is not None else {}
    return [frame("pax.war_declare", round=rnd, offers=offers, answers={}, offered=pairs, **during)]


def allied(state: PaxState, by: str, against: str) -> War | None:
    """The war in which ``by`` and ``against`` already fight side by side."""
    war = war_of(state, by)
    return war if war is not None and war.side_of(against) == war.side_of(by) else None


def settle_declaration(state: PaxState, by: str, against: str, war: War | None = None) -> War | None:
    """A declaration decided in a sealed round (the War phase's, or a
    Congress's, L567) carried out: it falls when an earlier one of the same
    round made the two allies, for the engine plays a war between two
    alliances only (L569's third alliance: docs/rulings/pax.md)."""
    ally = allied(state, by, against)
    if ally is not None:
        log(state, "pax.log.war_declaration_void", "{power}'s declaration on {other} falls: they are allies in war "
            "{n}.", power=by, other=against, n=ally.id)
        return None
    return declare(state, by, against, war=war)


class _Sealed(Step):
    """A sealed question to several seats at once (frame ``answers``: seat
    -> choice); once every seat answered, :meth:`settle` carries them out."""
    simultaneous = True

    def seats(self, state: PaxState, f: dict) -> list[str]:  # pragma: no cover - abstract
        raise NotImplementedError

    def ask(self, state: PaxState, f: dict, seat: str) -> Decision:  # pragma: no cover - abstract
        raise NotImplementedError

    def settle(self, state: PaxState, f: dict) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def decisions(self, state, f):
        return [self.ask(state, f, seat) for seat in self.seats(state, f) if seat not in f["answers"]]

    def apply_for(self, state, f, actor, cid):
        f["answers"][actor] = cid
        if not self.decisions(state, f):
            state.stack.pop()
            self.settle(state, f)


class _WarSealed(_Sealed):
    """A sealed question about one war (frame ``war``) to the seats
    ``who(state, war)`` names."""
    who: Any = None

    def seats(self, state, f):
        return type(self).who(state, get_war(state, f["war"]))


@register
class Declare(_Sealed):
    """The sealed declarations of a War phase (module doc, 1)."""
    name = "pax.war_declare"

    def seats(self, state, f):
        return list(f["offers"])

    def ask(self, state, f, seat):
        return Decision(seat, msg("pax.prompt.war_declare", "{power}: you hold a Casus Belli; declare war?",
                                  power=seat),
                        [_c("peace", "keep_peace", "Keep the peace")]
                        + [_c(f"declare:{t}", "declare_war", "Declare war on {power}", power=t)
                           for t in f["offers"][seat]], self.name)

    def settle(self, state, f):
        war = next((w for w in state.at_war() if w.id == f.get("war")), None)
        # during a war only the calls this round's declarations bring are asked
        asked = [ob["key"] for ob in obligations(state)] if "war" in f else []
        for seat in f["offers"]:
            answer = f["answers"][seat]
            if answer.startswith("declare:") and state.result is None:
                settle_declaration(state, seat, answer.split(":", 1)[1], war=war)
            elif answer == "peace":
                log(state, "pax.log.war_no_declaration", "{power} declares no war.", power=seat)
        if state.result is None:
            push(state, frame("pax.war_calls", round=f["round"], asked=asked, offered=f["offered"]))

    def default(self, state, f, actor):
        return "peace"


# ----------------------------------------------------------------- calls to arms (L565, L569)

def obligations(state: PaxState) -> list[dict[str, Any]]:
    """Every treaty term that calls its giver to a war now: ``defend`` when
    the taker was declared war on (L565; not when it began the war, L569),
    ``support`` when the taker is at war (L565)."""
    out = []
    for war in state.at_war():
        if war.kind != "war":
            continue
        attacked = {d["against"] for d in war.declared}
        for t in state.treaties:
            for x in t["terms"]:
                g, taker = x["giver"], x["taker"]
                if x["kind"] not in ALLIANCE_TERMS or war.side_of(taker) is None or war.side_of(g) is not None:
                    continue
                if x["kind"] == "defend" and taker not in attacked:
                    continue
                if state.powers[g].kind != "player":
                    continue
                side = war.side_of(taker)
                enemy = next((d["by"] for d in war.declared if d["against"] == taker), war.sides[1 - side][0])
                out.append({"war": war.id, "treaty": t["id"], "kind": x["kind"], "giver": g, "taker": taker,
                            "enemy": enemy, "key": f"{war.id}:{t['id']}:{x['kind']}:{g}:{taker}"})
    return out + pledge_obligations(state)


def pledge_obligations(state: PaxState) -> list[dict[str, Any]]:
    """L287: a minor that declared war this turn on the Great Power that
    defied the Congress calls every power that pledged to defend its rights
    there (``state.congress["pledges"]``, ruleset 3) and is not in the war."""
    c = state.congress or {}
    out = []
    for pl in c.get("pledges", []) if c.get("turn") == state.turn else []:
        minor, gp, g = pl["minor"], pl["against"], pl["power"]
        war = war_of(state, minor)
        if war is None or war.side_of(g) is not None or not any(
                d["by"] == minor and d["against"] == gp for d in war.declared):
            continue
        out.append({"war": war.id, "treaty": None, "kind": "pledge", "giver": g, "taker": minor, "enemy": gp,
                    "key": f"{war.id}:pledge:{g}:{minor}"})
    return out


@register
class Calls(Step):
    """Ask every power a treaty calls to arms, one at a time; then another
    declaration round for the Casus Belli a refusal gave (L569)."""
    name = "pax.war_calls"
    auto = True

    def run(self, state, f):
        if state.result is not None:
            return
        for ob in obligations(state):
            if ob["key"] not in f["asked"]:
                push(state, frame("pax.war_pledge" if ob["kind"] == "pledge" else "pax.war_call",
                                  index=len(f["asked"]), **ob),
                     dict(f, asked=f["asked"] + [ob["key"]]))
                return
        push(state, *declaration_round(state, f["offered"], f["round"] + 1))


@register
class Call(OneSeat):
    """A treaty calls ``giver`` to ``taker``'s war: refuse (the default:
    the passive answer, ruling) or honour (L569)."""
    name = "pax.war_call"

    @staticmethod
    def _number(state, f) -> int:
        """The treaty's number as its giver knows it (ruleset 3: never the
        count of all treaties, negotiation.shown_number)."""
        return shown_number(next(t for t in state.treaties if t["id"] == f["treaty"]), state.seat(f["giver"]))

    def decision(self, state, f):
        n = self._number(state, f)
        prompt = (msg("pax.prompt.war_call_defend", "{power}: treaty {n} obliges you to defend {ally}, declared war "
                      "on by {enemy}.", power=f["giver"], n=n, ally=f["taker"], enemy=f["enemy"])
                  if f["kind"] == "defend" else
                  msg("pax.prompt.war_call_support", "{power}: treaty {n} obliges you to join {ally} in its war "
                      "with {enemy}.", power=f["giver"], n=n, ally=f["taker"], enemy=f["enemy"]))
        return Decision(state.seat(f["giver"]), prompt,
                        [_c("refuse", "refuse_call", "Refuse (break the treaty)"),
                         _c("honour", "honour_call", "Honour the treaty: declare war on {enemy}", enemy=f["enemy"])],
                        self.name)

    def apply(self, state, f, cid):
        if cid == "honour":
            log(state, "pax.log.war_call_honoured", "{power} honours treaty {n}.", power=f["giver"],
                n=self._number(state, f))
            declare(state, f["giver"], f["enemy"], call=True)
            return
        treaty = next(t for t in state.treaties if t["id"] == f["treaty"])
        if not treaty["secret"]:  # a secret treaty's breach is known once it is revealed (L461)
            log(state, "pax.log.war_call_refused", "{power} refuses the call of treaty {n}: the treaty is broken.",
                power=f["giver"], n=self._number(state, f))
        record_breach(state, treaty, f["giver"], None)

    def default(self, state, f, actor):
        return "refuse"


PLEDGE_VP = 5  # L287 "perde automaticamente 5 Punti Vittoria"
PLEDGE_ET = 3  # L287, L690 "L'aumento è di tre punti"


@register
class Pledge(OneSeat):
    """A power that pledged at the Congress to defend a minor's rights is
    called to the minor's war on the Great Power that defied the Congress
    (L287): refuse (the default, as a treaty's call: the passive answer;
    -5 VP and ET +3, L287, L690) or honour (it declares war beside the
    minor: ET +5, L692)."""
    name = "pax.war_pledge"

    def decision(self, state, f):
        return Decision(state.seat(f["giver"]),
                        msg("pax.prompt.war_pledge", "{power}: you pledged to defend {minor}'s rights; {minor} is at "
                            "war with {enemy}. Declare war on {enemy}?", power=f["giver"], minor=f["taker"],
                            enemy=f["enemy"]),
                        [_c("refuse", "refuse_pledge", "Refuse (lose 5 VP, European Tension +3)"),
                         _c("honour", "honour_pledge", "Stand by {minor}: declare war on {enemy}", minor=f["taker"],
                            enemy=f["enemy"])], self.name)

    def apply(self, state, f, cid):
        if cid == "honour":
            log(state, "pax.log.war_pledge_honoured", "{power} stands by {minor}, as it pledged.", power=f["giver"],
                minor=f["taker"])
            declare(state, f["giver"], f["enemy"], call=True)
            return
        state.powers[f["giver"]].vp -= PLEDGE_VP
        log(state, "pax.log.war_pledge_refused", "{power} does not defend {minor} as it pledged: it loses {vp} VP.",
            power=f["giver"], minor=f["taker"], vp=PLEDGE_VP)
        b.raise_et(state, PLEDGE_ET, "pledge_broken", by=f["giver"])

    def default(self, state, f, actor):
        return "refuse"


# ----------------------------------------------------------------- the wars in order (L505-509, L561)

def war_phase(state: PaxState) -> None:
    """Phase 10 (ruleset 3): the declarations, then the wars. A war declared
    at the Congress (L567) is already there: its calls to arms are asked
    even when nobody may declare now."""
    first = declaration_round(state, [])
    if not first and any(w.kind == "war" for w in state.at_war()):
        first = [frame("pax.war_calls", round=0, asked=[], offered=[])]
    push(state, *first, frame("pax.war_begin"))


def _adopt(state: PaxState, war: War | None) -> None:
    if war is not None and all(w is not war for w in state.wars):
        state.wars.append(war)


@register
class Begin(Step):
    """The Chinese Rebellion and the Ottoman war break out; every Casus
    Belli goes (L561); the wars are fought one after another (L505-509;
    L569: separate wars ignore each other's units, so playing them in turn
    changes nothing)."""
    name = "pax.war_begin"
    auto = True

    def run(self, state, f):
        if state.result is not None:
            return
        if state.chinese_rebellion == state.turn:
            _adopt(state, natives.start_chinese(state))
        if state.ottoman_due:
            _adopt(state, natives.start_ottoman(state, against=list(state.ottoman_due)))
            state.ottoman_due = []
        wars = sorted(state.at_war(), key=lambda w: (KIND_ORDER.get(w.kind, 2), w.id))
        if not wars:
            log(state, "pax.log.war_none", "No war this turn.")
            return
        if state.casus_belli:
            state.casus_belli = []
            log(state, "pax.log.cb_removed", "The War Sequence begins: every Casus Belli is removed.")
        push(state, *[frame("pax.war_alliances", war=w.id) for w in wars])


# ----------------------------------------------------------------- one war (L511-549)

class _WarStep(Step):
    """An automatic step of one war (frame ``war``: its id): nothing once
    the game is over, nor, while ``fought``, once the war is."""
    auto = True
    fought = True

    def run(self, state, f):
        war = get_war(state, f["war"])
        if state.result is None and not (self.fought and war.over):
            self.play(state, f, war)

    def play(self, state: PaxState, f: dict, war: War) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


@register
class Alliances(_WarStep):
    """Alliance Determination (L511-513): who fights on each side; a minor
    moves with its Great Power allies, or by the engine when it has none
    (L513, L579, L634; ruling)."""
    name = "pax.war_alliances"

    def play(self, state, f, war):
        if war.kind == "ottoman" and not f.get("asked") and bystanders(state, war):
            push(state, frame("pax.war_sides", war=war.id, answers={}), dict(f, asked=True))
            return
        for i, side in enumerate(war.sides):
            log(state, "pax.log.war_alliance", "War {n}, alliance {side}: {powers}.", n=war.id, side=i + 1,
                powers=", ".join(side))
            seats = side_seats(state, war, i)
            for p in side:
                if p in state.powers and state.powers[p].kind in ("minor", "native") and seats:
                    war.controllers[p] = seats[0]  # the Ottomans with allies fight as a minor (L497)
                elif p in state.powers and state.powers[p].kind == "minor":
                    war.controllers[p] = "bot"
        # the neutrals' permissions and canals (engine/pax/neutrals.py, L618, L696)
        push(state, frame("pax.war_neutrals", war=war.id), frame("pax.war_sequence", war=war.id))


def bystanders(state: PaxState, war: War) -> list[str]:
    """Players not in the Ottoman war, who may join either side (L497)."""
    return [p for p in state.players if war.side_of(p) is None]


@register
class Sides(_WarSealed):
    """L497: "Quando l'Impero Ottomano dichiara Guerra, ogni Potenza può
    decidere se schierarsi a favore dell'Impero"; the others may help the
    power it declared war on, or stay neutral (the default). Joining is a
    declaration of war (ET +5, L692)."""
    name = "pax.war_sides"
    who = staticmethod(lambda state, war: bystanders(state, war))

    def ask(self, state, f, seat):
        war = get_war(state, f["war"])
        return Decision(seat, msg("pax.prompt.war_sides", "{power}: the Ottoman Empire is at war with {enemy}; "
                                  "take a side?", power=seat, enemy=war.sides[1][0]),
                        [_c("neutral", "stay_neutral", "Stay neutral")]
                        + [_c(f"join:{i}", "join_side", "Join {power}'s alliance", power=war.sides[i][0])
                           for i in range(len(war.sides))], self.name)

    def settle(self, state, f):
        war = get_war(state, f["war"])
        for seat in self.seats(state, f):
            answer = f["answers"].get(seat, "neutral")
            if answer.startswith("join:") and state.result is None:
                side = int(answer.split(":")[1])
                declare(state, seat, war.sides[1 - side][0], war=war)

    def default(self, state, f, actor):
        return "neutral"


def initiative(state: PaxState, war: War) -> int:
    """L515-519: a native side is the First Alliance; else one die per side,
    the higher first, ties rolled again."""
    for i in range(len(war.sides)):
        if natives.is_native_side(state, war, i):
            return i
    for _ in range(REROLL_GUARD):
        d0, d1 = roll_die(state), roll_die(state)
        log(state, "pax.log.war_initiative", "Initiative, war {n}: alliance 1 rolls {a}, alliance 2 rolls {b}.",
            n=war.id, a=d0, b=d1)
        if d0 != d1:
            return 0 if d0 > d1 else 1
    return 0


def side_frames(state: PaxState, war: War, side: int) -> list[dict]:
    """A side's phases of one sequence (L521-541); a native side moves and
    attacks by the rules of L479-481, L497."""
    if natives.is_native_side(state, war, side):
        return [frame("pax.native_maneuver", war=war.id, side=side), frame("pax.native_attack", war=war.id, side=side)]
    out = [frame(f"pax.war_{x}", war=war.id, side=side) for x in ("maneuver", "attack", "supply")]
    if war.kind == "chinese":  # L481: statuses go where Chinese armies stand alone after the attack
        out.insert(2, frame("pax.native_after_attack", war=war.id))
    return out


@register
class Sequence(_WarStep):
    """One War Sequence (L515-541), then its end determination."""
    name = "pax.war_sequence"

    def play(self, state, f, war):
        war.sequence += 1
        war.attacked = False
        war.first = initiative(state, war)
        log(state, "pax.log.war_sequence", "War {n}, sequence {k}: {power}'s alliance moves first.", n=war.id,
            k=war.sequence, power=war.sides[war.first][0])
        order = (war.first, 1 - war.first)
        push(state, *side_frames(state, war, order[0]), *side_frames(state, war, order[1]),
             frame("pax.war_end", war=war.id))


def has_native_side(state: PaxState, war: War) -> bool:
    return any(natives.is_native_side(state, war, i) for i in range(len(war.sides)))


@register
class End(_WarStep):
    """The end of a sequence (L543-549): ET +2 (L692), then peace talks
    where both sides have players, then the other end conditions."""
    name = "pax.war_end"

    def play(self, state, f, war):
        war.quiet = 0 if war.attacked else war.quiet + 1
        b.raise_et(state, SEQUENCE_ET, "war_sequence")
        if state.result is not None:
            return
        if has_native_side(state, war):
            how = natives.native_war_over(state, war)
            if how is None and natives.ottoman_may_end_on_request(state, war):
                how = "request"  # L497: the enemies would ask; in play by post it ends (docs/rulings/pax.md)
            if how is not None:
                war.over = how
                push(state, frame("pax.war_close", war=war.id))  # after the cessions resolve_native pushes
                natives.resolve_native(state, war)
            elif war.sequence >= MAX_SEQUENCES:
                push(state, frame("pax.war_outcome", war=war.id))
            else:
                push(state, frame("pax.war_sequence", war=war.id))
            return
        talks = all(side_seats(state, war, i) for i in range(len(war.sides)))
        push(state, *([frame("pax.war_peace", war=war.id, round=war.sequence, answers={})] if talks else []),
             frame("pax.war_outcome", war=war.id))


# ----------------------------------------------------------------- peace (L545, L684)

def belligerent_seats(state: PaxState, war: War) -> list[str]:
    return [s for i in range(len(war.sides)) for s in side_seats(state, war, i)]


@register
class Peace(_WarSealed):
    """Every belligerent player fights on (the default) or offers peace,
    sealed (L545, L684)."""
    name = "pax.war_peace"
    who = staticmethod(lambda state, war: belligerent_seats(state, war))

    def ask(self, state, f, seat):
        war = get_war(state, f["war"])
        return Decision(seat, msg("pax.prompt.war_peace", "{power}: war {n}, sequence {k}: fight on or offer "
                                  "peace?", power=seat, n=war.id, k=war.sequence),
                        [_c("fight_on", "fight_on", "Fight on"), _c("offer_peace", "offer_peace", "Offer peace")],
                        self.name)

    def settle(self, state, f):
        settle_peace(state, get_war(state, f["war"]), f["answers"])

    def default(self, state, f, actor):
        return "fight_on"


def settle_peace(state: PaxState, war: War, answers: dict[str, str]) -> None:
    """All offer: peace (L684 "per accordo tra tutti i combattenti"). A
    player who offers while its allies fight on and the whole enemy side
    offers makes a separate peace: out of the war, ET +5 (L684)."""
    offering = {s for s, a in answers.items() if a == "offer_peace"}
    if offering >= set(belligerent_seats(state, war)):
        war.over = "peace"
        log(state, "pax.log.war_peace", "War {n}: every belligerent offers peace; the peace "
            "treaty follows.", n=war.id)
        push(state, frame("pax.war_treaty", war=war.id, drafts={}, sealed=[]))
        return
    for side in range(len(war.sides)):
        mine = side_seats(state, war, side)
        if set(side_seats(state, war, 1 - side)) <= offering and set(mine) - offering:
            for seat in [s for s in mine if s in offering]:
                separate_peace(state, war, side, seat)


def war_powers(state: PaxState, war: War) -> list[str]:
    """The powers fighting ``war`` (a minor's too: it conforms to the treaty its allies write, L684)."""
    return [p for side in war.sides for p in side if p in state.powers and state.powers[p].kind != "native"]


@register
class PeaceTreaty(congress.Propose):
    """L684 "Alla fine di una Guerra i giocatori devono redigere un Trattato
    che risolva ogni disputa rimasta e disponga i cambi di Status
    desiderati": after a peace by agreement every belligerent player may
    write one treaty, its terms Negotiation's (negotiation.term_options)
    between the war's powers; the default writes none."""
    name = "pax.war_treaty"

    def members(self, state, f):
        return belligerent_seats(state, get_war(state, f["war"]))

    def term_powers(self, state, f):
        return war_powers(state, get_war(state, f["war"]))

    def war_targets(self, state, f, seat):
        return []  # the war is ending: L567's declaration is the Congress's, not the peace's

    def head(self, state, f, seat, n):
        return msg("pax.prompt.war_treaty", "{power}: your peace treaty for war {war} ({n} term(s)).", power=seat,
                   war=f["war"], n=n)

    def finish(self, state, f, written):
        war = get_war(state, f["war"])
        if war.treaty:  # L684 "finché questo non accetta il Trattato": the refused one is put first
            written = [war.treaty] + written
        if written:
            push(state, frame("pax.war_treaty_sign", war=f["war"], proposals=written, index=0, answers={}))
        else:
            no_treaty(state, f["war"])


def no_treaty(state: PaxState, wid: int) -> None:
    log(state, "pax.log.war_no_treaty", "War {n}: no peace treaty is carried out; the peace changes no status.", n=wid)


def gives(state: PaxState, seat: str, terms: list[dict[str, Any]]) -> bool:
    """Whether ``seat`` (its powers, Austria-Hungary's for Germany) gives anything by ``terms``."""
    return any(state.seat(t["giver"]) == seat for t in terms if t["giver"] in state.powers)


def refusing_side(state: PaxState, war: War, refusers: list[str]) -> int | None:
    """The side whose players alone refuse a peace treaty, some of them
    only (their allies sign: L684's "Pace Separata"); None when the
    refusers are on both sides or are a whole side (the war goes on)."""
    sides = {war.side_of(r) for r in refusers}
    if len(sides) != 1 or None in sides:
        return None
    side = sides.pop()
    return side if set(side_seats(state, war, side)) - set(refusers) else None


def sign_peace(state: PaxState, war: War, prop: dict[str, Any], signatories: list[str]) -> bool:
    """Carry out and record the peace treaty ``prop`` signed by
    ``signatories`` (public, L684); False when a term can no longer be
    carried out (void, nothing changed)."""
    if not carry_out(state, prop):
        log(state, "pax.log.agreement_void", "An agreement can no longer be carried out: void.")
        return False
    t = {"id": len(state.treaties) + 1, "turn": state.turn, "signatories": signatories,
         "terms": prop["terms"], "secret": False, "breaches": [], "peace": war.id}
    record_treaty(state, t)
    log(state, "pax.log.war_treaty", "War {n}: the peace treaty of {power} is signed (treaty {t}).",
        n=war.id, power=prop["from"], t=shown_number(t, None))
    return True


@register
class PeaceSign(_WarSealed):
    """L684 "Tutti i belligeranti devono firmare il Trattato": the treaties
    written are put in turn to every belligerent player, sealed; the first
    all sign is carried out whole (negotiation.carry_out) and recorded,
    public. Refusing passes to the next. With none signed by all, the first
    signed by every belligerent but some players of one side (their allies
    signing) makes those allies' separate peace (:func:`separate_treaty`);
    else the war goes on (docs/rulings/pax.md). The deadline default signs
    a treaty in which the seat gives nothing, else refuses."""
    name = "pax.war_treaty_sign"
    who = staticmethod(lambda state, war: belligerent_seats(state, war))

    def ask(self, state, f, seat):
        p = f["proposals"][f["index"]]
        return Decision(seat, msg("pax.prompt.war_treaty_sign", "{power}: sign the peace treaty of {other} ({n} "
                                  "term(s))?", power=seat, other=p["from"],
                                  n=len(p["terms"])),
                        [_c("refuse", "refuse_sign", "Refuse to sign"), _c("sign", "sign", "Sign")], self.name)

    def settle(self, state, f):
        war = get_war(state, f["war"])
        prop = f["proposals"][f["index"]]
        refusers = [s for s in self.seats(state, f) if f["answers"].get(s) != "sign"]
        if not refusers:
            if sign_peace(state, war, prop, list(f["answers"])):
                war.treaty = None
                return
            f["void"] = True  # all signed for peace: a void treaty is no refusal (the peace stands)
            if prop == war.treaty:
                war.treaty = None  # void: not put again
        elif f.get("separate") is None and refusing_side(state, war, refusers) is not None:
            f["separate"] = {"index": f["index"], "refusers": refusers}
        if f["index"] + 1 < len(f["proposals"]):
            push(state, dict(f, index=f["index"] + 1, answers={}))
        elif f.get("separate"):
            separate_treaty(state, war, f["proposals"][f["separate"]["index"]], f["separate"]["refusers"])
        elif f.get("void"):
            no_treaty(state, war.id)
        else:
            war.over = None
            log(state, "pax.log.war_goes_on", "War {n}: no peace treaty is signed by every belligerent; the war "
                "goes on.", n=war.id)

    def default(self, state, f, actor):
        # signing a treaty that takes nothing from the seat is the passive answer (the war ends);
        # one that takes something is not signed for an absent player (docs/rulings/pax.md)
        return "refuse" if gives(state, actor, f["proposals"][f["index"]]["terms"]) else "sign"


def separate_treaty(state: PaxState, war: War, prop: dict[str, Any], refusers: list[str]) -> None:
    """L684 "Se un giocatore rifiuta di firmare, mentre i suoi Alleati no,
    gli Alleati non sono più in Guerra e la parte opponente continua a
    combattere il giocatore finché questo non accetta il Trattato o ne viene
    stipulato un altro": the refusers' allies make a separate peace
    (:func:`separate_peace`, ET +5 each); the treaty's terms between powers
    no longer at war with each other are carried out now, those of a power
    still fighting (the refusers', a minor of their alliance) wait in
    ``war.treaty`` for the next peace talks; the war goes on."""
    side = refusing_side(state, war, refusers)
    signers = [s for s in side_seats(state, war, side) if s not in refusers]
    staying = {p for p in war.sides[side] if state.seat(p) not in signers}
    now = [t for t in prop["terms"] if not {t["giver"], t["taker"]} & staying]
    later = [t for t in prop["terms"] if {t["giver"], t["taker"]} & staying]
    war.over = None
    log(state, "pax.log.war_treaty_refused", "War {n}: {powers} {k:plural:one=refuses|other=refuse} the peace "
        "treaty of {power}, which {k:plural:one=its|other=their} allies sign; the war goes on against "
        "{k:plural:one=it|other=them}.", n=war.id, powers=refusers, k=len(refusers), power=prop["from"])
    if now:
        sign_peace(state, war, dict(prop, terms=now),
                   [s for s in belligerent_seats(state, war) if s not in refusers])
    war.treaty = dict(prop, terms=later) if later else None
    for seat in signers:
        separate_peace(state, war, side, seat)


def peace_treaty_for(state: PaxState) -> dict[str, Any] | None:
    """The peace treaty put to the signature now (public, L684), its terms as messages."""
    from .negotiation import term_text

    top = state.stack[-1] if state.stack else {}
    if top.get("step") != PeaceSign.name:
        return None
    p = top["proposals"][top["index"]]
    return {"war": top["war"], "from": p["from"], "texts": [term_text(t).to_dict() for t in p["terms"]]}


def separate_peace(state: PaxState, war: War, side: int, seat: str) -> None:
    """``seat``'s powers leave ``war`` (L684 "Pace Separata"): ET +5; their
    units go home as at a war's end (warfare.return_home_after_war); a
    minor ``seat`` moved is moved by the first player left in its alliance."""
    gone = [p for p in war.sides[side] if p in state.powers and state.seat(p) == seat]
    war.sides[side] = [p for p in war.sides[side] if p not in gone]
    war.separate += gone
    left = side_seats(state, war, side)
    for minor, by in war.controllers.items():  # a minor of the alliance fights on, moved by a player still in it
        if by == seat and minor in war.sides[side]:
            war.controllers[minor] = left[0] if left else "bot"
    log(state, "pax.log.war_separate_peace", "{power} makes a separate peace and leaves war {n}.", power=seat,
        n=war.id)
    b.raise_et(state, SEPARATE_PEACE_ET, "separate_peace")
    leaving = War(id=war.id, kind=war.kind, sides=[gone, []],
                  surrendered={p: war.surrendered.pop(p) for p in gone if p in war.surrendered})
    warfare.return_home_after_war(state, leaving)


# ----------------------------------------------------------------- end determination (L546-549)

def outside_homeland(state: PaxState, war: War, side: int) -> bool:
    """Any unit of the side outside its homelands (L546)."""
    return any(n > 0 for p in war.sides[side] if p in state.powers
               for loc, units in state.powers[p].units.items() if loc != b.HOME for n in units.values())


def _units_of(state: PaxState, powers: list[str], area: str) -> int:
    return sum(sum(b.units_at(state, p, area).values()) for p in powers if p in state.powers)


def overrun(state: PaxState, war: War, side: int) -> bool:
    """Every area a side controls is occupied by enemy units alone (L547);
    False for a side that controls none."""
    mine, enemy = war.sides[side], war.sides[1 - side]
    held = [aid for aid, a in state.areas.items()
            if any(b.is_control(s.level) for p, s in a.statuses.items() if p in mine)]
    return bool(held) and all(_units_of(state, enemy, a) and not _units_of(state, mine, a) for a in held)


def beaten(state: PaxState, war: War, side: int) -> bool:
    return not outside_homeland(state, war, side) or overrun(state, war, side)


@register
class Outcome(_WarStep):
    """The War End Determination after the peace talks (L543-549)."""
    name = "pax.war_outcome"
    fought = False

    def play(self, state, f, war):
        if war.over is None:
            lost = [i for i in range(len(war.sides)) if beaten(state, war, i)]
            if len(lost) == 1:
                war.over, war.winner = "victory", 1 - lost[0]
                log(state, "pax.log.war_victory", "War {n} ends: {power}'s alliance wins.", n=war.id,
                    power=war.sides[war.winner][0])
            elif lost or war.quiet >= QUIET_SEQUENCES or war.sequence >= MAX_SEQUENCES:
                war.over = "stalemate"
                log(state, "pax.log.war_stalemate", "War {n} ends in a stalemate after {k} sequence(s).",
                    n=war.id, k=war.sequence)
            else:
                push(state, frame("pax.war_sequence", war=war.id))
                return
        spoils = spoils_frames(state, war)
        asked = bool(spoils) and len(victors(state, war)) > 1
        push(state, *([frame("pax.war_division", war=war.id, answers={})] if asked else spoils),
             frame("pax.war_close", war=war.id))


# ----------------------------------------------------------------- resolution (L553, L684)

def occupier(state: PaxState, war: War, area: str, side: int) -> str | None:
    """The power of ``side`` with the most strength in ``area`` (first in
    the alliance on a tie), None when none stands there."""
    best = [(b.strength(b.units_at(state, p, area), None), -i, p) for i, p in enumerate(war.sides[side])
            if p in state.powers and b.units_at(state, p, area)]
    return max(best)[2] if best else None


def spoils_levels(state: PaxState, war: War, area: str, power: str, side: int) -> list[str]:
    """The statuses ``power`` may place free in a conquered ``area`` (L684:
    any status), highest first, once the defeated side's statuses are gone:
    none beside a status that forbids it (L305, L307, L311; a Control beside
    a neutral's Control only at its level, a codominium, L638), within the
    counter mix (L67), above what it holds there."""
    losers = set(war.sides[1 - side])
    a = state.areas[area]
    others = [s for p, s in a.statuses.items() if p != power and p not in losers]
    own = a.statuses.get(power)
    out = []
    for lv in SPOILS:
        if own and RANK[own.level] >= RANK[lv] or not b.marker_free(state, power, lv):
            continue
        if lv == "interest" and any(RANK[s.level] >= RANK["possession"] and not s.new for s in others):
            continue
        if lv == "influence" and any(b.is_control(s.level) for s in others):
            continue
        if b.is_control(lv) and any(b.is_control(s.level) and s.level != lv for s in others):
            continue
        out.append(lv)
    return out


def spoils_winners(war: War) -> list[int]:
    """The sides that keep their conquests: the winner; both on a stalemate
    (L684); none after a negotiated peace (ruling: the treaty decides)."""
    return [war.winner] if war.over == "victory" else ([0, 1] if war.over == "stalemate" else [])


def spoils_frames(state: PaxState, war: War) -> list[dict]:
    out = []
    for area, side in sorted(war.conquered.items()):
        who = occupier(state, war, area, side) if side in spoils_winners(war) else None
        if who is not None:
            out.append(frame("pax.war_conquest", war=war.id, area=area, power=who, side=side))
    return out


def victors(state: PaxState, war: War) -> list[str]:
    """The winning alliance's players (none but after a victory)."""
    return side_seats(state, war, war.winner) if war.over == "victory" else []


@register
class Division(_WarSealed):
    """L684 "l'Alleanza vittoriosa può, per accordo unanime, dividersi le
    Aree conquistate ... Se i vincitori non si accordano sulle divisione
    delle spoglie, è automaticamente convocato un Congresso d'Europa": each
    victor agrees (the default) to the engine's division, the strongest
    occupier of each conquered area placing its status (``pax.war_spoils``),
    or disagrees; any disagreement convenes a Congress of Europe, whose
    treaty may divide again what the division placed (docs/rulings/pax.md)."""
    name = "pax.war_division"
    who = staticmethod(lambda state, war: victors(state, war))

    def ask(self, state, f, seat):
        war = get_war(state, f["war"])
        mine = sum(1 for x in spoils_frames(state, war) if state.seat(x["power"]) == seat)
        return Decision(seat, msg("pax.prompt.war_division", "{power}: war {n} is won; the strongest occupier of "
                                  "each conquered area places its status there ({k} area(s) for you). Agree to "
                                  "this division of the spoils?", power=seat, n=war.id, k=mine),
                        [_c("agree", "agree_division", "Agree"),
                         _c("disagree", "disagree_division", "Disagree: a Congress of Europe is convened")],
                        self.name)

    def settle(self, state, f):
        war = get_war(state, f["war"])
        against = [s for s in self.seats(state, f) if f["answers"].get(s) == "disagree"]
        push(state, *spoils_frames(state, war),
             *([frame("pax.war_congress", war=war.id, by=against[0])] if against else []))

    def default(self, state, f, actor):
        return "agree"


@register
class WarCongress(_WarStep):
    """L684: the victors did not agree: a Congress of Europe is convened
    (congress.convene: ET +3, L690-692), its parties the victors; L465 "il
    giocatore che lo ha indetto deve fissare una sede": the first victor who
    disagreed chooses among the players who may host it
    (``pax.war_congress_host``) when there are several (docs/rulings/pax.md)."""
    name = "pax.war_congress"
    fought = False

    def play(self, state, f, war):
        parties = victors(state, war)
        log(state, "pax.log.war_spoils_disputed", "The victors of war {n} do not agree on the spoils.", n=war.id)
        where = congress.hosts(state, parties)
        if len(where) > 1:
            push(state, frame("pax.war_congress_host", war=war.id, by=f["by"], hosts=where))
        else:
            war_congress(state, war, where[0] if where else parties[0], f["by"])


def war_congress(state: PaxState, war: War, host: str, by: str) -> None:
    """The victors' Congress of Europe in ``host``, convened by ``by``,
    over the first area the victors conquered (L467, L684)."""
    congress.convene(state, host, victors(state, war), by,
                     area=min(a for a, side in war.conquered.items() if side == war.winner))


@register
class CongressHost(OneSeat):
    """L465: the victor who convened the Congress (the first to disagree)
    fixes its seat among ``hosts`` (congress.hosts, L465-467); a lapsed
    deadline takes the first, the engine's order of the players."""
    name = "pax.war_congress_host"

    def decision(self, state, f):
        return Decision(f["by"], msg("pax.prompt.war_congress_host", "{power}: the victors of war {n} do not agree "
                                     "on the spoils; where does the Congress of Europe sit?", power=f["by"],
                                     n=f["war"]),
                        [_c(f"convene-{h}", "convene", "Convene the Congress of Europe in {power}", power=h)
                         for h in f["hosts"]], self.name)

    def apply(self, state, f, cid):
        war_congress(state, get_war(state, f["war"]), cid[len("convene-"):], f["by"])

    def default(self, state, f, actor):
        return self.decision(state, f).ids()[0]


def take_area(state: PaxState, war: War, area: str, power: str, side: int, level: str | None) -> None:
    """The defeated side's statuses in ``area`` go; ``power`` places
    ``level`` there, established and free (L684)."""
    for p in list(state.areas[area].statuses):
        if p in war.sides[1 - side]:
            b.remove_status(state, area, p)
            log(state, "pax.log.war_status_lost", "{power} loses its status in {area}.", power=p, area=area)
    if level:
        b.set_status(state, area, power, level, new=False)
        log(state, "pax.log.war_spoils", "{power} places a {level} in conquered {area}.", power=power,
            level=level, area=area)


@register
class Conquest(_WarStep):
    """A conquered area changes hands (L684): a minor takes a Possession
    where it may; a Great Power chooses (``pax.war_spoils``) unless only
    "no status" is left; the Ottoman Empire places none (its own areas, L497)."""
    name = "pax.war_conquest"
    fought = False

    def play(self, state, f, war):
        kind = state.powers[f["power"]].kind
        levels = [] if kind == "native" else spoils_levels(state, war, f["area"], f["power"], f["side"])
        if kind != "minor" and levels:
            push(state, dict(f, step="pax.war_spoils", index=f["area"]))
            return
        take_area(state, war, f["area"], f["power"], f["side"], "possession" if "possession" in levels else None)


@register
class Spoils(OneSeat):
    """The occupier of a conquered area chooses its status, highest first
    (L684; ruling: the engine asks the strongest occupier; a lapsed deadline
    takes the highest, the victor's natural claim)."""
    name = "pax.war_spoils"

    def decision(self, state, f):
        war = get_war(state, f["war"])
        levels = spoils_levels(state, war, f["area"], f["power"], f["side"])
        return Decision(state.seat(f["power"]), msg("pax.prompt.war_spoils", "{power}: which status do you place "
                                                    "in conquered {area}?", power=f["power"], area=f["area"]),
                        [_c(lv, "spoils_level", "{level}", level=lv) for lv in levels]
                        + [_c("none", "spoils_none", "No status")], self.name)

    def apply(self, state, f, cid):
        take_area(state, get_war(state, f["war"]), f["area"], f["power"], f["side"], None if cid == "none" else cid)

    def default(self, state, f, actor):
        return self.decision(state, f).ids()[0]


@register
class Close(_WarStep):
    """The war is over: units home (warfare.return_home_after_war, L553,
    L680, L684)."""
    name = "pax.war_close"
    fought = False

    def play(self, state, f, war):
        minor = warfare.lone_minor_winner(state, war)
        if minor is not None:
            warfare.garrison_minor(state, war, minor)
        warfare.return_home_after_war(state, war)
        if war.kind in ("chinese", "ottoman"):  # their armies exist for their war only (L475, L497)
            natives.remove_native_armies(state, war)
        log(state, "pax.log.war_over", "War {n} is over.", n=war.id)
