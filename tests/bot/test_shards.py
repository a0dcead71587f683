"""``dakbot run --shards N --shard-ids a,b`` (issue 21 part 2): options and
the client they build, offline."""
import pytest

from bot.app import DakBot, ShardedDakBot, parse_shards
from bot.cli import main as cli_main


def test_shard_options():
    assert parse_shards(None, None) == {}
    assert parse_shards(4, None) == {"shard_count": 4}
    assert parse_shards(4, "3, 1,1") == {"shard_count": 4, "shard_ids": [1, 3]}
    for shards, ids, why in ((None, "0", "needs --shards"), (0, None, "1 or more"), (2, "2", "between 0 and 1"),
                             (2, "a,b", "numbers separated by commas")):
        with pytest.raises(ValueError, match=why):
            parse_shards(shards, ids)


async def test_a_process_runs_the_shards_it_was_given(store):
    bot = ShardedDakBot(store, reminders=False, sync=False, **parse_shards(4, "0,2"))
    assert isinstance(bot, DakBot) and (bot.shard_count, bot.shard_ids) == (4, [0, 2])
    assert bot.service.store is store


def test_bad_shard_ids_are_one_line_and_exit_2(monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    assert cli_main(["run", "--shards", "2", "--shard-ids", "5"]) == 2
    assert capsys.readouterr().err.strip() == "dakbot run: --shard-ids must be between 0 and 1 (--shards 2)"
