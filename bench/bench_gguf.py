"""Benchmark: opening a GGUF file's tokenizer, ``bbpe_core.load_gguf`` against llama.cpp's own
reader (``gguf.GGUFReader``, the PyPI package ``gguf``: it parses the header only, building no
tokenizer) and, where a tokenizer.json of the same vocabulary is in ``tests/.refs``, HF
tokenizers' ``Tokenizer.from_file``; each in a fresh process (``bench_load.child``).

Files: the shipped GGUF encodings (``gemma4``, ``phi3``, ``falcon``, ``mpt``, ``gpt_neox``,
``nomic_bert_moe``: timed through ``get_encoding``, which also checks the sha256 and gunzips)
and every llama.cpp vocabulary in
``tests/.refs/llama.cpp`` that ``load_gguf`` opens (``python3 scripts/fetch_vocabularies.py
--no-ship --references tests/.refs``). Runs alternate, ours then gguf's then HF's, ``--runs``
times each; the table shows the median wall seconds of each load (imports not included) and
the ratios ours / gguf and ours / HF.

Run from the repository root: ``python3 bench/bench_gguf.py [--runs N] [--names a,b]``.
Prints only; writes no results file.
"""

from __future__ import annotations

import argparse
import statistics

from bench_load import _CHILD, REFS, ROOT, child

VOCABS = REFS / "llama.cpp"
SHIPPED = {"gemma4": "gemma-4", "phi3": "phi-3", "falcon": "falcon", "mpt": "mpt",
           "gpt_neox": "mpt", "nomic_bert_moe": "nomic-bert-moe"}
"""Shipped encoding -> the llama.cpp vocabulary it is."""
HF_JSON = {"llama-bpe": "llama3.tokenizer.json"}
"""llama.cpp vocabulary -> an official tokenizer.json of the same vocabulary in tests/.refs."""
NAMES = ["gpt-2", "llama-bpe", "llama-spm", "phi-3", "qwen2", "qwen35", "deepseek-coder",
         "deepseek-llm", "command-r", "gemma-4", "bert-bge", "baichuan", "falcon", "mpt",
         "refact", "starcoder", "gpt-neox", "aquila", "nomic-bert-moe"]

OURS = _CHILD.format(imports="from bbpe_core.formats.gguf import load_gguf",
                     load="load_gguf(sys.argv[1])")
SHIPPED_OURS = _CHILD.format(imports="import bbpe_core", load="bbpe_core.get_encoding(sys.argv[1])")
GGUF = _CHILD.format(imports="from gguf import GGUFReader", load="GGUFReader(sys.argv[1])")
HF = _CHILD.format(imports="from tokenizers import Tokenizer",
                   load="Tokenizer.from_file(sys.argv[1])")


def median_load(script: str, arg: str, runs: int) -> float:
    """Median wall seconds of the load in ``runs`` fresh processes."""
    return statistics.median(child(script, arg)["load wall"] for _ in range(runs))


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--names", default=",".join([*SHIPPED, *NAMES]))
    args = parser.parse_args()
    print(f"children import bbpe_core from {ROOT}; median of {args.runs} fresh processes; "
          "load seconds (wall)")
    print(f"{'vocabulary':15} {'ours':>7} {'gguf':>7} {'HF':>7} {'ours/gguf':>10} {'ours/HF':>8}")
    for name in args.names.split(","):
        stem = SHIPPED.get(name, name)
        path = VOCABS / f"ggml-vocab-{stem}.gguf"
        if not path.exists():
            print(f"{name:15} missing: {path}")
            continue
        ours = median_load(*((SHIPPED_OURS, name) if name in SHIPPED else (OURS, str(path))),
                           args.runs)
        theirs = median_load(GGUF, str(path), args.runs)
        hf_path = REFS / HF_JSON[stem] if stem in HF_JSON else None
        hf = median_load(HF, str(hf_path), args.runs) if hf_path and hf_path.exists() else None
        hf_cells = f"{hf:7.3f}" if hf else f"{'-':>7}"
        ratio = f"{ours / hf:7.2f}x" if hf else f"{'-':>8}"
        print(f"{name:15} {ours:7.3f} {theirs:7.3f} {hf_cells} {ours / theirs:9.2f}x {ratio}",
              flush=True)


if __name__ == "__main__":
    main()
