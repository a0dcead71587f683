"""The seed section map of Pax Britannica: which headed section of the
Italian rulebook the engine implements, in part or not at all, by share of
the text, and which tests cite its lines.

Input: ``docs/pax_sections.yaml`` (each section's first seed line, title,
status and a note; written by hand, reviewed at every Pax issue) and the
tests under ``tests/`` (a test covers a section when its source cites one of
the section's lines as ``L<n>``). The seed (``../shared/seeds/
pax_britannica_rules_it.txt``) gives each section's length; without it the
lengths are the line spans.

Usage: ``python tools/pax_sections.py [--seed PATH] [--markdown]``. Prints
the share of the rules text per status and, with ``--markdown``, the table
of every section. Exit status 1 when a section has no status.
"""
from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = ROOT / "docs" / "pax_sections.yaml"
SEED = ROOT.parent / "shared" / "seeds" / "pax_britannica_rules_it.txt"
STATUSES = ("implemented", "partial", "missing")
CITE = re.compile(r"\bL(\d{2,3})\b")


def load_sections(path: Path = SECTIONS) -> list[dict]:
    """The sections in seed order: {line, title, status, note, end}; ``end``
    is the next section's first line (exclusive), 10**6 for the last."""
    rows = sorted(yaml.safe_load(path.read_text(encoding="utf-8"))["sections"], key=lambda r: r["line"])
    for a, b in zip(rows, rows[1:] + [{"line": 10**6}]):
        a["end"] = b["line"]
    return rows


def test_citations(tests: Path = ROOT / "tests") -> dict[str, set[int]]:
    """Every test function under ``tests`` whose source names Pax -> the seed
    lines it cites (``"file::name"`` -> {line})."""
    out: dict[str, set[int]] = {}
    for f in sorted(tests.rglob("test_*.py")):
        text = f.read_text(encoding="utf-8")
        if "pax" not in text.lower():
            continue
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                src = "\n".join(lines[node.lineno - 1:node.end_lineno])
                cited = {int(n) for n in CITE.findall(src)}
                if cited:
                    out[f"{f.relative_to(ROOT)}::{node.name}"] = cited
    return out


def weights(rows: list[dict], seed: Path | None) -> dict[int, int]:
    """Each section's size: characters of its seed lines, or its line span."""
    if seed and seed.exists():
        text = seed.read_text(encoding="utf-8").splitlines()
        return {r["line"]: sum(len(x) for x in text[r["line"] - 1:min(r["end"], len(text) + 1) - 1]) for r in rows}
    return {r["line"]: min(r["end"], 722) - r["line"] for r in rows}


def section_map(seed: Path | None = SEED) -> tuple[list[dict], dict[str, float]]:
    """(rows with ``tests`` and ``size`` filled in, share of the text per status)."""
    rows = load_sections()
    cites = test_citations()
    size = weights(rows, seed)
    for r in rows:
        r["size"] = size[r["line"]]
        r["tests"] = sorted(t for t, ls in cites.items() if any(r["line"] <= n < r["end"] for n in ls))
    total = sum(r["size"] for r in rows) or 1
    share = {s: sum(r["size"] for r in rows if r["status"] == s) / total for s in STATUSES}
    return rows, share


def markdown(rows: list[dict], share: dict[str, float]) -> str:
    out = ["| L | section | status | tests citing it | note |", "|---|---|---|---|---|"]
    for r in rows:
        tests = len(r["tests"])
        out.append(f"| {r['line']} | {r['title']} | {r['status']} | {tests} | {r.get('note', '')} |")
    out.append("")
    out.append(", ".join(f"{s} {share[s]:.0%}" for s in STATUSES) + " of the rules text")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=Path, default=SEED)
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args(argv)
    rows, share = section_map(args.seed)
    if args.markdown:
        print(markdown(rows, share))
    else:
        for s in STATUSES:
            print(f"{s:12} {share[s]:6.1%}")
    bad = [r for r in rows if r["status"] not in STATUSES]
    for r in bad:
        print(f"L{r['line']} {r['title']}: status {r['status']!r} is not one of {STATUSES}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
