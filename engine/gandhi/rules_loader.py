"""Imports every rules module so their steps, Operations, Special Activities
and Events register themselves."""
from __future__ import annotations

import importlib
import pkgutil


def load_rules() -> None:
    from . import operations, special_activities
    from .events import load_all

    for pkg in (operations, special_activities):
        for m in pkgutil.iter_modules(pkg.__path__):
            importlib.import_module(f"{pkg.__name__}.{m.name}")
    load_all()
