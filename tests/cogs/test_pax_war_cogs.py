"""Pax Britannica at war through Discord's real dispatch (issue 35): four
players; France holds a Casus Belli against Germany and declares war in the
War phase (L557, L569), Austria-Hungary comes to Germany's side (L569,
L700), the war is fought over two War Sequences (France marches into Guinea,
L599-603) and ended by negotiation (L684), each seat seeing only what it may:
the neutral USA is asked nothing, France's moves stay hidden from Germany
until France is done, and every prompt on the way is a view Discord takes."""
import json

import engine
from engine.pax import board as b
from harness import channel_posts, components, responses
from test_pax_cogs import discord_views_of, to_negotiation, write

U4 = {"great_britain": 61, "germany": 62, "france": 63, "usa": 64}


async def _store(h, g, state):
    """Write ``state`` into the stored game, as a Movement would have left it."""
    blob, rows = engine.split_log(state)
    assert not rows
    async with h.bot.store._conn() as c:
        await c.execute("UPDATE games SET state=? WHERE id=?", blob, g.id)


async def _state(svc, g):
    g = await svc.game(g.id)
    return g, svc.state_of(g)


async def _france_declares(h, setup=lambda state: None):
    """Negotiation and the Congress pass; France, holding a Casus Belli against
    Germany's new Protectorate in Guinea (L561), declares war in the War phase
    (L557, L569). ``setup`` changes the stored game first. Returns (game,
    state, the posts, European Tension before the war)."""
    g, _ = await to_negotiation(h, U4)
    svc = h.bot.service
    state = svc.state_of(g)
    # Germany's new Protectorate in Guinea, held by a (1) army and supplied by its
    # North Atlantic merchant fleet (L674); France's Casus Belli there (L561)
    state.areas["guinea"].statuses.clear()
    b.set_status(state, "guinea", "germany", "protectorate", new=False)
    b.add_unit(state, "germany", "guinea", "army-1")
    state.casus_belli.append({"holder": "france", "against": "germany", "area": "guinea",
                              "why": "control_placed", "turn": state.turn})
    setup(state)
    await _store(h, g, state)
    et0, posts = state.et, []
    for uid in U4.values():  # nothing negotiated
        posts += channel_posts(await write(h, U4[next(f for f, u in U4.items() if u == uid)], ["done"],
                                           confirm=False))
    g, state = await _state(svc, g)
    assert state.stack[-1]["step"] == "pax.congress_call"
    posts += channel_posts(await write(h, U4["france"], ["pass"], confirm=False))  # no Congress (L465)

    # the War phase: only the holder of the Casus Belli may declare (L557)
    g, state = await _state(svc, g)
    assert state.stack[-1]["step"] == "pax.war_declare"
    assert [d.actor for d in engine.decisions(state)] == ["france"]
    assert not discord_views_of(svc, g, state)
    posts += channel_posts(await write(h, U4["france"], ["declare:germany"], confirm=False))
    g, state = await _state(svc, g)
    [war] = state.wars
    assert war.sides == [["france"], ["germany", "austria_hungary"]]  # the defensive alliance (L569)
    assert state.casus_belli == []  # removed once the War Sequence begins (L561)
    return g, state, posts, et0


async def test_four_players_declare_fight_two_sequences_and_make_peace(h):
    svc = h.bot.service
    g, state, posts, et0 = await _france_declares(h)
    [war] = state.wars

    # as the war begins the neutrals with Controls are asked, sealed, whether they give
    # Rights of Call (L618) and deny the canals they hold (L694); here they do neither
    seen = set()
    while state.stack[-1]["step"] in ("pax.war_permit", "pax.war_canal"):
        seen.add(state.stack[-1]["step"])
        asked = {d.actor for d in engine.decisions(state)}
        assert asked and asked <= {"great_britain", "usa"}  # never a belligerent
        assert not discord_views_of(svc, g, state)
        for seat in sorted(asked):
            no = "none" if state.stack[-1]["step"] == "pax.war_permit" else "open"
            posts += channel_posts(await write(h, U4[seat], [no], confirm=False))
        g, state = await _state(svc, g)
    assert "pax.war_permit" in seen and state.wars[0].permits == {}

    # sequence 1: France marches into Guinea; Germany cannot see it before France is done
    first = war.sides[war.first][0]
    order = ["france", "germany"] if first == "france" else ["germany", "france"]
    for seat in order:
        g, state = await _state(svc, g)
        assert state.stack[-1]["step"] == "pax.war_moves"
        assert {d.actor for d in engine.decisions(state)} == {seat}
        r = await h.slash(U4["usa"], "play")  # the neutral is asked nothing
        assert not [c for c in components(responses(r)[-1]) if c["custom_id"].startswith(("dk:c:", "dk:s:"))]
        assert not discord_views_of(svc, g, state)
        if seat == "france":
            r = await write(h, U4["france"], ["france|senegambia|army-1", "guinea"], confirm=False)
            assert not channel_posts(r)  # written, not posted
            g, state = await _state(svc, g)
            assert "senegambia|army-1" not in json.dumps(engine.view(state, "germany"))
            assert b.units_at(state, "france", "guinea") == {}  # not carried out before France is done
        posts += channel_posts(await write(h, U4[seat], ["done"], confirm=False))
        g, state = await _state(svc, g)
        assert state.stack[-1]["step"] == "pax.war_attack_choice"
        assert not discord_views_of(svc, g, state)
        posts += channel_posts(await write(h, U4[seat], ["done"], confirm=False))  # no attack
    g, state = await _state(svc, g)
    assert b.units_at(state, "france", "guinea") == {"army-1": 1}
    assert state.stack[-1]["step"] == "pax.war_peace"
    assert {d.actor for d in engine.decisions(state)} == {"france", "germany"}  # Germany speaks for Austria
    assert not discord_views_of(svc, g, state)
    for seat in ("france", "germany"):
        posts += channel_posts(await write(h, U4[seat], ["fight_on"], confirm=False))

    # sequence 2: nobody moves or attacks; both offer peace (L684)
    for _ in range(4):
        g, state = await _state(svc, g)
        if state.stack[-1]["step"] == "pax.war_peace":
            break
        [d] = engine.decisions(state)
        posts += channel_posts(await write(h, U4[d.actor], ["done"], confirm=False))
    g, state = await _state(svc, g)
    assert state.stack[-1]["step"] == "pax.war_peace" and state.wars[0].sequence == 2
    for seat in ("france", "germany"):
        posts += channel_posts(await write(h, U4[seat], ["offer_peace"], confirm=False))
    g, state = await _state(svc, g)
    assert state.stack[-1]["step"] == "pax.war_treaty"  # L684: the peace treaty; neither writes one
    for seat in ("france", "germany"):
        posts += channel_posts(await write(h, U4[seat], ["done"], confirm=False))
    g, state = await _state(svc, g)
    war = state.wars[0]
    assert war.over == "peace" and state.at_war() == []
    assert b.units_at(state, "france", "guinea") == {}  # units where their power holds nothing go home (L684)
    assert state.et == et0 + 5 + 2 + 2  # the declaration, two War Sequences (L692)
    text = "\n".join(p["payload"].get("content") or "" for p in posts)
    assert "France declares war on Germany" in text
    assert "War 1 is over." in text


async def test_a_neutral_denies_suez_to_one_alliance_and_is_declared_war_on_at_once(h):
    """L694-696 through Discord: neutral Great Britain, holding Egypt, gives no
    Rights of Call (L618) and denies the Suez Canal to Germany's alliance
    only; Germany, now holding a Casus Belli against it, declares war at
    once, and Great Britain joins France's alliance."""
    def egypt_british(state):
        state.areas["egypt"].statuses.clear()
        b.set_status(state, "egypt", "great_britain", "protectorate", new=False)

    svc = h.bot.service
    g, state, posts, _ = await _france_declares(h, egypt_british)
    while state.stack[-1]["step"] == "pax.war_permit":
        for seat in sorted({d.actor for d in engine.decisions(state)}):
            posts += channel_posts(await write(h, U4[seat], ["none"], confirm=False))
        g, state = await _state(svc, g)
    assert state.stack[-1]["step"] == "pax.war_canal" and state.stack[-1]["via"] == "suez"
    [d] = engine.decisions(state)
    assert d.actor == "great_britain" and d.ids() == ["open", "deny:0", "deny:1", "deny:all"]
    posts += channel_posts(await write(h, U4["great_britain"], ["deny:1"], confirm=False))
    g, state = await _state(svc, g)
    assert state.stack[-1]["step"] == "pax.war_declare"
    [d] = engine.decisions(state)
    assert d.actor == "germany" and d.ids() == ["peace", "declare:great_britain"]
    posts += channel_posts(await write(h, U4["germany"], ["declare:great_britain"], confirm=False))
    g, state = await _state(svc, g)
    assert state.wars[0].sides == [["france", "great_britain"], ["germany", "austria_hungary"]]
    text = "\n".join(p["payload"].get("content") or "" for p in posts)
    assert "Great Britain denies the Suez Canal to Germany's alliance." in text
    assert "Germany declares war on Great Britain" in text
