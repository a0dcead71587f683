"""Muslim League Special Activities (4.4): Negotiate, Infiltrate, Persuade.

The Italian text lacks 4.4.1 (glossary §E.5): Negotiate follows the Spanish
and Japanese 4.4.1 and the Italian aid sheet.
"""
from __future__ import annotations

from ...core.messages import Decision, msg
from ...core.steps import Step, frame, push, register
from .. import board, derived as dv
from ..actions import EachMapSpace, SpecialActivity, special_activity
from ..common import log, simple, space_name
from ..data import get_data
from ..muslim_state import create_muslim_state
from ..operations.nonviolent import nv_pieces
from ..state import GandhiState
from .congress import Negotiate, Persuade


@special_activity
class MuslimLeagueNegotiate(Negotiate):
    """Muslim League Negotiate (4.4.1, from the Spanish/Japanese and the aid
    sheet). Common part as Congress's: one space with ML Activists, no Raj
    Control, not chosen for the Operation; remove any Protest; Restraint +1.
    Then (choice ids): ``unrest`` -- if the space has an Unrest marker: shift it
    one level toward Active Support, then remove one Unrest marker;
    ``muslim_state`` -- if it is a printed Muslim Province (not yet a Muslim
    State) at Passive or Active Opposition where ML pieces (Activists + Bases)
    exceed Congress pieces (Activists + Gandhi): set it to Passive Support and
    place a Muslim State; the Raj then moves every Troop there to Cities of its
    choice (reading R-4.4.1-cubes: Troops, not Sepoys); ``none``."""

    faction = "ml"
    rule = "4.4.1"


def ml_negotiate_options(state: GandhiState, sid: str) -> list[str]:
    sp = state.spaces[sid]
    d = get_data().map.spaces[sid]
    out = []
    if sp.unrest > 0:
        out.append("unrest")
    if (d.type == "province" and d.muslim and not sp.muslim_state and sp.support < 0
            and nv_pieces(sp, "ml") > nv_pieces(sp, "inc")):
        out.append("muslim_state")
    return out


def place_muslim_state(state: GandhiState, sid: str) -> list:
    """Put a Muslim State marker on Province ``sid`` (1.3.5) once the Raj has
    moved the Troops there to Cities (engine/gandhi/muslim_state.py)."""
    return create_muslim_state(state, sid, "ml")


@register
class MuslimLeagueNegotiateOption(Step):
    name = "ml.negotiate.option"

    def decision(self, state, fr):
        sid = fr["space"]
        labels = {"unrest": "Shift toward Active Support and remove an Unrest marker",
                  "muslim_state": "Set Passive Support and place a Muslim State"}
        choices = [simple(o, f"choice.ml_negotiate_{o}", labels[o]) for o in ml_negotiate_options(state, sid)]
        choices.append(simple("none", "choice.none", "Nothing more"))
        return Decision("ml", msg("prompt.negotiate", "Negotiate in {space}: then?", space=space_name(sid)),
                        choices, self.name)

    def apply(self, state, fr, cid):
        sid = fr["space"]
        if cid == "unrest":
            board.shift(state, sid, 1)
            board.remove_unrest(state, sid, 1)
            log(state, "log.ml_negotiate_unrest", "Negotiate in {space}: shift toward Active Support, remove an "
                "Unrest marker.", actor="ml", space=sid)
        elif cid == "muslim_state":
            board.set_support(state, sid, 1)
            push(state, *place_muslim_state(state, sid))


# --- Infiltrate (4.4.2) --------------------------------------------------------------

def infiltrate_options(state: GandhiState, sid: str) -> list[str]:
    """4.4.2 options in ``sid``: replace a ``sepoy``, ``guerrilla_active``,
    ``guerrilla_underground`` or the ``protest`` with an ML Activist from
    Available (with none Available the piece or marker is removed and nothing
    placed: 1.4.1, reading R-4.4.2-none-available), or (Crisis, 6.8)
    ``muslim_state`` in a Province with an ML Base and no Raj Control."""
    sp = state.spaces[sid]
    out = []
    for kind in ("sepoy", "guerrilla_active", "guerrilla_underground"):
        if dv.n(sp, kind):
            out.append(kind)
    if sp.protest:
        out.append("protest")
    if (dv.crisis(state) and dv.is_province(state, sid) and dv.n(sp, "ml_base")
            and not dv.raj_control(state, sid)):
        out.append("muslim_state")
    return out


@special_activity
class Infiltrate(EachMapSpace, SpecialActivity):
    """Infiltrate (4.4.2): one space with a Muslim League Activist; accompanies
    any Operation. A decision among :func:`infiltrate_options`; a Muslim State
    makes the Raj move the Troops there to Cities of its choice."""

    name = "infiltrate"
    faction = "ml"
    label = "Infiltrate"
    rule = "4.4.2"
    max_spaces = 1

    def why_not(self, state, ctx, sid):
        name = space_name(sid)
        if not board.count(state, sid, "ml_activist"):
            return f"{name} has no Muslim League Activist (4.4.2)."
        if not infiltrate_options(state, sid):
            return f"{name} has no Sepoy, Guerrilla or Protest to replace (4.4.2)."
        return None

    def ready(self, state, ctx):
        return not ctx["sa_spaces"]

    def space_ok(self, state, ctx, sid):
        return self.why_not(state, ctx, sid) is None

    def select(self, state, ctx, sid):
        return [frame("ml.infiltrate", space=sid)]


@register
class InfiltrateSpace(Step):
    name = "ml.infiltrate"

    LABELS = {"sepoy": "Replace a Sepoy with a Muslim League Activist",
              "guerrilla_active": "Replace an Active Guerrilla with a Muslim League Activist",
              "guerrilla_underground": "Replace an Underground Guerrilla with a Muslim League Activist",
              "protest": "Replace the Protest with a Muslim League Activist",
              "muslim_state": "Place a Muslim State (Crisis)"}

    def decision(self, state, fr):
        sid = fr["space"]
        return Decision("ml", msg("prompt.infiltrate", "Infiltrate in {space}: which?", space=space_name(sid)),
                        [simple(o, f"choice.infiltrate_{o}", self.LABELS[o])
                         for o in infiltrate_options(state, sid)], self.name)

    def refuse(self, state, fr, cid):
        """Why Infiltrate may not do ``cid`` here (4.4.2, 6.8)."""
        sid = fr["space"]
        name = space_name(sid)
        if cid == "muslim_state":
            if not dv.crisis(state):
                return msg("error.infiltrate_crisis", "Infiltrate places a Muslim State only during a Crisis "
                           "(4.4.2, 6.8).")
            return msg("error.infiltrate_muslim_state", "{space} is not a Province with a Muslim League Base and "
                       "no Raj Control (4.4.2).", space=name)
        if cid in ("troop", "inc_activist", "gandhi", "ml_base", "rev_base"):
            return msg("error.infiltrate_kind", "Infiltrate replaces a Sepoy, a Guerrilla or a Protest, nothing "
                       "else (4.4.2).")
        return None

    def apply(self, state, fr, cid):
        sid = fr["space"]
        if cid == "muslim_state":
            push(state, *place_muslim_state(state, sid))
            return
        if cid == "protest":
            board.remove_protest(state, sid)
        else:
            board.remove(state, sid, cid, 1)
        placed = board.place(state, sid, "ml_activist", 1)
        log(state, "log.infiltrate", "Infiltrate in {space}: a {kind} is replaced by {n} Muslim League Activist.",
            actor="ml", space=sid, kind=cid, n=placed)


@special_activity
class MuslimLeaguePersuade(Persuade):
    faction = "ml"
    rule = "4.4.3"
