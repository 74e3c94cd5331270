#!/usr/bin/env python3
"""Mutants of real inline-asm statements, for judging the checker against
ptxas (see README.md).

    mutate.py OUT.jsonl [--count N] [--seed S] [--target sm_90a] [--prefix s]

Reads every statement of the shared corpus (tests/data/realworld/corpus) and of
tests/data/realworld/statements.jsonl.gz that ptxas accepts for TARGET, and writes COUNT
distinct mutants of them in the real-world corpus's schema (template,
outputs, inputs, named, input_exprs, ...), so that
tools/generators/realworld-corpus/verdicts.py wraps and judges them as it does the
originals, and `ptxsim check` checks them as `ptx!` does. Each mutant
also has `id` (`s00001`, ..., with --prefix's letter), `mutation` (the kind of edit) and `origin`
(repo, path, line of the statement it came from).

One edit per mutant, of a kind picked at random (see MUTATIONS): a token
dropped, duplicated or swapped with its neighbour; a modifier dropped,
duplicated, swapped or replaced by another seen in the corpus; a type
replaced; a register operand made an immediate and back; a count made
zero; an empty statement (`;;`); an address made immediate (`[16]`); a
label defined twice; an operand dropped or two swapped; an operand's
constraint changed. The output depends only on the inputs and --seed.

Python 3 standard library only.
"""

import argparse
import gzip
import json
import os
import random
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SOURCES = [
    os.path.join(ROOT, "tests", "data", "realworld", "corpus", "realworld_inline_asm.jsonl"),
    os.path.join(ROOT, "tests", "data", "realworld", "statements.jsonl.gz"),
]

# A template as tokens: operand references, words (an opcode with its
# modifiers is one word), numbers, punctuation, blanks and comments.
TOKEN = re.compile(
    r"""
    (?P<space>\s+|//[^\n]*|/\*.*?\*/)
  | (?P<operand>%\d+|%\[\w+\])
  | (?P<number>-?0[xX][0-9a-fA-F]+[uU]?|-?\d+\.\d*(?:[eE][-+]?\d+)?|-?\d+[uU]?|0[fFdD][0-9a-fA-F]+)
  | (?P<word>[A-Za-z_$%.][\w$.:%=]*)
  | (?P<punct>.)
    """,
    re.VERBOSE | re.DOTALL,
)

TYPES = [
    ".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64",
    ".s8", ".s16", ".s32", ".s64", ".f16", ".f16x2", ".bf16", ".bf16x2",
    ".f32", ".f64", ".pred", ".e4m3", ".tf32",
]
CONSTRAINT_LETTERS = ["h", "r", "l", "f", "d", "n"]
IMMEDIATES = ["0", "1", "7", "-1", "16", "0x100"]


def tokens(template):
    return [(m.lastgroup, m.group()) for m in TOKEN.finditer(template)]


def join(toks):
    return "".join(t for _, t in toks)


def solid(toks):
    """Indices of the tokens that are not blanks or comments."""
    return [i for i, (kind, _) in enumerate(toks) if kind != "space"]


def opcode_words(toks):
    """Indices of words with modifiers (`ld.global.u32`)."""
    return [i for i, (kind, t) in enumerate(toks) if kind == "word" and "." in t[1:] and not t.startswith(".")]


def split_word(word):
    head, *mods = word.split(".")
    return head, ["." + m for m in mods]


def edit_modifiers(rng, rec, vocabulary, how):
    toks = tokens(rec["template"])
    words = opcode_words(toks)
    if not words:
        return None
    i = rng.choice(words)
    head, mods = split_word(toks[i][1])
    if not mods:
        return None
    k = rng.randrange(len(mods))
    if how == "drop":
        del mods[k]
    elif how == "duplicate":
        mods.insert(k, mods[k])
    elif how == "swap":
        if len(mods) < 2:
            return None
        k = min(k, len(mods) - 2)
        mods[k], mods[k + 1] = mods[k + 1], mods[k]
    elif how == "type":
        typed = [j for j, m in enumerate(mods) if m in TYPES]
        if not typed:
            return None
        mods[rng.choice(typed)] = rng.choice(TYPES)
    else:
        mods[k] = rng.choice(vocabulary)
    toks[i] = ("word", head + "".join(mods))
    return join(toks)


def drop_token(rng, rec, _):
    toks = tokens(rec["template"])
    s = solid(toks)
    if not s:
        return None
    del toks[rng.choice(s)]
    return join(toks)


def duplicate_token(rng, rec, _):
    toks = tokens(rec["template"])
    s = solid(toks)
    if not s:
        return None
    i = rng.choice(s)
    toks.insert(i, toks[i])
    return join(toks)


def swap_tokens(rng, rec, _):
    toks = tokens(rec["template"])
    s = solid(toks)
    if len(s) < 2:
        return None
    k = rng.randrange(len(s) - 1)
    a, b = s[k], s[k + 1]
    toks[a], toks[b] = toks[b], toks[a]
    return join(toks)


def operand_to_immediate(rng, rec, _):
    toks = tokens(rec["template"])
    ops = [i for i, (kind, _) in enumerate(toks) if kind == "operand"]
    if not ops:
        return None
    toks[rng.choice(ops)] = ("number", rng.choice(IMMEDIATES))
    return join(toks)


def immediate_to_operand(rng, rec, _):
    toks = tokens(rec["template"])
    nums = [i for i, (kind, _) in enumerate(toks) if kind == "number"]
    count = len(rec["outputs"]) + len(rec["inputs"])
    if not nums or count == 0:
        return None
    toks[rng.choice(nums)] = ("operand", f"%{rng.randrange(count)}")
    return join(toks)


def zero_count(rng, rec, _):
    toks = tokens(rec["template"])
    nums = [i for i, (kind, t) in enumerate(toks) if kind == "number" and t not in ("0", "0x0")]
    if not nums:
        return None
    toks[rng.choice(nums)] = ("number", "0")
    return join(toks)


def empty_statement(rng, rec, _):
    t = rec["template"]
    semis = [m.start() for m in re.finditer(";", t)]
    if not semis or rng.random() < 0.3:
        return ";" + t if rng.random() < 0.5 else t + ";"
    k = rng.choice(semis)
    return t[: k + 1] + rng.choice([";", " ;", "\n;"]) + t[k + 1 :]


def immediate_address(rng, rec, _):
    t = rec["template"]
    brackets = list(re.finditer(r"\[[^\[\]]*\]", t))
    if not brackets:
        return None
    m = rng.choice(brackets)
    return t[: m.start()] + "[" + rng.choice(["0", "16", "0x100", "128+8"]) + "]" + t[m.end() :]


def duplicate_label(rng, rec, _):
    t = rec["template"]
    labels = list(re.finditer(r"(?m)^\s*([A-Za-z_$][\w$%=]*)\s*:", t))
    if labels:
        m = rng.choice(labels)
        return t[: m.end()] + " " + m.group(1) + ":" + t[m.end() :]
    # No label: define one twice, around the statement.
    return "DUP%=:\n" + t + "\nDUP%=:"


def drop_operand(rng, rec, _):
    t = rec["template"]
    commas = list(re.finditer(r",\s*(%\d+|%\[\w+\]|[\w.]+|\{[^{}]*\}|\[[^\[\]]*\])", t))
    if not commas:
        return None
    m = rng.choice(commas)
    return t[: m.start()] + t[m.end() :]


def swap_operands(rng, rec, _):
    toks = tokens(rec["template"])
    ops = [i for i, (kind, _) in enumerate(toks) if kind == "operand"]
    if len(ops) < 2:
        return None
    a, b = rng.sample(ops, 2)
    if toks[a] == toks[b]:
        return None
    toks[a], toks[b] = toks[b], toks[a]
    return join(toks)


def change_constraint(rng, rec, _):
    """A mutant whose template is the original's but one constraint differs."""
    cons = rec["outputs"] + rec["inputs"]
    if not cons:
        return None
    k = rng.randrange(len(cons))
    m = re.fullmatch(r"([=+&]*)([a-z])", cons[k])
    if not m:
        return None
    letter = rng.choice([l for l in CONSTRAINT_LETTERS if l != m.group(2)])
    if letter == "n" and m.group(1):
        return None
    changed = m.group(1) + letter
    out, inp = list(rec["outputs"]), list(rec["inputs"])
    if k < len(out):
        out[k] = changed
    else:
        inp[k - len(out)] = changed
    return {"outputs": out, "inputs": inp}


MUTATIONS = {
    "drop_token": drop_token,
    "duplicate_token": duplicate_token,
    "swap_tokens": swap_tokens,
    "drop_modifier": lambda r, c, v: edit_modifiers(r, c, v, "drop"),
    "duplicate_modifier": lambda r, c, v: edit_modifiers(r, c, v, "duplicate"),
    "swap_modifiers": lambda r, c, v: edit_modifiers(r, c, v, "swap"),
    "replace_modifier": lambda r, c, v: edit_modifiers(r, c, v, "replace"),
    "replace_type": lambda r, c, v: edit_modifiers(r, c, v, "type"),
    "operand_to_immediate": operand_to_immediate,
    "immediate_to_operand": immediate_to_operand,
    "zero_count": zero_count,
    "empty_statement": empty_statement,
    "immediate_address": immediate_address,
    "duplicate_label": duplicate_label,
    "drop_operand": drop_operand,
    "swap_operands": swap_operands,
    "change_constraint": change_constraint,
}


def read_jsonl(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def originals(target):
    """Statements ptxas accepts for `target`, without duplicates."""
    seen = set()
    out = []
    for path in SOURCES:
        if not os.path.exists(path):
            print(f"mutate.py: {path} missing, left out", file=sys.stderr)
            continue
        for r in read_jsonl(path):
            key = (r["template"], tuple(r["outputs"]), tuple(r["inputs"]))
            if r.get(f"ok_{target}") and key not in seen:
                seen.add(key)
                out.append(r)
    return out


def modifier_vocabulary(records):
    """Every modifier of every opcode word in the statements, sorted."""
    mods = set()
    for r in records:
        toks = tokens(r["template"])
        for i in opcode_words(toks):
            mods.update(split_word(toks[i][1])[1])
    return sorted(mods)


KEPT = ["template", "outputs", "inputs", "named", "output_exprs", "input_exprs", "basic"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("output")
    ap.add_argument("--count", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--target", default="sm_90a")
    ap.add_argument("--prefix", default="s", help="the ids' letter: each sample its own")
    args = ap.parse_args()

    records = originals(args.target)
    vocabulary = modifier_vocabulary(records)
    rng = random.Random(args.seed)
    kinds = sorted(MUTATIONS)
    seen = {(r["template"], tuple(r["outputs"]), tuple(r["inputs"])) for r in records}
    mutants = []
    while len(mutants) < args.count:
        rec = rng.choice(records)
        kind = rng.choice(kinds)
        edit = MUTATIONS[kind](rng, rec, vocabulary)
        if edit is None:
            continue
        mutant = {k: rec[k] for k in KEPT if k in rec}
        if isinstance(edit, dict):
            mutant.update(edit)
        else:
            mutant["template"] = edit
        key = (mutant["template"], tuple(mutant["outputs"]), tuple(mutant["inputs"]))
        if key in seen:
            continue
        seen.add(key)
        mutant["id"] = f"{args.prefix}{len(mutants) + 1:05}"
        mutant["mutation"] = kind
        mutant["origin"] = {k: rec.get(k) for k in ("repo", "path", "line")}
        mutants.append(mutant)
    with open(args.output, "w") as f:
        for m in mutants:
            f.write(json.dumps(m) + "\n")
    print(f"{len(mutants)} mutants of {len(records)} statements", file=sys.stderr)


if __name__ == "__main__":
    main()
