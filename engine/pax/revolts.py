"""Phase 5, Colonial Combat, as ruleset 2 plays it (issue 34): area by area
in map order, each power in turn order (L390-441), with the two decisions
the seed leaves to the player:

* fighting a revolt is optional (L334 "potete, se lo desiderate, ingaggiare
  Combattimento Coloniale"; L407 "può tentare di reprimerla"): a Great Power
  whose units stand in an Unrest area, and who does not need the combat to
  establish a new Control there (L401: that one is fought or the Control
  goes), is asked "fight or hold" (``pax.revolt_fight``); a minor always
  fights its own revolts (L291 "tenterà");
* on EX/½EX the owner chooses which units to lose (L435, L437:
  "il giocatore deve eliminare una o più Unità la cui forza totale sia
  almeno pari ..."), asked only when the minimal sets differ
  (``pax.losses``).

Both decisions are one-seat simultaneous steps, so a deadline applies a
default: fight (what part 1 always did), and the loss with the fewest
strength points (part 1's automatic choice).

After an area's combats (L415, L419): a revolt still standing in an area
without an established Control removes every status there and every power's
units retreat, whether anyone fought or not. Two powers establishing a
Control in one area give a Casus Belli (L403). A codominium in revolt may
attack once with its members' strength together (L423,
``pax.codominium_revolt``). Ruleset 1 keeps
:func:`engine.pax.combat.colonial_combats`.
"""
from __future__ import annotations

from itertools import product

from ..core.engine import log
from ..core.messages import Choice, Decision, msg
from ..core.steps import Step, frame, push, register
from . import board as b
from .combat import after_fight, combat_result, eliminate, fighters, retreat
from .data import get_data
from .state import PaxState, parse_unit


def combat_phase(state: PaxState) -> None:
    """Schedule every area that has a combat or a revolt, in map order."""
    todo = [a for a in sorted(state.areas) if state.areas[a].unrest or fighters(state, a)]
    if todo:
        push(state, frame("pax.combat_area", areas=todo))


def must_fight(state: PaxState, power: str, area: str) -> bool:
    """Fought without asking: a new Control to establish (L401) or a minor's
    own revolt (L291)."""
    s = b.status(state, area, power)
    return bool(s and s.new and s.combat) or state.powers[power].kind == "minor"


def loss_options(units: dict[str, int], need: int) -> list[dict[str, int]]:
    """The sets of counters whose strength is at least ``need`` and from
    which no counter can be spared (L435), fewest strength points first;
    all the units when even they fall short."""
    keys = sorted(units)
    out = []
    for counts in product(*(range(units[k] + 1) for k in keys)):
        pick = {k: c for k, c in zip(keys, counts) if c}
        total = sum(parse_unit(k)[1] * c for k, c in pick.items())
        if pick and total >= need and all(total - parse_unit(k)[1] < need for k in pick):
            out.append(pick)
    out.sort(key=lambda p: (sum(parse_unit(k)[1] * c for k, c in p.items()), sum(p.values()), sorted(p.items())))
    return out or [dict(units)]


def loss_id(pick: dict[str, int]) -> str:
    return ",".join(f"{k}x{n}" for k, n in sorted(pick.items()))


def parse_loss(cid: str) -> dict[str, int]:
    return {k: int(n) for k, n in (part.rsplit("x", 1) for part in cid.split(","))}


def roll_combat(state: PaxState, power: str, area: str) -> tuple[str, int]:
    """One power's combat roll (L427-441): ("won"|"lost"|"losses", need)."""
    armies = {k: n for k, n in b.units_at(state, power, area).items() if k.startswith("army")}
    att = b.strength(armies)
    dfn = get_data().areas[area].combat_strength
    if dfn == 0:  # L397
        log(state, "pax.log.combat_zero", "{power} defeats {area} (strength 0).", power=power, area=area)
        return "won", 0
    table, die, res = combat_result(state, att, dfn)
    log(state, "pax.log.combat", "{power} ({att}) against {area} ({dfn}): table {table}, die {die}: {result}.",
        power=power, att=att, area=area, dfn=dfn, table=table, die=die, result=res)
    if res in ("DR", "DE"):
        return "won", 0
    if res == "AR":
        retreat(state, power, area)
        return "lost", 0
    if res == "EX" and dfn < att or res == "1/2EX" and dfn <= att:
        return "losses", dfn if res == "EX" else -(-dfn // 2)
    eliminate(state, power, area, armies)  # AE, and EX/½EX against a stronger area (L435, L437)
    return "lost", 0


def end_area(state: PaxState, f: dict) -> None:
    area = f["area"]
    a = state.areas[area]
    if a.unrest and not any(b.is_control(s.level) and not s.new for s in a.statuses.values()):
        for p in list(a.statuses):  # L415, L419: every status goes, the units retreat
            b.remove_status(state, area, p)
        for p in state.powers:
            if b.land_units_in(state, p, area):
                retreat(state, p, area)
        log(state, "pax.log.revolt_wins", "The revolt in {area} sweeps away every status.", area=area)
    for x in f["established"]:  # L403
        for y in f["established"]:
            if x != y:
                b.add_cb(state, x, y, area, "double_control")


@register
class CombatArea(Step):
    """One area's combats, one power after another (frame: ``areas`` still
    to do, the current ``area``, ``who`` still to fight, ``established``)."""
    name = "pax.combat_area"
    auto = True

    def run(self, state, f):
        if "area" not in f:
            area, rest = f["areas"][0], f["areas"][1:]
            f = dict(f, area=area, areas=rest, who=fighters(state, area), established=[])
            members = codominium_fighters(state, area)
            if len(members) > 1:  # L423: they may combine their strength
                push(state, frame("pax.codominium_revolt", area=area, members=members, answers={}), f)
                return
        while f["who"]:
            p = f["who"][0]
            if b.land_units_in(state, p, f["area"]) == 0:
                f["who"] = f["who"][1:]
                continue
            if not must_fight(state, p, f["area"]) and f.get("asked") != p:
                push(state, frame("pax.revolt_fight", area=f["area"], power=p), dict(f, asked=p))
                return
            f = dict(f, who=f["who"][1:], asked=None)
            outcome, need = roll_combat(state, p, f["area"])
            if outcome == "losses":
                armies = {k: n for k, n in b.units_at(state, p, f["area"]).items() if k.startswith("army")}
                options = loss_options(armies, need)
                if len(options) > 1 and state.seat(p):
                    push(state, frame("pax.losses", area=f["area"], power=p, need=need,
                                      options=[loss_id(o) for o in options]), f)
                    return
                eliminate(state, p, f["area"], options[0])
                outcome = "won" if b.land_units_in(state, p, f["area"]) > 0 else "lost"
            after_fight(state, f["area"], p, outcome == "won", f["established"])
        end_area(state, f)
        if f["areas"]:
            push(state, frame(self.name, areas=f["areas"]))


def codominium_fighters(state: PaxState, area: str) -> list[str]:
    """The Great Powers sharing an established codominium in revolt, with
    land units there (L423)."""
    a = state.areas[area]
    if not a.unrest:
        return []
    return [p for p, s in a.statuses.items() if b.is_control(s.level) and not s.new and state.seat(p)
            and b.land_units_in(state, p, area) > 0]


def combined_fight(state: PaxState, f: dict, members: list[str]) -> None:
    """L423: one attempt with the members' armies together; on EX/½EX the
    fewest strength points of the whole force are lost (provisional: the
    seed does not say whose), largest holder first on a tie."""
    area = f["area"]
    armies = {(p, k): n for p in members for k, n in b.units_at(state, p, area).items() if k.startswith("army")}
    att = sum(parse_unit(k)[1] * n for (p, k), n in armies.items())
    dfn = get_data().areas[area].combat_strength
    log(state, "pax.log.combined", "The codominium powers attack the revolt in {area} together ({att}).",
        area=area, att=att)
    if dfn == 0:
        res = "DE"
    else:
        table, die, res = combat_result(state, att, dfn)
        log(state, "pax.log.combat_combined", "Codominium ({att}) against {area} ({dfn}): table {table}, "
            "die {die}: {result}.", att=att, area=area, dfn=dfn, table=table, die=die, result=res)
    if res == "AR":
        for p in members:
            retreat(state, p, area)
    elif res in ("EX", "1/2EX") and (dfn < att if res == "EX" else dfn <= att):
        need = dfn if res == "EX" else -(-dfn // 2)
        pool = {f"{p}|{k}": n for (p, k), n in armies.items()}
        for key, n in _pool_loss(pool, need).items():
            p, k = key.split("|")
            b.remove_unit(state, p, area, k, n)
    elif res not in ("DR", "DE"):
        for p in members:
            eliminate(state, p, area, {k: n for k, n in b.units_at(state, p, area).items() if k.startswith("army")})
    won = res in ("DR", "DE") or res in ("EX", "1/2EX") and any(b.land_units_in(state, p, area) for p in members)
    for p in members:
        after_fight(state, f["area"], p, won, f["established"])


def _pool_loss(pool: dict[str, int], need: int) -> dict[str, int]:
    """The fewest strength points of ``pool`` ("<power>|army-n" -> count) that meet ``need``."""
    best: tuple[int, int] | None = None
    pick: dict[str, int] = dict(pool)
    keys = sorted(pool)
    for counts in product(*(range(pool[k] + 1) for k in keys)):
        total = sum(parse_unit(k.split("|")[1])[1] * c for k, c in zip(keys, counts))
        if total >= need and (best is None or (total, sum(counts)) < best):
            best, pick = (total, sum(counts)), {k: c for k, c in zip(keys, counts) if c}
    return pick


class OneSeat(Step):
    """A decision of one seat played as a one-seat simultaneous step, so a
    deadline applies :meth:`default` (engine.apply_defaults)."""
    simultaneous = True

    def decisions(self, state, f):
        return [self.decision(state, f)]

    def apply_for(self, state, f, actor, cid):
        state.stack.pop()
        self.apply(state, f, cid)


@register
class RevoltFight(OneSeat):
    """Fight the revolt in ``area`` or hold (L334, L407)."""
    name = "pax.revolt_fight"

    def decision(self, state, f):
        p, area = f["power"], f["area"]
        att = b.strength(b.units_at(state, p, area))
        return Decision(state.seat(p), msg("pax.prompt.revolt_fight",
                        "{power}: fight the revolt in {area} ({att} against {dfn})?", power=p, area=area, att=att,
                        dfn=get_data().areas[area].combat_strength),
                        [Choice("fight", msg("pax.choice.revolt_fight", "Fight the revolt")),
                         Choice("hold", msg("pax.choice.revolt_hold", "Do not fight"))], self.name)

    def apply(self, state, f, cid):
        cont = state.stack[-1]
        if cid == "hold":
            cont["who"] = [p for p in cont["who"] if p != f["power"]]
            cont["asked"] = None
            log(state, "pax.log.revolt_hold", "{power} does not fight the revolt in {area}.",
                actor=state.seat(f["power"]), power=f["power"], area=f["area"])

    def default(self, state, f, actor):
        return "fight"


def _sizes(pick: dict[str, int]) -> dict[str, int]:
    """Counts of lost (10), (3), (1) armies: message parameters, not ids."""
    return {f"n{size}": pick.get(f"army-{size}", 0) for size in (10, 3, 1)}


@register
class Losses(OneSeat):
    """EX/½EX: the owner picks the units lost (L435, L437)."""
    name = "pax.losses"

    def decision(self, state, f):
        p = f["power"]
        choices = [Choice(cid, msg("pax.choice.losses", "Lose armies (10) ×{n10}, (3) ×{n3}, (1) ×{n1}",
                                   **_sizes(parse_loss(cid)))) for cid in f["options"]]
        return Decision(state.seat(p), msg("pax.prompt.losses",
                        "{power}: lose units of at least {need} strength points in {area}.", power=p,
                        need=f["need"], area=f["area"]), choices, self.name)

    def apply(self, state, f, cid):
        p, area = f["power"], f["area"]
        eliminate(state, p, area, parse_loss(cid))
        log(state, "pax.log.losses", "{power} loses armies (10) ×{n10}, (3) ×{n3}, (1) ×{n1} in {area}.",
            actor=state.seat(p), power=p, area=area, **_sizes(parse_loss(cid)))
        after_fight(state, area, p, b.land_units_in(state, p, area) > 0, state.stack[-1]["established"])

    def default(self, state, f, actor):
        return f["options"][0]


@register
class CodominiumRevolt(Step):
    """L423: the members of a codominium in revolt "possono combinare la loro
    forza in un singolo tentativo": each says together or alone; all together
    make one combined attack, else each fights (or holds) alone."""
    name = "pax.codominium_revolt"
    simultaneous = True

    def decisions(self, state, f):
        return [Decision(state.seat(p), msg("pax.prompt.codominium_revolt", "{power}: attack the revolt in {area} "
                                            "together with the other codominium powers?", power=p, area=f["area"]),
                         [Choice("together", msg("pax.choice.together", "Together")),
                          Choice("alone", msg("pax.choice.alone", "Alone"))], self.name)
                for p in f["members"] if p not in f["answers"]]

    def apply_for(self, state, f, actor, cid):
        power = next(p for p in f["members"] if state.seat(p) == actor and p not in f["answers"])
        f["answers"][power] = cid
        if len(f["answers"]) < len(f["members"]):
            return
        state.stack.pop()
        if all(v == "together" for v in f["answers"].values()):
            cont = state.stack[-1]
            cont["who"] = [p for p in cont["who"] if p not in f["members"]]
            combined_fight(state, cont, f["members"])

    def default(self, state, f, actor):
        return "together"
