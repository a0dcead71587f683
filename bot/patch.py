"""``dakbot patch``: carry running games across an upgrade (DESIGN §4, as Rally
the Troops' ``rtt patch``).

Each live game's transcript rows (the ``moves`` table: every applied choice,
bots' included) are re-run from its seed on the current engine. A game whose
replay ends on the same ``engine.export_state`` and a log that says the same
(:func:`said`) is *current*:
its ``checked_version`` becomes :func:`code_version` (unless ``--dry-run``).
Any other game is reported with the first move that is refused or whose log
differs, and is left exactly as stored: its state, move counter and seats are
never written here; the operator decides (restore, fix the engine, or let its
manager abandon it).
"""
from __future__ import annotations

import argparse
import asyncio
import functools
import hashlib
import re
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import engine
from engine.core.messages import Message
from engine.core.transcript import legacy_options

from .store import SNAPSHOTS_KEPT, GameRow, Store, StoreError

#: What a report says about one game.
CURRENT, DIFFERS, REFUSED, UNREADABLE, NO_TRANSCRIPT = "current", "differs", "refused", "unreadable", "no-transcript"


def transcript_start(g: GameRow, stored_move: int, rows: list[dict[str, Any]]) -> int:
    """The state's move from which game ``g``'s transcript ``rows`` replay
    (0: from the seed, every move a row). A game begun on the first release
    (before transcripts) has rows only from the move it stood at then
    (``GameRow.transcript_from``; where the migration could not tell, the
    first row, else ``stored_move``, the stored state's: 0 for a game on
    the current code with no move yet)."""
    first = rows[0]["move"] - 1 if rows else None
    if g.transcript_from is None:
        return first if first is not None else stored_move
    return max(g.transcript_from, first or 0)


def start_snapshot(start: int, snapshots: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The earliest of ``snapshots`` (``Store.snapshots`` rows) taken at or
    after move ``start``: where a partial transcript can be replayed from."""
    usable = [s for s in snapshots if s["move"] >= start]
    return min(usable, key=lambda s: (s["move"], s["id"])) if usable else None


@functools.lru_cache(maxsize=1)
def code_version() -> str:
    """The engine and game data this process runs: ``"<package version>+<hash>"``,
    the hash (12 hex digits of SHA-256) over every file of the ``engine``
    package (rules code and data alike), so any change to the rules gives a
    new version while a bot-only release keeps it."""
    try:
        pkg = metadata.version("dakbot")
    except metadata.PackageNotFoundError:
        pkg = "0"
    root = Path(engine.__file__).parent
    h = hashlib.sha256()
    for f in sorted(root.rglob("*")):
        if f.is_file() and f.suffix in (".py", ".yaml", ".yml", ".json") and "__pycache__" not in f.parts:
            h.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return f"{pkg}+{h.hexdigest()[:12]}"


def said(game: str, entries: list[dict]) -> list[tuple]:
    """What log entries say, not how they are keyed: (actor, English text with
    names). A release that only re-keys or re-words messages for the catalogs
    (issue 15: one key per wording, "an" before a vowel) keeps a game current;
    a different event, piece, space or number does not."""
    names = engine.display_names(game)
    out = []
    for e in entries:
        text = Message(e["key"], dict(e.get("params", {})), e.get("text", "")).fallback(names)
        out.append((e.get("actor"), re.sub(r"\ban\b", "a", text)))
    return out


@dataclass
class Report:
    """One game's outcome. ``move``: 1-based index into the game's transcript
    rows of the first refused or differing move (None when current, or when
    only the final state differs); ``detail``: why, in one line."""

    game_id: int
    name: str
    outcome: str
    moves: int = 0
    move: int | None = None
    detail: str = ""

    def line(self) -> str:
        head = f"game {self.game_id} ({self.name}): {self.outcome}"
        if self.outcome == CURRENT:
            return f"{head}, {self.moves} moves replay to the stored state"
        where = f" at move {self.move} of {self.moves}" if self.move else ""
        return f"{head}{where}: {self.detail}; left unchanged"


def replay_check(g: GameRow, rows: list[dict[str, Any]], log_rows: list[dict[str, Any]] = (),
                 snapshots: list[dict[str, Any]] = ()) -> Report:
    """Re-run ``rows`` (the game's transcript) from its seed and compare with
    the stored state and its game log (``log_rows``: the stored log entries
    before the state's own, ``Store.log_entries``). A transcript that starts
    after move 0 (a game begun before transcripts, :func:`transcript_start`)
    is re-run from the earliest of ``snapshots`` it covers, its final state
    compared; with none, it is reported as not checkable (NO_TRANSCRIPT),
    never as refused. Pure: reads, never writes."""
    rep = Report(g.id, g.name, CURRENT, len(rows))
    try:
        stored = engine.load_state(g.state)
    except Exception as e:  # noqa: BLE001 - JSON, validation, a state from another release
        rep.outcome, rep.detail = UNREADABLE, f"the stored state cannot be read: {type(e).__name__}: {str(e)[:200]}"
        return rep
    start = transcript_start(g, stored.move, rows)
    if start > 0:
        return _partial_check(rep, g, stored, start, rows, snapshots)
    stored_log = list(log_rows) + stored.log
    # a game stored before rulesets existed replays under ruleset 1 (the game's ruleset module, e.g. engine/<game>/ruleset.py)
    work = engine.new_game(g.game, g.scenario, g.seed, legacy_options(dict(stored.options)))
    for i, r in enumerate(rows, 1):
        before = len(work.log)
        try:
            engine.apply(work, r["actor"], r["choice"])
        except Exception as e:  # noqa: BLE001 - IllegalChoice, NotYourTurn, GameOver, or a rules bug
            rep.outcome, rep.move = REFUSED, i
            rep.detail = f"{r['actor']}: {r['choice']} is refused now ({type(e).__name__}: {str(e)[:200]})"
            return rep
        # the log entries this move wrote must be the ones it wrote then: the
        # first mismatch names the move where the new rules part ways
        if said(g.game, work.log[before:]) != said(g.game, stored_log[before:len(work.log)]):
            rep.outcome, rep.move = DIFFERS, i
            rep.detail = f"{r['actor']}: {r['choice']} now logs something else"
            return rep
    new, old = engine.export_state(work), engine.export_state(stored)
    if new != old or len(work.log) != len(stored_log):
        keys = sorted(k for k in set(new) | set(old) if new.get(k) != old.get(k)) or ["log"]
        rep.outcome, rep.detail = DIFFERS, "the replayed state differs in " + ", ".join(keys)
    return rep


def _partial_check(rep: Report, g: GameRow, stored, start: int, rows: list[dict[str, Any]],
                   snapshots: list[dict[str, Any]]) -> Report:
    """:func:`replay_check` of a transcript that starts at move ``start`` > 0:
    the rows after the earliest snapshot it covers, re-run from that
    snapshot; the final state compared (the log before it is not kept)."""
    snap = start_snapshot(start, snapshots)
    if snap is None:
        rep.outcome = NO_TRANSCRIPT
        rep.detail = (f"it began before dakbot kept transcripts (they start after move {start}) and no "
                      "snapshot is that old; it cannot be checked")
        return rep
    work = engine.load_state(snap["state"])
    later = [r for r in rows if r["move"] > snap["move"]]
    rep.moves = len(later)
    for i, r in enumerate(later, 1):
        try:
            engine.apply(work, r["actor"], r["choice"])
        except Exception as e:  # noqa: BLE001 - as in replay_check
            rep.outcome, rep.move = REFUSED, i
            rep.detail = f"{r['actor']}: {r['choice']} is refused now ({type(e).__name__}: {str(e)[:200]})"
            return rep
    new, old = engine.export_state(work), engine.export_state(stored)
    if new != old:
        keys = sorted(k for k in set(new) | set(old) if new.get(k) != old.get(k))
        rep.outcome, rep.detail = DIFFERS, "the replayed state differs in " + ", ".join(keys)
    return rep


async def patch(store: Store, game_id: int | None = None, *, dry_run: bool = False) -> list[Report]:
    """Check each active game (or only ``game_id``) and mark the current ones
    with :func:`code_version` unless ``dry_run``. Returns one Report per game,
    oldest first. Raises LookupError for a ``game_id`` that is not active."""
    if game_id is not None:
        g = await store.get_game(game_id)
        if g is None or g.status != "active":
            raise LookupError(f"no game in play has the id {game_id}")
        games = [g]
    else:
        games = await store.games(("active",))
    out = []
    for g in games:
        try:
            base = engine.load_state(g.state).log_base
        except Exception:  # noqa: BLE001 - replay_check reports an unreadable state
            base = 0
        log_rows = await store.log_entries(g.id, 0, base) if base else []
        rep = await asyncio.to_thread(replay_check, g, await store.moves(g.id), log_rows,
                                      await store.snapshots(g.id, SNAPSHOTS_KEPT))
        if rep.outcome == CURRENT and not dry_run:
            await store.set_checked_version(g.id, code_version())
        out.append(rep)
    return out


async def check_at_start(store: Store) -> list[tuple[GameRow, Report]]:
    """What a starting bot does with ``dakbot patch``: each active game not yet
    found current on this code is re-run (and marked current when it is);
    returns the games that do not replay the same (refused or differing) and
    whose manager has not yet been told on this code, each claimed once
    across processes (:meth:`Store.claim_patch_notice`). Games that cannot be
    checked (no transcript) or read (the attention path tells their manager
    when they are next used) are not returned."""
    version = code_version()
    out = []
    for g in await store.games(("active",)):
        if g.checked_version == version or g.patch_notice == version:
            continue
        (rep,) = await patch(store, g.id)
        if rep.outcome in (REFUSED, DIFFERS) and await store.claim_patch_notice(g.id, version):
            out.append((g, rep))
    return out


def main(argv: list[str]) -> int:
    """``dakbot patch [--game ID] [--dry-run] [--db PATH_OR_URL]``: prints one
    line per game; exit 0 when every game is current, 1 when one is not, 2
    for a database or game id that cannot be used."""
    ap = argparse.ArgumentParser(prog="dakbot patch",
                                 description="Re-run live games' moves on this code; report games that differ.")
    ap.add_argument("--game", type=int, help="only this game id")
    ap.add_argument("--dry-run", action="store_true", help="report only; mark no game as current")
    ap.add_argument("--db", default=None, help="SQLite file or postgresql:// URL (default $DAKBOT_DB)")
    args = ap.parse_args(argv)

    async def run() -> int:
        store = await Store.open(args.db)
        try:
            reports = await patch(store, args.game, dry_run=args.dry_run)
        finally:
            await store.close()
        for r in reports:
            print(r.line())
        bad = [r for r in reports if r.outcome != CURRENT]
        print(f"{len(reports) - len(bad)} of {len(reports)} games current on {code_version()}"
              + (" (dry run: nothing marked)" if args.dry_run else ""))
        return 1 if bad else 0

    try:
        return asyncio.run(run())
    except (StoreError, LookupError) as e:
        print(f"dakbot patch: {e}", file=sys.stderr)
        return 2
