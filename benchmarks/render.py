"""Map render figures (issue 7), printed as numbers, not asserted.

    python benchmarks/render.py [--runs N]

Median time to render the full map (draw + PNG encode) and the PNG size, for
both scenarios' setups and a busy mid-game position; also the first (cold)
render, which builds the layout's masks once per process. Targets: under
150 ms and under 600 KB.

``--turn``: each game's turn pictures (phone picture + full map, issue 36)
in en and ja, beside the time to encode a blank PNG of the same sizes with
the same encoder settings (target: within 5x of it).
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


def _blank_png(size: tuple[int, int], quantized: bool) -> bytes:
    import io

    from PIL import Image

    img = Image.new("RGB", size, (38, 70, 96))
    buf = io.BytesIO()
    if quantized:  # Gandhi and ADP write a 256-colour PNG
        img.quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(buf, format="PNG", compress_level=3)
    else:
        img.save(buf, "PNG", optimize=False, compress_level=6)
    return buf.getvalue()


def turn_pictures(runs: int) -> None:
    import io

    from PIL import Image

    from positions import positions
    from render.adp import render_turn as adp_turn
    from render.gandhi import render_turn as gandhi_turn
    from render.pax import render_turn as pax_turn

    cases = [("gandhi", gandhi_turn, "gandhi-main", 7, True), ("adp", adp_turn, "adp", 7, True),
             ("pax-7", pax_turn, "pax-7", 25, False)]
    for label, fn, name, every, quantized in cases:
        pub, touched = positions(name, 3, 4, every)[-1]
        for locale in ("en", "ja"):
            phone, full = fn(pub, touched, locale)  # warm: layout, fonts, geometry
            sizes = [Image.open(io.BytesIO(b)).size for b in (phone, full)]
            times, blank = [], []
            for _ in range(runs):
                t0 = time.perf_counter()
                fn(pub, touched, locale)
                times.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                for sz in sizes:
                    _blank_png(sz, quantized)
                blank.append(time.perf_counter() - t0)
            r, b = statistics.median(times), statistics.median(blank)
            print(f"turn {label:6s} {locale}: phone {sizes[0][0]}x{sizes[0][1]} {len(phone) / 1024:.0f} KB + "
                  f"full {sizes[1][0]}x{sizes[1][1]} {len(full) / 1024:.0f} KB: median {1000 * r:6.1f} ms; "
                  f"blank PNGs of those sizes {1000 * b:6.1f} ms; ratio {r / b:.1f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--turn", action="store_true", help="the turn pictures of every game beside blank PNGs")
    args = ap.parse_args()
    if args.turn:
        turn_pictures(max(3, args.runs // 3))
        return
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
