"""Write engine/gandhi/data/cards.yaml (metadata and Italian texts).

Faction orders and flags come from ../shared/reference/gandhi/provisional/cards.yaml
(with their verified flags), Italian texts from the seed card list. English texts
and the Spanish and Japanese translations are written by hand into the YAML: a
rebuild keeps every field the sources do not give (``title``, ``unshaded``,
``shaded``, ``text_note``, ``*_es``, ``*_ja``, ``text_<lang>_source`` …) and the
hand-completed Italian texts, and refreshes the rest. YAML comments are lost.
"""
import re
import sys
from pathlib import Path

import yaml

shared = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared")
prov = yaml.safe_load((shared / "reference/gandhi/provisional/cards.yaml").read_text())
meta = yaml.safe_load((shared / "reference/gandhi/cards_meta.yaml").read_text())
lines = (shared / "seeds/gandhi_rules_it.txt").read_text().splitlines()
start = lines.index(next(l for l in lines if l.startswith("LE CARTE\t")))
it_texts = {}
for l in lines[start + 2:start + 200]:
    m = re.match(r"^(\d\d)\t([^\t]*)\t([^\t]*)\t(.*)$", l)
    if m:
        it_texts[int(m.group(1))] = (m.group(2).strip(), m.group(3).strip(), m.group(4).strip())
FAC = {"Raj": "raj", "INC": "inc", "ML": "ml", "REV": "rev"}
events = []
for c in prov["event_cards"]:
    n = c["number"]
    fo = c["faction_order"]
    e = {
        "number": n,
        "title": c["title_en"],
        "title_verified": False,
        "title_it": c["title_it"],
        "faction_order": [FAC[f] for f in fo["order"]],
        "faction_order_verified": fo["verified"],
        "critical": [FAC[f] for f, v in c["critical"].items() if v["value"]],
        "critical_verified": all(v["verified"] for v in c["critical"].values()),
        "halo": [FAC[f] for f, v in c["halo"].items() if v["value"]],
        "halo_verified": all(v["verified"] for v in c["halo"].values()),
    }
    if not fo["verified"]:
        e["faction_order_reason"] = fo.get("reason", "provisional")
    t = it_texts.get(n)
    if t:
        e["unshaded_it"], e["shaded_it"] = t[1], t[2]
    events.append(e)
camp = []
for c in meta["campaign_cards"]:
    camp.append({"number": c["number"], "viceroy": c["viceroy"], "tenure": c.get("tenure"),
                 "capability": c.get("capability_name_en", "").split(" (")[0],
                 "capability_it": c.get("capability_name_it"),
                 "raj_capability": c.get("raj_capability"),
                 "np_raj_modification": c.get("np_raj_modification")})
# edited by hand after the first build (Italian completed where the seed line was cut,
# Viceroy texts checked against the rules): an existing value wins
KEEP_GENERATED = ("unshaded_it", "shaded_it", "raj_capability", "np_raj_modification")
target = Path("engine/gandhi/data/cards.yaml")
old = yaml.safe_load(target.read_text()) if target.exists() else {}
for key, new in (("event_cards", events), ("campaign_cards", camp)):
    before = {c["number"]: c for c in old.get(key, [])}
    for card in new:
        for field, value in before.get(card["number"], {}).items():
            if field not in card or (field in KEEP_GENERATED and value):
                card[field] = value
out = {"event_cards": events, "campaign_cards": camp}
hdr = ("# Gandhi cards. Built once by tools/build_cards_data.py from ../shared/reference/gandhi\n"
       "# (provisional/cards.yaml, cards_meta.yaml) and the Italian card list; English texts\n"
       "# are ours, written from the Italian; Spanish and Japanese are ours too (text_<lang>_source).\n"
       "# *_verified: false = provisional.\n")
target.write_text(hdr + yaml.safe_dump(out, sort_keys=False, width=110, allow_unicode=True))
print(len(events), len(camp), len(it_texts))
