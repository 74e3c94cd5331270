#!/usr/bin/env python3
"""Builds the module of hopper_specs.py: tests/data/kernels/hopper/src/ws_gemm.cu through CUDA
13.0's nvcc -ptx -arch=sm_90a (wgmma and setmaxnreg need the "a" target) into
tests/data/kernels/hopper/modules/ws_gemm.ptx, with index.tsv (case name TAB module file), then
checks the module with ptxas -arch=sm_90a and that each spec's entry is in it.

Run from the repository root (nvcc defaults to the pip install in $CUDA_VENV, default target/cuda-venv:
tools/lib/README.md):

    python3 tools/generators/hopper-gemm/compile.py [/path/to/cu13/bin/nvcc]

The CUDA headers (cuda.h, for CUtensorMap) are taken from <nvcc>/../include (the pip layout:
cu13/bin, cu13/include). nvcc runs in the source's folder so that the module does not depend on
where the checkout lies; its output is the committed ws_gemm.ptx byte for byte."""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
import kernel_modules as modules  # noqa: E402

specs = modules.load_specs("tools/generators/hopper-gemm/hopper_specs.py")
sys.exit(modules.build(specs, "tests/data/kernels/hopper/src", "tests/data/kernels/hopper/modules",
                       modules.find_nvcc(sys.argv[1:]), arch="sm_90a", ptxas=True))
