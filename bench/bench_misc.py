"""Two more measurements: the count CLI's throughput by number of workers, and the page's
cost of encoding and building the HTML of a 100 KB text (the browser's time to show it is
printed by tests/e2e/test_modes_browser.py::test_paste_100kb).

    python bench/bench_misc.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import bbpe_core
from playground.analysis import analyse
from playground.render.tokens import LAYERS, layers_html, token_view_html

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "playground" / "assets"

def _count(paths: list[str], workers: int) -> None:
    """Run the command line's ``count`` (cl100k_base) on ``paths`` with ``workers`` workers."""
    subprocess.run([sys.executable, "-m", "bbpe_core", "count", "--encoding", "cl100k_base",
                    "--workers", str(workers), *paths], check=True, capture_output=True)


def count_scaling(copies: int = 8) -> list[str]:
    """MB/s of the command line's ``count`` with 1..cpu_count workers on ``copies`` 1 MB
    files (whole processes: start-up and the encoding's first load included)."""
    corpus = (ASSETS / "corpora/en_python_docs.txt").read_text(encoding="utf-8")
    lines = ["| workers | MB/s | speed-up |", "|---|---|---|"]
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for k in range(copies):
            path = Path(d) / f"f{k}.txt"
            path.write_text(corpus[k:] + corpus[:k], encoding="utf-8")  # no two files alike
            paths.append(str(path))
        size = sum(os.path.getsize(p) for p in paths) / 1e6
        base = None
        for workers in range(1, (os.cpu_count() or 1) + 1):
            start = time.perf_counter()
            _count(paths, workers)
            rate = size / (time.perf_counter() - start)
            base = base or rate
            lines.append(f"| {workers} | {rate:.1f} | {rate / base:.2f}x |")
    return lines


def page_cost() -> list[str]:
    """Milliseconds to analyse a 100 KB text and build its token view and layers HTML."""
    text = (ASSETS / "corpora/en_python_docs.txt").read_text(encoding="utf-8")[:100_000]
    lines = ["| encoding | analyse (ms) | token view HTML (ms) | layers HTML (ms) | total (ms) |",
             "|---|---|---|---|---|"]
    for name in bbpe_core.list_encoding_names():
        enc = bbpe_core.get_encoding(name)
        enc.clear_cache()
        t0 = time.perf_counter()
        result = analyse(enc, text, "as special tokens")
        t1 = time.perf_counter()
        token_view_html(text, result.spans, show_whitespace=True)
        t2 = time.perf_counter()
        layers_html(text, result.spans, set(LAYERS))
        t3 = time.perf_counter()
        ms = [1000 * x for x in (t1 - t0, t2 - t1, t3 - t2, t3 - t0)]
        lines.append(f"| {name} | " + " | ".join(f"{x:.0f}" for x in ms) + " |")
    return lines


if __name__ == "__main__":
    table = "\n".join(["count CLI, cl100k_base, 8 files of 1 MB:", "", *count_scaling(), "",
                       "Page, 100 KB of English, cold caches:", "", *page_cost()]) + "\n"
    print(table)
    (ROOT / "bench" / "results" / "misc.md").write_text(table, encoding="utf-8")
