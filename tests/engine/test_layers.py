"""Imports run one way (docs/architecture.md, issue 17): cogs -> bot ->
(engine, render), render -> engine; inside engine: a game -> engine/coin ->
engine/core, and no game imports another; render/kit imports no game.
A module found breaking this is named with the module it imports."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "engine").glob("*/spec.py"))


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports (relative imports resolved), at any depth."""
    package = list(path.relative_to(ROOT).with_suffix("").parts)[:-1]  # a module's or __init__'s package
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
    return out


def _breaks(folder: str, forbidden) -> list[str]:
    bad = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for mod in _imports(path):
            why = forbidden(path.relative_to(ROOT).parts, mod)
            if why:
                bad.append(f"{path.relative_to(ROOT)} imports {mod} ({why})")
    return bad


def _top(mod: str, n: int = 2) -> tuple[str, ...]:
    return tuple(mod.split(".")[:n])


def test_the_games_are_found():
    assert {"gandhi", "adp", "pax"} <= set(GAMES)


def test_engine_imports_nothing_outside_engine_and_its_layers_run_down():
    def forbidden(parts, mod):
        top = mod.split(".")[0]
        if top in ("bot", "cogs", "render", "tests"):
            return "engine imports nothing outside engine"
        if top != "engine" or len(mod.split(".")) < 2:
            return None
        layer, target = parts[1], _top(mod)[1]
        if layer == "core" and (target == "coin" or target in GAMES):
            return "engine/core knows no family and no game"
        if layer == "coin" and target in GAMES:
            return "engine/coin knows no game"
        if layer in GAMES and target in GAMES and target != layer:
            return "a game imports no other game"
        return None

    assert _breaks("engine", forbidden) == []


def test_render_imports_no_front_end_and_no_other_games_pictures():
    def forbidden(parts, mod):
        top = _top(mod)
        if top[0] in ("bot", "cogs"):
            return "render imports no front end"
        if top[0] == "render" and len(top) > 1 and top[1] != "kit":
            if parts[1] == "kit" or (top[1] != parts[1] and top[1] in GAMES):
                return "a game's pictures are its own; the shared ones are render/kit"
        if parts[1] == "kit" and top[0] == "engine" and len(top) > 1 and top[1] in GAMES:
            return "render/kit knows no game"
        return None

    assert _breaks("render", forbidden) == []


def test_bot_imports_no_cog():
    assert _breaks("bot", lambda parts, mod: "bot never imports cogs" if mod.split(".")[0] == "cogs"
                   else None) == []
