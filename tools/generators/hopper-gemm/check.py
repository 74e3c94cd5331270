#!/usr/bin/env python3
"""Checks a recorded hopper/ws_gemm case against numpy: C = A x B^T in float64 from the case's f16
inputs, and prints the largest absolute and relative error of the recorded C (numpy needed).

    python3 tools/generators/hopper-gemm/check.py tests/data/kernels/hopper/hopper_h100.jsonl.gz"""
import base64, gzip, json, sys
import numpy as np

for line in gzip.open(sys.argv[1], "rt"):
    r = json.loads(line)
    b = r["buffers"]
    a = np.frombuffer(base64.b64decode(b["A"]["input"]), np.float16).astype(np.float64).reshape(256, 256)
    bt = np.frombuffer(base64.b64decode(b["B"]["input"]), np.float16).astype(np.float64).reshape(256, 256)
    c = np.frombuffer(base64.b64decode(b["C"]["output"]), np.float32).astype(np.float64).reshape(256, 256)
    ref = a @ bt.T
    err = np.abs(c - ref)
    print(f"{r['name']}: max abs error {err.max():.3g}, max relative error (|ref| > 1) "
          f"{(err / np.maximum(np.abs(ref), 1)).max():.3g}, deterministic {r['deterministic']}")
