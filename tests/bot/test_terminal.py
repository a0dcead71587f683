"""Lines typed at the console's terminal (bot/terminal.py): a Ctrl-C ends the
wait, typed lines come whole and decoded."""
import io
import os
import pty
import signal
import threading

import pytest

from bot.terminal import TerminalLines


@pytest.fixture
def terminal():
    leader, follower = pty.openpty()
    lines = TerminalLines(follower, "utf-8")
    yield leader, lines
    lines.close()
    os.close(leader)
    os.close(follower)


def test_lines_come_whole_in_order_and_decoded(terminal):
    leader, lines = terminal
    os.write(leader, "Città del".encode())
    os.write(leader, " Capo\nsecond\n".encode())
    assert lines.readline() == "Città del Capo\n"
    assert lines.readline() == "second\n"


@pytest.fixture
def ctrl_c_raises():
    """Ctrl-C raises KeyboardInterrupt during the test even where the suite
    runs with SIGINT ignored (``nohup … &``: Python then keeps SIG_IGN, the
    signal never arrives and the wait would never end)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_a_ctrl_c_during_the_wait_ends_it(terminal, ctrl_c_raises):
    _leader, lines = terminal
    timer = threading.Timer(0.2, signal.pthread_kill, (threading.main_thread().ident, signal.SIGINT))
    try:
        with pytest.raises(KeyboardInterrupt):  # (started inside: however late the signal, it is caught here)
            timer.start()
            lines.readline()
    finally:
        timer.cancel()


def test_the_previous_wakeup_fd_is_restored():
    before = signal.set_wakeup_fd(-1)
    leader, follower = pty.openpty()
    try:
        lines = TerminalLines(follower, "utf-8")
        assert signal.set_wakeup_fd(lines.wake_w) == lines.wake_w
        lines.close()
        assert signal.set_wakeup_fd(-1) == -1
    finally:
        signal.set_wakeup_fd(before)
        os.close(leader)
        os.close(follower)


def test_a_pipe_or_a_string_keeps_its_own_readline():
    r, w = os.pipe()
    try:
        with os.fdopen(r, closefd=False) as f:
            assert TerminalLines.open(f) is None
    finally:
        os.close(r)
        os.close(w)
    assert TerminalLines.open(io.StringIO("x\n")) is None
