"""Values derived from the A Distant Plain state: Control, Population, the
victory totals and margins (seed L101-111; readings R8, R39 of
docs/rulings/adp.md)."""
from __future__ import annotations

from ..coin.victory import best as coin_best
from .board import coin_pieces, faction_pieces, n
from .control import control_of
from .data import get_data
from .state import AdpState

#: seed L103-109 (verified): a faction wins when its total *exceeds* the threshold
THRESHOLDS = {"coalition": 30, "taliban": 20, "government": 35, "warlords": 15}
WARLORDS_RESOURCES = 40
#: reading R39 (provisional): who wins a tie of margins after the final Propaganda round
TIE_ORDER = ("warlords", "taliban", "government", "coalition")


def control(state: AdpState, sid: str) -> str | None:
    """``"coin"``, ``"taliban"`` or None for a space; LoCs have no Control."""
    if get_data().spaces[sid].is_loc:
        return None
    return control_of(coin_pieces(state, sid), faction_pieces(state, sid, "taliban"),
                      faction_pieces(state, sid, "warlords"))


def pop(state: AdpState, sid: str) -> int:
    """Population with the +1 Pop marker (seed L171)."""
    return get_data().spaces[sid].population + state.spaces[sid].returnees


def totals(state: AdpState) -> dict[str, int]:
    """The four victory totals (seed L103-109)."""
    data = get_data()
    sup = opp = coinpop = unc = tbases = 0
    for sid, sp in state.spaces.items():
        tbases += n(state, sid, "taliban_bases")
        if data.spaces[sid].is_loc:
            continue
        p = pop(state, sid)
        ctl = control(state, sid)
        sup += p if sp.support > 0 else 0
        opp += p if sp.support < 0 else 0
        coinpop += p if ctl == "coin" else 0
        unc += p if ctl is None and not data.spaces[sid].pakistan else 0
    avail = state.available.get("coalition_troops", 0) + state.available.get("coalition_bases", 0)
    return {"coalition": sup + avail, "taliban": opp + tbases,
            "government": coinpop + state.patronage, "warlords": unc}


def margins(state: AdpState) -> dict[str, int]:
    """Total minus threshold per faction; the Warlords' margin is the smaller
    of their two parts (reading R39, provisional)."""
    t = totals(state)
    m = {f: t[f] - THRESHOLDS[f] for f in THRESHOLDS}
    m["warlords"] = min(m["warlords"], state.resources["warlords"] - WARLORDS_RESOURCES)
    return m


def winners_now(state: AdpState) -> list[str]:
    """Factions that meet their victory condition (seed L103-109, 7.2)."""
    return [f for f, v in margins(state).items() if v > 0]


def best(state: AdpState, among: list[str] | None = None) -> str:
    """The faction closest to its victory condition (7.3, seed L111), of
    ``among`` when given (several winners at a victory check, 7.2): the
    highest margin, equal margins by reading R39's tie order."""
    m = margins(state)
    return coin_best({f: m[f] for f in (among or m)}, TIE_ORDER)
