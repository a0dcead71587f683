"""What of the Pax Britannica data is verified, provisional or overridden:
``dakbot data status --game pax`` prints ``format_status(status_report())``.

An area's name is verified when the seed names it (34 of 104, L15, L101);
its type, routes, Economic Value and Combat Strength are provisional unless an
override says ``verified: true``. A table is verified when the seed states it
(``line:``), provisional when it is a stand-in (``status: unknown``)."""
from __future__ import annotations

from typing import Any

from ...gandhi.data.status import _split
from . import get_data


def _table_verified(entry: Any) -> bool:
    if isinstance(entry, dict):
        if "override" in entry:
            return bool(entry.get("verified"))
        if entry.get("status") in ("unknown", "provisional") or "provisional" in entry:
            return False
        return all(_table_verified(v) for v in entry.values() if isinstance(v, dict)) if entry else True
    return True


def status_report(data: Any = None) -> dict:
    """{"overrides_file", "overridden", "areas": {names, types, values},
    "tables": {...}, "scenario": {"verified": bool}} with the split counts of
    engine.gandhi.data.status (total / verified / provisional + ids)."""
    data = data or get_data()
    raw = {a["id"]: a for a in data.raw_map.get("areas", [])}
    return {
        "overrides_file": data.overrides_file,
        "overridden": list(data.overridden),
        "areas": {
            "names": _split({a: x.verified for a, x in data.areas.items()}),
            "types": _split({a: bool(raw[a].get("type_verified")) for a in data.areas}),
            "values": _split({a: x.facts_verified for a, x in data.areas.items()}),
        },
        "tables": _split({k: _table_verified(v) for k, v in data.tables.items() if k != "meta"}),
        "scenario": {"verified": bool(data.scenario.get("verified"))},
    }


def format_status(report: dict) -> str:
    lines = ["Pax Britannica data (engine/pax/data; reference pack shared/reference/pax)",
             f"overrides: {report['overrides_file'] or 'none'}"]
    for what, split in report["areas"].items():
        lines.append(f"areas, {what}: {split['verified']} verified, {split['provisional']} provisional "
                     f"of {split['total']}")
    t = report["tables"]
    lines.append(f"tables: {t['verified']} verified, {t['provisional']} provisional: "
                 + ", ".join(t["provisional_ids"]))
    lines.append("1880 set-up: " + ("verified" if report["scenario"]["verified"] else
                                    "provisional (player sheets not in the seed, L93-95)"))
    if report["overridden"]:
        lines.append("overridden: " + ", ".join(report["overridden"]))
    return "\n".join(lines)


def status_text() -> str:
    """``dakbot data status --game pax``."""
    return format_status(status_report())
