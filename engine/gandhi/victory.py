"""Victory (1.5, 7.1-7.3): the check at the start of each Campaign round and
the final margins after the last Campaign.

Margins (7.3) are total minus threshold (derived.victory_margins): positive
once a faction exceeds its threshold. Ties (7.1) go to the Muslim League over
Congress, then to the Revolutionaries; the Raj, not named in the tie rule,
ranks last among equals (docs/rulings.md R-7.1).

Seats (1.5): ``state.options["seats"]`` may map factions to players
(``{"raj": "u1", "rev": "u1", "inc": "u2", "ml": "u3"}``). A player holding
two factions uses the lower margin of the two and passes a victory check only
if both factions pass. Without seats every faction is its own player.

Non-player factions (7.1): if a faction played by a bot (``state.players[f] ==
"bot"``) passes a victory check, all players lose equally
(``result["players_lose"] = True``).

``state.result`` (exported as ``export_state(...)["result"]``)::

    {"winner": "ml",                 # best faction of the winning player
     "winners": ["ml"],              # every faction of the winning player
     "how": "victory_check" | "final",
     "margins": {"raj": -3, "inc": 2, "ml": 4, "rev": -1},
     "ranking": [{"faction": "ml", "rank": 1, "margin": 4}, ...],   # factions
     "players": [{"player": "u1", "factions": [...], "margin": m, "rank": 1}, ...],
     "players_lose": False,
     "solo": {...}}                  # only in a solitaire game (8.10), below

Solitaire (8.10, ruleset 3): one faction played by a person, three by bots
(``state.players``; :func:`solo_faction`). The player never wins before the
final Campaign round: the player's own pass at a Victory check does not end
the game; a Non-player passing does, as the player's loss (7.1). After the
final Campaign the player wins only with the highest margin (ties by 7.1),
graded by its margin minus the best Non-player margin; otherwise the
Non-player with the highest margin wins. ``result["solo"]``::

    {"player": "inc", "won": True, "difference": 7,   # None when the NP won
     "grade": "decisive",          # "costly" (up to 5) | "decisive" (6+) | None
     "outcome": "hind_swaraj"}     # a key of OUTCOMES (the text's titles)
"""
from __future__ import annotations

from typing import Any

from ..coin import victory as coin_victory
from . import derived as dv
from .common import log
from .ruleset import at_least
from .state import FACTIONS, GandhiState

#: 7.1: who wins a tie of margins (the Raj, not named, last: ruling R-7.1).
TIE_ORDER = ("ml", "inc", "rev", "raj")


def ranking(margins: dict[str, int]) -> list[str]:
    """Factions best margin first; ties broken by 7.1 (ML, Congress, Revolutionaries, Raj)."""
    return coin_victory.ranking(margins, TIE_ORDER)


def winners_at_check(state: GandhiState) -> list[str]:
    """Factions whose victory total exceeds the threshold (7.2)."""
    m = dv.victory_margins(state)
    return [f for f in m if m[f] > 0]


#: 1.5: the factions one player holds when a game has 2 or 3 players and the
#: seats are given as a number (as the service stores them): with 2 players
#: one holds Congress and the Muslim League, the other the Raj and the
#: Revolutionaries; with 3 players one holds Congress and the Muslim League.
STANDARD_SEATS: dict[int, dict[str, str]] = {
    2: {"raj": "raj+rev", "rev": "raj+rev", "inc": "inc+ml", "ml": "inc+ml"},
    3: {"inc": "inc+ml", "ml": "inc+ml"},
}


def seat_groups(state: GandhiState) -> dict[str, list[str]]:
    """Player id -> the factions that player holds (1.5), in FACTIONS order.

    ``options["seats"]`` is either a dict faction -> player id, or the number
    of players (an int, as ``bot/service.py`` stores it): 2 or 3 give the
    standard groups of 1.5 (:data:`STANDARD_SEATS`, players named
    "inc+ml" / "raj+rev"); 1 or 4 (a hotseat, or one faction each) leave every
    faction its own player. Without seats every faction is its own player
    (named by the faction id); so is a faction missing from a dict."""
    return coin_victory.groups_of((state.options or {}).get("seats"), FACTIONS, STANDARD_SEATS)


def player_ranking(state: GandhiState, margins: dict[str, int]) -> list[tuple[str, list[str]]]:
    """Players best first (1.5, 7.1)."""
    return coin_victory.player_ranking(seat_groups(state), margins, TIE_ORDER)


def passing_players(state: GandhiState, margins: dict[str, int] | None = None) -> list[str]:
    """Players every one of whose factions exceeds its threshold (1.5, 7.2)."""
    m = margins if margins is not None else dv.victory_margins(state)
    return coin_victory.passing_players(seat_groups(state), m)


#: 8.10: the outcome titles. A Non-player's win, by faction; the player's
#: win by 1-5 ("costly"), and by 6 or more ("decisive"), by the player's faction.
NP_OUTCOMES = {"rev": "indian_civil_war", "ml": "independent_pakistan", "inc": "united_free_india",
               "raj": "india_in_commonwealth"}
DECISIVE_OUTCOMES = {"rev": "azad_hind", "inc": "hind_swaraj", "ml": "pakistan_zindabad", "raj": "god_save_the_king"}
COSTLY_OUTCOME = "costly_independence"
DECISIVE_FROM = 6  # 8.10: "6 o più"


def solo_faction(state: GandhiState) -> str | None:
    """The player's faction in a solitaire game (8.10): exactly one faction
    not played by a bot and three that are; None otherwise (and in games
    begun before ruleset 3, which keep the victory rules they began with)."""
    if not at_least(state, 3):
        return None
    humans = [f for f in FACTIONS if state.players.get(f) != "bot"]
    bots = [f for f in FACTIONS if state.players.get(f) == "bot"]
    return humans[0] if len(humans) == 1 and len(bots) == 3 else None


def solo_result(state: GandhiState, margins: dict[str, int], how: str) -> dict[str, Any] | None:
    """8.10: the solitaire outcome (module doc), or None if not a solo game."""
    player = solo_faction(state)
    if player is None:
        return None
    order = ranking(margins)
    if how == "final" and order[0] == player:
        best_np = max(margins[f] for f in FACTIONS if f != player)
        diff = margins[player] - best_np
        # Reading R-8.10-tie: a player ahead by 7.1's tie order (difference 0)
        # wins at the lowest grade ("Da 1 a 5").
        grade = "decisive" if diff >= DECISIVE_FROM else "costly"
        outcome = DECISIVE_OUTCOMES[player] if grade == "decisive" else COSTLY_OUTCOME
        return {"player": player, "won": True, "difference": diff, "grade": grade, "outcome": outcome}
    if how == "victory_check":
        np_order = [f for f in order if f != player and margins[f] > 0]
    else:
        np_order = [f for f in order if f != player]
    winner = np_order[0]
    return {"player": player, "won": False, "difference": None, "grade": None, "winner": winner,
            "outcome": NP_OUTCOMES[winner]}


def victory_check_passed(state: GandhiState) -> bool:
    """Victory phase (6.1, 7.2): does the game end now? True if a player
    passes (both factions for a two-faction player, 1.5) or a non-player
    faction passes (7.1). In a solitaire game only a Non-player's pass ends
    it: the player never wins before the final Campaign round (8.10)."""
    m = dv.victory_margins(state)
    if solo_faction(state) is not None:
        return any(m[f] > 0 and state.players.get(f) == "bot" for f in FACTIONS)
    if passing_players(state, m):
        return True
    return any(m[f] > 0 and state.players.get(f) == "bot" for f in FACTIONS)


def end_game(state: GandhiState, how: str) -> None:
    """End the game and set ``state.result`` (module doc). ``how`` is
    "victory_check" (6.1, 7.2) or "final" (6.3.5, 7.3)."""
    margins = dv.victory_margins(state)
    order = ranking(margins)
    players = player_ranking(state, margins)
    players_lose = False
    if how == "victory_check":
        np_pass = [f for f in order if margins[f] > 0 and state.players.get(f) == "bot"]
        if np_pass:  # 7.1: a Non-player faction passed: all players lose equally
            players_lose = True
            winners = [np_pass[0]]
        else:
            passing = set(passing_players(state, margins))
            best = next(fs for p, fs in players if p in passing)
            winners = list(best)
    else:
        winners = list(players[0][1])
    solo = solo_result(state, margins, how)
    if solo is not None:
        winners = [solo["player"] if solo["won"] else solo["winner"]]
        players_lose = not solo["won"]
    winner = min(winners, key=order.index)
    result: dict[str, Any] = {
        "winner": winner,
        "winners": sorted(winners, key=order.index),
        "how": how,
        "margins": margins,
        "ranking": coin_victory.ranking_rows(margins, order),
        "players_lose": players_lose,
    }
    if solo is not None:
        result["solo"] = solo
    if any(len(fs) > 1 for _, fs in players) or isinstance((state.options or {}).get("seats"), dict):
        result["players"] = coin_victory.player_rows(margins, players)
    state.result = result
    log(state, "log.game_over", "The game is over: {winner} wins ({how}).", winner=winner, how=how,
        margins=margins)


def end_game_final(state: GandhiState) -> None:
    """After the final Campaign (2.4.1, 6.3.5, 7.3): best margin wins."""
    end_game(state, "final")
