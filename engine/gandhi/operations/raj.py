"""The British Raj's Operations (3.2): Deploy (3.2.1), Garrison (3.2.2),
Sweep (3.2.3) and Assault (3.2.4), with the Viceroy capabilities that change
them (2.5.1), plus the steps the Raj's Special Activities share with them
(piece removal with "Bases last" and "NV to Prison", the Sepoy payment choice).

Rules applied throughout (3.2 "Importante"):

* Troops are free; the Raj pays Resources equal to Restraint per space where
  Sepoys are used (the Viceroy may change the price: Chelmsford, Reading,
  Irwin, Willingdon). A free Operation granted by an Event (``ctx["free"]``)
  costs nothing. Whether to use (and pay for) Sepoys in a space is always the
  Raj's decision (``raj.use_sepoys``); a use the Raj cannot pay for is refused
  with the price and the Resources in the message (3.1.5).
* Cubes never leave Protest spaces (Railways included) during Operations.
* Troops never enter States (Princely or Muslim; 1.4.2).

Operation data kept in ``ctx["data"]`` (plain JSON):

* ``paid``  {space: bool} — Sepoys used (and paid for) in that space;
* ``moved`` {space: {kind: n}} — cubes that arrived there during this
  Operation and so may not move again (3.1.2);
* ``garrison_paid`` bool — the Garrison's single Sepoy payment was made;
* ``wavell`` bool — Wavell's free Limited Sweep has been used.
"""
from __future__ import annotations

import abc
import dataclasses
from typing import Any

from ...core.messages import TOGETHER, Choice, Decision, msg, split_quantity
from ...core.steps import Frame, Step, frame, push, register
from .. import board
from .. import derived as dv
from ..actions import ChecksEachSpace, Operation, operation
from ..common import done_choice, log, simple, space_name
from ..data import get_data
from ..ruleset import at_least
from ..state import GandhiState
from ..wording import templated

MAX_DEPLOY = 6          # cubes per City (3.2.1)
DEPLOY_OOP = 2          # cubes Out of Play -> Available after Deploy (3.2.1)
KIND_NAME = {"troop": "Troop", "sepoy": "Sepoy"}


# --------------------------------------------------------------------------
# small helpers
# --------------------------------------------------------------------------

def viceroy(state: GandhiState) -> str | None:
    """The key of the Viceroy in force ("chelmsford", "reading", ...) or None."""
    return get_data().cards.viceroy_key(state.viceroy)


def adjacent(sid: str) -> frozenset[str]:
    return get_data().map.adjacent[sid]


def pieces(state: GandhiState, sid: str, kind: str) -> int:
    return state.spaces[sid].pieces.get(kind, 0)


def sepoy_cost(state: GandhiState, ctx: dict[str, Any], op: str, first: bool) -> int:
    """Resources the Raj pays to use Sepoys in one space of ``op`` (3.2, 2.5.1).

    ``first``: the space is the first one selected for this Operation (Lord
    Reading makes it free for Deploy, Sweep and Assault; Garrison is entirely
    free under Reading). Free Operations (Events) cost 0. Chelmsford (Assault),
    Irwin (Sweep) and Willingdon (Deploy) make the price 1 instead of Restraint.
    """
    if ctx.get("free"):
        return 0
    v = viceroy(state)
    if v == "reading" and (op == "garrison" or first):
        return 0
    if (op, v) in (("assault", "chelmsford"), ("sweep", "irwin"), ("deploy", "willingdon")):
        return 1
    return state.restraint


def can_pay(state: GandhiState, cost: int) -> bool:
    return state.resources["raj"] >= cost


def cannot_pay_text(state: GandhiState, sid: str | None, cost: int) -> str:
    where = f" in {space_name(sid)}" if sid else ""
    return (f"the Raj cannot pay for Sepoys{where}: Resources {state.resources['raj']}, "
            f"cost {cost} (Restraint {state.restraint})")


def data(ctx: dict[str, Any]) -> dict[str, Any]:
    d = ctx.get("data")
    if d is not None and "paid" in d and "moved" in d:  # the usual case, without three setdefaults (issue 21)
        return d
    d = ctx.setdefault("data", {})
    d.setdefault("paid", {})
    d.setdefault("moved", {})
    return d


def movable(state: GandhiState, ctx: dict[str, Any], sid: str, kind: str) -> int:
    """Cubes of ``kind`` in ``sid`` that may still move in this Operation:
    none from a Protest space (3.2), none that already moved (3.1.2)."""
    if state.spaces[sid].protest:
        return 0
    moved = data(ctx)["moved"].get(sid, {}).get(kind, 0)
    return max(0, pieces(state, sid, kind) - moved)


def move_choice(cid: str, text: str, kind: str, origin: str, most: int, key: str = "choice.raj_move",
                **params: Any) -> Choice:
    """A cube move offered as a quantity (issue 14): ``cid`` once, or
    ``"<cid>*<n>"`` for n of the ``most`` cubes of ``kind`` that may still
    leave ``origin`` (3.1.2, 3.2)."""
    return Choice(cid, msg(key, text, kind=KIND_NAME[kind], origin=space_name(origin), **params),
                  most=max(1, most),
                  label_n=msg("choice.raj_move_n", "{kind}: move {n} from {origin}", kind=KIND_NAME[kind],
                              origin=space_name(origin), n=most))


def cube_parts(cid: str) -> list[tuple[str, int]]:
    """The parts of an answer of a cube step, with their counts:
    ``"troop:delhi*3+sepoy:agra"`` -> ``[("troop:delhi", 3), ("sepoy:agra", 1)]``."""
    return [split_quantity(p) for p in cid.split(TOGETHER)]


class CubesInOneAnswer:
    """Ruleset 5 (issue 14): the cubes that go into one space (Deploy,
    Garrison, Sweep, Deploy's Out of Play cubes) are one answer -- how many
    of each kind from where, several origins joined (``"troop:delhi*3+
    sepoy:agra*2"``, within ``budget`` cubes in all when the rule caps them) --
    and the step closes after it ("done": none, or no more). Before: one
    answer per group of cubes, then "done". The rules of each move are the
    step's own; only the shape of the question changes."""

    def takes_counts(self, state, fr):
        return at_least(state, 5)

    @staticmethod
    def shaped(state: GandhiState, d: Decision, budget: int = 0) -> Decision:
        """``d`` with its cube choices joinable under ruleset 5 (``budget``:
        the most cubes in all, 0 for no cap)."""
        if not at_least(state, 5) or len(d.choices) < 3:  # one cube choice and "done": nothing to join
            return d
        pools = ("cubes",) if budget else ()
        return dataclasses.replace(d, choices=[dataclasses.replace(c, joins=c.id != "done", pools=pools)
                                               for c in d.choices],
                                   many=len(d.choices) - 1, budgets={"cubes": budget} if budget else {})


def move_cube(state: GandhiState, ctx: dict[str, Any], src: str, dst: str, kind: str) -> None:
    """Move one cube and remember it arrived (it may not move again: 3.1.2)."""
    board.move(state, src, dst, kind, 1)
    m = data(ctx)["moved"].setdefault(dst, {})
    m[kind] = m.get(kind, 0) + 1


def troops_may_enter(state: GandhiState, sid: str) -> bool:
    """Troops never enter States (1.4.2, 3.2)."""
    return not dv.is_state(state, sid)


# --------------------------------------------------------------------------
# movement reach
# --------------------------------------------------------------------------

def sweep_sweepable_rail(state: GandhiState, rid: str) -> bool:
    """A Railway a Sweeping cube may step onto first (3.2.3): no Strike, no
    Activists, no Active Guerrillas (and no Protest: cubes could not leave it)."""
    sp = state.spaces[rid]
    return (dv.is_railway(rid) and not sp.strike and not sp.protest and dv.activists(sp) == 0
            and pieces(state, rid, "guerrilla_active") == 0)


def sweep_rails(state: GandhiState) -> frozenset[str]:
    """The Railways :func:`sweep_sweepable_rail` now, computed once for a
    scan over destinations (issue 21: speed)."""
    return frozenset(r for r in get_data().map.railways if sweep_sweepable_rail(state, r))


def sweep_origins(state: GandhiState, dest: str) -> list[str]:
    """Spaces whose cubes may Sweep into ``dest`` (3.2.3): adjacent spaces
    (Railways too), or spaces adjacent to a Railway next to ``dest`` that has
    no Strike, Activists or Active Guerrillas. Protest spaces are excluded by
    :func:`movable`."""
    return sorted(_sweep_origin_set(state, dest))


def _sweep_origin_set(state: GandhiState, dest: str) -> set[str]:
    """:func:`sweep_origins` unsorted: where only whether any moves matters (issue 21: speed)."""
    out = set(adjacent(dest))
    for r in adjacent(dest):
        if sweep_sweepable_rail(state, r):
            out |= adjacent(r)
    out.discard(dest)
    return out


def garrison_context(state: GandhiState) -> dict[str, set[str]]:
    """Per-board facts Garrison reach needs, computed once: spaces where a
    moving cube must stop (Protest or Active adversaries) and Raj-Controlled
    spaces."""
    adversaries = {s: dv.active_adversaries(state, s) for s in state.spaces}
    return {"stops": {s for s, sp in state.spaces.items() if sp.protest or adversaries[s] > 0},
            "control": {s for s in state.spaces if dv.raj_control(state, s, adversaries[s])}}


def garrison_reach(state: GandhiState, origin: str, gc: dict[str, set[str]] | None = None) -> set[str]:
    """Destinations a Garrisoning cube in ``origin`` can reach (3.2.2): into an
    adjacent Railway or City, on along adjacent Railways or Cities, and finally,
    if desired, into an adjacent Raj-Controlled space. A cube stops in a space
    with Active adversaries and never leaves a Protest space. ``gc``: a
    :func:`garrison_context` to reuse."""
    if state.spaces[origin].protest:
        return set()
    gc = gc or garrison_context(state)
    mp = get_data().map
    adj = mp.adjacent
    stops, control = gc["stops"], gc["control"]

    def chain(s: str) -> bool:
        return mp.spaces[s].type in ("railway", "city")

    seen: set[str] = set()
    todo = [s for s in adj[origin] if chain(s)]
    seen.update(todo)
    while todo:
        s = todo.pop()
        if s in stops:
            continue
        for t in adj[s]:
            if t not in seen and t != origin and chain(t):
                seen.add(t)
                todo.append(t)
    out = set(seen)
    for s in seen:
        if s in stops:
            continue
        out |= {t for t in adj[s] if t in control}
    out.discard(origin)
    return out


# --------------------------------------------------------------------------
# shared steps: Sepoy payment, removal of adversary pieces
# --------------------------------------------------------------------------

@register
class UseSepoys(Step):
    """Whether the Raj uses (and pays for) Sepoys in one space (3.2).

    Frame: ``{sid, op, cost, then}``; ``then`` is the frame pushed after the
    choice (it reads ``ctx["data"]["paid"][sid]``). Choices ``sepoy`` (pay
    ``cost`` Resources) and ``troop`` (Troops only, free). Typing ``sepoy``
    when it is not on offer is refused with the price and the Resources."""

    name = "raj.use_sepoys"

    def decision(self, state, fr):
        choices = []
        if can_pay(state, fr["cost"]):
            choices.append(simple("sepoy", "choice.raj_use_sepoys",
                                  "Use Sepoys in {space} (pay {cost} Resources)",
                                  space=space_name(fr["sid"]), cost=fr["cost"]))
        choices.append(simple("troop", "choice.raj_troops_only", "Troops only (free)"))
        return Decision("raj", msg("prompt.raj_use_sepoys",
                                   "{op} in {space}: use Sepoys for {cost} Resources (Restraint {restraint})?",
                                   op=fr["op"].capitalize(), space=space_name(fr["sid"]), cost=fr["cost"],
                                   restraint=state.restraint), choices, self.name)

    def refuse(self, state, fr, cid):
        if cid == "sepoy":
            return templated("error.why", cannot_pay_text(state, fr["sid"], fr["cost"]), numbers=True)
        return None

    def apply(self, state, fr, cid):
        ctx = state.action
        if cid == "sepoy":
            pay_sepoys(state, ctx, fr["sid"], fr["cost"])
        else:
            data(ctx)["paid"][fr["sid"]] = False
        if fr["then"]:
            push(state, fr["then"])


def pay_sepoys(state: GandhiState, ctx: dict[str, Any], sid: str, cost: int) -> None:
    """The Raj uses Sepoys in ``sid`` and pays ``cost`` Resources (3.2)."""
    data(ctx)["paid"][sid] = True
    if cost:
        board.add_resources(state, "raj", -cost)
    log(state, "log.raj_pays_sepoys", "The Raj pays {cost} Resources to use Sepoys in {space}.",
        actor="raj", cost=cost, space=sid)


class SepoysInTheSpaceChoice:
    """Ruleset 4 (issue 14): where Sepoys could be used and paid for, the
    space is offered twice in ``op.loop`` -- ``<space>`` (Troops only, free)
    and ``<space>:sepoy`` (with Sepoys, paying the price of 3.2) -- instead
    of a question after it. Mixed into Deploy, Sweep and Assault, which say
    with :meth:`sepoys_relevant` where Sepoys could take part."""

    name: str = ""

    def sepoys_relevant(self, state: GandhiState, ctx: dict[str, Any], sid: str) -> bool:  # pragma: no cover
        raise NotImplementedError

    def space_choices(self, state, ctx, sid):
        plain = super().space_choices(state, ctx, sid)  # type: ignore[misc]
        if not at_least(state, 4):
            return plain
        cost = sepoy_cost(state, ctx, self.name, not ctx["spaces"])
        if not can_pay(state, cost) or not self.sepoys_relevant(state, ctx, sid):  # the cheap test first (issue 21)
            return plain
        return plain + [Choice(f"{sid}:sepoy", msg("choice.space_sepoys", "{space} with Sepoys ({cost} Resources)",
                                                    space=space_name(sid), cost=cost))]

    def choose_variant(self, state, ctx, sid, variant):
        if any(c.id == f"{sid}:sepoy" for c in self.space_choices(state, ctx, sid)):
            data(ctx).setdefault("sepoys", {})[sid] = variant == "sepoy"


def ask_sepoys(state: GandhiState, ctx: dict[str, Any], sid: str, op: str, cost: int,
               sepoys_relevant: bool, then: Frame) -> list[Frame]:
    """Frames for the Sepoy decision in ``sid``: ask when Sepoys could be used
    and paid for; otherwise record "Troops only" and go straight on. Under
    ruleset 4 the choice of the space already said it ("<space>:sepoy",
    :class:`SepoysInTheSpaceChoice`): no question."""
    chosen = data(ctx).get("sepoys", {}).get(sid)
    if chosen and at_least(state, 5) and not sepoys_relevant:
        chosen = False  # ruleset 5: Sepoys chosen with Wavell's Sweep, and none came: nothing to pay for
    if chosen is not None and at_least(state, 4):
        if chosen and can_pay(state, cost):
            pay_sepoys(state, ctx, sid, cost)
            return [then]
        sepoys_relevant = bool(chosen)  # with Sepoys chosen, but no longer affordable: say why
    elif sepoys_relevant and can_pay(state, cost):
        return [frame("raj.use_sepoys", sid=sid, op=op, cost=cost, then=then)]
    data(ctx)["paid"][sid] = False
    if sepoys_relevant:
        m = templated("log.raj_troops_only", cannot_pay_text(state, sid, cost) + ": Troops only.", numbers=True)
        log(state, m.key, m.text, actor="raj", **m.params)
    return [then]


REMOVE_LABEL = {
    "guerrilla": "Remove an Active Guerrilla",
    "rev_base": "Remove a Revolutionary Base",
    "inc": "Arrest a Congress Activist",
    "ml": "Arrest a Muslim League Activist",
    "gandhi": "Arrest Gandhi",
    "ml_base": "Remove a Muslim League Base",
}
REMOVE_KIND = {"guerrilla": "guerrilla_active", "rev_base": "rev_base", "inc": "inc_activist",
               "ml": "ml_activist", "gandhi": "gandhi", "ml_base": "ml_base"}
MARTIAL_LABEL = {"inc": "Remove a Congress Activist to Available",
                 "ml": "Remove a Muslim League Activist to Available"}


def removal_candidates(state: GandhiState, sid: str, mode: str) -> dict[str, str]:
    """Pieces the Raj may take next in ``sid``: choice id -> target group.

    ``mode`` "assault" / "treaty" / "govern" (3.2.4, 4.2.1, 4.2.2): Active
    Guerrillas; Revolutionary Bases once no Guerrillas remain; Active Activists
    (Congress and Muslim League: one group "nv", 1.4.4); Gandhi (always
    Active); Muslim League Bases once no Activists remain and Gandhi is gone
    (docs/rulings/raj.md R-3.2.4 Gandhi before Bases). ``mode`` "martial"
    (4.2.3): any Activists, Active or not; Congress and Muslim League are
    separate targets ("inc", "ml")."""
    sp = state.spaces[sid]
    p = sp.pieces
    out: dict[str, str] = {}
    if mode == "martial":
        for k, cid in (("inc_activist", "inc"), ("ml_activist", "ml")):
            if p.get(k, 0):
                out[cid] = cid
        return out
    if p.get("guerrilla_active", 0):
        out["guerrilla"] = "rev"
    if p.get("rev_base", 0) and dv.guerrillas(sp) == 0:
        out["rev_base"] = "rev"
    if dv.activists_active(state, sid):
        if p.get("inc_activist", 0):
            out["inc"] = "nv"
        if p.get("ml_activist", 0):
            out["ml"] = "nv"
    if p.get("gandhi", 0):
        out["gandhi"] = "nv"
    if p.get("ml_base", 0) and dv.activists(sp) == 0 and not p.get("gandhi", 0):
        out["ml_base"] = "nv"
    return out


def removal_frame(state: GandhiState, sid: str, mode: str, left: int, must: bool = False) -> list[Frame]:
    """The ``raj.remove`` frames for ``left`` removals in ``sid`` (none if
    nothing can be taken)."""
    if left <= 0 or not removal_candidates(state, sid, mode):
        return []
    return [frame("raj.remove", sid=sid, mode=mode, left=left, targeted=[], must=must)]


@register
class Remove(Step):
    """The Raj removes or arrests adversary pieces one at a time (3.2.4, 4.2.1,
    4.2.2, 4.2.3).

    Frame ``{sid, mode, left, targeted, must}``. The Raj chooses which pieces
    (3.1.4); once a target group ("rev", "nv" = Congress + Muslim League as one
    Faction for Assault/Treaty/Govern, or "inc"/"ml" for Martial Law) has been
    hit, its pieces must be taken as far as the removals allow (1.4.4), so
    ``done`` is offered only while no targeted group has pieces left (and never
    when ``must``: Govern's single removal). Gandhi may always be chosen and is
    forced when the removals reach him (1.4.4, 3.2.4). Guerrillas and Bases go
    to Available, Activists and Gandhi to Prison (Martial Law: Activists to
    Available). Arresting Gandhi sets ``state.gandhi_arrested`` (3.2.4)."""

    name = "raj.remove"

    def decision(self, state, fr):
        cands = removal_candidates(state, fr["sid"], fr["mode"])
        labels = MARTIAL_LABEL if fr["mode"] == "martial" else REMOVE_LABEL
        key = "choice.raj_martial_" if fr["mode"] == "martial" else "choice.raj_remove_"
        choices = [simple(c, key + c, labels[c]) for c in cands]
        may_stop = self._may_stop(state, fr, cands)
        if at_least(state, 5) and (may_stop or len(choices) > 1):
            choices = self._counted(state, fr, choices)
        if may_stop:
            choices.append(done_choice("Remove nothing more"))
        many = len(cands) if at_least(state, 5) and len(cands) > 1 else 1
        return Decision("raj", msg("prompt.raj_remove", "{space}: choose a piece to remove ({left} left).",
                                   space=space_name(fr["sid"]), left=fr["left"]), choices, self.name, many=many,
                        budgets={"left": fr["left"]} if many > 1 else {})

    @staticmethod
    def _counted(state, fr, choices):
        """Ruleset 5 (issue 14a): each kind of piece as a count ("inc*2"), the
        kinds joinable in the order they go ("inc*2+ml+gandhi"), within the
        removals left."""
        p = state.spaces[fr["sid"]].pieces
        have = {"guerrilla": p.get("guerrilla_active", 0), "rev_base": p.get("rev_base", 0),
                "inc": p.get("inc_activist", 0), "ml": p.get("ml_activist", 0), "gandhi": p.get("gandhi", 0),
                "ml_base": p.get("ml_base", 0)}
        return [dataclasses.replace(c, most=max(1, min(fr["left"], have[c.id])), joins=len(choices) > 1,
                                    pools=("left",), label_n=msg("choice.raj_remove_n", "{piece} ×{n}",
                                                                 piece=REMOVE_KIND[c.id], n=1))
                for c in choices]

    def takes_counts(self, state, fr):
        return at_least(state, 5)

    def check_joined(self, state, fr, cid):
        """Each piece of a joined answer, taken in the order given, must be
        one the Raj may take then (Bases last, Gandhi before Muslim League
        Bases, Active Activists only: 3.2.4, 1.4.3)."""
        from ...core.engine import scratch

        work = scratch(state)
        for part, n in cube_parts(cid):
            for _ in range(n):
                if part not in removal_candidates(work, fr["sid"], fr["mode"]):
                    return self.refuse(work, fr, part) or msg(
                        "error.raj_remove_order", "{space}: that answer takes pieces in an order the rules do not "
                        "allow (3.2.4).", space=space_name(fr["sid"]))
                self._take(work, fr["sid"], fr["mode"], part)
        return None

    @staticmethod
    def _may_stop(state, fr, cands) -> bool:
        if fr["must"]:
            return False
        return not any(g in fr["targeted"] for g in cands.values())

    def refuse(self, state, fr, cid):
        if cid == "done":
            return msg("error.raj_must_remove",
                       "Once a Faction is targeted its pieces must be removed as far as possible (1.4.4).")
        if cid == "ml_base":
            return msg("error.bases_last", "Muslim League Bases go last: first every Activist and Gandhi (3.2.4).")
        if cid == "rev_base":
            return msg("error.bases_last_rev", "Revolutionary Bases go last: first every Guerrilla (3.2.4).")
        if cid in ("inc", "ml") and fr["mode"] != "martial":
            return msg("error.inactive", "Only Active Activists (in Protest spaces or on Railways) may be taken (1.4.3).")
        return None

    def apply(self, state, fr, cid):
        sid, mode = fr["sid"], fr["mode"]
        if cid == "done":
            return
        targeted, left = list(fr["targeted"]), fr["left"]
        for part, n in cube_parts(cid) if at_least(state, 5) else [(cid, 1)]:
            for _ in range(n):
                group = self._take(state, sid, mode, part)
                if group not in targeted:
                    targeted.append(group)
                left -= 1
        if left > 0 and removal_candidates(state, sid, mode):
            push(state, dict(fr, left=left, targeted=targeted))

    @staticmethod
    def _take(state, sid, mode, cid) -> str:
        """Remove or arrest one piece ``cid``; returns its target group."""
        group = removal_candidates(state, sid, mode)[cid]
        if mode == "martial":
            kind = f"{cid}_activist"
            board.remove(state, sid, kind, 1, to="available")
            log(state, "log.raj_martial_remove", "Martial Law removes a {kind} in {space} to Available.",
                actor="raj", kind=kind, space=sid)
        else:
            kind, to = {"guerrilla": ("guerrilla_active", "available"), "rev_base": ("rev_base", "available"),
                        "inc": ("inc_activist", "prison"), "ml": ("ml_activist", "prison"),
                        "gandhi": ("gandhi", "prison"), "ml_base": ("ml_base", "available")}[cid]
            board.remove(state, sid, kind, 1, to=to)
            if cid == "gandhi":
                state.gandhi_arrested = True
                log(state, "log.gandhi_arrested", "The Raj arrests Gandhi in {space}.", actor="raj", space=sid)
            else:
                log(state, "log.raj_remove", "The Raj removes a {kind} in {space} to {to}.", actor="raj",
                    kind=kind, space=sid, to=to)
        return group


# --------------------------------------------------------------------------
# Deploy (3.2.1)
# --------------------------------------------------------------------------

def deploy_sources(state: GandhiState, city: str, kind: str) -> list[str]:
    """Map spaces a cube of ``kind`` may be taken from when none is Available
    (1.4.1, 3.2.1): any other space holding one, except Protest spaces (cubes
    never leave them during Operations; docs/rulings/raj.md R-3.2.1)."""
    return [s for s, sp in state.spaces.items()
            if s != city and sp.pieces.get(kind, 0) and not sp.protest]


def deploy_can_place(state: GandhiState, city: str, kind: str) -> bool:
    return state.available.get(kind, 0) > 0 or bool(deploy_sources(state, city, kind))


@operation
class Deploy(SepoysInTheSpaceChoice, ChecksEachSpace, Operation):
    """Deploy (3.2.1): any City; place up to 6 cubes in each (Troops free,
    Sepoys for Restraint per City — Willingdon 1, Reading first City free);
    cubes of a type none of which is Available may be taken from anywhere on
    the map (1.4.1). Then the Raj may move up to 2 cubes Out of Play ->
    Available (also in a Limited Operation, 2.3.5)."""

    together = True  # independent spaces: chosen several at once under ruleset 4 (issue 14)

    name = "deploy"
    faction = "raj"
    label = "Deploy"
    rule = "3.2.1"

    def sepoys_relevant(self, state, ctx, sid):
        return deploy_can_place(state, sid, "sepoy")

    def candidates(self, state):
        return get_data().map.cities

    def space_ok(self, state, ctx, sid):
        cost = sepoy_cost(state, ctx, self.name, not ctx["spaces"])
        return sid not in ctx["spaces"] and (deploy_can_place(state, sid, "troop")
                                             or (can_pay(state, cost) and deploy_can_place(state, sid, "sepoy")))

    def why_not(self, state, ctx, sid):
        if get_data().map.spaces[sid].type != "city":
            return f"{space_name(sid)} is not a City: Deploy places cubes in Cities only (3.2.1)"
        cost = sepoy_cost(state, ctx, self.name, not ctx["spaces"])
        if not deploy_can_place(state, sid, "troop"):
            if not deploy_can_place(state, sid, "sepoy"):
                return f"no cube can be placed in {space_name(sid)}"
            if not can_pay(state, cost):
                return f"no Troop can be placed and {cannot_pay_text(state, sid, cost)}"
        return None

    def select(self, state, ctx, sid):
        cost = sepoy_cost(state, ctx, self.name, len(ctx["spaces"]) == 1)
        then = frame("raj.deploy.place", sid=sid, placed=0, cost=cost)
        return ask_sepoys(state, ctx, sid, self.name, cost, deploy_can_place(state, sid, "sepoy"), then)

    def finish(self, state, ctx):
        if state.out_of_play.get("troop", 0) or state.out_of_play.get("sepoy", 0):
            return [frame("raj.deploy.oop", moved=0)]
        return []


@register
class DeployPlace(CubesInOneAnswer, Step):
    """Place the next cube in a Deploy City (3.2.1). Choices: ``troop`` /
    ``sepoy`` (from Available) or ``troop:<space>`` / ``sepoy:<space>`` (from
    the map when none of that type is Available), ``done``."""

    name = "raj.deploy.place"

    def _choices(self, state, fr) -> list[Choice]:
        sid = fr["sid"]
        paid = data(state.action)["paid"].get(sid, False)
        out: list[Choice] = []
        for kind in ("troop", "sepoy"):
            if kind == "sepoy" and not paid:
                continue
            room = MAX_DEPLOY - fr["placed"]
            if state.available.get(kind, 0):
                out.append(Choice(kind, msg(f"choice.raj_place_{kind}", "Place a {kind} from Available",
                                            kind=KIND_NAME[kind]),
                                  most=max(1, min(room, state.available[kind])),
                                  label_n=msg("choice.raj_place_n", "{kind}: place {n} from Available",
                                              kind=KIND_NAME[kind], n=1)))
            else:
                for s in deploy_sources(state, sid, kind):
                    out.append(Choice(f"{kind}:{s}", msg("choice.raj_place_from", "Take a {kind} from {space}",
                                                         kind=KIND_NAME[kind], space=space_name(s)),
                                      most=max(1, min(room, state.spaces[s].pieces.get(kind, 0))),
                                      label_n=msg("choice.raj_place_from_n", "{kind}: take {n} from {space}",
                                                  kind=KIND_NAME[kind], space=space_name(s), n=1)))
        return out

    def decision(self, state, fr):
        choices = self._choices(state, fr) + [done_choice("Place no more cubes here")]
        return self.shaped(state, Decision("raj", msg("prompt.raj_deploy",
                                                      "Deploy in {space}: place a cube ({placed} of 6 placed).",
                                                      space=space_name(fr["sid"]), placed=fr["placed"]),
                                           choices, self.name), MAX_DEPLOY - fr["placed"])

    def refuse(self, state, fr, cid):
        if cid.split(":")[0] == "sepoy" and not data(state.action)["paid"].get(fr["sid"], False):
            reason = (cannot_pay_text(state, fr["sid"], fr["cost"]) if not can_pay(state, fr["cost"])
                      else "the Raj chose Troops only")
            return templated("error.why", f"Sepoys were not paid for in {space_name(fr['sid'])}: Troops only "
                             f"({reason}).", numbers=True)
        return None

    def apply(self, state, fr, cid):
        if cid == "done":
            return
        if at_least(state, 5):
            before = {c.id for c in self._choices(state, fr)}
            placed = fr["placed"]
            for part, n in cube_parts(cid):
                for _ in range(n):
                    self._place(state, fr["sid"], part)
                placed += n
            # the last Available cube of a kind placed: that kind may now come from the map (1.4.1)
            if placed < MAX_DEPLOY and {c.id for c in self._choices(state, fr)} - before:
                push(state, dict(fr, placed=placed))
            return
        self._place(state, fr["sid"], cid)
        placed = fr["placed"] + 1
        if placed < MAX_DEPLOY and self._choices(state, fr):
            push(state, dict(fr, placed=placed))

    @staticmethod
    def _place(state, sid, cid):
        """One cube into ``sid``: ``troop``/``sepoy`` from Available, or
        ``<kind>:<space>`` from the map (3.2.1)."""
        if ":" in cid:
            kind, src = cid.split(":")
            board.move(state, src, sid, kind, 1)
            log(state, "log.raj_deploy_move", "Deploy: a {kind} from {src} to {space}.", actor="raj",
                kind=kind, src=src, space=sid)
        else:
            kind = cid
            board.place(state, sid, kind, 1)
            log(state, "log.raj_deploy", "Deploy: a {kind} placed in {space}.", actor="raj", kind=kind, space=sid)


@register
class DeployOutOfPlay(CubesInOneAnswer, Step):
    """After Deploy: move up to 2 cubes Out of Play -> Available (3.2.1)."""

    name = "raj.deploy.oop"

    def decision(self, state, fr):
        left = DEPLOY_OOP - fr["moved"]
        choices = [Choice(k, msg(f"choice.raj_oop_{k}", "Move a {kind} from Out of Play to Available",
                                 kind=KIND_NAME[k]), most=max(1, min(left, state.out_of_play[k])),
                          label_n=msg("choice.raj_oop_n", "{kind}: move {n} from Out of Play to Available",
                                      kind=KIND_NAME[k], n=1))
                   for k in ("troop", "sepoy") if state.out_of_play.get(k, 0)]
        choices.append(done_choice("Move no more cubes"))
        return self.shaped(state, Decision("raj", msg("prompt.raj_deploy_oop",
                                                      "Deploy: move up to {n} more cube(s) from Out of Play to "
                                                      "Available.", n=left), choices, self.name), left)

    def apply(self, state, fr, cid):
        if cid == "done":
            return
        if at_least(state, 5):
            for kind, n in cube_parts(cid):
                for _ in range(n):
                    self._one(state, kind)
            return
        self._one(state, cid)
        moved = fr["moved"] + 1
        if moved < DEPLOY_OOP and (state.out_of_play.get("troop", 0) or state.out_of_play.get("sepoy", 0)):
            push(state, dict(fr, moved=moved))

    @staticmethod
    def _one(state, cid):
        board.transfer(state, cid, 1, "out_of_play", "available")
        log(state, "log.raj_deploy_oop", "Deploy: a {kind} moves from Out of Play to Available.", actor="raj",
            kind=cid)


# --------------------------------------------------------------------------
# Garrison (3.2.2)
# --------------------------------------------------------------------------

def garrison_moves(state: GandhiState, ctx: dict[str, Any], dest: str,
                   reaches: list[tuple[str, list[str], set[str]]] | None = None) -> list[tuple[str, str]]:
    """(kind, origin) pairs that may Garrison into ``dest`` now. Sepoys only
    if paid already or affordable (the single payment is made on the first
    Sepoy moved). ``reaches``: a :func:`garrison_reaches` of this very
    state, to reuse over several destinations."""
    out = []
    for origin, kinds, reach in reaches if reaches is not None else garrison_reaches(state, ctx):
        if origin != dest and dest in reach:
            out += [(k, origin) for k in kinds]
    return out


def garrison_reaches(state: GandhiState, ctx: dict[str, Any]) -> list[tuple[str, list[str], set[str]]]:
    """``(origin, kinds, reach)`` for each space (in board order) with cubes
    that may Garrison now: the kinds that may move from there (Sepoys only
    if paid already or affordable) and :func:`garrison_reach`. Computed once
    for all the destinations of a set (issue 21: speed)."""
    cost = sepoy_cost(state, ctx, "garrison", False)
    sepoys_ok = data(ctx).get("garrison_paid") or can_pay(state, cost)
    gc = garrison_context(state)
    out = []
    for origin in state.spaces:
        kinds = [k for k in ("troop", "sepoy") if movable(state, ctx, origin, k) and (k == "troop" or sepoys_ok)]
        if kinds:
            out.append((origin, kinds, garrison_reach(state, origin, gc)))
    return out


@operation
class Garrison(Operation):
    """Garrison (3.2.2): destinations are Railways, Cities and Raj-Controlled
    spaces (aid sheet). Cubes from non-Protest spaces move along a chain of
    adjacent Railways/Cities, stopping at Active adversaries, finally if desired
    into an adjacent Raj-Controlled space. Troops are free; moving any Sepoys
    costs Restraint once per Operation (Reading: free). Limited: one
    destination (2.3.5). Then on each Railway the Raj activates 1 Guerrilla per
    cube (Sepoys only if paid) — docs/rulings/raj.md R-3.2.2."""

    def joins_spaces(self, state, ctx):
        """Ruleset 5: its destinations chosen several at once, the cubes for
        each then asked in the order given (issue 14)."""
        return at_least(state, 5)

    name = "garrison"
    faction = "raj"
    label = "Garrison"
    rule = "3.2.2"

    @staticmethod
    def _dest_type_ok(state, sid, control: set[str] | None = None):
        """``control``: the Raj-Controlled spaces of a :func:`garrison_context` of this very state."""
        t = get_data().map.spaces[sid].type
        return t in ("railway", "city") or (sid in control if control is not None else dv.raj_control(state, sid))

    def _reaches(self, state, ctx, gc):
        """The :func:`garrison_reach` of each space with a cube that may
        Garrison now (Sepoys only if paid or affordable), one after the other."""
        sepoys_ok = data(ctx).get("garrison_paid") or can_pay(state, sepoy_cost(state, ctx, self.name, False))
        for origin in state.spaces:
            if any(movable(state, ctx, origin, k) and (k == "troop" or sepoys_ok) for k in ("troop", "sepoy")):
                yield garrison_reach(state, origin, gc)

    def _dest_ok(self, state, ctx, sid, gc) -> bool:
        return sid not in ctx["spaces"] and self._dest_type_ok(state, sid, gc["control"])

    def selectable(self, state, ctx):
        gc = garrison_context(state)
        dests: set[str] = set().union(*self._reaches(state, ctx, gc))
        return sorted(s for s in dests if self._dest_ok(state, ctx, s, gc))

    def can_start(self, state, ctx):
        """:meth:`selectable` is not empty, stopped at the first destination found (issue 21: speed)."""
        gc = garrison_context(state)
        return any(any(self._dest_ok(state, ctx, s, gc) for s in reach) for reach in self._reaches(state, ctx, gc))

    def may_choose(self, state, ctx, sid):
        """``sid`` is in :meth:`selectable`, stopped at the first cube that reaches it (issue 21: speed)."""
        gc = garrison_context(state)
        return self._dest_ok(state, ctx, sid, gc) and any(sid in reach for reach in self._reaches(state, ctx, gc))

    def why_not(self, state, ctx, sid):
        if not self._dest_type_ok(state, sid):
            return (f"{space_name(sid)} is not a Railway, City or Raj-Controlled space: "
                    f"Garrison cannot end there (3.2.2)")
        return f"no cube can Garrison into {space_name(sid)} (3.2.2)"

    def select(self, state, ctx, sid):
        if at_least(state, 6):
            return [frame("raj.set.gather", sid=sid, moves="raj.garrison.moves")]
        return [frame("raj.garrison.move", sid=sid, moved=0)]

    def finish(self, state, ctx):
        return [frame("raj.garrison.activate")]


@register
class GarrisonMove(CubesInOneAnswer, Step):
    """Move the next cube into a Garrison destination. Choices
    ``troop:<origin>``, ``sepoy:<origin>``, ``done``. The first Sepoy moved
    pays Restraint for the whole Garrison (3.2.2)."""

    name = "raj.garrison.move"

    def decision(self, state, fr):
        ctx = state.action
        cost = sepoy_cost(state, ctx, "garrison", False)
        choices = []
        for kind, origin in garrison_moves(state, ctx, fr["sid"]):
            text = "Move a {kind} from {origin}"
            if kind == "sepoy" and not data(ctx).get("garrison_paid") and cost:
                text += " (pays {cost} Resources for the Garrison's Sepoys)"
            key = "choice.raj_move_paying" if text.endswith("Sepoys)") else "choice.raj_move"
            choices.append(move_choice(f"{kind}:{origin}", text, kind, origin, movable(state, ctx, origin, kind),
                                       key=key, cost=cost))
        choices.append(done_choice("Move no more cubes here"))
        return self.shaped(state, Decision("raj", msg("prompt.raj_garrison",
                                                      "Garrison into {space}: move a cube ({moved} moved).",
                                                      space=space_name(fr["sid"]), moved=fr["moved"]),
                                           choices, self.name))

    def refuse(self, state, fr, cid):
        ctx = state.action
        kind, _, origin = cid.partition(":")
        cost = sepoy_cost(state, ctx, "garrison", False)
        if kind == "sepoy" and not data(ctx).get("garrison_paid") and not can_pay(state, cost):
            return templated("error.why", cannot_pay_text(state, None, cost), numbers=True)
        if origin in state.spaces and state.spaces[origin].protest:
            return msg("error.protest_lock", "Cubes may not leave {space}: it has a Protest (3.2).",
                       space=space_name(origin))
        return None

    def apply(self, state, fr, cid):
        if cid == "done":
            return
        if at_least(state, 5):
            for part, n in cube_parts(cid):
                for _ in range(n):
                    self._move(state, fr, part)
            return
        self._move(state, fr, cid)
        if garrison_moves(state, state.action, fr["sid"]):
            push(state, dict(fr, moved=fr["moved"] + 1))

    @staticmethod
    def _move(state, fr, cid):
        """One cube into the destination; the first Sepoy pays for all (3.2.2)."""
        ctx = state.action
        kind, origin = cid.split(":")
        if kind == "sepoy" and not data(ctx).get("garrison_paid"):
            cost = sepoy_cost(state, ctx, "garrison", False)
            board.add_resources(state, "raj", -cost)
            data(ctx)["garrison_paid"] = True
            log(state, "log.raj_pays_garrison", "The Raj pays {cost} Resources to Garrison with Sepoys.",
                actor="raj", cost=cost, space=fr["sid"])
        move_cube(state, ctx, origin, fr["sid"], kind)
        log(state, "log.raj_garrison_move", "Garrison: a {kind} from {origin} to {space}.", actor="raj",
            kind=kind, origin=origin, space=fr["sid"])


@register
class GarrisonActivate(Step):
    """End of Garrison: on each Railway activate 1 Underground Guerrilla per
    cube there, Sepoys counted only if the Raj paid (aid sheet 3.2.2; JA 3.2.2)."""

    name = "raj.garrison.activate"
    auto = True

    def run(self, state, fr):
        ctx = state.action
        paid = bool(data(ctx).get("garrison_paid")) or sepoy_cost(state, ctx, "garrison", False) == 0
        for r in get_data().map.railways:
            k = pieces(state, r, "troop") + (pieces(state, r, "sepoy") if paid else 0)
            done = board.activate_guerrillas(state, r, k) if k else 0
            if done:
                log(state, "log.raj_activate_rail", "{n} Guerrilla(s) activated on {space}.", actor="raj", n=done,
                    space=r)


# --------------------------------------------------------------------------
# Sweep (3.2.3)
# --------------------------------------------------------------------------

def sweep_moves(state: GandhiState, ctx: dict[str, Any], dest: str, sepoys: bool) -> list[tuple[str, str]]:
    """(kind, origin) pairs that may Sweep into ``dest`` now (3.2.3)."""
    out = []
    troops = troops_may_enter(state, dest)
    for origin in sweep_origins(state, dest):
        if troops and movable(state, ctx, origin, "troop"):
            out.append(("troop", origin))
        if sepoys and movable(state, ctx, origin, "sepoy"):
            out.append(("sepoy", origin))
    return out


def sweep_movers(state: GandhiState, ctx: dict[str, Any]) -> dict[str, frozenset[str]]:
    """{kind: the spaces some cube of that kind may Sweep into now, Troops
    only where they may enter}, computed once for a scan over destinations
    (issue 21: speed): from each space whose cubes may still move
    (:func:`movable`), its :func:`sweep_origins` read the other way round
    (adjacency is symmetric: an origin next to the destination, or next to
    a sweepable Railway next to it)."""
    rails = sweep_rails(state)
    adj = get_data().map.adjacent
    out = {}
    for k in ("troop", "sepoy"):
        into: set[str] = set()
        for o, sp in state.spaces.items():
            if sp.pieces.get(k) and movable(state, ctx, o, k):
                reach = set(adj[o])
                for r in adj[o] & rails:
                    reach |= adj[r]
                reach.discard(o)
                into |= reach
        out[k] = frozenset(d for d in into if k != "troop" or troops_may_enter(state, d))
    return out


def sweep_can_move(state: GandhiState, ctx: dict[str, Any], dest: str, kinds: tuple[str, ...],
                   movers: dict[str, frozenset[str]] | None = None) -> bool:
    """Some cube of ``kinds`` may Sweep into ``dest`` now: :func:`sweep_moves`
    is not empty for those kinds, stopped at the first (issue 21: speed).
    ``movers``: a :func:`sweep_movers` of this very state, to reuse."""
    if movers is not None:
        return any(dest in movers[k] for k in kinds)
    if "troop" in kinds and not troops_may_enter(state, dest):
        kinds = tuple(k for k in kinds if k != "troop")
    return any(movable(state, ctx, o, k) for o in _sweep_origin_set(state, dest) for k in kinds)


def sweep_can_use(state: GandhiState, ctx: dict[str, Any], dest: str, cost: int,
                  movers: dict[str, frozenset[str]] | None = None) -> bool:
    """Something can Sweep in ``dest``: Troops there or able to come, or Sepoys
    (there or able to come) the Raj can pay for. ``movers``: as
    :func:`sweep_can_move`."""
    if pieces(state, dest, "troop") or sweep_can_move(state, ctx, dest, ("troop",), movers):
        return True
    return can_pay(state, cost) and bool(pieces(state, dest, "sepoy")
                                         or sweep_can_move(state, ctx, dest, ("sepoy",), movers))


def sweep_sepoys_relevant(state: GandhiState, ctx: dict[str, Any], dest: str) -> bool:
    return bool(pieces(state, dest, "sepoy")) or sweep_can_move(state, ctx, dest, ("sepoy",))


@operation
class Sweep(SepoysInTheSpaceChoice, Operation):
    """Sweep (3.2.3): destinations are Cities, Provinces and States (not
    Railways). Per destination the Raj pays Restraint to use Sepoys (moving in
    or Sweeping in place; Irwin 1, Reading first space free). Cubes not in
    Protest spaces move in from adjacent spaces, possibly first stepping onto an
    adjacent Railway without Strike, Activists or Active Guerrillas; Troops never
    into States; no cube ends on a Railway. Then, in each destination, 1
    Guerrilla is activated per cube there (Sepoys only if paid). Limited: one
    destination."""

    def joins_spaces(self, state, ctx):
        """Ruleset 5: its destinations chosen several at once, the cubes for
        each then asked in the order given (issue 14)."""
        return at_least(state, 5)

    name = "sweep"
    faction = "raj"
    label = "Sweep"
    rule = "3.2.3"

    def sepoys_relevant(self, state, ctx, sid):
        return sweep_sepoys_relevant(state, ctx, sid)

    def _ok(self, state, ctx, sid, movers=None) -> bool:
        cost = sepoy_cost(state, ctx, self.name, not ctx["spaces"])
        return sid not in ctx["spaces"] and sweep_can_use(state, ctx, sid, cost, movers)

    def selectable(self, state, ctx):
        movers = sweep_movers(state, ctx)
        return [s for s in get_data().map.non_railway if self._ok(state, ctx, s, movers)]

    def can_start(self, state, ctx):
        """:meth:`selectable` is not empty, stopped at the first destination found (issue 21: speed)."""
        movers = sweep_movers(state, ctx)
        return any(self._ok(state, ctx, s, movers) for s in get_data().map.non_railway)

    def may_choose(self, state, ctx, sid):
        """``sid`` is in :meth:`selectable`, judged alone (issue 21: speed)."""
        return sid in get_data().map.non_railway and self._ok(state, ctx, sid)

    def why_not(self, state, ctx, sid):
        if dv.is_railway(sid):
            return f"{space_name(sid)} is a Railway: Sweep destinations are Cities, Provinces and States (3.2.3)"
        cost = sepoy_cost(state, ctx, self.name, not ctx["spaces"])
        if dv.is_state(state, sid) and not can_pay(state, cost):
            return (f"{space_name(sid)} is a State, where Troops never go, and "
                    f"{cannot_pay_text(state, sid, cost)}")
        if not can_pay(state, cost) and (pieces(state, sid, "sepoy")
                                         or sweep_can_move(state, ctx, sid, ("troop", "sepoy"))):
            return f"no Troop can Sweep in {space_name(sid)} and {cannot_pay_text(state, sid, cost)}"
        return f"no cube can Sweep in {space_name(sid)} (3.2.3)"

    def select(self, state, ctx, sid):
        cost = sepoy_cost(state, ctx, self.name, len(ctx["spaces"]) == 1)
        then = frame("raj.sweep.move", sid=sid, moved=0, wavell=False)
        if at_least(state, 6):
            then = frame("raj.set.gather", sid=sid, moves="raj.sweep.moves")
        return ask_sepoys(state, ctx, sid, self.name, cost, sweep_sepoys_relevant(state, ctx, sid), then)

    def finish(self, state, ctx):
        return [frame("raj.sweep.activate", spaces=list(ctx["spaces"]))]


@register
class SweepMove(CubesInOneAnswer, Step):
    """Move the next cube into a Sweep destination. Choices ``troop:<origin>``,
    ``sepoy:<origin>`` (only if Sepoys are used there), ``done``. With
    ``wavell`` the Sweep is Wavell's free Limited Sweep (3.2.4) and activates
    on ``done``."""

    name = "raj.sweep.move"

    def _moves(self, state, fr):
        ctx = state.action
        sepoys = fr["wavell"] or data(ctx)["paid"].get(fr["sid"], False)
        return sweep_moves(state, ctx, fr["sid"], sepoys)

    def decision(self, state, fr):
        ctx = state.action
        choices = [move_choice(f"{k}:{o}", "Move a {kind} from {origin}", k, o, movable(state, ctx, o, k))
                   for k, o in self._moves(state, fr)]
        choices.append(done_choice("Move no more cubes here"))
        return self.shaped(state, Decision("raj", msg("prompt.raj_sweep",
                                                      "Sweep into {space}: move a cube ({moved} moved).",
                                                      space=space_name(fr["sid"]), moved=fr["moved"]),
                                           choices, self.name))

    def refuse(self, state, fr, cid):
        kind, _, origin = cid.partition(":")
        if kind == "troop" and dv.is_state(state, fr["sid"]):
            return msg("error.troops_states", "Troops never enter States ({space}) (1.4.2).",
                       space=space_name(fr["sid"]))
        if kind == "sepoy" and not fr["wavell"] and not data(state.action)["paid"].get(fr["sid"], False):
            return msg("error.raj_sepoys_unused", "Sepoys are not used in {space}: Troops only.",
                       space=space_name(fr["sid"]))
        if origin in state.spaces and state.spaces[origin].protest:
            return msg("error.protest_lock", "Cubes may not leave {space}: it has a Protest (3.2).",
                       space=space_name(origin))
        return None

    def apply(self, state, fr, cid):
        if cid != "done" and at_least(state, 5):
            for part, n in cube_parts(cid):
                for _ in range(n):
                    self._move(state, fr, part)
        elif cid != "done":
            self._move(state, fr, cid)
            if self._moves(state, fr):
                push(state, dict(fr, moved=fr["moved"] + 1))
                return
        if fr["wavell"]:
            sweep_activate(state, fr["sid"], True)

    @staticmethod
    def _move(state, fr, cid):
        kind, origin = cid.split(":")
        move_cube(state, state.action, origin, fr["sid"], kind)
        log(state, "log.raj_sweep_move", "Sweep: a {kind} from {origin} to {space}.", actor="raj",
            kind=kind, origin=origin, space=fr["sid"])


# --------------------------------------------------------------------------
# Ruleset 6: the cubes into all the destinations of a set, one answer
# --------------------------------------------------------------------------

#: separates a move's origin from its destination in a choice id ("troop:delhi>agra")
INTO = ">"


@register
class GatherSet(Step):
    """Ruleset 6 (issue 14): a Sweep or Garrison destination of the set just
    chosen is remembered (``ctx["data"]["set"]``); after the set's last one
    (op.loop below has no further space of the set queued) the cubes into
    all of them are asked as one answer (``fr["moves"]``: the step)."""

    name = "raj.set.gather"
    auto = True

    def run(self, state, fr):
        from ...coin.actions import op_of, queued_space

        ctx = state.action
        dests = data(ctx).setdefault("set", [])
        dests.append(fr["sid"])
        below = state.stack[-1] if state.stack else {}
        if below.get("step") == "op.loop" and queued_space(state, ctx, op_of(state, ctx), below) not in (None, "done"):
            return  # the set goes on: its next destination is gathered too
        data(ctx)["set"] = []
        then = []
        if fr["moves"] == "raj.sweep.moves" and at_least(state, 7):
            # ruleset 7 (issue 32): each destination's Sweep (move, then Activate, 3.2.3) is complete
            # before a Special Activity may come between spaces (docs/rulings/raj.md R-3.2.3-activate)
            then = [frame("raj.sweep.activate", spaces=dests, now=True)]
        push(state, frame(fr["moves"], dests=dests), *then)


class CubesIntoTheSet(CubesInOneAnswer, Step, abc.ABC):
    """Ruleset 6 (issue 14): the cubes moving into all the destinations of a
    Sweep or Garrison set, one answer: choices ``"<kind>:<origin>><dest>"``
    (``INTO``), each a count within the cubes that may still leave that
    origin, shared between the destinations (a budget per origin and kind),
    joined ("troop:delhi>agra*2+sepoy:agra>bihar"), or "done". The rules
    are the per-destination step's own (:attr:`one`): a joined answer is
    judged by applying it part by part on a copy with that step's moves and
    refusals, and applied with its ``_move`` destination after destination in
    the set's order."""

    one: type[Step]
    prompt: tuple[str, str] = ("", "")

    def dest_frame(self, sid: str) -> Frame:
        return frame(self.one.name, sid=sid, moved=0, wavell=False)

    @abc.abstractmethod
    def moves(self, state, sid) -> list[tuple[str, str]]:
        """The (kind, origin) pairs that may move into ``sid`` now, by the
        Operation's own rule (3.2.2 Garrison, 3.2.3 Sweep)."""

    def choice(self, state, kind: str, origin: str, dest: str, named: bool = True) -> Choice:
        """``named`` False: the id without its destination (the only one)."""
        most = movable(state, state.action, origin, kind)
        c = move_choice(f"{kind}:{origin}{INTO}{dest}" if named else f"{kind}:{origin}", "Move a {kind} from {origin} to {space}", kind, origin,
                        most, key="choice.raj_move_to", space=space_name(dest))
        return dataclasses.replace(c, label_n=msg("choice.raj_move_to_n", "{kind}: move {n} from {origin} to {space}",
                                                   kind=KIND_NAME[kind], origin=space_name(origin), n=most,
                                                   space=space_name(dest)),
                                   pools=(f"{kind}:{origin}",))

    def _all_moves(self, state, fr) -> list[tuple[str, str, str]]:
        return [(k, o, d) for d in fr["dests"] for k, o in self.moves(state, d)]

    def _only(self, state, fr, moves: list[tuple[str, str, str]] | None = None) -> str | None:
        """The one destination any cube may move into, if only one: its
        choices keep today's ids ("troop:delhi"), as a single destination's.
        ``moves``: :meth:`_all_moves`, when the caller has them."""
        into = {d for _, _, d in (self._all_moves(state, fr) if moves is None else moves)}
        return into.pop() if len(into) == 1 else None

    def decision(self, state, fr):
        moves = self._all_moves(state, fr)
        only = self._only(state, fr, moves)
        choices = [self.choice(state, k, o, d, d != only) for k, o, d in moves]
        budgets = {c.pools[0]: c.most for c in choices}
        many = len(choices) if len(choices) > 1 else 1
        choices = [dataclasses.replace(c, joins=many > 1) for c in choices]
        choices.append(done_choice("Move no more cubes"))
        key, text = self.prompt
        return Decision("raj", msg(key, text, spaces=", ".join(space_name(d) for d in fr["dests"])),
                        choices, self.name, many=many, budgets=budgets if many > 1 else {})

    def _parts(self, state, fr, cid: str) -> list[tuple[str, str, int]]:
        """``"troop:delhi>agra*2+sepoy:x>y"`` -> ``[("troop:delhi", "agra", 2), ("sepoy:x", "y", 1)]``;
        a part without a destination goes to the only one (:meth:`_only`)."""
        only = None if INTO in cid else self._only(state, fr)
        out = []
        for part, n in cube_parts(cid):
            move, _, dest = part.partition(INTO)
            out.append((move, dest or only, n))
        return out

    def _grouped(self, state, fr, cid):
        """The parts of ``cid`` destination by destination, in the set's order."""
        parts = self._parts(state, fr, cid)
        return [(d, [(m, n) for m, dd, n in parts if dd == d]) for d in fr["dests"]]

    def refuse(self, state, fr, cid):
        one = self.one()
        for move, dest, _ in self._parts(state, fr, cid):
            if dest in fr["dests"]:
                why = one.refuse(state, self.dest_frame(dest), move)
                if why is not None:
                    return why
        return None

    def check_joined(self, state, fr, cid):
        from ...core.engine import scratch

        work = scratch(state)
        one = self.one()
        for dest, parts in self._grouped(state, fr, cid):
            df = self.dest_frame(dest)
            for move, n in parts:
                for _ in range(n):
                    why = one.refuse(work, df, move)
                    # the per-destination step offers exactly these moves (its decision's choices)
                    if why is None and move not in {f"{k}:{o}" for k, o in self.moves(work, dest)}:
                        why = msg("error.raj_no_move", "No more cubes may move from {origin} to {space} (3.1.2, 3.2).",
                                  origin=space_name(move.partition(":")[2]), space=space_name(dest))
                    if why is not None:
                        return why
                    one._move(work, df, move)
        return None

    def apply(self, state, fr, cid):
        if cid == "done":
            return
        for dest, parts in self._grouped(state, fr, cid):
            for move, n in parts:
                for _ in range(n):
                    self.one._move(state, self.dest_frame(dest), move)


@register
class SweepMoves(CubesIntoTheSet):
    """Ruleset 6: the cubes Sweeping into the set's destinations, one answer (3.2.3)."""

    name = "raj.sweep.moves"
    one = SweepMove
    prompt = ("prompt.raj_sweep_set", "Sweep into {spaces}: which cubes move in?")

    def moves(self, state, sid):
        return SweepMove()._moves(state, self.dest_frame(sid))


@register
class GarrisonMoves(CubesIntoTheSet):
    """Ruleset 6: the cubes Garrisoning into the set's destinations, one answer;
    the first Sepoy pays for the whole Garrison (3.2.2)."""

    name = "raj.garrison.moves"
    one = GarrisonMove
    prompt = ("prompt.raj_garrison_set", "Garrison into {spaces}: which cubes move in?")

    def moves(self, state, sid):
        return garrison_moves(state, state.action, sid)

    def _all_moves(self, state, fr):
        reaches = garrison_reaches(state, state.action)  # once for all the destinations (issue 21: speed)
        return [(k, o, d) for d in fr["dests"] for k, o in garrison_moves(state, state.action, d, reaches)]

    def choice(self, state, kind, origin, dest, named=True):
        c = super().choice(state, kind, origin, dest, named)
        cost = sepoy_cost(state, state.action, "garrison", False)
        if kind == "sepoy" and not data(state.action).get("garrison_paid") and cost:
            c = dataclasses.replace(c, label=msg("choice.raj_move_to_paying",
                                                 "Move a {kind} from {origin} to {space} (pays {cost} Resources "
                                                 "for the Garrison's Sepoys)", kind=KIND_NAME[kind],
                                                 origin=space_name(origin), space=space_name(dest), cost=cost))
        return c


def sweep_activate(state: GandhiState, sid: str, paid: bool) -> int:
    """Activate 1 Underground Guerrilla per cube in ``sid`` (Sepoys only if
    ``paid``) (3.2.3)."""
    k = pieces(state, sid, "troop") + (pieces(state, sid, "sepoy") if paid else 0)
    done = board.activate_guerrillas(state, sid, k) if k else 0
    if done:
        log(state, "log.raj_activate", "{n} Guerrilla(s) activated in {space}.", actor="raj", n=done, space=sid)
    return done


@register
class SweepActivate(Step):
    """End of Sweep: activation in every destination (3.2.3)."""

    name = "raj.sweep.activate"
    auto = True

    def run(self, state, fr):
        paid = data(state.action)["paid"]
        swept = data(state.action).setdefault("swept", []) if fr.get("now") else data(state.action).get("swept", [])
        for sid in fr["spaces"]:
            if sid in swept and not fr.get("now"):
                continue  # activated with its moves (ruleset 7)
            sweep_activate(state, sid, paid.get(sid, False))
            if fr.get("now"):
                swept.append(sid)


# --------------------------------------------------------------------------
# Assault (3.2.4)
# --------------------------------------------------------------------------

def wavell_open(state: GandhiState, ctx: dict[str, Any]) -> bool:
    """Lord Wavell's free Limited Sweep is still to be used in this Assault."""
    return viceroy(state) == "wavell" and not data(ctx).get("wavell")


def wavell_can_sweep(state: GandhiState, ctx: dict[str, Any], sid: str,
                     movers: dict[str, frozenset[str]] | None = None) -> bool:
    """Wavell's Sweep into ``sid`` is possible now: unused, a Sweep
    destination (not a Railway), and some cube can move in (3.2.3, 3.2.4).
    ``movers``: as :func:`sweep_can_move`."""
    return (wavell_open(state, ctx) and not dv.is_railway(sid)
            and sweep_can_move(state, ctx, sid, ("troop", "sepoy"), movers))


def wavell_start(state: GandhiState, sid: str) -> list[Frame]:
    """Begin Wavell's free Limited Sweep into ``sid`` (3.2.4)."""
    data(state.action)["wavell"] = True
    log(state, "log.raj_wavell", "Lord Wavell: free Limited Sweep into {space}.", actor="raj", space=sid)
    return [frame("raj.sweep.move", sid=sid, moved=0, wavell=True)]


@operation
class Assault(SepoysInTheSpaceChoice, Operation):
    """Assault (3.2.4): any space with Raj cubes. Per space the Raj uses Troops
    only (free) or also Sepoys (Restraint; Chelmsford 1; Reading first space
    free). Removals: 1 per cube if Troops are used, else 1 per 2 Sepoys
    (rounded down); see :class:`Remove` for targets, Bases last, NV to Prison
    and Gandhi. With Lord Wavell the Raj may first make one free Limited Sweep
    (Troops and Sepoys) into a space selected for Assault."""

    together = True  # independent spaces: chosen several at once under ruleset 4 (issue 14)

    name = "assault"
    faction = "raj"
    label = "Assault"
    rule = "3.2.4"

    def sepoys_relevant(self, state, ctx, sid):
        return bool(pieces(state, sid, "sepoy"))

    def _usable(self, state, ctx, sid, cost, movers=None) -> bool:
        if pieces(state, sid, "troop"):
            return True
        if pieces(state, sid, "sepoy") >= 1 and can_pay(state, cost):
            return True
        return wavell_can_sweep(state, ctx, sid, movers)

    def _ok(self, state, ctx, sid, movers=None) -> bool:
        cost = sepoy_cost(state, ctx, self.name, not ctx["spaces"])
        return sid not in ctx["spaces"] and self._usable(state, ctx, sid, cost, movers)

    def selectable(self, state, ctx):
        movers = sweep_movers(state, ctx) if wavell_open(state, ctx) else None  # once for all spaces (issue 21)
        return [s for s in state.spaces if self._ok(state, ctx, s, movers)]

    def can_start(self, state, ctx):
        """:meth:`selectable` is not empty, stopped at the first space found (issue 21: speed)."""
        return any(self._ok(state, ctx, s) for s in state.spaces)

    def may_choose(self, state, ctx, sid):
        """``sid`` is in :meth:`selectable`, judged alone (issue 21: speed)."""
        return sid in state.spaces and self._ok(state, ctx, sid)

    def why_not(self, state, ctx, sid):
        if sid.startswith("wavell:"):
            where = sid.split(":", 1)[1]
            if viceroy(state) != "wavell":
                return "only with Lord Wavell as Viceroy may the Raj make a free Sweep during an Assault (3.2.4)"
            if not wavell_open(state, ctx):
                return "Lord Wavell's free Limited Sweep was already made in this Assault (3.2.4)"
            if where not in ctx["spaces"]:
                return "Lord Wavell's free Sweep goes into a space already selected for the Assault (3.2.4)"
            return f"no cube can Sweep into {space_name(where)} (3.2.3)"
        cost = sepoy_cost(state, ctx, self.name, not ctx["spaces"])
        if pieces(state, sid, "sepoy") and not can_pay(state, cost):
            return f"{space_name(sid)} has only Sepoys and {cannot_pay_text(state, sid, cost)}"
        return f"{space_name(sid)} has no Raj cubes to Assault with (3.2.4)"

    def space_choices(self, state, ctx, sid):
        """Ruleset 5 (issue 14a): with Lord Wavell, the free Limited Sweep
        into the space before Assaulting there (3.2.4) is part of the space
        choice -- ``<space>:wavell`` (Troops only), ``<space>:wavell_sepoy``
        (Sepoys too, paying 3.2's price, when the Raj can) -- instead of a
        question after it."""
        plain = super().space_choices(state, ctx, sid)
        if not at_least(state, 5) or not wavell_can_sweep(state, ctx, sid):
            return plain
        out = plain + [simple(f"{sid}:wavell", "choice.space_wavell", "{space}: Lord Wavell's free Limited Sweep "
                              "first", space=space_name(sid))]
        cost = sepoy_cost(state, ctx, self.name, not ctx["spaces"])
        if can_pay(state, cost):
            out.append(simple(f"{sid}:wavell_sepoy", "choice.space_wavell_sepoys",
                              "{space}: Lord Wavell's free Limited Sweep first, then Sepoys too ({cost} Resources)",
                              space=space_name(sid), cost=cost))
        return out

    def choose_variant(self, state, ctx, sid, variant):
        if at_least(state, 5) and variant in ("wavell", "wavell_sepoy"):
            data(ctx).setdefault("sepoys", {})[sid] = variant == "wavell_sepoy"
            data(ctx).setdefault("wavell_first", []).append(sid)
            return
        super().choose_variant(state, ctx, sid, variant)

    def select(self, state, ctx, sid):
        cost = sepoy_cost(state, ctx, self.name, len(ctx["spaces"]) == 1)
        out = []
        if at_least(state, 5):
            if sid in data(ctx).get("wavell_first", []) and wavell_can_sweep(state, ctx, sid):
                out += wavell_start(state, sid)
        elif wavell_can_sweep(state, ctx, sid):
            out.append(frame("raj.wavell.offer", sid=sid))
        out.append(frame("raj.assault.start", sid=sid, cost=cost))
        return out

    def extra_choices(self, state, ctx):
        """Lord Wavell: the free Limited Sweep may be made "at any time during
        the Assault" (3.2.4) into a space already selected for it:
        ``wavell:<space>`` in the Operation loop."""
        return [simple(f"wavell:{s}", "choice.raj_wavell_sweep_into", "Lord Wavell: free Limited Sweep into {space}",
                       space=space_name(s)) for s in ctx["spaces"] if wavell_can_sweep(state, ctx, s)]

    def extra(self, state, ctx, cid):
        sid = cid.split(":", 1)[1]
        if not wavell_can_sweep(state, ctx, sid):  # pragma: no cover - only offered ids reach here
            return []
        return wavell_start(state, sid)


@register
class WavellOffer(Step):
    """Lord Wavell (3.2.4): a free Limited Sweep into this Assault space first?"""

    name = "raj.wavell.offer"

    def decision(self, state, fr):
        return Decision("raj", msg("prompt.raj_wavell", "Lord Wavell: make the free Limited Sweep into {space} "
                                   "before Assaulting there?", space=space_name(fr["sid"])),
                        [simple("sweep", "choice.raj_wavell_sweep", "Free Limited Sweep into {space}",
                                space=space_name(fr["sid"])),
                         simple("no", "choice.raj_wavell_no", "No Sweep here")], self.name)

    def apply(self, state, fr, cid):
        if cid == "sweep":
            push(state, *wavell_start(state, fr["sid"]))


@register
class AssaultStart(Step):
    """Decide Sepoy use in an Assault space, then resolve (3.2.4)."""

    name = "raj.assault.start"
    auto = True

    def run(self, state, fr):
        sid = fr["sid"]
        then = frame("raj.assault.resolve", sid=sid)
        push(state, *ask_sepoys(state, state.action, sid, "assault", fr["cost"],
                                bool(pieces(state, sid, "sepoy")), then))


def assault_removals(troops: int, sepoys: int) -> int:
    """Pieces an Assault removes (3.2.4): 1 per cube if Troops are used, else
    1 per 2 Sepoys (rounded down)."""
    if troops:
        return troops + sepoys
    return sepoys // 2


def assault_targets(state: GandhiState, sid: str) -> int:
    """How many pieces an Assault in ``sid`` could take at most: Active
    Guerrillas, Gandhi, Active Activists, and the Bases that "Bases last"
    leaves reachable (3.2.4)."""
    sp = state.spaces[sid]
    k = pieces(state, sid, "guerrilla_active") + pieces(state, sid, "gandhi")
    if not pieces(state, sid, "guerrilla_underground"):
        k += pieces(state, sid, "rev_base")          # Bases last (3.2.4)
    if dv.activists_active(state, sid) or not dv.activists(sp):
        k += dv.activists(sp) + pieces(state, sid, "ml_base")
    return k


@register
class AssaultResolve(Step):
    """Resolve the Assault in one space (3.2.4): every Troop there takes part,
    and every Sepoy when the Raj paid for them (the Sepoy decision is the
    Raj's only say in how many); the removals follow from those cubes. The
    rule's worked example settles it: Chelmsford Assaulting Bihar with 1
    Troop + 3 Sepoys "deve muovere tutti e 4 i pezzi in Prigione"
    (docs/rulings/raj.md R-3.2.4c, retired)."""

    name = "raj.assault.resolve"
    auto = True

    def run(self, state, fr):
        sid = fr["sid"]
        paid = data(state.action)["paid"].get(sid, False)
        troops = pieces(state, sid, "troop")
        sepoys = pieces(state, sid, "sepoy") if paid else 0
        k = assault_removals(troops, sepoys)
        log(state, "log.raj_assault", "Assault in {space}: {troops} Troop(s) and {sepoys} Sepoy(s) remove up to "
            "{n} piece(s).", actor="raj", space=sid, troops=troops, sepoys=sepoys, n=k)
        top = min(k, assault_targets(state, sid))
        if top >= 2 and not at_least(state, 2):  # ruleset 1 asked how many cubes took part
            push(state, frame("raj.assault.cubes", sid=sid, top=top, troops=troops > 0))
            return
        push(state, *removal_frame(state, sid, "assault", k))


@register
class AssaultCubes(Step):
    """Retired (R-3.2.4c): how many cubes took part in an Assault. Asked only
    in games begun under ruleset 1 (:mod:`engine.gandhi.ruleset`), so that
    they replay as they were played. Choice ``"<n>"`` = up to n removals,
    from ``top`` down to 1."""

    name = "raj.assault.cubes"

    def decision(self, state, fr):
        per = "cube" if fr["troops"] else "2 Sepoys"
        choices = [simple(str(n), "choice.raj_assault_cubes", "Use cubes for up to {n} removal(s) (1 per {per})",
                          n=n, per=per) for n in range(fr["top"], 0, -1)]
        return Decision("raj", msg("prompt.raj_assault_cubes",
                                   "Assault in {space}: how many cubes take part (up to {top} removals)?",
                                   space=space_name(fr["sid"]), top=fr["top"]), choices, self.name)

    def refuse(self, state, fr, cid):
        return msg("error.raj_assault_cubes", "Choose a number of removals from 1 to {top}.", top=fr["top"])

    def apply(self, state, fr, cid):
        n = int(cid)
        if n < fr["top"]:
            log(state, "log.raj_assault_fewer", "The Raj uses cubes for {n} removal(s) in {space}.", actor="raj",
                n=n, space=fr["sid"])
        push(state, *removal_frame(state, fr["sid"], "assault", n))
