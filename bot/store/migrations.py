"""The numbered schema migrations: SQLite's own first ones, and those from
number 4 on shared by both backends (PostgreSQL's first: :mod:`bot.store_pg`)."""
from __future__ import annotations

SQLITE_MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel TEXT NOT NULL,
        guild TEXT,
        name TEXT NOT NULL,
        game TEXT NOT NULL,
        scenario TEXT NOT NULL,
        seed INTEGER NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        status TEXT NOT NULL,
        creator TEXT NOT NULL,
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        locale TEXT NOT NULL DEFAULT 'en',
        dashboard TEXT,
        reminder_hours REAL NOT NULL DEFAULT 24,
        deadline_hours REAL,
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE UNIQUE INDEX games_open_channel ON games(channel) WHERE status IN ('setup', 'active');
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        faction TEXT NOT NULL,
        user_id TEXT NOT NULL,
        PRIMARY KEY (game_id, faction)
    );
    CREATE TABLE actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id TEXT,
        actor TEXT,
        kind TEXT NOT NULL,
        choices TEXT NOT NULL DEFAULT '[]',
        version INTEGER NOT NULL,
        at REAL NOT NULL
    );
    CREATE INDEX actions_game ON actions(game_id, id);
    CREATE TABLE snapshots (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        actor TEXT,
        move INTEGER NOT NULL,
        state TEXT NOT NULL,
        at REAL NOT NULL
    );
    CREATE INDEX snapshots_game ON snapshots(game_id, id);
    CREATE TABLE timers (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        due REAL NOT NULL,
        payload TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX timers_due ON timers(due);
    CREATE TABLE drafts (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        choices TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 2: a seat holds a user or the bot (no copied bot list in games.options);
    # the posted part of the log is a column written with the state it belongs
    # to; a game whose stored state cannot be read is flagged for its manager.
    """
    CREATE TABLE seats_v2 (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        faction TEXT NOT NULL,
        user_id TEXT,
        bot INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, faction),
        CHECK ((user_id IS NULL) = (bot = 1))
    );
    INSERT INTO seats_v2 (game_id, faction, user_id, bot) SELECT game_id, faction, user_id, 0 FROM seats;
    DROP TABLE seats;
    ALTER TABLE seats_v2 RENAME TO seats;
    INSERT OR IGNORE INTO seats (game_id, faction, user_id, bot)
        SELECT games.id, j.value, NULL, 1 FROM games, json_each(games.options, '$.bots') AS j
        WHERE json_valid(games.options);
    ALTER TABLE games ADD COLUMN posted_log INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN attention TEXT;
    UPDATE games SET posted_log = COALESCE(json_extract(options, '$.posted_log'), 0),
        options = json_remove(options, '$.bots', '$.posted_log') WHERE json_valid(options);
    """,
    # 3: time controls (what a deadline does, pause by consent, who is on the
    # clock since when), every applied choice as a transcript row (replay,
    # export), and an outbox of channel posts that failed after a saved move.
    """
    ALTER TABLE games ADD COLUMN deadline_action TEXT NOT NULL DEFAULT 'remind';
    ALTER TABLE games ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN pause_votes TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE games ADD COLUMN clock_since REAL;
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        move INTEGER NOT NULL,
        actor TEXT NOT NULL,
        choice TEXT NOT NULL,
        version INTEGER NOT NULL,
        PRIMARY KEY (game_id, move)
    );
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        text TEXT NOT NULL,
        pings TEXT NOT NULL DEFAULT '[]',
        kind TEXT NOT NULL,
        with_map INTEGER NOT NULL DEFAULT 0,
        attempts INTEGER NOT NULL DEFAULT 0,
        due REAL NOT NULL,
        error TEXT
    );
    CREATE INDEX outbox_due ON outbox(due);
    """,
]


# Schema changes from number 4 on, in SQL both backends accept.
SHARED_MIGRATIONS: list[str] = [
    # 4: the code a game started on, and the last code that replayed it
    # identically (`dakbot patch`).
    """
    ALTER TABLE games ADD COLUMN engine_version TEXT;
    ALTER TABLE games ADD COLUMN checked_version TEXT;
    """,
    # 5: the code on which the game's manager was last told that the game does
    # not replay the same (told once per code, whichever process notices).
    """
    ALTER TABLE games ADD COLUMN patch_notice TEXT;
    """,
    # 6: the game log as rows beside the state (issue 21: the log was 95% of
    # a finished game's state blob, read and written whole on every move);
    # ``n`` numbers the entries of the whole game from 0.
    """
    CREATE TABLE log_entries (
        game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    );
    """,
    # 7: a game's timers found by its id (replaced on every move that passes
    # the turn: without the index SQLite scanned every game's timers, ~0.05 ms
    # with 1,000 games and growing with each game). PostgreSQL had it from 1.
    """
    CREATE INDEX IF NOT EXISTS timers_game ON timers(game_id);
    """,
    # 8: where a game's transcript starts (issue 37): the state's move before
    # its first transcript row, 0 for a game whose every move is a row. A
    # game begun on the first release has rows only from the move it stood
    # at when transcripts began; one started but without a row yet is NULL
    # (its state's move then says where: 0 for a game on the current code).
    """
    ALTER TABLE games ADD COLUMN transcript_from INTEGER DEFAULT 0;
    UPDATE games SET transcript_from = (SELECT MIN(move) - 1 FROM moves WHERE moves.game_id = games.id)
        WHERE state IS NOT NULL;
    """,
]


MIGRATIONS = SQLITE_MIGRATIONS + SHARED_MIGRATIONS
