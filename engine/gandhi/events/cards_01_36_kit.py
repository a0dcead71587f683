"""Shared building blocks for the Events of cards 1-36 (rule 5).

Two generic steps carry most of the texts:

* ``event.pieces`` (auto) / ``event.pieces.ask`` (decision): a sequence of
  single-piece actions -- place, remove, arrest, Activate, flip Underground --
  one piece per choice, until ``left`` reaches 0, nothing more can be done
  (5.1.2: do all that can be done) or, for "up to" texts, the acting faction
  says "done". Frame (plain JSON)::

      {"step": "event.pieces", "actor": "raj", "card": 1, "act": "place"|"remove"|"activate"|"hide",
       "kinds": [...map kinds...], "spaces": [...] | None (any space), "left": 6, "upto": True,
       "cap": None | int (per space), "used": {sid: n}, "max_spaces": None | int,
       "to": "available"|"prison"|"out_of_play"|"nv" (Gandhi/Activists to Prison, rest to Available),
       "to_list": None | [dest, ...] (destination of the 1st, 2nd ... piece),
       "dest_caps": None | {dest: n} (the acting faction picks each piece's destination),
       "sources": {"available": None | n, "out_of_play": n, "prison": n} (place: caps per box),
       "bases_last": False, "then": [frames to push when finished]}

  Choice ids are ``"<space>:<piece>"`` (``"delhi:troop"``, ``"bengal:inc"``)
  with a suffix ``":oop"``/``":prison"``/``":avail"`` when a second source or
  destination is offered.

* ``event.ms_troops``: the Raj moves each Troop of a new Muslim State to a City
  of its choice (1.3.5, 5.1.4).
"""
from __future__ import annotations

from typing import Any

from ...core.messages import Choice, Decision, msg
from ...core.steps import Frame, Step, frame, push, register
from .. import board
from .. import derived as dv
from ..common import log, space_name
from ..data import get_data

ALIAS = {"troop": "troop", "sepoy": "sepoy", "inc_activist": "inc", "ml_activist": "ml", "gandhi": "gandhi",
         "guerrilla_active": "active", "guerrilla_underground": "underground", "ml_base": "mlbase",
         "rev_base": "revbase"}
KIND_OF = {v: k for k, v in ALIAS.items()}
KIND_OF["guerrilla"] = "guerrilla_underground"
NAMES = {"troop": "Troop", "sepoy": "Sepoy", "inc_activist": "Congress Activist",
         "ml_activist": "Muslim League Activist", "gandhi": "Gandhi", "guerrilla_active": "Active Guerrilla",
         "guerrilla_underground": "Underground Guerrilla", "ml_base": "Muslim League Base",
         "rev_base": "Revolutionary Base"}
BOX_SHORT = {"available": "avail", "out_of_play": "oop", "prison": "prison"}
BOX_LONG = {v: k for k, v in BOX_SHORT.items()}
BOX_NAMES = {"available": "Available", "out_of_play": "Out of Play", "prison": "Prison"}
NV_KINDS = ("gandhi", "inc_activist", "ml_activist")
ACTIVISTS = ["inc_activist", "ml_activist"]
GUERRILLAS = ["guerrilla_active", "guerrilla_underground"]
CUBES = ["troop", "sepoy"]
BASES = ("ml_base", "rev_base")
ALL_KINDS = ["troop", "sepoy", "gandhi", "inc_activist", "ml_activist", "guerrilla_active",
             "guerrilla_underground", "ml_base", "rev_base"]
FRIENDLY = {"raj": ("troop", "sepoy"), "inc": ("inc_activist", "gandhi"), "ml": ("ml_activist", "ml_base"),
            "rev": ("guerrilla_active", "guerrilla_underground", "rev_base")}


def M():
    return get_data().map


def all_spaces() -> list[str]:
    return list(M().ids)


def non_railway() -> list[str]:
    return [s for s in M().ids if not dv.is_railway(s)]


def railways() -> list[str]:
    return [s for s in M().ids if dv.is_railway(s)]


def cities() -> list[str]:
    return [s for s in M().ids if M().spaces[s].type == "city"]


def printed_provinces() -> list[str]:
    return [s for s in M().ids if M().spaces[s].type == "province"]


def muslim_spaces() -> list[str]:
    return [s for s in M().ids if M().spaces[s].muslim]


def states(state) -> list[str]:
    return [s for s in M().ids if dv.is_state(state, s)]


def cnt(state, sid: str, kind: str) -> int:
    return state.spaces[sid].pieces.get(kind, 0)


def cubes(state, sid: str) -> int:
    return dv.cubes(state.spaces[sid])


def activists(state, sid: str) -> int:
    return dv.activists(state.spaces[sid])


def guerrillas(state, sid: str) -> int:
    return dv.guerrillas(state.spaces[sid])


def friendly(state, sid: str, faction: str) -> int:
    return sum(cnt(state, sid, k) for k in FRIENDLY[faction])


def adversary_kinds(faction: str) -> list[str]:
    return [k for k in ALL_KINDS if k not in FRIENDLY[faction]]


def elog(state, card: int, text: str, actor: str | None = None, **params: Any) -> None:
    """Log what Event ``card`` did (key ``log.event.cNN``)."""
    log(state, f"log.event.c{card:02d}", text, actor=actor, card=card, **params)


def best(spaces: list[str], score) -> list[str]:
    """5.1.2: the spaces where the most of the text can be carried out
    (highest ``score`` > 0); empty if nothing can be done anywhere."""
    scored = [(score(s), s) for s in spaces]
    top = max((v for v, _ in scored), default=0)
    if top <= 0:
        return []
    return [s for v, s in scored if v == top]


def can_place(state, sid: str, kind: str) -> bool:
    """Stacking for Events (5.1.1): no Troops in States, Bases <= Population."""
    if kind == "troop" and dv.is_state(state, sid):
        return False
    if kind in BASES and dv.base_room(state, sid) <= 0:
        return False
    return True


def dest_of(kind: str, to: str) -> str:
    if to == "nv":
        return "prison" if kind in NV_KINDS else "available"
    return to


def pieces(actor: str, card: int, act: str, kinds: list[str], left: int, spaces: list[str] | None = None,
           upto: bool = False, cap: int | None = None, max_spaces: int | None = None, to: str = "available",
           to_list: list[str] | None = None, dest_caps: dict[str, int] | None = None,
           sources: dict[str, int | None] | None = None, bases_last: bool = False,
           then: list[Frame] | None = None, prompt: str = "") -> Frame:
    """A frame of the generic piece loop (see module doc)."""
    return frame("event.pieces", actor=actor, card=card, act=act, kinds=list(kinds), left=left,
                 spaces=list(spaces) if spaces is not None else None, upto=upto, cap=cap, used={},
                 max_spaces=max_spaces, to=to, to_list=to_list, dest_caps=dest_caps,
                 sources=sources or {"available": None}, bases_last=bases_last, then=then or [],
                 prompt=prompt)


VERB = {"place": "Place", "remove": "Remove", "activate": "Activate", "hide": "Flip Underground"}


def _space_ok(fr: Frame, sid: str) -> bool:
    used = fr["used"]
    if fr["cap"] is not None and used.get(sid, 0) >= fr["cap"]:
        return False
    if fr["max_spaces"] is not None and sid not in used and len(used) >= fr["max_spaces"]:
        return False
    return True


def piece_options(state, fr: Frame) -> list[tuple[str, str, str, str]]:
    """(choice id, space, kind, box) for every single action possible now."""
    out = []
    spaces = fr["spaces"] if fr["spaces"] is not None else all_spaces()
    act = fr["act"]
    if act == "place":
        srcs = [b for b, c in fr["sources"].items()
                if c is None or c > 0]
        first = next(iter(fr["sources"]))
        for sid in spaces:
            if not _space_ok(fr, sid):
                continue
            for kind in fr["kinds"]:
                if not can_place(state, sid, kind):
                    continue
                for b in srcs:
                    if board.in_box(state, b, kind) > 0:
                        alias = "guerrilla" if kind == "guerrilla_underground" else ALIAS[kind]
                        cid = f"{sid}:{alias}" + ("" if b == first else f":{BOX_SHORT[b]}")
                        out.append((cid, sid, kind, b))
        return out
    dests: list[str] = [""]
    if act == "remove":
        if fr.get("to_list"):
            dests = [fr["to_list"][0]]
        elif fr.get("dest_caps"):
            dests = [d for d, c in fr["dest_caps"].items() if c > 0]
        else:
            dests = [fr["to"]]
    for sid in spaces:
        if not _space_ok(fr, sid):
            continue
        kinds = [k for k in fr["kinds"] if cnt(state, sid, k) > 0]
        if act == "activate":
            kinds = [k for k in kinds if k == "guerrilla_underground"]
        if act == "hide":
            kinds = [k for k in kinds if k == "guerrilla_active"]
        if fr["bases_last"] and any(k not in BASES for k in kinds):
            kinds = [k for k in kinds if k not in BASES]
        for kind in kinds:
            for d in dests:
                suffix = f":{BOX_SHORT[d]}" if fr.get("dest_caps") and d != "available" else ""
                cid = f"{sid}:{ALIAS[kind]}{suffix}"
                out.append((cid, sid, kind, d))
    return out


def then_frames(fr: Frame) -> list[Frame]:
    """The loop's follow-up frames; an ``event.call`` ctx value ``"$used"``
    becomes the list of spaces the loop acted in."""
    out = []
    for t in fr["then"]:
        if t.get("step") == "event.call":
            t = dict(t, ctx={k: (list(fr["used"]) if v == "$used" else v) for k, v in t["ctx"].items()})
        out.append(t)
    return out


@register
class PiecesLoop(Step):
    """Generic piece loop, automatic part: finish or ask (see module doc)."""

    name = "event.pieces"
    auto = True

    def run(self, state, fr):
        if fr["left"] <= 0 or not piece_options(state, fr):
            push(state, *then_frames(fr))
            return
        push(state, dict(fr, step="event.pieces.ask"))


@register
class PiecesAsk(Step):
    """Generic piece loop, decision part: one piece per choice ("done" ends an
    "up to" text)."""

    name = "event.pieces.ask"

    def decision(self, state, fr):
        choices = []
        for cid, sid, kind, b in piece_options(state, fr):
            where = space_name(sid)
            if fr["act"] == "place":
                text = f"Place a {NAMES[kind] if kind != 'guerrilla_underground' else 'Guerrilla'} in {where}" + \
                    ("" if b == "available" else f" (from {BOX_NAMES[b]})")
            elif fr["act"] == "remove":
                d = dest_of(kind, b)
                text = f"{'Arrest' if d == 'prison' else 'Remove'} a {NAMES[kind]} in {where}" + \
                    (f" (to {BOX_NAMES[d]})" if d != "prison" else "")
            else:
                text = f"{VERB[fr['act']]} a {NAMES[kind]} in {where}"
            choices.append(Choice(cid, msg(f"choice.event.{fr['act']}", text, space=sid, kind=kind)))
        if fr["upto"]:
            choices.append(Choice("done", msg("choice.done", "Done")))
        prompt = fr.get("prompt") or f"Event #{fr['card']}: {VERB[fr['act']].lower()} pieces ({fr['left']} left)."
        return Decision(fr["actor"], msg(f"prompt.event.c{fr['card']:02d}", prompt, left=fr["left"]),
                        choices, "event.pieces")

    def apply(self, state, fr, cid):
        if cid == "done":
            push(state, *then_frames(fr))
            return
        opt = next(o for o in piece_options(state, fr) if o[0] == cid)
        _, sid, kind, b = opt
        fr = dict(fr, step="event.pieces", used=dict(fr["used"]))
        card, actor = fr["card"], fr["actor"]
        if fr["act"] == "place":
            board.place(state, sid, kind, 1, source=b)
            if fr["sources"].get(b) is not None:
                fr["sources"] = dict(fr["sources"], **{b: fr["sources"][b] - 1})
            elog(state, card, "Places a {kind} in {space} (from {box}).", actor, kind=kind, space=sid, box=b)
        elif fr["act"] == "remove":
            d = dest_of(kind, b)
            board.remove(state, sid, kind, 1, to=d)
            if fr.get("to_list"):
                fr["to_list"] = fr["to_list"][1:]
            if fr.get("dest_caps"):
                fr["dest_caps"] = dict(fr["dest_caps"], **{b: fr["dest_caps"][b] - 1})
            elog(state, card, "{verb} a {kind} in {space} (to {box}).", actor,
                 verb="Arrests" if d == "prison" else "Removes", kind=kind, space=sid, box=d)
        elif fr["act"] == "activate":
            board.flip(state, sid, "guerrilla_underground", "guerrilla_active", 1)
            elog(state, card, "Activates a Guerrilla in {space}.", actor, space=sid)
        else:
            board.flip(state, sid, "guerrilla_active", "guerrilla_underground", 1)
            elog(state, card, "Flips a Guerrilla Underground in {space}.", actor, space=sid)
        fr["used"][sid] = fr["used"].get(sid, 0) + 1
        fr["left"] -= 1
        push(state, fr)


# --- Muslim States ------------------------------------------------------------

def make_muslim_state(state, sid: str, card: int, actor: str) -> list[Frame]:
    """Place a Muslim State marker in Province ``sid`` (1.3.5, 5.1.4); the Raj
    first moves each Troop there to a City of its choice (so no Troop ever
    stands in a State), then the marker is placed. Returns the frames."""
    if cnt(state, sid, "troop"):
        return [frame("event.ms_troops", space=sid, card=card, actor=actor)]
    _set_ms(state, sid, card, actor)
    return []


def _set_ms(state, sid: str, card: int, actor: str) -> None:
    state.spaces[sid].muslim_state = True
    elog(state, card, "A Muslim State is placed in {space}.", actor, space=sid)


@register
class MuslimStateTroops(Step):
    """1.3.5: Troops in a new Muslim State go to any Cities, chosen by the Raj;
    the marker goes down once they have left."""

    name = "event.ms_troops"

    def decision(self, state, fr):
        n = cnt(state, fr["space"], "troop")
        choices = [Choice(c, msg("space", space_name(c), space=c)) for c in cities()]
        return Decision("raj", msg("prompt.event.ms_troops",
                                   "A Muslim State is placed in {space}: move a Troop to a City ({n} left).",
                                   space=space_name(fr["space"]), n=n), choices, self.name)

    def apply(self, state, fr, cid):
        board.move(state, fr["space"], cid, "troop", 1)
        elog(state, fr["card"], "The Raj moves a Troop from {src} to {dst}.", "raj", src=fr["space"], dst=cid)
        if cnt(state, fr["space"], "troop"):
            push(state, dict(fr))
        else:
            _set_ms(state, fr["space"], fr["card"], fr.get("actor"))


def shift_toward(state, sid: str, target: int, levels: int = 1) -> int:
    """Shift ``sid`` up to ``levels`` toward support level ``target``."""
    sp = state.spaces[sid]
    if dv.is_railway(sid) or sp.support == target:
        return 0
    d = max(-levels, min(levels, target - sp.support))
    return board.shift(state, sid, d)


def opts(*pairs: tuple[str, str]) -> tuple[list[str], dict[str, str]]:
    return [p[0] for p in pairs], {p[0]: p[1] for p in pairs}


# --- deferred follow-ups ----------------------------------------------------

@register
class EventCall(Step):
    """Run a registered callback (engine.gandhi.choose.CALLBACKS) when reached,
    so follow-ups see the board as it is then: ``{"step": "event.call", "on": name, "ctx": {...}}``."""

    name = "event.call"
    auto = True

    def run(self, state, fr):
        from ..choose import CALLBACKS

        push(state, *CALLBACKS[fr["on"]](state, fr["ctx"], ""))


def call(on: str, **ctx: Any) -> Frame:
    return frame("event.call", on=on, ctx=ctx)


def unrest_ok(state, sid: str) -> bool:
    """An Unrest marker (a Strike on a Railway) can be added (1.11, 1.12)."""
    if dv.unrest_markers_free(state) <= 0:
        return False
    return not (dv.is_railway(sid) and state.spaces[sid].strike)


def protest_ok(state, sid: str) -> bool:
    """An Event may place a Protest: not on a Railway, one per space, a marker in the boxes (1.10, 5.1.1)."""
    return not dv.is_railway(sid) and not state.spaces[sid].protest and dv.protests_in_boxes(state) > 0
