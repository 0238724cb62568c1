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


def package_of(module: str) -> str:
    """A package-level node: ``bbpe_core.models.bpe.fast.encoder`` -> ``bbpe_core.models``; a
    module at the top of the engine (``bbpe_core.encoding``) is a node of its own."""
    return ".".join(module.split(".")[:2])


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """``graph`` with ``bbpe_core``'s subpackages (and top-level modules) as nodes."""
    packages: dict[str, set[str]] = {}
    for name, targets in graph.items():
        node = package_of(name)
        packages.setdefault(node, set()).update(
            package_of(t) for t in targets if package_of(t) != node)
    return packages


def test_the_engine_has_no_import_circle_between_packages():
    packages = package_graph(import_graph())
    circle = find_circle(packages)
    assert circle is None, " -> ".join(circle)


def test_a_package_circle_is_found():
    graph = {"bbpe_core.a.x": {"bbpe_core.b.y"}, "bbpe_core.b.y": {"bbpe_core.vocab"},
             "bbpe_core.vocab": {"bbpe_core.a.z"}, "bbpe_core.a.z": set()}
    assert find_circle(graph) is None
    assert find_circle(package_graph(graph)) == [
        "bbpe_core.a", "bbpe_core.b", "bbpe_core.vocab", "bbpe_core.a"]


MODELS = ENGINE / "models"
KINDS = {"bpe", "wordpiece", "unigram"}
SHARED = {"base", "cache", "budget"}


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` loads, directly or through others."""
    seen: set[str] = set()
    stack = [start]
    while stack:
        for nxt in graph[stack.pop()] - seen:
            seen.add(nxt)
            stack.append(nxt)
    return seen


def test_models_is_one_package_per_kind_and_three_shared_modules():
    kinds = {p.name for p in MODELS.iterdir() if (p / "__init__.py").is_file()}
    modules = {p.stem for p in MODELS.glob("*.py")} - {"__init__"}
    assert kinds == KINDS and modules <= SHARED, (sorted(kinds), sorted(modules))


def kind_violations(graph: dict[str, set[str]]) -> list[str]:
    """Each module of a model kind's package that loads another kind or a format."""
    found = []
    for kind in sorted(KINDS):
        package = f"bbpe_core.models.{kind}"
        others = tuple(f"bbpe_core.models.{k}." for k in KINDS - {kind})
        for name in sorted(n for n in graph if n.startswith(package + ".")):
            wrong = sorted(t for t in reachable(graph, name) if t.startswith(others)
                           or package_of(t) == "bbpe_core.formats")
            found += [f"{name} loads {wrong}"] if wrong else []
    return found


def test_a_kind_violation_is_found():
    graph = {"bbpe_core.models.bpe.a": {"bbpe_core.vocab"},
             "bbpe_core.vocab": {"bbpe_core.models.unigram.model"},
             "bbpe_core.models.unigram.model": set(),
             "bbpe_core.models.wordpiece.model": {"bbpe_core.formats.gguf"},
             "bbpe_core.formats.gguf": set()}
    assert kind_violations(graph) == [
        "bbpe_core.models.bpe.a loads ['bbpe_core.models.unigram.model']",
        "bbpe_core.models.wordpiece.model loads ['bbpe_core.formats.gguf']"]


def test_a_model_kind_imports_no_other_kind_and_no_format():
    graph = import_graph()
    assert all((MODELS / kind / "__init__.py").is_file() for kind in KINDS), "a kind's package"
    violations = kind_violations(graph)
    assert not violations, violations


def is_trainer(module: str) -> bool:
    """The training package, and each model kind's trainer modules (``trainer*.py``)."""
    return (package_of(module) == "bbpe_core.training"
            or (module.startswith("bbpe_core.models.")
                and module.rpartition(".")[2].startswith("trainer")))


def test_formats_import_no_trainer_and_nothing_above_them():
    graph = import_graph()
    for name in sorted(n for n in graph if package_of(n) == "bbpe_core.formats"):
        wrong = sorted(t for t in reachable(graph, name) if is_trainer(t)
                       or package_of(t) in {"bbpe_core.encodings", "bbpe_core.training"})
        assert not wrong, f"{name} loads {wrong}"


def test_formats_write_no_model_rule():
    """A loader hands settings to a model's constructor or to a named rule of the model's
    package (``models.bpe.char_bpe.score_priority``), never a rule written in place: no
    ``lambda`` among the arguments of an encoder's constructor."""
    for path in sorted((ENGINE / "formats").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("Encoder"):
                arguments = [*node.args, *(k.value for k in node.keywords)]
                rules = [a for a in arguments if isinstance(a, ast.Lambda)]
                assert not rules, f"{path.name}:{node.lineno} writes a model rule in place"
