"""The console front end driven by piped input lines (DESIGN §4)."""
import io

import engine
from bot.console import main


def run(db, lines, *args):
    out = io.StringIO()
    code = main(["--db", db, *args], inp=io.StringIO("".join(x + "\n" for x in lines)), out=out)
    return code, out.getvalue()


def test_console_creates_plays_and_resumes_after_restart(db_path, tmp_path):
    code, out = run(db_path, ["", "1", "/status", "/log 3", "/bogus", "no-such", "/quit"], "--seed", "4")
    assert code == 0
    assert "Scenario (short/main)" in out
    assert "Seed hash" in out and "  1. " in out
    assert "Unknown command /bogus" in out
    assert "'no-such' is not one of the choices here" in out
    assert "Victory:" in out  # /status
    # a new process on the same database continues the same game
    code, out2 = run(db_path, ["/status"])
    assert code == 0 and "Resuming game 1 (short)" in out2
    assert "Scenario (short/main)" not in out2


def test_console_exits_cleanly_at_eof_and_keeps_playing(db_path):
    code, out = run(db_path, [], "--scenario", "short", "--seed", "2")
    assert code == 0
    s0 = out.count("> ")
    code, out = run(db_path, ["1"] * 150)
    assert code == 0 and "Traceback" not in out
    # every line was taken as a choice: the game moved 150 times
    import asyncio
    from bot.store import Store

    async def move():
        st = await Store.open(db_path)
        g = await st.get_game(1)
        await st.close()
        return engine.load_state(g.state).move
    assert asyncio.run(move()) >= 150 and s0 == 1  # one prompt, then EOF


def test_console_undo_and_map(db_path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out = run(db_path, ["1", "/undo", "/undo", "/map"], "--scenario", "short", "--seed", "4")
    assert code == 0
    assert "undid" in out and "There is nothing to undo" in out
    assert "Map written to" in out or "no map picture" in out
