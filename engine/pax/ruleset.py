"""Which edition of the Pax Britannica rules code a game is played under
(the mechanism of engine/gandhi/ruleset.py, for this game).

A stored game and a transcript replay to the same state after an upgrade;
a correction that changes what a game asks or does checks :func:`at_least`.
Games stored and transcripts written before Pax rulesets existed carry no
``ruleset`` option and are ruleset 1 (engine.core.transcript.legacy_options).

Ruleset history:
  1  (no ``ruleset`` option) part 1 as merged (issue 19).
  2  Part 1 corrected (issue 34; readings in docs/rulings/pax.md): line 22
     sets the treasury (L240, L706); the Possession counter limit holds the
     1880 set-up (and the invariants count status markers); an undefeated
     revolt under Influence or in a neutral area removes every status, fought
     or not (L415, L419); LoC only through established Controls (L109, L111);
     the final Section II with a rolled Colonial Office (L718); the Africa
     links scored at the end of the game only, if still held (L714, L722);
     a revolting Control closed to other powers (L411); revolt combat
     optional (L334, L407) and EX/½EX losses chosen by their owner (L435);
     Germany's VP from the German and Austrian treasuries added, then divided
     (L700, L714); an ungarrisoned Control beside another's Control removed,
     never an Influence (L356, L368, L309, L451); forced spending builds
     units (L214); the minor revolt follow-up (L291).
  3  War (issue 35): the War phase declares and fights wars (L499-553,
     L555-575, L682-692; engine/pax/war.py and its helpers), treaties may
     oblige their signatories to defend or join each other (L565), a new
     Control in an Ottoman area brings the Ottoman war (L497), a disputant
     may declare war during the Congress (L567), a minor declares war on
     the Great Power defying a Congress where others pledged to defend it,
     who must join it or lose 5 VP (L287, L690). Ruleset 2
     games keep the "no war" notice. Diplomacy (issue 34 leftovers;
     docs/rulings/pax.md): a long list of a proposal's terms asked kind
     first (engine/pax/term_menu.py); Austria-Hungary's statuses traded by
     Germany's seat, never paying (L224, L700); treaty numbers that tell
     nobody of a secret treaty (L461); Germany's provisional VP divisor
     weighs Austria-Hungary's treasury (L700, L714). Also: the Great War
     and European Tension 100 end the game at once (L573, L688) with the
     final lines 27-31 (L718); the Chinese Rebellion and the Ottoman war
     are fought (L473-497); an ungarrisoned Control with no Influence
     marker left becomes an Interest or goes (L67, L314); only Great Powers
     fight a revolt they did not cause (L419).
"""
from __future__ import annotations

from typing import Any

RULESET = 3


def ruleset(state: Any) -> int:
    """The ruleset ``state`` is played under (1 when none was recorded)."""
    return int((state.options or {}).get("ruleset", 1))


def at_least(state: Any, n: int) -> bool:
    """True when ``state`` is played under ruleset ``n`` or later."""
    return ruleset(state) >= n
