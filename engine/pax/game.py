"""Pax Britannica as an engine game module (DESIGN §2): new_game, advance,
export_state, view, load_state, display_names.

Part 1 (issue 19): the whole peace-time turn, 4-7 players; no war can be
declared yet (the War phase says so and Casus Belli are recorded); ruleset 3
(issue 35) plays the War phase (engine.pax.war).
"""
from __future__ import annotations

from typing import Any

from ..core.engine import log
from ..core.steps import push
from ..core.data import load_yaml
from . import admin, movement, natives, neutrals, phases, warfare  # noqa: F401  (register steps)
from .data import DATA_DIR, get_data, table_value
from .congress import congress_for
from .negotiation import proposals_for, visible_treaties
from .ruleset import RULESET
from .state import (
    ALL_POWERS,
    AUSTRIA,
    PLAYABLE,
    TURNS,
    AreaState,
    PaxState,
    PowerState,
    Status,
    unit_key,
)

GAME = "pax"
SCENARIOS = ("1880",)
PLAYER_COUNTS = range(4, 8)  # L95


def new_game(scenario: str, seed: int, options: dict[str, Any]) -> PaxState:
    """A new game of ``scenario`` ("1880"). ``options["players"]``: 4-7 (the
    Great Powers played, L95, L244); ``movement_rounds``: sealed rounds in
    phase 4 (default 3); ``ruleset``: the rules edition (engine/pax/ruleset.py;
    new games get the latest). Raises KeyError for an unknown scenario, ValueError
    for a player count outside 4-7."""
    if scenario not in SCENARIOS:
        raise KeyError(f"unknown scenario {scenario!r}; known: {', '.join(SCENARIOS)}")
    n = player_count(options)
    if n not in PLAYER_COUNTS:
        raise ValueError(f"Pax Britannica is for 4-7 players, not {n}")
    options = {"ruleset": RULESET, **options, "players": n}
    state = PaxState(game=GAME, seed=seed, options=options, scenario=scenario)
    state.players = list(PLAYABLE[:n])
    data = get_data()
    state.areas = {aid: AreaState() for aid in data.areas}
    start = table_value(data.scenario.get("treasury", 0))
    for p in ALL_POWERS:
        kind = "player" if p in state.players else ("austria" if p == AUSTRIA else "minor")
        ps = PowerState(kind=kind, treasury=int(start))
        spec = data.scenario["powers"].get(p, {})
        for area, level in (spec.get("controls") or {}).items():
            state.areas[area].statuses[p] = Status(level=level)
        for loc, kinds in (spec.get("units") or {}).items():
            for kind_name, sizes in kinds.items():
                for size, count in sizes.items():
                    ps.units.setdefault(loc, {})[unit_key(kind_name, int(size))] = int(count)
        ps.merchant = list(spec.get("merchant_fleets") or [])
        state.powers[p] = ps
    log(state, "pax.log.start", "Pax Britannica, {year}: {players} players; minors: {minors}.",
        year=state.year, players=n, minors=", ".join(state.minors()))
    log(state, "pax.log.provisional", "Map values, tables and the set-up are provisional stand-ins "
        "(the printed ones are not in the rules); `dakbot data status --game pax` lists them.")
    push(state, *phases.turn_frames(state))
    return state


def player_count(options: dict[str, Any]) -> int:
    """The number of Great Powers played (L95): ``options["players"]`` as a
    number, or, from the service, the seats: a number, or the map of each
    played power to its seat group."""
    n = options.get("players", 4)
    if isinstance(n, dict):
        seats = options.get("seats", 4)
        n = len(seats) if isinstance(seats, dict) else seats
    return int(n)


def table_groups(players: int, bots=(), layout: str = "standard") -> list[tuple[str, ...]]:
    """Who holds which Great Power: one player per power; the powers in play
    are the first ``players`` + bot seats of GB, Germany, France, USA, Japan,
    Russia, Italy (L95, L244), between 4 and 7. Raises ValueError otherwise
    (a bot named outside them, a count outside 4-7)."""
    n = players + len(set(bots))
    if n not in PLAYER_COUNTS:
        raise ValueError(f"Pax Britannica is for 4-7 players, not {n}")
    powers = PLAYABLE[:n]
    for f in bots:
        if f not in powers:
            raise ValueError(f"{f} is not in play with {n} players")
    return [(p,) for p in powers]


def advance(state: PaxState) -> None:
    """The turn's frames are pushed by the Final Record; an empty stack with
    no result is an error in the rules flow."""
    raise RuntimeError(f"no step pending in turn {state.turn} and no result")


def load_state(data: dict[str, Any]) -> PaxState:
    return PaxState.model_validate(data)


# the same model from stored JSON in one pass (engine.load_state's fast path)
load_state_json = PaxState.model_validate_json


def stretch_marker(state: PaxState) -> tuple:
    """Changes when a sealed step reveals: a new round, phase or step (the
    answers after the proposals, a Congress's vote after its proposals; a
    war's next declaration round, call to arms or peace talks, ruleset 3)."""
    top = state.stack[-1] if state.stack else {}
    return (state.turn, state.phase, top.get("round"), top.get("step"), top.get("index"), top.get("war"))


def _public_powers(state: PaxState) -> dict[str, Any]:
    return {p: {"kind": ps.kind, "seat": state.seat(p), "treasury": ps.treasury, "vp": ps.vp,
                "units": ps.units, "merchant": ps.merchant, "merchant_due": ps.merchant_due}
            for p, ps in state.powers.items()}


def export_state(state: PaxState) -> dict[str, Any]:
    """The public JSON: turn, year, phase, powers (treasury, VP, units,
    merchant fleets), areas (statuses, Unrest), ET, CR, Casus Belli, the Admin
    records, canals, the wars being fought, who must decide, result. Sealed
    orders never appear."""
    from ..core.engine import decisions

    top = state.stack[-1] if state.stack else {}
    return {
        "game": GAME, "scenario": state.scenario, "move": state.move, "turn": state.turn,
        "year": state.year, "turns": TURNS, "phase": state.phase, "round": top.get("round"),
        "players": list(state.players), "minors": state.minors(),
        "powers": _public_powers(state),
        "areas": {aid: {"statuses": {p: s.model_dump() for p, s in a.statuses.items()}, "unrest": a.unrest}
                  for aid, a in state.areas.items() if a.statuses or a.unrest},
        "et": state.et, "cr": state.cr, "casus_belli": list(state.casus_belli),
        "admin": state.admin, "canals": state.canals,
        "treaties": visible_treaties(state, None),  # public ones only (L461)
        "congress": congress_for(state, None),
        # the wars being fought (ruleset 3): sides, conquered areas, surrendered units (L499-553, L664, L676)
        "wars": [w.model_dump() for w in state.at_war()],
        "sealed": list(top.get("sealed", [])),
        "decisions": [{"actor": d.actor, "step": d.step} for d in decisions(state)],
        "result": state.result,
    }


def view(state: PaxState, viewer: str | None) -> dict[str, Any]:
    """The public state plus, for a player, their own unsealed orders of the
    current round or wartime Maneuver (``my_orders``), the proposals of this turn they are a
    party to (``proposals``, terms as messages in ``texts``), their drafts
    in Negotiation (``my_proposals``) and the treaties they may see (public
    ones and the secret ones they signed, L461); other players' orders,
    proposals and secret treaties stay hidden."""
    out = export_state(state)
    top = state.stack[-1] if state.stack else {}
    if viewer and top.get("step") == "pax.movement":
        out["my_orders"] = list((top["drafts"].get(viewer) or {}).get("orders", []))
    if viewer and top.get("step") == "pax.war_moves":  # wartime moves, sealed alike (ruleset 3)
        out["my_orders"] = list((top["drafts"].get(viewer) or {}).get("moves", []))
    if viewer:
        from .war import peace_treaty_for  # the peace treaty put to the signature (ruleset 3, L684)

        out["peace_treaty"] = peace_treaty_for(state)
        out["treaties"] = visible_treaties(state, viewer)
        out["proposals"] = proposals_for(state, viewer)
        if top.get("step") == "pax.negotiation":
            out["my_proposals"] = (top["drafts"].get(viewer) or {}).get("proposals", [])
    return out


def display_names() -> dict[str, str]:
    """English names of the ids messages carry: areas, seas and the two Capes
    (sea zones in war, L626-630), powers, statuses, phases, terms, unit
    counters ("army-10" -> "Army (10)"). Each has a ``name.<id>`` entry in
    the four catalogs of engine/pax/locales."""
    d = get_data()
    out: dict[str, str] = {a.id: a.name for a in d.areas.values()}
    out.update({s.id: s.name for s in d.seas.values()})
    out.update({c["id"]: c["name"] for c in d.raw_map.get("cape_zones", [])})
    names = load_yaml((DATA_DIR / "names.yaml").read_text(encoding="utf-8"))
    out.update(names["powers"])
    out.update(names["terms"])
    for kind in ("army", "fleet"):
        for size in (1, 3, 10):
            out[f"{kind}-{size}"] = f"{kind.capitalize()} ({size})"
    out["army-5"] = "Army (5)"  # the Chinese and Ottoman armies (L71)
    return out



def selfplay_tally(state: PaxState) -> dict[str, int]:
    """What a whole game held, for ``dakbot selfplay``'s summary: wars
    declared by the players, declarations, Chinese Rebellions, Ottoman wars,
    a Great War or European Tension 100 ending the game, separate peaces."""
    how = (state.result or {}).get("how")
    return {
        "war": sum(1 for w in state.wars if w.kind == "war"),
        "declaration": sum(len(w.declared) for w in state.wars),
        "chinese_rebellion": sum(1 for w in state.wars if w.kind == "chinese"),
        "ottoman_war": sum(1 for w in state.wars if w.kind == "ottoman"),
        "great_war": int(how == "great_war"),
        "european_tension_100": int(how == "european_tension"),
        "separate_peace": sum(len(getattr(w, "separate", [])) for w in state.wars),
    }
