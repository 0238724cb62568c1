"""Benchmark: the byte-level encodings beyond OpenAI's three against HF tokenizers (Rust),
single-string ``encode`` on about 1 MB each of English, Chinese and Python code, cold (our
caches emptied before each call) and warm, plus the first load against
``Tokenizer.from_file``. Ids are checked equal before anything is timed.

HF tokenizers reads the official tokenizer.json where the reference script extracted one
(``python3 scripts/fetch_vocabularies.py --no-ship --references tests/.refs``), else the
tokenizer.json that ``bbpe_core.save_hf_tokenizer_json`` writes for the encoding.

Run from the repository root: ``python3 bench/bench_zoo.py [--size BYTES] [--repeats N]``.
Writes ``bench/results/zoo.md``.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from bench_encode import best_time
from bench_load import NAMES, first_load, hf_file
from report import results_page
from texts import MB, ROOT, texts
from tokenizers import Tokenizer

import bbpe_core


def run(name: str, corpus: dict[str, str], repeats: int, workdir: Path) -> list[dict]:
    """Time one encoding on every text; one row per text."""
    path = hf_file(name, workdir)
    hf = Tokenizer.from_file(str(path))
    enc = bbpe_core.get_encoding(name)

    def ours(text):
        return enc.encode(text, allowed_special="all")

    def theirs(text):
        return hf.encode(text, add_special_tokens=False).ids

    rows = []
    loads = first_load(name, path, 5)
    load, hf_load = loads["ours load wall median"], loads["hf load wall median"]
    for label, text in corpus.items():
        if ours(text) != theirs(text):
            raise SystemExit(f"{name}: other ids than HF tokenizers on {label}")
        cold = best_time(ours, text, repeats, enc.clear_cache)
        warm = best_time(ours, text, repeats)
        ref = best_time(theirs, text, repeats)
        rows.append({"encoding": name, "text": label, "cold": ref / cold, "warm": ref / warm,
                     "MB/s warm": len(text.encode()) / MB / warm,
                     "load": load, "hf load": hf_load})
        print(f"{name:15} {label:14} cold {ref / cold:5.2f}x  warm {ref / warm:5.2f}x  "
              f"load {load:.2f}s vs {hf_load:.2f}s", flush=True)
    return rows


def markdown(rows: list[dict], size: int) -> str:
    """The results table (ratios are HF tokenizers' time / ours: above 1 we are faster)."""
    return results_page(
        "Byte-level encodings vs HF tokenizers (single-string encode)",
        [f"Texts of about {size:,} bytes; ratio = HF's time / ours (above 1: faster than "
         "HF tokenizers); cold = our caches emptied before each call. First load: our "
         "`get_encoding` against `Tokenizer.from_file` (seconds, median of 5 fresh processes "
         "each: `bench_load.py`)."],
        ["encoding", "text", "cold", "warm", "warm MB/s", "first load (ours / HF)"],
        [[r["encoding"], r["text"], f"{r['cold']:.2f}x", f"{r['warm']:.2f}x",
          f"{r['MB/s warm']:.1f}", f"{r['load']:.2f} s / {r['hf load']:.2f} s"] for r in rows])


def main() -> None:
    """Run the benchmark and write bench/results/zoo.md."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=MB)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--names", default=",".join(NAMES))
    args = parser.parse_args()
    corpus = {k: v for k, v in texts(args.size).items() if not k.startswith("worst")}
    with tempfile.TemporaryDirectory() as workdir:
        rows = [r for name in args.names.split(",")
                for r in run(name, corpus, args.repeats, Path(workdir))]
    out = ROOT / "bench" / "results" / "zoo.md"
    out.write_text(markdown(rows, args.size), encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
