"""Collect every message key a game's engine emits, with its English text
and the parameters seen (issue 15).

Two sources, merged:

* **self-play**: whole games (policies random, first, events; both
  scenarios) with every :class:`engine.Message` constructed recorded, so
  prompts, choice labels, log lines, results and refusals built on the way
  are all seen with real parameters;
* **code scan**: ``msg("key", "text", ...)``, ``Message("key", {...},
  "text")``, ``illegal("text", "key")`` ... literals in the engine sources,
  for refusals self-play never triggers (it only picks legal choices).

Usage::

    python tools/extract_engine_keys.py [--game gandhi] [--games 40] [--json out.json]
    python tools/extract_engine_keys.py --write   # (re)write engine/<game>/locales/*.po

``--write`` adds missing keys to en.po (English template = the engine's
text, ``(s)`` turned into catalog plural forms) and empty entries to the
other languages; it never changes an existing msgstr.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys
from collections import defaultdict
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


class Seen:
    """key -> {texts: set, params: {name: set(type names)}}."""

    def __init__(self) -> None:
        self.texts: dict[str, set[str]] = defaultdict(set)
        self.params: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.examples: dict[str, dict[str, Any]] = {}

    def add(self, key: str, text: str, params: dict[str, Any]) -> None:
        self.texts[key].add(text or "")
        for k, v in params.items():
            self.params[key][k].add(type(v).__name__)
        self.examples.setdefault(key, dict(params))


def record_selfplay(game: str, games: int, seen: Seen, scenarios=("short", "main"),
                    policies=("random", "first", "events"), max_choices: int = 20000) -> int:
    """Play ``games`` games per (scenario, policy) recording every Message built."""
    import engine
    from engine.core import messages
    from engine.core.selfplay import POLICIES

    orig = messages.Message.__init__

    def init(self, key, params=None, text=""):
        orig(self, key, {} if params is None else params, text)
        seen.add(key, text, self.params)

    messages.Message.__init__ = init
    try:
        n = 0
        for scen in scenarios:
            for pol in policies:
                for seed in range(games):
                    n += _play(engine, game, scen, 9000 + seed, POLICIES[pol], max_choices, seen)
        return n
    finally:
        messages.Message.__init__ = orig
    del engine


def _play(engine, game, scenario, seed, pick, max_choices, seen: Seen) -> int:
    """One game; its log entries recorded at the end. Returns choices made."""
    import random

    state = engine.new_game(game, scenario, seed)
    rnd = random.Random(seed)
    n = 0
    probes = _probe_ids(game)
    while n < max_choices:
        d = engine.decision(state)
        if d is None:
            break
        if n % 25 == 0:
            _refusals(engine, state, d, probes, seen)
        engine.apply(state, d.actor, pick(rnd, d))
        n += 1
    for e in state.log:
        seen.add(e["key"], e.get("text", ""), e.get("params", {}))
    return n


def _probe_ids(game: str) -> list[str]:
    """Choice ids worth trying where they are not offered: every id the game
    names (spaces, pieces, ...) and the action ids of the sequence of play."""
    import engine

    return sorted(engine.display_names(game)) + [
        "op", "op+sa", "limited-op", "event-unshaded", "event-shaded", "pass", "done"]


def _refusals(engine, state, d, probes: list[str], seen: Seen) -> None:
    """Try ids not on offer; record the refusal each one gets (nothing is
    applied when a choice is refused)."""
    offered = set(d.ids())
    for cid in probes:
        if cid in offered:
            continue
        try:
            engine.apply(state, d.actor, cid)
        except engine.EngineError as e:
            seen.add(e.message.key, e.message.text, e.message.params)
        else:  # pragma: no cover - the engine accepted an id it did not offer
            raise AssertionError(f"{cid!r} accepted at {d.step} though not offered")


def scan_code(root: str, seen: Seen) -> None:
    """Literal keys in ``msg``/``Message``/``illegal``/``log``/``simple`` calls."""
    for dirpath, _, files in os.walk(root):
        for f in files:
            if f.endswith(".py"):
                _scan_file(os.path.join(dirpath, f), seen)


def _lit(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _scan_file(path: str, seen: Seen) -> None:
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        args = node.args
        key = text = None
        if name in ("msg", "simple_msg") and args:
            key, text = _lit(args[0]), (_lit(args[1]) if len(args) > 1 else "")
        elif name == "Message" and args:
            key = _lit(args[0])
            text = _lit(args[2]) if len(args) > 2 else ""
        elif name == "illegal" and args:
            text = _lit(args[0])
            key = _lit(args[1]) if len(args) > 1 else "error.illegal"
            for kw in node.keywords:
                if kw.arg == "key":
                    key = _lit(kw.value)
        elif name == "log" and len(args) >= 3:
            key, text = _lit(args[1]), _lit(args[2])
        elif name == "simple" and len(args) >= 3:
            key, text = _lit(args[1]), _lit(args[2])
        if key and text is not None and "." in key:
            params = {kw.arg: "?" for kw in node.keywords if kw.arg and kw.arg not in ("key", "actor")}
            seen.add(key, text, params)


LANGS = ("en", "it", "es", "ja")
# keys whose engine text is a fallback, not the template
FIXED = {"space": "{space}", "option.name": "{name}"}
# keys the engine never emits although its code names them (bot strings)
NOT_ENGINE = {"error.illegal"}
_PLURAL_WORD = re.compile(r"(\w+)\(s\)")
_FIELD = re.compile(r"\{(\w+)(?::[^{}]*)?\}")
_ARTICLE = re.compile(r"\b([Aa])n? \{(\w+)\}")


def english_template(text: str) -> str:
    """The engine's English text as a catalog template: ``{n} Guerrilla(s)``
    becomes ``{n} {n:plural:one=Guerrilla|other=Guerrillas}`` (the nearest
    field before the word counts), ``a {kind}`` becomes ``{kind:a}`` (the
    name with "a" or "an")."""
    out, last = [], 0
    for m in _PLURAL_WORD.finditer(text):
        before = _FIELD.findall(text, 0, m.start())
        word = m.group(1)
        if before:
            form = f"{{{before[-1]}:plural:one={word}|other={word}s}}"
        else:
            form = word + "s"
        out.append(text[last:m.start()] + form)
        last = m.end()
    text = "".join(out) + text[last:]
    return _ARTICLE.sub(lambda m: f"{{{m.group(2)}:a}}" if m.group(1) == "a" else m.group(0), text)


def names(game: str) -> dict[str, str]:
    """``name.<id>`` entries: the names of the ids messages carry."""
    import engine

    return {f"name.{k}": v for k, v in engine.display_names(game).items()}


def english_catalog(seen: Seen, game: str) -> dict[str, str]:
    """{key: English template}; raises ValueError naming keys with two wordings."""
    out: dict[str, str] = {}
    clashes = []
    for key, texts in seen.texts.items():
        if key in NOT_ENGINE:
            continue
        if key in FIXED:
            out[key] = FIXED[key]
            continue
        texts = {t for t in texts if t}
        if len(texts) > 1:
            clashes.append(f"{key}: {sorted(texts)}")
        if texts:
            out[key] = english_template(sorted(texts)[0])
    if clashes:
        raise ValueError("one key, several wordings:\n  " + "\n  ".join(clashes))
    out.update(names(game))
    return out


def locales_dir(game: str) -> str:
    return os.path.join(ROOT, "engine", game, "locales")


def read_po(path: str) -> dict[str, str]:
    """{msgid: msgstr} of a .po file ({} when missing); empty msgstrs kept."""
    from babel.messages.pofile import read_po as _read

    if not os.path.exists(path):
        return {}
    with open(path, "rb") as fh:
        cat = _read(fh)
    return {m.id: m.string or "" for m in cat if m.id and isinstance(m.id, str)}


def write_catalogs(game: str, english: dict[str, str], seen: Seen) -> dict[str, int]:
    """Add missing keys to every catalog (English text in en, empty elsewhere);
    existing msgstrs are kept. Returns {lang: keys added}."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    added = {}
    for lang in LANGS:
        path = os.path.join(locales_dir(game), f"{lang}.po")
        have = read_po(path)
        cat = Catalog(locale=lang, project=f"dakbot {game} engine", charset="utf-8")
        added[lang] = 0
        for key in sorted(set(have) | set(english)):
            if key in have:
                value = have[key]
            else:
                value = english[key] if lang == "en" else ""
                added[lang] += 1
            params = sorted(seen.params.get(key, {}))
            comment = [f"English: {english[key]}"] if lang != "en" and key in english else []
            if params:
                comment.append("params: " + ", ".join(params))
            cat.add(key, value, auto_comments=comment)
        if not added[lang] and os.path.exists(path):
            continue  # nothing new: leave the file (and its header date) alone
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as fh:
            write_po(fh, cat, width=0, omit_header=False)
    return added


def collect(game: str = "gandhi", games: int = 10) -> Seen:
    """Keys from the code scan and ``games`` self-play games per scenario and policy."""
    seen = Seen()
    for part in (game, "coin", "core"):  # the game, the COIN family's shared steps, the core
        scan_code(os.path.join(ROOT, "engine", part), seen)
    record_selfplay(game, games, seen)
    return seen


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="gandhi")
    ap.add_argument("--games", type=int, default=10, help="games per scenario and policy")
    ap.add_argument("--json", help="write {key: [texts...]} here")
    ap.add_argument("--write", action="store_true", help="update engine/<game>/locales/*.po")
    a = ap.parse_args(argv)
    seen = collect(a.game, a.games)
    print(f"{len(seen.texts)} keys from code and self-play", file=sys.stderr)
    if a.write:
        added = write_catalogs(a.game, english_catalog(seen, a.game), seen)
        print("added: " + ", ".join(f"{k} {v}" for k, v in added.items()), file=sys.stderr)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump({k: {"texts": sorted(v), "params": {p: sorted(t) for p, t in seen.params[k].items()},
                           "example": {p: repr(x) for p, x in seen.examples.get(k, {}).items()}}
                       for k, v in sorted(seen.texts.items())}, fh, indent=1, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
