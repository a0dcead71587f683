"""Per-game front-end helpers in the bot layer (look-up texts), each module
registered by its game's spec (``GameSpec.lookup``) and reached through
:mod:`bot.lookup`; nothing else in ``bot`` names a game."""
