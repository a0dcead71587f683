"""Engine ids in message parameters are shown as names (DESIGN §2: the bot renders messages)."""
from bot import i18n
from engine.core.messages import Message


def test_space_and_piece_ids_render_as_names():
    m = Message("log.x", {"kind": "inc_activist", "space": "bombay_presidency", "faction": "ml"},
                "{faction} moves a {kind} to {space}.")
    text = i18n.render("en", m)
    assert text == "Muslim League moves a Congress Activist to Bombay Presidency."
