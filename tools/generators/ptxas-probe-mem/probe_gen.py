#!/usr/bin/env python3
"""Writes the probe records of the movement/memory/control/sync/misc families:
every statement of probe_lib on each target, at the versions to bisect, and its
mutations on sm_90, as index.jsonl: {id, asm, cons, kind, base, target, version}.
usage: probe_gen.py INDEX.jsonl"""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_lib import B, mutations
TARGETS = ["sm_75","sm_80","sm_86","sm_89","sm_90","sm_90a","sm_100","sm_100a","sm_100f","sm_103a","sm_120","sm_120a"]
VERS = ["6.3","6.4","6.5","7.0","7.1","7.2","7.3","7.4","7.5","7.6","7.7","7.8","8.0","8.1","8.2","8.3","8.4","8.5","8.6","8.7","8.8","9.0"]
MINV = {"sm_75":"6.3","sm_80":"7.0","sm_90":"7.8","sm_100a":"8.6"}
def vkey(v): a, b_ = v.split("."); return int(a)*10+int(b_)
def main(path):
    recs = []; seen = set()
    def add(kind, base, asm, cons, target, version):
        key = (asm, tuple(cons), target, version)
        if key in seen: return
        seen.add(key); recs.append(dict(id=len(recs), kind=kind, base=base, asm=asm, cons=cons, target=target, version=version))
    for asm, cons in B:
        for t in TARGETS: add("valid", asm, asm, cons, t, "9.0")
        for t, mv in MINV.items():
            for v in VERS:
                if vkey(v) >= vkey(mv) and v != "9.0": add("version", asm, asm, cons, t, v)
        for kind, a2, c2 in mutations(asm, cons):
            add(kind, asm, a2, c2, "sm_90", "9.0")
    with open(path, "w") as f:
        for x in recs: f.write(json.dumps(x) + "\n")
    print(len(B), "bases", len(recs), "records", file=sys.stderr)
if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    main(sys.argv[1])
