"""The game registry: which games this engine plays, and what each declares
about itself (issue 17).

A game package ``engine/<id>`` declares its :class:`GameSpec` as ``SPEC`` in
``engine/<id>/spec.py``; :func:`games` finds them by scanning the ``engine``
package once (no list of games is written anywhere else). A game that lives
outside ``engine`` (a test fixture) calls :func:`register` itself.

Front ends (``bot``, ``cogs``, ``render``) consult the spec instead of naming a
game: its rules module, scenarios, seats, renderer, Discord extension, message
catalogs and data status. Module references are dotted paths (``"pkg.mod"``
or ``"pkg.mod:attr"``) imported on first use, so listing the games imports
no rules, and the engine imports nothing outside ``engine``.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

_SPECS: dict[str, "GameSpec"] = {}
_scanned = False


@dataclass(frozen=True)
class GameSpec:
    """What a game declares about itself.

    ``id``: the stored game id ("gandhi"); ``name``: English display name;
    ``rules``: dotted path of the rules module (the engine protocol: new_game,
    advance, load_state, export_state, view, display_names ...);
    ``scenarios``: scenario ids, ``default_scenario`` the one offered first;
    ``factions``: faction ids in the game's order; ``seats``: the largest
    number of human players; ``seat_layouts``: the layouts
    ``seat_groups`` accepts (first = default); ``seat_groups``:
    "module:function" ``(players, bots, layout) -> [tuple[faction]]``;
    ``renderer``: dotted path of the picture module (``render``,
    ``render_turn``, ``render_space``, ``render_card``) or None; ``cog``: the
    Discord extension with the game's own commands (/card, /space) or None;
    ``lookup``: "module" with ``card_text``/``find_space``/``space_text``/
    ``rules_text``/``card_choices``/``space_choices`` for look-ups, or None;
    ``catalogs``: folder of the game's ``<lang>.po`` message catalogs;
    ``data_status``: "module:function" printing the data status, or None;
    ``bots``: "module:function" ``(state, decision) -> choice id`` for
    non-player seats, or None (first choice); ``invariants``: "module" with
    ``check(state)`` and ``check_decision(state, d)`` for self-play, or None.
    """

    id: str
    name: str
    rules: str
    scenarios: tuple[str, ...]
    factions: tuple[str, ...]
    default_scenario: str = ""
    seats: int = 0
    seat_layouts: tuple[str, ...] = ("standard",)
    seat_groups: str | None = None
    renderer: str | None = None
    cog: str | None = None
    lookup: str | None = None
    catalogs: Path | None = None
    data_status: str | None = None
    bots: str | None = None
    invariants: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def module(self) -> Any:
        """The rules module (imported on first use)."""
        return importlib.import_module(self.rules)

    def scenario(self) -> str:
        """The default scenario."""
        return self.default_scenario or self.scenarios[0]

    def groups(self, players: int, bots: list[str] | tuple[str, ...] = (), layout: str | None = None
               ) -> list[tuple[str, ...]]:
        """Who holds which factions: ``seat_groups(players, bots, layout)``, or
        one faction per player when the game declares no seat rule.
        Raises ValueError as the game's rule does (unknown faction/layout)."""
        layout = layout or self.seat_layouts[0]
        if self.seat_groups:
            return resolve(self.seat_groups)(players, bots, layout)
        bots = [f for f in self.factions if f in set(bots)]
        humans = [f for f in self.factions if f not in bots]
        if players < 1 or not humans:
            raise ValueError("a game needs at least one human player")
        groups = [[f] for f in humans]
        while len(groups) > players:
            groups[0].extend(groups.pop())
        return [tuple(g) for g in groups] + [(f,) for f in bots]


def resolve(ref: str) -> Any:
    """The object a dotted reference names: ``"pkg.mod"`` -> the module,
    ``"pkg.mod:attr"`` -> that attribute. Raises ImportError/AttributeError."""
    mod, _, attr = ref.partition(":")
    m = importlib.import_module(mod)
    return getattr(m, attr) if attr else m


def register(spec: GameSpec) -> GameSpec:
    """Register (or replace) a game, after the packaged ones. Returns ``spec``."""
    _scan()
    _SPECS[spec.id] = spec
    return spec


def unregister(game: str) -> None:
    """Forget a game registered by :func:`register` (test fixtures)."""
    _SPECS.pop(game, None)


def _scan() -> None:
    global _scanned
    if _scanned:
        return
    _scanned = True
    import engine

    found = []
    for info in sorted(pkgutil.iter_modules(engine.__path__), key=lambda i: i.name):
        if not info.ispkg or info.name in ("core", "coin"):
            continue
        try:
            mod = importlib.import_module(f"engine.{info.name}.spec")
        except ModuleNotFoundError as e:
            if e.name != f"engine.{info.name}.spec":
                raise
            continue
        spec = getattr(mod, "SPEC", None)
        if isinstance(spec, GameSpec):
            found.append(spec)
    # a game may list itself later with extra["listing"] (default 0): the first
    # listed is the default game of /game new, so a newer game does not displace it
    for spec in sorted(found, key=lambda sp: (sp.extra.get("listing", 0), sp.id)):
        _SPECS.setdefault(spec.id, spec)


def games() -> list[str]:
    """The registered game ids, packaged games first in name order, then
    games registered at run time."""
    _scan()
    return list(_SPECS)


def game_spec(game: str) -> GameSpec:
    """The spec of ``game``. Raises KeyError naming the known games."""
    _scan()
    try:
        return _SPECS[game]
    except KeyError:
        raise KeyError(f"unknown game {game!r}; known: {', '.join(sorted(_SPECS))}") from None


def hook(game: str, name: str) -> Callable[..., Any] | None:
    """A spec field naming a function (``data_status``, ``bots``), resolved,
    or None when the game declares none."""
    ref = getattr(game_spec(game), name)
    return resolve(ref) if ref else None
