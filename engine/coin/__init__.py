"""The GMT COIN family's shared machinery (issue 17): what every COIN game's
rulebook shares, written once. A game supplies its own rules as data and
callbacks through a :class:`~engine.coin.rules.CoinRules` it defines with
:func:`~engine.coin.rules.define`; the steps here are shared (registered for
no one game, engine/core/steps.py) and consult the state's game's rules.

* :mod:`engine.coin.sop` — the card-driven Sequence of Play: 1st and 2nd
  Eligible, the options matrix, Pass, Limited Operations, eligibility
  adjustment, next card, the hand-off to a round card (Campaign, Propaganda).
* :mod:`engine.coin.actions` — the Operation and Special Activity framework.
* :mod:`engine.coin.state` — the per-card turn record.
* :mod:`engine.coin.seats` — who holds which factions with fewer players.
* :mod:`engine.coin.victory` — factions and players ranked by margin, ties
  by the game's order.
* :mod:`engine.coin.common` — choices, messages and log lines.
"""
