"""Player-facing messages as data: an i18n key and its parameters.

The engine never formats prose for a language (DESIGN §2). Every prompt, choice
label, log line and error carries a :class:`Message`; ``bot/`` renders it per
locale. ``Message.fallback()`` gives a plain English rendering for logs, tests
and the console when no catalog is loaded.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


_PLURAL = re.compile(r"\(s\)")
_FIELD = re.compile(r"\{(\w+)\}")


def english_plurals(text: str, params: dict[str, Any]) -> str:
    """``"{n} Guerrilla(s)"`` as "1 Guerrilla" or "2 Guerrillas": each
    ``(s)`` follows the count of the nearest ``{field}`` before it (an
    ``(s)`` with no numeric field before it becomes "s"). The English
    fallback only: catalogs carry their own plural forms."""
    out, last = [], 0
    for m in _PLURAL.finditer(text):
        before = _FIELD.findall(text, 0, m.start())
        n = params.get(before[-1]) if before else None
        out.append(text[last:m.start()] + ("" if isinstance(n, int) and abs(n) == 1 else "s"))
        last = m.end()
    return "".join(out) + text[last:]


@dataclass(frozen=True)
class Message:
    """An i18n key (``"prompt.choose_space"``) and JSON-safe parameters."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    text: str = ""  # English fallback, used when no catalog has the key

    def fallback(self, names: dict[str, str] | None = None) -> str:
        """English text for the message: ``text`` formatted with params, or the key.

        ``names`` (e.g. ``engine.display_names(game)``) replaces parameters that
        are ids (``"bombay_presidency"`` -> ``"Bombay Presidency"``)."""
        params = self.params
        if names:
            params = {k: names.get(v, v) if isinstance(v, str) else v for k, v in params.items()}
        if self.text:
            try:
                return english_plurals(self.text, params).format(**params)
            except (KeyError, IndexError, ValueError):
                return self.text
        if params:
            inner = ", ".join(f"{k}={v}" for k, v in params.items())
            return f"{self.key}({inner})"
        return self.key

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params), "text": self.text}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Message":
        return cls(d["key"], dict(d.get("params", {})), d.get("text", ""))


def slug_key(prefix: str, template: str) -> str:
    """``prefix.<words>_<6 hex>`` for a message keyed by its wording (issue
    15: one catalog template per key): readable, and distinct for distinct
    templates."""
    import hashlib

    words = re.sub(r"[^a-z0-9]+", "_", template.lower().replace("{event}", "")).strip("_")
    h = hashlib.sha1(template.encode("utf-8")).hexdigest()[:6]
    return f"{prefix}.{words[:48].rstrip('_')}_{h}"


def msg(key: str, text: str = "", **params: Any) -> Message:
    """Shorthand: ``msg("log.pass", "{faction} passes", faction="raj")``."""
    return Message(key, params, text)


QUANTITY = "*"


#: the most digits a typed count may have: no pool of pieces or track in any
#: game reaches a million, and ``int()`` refuses strings over 4,300 digits
COUNT_DIGITS = 6


def split_quantity(choice_id: str) -> tuple[str, int]:
    """``"troop:delhi*3"`` -> ``("troop:delhi", 3)``; an id without a count
    -> ``(id, 1)``. A malformed count (``"x*0"``, ``"x*a"``, digits other
    than ASCII 0-9 such as ``"x*²"``, more than :data:`COUNT_DIGITS` digits)
    is left in the id (no choice has it, so it is refused as not on offer);
    never raises."""
    base, sep, n = choice_id.rpartition(QUANTITY)
    if sep and base and 0 < len(n) <= COUNT_DIGITS and n.isascii() and n.isdigit() and int(n) >= 1:
        return base, int(n)
    return choice_id, 1


@dataclass(frozen=True)
class Choice:
    """One legal option of a decision.

    ``id`` is stable and typeable ("op+sa", "deploy", "delhi", "done"); the same
    id is accepted by the console, transcripts and Discord components.

    ``most`` > 1 makes it a *quantity* (issue 14): the same choice may be
    taken 1 to ``most`` times in one answer, ``"<id>*<n>"`` ("troop:delhi*3":
    three Troops from Delhi), which the engine applies as ``n`` takings in a
    row, all or nothing. ``label_n`` is then the label for a count, a message
    with a parameter ``n`` ("Troop: move {n} from Delhi"); ``label`` stays the
    label of one.
    """

    id: str
    label: Message
    most: int = 1
    label_n: Message | None = None
    #: may be answered together with the decision's other joining choices
    #: (``Decision.many``), as one id ``"<id>+<id>..."`` (issue 14)
    joins: bool = False
    #: the limits (``Decision.budgets``) its count draws on when joined
    pools: tuple[str, ...] = ()

    def times(self, n: int) -> "Choice":
        """This choice taken ``n`` times (1 <= n <= ``most``), as one option."""
        if n == 1:
            return self
        lab = self.label_n or self.label
        return Choice(f"{self.id}{QUANTITY}{n}", Message(lab.key, {**lab.params, "n": n}, lab.text))


TOGETHER = "+"


@dataclass(frozen=True)
class Decision:
    """Who must decide what now. ``choices`` is never empty.

    ``many`` > 1 (issue 14): up to ``many`` of the choices marked ``joins``
    (independent spaces of an Operation) may be answered at once, as one id
    joining theirs with ``+`` (``"delhi+bombay"``); a front end offers them
    as one multi-select. The step carries them out in the order given. A
    joining quantity choice may carry its count in the set
    (``"troop:delhi*3+sepoy:agra"``: ruleset 5's cube moves), each choice
    once, the counts within the decision's ``budgets``."""

    actor: str
    prompt: Message
    choices: list[Choice]
    step: str = ""
    many: int = 1
    #: {pool: n}: the counts of the parts of a joined answer whose choices
    #: draw on a pool (``Choice.pools``) add up to at most n there (Deploy's
    #: 6 cubes per City: "troop*4+sepoy*2"; the Troops standing in a space)
    budgets: dict[str, int] = field(default_factory=dict)

    def ids(self) -> list[str]:
        """The offered ids (a quantity choice by its id for one: see :meth:`options`)."""
        return [c.id for c in self.choices]

    def options(self, limit: int | None = None) -> list[Choice]:
        """Every answer as one option: each choice, and each quantity choice
        also with each count 2..``most`` (``"troop:delhi*2"``...), the count
        options right after their choice. What a front end lists. With
        ``limit``: when that makes more than ``limit`` options, the choices
        alone (a front end then asks the count of a quantity choice after
        it is picked, 1..``most``)."""
        if limit is not None and sum(c.most for c in self.choices) > limit:
            return list(self.choices)  # (counted before the count options are made: issue 21, speed)
        out: list[Choice] = []
        for c in self.choices:
            if c.most == 1:
                out.append(c)
            else:
                out.extend(c.times(n) for n in range(1, c.most + 1))
        return out

    def joining(self) -> list[Choice]:
        """The choices that may be answered together (empty unless ``many`` > 1)."""
        return [c for c in self.choices if c.joins] if self.many > 1 else []

    def over_budget(self, parts: list[tuple[Choice, int]]) -> bool:
        """True when ``parts`` (choice, count) together exceed a budget."""
        used: dict[str, int] = {}
        for c, n in parts:
            for p in c.pools:
                used[p] = used.get(p, 0) + n
        return any(n > self.budgets.get(p, n) for p, n in used.items())

    def limits(self, options: list[Choice] | None = None) -> list[tuple[dict[str, int], int]]:
        """What one set of joining options may hold (issue 31), for a front
        end letting several be picked at once: ``[(weights, n)]``, one per
        budget: the weights (option id -> the count it draws) of the options
        picked together add up to at most ``n``, else :meth:`find` refuses
        the set. ``options``: the listed options (default :meth:`options`).
        ``many``, and one count of a quantity per set, are not repeated here."""
        join = {c.id: c for c in self.joining()}
        if not join or not self.budgets:
            return []
        pools: dict[str, dict[str, int]] = {}
        for o in self.options() if options is None else options:
            base, n = split_quantity(o.id)
            c = join.get(o.id) or join.get(base)
            for p in c.pools if c is not None else ():
                if p in self.budgets:
                    pools.setdefault(p, {})[o.id] = n if c.id == base else 1
        return [(w, self.budgets[p]) for p, w in pools.items()]

    def find(self, choice_id: str) -> Choice | None:
        """The offered choice ``choice_id`` names, a count within its bounds
        included (``"troop:delhi*2"`` -> that choice taken twice), or a set of
        joining choices (``"delhi+bombay"``: 2 to ``many`` distinct ones),
        else None."""
        if TOGETHER in choice_id and self.many > 1:
            parts = [split_quantity(p) for p in choice_id.split(TOGETHER)]
            bases = [b for b, _ in parts]
            join = {c.id: c for c in self.joining()}
            if not 2 <= len(parts) <= self.many or len(set(bases)) != len(bases) \
                    or any(b not in join or n > join[b].most for b, n in parts) \
                    or self.over_budget([(join[b], n) for b, n in parts]):
                return None
            return Choice(choice_id, Message("choice.together", {"choices": ", ".join(choice_id.split(TOGETHER))},
                                             "{choices}"))
        base, n = split_quantity(choice_id)
        for c in self.choices:
            if c.id == choice_id:
                return c
            if n > 1 and c.id == base and n <= c.most:
                return c.times(n)
        return None


@dataclass(frozen=True)
class LogEntry:
    """A structured log line: rendered to text per locale by ``bot/``."""

    key: str
    params: dict[str, Any]
    actor: str | None = None
    text: str = ""

    def message(self) -> Message:
        return Message(self.key, self.params, self.text)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": self.params, "actor": self.actor, "text": self.text}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "LogEntry":
        return cls(d["key"], dict(d.get("params", {})), d.get("actor"), d.get("text", ""))
