"""Engine ids in message parameters are shown as names (DESIGN §2: the bot renders messages)."""
from bot import i18n
from engine.core.messages import Message


def test_space_and_piece_ids_render_as_names():
    m = Message("log.x", {"kind": "inc_activist", "space": "bombay_presidency", "faction": "ml"},
                "{faction} moves a {kind} to {space}.")
    text = i18n.render("en", m)
    assert text == "Muslim League moves a Congress Activist to Bombay Presidency."


def test_how_the_game_ended_is_translated():
    from bot.service import Service

    assert Service._how("it", "final") == "miglior margine dopo la Campagna finale"
    assert Service._how("en", "victory_check") == "a victory check at a Campaign round"
    assert Service._how("ja", "final").startswith("最終")
