#!/usr/bin/env python3
"""Reads compute-sanitizer's text outputs (one file per case and tool, CASE__TOOL.txt with the case
name's '/' as '__', beside CASE__TOOL.rc holding the exit status and seconds) and writes one TSV:
set, case, tool, verdict, errors, kinds, rc, seconds.

    python3 summarize.py TEXTS_DIR OUT.tsv

verdict: "clean" (no error reported), "N errors" (the tool's ERROR SUMMARY; racecheck's errors
and warnings as its RACECHECK SUMMARY says them; "(the launch failed)" where the tool stopped the
kernel), "timeout" (killed after the time limit: a hang or a very slow run), or "failed" (no
error reported, but the recorder did not finish the case). kinds: each distinct
report headline with addresses, sizes, thread and block numbers and offsets replaced by '#', and
how many times it came (e.g. "Error: Race reported between Write access and Read access x2")."""
import collections, glob, os, re, sys

SKIP = re.compile(r"^(COMPUTE-SANITIZER|ERROR SUMMARY|RACECHECK SUMMARY|LEAK SUMMARY|Saved host backtrace"
                  r"|Host Frame|at |in |by |and |Address |Device Frame|=+|$)")
HEADLINE = re.compile(r"^(Error|Warning|WARN|Invalid|Uninitialized|Barrier|Race|Program hit|Potential|Missing"
                      r"|Malformed|Cuda|Unused|.*hazard|.*[Dd]ivergent|.*[Ii]nvalid)")


def headline(text):
    """A report's first line with the numbers that differ between reports replaced by '#'."""
    t = re.sub(r"\s+at\s+.*$", "", text)  # where: address, kernel+offset, source line
    t = re.sub(r"0x[0-9a-fA-F]+", "#", t)
    t = re.sub(r"\(\d+,\d+,\d+\)", "(#)", t)
    t = re.sub(r"\b\d+\b", "#", t)
    return re.sub(r"\s+", " ", t).strip()


def summarize(path):
    text = open(path, errors="replace").read()
    kinds = collections.Counter()
    lines = text.splitlines()
    for k, line in enumerate(lines):
        if not line.startswith("========= "):
            continue
        body = line[len("========= "):]
        if body.startswith(" ") or SKIP.match(body):
            continue
        if HEADLINE.match(body):
            kind = headline(body)
            # racecheck's analysis report: "Race reported between Write access at ..." and, on
            # the next line, "and Read access at ... [N hazards]"
            other = re.match(r"=+\s+and (\w+) access", lines[k + 1]) if k + 1 < len(lines) else None
            if other and "Race reported" in kind:
                kind += f" and {other.group(1)} access"
            kinds[kind] += 1
    m = re.search(r"ERROR SUMMARY: (\d+) error", text)
    rm = re.search(r"RACECHECK SUMMARY: (\d+) hazards? displayed \((\d+) errors?, (\d+) warnings?\)", text)
    errors = int(m.group(1)) if m else None
    if rm:
        errors = f"{rm.group(2)} errors, {rm.group(3)} warnings"
    return errors, kinds


def main(texts, out):
    rows = []
    for path in sorted(glob.glob(os.path.join(texts, "*", "*.txt"))):
        setname = os.path.basename(os.path.dirname(path))
        stem = os.path.basename(path)[:-4]
        case, tool = stem.rsplit("__", 1)
        case = case.replace("__", "/")
        rc_path = path[:-4] + ".rc"
        rc, secs = (open(rc_path).read().split() + ["?", "?"])[:2] if os.path.exists(rc_path) else ("?", "?")
        errors, kinds = summarize(path)
        finished = re.search(r"^recorded 1, failed 0", open(path, errors="replace").read(), re.M)
        if rc in ("124", "137"):
            verdict = "timeout"
        elif errors is None or (errors in (0, "0 errors, 0 warnings") and not finished):
            verdict = "failed"
        elif errors in (0, "0 errors, 0 warnings"):
            verdict = "clean"
        else:
            verdict = f"{errors} errors" if isinstance(errors, int) else errors
            if not finished:
                verdict += " (the launch failed)"
        kind_text = "; ".join(f"{k} x{n}" for k, n in sorted(kinds.items())) or "-"
        rows.append((setname, case, tool, verdict, str(errors), kind_text, rc, secs))
    with open(out, "w") as f:
        f.write("set\tcase\ttool\tverdict\terrors\tkinds\trc\tseconds\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print(f"{len(rows)} rows in {out}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
