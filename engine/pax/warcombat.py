"""Combat in war (ruleset 3, issue 35; L640-670): the alliance in phase
attacks where its units and enemy units stand together, land combat in
areas and naval combat in areas or sea zones (L642-644, L664-666).

``pax.war_attack`` (frame ``war``, ``side``) goes through the alliance's
seats in order; each picks its attacks one by one or is done (a seat with
no possible attack is not asked; the deadline default is "no attack"). A
seat attacking commits all its units of that kind there (L642); its minors
there join (L642); every other seat with units there is asked to join
(``pax.war_join``). All defenders defend together (L642). The odds are
rounded for the defender, Table 1 when the smaller side is below 5, else
Table 2 (L646-656; engine/pax/combat.py's stand-in tables, L646). The area's
own strength counts only for a native power (natives.area_strength, L481).
Retreats are chosen by the owner among the places the units could move to
(``pax.war_retreat``; none: they surrender, L656, L680); EX/½EX losses are
chosen by their owner (``pax.war_losses``), the Great Powers' units lost
before the minors' (L656). Naval units that retreat into a place not yet
fought this Attack Phase (``War.retreated``) add no strength there but share
its result (L666). At the end: the areas conquered (L670).
"""
from __future__ import annotations

from ..core.engine import log
from ..core.messages import Choice, Decision, msg
from ..core.steps import Step, frame, push, register
from . import board as b
from . import natives
from .combat import combat_result
from .revolts import OneSeat, loss_id, loss_options, parse_loss
from .state import PaxState, War, parse_unit
from .warmoves import (
    HOME,
    belligerents,
    decider,
    is_sea,
    kind_of,
    move_units,
    retreat_options,
    sides,
    stranded,
    surrender,
    units_of,
    war_of,
)

KINDS = ("army", "fleet")


def battles(state: PaxState, war: War, side: int, powers: list[str], fought: list[str]) -> list[str]:
    """"<kind>:<place>" where ``powers`` can attack: their units of that kind
    and the enemy's stand together; land combat only in areas (L644, L666)."""
    _, enemies = sides(war, side)
    out = []
    for p in powers:
        for loc in state.powers[p].units:
            for kind in KINDS:
                key = f"{kind}:{loc}"
                if loc == HOME or kind == "army" and is_sea(loc) or key in fought or key in out:
                    continue
                if units_of(state, [p], loc, kind) and units_of(state, enemies, loc, kind):
                    out.append(key)
    return sorted(out)


def native_strength(state: PaxState, war: War, loc: str, powers: list[str], kind: str) -> int:
    """The area's own strength for a native side (L646, L481), land combat only."""
    if kind != "army" or is_sea(loc) or not any(state.powers[p].kind == "native" for p in powers):
        return 0
    return natives.area_strength(state, war, loc)


def strengths(state: PaxState, war: War, loc: str, kind: str, attackers: list[str]) -> tuple[int, int, list[str]]:
    """(attack, defence, defenders) of a battle; naval units that retreated
    here this Attack Phase add nothing beside friendly units (L666)."""
    side = war.side_of(attackers[0])
    _, enemies = sides(war, side)
    dfn = [p for p in enemies if p in state.powers and units_of(state, [p], loc, kind)]
    att = force(state, war, attackers, loc, kind) + native_strength(state, war, loc, attackers, kind)
    return att, force(state, war, dfn, loc, kind) + native_strength(state, war, loc, enemies, kind), dfn


def force(state: PaxState, war: War, powers: list[str], loc: str, kind: str) -> int:
    """The strength ``powers`` bring to a battle in ``loc``: L666 "le Unità
    in ritirata non aggiungono la propria forza alle Unità amiche presenti";
    retreated ships alone there (no friendly units to add to) fight as they are."""
    total = units_of(state, powers, loc, kind)
    if kind != "fleet":
        return total
    came = sum(min(n, b.units_at(state, p, loc).get(k, 0)) * parse_unit(k)[1]
               for p in powers for k, n in war.retreated.get(loc, {}).get(p, {}).items())
    return total - came if total > came else total


def land_combat(state: PaxState, war: War, area: str, attackers: list[str]) -> str:
    """A land combat in ``area`` by ``attackers`` (powers of one side): the
    result (AE, AR, EX, 1/2EX, DR, DE); the choices it leaves (retreats,
    losses) are pushed as frames above the caller's."""
    return fight(state, war, "army", area, attackers)


def fight(state: PaxState, war: War, kind: str, loc: str, attackers: list[str]) -> str:
    """One battle (L646-666); ``kind`` "army" (land) or "fleet" (naval)."""
    att, dfn, defenders = strengths(state, war, loc, kind, attackers)
    if not att or not dfn:  # nobody to fight (a caller's battle already over): no roll
        return "DE" if att else "AE"
    war.attacked = True
    if kind == "fleet":  # the ships that retreated here now share this result (L666)
        war.retreated.pop(loc, None)
    table, die, res = combat_result(state, att, dfn)
    log(state, "pax.log.war_combat", "{attackers} ({att}) attack {defenders} ({dfn}) in {place}: table {table}, "
        "die {die}: {result}.", attackers=", ".join(attackers), att=att, defenders=", ".join(defenders), dfn=dfn,
        place=loc, table=table, die=die, result=res)
    if res in ("AE", "DE"):
        for p in attackers if res == "AE" else defenders:
            _eliminate(state, p, loc, _kind_units(state, p, loc, kind))
    elif res in ("AR", "DR"):
        for p in attackers if res == "AR" else defenders:
            retreat(state, war, p, loc, kind)
    else:
        small, big = (defenders, attackers) if dfn <= att else (attackers, defenders)
        for p in small:
            _eliminate(state, p, loc, _kind_units(state, p, loc, kind))
        lesser = min(att, dfn)
        losses(state, war, loc, kind, big, lesser if res == "EX" else -(-lesser // 2))
    stranded(state, war)
    return res


def _kind_units(state: PaxState, power: str, loc: str, kind: str) -> dict[str, int]:
    return {k: n for k, n in b.units_at(state, power, loc).items() if kind_of(k) == kind}


def _eliminate(state: PaxState, power: str, loc: str, units: dict[str, int]) -> None:
    for k, n in sorted(units.items()):
        b.remove_unit(state, power, loc, k, n)
        log(state, "pax.log.war_eliminated", "{power} loses {unit} ×{n} in {place}.", power=power, place=loc,
            unit=k, n=n)


def retreat(state: PaxState, war: War, power: str, loc: str, kind: str) -> None:
    """AR/DR (L656): the owner picks a place the units could legally move to
    (asked only with more than one); none: they surrender (L680 A)."""
    options = retreat_options(state, war, power, loc, kind)
    who = decider(state, war, power)
    if not options:
        surrender(state, war, power, loc, _kind_units(state, power, loc, kind))
    elif len(options) == 1 or who == "bot":
        retreat_to(state, war, power, loc, kind, bot_retreat(state, war, power, options))
    else:
        push(state, frame("pax.war_retreat", war=war.id, power=power, place=loc, kind=kind, options=options))


def bot_retreat(state: PaxState, war: War, power: str, options: list[str]) -> str:
    """The first place in supply, else the first."""
    from .warfare import in_supply
    return next((x for x in options if in_supply(state, war, power, power if x == HOME else x)), options[0])


def retreat_to(state: PaxState, war: War, power: str, loc: str, kind: str, dest: str) -> None:
    """Ships leaving a sea zone take the power's armies there with them, where
    they may go (L664)."""
    for k, n in _kind_units(state, power, loc, kind).items():
        move_units(state, war, power, loc, k, dest, n, public=False)
        if kind == "fleet" and dest != HOME:  # into a place perhaps not yet fought (L666)
            into = war.retreated.setdefault(dest, {}).setdefault(power, {})
            into[k] = into.get(k, 0) + n
    if kind == "fleet" and is_sea(loc) and dest in retreat_options(state, war, power, loc, "army"):
        for k, n in _kind_units(state, power, loc, "army").items():
            move_units(state, war, power, loc, k, dest, n, public=False)
    log(state, "pax.log.war_retreat", "{power}'s units retreat from {place} to {dest}.",
        power=power, place=loc, dest=dest)


def losses(state: PaxState, war: War, loc: str, kind: str, powers: list[str], need: int) -> None:
    """EX/½EX for the larger force (L656): the Great Powers' units go before
    the minors'; one owner paying chooses which (asked only when the sets
    differ); several Great Powers sharing the loss lose the fewest strength
    points of their units together (docs/rulings/pax.md), as do minors."""
    great = [p for p in powers if state.powers[p].kind in ("player", "austria")]
    rest = [p for p in powers if p not in great]
    for group in (great, rest):
        if need <= 0:
            return
        pool = {f"{p}|{k}": n for p in group for k, n in _kind_units(state, p, loc, kind).items()}
        total = sum(parse_unit(k)[1] * n for k, n in pool.items())
        if not pool:
            continue
        owners = [p for p in group if _kind_units(state, p, loc, kind)]
        options = loss_options(pool, min(need, total))
        who = decider(state, war, owners[0])
        if len(owners) == 1 and len(options) > 1 and who != "bot":
            push(state, frame("pax.war_losses", war=war.id, power=owners[0], place=loc, need=need,
                              options=[loss_id({k.split("|")[1]: n for k, n in o.items()}) for o in options]))
            return
        for key, n in options[0].items():
            p, k = key.split("|")
            _eliminate(state, p, loc, {k: n})
        need -= total


# ----------------------------------------------------------------- the steps

def deciders(state: PaxState, war: War, side: int) -> list[str]:
    out = []
    for p in belligerents(state, war, side):
        if decider(state, war, p) not in out:
            out.append(decider(state, war, p))
    return out


def powers_of(state: PaxState, war: War, side: int, who: str) -> list[str]:
    """The powers of ``side`` whose units ``who`` (a seat or "bot") moves and fights with."""
    return [p for p in belligerents(state, war, side) if decider(state, war, p) == who]


def joiners(state: PaxState, war: War, side: int, battle: str, who: str) -> tuple[list[str], list[str]]:
    """(the powers attacking at once: ``who``'s and the side's minors there
    (L642); the other seats with Great Power units there, to be asked)."""
    kind, loc = battle.split(":", 1)
    there = [p for p in war.sides[side] if p in state.powers and units_of(state, [p], loc, kind)]
    now = [p for p in there if decider(state, war, p) == who or state.powers[p].kind in ("minor", "native")]
    ask = []
    for p in there:
        if p not in now and decider(state, war, p) not in ask:
            ask.append(decider(state, war, p))
    return now, ask


def odds_ok(state: PaxState, war: War, battle: str, attackers: list[str]) -> bool:
    """The bot's rule: attack at 2:1 or better."""
    kind, loc = battle.split(":", 1)
    att, dfn, _ = strengths(state, war, loc, kind, attackers)
    return att >= 2 * dfn


@register
class WarAttack(Step):
    """L640-670: the alliance's Attack Phase (frame: ``war``, ``side``; the
    loop adds ``seats`` still to decide and ``fought``)."""
    name = "pax.war_attack"
    auto = True

    def run(self, state, f):
        war = war_of(state, f["war"])
        if "seats" not in f:
            log(state, "pax.log.war_attack", "Attack Phase: {powers}.", powers=", ".join(war.sides[f["side"]]))
            f = dict(f, seats=deciders(state, war, f["side"]), fought=[])
            war.retreated = {}
        while f["seats"]:
            who = f["seats"][0]
            options = battles(state, war, f["side"], powers_of(state, war, f["side"], who), f["fought"])
            if who == "bot":
                options = [x for x in options if odds_ok(state, war, x, joiners(state, war, f["side"], x, who)[0])]
            if not options:
                f = dict(f, seats=f["seats"][1:])
                continue
            if who == "bot":
                push(state, f)
                start_battle(state, war, f, options[0], who)
                return
            push(state, frame("pax.war_attack_choice", war=f["war"], side=f["side"], seat=who, options=options), f)
            return
        war.retreated = {}  # a retreat's mark lasts the Attack Phase it happened in (L666)
        conquests(state, war, f["side"])


def start_battle(state: PaxState, war: War, f: dict, battle: str, who: str) -> None:
    """``f`` (the loop, already on the stack) records the battle; the other
    seats are asked to join, else it is fought now."""
    f["fought"].append(battle)
    now, ask = joiners(state, war, f["side"], battle, who)
    if ask:
        push(state, frame("pax.war_join", war=war.id, side=f["side"], battle=battle, attackers=now, seats=ask,
                          answers={}))
    else:
        kind, loc = battle.split(":", 1)
        fight(state, war, kind, loc, now)


def conquests(state: PaxState, war: War, side: int) -> None:
    """L670: an area an enemy power controls where only this alliance's
    units stand is conquered; an area conquered from this alliance that it
    holds alone again is retaken."""
    friends, enemies = sides(war, side)
    for aid, a in sorted(state.areas.items()):
        if not units_of(state, friends, aid) or units_of(state, enemies, aid):
            continue
        held = {war.side_of(p) for p, s in a.statuses.items() if b.is_control(s.level) and war.side_of(p) is not None}
        if held - {side} and war.conquered.get(aid) != side:
            war.conquered[aid] = side
            log(state, "pax.log.war_conquered", "{powers} conquer {area}.", powers=", ".join(friends), area=aid)
        elif aid in war.conquered and war.conquered[aid] != side and held == {side}:
            del war.conquered[aid]
            log(state, "pax.log.war_retaken", "{powers} retake {area}.", powers=", ".join(friends), area=aid)


def _battle_text(battle: str) -> tuple[str, str]:
    return ("pax.choice.war_attack_land", "Land combat in {place}") if battle.startswith("army:") else \
        ("pax.choice.war_attack_naval", "Naval combat in {place}")


@register
class WarAttackChoice(OneSeat):
    """A seat picks its next attack or is done (default: no attack)."""
    name = "pax.war_attack_choice"

    def decision(self, state, f):
        choices = [Choice("done", msg("pax.choice.war_no_attack", "No (further) attack"))]
        for x in f["options"]:
            key, text = _battle_text(x)
            choices.append(Choice(x, msg(key, text, place=x.split(":", 1)[1])))
        return Decision(f["seat"], msg("pax.prompt.war_attack", "{seat}: where do you attack?", seat=f["seat"]),
                        choices, self.name)

    def apply(self, state, f, cid):
        loop = state.stack[-1]
        war = war_of(state, f["war"])
        if cid == "done":
            loop["seats"] = loop["seats"][1:]
            return
        start_battle(state, war, loop, cid, f["seat"])

    def default(self, state, f, actor):
        return "done"


@register
class WarJoin(Step):
    """L642: each other seat with units there joins the attack or stays out
    (default: stays out); then the battle is fought."""
    name = "pax.war_join"
    simultaneous = True

    def decisions(self, state, f):
        loc = f["battle"].split(":", 1)[1]
        return [Decision(s, msg("pax.prompt.war_join", "{seat}: join the attack of {attackers} in {place}?",
                                seat=s, attackers=", ".join(f["attackers"]), place=loc),
                         [Choice("stay", msg("pax.choice.war_stay", "Stay out")),
                          Choice("join", msg("pax.choice.war_join", "Join the attack"))], self.name)
                for s in f["seats"] if s not in f["answers"]]

    def apply_for(self, state, f, actor, cid):
        f["answers"][actor] = cid
        if len(f["answers"]) < len(f["seats"]):
            return
        state.stack.pop()
        war = war_of(state, f["war"])
        kind, loc = f["battle"].split(":", 1)
        more = [p for p in war.sides[f["side"]] if p in state.powers and units_of(state, [p], loc, kind)
                and f["answers"].get(decider(state, war, p)) == "join" and p not in f["attackers"]]
        fight(state, war, kind, loc, f["attackers"] + more)

    def default(self, state, f, actor):
        return "stay"


@register
class WarRetreat(OneSeat):
    """AR/DR: the owner picks where the units retreat (L656, L664)."""
    name = "pax.war_retreat"

    def decision(self, state, f):
        war = war_of(state, f["war"])
        return Decision(decider(state, war, f["power"]),
                        msg("pax.prompt.war_retreat", "{power}: where do the units in {place} retreat?",
                            power=f["power"], place=f["place"]),
                        [Choice(x, msg("pax.choice.place", "{place}", place=x)) for x in f["options"]], self.name)

    def apply(self, state, f, cid):
        retreat_to(state, war_of(state, f["war"]), f["power"], f["place"], f["kind"], cid)
        stranded(state, war_of(state, f["war"]))

    def default(self, state, f, actor):
        return bot_retreat(state, war_of(state, f["war"]), f["power"], f["options"])


@register
class WarLosses(OneSeat):
    """EX/½EX: the owner picks the counters lost (L656)."""
    name = "pax.war_losses"

    def decision(self, state, f):
        war = war_of(state, f["war"])
        choices = [Choice(cid, msg("pax.choice.war_losses", "Lose (10) ×{n10}, (3) ×{n3}, (1) ×{n1}",
                                   **{f"n{s}": sum(n for k, n in parse_loss(cid).items() if parse_unit(k)[1] == s)
                                      for s in (10, 3, 1)})) for cid in f["options"]]
        return Decision(decider(state, war, f["power"]),
                        msg("pax.prompt.war_losses", "{power}: lose units of at least {need} strength points in "
                            "{place}.", power=f["power"], need=f["need"], place=f["place"]), choices, self.name)

    def apply(self, state, f, cid):
        war = war_of(state, f["war"])
        _eliminate(state, f["power"], f["place"], parse_loss(cid))
        stranded(state, war)

    def default(self, state, f, actor):
        return f["options"][0]
