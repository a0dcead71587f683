"""Congress and Muslim League Operations (3.3): Rally, Demonstrate, Civil
Disobedience, Non-Cooperation, each registered for both Nonviolent factions
(``inc.rally``, ``ml.rally`` ...).

Space limits (3.3, 3.1.5): a Nonviolent faction pays nothing but may choose
only so many spaces. Congress: up to Restraint spaces, plus any number of
spaces with a Protest and/or Gandhi; Muslim League: up to Unity spaces, plus any
number of spaces with a Muslim League Base. Whether a space is "free" (Protest,
Gandhi, ML Base) or counts against the limit is judged when it is chosen, and
the limit is the Restraint/Unity in force at that moment (3.1.5 example 1: a
Negotiate that raises Restraint from 2 to 3 mid-Operation lets Congress choose
a third counted space). The spaces that counted are kept in
``ctx["data"]["nv_counted"]``.

Pieces moved during the Operation (3.1.2) are kept in
``ctx["data"]["nv_moved"]`` = {space: {kind: n}}: the pieces that arrived in a
space this Operation and so may not move again.

A Negotiate Special Activity's space may not be chosen for the Operation and
vice versa (3.1.1, 4.1.1): :func:`negotiate_blocks` is checked here, and the
Negotiate steps in ``special_activities`` exclude ``ctx["spaces"]``.
"""
from __future__ import annotations

from typing import Any

from ...core import rng
import dataclasses

from ...core.messages import TOGETHER, Choice, Decision, msg, split_quantity
from ...core.steps import Step, frame, push, register
from .. import board, derived as dv
from ..actions import Ctx, EachMapSpace, Operation, operation
from ..common import FACTION_NAMES, done_choice, log, simple, space_choice, space_name
from ..data import get_data
from ..ruleset import at_least
from ..state import GandhiState

OTHER = {"inc": "ml", "ml": "inc"}
ACTIVIST = {"inc": "inc_activist", "ml": "ml_activist"}


# --- shared helpers (also used by the Special Activities) --------------------

def activist_kind(faction: str) -> str:
    """``inc_activist`` or ``ml_activist``."""
    return ACTIVIST[faction]


def other_nv(faction: str) -> str:
    """The other Nonviolent faction ("inc" <-> "ml")."""
    return OTHER[faction]


def space_ids() -> tuple[str, ...]:
    return get_data().map.ids


def is_free_space(state: GandhiState, faction: str, sid: str) -> bool:
    """3.3: a space that does not count against the Nonviolent space limit:
    for Congress a space with a Protest and/or Gandhi, for the Muslim League a
    space with a Muslim League Base."""
    sp = state.spaces[sid]
    if faction == "inc":
        return sp.protest or dv.n(sp, "gandhi") > 0
    return dv.n(sp, "ml_base") > 0


def space_limit(state: GandhiState, faction: str) -> int:
    """3.3: Restraint for Congress, Unity for the Muslim League."""
    return state.restraint if faction == "inc" else state.unity


def limit_name(faction: str) -> str:
    return "Restraint" if faction == "inc" else "Unity"


def counted(ctx: Ctx) -> list[str]:
    """Spaces of this Operation that counted against the NV space limit."""
    return ctx["data"].setdefault("nv_counted", [])


def moved(ctx: Ctx) -> dict[str, dict[str, int]]:
    """Pieces that moved this Operation, by the space they are now in (3.1.2)."""
    return ctx["data"].setdefault("nv_moved", {})


def movable(state: GandhiState, ctx: Ctx, sid: str, kind: str) -> int:
    """Pieces of ``kind`` in ``sid`` that have not moved yet this Operation (3.1.2)."""
    return board.count(state, sid, kind) - moved(ctx).get(sid, {}).get(kind, 0)


def note_move(ctx: Ctx, dst: str, kind: str, k: int = 1) -> None:
    m = moved(ctx).setdefault(dst, {})
    m[kind] = m.get(kind, 0) + k


def negotiate_blocks(ctx: Ctx, sid: str) -> bool:
    """3.1.1/4.1.1: a space chosen for a Negotiate may not be chosen for the Operation."""
    return ctx.get("sa") == "negotiate" and sid in ctx.get("sa_spaces", [])


def nv_pieces(sp, faction: str) -> int:
    """Congress pieces (Activists + Gandhi) or Muslim League pieces (Activists + Bases)
    as compared by Negotiate (4.3.1, 4.4.1)."""
    if faction == "inc":
        return dv.n(sp, "inc_activist") + dv.n(sp, "gandhi")
    return dv.n(sp, "ml_activist") + dv.n(sp, "ml_base")


def is_city_province_state(sid: str) -> bool:
    return not dv.is_railway(sid)


# --- the common Nonviolent Operation ------------------------------------------

class NVOperation(EachMapSpace, Operation):
    """A Nonviolent Operation: no cost, a space limit (3.3) judged at the moment
    each space is chosen (3.1.5). Subclasses implement ``kind_reason`` (why the
    space is not of the right kind, ignoring the limit), optionally
    ``free`` (the space does not count against the limit) and ``act``
    (frames for a chosen space)."""

    def kind_reason(self, state: GandhiState, ctx: Ctx, sid: str, m) -> str | None:  # pragma: no cover
        """Why ``sid`` is not of the right kind (``m``: the map data)."""
        raise NotImplementedError

    def free(self, state: GandhiState, ctx: Ctx, sid: str) -> bool:
        return is_free_space(state, self.faction, sid)

    def act(self, state: GandhiState, ctx: Ctx, sid: str) -> list:
        return []

    def why_not(self, state, ctx, sid):
        m = get_data().map
        return (self._chosen_reason(ctx, sid) or self.kind_reason(state, ctx, sid, m)
                or self._limit_reason(state, ctx, sid))

    def _chosen_reason(self, ctx, sid) -> str | None:
        if sid in ctx["spaces"]:
            return f"{space_name(sid)} was already chosen for this Operation (3.1.1)."
        if negotiate_blocks(ctx, sid):
            return f"{space_name(sid)} was chosen for Negotiate: it may not be chosen for the Operation (3.1.1)."
        return None

    def _limit_reason(self, state, ctx, sid) -> str | None:
        """The limit is reached and ``sid`` would count against it. Once the
        list of counted spaces exists and is short of the limit, whether
        ``sid`` is free is not asked (issue 21: speed); before, a space that
        would count creates that (empty) list, as it always did."""
        limit = space_limit(state, self.faction)
        if len(ctx["data"].get("nv_counted", ())) < limit and "nv_counted" in ctx["data"]:
            return None
        if not self.free(state, ctx, sid) and len(counted(ctx)) >= limit:
            extra = ("a Protest or Gandhi" if self.faction == "inc" else "a Muslim League Base")
            return (f"{FACTION_NAMES[self.faction]} has already chosen {len(counted(ctx))} space(s) "
                    f"without {extra} ({limit_name(self.faction)} {limit}) (3.3).")
        return None

    def _reason(self, state, ctx, sid, m) -> str | None:
        """The same verdict as :meth:`why_not`, cheapest checks first."""
        return (self._chosen_reason(ctx, sid) or self._limit_reason(state, ctx, sid)
                or self.kind_reason(state, ctx, sid, m))

    def space_ok(self, state, ctx, sid):
        return self._reason(state, ctx, sid, get_data().map) is None

    def set_limit(self, state, ctx):
        """3.3: of one set, the spaces that count against Restraint/Unity
        (no Protest or Gandhi; no Muslim League Base) at most the limit left."""
        return space_limit(state, self.faction) - len(counted(ctx)), lambda sid: not self.free(state, ctx, sid)

    def select(self, state, ctx, sid):
        if not self.free(state, ctx, sid):
            counted(ctx).append(sid)
        return self.act(state, ctx, sid)


# --- Rally (3.3.1) ------------------------------------------------------------

class Rally(NVOperation):
    """Rally (3.3.1).

    Spaces: Cities, Provinces and States (no Railways) without Support, up to
    the limit, plus any City/Province/State with a Protest or Gandhi (Congress)
    or a Muslim League Base (Muslim League).

    In each space Congress places up to Population Activists (a decision: how
    many); the Muslim League places 1 + ML Bases there Activists, or instead
    replaces Unity ML Activists there with an ML Base where there is room
    (1.4.2). Then, once (``finish``): move one Activist (either faction's; Unity
    +1 if the other's) Out of Play -> Available, OR roll a die and release that
    many Activists from Prison to Available -- own first, the other NV
    faction's if needed (reading R-3.3.1-release), OR nothing.
    """

    together = True  # independent spaces: chosen several at once under ruleset 4 (issue 14)

    name = "rally"
    label = "Rally"
    rule = "3.3.1"

    def kind_reason(self, state, ctx, sid, m):
        if m.spaces[sid].is_railway:
            return f"{space_name(sid)} is a Railway: Rally chooses Cities, Provinces and States (3.3.1)."
        if state.spaces[sid].support > 0 and not self.free(state, ctx, sid):
            extra = "a Protest or Gandhi" if self.faction == "inc" else "a Muslim League Base"
            return f"{space_name(sid)} has Support and no {extra}: Rally may not choose it (3.3.1)."
        return None

    def space_choices(self, state, ctx, sid):
        """Ruleset 6 (issue 14): the League's placement is part of the space
        choice: "<space>" places its Activists (1 + its Bases there),
        "<space>:base" replaces Unity Activists with a Base (3.3.1). (The
        Congress's "how many, up to Population" stays a question of its own:
        a count per space would triple the list of spaces.)"""
        plain = super().space_choices(state, ctx, sid)
        if not at_least(state, 6) or self.faction != "ml":
            return plain
        options = REGISTRY_RALLY_PLACE.options(state, frame("nv.rally.place", faction=self.faction, space=sid))
        return [Choice(sid, _rally_label(state, self.faction, sid, options[0].id))] + [
            Choice(f"{sid}:{o.id}", _rally_label(state, self.faction, sid, o.id)) for o in options[1:]]

    def choose_variant(self, state, ctx, sid, variant):
        if at_least(state, 6) and self.faction == "ml":
            ctx.setdefault("rally", {})[sid] = variant

    def act(self, state, ctx, sid):
        fr = frame("nv.rally.place", faction=self.faction, space=sid)
        options = REGISTRY_RALLY_PLACE.options(state, fr)
        if at_least(state, 6) and self.faction == "ml":  # ruleset 6: chosen with the space
            REGISTRY_RALLY_PLACE.apply(state, fr, ctx.get("rally", {}).get(sid) or options[0].id)
            return []
        if len(options) == 1:  # nothing to decide
            REGISTRY_RALLY_PLACE.apply(state, fr, options[0].id)
            return []
        return [fr]

    def finish(self, state, ctx):
        if not ctx["spaces"]:
            return []
        if rally_afterwards_options(state, self.faction):
            return [frame("nv.rally.after", faction=self.faction)]
        return []


@operation
class CongressRally(Rally):
    faction = "inc"


@operation
class MuslimLeagueRally(Rally):
    faction = "ml"


def ml_base_possible(state: GandhiState, sid: str) -> bool:
    """3.3.1: the Muslim League may replace Unity ML Activists with a Base in a
    non-Railway space with room (1.4.2) if a Base is Available."""
    return (not dv.is_railway(sid) and board.count(state, sid, "ml_activist") >= state.unity
            and dv.base_room(state, sid) > 0 and state.available.get("ml_base", 0) > 0)


@register
class RallyPlace(Step):
    """3.3.1: the placement in one Rally space (a decision for the acting faction)."""

    name = "nv.rally.place"

    def options(self, state, fr) -> list[Choice]:
        f, sid = fr["faction"], fr["space"]
        if f == "inc":
            top = min(dv.population(sid), state.available.get("inc_activist", 0))
            return [simple(str(k), "choice.place_n", "Place {n} Congress Activist(s)", n=k)
                    for k in range(top, -1, -1)]
        want = 1 + board.count(state, sid, "ml_base")
        k = min(want, state.available.get("ml_activist", 0))
        out = [simple("activists", "choice.ml_rally_activists", "Place {n} Muslim League Activist(s)", n=k)]
        if ml_base_possible(state, sid):
            out.append(simple("base", "choice.ml_rally_base",
                              "Replace {n} Muslim League Activists with a Muslim League Base", n=state.unity))
        return out

    def decision(self, state, fr):
        return Decision(fr["faction"], msg("prompt.rally_place", "Rally in {space}: place what?",
                                           space=space_name(fr["space"])), self.options(state, fr), self.name)

    def refuse(self, state, fr, cid):
        """Why a Rally placement is not possible here (3.3.1, 1.4.2)."""
        f, sid = fr["faction"], fr["space"]
        name = space_name(sid)
        if f == "inc" and cid.isdigit():
            return msg("error.rally_too_many", "Rally places at most the Population ({pop}) of {space}, and only "
                       "Available Activists ({avail}) (3.3.1).", pop=dv.population(sid), space=name,
                       avail=state.available.get("inc_activist", 0))
        if cid == "base":
            if f != "ml":
                return msg("error.rally_base_ml", "Only the Muslim League places a Base by Rally (3.3.1).")
            return msg("error.rally_base", "A Muslim League Base replaces Unity ({unity}) Muslim League Activists "
                       "in a space with room for a Base (1.4.2), with a Base Available (3.3.1).", unity=state.unity)
        return None

    def apply(self, state, fr, cid):
        f, sid = fr["faction"], fr["space"]
        if cid == "base":
            board.remove(state, sid, "ml_activist", state.unity)
            board.place(state, sid, "ml_base", 1)
            log(state, "log.rally_base", "Muslim League replaces {n} Activists with a Base in {space}.",
                actor=f, n=state.unity, space=sid)
            return
        if cid == "activists":
            k = 1 + board.count(state, sid, "ml_base")
        else:
            k = int(cid)
        placed = board.place(state, sid, activist_kind(f), k)
        log(state, "log.rally_place", "{faction} places {n} Activist(s) in {space}.", actor=f, faction=f,
            n=placed, space=sid)


REGISTRY_RALLY_PLACE = RallyPlace()


def _rally_label(state: GandhiState, faction: str, sid: str, placement: str):
    """The label of a League Rally space with its placement (ruleset 6)."""
    name = space_name(sid)
    if placement == "base":
        return msg("choice.rally_space_ml_base", "{space}: replace {n} Muslim League Activists with a Base",
                   space=name, n=state.unity)
    n = min(1 + board.count(state, sid, "ml_base"), state.available.get("ml_activist", 0))
    return msg("choice.rally_space_ml", "{space}: place {n} Muslim League Activist(s)", space=name, n=n)


def rally_afterwards_options(state: GandhiState, faction: str) -> list[str]:
    """3.3.1, after placing: the Out of Play / Prison options open now."""
    out = []
    for f in (faction, other_nv(faction)):
        if state.out_of_play.get(activist_kind(f), 0):
            out.append(activist_kind(f))
    if state.prison.get("inc_activist", 0) or state.prison.get("ml_activist", 0):
        out.append("release")
    return out


def release_from_prison(state: GandhiState, faction: str, roll: int) -> dict[str, int]:
    """3.3.1: release ``roll`` Activists from Prison to Available: the acting
    faction's first, then the other Nonviolent faction's if needed (the faction
    must release as many as the roll if possible). Returns {kind: n}."""
    out = {}
    left = roll
    for f in (faction, other_nv(faction)):
        k = board.transfer(state, activist_kind(f), left, "prison", "available")
        if k:
            out[activist_kind(f)] = k
        left -= k
    return out


@register
class RallyAfter(Step):
    """3.3.1 the one-off part of Rally: Out of Play -> Available or release from Prison."""

    name = "nv.rally.after"

    def decision(self, state, fr):
        f = fr["faction"]
        choices = []
        for oid in rally_afterwards_options(state, f):
            if oid == "release":
                choices.append(simple("release", "choice.rally_release",
                                      "Roll a die and release that many Activists from Prison"))
            elif oid == activist_kind(f):
                choices.append(simple(oid, "choice.own_activist",
                                      "Move a {faction} Activist from Out of Play to Available", faction=f))
            else:
                choices.append(simple(oid, "choice.other_activist",
                                      "Move a {faction} Activist from Out of Play to Available (Unity +1)",
                                      faction=other_nv(f)))
        choices.append(simple("none", "choice.none_neither", "Neither"))
        return Decision(f, msg("prompt.rally_after",
                               "Rally: move an Activist from Out of Play, or release prisoners?"),
                        choices, self.name)

    def apply(self, state, fr, cid):
        f = fr["faction"]
        if cid == "none":
            return
        if cid == "release":
            roll = rng.roll_die(state)
            out = release_from_prison(state, f, roll)
            log(state, "log.rally_release", "{faction} rolls {roll} and releases {released} from Prison.",
                actor=f, faction=f, roll=roll, released=out)
            return
        board.out_of_play_to_available(state, cid, 1, f)  # Unity +1 if the other's Activist (3.3.1)
        log(state, "log.rally_oop", "{faction} moves a {kind} from Out of Play to Available.", actor=f,
            faction=f, kind=cid)


# --- Demonstrate (3.3.2) ---------------------------------------------------------

class Demonstrate(NVOperation):
    """Demonstrate (3.3.2).

    Chosen spaces are non-Railway destinations: up to the limit, plus any
    non-Railway space with a Protest or Gandhi (Congress) / an ML Base (Muslim
    League). Friendly Activists that have not moved this Operation move in from
    adjacent spaces (Railways included), one at a time (decisions); at least
    one must move into each destination (reading R-3.3.2-move). Congress may
    also move Muslim League Activists, in all up to Unity per Operation, each
    accompanying a Congress Activist moving from the same origin to the same
    destination (one for one). Then, if the destination has no Raj Control and
    no Protest, the faction may place an Available Protest (a decision).
    """

    name = "demonstrate"
    label = "Demonstrate"
    rule = "3.3.2"

    def kind_reason(self, state, ctx, sid, m):
        if m.spaces[sid].is_railway:
            return f"{space_name(sid)} is a Railway: Demonstrate destinations are non-Railway spaces (3.3.2)."
        kind = activist_kind(self.faction)
        if not any(movable(state, ctx, s, kind) > 0 for s in m.adjacent[sid]):
            return (f"No {FACTION_NAMES[self.faction]} Activist that has not moved is adjacent to "
                    f"{space_name(sid)} (3.3.2).")
        return None

    def act(self, state, ctx, sid):
        return [frame("nv.demonstrate.move", faction=self.faction, space=sid, own={}, other={}),
                frame("nv.demonstrate.protest", faction=self.faction, space=sid)]


@operation
class CongressDemonstrate(Demonstrate):
    faction = "inc"


@operation
class MuslimLeagueDemonstrate(Demonstrate):
    faction = "ml"


@register
class DemonstrateMove(Step):
    """3.3.2: move Activists into one destination, one at a time. Choice ids:
    ``<origin>`` (a friendly Activist), ``ml:<origin>`` (Congress only: a Muslim
    League Activist accompanying a Congress Activist from that origin),
    ``done``."""

    name = "nv.demonstrate.move"

    def _options(self, state, fr) -> list[str]:
        ctx = state.action
        f, dst = fr["faction"], fr["space"]
        own_kind = activist_kind(f)
        out = []
        adj = sorted(get_data().map.adjacent[dst])
        for s in adj:
            if movable(state, ctx, s, own_kind) > 0:
                out.append(s)
        if f == "inc" and ctx["data"].get("nv_ml_moved", 0) < state.unity:
            for s in adj:
                if movable(state, ctx, s, "ml_activist") > 0 and self._ml_room(state, fr, s) > 0:
                    out.append(f"ml:{s}")
        return out

    def _ml_room(self, state, fr, src: str) -> int:
        """League Activists that may still go with the Congress Activists
        from ``src`` (3.3.2: one for one). In ruleset 7's one answer the
        Congress Activists not yet moved count: they move in the same answer
        (the one-for-one check is on the whole answer, ``check_joined``);
        ruleset 6 waited for a move the answer had not made (issue 32)."""
        if self._in_one_answer(state, fr) and at_least(state, 7):
            return movable(state, state.action, src, activist_kind("inc"))
        return fr["own"].get(src, 0) - fr["other"].get(src, 0)

    def decision(self, state, fr):
        f, dst = fr["faction"], fr["space"]
        choices = []
        ctx = state.action
        for oid in self._options(state, fr):
            if oid.startswith("ml:"):
                src = oid[3:]
                most = min(movable(state, ctx, src, "ml_activist"), self._ml_room(state, fr, src),
                           state.unity - ctx["data"].get("nv_ml_moved", 0))
                choices.append(Choice(oid, msg("choice.demonstrate_ml",
                                               "Move a Muslim League Activist with it from {space}",
                                               space=space_name(src)), most=max(1, most),
                                      label_n=msg("choice.demonstrate_ml_n",
                                                  "Muslim League Activists: move {n} with them from {space}",
                                                  space=space_name(src), n=1)))
            else:
                choices.append(Choice(oid, msg("choice.demonstrate_own", "Move an Activist from {space}",
                                               space=space_name(oid)),
                                      most=max(1, movable(state, ctx, oid, activist_kind(f))),
                                      label_n=msg("choice.demonstrate_own_n", "Activists: move {n} from {space}",
                                                  space=space_name(oid), n=1)))
        prompt = msg("prompt.demonstrate_move", "Demonstrate: move Activists into {space}.", space=space_name(dst))
        if self._in_one_answer(state, fr):  # ruleset 6: every move into the destination one answer
            choices = [dataclasses.replace(c, joins=True) for c in choices]
            return Decision(f, prompt, choices, self.name, many=max(1, len(choices)))
        if sum(fr["own"].values()) > 0:
            choices.append(done_choice("Move no more Activists here"))
            if at_least(state, 5) and protest_open(state, dst):  # issue 14: the Protest with the last move
                choices.append(simple("protest", "choice.done_protest",
                                      "Move no more Activists here and place a Protest"))
        return Decision(f, prompt, choices, self.name)

    @staticmethod
    def _in_one_answer(state, fr) -> bool:
        """Ruleset 6 (issue 14): the Activists moving into one destination
        are one answer, how many from where ("bihar*2+ml:bihar"), like the
        Raj's cubes; the Protest is then asked where one may go (3.3.2:
        judged after the moves)."""
        return at_least(state, 6) and not fr["own"] and not fr["other"]

    def takes_counts(self, state, fr):
        return self._in_one_answer(state, fr)

    def check_joined(self, state, fr, cid):
        return _demonstrate_refusal(state, fr, _moves(cid))

    def refuse(self, state, fr, cid):
        if cid.startswith("ml:"):
            if fr["faction"] != "inc":
                return msg("error.demonstrate_ml_only_inc",
                           "Only Congress may move Muslim League Activists while Demonstrating (3.3.2).")
            return msg("error.demonstrate_ml",
                       "A Muslim League Activist may move only with a Congress Activist moving from the same "
                       "space, one for one, and no more than Unity ({unity}) in all (3.3.2).",
                       unity=state.unity)
        if cid == "done":
            return msg("error.demonstrate_none", "At least one Activist must move into the destination (3.3.2).")
        return None

    def apply(self, state, fr, cid):
        ctx = state.action
        f, dst = fr["faction"], fr["space"]
        if self._in_one_answer(state, fr):  # the moves in one go, own Activists first; the step closes
            for src, n in sorted(_moves(cid), key=lambda m: m[0].startswith("ml:")):
                for _ in range(n):
                    self._move(state, ctx, fr, src)
            return
        if cid in ("done", "protest") and at_least(state, 5):
            top = state.stack[-1] if state.stack else {}
            if top.get("step") == "nv.demonstrate.protest" and top.get("space") == dst:
                state.stack.pop()  # the Protest was decided with the moves' end (ruleset 5)
            if cid == "protest":
                _place_protest(state, f, dst)
            return
        if cid == "done":
            return
        self._move(state, ctx, fr, cid)
        push(state, fr)

    @staticmethod
    def _move(state, ctx, fr, cid: str) -> None:
        """One Activist into the destination: ``<origin>`` or ``ml:<origin>``."""
        f, dst = fr["faction"], fr["space"]
        if cid.startswith("ml:"):
            src, kind = cid[3:], "ml_activist"
            fr["other"][src] = fr["other"].get(src, 0) + 1
            ctx["data"]["nv_ml_moved"] = ctx["data"].get("nv_ml_moved", 0) + 1
        else:
            src, kind = cid, activist_kind(f)
            fr["own"][src] = fr["own"].get(src, 0) + 1
        board.move(state, src, dst, kind, 1)
        note_move(ctx, dst, kind)
        log(state, "log.demonstrate_move", "{kind} moves from {src} to {dst}.", actor=f, kind=kind, src=src,
            dst=dst)


def _moves(cid: str) -> list[tuple[str, int]]:
    """The parts of a Demonstrate moves answer, (origin id, count)."""
    return [split_quantity(p) for p in cid.split(TOGETHER)]


def _demonstrate_refusal(state: GandhiState, fr, moves: list[tuple[str, int]]):
    """Why the moves into a Demonstrate destination cannot go together
    (3.3.2): Muslim League Activists only one for one with the Congress
    Activists moving from the same space, Unity at most in all."""
    own = {src: n for src, n in moves if not src.startswith("ml:")}
    ml = {src[3:]: n for src, n in moves if src.startswith("ml:")}
    moved = state.action["data"].get("nv_ml_moved", 0)
    if any(n > own.get(src, 0) for src, n in ml.items()) or sum(ml.values()) + moved > state.unity:
        return msg("error.demonstrate_ml",
                   "A Muslim League Activist may move only with a Congress Activist moving from the same "
                   "space, one for one, and no more than Unity ({unity}) in all (3.3.2).", unity=state.unity)
    return None


@register
class DemonstrateProtest(Step):
    """3.3.2: if the destination has no Raj Control and no Protest (judged after
    the Activists moved in) and a Protest is Available, the faction may place
    one (``nv.demonstrate.protest_ask``); otherwise nothing happens."""

    name = "nv.demonstrate.protest"
    auto = True

    def run(self, state, fr):
        sid = fr["space"]
        if protest_open(state, sid):
            push(state, frame("nv.demonstrate.protest_ask", faction=fr["faction"], space=sid))


def protest_open(state: GandhiState, sid: str) -> bool:
    """3.3.2: a Demonstrate destination without Raj Control and without a
    Protest may take an Available Protest."""
    return not state.spaces[sid].protest and not dv.raj_control(state, sid) and dv.protest_available(state) > 0


def _place_protest(state: GandhiState, faction: str, sid: str) -> None:
    if board.add_protest(state, sid, for_operation=True):
        log(state, "log.protest", "{faction} places a Protest in {space}.", actor=faction, faction=faction, space=sid)


@register
class DemonstrateProtestAsk(Step):
    name = "nv.demonstrate.protest_ask"

    def decision(self, state, fr):
        sid = fr["space"]
        return Decision(fr["faction"], msg("prompt.demonstrate_protest",
                                           "Place an Available Protest in {space}?", space=space_name(sid)),
                        [simple("protest", "choice.place_protest", "Place a Protest"),
                         simple("done", "choice.no_protest", "No Protest")], self.name)

    def apply(self, state, fr, cid):
        if cid == "protest":
            _place_protest(state, fr["faction"], fr["space"])


# --- Civil Disobedience (3.3.3) ----------------------------------------------------

class CivilDisobedience(NVOperation):
    """Civil Disobedience (3.3.3).

    Spaces (any, Railways included): with friendly Activists up to the limit,
    plus any space with a Protest or Gandhi (Congress) / an ML Base (Muslim
    League) (the clarification of 3.3.3 and the aid sheet). In each: place an
    Available Protest if there is none (automatic: no choice in the text);
    the Activists there are Active while the Protest stays (1.4.3 -- Active is
    derived from the Protest, reading R-3.3.3-activate). Then the faction may
    move any friendly Activists that have not moved from there onto adjacent
    Railways (decisions).
    """

    together = True  # independent spaces: chosen several at once under ruleset 4 (issue 14)

    name = "civil_disobedience"
    label = "Civil Disobedience"
    rule = "3.3.3"

    def kind_reason(self, state, ctx, sid, m):
        if self.free(state, ctx, sid):
            return None
        if board.count(state, sid, activist_kind(self.faction)) == 0:
            extra = "a Protest or Gandhi" if self.faction == "inc" else "a Muslim League Base"
            return (f"{space_name(sid)} has no {FACTION_NAMES[self.faction]} Activists and no {extra} "
                    f"(3.3.3).")
        return None

    def act(self, state, ctx, sid):
        if board.add_protest(state, sid, for_operation=True):
            log(state, "log.protest", "{faction} places a Protest in {space}.", actor=self.faction,
                faction=self.faction, space=sid)
        return [frame("nv.cd.rail", faction=self.faction, space=sid)]


@operation
class CongressCivilDisobedience(CivilDisobedience):
    faction = "inc"


@operation
class MuslimLeagueCivilDisobedience(CivilDisobedience):
    faction = "ml"


def _adjacent_railways(sid: str) -> list[str]:
    return sorted(s for s in get_data().map.adjacent[sid] if dv.is_railway(s))


@register
class CivilDisobedienceRail(Step):
    """3.3.3: move friendly Activists from the chosen space onto adjacent Railways,
    one at a time (choice id: the Railway), or ``done``."""

    name = "nv.cd.rail"

    def decision(self, state, fr):
        ctx = state.action
        f, sid = fr["faction"], fr["space"]
        choices = []
        most = movable(state, ctx, sid, activist_kind(f))
        if most > 0:
            choices = [space_choice(r) for r in _adjacent_railways(sid)]
            if at_least(state, 5) and most > 1:  # issue 14: "2 Activists onto this Railway" in one answer
                choices = [Choice(c.id, c.label, most, msg("choice.cd_rail_n", "Activists: move {n} onto {space}",
                                                           space=c.id)) for c in choices]
        choices.append(done_choice("Move no Activists onto Railways"))
        return Decision(f, msg("prompt.cd_rail", "Civil Disobedience in {space}: move an Activist onto an "
                                                 "adjacent Railway?", space=space_name(sid)), choices, self.name)

    def apply(self, state, fr, cid):
        if cid == "done":
            return
        ctx = state.action
        f, sid = fr["faction"], fr["space"]
        kind = activist_kind(f)
        board.move(state, sid, cid, kind, 1)
        note_move(ctx, cid, kind)
        log(state, "log.cd_rail", "{kind} moves from {src} onto {dst}.", actor=f, kind=kind, src=sid, dst=cid)
        push(state, frame(self.name, faction=f, space=sid))


# --- Non-Cooperation (3.3.4) ---------------------------------------------------------

class NonCooperation(NVOperation):
    """Non-Cooperation (3.3.4).

    Congress: Protest spaces with Congress Activists and no Raj Control (during
    Crisis (6.8) Raj Control is allowed); every such space has a Protest and so
    does not count against Restraint. Muslim League: spaces with a Protest, ML
    Activists and an ML Base (free) plus spaces with a Protest and ML
    Activists up to Unity, each without Raj Control. Each chosen space shifts
    one level toward Active Opposition; after all spaces, Restraint -1 once
    (only if at least one space was chosen).
    """

    together = True  # independent spaces: chosen several at once under ruleset 4 (issue 14)

    name = "non_cooperation"
    label = "Non-Cooperation"
    rule = "3.3.4"

    def kind_reason(self, state, ctx, sid, m):
        sp = state.spaces[sid]
        if not sp.protest:
            return f"{space_name(sid)} has no Protest (3.3.4)."
        if board.count(state, sid, activist_kind(self.faction)) == 0:
            return f"{space_name(sid)} has no {FACTION_NAMES[self.faction]} Activists (3.3.4)."
        if self.faction == "inc" and dv.crisis(state):
            return None
        if dv.raj_control(state, sid):
            tail = " and India is not in Crisis (6.8)" if self.faction == "inc" else ""
            return f"{space_name(sid)} is under Raj Control{tail} (3.3.4)."
        return None

    def act(self, state, ctx, sid):
        board.shift(state, sid, -1)
        log(state, "log.non_cooperation", "{space} shifts toward Active Opposition.", actor=self.faction,
            space=sid)
        return []

    def finish(self, state, ctx):
        if ctx["spaces"]:
            board.shift_restraint(state, -1)
            log(state, "log.restraint", "Non-Cooperation: Restraint -1 (now {value}).", actor=self.faction,
                value=state.restraint)
        return []


@operation
class CongressNonCooperation(NonCooperation):
    faction = "inc"


@operation
class MuslimLeagueNonCooperation(NonCooperation):
    faction = "ml"


# --- Troops leave a new Muslim State (4.4.1, 4.4.2) ------------------------------

__all__: list[Any] = [
    "activist_kind", "other_nv", "is_free_space", "space_limit", "counted", "moved", "movable",
    "negotiate_blocks", "nv_pieces", "release_from_prison",
]
