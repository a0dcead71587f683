"""The Great War (ruleset 3, issue 35): which war is one (L573-575), who
caused it (L573, L688 A-C), and the end of the game it brings, whatever
the phase (L573, L688), with the Great War penalty on line 30 (L718).

The penalty is the number printed in this turn's box of the Game Turn Track
(L51, L573); the printed numbers are unknown: tables.yaml
``great_war.penalty_per_turn`` holds a provisional stand-in (overridable,
docs/data.md)."""
from __future__ import annotations

from ..core.engine import log
from . import board as b
from .data import table_value
from .state import AUSTRIA, PaxState, War

# L573: the powers a Great War is counted on (Great Powers or minors alike)
EUROPEAN = ("great_britain", "france", "germany", AUSTRIA, "italy", "russia")
# L573-575: in a 4-player game
FOUR_PLAYER_CORE = ("great_britain", "germany", "france")
FOUR_PLAYER_OTHERS = (AUSTRIA, "italy", "russia")


def entry_order(war: War) -> list[str]:
    """The powers of ``war`` in the order they entered it: each declaration
    brings in its declarer, then the power declared against (L567); powers on
    a side with no declaration recorded (a defensive pact honoured without
    one, L567, L700) come last, in side order."""
    out: list[str] = []
    for d in war.declared:
        for p in (d.get("by"), d.get("against")):
            if p and p not in out and war.side_of(p) is not None:
                out.append(p)
    for side in war.sides:
        out += [p for p in side if p not in out]
    return out


def _great(state: PaxState, powers: set[str]) -> bool:
    inv = powers & set(EUROPEAN)
    if len(inv) >= 4:  # L573
        return True
    if len(state.players) == 4:  # L573-575
        core, others = inv & set(FOUR_PLAYER_CORE), inv & set(FOUR_PLAYER_OTHERS)
        return len(core) == 3 or (len(core) == 2 and len(others) >= 2)
    return False


def is_great_war(state: PaxState, war: War) -> bool:
    """True when ``war`` involves 4 or more of Great Britain, France,
    Germany, Austria-Hungary, Italy and Russia, Great Powers or minors
    (L573); in a 4-player game also any war of Great Britain, Germany and
    France together (L573-575). A war that is over is not fought."""
    return war.over is None and _great(state, {p for side in war.sides for p in side})


def causers(state: PaxState, war: War) -> list[str]:
    """The players who caused the Great War ``war`` (L573, L688 A): the
    first power to declare war in it and the power whose entry made it a
    Great War (the fourth, L573), each as its seat (Germany for
    Austria-Hungary) -- except Austria-Hungary entering fourth, which spares
    Germany's player the triple penalty (L573). Minors and native powers
    have no player and cause nothing. [] for a war that is not Great."""
    if not is_great_war(state, war):
        return []
    out: list[str] = []
    if war.declared:
        out.append(state.seat(war.declared[0]["by"]) if war.declared[0]["by"] in state.powers else None)
    order = entry_order(war)
    fourth = next(order[i] for i in range(len(order)) if _great(state, set(order[:i + 1])))
    if fourth != AUSTRIA:
        out.append(state.seat(fourth))
    return list(dict.fromkeys(p for p in out if p in state.players))


def et_causers(state: PaxState, by: str | None) -> list[str]:
    """Who caused the Great War when European Tension reached 100 (L688):
    the power whose act raised it (B; ``by``, its seat) and the first
    declarer of every war being fought (C), players only."""
    out = [state.seat(by) if by in state.powers else None]
    for w in state.at_war():
        if w.declared and w.declared[0]["by"] in state.powers:
            out.append(state.seat(w.declared[0]["by"]))
    return list(dict.fromkeys(p for p in out if p in state.players))


def penalty(state: PaxState) -> int:
    """The VP every player loses when the Great War ends the game this turn:
    the number in this turn's box of the Game Turn Track (L51, L573;
    provisional, tables.yaml ``great_war.penalty_per_turn``)."""
    table = table_value(b.tables()["great_war"]["penalty_per_turn"])
    return int(table[str(state.year)])


def multiplier() -> int:
    """×3 for the players who caused the Great War (L573, L688, L718)."""
    return int(table_value(b.tables()["great_war"]["penalty_multiplier_for_responsible"]))


def end_game(state: PaxState, how: str, causers: list[str]) -> None:
    """The Great War ends the game at once, whatever the phase (L573, L688):
    no VP Record for this turn, the final scoring (L718) with line 30 =
    -:func:`penalty` for every player, ×3 for each of ``causers``.
    ``how``: "great_war" (a war became Great, L573) or "european_tension"
    (the index reached 100, L688). Sets ``state.result`` (winner(s),
    scores, lines, ranking, how, causers); does nothing when the game is
    already over."""
    from .phases import finish

    if state.result is not None:
        return
    if how == "european_tension":
        log(state, "pax.log.great_war_et", "European Tension reaches 100: the Great War breaks out and the game "
            "ends at once.")
    else:
        log(state, "pax.log.great_war", "The war becomes a Great War: the game ends at once.")
    vp = penalty(state)
    log(state, "pax.log.great_war_penalty", "Great War penalty in {year}: every player loses {vp} VP.",
        year=state.year, vp=vp)
    lines_30 = {}
    for p in state.players:
        times = multiplier() if p in causers else 1
        if times > 1:
            log(state, "pax.log.great_war_causer", "{power} caused the Great War: it loses {vp} VP.",
                power=p, vp=vp * times)
        lines_30[p] = -vp * times
    finish(state, how, lines_30, causers=[p for p in causers if p in state.players])


def check_war(state: PaxState, war: War) -> bool:
    """Call after every entry into ``war`` (L573): when it has become a Great
    War the game ends (:func:`end_game` with :func:`causers`). Returns True
    when the game ended."""
    if state.result is None and is_great_war(state, war):
        end_game(state, "great_war", causers(state, war))
        return True
    return False
