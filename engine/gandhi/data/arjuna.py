"""The Arjuna deck (rule 8.3) as validated data: 24 double-sided cards, 6 per
Non-player Faction, each face a flowchart of checks, Operations, Special
Activities and a Stop.

Loaded from ``arjuna.yaml`` beside this module (converted from
``../shared/reference/gandhi/arjuna.yaml``). Nothing plays these cards yet;
the Arjuna bots (8.x) will. Every branch keeps whether a source documents it
(``verified``) or it is a best guess (``guess``, ``confidence``).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...core.errors import DataError
from . import load_yaml

ARJUNA_FILE = Path(__file__).parent / "arjuna.yaml"
NP_FACTIONS = ("raj", "inc", "ml", "rev")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Branch(_Model):
    """Where a check's green (yes) or red (no) arrow leads (8.3 step 3).

    ``to`` is ``"next"``, ``"flip"``, ``"draw"``, ``"stop"``, ``"check N"`` or
    an Operation name (back sides: one of the two Operation boxes below).
    """

    to: str
    then: str | None = None
    verified: bool = False
    guess: bool = False
    confidence: Literal["low", "medium", "high"] | None = None
    alternative: str | None = None
    source: str | None = None
    note: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _plain(cls, v):
        return {"to": v} if isinstance(v, str) else v


class OperationBox(_Model):
    """An Operation and its numbered instructions (8.3, 8.6)."""

    op: str
    do: tuple[str, ...] = ()


class SAOption(_Model):
    """One Special Activity option; the first that can be done is done (8.7)."""

    option: str
    activity: str
    text: str
    steps: tuple[str, ...] = ()
    only_if: str | None = None


class BranchOps(_Model):
    """Two Operation boxes side by side after a check (back sides)."""

    yes: OperationBox
    no: OperationBox | None = None


class Step(_Model):
    """One box of a face: exactly one of check / op / sa / branch / stop."""

    check: str | None = None
    check_it: str | None = None
    yes: Branch | None = None
    no: Branch | None = None
    op: str | None = None
    do: tuple[str, ...] = ()
    sa: tuple[SAOption, ...] | None = None
    branch: BranchOps | None = None
    stop: bool = False
    note: str | None = None

    @model_validator(mode="after")
    def _one_kind(self):
        kinds = [k for k, on in (("check", self.check is not None), ("op", self.op is not None),
                                 ("sa", self.sa is not None), ("branch", self.branch is not None),
                                 ("stop", self.stop)) if on]
        if len(kinds) != 1:
            raise ValueError(f"a step needs exactly one of check/op/sa/branch/stop, has {kinds or 'none'}")
        if self.check is not None and (self.yes is None or self.no is None):
            raise ValueError("a check needs both 'yes' and 'no'")
        return self

    @property
    def kind(self) -> str:
        """``"check"``, ``"operation"``, ``"special_activity"``, ``"branch_ops"`` or ``"stop"``."""
        if self.check is not None:
            return "check"
        if self.op is not None:
            return "operation"
        if self.sa is not None:
            return "special_activity"
        if self.branch is not None:
            return "branch_ops"
        return "stop"


class ArjunaFace(_Model):
    """One side of an Arjuna card: single letter on the light front, double on the dark back (8.3)."""

    letter: str = Field(pattern=r"^[A-Z]{1,2}$")
    header: str
    header_it: str = ""
    header_note: str | None = None
    activation_number: str | None = None
    sources: tuple[str, ...] = ()
    letter_verified: bool = True
    letter_status: str | None = None
    missing: bool = False
    flow: tuple[Step, ...] = ()
    notes: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _flow_present(self):
        if not self.missing and not self.flow:
            raise ValueError("a face that is not 'missing' needs a flow")
        if self.flow and self.flow[-1].kind != "stop":
            raise ValueError("a face's flow ends with a Stop")
        return self


class ArjunaCard(_Model):
    """A physical Arjuna card of one Non-player Faction, with both faces."""

    faction: Literal["raj", "inc", "ml", "rev"]
    front: ArjunaFace
    back: ArjunaFace

    @model_validator(mode="after")
    def _letters(self):
        if len(self.front.letter) != 1 or self.back.letter != self.front.letter * 2:
            raise ValueError(f"front/back letters must be X/XX, are {self.front.letter}/{self.back.letter}")
        return self

    @property
    def letter(self) -> str:
        return self.front.letter

    @property
    def faces(self) -> tuple[ArjunaFace, ArjunaFace]:
        return (self.front, self.back)


def load_arjuna(path: str | Path | None = None) -> tuple[ArjunaCard, ...]:
    """Load and validate the Arjuna deck (rule 8.3).

    Args:
        path: a YAML file in the format of ``arjuna.yaml``; default the packaged one.

    Returns:
        The 24 :class:`ArjunaCard` (48 faces) in file order: Raj A-F, Congress
        G-M (no I), Muslim League N-T (no O), Revolutionaries U-Z.

    Raises:
        DataError: ``"<file>: card <letter>: <problem>"`` for an unreadable
        file, a malformed card, a duplicate letter, or a deck that is not
        6 cards for each of the 4 Factions.
    """
    return _load(str(path) if path else str(ARJUNA_FILE))


@lru_cache(maxsize=4)
def _load(path: str) -> tuple[ArjunaCard, ...]:
    try:
        raw = load_yaml(Path(path).read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as e:
        raise DataError(f"{path}: {e}") from None
    entries = raw.get("cards") if isinstance(raw, dict) else None
    if not isinstance(entries, list):
        raise DataError(f"{path}: cards: a list of Arjuna cards is required")
    cards: list[ArjunaCard] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        letter = (entry.get("front") or {}).get("letter", f"#{i + 1}") if isinstance(entry, dict) else f"#{i + 1}"
        try:
            card = ArjunaCard.model_validate(entry)
        except Exception as e:
            raise DataError(f"{path}: card {letter}: {e}") from None
        if card.letter in seen:
            raise DataError(f"{path}: card {card.letter}: listed twice")
        seen.add(card.letter)
        cards.append(card)
    for f in NP_FACTIONS:
        n = sum(1 for c in cards if c.faction == f)
        if n != 6:
            raise DataError(f"{path}: cards: {f} has {n} Arjuna cards, needs 6 (8.3)")
    return tuple(cards)
