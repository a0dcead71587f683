"""What a COIN game tells the shared machinery (issue 17): its cards, its
Operations and Events, its Pass rewards and what ends a faction's turn.

A game defines one :class:`CoinRules` subclass and registers an instance with
:func:`define` when its rules module loads; the shared steps
(:mod:`engine.coin.sop`) find it by the state's ``game``. Every method gets
the game's state; ids are the game's own (faction ids, card numbers).
"""
from __future__ import annotations

import abc
from typing import Any, ClassVar

from ..core.messages import Choice, Message
from ..core.steps import Frame

_RULES: dict[str, "CoinRules"] = {}


class CoinRules(abc.ABC):
    """The callbacks of one COIN game. Subclasses set ``game`` and override
    what their rulebook says; the defaults are the plainest COIN reading.
    The four abstract hooks (faction order, final victory, whether an Event
    can be played, the Event's frames) have no common reading: a game that
    lacks one cannot be instantiated."""

    game: ClassVar[str] = ""
    #: the step a round card (Campaign, Propaganda, Coup) pushes when it is current
    round_step: ClassVar[str] = "coin.round"
    #: a round card revealed as the next card is played at once, before the
    #: current card (Gandhi 2.4); False: it is played when it comes up as the
    #: current card, after the card before it (A Distant Plain 6.0)
    round_card_first: ClassVar[bool] = True

    # -- cards ---------------------------------------------------------------
    def is_round_card(self, number: int | None) -> bool:
        """True for a round card (Gandhi's Campaign, another game's Propaganda)."""
        return False

    @abc.abstractmethod
    def faction_order(self, number: int) -> tuple[str, ...]:
        """The faction order printed on Event card ``number`` (2.3.2)."""
        raise NotImplementedError

    def card_title(self, number: int | None) -> str:
        """"#N Title" of card ``number`` ("-" for None), as log lines show it."""
        return "-" if number is None else f"#{number}"

    def faction_name(self, faction: str) -> str:
        """The English name of ``faction`` for fallback texts."""
        return faction

    @abc.abstractmethod
    def end_game(self, state: Any) -> None:
        """The deck ran out with no card current: final victory (sets ``state.result``)."""
        raise NotImplementedError

    def composed(self, prefix: str, text: str, numbers: bool = False, **params: Any) -> Message:
        """A message for an English ``text`` composed from parts (a refusal's
        reason from ``why_not``, an Event's prompt or choice with its
        ``params`` as ``{field}``s), keyed by its wording (issue 15).
        Default: the text as it is; a game may turn its names and numbers
        into parameters (Gandhi: engine/gandhi/wording.py)."""
        from ..core.messages import slug_key

        return Message(slug_key(prefix, text), params, text)

    # -- the map -------------------------------------------------------------
    def space_name(self, sid: str) -> str:
        """The English name of space ``sid``."""
        return sid

    def is_space(self, sid: str) -> bool:
        """Whether ``sid`` is a space of the map."""
        return False

    def space_choice(self, sid: str) -> Choice:
        """The choice of space ``sid`` (message ``space``, the space's name)."""
        return Choice(sid, Message("space", {"space": sid}, self.space_name(sid)))

    # -- actions -------------------------------------------------------------
    def can_do_operation(self, state: Any, faction: str, limited: bool) -> bool:
        """Whether ``faction`` has an Operation it can start now (3.1):
        one of its registered Operations (engine/coin/actions.py) can."""
        from .actions import can_do_operation

        return can_do_operation(state, faction, limited=limited)

    def free_operation(self, state: Any, faction: str) -> bool:
        """Whether ``faction``'s Operations cost it nothing now (e.g. a
        Non-player's, Gandhi 8.6.2). Default: no."""
        return False

    def spaces_together(self, state: Any, ctx: dict[str, Any], op: Any) -> int:
        """How many spaces an Operation whose spaces are independent
        (``Operation.together``) may choose in one answer (issue 14).
        Default 1: one at a time."""
        return 1

    def spaces_as_set(self, state: Any) -> bool:
        """Whether an Operation (or Special Activity) whose spaces are
        independent takes its spaces as one set (issue 14): an answer naming
        spaces, one or several, is the set (3.1: select the spaces, pay,
        resolve); after it the loop offers more spaces only where a Special
        Activity may still come between (3.1.1, 3.1.5, 4.1). Default: no,
        a single space leaves the loop open."""
        return False

    def one_action_choice(self, state: Any) -> bool:
        """Whether the Eligible faction's choice and "which Operation" are one
        decision (issue 14: "Rally", "Rally (Limited)", "Event (unshaded)",
        "Pass"), a full Operation then with its Special Activity optional
        (2.3.4). Default: no, two decisions."""
        return False

    def sa_in_loop_only(self, state: Any) -> bool:
        """Whether a Special Activity is offered only beside the Operation's
        spaces, so that one "done" closes the Operation (issue 14), not also
        in a question after it (``op.sa_offer``). Default: no."""
        return False

    def sa_after_end(self, state: Any) -> bool:
        """Where one "done" closes an Operation (:meth:`sa_in_loop_only`),
        whether its loop also offers "End the Operation, then a Special
        Activity": the Operation closes (its end applied) and a Special
        Activity follows immediately after it (4.1). Default: no."""
        return False

    def opened_by_sa(self, state: Any, op: Any, ctx: dict[str, Any]) -> bool:
        """Whether Operation ``op``, without a space now, may still be chosen
        (and may not end yet) because a Special Activity paired with it
        would open one (3.1.5: spaces judged when chosen). Default: no."""
        return False

    def may_end_without_space(self, state: Any, ctx: dict[str, Any]) -> bool:
        """Whether the Operation in ``ctx`` may end before a space was chosen
        even while one could be (a game's older ruleset). Default: no."""
        return False

    @abc.abstractmethod
    def event_playable(self, state: Any, number: int | None, side: str, faction: str) -> bool:
        """Whether the ``side`` ("unshaded"/"shaded") Event of ``number`` can be played."""
        raise NotImplementedError

    @abc.abstractmethod
    def push_event(self, state: Any, number: int, side: str, faction: str) -> None:
        """Push the frames that carry out the Event (5.0)."""
        raise NotImplementedError

    def begin_operation(self, state: Any, faction: str, kind: str, sop_role: str, op: str | None = None) -> None:
        """Start an Operation: ``kind`` "op", "op+sa" or "limited" (3.0, 4.0),
        through the shared steps (engine/coin/actions.py); ``op`` names the
        Operation when it was chosen with the action (:meth:`one_action_choice`)."""
        from .actions import begin_operation

        begin_operation(state, faction, kind, sop_role=sop_role, op=op)

    # -- turn ends -----------------------------------------------------------
    def pass_reward(self, state: Any, faction: str) -> list[Frame]:
        """Pay ``faction``'s Pass reward (2.3.3); return the frames of any
        decision it brings (run before the card goes on)."""
        return []

    def after_action(self, state: Any, faction: str) -> list[Frame]:
        """Frames to run when ``faction``'s Operation or Event is over, before
        the card goes on (e.g. effects triggered during the turn)."""
        return []


def define(rules: CoinRules) -> CoinRules:
    """Register ``rules`` for its ``game``; returns it. Raises ValueError
    without a game id."""
    if not rules.game:
        raise ValueError(f"{type(rules).__name__} has no game id")
    _RULES[rules.game] = rules
    return rules


def rules_for(game: str) -> CoinRules:
    """The COIN rules of ``game``. Raises KeyError for a game that defined none."""
    return _RULES[game]


def rules_of(state: Any) -> CoinRules:
    """The COIN rules of the state's game. Raises KeyError for a game that
    defined none."""
    return _RULES[state.game]
