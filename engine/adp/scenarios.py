"""Scenario set-up for A Distant Plain. Only the Main scenario is known
(reference pack setup.yaml, provisional: a VASSAL start position); its deck is
our provisional reading R5 (engine/adp/data/deck.yaml)."""
from __future__ import annotations

from typing import Any

from ..core.errors import DataError
from ..core.rng import shuffle
from .ruleset import RULESET
from .data import BOX_KINDS, MAP_TO_BOX, get_data
from .state import FACTIONS, PROPAGANDA, AdpState, SpaceState

SCENARIOS = ("main",)


def build_deck(state: AdpState, scenario: str) -> list[int]:
    """Piles of Events with one Propaganda card shuffled into each, stacked
    (reading R5). ``state.options["stacked"]["deck"]`` replaces it (tests)."""
    stacked = state.options.get("stacked", {}).get("deck")
    if stacked is not None:
        return [int(c) for c in stacked]
    d = get_data().deck["scenarios"][scenario]
    events = shuffle(state, sorted(get_data().cards))
    deck: list[int] = []
    per = d["events_per_pile"]
    for i in range(d["piles"]):
        deck += shuffle(state, events[i * per:(i + 1) * per] + [PROPAGANDA])
    return deck


def build_state(scenario: str, seed: int, options: dict[str, Any]) -> AdpState:
    """A new state of ``scenario``; KeyError for an unknown one."""
    if scenario not in SCENARIOS:
        raise KeyError(f"unknown scenario {scenario!r}; known: {', '.join(SCENARIOS)}")
    data = get_data()
    st = data.setup["scenarios"][scenario]
    spaces = {}
    for sid, d in {**st["spaces"], **st["locs"]}.items():
        support = {"support": 1, "opposition": -1}.get(d.get("support"), 0)
        spaces[sid] = SpaceState(pieces={k: v for k, v in d.items() if k in MAP_TO_BOX and v},
                                 support=support, terror=d.get("terror", 0),
                                 returnees=d.get("returnees", 0), sabotage=bool(d.get("sabotage")))
    available = {box: st["available"][f].get(k, 0) for box, (f, k) in BOX_KINDS.items()}
    tr = st["tracks"]
    if tr["islamabad"]["box"] not in data.islamabad_boxes:
        raise DataError(f"setup.yaml: {scenario}: unknown Islamabad box {tr['islamabad']['box']!r}")
    state = AdpState(
        scenario=scenario, seed=seed, options={"ruleset": RULESET, **options}, spaces=spaces, available=available,
        casualties={"coalition_troops": st["casualties"]["troops"], "coalition_bases": st["casualties"]["bases"]},
        removed={"coalition_troops": 0, "coalition_bases": 0}, returnees_box=st["returnees_box"],
        aid=tr["aid"], patronage=tr["patronage"], resources=dict(tr["resources"]),
        islamabad=data.islamabad_boxes.index(tr["islamabad"]["box"]), islamabad_hard=bool(tr["islamabad"]["hard"]),
        deck=[], eligibility={f: "eligible" for f in FACTIONS},
        players={f: "human" for f in FACTIONS})
    state.deck = build_deck(state, scenario)
    return state
