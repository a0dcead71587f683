"""What a neutral Great Power may do during a war (ruleset 3): a Great Power
with a player (or Austria-Hungary, by Germany's player) not in the war.

* **Rights of Call** (L615-620, ``pax.war_permit``): as a war begins, each
  neutral seat holding a Control in a coastal area may give an alliance its
  permission ("verbale e, una volta dato, non revocabile"): its Controls
  then give that alliance Rights of Call (warmoves.rights_of_call). Asked
  once per war; the default gives none; nothing takes it back.
* **Canals and Straits** (L694-696, ``pax.war_canal``): as a war begins, a
  neutral controlling Egypt (Suez), Anatolia (the Straits) or Panama (its
  canal once built) may deny it to one alliance or to both (default: to
  none). In a codominium each co-owner answers and the passage is denied
  only where all deny it (warmoves.canal_denied). An alliance denied while
  the other is not gets a Casus Belli against the neutral: each of its
  players may declare war on it at once (the existing declaration round),
  making it a member of the other alliance.
* **Codominium** (L636-638, ``pax.war_codominium``): once a Maneuver's moves
  are carried out, a neutral whose codominium a belligerent entered
  (warmoves.codominium_cb) may declare war on the invader at once, and only
  then: the Casus Belli lapses after that round.

Readings in docs/rulings/pax.md ("Neutrals in a war").
"""
from __future__ import annotations

from ..core.engine import log
from ..core.messages import Choice, Decision, msg
from ..core.steps import Step, frame, push, register
from . import board as b
from . import natives
from .data import get_data
from .state import PaxState, War
from .war import _Sealed, _WarSealed, _WarStep, declaration_round, get_war
from .warmoves import canal_area, canal_holders, holder_denies

CODOMINIUM = "codominium_entered"  # warmoves.codominium_cb's cause
CANAL = "canal_denied"
CANALS = ("suez", "straits", "panama_canal")  # L694-696 (Central America: L388 names no denial)


def _c(cid: str, key: str, text: str, **params) -> Choice:
    return Choice(cid, msg(f"pax.choice.{key}", text, **params))


def neutral(state: PaxState, war: War, power: str) -> bool:
    """A Great Power with a seat outside ``war``."""
    return war.side_of(power) is None and state.powers[power].kind in ("player", "austria")


def open_sides(state: PaxState, war: War) -> list[int]:
    """The sides that move by the rules of L581-634 (a native side's moves
    are automatic, L477-479, L497: a permission or a denial means nothing to it);
    never an empty side (a Chinese Rebellion no power has yet entered)."""
    return [i for i in range(len(war.sides)) if war.sides[i] and not natives.is_native_side(state, war, i)]


def _seats_of(state: PaxState, powers: list[str]) -> list[str]:
    out: list[str] = []
    for p in powers:
        if state.seat(p) not in out:
            out.append(state.seat(p))
    return out


def _chosen(state: PaxState, war: War, answer: str) -> list[int]:
    """The sides an answer names ("none"/"open": none, "<x>:<i>", "<x>:all")."""
    if ":" not in answer:
        return []
    which = answer.split(":", 1)[1]
    return open_sides(state, war) if which == "all" else [int(which)]


# ----------------------------------------------------------------- the questions as a war begins

def permit_powers(state: PaxState, war: War) -> list[str]:
    """Neutrals with a Control in a coastal area (L618)."""
    d = get_data()
    return [p for p in state.powers if neutral(state, war, p)
            and any(x.statuses.get(p) and b.is_control(x.statuses[p].level) and d.areas[a].coastal
                    for a, x in state.areas.items())]


def canals_in_use(state: PaxState) -> list[str]:
    """Suez and the Straits, and the Panama canal once built (L694-696)."""
    return [c for c in CANALS if c in ("suez", "straits") or c.replace("_canal", "") in state.canals]


def canal_neutrals(state: PaxState, war: War, via: str) -> list[str]:
    """The neutral controllers of canal ``via``."""
    return [p for p in canal_holders(state, via) if neutral(state, war, p)]


@register
class Neutrals(_WarStep):
    """As a war begins, the neutrals' questions: permissions, then each canal."""
    name = "pax.war_neutrals"

    def play(self, state, f, war):
        if not open_sides(state, war):
            return
        out = [frame("pax.war_permit", war=war.id, answers={})] if permit_powers(state, war) else []
        out += [frame("pax.war_canal", war=war.id, via=c, answers={}) for c in canals_in_use(state)
                if canal_neutrals(state, war, c)]
        push(state, *out)


@register
class Permit(_WarSealed):
    """L618: each neutral seat with a coastal Control may give an alliance
    Rights of Call beside its Controls, for this war; given, it stays."""
    name = "pax.war_permit"
    who = staticmethod(lambda state, war: _seats_of(state, permit_powers(state, war)))

    def ask(self, state, f, seat):
        war = get_war(state, f["war"])
        sides = open_sides(state, war)
        choices = ([_c("none", "permit_none", "Give no permission")]
                   + [_c(f"grant:{i}", "permit_side", "Give {power}'s alliance Rights of Call",
                         power=war.sides[i][0]) for i in sides]
                   + [_c("grant:all", "permit_all", "Give both alliances Rights of Call")][:len(sides) - 1])
        return Decision(seat, msg("pax.prompt.war_permit", "{power}: war {n} begins; do you give a belligerent "
                                  "Rights of Call beside your Controls? Once given, it cannot be taken back.",
                                  power=seat, n=war.id), choices, self.name)

    def settle(self, state, f):
        war = get_war(state, f["war"])
        for p in permit_powers(state, war):
            sides = _chosen(state, war, f["answers"].get(state.seat(p), "none"))
            if sides:
                war.permits[p] = sorted(set(war.permits.get(p, [])) | set(sides))
                for i in sides:
                    log(state, "pax.log.war_permit", "{power} gives {ally}'s alliance Rights of Call beside its "
                        "Controls.", power=p, ally=war.sides[i][0])

    def default(self, state, f, actor):
        return "none"


@register
class Canal(_Sealed):
    """L694-696: each neutral controller of a canal denies it to nobody (the
    default), to one alliance or to both; then the Casus Belli."""
    name = "pax.war_canal"

    def seats(self, state, f):
        return _seats_of(state, canal_neutrals(state, get_war(state, f["war"]), f["via"]))

    def ask(self, state, f, seat):
        war = get_war(state, f["war"])
        sides = open_sides(state, war)
        choices = ([_c("open", "canal_open", "Deny it to nobody")]
                   + [_c(f"deny:{i}", "canal_deny_side", "Deny it to {power}'s alliance", power=war.sides[i][0])
                      for i in sides]
                   + [_c("deny:all", "canal_deny_all", "Deny it to both alliances")][:len(sides) - 1])
        partners = [p for p in canal_holders(state, f["via"]) if state.seat(p) != seat]
        head = msg("pax.prompt.war_canal", "{power}: you control {area}; during war {n} do you deny {canal}?",
                   power=seat, area=canal_area(f["via"]), n=war.id, canal=f["via"])
        if partners:  # L696: a codominium denies only what all its members deny
            head = msg("pax.prompt.war_canal_codominium", "{power}: you control {area} with {others}; during war "
                       "{n} do you deny {canal}? It is denied only to whom every co-owner denies it.",
                       power=seat, area=canal_area(f["via"]), others=", ".join(partners), n=war.id, canal=f["via"])
        return Decision(seat, head, choices, self.name)

    def settle(self, state, f):
        war, via = get_war(state, f["war"]), f["via"]
        for p in canal_neutrals(state, war, via):
            sides = _chosen(state, war, f["answers"].get(state.seat(p), "open"))
            war.canal_denials.setdefault(via, {})[p] = sides
            for i in sides:
                log(state, "pax.log.war_canal_deny", "{power} denies {canal} to {ally}'s alliance.", power=p,
                    canal=via, ally=war.sides[i][0])
        push(state, *canal_casus_belli(state, war, via))

    def default(self, state, f, actor):
        return "open"


def denied_sides(state: PaxState, war: War, via: str) -> list[int]:
    """The sides every controller of ``via`` denies it to (L696)."""
    holders = canal_holders(state, via)
    return [i for i in range(len(war.sides)) if holders and all(holder_denies(war, p, via, i) for p in holders)]


def canal_casus_belli(state: PaxState, war: War, via: str) -> list[dict]:
    """L696: "Se un giocatore Neutrale nega l'accesso al Canale ad una
    Alleanza ma non all'altra, l'Alleanza a cui viene negato il transito ha
    un Casus Belli contro il neutrale": each player of that alliance gets
    one against each neutral controller denying it, and may declare war on
    it at once (the declaration round, ``war``: the neutral joins the other
    alliance). Returns the frames of that round."""
    denied = denied_sides(state, war, via)
    if len(denied) != 1:
        return []
    side = denied[0]
    for n in canal_neutrals(state, war, via):
        if holder_denies(war, n, via, side):
            for p in war.sides[side]:
                if state.powers[p].kind == "player":
                    b.add_cb(state, p, n, canal_area(via), CANAL)
    return declaration_round(state, [], war=war, why=CANAL) if may_join(war) else []


def may_join(war: War) -> bool:
    """A neutral declared war on (or declaring) joins the other alliance,
    never the Chinese Empire's: the Chinese Rebellion's enemies fight it side
    by side (L475; ruling)."""
    return war.kind != "chinese"


# ----------------------------------------------------------------- the codominium's moment (L636)

@register
class Codominium(_WarStep):
    """After a Maneuver's moves: a neutral whose codominium a belligerent
    entered may declare war on it now (the declaration round), then the
    Casus Belli lapses (L636 "solo nell'istante in cui le Truppe entrano")."""
    name = "pax.war_codominium"

    def play(self, state, f, war):
        if not any(cb["why"] == CODOMINIUM for cb in state.casus_belli):
            return
        offers = declaration_round(state, [], war=war, why=CODOMINIUM) if may_join(war) else []
        push(state, *offers, frame("pax.war_cb_lapse", why=CODOMINIUM))


@register
class Lapse(Step):
    """The Casus Belli of cause ``why`` lapse (L636: not used at once, never)."""
    name = "pax.war_cb_lapse"
    auto = True

    def run(self, state, f):
        gone = [cb for cb in state.casus_belli if cb["why"] == f["why"]]
        if gone:
            state.casus_belli = [cb for cb in state.casus_belli if cb["why"] != f["why"]]
            log(state, "pax.log.cb_lapsed", "The Casus Belli of a codominium entered lapse: the moment has passed.")
