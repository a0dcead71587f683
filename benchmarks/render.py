"""Map render figures (issue 7), printed as numbers, not asserted.

    python benchmarks/render.py [--runs N]

Median time to render the full map (draw + PNG encode) and the PNG size, for
both scenarios' setups and a busy mid-game position; also the first (cold)
render, which builds the layout's masks once per process. Targets: under
150 ms and under 600 KB.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

# This file is named render.py: keep its folder off the import path so that
# ``import render`` finds the package, not this script.
_here = os.path.dirname(os.path.abspath(__file__))
_root = os.path.dirname(_here)
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here] + [_root, os.path.join(_root, "tests", "render")]

import engine  # noqa: E402
from render.gandhi import render, render_card, render_space  # noqa: E402
from render.gandhi.board import draw_board, encode_png  # noqa: E402


def states() -> dict:
    out = {}
    for sc in ("main", "short"):
        try:
            out[sc] = engine.export_state(engine.new_game("gandhi", sc, 1))
        except Exception:
            from fixtures import fixture_state

            out[sc] = fixture_state(sc)
    from fixtures import midgame_state

    out["midgame"] = midgame_state()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    sts = states()
    t = time.perf_counter()
    render(sts["main"])
    print(f"cold first render (layout masks built): {1000 * (time.perf_counter() - t):.0f} ms")
    for name, st in sts.items():
        times, draw_t, enc_t = [], [], []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            img, _ = draw_board(st)
            t1 = time.perf_counter()
            png = encode_png(img)
            t2 = time.perf_counter()
            times.append(t2 - t0)
            draw_t.append(t1 - t0)
            enc_t.append(t2 - t1)
        print(f"full map {name:8s}: median {1000 * statistics.median(times):6.1f} ms "
              f"(draw {1000 * statistics.median(draw_t):.1f}, encode {1000 * statistics.median(enc_t):.1f}), "
              f"p90 {1000 * sorted(times)[int(len(times) * 0.9)]:.1f} ms, PNG {len(png) / 1024:.0f} KB, "
              f"{img.width}x{img.height}")
    for label, fn in (("space punjab", lambda: render_space(sts["midgame"], "punjab")),
                      ("card 1", lambda: render_card(1))):
        times = []
        for _ in range(max(5, args.runs // 3)):
            t0 = time.perf_counter()
            data = fn()
            times.append(time.perf_counter() - t0)
        print(f"{label:13s}: median {1000 * statistics.median(times):6.1f} ms, PNG {len(data) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
