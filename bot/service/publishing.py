"""Publishing: what the channel reads — the turn post (log since the last
post, pictures, pings), status, map, log, and the post that calls a game's
manager when its state cannot be read."""
from __future__ import annotations

import asyncio
import logging

import engine

from ..i18n import faction_name, game_name, render, t
from ..store import GameRow
from . import pictures  # looked up at each call: a test may swap the renderer
from .core import Core, Post, game_hook

log = logging.getLogger("dakbot.service")
#: log keys kept in the game's log but not shown to players
QUIET = frozenset({"log.only_choice"})


def _card(card: dict | None) -> str:
    """A card of ``export_state``'s ``card`` as "#N Title" (rendered in the
    game's language by :func:`bot.i18n.t` with ``in_game``), "-" for none."""
    return f"#{card['number']} {card['title']}" if card else "-"


def sealed_how(loc: str) -> str:
    """How a player writes sealed orders on Discord (the console, which has
    no /play, says its own: bot/console.py ``plain``)."""
    return t(loc, "turn.sealed_how", "Use /play to write yours.")


class Publishing(Core):
    """The publishing room of :class:`bot.service.Service` (see the module doc)."""

    async def _pictures(self, g: GameRow, state, entries: list[dict]) -> tuple[bytes | None, bytes | None]:
        """The turn's phone picture and the full map (``entries``: the turn's log)."""
        if not self.render_maps:
            return None, None
        return await asyncio.to_thread(pictures.render_turn_pictures, state, pictures.touched_ids(entries), g.locale)

    async def _log_since(self, g: GameRow, state, start: int) -> list[dict]:
        """The game-log entries numbered ``start`` on: the stored rows before
        the loaded state's own entries (``state.log_base``), then those."""
        stored = await self.store.log_entries(g.id, start, state.log_base) if start < state.log_base else []
        return stored + state.log[max(0, start - state.log_base):]

    def _status_text(self, g: GameRow, state=None) -> str:
        loc = g.locale
        lines = [t(loc, "status.header", "**{name}** (game {id}, {game}, scenario {scenario}): {status}",
                   name=g.name, id=g.id, scenario=g.scenario, game=game_name(loc, g.game),
                   status=t(loc, f"status.{g.status}", g.status))]
        for grp in self._groups(g):
            names = ", ".join(faction_name(loc, f) for f in grp)
            holder = g.seats.get(grp[0])
            who = (f"<@{holder}>" if holder else
                   t(loc, "status.bot", "bot") if grp[0] in self._bots(g) else t(loc, "status.free", "free"))
            lines.append(f"- {names}: {who}")
        if state is not None:
            e = engine.export_state(state)
            c = e.get("card")
            if c:
                lines.append(t(loc, "status.cards", "Current card: {current}. Next card: {next}.",
                               in_game=g.game, current=_card(c["current"]), next=_card(c["next"])))
            lines.extend(pictures.game_status_lines(g.game, e, loc))
            if e.get("victory"):
                lines.append(t(loc, "status.victory", "Victory: {totals}.", totals=", ".join(
                    f"{faction_name(loc, f)} {v['total']}/{v['threshold']}" for f, v in e["victory"].items())))
            d = engine.decision(state) if g.status == "active" else None
            if d is not None:
                who = ", ".join(f"<@{u}>" for u in self.users_for(g, d.actor)) or t(loc, "status.bot", "bot")
                lines.append(t(loc, "status.to_act", "To decide: {faction} ({who}).", faction=d.actor, who=who))
                if g.paused:
                    lines.append(t(loc, "status.paused", "Paused: no reminders or deadlines until /game resume."))
                elif g.clock_since and d.actor not in self._bots(g):
                    lines.append(t(loc, "status.clock", "On the clock since <t:{since}:R>{deadline}.",
                                   since=int(g.clock_since),
                                   deadline=(t(loc, "status.deadline_at", ", deadline <t:{at}:R>",
                                               at=int(g.clock_since + g.deadline_hours * 3600))
                                             if g.deadline_hours else "")))
            elif state.result:
                lines.append(self._result_text(g, state))
        return "\n".join(lines)

    def _result_text(self, g: GameRow, state) -> str:
        loc = g.locale
        r = state.result or {}
        text = t(loc, "game.over", "Game over: {winner} wins ({how}). Seed: {seed} (verify with `dakbot verify`).",
                 winner=r.get("winner", "?"), how=self._how(loc, r.get("how", "?")), seed=state.seed)
        solo = r.get("solo")
        if solo:  # 8.10: the solitaire grade and outcome
            title = t(loc, f"result.outcome.{solo['outcome']}", solo["outcome"])
            if solo.get("won"):
                text += "\n" + t(loc, "result.solo.won", "Solitaire victory (8.10): {faction} wins by {difference} "
                                  "over the best Non-player: {title}", faction=faction_name(loc, solo["player"]),
                                  difference=solo["difference"], title=title)
            else:
                text += "\n" + t(loc, "result.solo.lost", "Solitaire (8.10): the player loses; the Non-player "
                                  "{faction} wins: {title}", faction=faction_name(loc, solo["winner"]), title=title)
        return text

    @staticmethod
    def _how(loc: str, how: str) -> str:
        """How the game ended (7.2 victory check, 7.3 final margins), in the game's language."""
        defaults = {"victory_check": "a victory check at a Campaign round",
                    "final": "the best margin after the final Campaign"}
        return t(loc, f"result.{how}", defaults.get(how, how))

    def _log_text(self, g: GameRow, entries: list[dict]) -> str:
        """The log lines players read: every entry but the engine's notes of
        a step it answered itself (``log.only_choice``: the entries after it
        say what was done, "Rally in Sind"; kept in the state for replays)."""
        lines = []
        for e in entries:
            if e["key"] in QUIET:
                continue
            line = render(g.locale, e, g.game)
            actor = faction_name(g.locale, e["actor"]) if e.get("actor") else ""
            # a line that already begins with its Faction is not prefixed again
            lines.append(f"- {actor}: {line}" if actor and not line.startswith(actor) else f"- {line}")
        return "\n".join(lines)

    async def _turn_post(self, g: GameRow, state, nd, start: int, exclude: str | None = None,
                         pending: engine.Pending | None = None) -> Post:
        loc = g.locale
        entries = await self._log_since(g, state, start)
        lines = [self._log_text(g, entries)]
        pings: list[str] = []
        p = pending or (engine.pending(state) if nd is not None else None)
        if nd is not None and p.simultaneous:
            actors = [x.actor for x in p.decisions]
            users = sorted({u for a in actors for u in self.users_for(g, a)})
            pings = [u for u in users if u != exclude]
            lines.append(t(loc, "turn.sealed", "**{game}**: sealed orders from {factions}: {prompt} Nobody sees "
                           "them before the reveal.", game=g.name,
                           factions=", ".join(faction_name(loc, a) for a in actors),
                           prompt=render(loc, nd.prompt, g.game)) + " " + sealed_how(loc))
        elif nd is not None:
            users = self.users_for(g, nd.actor)
            pings = [u for u in users if u != exclude]
            who = ", ".join(f"<@{u}>" for u in users) or t(loc, "status.bot", "bot")
            lines.append(t(loc, "turn.next_who", "**{game}**: {faction} ({who}) to decide: {prompt}", game=g.name,
                           faction=nd.actor, who=who, prompt=render(loc, nd.prompt, g.game)))
        phone, full = await self._pictures(g, state, entries)
        return Post("\n".join(x for x in lines if x), phone, pings, "turn", full)

    async def _proposal_post(self, g: GameRow, state) -> Post | None:
        """The post of a proposal the table must see before it stands (an
        Event just entered, issue 33): the text of the game's
        look-up module's ``proposal(state, locale) -> (text, spaces) | None``
        with the phone picture of ``spaces``; None when the game has none
        now. Called after every saved move, so each proposal is posted once."""
        fn = game_hook(g.game, "proposal")
        got = fn(state, g.locale) if fn else None
        if got is None:
            return None
        text, spaces = got
        phone = None
        if self.render_maps and spaces:
            phone, _full = await asyncio.to_thread(pictures.render_turn_pictures, state, list(spaces), g.locale)
        return Post(text, phone, kind="proposal")

    async def status(self, game_id: int) -> str:
        g = await self.game(game_id)
        return self._status_text(g, self.state_of(g) if g.state else None)

    async def map_png(self, game_id: int) -> bytes | None:
        g = await self.game(game_id)
        return await asyncio.to_thread(pictures.render_map, self.state_of(g), g.locale)

    async def log_text(self, game_id: int, n: int = 20) -> str:
        """The last ``n`` game-log lines."""
        g = await self.game(game_id)
        state = self.state_of(g)
        entries = await self._log_since(g, state, max(0, engine.log_length(state) - n))
        return self._log_text(g, entries) or t(g.locale, "log.empty", "The log is empty.")

    async def _attention(self, g: GameRow | None, game_id: int, e: Exception) -> Post | None:
        """Flag game ``game_id`` (its timers dropped) and, the first time, a
        post for its channel telling its manager; None when already told."""
        try:
            first = await self.store.set_attention(game_id, f"{type(e).__name__}: {str(e)[:200]}")
        except Exception:
            log.exception("could not flag game %s", game_id)
            return None
        if not first or g is None:
            return None
        text = t(g.locale, "error.attention", "**{name}** (game {id}) needs its manager: its stored state cannot "
                 "be read by this version of dakbot, so reminders are paused. <@{manager}>: /game abandon ends it; "
                 "the bot's operator can restore or patch it.", name=g.name, id=g.id, manager=g.creator)
        return Post(text, pings=[g.creator], kind="attention")
