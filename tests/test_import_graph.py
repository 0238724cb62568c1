"""The engine's import graph has no circle, counting imports inside functions too.

Each module of ``bbpe_core`` is read with ``ast`` (nothing is imported): every ``import`` and
``from ... import`` anywhere in it is an edge to the module it loads (``from pkg import name``
to ``pkg.name`` when that is a module). Imports under ``if TYPE_CHECKING:`` are left out: they
never run. An edge from a module to its own package's ``__init__`` is implied by Python and
not counted, so a package that re-exports its submodules is not a circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "bbpe_core"


def module_name(path: Path) -> str:
    """``bbpe_core/a/b.py`` -> ``bbpe_core.a.b``; a package's ``__init__.py`` -> the package."""
    parts = list(path.relative_to(ENGINE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def runtime_nodes(tree: ast.AST):
    """Every node of ``tree`` except those under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def import_graph() -> dict[str, set[str]]:
    """Module name -> the engine modules it imports (at any depth of its code)."""
    paths = {module_name(p): p for p in ENGINE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + [node.module or ""]).rstrip(".") if node.level else (
                    node.module or "")
                for alias in node.names:
                    sub = f"{module}.{alias.name}"
                    targets.add(sub if sub in paths else module)
        graph[name] = {t for t in targets
                       if t in paths and t != name and not name.startswith(t + ".")}
    return graph


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of ``graph`` as ``[a, b, ..., a]``, or None (depth-first, three colours)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (circle := visit(nxt)):
                return circle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (circle := visit(start)):
            return circle
    return None


def test_the_graph_is_read():
    graph = import_graph()
    assert "bbpe_core.encoding" in graph["bbpe_core"]
    assert "bbpe_core.models.bpe" in graph["bbpe_core.vocab"]
    assert "bbpe_core.pre_tokenizers.bert_unicode" in graph["bbpe_core.normalizers"]


def test_a_circle_is_found():
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None


def test_the_engine_has_no_import_circle():
    circle = find_circle(import_graph())
    assert circle is None, " -> ".join(circle)
