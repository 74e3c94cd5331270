"""Where the repository and its tools are, whichever tool asks: the one way a tool reaches a module
of another tool's folder (by its path under tools/), instead of putting that folder on sys.path.

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
    import toolbox
    fit = toolbox.load("probes/mma-fit/fit.py")"""
import importlib.util, os, sys

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TOOLS)


def load(path):
    """The module of tools/`path`, imported once (its own folder is put first on sys.path while it
    loads, as when it runs as a script, so that it finds its neighbours)."""
    full = os.path.join(TOOLS, path)
    name = "tools_" + os.path.splitext(path)[0].replace("/", "_").replace("-", "_")
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, full)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    sys.path.insert(0, os.path.dirname(full))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(os.path.dirname(full))
    return module
