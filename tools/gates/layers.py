#!/usr/bin/env python3
"""The layers' imports, measured: which module names which, in ptx-sim and
ptx-macros, and whether any arrow runs back up a layer or round a loop.

Every `.rs` file under each crate's src/ is read; every `crate::`, `super::`
and `self::` path (in `use` trees and inline, as in
`crate::machine::spaces::CURRENT`) and every path through a child module is
resolved to the file that defines what it names, following `pub use`
re-exports, so that naming `crate::machine::Launch` is an arrow to
`machine/launch.rs`, not to `machine/mod.rs`. Each file belongs to the layer
of its top module; the layers, lowest first, are the ones the crate's
`lib.rs` draws.

Printed: (a) the arrows between layers, counted; (b) every upward arrow (a
lower layer naming a higher one) with file:line; (c) every loop among files
(a strongly connected component of more than one file), and with their
arrows the loops within one layer. A loop through several layers has an
arrow that runs up, which (b) gates, so (c) gates the loops within a layer.

Exit status 1 when an upward arrow or an arrow of a loop within a layer is not in the
crate's allowlist below, or when an allowlist entry no longer matches
anything: the allowlist is exact, so it can only shrink. Code under
`#[cfg(test)]` (and files declared `#[cfg(test)] mod x;`) is counted apart and
not gated: a unit test may reach up to set a scene, and is no part of what
the library's layers build on.

Python 3 standard library only: `python3 tools/gates/layers.py`.
"""

import os
import re
import sys
from collections import defaultdict

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# Per crate: its source folder, its layers lowest first (a file's layer is its
# top module; `lib.rs` is above them all), and the arrows allowed today.
# UPWARD entries are (file, module it names); LOOP entries are (file, file it
# names), both relative to the crate's src/. Each entry says why it is there.
CRATES = [
    {
        "name": "ptx-sim",
        "src": "ptx-sim/src",
        "layers": [
            "thread", "shuffle", "fault", "exec", "memory", "driver", "observe", "check",
            "lane", "sem", "engine", "machine", "statement", "kernel", "device",
        ],
        "upward": set(),
        "loops": {
            # The fiber switch and the sanitizer hooks around each switch.
            ("machine/fiber.rs", "machine/fiber/sanitize.rs"),
            ("machine/fiber/sanitize.rs", "machine/fiber.rs"),
        },
    },
    {
        "name": "ptx-macros",
        "src": "ptx-macros/src",
        # The macro's pipeline: the statement as a model, how a diagnostic
        # reads, the token form's reader, the reader of the input, the
        # checks, modifiers as constants, the generated code.
        "layers": ["statement", "diagnostic", "tokens", "input", "valid", "mods", "expand"],
        "upward": set(),
        "loops": set(),
    },
]


def strip(text):
    """The text with comments, strings and character literals blanked out
    (newlines kept, so line numbers stay), leaving only code tokens."""
    out = []
    i, n = 0, len(text)

    def blank(s):
        out.append("".join("\n" if c == "\n" else " " for c in s))

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(text[i:j])
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(text[i:j])
            i = j
        elif re.match(r'b?r#*"', text[i:i + 8]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'(b?r)(#*)"', text[i:])
            end = '"' + m.group(2)
            j = text.find(end, i + len(m.group(0)))
            j = n if j < 0 else j + len(end)
            blank(text[i:j])
            i = j
        elif c == '"' or (c == "b" and text.startswith('b"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_"))):
            j = i + (2 if c == "b" else 1)
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            blank(text[i:j + 1])
            i = j + 1
        elif c == "'":
            # A character literal ('a', '\n', '\u{1F600}'), not a lifetime.
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\x[0-9a-fA-F]{2}|\\.|[^\\'])'", text[i:])
            if m:
                blank(m.group(0))
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|::|\S")


def tokens(code):
    """(token, line) pairs of stripped code."""
    line, pos, result = 1, 0, []
    for m in TOKEN.finditer(code):
        line += code.count("\n", pos, m.start())
        pos = m.start()
        result.append((m.group(0), line))
    return result


def module_of(rel):
    """The module path of a file relative to src/: `machine/mod.rs` and
    `machine.rs` are `machine`, `lib.rs` is the crate root."""
    parts = rel[:-3].split("/")
    if parts[-1] in ("mod", "lib") and (len(parts) > 1 or parts[-1] == "lib"):
        parts = parts[:-1]
    return tuple(parts)


class Crate:
    def __init__(self, spec):
        self.spec = spec
        self.src = os.path.join(ROOT, spec["src"])
        self.files = {}  # module path -> file (relative to src/)
        for dirpath, _, names in os.walk(self.src):
            for name in names:
                if name.endswith(".rs"):
                    rel = os.path.relpath(os.path.join(dirpath, name), self.src).replace(os.sep, "/")
                    self.files[module_of(rel)] = rel
        self.parsed = {rel: self.parse(rel) for rel in self.files.values()}

    def parse(self, rel):
        """What a file defines, re-exports and names."""
        with open(os.path.join(self.src, rel), encoding="utf-8") as f:
            toks = tokens(strip(f.read()))
        module = module_of(rel)
        defined = set()
        reexports = {}  # name -> full path it re-exports
        globs = []  # module paths re-exported whole
        references = []  # (scope, path, line, under cfg(test))
        test_children = set()  # child modules declared `#[cfg(test)] mod x;`
        # Scopes: inline modules change what `self` and `super` mean, and
        # `#[cfg(test)]` items are tests. One entry per open brace.
        scopes = [(module, False)]
        pending_test = False  # a `#[cfg(test)]` waiting for its item
        i = 0
        while i < len(toks):
            tok, line = toks[i]
            here, in_test = scopes[-1]
            if tok == "#" and i + 2 < len(toks) and toks[i + 1][0] == "[" and toks[i + 2][0] == "cfg":
                depth, j = 0, i + 1
                words = []
                while j < len(toks):
                    words.append(toks[j][0])
                    depth += {"[": 1, "]": -1}.get(toks[j][0], 0)
                    if depth == 0:
                        break
                    j += 1
                if "test" in words and "not" not in words:
                    pending_test = True
                i = j + 1
                continue
            if tok == "{":
                name = toks[i - 1][0] if i >= 2 and toks[i - 2][0] == "mod" else None
                scopes.append((here + (name,) if name else here, in_test or pending_test))
                pending_test = False
            elif tok == "}":
                if len(scopes) > 1:
                    scopes.pop()
            elif tok == ";":
                if pending_test and i >= 2 and toks[i - 2][0] == "mod":
                    test_children.add(here + (toks[i - 1][0],))
                pending_test = False
            elif tok in ("fn", "struct", "enum", "trait", "type", "const", "static", "union", "mod") and i + 1 < len(toks):
                if re.match(r"[A-Za-z_]", toks[i + 1][0]):
                    defined.add(toks[i + 1][0])
            elif tok == "macro_rules" and i + 2 < len(toks) and toks[i + 1][0] == "!":
                defined.add(toks[i + 2][0])
            if tok == "use" and (i == 0 or toks[i - 1][0] != "::"):
                public = i > 0 and (toks[i - 1][0] == "pub" or toks[i - 1][0] == ")")
                end = i + 1
                while end < len(toks) and toks[end][0] != ";":
                    end += 1
                for path, glob, alias, use_line in use_tree(toks[i + 1:end]):
                    full = self.absolute(here, path)
                    # A module re-exporting its own submodules' items is its
                    # table of contents, as `mod x;` is, not a use of them.
                    if not (public and full and len(full) > len(here) and full[:len(here)] == here):
                        references.append((here, path, use_line, in_test or pending_test))
                    if public and here == module:
                        if glob:
                            globs.append((here, path))
                        elif path:
                            reexports[alias or path[-1]] = (here, path)
                pending_test = False
                i = end + 1
                continue
            if re.match(r"[A-Za-z_]", tok) and (i == 0 or toks[i - 1][0] != "::") and i + 1 < len(toks) and toks[i + 1][0] == "::":
                path, j = [tok], i + 1
                while j + 1 < len(toks) and toks[j][0] == "::" and re.match(r"[A-Za-z_]", toks[j + 1][0]):
                    path.append(toks[j + 1][0])
                    j += 2
                references.append((here, path, line, in_test or pending_test))
                i = j
                continue
            i += 1
        return {
            "defined": defined,
            "reexports": reexports,
            "globs": globs,
            "references": references,
            "test_children": test_children,
        }

    def absolute(self, scope, path):
        """A path as written in `scope`, made absolute; None when it names
        something outside the crate (std, ptx_core, a local enum)."""
        path = list(path)
        if not path:
            return None
        if path[0] == "crate":
            return tuple(path[1:])
        if path[0] in ("self", "super"):
            base = list(scope)
            while path and path[0] in ("self", "super"):
                if path.pop(0) == "super":
                    base = base[:-1]
            return tuple(base + path)
        # A child module of the scope's module, named without `self::`.
        if tuple(scope) + (path[0],) in self.files:
            return tuple(scope) + tuple(path)
        return None

    def target(self, path, seen=()):
        """The file that defines what an absolute path names: the deepest
        file module on the path, then through that file's re-exports."""
        for k in range(len(path), -1, -1):
            if path[:k] in self.files:
                break
        module = path[:k]
        rel = self.files[module]
        rest = path[k:]
        if not rest or (module, rest[0]) in seen:
            return rel
        info = self.parsed[rel]
        name = rest[0]
        seen = seen + ((module, name),)
        if name in info["defined"]:
            return rel
        if name in info["reexports"]:
            scope, written = info["reexports"][name]
            full = self.absolute(scope, written)
            if full is not None:
                return self.target(full + tuple(rest[1:]), seen)
        for scope, written in info["globs"]:
            full = self.absolute(scope, written)
            if full is None:
                continue
            inner = self.target(full + tuple(rest), seen)
            if inner != self.files.get(full, rel) or name in self.parsed[inner]["defined"]:
                return inner
        return rel

    def arrows(self):
        """(file, line, module named, file named, in a test) for each
        reference from a file to another, once per line and target. The
        module named is the one that defines what the path names."""
        tests = set()
        for info in self.parsed.values():
            tests |= info["test_children"]
        result = set()
        for rel, info in self.parsed.items():
            test_file = any(module_of(rel)[:len(t)] == t for t in tests)
            for scope, path, line, in_test in info["references"]:
                full = self.absolute(scope, path)
                if full is None:
                    continue
                to = self.target(full)
                if to != rel:
                    named = "::".join(module_of(to)) or "crate"
                    result.add((rel, line, named, to, test_file or in_test))
        return sorted(result)

    def layer(self, rel):
        module = module_of(rel)
        return module[0] if module else "lib"


def use_tree(toks):
    """The paths of a `use` tree's tokens: (segments, glob, alias, line)."""
    result = []

    def walk(i, prefix):
        path = list(prefix)
        line = toks[i][1] if i < len(toks) else 0
        while i < len(toks):
            tok, line = toks[i]
            if tok == "{":
                i += 1
                while i < len(toks) and toks[i][0] != "}":
                    i = walk(i, path)
                    if i < len(toks) and toks[i][0] == ",":
                        i += 1
                return i + 1
            if tok == "*":
                result.append((path, True, None, line))
                return i + 1
            if tok in (",", "}"):
                break
            if tok == "as":
                result.append((path, False, toks[i + 1][0], line))
                return i + 2
            if tok == "::":
                i += 1
                continue
            if tok == "self" and path:
                i += 1
                continue
            path.append(tok)
            i += 1
        result.append((path, False, None, line))
        return i

    i = 0
    while i < len(toks):
        i = walk(i, [])
        if i < len(toks) and toks[i][0] == ",":
            i += 1
    return result


def loops(edges):
    """The strongly connected components of more than one node (Tarjan)."""
    graph = defaultdict(set)
    for a, b in edges:
        graph[a].add(b)
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def check(spec):
    """Prints the crate's report; returns its failures."""
    crate = Crate(spec)
    name, layers = spec["name"], spec["layers"]
    rank = {layer: k for k, layer in enumerate(layers)}
    rank["lib"] = len(layers)
    failures = []
    every = crate.arrows()
    # Test code may reach across layers to set a scene (a sanitizer test
    # runs a launch); it is counted, not gated.
    arrows = [arrow for arrow in every if not arrow[4]]
    in_tests = len(every) - len(arrows)
    for rel in crate.files.values():
        if crate.layer(rel) not in rank:
            failures.append(f"{name}: {rel} is in no layer: add its top module to the layer list")

    print(f"== {name}: layers, lowest first: {' < '.join(layers)}")
    print("(a) arrows between layers (references, counted per line):")
    counts = defaultdict(int)
    for rel, _, _, to, _ in arrows:
        a, b = crate.layer(rel), crate.layer(to)
        if a != b:
            counts[(a, b)] += 1
    for (a, b), count in sorted(counts.items(), key=lambda kv: (rank.get(kv[0][0], -1), rank.get(kv[0][1], -1))):
        direction = "UP" if rank.get(a, -1) < rank.get(b, -1) else "down"
        print(f"    {a:>10} -> {b:<10} {count:4}  {direction}")

    print("(b) upward arrows (a lower layer naming a higher one):")
    upward_used = set()
    upward = 0
    for rel, line, named, to, _ in arrows:
        a, b = crate.layer(rel), crate.layer(to)
        if a in rank and b in rank and rank[a] < rank[b]:
            upward += 1
            key = (rel, named)
            allowed = key in spec["upward"]
            upward_used.add(key)
            mark = "allowed" if allowed else "NEW"
            print(f"    {spec['src']}/{rel}:{line}: {a} -> {b} ({named})  [{mark}]")
            if not allowed:
                failures.append(f"{name}: {rel}:{line} names {named}, a higher layer ({b} above {a})")
    if not upward:
        print("    none")
    for key in sorted(spec["upward"] - upward_used):
        failures.append(f"{name}: allowlisted upward arrow {key} is gone: remove it from the allowlist")

    # A loop that crosses layers has an upward arrow, gated above; so the
    # loops gated here are those within one layer. Every loop is shown.
    print("(c) loops among files (strongly connected components):")
    edges = {(rel, to) for rel, _, _, to, _ in arrows}
    for component in loops(edges):
        layers_in = sorted({crate.layer(rel) for rel in component}, key=lambda layer: rank.get(layer, -1))
        print(f"    {len(component)} files across {', '.join(layers_in)}: {', '.join(component)}")
    within = {(a, b) for a, b in edges if crate.layer(a) == crate.layer(b)}
    components = loops(within)
    print("    of them, within one layer (what the allowlist names):")
    loop_used = set()
    for component in components:
        members = set(component)
        print(f"    loop of {len(component)} files: {', '.join(component)}")
        lines = defaultdict(list)
        for rel, line, _, to, _ in arrows:
            if rel in members and to in members:
                lines[(rel, to)].append(str(line))
        for key, at in sorted(lines.items()):
            allowed = key in spec["loops"]
            loop_used.add(key)
            mark = "allowed" if allowed else "NEW"
            print(f"        {key[0]} -> {key[1]} (lines {', '.join(at)})  [{mark}]")
            if not allowed:
                failures.append(f"{name}: {key[0]}:{at[0]} -> {key[1]} closes a loop")
    if not components:
        print("    none")
    for key in sorted(spec["loops"] - loop_used):
        failures.append(f"{name}: allowlisted loop arrow {key} is gone: remove it from the allowlist")
    files_in_loops = sum(len(c) for c in components)
    print(f"{name}: {len(crate.files)} files, {len(arrows)} arrows ({in_tests} more in tests, not gated), {upward} upward, "
          f"{len(components)} loops within a layer ({files_in_loops} files), "
          f"{len([f for f in failures if f.startswith(name + ':')])} not allowed")
    return failures


def main():
    failures = []
    for spec in CRATES:
        failures += check(spec)
        print()
    if failures:
        print("layers: FAILED")
        for failure in failures:
            print(f"    {failure}")
        return 1
    print("layers: ok (no upward arrow or loop beyond the allowlist)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
