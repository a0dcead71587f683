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
    assert "took back the choices of" in out and "There is nothing to undo" in out
    assert "Map written to" in out or "no map picture" in out


def test_solo_console_game_against_three_bots_plays_to_its_result(db_path):
    """Issue 16: ``dakbot console --bots inc,ml,rev``, always choosing the
    first option, plays a whole Short game: the player holds only the Raj,
    the Arjuna bots the rest (8.0), and the game ends with a result."""
    code, out = run(db_path, ["1"] * 3000, "--scenario", "short", "--seed", "7", "--bots", "INC, ml,Revolutionaries")
    assert code == 0 and "Traceback" not in out
    assert "Congress, Muslim League, Revolutionaries now played by the Arjuna bot." in out
    assert "Game over:" in out and "(8.10)" in out  # the solitaire result and its title
    asked = {line[1:line.index("]")] for line in out.splitlines() if line.startswith("[")}
    assert asked == {"British Raj"}  # the player was only ever asked as the Raj


def test_console_shows_plain_text_and_looks_things_up(db_path):
    """Issue 16 item 8: /card, /space, /rules as on Discord; no Discord markup."""
    code, out = run(db_path, ["/card 51", "/card x", "/space nw frontier", "/space atlantis", "/rules 3.2.4",
                              "/rules 9.1", "/log 2"], "--scenario", "short", "--seed", "4")
    assert code == 0
    assert "#51 " in out and "Faction order:" in out
    assert "Type /card and a card number" in out
    assert "There is no space 'atlantis'." in out
    assert "Rule 3.2.4 is in chapter 3: Operations." in out
    assert "There is no rule 9.1" in out
    assert "Northwest Frontier (Province)" in out and "Population 1" in out
    assert "**" not in out and "<@" not in out and "<t:" not in out


def test_plain_turns_discord_markup_into_terminal_text():
    from bot.console import plain

    assert plain("**Game** (<@console>) due <t:0:R>, see <#123>") == "Game (you) due 1970-01-01 00:00 UTC, see #123"
    assert plain("<@42> and `hash`", "it") == "@42 and hash"
    assert plain("<@console>", "it") == "tu"


def test_console_refuses_unknown_bots_politely(db_path):
    code, out = run(db_path, [], "--scenario", "short", "--bots", "inc,bogus")
    assert code == 2 and "Unknown Faction 'bogus'" in out and "Traceback" not in out


def test_one_ctrl_c_quits_the_console(tmp_path):
    """A blocking read is interrupted by the first Ctrl-C (not after the next line)."""
    import os
    import pty
    import signal
    import subprocess
    import sys
    import time

    leader, follower = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "bot.cli", "console", "--db", str(tmp_path / "c.sqlite3"),
                          "--scenario", "short", "--seed", "3"], stdin=follower, stdout=follower, stderr=follower,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    try:
        buf = b""
        deadline = time.time() + 60
        while b"> " not in buf and time.time() < deadline:  # wait for the first prompt
            buf += os.read(leader, 65536)
        p.send_signal(signal.SIGINT)
        assert p.wait(timeout=20) == 0
    finally:
        if p.poll() is None:
            p.kill()
        os.close(leader)
        os.close(follower)


def test_console_hotseat_pax_writes_each_powers_sealed_orders(db_path):
    """Pax Britannica seats at least four players (L95): the console player
    holds all four and writes each power's sealed orders in turn (issue 19).
    Its one scenario is not asked for (no question with one answer)."""
    lines = ["buy", "army-1", "seal", "seal", "seal", "seal", "/quit"]
    code, out = run(db_path, lines, "--game", "pax", "--seed", "3")
    assert code == 0 and "Scenario" not in out and "Unknown" not in out
    for power in ("Great Britain", "Germany", "France", "USA"):
        assert f"[{power}] {power}: orders for 1880, round 1: £" in out  # the money left follows
    assert "Orders of round 1 revealed." in out and "Great Britain buys Army (1)." in out
    assert "[Great Britain] Great Britain: orders for 1880, round 2: £" in out


AID = [(str(k), f"{k:+d}") for k in (-10, -6, -5, -4, -3, -2, -1, 1, 2, 3)]  # A Distant Plain's Aid menu


def test_a_typed_number_in_a_menu_of_numbers_is_that_number():
    """Issue 31 item 3: A Distant Plain's Aid menu (-10 .. +3): typing 3
    applied Aid -5 (the third place); a quantity menu from 0 applied n-1."""
    from bot.console import typed_answer

    assert typed_answer("3", AID) == "3" and typed_answer("+3", AID) == "3" and typed_answer("-5", AID) == "-5"
    assert typed_answer("7", AID) == "7"  # no such number: the service refuses it politely
    place = [("0", "Place 0 Congress Activists"), ("1", "Place 1 Congress Activist"), ("2", "Place 2")]
    assert [typed_answer(n, place) for n in ("0", "1", "2")] == ["0", "1", "2"]
    assert typed_answer("done", place + [("done", "Done")]) == "done"


def test_elsewhere_a_typed_number_is_a_place_in_the_list():
    from bot.console import typed_answer

    menu = [("rally", "Rally"), ("pass", "Pass")]
    assert typed_answer("2", menu) == "pass" and typed_answer("rally", menu) == "rally"
    assert typed_answer("3", menu) == "3"  # beyond the list: refused as no choice


def test_a_menu_of_numbers_shows_what_to_type_and_no_places():
    from bot.console import menu_lines

    lines = menu_lines(AID)
    assert lines[0] == "  -10" and lines[-1] == "    3  +3"  # a label that is the number is not repeated
    assert not any(line.strip().startswith(("1.", "2.")) for line in lines)
    assert menu_lines([("rally", "Rally"), ("pass", "Pass")]) == ["   1. Rally", "   2. Pass"]


def test_the_console_submits_the_number_typed_in_a_menu_of_numbers():
    """Through the console's loop: a quantity menu from 0 ("Place 0 .. 3
    Activists"), typing 2 submits 2 (main 0de2f8a submitted 1, the second
    place's), and the menu shows what to type."""
    import asyncio
    from types import SimpleNamespace

    from bot.console import Console
    from bot.service import Prompt

    menu = [(str(k), f"Place {k} Activists") for k in range(4)]

    class Stub:
        submitted: list = []

        async def prompt(self, game_id, user):
            if self.submitted:
                return None
            return Prompt(game_id=1, version=5, actor="inc", actor_name="Congress", text="Rally", choices=menu)

        async def submit(self, game_id, user, choices, version):
            self.submitted.append(choices)
            return SimpleNamespace(posts=[], game=SimpleNamespace(version=6))

        async def status(self, game_id):
            return "done"

    svc = Stub()
    out = io.StringIO()
    con = Console(svc, io.StringIO("2\n"), out, "", "en")
    assert asyncio.run(con.loop(1)) == 0
    assert svc.submitted == [["2"]]
    assert "  2  Place 2 Activists" in out.getvalue() and "type the number itself" in out.getvalue()


def test_the_console_never_tells_a_player_to_use_play():
    """Issue 31 item 7: a sealed-orders post said "Use /play", a Discord
    command the console does not have."""
    from bot.console import plain
    from bot.service import sealed_how

    for locale in ("en", "it"):
        text = plain(f"**Game**: sealed orders from Germany. {sealed_how(locale)}", locale)
        assert "/play" not in text and text.startswith("Game: sealed orders")


def test_console_challenges_an_event_another_seat_just_entered(db_path):
    """A Distant Plain (issue 33): in the hotseat console, /challenge is the
    out-of-turn challenge of an Event a seat entered; with nothing to
    challenge it says so politely and changes nothing."""
    import asyncio

    from bot.console import CHANNEL, USER
    from bot.service import Service
    from bot.store import Store

    async def prepare():
        store = await Store.open(db_path)
        try:
            svc = Service(store, render_maps=False)
            r = await svc.create(CHANNEL, USER, "main", game="adp", seed=5,
                                 options={"stacked": {"deck": [1, 2, 73, 3]}})
            gid = r.game.id
            for f in ("coalition", "government", "taliban", "warlords"):
                await svc.join(gid, USER, f)
            await svc.start(gid, USER)
            return gid
        finally:
            await store.close()

    asyncio.run(prepare())
    code, out = run(db_path, ["/challenge", "/quit"])
    assert code == 0 and "nothing for you to challenge" in out
    code, out = run(db_path, ["event-shaded", "support", "kabul", "-1", "done", "/challenge", "/quit"])
    assert code == 0
    assert "Any other seat may challenge it with /challenge" in out
    assert "Government challenges Coalition's Event #1 (shaded)." in out
    assert "enter it again, or put it to the game's manager?" in out.split("challenges Coalition's")[-1]
