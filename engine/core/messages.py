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


@dataclass(frozen=True)
class Choice:
    """One legal option of a decision.

    ``id`` is stable and typeable ("op+sa", "deploy", "delhi", "done"); the same
    id is accepted by the console, transcripts and Discord components.
    """

    id: str
    label: Message


@dataclass(frozen=True)
class Decision:
    """Who must decide what now. ``choices`` is never empty."""

    actor: str
    prompt: Message
    choices: list[Choice]
    step: str = ""

    def ids(self) -> list[str]:
        return [c.id for c in self.choices]

    def find(self, choice_id: str) -> Choice | None:
        for c in self.choices:
            if c.id == choice_id:
                return c
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
