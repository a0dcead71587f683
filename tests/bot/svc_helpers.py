"""Helpers for the service tests."""


async def started(svc, seats=4, users=("u1", "u2", "u3", "u4"), scenario="short", seed=11, channel="c1",
                  bots=None, options=None):
    """A started game: users join in seat order."""
    r = await svc.create(channel, users[0], scenario, seats=seats, seed=seed, bots=bots, options=options)
    gid = r.game.id
    import engine
    groups = [g for g in engine.game_spec(r.game.game).groups(seats) if not (bots and g[0] in bots)]
    for grp, u in zip(groups, users):
        await svc.join(gid, u, grp[0])
    return await svc.start(gid, users[0])


async def sql(store, query: str, *params):
    """Run one statement on either backend (``?`` placeholders), as a test
    that tampers with the database needs."""
    async with store._conn() as c:
        return await c.execute(query, *params)
