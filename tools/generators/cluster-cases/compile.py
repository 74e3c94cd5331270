#!/usr/bin/env python3
"""Build the modules of cluster_specs.py: every .cu source under tests/data/kernels/cluster/src
through nvcc -ptx -arch=sm_90a into tests/data/kernels/cluster/modules/, with index.tsv (case
name TAB module file), then check each module with ptxas -arch=sm_90a and each spec against its
module: the entry exists, and its .reqnctapercluster is the spec's "reqnctapercluster" (no
.reqnctapercluster / .explicitcluster where that is None).

Run from the repository root, with the nvcc of CUDA 13.0 (pip nvidia-cuda-nvcc 13.0.88):

    python3 tools/generators/cluster-cases/compile.py [NVCC]

NVCC defaults to the nvcc of $CUDA_VENV (default target/cuda-venv, tools/lib/README.md); the CUDA
headers are taken from <nvcc>/../../include (the pip layout: cu13/bin, cu13/include) and ptxas
from beside nvcc. Exits non-zero if a source fails to build or a check fails."""
import os, re, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
import kernel_modules as modules  # noqa: E402


def cluster_shape(spec, head):
    """A problem with the entry's cluster directives, if any."""
    req = re.search(r"\.reqnctapercluster\s+(\d+)\s*,\s*(\d+)\s*,\s*(\d+)", head)
    got = [int(x) for x in req.groups()] if req else None
    if got != spec["reqnctapercluster"]:
        return f"cluster shape: the spec says {spec['reqnctapercluster']}, the module {got}"
    if got is None and ".explicitcluster" in head:
        return "an unexpected .explicitcluster"
    return None


specs = modules.load_specs("tools/generators/cluster-cases/cluster_specs.py")
sys.exit(modules.build(specs, "tests/data/kernels/cluster/src", "tests/data/kernels/cluster/modules",
                       modules.find_nvcc(sys.argv[1:]), arch="sm_90a", ptxas=True, check=cluster_shape))
