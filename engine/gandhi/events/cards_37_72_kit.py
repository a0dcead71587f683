"""Building blocks for the Events of cards 37-72 (rule 5).

Everything an Event of this range does is a chain of two generic steps:

* ``ev.b.loop`` (automatic) / ``ev.b.ask`` (decision): a loop of single
  choices put to ``ctx["actor"]``. The options and their effect come from a
  *handler* registered with :func:`handler` under a name::

      @handler("c39s.replace")
      def _(state, ctx, cid):
          if cid is None:
              return [("bengal:sepoy>inc", "Replace a Sepoy ...")]  # options now
          ...  # carry out ``cid``; mutate ctx; return frames to run first
          return []

  Frame (plain JSON)::

      {"step": "ev.b.loop", "fn": "<handler>", "ctx": {"actor": "raj", "card": 39,
       "left": 3 (optional: choices still to make), ...}, "upto": bool,
       "then": None | "<auto name>", "prompt": "English prompt"}

  The loop ends when ``ctx["left"]`` reaches 0, when the handler offers
  nothing (5.1.2: all that can be done is done), or -- for "up to" texts only
  (``upto``) -- when the actor chooses "done". Then ``then`` (an automatic
  function registered with :func:`auto`) runs with the loop's final ctx.

* ``ev.b.do`` (automatic): runs ``AUTOS[fn](state, ctx) -> frames``.

A loop that offers nothing is never shown: no empty decision is ever put to a
player. Further helpers: :func:`make_muslim_state` (1.3.5: the Raj moves the
Troops to Cities), the generic piece handler ``gen.pieces``, eligibility
effects, and 5.1.2 space ranking (:func:`top`).
"""
from __future__ import annotations

from typing import Any, Callable

from ...core.messages import Choice, Decision, msg
from ...core.steps import Frame, Step, frame, push, register
from .. import board, derived as dv
from ..common import log, space_name
from ..data import get_data

Handler = Callable[[Any, dict, "str | None"], Any]
HANDLERS: dict[str, Handler] = {}
AUTOS: dict[str, Callable[[Any, dict], list[Frame]]] = {}

ALIAS = {"troop": "troop", "sepoy": "sepoy", "inc_activist": "inc", "ml_activist": "ml", "gandhi": "gandhi",
         "guerrilla_active": "active", "guerrilla_underground": "underground", "ml_base": "mlbase",
         "rev_base": "revbase"}
KIND_OF = {v: k for k, v in ALIAS.items()}
NAMES = {"troop": "Troop", "sepoy": "Sepoy", "inc_activist": "Congress Activist",
         "ml_activist": "Muslim League Activist", "gandhi": "Gandhi", "guerrilla_active": "Active Guerrilla",
         "guerrilla_underground": "Underground Guerrilla", "ml_base": "Muslim League Base",
         "rev_base": "Revolutionary Base", "guerrilla": "Guerrilla"}
BOX_SHORT = {"available": "avail", "out_of_play": "oop", "prison": "prison"}
BOX_NAMES = {"available": "Available", "out_of_play": "Out of Play", "prison": "Prison"}
ACTIVISTS = ["inc_activist", "ml_activist"]
GUERRILLAS = ["guerrilla_active", "guerrilla_underground"]
CUBES = ["troop", "sepoy"]
BASES = ["ml_base", "rev_base"]
ALL_KINDS = ["troop", "sepoy", "gandhi", "inc_activist", "ml_activist", "guerrilla_active",
             "guerrilla_underground", "ml_base", "rev_base"]
OWNER = {"troop": "raj", "sepoy": "raj", "inc_activist": "inc", "gandhi": "inc", "ml_activist": "ml",
         "ml_base": "ml", "guerrilla_active": "rev", "guerrilla_underground": "rev", "rev_base": "rev",
         "guerrilla": "rev"}


def handler(name: str):
    """Register a loop handler ``fn(state, ctx, cid)`` (see module doc)."""
    def deco(fn):
        if name in HANDLERS and HANDLERS[name] is not fn:
            raise ValueError(f"handler {name!r} registered twice")
        HANDLERS[name] = fn
        return fn
    return deco


def auto(name: str):
    """Register an automatic function ``fn(state, ctx) -> frames``."""
    def deco(fn):
        if name in AUTOS and AUTOS[name] is not fn:
            raise ValueError(f"auto {name!r} registered twice")
        AUTOS[name] = fn
        return fn
    return deco


def loop(fn: str, ctx: dict, upto: bool = False, then: str | None = None, prompt: str = "") -> Frame:
    """A frame of the generic choice loop (module doc). ``ctx`` must hold
    ``actor`` and ``card``."""
    return frame("ev.b.loop", fn=fn, ctx=ctx, upto=upto, then=then, prompt=prompt)


def do(fn: str, ctx: dict) -> Frame:
    """A frame running automatic function ``fn`` with ``ctx``."""
    return frame("ev.b.do", fn=fn, ctx=ctx)


def _finish(state, fr: Frame) -> None:
    if fr.get("then"):
        push(state, do(fr["then"], fr["ctx"]))


@register
class Loop(Step):
    """Generic Event choice loop, automatic part: end or ask."""

    name = "ev.b.loop"
    auto = True

    def run(self, state, fr):
        ctx = fr["ctx"]
        if ("left" in ctx and ctx["left"] <= 0) or not HANDLERS[fr["fn"]](state, ctx, None):
            _finish(state, fr)
            return
        push(state, dict(fr, step="ev.b.ask"))


@register
class Ask(Step):
    """Generic Event choice loop, decision part (one choice; "done" only for
    "up to" texts)."""

    name = "ev.b.ask"

    def decision(self, state, fr):
        ctx = fr["ctx"]
        choices = [Choice(cid, msg(f"choice.event.c{ctx['card']:02d}", text))
                   for cid, text in HANDLERS[fr["fn"]](state, ctx, None)]
        if fr["upto"]:
            choices.append(Choice("done", msg("choice.done", "Done")))
        prompt = fr.get("prompt") or f"Event #{ctx['card']}: choose."
        if "left" in ctx:
            prompt += f" ({ctx['left']} left)"
        return Decision(ctx["actor"], msg(f"prompt.event.c{ctx['card']:02d}", prompt, **{
            k: v for k, v in ctx.items() if isinstance(v, (int, str))}), choices, f"event:{fr['fn']}")

    def apply(self, state, fr, cid):
        if cid == "done":
            _finish(state, fr)
            return
        ctx = fr["ctx"]
        frames = HANDLERS[fr["fn"]](state, ctx, cid) or []
        if "left" in ctx:
            ctx["left"] -= 1
        push(state, *frames, dict(fr, step="ev.b.loop"))


@register
class Do(Step):
    name = "ev.b.do"
    auto = True

    def run(self, state, fr):
        push(state, *(AUTOS[fr["fn"]](state, fr["ctx"]) or []))


# --- small helpers -------------------------------------------------------------

def M():
    return get_data().map


def spaces_all() -> list[str]:
    return list(M().ids)


def non_railway() -> list[str]:
    return list(M().non_railway)


def railways() -> list[str]:
    return [s for s in M().ids if dv.is_railway(s)]


def cities() -> list[str]:
    return [s for s in M().ids if M().spaces[s].type == "city"]


def muslim_spaces() -> list[str]:
    """The 10 printed Muslim spaces (1.3.4)."""
    return [s for s in M().ids if M().spaces[s].muslim]


def princely_states() -> list[str]:
    return [s for s in M().ids if M().spaces[s].type == "princely_state"]


def provinces(state) -> list[str]:
    """Provinces that are not now Muslim States."""
    return [s for s in M().ids if dv.is_province(state, s)]


def states(state) -> list[str]:
    """Princely States and Muslim States (1.3.5)."""
    return [s for s in M().ids if dv.is_state(state, s)]


def muslim_states(state) -> list[str]:
    return [s for s, sp in state.spaces.items() if sp.muslim_state]


def cnt(state, sid: str, kind: str) -> int:
    return state.spaces[sid].pieces.get(kind, 0)


def cnt_kinds(state, sid: str, kinds) -> int:
    return sum(cnt(state, sid, k) for k in kinds)


def has_unrest(state, sid: str) -> bool:
    """An Unrest marker in ``sid``: on a Railway the marker is a Strike (1.12)."""
    sp = state.spaces[sid]
    return sp.unrest > 0 or sp.strike


def can_add_unrest(state, sid: str) -> bool:
    """An Unrest marker (a Strike on a Railway, one per Railway) can be added (1.11, 1.12)."""
    if dv.unrest_markers_free(state) <= 0:
        return False
    return not (dv.is_railway(sid) and state.spaces[sid].strike)


def remove_one_unrest(state, sid: str) -> bool:
    sp = state.spaces[sid]
    if sp.strike:
        return board.remove_strike(state, sid)
    return board.remove_unrest(state, sid, 1) > 0


def elog(state, card: int, text: str, actor: str | None = None, **params: Any) -> None:
    """Log what Event ``card`` did (key ``log.event.cNN``)."""
    log(state, f"log.event.c{card:02d}", text, actor=actor, card=card, **params)


def sname(sid: str) -> str:
    return space_name(sid)


def space_opts(cands, ctx: dict | None = None) -> list[tuple[str, str]]:
    """Space options, leaving out those already in ``ctx["chosen"]``."""
    chosen = set((ctx or {}).get("chosen", []))
    return [(s, sname(s)) for s in cands if s not in chosen]


def top(cands, score) -> list[str]:
    """5.1.2: of ``cands``, those where the most of the text can be carried
    out (the highest ``score`` above 0); empty if nothing can be done."""
    scored = [(score(s), s) for s in cands]
    best = max((v for v, _ in scored), default=0)
    if best <= 0:
        return []
    return [s for v, s in scored if v == best]


def shift_toward(state, sid: str, target: int, levels: int = 1) -> int:
    """Shift ``sid`` up to ``levels`` toward support level ``target`` (1.6)."""
    sp = state.spaces[sid]
    if dv.is_railway(sid) or sp.support == target:
        return 0
    d = max(-levels, min(levels, target - sp.support))
    return board.shift(state, sid, d)


def can_shift_toward(state, sid: str, target: int) -> bool:
    return not dv.is_railway(sid) and state.spaces[sid].support != target


def can_place(state, sid: str, kind: str) -> bool:
    """Stacking for Events (5.1.1): no Troops in States, Bases <= Population."""
    if kind == "troop" and dv.is_state(state, sid):
        return False
    if kind in BASES and dv.base_room(state, sid) <= 0:
        return False
    return True


def place_kind(kind: str) -> str:
    """The map kind a placed piece takes: new Guerrillas are Underground (1.4.3)."""
    return "guerrilla_underground" if kind in ("guerrilla", "guerrilla_active") else kind


def stay_eligible(state, faction: str) -> None:
    """The faction remains Eligible for the next card (2.3.6)."""
    if faction not in state.turn.stay_eligible:
        state.turn.stay_eligible.append(faction)


def make_ineligible(state, faction: str) -> None:
    """The faction is Ineligible for the next card (2.3.6)."""
    if faction not in state.turn.make_ineligible:
        state.turn.make_ineligible.append(faction)


def arrest_or_remove_to(kind: str) -> str:
    """5.1.3: arrested Gandhi/Activists go to Prison; other pieces to Available."""
    return "prison" if kind in ("gandhi", "inc_activist", "ml_activist") else "available"


# --- replacement (5.1.1) ------------------------------------------------------------

def replace_piece(state, sid: str, old: str, new: str, card: int, actor: str) -> bool:
    """Replace one ``old`` piece in ``sid`` with a ``new`` piece from Available;
    if none is Available the old piece is removed all the same (5.1.1).
    Returns True if the new piece was placed."""
    board.remove(state, sid, old, 1, to="available")
    placed = board.place(state, sid, place_kind(new), 1) if can_place(state, sid, new) else 0
    if placed:
        elog(state, card, "Replaces a {old} with a {new} in {space}.", actor, old=old, new=new, space=sid)
    else:
        elog(state, card, "Removes a {old} in {space} (no {new} Available to replace it).", actor,
             old=old, new=new, space=sid)
    return bool(placed)


# --- Muslim States ----------------------------------------------------------------------

def make_muslim_state(state, sid: str, card: int, actor: str) -> list[Frame]:
    """Place a Muslim State in Province ``sid`` (1.3.5, 5.1.4); the Troops
    there go to Cities chosen by the Raj. Returns the frames. The Raj moves
    the Troops first and the marker is placed once they are gone, so no Troop
    ever stands in a State (1.4.2)."""
    if cnt(state, sid, "troop"):
        return [frame("ev.b.ms_troops", space=sid, card=card, actor=actor)]
    state.spaces[sid].muslim_state = True
    elog(state, card, "A Muslim State is placed in {space}.", actor, space=sid)
    return []


def remove_muslim_state(state, sid: str, card: int, actor: str) -> None:
    state.spaces[sid].muslim_state = False
    elog(state, card, "The Muslim State in {space} is removed.", actor, space=sid)


@register
class MuslimStateTroops(Step):
    """1.3.5: Troops in a new Muslim State go to any Cities, chosen by the Raj."""

    name = "ev.b.ms_troops"

    def decision(self, state, fr):
        n = cnt(state, fr["space"], "troop")
        choices = [Choice(c, msg("space", sname(c), space=c)) for c in cities()]
        return Decision("raj", msg("prompt.event.ms_troops",
                                   "A Muslim State is placed in {space}: move a Troop there to a City ({n} left).",
                                   space=sname(fr["space"]), n=n), choices, self.name)

    def apply(self, state, fr, cid):
        board.move(state, fr["space"], cid, "troop", 1)
        elog(state, fr["card"], "The Raj moves a Troop from {src} to {dst}.", "raj", src=fr["space"], dst=cid)
        if cnt(state, fr["space"], "troop"):
            push(state, dict(fr))
        else:
            state.spaces[fr["space"]].muslim_state = True
            elog(state, fr["card"], "A Muslim State is placed in {space}.", fr["actor"], space=fr["space"])


# --- generic piece handler -------------------------------------------------------------

def pieces(actor: str, card: int, act: str, kinds: list[str], left: int, spaces: list[str] | None = None,
           upto: bool = False, cap: int | None = None, caps: dict[str, int] | None = None,
           max_spaces: int | None = None, to: str = "available", sources: list[str] | None = None,
           src_caps: dict[str, int] | None = None, then: str | None = None, prompt: str = "",
           **extra: Any) -> Frame:
    """A loop placing or removing pieces one at a time (handler ``gen.pieces``).

    ``act``: "place" (from the boxes in ``sources``, first one default; caps
    per box in ``src_caps``) or "remove" (to box ``to``; "arrest" sends
    Gandhi/Activists to Prison and the rest to Available, 5.1.3). ``spaces``
    None = any space; ``cap`` pieces per space; ``caps`` per-space limits;
    ``max_spaces`` distinct spaces at most. Choice ids ``"<space>:<alias>"``
    plus ``":oop"``/``":prison"`` for a second source box. ``ctx["used"]``
    counts pieces per space (for ``then``).
    """
    ctx = dict(actor=actor, card=card, act=act, kinds=list(kinds), left=left,
               spaces=list(spaces) if spaces is not None else None, cap=cap, caps=caps, used={},
               max_spaces=max_spaces, to=to, sources=sources or ["available"], src_caps=src_caps or {}, **extra)
    return loop("gen.pieces", ctx, upto=upto, then=then, prompt=prompt)


def _space_ok(ctx: dict, sid: str) -> bool:
    used = ctx["used"]
    if ctx["cap"] is not None and used.get(sid, 0) >= ctx["cap"]:
        return False
    if ctx.get("caps") is not None and used.get(sid, 0) >= ctx["caps"].get(sid, 0):
        return False
    if ctx["max_spaces"] is not None and sid not in used and len(used) >= ctx["max_spaces"]:
        return False
    return True


def piece_options(state, ctx: dict) -> list[tuple[str, str, str, str]]:
    """(choice id, space, kind, box) of every single action possible now."""
    out = []
    spaces = ctx["spaces"] if ctx["spaces"] is not None else spaces_all()
    for sid in spaces:
        if not _space_ok(ctx, sid):
            continue
        for kind in ctx["kinds"]:
            if ctx["act"] == "place":
                pk = place_kind(kind)
                if not can_place(state, sid, pk):
                    continue
                for i, b in enumerate(ctx["sources"]):
                    if ctx["src_caps"].get(b, 1) > 0 and board.in_box(state, b, pk) > 0:
                        alias = "guerrilla" if pk == "guerrilla_underground" else ALIAS[pk]
                        out.append((f"{sid}:{alias}" + ("" if i == 0 else f":{BOX_SHORT[b]}"), sid, pk, b))
            elif cnt(state, sid, kind) > 0:
                to = arrest_or_remove_to(kind) if ctx["to"] == "arrest" else ctx["to"]
                out.append((f"{sid}:{ALIAS[kind]}", sid, kind, to))
    return out


@handler("gen.pieces")
def _gen_pieces(state, ctx, cid):
    opts = piece_options(state, ctx)
    if cid is None:
        res = []
        for c, sid, kind, b in opts:
            if ctx["act"] == "place":
                nm = "Guerrilla" if kind == "guerrilla_underground" else NAMES[kind]
                res.append((c, f"Place a {nm} in {sname(sid)}" + ("" if b == "available" else f" (from {BOX_NAMES[b]})")))
            else:
                verb = "Arrest" if b == "prison" else ("Move" if b == "out_of_play" else "Remove")
                res.append((c, f"{verb} a {NAMES[kind]} in {sname(sid)}" + (" to Out of Play" if b == "out_of_play" else "")))
        return res
    _, sid, kind, b = next(o for o in opts if o[0] == cid)
    card, actor = ctx["card"], ctx["actor"]
    if ctx["act"] == "place":
        board.place(state, sid, kind, 1, source=b)
        if b in ctx["src_caps"]:
            ctx["src_caps"][b] -= 1
        elog(state, card, "Places a {kind} in {space} (from {box}).", actor, kind=kind, space=sid, box=b)
    else:
        board.remove(state, sid, kind, 1, to=b)
        elog(state, card, "{verb} a {kind} in {space} (to {box}).", actor,
             verb="Arrests" if b == "prison" else "Removes", kind=kind, space=sid, box=b)
    ctx["used"][sid] = ctx["used"].get(sid, 0) + 1
    return []
