"""Which edition of our rules code a game is played under.

A running game and a transcript must replay to the same state after an
upgrade, but corrections to the rules change what is asked or allowed (issue
12: Attack removes "up to" two pieces, Assault uses every cube, an Operation
needs a space). Each game records the ruleset it began under in
``state.options["ruleset"]``: new games get :data:`RULESET`; games stored and
transcripts written before rulesets existed have none and are ruleset 1, so
they continue exactly as they began. A correction that would change an old
game's replay checks :func:`at_least` instead of changing silently.

Ruleset history:
  1  (no ``ruleset`` option) the engine before the audit corrections.
  2  Attack "up to" two removals (1.4.4, 3.4.3); Assault with every cube,
     no cube-count question (3.2.4 example); an Operation needs a space
     (2.3.4); Operations draw Protests from the highest Available box (1.10);
     Events: Gandhi never removed (1.4.5), Protests on Railways (1.10),
     already-Active Guerrillas count as Activated (1.4.3), a Strike is not an
     Unrest marker (R-UNREST), Unity +1 for the other faction's Activists
     from Out of Play (3.3.1), "Province" excludes Muslim States, replacement
     types that are Available first (R-REPLACE), #16u, #23s (the Attack of
     3.4.3), #36s and #54u as read in docs/rulings/events_*.md.
  3  Solitaire victory (8.10): with one human faction and three bots, the
     player's own pass at a Victory check does not end the game; the final
     result carries the 8.10 grade and outcome.
  4  A turn in a few taps (issue 14): a decision whose rule offers one
     choice is applied by the engine and logged (``log.only_choice``), not
     asked; a loop left with "done" alone closes itself.
  5  Non-player rules the engine applies (issue 13): the NP Raj and
     Revolutionaries neither pay nor gain Resources (8.1, reading R-8.1);
     the NP Congress places a Protest at the end of the Reset (8.9.4).
     A turn in fewer taps (issue 14, 14b): the Eligible faction's action
     and its Operation are one choice ("Rally", "Rally (Limited)", "Event
     (unshaded)", "Pass"; a full Operation's Special Activity optional,
     2.3.4); one "done" closes an Operation and its Special Activity (no
     question after it, 4.1); counts for March, Civil Disobedience onto
     Railways and Event piece loops; Demonstrate's Protest with its last move.
     Issue 14a, the Raj and the Campaign: the cubes going into one space
     (Deploy, Garrison, Sweep, Wavell's Sweep, Deploy's Out of Play cubes,
     Treaty's Sepoys) and a Redeploy's pieces leaving one space are one
     answer, how many from where (``"troop:delhi*3+sepoy:agra"``); the
     Raj's removals are counts in the order they go ("inc*2+ml+gandhi");
     Sweep and Garrison destinations may be chosen several at once; Lord
     Wavell's Sweep is part of the Assault space ("<space>:wavell").
  6  A turn in a few taps (issue 14). The Campaign: a Redeploy asks once
     for the spaces pieces leave (several at once, in order; spaces whose
     pieces must leave the Railways are visited anyway), then one answer
     per space (how many of which piece to where), and ends; Imperialism
     is one answer, the purchases in each space as a count
     ("bihar*3+delhi"); Constructive Programme one answer per faction,
     the levels as a count ("punjab*2+bihar"); the Activists released by
     Imperialism one answer (the mix); the Crisis's cubes from Out of
     Play as counts; the League's and the Revolutionaries' Rally placement
     chosen with the space ("<space>:base").
     Operations and Special Activities: the spaces of
     an Operation or Special Activity without interaction between them
     (Deploy, Assault, Sweep and Garrison destinations; Rally, Civil
     Disobedience, Non-cooperation; the Revolutionaries' Rally, Attack,
     Riot and March origins; Govern, Martial Law, Persuade, Aid) are one
     set chosen in one answer, one space or several (3.1, 4.1.1): the set
     closes the loop, which comes back only while a Special Activity may
     still come between (3.1.1, 3.1.5) and, after it, for the Operation's
     further spaces; a one-space Special Activity ends with its space; a
     set the Resources or the space limit cannot take whole is refused
     whole (3.1, 3.3). Demonstrate's Activists into a destination are one
     answer, the Protest asked after them (3.3.2); its destinations stay
     one at a time (3.1.2). A Special Activity may follow the Operation's
     end (4.1: "immediately after"): beside "done", where a Special
     Activity may still be made, "End the Operation, then a Special
     Activity" closes the Operation (its end applied: 3.3.4's Restraint -1,
     so 3.1.5 example 2's Crisis Infiltrate) and offers the Special
     Activities that can start then (none: the action ends). The cubes
     moving into all the destinations of a Sweep or Garrison set are one
     answer after the set ("troop:delhi>agra*2+sepoy:agra>bihar": how many
     of which kind from where to where), the Sepoys per destination still
     chosen with the space ("<space>:sepoy").
  7  The third pass (issue 32). Congress Demonstrate's one answer for the
     moves into a destination offers the Muslim League Activists along
     ("bihar*2+ml:bihar", 3.3.2; ruleset 6 never offered them). The
     voluntary removal of 1.4.1 inside an Event: at a piece loop placing
     the faction's own pieces, offered for those kinds even while some are
     Available, and a loop with none left to place asks (take some back,
     or place no more) instead of closing by itself. A Sweep set's
     destinations are activated right after the cubes' answer, before a
     Special Activity may come between spaces (3.2.3, R-3.2.3-activate).
     An Operation without a space now is offered (as a full Operation)
     when a Special Activity paired with it would open one (3.1.5, the
     4.4.3 example; engine/gandhi/actions.py ``opened_by_sa``), and its
     loop does not end without a space while that Special Activity may
     still come.
Rules that only add an option (the side actions of 1.5.2 and 1.4.1) need no
ruleset: an old game never chose them and replays the same.
"""
from __future__ import annotations

from typing import Any

RULESET = 7


def ruleset(state: Any) -> int:
    """The ruleset ``state`` is played under (1 when none was recorded)."""
    return int((state.options or {}).get("ruleset", 1))


def at_least(state: Any, n: int) -> bool:
    """True when ``state`` is played under ruleset ``n`` or later."""
    return ruleset(state) >= n
