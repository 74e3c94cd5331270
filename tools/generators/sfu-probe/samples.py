#!/usr/bin/env python3
"""Keep a sample of the probe records as test data.

    python3 tools/generators/sfu-probe/samples.py PART0.pkl ... > tests/data/sfu/h100_samples.bin.gz

Per probe, 2048 records (the first 2048 pseudo-random ones, or every
(count/2048)th of a contiguous run), gzip'd, as blocks of

    u16 form length, form (the PTX instruction, e.g. `rcp.approx.f32`),
    u8 operands (1 or 2), u8 bytes per value (2, 4 or 8; `f64hi` runs
    are 8-byte operands whose lower word is 0 and whose result's lower
    word is 0), u32 records, then per record the operands and the result,

all little-endian.  `tests/special_functions.rs` replays them.
"""

import gzip
import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from decode import load  # noqa: E402

KEEP = 2048


def main():
    out = bytearray()
    for name, (x, y, op) in load(*sys.argv[1:]).items():
        step = 1 if "#" in name else max(1, len(y) // KEEP)
        idx = np.arange(0, len(y), step)[:KEEP]
        x, y = x[idx], y[idx]
        if "#hash2" in name:
            ops, width = 2, 4
            cols = [x[:, 0].astype("<u4"), x[:, 1].astype("<u4"), y.astype("<u4")]
        elif op.endswith(".f64") and x.dtype == np.uint32:
            ops, width = 1, 8
            cols = [x.astype("<u8") << np.uint64(32), y.astype("<u8") << np.uint64(32)]
        elif x.dtype == np.uint64:
            ops, width = 1, 8
            cols = [x.astype("<u8"), y.astype("<u8")]
        elif x.dtype == np.uint16:
            ops, width = 1, 2
            cols = [x.astype("<u2"), y.astype("<u2")]
        else:
            ops, width = 1, 4
            cols = [x.astype("<u4"), y.astype("<u4")]
        rows = np.stack(cols, 1)
        form = op.encode()
        out += struct.pack("<H", len(form)) + form + struct.pack("<BBI", ops, width, len(rows))
        out += rows.tobytes()
    sys.stdout.buffer.write(gzip.compress(bytes(out), 9, mtime=0))


if __name__ == "__main__":
    main()
