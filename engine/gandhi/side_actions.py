"""What a faction may do beside any of its decisions while it carries out an
Operation, Special Activity or Event:

* **1.5.2 Resource transfer.** "Il Raj ed i Rivoluzionari possono trasferire
  Risorse l'uno all'altro in qualsiasi momento in cui uno di essi sta
  svolgendo una Operazione, Attività Speciale o Evento." Offered to the giver
  (Raj or Revolutionaries) while it chooses its Operation and the spaces of
  its Operation and Special Activity (:data:`TRANSFER_AT`), as ``transfer``; then how many (1 .. what it has, up to the 50 cap of the
  other, 1.8). In a 2-player game the player holding both uses it at will; in
  a 4-player game it is the currency of deals (the giver makes it on its own
  turn, when the rule allows it). Reading recorded in docs/rulings/sop.md
  R-1.5.2.
* **1.4.1 voluntary removal.** Congress, the Muslim League and the
  Revolutionaries "mentre eseguono una Operazione, Attività Speciale o
  Evento, possono rimuovere i loro pezzi sulla mappa ponendoli tra le Forze
  Disponibili (eccezione: non Ghandi)". Offered as ``take-back`` at the
  Operation and Special Activity loops and the Event piece loops of their own
  action (:data:`TAKE_BACK_AT`), when one of their piece kinds has
  none Available but some on the map (the purpose: to have pieces to place);
  then which piece from where. One shared step for every Operation, Special
  Activity and Event that places pieces. Ruleset 7 (issue 32): at an
  Event's piece loop that places the faction's own pieces it is offered for
  those kinds even while some are Available (the playbook's #44 shaded:
  with 1 Guerrilla Available the Revolutionaries take back two and place
  3), and a loop with none left to place asks instead of closing
  (:func:`event_take_back`).

Both are pushed on top of the pending decision, which is offered again
afterwards (engine.core.engine side choices). The Arjuna bots never choose
them.
"""
from __future__ import annotations

from ..core.messages import Choice, Decision, msg
from ..core.steps import Step, frame, push, register
from . import board
from .common import log, simple, space_name
from .nonplayer import uses_resources
from .ruleset import at_least
from .state import GandhiState

TRANSFER, TAKE_BACK = "transfer", "take-back"
OTHER = {"raj": "rev", "rev": "raj"}
RESOURCE_CAP = 50  # 1.8
#: map kinds a faction may take back, by the box kind they go to
OWN_KINDS = {
    "inc": {"inc_activist": ("inc_activist",)},
    "ml": {"ml_activist": ("ml_activist",), "ml_base": ("ml_base",)},
    "rev": {"guerrilla": ("guerrilla_underground", "guerrilla_active"), "rev_base": ("rev_base",)},
}
KIND_LABELS = {"inc_activist": "Congress Activist", "ml_activist": "Muslim League Activist",
               "ml_base": "Muslim League Base", "guerrilla_underground": "Underground Guerrilla",
               "guerrilla_active": "Active Guerrilla", "rev_base": "Revolutionary Base"}
SIDE_STEPS = ("side.transfer", "side.take_back")
#: the decisions that recompute everything they offer from the state, so a
#: side action taken there can never leave a half-made step unpayable or
#: without choices: the Operation and Special Activity loops (and, for a
#: voluntary removal, the Event piece loop, whose options are recomputed)
TRANSFER_AT = ("op.choose", "op.loop", "sa.loop")
TAKE_BACK_AT = TRANSFER_AT
#: the decision of an Event's piece loop (engine/gandhi/events/kit.py ``pieces``; ruleset 7)
EVENT_PIECES = "event:pieces"


def executing(state: GandhiState) -> set[str]:
    """Factions now carrying out an Operation, Special Activity or Event: the
    ones whose action began this card and has not ended (``sop.after_action``
    below on the stack)."""
    return {fr["faction"] for fr in state.stack if fr.get("step") == "sop.after_action"}


def _transfer_room(state: GandhiState, giver: str) -> int:
    if not (uses_resources(state, giver) and uses_resources(state, OTHER[giver])):
        return 0  # 8.1: an NP Raj or Revolutionaries keep no Resources
    return max(0, min(state.resources[giver], RESOURCE_CAP - state.resources[OTHER[giver]]))


def _take_back_options(state: GandhiState, faction: str, kinds=None) -> list[tuple[str, str]]:
    """``(space, map kind)`` of the faction's pieces it may take back: of the
    kinds it has none of Available, or of the box ``kinds`` given (an Event
    placing them, ruleset 7) however many are Available (never Gandhi)."""
    out = []
    for box_kind, map_kinds in OWN_KINDS.get(faction, {}).items():
        if (box_kind not in kinds) if kinds is not None else state.available.get(box_kind, 0):
            continue
        for sid, sp in state.spaces.items():
            out += [(sid, k) for k in map_kinds if sp.pieces.get(k, 0)]
    return out


def placed_own(state: GandhiState, ctx: dict) -> list[str] | None:
    """Ruleset 7: the box kinds of its actor's own pieces an Event piece
    loop (its ``ctx``) places (None when it places none of them)."""
    if ctx.get("act") != "place" or not at_least(state, 7):
        return None
    own = OWN_KINDS.get(ctx.get("actor"), {})
    return [b for b in own if any(k == b or k in own[b] or (b == "guerrilla" and k.startswith("guerrilla"))
                                  for k in ctx.get("kinds", ()))] or None


def _placing(state: GandhiState, faction: str) -> list[str] | None:
    """:func:`placed_own` of the Event piece loop asking ``faction`` now (None: no such loop)."""
    top = state.stack[-1] if state.stack else {}
    ctx = top.get("ctx") or {}
    if top.get("step") != "ev.ask" or top.get("fn") != "pieces" or ctx.get("actor") != faction:
        return None
    return placed_own(state, ctx)


def event_take_back(state: GandhiState, ctx: dict) -> bool:
    """May the actor of the Event piece loop ``ctx`` take back now pieces
    that it places (1.4.1, ruleset 7)?"""
    kinds = placed_own(state, ctx)
    return bool(kinds) and ctx["actor"] in executing(state) and bool(_take_back_options(state, ctx["actor"], kinds))


SIDE_KEY = "choice.take_back"


def take_back_choice() -> Choice:
    return simple(TAKE_BACK, SIDE_KEY, "Take one of your pieces off the map to Available (1.4.1)")


def side_choices(state: GandhiState, d: Decision) -> list[Choice]:
    """The side choices open to ``d.actor`` now (see the module doc)."""
    if d.step == EVENT_PIECES:
        top = state.stack[-1] if state.stack else {}
        ok = top.get("fn") == "pieces" and (top.get("ctx") or {}).get("actor") == d.actor
        # the loop with nothing left to place offers it as its own choice (events/kit.py), by the same step
        own = any(c.id == TAKE_BACK and c.label.key != SIDE_KEY for c in d.choices)
        return [take_back_choice()] if ok and not own and event_take_back(state, top["ctx"]) else []
    if d.step not in TAKE_BACK_AT or d.actor not in executing(state):
        return []
    out = []
    if d.step in TRANSFER_AT and d.actor in OTHER and _transfer_room(state, d.actor):
        out.append(simple(TRANSFER, "choice.transfer", "Give Resources to the {other} (1.5.2)",
                          other=OTHER[d.actor]))
    if _take_back_options(state, d.actor):
        out.append(take_back_choice())
    return out


def apply_side(state: GandhiState, actor: str, cid: str) -> None:
    """Begin the side action ``cid`` for ``actor`` on top of its pending decision."""
    if cid == TRANSFER:
        push(state, frame("side.transfer", faction=actor))
    else:
        push(state, take_back_frame(state, actor))


def take_back_frame(state: GandhiState, actor: str):
    """The voluntary removal's step for ``actor`` (1.4.1): at an Event piece
    loop (ruleset 7) of the kinds it places."""
    return take_back_step(actor, _placing(state, actor))


def take_back_step(actor: str, kinds: list[str] | None):
    """The frame of :class:`TakeBack` for ``actor`` (of the box ``kinds``, else those lacking)."""
    return frame("side.take_back", faction=actor, **({"kinds": kinds} if kinds else {}))


@register
class Transfer(Step):
    """1.5.2: how many Resources to give ("cancel" gives none)."""

    name = "side.transfer"

    def decision(self, state, fr):
        f = fr["faction"]
        n = _transfer_room(state, f)
        choices = [simple(str(k), "choice.transfer_n", "Give {n}", n=k) for k in range(1, n + 1)]
        choices.append(simple("cancel", "choice.cancel", "Give nothing"))
        return Decision(f, msg("prompt.transfer", "How many Resources do you give to the {other} (you have "
                               "{have})?", other=OTHER[f], have=state.resources[f]),
                        choices, self.name)

    def apply(self, state, fr, cid):
        if cid == "cancel":
            return
        f, n = fr["faction"], int(cid)
        board.add_resources(state, f, -n)
        board.add_resources(state, OTHER[f], n)
        log(state, "log.transfer", "{giver} gives {n} Resources to the {taker} (1.5.2).", actor=f, giver=f, n=n,
            taker=OTHER[f])


@register
class TakeBack(Step):
    """1.4.1: which piece goes from the map to Available ("cancel": none)."""

    name = "side.take_back"

    def decision(self, state, fr):
        f = fr["faction"]
        choices = [simple(f"{sid}:{k}", "choice.take_back_piece", "{piece} in {space}", piece=KIND_LABELS[k],
                          space=space_name(sid)) for sid, k in _take_back_options(state, f, fr.get("kinds"))]
        choices.append(simple("cancel", "choice.cancel_take_back", "Take nothing back"))
        return Decision(f, msg("prompt.take_back", "Which of your pieces goes from the map to Available?"),
                        choices, self.name)

    def apply(self, state, fr, cid):
        if cid == "cancel":
            return
        sid, kind = cid.split(":")
        board.remove(state, sid, kind, 1, to="available")
        log(state, "log.take_back", "{faction} takes a {piece} off {space} to Available (1.4.1).",
            actor=fr["faction"], faction=fr["faction"], piece=kind, space=sid)

