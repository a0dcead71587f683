"""Congress Special Activities (4.3): Negotiate, Satyagraha, Persuade.

Persuade is shared with the Muslim League (4.4.3): :class:`Persuade` here is
the common implementation, registered for each faction.
"""
from __future__ import annotations

from ...core import rng
from ...core.messages import Decision, msg
from ...core.steps import Step, frame, push, register
from .. import board, derived as dv
from ..actions import EachMapSpace, SpecialActivity, special_activity
from ..common import FACTION_NAMES, log, simple, space_name
from ..operations.nonviolent import activist_kind, nv_pieces, other_nv
from ..state import GandhiState

NEGOTIATE_OPS = ("rally", "demonstrate", "civil_disobedience")


# --- Negotiate (4.3.1 Congress; the Muslim League's is in muslim_league.py) -------

class Negotiate(EachMapSpace, SpecialActivity):
    """Negotiate, common part (4.3.1, 4.4.1): one space with the faction's
    Activists and no Raj Control, not chosen for the Operation (and the
    Operation may not later choose it, 3.1.1); accompanies Rally, Demonstrate
    or Civil Disobedience only. In the space: remove any Protest (the Activists
    there turn Inactive unless on a Railway: derived, 1.4.3), Restraint +1, then
    the faction's option (a decision: ``option_frame``)."""

    name = "negotiate"
    label = "Negotiate"
    accompanies = NEGOTIATE_OPS
    max_spaces = 1

    def why_not(self, state, ctx, sid):
        name = space_name(sid)
        if sid in ctx["spaces"]:
            return f"{name} was chosen for the Operation: Negotiate may not choose it (3.1.1)."
        if board.count(state, sid, activist_kind(self.faction)) == 0:
            return f"{name} has no {FACTION_NAMES[self.faction]} Activists ({self.rule})."
        if dv.raj_control(state, sid):
            return f"{name} is under Raj Control ({self.rule})."
        return None

    def ready(self, state, ctx):
        return not ctx["sa_spaces"]

    def space_ok(self, state, ctx, sid):
        return self.why_not(state, ctx, sid) is None

    def select(self, state, ctx, sid):
        if board.remove_protest(state, sid):
            log(state, "log.negotiate_protest", "Negotiate removes the Protest in {space}.", actor=self.faction,
                space=sid)
        board.shift_restraint(state, 1)
        log(state, "log.restraint_negotiate", "Negotiate: Restraint +1 (now {value}).", actor=self.faction,
            value=state.restraint)
        return [frame(f"{self.faction}.negotiate.option", space=sid)]


@special_activity
class CongressNegotiate(Negotiate):
    """Congress Negotiate (4.3.1). After the common part, Congress may
    (choice ids): ``gandhi`` -- only while Gandhi is in Prison: roll a die; if
    it exceeds the Protests in India (on the map, after this Negotiate removed
    its own), Gandhi goes from Prison to the Negotiate space, which shifts one
    level toward Active Support (reading R-4.3.1-space); ``muslim_state`` -- if
    the space is a Muslim State and Congress pieces (Activists + Gandhi) exceed
    Muslim League pieces (Activists + Bases) there, remove the Muslim State and
    set the space Neutral; ``none``."""

    faction = "inc"
    rule = "4.3.1"


def congress_negotiate_options(state: GandhiState, sid: str) -> list[str]:
    sp = state.spaces[sid]
    out = []
    if state.prison.get("gandhi", 0):
        out.append("gandhi")
    if sp.muslim_state and nv_pieces(sp, "inc") > nv_pieces(sp, "ml"):
        out.append("muslim_state")
    return out


@register
class CongressNegotiateOption(Step):
    name = "inc.negotiate.option"

    def decision(self, state, fr):
        sid = fr["space"]
        labels = {"gandhi": "Roll to release Gandhi from Prison (die > Protests in India: {n})",
                  "muslim_state": "Remove the Muslim State and set the space Neutral"}
        choices = [simple(o, f"choice.negotiate_{o}", labels[o], n=dv.protests_on_map(state))
                   for o in congress_negotiate_options(state, sid)]
        choices.append(simple("none", "choice.none", "Nothing more"))
        return Decision("inc", msg("prompt.negotiate", "Negotiate in {space}: then?", space=space_name(sid)),
                        choices, self.name)

    def apply(self, state, fr, cid):
        sid = fr["space"]
        if cid == "gandhi":
            roll = rng.roll_die(state)
            protests = dv.protests_on_map(state)
            if roll > protests:
                board.place(state, sid, "gandhi", 1, source="prison")
                board.shift(state, sid, 1)
                log(state, "log.negotiate_gandhi", "Congress rolls {roll} (> {protests} Protests): Gandhi is "
                    "released to {space}.", actor="inc", roll=roll, protests=protests, space=sid)
            else:
                log(state, "log.negotiate_gandhi_fail", "Congress rolls {roll} (not > {protests} Protests): "
                    "Gandhi stays in Prison.", actor="inc", roll=roll, protests=protests)
        elif cid == "muslim_state":
            state.spaces[sid].muslim_state = False
            board.set_support(state, sid, 0)
            log(state, "log.negotiate_muslim_state", "Congress removes the Muslim State in {space}; it is "
                "Neutral.", actor="inc", space=sid)


# --- Satyagraha (4.3.2) --------------------------------------------------------------

def gandhi_location(state: GandhiState) -> str | None:
    """Where Gandhi is: a space id, "prison", "available", "out_of_play" or None."""
    for sid, sp in state.spaces.items():
        if dv.n(sp, "gandhi"):
            return sid
    for b in ("prison", "available", "out_of_play"):
        if getattr(state, b).get("gandhi", 0):
            return b
    return None


@special_activity
class Satyagraha(EachMapSpace, SpecialActivity):
    """Satyagraha (4.3.2): any one space. First Gandhi moves there (from the map
    or Available; from Prison only if the Raj's player agrees -- a decision for
    the Raj, choice ids ``release`` / ``refuse``). Choosing Gandhi's own space
    leaves him where he is (reading R-4.3.2-stay). Then (choice ids)
    ``remove``: remove the Protest (if any) and one Unrest marker (if any);
    or ``activist``: place a Congress Activist from Available. When only one
    is possible it is done without asking. If the Raj refuses, Gandhi stays in
    Prison, the Satyagraha is undone and Congress may choose another Special
    Activity (4.3.2 play note); Satyagraha is then not offered again this
    action."""

    name = "satyagraha"
    faction = "inc"
    label = "Satyagraha"
    rule = "4.3.2"
    max_spaces = 1

    def _blocked(self, state, ctx) -> str | None:
        loc = gandhi_location(state)
        if loc is None or loc == "out_of_play":
            return "Gandhi cannot move now (4.3.2)."
        if loc == "prison" and ctx["data"].get("satyagraha_refused"):
            return "The Raj refused to release Gandhi from Prison this turn (4.3.2)."
        return None

    def why_not(self, state, ctx, sid):
        return self._blocked(state, ctx)

    def ready(self, state, ctx):
        return not ctx["sa_spaces"] and not self._blocked(state, ctx)

    def space_ok(self, state, ctx, sid):
        return True

    def select(self, state, ctx, sid):
        loc = gandhi_location(state)
        if loc == "prison":
            return [frame("inc.satyagraha.release", space=sid)]
        move_gandhi(state, loc, sid)
        return [frame("inc.satyagraha.effect", space=sid)]


def move_gandhi(state: GandhiState, loc: str, sid: str) -> None:
    if loc in ("prison", "available"):
        board.place(state, sid, "gandhi", 1, source=loc)
    elif loc != sid:
        board.move(state, loc, sid, "gandhi", 1)
    log(state, "log.satyagraha_move", "Gandhi moves to {space}.", actor="inc", space=sid, frm=loc)


@register
class SatyagrahaRelease(Step):
    """4.3.2: the Raj's player decides whether Gandhi leaves Prison."""

    name = "inc.satyagraha.release"

    def decision(self, state, fr):
        return Decision("raj", msg("prompt.satyagraha_release",
                                   "Satyagraha: Congress asks that Gandhi be released from Prison to {space}. "
                                   "Do you agree?", space=space_name(fr["space"])),
                        [simple("release", "choice.release_gandhi", "Release Gandhi"),
                         simple("refuse", "choice.refuse_gandhi", "Refuse")], self.name)

    def apply(self, state, fr, cid):
        sid = fr["space"]
        ctx = state.action
        if cid == "release":
            log(state, "log.satyagraha_released", "The Raj releases Gandhi from Prison.", actor="raj")
            move_gandhi(state, "prison", sid)
            push(state, frame("inc.satyagraha.effect", space=sid))
            return
        log(state, "log.satyagraha_refused", "The Raj refuses to release Gandhi: Congress may choose another "
            "Special Activity.", actor="raj")
        ctx["data"]["satyagraha_refused"] = True
        ctx["sa"] = None
        ctx["sa_state"] = "none"
        ctx["sa_spaces"] = []
        # drop the Satyagraha's own loop; the Operation (or the offer after it) resumes
        if state.stack and state.stack[-1].get("step") == "sa.loop":
            state.stack.pop()
        if not state.stack or state.stack[-1].get("step") != "op.loop":
            # after the Operation's end (ruleset 6: "End the Operation, then a Special Activity") the
            # other Special Activities are offered again; earlier rulesets read op.after as before
            push(state, frame("op.after", then_sa=True))


def satyagraha_options(state: GandhiState, sid: str) -> list[str]:
    sp = state.spaces[sid]
    out = []
    if sp.protest or sp.unrest:
        out.append("remove")
    if state.available.get("inc_activist", 0):
        out.append("activist")
    return out


@register
class SatyagrahaEffect(Step):
    """4.3.2, after Gandhi moved: remove Protest + Unrest, or place an Activist."""

    name = "inc.satyagraha.effect"
    auto = True

    def run(self, state, fr):
        opts = satyagraha_options(state, fr["space"])
        if len(opts) == 1:
            satyagraha_do(state, fr["space"], opts[0])
        elif opts:
            push(state, frame("inc.satyagraha.choose", space=fr["space"]))


def satyagraha_do(state: GandhiState, sid: str, cid: str) -> None:
    if cid == "remove":
        p = board.remove_protest(state, sid)
        u = board.remove_unrest(state, sid, 1)
        log(state, "log.satyagraha_remove", "Satyagraha in {space}: removes {protest} Protest and {unrest} "
            "Unrest.", actor="inc", space=sid, protest=int(p), unrest=u)
    else:
        board.place(state, sid, "inc_activist", 1)
        log(state, "log.satyagraha_activist", "Satyagraha places a Congress Activist in {space}.", actor="inc",
            space=sid)


@register
class SatyagrahaChoose(Step):
    name = "inc.satyagraha.choose"

    def decision(self, state, fr):
        labels = {"remove": "Remove the Protest and one Unrest marker",
                  "activist": "Place a Congress Activist"}
        return Decision("inc", msg("prompt.satyagraha", "Satyagraha in {space}: which?",
                                   space=space_name(fr["space"])),
                        [simple(o, f"choice.satyagraha_{o}", labels[o])
                         for o in satyagraha_options(state, fr["space"])], self.name)

    def apply(self, state, fr, cid):
        satyagraha_do(state, fr["space"], cid)


# --- Persuade (4.3.3, 4.4.3) ---------------------------------------------------------

def nv_active_pieces(state: GandhiState, sid: str) -> int:
    """Active Nonviolent pieces (Congress + Muslim League) in ``sid``: Gandhi and
    ML Bases always, Activists in a Protest space or on a Railway (1.4.3)."""
    sp = state.spaces[sid]
    k = dv.n(sp, "gandhi") + dv.n(sp, "ml_base")
    if dv.activists_active(state, sid):
        k += dv.activists(sp)
    return k


def persuade_removable(state: GandhiState, faction: str, sid: str) -> list[str]:
    """4.3.3/4.4.3: kinds of Active adversary pieces Persuade may remove in
    ``sid``. Cubes are always Active; Troops only once no Sepoys remain; the
    other Nonviolent faction's Activists only while Active; an ML Base only once
    no ML Activists remain (Congress); a Revolutionary Base only once no
    Guerrillas remain; never Gandhi (1.4.5)."""
    sp = state.spaces[sid]
    out = []
    if dv.n(sp, "sepoy"):
        out.append("sepoy")
    elif dv.n(sp, "troop"):
        out.append("troop")
    other = activist_kind(other_nv(faction))
    if dv.n(sp, other) and dv.activists_active(state, sid):
        out.append(other)
    if faction == "inc" and dv.n(sp, "ml_base") and not dv.n(sp, "ml_activist"):
        out.append("ml_base")
    if dv.n(sp, "guerrilla_active"):
        out.append("guerrilla_active")
    if dv.n(sp, "rev_base") and not dv.guerrillas(sp):
        out.append("rev_base")
    return out


def persuade_options(state: GandhiState, faction: str, sid: str) -> list[str]:
    out = persuade_removable(state, faction, sid)
    if dv.n(state.spaces[sid], "guerrilla_underground") and nv_active_pieces(state, sid):
        out.append("activate")
    return out


def own_pieces(state: GandhiState, faction: str, sid: str) -> int:
    sp = state.spaces[sid]
    if faction == "inc":
        return dv.n(sp, "inc_activist") + dv.n(sp, "gandhi")
    return dv.n(sp, "ml_activist") + dv.n(sp, "ml_base")


class Persuade(EachMapSpace, SpecialActivity):
    """Persuade (4.3.3 Congress, 4.4.3 Muslim League): up to two spaces with the
    faction's pieces. In each (a decision): remove one Active adversary piece
    to Available (choice id = its kind, see :func:`persuade_removable`), or
    ``activate``: Activate one Underground Guerrilla per Active NV piece there.
    Finally, if any piece of the other Nonviolent faction was removed, Unity -1
    once (the Spanish/Japanese text and aid sheets: Congress's Persuade
    counts Muslim League pieces, the Muslim League's counts Congress pieces).
    A space where neither is possible is not offered."""

    name = "persuade"
    label = "Persuade"
    max_spaces = 2
    together = True  # independent spaces: one set under ruleset 6 (issue 14, 4.1.1)

    def why_not(self, state, ctx, sid):
        name = space_name(sid)
        if not own_pieces(state, self.faction, sid):
            return f"{name} has no {FACTION_NAMES[self.faction]} pieces ({self.rule})."
        if not persuade_options(state, self.faction, sid):
            return f"{name} has no Active adversary piece Persuade may remove and no Guerrilla to Activate " \
                   f"({self.rule})."
        return None

    def space_ok(self, state, ctx, sid):
        return sid not in ctx["sa_spaces"] and self.why_not(state, ctx, sid) is None

    def select(self, state, ctx, sid):
        return [frame("nv.persuade", faction=self.faction, space=sid)]

    def finish(self, state, ctx):
        if ctx["data"].get("persuade_nv_removed"):
            board.shift_unity(state, -1)
            log(state, "log.unity", "Persuade removed {faction} pieces: Unity -1 (now {value}).",
                actor=self.faction, faction=other_nv(self.faction), value=state.unity)
        return []


@special_activity
class CongressPersuade(Persuade):
    faction = "inc"
    rule = "4.3.3"


@register
class PersuadeSpace(Step):
    name = "nv.persuade"

    LABELS = {"sepoy": "Remove a Sepoy", "troop": "Remove a Troop",
              "inc_activist": "Remove a Congress Activist", "ml_activist": "Remove a Muslim League Activist",
              "ml_base": "Remove a Muslim League Base", "guerrilla_active": "Remove an Active Guerrilla",
              "rev_base": "Remove a Revolutionary Base",
              "activate": "Activate one Guerrilla per Active Nonviolent piece ({n})"}

    def decision(self, state, fr):
        f, sid = fr["faction"], fr["space"]
        n = min(nv_active_pieces(state, sid), dv.n(state.spaces[sid], "guerrilla_underground"))
        return Decision(f, msg("prompt.persuade", "Persuade in {space}: which?", space=space_name(sid)),
                        [simple(o, f"choice.persuade_{o}", self.LABELS[o], n=n)
                         for o in persuade_options(state, f, sid)], self.name)

    def refuse(self, state, fr, cid):
        """Why a piece may not be taken here (4.3.3/4.4.3: Active pieces only,
        Troops and Bases last, never Gandhi)."""
        f, sid = fr["faction"], fr["space"]
        sp = state.spaces[sid]
        name = space_name(sid)
        rule = "4.3.3" if f == "inc" else "4.4.3"
        own = ("inc_activist", "gandhi") if f == "inc" else ("ml_activist", "ml_base")
        if cid == "gandhi":
            return msg("error.persuade_gandhi", "Persuade cannot remove Gandhi ({rule}).", rule=rule)
        if cid in own:
            return msg("error.persuade_own", "Persuade removes adversary pieces, not your own ({rule}).", rule=rule)
        if cid == "troop" and dv.n(sp, "sepoy"):
            return msg("error.persuade_troops_last", "Troops last: Sepoys remain in {space} ({rule}).",
                       space=name, rule=rule)
        if cid == "ml_base" and dv.n(sp, "ml_activist"):
            return msg("error.persuade_bases_last", "Bases last: Muslim League Activists remain in {space} ({rule}).",
                       space=name, rule=rule)
        if cid == "rev_base" and dv.guerrillas(sp):
            return msg("error.persuade_bases_last_rev", "Bases last: Guerrillas remain in {space} ({rule}).",
                       space=name, rule=rule)
        if cid in ("inc_activist", "ml_activist", "guerrilla_underground") and dv.n(sp, cid):
            return msg("error.persuade_inactive", "Persuade removes only Active pieces: the {kind} in {space} "
                       "is not Active ({rule}).", kind=cid, space=name, rule=rule)
        if cid == "activate":
            return msg("error.persuade_activate", "No Underground Guerrilla to Activate, or no Active Nonviolent "
                       "piece, in {space} ({rule}).", space=name, rule=rule)
        return None

    def apply(self, state, fr, cid):
        f, sid = fr["faction"], fr["space"]
        if cid == "activate":
            k = board.activate_guerrillas(state, sid, nv_active_pieces(state, sid))
            log(state, "log.persuade_activate", "Persuade Activates {n} Guerrilla(s) in {space}.", actor=f,
                n=k, space=sid)
            return
        board.remove(state, sid, cid, 1)
        log(state, "log.persuade_remove", "Persuade removes a {kind} from {space}.", actor=f, kind=cid, space=sid)
        if cid in ("inc_activist", "ml_activist", "ml_base") and not cid.startswith(f):
            state.action["data"]["persuade_nv_removed"] = True

