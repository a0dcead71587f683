"""The provisional-data kit every game shares (DESIGN §6): reading YAML,
checking an overrides file's entries (``verified`` / ``source`` meta fields),
and the verified / provisional counts of ``dakbot data status``.

Each game keeps its own data model, fields and files (``engine/<game>/data``);
what is here knows nothing of any one game. Errors are
:class:`~engine.core.errors.DataError` with the file path and the entry, one
line for whoever corrects the file.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Generic, Iterator, TypeVar

import yaml

from .errors import DataError

#: Meta fields an override entry may carry beside the fields it changes.
META_FIELDS = ("verified", "source")

# libyaml's loader when the wheel has it: the same safe loading, ten times faster.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """``yaml.safe_load`` with libyaml when available."""
    return yaml.load(text, Loader=_Loader)


def read_yaml(path: Path) -> dict:
    """A YAML file as a mapping ({} when empty). Raises DataError naming the
    file when it cannot be read or parsed."""
    try:
        return load_yaml(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as e:
        raise DataError(f"{path}: {e}") from None


T = TypeVar("T")


class DataInForce(Generic[T]):
    """A game's data in force: what ``load(overrides_path)`` builds from the
    packaged YAML plus the override file named by the environment variable
    ``env`` (``None`` when unset or empty).

    The environment is read once, when :meth:`get` is first asked (rules code
    asks in hot loops); :meth:`reload` reads it again (a running service after
    a correction file changed, tests). Builds are cached per override path
    (eight at most). ``load`` raises DataError on bad data, and so do
    :meth:`get` and :meth:`reload`.

    A game's data package exposes ``get_data = SOURCE.get`` and
    ``reload_data = SOURCE.reload``.
    """

    def __init__(self, env: str, load: Callable[[str | None], T]):
        self.env = env
        self._load = lru_cache(maxsize=8)(load)
        current: T | None = None  # a closure cell: get() is as cheap as a module function

        def get() -> T:
            """The data in force (built on first use)."""
            nonlocal current
            if current is None:
                current = self._load(os.environ.get(self.env) or None)
            return current

        def forget() -> None:
            nonlocal current
            current = None

        self.get = get
        self._forget = forget

    def reload(self) -> T:
        """Forget the data in force and every cached build; read ``env`` again."""
        self._forget()
        self._load.cache_clear()
        return self.get()


def top_level(overrides: Any, allowed: tuple[str, ...], path: str) -> dict:
    """An overrides file's content, checked: a mapping whose keys are among
    ``allowed`` ({} for None). Raises DataError naming the file otherwise."""
    if overrides is None:
        return {}
    if not isinstance(overrides, dict):
        raise DataError(f"{path}: the file must hold a mapping with keys {list(allowed)}, "
                        f"not a {type(overrides).__name__}")
    for key in overrides:
        if key not in allowed:
            raise DataError(f"{path}: {key}: unknown top-level key (allowed: {', '.join(allowed)})")
    return overrides


def section(value: Any, name: str, path: str) -> dict:
    """An overrides file's top-level section ({} when absent). Raises
    DataError when it is not a mapping."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise DataError(f"{path}: {name}: must be a mapping of id -> fields, not a {type(value).__name__}")
    return value


def entry(value: Any, where: str, allowed: tuple[str, ...], path: str) -> tuple[dict, bool, str | None]:
    """Check one override entry: only ``allowed`` fields plus the meta fields,
    ``verified`` a boolean, ``source`` text, something to change. Returns
    (fields without meta, verified, source); raises DataError otherwise."""
    if not isinstance(value, dict):
        raise DataError(f"{path}: {where}: must be a mapping of field -> value")
    for f in value:
        if f not in allowed and f not in META_FIELDS:
            raise DataError(f"{path}: {where}.{f}: unknown field (allowed: {', '.join(allowed + META_FIELDS)})")
    verified = value.get("verified", False)
    if not isinstance(verified, bool):
        raise DataError(f"{path}: {where}.verified: must be true or false, not {verified!r}")
    source = value.get("source")
    if source is not None and not isinstance(source, str):
        raise DataError(f"{path}: {where}.source: must be text")
    fields = {k: v for k, v in value.items() if k not in META_FIELDS}
    if not fields and not verified:
        raise DataError(f"{path}: {where}: no field to change")
    return fields, verified, source


def reason(path: str, source: str | None, verified: bool) -> str:
    """The note an overridden value carries: where it came from and whether it is verified."""
    state = "verified" if verified else "provisional"
    return f"override ({state}) from {path}" + (f": {source}" if source else "")


def pair(item: Any, where: str, known: set[str], path: str) -> tuple[str, str]:
    """An adjacency pair of two different known space ids. Raises DataError otherwise."""
    if not (isinstance(item, (list, tuple)) and len(item) == 2 and all(isinstance(x, str) for x in item)):
        raise DataError(f"{path}: {where}: a pair must be a list of two space ids, not {item!r}")
    for s in item:
        if s not in known:
            raise DataError(f"{path}: {where}: unknown space {s!r}")
    if item[0] == item[1]:
        raise DataError(f"{path}: {where}: a space is not adjacent to itself")
    return item[0], item[1]


def adjacency_edits(value: Any, known: set[str], path: str
                    ) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str, bool]]]:
    """An overrides file's ``adjacency`` section, checked::

        adjacency: {remove: [[a, b]], add: [[c, d], {pair: [e, f], verified: true}],
                    verified: false, source: "..."}

    ``verified`` (default false) applies to every added pair that does not
    give its own. Returns ``(removals, additions)``: removals as
    ``(where, x, y)``, additions as ``(where, x, y, verified)``, ``where``
    naming the entry ("adjacency.add[0]") for the game's own errors; the
    game applies them to its map, removals first. Raises DataError for an
    unknown field, an unknown or repeated space, a ``verified`` that is not
    true/false.
    """
    if value is None:
        return [], []
    if not isinstance(value, dict):
        raise DataError(f"{path}: adjacency: must be a mapping with keys add, remove, verified, source")
    for k in value:
        if k not in ("add", "remove") + META_FIELDS:
            raise DataError(f"{path}: adjacency.{k}: unknown field (allowed: add, remove, verified, source)")
    default_verified = value.get("verified", False)
    if not isinstance(default_verified, bool):
        raise DataError(f"{path}: adjacency.verified: must be true or false")
    removals = []
    for i, item in enumerate(value.get("remove") or []):
        where = f"adjacency.remove[{i}]"
        removals.append((where, *pair(item, where, known, path)))
    additions = []
    for i, item in enumerate(value.get("add") or []):
        where = f"adjacency.add[{i}]"
        verified = default_verified
        if isinstance(item, dict):
            for k in item:
                if k not in ("pair", "verified"):
                    raise DataError(f"{path}: {where}.{k}: unknown field (allowed: pair, verified)")
            verified = item.get("verified", default_verified)
            if not isinstance(verified, bool):
                raise DataError(f"{path}: {where}.verified: must be true or false")
            item = item.get("pair")
        additions.append((where, *pair(item, where, known, path), verified))
    return removals, additions


def card_number(key: Any, section_name: str, path: str) -> int:
    """A card-number key of an overrides section. Raises DataError for a non-integer."""
    try:
        return int(key)
    except (TypeError, ValueError):
        raise DataError(f"{path}: {section_name}.{key}: card numbers are integers") from None


def card_entries(value: Any, name: str, cards: list[dict], allowed: tuple[str, ...], path: str,
                 unknown: str) -> Iterator[tuple[int, dict, dict, bool, str | None, str]]:
    """The entries of an overrides file's card section ``name`` (e.g.
    ``event_cards: {12: {faction_order: [...], verified: true}}``), checked
    one by one as they are taken: yields ``(number, card, fields, verified,
    source, where)`` with ``card`` the packaged card of that number in
    ``cards`` (to change in place) and ``where`` naming the entry. Raises
    DataError for a section that is not a mapping, a number that is not an
    integer, a card not in ``cards`` (the message ends with ``unknown``,
    e.g. "unknown Event card (Events are 1-72)"), a bad entry (:func:`entry`).
    """
    by_no = {c.get("number"): c for c in cards}
    for key, fields in section(value, name, path).items():
        n = card_number(key, name, path)
        where = f"{name}.{key}"
        if n not in by_no:
            raise DataError(f"{path}: {where}: {unknown}")
        yield (n, by_no[n], *entry(fields, where, allowed, path), where)


def split(items: dict[str, bool]) -> dict[str, Any]:
    """``{id: verified}`` as the counts and sorted ids of ``data status``:
    ``{"total", "verified", "provisional", "verified_ids", "provisional_ids"}``."""
    verified = sorted((k for k, v in items.items() if v), key=_natural)
    provisional = sorted((k for k, v in items.items() if not v), key=_natural)
    return {"total": len(items), "verified": len(verified), "provisional": len(provisional),
            "verified_ids": verified, "provisional_ids": provisional}


def _natural(key: Any) -> Any:
    s = str(key)
    return (0, int(s), "") if s.isdigit() else (1, 0, s)


def status_line(label: str, counts: dict, show: str | None = "provisional", limit: int = 12) -> str:
    """One line of ``data status`` for :func:`split`'s ``counts`` (with up to
    ``limit`` of the ``show`` ids on a second line)."""
    text = f"  {label:<22} {counts['verified']:>3} verified, {counts['provisional']:>3} provisional (of {counts['total']})"
    ids = counts.get(f"{show}_ids") if show else None
    if ids:
        shown = ", ".join(str(i) for i in ids[:limit])
        more = f", … (+{len(ids) - limit})" if len(ids) > limit else ""
        text += f"\n  {'':<22} {show}: {shown}{more}"
    return text


def overrides_lines(report: dict, env: str, doc: str) -> list[str]:
    """The "Overrides" lines of ``data status``: the file in force
    (``report["overrides_file"]``) and each fact it changed
    (``report["overridden"]``), or how to set one (environment variable
    ``env``, documented in ``doc``)."""
    if report.get("overrides_file"):
        return [f"Overrides: {report['overrides_file']} ({len(report['overridden'])} facts)",
                *(f"  {o}" for o in report["overridden"])]
    return [f"Overrides: none (set {env} to a YAML file, see {doc})"]
