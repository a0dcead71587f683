import pytest

from bot.service import Service
from bot.store import Store


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(str(tmp_path / "t.sqlite3"))
    yield s
    await s.close()


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "t.sqlite3")


@pytest.fixture
async def svc(store):
    return Service(store, render_maps=False)
