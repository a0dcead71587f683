"""Campaign round (rule 6), entered when a Campaign card becomes current (2.4).

``campaign.round`` (pushed by ``sop.card``) plays the phases in order, each a
frame on the stack:

* 6.1 Victory phase -- :func:`engine.gandhi.victory.victory_check_passed`;
  the game ends at once (7.2).
* 6.2 Resources phase -- ``campaign.strikes`` (6.2.1, Congress chooses only
  when Strike markers run short), ``campaign.earnings`` (6.2.2, 6.2.3).
* 6.3 Support phase -- ``campaign.imperialism`` / ``campaign.imperialism_buy``
  (6.3.1, Raj), ``campaign.release`` (2 Activists per Imperialism space, the
  Raj chooses the mix), ``campaign.gandhi_release`` (the Raj places Gandhi),
  ``campaign.constructive`` (6.3.2, Congress then Muslim League),
  ``campaign.base`` (6.3.3 Pakistan Movement, 6.3.4 Secret Societies),
  ``campaign.game_end`` (6.3.5).
* 6.4 Redeploy phase -- ``campaign.new_viceroy`` (6.4.1), ``campaign.redeploy``
  / ``campaign.redeploy_to`` for the Raj, Congress, Muslim League and
  Revolutionaries (6.4.2-6.4.5), ``campaign.raj_upkeep`` (the Raj's 2
  Resources per Troop in a Province or on a Railway, then the removals).
* 6.5 Reset phase -- ``campaign.reset``; before the final Campaign it also
  triggers the Crisis roll (6.8).

Every decision step is reached through ``campaign.gate``, which pushes it only
when the faction has something to decide, and otherwise does what the rule
does with no choice (``skip``). Frames hold only JSON data. Raj Control is
derived, so it adjusts continuously during Redeploy (6.4).

Rules readings are recorded in ``docs/rulings/campaign.md``.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from ..core.messages import TOGETHER, Choice, Decision, msg, split_quantity
from ..core.steps import Frame, Step, frame, handler, push, register
from . import board
from . import derived as dv
from .common import FACTION_NAMES, done_choice, log, simple, space_choice, space_name
from .data import get_data
from .nonplayer import can_pay, reset_protest_spaces, uses_resources
from ..coin.sop import next_card
from .ruleset import at_least
from .sop import campaigns_left
from .state import GandhiState
from .victory import end_game, end_game_final, victory_check_passed

IMPERIALISM_SPACES = 4  # 6.3.1
IMPERIALISM_MAX_SHIFT = 2  # 6.3.1: "up to two levels per space"
RELEASE_PER_SPACE = 2  # 6.3.1
TROOP_UPKEEP = 2  # 6.4.2
MOUNTBATTEN = 79


# --- helpers ------------------------------------------------------------------

def gate(inner: Frame) -> Frame:
    """A frame that offers ``inner`` only if its faction has a choice to make."""
    return frame("campaign.gate", inner=inner)


class PhaseStep(Step):
    """A decision step reached through ``campaign.gate``: ``available`` says if
    there is anything to decide, ``skip`` returns the frames to run instead."""

    def available(self, state: GandhiState, fr: Frame) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def skip(self, state: GandhiState, fr: Frame) -> list[Frame]:
        return []


@register
class Gate(Step):
    name = "campaign.gate"
    auto = True

    def run(self, state, fr):
        inner = fr["inner"]
        h = handler(inner, state.game)
        if h.available(state, inner):
            push(state, inner)
        else:
            push(state, *h.skip(state, inner))


def sdef(sid: str):
    return get_data().map.spaces[sid]


def is_city(sid: str) -> bool:
    return sdef(sid).type == "city"


def imperialism_cost(state: GandhiState) -> int:
    """3 Resources per Unrest removed or level shifted; 2 with Lord Mountbatten
    as the Viceroy in force (6.3.1, card 79)."""
    return 2 if state.viceroy == MOUNTBATTEN else 3


def final_round(state: GandhiState) -> bool:
    """The final Campaign round (2.4.1): no Campaign card left in the draw deck."""
    return campaigns_left(state) == 0


# --- 6.0 / 6.1 ----------------------------------------------------------------

@register
class CampaignRound(Step):
    """Campaign round (6.0): Victory phase (6.1), then every other phase in order."""

    name = "campaign.round"
    auto = True

    def run(self, state, fr):
        log(state, "log.campaign", "Campaign round: {viceroy}.", card=state.current,
            viceroy=get_data().cards.campaigns[state.current].viceroy)
        state.action = None
        # 6.1 Victory phase (7.2): the game ends at once.
        if victory_check_passed(state):
            end_game(state, "victory_check")
            state.stack.clear()
            return
        final = final_round(state)
        push(state,
             frame("campaign.strikes"),
             frame("campaign.earnings"),
             gate(frame("campaign.imperialism", chosen=[])),
             frame("campaign.gandhi_check"),
             gate(frame("campaign.constructive", faction="inc", chosen=[])),
             gate(frame("campaign.base", faction="ml")),
             gate(frame("campaign.base", faction="rev")),
             frame("campaign.game_end", final=final),
             frame("campaign.new_viceroy"),
             gate(frame("campaign.redeploy", faction="raj", moved={})),
             frame("campaign.raj_upkeep"),
             gate(frame("campaign.redeploy", faction="inc", moved={})),
             gate(frame("campaign.redeploy", faction="ml", moved={})),
             gate(frame("campaign.redeploy", faction="rev", moved={})),
             frame("campaign.reset"))


# --- 6.2 Resources phase --------------------------------------------------------

def strike_candidates(state: GandhiState) -> list[str]:
    """Railways that receive a Strike (6.2.1): no Strike yet, and a Protest, or
    more Activists than cubes, or adjacent to a City without Raj Control."""
    adj = get_data().map.adjacent
    out = []
    for rid in get_data().map.railways:
        sp = state.spaces[rid]
        if sp.strike:
            continue
        if (sp.protest or dv.activists(sp) > dv.cubes(sp)
                or any(is_city(a) and not dv.raj_control(state, a) for a in adj[rid])):
            out.append(rid)
    return out


def _strike(state: GandhiState, rid: str) -> None:
    if board.add_unrest(state, rid):
        log(state, "log.strike", "Congress places a Strike on {space}.", actor="inc", space=rid)


@register
class Strikes(Step):
    """Railway Strikes (6.2.1). When fewer Strike markers are free than
    Railways qualify, Congress chooses (``campaign.strike_choice``)."""

    name = "campaign.strikes"
    auto = True

    def run(self, state, fr):
        cands = strike_candidates(state)
        if len(cands) <= dv.unrest_markers_free(state):
            for rid in cands:
                _strike(state, rid)
        elif dv.unrest_markers_free(state) > 0:
            push(state, frame("campaign.strike_choice"))


@register
class StrikeChoice(Step):
    name = "campaign.strike_choice"

    def decision(self, state, fr):
        return Decision("inc", msg("prompt.campaign.strikes",
                                   "Railway Strikes: only {n} Strike marker(s) left; choose a Railway to strike.",
                                   n=dv.unrest_markers_free(state)),
                        [space_choice(r) for r in strike_candidates(state)], self.name)

    def apply(self, state, fr, cid):
        _strike(state, cid)
        if dv.unrest_markers_free(state) > 0 and strike_candidates(state):
            push(state, frame(self.name))


def raj_earnings(state: GandhiState) -> int:
    """Econ of the Railways without a Strike (40 minus struck Econ) (6.2.2)."""
    m = get_data().map
    return sum(m.spaces[r].econ for r in m.railways if not state.spaces[r].strike)


def nv_in_prison(state: GandhiState) -> int:
    return sum(state.prison.get(k, 0) for k in ("inc_activist", "ml_activist", "gandhi"))


@register
class Earnings(Step):
    """Raj Earnings (6.2.2): + unstruck Econ, then -2 per Nonviolent piece in
    Prison; Revolutionary Earnings (6.2.3): +2 per Revolutionary Base on the
    map. Resources stay within 0..50 (1.8) after each change."""

    name = "campaign.earnings"
    auto = True

    def run(self, state, fr):
        # 8.9.1: an NP Raj / Revolutionaries skip this phase (ruleset 5, 8.1)
        raj_earns, rev_earns = uses_resources(state, "raj"), uses_resources(state, "rev")
        econ = raj_earnings(state) if raj_earns else 0
        board.add_resources(state, "raj", econ)
        jailed = nv_in_prison(state) if raj_earns else 0
        board.add_resources(state, "raj", -2 * jailed)
        rev = 2 * dv.rev_bases_on_map(state) if rev_earns else 0
        board.add_resources(state, "rev", rev)
        log(state, "log.earnings",
            "Resources: Raj +{econ} from Railways, -{jail} for Nonviolent pieces in Prison (now {raj}); "
            "Revolutionaries +{rev} (now {revtotal}).",
            econ=econ, jail=2 * jailed, raj=state.resources["raj"], rev=rev, revtotal=state.resources["rev"])


# --- 6.3.1 Imperialism -----------------------------------------------------------

def imperialism_purchase(state: GandhiState, sid: str, shifts: int) -> str | None:
    """The next purchase in ``sid``: "unrest" while Unrest remains, then
    "shift" up to two levels toward Active Support; None if nothing is left."""
    sp = state.spaces[sid]
    if sp.unrest > 0:
        return "unrest"
    if shifts < IMPERIALISM_MAX_SHIFT and sp.support < 2:
        return "shift"
    return None


def imperialism_spaces(state: GandhiState, chosen: list[str]) -> list[str]:
    """Cities and Provinces with Raj Control, Troops and Sepoys, not yet
    chosen, where something can be bought now (6.3.1)."""
    if len(chosen) >= IMPERIALISM_SPACES or not can_pay(state, "raj", imperialism_cost(state)):
        return []
    out = []
    for sid in get_data().map.ids:
        if sid in chosen or not dv.can_be_controlled(state, sid):
            continue
        sp = state.spaces[sid]
        if (dv.raj_control(state, sid) and dv.n(sp, "troop") and dv.n(sp, "sepoy")
                and imperialism_purchase(state, sid, 0)):
            out.append(sid)
    return out


def imperialism_most(state: GandhiState, sid: str) -> int:
    """Every step Imperialism may buy in ``sid``: its Unrest markers, then up
    to two levels toward Active Support (6.3.1)."""
    sp = state.spaces[sid]
    return sp.unrest + min(IMPERIALISM_MAX_SHIFT, 2 - sp.support)


def imperialism_affordable(state: GandhiState) -> int:
    """How many steps the Raj can pay for (any number for an NP Raj that pays none, 8.1)."""
    if not uses_resources(state, "raj"):
        return IMPERIALISM_SPACES * 20
    return state.resources["raj"] // imperialism_cost(state)


def _buy(state: GandhiState, sid: str, what: str) -> None:
    cost = imperialism_cost(state)
    board.add_resources(state, "raj", -cost)
    if what == "unrest":
        board.remove_unrest(state, sid, 1)
        log(state, "log.imperialism_unrest", "Imperialism: the Raj pays {cost} to remove Unrest in {space}.",
            actor="raj", cost=cost, space=sid)
    else:
        board.shift(state, sid, 1)
        log(state, "log.imperialism_shift", "Imperialism: the Raj pays {cost} to shift {space} toward Active Support.",
            actor="raj", cost=cost, space=sid)


@register
class Imperialism(PhaseStep):
    """Imperialism (6.3.1): the Raj chooses up to 4 Cities/Provinces with Raj
    Control, Troops and Sepoys. Choosing a space buys its first step at once
    (3 Resources, 2 with Mountbatten): remove an Unrest, or once none is left
    shift one level toward Active Support; ``campaign.imperialism_buy`` offers
    more (Unrest removals as many as there are markers, shifts up to two).
    Frame: ``{"chosen": [sid, ...]}``. At the end, 2 Activists per chosen
    space are released (``campaign.release``)."""

    name = "campaign.imperialism"

    def available(self, state, fr):
        return bool(imperialism_spaces(state, fr["chosen"]))

    def skip(self, state, fr):
        return [gate(frame("campaign.release", left=RELEASE_PER_SPACE * len(fr["chosen"])))]

    def decision(self, state, fr):
        if at_least(state, 6):
            return self._decision6(state, fr)
        choices = [space_choice(s) for s in imperialism_spaces(state, fr["chosen"])]
        choices.append(done_choice("End Imperialism"))
        return Decision("raj", msg("prompt.campaign.imperialism",
                                   "Imperialism: choose a space ({n} of {max} chosen; {cost} Resources per step, "
                                   "Resources {res}).", n=len(fr["chosen"]), max=IMPERIALISM_SPACES,
                                   cost=imperialism_cost(state), res=state.resources["raj"]),
                        choices, self.name)

    def refuse(self, state, fr, cid):
        if at_least(state, 6) and isinstance(cid, str) and (TOGETHER in cid or "*" in cid):
            return self._refuse6(state, fr, cid)
        if cid in fr["chosen"]:
            return msg("error.imperialism_chosen", "{space} was already chosen for Imperialism.", space=space_name(cid))
        if len(fr["chosen"]) >= IMPERIALISM_SPACES:
            return msg("error.imperialism_max", "Imperialism is in at most 4 spaces (6.3.1).")
        if cid in get_data().map.spaces:
            sp = state.spaces[cid]
            if not dv.can_be_controlled(state, cid):
                return msg("error.imperialism_type", "{space} is not a City or Province (6.3.1).",
                           space=space_name(cid))
            if not dv.raj_control(state, cid):
                return msg("error.imperialism_control", "{space} is not under Raj Control (6.3.1).",
                           space=space_name(cid))
            if not (dv.n(sp, "troop") and dv.n(sp, "sepoy")):
                return msg("error.imperialism_cubes", "{space} needs both Troops and Sepoys (6.3.1).",
                           space=space_name(cid))
            if not can_pay(state, "raj", imperialism_cost(state)):
                return msg("error.imperialism_cannot_pay", "The Raj cannot pay: Resources {res}, cost {cost}.",
                           res=state.resources["raj"], cost=imperialism_cost(state))
            return msg("error.imperialism_nothing", "{space} has no Unrest and is at Active Support.",
                       space=space_name(cid))
        return None

    def _decision6(self, state, fr):
        """Ruleset 6 (issue 14): every purchase in one answer, a count per
        space ("bihar*3+delhi": three steps in Bihar, one in Delhi), up to
        4 spaces, within the Raj's Resources."""
        spaces = imperialism_spaces(state, fr["chosen"])
        afford = imperialism_affordable(state)
        choices = [Choice(sid, msg("choice.imperialism_space", "{space}: one step", space=space_name(sid)),
                          most=min(imperialism_most(state, sid), afford), joins=True, pools=("resources",),
                          label_n=msg("choice.imperialism_space_n", "{space}: {n} step(s)",
                                      space=space_name(sid), n=1))
                   for sid in spaces]
        choices.append(done_choice("End Imperialism"))
        many = min(IMPERIALISM_SPACES - len(fr["chosen"]), len(spaces))
        return Decision("raj", msg("prompt.campaign.imperialism6",
                                   "Imperialism: how many steps in which spaces (up to {max}; {cost} Resources per "
                                   "step: Unrest removed first, then up to two levels toward Active Support; "
                                   "Resources {res})?", max=IMPERIALISM_SPACES, cost=imperialism_cost(state),
                                   res=state.resources["raj"]),
                        choices, self.name, many=many if many > 1 else 1,
                        budgets={"resources": afford} if many > 1 else {})

    def _refuse6(self, state, fr, cid):
        """Why a joined Imperialism answer is refused (6.3.1), in the game's terms."""
        parts = [split_quantity(p) for p in cid.split(TOGETHER)]
        if len(parts) > IMPERIALISM_SPACES - len(fr["chosen"]):
            return msg("error.imperialism_max", "Imperialism is in at most 4 spaces (6.3.1).")
        for sid, n in parts:
            if sid in imperialism_spaces(state, fr["chosen"]) and n > imperialism_most(state, sid):
                return msg("error.imperialism_steps", "{space} can take at most {n} step(s): its Unrest, then "
                           "two levels toward Active Support (6.3.1).", space=space_name(sid),
                           n=imperialism_most(state, sid))
        if sum(n for _, n in parts) > imperialism_affordable(state):
            return msg("error.imperialism_afford", "The Raj can pay for {n} step(s) only (Resources {res}, "
                       "{cost} each).", n=imperialism_affordable(state), res=state.resources["raj"],
                       cost=imperialism_cost(state))
        return None

    def takes_counts(self, state, fr):
        return at_least(state, 6)

    def apply(self, state, fr, cid):
        if cid == "done":
            push(state, *self.skip(state, fr))
            return
        if at_least(state, 6):  # ruleset 6: the whole Imperialism in one answer
            chosen = list(fr["chosen"])
            for part in cid.split(TOGETHER):
                sid, n = split_quantity(part)
                chosen.append(sid)
                shifts = 0
                for _ in range(n):
                    what = imperialism_purchase(state, sid, shifts)
                    _buy(state, sid, what)
                    shifts += what == "shift"
            push(state, *self.skip(state, dict(fr, chosen=chosen)))
            return
        chosen = fr["chosen"] + [cid]
        what = imperialism_purchase(state, cid, 0)
        _buy(state, cid, what)
        push(state, gate(frame("campaign.imperialism_buy", space=cid, shifts=int(what == "shift"),
                               chosen=chosen)))


@register
class ImperialismBuy(PhaseStep):
    """More Imperialism in one chosen space (6.3.1). Frame ``{"space", "shifts", "chosen"}``."""

    name = "campaign.imperialism_buy"

    def available(self, state, fr):
        return (can_pay(state, "raj", imperialism_cost(state))
                and imperialism_purchase(state, fr["space"], fr["shifts"]) is not None)

    def skip(self, state, fr):
        return [gate(frame("campaign.imperialism", chosen=fr["chosen"]))]

    def decision(self, state, fr):
        what = imperialism_purchase(state, fr["space"], fr["shifts"])
        text = ("Remove an Unrest marker ({cost} Resources)" if what == "unrest"
                else "Shift one level toward Active Support ({cost} Resources)")
        choices = [simple(what, f"choice.imperialism_{what}", text, cost=imperialism_cost(state)),
                   done_choice("Buy no more here")]
        return Decision("raj", msg("prompt.campaign.imperialism_buy",
                                   "Imperialism in {space}: buy more? (Resources {res})",
                                   space=space_name(fr["space"]), res=state.resources["raj"]),
                        choices, self.name)

    def apply(self, state, fr, cid):
        if cid == "done":
            push(state, *self.skip(state, fr))
            return
        _buy(state, fr["space"], cid)
        push(state, gate(dict(fr, shifts=fr["shifts"] + int(cid == "shift"))))


@register
class Release(PhaseStep):
    """6.3.1: release 2 Activists from Prison to Available per Imperialism
    space; the Raj chooses Congress or Muslim League for each one when both are
    in Prison (otherwise what is there is released). Frame ``{"left": n}``."""

    name = "campaign.release"

    def available(self, state, fr):
        return fr["left"] > 0 and state.prison.get("inc_activist", 0) > 0 and state.prison.get("ml_activist", 0) > 0

    def skip(self, state, fr):
        if fr["left"] > 0:
            for kind in ("inc_activist", "ml_activist"):
                k = board.transfer(state, kind, fr["left"], "prison", "available")
                if k:
                    log(state, "log.release", "{n} {kind} released from Prison to Available.", actor="raj",
                        n=k, kind=kind)
        return []

    def decision(self, state, fr):
        if at_least(state, 6):  # ruleset 6: the mix in one answer
            inc, ml = state.prison.get("inc_activist", 0), state.prison.get("ml_activist", 0)
            left = min(fr["left"], inc + ml)
            choices = [simple(f"{k}:{left - k}", "choice.release_mix",
                              "{inc} Congress, {ml} Muslim League Activist(s)", inc=k, ml=left - k)
                       for k in range(left + 1) if k <= inc and left - k <= ml]
            return Decision("raj", msg("prompt.campaign.release6",
                                       "Imperialism: release {n} Activist(s) from Prison. How many of each?",
                                       n=left), choices, self.name)
        return Decision("raj", msg("prompt.campaign.release",
                                   "Imperialism: release {n} more Activist(s) from Prison. Whose?", n=fr["left"]),
                        [simple("inc", "choice.release_inc", "A Congress Activist"),
                         simple("ml", "choice.release_ml", "A Muslim League Activist")], self.name)

    def apply(self, state, fr, cid):
        if at_least(state, 6):
            for kind, k in zip(("inc_activist", "ml_activist"), cid.split(":")):
                if int(k):
                    board.transfer(state, kind, int(k), "prison", "available")
                    log(state, "log.release", "{n} {kind} released from Prison to Available.", actor="raj",
                        n=int(k), kind=kind)
            return
        kind = f"{cid}_activist"
        board.transfer(state, kind, 1, "prison", "available")
        log(state, "log.release", "{n} {kind} released from Prison to Available.", actor="raj", n=1, kind=kind)
        push(state, gate(dict(fr, left=fr["left"] - 1)))


@register
class GandhiCheck(Step):
    """6.3.1 last sentence: if Gandhi is in Prison, he is released into any
    space without Raj Control; the Raj chooses the space (the NP Raj places
    him at random, 8.9.2, so the choice is the Raj's)."""

    name = "campaign.gandhi_check"
    auto = True

    def run(self, state, fr):
        if state.prison.get("gandhi", 0):
            push(state, frame("campaign.gandhi_release"))


@register
class GandhiRelease(Step):
    name = "campaign.gandhi_release"

    def decision(self, state, fr):
        spaces = [s for s in get_data().map.ids if not dv.raj_control(state, s)]
        return Decision("raj", msg("prompt.campaign.gandhi",
                                   "Gandhi is released from Prison: choose a space without Raj Control."),
                        [space_choice(s) for s in spaces], self.name)

    def refuse(self, state, fr, cid):
        if cid in get_data().map.spaces and dv.raj_control(state, cid):
            return msg("error.gandhi_control", "{space} is under Raj Control (6.3.1).", space=space_name(cid))
        return None

    def apply(self, state, fr, cid):
        board.place(state, cid, "gandhi", 1, source="prison")
        log(state, "log.gandhi_released", "Gandhi is released from Prison into {space}.", actor="raj", space=cid)


# --- 6.3.2 Constructive Programme -------------------------------------------------

OWN = {"inc": ("inc_activist", "gandhi"), "ml": ("ml_activist", "ml_base")}


def constructive_spaces(state: GandhiState, faction: str, chosen: list[str]) -> list[str]:
    """Cities/Provinces with the faction's pieces and no Raj Control, not yet
    chosen, not at Active Opposition; none once the combined count reaches
    Unity (6.3.2)."""
    return list(_constructive_spaces(state, faction, chosen))


def _constructive_spaces(state: GandhiState, faction: str, chosen: list[str]) -> Iterator[str]:
    """:func:`constructive_spaces` one at a time (issue 21: speed: a yes/no
    stops at the first; the space's own pieces are looked at before its Control)."""
    if len(chosen) >= state.unity:
        return
    for sid in get_data().map.ids:
        sp = state.spaces[sid]
        if (sid not in chosen and sp.support > -2 and any(dv.n(sp, k) for k in OWN[faction])
                and dv.can_be_controlled(state, sid) and not dv.raj_control(state, sid)):
            yield sid


@register
class Constructive(PhaseStep):
    """Constructive Programme (6.3.2): Congress, then the Muslim League, choose
    Cities/Provinces with their own pieces and no Raj Control -- a combined
    number up to Unity -- and shift each up to two levels toward Active
    Opposition. Choice ids ``"<space>:1"`` / ``"<space>:2"`` (levels).
    Frame ``{"faction", "chosen"}`` (``chosen`` is shared by both factions: a
    space is chosen once)."""

    name = "campaign.constructive"

    def available(self, state, fr):
        return next(_constructive_spaces(state, fr["faction"], fr["chosen"]), None) is not None

    def skip(self, state, fr):
        if fr["faction"] == "inc":
            return [gate(frame(self.name, faction="ml", chosen=fr["chosen"]))]
        return []

    def decision(self, state, fr):
        f = fr["faction"]
        if at_least(state, 6):
            return self._decision6(state, fr)
        choices: list[Choice] = []
        for s in constructive_spaces(state, f, fr["chosen"]):
            room = state.spaces[s].support + 2
            for lv in (1, 2):
                if lv <= room:
                    choices.append(simple(f"{s}:{lv}", "choice.constructive",
                                          "{space}: {n} level(s) toward Active Opposition",
                                          space=space_name(s), n=lv))
        choices.append(done_choice("End Constructive Programme"))
        return Decision(f, msg("prompt.campaign.constructive",
                               "Constructive Programme ({faction}): choose a space ({n} of Unity {unity} used).",
                               faction=FACTION_NAMES[f], n=len(fr["chosen"]), unity=state.unity),
                        choices, self.name)

    def _decision6(self, state, fr):
        """Ruleset 6 (issue 14): the faction's spaces in one answer, the
        levels as a count ("punjab*2+bihar"), as many spaces as Unity leaves."""
        f = fr["faction"]
        spaces = constructive_spaces(state, f, fr["chosen"])
        choices = [Choice(sid, msg("choice.constructive6", "{space}: one level toward Active Opposition",
                                   space=space_name(sid)),
                          most=min(2, state.spaces[sid].support + 2), joins=True,
                          label_n=msg("choice.constructive6_n", "{space}: {n} level(s) toward Active Opposition",
                                      space=space_name(sid), n=1))
                   for sid in spaces]
        choices.append(done_choice("End Constructive Programme"))
        many = min(state.unity - len(fr["chosen"]), len(spaces))
        return Decision(f, msg("prompt.campaign.constructive6",
                               "Constructive Programme ({faction}): choose up to {n} space(s) and the levels "
                               "(Unity {unity}).", faction=FACTION_NAMES[f], n=state.unity - len(fr["chosen"]),
                               unity=state.unity),
                        choices, self.name, many=many if many > 1 else 1)

    def takes_counts(self, state, fr):
        return at_least(state, 6)

    def refuse(self, state, fr, cid):
        if not (at_least(state, 6) and isinstance(cid, str)):
            return None
        parts = [split_quantity(p) for p in cid.split(TOGETHER)]
        if len(parts) > state.unity - len(fr["chosen"]):
            return msg("error.constructive_unity", "Constructive Programme: {n} space(s) at most, Unity {unity} "
                       "less the spaces already chosen (6.3.2).", n=max(0, state.unity - len(fr["chosen"])),
                       unity=state.unity)
        for sid, n in parts:
            if sid in state.spaces and n > 2:
                return msg("error.constructive_levels", "Constructive Programme shifts a space at most two "
                           "levels (6.3.2).")
            if sid in state.spaces and n > state.spaces[sid].support + 2:
                return msg("error.constructive_room", "{space} can shift only {n} level(s) toward Active "
                           "Opposition.", space=space_name(sid), n=state.spaces[sid].support + 2)
        return None

    def apply(self, state, fr, cid):
        if cid == "done":
            push(state, *self.skip(state, fr))
            return
        if at_least(state, 6):  # ruleset 6: the faction's whole Constructive Programme in one answer
            chosen = list(fr["chosen"])
            for part in cid.split(TOGETHER):
                sid, lv = split_quantity(part)
                board.shift(state, sid, -lv)
                log(state, "log.constructive", "Constructive Programme: {faction} shifts {space} {n} level(s) "
                    "toward Active Opposition.", actor=fr["faction"], faction=fr["faction"], space=sid, n=lv)
                chosen.append(sid)
            push(state, *self.skip(state, dict(fr, chosen=chosen)))
            return
        sid, lv = cid.split(":")
        board.shift(state, sid, -int(lv))
        log(state, "log.constructive", "Constructive Programme: {faction} shifts {space} {n} level(s) toward "
            "Active Opposition.", actor=fr["faction"], faction=fr["faction"], space=sid, n=int(lv))
        push(state, gate(dict(fr, chosen=fr["chosen"] + [sid])))


# --- 6.3.3 / 6.3.4 Pakistan Movement, Secret Societies ------------------------------

BASE_OF = {"ml": "ml_base", "rev": "rev_base"}
BASE_PHASE = {"ml": "Pakistan Movement", "rev": "Secret Societies"}


def base_spaces(state: GandhiState, faction: str) -> list[str]:
    """Non-Railway spaces without Raj Control with room for a Base (1.4.2),
    if the faction has a Base Available (6.3.3, 6.3.4)."""
    return list(_base_spaces(state, faction))


def _base_spaces(state: GandhiState, faction: str) -> Iterator[str]:
    """:func:`base_spaces` one at a time (issue 21: speed: a yes/no stops at the first)."""
    if not state.available.get(BASE_OF[faction], 0):
        return
    yield from (s for s in get_data().map.non_railway
                if not dv.raj_control(state, s) and dv.base_room(state, s) > 0)


@register
class PlaceBase(PhaseStep):
    """Pakistan Movement (6.3.3, Muslim League) / Secret Societies (6.3.4,
    Revolutionaries): may place one Available Base in any non-Railway space
    without Raj Control. Frame ``{"faction"}``."""

    name = "campaign.base"

    def available(self, state, fr):
        return next(_base_spaces(state, fr["faction"]), None) is not None

    def decision(self, state, fr):
        f = fr["faction"]
        return Decision(f, msg("prompt.campaign.base", "{phase}: place a Base in a space without Raj Control?",
                               phase=BASE_PHASE[f]),
                        [space_choice(s) for s in base_spaces(state, f)] + [done_choice("Place no Base")],
                        self.name)

    def apply(self, state, fr, cid):
        if cid == "done":
            return
        f = fr["faction"]
        board.place(state, cid, BASE_OF[f], 1)
        log(state, "log.campaign_base", "{phase}: {faction} places a Base in {space}.", actor=f,
            phase=BASE_PHASE[f], faction=f, space=cid)


@register
class GameEnd(Step):
    """Game End? (6.3.5): if and only if this is the final round, the game ends
    and victory is determined by margins (7.3)."""

    name = "campaign.game_end"
    auto = True

    def run(self, state, fr):
        if fr["final"]:
            end_game_final(state)
            state.stack.clear()


# --- 6.4 Redeploy --------------------------------------------------------------------

@register
class NewViceroy(Step):
    """New Colonial Administration (6.4.1): the old Viceroy is discarded and the
    Campaign card that triggered this round becomes the Viceroy (its
    capability replaces the old one at once)."""

    name = "campaign.new_viceroy"
    auto = True

    def run(self, state, fr):
        if state.viceroy is not None:
            state.played.append(state.viceroy)
        state.viceroy = state.current
        state.current = None
        log(state, "log.viceroy", "{viceroy} becomes Viceroy.", card=state.viceroy,
            viceroy=get_data().cards.campaigns[state.viceroy].viceroy)


KINDS = {"raj": ("troop", "sepoy"), "inc": ("inc_activist", "gandhi"), "ml": ("ml_activist",),
         "rev": ("guerrilla_active", "guerrilla_underground")}
SHORT = {"troop": "troop", "sepoy": "sepoy", "inc_activist": "activist", "ml_activist": "activist",
         "gandhi": "gandhi", "guerrilla_active": "active", "guerrilla_underground": "underground"}
LABEL = {"troop": "Troop", "sepoy": "Sepoy", "inc_activist": "Congress Activist",
         "ml_activist": "Muslim League Activist", "gandhi": "Gandhi", "guerrilla_active": "Active Guerrilla",
         "guerrilla_underground": "Underground Guerrilla"}
# pieces that must leave Railways (6.4.3-6.4.5); Gandhi is not named
MUST_LEAVE_RAIL = {"raj": (), "inc": ("inc_activist",), "ml": ("ml_activist",),
                   "rev": ("guerrilla_active", "guerrilla_underground")}


def movable(state: GandhiState, moved: dict[str, dict[str, int]], sid: str, kind: str) -> int:
    """Pieces of ``kind`` in ``sid`` that have not yet moved this Redeploy."""
    return board.count(state, sid, kind) - moved.get(sid, {}).get(kind, 0)


def _upkept(sid: str) -> bool:
    d = sdef(sid)
    return d.type == "province" or d.is_railway


def troops_upkept(state: GandhiState) -> int:
    """Troops in Provinces or on Railways (6.4.2: 2 Resources each)."""
    return sum(sp.pieces.get("troop", 0) for s, sp in state.spaces.items() if _upkept(s))


def destinations(state: GandhiState, faction: str, kind: str) -> list[str]:
    """Spaces a ``kind`` piece of ``faction`` may move into now, whatever its
    origin (6.4.2-6.4.5). Raj Control is judged at the moment of the move (6.4
    "adjust continuously"). For Troops the Raj's Resources are checked by
    :func:`redeploy_moves`."""
    return redeploy_destinations(state, faction)[kind]


def redeploy_destinations(state: GandhiState, faction: str) -> dict[str, list[str]]:
    """{kind: :func:`destinations`} for each kind of ``faction``'s pieces,
    from one look at each space (issue 21: speed: the kinds differ only in
    States, where the Raj's Sepoys alone may go)."""
    out: dict[str, list[str]] = {k: [] for k in KINDS[faction]}
    for sid, sp in state.spaces.items():
        if faction == "raj":
            if dv.is_state(state, sid):
                out["sepoy"].append(sid)
                continue
            ok = is_city(sid) or dv.is_railway(sid) or dv.raj_control(state, sid)
        else:
            ok = not dv.is_railway(sid) and not dv.raj_control(state, sid)
            if not ok and faction in BASE_OF:
                ok = sp.pieces.get(BASE_OF[faction], 0) > 0
        if ok:
            for ds in out.values():
                ds.append(sid)
    return out


def redeploy_moves(state: GandhiState, faction: str, moved: dict, origin: str,
                   dests: dict[str, list[str]] | None = None, upkept: int | None = None) -> list[tuple[str, str]]:
    """(kind, destination) pairs for one piece leaving ``origin``. A Troop may
    not enter a Province or Railway unless the Raj could then pay 2 Resources
    for every Troop there (6.4.2; reading R-6.4.2-upkeep). ``dests``
    (:func:`redeploy_destinations`) and ``upkept`` (:func:`troops_upkept`):
    when the caller has them for this very state."""
    return list(_moves(state, faction, moved, origin, dests, upkept))


def can_leave(state: GandhiState, faction: str, moved: dict, origin: str,
              dests: dict[str, list[str]] | None = None, upkept: int | None = None) -> bool:
    """Whether a piece may leave ``origin``: :func:`redeploy_moves` is not
    empty (issue 21: speed: stops at the first move)."""
    return next(_moves(state, faction, moved, origin, dests, upkept), None) is not None


def _moves(state: GandhiState, faction: str, moved: dict, origin: str,
           dests: dict[str, list[str]] | None, upkept: int | None) -> Iterator[tuple[str, str]]:
    """:func:`redeploy_moves` one at a time."""
    for kind in KINDS[faction]:
        if movable(state, moved, origin, kind) <= 0:
            continue
        if dests is None:
            dests = redeploy_destinations(state, faction)
        pay_ok = True
        if kind == "troop":
            p = upkept if upkept is not None else troops_upkept(state)
            after = p + 1 - (1 if _upkept(origin) else 0)
            pay_ok = can_pay(state, "raj", TROOP_UPKEEP * after)
        for sid in dests[kind]:
            if sid != origin and (pay_ok or not (kind == "troop" and _upkept(sid))):
                yield kind, sid


def redeploy_most(state: GandhiState, faction: str, moved: dict, origin: str, kind: str, dest: str,
                  upkept: int | None = None) -> int:
    """How many ``kind`` pieces may go from ``origin`` to ``dest`` in one
    answer (issue 14): those not yet moved, and for Troops entering a
    Province or Railway from elsewhere as many as the Raj could still pay 2
    Resources each for (6.4.2). ``upkept``: :func:`troops_upkept`, when the
    caller has it."""
    n = movable(state, moved, origin, kind)
    if kind == "troop" and _upkept(dest) and not _upkept(origin) and uses_resources(state, "raj"):
        n = min(n, state.resources["raj"] // TROOP_UPKEEP - (troops_upkept(state) if upkept is None else upkept))
    return max(1, n)


def redeploy_origins(state: GandhiState, faction: str, moved: dict,
                     dests: dict[str, list[str]] | None = None) -> list[str]:
    """Spaces holding a piece of ``faction`` that may still move somewhere
    (``dests``: :func:`redeploy_destinations`, when the caller has them)."""
    dests = redeploy_destinations(state, faction) if dests is None else dests
    upkept = troops_upkept(state) if faction == "raj" else 0
    out = []
    for s in state.spaces:
        if not any(movable(state, moved, s, k) > 0 for k in KINDS[faction]):
            continue
        if can_leave(state, faction, moved, s, dests, upkept):
            out.append(s)
    return out


def must_move_left(state: GandhiState, faction: str) -> int:
    """Pieces still on Railways that must move (6.4.3-6.4.5)."""
    return sum(board.count(state, r, k) for r in get_data().map.railways for k in MUST_LEAVE_RAIL[faction])


def raj_can_stop(state: GandhiState) -> bool:
    """The Raj may end its Redeploy only if it can pay for every Troop left in
    a Province or on a Railway (6.4.2)."""
    return can_pay(state, "raj", TROOP_UPKEEP * troops_upkept(state))


def can_stop(state: GandhiState, faction: str) -> bool:
    if faction == "raj":
        return raj_can_stop(state)
    return must_move_left(state, faction) == 0


@register
class Redeploy(PhaseStep):
    """Redeploy (6.4.2-6.4.5) of one faction: choose a space to move a piece
    from, or "done". Pieces move one at a time and each piece moves at most
    once (``moved``: {space: {kind: n}} counts pieces that arrived there).

    * Raj (6.4.2): Troops to Cities, Railways and Provinces with Raj Control;
      Sepoys also to States; never Troops into States. Cubes may leave Protest
      spaces (reading R-6.4.2). "done" only while the Raj can pay 2 per Troop
      in a Province or on a Railway.
    * Congress (6.4.3): Activists on Railways must move; Activists and Gandhi
      may move to non-Railway spaces without Raj Control.
    * Muslim League (6.4.4): as Congress, or to any space with an ML Base.
    * Revolutionaries (6.4.5): Guerrillas on Railways must move; they may move
      to non-Railway spaces without Raj Control or with a Revolutionary Base.
    """

    name = "campaign.redeploy"

    def available(self, state, fr):
        dests = redeploy_destinations(state, fr["faction"])  # issue 21: speed: for both lists
        origins = redeploy_origins(state, fr["faction"], fr["moved"], dests)
        if at_least(state, 6):  # ruleset 6: asked only when a space may be left or not, by choice
            forced = forced_origins(state, fr["faction"], fr["moved"], dests)
            return any(o not in forced for o in origins)
        return bool(origins)

    def skip(self, state, fr):
        if at_least(state, 6):  # only pieces that must leave the Railways: each of their spaces in turn
            queue = forced_origins(state, fr["faction"], fr["moved"])
            if queue:
                return [frame("campaign.redeploy_next", faction=fr["faction"], queue=queue, moved=fr["moved"])]
        return []

    def decision(self, state, fr):
        f = fr["faction"]
        dests = redeploy_destinations(state, f)  # issue 21: speed: for both lists
        origins = redeploy_origins(state, f, fr["moved"], dests)
        if at_least(state, 6):
            return self._decision6(state, fr, origins, dests)
        choices = [space_choice(s) for s in origins]
        if can_stop(state, f):
            choices.append(done_choice("End Redeploy"))
        return Decision(f, msg("prompt.campaign.redeploy",
                               "Redeploy ({faction}): choose a space to move a piece from.",
                               faction=FACTION_NAMES[f]), choices, self.name)

    def _decision6(self, state, fr, origins, dests):
        """Ruleset 6 (issue 14): the spaces pieces leave, several at once, in
        the order they are to be Redeployed (Raj Control adjusts after each
        move, 6.4); each is then asked once. The spaces whose pieces must
        leave the Railways (6.4.3-6.4.5) are visited after them anyway, so
        "done" stays on offer for the Congress, the League and the
        Revolutionaries; the Raj ends only when it can pay (6.4.2)."""
        f = fr["faction"]
        forced = forced_origins(state, f, fr["moved"], dests)
        choices = [dataclasses.replace(space_choice(s), joins=True) for s in origins]
        if f != "raj" or raj_can_stop(state):
            choices.append(done_choice("Move from no other space" if forced else "End Redeploy"))
        if forced:
            prompt = msg("prompt.campaign.redeploy_from_forced",
                         "Redeploy ({faction}): choose the spaces to move pieces from, in order ({n} piece(s) "
                         "must leave the Railways: their spaces come next anyway).",
                         faction=FACTION_NAMES[f], n=must_move_left(state, f))
        else:
            prompt = msg("prompt.campaign.redeploy_from",
                         "Redeploy ({faction}): choose the spaces to move pieces from, in order.",
                         faction=FACTION_NAMES[f])
        many = len(origins) if len(origins) > 1 else 1
        return Decision(f, prompt, choices, self.name, many=many)

    def refuse(self, state, fr, cid):
        f = fr["faction"]
        if cid == "done":
            if f == "raj":
                return msg("error.redeploy_pay", "The Raj cannot pay 2 Resources for each of {n} Troops in "
                           "Provinces and on Railways (Resources {res}): move Troops to Cities first (6.4.2).",
                           n=troops_upkept(state), res=state.resources["raj"])
            return msg("error.redeploy_rail", "{n} piece(s) must still leave the Railways (6.4).",
                       n=must_move_left(state, f))
        return None

    def apply(self, state, fr, cid):
        if at_least(state, 6):
            chosen = [] if cid == "done" else cid.split(TOGETHER)
            queue = chosen + [o for o in forced_origins(state, fr["faction"], fr["moved"]) if o not in chosen]
            push(state, frame("campaign.redeploy_next", faction=fr["faction"], queue=queue, moved=fr["moved"]))
            return
        if cid == "done":
            return
        push(state, frame("campaign.redeploy_to", faction=fr["faction"], origin=cid, moved=fr["moved"]))


def forced_origins(state: GandhiState, faction: str, moved: dict,
                   dests: dict[str, list[str]] | None = None) -> list[str]:
    """Railways holding pieces of ``faction`` that must leave them (6.4.3-6.4.5)
    and may go somewhere, in map order (``dests``: :func:`redeploy_destinations`,
    when the caller has them)."""
    out = []
    upkept = None  # issue 21: speed: one look at the map for every Railway
    for rid in get_data().map.railways:
        if any(movable(state, moved, rid, k) > 0 for k in MUST_LEAVE_RAIL[faction]):
            if upkept is None:
                dests = redeploy_destinations(state, faction) if dests is None else dests
                upkept = troops_upkept(state) if faction == "raj" else 0
            if any(k in MUST_LEAVE_RAIL[faction] for k, _ in _moves(state, faction, moved, rid, dests, upkept)):
                out.append(rid)
    return out


def _must_leave(state: GandhiState, faction: str, moved: dict, origin: str,
                dests: dict[str, list[str]] | None = None, upkept: int | None = None) -> bool:
    """Pieces in ``origin`` that must still leave it and have somewhere to go (6.4.3-6.4.5)."""
    return dv.is_railway(origin) and any(k in MUST_LEAVE_RAIL[faction]
                                         for k, _ in _moves(state, faction, moved, origin, dests, upkept))


@register
class RedeployNext(Step):
    """Ruleset 6: the next space of a Redeploy's ``queue`` whose pieces can
    still move is asked (``campaign.redeploy_to``). Once the queue is
    done, the Redeploy ends -- unless the Raj still cannot pay for its
    Troops (6.4.2), when the spaces are asked again, or pieces must still
    leave a Railway and can (6.4.3-6.4.5), whose spaces are asked.
    (Pieces that must leave a Railway but have nowhere to go stay: no
    question could move them.)"""

    name = "campaign.redeploy_next"
    auto = True

    def run(self, state, fr):
        f, moved, queue = fr["faction"], fr["moved"], list(fr["queue"])
        while queue:
            origin = queue.pop(0)
            if can_leave(state, f, moved, origin):
                push(state, frame("campaign.redeploy_to", faction=f, origin=origin, moved=moved, queue=queue))
                return
        if f == "raj" and not raj_can_stop(state):
            push(state, gate(frame("campaign.redeploy", faction=f, moved=moved)))
        elif f != "raj" and (forced := forced_origins(state, f, moved)):  # pieces that must still leave a Railway
            push(state, frame(self.name, faction=f, queue=forced, moved=moved))


@register
class RedeployTo(Step):
    """Redeploy: which piece from ``origin`` goes where. Choice ids
    ``"<piece>:<space>"`` (piece: troop, sepoy, activist, gandhi, active,
    underground), or "back"."""

    name = "campaign.redeploy_to"

    def decision(self, state, fr):
        f, origin = fr["faction"], fr["origin"]
        upkept = troops_upkept(state) if f == "raj" else 0  # issue 21: speed: once, not per Troop move
        moves = redeploy_moves(state, f, fr["moved"], origin, upkept=upkept)
        counted = at_least(state, 4)
        many = len(moves) if at_least(state, 5) and len(moves) > 1 else 1
        choices = [Choice(f"{SHORT[k]}:{s}", msg("choice.redeploy_to", "{piece} to {space}", piece=LABEL[k],
                                                 space=space_name(s)),
                          most=redeploy_most(state, f, fr["moved"], origin, k, s, upkept) if counted else 1,
                          label_n=msg("choice.redeploy_to_n", "{piece}: {n} to {space}", piece=LABEL[k],
                                      space=space_name(s), n=1),
                          joins=many > 1, pools=_pools(origin, k, s) if many > 1 else ())
                   for k, s in moves]
        budgets = {}
        if many > 1:  # ruleset 5: several destinations at once, within the pieces there (and the Raj's purse)
            budgets = {k: movable(state, fr["moved"], origin, k) for k in KINDS[f]}
            if f == "raj" and not _upkept(origin):
                budgets["upkeep"] = max(0, state.resources["raj"] // TROOP_UPKEEP - upkept)
        if not at_least(state, 6):
            choices.append(simple("back", "choice.back", "Choose another space"))
        elif not (dv.is_railway(origin) and any(k in MUST_LEAVE_RAIL[f] for k, _ in moves)):  # _must_leave
            choices.append(done_choice(f"Move no more from {space_name(origin)}"))  # ruleset 6: the next space
        return Decision(f, msg("prompt.campaign.redeploy_to", "Redeploy from {space}: which piece, to where?",
                               space=space_name(origin)), choices, self.name, many=many, budgets=budgets)

    def takes_counts(self, state, fr):
        """Ruleset 5 (issue 14a): the pieces leaving ``origin`` are one
        answer, "distributed" as counts (``"troop:delhi*2+sepoy:bihar"``)."""
        return at_least(state, 5)

    def check_joined(self, state, fr, cid):
        """The parts, moved one piece at a time in the order given, must each
        still be a legal move (6.4.2-6.4.5): no more pieces than stand there,
        Troops only where the Raj could pay 2 Resources for each."""
        from ..core.engine import scratch

        work, moved = scratch(state), {s: dict(v) for s, v in fr["moved"].items()}
        for kind, sid, n in _parts(fr["faction"], cid):
            for _ in range(n):
                if (kind, sid) not in _moves(work, fr["faction"], moved, fr["origin"], None, None):
                    return msg("error.redeploy_too_many",
                               "Not every piece of that answer may leave {origin}: {piece} to {space} is one too "
                               "many (6.4).", origin=space_name(fr["origin"]), piece=LABEL[kind],
                               space=space_name(sid))
                _move_one(work, fr["faction"], moved, fr["origin"], kind, sid)
        return None

    def refuse(self, state, fr, cid):
        f = fr["faction"]
        short, _, sid = cid.partition(":")
        kinds = [k for k in KINDS[f] if SHORT[k] == short]
        if not kinds or sid not in get_data().map.spaces:
            return None
        kind = kinds[0]
        if movable(state, fr["moved"], fr["origin"], kind) <= 0:
            return msg("error.redeploy_none", "No {piece} in {space} may still move.", piece=LABEL[kind],
                       space=space_name(fr["origin"]))
        if f == "raj":
            if kind == "troop" and dv.is_state(state, sid):
                return msg("error.troops_state", "Troops may never enter a State (1.3.5).")
            if dv.is_province(state, sid) and not dv.raj_control(state, sid):
                return msg("error.redeploy_control", "{space} is a Province without Raj Control (6.4.2).",
                           space=space_name(sid))
            if kind == "troop" and _upkept(sid):
                return msg("error.redeploy_pay_each", "The Raj could not pay 2 Resources for each Troop in "
                           "Provinces and on Railways (Resources {res}) (6.4.2).", res=state.resources["raj"])
            return None
        if dv.is_railway(sid):
            return msg("error.redeploy_rail_dest", "Redeploy may not end on a Railway (6.4).")
        if dv.raj_control(state, sid):
            return msg("error.redeploy_control_nv", "{space} is under Raj Control (6.4).", space=space_name(sid))
        return None

    def apply(self, state, fr, cid):
        f, origin = fr["faction"], fr["origin"]
        moved = {s: dict(v) for s, v in fr["moved"].items()}
        if at_least(state, 6):  # one answer per space; again only for pieces that must still leave it
            if cid != "done":
                for kind, sid, n in _parts(f, cid):
                    for _ in range(n):
                        _move_one(state, f, moved, origin, kind, sid)
                if _must_leave(state, f, moved, origin):
                    push(state, frame(self.name, faction=f, origin=origin, moved=moved, queue=fr["queue"]))
                    return
            push(state, frame("campaign.redeploy_next", faction=f, queue=fr["queue"], moved=moved))
            return
        if cid != "back" and at_least(state, 5):  # one answer for the pieces leaving origin, then the next origin
            for kind, sid, n in _parts(f, cid):
                for _ in range(n):
                    _move_one(state, f, moved, origin, kind, sid)
        elif cid != "back":
            (kind, sid, _), = _parts(f, cid)
            _move_one(state, f, moved, origin, kind, sid)
            if at_least(state, 4) and can_leave(state, f, moved, origin):
                # ruleset 4: the next pieces from the same space without choosing it again (a quantity)
                push(state, frame("campaign.redeploy_to", faction=f, origin=origin, moved=moved, again=True))
                return
        push(state, gate(frame("campaign.redeploy", faction=f, moved=moved)))


def _pools(origin: str, kind: str, sid: str) -> tuple[str, ...]:
    """The budgets a Redeploy choice ``"<piece>:<space>"`` (a ``kind`` piece
    from ``origin`` to ``sid``) draws on: the pieces of its kind in
    ``origin``; a Troop into a Province or onto a Railway from elsewhere also
    the Raj's Resources, 2 each (6.4.2)."""
    upkeep = kind == "troop" and _upkept(sid) and not _upkept(origin)
    return (kind, "upkeep") if upkeep else (kind,)


def _parts(faction: str, cid: str) -> list[tuple[str, str, int]]:
    """``"troop:delhi*2+sepoy:bihar"`` -> ``[("troop", "delhi", 2), ("sepoy", "bihar", 1)]``."""
    out = []
    for part in cid.split(TOGETHER):
        base, n = split_quantity(part)
        short, sid = base.split(":")
        out.append((next(k for k in KINDS[faction] if SHORT[k] == short), sid, n))
    return out


def _move_one(state: GandhiState, f: str, moved: dict, origin: str, kind: str, sid: str) -> None:
    """One piece of ``f`` Redeploys from ``origin`` to ``sid`` (it may not move again: ``moved``)."""
    board.move(state, origin, sid, kind, 1)
    moved.setdefault(sid, {})
    moved[sid][kind] = moved[sid].get(kind, 0) + 1
    log(state, "log.redeploy", "Redeploy: {faction} moves a {piece} from {origin} to {space}.", actor=f,
        faction=f, piece=kind, origin=origin, space=sid)


@register
class RajUpkeep(Step):
    """End of the Raj Redeploy (6.4.2): pay 2 Resources per Troop in a Province
    or on a Railway, then remove to Available all cubes from Provinces without
    Raj Control and all but one Troop from each City."""

    name = "campaign.raj_upkeep"
    auto = True

    def run(self, state, fr):
        cost = TROOP_UPKEEP * troops_upkept(state)
        paid = -board.add_resources(state, "raj", -cost)
        log(state, "log.raj_upkeep", "The Raj pays {cost} Resources for Troops in Provinces and on Railways.",
            actor="raj", cost=paid)
        for sid in get_data().map.ids:
            if dv.is_province(state, sid) and not dv.raj_control(state, sid):
                t = board.remove(state, sid, "troop", 99)
                s = board.remove(state, sid, "sepoy", 99)
                if t or s:
                    log(state, "log.redeploy_removed", "{troops} Troop(s) and {sepoys} Sepoy(s) leave {space} "
                        "(no Raj Control).", troops=t, sepoys=s, space=sid)
        for sid in get_data().map.ids:
            if is_city(sid) and board.count(state, sid, "troop") > 1:
                t = board.remove(state, sid, "troop", board.count(state, sid, "troop") - 1)
                log(state, "log.redeploy_city", "{troops} Troop(s) leave {space} (one Troop stays).",
                    troops=t, space=sid)


# --- 6.5 Reset -------------------------------------------------------------------------

@register
class CampaignReset(Step):
    """Reset (6.5), in order: Protests back to their boxes (Activists become
    Inactive: derived); one Unrest removed from each space without Guerrillas,
    Guerrillas Underground; Strikes removed; Restraint and Unity set to the
    number of Campaign cards left in the deck; all factions Eligible; the next
    card revealed (the Event swapped out by the Campaign card (2.4) becomes
    current). Before the final Campaign a Crisis is triggered automatically
    and the Raj rolls for cubes from Out of Play before anyone acts (6.8)."""

    name = "campaign.reset"
    auto = True

    def run(self, state, fr):
        for sid in state.spaces:
            board.remove_protest(state, sid)
        for sid, sp in state.spaces.items():
            if dv.guerrillas(sp) == 0 and sp.unrest:
                board.remove_unrest(state, sid, 1)
            board.flip(state, sid, "guerrilla_active", "guerrilla_underground", 99)
        for sid in state.spaces:
            board.remove_strike(state, sid)
        left = campaigns_left(state)
        board.set_restraint(state, max(1, left))
        board.set_unity(state, max(1, left))
        state.crisis_triggered = False
        for f in state.eligibility:
            state.eligibility[f] = "eligible"
        state.turn = type(state.turn)()
        state.action = None
        state.campaigns_done += 1
        log(state, "log.reset", "Reset: Restraint and Unity set to {n}; all factions Eligible.", n=max(1, left))
        # 2.4: the swapped Event card is played first; reveal a new next card.
        state.current = None
        next_card(state)
        steps: list[Frame] = []
        if reset_protest_spaces(state):  # 8.9.4 (ruleset 5): the NP Congress's Protest
            steps.append(frame("np.reset_protest"))
        if left == 1:
            log(state, "log.crisis_final", "The final Campaign begins: India is in Crisis (6.8).")
            steps.append(frame("crisis.roll"))
        steps.append(frame("sop.card"))
        push(state, *steps)

