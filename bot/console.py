"""The console front end (DESIGN §4): the same service in a terminal, hotseat.

    dakbot console [--db PATH] [--game ID] [--scenario ID] [--seed N] [--new]
                   [--bots inc,ml,rev] [--maps] [--locale en|it|es|ja]

With no game open in the console's "channel" it asks for a scenario, creates
a one-player game and starts it: the player holds every Faction, except those
named by ``--bots`` (ids or names, any language), which the bots play
(8.0), as ``/game new players:1 bots:…`` does on Discord. Then it prints the
decision with numbered choices and reads a number (the choice's place in the
list) or a choice id per line; in a menu whose choices are numbers (Aid -10
.. +3, a quantity from 0) a typed number is that number, and the menu shows
what to type instead of places (issue 31).
Commands, as on Discord: /map (write a PNG to ./maps/), /status, /undo,
/log [n], /card N, /space NAME, /rules 3.2.1, /help, /quit. Discord markup
(bold, mentions, timestamps) is shown as plain text. The game lives in the
same SQLite store as the bot's, so it continues after a restart. Works with
piped stdin; exits cleanly (0) at end of input or at the first Ctrl-C.
"""
from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import re
import sys
from typing import IO

import engine

from .i18n import faction_name, normalize_locale, t
from .lookup import card_text, find_space, rules_text, space_text
from .service import Post, Prompt, Service, ServiceError, Stale, bot_name, sealed_how
from .store import Store, StoreError
from .terminal import TerminalLines

CHANNEL = "console"
USER = "console"
HELP = ("Type a choice's number or id. Commands: /map (write the map to ./maps/), /status, /undo, "
        "/log [n], /card N, /space NAME, /rules 3.2.1, /challenge (an Event another seat just entered), "
        "/help, /quit.")
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
_USER = re.compile(r"<@!?([0-9A-Za-z_]+)>")
_CHANNEL = re.compile(r"<#([0-9]+)>")
_TIME = re.compile(r"<t:(-?[0-9]{1,12})(?::[tTdDfFR])?>")


def plain(text: str, locale: str = "en") -> str:
    """Discord markup as terminal text: ``**bold**`` -> ``bold``, a mention
    of the console player -> "you", other mentions -> "@id", ``<t:N:R>`` ->
    a UTC date and time, `` `code` `` -> ``code``."""
    def user(m: re.Match) -> str:
        return t(locale, "console.you", "you") if m.group(1) == USER else f"@{m.group(1)}"

    def when(m: re.Match) -> str:
        try:
            return dt.datetime.fromtimestamp(int(m.group(1)), dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        except (OverflowError, OSError, ValueError):
            return m.group(0)
    text = text.replace(sealed_how(locale), t(locale, "console.sealed_how", "Each player writes theirs at the "
                                              "prompt that follows."))  # no /play in the console
    text = _BOLD.sub(r"\1", text)
    text = _USER.sub(user, text)
    text = _CHANNEL.sub(r"#\1", text)
    return _TIME.sub(when, text).replace("`", "")


def choice_number(line: str, n: int) -> int | None:
    """``line`` as the number of one of ``n`` choices (1-based), else None.
    Only ASCII digits count: "²" or a thousand-digit number is not a choice
    number (it is then tried as a choice id and refused politely)."""
    if line.isascii() and line.isdigit() and len(line) <= 6 and 1 <= int(line) <= n:
        return int(line)
    return None


_NUMBER = re.compile(r"[+-]?[0-9]{1,6}")


def numeric_menu(choices: list[tuple[str, str]]) -> bool:
    """Some of the menu's choices are numbers (A Distant Plain's Aid -10 ..
    +3, a quantity from 0): there a typed number means that number, never
    a place in the list (issue 31)."""
    return any(_NUMBER.fullmatch(cid) for cid, _ in choices)


def typed_answer(line: str, choices: list[tuple[str, str]]) -> str:
    """The choice id a typed ``line`` answers: in a menu of numbers
    (:func:`numeric_menu`) a number is the choice of that number ("3",
    "+3" and "03" are 3); elsewhere a number is a choice's place in the
    list (1-based); anything else is a choice id (refused politely by the
    service when it is none)."""
    if numeric_menu(choices):
        if line.isascii() and _NUMBER.fullmatch(line):
            return next((cid for cid, _ in choices if _NUMBER.fullmatch(cid) and int(cid) == int(line)), line)
        return line
    num = choice_number(line, len(choices))
    return choices[num - 1][0] if num else line


#: the mark before a choice's details in the menu (never a choice's first character)
DETAIL = "·"


def menu_lines(choices: list[tuple[str, str]], details: dict[str, str] | None = None) -> list[str]:
    """The menu as printed: each choice after its place ("  1. Rally"), or,
    in a menu of numbers, after what to type ("   3  +3", "  -5  -5"), so
    that no place can be read as a number; ``details`` (``Prompt.details``:
    the pieces in a space, an Event's text) after a choice's line, indented."""
    if numeric_menu(choices):
        width = max(len(cid) for cid, _ in choices if _NUMBER.fullmatch(cid))  # numbers aligned, words not
        return [(f"  {cid:>{width}}" if _NUMBER.fullmatch(cid) else f"  {cid}") + (f"  {label}" if label != cid else "")
                for cid, label in choices]
    out = []
    for i, (cid, label) in enumerate(choices, 1):
        same = label.lower().replace(" ", "_") == cid
        out.append(f"  {i:>2}. {label}" if same else f"  {i:>2}. {label}  ({cid})")
        if (details or {}).get(cid):
            out.append(f"      {DETAIL} {details[cid]}")
    return out


class Console:
    def __init__(self, service: Service, inp: IO[str], out: IO[str], maps_dir: str, locale: str):
        self.svc, self.inp, self.out, self.maps_dir, self.locale = service, inp, out, maps_dir, locale

    def say(self, text: str = "") -> None:
        print(plain(text, self.locale), file=self.out, flush=True)

    def read(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.say()
            return None
        return line.strip()

    def write_map(self, png: bytes | None, name: str) -> None:
        if png is None:
            self.say(t(self.locale, "console.no_map", "(no map picture: the renderer is not available)"))
            return
        os.makedirs(self.maps_dir, exist_ok=True)
        path = os.path.join(self.maps_dir, name)
        with open(path, "wb") as fh:
            fh.write(png)
        self.say(t(self.locale, "console.map_written", "Map written to {path}", path=path))

    async def show_space_now(self, game_id: int, sid: str) -> None:
        """The space as it stands in the game, as a picture in the maps folder
        (the picture /space attaches on Discord)."""
        g = await self.svc.game(game_id)
        if not g.state:
            return
        try:
            from .service import renderer

            render_space = renderer(g.game).render_space
        except (ImportError, AttributeError):  # the console runs without Pillow too
            self.write_map(None, "")
            return
        self.write_map(render_space(self.svc.state_of(g), sid, self.locale), f"game{game_id}-{sid}.png")

    def show_posts(self, posts: list[Post], game_id: int, version: int) -> None:
        for p in posts:
            self.say(p.text)
            if p.image is not None:
                self.write_map(p.image, f"game{game_id}-{version}.png")

    def show_prompt(self, p: Prompt) -> None:
        self.say()
        self.say(f"[{p.actor_name}] {p.text}")
        if numeric_menu(p.choices):
            self.say(t(self.locale, "console.type_number", "(type the number itself, or a choice's id)"))
        for line in menu_lines(p.choices, p.details):
            self.say(line)

    async def setup(self, scenario: str | None, seed: int | None, new: bool,
                    bots: str | None = None, game: str | None = None) -> int | None:
        """The console's game: the open one resumed, else a new game of
        ``game`` (a registered id; default the first) in ``scenario`` (asked
        when not given). Returns its id, or None when input ends."""
        g = await self.svc.store.open_game_in(CHANNEL)
        if g is not None and new:
            await self.svc.abandon(g.id, USER, manager=True)
            g = None
        if g is not None and g.status == "active":
            if self.locale is None:  # the game's own language
                self.locale = g.locale
            elif self.locale != g.locale:  # --locale given: the game changes language
                await self.svc.set_locale(g.id, USER, self.locale, manager=True)
            self.say(t(self.locale, "console.resume", "Resuming game {id} ({scenario}).", id=g.id, scenario=g.scenario))
            return g.id
        if g is not None:  # a game left in setup: start it
            await self.svc.abandon(g.id, USER, manager=True)
        self.locale = self.locale or "en"
        spec = engine.game_spec(game or engine.games()[0])
        if scenario is None and len(spec.scenarios) == 1:  # no question with one answer
            scenario = spec.scenarios[0]
        while scenario not in spec.scenarios:
            ans = self.read(self.ask_scenario(spec))
            if ans is None:
                return None
            scenario = ans or spec.scenario()
            if scenario not in spec.scenarios:
                self.say(t(self.locale, "error.scenario", "Unknown scenario '{scenario}': choose {scenarios}.",
                           scenario=scenario, scenarios=", ".join(spec.scenarios)))
        # one player if the game's seat rule allows it, else the fewest it seats (Pax Britannica: 4), all held here
        for seats in range(1, (spec.seats or len(spec.factions)) + 1):
            try:
                r = await self.svc.create(CHANNEL, USER, scenario, seats=seats, seed=seed, name=f"Console {scenario}",
                                          locale=self.locale, bots=bots, game=spec.id)
                break
            except ServiceError as e:
                if e.key != "error.seat_rule":
                    raise
        if r.game.bots:
            self.say(t(self.locale, "game.to_bot", "{factions} now played by {bot}.",
                       factions=", ".join(faction_name(self.locale, f) for f in r.game.bots),
                       bot=bot_name(spec.id, self.locale)))
        for _ in range(seats):
            await self.svc.join(r.game.id, USER)
        r = await self.svc.start(r.game.id, USER)
        self.show_posts(r.posts, r.game.id, r.game.version)
        return r.game.id

    def ask_scenario(self, spec: engine.GameSpec) -> str:
        """The scenario question, naming the game's scenarios."""
        if spec.scenarios == ("short", "main"):  # the question the catalogs have always asked
            return t(self.locale, "console.ask_scenario", "Scenario (short/main) [short]: ")
        return t(self.locale, "console.ask_scenario_of", "Scenario ({scenarios}) [{first}]: ",
                 scenarios="/".join(spec.scenarios), first=spec.scenario())

    async def loop(self, game_id: int) -> int:
        while True:
            try:
                p = await self.svc.prompt(game_id, USER)
            except ServiceError as e:  # e.g. a stored state this version cannot read
                self.say(e.text(self.locale))
                self.say(t(self.locale, "console.start_new", "Start a new game with: dakbot console --new"))
                return 1
            if p is None:
                self.say(await self.svc.status(game_id))
                return 0
            self.show_prompt(p)
            line = self.read("> ")
            if line is None or line in ("/quit", "/exit", "/q"):
                return 0
            if not line:
                continue
            try:
                if line.startswith("/"):
                    await self.command(game_id, line)
                    continue
                r = await self.svc.submit(game_id, USER, [typed_answer(line, p.choices)], p.version)
                self.show_posts(r.posts, game_id, r.game.version)
            except Stale as e:
                self.say(e.text(self.locale))
            except ServiceError as e:
                self.say(e.text(self.locale))

    async def command(self, game_id: int, line: str) -> None:
        cmd, _, arg = line[1:].partition(" ")
        game = (await self.svc.game(game_id)).game
        if cmd == "map":
            g = await self.svc.game(game_id)
            self.write_map(await self.svc.map_png(game_id), f"game{game_id}-{g.version}.png")
        elif cmd == "status":
            self.say(await self.svc.status(game_id))
        elif cmd == "undo":
            r = await self.svc.undo(game_id, USER)
            self.say(r.reply)
        elif cmd == "log":
            arg = arg.strip()
            n = min(int(arg), 1000) if arg.isascii() and arg.isdigit() and len(arg) <= 6 else 20
            self.say(await self.svc.log_text(game_id, n))
        elif cmd == "card":
            arg = arg.strip().lstrip("#")
            if not (arg.isascii() and arg.isdigit() and len(arg) <= 3):
                self.say(t(self.locale, "console.no_card_number", "Type /card and a card number, e.g. /card 51."))
                return
            self.say(card_text(game, int(arg), self.locale))
        elif cmd == "space":
            sid = find_space(game, arg)
            self.say(space_text(game, sid, self.locale))
            await self.show_space_now(game_id, sid)
        elif cmd == "rules":
            self.say(rules_text(game, arg, self.locale))
        elif cmd == "challenge":  # out of turn: any seat but the one that entered the Event (issue 33)
            r = await self.svc.out_of_turn(game_id, USER, "challenge")
            self.show_posts(r.posts, game_id, r.game.version)
        elif cmd == "help":
            self.say(t(self.locale, "console.help", HELP))
        else:
            self.say(t(self.locale, "console.unknown", "Unknown command /{cmd}. ", cmd=cmd) +
                     t(self.locale, "console.help", HELP))


async def run(argv: list[str], inp: IO[str], out: IO[str]) -> int:
    ap = argparse.ArgumentParser(prog="dakbot console", description="Play a board wargame in the terminal (hotseat).")
    ap.add_argument("--db", default=None, help="SQLite file (default $DAKBOT_DB or ./dakbot.sqlite3)")
    ap.add_argument("--game", choices=engine.games(), default=None,
                    help="the game of a new console game (default: the first registered)")
    ap.add_argument("--scenario", help="the scenario of a new game (asked when not given)")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--new", action="store_true", help="abandon the open console game and start a new one")
    ap.add_argument("--maps", action="store_true", help="write the map after every turn to ./maps/")
    ap.add_argument("--maps-dir", default="maps")
    ap.add_argument("--locale", default=None,
                    help="the game's language: en, it, es (es-ES) or ja (default: a resumed game's, else en)")
    ap.add_argument("--bots", default=None, help="Factions the bots play, e.g. inc,ml,rev (a new game only)")
    args = ap.parse_args(argv)
    try:
        store = await Store.open(args.db)
    except StoreError as e:
        print(f"dakbot console: {e}", file=sys.stderr)
        return 2
    try:
        locale = normalize_locale(args.locale) if args.locale else None
        con = Console(Service(store, render_maps=args.maps), inp, out, args.maps_dir, locale)
        con.say(t(locale, "console.welcome", "dakbot console: hotseat. /help for commands."))
        try:
            gid = await con.setup(args.scenario, args.seed, args.new, args.bots, args.game)
        except ServiceError as e:  # e.g. --bots naming no Faction, or all four
            con.say(e.text(con.locale))
            return 2
        if gid is None:
            return 0
        return await con.loop(gid)
    finally:
        await store.close()


def main(argv: list[str] | None = None, inp: IO[str] | None = None, out: IO[str] | None = None) -> int:
    """Entry point of ``dakbot console``; returns the exit status (0 also at
    the first Ctrl-C)."""
    # Not asyncio.run: its SIGINT handler only cancels the task, which waits
    # in a blocking readline until the next line is typed; with the default
    # handler Ctrl-C interrupts the read at once (the store still closes in
    # run()'s finally). At a terminal, lines are read so that no Ctrl-C is
    # missed (bot/terminal.py).
    loop = asyncio.new_event_loop()
    term = TerminalLines.open(sys.stdin) if inp is None else None
    try:
        return loop.run_until_complete(run(list(argv or []), inp or term or sys.stdin, out or sys.stdout))
    except KeyboardInterrupt:
        print(file=out or sys.stdout)
        return 0
    finally:
        loop.close()
        if term is not None:
            term.close()
