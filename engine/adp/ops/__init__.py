"""A Distant Plain's Operations (3.x) and Special Activities (4.x) on the
shared COIN Operation / Special Activity loop (engine/coin/actions.py).

Each is declared as data (:class:`OpDef`, :class:`SADef`: where, cost, the
procedure in one space, what follows) and registered as an engine/coin
Operation or Special Activity of the game "adp". The loop (op.choose,
op.loop, sa.loop) is engine/coin's: a space's cost is paid when it is picked
and its procedure runs at once; an Operation with a Special Activity offers
the SAs the aids pair with it (the "+ ..." of each heading, seed L11, L27,
L41, L51, L121-151, L217-251, L319-361) before, during or after it; a Limited
Operation is one space and no SA (reading R3). ``state.action`` is
engine/coin's action context.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ...coin.actions import Operation, SpecialActivity, operations, special_activities
from ...core.steps import Frame
from ..state import AdpState

Where = Callable[[AdpState, dict], list[str]]
Run = Callable[[AdpState, dict, str], list[Frame]]
GAME = "adp"
LABELS = {
    "train": "Train", "patrol": "Patrol", "sweep": "Sweep", "assault": "Assault", "rally": "Rally",
    "march": "March", "attack": "Attack", "terror": "Terror", "surge": "Surge", "air_lift": "Air Lift",
    "air_strike": "Air Strike", "govern": "Govern", "transport": "Transport", "eradicate": "Eradicate",
    "extort": "Extort", "infiltrate": "Infiltrate", "ambush": "Ambush", "cultivate": "Cultivate",
    "traffic": "Traffic", "suborn": "Suborn",
}


@dataclass(frozen=True)
class OpDef:
    """An Operation of one faction (3.2.x COIN, 3.3.x Insurgent)."""

    id: str
    faction: str
    rule: str
    where: Where                     # spaces that may be picked (before cost)
    run: Run                         # the procedure in one picked space
    cost: Callable[[AdpState, dict, str], int] = lambda s, a, sid: 0
    payer: str | None = None         # whose Resources pay (None: nobody)
    sas: tuple[str, ...] = ()
    not_final: bool = False          # "No Carta Finale" (seed L27, L141, L241, L335)
    start: Callable[[AdpState, dict], list[Frame]] | None = None   # once, with the first space
    after: Callable[[AdpState, dict], list[Frame]] | None = None   # once, after "done"
    repeat: bool = False             # a space may be picked again (moves)
    upfront: int = 0                 # Resources paid once in all (Government Patrol: 3, seed L137)


@dataclass(frozen=True)
class SADef:
    """A Special Activity (4.x): up to ``max_spaces`` picks."""

    id: str
    faction: str
    rule: str
    where: Where
    run: Run
    max_spaces: int | None = 3
    after: Callable[[AdpState, dict], list[Frame]] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


OPS: dict[tuple[str, str], OpDef] = {}
SAS: dict[str, SADef] = {}


def limited(act: dict) -> bool:
    return act["kind"] == "limited"


def with_sa(act: dict) -> bool:
    return act["kind"] == "op+sa"


def affordable(state: AdpState, op: OpDef, act: dict, sid: str) -> bool:
    return op.payer is None or act.get("free") or op.cost(state, act, sid) <= state.resources[op.payer]


class AdpOperation(Operation):
    """An :class:`OpDef` as an engine/coin Operation."""

    game = GAME

    def __init__(self, d: OpDef):
        self.d, self.name, self.faction, self.label, self.rule = d, d.id, d.faction, LABELS[d.id], d.rule

    def selectable(self, state, ctx):
        d = self.d
        if not ctx["spaces"] and d.upfront and not ctx.get("free") and state.resources[d.faction] < d.upfront:
            return []
        return [s for s in d.where(state, ctx) if (d.repeat or s not in ctx["spaces"])
                and affordable(state, d, ctx, s)]

    def can_start(self, state, ctx):
        from ..sop import final_card

        return not (self.d.not_final and final_card(state)) and bool(self.selectable(state, ctx))

    def select(self, state, ctx, sid):
        d = self.d
        frames = d.start(state, ctx) if d.start and len(ctx["spaces"]) == 1 else []
        cost = 0 if ctx.get("free") else d.cost(state, ctx, sid)
        if cost and d.payer:
            state.resources[d.payer] -= cost
        return frames + d.run(state, ctx, sid)

    def finish(self, state, ctx):
        return self.d.after(state, ctx) if self.d.after else []


class AdpSpecialActivity(SpecialActivity):
    """An :class:`SADef` as an engine/coin Special Activity."""

    game = GAME

    def __init__(self, d: SADef, accompanies: tuple[str, ...]):
        self.d, self.name, self.faction, self.label, self.rule = d, d.id, d.faction, LABELS[d.id], d.rule
        self.accompanies, self.max_spaces = accompanies, d.max_spaces

    def selectable(self, state, ctx):
        return [s for s in self.d.where(state, ctx) if s not in ctx["sa_spaces"]]

    def select(self, state, ctx, sid):
        return self.d.run(state, ctx, sid)

    def finish(self, state, ctx):
        return self.d.after(state, ctx) if self.d.after else []


def register_op(op: OpDef) -> OpDef:
    OPS[(op.faction, op.id)] = op
    operations(GAME)[f"{op.faction}.{op.id}"] = AdpOperation(op)
    return op


def register_sa(sa: SADef) -> SADef:
    SAS[sa.id] = sa
    return sa


def _register_sas() -> None:
    """Each SA accompanies the Operations whose heading names it (the OpDefs' ``sas``)."""
    for sid, sa in SAS.items():
        with_ops = tuple(sorted({oid for (f, oid), op in OPS.items() if f == sa.faction and sid in op.sas}))
        special_activities(GAME)[f"{sa.faction}.{sid}"] = AdpSpecialActivity(sa, with_ops)


from . import coin, insurgent, special  # noqa: E402,F401  (declare the Operations and SAs)

_register_sas()
