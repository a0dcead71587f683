"""dakbot's rules engines. Pure Python, no I/O, deterministic (DESIGN §1-2).

The protocol::

    engine.games()                      # ["gandhi", ...]: the registered game ids
    state = engine.new_game("gandhi", scenario="main", seed=1234)
    d = engine.decision(state)          # Decision | None
    ds = engine.decisions(state)        # every pending decision, one per player
    engine.apply(state, d.actor, d.choices[0].id)
    engine.export_state(state)
"""
from .core.engine import (  # noqa: F401
    Pending,
    apply,
    apply_defaults,
    apply_many,
    clone,
    decision,
    decisions,
    default_choice,
    display_names,
    is_simultaneous,
    pending,
    pending_for,
    play,
    dump_state,
    export_state,
    groups,
    load_state,
    out_of_turn,
    log_length,
    new_game,
    split_log,
    stretch_marker,
    view,
)
from .core.registry import GameSpec, game_spec, games, register  # noqa: F401
from .core.errors import DataError, EngineError, GameOver, IllegalChoice, NotYourTurn  # noqa: F401
from .core.messages import Choice, Decision, LogEntry, Message  # noqa: F401
