"""A set of spaces states what it may hold (issue 31 item 2): the engine's
limits per set (``Decision.budgets``, ``Decision.limits``), so that a front
end offers no set it would refuse for its count. Ruleset 6 (the set choice)."""
import pytest

import engine
from engine.core.errors import EngineError
from engine.gandhi import board
from tests.engine.test_nonviolent import blank, start
from tests.engine.test_nonviolent import put as nv_put


@pytest.fixture(autouse=True)
def ruleset6(monkeypatch):
    from engine.gandhi import scenarios

    monkeypatch.setattr(scenarios, "RULESET", 6)


def _limit(d, ids):
    """The strictest limit ``Decision.limits`` states on ``ids`` together."""
    return min(n for w, n in d.limits() if set(ids) <= set(w))


def test_3_3_unity_limits_the_league_s_spaces_without_a_base():
    """3.3: the Muslim League Rallies in up to Unity spaces, plus any with a
    League Base. Unity 3: of one set, at most 3 spaces without a Base; the
    spaces with a Base are not counted; a fourth is refused as a set."""
    s = blank(unity=3)
    nv_put(s, "sind", ml_base=1)
    start(s, "ml", "rally")
    d = engine.decision(s)
    free = [c for c in d.ids() if c in ("punjab", "bihar", "assam", "mysore")]
    assert len(free) == 4 and d.many > 3
    assert _limit(d, free) == 3
    assert not any("sind" in w for w, _ in d.limits())  # a space with a Base counts against nothing
    assert d.find("+".join(free)) is None           # four without a Base: refused before anything happens
    assert d.find("+".join(free[:3] + ["sind"])) is not None
    with pytest.raises(EngineError) as e:
        engine.apply(s, "ml", "+".join(free))
    assert "Unity 3" in e.value.message.fallback()   # the rules' reason, not "not one of the choices"
    engine.apply(s, "ml", "+".join(free[:3] + ["sind"]))
    assert board.count(s, "sind", "ml_activist") >= 1


def test_3_3_restraint_limits_congress_spaces_without_protest_or_gandhi():
    s = blank(restraint=2)
    start(s, "inc", "rally")
    d = engine.decision(s)
    spaces = [c for c in d.ids() if ":" not in c and c not in ("done",) and not c.startswith("sa")]
    assert _limit(d, spaces[:3]) == 2 and d.find("+".join(spaces[:3])) is None


def test_one_variant_of_a_space_per_set():
    """"sind" and "sind:base" (one space, two ways) are never one set: a
    limit of 1 on them, and the engine refuses the pair itself."""
    s = blank(unity=2)
    nv_put(s, "sind", ml_activist=2)
    start(s, "ml", "rally")
    d = engine.decision(s)
    assert _limit(d, ["sind", "sind:base"]) == 1
    assert d.find("sind+sind:base") is None and d.find("sind:base+punjab") is not None
