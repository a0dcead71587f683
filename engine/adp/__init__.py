"""A Distant Plain (GMT COIN vol. III) on the shared COIN machinery
(engine/coin): data (engine/adp/data, provisional, MIT notice of ADPBot),
state, Control and victory (derived), the 16 Operations and 12 Special
Activities of the Italian player aids (ops/), Propaganda rounds, Events
resolved by the players with audited edits (events), readings in
docs/rulings/adp.md. Registered as game "adp" (spec.py)."""
