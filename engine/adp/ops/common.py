"""Sub-decisions shared by Operations, Special Activities, Propaganda and
Events: pick one of some options, a quantity, pieces to remove in the aids'
order, Guerrillas to activate, groups of pieces to move.

A *picker* is a registered pair ``options(state, ctx) -> [Choice]`` and
``then(state, ctx, choice_id) -> frames``; :func:`pick` makes its frame.
"""
from __future__ import annotations

from typing import Any, Callable

from ...core.engine import log
from ...core.messages import Choice, Message
from ...core.steps import Frame
from ..board import GUERRILLAS, n, remove_enemy, remove_to, underground
from ..data import OWNER, get_data
from ..flow import Prompt, ask, choice, count_choices, prompt
from ..state import AdpState

Options = Callable[[AdpState, dict], list[Choice]]
Then = Callable[[AdpState, dict, str], list[Frame]]
PICKERS: dict[str, tuple[Options, Then]] = {}


def picker(name: str, options: Options, then: Then) -> None:
    if name in PICKERS and PICKERS[name] != (options, then):
        raise ValueError(f"picker {name!r} registered twice")
    PICKERS[name] = (options, then)


def pick(on: str, faction: str, key: str, text: str, params: dict | None = None, **ctx: Any) -> Frame:
    """A decision of ``faction`` through picker ``on``; ``key``/``text``/``params`` the prompt."""
    return ask("pick", on=on, faction=faction, prompt={"key": key, "text": text, "params": params or {}}, **ctx)


def optional(state: AdpState, fr: Frame) -> list[Frame]:
    """``[fr]``, or no frame when its picker offers nothing but "done"
    (ask only what a player decides)."""
    opts = PICKERS[fr["ctx"]["on"]][0](state, fr["ctx"])
    return [] if [c.id for c in opts] == ["done"] else [fr]


@prompt
class Pick(Prompt):
    name = "pick"

    def decide(self, state, ctx):
        p = ctx["prompt"]
        return ctx["faction"], Message(p["key"], p["params"], p["text"]), PICKERS[ctx["on"]][0](state, ctx)

    def then(self, state, ctx, cid):
        return PICKERS[ctx["on"]][1](state, ctx, cid)


# ------------------------------------------------------------------ removal

def enemy_kinds(faction: str) -> list[str]:
    """Map piece kinds of every faction not on ``faction``'s side (COIN = Coalition + Government)."""
    side = ("coalition", "government") if faction in ("coalition", "government") else (faction,)
    return [k for k in _MAP_KINDS if OWNER[k] not in side]


_MAP_KINDS = ("coalition_troops", "coalition_bases", "government_troops", "police", "government_bases",
              "taliban_guerrillas_underground", "taliban_guerrillas_active", "taliban_bases",
              "warlords_guerrillas_underground", "warlords_guerrillas_active", "warlords_bases")


def legal_removals(state: AdpState, sid: str, rule: str, faction: str) -> list[str]:
    """The piece kinds that may be removed next in ``sid``.

    ``assault`` (COIN Assault, Air Strike; seed L159, L259, L297): Active
    Guerrillas, then Insurgent Bases once no Guerrilla remains (Bases last,
    reading R17). ``attack`` (Insurgent Attack, seed L49, L359): any enemy
    piece, Government cubes before Coalition ones, Bases last.
    ``infiltrate`` (seed L395): Government and Warlords pieces, Bases last.
    """
    here = {k: c for k, c in state.spaces[sid].pieces.items() if c}
    if rule == "assault":
        g = [k for k in ("taliban_guerrillas_active", "warlords_guerrillas_active") if k in here]
        if g:
            return g
        if any(k in here for f in GUERRILLAS for k in GUERRILLAS[f]):
            return []
        return [k for k in ("taliban_bases", "warlords_bases") if k in here]
    if rule == "infiltrate":
        pool = [k for k in ("government_troops", "police", "warlords_guerrillas_underground",
                            "warlords_guerrillas_active") if k in here]
        return pool or [k for k in ("government_bases", "warlords_bases") if k in here]
    if rule == "attack":
        enemy = [k for k in enemy_kinds(faction) if k in here]
        units = [k for k in enemy if not k.endswith("_bases")]
        if any(k in units for k in ("government_troops", "police")):
            units = [k for k in units if k != "coalition_troops"]
        return units or enemy
    raise ValueError(rule)


REMOVE_HOOKS: dict[str, Callable[[AdpState, str, str], None]] = {}


def removals(state: AdpState, faction: str, sid: str, k: int, rule: str, hook: str | None = None) -> list[Frame]:
    """Frames asking ``faction`` to remove ``k`` pieces in ``sid`` one by one
    by ``rule``; none when nothing may be removed. Coalition pieces go to
    Casualties (seed L43). ``hook`` names a :data:`REMOVE_HOOKS` entry called
    per piece (e.g. +6 Aid per Taliban Base, seed L159)."""
    while k > 0:
        kinds = legal_removals(state, sid, rule, faction)
        if not kinds:
            return []
        if len(kinds) > 1:
            break
        _remove_one(state, faction, sid, kinds[0], hook)  # no choice to make
        k -= 1
    if k <= 0:
        return []
    return [pick("remove", faction, "prompt.remove", "Remove a piece in {space} ({left} left).",
                 {"space": sid, "left": k}, space=sid, left=k, rule=rule, hook=hook)]


def _remove_one(state: AdpState, faction: str, sid: str, kind: str, hook: str | None, k: int = 1) -> None:
    remove_enemy(state, sid, kind, k)
    log(state, "log.removed", "{n} {piece} removed from {space}.", actor=faction, n=k, piece=kind, space=sid)
    if hook:
        for _ in range(k):
            REMOVE_HOOKS[hook](state, sid, kind)


def _remove_options(state, ctx):
    return [choice(k, "choice.piece", "{piece}", piece=k)
            for k in legal_removals(state, ctx["space"], ctx["rule"], ctx["faction"])]


def _remove_then(state, ctx, cid):
    _remove_one(state, ctx["faction"], ctx["space"], cid, ctx.get("hook"))
    return removals(state, ctx["faction"], ctx["space"], ctx["left"] - 1, ctx["rule"], ctx.get("hook"))


picker("remove", _remove_options, _remove_then)


# ------------------------------------------------------------------ activation

def activate(state: AdpState, faction: str, sid: str, k: int) -> list[Frame]:
    """Turn ``k`` Underground Guerrillas in ``sid`` Active (Patrol, Sweep: seed
    L139, L149, L237, L249). When both Insurgents have Underground Guerrillas
    there and not all turn, ``faction`` (the one acting) chooses how many
    Taliban ones (reading R16)."""
    t, w = underground(state, sid, "taliban"), underground(state, sid, "warlords")
    k = min(k, t + w)
    if k <= 0:
        return []
    if t == 0 or w == 0 or k == t + w:
        _flip_both(state, sid, min(t, k), k - min(t, k))
        return []
    lo, hi = max(0, k - w), min(k, t)
    return [pick("activate", faction, "prompt.activate", "{space}: how many Taliban Guerrillas turn Active ({k} in all)?",
                 {"space": sid, "k": k}, space=sid, k=k, lo=lo, hi=hi)]


def _flip_both(state: AdpState, sid: str, t: int, w: int) -> None:
    from ..board import flip

    flip(state, sid, "taliban", t)
    flip(state, sid, "warlords", w)
    log(state, "log.activated", "{space}: {t} Taliban and {w} Warlords Guerrillas turn Active.", space=sid, t=t, w=w)


picker("activate", lambda s, c: count_choices(c["lo"], c["hi"]),
       lambda s, c, cid: _flip_both(s, c["space"], int(cid), c["k"] - int(cid)) or [])


# ------------------------------------------------------------------ quantities

QTY: dict[str, Callable[[AdpState, dict, int], list[Frame]]] = {}


def quantity(on: str, faction: str, lo: int, hi: int, key: str, text: str, params: dict | None = None,
             **ctx: Any) -> Frame:
    """Ask ``faction`` for a number lo..hi, then run ``QTY[on](state, ctx, n)``."""
    return pick("qty", faction, key, text, params, lo=lo, hi=hi, qty=on, **ctx)


picker("qty", lambda s, c: count_choices(c["lo"], c["hi"]), lambda s, c, cid: QTY[c["qty"]](s, c, int(cid)))


# ------------------------------------------------------------------ moving groups

def move_frames(state: AdpState, faction: str, dst: str, sources: dict[str, list[str]], hook: str | None = None,
                cap: int | None = None, **ctx: Any) -> list[Frame]:
    """Ask ``faction`` to move pieces into ``dst``: ``sources`` maps a space to
    the piece kinds that may leave it for ``dst``; each pick is a (space,
    kind) then a quantity; ``cap`` limits the total moved; ``hook`` names a
    :data:`MOVE_HOOKS` entry called after each group moves."""
    return [pick("move", faction, "prompt.move", "Move pieces into {space}: choose where from, or done.",
                 {"space": dst}, dst=dst, sources=sources, hook=hook, cap=cap, moved=0, **ctx)]


MOVE_HOOKS: dict[str, Callable[[AdpState, dict, str, str, int], list[Frame]]] = {}


def _move_options(state, ctx):
    out = []
    if ctx["cap"] is None or ctx["moved"] < ctx["cap"]:
        for src, kinds in ctx["sources"].items():
            for k in kinds:
                if n(state, src, k):
                    out.append(choice(f"{src}|{k}", "choice.move_from", "{piece} from {space}", piece=k, space=src))
    return out + [choice("done", "choice.done", "Done")]


def _move_then(state, ctx, cid):
    if cid == "done":
        return MOVE_HOOKS[ctx["hook"]](state, ctx, "", "", 0) if ctx.get("hook") else []
    src, kind = cid.split("|")
    hi = n(state, src, kind)
    if ctx["cap"] is not None:
        hi = min(hi, ctx["cap"] - ctx["moved"])
    return [quantity("move.qty", ctx["faction"], 1, hi, "prompt.move_qty", "How many {piece} from {space}?",
                     {"piece": kind, "space": src}, src=src, kind=kind, parent=ctx)]


def _move_qty(state, ctx, k):
    from ..board import move

    parent = dict(ctx["parent"])
    src, kind, dst = ctx["src"], ctx["kind"], parent["dst"]
    move(state, src, dst, kind, k)
    parent["moved"] += k
    log(state, "log.moved", "{n} {piece}: {src} to {dst}.", actor=parent["faction"], n=k, piece=kind, src=src, dst=dst)
    extra = MOVE_HOOKS[parent["hook"]](state, parent, src, kind, k) if parent.get("hook") else []
    return extra + [ask("pick", **{k2: v for k2, v in parent.items()})]


picker("move", _move_options, _move_then)
QTY["move.qty"] = _move_qty


def space_names() -> dict[str, str]:
    return {sid: s.name for sid, s in get_data().spaces.items()}


def to_box(state: AdpState, sid: str, kind: str, k: int) -> None:
    remove_to(state, sid, kind, k)
