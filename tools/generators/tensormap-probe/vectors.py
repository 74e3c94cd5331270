#!/usr/bin/env python3
"""Turn the tensor-map probe into the test vectors the ptx-sim crate replays.

    python3 tools/generators/tensormap-probe/vectors.py [PROBE.jsonl.gz] [OUT.jsonl.gz]

Defaults: tests/data/kernels/tma/tensormap_probe.jsonl.gz (the raw probe, as probe.py wrote it
on the H100) to ptx-sim/tests/data/tensormap_probe.jsonl.gz. One JSON line per distinct call:

  {"fn": "tiled"|"im2col", "tag": ..., "dtype": N, "rank": N, "addr": N, "dims": [...],
   "strides": [...] (rank-1 byte strides), "box": [...] (tiled) | "lower": [...], "upper": [...],
   "channels": N, "pixels": N (im2col), "element_strides": [...], "interleave": N, "swizzle": N,
   "l2_promotion": N, "oob_fill": N (the CUDA enum values), "result": CUresult,
   "map": "<256 hex digits>" (successes only; the driver writes all 128 bytes),
   "field": "<parameter model.py names in its refusal>" (failures only)}

Only the first `rank` values of each array are kept (the probe padded them). Calls that differ only
in their tag, prefill byte or real/fake allocation are written once (the map never shows the
prefill). Each record is checked against model.py on the way; a mismatch stops the script.
"""
import gzip, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402

KEYS = ["fn", "dtype", "rank", "addr", "dims", "strides", "box", "lower", "upper", "channels", "pixels",
        "element_strides", "interleave", "swizzle", "l2_promotion", "oob_fill"]


def compact(r):
    rank = r["rank"]
    out = {"fn": r["fn"], "tag": r["tag"]}
    for k in KEYS[1:]:
        if k not in r:
            continue
        v = r[k]
        if isinstance(v, list) and 1 <= rank <= 5:
            n = {"strides": rank - 1, "lower": rank - 2, "upper": rank - 2}.get(k, rank)
            v = v[:max(n, 0)] if k not in ("lower", "upper") else v[:max(n, 1)]
        out[k] = v
    out["result"] = r["result"]
    if r["result"] == 0:
        out["map"] = r["map"]
    else:
        try:
            model.encode(r)
            out["field"] = None
        except model.Refused as e:
            out["field"] = e.field
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.join(here, "..", "..", "..")
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "tests/data/kernels/tma/tensormap_probe.jsonl.gz")
    dst = sys.argv[2] if len(sys.argv) > 2 else os.path.normpath(os.path.join(root, "ptx-sim/tests/data/tensormap_probe.jsonl.gz"))
    recs = model.records(src)
    seen, out = set(), []
    for r in recs:
        ok, what = model.replay(r)
        if not ok:
            sys.exit(f"model.py does not reproduce {r['fn']} {r['tag']}: {what}")
        c = compact(r)
        key = json.dumps({k: v for k, v in c.items() if k != "tag"}, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        out.append(c)
    os.makedirs(os.path.dirname(os.path.abspath(dst)), exist_ok=True)
    # mtime 0: the same probe gives the same bytes
    with open(dst, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        for c in out:
            f.write((json.dumps(c, separators=(",", ":")) + "\n").encode())
    ok_n = sum(c["result"] == 0 for c in out)
    print(f"{len(out)} vectors ({ok_n} maps, {len(out) - ok_n} refusals) from {len(recs)} records -> {dst}")


if __name__ == "__main__":
    main()
