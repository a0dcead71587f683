"""Which edition of our A Distant Plain rules code a game is played under
(the scheme of engine/gandhi/ruleset.py).

A stored game and a transcript replay to the same state after an upgrade;
a correction that changes what is asked or what a move does is gated with
:func:`at_least`. New games record :data:`RULESET` in
``state.options["ruleset"]``; a game without the entry began before A
Distant Plain had rulesets and is ruleset 1.

Ruleset history:
  1  (no ``ruleset`` option) the engine of main 0de2f8a.
  2  Issue 33. Propaganda Redeploy: Government Troops already in a
     COIN-Controlled space without a COIN Base may stay (seed L459-460: such
     a space is a legal destination). Transport pays the Warlords 1
     Government Resource for each space entered that holds a Guerrilla, the
     LoCs crossed included (seed L181, as Sweep L149), along the cheapest
     route. Suborn asks how many Active Warlords Guerrillas go Underground
     (seed L99 "qualsiasi o tutti"). Events: "remove" sends Coalition
     pieces to Casualties (seed L43) and "return to Available" is its own
     edit; a Capability / Momentum put in play is logged with its title; the
     resolved Event leaves its before/after summary in ``state.last_event``
     (engine/adp/proposal.py), which the other seats may challenge, and
     logs ``log.event_resolved`` (not "undo by consent").
     (The new edits — Terror, Sabotage, +1 Pop, flips, markers out of play —
     only add choices, so ruleset 1 games offer them too.)
"""
from __future__ import annotations

from typing import Any

RULESET = 2


def ruleset(state: Any) -> int:
    """The ruleset ``state`` is played under (1 when none was recorded)."""
    return int((state.options or {}).get("ruleset", 1))


def at_least(state: Any, n: int) -> bool:
    """True when ``state`` is played under ruleset ``n`` or later."""
    return ruleset(state) >= n
