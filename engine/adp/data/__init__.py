"""A Distant Plain game data: map, cards, set-up, deck, validated at load.

``get_data()`` loads the YAML beside this module once per process (and per
override file). The map, card and set-up files are derived from the
MIT-licensed ADPBot (Copyright (c) 2016 Bart de Groot; the notice is in each
file's header and in ``LICENSE-ADPBot.txt`` beside them). Every fact carries
``verified``; only what the seed (the Italian player aids) states is
``verified: true``. A group that owns the game corrects any provisional fact
with a YAML file named by ``DAKBOT_ADP_OVERRIDES`` (format:
:mod:`engine.adp.data.overrides`).

Checks at load (ported from the reference pack's ``validate.py``), each
raising :class:`~engine.core.errors.DataError` naming the file: the LoCs' Econ
adds up to 12 (seed L446); the force pools hold 158 pieces; every set-up state
(the Main scenario and the two evidence states) holds exactly the pools
(map + Available + Casualties), at most one +1 Pop marker per space (L171),
and its four victory markers and Control markers recompute from the map's
Populations and the Control rule; adjacency is symmetric and connected.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.errors import DataError
from ...core.data import DataInForce, read_yaml as _read_yaml

DATA_DIR = Path(__file__).parent
OVERRIDES_ENV = "DAKBOT_ADP_OVERRIDES"
FILES = ("map.yaml", "cards_meta.yaml", "setup.yaml", "deck.yaml")
FACTIONS = ("coalition", "government", "taliban", "warlords")
ECON_TOTAL = 12  # seed L446: Government income = Aid + 12 - Econ of sabotaged LoCs
POOL_TOTAL = 158

#: map piece kinds (state and set-up keys) -> their box kind
MAP_TO_BOX = {
    "coalition_troops": "coalition_troops", "coalition_bases": "coalition_bases",
    "government_troops": "government_troops", "police": "police", "government_bases": "government_bases",
    "taliban_guerrillas_underground": "taliban_guerrillas", "taliban_guerrillas_active": "taliban_guerrillas",
    "taliban_bases": "taliban_bases",
    "warlords_guerrillas_underground": "warlords_guerrillas", "warlords_guerrillas_active": "warlords_guerrillas",
    "warlords_bases": "warlords_bases",
}
#: box kind -> (faction, key in setup.yaml inventory/available)
BOX_KINDS = {
    "coalition_troops": ("coalition", "troops"), "coalition_bases": ("coalition", "bases"),
    "government_troops": ("government", "troops"), "police": ("government", "police"),
    "government_bases": ("government", "bases"),
    "taliban_guerrillas": ("taliban", "guerrillas"), "taliban_bases": ("taliban", "bases"),
    "warlords_guerrillas": ("warlords", "guerrillas"), "warlords_bases": ("warlords", "bases"),
}
OWNER = {k: BOX_KINDS[b][0] for k, b in MAP_TO_BOX.items()} | {b: f for b, (f, _) in BOX_KINDS.items()}


@dataclass(frozen=True)
class Space:
    """A Province, the City of Kabul, or a LoC (``type`` province|city|loc)."""

    id: str
    name: str
    type: str
    country: str = "afghanistan"
    population: int = 0
    pashtun: bool = False
    mountain: bool = False
    econ: int = 0
    verified: dict[str, bool] = field(default_factory=dict)   # fact -> verified

    @property
    def is_loc(self) -> bool:
        return self.type == "loc"

    @property
    def pakistan(self) -> bool:
        return self.country == "pakistan"


@dataclass(frozen=True)
class Card:
    number: int
    title: str
    capability: bool
    capability_box: str | None
    momentum: tuple[str, ...]      # sides on which the Event is Momentum: "unshaded", "shaded"
    islamabad: bool
    faction_order: tuple[str, ...]
    order_verified: bool
    verified: bool                 # the flags and title


@dataclass
class AdpData:
    spaces: dict[str, Space]
    # Neighbours in name order, not a set: a set's order changes with the
    # process's string hashing, and options built from it would be listed
    # differently after a restart (and 5.1.2-style ties broken differently).
    adjacent: dict[str, tuple[str, ...]]
    random_cells: tuple[str, ...]
    cards: dict[int, Card]
    setup: dict[str, Any]
    deck: dict[str, Any]
    islamabad_boxes: tuple[str, ...]
    returnees: int
    pools: dict[str, int]
    overrides_file: str | None = None
    overridden: tuple[str, ...] = ()
    raw: dict[str, Any] = field(default_factory=dict, repr=False)
    #: card number -> language -> {title, unshaded, shaded, capability, momentum}:
    #: only what an owners' overrides file gives (``card_texts``); the project ships none
    texts: dict[int, dict[str, dict[str, str]]] = field(default_factory=dict)

    def card_text(self, number: int, locale: str | None) -> dict[str, str]:
        """The owners' texts of card ``number`` in ``locale`` (its language
        part), each field in English where that language does not give it;
        {} when no text was given."""
        langs = self.texts.get(number, {})
        lang = (locale or "en").split("-")[0].split("_")[0]
        return {**langs.get("en", {}), **langs.get(lang, {})}

    def space(self, sid: str) -> Space:
        return self.spaces[sid]


def _value(fact: Any) -> Any:
    return fact["value"] if isinstance(fact, dict) and "value" in fact else fact


def _verified(fact: Any) -> bool:
    return bool(fact.get("verified")) if isinstance(fact, dict) else False


def build_spaces(raw_map: dict, where: str) -> tuple[dict[str, Space], dict[str, tuple[str, ...]]]:
    spaces: dict[str, Space] = {}
    for s in raw_map.get("spaces", []):
        mountain = _value(s["mountain"])
        if mountain == "unknown":
            mountain = bool(s["mountain"].get("provisional_default", False))
        spaces[s["id"]] = Space(
            s["id"], s["name"], _value(s["type"]), _value(s["country"]), int(_value(s["population"])),
            bool(_value(s["pashtun"])), bool(mountain),
            verified={k: _verified(s[k]) for k in ("type", "country", "population", "pashtun", "mountain")})
    econ = 0
    for loc in raw_map.get("locs", []):
        e = int(_value(loc["econ"]))
        econ += e
        spaces[loc["id"]] = Space(loc["id"], loc["name"], "loc", "afghanistan", 0, False, False, e,
                                  verified={"econ": _verified(loc["econ"])})
    if econ != ECON_TOTAL:
        raise DataError(f"{where}: the LoCs' Econ adds up to {econ}, not {ECON_TOTAL} (seed L446)")
    adj: dict[str, set[str]] = {sid: set() for sid in spaces}
    for a in raw_map.get("adjacency", []):
        x, y = a["a"], a["b"]
        for n in (x, y):
            if n not in spaces:
                raise DataError(f"{where}: adjacency {x}-{y}: unknown space {n!r}")
        adj[x].add(y)
        adj[y].add(x)
    for s in raw_map.get("spaces", []) + raw_map.get("locs", []):
        listed = set(s.get("adjacent", []))
        if listed and listed != adj[s["id"]] and not raw_map.get("_overridden_adjacency"):
            raise DataError(f"{where}: {s['id']}: its adjacent list differs from the adjacency pairs")
    seen, todo = {"kabul"}, ["kabul"]
    while todo:
        for n in adj[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if seen != set(spaces):
        raise DataError(f"{where}: the map is not connected: {sorted(set(spaces) - seen)} unreachable")
    return spaces, {k: tuple(sorted(v)) for k, v in adj.items()}


def build_cards(raw_cards: dict, where: str) -> dict[int, Card]:
    cards: dict[int, Card] = {}
    for e in raw_cards.get("event_cards", []):
        order = tuple(e["faction_order"]["order"])
        if sorted(order) != sorted(FACTIONS):
            raise DataError(f"{where}: card {e['number']}: faction order {order} is not the four factions")
        cap = e["capability"]
        mom = e["momentum"]
        sides = tuple(s for s in ("unshaded", "shaded") if mom.get(s)) if mom.get("value") else ()
        if mom.get("value") and not sides:
            sides = ("unshaded", "shaded")
        cards[e["number"]] = Card(
            e["number"], e["title"], bool(cap["value"]), cap.get("capability_box") if cap["value"] else None,
            sides, bool(e["islamabad"]["value"]), order, bool(e["faction_order"].get("verified")),
            bool(e.get("title_source", {}).get("verified")))
    if sorted(cards) != list(range(1, 73)):
        raise DataError(f"{where}: the Event cards must be numbered 1-72")
    if any(k in e for e in raw_cards.get("event_cards", []) for k in ("text", "unshaded", "shaded")):
        raise DataError(f"{where}: card texts are not ours to ship (GMT Games); remove them")
    return cards


def pools_of(raw_setup: dict, where: str) -> dict[str, int]:
    inv = raw_setup["inventory"]["pieces"]
    pools = {box: int(inv[f][k]) for box, (f, k) in BOX_KINDS.items()}
    if sum(pools.values()) != POOL_TOTAL or inv.get("total") != POOL_TOTAL:
        raise DataError(f"{where}: the force pools hold {sum(pools.values())} pieces, not {POOL_TOTAL}")
    return pools


def check_state(name: str, st: dict, spaces: dict[str, Space], pools: dict[str, int], returnees: int,
                where: str) -> None:
    """A set-up state of setup.yaml: pieces = pools, markers in range, and the
    victory and Control markers recompute (validate.py ``state_checks``)."""
    from ..control import control_of

    where = f"{where}: {name}"
    places = {**st.get("spaces", {}), **st.get("locs", {})}
    if set(places) != set(spaces):
        raise DataError(f"{where}: must list every space and LoC of the map, nothing else")
    tot = dict.fromkeys(pools, 0)
    for sid, d in places.items():
        for k, n in d.items():
            if k in MAP_TO_BOX:
                tot[MAP_TO_BOX[k]] += n
    for box, (f, k) in BOX_KINDS.items():
        tot[box] += st["available"][f].get(k, 0)
    tot["coalition_troops"] += st["casualties"]["troops"]
    tot["coalition_bases"] += st["casualties"]["bases"]
    if tot != pools:
        raise DataError(f"{where}: map + Available + Casualties {tot} differ from the force pools {pools}")
    ret = [d.get("returnees", 0) for d in places.values()]
    if max(ret) > 1 or sum(ret) + st["returnees_box"] != returnees:
        raise DataError(f"{where}: +1 Pop markers: at most one per space (seed L171), {returnees} in all")
    unc = coinpop = sup = opp = tbases = 0
    for sid, d in places.items():
        sp = spaces[sid]
        coin = sum(d.get(k, 0) for k in MAP_TO_BOX if OWNER[k] in ("coalition", "government"))
        tal = sum(d.get(k, 0) for k in MAP_TO_BOX if OWNER[k] == "taliban")
        wl = sum(d.get(k, 0) for k in MAP_TO_BOX if OWNER[k] == "warlords")
        tbases += d.get("taliban_bases", 0)
        if sp.is_loc:
            continue
        pop = sp.population + d.get("returnees", 0)
        ctl = control_of(coin, tal, wl)
        shown = d.get("control_marker_in_dump")
        if not sp.pakistan and shown != (ctl or "uncontrolled"):
            raise DataError(f"{where}: {sid}: Control {ctl or 'uncontrolled'} but the state shows {shown}")
        if ctl == "coin":
            coinpop += pop
        if ctl is None and not sp.pakistan:
            unc += pop
        sup += pop if d.get("support") == "support" else 0
        opp += pop if d.get("support") == "opposition" else 0
    vm = st["victory_markers_in_dump"]
    avail = st["available"]["coalition"]
    got = {"support_plus_available": sup + avail["troops"] + avail["bases"],
           "coin_control_plus_patronage": coinpop + st["tracks"]["patronage"],
           "opposition_plus_bases": opp + tbases, "uncontrolled_pop": unc}
    if st.get("tracks_overridden"):  # the state's own marker predates the corrected Patronage
        got.pop("coin_control_plus_patronage")
    for k, v in got.items():
        if vm[k] != v:
            raise DataError(f"{where}: victory marker {k}: recomputed {v}, the state shows {vm[k]}")


def _load(overrides_path: str | None) -> AdpData:
    raw = {f: _read_yaml(DATA_DIR / f) for f in FILES}
    overridden: tuple[str, ...] = ()
    if overrides_path:
        from .overrides import apply_overrides

        raw, overridden = apply_overrides(raw, _read_yaml(Path(overrides_path)), overrides_path)
    suffix = f" + {overrides_path}" if overrides_path else ""
    spaces, adjacent = build_spaces(raw["map.yaml"], f"{DATA_DIR / 'map.yaml'}{suffix}")
    cards = build_cards(raw["cards_meta.yaml"], f"{DATA_DIR / 'cards_meta.yaml'}{suffix}")
    setup = raw["setup.yaml"]
    where = f"{DATA_DIR / 'setup.yaml'}{suffix}"
    pools = pools_of(setup, where)
    returnees = int(setup["inventory"]["markers"]["returnees"]["count"])
    states = {"main": setup["scenarios"]["main"], **setup.get("evidence_states", {})}
    for name, st in states.items():
        check_state(name, st, spaces, pools, returnees, where)
    cells = tuple(c["space"] for c in sorted(raw["map.yaml"]["random_spaces"]["cells"], key=lambda c: c["index"]))
    if len(cells) != 27 or any(c not in spaces or spaces[c].is_loc for c in cells):
        raise DataError(f"{DATA_DIR / 'map.yaml'}{suffix}: the Random Spaces table needs 27 cells naming spaces")
    boxes = tuple(setup["inventory"]["markers"]["islamabad_track"]["boxes"])
    return AdpData(spaces, adjacent, cells, cards, setup, raw["deck.yaml"], boxes, returnees, pools,
                   overrides_path, overridden, raw, raw.get("card_texts", {}))


#: The data in force: packaged YAML plus the file named by ``DAKBOT_ADP_OVERRIDES``.
SOURCE = DataInForce(OVERRIDES_ENV, _load)
#: ``get_data() -> AdpData``: the data in force, the environment read on first use.
#: Raises DataError on bad data.
get_data = SOURCE.get
#: ``reload_data() -> AdpData``: read ``DAKBOT_ADP_OVERRIDES`` again (a running
#: service after a correction file changed; tests).
reload_data = SOURCE.reload
