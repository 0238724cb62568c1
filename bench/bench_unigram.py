"""Benchmark: the Unigram encodings against their reference libraries in one process,
single-string encode on about 1 MB each of English, Chinese and Python code (and the two
worst cases of ``texts``), cold (our caches emptied before each call) and warm; t5 and umt5
against HF tokenizers (Rust) on their tokenizer.json, jurassic2 against the
``sentencepiece`` library (C++) on its ``.model``. Ids are checked equal before anything is
timed. First load: ``get_encoding`` against ``Tokenizer.from_file`` in fresh processes
(``bench_load.first_load``).

Reference files come from ``python3 scripts/fetch_vocabularies.py --no-ship --references
tests/.refs``. Run from the repository root: ``python3 bench/bench_unigram.py [--size BYTES]
[--repeats N] [--names t5,umt5,jurassic2]``. Writes ``bench/results/unigram.md``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import sentencepiece
from tokenizers import Tokenizer

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's bbpe_core
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_load import first_load  # noqa: E402
from bench_sentencepiece import compare  # noqa: E402
from texts import MB, ROOT, texts  # noqa: E402

import bbpe_core  # noqa: E402

REFS = ROOT / "tests" / ".refs"
HF_NAMES = ("t5", "umt5")
"""Encodings timed against HF tokenizers (the others against sentencepiece)."""


def reference(name: str):
    """``(label, text -> ids)`` of the reference library for ``name``."""
    if name in HF_NAMES:
        hf = Tokenizer.from_file(str(REFS / f"{name}.tokenizer.json"))
        return "HF tokenizers", lambda t: hf.encode(t, add_special_tokens=False).ids
    processor = sentencepiece.SentencePieceProcessor(model_file=str(REFS / f"{name}.model"))
    return "sentencepiece", processor.encode


def run(name: str, corpus: dict[str, str], repeats: int, runs: int) -> list[dict]:
    """Time one encoding on every text (``bench_sentencepiece.compare``); one row per text."""
    enc = bbpe_core.get_encoding(name)
    label, theirs = reference(name)
    ours = (lambda t: enc.encode(t, allowed_special="all")) if name in HF_NAMES \
        else enc.encode_ordinary
    rows = compare(name, enc, ours, {label: theirs}, corpus, repeats)
    load = first_load(name, REFS / f"{name}.tokenizer.json", runs) if name in HF_NAMES else {}
    for row in rows:
        row["MB/s warm"] = len(corpus[row["text"]].encode()) / MB / row["ours warm s"]
        row["load"], row["ref load"] = (load.get("ours load wall median"),
                                        load.get("hf load wall median"))
    return rows


def markdown(rows: list[dict], size: int, args: argparse.Namespace) -> str:
    """The results table (ratio = the reference's time / ours: above 1 we are faster)."""
    lines = [
        "# Unigram encodings vs their reference libraries (single-string encode)",
        "",
        f"Texts of about {size:,} bytes; ratio = the reference's time / ours (above 1: "
        "faster); cold = our caches emptied before each call; best of "
        f"{args.repeats}. First load: `get_encoding` against `Tokenizer.from_file` (seconds, "
        f"median of {args.runs} fresh processes each). Load average when run: "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.",
        "",
        "| encoding | text | reference | cold | warm | warm MB/s | first load (ours / HF) |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        load = (f"{r['load']:.2f} s / {r['ref load']:.2f} s" if r["load"] is not None
                else "n/a")
        lines.append(f"| {r['encoding']} | {r['text']} | {r['reference']} | {r['cold']:.2f}x "
                     f"| {r['warm']:.2f}x | {r['MB/s warm']:.1f} | {load} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Run the benchmark and write bench/results/unigram.md."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=MB)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--names", default="t5,umt5,jurassic2")
    args = parser.parse_args()
    corpus = texts(args.size)
    rows = [row for name in args.names.split(",") for row in run(name, corpus, args.repeats,
                                                                    args.runs)]
    out = ROOT / "bench" / "results" / "unigram.md"
    out.write_text(markdown(rows, args.size, args), encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
