"""What of the Gandhi data is verified, provisional or overridden.

``dakbot data status`` prints ``format_status(status_report())``. A fact is
*verified* when it is stated in (or strictly derived from) the rules texts or
confirmed by an override entry with ``verified: true``; otherwise it is
*provisional* (a documented reconstruction). Facts covered: spaces (1.3.2-1.3.5:
type and Population), Railways (1.3.6: Econ and endpoints), adjacency (1.3.8)
by tier, Random Spaces slots (8.1.2), card faction orders (2.3.2), Critical
(8.8.1) and halo (8.8.2) flags, and card titles.
"""
from __future__ import annotations

import re
from typing import Any

from ...core.data import overrides_lines, split as _split, status_line as _line

#: fields of a City/Province/State whose provisional status is tracked one by one
SPACE_FIELDS = ("type", "population")
_FIELD_RE = re.compile(r"(?:^|; )([a-z_]+): ")








def status_report(data: Any = None) -> dict:
    """Count and list what is verified, provisional and overridden.

    Args:
        data: a ``GandhiData`` (default: ``engine.gandhi.data.get_data()``,
            which includes the override file named by DAKBOT_GANDHI_OVERRIDES).

    Returns:
        A plain dict (JSON-serialisable)::

            {"overrides_file": str | None, "overridden": [str, ...],
             "spaces": {"total", "verified", "provisional", "verified_ids",
                        "provisional_ids", "by_type": {type: count},
                        "fields": {"type": {...}, "population": {...}}},
             "railways": {"total", "econ": {...}, "endpoints": {...},
                          "econ_total", "econ_total_verified", "econ_total_provisional"},
             "adjacency": {"total", "verified", "provisional",
                           "by_tier": {tier: {"total", "verified", "provisional"}}},
             "random_spaces": {"total", "verified", "provisional", ... ids "R-S"},
             "cards": {"faction_order": {...}, "critical": {...}, "halo": {...},
                       "title": {...}}}

        Each ``{...}`` split has ``total``, ``verified``, ``provisional``,
        ``verified_ids`` and ``provisional_ids``.

    Raises:
        DataError: only if the data itself fails to load (via get_data).
    """
    if data is None:
        from . import get_data

        data = get_data()
    m = data.map
    non_rail = [m.spaces[s] for s in m.non_railway]
    rails = [m.spaces[s] for s in m.railways]

    fields: dict[str, dict[str, bool]] = {f: {} for f in SPACE_FIELDS}
    for sd in non_rail:
        unsure = set(_FIELD_RE.findall(sd.unverified or "")) if not sd.verified else set()
        for f in SPACE_FIELDS:
            fields[f][sd.id] = f not in unsure
    by_type: dict[str, int] = {}
    for sd in non_rail:
        by_type[sd.type] = by_type.get(sd.type, 0) + 1
    spaces = _split({sd.id: sd.verified for sd in non_rail})
    spaces["by_type"] = by_type
    spaces["fields"] = {f: _split(v) for f, v in fields.items()}

    econ = {r.id: r.econ_verified for r in rails}
    railways = {
        "total": len(rails),
        "econ": _split(econ),
        "endpoints": _split({r.id: r.endpoints_verified for r in rails}),
        "econ_total": sum(r.econ for r in rails),
        "econ_total_verified": sum(r.econ for r in rails if r.econ_verified),
        "econ_total_provisional": sum(r.econ for r in rails if not r.econ_verified),
    }

    by_tier: dict[str, dict[str, bool]] = {}
    for a in m.adjacency_defs:
        by_tier.setdefault(a.tier, {})["-".join(a.pair)] = a.verified
    adj_all = {"-".join(a.pair): a.verified for a in m.adjacency_defs}
    adjacency = _split(adj_all)
    adjacency["by_tier"] = {t: {k: v for k, v in _split(d).items() if not k.endswith("_ids")}
                            for t, d in sorted(by_tier.items())}

    rs = m.random_spaces
    slots = {f"{r}-{i}": (rs.verified or f"{r}-{i}" in rs.verified_slots)
             for r, spaces_in in sorted(rs.regions.items()) for i in range(1, len(spaces_in) + 1)}
    random_spaces = _split(slots)

    ev = data.cards.events
    cards = {
        "faction_order": _split({str(n): c.faction_order_verified for n, c in ev.items()}),
        "critical": _split({str(n): c.critical_verified for n, c in ev.items()}),
        "halo": _split({str(n): c.halo_verified for n, c in ev.items()}),
        "title": _split({str(n): c.title_verified for n, c in ev.items()}),
        "with_text_note": sorted((n for n, c in ev.items() if c.text_note)),
        "campaign_cards": len(data.cards.campaigns),
        "events_implemented": _events_implemented(ev),
    }
    return {
        "overrides_file": getattr(data, "overrides_file", None),
        "overridden": list(getattr(data, "overridden", ())),
        "spaces": spaces,
        "railways": railways,
        "adjacency": adjacency,
        "random_spaces": random_spaces,
        "cards": cards,
    }


def _events_implemented(ev: dict) -> dict:
    """Which card sides have rules code (rule 5): ``{"implemented": [...], "missing": [...]}``
    with entries like ``"12 unshaded"``. Sides without code are never offered."""
    from ..events import implemented

    sides = [(n, s) for n in sorted(ev) for s in ("unshaded", "shaded")]
    done = [f"{n} {s}" for n, s in sides if implemented(n, s)]
    return {"total": len(sides), "implemented": done,
            "missing": [f"{n} {s}" for n, s in sides if f"{n} {s}" not in done]}





def format_status(report: dict) -> str:
    """Render a :func:`status_report` dict as plain text for a terminal.

    Args:
        report: the dict returned by :func:`status_report`.

    Returns:
        Several lines of text (no trailing newline), one block per kind of fact,
        then the overridden facts if an override file is in force.
    """
    sp, rw, adj, rs, cd = (report[k] for k in ("spaces", "railways", "adjacency", "random_spaces", "cards"))
    out = ["Gandhi data status (verified = stated by the rules texts or confirmed with the game)"]
    types = ", ".join(f"{n} {t.replace('_', ' ')}" for t, n in sorted(sp["by_type"].items()))
    out.append(f"Spaces: {sp['total']} ({types})")
    out.append(_line("all facts", sp, show=None))
    for f, split in sp["fields"].items():
        out.append(_line(f, split))
    out.append(f"Railways: {rw['total']}, Econ total {rw['econ_total']} "
               f"({rw['econ_total_verified']} verified, {rw['econ_total_provisional']} provisional)")
    out.append(_line("Econ", rw["econ"]))
    out.append(_line("endpoints", rw["endpoints"], show=None))
    out.append(f"Adjacency: {adj['total']} pairs")
    out.append(_line("all pairs", adj, show=None))
    for tier, t in adj["by_tier"].items():
        out.append(f"  {'tier ' + tier:<22} {t['verified']:>3} verified, {t['provisional']:>3} provisional (of {t['total']})")
    out.append("Random Spaces table (8.1.2)")
    out.append(_line("slots", rs, show="verified"))
    out.append("Event cards: 72" + (f", Campaign cards: {cd['campaign_cards']}" if cd.get("campaign_cards") else ""))
    out.append(_line("faction order", cd["faction_order"], show="verified"))
    out.append(_line("Critical flags", cd["critical"], show="verified"))
    out.append(_line("halo flags", cd["halo"], show="verified"))
    out.append(_line("titles", cd["title"], show="verified"))
    ei = cd.get("events_implemented")
    if ei:
        out.append(f"  {'Events implemented':<22} {len(ei['implemented'])} of {ei['total']} card sides"
                   + (f"; missing: {', '.join(ei['missing'])}" if ei["missing"] else " (no stubs)"))
    if cd.get("with_text_note"):
        out.append(f"  {'text notes':<22} {len(cd['with_text_note'])} cards: "
                   + ", ".join(str(n) for n in cd["with_text_note"]))
    out.extend(overrides_lines(report, "DAKBOT_GANDHI_OVERRIDES", "docs/data.md"))
    return "\n".join(out)


def status_text() -> str:
    """``dakbot data status`` for Gandhi: :func:`format_status` of
    :func:`status_report`. Raises DataError when the data does not load."""
    return format_status(status_report())
