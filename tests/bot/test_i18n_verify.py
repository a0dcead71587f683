"""Catalogs and the fair-shuffle check."""
import engine
from bot.i18n import catalog, render, t
from bot.locales.extract import extract
from bot.verify import deck_order, main as verify_main
from engine.core.messages import Message
from engine.core.rng import seed_hash


def test_english_and_italian_catalogs_cover_every_bot_string():
    keys = set(extract())
    assert keys - set(catalog("en")) == set()
    assert keys - set(catalog("it")) == set()
    # same placeholders in the Italian as in the English
    import string
    fmt = string.Formatter()
    for k in keys:
        en = {f for _, f, _, _ in fmt.parse(catalog("en")[k]) if f}
        it = {f for _, f, _, _ in fmt.parse(catalog("it")[k]) if f}
        assert en == it, k


def test_engine_messages_fall_back_to_english_and_faction_names_localize():
    m = Message("log.pass", {"faction": "ml"}, "{faction} passes.")
    assert render("it", m) == "Lega Musulmana Passa."  # the Gandhi engine catalog (issue 15)
    assert render("en", m) == "Muslim League passes."
    unknown = Message("log.no_such_key", {"faction": "ml"}, "{faction} passes.")
    assert render("it", unknown) == "Lega Musulmana passes."  # no entry anywhere: the engine's English
    assert t("es-ES", "faction.rev") == "Revolucionarios"
    assert t("it", "error.no_such_key", "fallback {x}", x=1) == "fallback 1"


def test_verify_recomputes_the_deck_from_the_seed(capsys):
    s = engine.new_game("gandhi", "short", 5)
    order = deck_order("short", 5)
    assert order[2:] == list(s.deck)
    assert verify_main(["5", "--hash", seed_hash(5), "--deck", ",".join(map(str, order[:6]))]) == 0
    assert verify_main(["5", "--hash", seed_hash(6)]) == 1
    assert verify_main(["6", "--deck", ",".join(map(str, order))]) == 1
