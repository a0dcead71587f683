"""History: a game's transcript (export), looking back move by move (replay),
and the upgrade check at start-up."""
from __future__ import annotations

import asyncio
import logging
from typing import Any

import engine

from ..i18n import t
from ..patch import check_at_start, start_snapshot, transcript_start
from ..store import SNAPSHOTS_KEPT, GameRow
from . import pictures  # looked up at each call: a test may swap the renderer
from .core import BadInput, Core

log = logging.getLogger("dakbot.service")


class History(Core):
    """The history room of :class:`bot.service.Service` (see the module doc)."""

    async def export(self, game_id: int) -> tuple[str, str]:
        """``(filename, text)``: a finished game's transcript (``dakbot
        replay`` reproduces it, ``dakbot verify`` checks its shuffle); during
        play only the public log — never the seed or the deck order, from
        which every future card follows."""
        g = await self.game(game_id)
        if g.state is None:
            raise BadInput("error.not_started", "The game has not started yet.")
        state = self.state_of(g)
        if g.status == "active":
            return f"game{g.id}-log.txt", self._log_text(g, await self._log_since(g, state, 0)) + "\n"
        rows = await self.store.moves(g.id)
        if transcript_start(g, state.move, rows) > 0:  # a transcript from the seed would not replay
            raise self._partial(g, state, rows)
        from engine.core.transcript import Transcript

        tr = Transcript(g.game, g.scenario, g.seed, self._start_options(state),
                        [(r["actor"], r["choice"]) for r in rows])
        return f"game{g.id}.dakbot.txt", tr.dumps()

    @staticmethod
    def _start_options(state) -> dict[str, Any]:
        """The options the game began with (a game stored before rulesets
        existed replays under ruleset 1)."""
        from engine.core.transcript import legacy_options

        return legacy_options(dict(state.options))

    async def replay(self, game_id: int, step: int | None = None) -> tuple[int, int, str, bytes | None]:
        """Look back: the game after confirmed move ``step`` (1 = the first
        confirmed move; None or past the end = the last). Returns ``(step,
        steps, log text of that move, map PNG)``. A game begun before
        transcripts were kept is looked back at from its earliest snapshot
        the transcript covers. Raises BadInput before the start, before
        the first move, or for such a game with no such snapshot."""
        g = await self.game(game_id)
        if g.state is None:
            raise BadInput("error.not_started", "The game has not started yet.")
        rows = await self.store.moves(g.id)
        state = self.state_of(g)
        base = None
        start = transcript_start(g, state.move, rows)
        if start > 0:  # begun before transcripts: looked back from the earliest snapshot it covers
            snap = start_snapshot(start, await self.store.snapshots(g.id, SNAPSHOTS_KEPT))
            if snap is None:
                raise self._partial(g, state, rows)
            base, rows = snap["state"], [r for r in rows if r["move"] > snap["move"]]
        if not rows:
            raise BadInput("error.no_moves", "No move has been played yet.")
        versions = sorted({r["version"] for r in rows})
        steps = len(versions)
        step = steps if step is None or step > steps else max(1, step)
        work = await asyncio.to_thread(self._replay_to, g, state, rows, versions[step - 1],
                                       versions[step - 2] if step > 1 else None, base)
        before_len, work = work
        text = self._log_text(g, work.log[before_len:]) or t(g.locale, "log.empty", "The log is empty.")
        png = await asyncio.to_thread(pictures.render_map, work, g.locale) if self.render_maps else None
        return step, steps, text, png

    def _partial(self, g: GameRow, state, rows: list[dict]) -> BadInput:
        return BadInput("error.partial_transcript", "This game began before dakbot kept transcripts: its moves up "
                        "to move {move} cannot be replayed or exported; its log is all there is (/log).",
                        move=transcript_start(g, state.move, rows))

    def _replay_to(self, g: GameRow, state, rows: list[dict], version: int, prev: int | None,
                   base: str | None = None):
        """The game after the rows up to ``version`` (from the seed, or from
        the stored state ``base``), and the log length after ``prev``'s."""
        work = engine.load_state(base) if base else engine.new_game(g.game, g.scenario, g.seed,
                                                                      self._start_options(state))
        before = len(work.log) if prev is None else None
        for r in rows:
            if r["version"] > version:
                break
            engine.apply(work, r["actor"], r["choice"])
            if prev is not None and r["version"] <= prev:
                before = len(work.log)
        return (before or 0), work

    async def upgrade_check(self) -> int:
        """At start-up: re-run the active games not yet checked on this code
        (issue 21, ``dakbot patch``), and queue one post per game that does
        not replay the same, to its channel, telling its manager (once per
        code version, across processes); the operator gets one log line each.
        The game itself is left exactly as stored and goes on. Returns the
        number of posts queued (the client's outbox delivery sends them)."""
        n = 0
        for g, rep in await check_at_start(self.store):
            log.warning("game %s (%s) does not replay on this code: %s", g.id, g.name, rep.line())
            text = t(g.locale, "bot.patch_notice",
                     "**{name}** (game {id}): this version of dakbot no longer replays the game's moves the same "
                     "way (from move {move}). The game goes on from where it stands; nothing was changed. "
                     "<@{manager}>: if something looks wrong, ask the bot's operator, who has the details.",
                     name=g.name, id=g.id, move=rep.move or rep.moves, manager=g.creator)
            await self.store.queue_post(g.id, g.channel, text, [g.creator], "patch", False, self.clock(),
                                        "upgrade check")
            n += 1
        return n
