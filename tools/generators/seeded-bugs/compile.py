#!/usr/bin/env python3
"""Build the modules of the seeded-bug cases (specs.py): every source of tests/data/kernels/seeded/src
through nvcc -ptx -arch=sm_90, into tests/data/kernels/seeded/modules/ with index.tsv (case name TAB
module file), through the shared builder (tools/lib/kernel_modules.py).

Run from the repository root, with the nvcc of CUDA 13.0 (pip nvidia-cuda-nvcc==13.0.88); without
an argument, the one in $CUDA_VENV (default target/cuda-venv, tools/lib/README.md):

    python3 tools/generators/seeded-bugs/compile.py [NVCC]

Exits non-zero if a source fails to build or a spec's entry is not in its module."""
import os, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
import kernel_modules as modules  # noqa: E402

if len(sys.argv) > 2 or not os.path.isdir("tests/data/kernels/seeded/src"):
    sys.exit(__doc__)
specs = modules.load_specs(os.path.join(here, "specs.py"))
sys.exit(modules.build(specs, "tests/data/kernels/seeded/src", "tests/data/kernels/seeded/modules",
                       modules.find_nvcc(sys.argv[1:]), arch="sm_90", ptxas=True))
