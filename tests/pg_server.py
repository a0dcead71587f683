"""A throwaway PostgreSQL server for the tests: ``initdb`` into a temporary
folder, ``pg_ctl start`` on a free localhost port, stopped and removed at the
end of the session. Nothing here is needed to run dakbot itself.

The server binaries are looked up on PATH, then in ``/usr/lib/postgresql/*/bin``
(where Debian's ``postgresql`` package puts them; ``.ci/run`` installs it
when neither has them). PostgreSQL refuses to run as root, so as root the
server runs as the user ``nobody`` through ``runuser`` (or ``su``).
:func:`find_server` says why when none can be started; the fixtures then
skip with that reason rather than fail.
"""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field


def find_binaries() -> str | None:
    """The folder holding initdb and pg_ctl, or None."""
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return os.path.dirname(os.path.realpath(on_path))
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):  # newest first
        if os.access(os.path.join(folder, "pg_ctl"), os.X_OK) and os.access(os.path.join(folder, "initdb"), os.X_OK):
            return folder
    return None


def _as_server_user() -> tuple[list[str], str | None]:
    """(command prefix, user) for running the server; as root another user."""
    if os.geteuid() != 0:
        return [], None
    if shutil.which("runuser"):
        return ["runuser", "-u", "nobody", "--"], "nobody"
    if shutil.which("su"):
        return ["su", "-s", "/bin/sh", "nobody", "-c"], "nobody"  # the command then as one string
    return [], None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class PgServer:
    """A running server: ``url(db)`` gives a database's URL (user ``postgres``,
    trust authentication on localhost only)."""

    bindir: str
    folder: str
    port: int
    prefix: list[str] = field(default_factory=list)

    def url(self, db: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{db}"

    def _run(self, *args: str) -> None:
        cmd = [os.path.join(self.bindir, args[0]), *args[1:]]
        if self.prefix[:1] == ["su"]:
            cmd = [*self.prefix, " ".join(_quote(a) for a in cmd)]
        else:
            cmd = [*self.prefix, *cmd]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", os.path.join(self.folder, "data"), "-m", "immediate", "-w", "stop")
        except (subprocess.SubprocessError, OSError):
            pass
        shutil.rmtree(self.folder, ignore_errors=True)


def _quote(a: str) -> str:
    import shlex

    return shlex.quote(a)


def start_server() -> PgServer:
    """Start a server, or raise RuntimeError saying why it cannot be."""
    bindir = find_binaries()
    if bindir is None:
        raise RuntimeError("no PostgreSQL server binaries (initdb, pg_ctl) on PATH or in "
                           "/usr/lib/postgresql/*/bin: install the 'postgresql' package to run these tests")
    prefix, user = _as_server_user()
    if os.geteuid() == 0 and user is None:
        raise RuntimeError("running as root, and neither runuser nor su is there to start PostgreSQL "
                           "(which refuses root) as another user")
    # not under pytest's tmp_path: that is private to root, and the server
    # runs as another user
    folder = tempfile.mkdtemp(prefix="dakbot-pg-")
    os.chmod(folder, 0o755)
    if user:
        shutil.chown(folder, user)
    server = PgServer(bindir, folder, _free_port(), prefix)
    data = os.path.join(folder, "data")
    try:
        server._run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8",
                    "--locale=C")
        # fsync off and a small footprint: a test server, thrown away after
        opts = (f"-p {server.port} -c listen_addresses=127.0.0.1 -k {folder} -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=100")
        server._run("pg_ctl", "-D", data, "-l", os.path.join(folder, "log"), "-w", "-t", "60", "-o", opts, "start")
    except subprocess.CalledProcessError as e:
        log = ""
        with_log = os.path.join(folder, "log")
        if os.path.exists(with_log):
            with open(with_log, encoding="utf-8", errors="replace") as fh:
                log = fh.read()[-800:]
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"PostgreSQL did not start: {e.cmd[-1]!r}: "
                           f"{(e.stderr or b'').decode(errors='replace')[-800:]} {log}") from e
    return server
