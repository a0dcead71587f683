"""What of the A Distant Plain data is verified, provisional or overridden
(``dakbot data status --game adp``). Verified = stated by the seed (the
Italian player aids) or confirmed by an override entry with
``verified: true``; everything else is provisional.
"""
from __future__ import annotations

from typing import Any

from ...core.data import overrides_lines, split as _split, status_line as _line

SPACE_FACTS = ("type", "population", "pashtun", "mountain")


def status_report(data: Any = None) -> dict:
    """Counts and ids of verified / provisional facts.

    Returns a JSON-safe dict: ``{"overrides_file", "overridden", "spaces":
    {fact: split}, "locs": {"econ": split, "econ_total"}, "adjacency": split,
    "cards": {"faction_order", "title": split, "texts": {number: [languages]}}, "deck": {scenario:
    {"piles", "events_per_pile", "verified"}}, "scenarios": {"main": bool}}``
    where a split has total / verified / provisional and their ids.
    Raises DataError if the data does not load.
    """
    if data is None:
        from . import get_data

        data = get_data()
    spaces = [s for s in data.spaces.values() if not s.is_loc]
    locs = [s for s in data.spaces.values() if s.is_loc]
    pairs = data.raw["map.yaml"]["adjacency"]
    cards = data.cards
    return {
        "overrides_file": data.overrides_file,
        "overridden": list(data.overridden),
        "spaces": {f: _split({s.id: s.verified.get(f, False) for s in spaces}) for f in SPACE_FACTS},
        "locs": {"econ": _split({s.id: s.verified.get("econ", False) for s in locs}),
                 "econ_total": sum(s.econ for s in locs), "econ_total_verified": True},
        "adjacency": _split({f"{p['a']}-{p['b']}": bool(p.get("verified")) for p in pairs}),
        "cards": {"faction_order": _split({str(n): c.order_verified for n, c in cards.items()}),
                  "title": _split({str(n): c.verified for n, c in cards.items()}),
                  "texts": {str(n): sorted(langs) for n, langs in sorted(data.texts.items())}},
        "deck": {k: {"piles": v["piles"], "events_per_pile": v["events_per_pile"], "verified": bool(v.get("verified"))}
                 for k, v in data.deck["scenarios"].items()},
        "scenarios": {"main": bool(data.setup["scenarios"]["main"].get("verified"))},
        "events_implemented": {"total": 144, "implemented": [],
                               "note": "no card text is shipped: every Event is resolved by the players with audited edits"},
    }


def format_status(report: dict) -> str:
    """Plain text of :func:`status_report` for a terminal (no trailing newline)."""
    out = ["A Distant Plain data status (verified = stated by the Italian player aids or confirmed with the game)",
           "Data derived from ADPBot (MIT, Copyright (c) 2016 Bart de Groot): engine/adp/data/LICENSE-ADPBot.txt",
           "Spaces:"]
    for f, split in report["spaces"].items():
        out.append(_line(f, split, show="verified" if f == "mountain" else None))
    out.append(f"LoCs: Econ total {report['locs']['econ_total']} (verified, seed L446)")
    out.append(_line("Econ per LoC", report["locs"]["econ"], show=None))
    out.append(_line("Adjacency pairs", report["adjacency"], show=None))
    out.append("Event cards: 72 (titles and flags only; texts are resolved by the players)")
    out.append(_line("faction order", report["cards"]["faction_order"], show="verified"))
    out.append(_line("titles and flags", report["cards"]["title"], show="verified"))
    texts = report["cards"]["texts"]
    out.append(f"  {'card texts':<22} {len(texts):>3} of 72 given by the overrides file (the project ships none)")
    if texts:
        out.append(f"  {'':<22} " + ", ".join(f"#{n} ({'/'.join(langs)})" for n, langs in texts.items()))
    for name, d in report["deck"].items():
        out.append(f"Deck {name}: {d['piles']} piles of {d['events_per_pile']} Events + 1 Propaganda card: "
                   + ("verified" if d["verified"] else "provisional"))
    out.append("Main scenario set-up: " + ("verified" if report["scenarios"]["main"] else "provisional"))
    out.extend(overrides_lines(report, "DAKBOT_ADP_OVERRIDES", "docs/rulings/adp.md"))
    return "\n".join(out)


def status_text() -> str:
    """``dakbot data status --game adp``. Raises DataError when the data does not load."""
    return format_status(status_report())
