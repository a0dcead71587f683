"""Lines typed at a terminal, read so that the first Ctrl-C always ends the wait.

A blocking ``readline`` misses a Ctrl-C that lands in the few microseconds
between Python's last look at its signals and the read itself: the signal's
handler only marks it, and the read then waits for the next line (seen as a
console that needs a second Ctrl-C, more often on a busy machine). Here the
wait is a ``select`` on the terminal and on a pipe that every signal writes a
byte to (``signal.set_wakeup_fd``): whichever comes first, the wait returns,
and Python raises the KeyboardInterrupt as soon as it is back in Python code.
"""
from __future__ import annotations

import os
import select
import signal
import threading
from typing import IO


class TerminalLines:
    """``readline()`` over the terminal ``fd`` (bytes decoded as ``encoding``).
    Use :meth:`open`, which answers None where this does not apply; close
    with :meth:`close` (restores the previous wakeup fd)."""

    def __init__(self, fd: int, encoding: str):
        self.fd, self.encoding, self.pending = fd, encoding, b""
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_r, False)
        os.set_blocking(self.wake_w, False)
        self.previous = signal.set_wakeup_fd(self.wake_w)

    @classmethod
    def open(cls, stream: IO[str]) -> "TerminalLines | None":
        """For ``stream`` when it is a terminal read on the main thread (where
        signals are handled) of a POSIX system (``select`` on a terminal),
        else None: a pipe or a file keeps its own ``readline`` (its lines may
        already sit in its buffer), and so does a Windows console."""
        if os.name != "posix":
            return None
        try:
            fd = stream.fileno()
        except (AttributeError, OSError, ValueError):  # e.g. io.StringIO
            return None
        if not os.isatty(fd) or threading.current_thread() is not threading.main_thread():
            return None
        return cls(fd, getattr(stream, "encoding", None) or "utf-8")

    def readline(self) -> str:
        """The next line with its newline; "" at the end of input."""
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.fd, self.wake_r], [], [])
            if self.wake_r in ready:
                while True:  # a signal came (its handler runs once we are back in Python)
                    try:
                        if not os.read(self.wake_r, 512):
                            break
                    except BlockingIOError:
                        break
            if self.fd in ready:
                chunk = os.read(self.fd, 4096)
                if not chunk:
                    break
                self.pending += chunk
        line, sep, self.pending = self.pending.partition(b"\n")
        return (line + sep).decode(self.encoding, "replace")

    def close(self) -> None:
        signal.set_wakeup_fd(self.previous)
        os.close(self.wake_r)
        os.close(self.wake_w)
