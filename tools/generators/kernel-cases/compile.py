#!/usr/bin/env python3
"""Build the modules of ours_specs.py: every .cu source through nvcc -ptx -arch=sm_90 (plus the
spec's nvcc_flags, e.g. -lineinfo), every "ptx": True source copied as it is; all into
tests/data/kernels/ours/modules/, with index.tsv (case name TAB module file).

Run from the repository root, with the nvcc of CUDA 13.0 (pip nvidia-cuda-nvcc==13.0.88):

    python3 tools/generators/kernel-cases/compile.py [NVCC]   # default: the nvcc of $CUDA_VENV (tools/lib/README.md)

The CUDA headers are taken from <nvcc>/../../include (the pip layout: cu13/bin, cu13/include).
Sources: tests/data/kernels/src. Exits non-zero if a source fails to build or a spec's entry is
not in its module."""
import os, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
import kernel_modules as modules  # noqa: E402

if len(sys.argv) != 2 or not os.path.isdir("tests/data/kernels/src"):
    sys.exit(__doc__)
specs = modules.load_specs(os.path.join(here, "ours_specs.py"))
sys.exit(modules.build(specs, "tests/data/kernels/src", "tests/data/kernels/ours/modules",
                       modules.find_nvcc(sys.argv[1:]), arch="sm_90"))
