"""Builds the modules of a set of kernel-case specs (the shared part of each set's compile.py):
every (source, nvcc flags) pair of the specs through nvcc -ptx for one architecture (a "ptx": True
source is copied as it is), optionally checked with ptxas, into a module folder with index.tsv
(case name TAB module file); then each spec is checked against its module's text.

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
    import kernel_modules as modules
    nvcc = modules.find_nvcc(sys.argv[1:])
    specs = modules.load_specs("tools/generators/<set>/<set>_specs.py")
    sys.exit(modules.build(specs, "tests/data/kernels/<set>/src", "tests/data/kernels/<set>/modules",
                           nvcc, arch="sm_90a", ptxas=True, check=None))

Sources are compiled in their folder with a relative path (so -lineinfo's .file names the source
as "calls.cu", not as a path of this machine, and headers beside the source are found). CUDA
headers come from <nvcc>/../../include (the pip layout: cu13/bin, cu13/include)."""
import importlib.util, os, re, shutil, subprocess, sys

import cuda_env


def find_nvcc(args):
    """The nvcc named in args, else CUDA 13.0's from pip in $CUDA_VENV (tools/lib/cuda_env.py)."""
    if args:
        return os.path.abspath(args[0])
    try:
        return cuda_env.nvcc()
    except cuda_env.CudaNotFound as e:
        sys.exit(f"{e}; or pass nvcc's path")


def load_specs(path):
    """The SPECS list of a specs file."""
    spec = importlib.util.spec_from_file_location("specs", path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    names = [s["name"] for s in m.SPECS]
    assert len(names) == len(set(names)), "duplicate spec names"
    return m.SPECS


def entry_header(text, entry):
    """The text of an entry's declaration up to its body's opening brace (its directives), or None
    if the module has no such entry."""
    mt = re.search(rf"\.entry\s+{re.escape(entry)}\s*\(", text)
    if not mt:
        return None
    close = text.index(")", mt.end())
    return text[mt.start():text.index("{", close)]


def build(specs, src_root, out_dir, nvcc, arch, ptxas=False, check=None):
    """Builds every spec's module and writes index.tsv; check(spec, header) may return a problem
    with the spec's entry (its header: see entry_header). Prints each failure and a summary line;
    returns the exit status (1 if anything failed)."""
    root = os.getcwd()
    src_root, out_dir = os.path.abspath(src_root), os.path.abspath(out_dir)
    cu = os.path.dirname(os.path.dirname(nvcc))
    env = dict(os.environ, PATH=os.path.dirname(nvcc) + os.pathsep + os.environ.get("PATH", ""))
    os.makedirs(out_dir, exist_ok=True)
    built, owner, index, bad = {}, {}, [], 0
    for s in specs:
        src, flags = s["source"], tuple(s.get("nvcc_flags", []))
        key = (src, flags)
        if key not in built:
            stem = re.sub(r"[^A-Za-z0-9_.-]", "_", src.rsplit(".", 1)[0].replace("/", "__"))
            if flags:
                stem += "__" + re.sub(r"[^A-Za-z0-9_]", "", "_".join(flags))[:40]
            name = stem + ".ptx"
            if owner.setdefault(name, key) != key:
                sys.exit(f"{src} {flags} and {owner[name]} would both write {name}")
            out = os.path.join(out_dir, name)
            if s.get("ptx"):
                if flags:
                    sys.exit(f"{s['name']}: a PTX source takes no nvcc flags")
                shutil.copyfile(os.path.join(src_root, src), out)
            else:
                cmd = [nvcc, "-ptx", f"-arch={arch}", "-I", os.path.join(cu, "include"), *flags, src, "-o", out]
                r = subprocess.run(cmd, env=env, cwd=src_root, capture_output=True, text=True)
                if r.returncode:
                    print("FAIL nvcc", src, " ".join(flags), r.stderr[-1000:])
                    bad += 1
                    continue
                if ptxas:
                    r = subprocess.run([os.path.join(os.path.dirname(nvcc), "ptxas"), f"-arch={arch}",
                                        "-o", os.devnull, out], capture_output=True, text=True)
                    if r.returncode:
                        print("FAIL ptxas", name, r.stderr[-1000:])
                        bad += 1
                        continue
            built[key] = name
        if key not in built:
            bad += 1
            continue
        head = entry_header(open(os.path.join(out_dir, built[key])).read(), s["entry"])
        problem = "no entry" if head is None else (check(s, head) if check else None)
        if problem:
            print("FAIL", s["name"], s["entry"], "in", built[key] + ":", problem)
            bad += 1
            continue
        index.append(f"{s['name']}\t{built[key]}\n")
    with open(os.path.join(out_dir, "index.tsv"), "w") as f:
        f.writelines(index)
    checked = f", ptxas -arch={arch} OK" if ptxas and not bad else ""
    print(f"{len(index)} specs with modules ({len(built)} modules in {os.path.relpath(out_dir, root)})"
          f"{checked}, {bad} failed")
    return 1 if bad else 0
