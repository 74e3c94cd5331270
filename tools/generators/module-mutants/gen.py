#!/usr/bin/env python3
"""Mutants of real and hand-written PTX modules, one edited line each.

Usage: gen.py [--per-module N] [--seed S] > mutants.tsv

Reads the modules under ptx-core/tests/data/modules/ (cuda-samples/*.ptx.gz,
hand/*.ptx) and writes one mutant per line, tab-separated:

    id  module  line  kind  old  new

`module` is the path under ptx-core/tests/data/modules/, `line` the 1-based
line replaced, `old` the line as it was and `new` what replaces it (both
with `\\`, tab and newline escaped as `\\\\`, `\\t`, `\\n`; `new` may hold
several lines, or none). Each mutation is one of the mistakes people and
tools make: a typo'd opcode, a wrong type, an undeclared register, an
undefined label, a wrong argument count, a missing or wrong header, a
duplicate declaration, ... `run_ptxas.py` then asks ptxas for its verdict.
"""

import argparse
import gzip
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "ptx-core" / "tests" / "data" / "modules"


def read_module(rel):
    path = DATA / rel
    if path.suffix == ".gz":
        return gzip.decompress(path.read_bytes()).decode()
    return path.read_text()


def escape(s):
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


INSTR = re.compile(r"^(\s*)(@!?%?\w+\s+)?([a-z][a-z0-9_]*)((?:\.[\w:]+)*)(\s+.*)?;\s*(//.*)?$")
REG_DECL = re.compile(r"^(\s*)\.reg\s+(\.\w+)\s+(%?\w+)<(\d+)>;")
LABEL = re.compile(r"^(\s*)(\$?[A-Za-z_$][\w$]*):\s*$")
REGISTER = re.compile(r"%(r|rd|f|fd|p|rs|h|hh)(\d+)\b")

TYPES = ["s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64", "b8", "b16", "b32",
         "b64", "f16", "f32", "f64", "bf16", "pred", "f16x2"]


class Module:
    def __init__(self, rel, text):
        self.rel = rel
        self.lines = text.split("\n")
        self.instr = []
        self.reg_decls = []
        self.labels = []
        for i, line in enumerate(self.lines):
            if REG_DECL.match(line):
                self.reg_decls.append(i)
            elif LABEL.match(line):
                self.labels.append(i)
            elif INSTR.match(line) and not line.strip().startswith("."):
                self.instr.append(i)

    def find(self, pattern):
        return [i for i, l in enumerate(self.lines) if re.search(pattern, l)]


def typo(word, rng):
    k = rng.randrange(len(word))
    choice = rng.randrange(3)
    if choice == 0 and len(word) > 1:
        return word[:k] + word[k + 1:]
    if choice == 1:
        return word[:k] + word[k] + word[k:]
    letters = "abcdefghijklmnopqrstuvwxyz"
    return word[:k] + rng.choice(letters.replace(word[k], "")) + word[k + 1:]


# Each mutation takes the module and a random generator and returns
# (line index, new text) or None when it does not apply.

def opcode_typo(m, rng):
    i = rng.choice(m.instr)
    g = INSTR.match(m.lines[i])
    op = g.group(3)
    new = typo(op, rng)
    return i, m.lines[i].replace(op, new, 1)


def type_swap(m, rng):
    candidates = [i for i in m.instr if re.search(r"\.(%s)\b" % "|".join(TYPES), m.lines[i])]
    if not candidates:
        return None
    i = rng.choice(candidates)
    line = m.lines[i]
    found = re.findall(r"\.(%s)\b" % "|".join(TYPES), line)
    old = rng.choice(found)
    new = rng.choice([t for t in TYPES if t != old])
    return i, re.sub(r"\.%s\b" % old, "." + new, line, count=1)


def undeclared_register(m, rng):
    candidates = [i for i in m.instr if REGISTER.search(m.lines[i])]
    if not candidates:
        return None
    i = rng.choice(candidates)
    regs = list(REGISTER.finditer(m.lines[i]))
    r = rng.choice(regs)
    if rng.random() < 0.5:
        new = "%%%s%d" % (r.group(1), int(r.group(2)) + 1000)
    else:
        new = "%%x%s%s" % (r.group(1), r.group(2))
    line = m.lines[i]
    return i, line[:r.start()] + new + line[r.end():]


def register_class(m, rng):
    candidates = [i for i in m.instr if REGISTER.search(m.lines[i])]
    if not candidates:
        return None
    i = rng.choice(candidates)
    line = m.lines[i]
    regs = list(REGISTER.finditer(line))
    r = rng.choice(regs)
    classes = set(REGISTER.findall("\n".join(m.lines[max(0, i - 400):i])))
    others = sorted({c for c, _ in classes if c != r.group(1)})
    if not others:
        return None
    new = "%%%s1" % rng.choice(others)
    return i, line[:r.start()] + new + line[r.end():]


def undefined_label(m, rng):
    candidates = [i for i in m.instr if re.search(r"\bbra(\.uni)?\s", m.lines[i])]
    if not candidates:
        return None
    i = rng.choice(candidates)
    return i, re.sub(r"(bra(?:\.uni)?\s+)([\w$]+)", r"\1\2_missing", m.lines[i], count=1)


def duplicate_label(m, rng):
    if not m.labels:
        return None
    i = rng.choice(m.labels)
    return i, m.lines[i] + "\n" + m.lines[i]


def drop_reg_decl(m, rng):
    if not m.reg_decls:
        return None
    i = rng.choice(m.reg_decls)
    return i, ""


def shrink_reg_range(m, rng):
    candidates = [i for i in m.reg_decls if int(REG_DECL.match(m.lines[i]).group(4)) > 2]
    if not candidates:
        return None
    i = rng.choice(candidates)
    g = REG_DECL.match(m.lines[i])
    n = int(g.group(4))
    return i, m.lines[i].replace("<%d>" % n, "<%d>" % (n // 2), 1)


def duplicate_declaration(m, rng):
    candidates = m.reg_decls + m.find(r"^\s*(\.visible\s+|\.extern\s+)?\.(global|shared|const)\s")
    candidates += m.find(r"^\s*\.(shared|local)\s")
    if not candidates:
        return None
    i = rng.choice(candidates)
    return i, m.lines[i] + "\n" + m.lines[i]


def header(m, rng):
    which = rng.choice(["version", "target", "address_size"])
    lines = m.find(r"^\.%s\b" % which)
    if not lines:
        return None
    i = lines[0]
    if which == "address_size":
        return i, rng.choice(["", ".address_size 32", ".address_size 48"])
    if which == "version":
        return i, rng.choice(["", ".version 6.0", ".version 7.0", ".version 7.5", ".version 7.8",
                              ".version 8.0", ".version 8.3", ".version 9.1", ".version 5.5",
                              ".version 8.9", ".version 10.0"])
    return i, rng.choice(["", ".target sm_70", ".target sm_75", ".target sm_80", ".target sm_86",
                          ".target sm_89", ".target sm_90a", ".target sm_100", ".target sm_100a",
                          ".target sm_91", ".target sm_35", ".target compute_90",
                          ".target sm_90, texmode_independent", ".target sm_90, debug",
                          ".target sm_90, sm_80", ".target sm90"])


def drop_semicolon(m, rng):
    i = rng.choice(m.instr)
    line = m.lines[i]
    k = line.rfind(";")
    return i, line[:k] + line[k + 1:]


def drop_operand(m, rng):
    candidates = [i for i in m.instr if "," in m.lines[i]]
    if not candidates:
        return None
    i = rng.choice(candidates)
    line = m.lines[i]
    k = line.rfind(",")
    end = line.rfind(";")
    if "{" in line[k:end] or "}" in line[k:end] or "[" in line[k:end] and "]" not in line[k:end]:
        return None
    return i, line[:k] + line[end:]


def param_name(m, rng):
    candidates = m.find(r"ld\.param\.\w+\s+%\w+,\s*\[\w+\]")
    if not candidates:
        return None
    i = rng.choice(candidates)
    return i, re.sub(r"\[(\w+)\]", r"[\1_x]", m.lines[i], count=1)


def space_swap(m, rng):
    candidates = m.find(r"\b(ld|st|atom|red)\.(global|shared|local|const|param)\b")
    if not candidates:
        return None
    i = rng.choice(candidates)
    line = m.lines[i]
    g = re.search(r"\b(ld|st|atom|red)\.(global|shared|local|const|param)\b", line)
    new = rng.choice([s for s in ["global", "shared", "local", "const", "param"] if s != g.group(2)])
    return i, line[:g.start(2)] + new + line[g.end(2):]


def align_change(m, rng):
    candidates = m.find(r"\.align\s+\d+")
    if not candidates:
        return None
    i = rng.choice(candidates)
    return i, re.sub(r"\.align\s+\d+", ".align %d" % rng.choice([3, 6, 12, 0, 128]), m.lines[i], count=1)


def drop_extern(m, rng):
    candidates = m.find(r"^\.extern\s")
    if not candidates:
        return None
    i = rng.choice(candidates)
    return i, m.lines[i].replace(".extern ", "", 1)


def initializer(m, rng):
    candidates = m.find(r"=\s*[-{\w]")
    candidates = [i for i in candidates if m.lines[i].lstrip().startswith(".")]
    if not candidates:
        return None
    i = rng.choice(candidates)
    line = m.lines[i]
    choice = rng.randrange(4)
    if choice == 0 and "{" in line:
        return i, line.replace("}", ", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}", 1)
    if choice == 1:
        return i, re.sub(r"=\s*(\{?)\s*-?[\w.]+", r"= \g<1>1.5", line, count=1)
    if choice == 2:
        return i, re.sub(r"(\w+)(\[\d*\])*\s*=", r"\1 =", line, count=1)
    return i, re.sub(r"\.(global|const)\b", ".shared", line, count=1)


def guard(m, rng):
    candidates = m.find(r"@!?%p\d+")
    if not candidates:
        return None
    i = rng.choice(candidates)
    return i, re.sub(r"@(!?)%p(\d+)", r"@\1%r\2", m.lines[i], count=1)


def vector_arity(m, rng):
    candidates = [i for i in m.instr if re.search(r"\{%\w+(,\s*%\w+)+\}", m.lines[i])]
    if not candidates:
        return None
    i = rng.choice(candidates)
    return i, re.sub(r"\{(%\w+),\s*(%\w+)", r"{\2", m.lines[i], count=1)


def drop_modifier(m, rng):
    candidates = [i for i in m.instr if INSTR.match(m.lines[i]).group(4).count(".") >= 2]
    if not candidates:
        return None
    i = rng.choice(candidates)
    g = INSTR.match(m.lines[i])
    mods = g.group(4).split(".")[1:]
    k = rng.randrange(len(mods))
    new = "".join("." + x for j, x in enumerate(mods) if j != k)
    line = m.lines[i]
    return i, line[:g.start(4)] + new + line[g.end(4):]


def special_register(m, rng):
    candidates = m.find(r"%(tid|ntid|ctaid|nctaid)\.[xyz]")
    if not candidates:
        return None
    i = rng.choice(candidates)
    new = rng.choice(["%tid.w", "%clusterid.x", "%cluster_ctarank", "%laneid.x", "%warpid",
                      "%globaltimer", "%smid", "%tidx"])
    return i, re.sub(r"%(tid|ntid|ctaid|nctaid)\.[xyz]", new, m.lines[i], count=1)


def immediate(m, rng):
    candidates = [i for i in m.instr if re.search(r",\s*-?\d+;", m.lines[i])]
    if not candidates:
        return None
    i = rng.choice(candidates)
    new = rng.choice(["1.5", "0f3F800000", "99999999999", "-1", "0x100000000", "%r1"])
    return i, re.sub(r",\s*-?\d+;", ", %s;" % new, m.lines[i], count=1)


def entry_attribute(m, rng):
    candidates = m.find(r"^\.(visible\s+|weak\s+)?\.(entry|func)\s")
    if not candidates:
        return None
    i = rng.choice(candidates)
    line = m.lines[i]
    # Attributes stand after the parameter list: before the body's `{`.
    j = i
    while j < len(m.lines) and m.lines[j].strip() != "{" and not m.lines[j].rstrip().endswith("{"):
        j += 1
    if j >= len(m.lines):
        return None
    attr = rng.choice([".maxntid 128", ".reqntid 64, 2", ".maxntid 32 .reqntid 32", ".noreturn",
                       ".minnctapersm 2", ".maxnreg 40", ".reqnctapercluster 2",
                       ".maxclusterrank 4 .reqnctapercluster 2", ".explicitcluster",
                       ".maxntid 1, 2, 3, 4", ".blocksareclusters"])
    if m.lines[j].strip() == "{":
        return j, attr + "\n" + m.lines[j]
    return j, m.lines[j].replace("{", attr + " {", 1)


def call_arguments(m, rng):
    candidates = m.find(r"\bcall(\.uni)?\b.*\(.*\)")
    if not candidates:
        return None
    i = rng.choice(candidates)
    line = m.lines[i]
    choice = rng.randrange(3)
    if choice == 0:
        return i, re.sub(r"\(([^()]*)\);", r"(\1, \1);", line, count=1)
    if choice == 1:
        return i, re.sub(r"\(([^(),]*),[^()]*\);", r"(\1);", line, count=1)
    return i, re.sub(r"call(\.uni)?\s+\([^()]*\),\s*", r"call\1 ", line, count=1)


def swap_operands(m, rng):
    candidates = [i for i in m.instr if re.search(r"\s(%\w+),\s*(%\w+)", m.lines[i])]
    if not candidates:
        return None
    i = rng.choice(candidates)
    return i, re.sub(r"\s(%\w+),\s*(%\w+)", r" \2, \1", m.lines[i], count=1)


def declare_after_use(m, rng):
    """Moves a module-scope variable to the end of the module."""
    candidates = m.find(r"^(\.visible\s+|\.extern\s+)?\.(global|shared|const)\s.*;")
    if not candidates:
        return None
    i = rng.choice(candidates)
    last = len(m.lines) - 1
    if i == last:
        return None
    return last, m.lines[last] + "\n" + m.lines[i]


MUTATIONS = [
    opcode_typo, type_swap, undeclared_register, register_class, undefined_label,
    duplicate_label, drop_reg_decl, shrink_reg_range, duplicate_declaration, header,
    drop_semicolon, drop_operand, param_name, space_swap, align_change, drop_extern,
    initializer, guard, vector_arity, drop_modifier, special_register, immediate,
    entry_attribute, call_arguments, swap_operands, declare_after_use,
]

def register_type(m, rng):
    """A register range declared with another type: `.b32` for `.f32` fits, `.f64` does not."""
    if not m.reg_decls:
        return None
    i = rng.choice(m.reg_decls)
    g = REG_DECL.match(m.lines[i])
    new = rng.choice([t for t in [".b16", ".b32", ".b64", ".u32", ".s32", ".f32", ".f64", ".u64",
                                  ".pred", ".f16"] if t != g.group(2)])
    return i, m.lines[i].replace(g.group(2), new, 1)


def param_type(m, rng):
    candidates = m.find(r"^\s*\.param\s+\.(u|s|b|f)\d+\s+[\w$]+,?\s*$")
    if not candidates:
        return None
    i = rng.choice(candidates)
    line = m.lines[i]
    old = re.search(r"\.(u|s|b|f)\d+", line).group(0)
    new = rng.choice([t for t in [".u32", ".u64", ".b32", ".b64", ".f32", ".f64", ".s32", ".u16"]
                      if t != old])
    return i, line.replace(old, new, 1)


def entry_to_func(m, rng):
    candidates = m.find(r"^\.(visible\s+)?\.entry\s")
    if not candidates:
        return None
    i = rng.choice(candidates)
    return i, m.lines[i].replace(".entry", ".func", 1)


def linkage_change(m, rng):
    candidates = m.find(r"^\.(visible|weak|extern|common)\s")
    candidates += m.find(r"^\.(global|const|func|entry)\s")
    if not candidates:
        return None
    i = rng.choice(candidates)
    line = m.lines[i]
    new = rng.choice(["", ".visible ", ".weak ", ".extern ", ".common "])
    stripped = re.sub(r"^\.(visible|weak|extern|common)\s+", "", line)
    return i, new + stripped


def variable_space(m, rng):
    candidates = m.find(r"^(\.visible\s+|\.extern\s+)?\.(global|shared|const)\s")
    candidates += m.find(r"^\s+\.(shared|local)\s+\.align")
    if not candidates:
        return None
    i = rng.choice(candidates)
    line = m.lines[i]
    g = re.search(r"\.(global|shared|const|local)\b", line)
    new = rng.choice([x for x in ["global", "shared", "const", "local"] if x != g.group(1)])
    return i, line[:g.start(1)] + new + line[g.end(1):]


def label_rename(m, rng):
    if not m.labels:
        return None
    i = rng.choice(m.labels)
    g = LABEL.match(m.lines[i])
    return i, "%s%s_renamed:" % (g.group(1), g.group(2))


# Mutations of declarations, after the first batch of verdicts.
DECLARATION_MUTATIONS = [
    register_type, param_type, entry_to_func, linkage_change, variable_space, label_rename,
]

# What the hand-written modules are for: calls, initializers, attributes,
# declarations; drawn more often there.
MODULE_MUTATIONS = [
    call_arguments, initializer, entry_attribute, declare_after_use, drop_extern,
    duplicate_declaration, header,
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--batch", choices=["first", "declarations", "nvcc"], default="first",
                    help="first: ids m0001..., the mutations of every kind; declarations: "
                         "ids d0001..., mostly mutations of declarations (register and "
                         "parameter types, linkage, state spaces, labels); nvcc: ids "
                         "n0001..., every kind of mutation of the modules nvcc wrote "
                         "from nvcc/features.cu")
    ap.add_argument("--per-module", type=int)
    ap.add_argument("--per-large-module", type=int, default=5,
                    help="mutants of modules over 300 kB, which ptxas takes ~20 s to accept")
    ap.add_argument("--per-hand-module", type=int)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--prefix", help="the ids' letter, instead of the batch's (m, d, n): "
                                     "a batch drawn again with another --seed gets its own")
    ap.add_argument("--no-header", action="store_true")
    args = ap.parse_args()
    first = args.batch == "first"
    nvcc = args.batch == "nvcc"
    per_module = args.per_module or (12 if first else 40 if nvcc else 8)
    per_hand = args.per_hand_module or (24 if first else 16)
    rng = random.Random(args.seed or {"first": 13, "declarations": 29, "nvcc": 41}[args.batch])
    prefix = args.prefix or {"first": "m", "declarations": "d", "nvcc": "n"}[args.batch]
    if nvcc:
        modules = sorted(p.relative_to(DATA).as_posix() for p in DATA.glob("nvcc/*.ptx"))
    else:
        modules = sorted(p.relative_to(DATA).as_posix() for p in DATA.glob("cuda-samples/*.ptx.gz"))
        modules += sorted(p.relative_to(DATA).as_posix() for p in DATA.glob("hand/*.ptx"))
    if not args.no_header:
        print("id\tmodule\tline\tkind\told\tnew")
    n = 0
    for rel in modules:
        text = read_module(rel)
        m = Module(rel, text)
        hand = rel.startswith("hand/")
        if hand:
            want = per_hand
        elif len(text) > 300_000:
            want = args.per_large_module
        else:
            want = per_module
        if nvcc:
            pool = MUTATIONS + MODULE_MUTATIONS * 2 + DECLARATION_MUTATIONS * 2
        elif first:
            pool = MUTATIONS + MODULE_MUTATIONS * 3 if hand else MUTATIONS
        else:
            pool = DECLARATION_MUTATIONS * 3 + MUTATIONS + (MODULE_MUTATIONS * 2 if hand else [])
        seen = set()
        tries = 0
        while len(seen) < want and tries < want * 20:
            tries += 1
            mutation = rng.choice(pool)
            result = mutation(m, rng)
            if result is None:
                continue
            i, new = result
            if new == m.lines[i] or (i, new) in seen:
                continue
            seen.add((i, new))
            n += 1
            print("\t".join([
                "%s%04d" % (prefix, n), rel, str(i + 1), mutation.__name__.replace("_", "-"),
                escape(m.lines[i]), escape(new),
            ]))


if __name__ == "__main__":
    sys.exit(main())
