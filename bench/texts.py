"""Benchmark texts: real English prose, Chinese and Python code (about 1 MB each), and the
two worst cases for a BPE merger (one repeated character; CJK without spaces)."""

from __future__ import annotations

import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "playground" / "assets"
MB = 1_000_000


def python_code(size: int = MB) -> str:
    """CPython's own standard library source, file by file, cut at ``size`` UTF-8 bytes."""
    out, total = [], 0
    for path in sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py")):
        text = path.read_text(encoding="utf-8", errors="replace")
        out.append(text)
        total += len(text.encode())
        if total >= size:
            break
    return "".join(out).encode()[:size].decode("utf-8", errors="ignore")


def texts(size: int = MB) -> dict[str, str]:
    """Name -> text, each about ``size`` UTF-8 bytes."""
    corpora = ASSETS / "corpora"
    return {
        "English prose": (corpora / "en_python_docs.txt").read_text(encoding="utf-8")[:size],
        "Chinese": (corpora / "zh_tang_poems.txt").read_text(encoding="utf-8")[: size // 3],
        "Python code": python_code(size),
        "worst: 'a' x 1 MB": "a" * size,
        "worst: CJK, no spaces": "".join(chr(0x4E00 + (i * 7919) % 20000)
                                         for i in range(size // 3)),
    }
