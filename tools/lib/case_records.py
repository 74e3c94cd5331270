"""Kernel-case records (one JSON object a line, gzipped: tests/data/kernels/FORMAT.md) read from the
chunks and parts a recording wrote, and written back in the order of a set's specs.

    from case_records import read_by_name, write_in_spec_order
    records = read_by_name(paths)             # name -> line; a later file's record replaces
    missing = write_in_spec_order(records, SPECS, "tests/data/kernels/<set>/<set>_h100.jsonl.gz")"""
import gzip, json


def read_by_name(paths, say=None):
    """Every record of `paths`, in order, by case name (a later record of a name replaces the
    earlier one), each as its line ending in a newline. `say`, when given, is told each file's
    count and each replacement."""
    records = {}
    for path in paths:
        n = 0
        with gzip.open(path, "rt") as f:
            for line in f:
                if not line.strip():
                    continue
                name = json.loads(line)["name"]
                if say and name in records:
                    say(f"{path}: {name} replaces the earlier record")
                records[name] = line if line.endswith("\n") else line + "\n"
                n += 1
        if say:
            say(f"{path}: {n} records")
    return records


def write_in_spec_order(records, specs, out):
    """Writes the records of `specs`' names to `out` (gzipped) in spec order, leaving out records of
    names no spec has; returns the names of the specs without a record."""
    order = [s["name"] for s in specs]
    with gzip.open(out, "wt", compresslevel=9) as f:
        f.writelines(records[n] for n in order if n in records)
    return [n for n in order if n not in records]


def concatenate(paths, out):
    """Writes every non-empty line of `paths`, in order, to `out` (gzipped); a part that cannot be
    read (a recording killed mid-write) is reported and skipped. Returns the lines written."""
    lines = []
    for p in paths:
        try:
            with gzip.open(p, "rt") as f:
                lines += [line for line in f if line.strip()]
        except (OSError, EOFError) as e:
            print("unreadable part", p, e)
    with gzip.open(out, "wt") as f:
        f.writelines(lines)
    return lines
