"""The lobby: a game's creation, seats (join, leave, resign, replace, to the
bot), start, language, channel and abandonment."""
from __future__ import annotations

import random

import engine
from engine.core.rng import seed_hash

from ..i18n import LOCALES, faction_name, render, t
from ..patch import code_version
from ..store import BOT, Conflict, GameRow, SeatBusy
from .core import (
    BadInput,
    Core,
    Forbidden,
    Post,
    Result,
    ServiceError,
    Stale,
    _unknown_faction,
    bot_name,
    default_game,
    factions_of,
    parse_factions,
)


class Lobby(Core):
    """The lobby room of :class:`bot.service.Service` (see the module doc)."""

    async def create(self, channel: str, creator: str, scenario: str | None = None, *, options: dict | None = None,
                     seats: int = 4, name: str | None = None, guild: str | None = None, locale: str = "en",
                     seed: int | None = None, bots: list[str] | str | None = None, layout: str = "standard",
                     deadline_action: str = "remind", game: str | None = None,
                     deadline_hours: float | None = None) -> Result:
        """Create a game in ``setup`` in ``channel``. ``seats``: human players
        up to the game's most (see the module doc); ``bots``: Factions played by
        the game's bot (ids or names in any language, a list or a text with
        commas); the human players share the other Factions by the game's seat
        groups (``layout``: one of ``GameSpec.seat_layouts``, the game's own
        pairings, the first by default); ``deadline_action``: what a missed deadline does
        (:data:`DEADLINE_ACTIONS`); ``deadline_hours``: the time per decision
        (>= 1 h; 0 or None: none). Raises BadInput (scenario, seats, bots,
        layout, game, deadline) or Forbidden (the channel already has an open
        game); nothing is created then.
        ``game``: a registered game id (``engine.games()``), default the first."""
        game = game or default_game()
        if game not in engine.games():
            raise BadInput("error.game", "Unknown game '{game}': choose {games}.", game=str(game)[:40],
                           games=", ".join(engine.games()))
        spec = engine.game_spec(game)
        if scenario is None:
            scenario = spec.scenario()
        if scenario not in spec.scenarios:
            raise BadInput("error.scenario", "Unknown scenario '{scenario}': choose {scenarios}.", scenario=scenario,
                           scenarios=", ".join(spec.scenarios))
        most = spec.seats or len(spec.factions)
        if not 1 <= seats <= most:
            raise BadInput("error.seats", "A game has 1 to {max} players, not {seats}.", seats=seats, max=most)
        bots = parse_factions(bots, game)
        humans_only = spec.extra.get("humans_only")
        self._check_humans_only(game, bool(bots) or deadline_action == "bot")
        if len(bots) == len(spec.factions):
            raise BadInput("error.all_bots", "At least one Faction needs a human player.")
        if layout not in spec.seat_layouts:
            raise BadInput("error.layout", "Unknown seat layout '{layout}': choose {layouts}.",
                           layout=layout, layouts=", ".join(spec.seat_layouts))
        self._check_deadline_action(deadline_action)
        self._check_deadline_hours(deadline_hours)
        opts = {k: v for k, v in (options or {}).items() if k not in ("bots", "posted_log", "groups")}
        opts["seats"] = seats
        try:
            groups = spec.groups(seats, bots, layout)
        except ValueError as e:  # the game's own seat rule (e.g. a least number of players)
            raise BadInput("error.seat_rule", "{game} cannot seat this: {reason}.", game=spec.name, reason=str(e))
        if bots or layout != spec.seat_layouts[0]:
            opts["groups"] = [list(grp) for grp in groups]
        bot_seats = list(bots)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**62)
        name = self._clean_name(name or "") or f"{spec.name} {scenario}"
        try:
            g = await self.store.create_game(channel=self._id_text(channel),
                                             guild=self._id_text(guild) if guild else None, name=name,
                                             game=game, scenario=scenario, seed=seed, options=opts,
                                             creator=self._id_text(creator), locale=locale, bots=bot_seats,
                                             deadline_action=deadline_action)
        except Conflict:
            raise Forbidden("error.channel_busy", "This channel already has a game. Finish or abandon it first.")
        if deadline_hours:
            await self.store.update_game(g.id, deadline_hours=float(deadline_hours))
            g.deadline_hours = float(deadline_hours)
        text = t(locale, "game.created", "New game **{name}** (scenario {scenario}, {seats} players) created by "
                 "<@{user}>. Join with /game join, then /game start.", name=name, scenario=scenario,
                 seats=seats, user=creator)
        if humans_only:
            text += "\n" + t(locale, "game.humans_only", "Every faction of {game} is played by a human: our sources "
                              "have no non-player flowchart for its Operations. Its rules and map data are "
                              "provisional (see /game status and the rulings); card texts are resolved by the "
                              "players.", game=spec.name)
        return Result(game=g, posts=[Post(text)], reply=text)

    async def join(self, game_id: int, user: str, faction: str | None = None) -> Result:
        """Take the seat group holding ``faction`` (or the first free group).
        Allowed in setup, and in play for a seat no one holds. Raises
        BadInput (unknown Faction), Forbidden (taken, game over)."""
        user = self._id_text(user)
        g = await self.game(game_id)
        loc = g.locale
        if g.status not in ("setup", "active"):
            raise Forbidden("error.finished", "This game is over.")
        if faction is not None and faction not in factions_of(g.game):
            raise _unknown_faction(faction, g.game)
        groups = self._groups(g)
        wanted = groups if faction is None else [next(grp for grp in groups if faction in grp)]
        try:
            grp = await self.store.claim_seats(g.id, wanted, user,
                                               take_bot_seats=g.status == "setup" and faction is not None)
        except SeatBusy as e:
            raise self._seat_refusal(e) from None
        g = await self.game(g.id)
        names = ", ".join(faction_name(loc, f) for f in grp)
        text = t(loc, "game.joined", "<@{user}> takes {factions}.", user=user, factions=names)
        return Result(game=g, posts=[Post(text)], reply=text)

    @staticmethod
    def _seat_refusal(e: SeatBusy) -> ServiceError:
        if e.why == "yours":
            return BadInput("error.seat_yours", "You already hold {faction}.", faction=e.faction)
        if e.why == "taken":
            return Forbidden("error.seat_taken", "{faction} is already held by <@{user}>.", faction=e.faction,
                             user=e.holder)
        if e.why == "bot":
            return Forbidden("error.seat_bot", "{faction} is played by the bot.", faction=e.faction)
        return Forbidden("error.no_free_seat", "Every seat is taken.")

    async def leave(self, game_id: int, user: str) -> Result:
        """Give up one's seats before the start (in play: use resign)."""
        user = str(user)
        g = await self.game(game_id)
        if g.status != "setup":
            raise Forbidden("error.leave_started", "The game has started: use /game resign (or ask for /game replace).")
        mine = [f for f, u in g.seats.items() if u == user]
        if not mine:
            raise BadInput("error.no_seat", "You hold no seat in this game.")
        await self.store.set_seat_holders(g.id, {f: None for f in mine}, user=user, kind="leave")
        g = await self.game(g.id)
        text = t(g.locale, "game.left", "<@{user}> leaves the game.", user=user)
        return Result(game=g, posts=[Post(text)], reply=text)

    async def start(self, game_id: int, user: str) -> Result:
        """Start the game: every Faction must be seated or a bot. Shows the
        seed hash (fair shuffle), plays bots up to the first human decision,
        pings that player. Raises Forbidden / BadInput."""
        user = str(user)
        g = await self.game(game_id)
        loc = g.locale
        if g.status != "setup":
            raise Forbidden("error.already_started", "The game has already started.")
        if user != g.creator and user not in g.seats.values():
            raise Forbidden("error.start_who", "Only the creator or a seated player can start the game.")
        bots = self._bots(g)
        # the factions in play are those of the seat groups (a game may seat fewer with fewer players)
        empty = [f for grp in self._groups(g) for f in grp if not g.seats.get(f) and f not in bots]
        if empty:
            raise BadInput("error.empty_seats", "No one holds {factions}: they need a player (/game join) or must be "
                           "set as bots when the game is created.",
                           factions=", ".join(faction_name(loc, f) for f in empty))
        opts = {k: v for k, v in g.options.items() if k != "groups"}
        # 1.5: the engine reads who holds which factions (one player holding two
        # wins a check only if both pass, and scores the lower margin): the
        # number of players for the standard groups, or the groups themselves.
        groups = self._groups(g)
        opts["seats"] = ({f: "+".join(grp) for grp in groups for f in grp}
                         if "groups" in g.options else int(g.options.get("seats", 4)))
        opts["players"] = {f: ("bot" if f in bots else "human") for f in factions_of(g.game)}
        if bots:
            # options the game sets when a seat is a bot (e.g. its Non-player
            # rules), as its registered spec declares them
            for k, v in engine.game_spec(g.game).extra.get("bot_options", {}).items():
                opts.setdefault(k, v)
        state = engine.new_game(g.game, g.scenario, g.seed, opts)
        snaps: list[tuple[str | None, int, str]] = []
        moves: list[tuple[int, str, str]] = []
        p = self._play_bots(g, state, snaps, moves)
        d = p.first
        state_json, log_rows = engine.split_log(state, p)
        if d is not None:
            snaps.append((d.actor, state.move, state_json))
        status = "active" if state.result is None else "finished"
        try:
            version = await self.store.save_state(g.id, g.version, state_json, status=status,
                                                  action={"user": user, "kind": "start"}, snapshots=snaps,
                                                  timers=self._timers(g, state, d), posted_log=engine.log_length(state),
                                                  moves=moves, engine_version=code_version(), log=log_rows,
                                                  fresh_drafts=self._owing_users(g, p))
        except Conflict:
            raise Stale("error.stale", "The game moved on: here is a fresh prompt.")
        g = await self.game(g.id)
        text = t(loc, "game.started", "**{name}** begins. Seed hash (SHA-256, to verify the shuffle at the end): "
                 "`{hash}`", name=g.name, hash=seed_hash(g.seed))
        lines = [text, self._log_text(g, state.log)]
        pings = self.users_for(g, d.actor) if d else []
        if d is not None:
            lines.append(t(loc, "turn.next", "{faction} to decide: {prompt}", faction=d.actor,
                           prompt=render(loc, d.prompt, g.game)))
        phone, full = await self._pictures(g, state, state.log)
        post = Post("\n".join(x for x in lines if x), phone, pings, "start", full)
        posts = [post]
        if state.result is not None:
            posts.append(Post(self._result_text(g, state), kind="end"))
        return Result(game=g, posts=posts, reply=text, prompt=self._prompt(g, state, version, d=d))

    async def resign(self, game_id: int, user: str) -> Result:
        """Give up one's seats in play: they become free for /game join or
        /game replace; the game waits for them."""
        user = str(user)
        g = await self.game(game_id)
        if g.status != "active":
            raise Forbidden("error.resign_when", "You can resign only from a game in play (use /game leave before "
                            "the start).")
        mine = [f for f, u in g.seats.items() if u == user]
        if not mine:
            raise BadInput("error.no_seat", "You hold no seat in this game.")
        await self.store.set_seat_holders(g.id, {f: None for f in mine}, user=user, kind="resign")
        g = await self.game(g.id)
        text = t(g.locale, "game.resigned", "<@{user}> resigns {factions}; the seat is free (/game join).",
                 user=user, factions=", ".join(faction_name(g.locale, f) for f in mine))
        return Result(game=g, posts=[Post(text)], reply=text)

    async def _managed_open_game(self, game_id: int, user: str, manager: bool) -> GameRow:
        """The game, if ``user`` may manage it and it is open; else Forbidden."""
        g = await self.game(game_id)
        if not self._may_manage(g, user, manager):
            raise Forbidden("error.manage", "Only the game's creator or someone with Manage Channels can do this.")
        if g.status not in ("setup", "active"):
            raise Forbidden("error.finished", "This game is over.")
        return g

    async def replace(self, game_id: int, by: str, faction: str, new_user: str, *, manager: bool = False) -> Result:
        """Give ``faction``'s seat group to ``new_user``: the creator or a
        member with Manage Channels only."""
        by, new_user = str(by), self._id_text(new_user)
        g = await self.game(game_id)
        if not self._may_manage(g, by, manager):
            raise Forbidden("error.manage", "Only the game's creator or someone with Manage Channels can do this.")
        if g.status not in ("setup", "active"):
            raise Forbidden("error.finished", "This game is over.")
        if faction not in factions_of(g.game):
            raise _unknown_faction(faction, g.game)
        grp = next(grp for grp in self._groups(g) if faction in grp)
        await self.store.set_seat_holders(g.id, {f: str(new_user) for f in grp}, user=by, kind="replace",
                                          choices=[str(new_user)])
        g = await self.game(g.id)
        if g.status == "active" and new_user in self._owing_users(g, engine.pending(self.state_of(g))):
            # sealed orders: the new holder's clicks are checked against a draft of their own (issue 37)
            await self.store.put_draft(g.id, new_user, g.version, [], new=True)
        text = t(g.locale, "game.replaced", "{factions} now played by <@{user}>.",
                 factions=", ".join(faction_name(g.locale, f) for f in grp), user=new_user)
        return Result(game=g, posts=[Post(text, pings=[str(new_user)])], reply=text,
                      prompt=await self.prompt(g.id, new_user))

    async def abandon(self, game_id: int, user: str, *, manager: bool = False) -> Result:
        """End the game unfinished (creator or Manage Channels); reveals the seed."""
        user = str(user)
        g = await self._managed_open_game(game_id, user, manager)
        try:
            await self.store.finish_game(g.id, "abandoned", user=user, kind="abandon")
        except Conflict:
            raise Forbidden("error.finished", "This game is over.") from None
        g = await self.game(g.id)
        text = t(g.locale, "game.abandoned", "**{name}** was abandoned. Seed: {seed}.", name=g.name, seed=g.seed)
        return Result(game=g, posts=[Post(text, kind="end")], reply=text)

    async def set_locale(self, game_id: int, user: str, locale: str, *, manager: bool = False) -> Result:
        """The game's language (en, it, es-ES, ja): every post, ping, reminder,
        dashboard and picture of the game uses it from now on. Only the game's
        manager may change it. Raises Forbidden, BadInput (an unknown
        language; nothing changed)."""
        g = await self._managed_open_game(game_id, str(user), manager)
        if locale not in LOCALES:
            raise BadInput("error.locale", "Unknown language '{locale}': choose one of {locales}.",
                           locale=str(locale)[:20], locales=", ".join(LOCALES))
        if locale != g.locale:
            await self.store.update_game(g.id, locale=locale)
            g = await self.game(g.id)
        return Result(game=g, reply=t(g.locale, "game.language", "**{name}** is now played in English.",
                                      name=g.name))

    async def set_bot(self, game_id: int, user: str, faction: str, *, manager: bool = False) -> Result:
        """Hand a seat group to the game's bot: its holder may (consent), or
        the manager when no one holds it. Back to a person: /game replace or,
        for the manager, /game join by the new player. Bots then play at once
        if it is their turn."""
        user = str(user)
        g = await self.game(game_id)
        if g.status not in ("setup", "active"):
            raise Forbidden("error.finished", "This game is over.")
        faction = (parse_factions(faction, g.game) or [None])[0]
        self._check_humans_only(g.game, True)
        grp = next(grp for grp in self._groups(g) if faction in grp)
        holder = g.seats.get(grp[0])
        if grp[0] in self._bots(g):
            raise BadInput("error.seat_bot", "{faction} is played by the bot.", faction=faction)
        if holder != user and not (holder is None and self._may_manage(g, user, manager)):
            raise Forbidden("error.bot_consent", "Only {faction}'s player (or the manager, for a free seat) can "
                            "hand it to the bot.", faction=faction)
        await self.store.set_seat_holders(g.id, {f: BOT for f in grp}, user=user, kind="bot")
        g = await self.game(g.id)
        text = t(g.locale, "game.to_bot", "{factions} now played by {bot}.",
                 factions=", ".join(faction_name(g.locale, f) for f in grp), bot=bot_name(g.game, g.locale))
        res = Result(game=g, posts=[Post(text)], reply=text)
        if g.status == "active":
            state = self.state_of(g)
            d = engine.decision(state)
            if d is not None and d.actor in self._bots(g):
                more = await self._commit(g, self._before(state), state, d, user, [], "bot", moves=[])
                res.posts += more.posts
                res.game = more.game
        return res

    async def move(self, game_id: int, user: str, channel: str, *, manager: bool = False) -> Result:
        """Move an open game to another channel (the manager); its dashboard is
        posted there anew. Raises Forbidden (not the manager, target busy)."""
        user = str(user)
        g = await self._managed_open_game(game_id, user, manager)
        try:
            await self.store.move_game(g.id, self._id_text(channel))
        except Conflict:
            raise Forbidden("error.channel_busy", "This channel already has a game. Finish or abandon it first.")
        g = await self.game(g.id)
        text = t(g.locale, "game.moved", "**{name}** moved to <#{channel}>.", name=g.name, channel=channel)
        return Result(game=g, posts=[Post(text, kind="start")], reply=text)
