"""Game-agnostic engine core: decisions and choices, steps, rng, log, errors."""
