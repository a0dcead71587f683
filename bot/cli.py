"""The ``dakbot`` command.

    dakbot                      the Discord bot if DISCORD_TOKEN is set, else the console
    dakbot run [--shards N --shard-ids a,b] [--db DB]
                                the Discord bot (needs DISCORD_TOKEN); several processes: docs/deploy.md
    dakbot console [...]        play in the terminal (hotseat)
    dakbot replay FILE [--state]  replay a transcript; print the final export_state JSON
    dakbot data status          what game data is verified, provisional or overridden
    dakbot selfplay ...         whole random games with invariants checked
    dakbot verify SEED ...      recompute a finished game's shuffle from its seed
    dakbot patch [--game ID] [--dry-run] [--db DB]
                                re-run live games' moves on this code; report those that differ
"""
from __future__ import annotations

import argparse
import json
import os
import sys


def _replay(args: argparse.Namespace) -> int:
    import engine
    from engine.core.transcript import Transcript

    try:
        with open(args.file, encoding="utf-8") as fh:
            t = Transcript.loads(fh.read())
        state = t.replay()
    except (OSError, ValueError, engine.EngineError) as e:
        print(f"dakbot replay: {e}", file=sys.stderr)
        return 2
    if args.state:
        print(engine.dump_state(state))
    else:
        print(json.dumps(engine.export_state(state), indent=2, sort_keys=True))
    return 0


def _data(args: argparse.Namespace) -> int:
    from engine.core.errors import DataError

    if args.what != "status":
        print("dakbot data: only 'status' is known", file=sys.stderr)
        return 2
    try:
        import engine
        from engine.core.registry import hook

        for game in ([args.game] if args.game else engine.games()):
            fn = hook(game, "data_status")
            if fn is not None:
                print(fn())
            else:
                print(f"{engine.game_spec(game).name}: no data status")
    except DataError as e:
        print(f"dakbot data: {e}", file=sys.stderr)
        return 2
    return 0


def _console(args: argparse.Namespace) -> int:
    from bot.console import main as console_main

    return console_main(args.rest)


def _run(args: argparse.Namespace) -> int:
    if not os.environ.get("DISCORD_TOKEN"):
        print("dakbot run: set DISCORD_TOKEN in the environment (see README).", file=sys.stderr)
        return 2
    from bot.app import main as app_main

    return app_main(getattr(args, "shards", None), getattr(args, "shard_ids", None), getattr(args, "db", None))


def _selfplay(args: argparse.Namespace) -> int:
    from bot.selfplay import main as selfplay_main

    return selfplay_main(args.rest)


def _verify(args: argparse.Namespace) -> int:
    from bot.verify import main as verify_main

    return verify_main(args.rest)


def _patch(args: argparse.Namespace) -> int:
    from bot.patch import main as patch_main

    return patch_main(args.rest)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="dakbot", description="Play-by-post board wargames.")
    sub = p.add_subparsers(dest="cmd")
    r = sub.add_parser("replay", help="replay a transcript and print the final state")
    r.add_argument("file")
    r.add_argument("--state", action="store_true", help="print the full internal state JSON")
    r.set_defaults(fn=_replay)
    d = sub.add_parser("data", help="game data status")
    d.add_argument("what", choices=["status"])
    d.add_argument("--game", default=None, help="one game's data (default: every registered game)")
    d.set_defaults(fn=_data)
    for name, fn, hlp in (("console", _console, "play in the terminal"),
                          ("selfplay", _selfplay, "random self-play with invariant checks"),
                          ("verify", _verify, "verify a game's shuffle from its seed"),
                          ("patch", _patch, "re-run live games' moves on this code; report those that differ")):
        c = sub.add_parser(name, help=hlp, add_help=False)
        c.add_argument("rest", nargs=argparse.REMAINDER)
        c.set_defaults(fn=fn)
    rr = sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    rr.add_argument("--shards", type=int, help="total number of gateway shards (several processes: docs/deploy.md)")
    rr.add_argument("--shard-ids", help="the shards this process runs, e.g. 0,1 (default: all)")
    rr.add_argument("--db", help="SQLite file or postgresql:// URL (default $DAKBOT_DB)")
    rr.set_defaults(fn=_run)
    argv = sys.argv[1:] if argv is None else list(argv)
    passthrough = {"console": _console, "selfplay": _selfplay, "verify": _verify, "patch": _patch}
    if argv and argv[0] in passthrough:  # argparse REMAINDER drops leading --options
        return passthrough[argv[0]](argparse.Namespace(rest=argv[1:]))
    args = p.parse_args(argv)
    if not args.cmd:
        if os.environ.get("DISCORD_TOKEN"):
            return _run(args)
        args.rest = []
        return _console(args)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
