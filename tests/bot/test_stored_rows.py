"""What the stored rows say (issue 37 item 6): a seat change's action row
carries the move counter it gave the game, and a text holding a NUL
character (which PostgreSQL cannot store) is refused or cleaned politely, the
same on both backends, never a raw driver error."""
import pytest

from bot.service import BadInput, NotFound, Service
from bot.store import UnstorableText

from svc_helpers import started



async def test_seat_changes_record_the_version_they_give_the_game(store):
    svc = Service(store, render_maps=False)
    r = await svc.create("c1", "u1", "short", seats=4, seed=3)
    gid = r.game.id
    await svc.join(gid, "u1", "raj")
    await svc.join(gid, "u2", "inc")
    await svc.leave(gid, "u2")
    for f, u in (("inc", "u2"), ("ml", "u3"), ("rev", "u4")):
        await svc.join(gid, u, f)
    await svc.start(gid, "u1")
    await svc.replace(gid, "u1", "inc", "u5")
    await svc.resign(gid, "u3")
    await svc.join(gid, "u6", "ml")
    await svc.set_bot(gid, "u4", "rev")
    versions = [a["version"] for a in await store.actions(gid, 100)]
    kinds = [a["kind"] for a in await store.actions(gid, 100)]
    assert {"join", "leave", "replace", "resign"} <= set(kinds)
    assert versions == sorted(versions)  # the transcript of actions in the game's own order
    for a in await store.actions(gid, 100):
        assert a["kind"] == "create" or a["version"] > 0, a
    assert versions[-1] == (await svc.game(gid)).version
    assert len(set(versions[1:])) == len(versions) - 1  # one version per change: each its own


async def test_a_nul_character_is_refused_or_cleaned_politely_on_both_backends(store):
    svc = Service(store, render_maps=False)
    r = await svc.create("c1", "u1", "short", name="My\x00 game\x07", seats=4, seed=3)
    assert r.game.name == "My game"  # a control character in a name is dropped
    gid = r.game.id
    for call in (lambda: svc.join(gid, "u\x002"), lambda: svc.create("c\x002", "u1", "short"),
                 lambda: svc.create("c2", "u\x001", "short")):
        with pytest.raises(BadInput) as e:
            await call()
        assert "character" in e.value.text("en")
    with pytest.raises(NotFound):  # no game is in a channel no database can name
        await svc.game_in("c\x001")
    g = await svc.game(gid)
    assert (g.version, g.seats) == (0, {})  # nothing changed
    # under the service, the store itself refuses it the same way on both backends
    with pytest.raises(UnstorableText):
        await store.set_draft(gid, "u\x00", 0, ["x"])
    with pytest.raises(UnstorableText):
        await store.get_draft(gid, "u\x00")
    with pytest.raises(UnstorableText):
        await store.save_state(gid, 0, '{"a": "\x00"}')
    assert (await store.get_game(gid)).version == 0


async def test_a_game_with_a_move_survives_a_nul_refusal(store):
    svc = Service(store, render_maps=False)
    r = await started(svc, seed=5)
    p = await svc.prompt(r.game.id)
    with pytest.raises(BadInput):
        await svc.submit(r.game.id, r.game.seats[p.actor], [p.choices[0][0] + "\x00"], p.version)
    res = await svc.submit(r.game.id, r.game.seats[p.actor], [p.choices[0][0]], p.version)
    assert res.game.version == p.version + 1
