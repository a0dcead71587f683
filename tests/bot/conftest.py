import itertools

import pytest

from bot.service import Service
from bot.store import Store

BACKENDS = ["sqlite", "postgres"]
_db_numbers = itertools.count(1)


async def _fresh_pg_url(server) -> str:
    """A new, empty, migrated PostgreSQL database: a copy of a template
    migrated once per session (copying is ~10x faster than migrating)."""
    import asyncpg

    admin = await asyncpg.connect(server.url())
    try:
        if not await admin.fetchval("SELECT 1 FROM pg_database WHERE datname='dakbot_template'"):
            await admin.execute("CREATE DATABASE dakbot_template")
            s = await Store.open(server.url("dakbot_template"))
            await s.close()
        name = f"t{next(_db_numbers)}"
        await admin.execute(f"DROP DATABASE IF EXISTS {name}")
        await admin.execute(f"CREATE DATABASE {name} TEMPLATE dakbot_template")
    finally:
        await admin.close()
    return server.url(name)


@pytest.fixture(params=BACKENDS)
async def db_url(request, tmp_path):
    """Where a test's database lives, per backend: an SQLite file path, or the
    URL of a fresh PostgreSQL database (skipped when no server can start)."""
    if request.param == "sqlite":
        return str(tmp_path / "t.sqlite3")
    return await _fresh_pg_url(request.getfixturevalue("pg_server"))


@pytest.fixture
async def store(db_url):
    s = await Store.open(db_url)
    yield s
    await s.close()


@pytest.fixture
def db_path(tmp_path):
    """An SQLite file path (tests that open the file with sqlite3 or the console)."""
    return str(tmp_path / "t.sqlite3")


@pytest.fixture
async def svc(store):
    return Service(store, render_maps=False)
