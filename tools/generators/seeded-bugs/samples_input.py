#!/usr/bin/env python3
"""Lays out what record.sh needs to run compute-sanitizer on the unmodified cuda-samples cases too:
tools/generators/seeded-bugs/samples-input/ with samples_specs.py (the recorder's specs, copied) and
index.tsv (case name TAB module file, read from the recorded tests/data/kernels/samples_h100*.jsonl.gz,
whose modules are tests/data/kernels/modules/). The folder is git-ignored: name it in the device
call's carry. Run from the repository root:

    python3 tools/generators/seeded-bugs/samples_input.py [SAMPLES_SPECS]

SAMPLES_SPECS defaults to tools/generators/gpu-golden/kernels/samples_specs.py."""
import glob, gzip, importlib.util, json, os, shutil, sys

src = sys.argv[1] if len(sys.argv) > 1 else "tools/generators/gpu-golden/kernels/samples_specs.py"
out = "tools/generators/seeded-bugs/samples-input"
if not os.path.exists(src) or not os.path.isdir("tests/data/kernels/modules"):
    sys.exit(__doc__)
os.makedirs(out, exist_ok=True)
shutil.copyfile(src, os.path.join(out, "samples_specs.py"))
module = {}
for path in sorted(glob.glob("tests/data/kernels/samples_h100*.jsonl.gz")):
    for line in gzip.open(path, "rt"):
        case = json.loads(line)
        module[case["name"]] = case["module"]
spec = importlib.util.spec_from_file_location("specs", os.path.join(out, "samples_specs.py"))
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
names = [s["name"] for s in m.SPECS]
missing = [n for n in names if n not in module]
with open(os.path.join(out, "index.tsv"), "w") as f:
    f.writelines(f"{n}\t{module[n]}\n" for n in names if n in module)
print(f"{len(names) - len(missing)} of {len(names)} specs in {out}/index.tsv"
      + (f"; no recorded case for {missing}" if missing else ""))
