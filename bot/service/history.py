"""History: a game's transcript (export), looking back move by move (replay),
and the upgrade check at start-up."""
from __future__ import annotations

import asyncio
import logging
from typing import Any

import engine

from ..i18n import t
from ..patch import check_at_start
from ..store import GameRow
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
        if not rows:
            raise BadInput("error.no_transcript", "This game started before dakbot kept transcripts; its log is "
                           "all there is (/log).")
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
        steps, log text of that move, map PNG)``. Raises BadInput before the
        start or for a game from before transcripts were kept."""
        g = await self.game(game_id)
        if g.state is None:
            raise BadInput("error.not_started", "The game has not started yet.")
        rows = await self.store.moves(g.id)
        if not rows:
            raise BadInput("error.no_transcript", "This game started before dakbot kept transcripts; its log is "
                           "all there is (/log).")
        versions = sorted({r["version"] for r in rows})
        steps = len(versions)
        step = steps if step is None or step > steps else max(1, step)
        state = self.state_of(g)
        work = await asyncio.to_thread(self._replay_to, g, state, rows, versions[step - 1],
                                       versions[step - 2] if step > 1 else None)
        before_len, work = work
        text = self._log_text(g, work.log[before_len:]) or t(g.locale, "log.empty", "The log is empty.")
        png = await asyncio.to_thread(pictures.render_map, work, g.locale) if self.render_maps else None
        return step, steps, text, png

    def _replay_to(self, g: GameRow, state, rows: list[dict], version: int, prev: int | None):
        work = engine.new_game(g.game, g.scenario, g.seed, self._start_options(state))
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
