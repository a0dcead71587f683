"""Property test (issue 8): derived values against an independent recomputation
on generated positions (1.4.3, 1.6, 1.7, 1.9)."""
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.gandhi import derived as dv
from engine.gandhi.data import get_data

MAP = get_data().map
LAND = [s for s in MAP.ids if not MAP.spaces[s].is_railway]
KINDS = ["troop", "sepoy", "inc_activist", "ml_activist", "gandhi", "guerrilla_active",
         "guerrilla_underground", "ml_base", "rev_base"]

space_st = st.fixed_dictionaries({
    "pieces": st.dictionaries(st.sampled_from(KINDS), st.integers(1, 4), max_size=5),
    "support": st.integers(-2, 2),
    "protest": st.booleans(),
    "unrest": st.integers(0, 2),
    "muslim_state": st.booleans(),
})


def independent_control(sid, sp):
    d = MAP.spaces[sid]
    if d.type not in ("city", "province") or (d.type == "province" and sp["muslim_state"]):
        return False
    p = sp["pieces"]
    cubes = p.get("troop", 0) + p.get("sepoy", 0)
    others = p.get("gandhi", 0) + p.get("ml_base", 0) + p.get("rev_base", 0) + p.get("guerrilla_active", 0)
    if sp["protest"]:
        others += p.get("inc_activist", 0) + p.get("ml_activist", 0)
    return cubes > others


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(LAND), space_st, max_size=12))
def test_derived_values_match_independent_recomputation(spaces):
    s = engine.new_game("gandhi", "short", 1)
    for sid, sp in s.spaces.items():
        sp.pieces, sp.support, sp.protest, sp.unrest, sp.muslim_state = {}, 0, False, 0, False
    for sid, v in spaces.items():
        sp = s.spaces[sid]
        sp.pieces = dict(v["pieces"])
        sp.support = v["support"]
        sp.protest = v["protest"]
        sp.unrest = v["unrest"]
        sp.muslim_state = v["muslim_state"] and MAP.spaces[sid].type == "province"
    for sid, v in spaces.items():
        v = dict(v, muslim_state=s.spaces[sid].muslim_state)
        assert dv.raj_control(s, sid) == independent_control(sid, v), sid
    pop = {sid: MAP.spaces[sid].population for sid in LAND}
    sup = sum(pop[k] * v["support"] for k, v in spaces.items() if v["support"] > 0)
    opp = sum(pop[k] * -v["support"] for k, v in spaces.items() if v["support"] < 0)
    mopp = sum(pop[k] * -v["support"] for k, v in spaces.items() if v["support"] < 0 and MAP.spaces[k].muslim)
    ctrl = sum(pop[k] for k, v in spaces.items() if independent_control(k, dict(v, muslim_state=s.spaces[k].muslim_state)))
    mstate = sum(pop[k] for k in spaces if s.spaces[k].muslim_state)
    unrest = sum(pop[k] for k, v in spaces.items() if v["unrest"])
    rbases = sum(v["pieces"].get("rev_base", 0) for v in spaces.values())
    assert dv.victory_totals(s) == {"raj": sup + ctrl, "inc": opp, "ml": mopp + 2 * mstate, "rev": unrest + rbases}
    e = engine.export_state(s)
    for sid, v in spaces.items():
        act = e["spaces"][sid]["pieces"]
        n_inc = v["pieces"].get("inc_activist", 0)
        assert (act["inc_activist_active"], act["inc_activist_inactive"]) == ((n_inc, 0) if v["protest"] else (0, n_inc))
