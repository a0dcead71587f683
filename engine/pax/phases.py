"""The automatic phases of the peace-time turn (L133-198): Random Events (1),
Administration (2), Minor Powers (3), Colonial Combat (5), Marker Adjustment
(6), the War phase (10: a notice before ruleset 3, then engine.pax.war), VP
Record (11), Final Record (12).
Movement/Status Change (4) is in :mod:`engine.pax.movement`."""
from __future__ import annotations

from ..core.engine import log
from ..core.rng import roll_die
from ..core.steps import Step, frame, push, register
from . import board as b
from .admin import admin_record, apply_record, removal_choices
from .chinese import cr_phase, rebellion_in_war_phase
from .combat import colonial_combats
from .data import get_data, table_value
from . import congress, negotiation, war as wars  # noqa: F401  (register steps)
from .minors import minor_phase
from .revolts import combat_phase
from .ruleset import at_least
from .state import TURNS, UNIT_SIZES, PaxState, unit_key

REROLL_GUARD = 20  # L210/L220/L283 re-rolls: the engine's guard (Q10)


def turn_frames(state: PaxState) -> list[dict]:
    """The phases of one peace-time turn, in order (L133-198)."""
    head = [frame("pax.events"), frame("pax.admin"), frame("pax.minors"),
            frame("pax.movement_start"), frame("pax.movement", round=1, drafts={}, sealed=[]),
            frame("pax.garrison"), frame("pax.combat"), frame("pax.adjust")]
    tail = [frame("pax.war"), frame("pax.vp"), frame("pax.final")]
    if not at_least(state, 2):
        return head + tail
    return head + diplomacy_frames(state) + [frame("pax.cr")] + tail


def diplomacy_frames(state: PaxState) -> list[dict]:
    """Phases 7 and 8 (ruleset 2): Negotiation (L445-457) and the Congress
    of Europe (L463-467)."""
    return [frame("pax.negotiation_start"), frame("pax.negotiation", drafts={}, sealed=[]), frame("pax.congress")]


class _Auto(Step):
    auto = True
    phase = ""

    def run(self, state: PaxState, f: dict) -> None:
        state.phase = self.phase
        log(state, "pax.log.phase", "{year}: {phase}.", year=state.year, phase=self.phase)
        self.work(state, f)

    def work(self, state: PaxState, f: dict) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


# ----------------------------------------------------------------- 1. Random Events

def two_dice_in_order(state: PaxState) -> str:
    """Two dice read in sequence (L206): "2-5" is first die 2, second die 5."""
    return f"{roll_die(state)}-{roll_die(state)}"


def unrest_area(state: PaxState, table: str) -> str | None:
    """Roll the named Unrest table (L218; tables provisional) until an area not
    yet in Unrest this turn comes up (L220); None after the guard."""
    t = table_value(b.tables()["unrest_tables"]["provisional_tables"][table])
    for _ in range(REROLL_GUARD):
        roll = roll_die(state) + roll_die(state) if t.get("dice", "2d6_sum") == "2d6_sum" else roll_die(state)
        area = t["rows"].get(roll) or t["rows"].get(str(roll))
        if area in state.areas and not state.areas[area].unrest_this_turn:
            return area
    return None


def place_unrest(state: PaxState, area: str) -> None:
    a = state.areas[area]
    a.unrest = a.unrest_this_turn = True
    log(state, "pax.log.unrest", "Unrest breaks out in {area}.", area=area)


def random_event(state: PaxState) -> None:
    """One Random Event (L204-220): a major event that already happened this
    turn is cancelled and re-rolled (L210); forced spending takes what the
    power has (L214); Unrest goes to an area not yet in Unrest this turn (L220)."""
    table = table_value(b.tables()["random_events"]["provisional_table"])
    for _ in range(REROLL_GUARD):
        roll = two_dice_in_order(state)
        ev = table[roll]
        if ev["kind"] == "major" and roll in state.majors_this_turn:
            log(state, "pax.log.event_again", "Event {roll} again this turn: cancelled, re-rolled.", roll=roll)
            continue
        break
    else:
        return
    log(state, "pax.log.event", "Random Event {roll}.", roll=roll)
    if ev["kind"] == "major":
        state.majors_this_turn.append(roll)
        log(state, "pax.log.major_event", "{roll}: {name} (effect not in the seed; provisional: none).",
            roll=roll, name=ev.get("name", roll))
    elif ev["kind"] == "unrest":
        area = unrest_area(state, ev["table"])
        if area:
            place_unrest(state, area)
        elif at_least(state, 2):  # the log said the roll and nothing after it
            log(state, "pax.log.no_unrest_area", "{roll}: no area can take Unrest this turn.", roll=roll)
    elif ev["kind"] == "forced_spending":
        forced_spending(state, ev["power"], int(ev["amount"]), ev.get("unit", "army"))
    elif at_least(state, 2):
        log(state, "pax.log.no_event", "{roll}: no event (provisional table: the seed prints only 2-5).", roll=roll)


def forced_spending(state: PaxState, power: str, amount: int, kind: str = "army") -> int:
    """An event makes ``power`` spend ``amount`` on units (``kind``: "army"
    or "fleet"); a power short of money spends all it has, without further
    penalty (L212-214); ruleset 2 builds the units (:func:`build_units`).
    Returns the amount spent."""
    ps = state.powers.get(power)
    if ps is None or ps.kind == "minor":
        return 0
    spent = min(amount, ps.treasury)
    ps.treasury -= spent
    log(state, "pax.log.forced_spending", "{power} must spend £{amount}: spends £{spent}.",
        power=power, amount=amount, spent=spent)
    if at_least(state, 2):
        build_units(state, power, spent, kind)
    return spent


def build_units(state: PaxState, power: str, money: int, kind: str = "army") -> None:
    """Forced spending builds units (L214 "nel costruire e/o mantenere Unità
    Militari"): the largest counters the money and the counter mix allow,
    at home; what is left below the cheapest counter goes on keeping them.
    A fleet built raises European Tension as any fleet build does (L692:
    "anche se obbligate da un Random Event")."""
    from .movement import NO_FLEET_TENSION

    for size in sorted(UNIT_SIZES, reverse=True):
        while money >= b.unit_price(size) and b.counters(state, power, size) < b.counter_limit(
                f"army_or_fleet_{size}", state):
            money -= b.unit_price(size)
            b.add_unit(state, power, b.HOME, unit_key(kind, size))
            log(state, "pax.log.forced_build", "{power} builds {unit} at home.", power=power,
                unit=unit_key(kind, size))
            if kind == "fleet" and power not in NO_FLEET_TENSION:
                b.raise_et(state, 3 if size == 10 else 1, "fleet_built", by=power)


@register
class Events(_Auto):
    name, phase = "pax.events", "random_events"

    def work(self, state, f):
        state.majors_this_turn = []
        for a in state.areas.values():
            a.unrest_this_turn = a.unrest
        n = roll_die(state)  # L206
        log(state, "pax.log.events", "{n} Random Event(s) this turn.", n=n)
        for _ in range(n):
            random_event(state)


# ----------------------------------------------------------------- 2. Administration

@register
class Admin(_Auto):
    name, phase = "pax.admin", "administration"

    def work(self, state, f):
        for p in state.great_powers():
            rec = admin_record(state, p)
            apply_record(state, p, rec)
            if state.powers[p].treasury < 0:
                if removal_choices(state, p):
                    push(state, frame("pax.admin_remove", power=p))
                else:
                    state.powers[p].treasury = 0


# ----------------------------------------------------------------- 3. Minor Powers

# ----------------------------------------------------------------- 4 end: garrisons

def garrison_check(state: PaxState) -> None:
    """At the end of Movement/Status Change every Control needs one of its
    owner's land units in the area, else it drops to Influence (L314, L356);
    beside another power's Control (a codominium) it is removed, or becomes
    an Interest where no established Possession stands (L356, L368; L309: no
    Influence beside a Control marker; ruleset 2). Ruleset 3: a marker must
    be free (L67; a war's losses may strip many garrisons at once): with no
    Influence marker left it is an Interest, else removed (docs/rulings/pax.md)."""
    for aid, a in state.areas.items():
        for p, s in list(a.statuses.items()):
            if b.is_control(s.level) and b.land_units_in(state, p, aid) == 0:
                if not at_least(state, 2) or not _other_control(state, aid, p) and _free(state, p, "influence"):
                    b.set_status(state, aid, p, "influence", new=False)
                    log(state, "pax.log.ungarrisoned", "{power}'s Control in {area} has no land unit: "
                        "now an Influence.", power=p, area=aid)
                elif _interest_allowed(state, aid, p) and _free(state, p, "interest"):
                    b.set_status(state, aid, p, "interest", new=False)
                    log(state, "pax.log.ungarrisoned_interest", "{power}'s Control in {area} has no land unit: "
                        "now an Interest.", power=p, area=aid)
                else:
                    b.remove_status(state, aid, p)
                    log(state, "pax.log.ungarrisoned_removed", "{power}'s Control in {area} has no land unit: "
                        "removed.", power=p, area=aid)


def _free(state: PaxState, power: str, level: str) -> bool:
    """Ruleset 3 counts the marker mix (L67); before, a status fell regardless."""
    return not at_least(state, 3) or b.marker_free(state, power, level)


def _other_control(state: PaxState, area: str, power: str) -> bool:
    return any(b.is_control(s.level) for q, s in state.areas[area].statuses.items() if q != power)


def _interest_allowed(state: PaxState, area: str, power: str) -> bool:
    """L305: no Interest beside an established Possession, State or Dominion."""
    return not any(b.RANK[s.level] >= b.RANK["possession"] and not s.new
                   for q, s in state.areas[area].statuses.items() if q != power)


# ----------------------------------------------------------------- 6. Marker Adjustment

def retreat_home(state: PaxState, power: str, area: str) -> None:
    for k, n in b.units_at(state, power, area).items():
        b.remove_unit(state, power, area, k, n)
        b.add_unit(state, power, b.HOME, k, n)


def marker_adjustment(state: PaxState) -> None:
    """Phase 6 (L168-172): 6a statuses change (a minor's new Control is
    established without combat, L251; a Control raised from a Control, L348;
    Unrest still on the map removes the controller's status and its units go
    home, L411); 6b Unrest markers go; 6c Interests and Influences are
    established (L334); 6d Controls without a garrison become Influences (L172)."""
    for aid, a in state.areas.items():
        for p, s in list(a.statuses.items()):
            if s.new and b.is_control(s.level) and not s.combat:
                s.new = False
        if a.unrest:
            for p, s in list(a.statuses.items()):
                if b.is_control(s.level):
                    b.remove_status(state, aid, p)
                    retreat_home(state, p, aid)
                    log(state, "pax.log.revolt_lost", "The revolt in {area} ends {power}'s status there.",
                        power=p, area=aid)
            a.unrest = False
        for p, s in list(a.statuses.items()):
            if s.new and not b.is_control(s.level):
                s.new = False
            elif s.new and s.combat:  # never fought: not established (L401)
                b.remove_status(state, aid, p)
                log(state, "pax.log.not_established", "{power}'s Control in {area} was not established.",
                    power=p, area=aid)
    garrison_check(state)


@register
class War(_Auto):
    name, phase = "pax.war", "war"

    def work(self, state, f):
        if at_least(state, 3):
            wars.war_phase(state)  # L499-553 (issue 35)
            return
        if at_least(state, 2):
            rebellion_in_war_phase(state)
        log(state, "pax.log.no_war", "No war can be declared in this version (Casus Belli recorded: {n}).",
            n=sum(1 for c in state.casus_belli if c["turn"] == state.turn))


def _phase(name: str, phase: str, work) -> None:
    """Register an automatic phase step that runs ``work(state)``."""
    register(type(name.replace(".", "_"), (_Auto,), {"name": name, "phase": phase,
                                                     "work": lambda self, state, f: work(state)}))


_phase("pax.minors", "minor_powers", minor_phase)
_phase("pax.garrison", "movement", garrison_check)
_phase("pax.combat", "colonial_combat",
       lambda state: combat_phase(state) if at_least(state, 2) else colonial_combats(state))
_phase("pax.adjust", "marker_adjustment", marker_adjustment)
_phase("pax.cr", "chinese_resentment", cr_phase)
_phase("pax.negotiation_start", "negotiation", lambda state: None)


# ----------------------------------------------------------------- 11-12. VP and Final Record

def divisor(power: str, state: PaxState | None = None) -> int:
    """``power``'s VP divisor (L714; provisional, tables.yaml). Ruleset 3
    (``state`` given): the stand-in weighs Germany's seat's two treasuries
    (L700; ``provisional_ruleset_3`` and its basis), unless the printed
    divisors were entered (``value``)."""
    entry = b.tables()["victory_points"]["divisors"]
    if state is not None and at_least(state, 3) and "provisional_ruleset_3" in entry \
            and entry.get("value", "unknown") == "unknown":
        return int(entry["provisional_ruleset_3"][power])
    return int(table_value(entry)[power])


def turn_vp(state: PaxState, power: str) -> int:
    """VP of this turn (L714): treasury ÷ the power's divisor, rounded down,
    plus bonuses earned this turn; Germany adds Austria-Hungary's (L700)."""
    return state.powers[power].treasury // divisor(power, state)


AFRICA_LINKS = {  # L722: (bonus, VP, one end, other end)
    "africa_east_west": (10, ("morocco", "rio_de_oro", "mauretania", "senegambia", "ashantee"),
                         ("egypt", "sudan", "eritrea", "berbera", "somalia", "kenya")),
    "africa_north_south": (15, ("egypt", "tripoli", "tunis", "algiers", "morocco"),
                           ("cape_colony", "south_west_africa", "mozambique")),
}


def overland_linked(state: PaxState, power: str, ends: tuple[str, ...], others: tuple[str, ...]) -> bool:
    """A Control in one group joined to a Control in the other by overland
    routes through the power's own Controls only (L722)."""
    own = set(b.controls(state, power))
    start = [a for a in ends if a in own]
    seen, todo = set(start), list(start)
    while todo:
        x = todo.pop()
        if x in others:
            return True
        for n in get_data().areas[x].overland:
            if n in own and n not in seen:
                seen.add(n)
                todo.append(n)
    return False


def africa_links(state: PaxState, power: str) -> dict[str, int]:
    """The Africa links ``power`` holds now and their VP (L722); each counts
    once however many ways it is made."""
    return {name: vp for name, (vp, ends, others) in AFRICA_LINKS.items()
            if overland_linked(state, power, ends, others)}


def africa_bonuses(state: PaxState, power: str) -> int:
    """Ruleset 1 only: the Africa link bonuses paid in the VP phase of the
    turn they were first made and kept for ever. Ruleset 2 scores them at
    the end of the game (:func:`final_scores`, L714, L722)."""
    got = 0
    for name, (vp, ends, others) in AFRICA_LINKS.items():
        ps = state.powers[power]
        if any(x.endswith(f":{name}") for x in ps.bonuses) or not overland_linked(state, power, ends, others):
            continue
        ps.bonuses.append(f"{state.turn}:{vp}:{name}")
        log(state, "pax.log.bonus", "{power} earns {vp} VP: {bonus}.", power=power, vp=vp, bonus=name)
        got += vp
    return got


def german_turn_vp(state: PaxState) -> int:
    """Germany's VP of the turn (L700: "il Tedesco somma le Tesorerie Tedesche
    e Austriache"; L714: then divides, fractions lost). Ruleset 1 divided
    each treasury apart."""
    if "austria_hungary" not in state.powers:
        return turn_vp(state, "germany")
    if not at_least(state, 2):
        return turn_vp(state, "germany") + turn_vp(state, "austria_hungary")
    total = state.powers["germany"].treasury + state.powers["austria_hungary"].treasury
    return total // divisor("germany", state)


@register
class VP(_Auto):
    name, phase = "pax.vp", "vp_record"

    def work(self, state, f):
        if not at_least(state, 2):
            for p in state.players:
                africa_bonuses(state, p)
        for p in state.players:
            vp = german_turn_vp(state) if p == "germany" else turn_vp(state, p)
            bonus = sum(int(x.split(":")[1]) for x in state.powers[p].bonuses if x.startswith(f"{state.turn}:"))
            state.powers[p].vp += vp + bonus
            state.vp_record.setdefault(p, []).append({"turn": state.turn, "treasury_vp": vp, "bonus": bonus})
            log(state, "pax.log.vp", "{power} scores {vp} VP (total {total}).",
                power=p, vp=vp + bonus, total=state.powers[p].vp)


def final_scores(state: PaxState) -> dict[str, int]:
    """Final VP (L718): line 27 accumulated VP, line 28 the end-of-game
    bonuses (the Africa links held now, L722), line 29 2 × Section II
    recomputed (the Colonial Office rolled again, L232) ÷ the divisor;
    Austria-Hungary's income counts for Germany (L700), added before the
    division. Ruleset 1: the Colonial Office only as an automatic 6, each
    divided apart, no line 28."""
    from .admin import income

    if not at_least(state, 2):
        return _final_scores_ruleset1(state, income)
    if at_least(state, 3):
        return {p: lines["31"] for p, lines in final_lines(state).items()}
    out = {}
    for p in state.players:
        money = income(state, p)
        if p == "germany" and "austria_hungary" in state.powers:
            money += income(state, "austria_hungary")
        links = africa_links(state, p)
        for name, vp in links.items():
            log(state, "pax.log.bonus", "{power} earns {vp} VP: {bonus}.", power=p, vp=vp, bonus=name)
        out[p] = state.powers[p].vp + sum(links.values()) + 2 * money // divisor(p, state)
    return out


def final_lines(state: PaxState, line_30: dict[str, int] | None = None) -> dict[str, dict[str, int]]:
    """Section VI of each player's Administrative Record (L718; ruleset 3):
    {power: {"27": VP accumulated (line 26 summed), "28": the end-of-game
    bonuses of the Bonus VP summary (the Africa links held now, L722; a
    bonus earned this turn that no VP Record phase wrote, e.g. the canal
    when the Great War ends the turn, L696, L714), "29": 2 × Section II
    recomputed ÷ the divisor (Austria-Hungary's income with Germany's, L700),
    "30": the Great War penalty from ``line_30`` (0 when the game ends after
    turn X), "31": the total}}. The printed Bonus VP summary is unknown:
    tables.yaml ``victory_points.bonus_summary`` (provisional)."""
    from .admin import income

    at_end = set(table_value(b.tables()["victory_points"]["bonus_summary"])["end_of_game"])
    out = {}
    for p in state.players:
        money = income(state, p)
        if p == "germany" and "austria_hungary" in state.powers:
            money += income(state, "austria_hungary")
        links = {name: vp for name, vp in africa_links(state, p).items() if name in at_end}
        for name, vp in links.items():
            log(state, "pax.log.bonus", "{power} earns {vp} VP: {bonus}.", power=p, vp=vp, bonus=name)
        lines = {"27": state.powers[p].vp, "28": sum(links.values()) + unrecorded_bonus(state, p),
                 "29": 2 * money // divisor(p), "30": (line_30 or {}).get(p, 0)}
        lines["31"] = sum(lines.values())
        out[p] = lines
    return out


def unrecorded_bonus(state: PaxState, power: str) -> int:
    """Bonuses earned this turn (the first canal, L696) when this turn's VP
    Record phase has not run: the game ended before it (L688)."""
    if any(r["turn"] == state.turn for r in state.vp_record.get(power, ())):
        return 0
    return sum(int(x.split(":")[1]) for x in state.powers[power].bonuses if x.startswith(f"{state.turn}:"))


def finish(state: PaxState, how: str, line_30: dict[str, int] | None = None, causers: list[str] = ()) -> None:
    """The end of the game (ruleset 3): Section VI for every player
    (:func:`final_lines`), every player ranked by line 31, highest first
    (L718; equal totals share a place), and ``state.result`` = {"winner",
    "winners", "scores" (line 31), "lines", "ranking", "how" ("final_turn",
    "great_war", "european_tension"), "causers"}."""
    lines = final_lines(state, line_30)
    scores = {p: v["31"] for p, v in lines.items()}
    ranking = sorted(state.players, key=lambda p: -scores[p])
    for p in ranking:
        v = lines[p]
        log(state, "pax.log.final_lines", "{place}. {power}: line 27 {l27} + line 28 {l28} + line 29 {l29} "
            "+ line 30 {l30} = line 31 {l31} VP.", place=1 + sum(1 for q in ranking if scores[q] > scores[p]),
            power=p, l27=v["27"], l28=v["28"], l29=v["29"], l30=v["30"], l31=v["31"])
    state.phase = "final_record"
    game_over(state, scores, how, lines=lines, ranking=ranking, causers=list(causers))


def game_over(state: PaxState, scores: dict[str, int], how: str, **more) -> None:
    """``state.result``: the winner (None on a tie), the winners (the highest
    score), the scores, how the game ended, and ``more``; logged."""
    best = max(scores.values())
    winners = sorted(p for p, v in scores.items() if v == best)
    state.result = {"winner": winners[0] if len(winners) == 1 else None, "winners": winners, "scores": scores,
                    "how": how, **more}
    log(state, "pax.log.game_end", "The game ends in {year}: {winners} with {vp} VP.",
        year=state.year, winners=", ".join(winners), vp=best)


def _final_scores_ruleset1(state: PaxState, income) -> dict[str, int]:
    out = {}
    for p in state.players:
        extra = 2 * income(state, p, roll=False) // divisor(p)
        if p == "germany" and "austria_hungary" in state.powers:
            extra += 2 * income(state, "austria_hungary", roll=False) // divisor("austria_hungary")
        out[p] = state.powers[p].vp + extra
    return out


@register
class Final(_Auto):
    name, phase = "pax.final", "final_record"

    def work(self, state, f):
        state.casus_belli = [c for c in state.casus_belli if c["turn"] > state.turn]  # L557
        if state.turn >= TURNS and at_least(state, 3):
            finish(state, "final_turn")
            return
        if state.turn >= TURNS:
            game_over(state, final_scores(state), "final_turn")
            return
        state.turn += 1
        sched = table_value(b.tables()["merchant_fleets"]["schedule"])["every_major_in_play"]
        due = int(sched.get(str(state.year), 0))
        for p in state.players:
            state.powers[p].merchant_due += due
        push(state, *turn_frames(state))

