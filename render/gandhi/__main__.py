"""Draw a setup to a file, to look at layout changes:

    python -m render.gandhi /tmp/map.png [main|short] [locale]
"""
from __future__ import annotations

import sys

import engine

from . import render


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    scenario = argv[1] if len(argv) > 1 else "short"
    locale = argv[2] if len(argv) > 2 else "en"
    data = render(engine.new_game("gandhi", scenario, 1), locale)
    with open(argv[0], "wb") as f:
        f.write(data)
    print(f"{argv[0]}: {len(data) // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
