#!/usr/bin/env python3
"""Where the tools find CUDA 13.0: the Python environment $CUDA_VENV, default `target/cuda-venv`
under the repository root (the one tools/gates/nvptx-harness/ptxas.sh installs ptxas into), holding the
pip packages of PACKAGES; its CUDA is the folder nvidia/cu13 of its site-packages (bin/nvcc,
bin/ptxas, include/). $CUDA_BIN, when set, names that bin folder directly.

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
    import cuda_env
    cuda_env.nvcc(), cuda_env.ptxas(), cuda_env.cuda_bin()

Run as a script it prints the bin folder; with --install it first creates the environment and
installs PACKAGES into it when nvcc is missing there."""
import glob, os, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# All pinned: nvcc 13.0 with an unpinned nvidia-nvvm gets a newer cicc, whose PTX (.version 9.5)
# the 13.0 ptxas refuses; cccl holds <nv/target> and <cuda/pipeline>; the profiler API's header
# is included by some cuda-samples.
PACKAGES = ["nvidia-cuda-nvcc==13.0.88", "nvidia-nvvm==13.0.88", "nvidia-cuda-crt==13.0.*",
            "nvidia-cuda-runtime==13.0.*", "nvidia-cuda-cccl==13.0.*",
            "nvidia-cuda-profiler-api==13.0.*"]
# Written into the environment once PACKAGES are installed; a stamp naming other packages (an
# environment an older list, or ptxas alone, made) means install again.
STAMP = ".ptx-cuda-packages"


class CudaNotFound(Exception):
    """No CUDA 13.0 where $CUDA_BIN or $CUDA_VENV say it is."""


def venv():
    """The Python environment that holds CUDA 13.0's pip packages (and numpy, for some tools)."""
    return os.environ.get("CUDA_VENV") or os.path.join(ROOT, "target", "cuda-venv")


def cuda_bin():
    """The bin folder of CUDA 13.0 (nvcc, ptxas, cuobjdump, nvdisasm)."""
    if os.environ.get("CUDA_BIN"):
        return os.environ["CUDA_BIN"]
    found = sorted(glob.glob(os.path.join(venv(), "lib/python3*/site-packages/nvidia/cu13/bin")))
    if not found:
        raise CudaNotFound(f"no CUDA 13.0 in {venv()}: set CUDA_VENV (or CUDA_BIN), or run "
                           f"python3 tools/lib/cuda_env.py --install")
    return found[-1]


def tool(name):
    """The path of one of CUDA's programs."""
    return os.path.join(cuda_bin(), name)


def nvcc():
    """CUDA 13.0's nvcc."""
    return tool("nvcc")


def ptxas():
    """CUDA 13.0's ptxas ($PTXAS, when set, as tools/gates/nvptx-harness/ptxas.sh takes it)."""
    return os.environ.get("PTXAS") or tool("ptxas")


def install():
    """Creates $CUDA_VENV if needed and installs PACKAGES into it, unless its stamp says they are
    there. With $CUDA_BIN set, the CUDA there is taken as it is."""
    if os.environ.get("CUDA_BIN"):
        return
    stamp = os.path.join(venv(), STAMP)
    wanted = "\n".join(PACKAGES) + "\n"
    if os.path.exists(stamp) and open(stamp).read() == wanted:
        return
    if not os.path.exists(os.path.join(venv(), "bin", "pip")):
        subprocess.run([sys.executable, "-m", "venv", venv()], check=True)
    subprocess.run([os.path.join(venv(), "bin", "pip"), "install", "--quiet", *PACKAGES], check=True)
    with open(stamp, "w") as f:
        f.write(wanted)


if __name__ == "__main__":
    if "--install" in sys.argv[1:]:
        install()
    try:
        print(cuda_bin())
    except CudaNotFound as e:
        sys.exit(str(e))
