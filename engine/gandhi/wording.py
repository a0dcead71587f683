"""Message keys for texts built from parts (issue 15).

Event code and generic choice loops compose their English texts on the fly
("Place a Sepoy in Assam (from Out of Play)"). A catalog needs one template
per key, so :func:`templated` turns such a text back into a template and its
parameters: space and Town names become ``{space}``, ``{space2}`` ... (ids
as parameters, so front ends name them in the game's language), a count
before a ``(s)`` word becomes ``{n}`` (the catalog's plural forms), "a" before
a vowel becomes "an"; the key is ``<prefix>.<slug>_<hash>`` of the template,
the same for every card and space that uses the wording, different for every
different wording. ``tools/extract_engine_keys.py`` collects these keys.
"""
from __future__ import annotations

import functools
import re
from typing import Any

from ..core.messages import Message, slug_key
from .data import get_data

_FIELD = re.compile(r"\{(\w+)\}")
_COUNT = re.compile(r"(?<![\w{#+\-.])(\d+)(?= [A-Za-z][\w ]*?\(s\))")
_NUMBER = re.compile(r"(?<![\w.#{])(\d+)(?![\w}]|\.\d)")
_A_VOWEL = re.compile(r"\b([Aa]) (?=[AEIOU])")


@functools.lru_cache(maxsize=4)
def _names_pattern(_data_id: int) -> tuple[re.Pattern, dict[str, str]]:
    m = get_data().map
    by_name = {s.name: sid for sid, s in m.spaces.items()}
    by_name.update({t.name: tid for tid, t in m.towns.items()})
    alts = sorted(by_name, key=len, reverse=True)
    return re.compile(r"(?<![\w{/])(" + "|".join(re.escape(n) for n in alts) + r")(?![\w}])"), by_name


def _fresh(base: str, taken: set[str]) -> str:
    name, i = base, 2
    while name in taken:
        name, i = f"{base}{i}", i + 1
    taken.add(name)
    return name


def template_of(text: str, params: dict[str, Any], numbers: bool = False) -> tuple[str, dict[str, Any]]:
    """``(template, params)`` for a composed English text: see module doc;
    ``numbers``: every number (not a rule number like 3.2.4) becomes a field.
    A pure function of its arguments and the game data: remembered for the
    texts seen last (issue 21: speed; most texts recur, "End the Operation")."""
    try:
        key = (text, numbers, tuple((k, type(v), v) for k, v in params.items()), id(get_data()))
        hash(key)
    except TypeError:  # a parameter that is not hashable: worked out afresh
        return _template_of(text, params, numbers)
    tpl, out = _remembered(key)
    return tpl, dict(out)


@functools.lru_cache(maxsize=4096)
def _remembered(key: tuple) -> tuple[str, tuple[tuple[str, Any], ...]]:
    text, numbers, items, _data_id = key
    tpl, out = _template_of(text, {k: v for k, _t, v in items}, numbers)
    return tpl, tuple(out.items())


def _template_of(text: str, params: dict[str, Any], numbers: bool) -> tuple[str, dict[str, Any]]:
    """:func:`template_of` worked out."""
    pat, by_name = _names_pattern(id(get_data()))
    out = dict(params)
    taken = set(out) | set(_FIELD.findall(text))
    # a baked-in name equal to an existing parameter's name reuses its field
    known = {}
    for k, v in params.items():
        if isinstance(v, str) and v in get_data().map.spaces:
            known.setdefault(get_data().map.spaces[v].name, k)
        elif isinstance(v, str) and v in by_name:
            known.setdefault(v, k)

    def name(mo: re.Match) -> str:
        n = mo.group(1)
        if n in known:
            return "{" + known[n] + "}"
        f = _fresh("space", taken)
        out[f] = n
        known[n] = f
        return "{" + f + "}"

    def count(mo: re.Match) -> str:
        f = _fresh("n", taken)
        out[f] = int(mo.group(1))
        return "{" + f + "}"

    tpl = pat.sub(name, text)
    tpl = (_NUMBER if numbers else _COUNT).sub(count, tpl)
    tpl = _A_VOWEL.sub(lambda mo: mo.group(1) + "n ", tpl)
    return tpl, out


def templated(prefix: str, text: str, numbers: bool = False, **params: Any) -> Message:
    """A :class:`Message` for a composed text, keyed by its wording (module doc)."""
    tpl, out = template_of(text, params, numbers)
    return Message(_slug_key(prefix, tpl), out, tpl)


#: :func:`slug_key` remembered, as :func:`template_of` (issue 21: speed)
_slug_key = functools.lru_cache(maxsize=4096)(slug_key)
