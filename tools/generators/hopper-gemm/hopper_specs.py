# Launch spec of the warp-specialised Hopper GEMM (tests/data/kernels/hopper/src/ws_gemm.cu), in the
# recorder's format (tools/generators/gpu-golden/kernels/SPEC.md) with the project's tensormap arguments
# (tools/generators/kernel-cases/README.md). C = A x B^T: A is M x K, B is N x K (both K-major f16, rows of
# 512 bytes), C is M x N f32; M = N = K = 256; a 2 x 2 grid of 384-thread CTAs in clusters of 2
# along N (the kernel's __cluster_dims__); 2 stages of 32 KiB plus 1 KiB for alignment and the
# mbarriers of dynamic shared memory.


def tmap(buf, rows):
    return {"tensormap": {"buf": buf, "dtype": "f16", "dims": [256, 256], "strides": [512],
                          "box": [64, rows], "element_strides": [1, 1], "interleave": 0,
                          "swizzle": 128, "l2_promotion": 0, "oob_fill": 0}}


SPECS = [{
    "name": "hopper/ws_gemm/m256n256k256",
    "source": "ws_gemm.cu",
    "entry": "ws_gemm",
    "grid": [2, 2, 1], "block": [384, 1, 1], "shared_bytes": 2 * 32768 + 1024 + 64,
    "args": [tmap("A", 64), tmap("B", 128), {"buf": "C"}],
    "buffers": {
        "A": {"dtype": "f16", "len": 65536, "init": "uniform:-1:1"},
        "B": {"dtype": "f16", "len": 65536, "init": "uniform:-1:1"},
        "C": {"dtype": "f32", "len": 65536, "init": "zeros"},
    },
}]
