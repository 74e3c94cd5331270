#!/usr/bin/env python3
"""Collects the inline-PTX statements of public CUDA projects.

For each repository snapshot (a bare git directory, as the `fetch` tool or
`git clone --bare` leaves it), this reads every CUDA source (.cu .cuh .h
.hpp .inl) of the newest commit that holds an `asm` statement, writes it to
a scratch folder outside the repository, and runs `ptxsim extract` on it.
Each statement becomes one JSON line in the shared corpus's schema
(tests/data/realworld/corpus/README.md) with its origin (`repo`, `commit`, `path`,
`line`). Statements are deduplicated by (template, constraints), keeping
the first source in the order of REPOS below and of paths within a repo.

Left out, and counted in the summary printed on stderr:
  - statements the extractor could not read (`ptxsim check FILE` counts
    them as "not checked"): a template a C macro builds (`"ld." #x`,
    a string macro spliced in);
  - repositories whose licence does not allow redistributing excerpts
    under this project's licence (SKIP_REPOS), and files whose own header
    names a proprietary or copyleft licence;
  - vendored third-party trees (VENDORED) and copies of the shared
    corpus's four projects (cutlass, cccl, ThunderKittens,
    flash-attention), and statements already in the shared corpus;
  - statements that are not PTX (host x86/Arm/POWER asm, AMD GPU asm),
    and statements with a constraint nvcc refuses in device code.

Usage:
  collect.py --mirror MIRROR_DIR [--scratch target/realworld-scratch] \\
             --ptxsim target/release/ptxsim --out statements.jsonl \\
             --sources tools/generators/realworld-corpus/sources.tsv \\
             [--shared tests/data/realworld/corpus/realworld_inline_asm.jsonl]

MIRROR_DIR holds the bare snapshots, one `OWNER+NAME` folder each; the
scratch folder (default under target/) gets the extracted sources.

Python 3 standard library only.
"""

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter, OrderedDict

# The repositories, in the order the deduplication prefers them. Each is
# looked for as MIRROR/OWNER+NAME/repo (the `fetch` tool's layout) or
# MIRROR/OWNER+NAME (a bare clone).
REPOS = [
    "deepseek-ai/DeepGEMM",
    "deepseek-ai/FlashMLA",
    "deepseek-ai/DeepEP",
    "flashinfer-ai/flashinfer",
    "NVIDIA/TransformerEngine",
    "NVIDIA/apex",
    "NVIDIA/nccl",
    "NVIDIA/FasterTransformer",
    "NVIDIA/cuda-samples",
    "NVIDIA/MatX",
    "NVIDIA/warp",
    "NVIDIA/cuCollections",
    "NVlabs/tiny-cuda-nn",
    "rapidsai/raft",
    "rapidsai/cuvs",
    "facebookresearch/faiss",
    "facebookresearch/xformers",
    "bitsandbytes-foundation/bitsandbytes",
    "IST-DASLab/marlin",
    "mit-han-lab/llm-awq",
    "thu-ml/SageAttention",
    "tile-ai/tilelang",
    "InternLM/lmdeploy",
    "turboderp/exllamav2",
    "turboderp-org/exllamav3",
    "microsoft/DeepSpeed",
    "microsoft/BitBLAS",
    "pytorch/ao",
    "bytedance/flux",
    "mirage-project/mirage",
    "state-spaces/mamba",
    "Dao-AILab/causal-conv1d",
    "OpenNMT/CTranslate2",
    "Bruce-Lee-LY/cuda_hgemm",
    "xlite-dev/ffpa-attn",
    "NVIDIA/Fuser",
    "pytorch/FBGEMM",
    "kvcache-ai/ktransformers",
    "ModelCloud/GPTQModel",
    "rapidsai/cudf",
    "xlite-dev/LeetCUDA",
]

# Repositories left out whole, and why.
SKIP_REPOS = {
    "xlite-dev/LeetCUDA": "GPL-3.0: excerpts could only be redistributed "
    "under the GPL, not under this project's MIT OR Apache-2.0",
}

# The shared corpus's projects: never collected, nor their vendored copies.
SHARED_CORPUS_REPOS = {
    "NVIDIA/cutlass",
    "NVIDIA/cccl",
    "HazyResearch/ThunderKittens",
    "Dao-AILab/flash-attention",
}

EXTENSIONS = (".cu", ".cuh", ".h", ".hpp", ".inl")

# Paths left out: vendored third-party trees, copies of the shared
# corpus's projects, AMD GPU (HIP/ROCm) sources.
VENDORED = re.compile(
    r"(^|/)(third_party|third-party|thirdparty|3rdparty|external|extern|"
    r"vendor|vendored|deps|dependencies|submodules|boost|catch2|"
    r"cutlass|include/cute|cub|thrust|libcudacxx|cccl|flash-attention|"
    r"ThunderKittens|kittens|hip|rocm|amd)/",
    re.IGNORECASE,
)

# Files whose own header says they are copied from one of the shared
# corpus's projects (checked by hand).
COPIED_FROM_SHARED = {
    ("deepseek-ai/FlashMLA", "csrc/sm90/decode/sparse_fp8/components/helpers.h"),
}

# A file header (its first 60 lines) that names a licence under which its
# excerpts cannot be redistributed here.
RESTRICTED_HEADER = re.compile(
    r"proprietary|TensorRT Source Code License|strictly prohibited|"
    r"GNU (Lesser |Library )?General Public License|\bGPL\b",
    re.IGNORECASE,
)

ASM_TOKEN = re.compile(rb"\b(asm|__asm__|__asm)\b")

# Templates that are not PTX: x86 and Arm host asm, AMD GPU asm.
NOT_PTX = re.compile(
    r"%%[re]?[abcd]x\b|%%[re]?[sd]i\b|%%[re]?[sb]p\b|\bcpuid\b|\brdtsc\b|"
    r"\bxchg[lqwb]?\b|\bmov[lqwb]\s|\block\s*;|\bpause\b|\bdmb\b|\bdsb\b|"
    r"\bisb\b|\bs_waitcnt\b|\bv_[a-z0-9_]+\b|\bs_[a-z0-9_]+\b|\bds_[a-z_]+\b|"
    r"\bglobal_load_|\bbuffer_load_|\bfnstcw\b|\bfldcw\b|\bstmxcsr\b|\bldmxcsr\b|"
    r"\bmrs\b|\bmsr\b|\byield\b|\bsfence\b|\blfence\b|\bmfence\b|\bvzeroupper\b|"
    r"\bprefetcht[0-2]\b|\bclflush\b|\bxgetbv\b|^\s*(sync|lwsync|isync|eieio)\s*$|"
    r"\b(ldrb?|ldp|stp|strb?|lsl|ptrue|whilelt|zip[12]|trn[12]|ld1[bhwd]?|st1[bhwd]?)\s|\b[wx]zr\b|"
    r"%%[xyzt]mm\d|\btileloadd|\btilestored|\btdp[a-z0-9]+|\bldtilecfg|\btilerelease",
)

# The constraint letters nvcc takes in device code (with `=`, `+`, `&`, or
# a digit naming a tied output); it refuses others ("asm constraint letter
# 'i' is not allowed inside a __device__/__global__ function").
NVCC_LETTERS = {"h", "r", "l", "f", "d", "q", "n", "C"}

# Opcodes that only help the statement's instruction (a predicate set up,
# a result selected, a value moved): `primary` is the first other opcode,
# as in the shared corpus.
HELPERS = {"setp", "selp", "mov", "bra"}


def licence_name(text):
    """The licence a LICENSE file names, as an SPDX identifier: its
    SPDX-License-Identifier line, else the licence whose text starts
    first in it."""
    m = re.search(r"SPDX-License-Identifier:\s*([\w.+-]+)", text[:2000])
    if m:
        return m.group(1)
    marks = []
    for pattern, name in [
        (r"GNU GENERAL PUBLIC LICENSE", "GPL"),
        (r"GNU LESSER GENERAL PUBLIC LICENSE", "LGPL"),
        (r"Apache License", "Apache-2.0"),
        (r"Permission is hereby granted, free of charge", "MIT"),
        (r"Redistribution and use in source and binary forms", "BSD"),
    ]:
        m = re.search(pattern, text, re.I)
        if m:
            marks.append((m.start(), name))
    if not marks:
        return "unknown"
    name = min(marks)[1]
    if name == "GPL" and re.search(r"Version 3", text[:2000]):
        return "GPL-3.0"
    if name == "Apache-2.0" and re.search(r"original BSD license", text):
        return "Apache-2.0 (parts BSD-3-Clause)"
    if name == "BSD":
        if re.search(r"Neither the name|names of (its|the) contributors", text):
            return "BSD-3-Clause"
        return "BSD-2-Clause"
    return name


def git(gitdir, *args, binary=False):
    out = subprocess.run(
        ["git", "--git-dir", gitdir, *args], check=True, capture_output=True
    ).stdout
    return out if binary else out.decode()


def find_gitdir(mirror, repo):
    base = os.path.join(mirror, repo.replace("/", "+"))
    for d in (os.path.join(base, "repo"), base):
        if os.path.isfile(os.path.join(d, "HEAD")):
            return d
    return None


def blobs(gitdir, paths):
    """The contents of `paths` at HEAD, read through one `git cat-file`."""
    proc = subprocess.Popen(
        ["git", "--git-dir", gitdir, "cat-file", "--batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    for path in paths:
        proc.stdin.write(f"HEAD:{path}\n".encode())
        proc.stdin.flush()
        header = proc.stdout.readline().split()
        if len(header) < 3 or header[1] != b"blob":
            continue
        size = int(header[2])
        data = proc.stdout.read(size)
        proc.stdout.read(1)
        yield path, data
    proc.stdin.close()
    proc.wait()


def licence_of(gitdir):
    names = git(gitdir, "ls-tree", "--name-only", "HEAD").split("\n")
    for name in names:
        if re.match(r"(?i)^(licen[cs]e|copying)(\.(txt|md|rst))?$", name):
            text = git(gitdir, "show", f"HEAD:{name}")
            return licence_name(text), name
    return "unknown", None


def opcodes_of(template):
    """The opcodes a template uses (the first `.`-part of each instruction),
    sorted, and the primary one."""
    ops = set()
    for piece in re.split(r"[;\n]", template):
        s = piece.strip().lstrip("{}").strip()
        while True:
            m = re.match(r"^[A-Za-z_$][\w$%=]*\s*:(?!:)\s*", s)  # a label
            if not m:
                break
            s = s[m.end():]
        s = re.sub(r"^@!?%?[\w$%]+\s+", "", s)  # a guard predicate
        if not s or s.startswith(".") or s.startswith("//"):
            continue
        s = s.lstrip("{}").strip()
        m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*)", s)
        if m:
            ops.add(m.group(1))
    ops = sorted(ops)
    primary = next((o for o in ops if o not in HELPERS), ops[0] if ops else "?")
    return ops, primary


def c_statement_at(text, line, template_hint):
    """`volatile` and the clobbers of the asm statement at `line` of the C
    source `text` (best effort: None, None where it cannot tell)."""
    lines = text.split("\n")
    if line < 1 or line > len(lines):
        return None, None
    start = sum(len(l) + 1 for l in lines[: line - 1])
    candidates = []
    for m in re.finditer(r"\b(asm|__asm__|__asm)\b", lines[line - 1]):
        parsed = parse_asm(text, start + m.start())
        if parsed is not None:
            candidates.append(parsed)
    if not candidates:
        return None, None
    if len(candidates) > 1:
        # Several statements on one line: the one whose first literal opens
        # the template.
        for c in candidates:
            if c[2] and template_hint.startswith(c[2][:20]):
                return c[0], c[1]
        return None, None
    return candidates[0][0], candidates[0][1]


def parse_asm(text, at):
    """(volatile, clobbers, first string literal) of the asm statement at
    `at`, or None."""
    i = at
    m = re.match(r"(asm|__asm__|__asm)\b", text[i:])
    if not m:
        return None
    i += m.end()
    volatile = False
    while True:
        m = re.match(r"\s*(volatile|__volatile__|__volatile|inline|goto)\b", text[i:])
        if not m:
            break
        if m.group(1).startswith(("volatile", "__volatile")):
            volatile = True
        i += m.end()
    m = re.match(r"\s*\(", text[i:])
    if not m:
        return None
    i += m.end()
    depth = 1
    sections = [[""]]  # per section: its comma-separated items' literal text
    first_literal = None
    n = len(text)
    while i < n and depth > 0:
        c = text[i]
        if c == '"':
            j = i + 1
            buf = []
            while j < n and text[j] != '"':
                if text[j] == "\\" and j + 1 < n:
                    buf.append(text[j : j + 2])
                    j += 2
                    continue
                buf.append(text[j])
                j += 1
            lit = "".join(buf)
            if depth == 1:
                sections[-1][-1] += lit  # adjacent literals concatenate
            if first_literal is None:
                first_literal = lit.replace("\\n", "\n").replace("\\t", "\t")
            i = j + 1
            continue
        if c == "'":
            j = i + 1
            while j < n and text[j] != "'":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        if c == "#" and (i == 0 or text[: i].rstrip(" \t").endswith("\n")):
            return None  # a preprocessor line inside: cannot tell
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == ":" and depth == 1:
            # At the statement's own level every `:` separates (`::` is an
            # empty section); C++'s `::` only stands inside an operand's
            # parentheses.
            sections.append([""])
        elif c == "," and depth == 1:
            sections[-1].append("")
        i += 1
    if depth != 0:
        return None
    clobbers = [c for c in sections[3] if c] if len(sections) > 3 else []
    return volatile, clobbers, first_literal or ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mirror", required=True,
                    help="folder of bare repository snapshots, one OWNER+NAME each")
    ap.add_argument("--scratch", default="target/realworld-scratch")
    ap.add_argument("--ptxsim", default="target/release/ptxsim")
    ap.add_argument("--out", required=True)
    ap.add_argument("--sources", required=True)
    ap.add_argument("--shared", default="tests/data/realworld/corpus/realworld_inline_asm.jsonl")
    args = ap.parse_args()

    shared_keys = set()
    if args.shared and os.path.exists(args.shared):
        for l in open(args.shared):
            r = json.loads(l)
            shared_keys.add(key_of(r))

    seen = set()
    out = []
    rows = []
    summary = Counter()
    notes = []
    for repo in REPOS:
        assert repo not in SHARED_CORPUS_REPOS
        gitdir = find_gitdir(args.mirror, repo)
        if gitdir is None:
            notes.append(f"{repo}: no snapshot under {args.mirror}")
            continue
        commit = git(gitdir, "rev-parse", "HEAD").strip()
        licence, licence_file = licence_of(gitdir)
        if repo in SKIP_REPOS:
            notes.append(f"{repo}: skipped ({SKIP_REPOS[repo]})")
            rows.append((repo, commit, licence, "skipped"))
            continue
        if licence not in ("MIT", "BSD-3-Clause", "BSD-2-Clause", "Apache-2.0",
                           "Apache-2.0 (parts BSD-3-Clause)"):
            notes.append(f"{repo}: skipped (licence {licence})")
            rows.append((repo, commit, licence, "skipped"))
            continue
        paths = sorted(
            p
            for p in git(gitdir, "ls-tree", "-r", "--name-only", "HEAD").split("\n")
            if p.endswith(EXTENSIONS)
        )
        wanted = []
        for p in paths:
            if VENDORED.search(p):
                summary["vendored files"] += 1
                continue
            if (repo, p) in COPIED_FROM_SHARED:
                summary["files copied from the shared corpus's projects"] += 1
                continue
            wanted.append(p)
        files = {}
        for path, data in blobs(gitdir, wanted):
            if not ASM_TOKEN.search(data):
                continue
            head = b"\n".join(data.split(b"\n")[:60]).decode("utf-8", "replace")
            if RESTRICTED_HEADER.search(head):
                summary["files under a restrictive header licence"] += 1
                notes.append(f"{repo}: {path}: left out (its header names a restrictive licence)")
                continue
            dest = os.path.join(args.scratch, repo.replace("/", "+"), path)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as f:
                f.write(data)
            files[dest] = (path, data.decode("utf-8", "replace"))
        taken = 0
        dests = sorted(files, key=lambda d: files[d][0])
        for chunk in [dests[i : i + 200] for i in range(0, len(dests), 200)]:
            res = subprocess.run(
                [args.ptxsim, "extract", *chunk], check=True, capture_output=True
            )
            for l in res.stdout.decode().splitlines():
                r = json.loads(l)
                path, text = files[r["path"]]
                summary["statements read"] += 1
                if NOT_PTX.search(r["template"]):
                    summary["not PTX (host or AMD asm)"] += 1
                    continue
                letters = {c.lstrip("=+&") for c in r["outputs"] + r["inputs"]}
                if any(not (l in NVCC_LETTERS or l.isdigit()) for l in letters):
                    summary["a constraint nvcc refuses in device code"] += 1
                    continue
                k = key_of(r)
                if k in shared_keys:
                    summary["already in the shared corpus"] += 1
                    continue
                if k in seen:
                    summary["duplicates"] += 1
                    continue
                seen.add(k)
                volatile, clobbers = c_statement_at(text, r["line"], r["template"])
                ops, primary = opcodes_of(r["template"])
                rec = OrderedDict()
                rec["repo"] = repo
                rec["commit"] = commit
                rec["path"] = path
                rec["line"] = r["line"]
                rec["volatile"] = volatile
                for f in ("template", "outputs", "inputs", "named",
                          "output_exprs", "input_exprs"):
                    rec[f] = r[f]
                rec["clobbers"] = clobbers
                rec["opcodes"] = ops
                rec["primary"] = primary
                for f in ("basic", "reading", "readings"):
                    rec[f] = r[f]
                out.append(rec)
                taken += 1
        # Statements the extractor could not read (macro-built templates).
        for chunk in [dests[i : i + 1] for i in range(0, len(dests))]:
            res = subprocess.run(
                [args.ptxsim, "check", chunk[0]], capture_output=True
            )
            m = re.search(r"(\d+) asm statements?, (\d+) not checked", res.stdout.decode())
            if m:
                summary["statements not read (macro-built)"] += int(m.group(2))
        rows.append((repo, commit, licence, str(taken)))
        print(f"{repo}: {len(files)} files with asm, {taken} statements taken", file=sys.stderr)

    with open(args.out, "w") as f:
        for rec in out:
            f.write(json.dumps(rec) + "\n")
    with open(args.sources, "w") as f:
        f.write("repo\tcommit\tlicence\tstatements\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    for k, v in summary.items():
        print(f"{k}: {v}", file=sys.stderr)
    for n in notes:
        print(n, file=sys.stderr)
    print(f"{len(out)} statements written to {args.out}", file=sys.stderr)


def key_of(r):
    return (
        r["template"],
        tuple(r["outputs"]),
        tuple(r["inputs"]),
        tuple(x or "" for x in r.get("named", [])),
        bool(r.get("basic", False)),
    )


if __name__ == "__main__":
    main()
