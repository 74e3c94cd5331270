#!/usr/bin/env python3
# The project's kernel recorder: the recorder of the shared kernel set (the project's reference
# material, where it recorded tests/data/kernels/samples_h100*.jsonl.gz), plus two additions
# (tools/generators/kernel-cases/README.md) that leave every other spec recorded exactly as before: an
# argument {"tensormap": {...}} (a CUtensorMap encoded by the driver over a buffer's address and
# passed by value) and a spec field "cluster": [x, y, z]; a spec using either is launched through
# the driver (cuLaunchKernelEx) instead of CuPy's RawKernel call. The device machine sees only
# this checkout: the record.sh scripts under tools/ copy this file beside their specs and modules.
"""Run kernel specs on the GPU and record inputs and outputs (runs on the device box).
usage: record.py SET OUT.jsonl.gz [--only NAME]   (modules from modules/SET/, index.tsv maps name->module)"""
import base64, gzip, importlib.util, json, os, sys, traceback
import numpy as np, cupy as cp
here = os.path.dirname(os.path.abspath(__file__))
# The input generator: beside this file where record.sh laid it out, else in tools/lib.
sys.path.insert(1, os.path.join(here, "../../../lib"))
from kernel_inputs import make, SC  # noqa: E402
setname, out_path = sys.argv[1], sys.argv[2]
only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
spec = importlib.util.spec_from_file_location("s", f"{here}/{setname}_specs.py")
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
index = dict(l.rstrip("\n").split("\t") for l in open(f"{here}/modules/{setname}/index.tsv"))
# --- driver launches: tensor-map arguments and cluster dimensions -------------------------------
TM_DTYPE = {"u8": 0, "u16": 1, "u32": 2, "i32": 3, "u64": 4, "i64": 5, "f16": 6, "f32": 7, "f64": 8,
            "bf16": 9, "f32_ftz": 10, "tf32": 11, "tf32_ftz": 12}
TM_SWIZZLE = {0: 0, 32: 1, 64: 2, 128: 3, "128B_ATOM_32B": 4, "128B_ATOM_32B_FLIP_8B": 5, "128B_ATOM_64B": 6}
TM_INTERLEAVE = {0: 0, 16: 1, 32: 2}
TM_L2 = {0: 0, 64: 1, 128: 2, 256: 3}
_drv = None

def driver():
    """libcuda through ctypes, in CuPy's context (CuPy made the primary context current)."""
    global _drv
    if _drv is None:
        import ctypes as C
        cu = C.CDLL("libcuda.so.1")
        P, U32, U64, I = C.c_void_p, C.c_uint32, C.c_uint64, C.c_int
        pU64, pU32, pI = C.POINTER(U64), C.POINTER(U32), C.POINTER(I)
        cu.cuInit.argtypes = [C.c_uint]
        cu.cuGetErrorName.argtypes = [I, C.POINTER(C.c_char_p)]
        cu.cuTensorMapEncodeTiled.argtypes = [P, I, U32, P, pU64, pU64, pU32, pU32, I, I, I, I]
        cu.cuTensorMapEncodeIm2col.argtypes = [P, I, U32, P, pU64, pU64, pI, pI, U32, U32, pU32, I, I, I, I]
        cu.cuFuncSetAttribute.argtypes = [P, I, I]
        class Attr(C.Structure):  # CUlaunchAttribute: id, pad to 8, 64-byte value union
            _fields_ = [("id", I), ("pad", C.c_char * 4), ("x", U32), ("y", U32), ("z", U32),
                        ("rest", C.c_char * 52)]
        class Config(C.Structure):  # CUlaunchConfig
            _fields_ = [("gridDimX", C.c_uint), ("gridDimY", C.c_uint), ("gridDimZ", C.c_uint),
                        ("blockDimX", C.c_uint), ("blockDimY", C.c_uint), ("blockDimZ", C.c_uint),
                        ("sharedMemBytes", C.c_uint), ("hStream", P), ("attrs", C.POINTER(Attr)),
                        ("numAttrs", C.c_uint)]
        assert C.sizeof(Attr) == 72 and C.sizeof(Config) == 56
        cu.cuLaunchKernelEx.argtypes = [C.POINTER(Config), P, C.POINTER(P), C.POINTER(P)]
        cu.cuInit(0)
        _drv = (C, cu, Attr, Config)
    return _drv

def cu_check(r, what):
    if r:
        C, cu, _, _ = driver()
        s = C.c_char_p(); cu.cuGetErrorName(r, C.byref(s))
        raise RuntimeError(f"{what}: CUresult {r} {s.value.decode() if s.value else ''}")

def encode_tensormap(t, address):
    """The 128 bytes of a CUtensorMap (64-byte aligned ctypes storage), encoded by the driver."""
    C, cu, _, _ = driver()
    rank = len(t["dims"])
    raw = C.create_string_buffer(128 + 64)
    mapaddr = (C.addressof(raw) + 63) // 64 * 64
    dims = (C.c_uint64 * 5)(*t["dims"])
    strides = (C.c_uint64 * 5)(*t.get("strides", []))
    es = (C.c_uint32 * 5)(*t.get("element_strides", [1] * rank))
    args = (TM_DTYPE[t["dtype"]], rank, C.c_void_p(address), dims, strides)
    tail = (TM_INTERLEAVE[t.get("interleave", 0)], TM_SWIZZLE[t.get("swizzle", 0)],
            TM_L2[t.get("l2_promotion", 0)], int(t.get("oob_fill", 0)))
    if "im2col" in t:
        ic = t["im2col"]
        r = cu.cuTensorMapEncodeIm2col(mapaddr, *args, (C.c_int * 5)(*ic["lower"]), (C.c_int * 5)(*ic["upper"]),
                                       int(ic["channels"]), int(ic["pixels"]), es, *tail)
        cu_check(r, "cuTensorMapEncodeIm2col")
    else:
        r = cu.cuTensorMapEncodeTiled(mapaddr, *args, (C.c_uint32 * 5)(*t["box"]), es, *tail)
        cu_check(r, "cuTensorMapEncodeTiled")
    return raw, mapaddr

def launch_driver(fn, s, dev):
    """cuLaunchKernelEx with the spec's args (tensor maps by value) and cluster dimensions.
    Returns [{"arg": i, "buf_address": ..., "bytes": hex}] for each tensor-map argument."""
    C, cu, Attr, Config = driver()
    # CuPy's RawKernel holds the driver's CUfunction in its Function (.kernel).
    fptr = fn.kernel.ptr if hasattr(fn, "kernel") else fn.ptr
    keep, params, maps = [], [], []
    for i, a in enumerate(s["args"]):
        if "buf" in a: v = C.c_uint64(dev[a["buf"]].data.ptr)
        elif "tensormap" in a:
            t = a["tensormap"]; address = dev[t["buf"]].data.ptr
            raw, mapaddr = encode_tensormap(t, address)
            keep.append(raw); v = (C.c_char * 128).from_address(mapaddr)
            maps.append({"arg": i, "buf_address": address, "bytes": C.string_at(mapaddr, 128).hex()})
        else:
            (t, x), = a.items()
            v = {"i32": C.c_int32, "u32": C.c_uint32, "i64": C.c_int64, "u64": C.c_uint64,
                 "f32": C.c_float, "f64": C.c_double}[t](x)
        keep.append(v); params.append(C.cast(C.pointer(v), C.c_void_p))
    kp = (C.c_void_p * max(1, len(params)))(*params)
    shared = int(s.get("shared_bytes", 0))
    if shared > 48 * 1024:  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
        cu_check(cu.cuFuncSetAttribute(C.c_void_p(fptr), 8, shared), "cuFuncSetAttribute")
    attrs = (Attr * 1)()
    cfg = Config(*s["grid"], *s["block"], shared, C.c_void_p(cp.cuda.get_current_stream().ptr), attrs, 0)
    if "cluster" in s:  # CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attrs[0].id = 4; attrs[0].x, attrs[0].y, attrs[0].z = s["cluster"]; cfg.numAttrs = 1
    cu_check(cu.cuLaunchKernelEx(C.byref(cfg), C.c_void_p(fptr), kp, None), "cuLaunchKernelEx")
    return maps

class Parts:
    """Write .jsonl.gz parts of at most ~12 MB each (OUT, OUT with .1, .2 ... before .jsonl.gz)."""
    def __init__(self, path):
        self.base, self.n, self.f = path[:-len(".jsonl.gz")], 0, None
        self.open()
    def open(self):
        p = f"{self.base}.jsonl.gz" if self.n == 0 else f"{self.base}.{self.n}.jsonl.gz"
        self.raw = open(p, "wb"); self.f = gzip.GzipFile(fileobj=self.raw, mode="wb")
    def write(self, line):
        self.f.write(line.encode())
        if self.raw.tell() > 12_000_000:
            self.close(); self.n += 1; self.open()
    def close(self):
        self.f.close(); self.raw.close()
out = Parts(out_path)
done = failed = 0
modules = {}
for s in m.SPECS:
    if only and s["name"] != only: continue
    try:
        mp = f"{here}/modules/{setname}/{index[s['name']]}"
        if mp not in modules: modules[mp] = cp.RawModule(path=mp)
        fn = modules[mp].get_function(s["entry"])
        host = {k: make(s["name"], k, b) for k, b in s["buffers"].items()}
        outs = []
        for rep in range(2):
            dev = {k: cp.asarray(v) for k, v in host.items()}
            if "cluster" in s or any("tensormap" in a for a in s["args"]):
                maps = launch_driver(fn, s, dev)
            else:
                args = []
                for a in s["args"]:
                    if "buf" in a: args.append(dev[a["buf"]])
                    else:
                        (t, v), = a.items(); args.append(SC[t](v))
                fn(tuple(s["grid"]), tuple(s["block"]), tuple(args), shared_mem=s.get("shared_bytes", 0))
            cp.cuda.Device().synchronize()
            outs.append({k: cp.asnumpy(v) for k, v in dev.items()})
        det = all(outs[0][k].tobytes() == outs[1][k].tobytes() for k in host)
        rec = {k: s[k] for k in ("name", "entry", "grid", "block", "args")}
        rec["module"] = index[s["name"]]; rec["shared_bytes"] = s.get("shared_bytes", 0)
        rec["deterministic"] = det
        if "cluster" in s: rec["cluster"] = s["cluster"]
        if any("tensormap" in a for a in s["args"]): rec["tensormaps"] = maps  # the last launch's
        rec["buffers"] = {k: {"dtype": s["buffers"][k]["dtype"], "len": int(s["buffers"][k]["len"]),
                              "input": base64.b64encode(host[k].tobytes()).decode(),
                              "changed": host[k].tobytes() != outs[0][k].tobytes()} for k in host}
        for k in host:
            if rec["buffers"][k]["changed"]:
                rec["buffers"][k]["output"] = base64.b64encode(outs[0][k].tobytes()).decode()
                if outs[1][k].tobytes() != outs[0][k].tobytes():
                    rec["buffers"][k]["output_alt"] = base64.b64encode(outs[1][k].tobytes()).decode()
        out.write(json.dumps(rec) + "\n"); done += 1
        print("OK", s["name"], "det" if det else "NONDET", "changed:", [k for k in host if rec["buffers"][k]["changed"]], flush=True)
    except Exception as e:
        failed += 1
        print("FAIL", s["name"], type(e).__name__, str(e)[:300], flush=True)
        try: cp.cuda.Device().synchronize()
        except Exception: print("context broken; stopping"); break
out.close()
print(f"recorded {done}, failed {failed}")
