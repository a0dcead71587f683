"""One-shot: write engine/gandhi/data/map.yaml from ../shared/reference/gandhi.

Keeps every fact's verified flag and a one-line source/reason. After this the
project's YAML is the source of truth (corrections go there or in an override
file); re-running overwrites hand edits.
"""
import sys
from pathlib import Path

import yaml

ref = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference/gandhi/provisional")
m = yaml.safe_load((ref / "map.yaml").read_text())
out = {"spaces": [], "railways": [], "towns": [], "adjacency": [], "random_spaces": {}}
for s in m["spaces"]:
    e = {"id": s["id"], "name": s["name_en"], "type": s["type"], "population": s["population"],
         "muslim": s["muslim"], "verified": s["verified"]}
    if s.get("name_it"):
        e["name_it"] = s["name_it"]
    if not s["verified"]:
        e["unverified"] = "; ".join(f"{k}: {v}" for k, v in s.get("unverified_fields", {}).items())
    out["spaces"].append(e)
for r in m["railways"]:
    e = {"id": r["id"], "name": r["label"].split(" (")[0].replace(" railway", " Railway"),
         "econ": r["econ"], "econ_verified": r["econ_verified"],
         "endpoints": [p["id"] for p in r["endpoints"]],
         "endpoints_verified": all(p["verified"] for p in r["endpoints"]),
         "verified": r["verified"]}
    if not r["econ_verified"]:
        e["econ_reason"] = r.get("econ_reason", "provisional")
    out["railways"].append(e)
for t in m["towns"]:
    out["towns"].append({"id": t["id"], "name": t["provisional_name"], "touches": t["touches"],
                         "verified": t["verified"]})
for a in m["adjacency"]:
    out["adjacency"].append({"pair": a["pair"], "tier": a["tier"], "verified": a["verified"]})
rs = m["random_spaces"]
out["random_spaces"] = {
    "verified": False,
    "note": rs["procedure"],
    "regions": {int(k): [sl["space"] for sl in v["slots"]] for k, v in rs["regions"].items()},
    "verified_slots": [f"{k}-{sl['slot']}" for k, v in rs["regions"].items() for sl in v["slots"] if sl["verified"]],
}
header = ("# Gandhi map data. Built once by tools/build_map_data.py from\n"
          "# ../shared/reference/gandhi/provisional/map.yaml (sources and reasons there).\n"
          "# verified: true = stated in, or strictly derived from, the rules texts;\n"
          "# verified: false = provisional reconstruction. Correct with an override file\n"
          "# (DAKBOT_GANDHI_OVERRIDES), see docs/data.md.\n")
Path("engine/gandhi/data/map.yaml").write_text(header + yaml.safe_dump(out, sort_keys=False, width=110, allow_unicode=True))
print("ok", len(out["spaces"]), len(out["railways"]), len(out["adjacency"]))
