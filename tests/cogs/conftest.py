"""The cog harness fixture: a bot on a fresh store, map pictures faked (the
renderer has its own tests)."""
import pytest
from harness import PNG, Harness

import bot.service.pictures as service_mod  # the rooms call the pictures module
from bot.store import Store


@pytest.fixture
async def h(tmp_path, monkeypatch):
    monkeypatch.setattr(service_mod, "render_map", lambda state, locale="en": PNG)
    monkeypatch.setattr(service_mod, "render_turn_pictures", lambda state, spaces, locale="en": (PNG, PNG))
    store = await Store.open(str(tmp_path / "c.sqlite3"))
    h = await Harness.create(store)
    yield h
    h.close()
    await store.close()
