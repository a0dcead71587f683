"""NP Campaign rounds (8.9): the Campaign round decisions made per the NP
instructions. One function per engine step (``engine/gandhi/campaign.py``):

* ``campaign.strike_choice`` (8.9.1): the NP Congress strikes the Railways
  with the highest Econ first.
* ``campaign.imperialism`` / ``campaign.imperialism_buy`` (8.9.2): up to 4
  spaces by the Shift toward Support column; in each, Unrest first, then up
  to 2 levels toward Active Support; in all at most twice a die roll of
  purchases (the die fixed per Campaign round, R-8.9.2).
* ``campaign.release`` (8.9.2): one Congress and one League Activist per
  Imperialism space when possible (alternating).
* ``campaign.gandhi_release`` (8.9.2): a random space without Raj Control.
* ``campaign.constructive`` (8.9.2): as many spaces as possible up to Unity
  by the Shift toward Opposition column, the full 2 levels.
* ``campaign.base`` (8.9.2): the Muslim League (Pakistan Movement) and the
  Revolutionaries (Secret Societies) always place a Base; Revolutionaries by
  their Place Bases column, the League by most League Activists then fewest
  cubes (R-8.9.2: the League table has no Place Bases column).
* ``campaign.redeploy`` / ``campaign.redeploy_to`` (8.9.3): the numbered
  goals of each faction, origins per the instruction (see :func:`redeploy_plan`).
"""
from __future__ import annotations

import random

from .. import derived as dv
from ..data import get_data
from ..ruleset import at_least
from . import priorities
from .random_spaces import det_random, random_space


def _m():
    return get_data().map


def _sp(state, sid):
    return state.spaces[sid]


def _n(state, sid, kind):
    return state.spaces[sid].pieces.get(kind, 0)


def _campaign_die(state) -> int:
    return random.Random(f"bot-campaign:{state.seed}:{state.campaigns_done}").randint(1, 6)


def _purchases_this_round(state) -> int:
    n = 0
    for e in reversed(state.log):
        k = e.get("key") if isinstance(e, dict) else getattr(e, "key", None)
        if k == "log.earnings":
            break
        if k in ("log.imperialism_unrest", "log.imperialism_shift"):
            n += 1
    return n


# ------------------------------------------------------------------ 8.9.1
def strike_choice(state, d) -> str:
    """8.9.1: Railways with the highest Econ first."""
    rails = [c for c in d.ids() if c in state.spaces]
    return random_space(state, rails, "strike")


# ------------------------------------------------------------------ 8.9.2
def imperialism(state, d) -> str:
    """8.9.2: up to 4 spaces by Shift toward Support, while purchases stay
    under twice the die roll."""
    opts = [c for c in d.ids() if c in state.spaces]
    if not opts or _purchases_this_round(state) >= 2 * _campaign_die(state):
        return "done"
    if at_least(state, 6):  # ruleset 6 (issue 14): the spaces and their purchases in one answer
        return _joined(state, d, "raj", "shift_support", "imperialism",
                       2 * _campaign_die(state) - _purchases_this_round(state), d.budgets.get("resources"))
    return priorities.select_space(state, "raj", "shift_support", opts, salt="imperialism")


def imperialism_buy(state, d) -> str:
    """8.9.2: remove Unrest, then shift up to 2 levels, within the die limit."""
    if _purchases_this_round(state) >= 2 * _campaign_die(state):
        return "done"
    return next((c for c in d.ids() if c != "done"), "done")


def release(state, d) -> str:
    """8.9.2: release one Congress and one League Activist per space."""
    left = state.stack[-1].get("left", 0)
    if at_least(state, 6):  # ruleset 6: the mix in one answer ("2:2"), as even as the Prison allows
        return min(d.ids(), key=lambda c: (abs(int(c.split(":")[0]) - int(c.split(":")[1])),
                                           -int(c.split(":")[0])))
    return "inc" if left % 2 == 0 else "ml"


def gandhi_release(state, d) -> str:
    """8.9.2: Gandhi goes to a random space without Raj Control."""
    return random_space(state, [c for c in d.ids() if c in state.spaces], "gandhi-release")


def constructive(state, d) -> str:
    """8.9.2: as many spaces as possible (up to Unity), Shift toward
    Opposition column, 2 levels where possible."""
    f = d.actor
    if at_least(state, 6):  # ruleset 6: the spaces in one answer, 2 levels where possible
        if not [c for c in d.ids() if c in state.spaces]:
            return "done"
        return _joined(state, d, f, "shift_opposition", "constructive", None, None)
    pairs = [c.split(":") for c in d.ids() if ":" in c]
    if not pairs:
        return "done"
    sid = priorities.select_space(state, f, "shift_opposition", [s for s, _ in pairs], salt="constructive")
    lv = max(int(v) for s, v in pairs if s == sid)
    return f"{sid}:{lv}"


def _joined(state, d, f: str, column: str, salt: str, total: int | None, budget: int | None) -> str:
    """Ruleset 6: spaces one after another by ``column`` (as the NP chose
    them one at a time), each with as many steps as it takes, within
    ``total`` steps in all and the ``budget``, as one answer ("a*2+b")."""
    offered = {c.id: c for c in d.choices if c.id in state.spaces}
    left = min(x for x in (total, budget, 10 ** 6) if x is not None)
    parts: list[str] = []
    while offered and left > 0 and len(parts) < max(1, d.many):
        sid = priorities.select_space(state, f, column, list(offered), salt=salt)
        n = min(offered.pop(sid).most, left)
        left -= n
        parts.append(sid if n == 1 else f"{sid}*{n}")
    return "+".join(parts) if parts else "done"


def place_base(state, d) -> str:
    """8.9.2: the NP League / Revolutionaries place a Base (non-Railway, no
    Raj Control: what the engine offers)."""
    opts = [c for c in d.ids() if c in state.spaces]
    if not opts:
        return "done"
    if d.actor == "rev":
        return priorities.select_space(state, "rev", "place_bases", opts, salt="base")
    return ml_base_space(state, opts)


def ml_base_space(state, opts: list[str]) -> str:
    """Where the NP League places a Base (8.6.5, 8.9.2): the "Place Bases"
    column its table lacks, read as most League Activists, then fewest
    cubes, then the Random Spaces map (R-8.9.2)."""
    best = max(_n(state, s, "ml_activist") for s in opts)
    opts = [s for s in opts if _n(state, s, "ml_activist") == best]
    low = min(dv.cubes(_sp(state, s)) for s in opts)
    return random_space(state, [s for s in opts if dv.cubes(_sp(state, s)) == low], "ml-base")


# ------------------------------------------------------------------ 8.9.3
SHORT = {"troop": "troop", "sepoy": "sepoy", "inc_activist": "activist", "ml_activist": "activist",
         "gandhi": "gandhi", "guerrilla_underground": "underground", "guerrilla_active": "active"}


def _type(sid):
    return _m().spaces[sid].type


def _raj_surplus(state, sid: str, kind: str) -> int:
    """Cubes of ``kind`` that may leave ``sid`` without breaking a goal or
    Raj Control (8.9.3 Raj)."""
    from .movement import loses_control

    sp = _sp(state, sid)
    n = sp.pieces.get(kind, 0)
    if not n:
        return 0
    if dv.is_province(state, sid) and not dv.raj_control(state, sid):
        return n  # moved first: they would be removed (6.4.2)
    if loses_control(state, sid, kind):
        return 0
    t = _type(sid)
    if t == "city":
        return n - 1
    if t == "province":
        return n - sp.pieces.get("troop", 0) if kind == "sepoy" else n
    if dv.is_state(state, sid):
        return n - 1 if sp.support <= 0 else n
    return n


def _nv_surplus(state, faction: str, sid: str, kind: str) -> int:
    sp = _sp(state, sid)
    n = sp.pieces.get(kind, 0)
    if kind == "gandhi" or not n:
        return 0
    if dv.is_railway(sid):
        return n
    keep = dv.population(sid) if (faction == "inc" and sp.support > -2) else 0
    if faction == "ml" and _m().spaces[sid].muslim:
        keep = dv.population(sid)
    return max(0, n - keep)


def _rev_surplus(state, sid: str, kind: str) -> int:
    sp = _sp(state, sid)
    n = sp.pieces.get(kind, 0)
    if not n or dv.is_railway(sid):
        return n
    keep = 1 if (sp.unrest or sp.pieces.get("rev_base", 0)) else 0
    others = dv.guerrillas(sp) - n
    return max(0, n - max(0, keep - others))


def _goals(state, f: str) -> list[tuple[str, list[str], int]]:
    """(kind, destinations in order, wanted count) for ``f`` (8.9.3)."""
    m = _m()
    sps = state.spaces
    ids = m.ids
    g: list[tuple[str, list[str], int]] = []
    if f == "raj":
        provs = [s for s in ids if _type(s) == "province" and dv.raj_control(state, s)]
        g.append(("sepoy", [s for s in provs if _n(state, s, "sepoy") < _n(state, s, "troop")], -1))
        cities = list(m.cities)
        g.append(("troop", [c for c in cities if _n(state, c, "troop") < 1], 1))
        g.append(("sepoy", [c for c in cities if _n(state, c, "sepoy") < 1], 1))
        g.append(("sepoy", [c for c in cities if not dv.raj_control(state, c)], -2))
        states = [s for s in ids if dv.is_state(state, s) and sps[s].support <= 0]
        have = [s for s in states if _n(state, s, "sepoy")]
        if len(have) < 3:
            g.append(("sepoy", [s for s in states if not _n(state, s, "sepoy")][: 3 - len(have)], 1))
        # 5: the cubes left in Provinces without Raj Control, evenly to Raj-Controlled spaces, 2 Pop first
        held = sorted((s for s in ids if dv.raj_control(state, s) and not m.spaces[s].is_railway),
                      key=lambda s: (dv.population(s) != 2, dv.cubes(sps[s]), s))
        g.append(("cube", held, EVEN))
        return g
    if f == "inc":
        ok = [s for s in ids if not m.spaces[s].is_railway]
        by_sup = sorted(ok, key=lambda s: (-sps[s].support, -dv.population(s)))
        if state.spaces and any(sp.pieces.get("gandhi", 0) for sp in sps.values()):
            g.append(("gandhi", by_sup[:1], 1))
        two = sorted([s for s in ok if dv.population(s) == 2], key=lambda s: m.spaces[s].muslim)
        g.append(("inc_activist", two, 2))
        one = sorted([s for s in ok if dv.population(s) == 1], key=lambda s: -sps[s].support)
        g.append(("inc_activist", one, 1))
        g.append(("inc_activist", sorted(two, key=lambda s: (_n(state, s, "inc_activist"), s)), EVEN))  # 4
        return g
    if f == "ml":
        mus = [s for s in ids if m.spaces[s].muslim and not m.spaces[s].is_railway]
        two = sorted([s for s in mus if dv.population(s) == 2], key=lambda s: -sps[s].support)
        g.append(("ml_activist", [s for s in two if _n(state, s, "ml_activist") + _n(state, s, "ml_base")
                                  <= _n(state, s, "inc_activist") + _n(state, s, "gandhi")], -3))
        g.append(("ml_activist", two, 2))
        one = sorted([s for s in mus if dv.population(s) == 1], key=lambda s: -sps[s].support)
        g.append(("ml_activist", one, 1))
        g.append(("ml_activist", sorted(two, key=lambda s: (_n(state, s, "ml_activist"), s)), EVEN))  # 4
        return g
    unrest = [s for s in ids if (sps[s].unrest) and not dv.raj_control(state, s)]
    bases = [s for s in ids if _n(state, s, "rev_base")]
    # 3: "negli spazi privi di Disordini, prima quelli con più Supporto" - with Guerrillas or not
    calm = sorted([s for s in ids if not sps[s].unrest and not m.spaces[s].is_railway],
                  key=lambda s: -sps[s].support)
    g += [("guerrilla", unrest, 1), ("guerrilla", bases, 1), ("guerrilla", calm, 3)]
    return g


EVEN = -4  # "distribute the rest evenly" (Raj 5, Congress 4, League 4): to the emptiest destination


def _count(state, sid, kind) -> int:
    if kind == "guerrilla":
        return dv.guerrillas(_sp(state, sid))
    if kind == "cube":
        return dv.cubes(_sp(state, sid))
    return _n(state, sid, kind)


def _wanted(state, f, sid, kind, want) -> bool:
    if want == -1:  # Sepoys to match Troops
        return _n(state, sid, "sepoy") < _n(state, sid, "troop")
    if want == -2:  # Sepoys until Raj Control
        return not dv.raj_control(state, sid)
    if want == EVEN:
        return True
    if want == -3:  # League pieces exceed Congress pieces
        return (_n(state, sid, "ml_activist") + _n(state, sid, "ml_base")
                <= _n(state, sid, "inc_activist") + _n(state, sid, "gandhi"))
    return _count(state, sid, kind) < want


def _spreads(state, f: str, origin: str, dst: str, dests: list[str], kind: str) -> bool:
    """May a piece go from ``origin`` to ``dst`` for an "evenly" step (8.9.3)?
    The Raj moves only what is left in Provinces without Raj Control; the
    Nonviolent factions only from outside the spaces they spread over, or
    from one holding two more than ``dst``."""
    if f == "raj":
        return dv.is_province(state, origin) and not dv.raj_control(state, origin)
    if origin not in dests:
        return True
    return _count(state, origin, kind) > _count(state, dst, kind) + 1


def redeploy_plan(state, f: str, moved: dict, only_origin: str | None = None):
    """The next Redeploy move ``(origin, choice id)`` of the NP faction ``f``
    by the 8.9.3 goals, or None. Origins: Raj - Provinces without Raj Control
    first, then most Sepoys; the others - most own pieces; pieces that have
    moved stay; origins keep what their own goals need."""
    from ..campaign import redeploy_moves, movable, KINDS

    kinds = KINDS[f]
    origins = [s for s in state.spaces if any(movable(state, moved, s, k) > 0 for k in kinds)]
    if only_origin is not None:
        origins = [only_origin] if only_origin in origins else []
    if not origins:
        return None

    def surplus(o, k):
        if f == "raj":
            s = _raj_surplus(state, o, k)
        elif f == "rev":
            s = _rev_surplus(state, o, k)
        else:
            s = _nv_surplus(state, f, o, k) if k != "gandhi" else _n(state, o, "gandhi")
        return min(s, movable(state, moved, o, k))

    def order(cands):
        if f == "raj":
            return sorted(cands, key=lambda o: (not (dv.is_province(state, o) and not dv.raj_control(state, o)),
                                                -_n(state, o, "sepoy"), o))
        own = lambda o: sum(_n(state, o, k) for k in kinds)  # noqa: E731
        return sorted(cands, key=lambda o: (-own(o), o))

    moves_cache: dict[str, list] = {}

    def moves(o):
        if o not in moves_cache:
            moves_cache[o] = redeploy_moves(state, f, moved, o)
        return moves_cache[o]

    for kind, dests, want in _goals(state, f):
        real = [k for k in kinds if k == kind or (kind == "guerrilla" and k.startswith("guerrilla"))
                or (kind == "cube" and k in ("troop", "sepoy"))]
        for dst in dests[:1] if want == EVEN else dests:
            if not _wanted(state, f, dst, kind, want):
                continue
            for o in order(origins):
                if o == dst or (want == EVEN and not _spreads(state, f, o, dst, dests, kind)):
                    continue
                for k in sorted(real, key=lambda k: k != "guerrilla_underground"):
                    if kind == "gandhi":
                        ok = _n(state, o, "gandhi") > 0 and movable(state, moved, o, "gandhi") > 0
                    else:
                        ok = surplus(o, k) > 0
                    if ok and (k, dst) in moves(o):
                        return o, f"{SHORT[k]}:{dst}"
    # pieces that must move (Railways for the NV/Revolutionaries; Troops the Raj cannot pay for)
    from ..campaign import MUST_LEAVE_RAIL, can_stop

    if not can_stop(state, f):
        for o in order(origins):
            for k, dst in moves(o):
                must = (f == "raj" and k == "troop" and _type(dst) == "city") or (
                    f != "raj" and dv.is_railway(o) and k in MUST_LEAVE_RAIL[f])
                if must:
                    return o, f"{SHORT[k]}:{dst}"
    return None


def redeploy(state, d) -> str:
    """``campaign.redeploy``: the origin of the next planned move, else ``done``."""
    fr = state.stack[-1]
    if at_least(state, 6):
        return _redeploy_origins(state, d)
    p = redeploy_plan(state, d.actor, fr["moved"])
    if p is not None and p[0] in d.ids():
        return p[0]
    if "done" in d.ids():
        return "done"
    opts = [c for c in d.ids() if c != "done"]
    return opts[det_random(state, "redeploy").randrange(len(opts))]


def redeploy_to(state, d) -> str:
    """``campaign.redeploy_to``: the planned piece and destination."""
    fr = state.stack[-1]
    p = redeploy_plan(state, d.actor, fr["moved"], only_origin=fr["origin"])
    if p is not None and p[1] in d.ids():
        return p[1]
    if fr.get("again") and "back" in d.ids():
        return "back"  # ruleset 4 stays on the space after a move: the plan goes on elsewhere (8.9.3)
    ids = [c for c in d.ids() if c != "back"]
    if d.actor == "raj":  # Troops the Raj cannot pay for go to Cities
        city = [c for c in ids if c.startswith("troop:") and _type(c.split(":")[1]) == "city"]
        if city:
            return city[0]
    return ids[0] if ids else "back"


def _lost_province(state, sid: str) -> bool:
    return dv.is_province(state, sid) and not dv.raj_control(state, sid)


def raj_origin_order(state, origins: list[str]) -> list[str]:
    """8.9.3 NP Raj (IT L1583): "Muovere per primi i cubi dalle Province
    prive di Controllo del Raj, quindi dagli spazi con più Sepoy": the
    origins in that order (each once), the Provinces without Raj Control,
    whose cubes step 5 distributes (L1589), all of them. Issue 32: the
    origins came in the order the plan's goals first used them."""
    seen = list(dict.fromkeys(origins))
    return sorted(seen, key=lambda o: (not _lost_province(state, o), -_n(state, o, "sepoy"), seen.index(o)))


def _redeploy_origins(state, d) -> str:
    """Ruleset 6 (issue 14) asks the spaces a Redeploy leaves once, in
    order: the origins of the 8.9.3 plan, played one move at a time on a
    copy of the game asked the ruleset 4 way, in the order they first
    come; "done" when the plan moves nothing."""
    from ...core import engine as core
    from .policy import decide, work_copy

    work = work_copy(state, ruleset=4)
    f, origins = d.actor, []
    for _ in range(200):
        wd = core.decision(work)
        if wd is None or wd.actor != f or not wd.step.startswith("campaign.redeploy"):
            break
        cid = decide(work, wd)
        if wd.step == "campaign.redeploy":
            if cid == "done":
                break
            if cid not in origins:
                origins.append(cid)
        core.apply(work, wd.actor, cid)
    join = {c.id for c in d.joining()} or {c for c in d.ids() if c != "done"}
    if f == "raj":
        origins = raj_origin_order(state, origins + [o for o in sorted(join) if _lost_province(state, o)])
    origins = [o for o in origins if o in join][:max(1, d.many)]
    if not origins:
        return "done" if "done" in d.ids() else d.ids()[0]
    return "+".join(origins)
