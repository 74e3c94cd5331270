#!/usr/bin/env python3
"""Build the TMA kernel cases' module: tests/data/kernels/tma/src/tma.cu through nvcc -ptx -arch=sm_90a
(CUDA 13.0), checked with ptxas -arch=sm_90a, into tests/data/kernels/tma/modules/tma.ptx, with
index.tsv (case name TAB module file) for every spec of tools/generators/tma-cases/tma_specs.py. Run from the
repository root:

    python3 tools/generators/tma-cases/compile.py [NVCC]

NVCC defaults to the pip CUDA 13.0 in $CUDA_VENV, default target/cuda-venv (tools/lib/kernel_modules.py
does the work). Exits non-zero if the build or ptxas fails or a spec's entry is missing from the module."""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
import kernel_modules as modules  # noqa: E402

specs = modules.load_specs("tools/generators/tma-cases/tma_specs.py")
sys.exit(modules.build(specs, "tests/data/kernels/tma/src", "tests/data/kernels/tma/modules",
                       modules.find_nvcc(sys.argv[1:]), arch="sm_90a", ptxas=True))
