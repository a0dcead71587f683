"""The provisional-data kit every game shares (DESIGN §6): reading YAML,
checking an overrides file's entries (``verified`` / ``source`` meta fields),
and the verified / provisional counts of ``dakbot data status``.

Each game keeps its own data model, fields and files (``engine/<game>/data``);
what is here knows nothing of any one game. Errors are
:class:`~engine.core.errors.DataError` with the file path and the entry, one
line for whoever corrects the file.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

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


def card_number(key: Any, section_name: str, path: str) -> int:
    """A card-number key of an overrides section. Raises DataError for a non-integer."""
    try:
        return int(key)
    except (TypeError, ValueError):
        raise DataError(f"{path}: {section_name}.{key}: card numbers are integers") from None


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
