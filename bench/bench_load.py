"""Benchmark: the first load of each byte-level encoding, ours (``bbpe_core.get_encoding``)
against HF tokenizers' ``Tokenizer.from_file``, each in a fresh process.

A fresh process is a true first load: nothing of ours is cached (the manifest, compiled
patterns, a base encoding such as o200k_harmony's o200k_base: all are built inside the timed
call). Runs alternate, ours then HF's, ``--runs`` times each, so that a busy spell of a shared
machine slows both alike. Each child times its own import and its load separately (wall and
CPU seconds); the table shows the best and the median load of each and the ratio ours / HF
of the medians (the project's target: at most 1.5), then the import times.

HF tokenizers reads the official tokenizer.json where the reference script extracted one
(``python3 scripts/fetch_vocabularies.py --no-ship --references tests/.refs``), else the
tokenizer.json that ``bbpe_core.save_hf_tokenizer_json`` writes for the encoding.

Run from the repository root: ``python3 bench/bench_load.py [--runs N] [--names a,b]``.
Prints only; writes no results file.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import bbpe_core

ROOT = Path(__file__).resolve().parent.parent
REFS = ROOT / "tests" / ".refs"
OFFICIAL = {"o200k_harmony": "o200k_harmony", "llama3": "llama3", "qwen3": "qwen3",
            "deepseek_v3": "deepseek_v3", "deepseek_v4": "deepseek_v4",
            "claude_legacy": "claude"}
"""Encoding -> the stem of its official tokenizer.json in tests/.refs."""
NAMES = ["p50k_base", "o200k_harmony", "llama3", "llama4", "qwen3", "deepseek_v3",
         "deepseek_v4", "mistral_tekken", "claude_legacy"]

_CHILD = """
import sys, time
w0, c0 = time.perf_counter(), time.process_time()
{imports}
w1, c1 = time.perf_counter(), time.process_time()
{load}
w2, c2 = time.perf_counter(), time.process_time()
print(w1 - w0, c1 - c0, w2 - w1, c2 - c1)
"""
OURS = _CHILD.format(imports="import bbpe_core", load="bbpe_core.get_encoding(sys.argv[1])")
HF = _CHILD.format(imports="from tokenizers import Tokenizer",
                   load="Tokenizer.from_file(sys.argv[1])")


def hf_file(name: str, workdir: Path) -> Path:
    """The tokenizer.json HF tokenizers loads for ``name``."""
    if name in OFFICIAL and (REFS / f"{OFFICIAL[name]}.tokenizer.json").exists():
        return REFS / f"{OFFICIAL[name]}.tokenizer.json"
    path = workdir / f"{name}.tokenizer.json"
    bbpe_core.save_hf_tokenizer_json(bbpe_core.get_encoding(name), path)
    return path


def child(script: str, arg: str) -> dict[str, float]:
    """Run ``script`` in a fresh interpreter (this checkout's ``bbpe_core`` first on the
    path); its import and load seconds, wall and CPU.

    Raises:
        subprocess.CalledProcessError: if the child fails.
    """
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    out = subprocess.run([sys.executable, "-c", script, arg], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    keys = ("import wall", "import cpu", "load wall", "load cpu")
    return dict(zip(keys, map(float, out)))


def first_load(name: str, path: Path, runs: int) -> dict[str, float]:
    """Fresh-process first loads of ``name`` (ours) and ``path`` (HF), ``runs`` each in
    turn: best and median seconds of each, and the ratio ours / HF of the medians."""
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(child(OURS, name))
        theirs.append(child(HF, str(path)))
    row: dict[str, float] = {}
    for who, samples in (("ours", ours), ("hf", theirs)):
        for key in ("load wall", "load cpu", "import wall"):
            values = [s[key] for s in samples]
            row[f"{who} {key} best"] = min(values)
            row[f"{who} {key} median"] = statistics.median(values)
    row["ratio"] = row["ours load wall median"] / row["hf load wall median"]
    row["ratio cpu"] = row["ours load cpu median"] / row["hf load cpu median"]
    return row


def main() -> None:
    """Print the first-load table of the chosen encodings."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--names", default=",".join(NAMES))
    args = parser.parse_args()
    print(f"bbpe_core from {Path(bbpe_core.__file__).parent}; {args.runs} fresh processes "
          "each, alternating; seconds (best / median); ratio = ours / HF (medians)")
    print(f"{'encoding':15} {'ours wall':>13} {'HF wall':>13} {'ratio':>6} "
          f"{'ours cpu':>13} {'HF cpu':>13} {'ratio':>6}")
    rows = {}
    with tempfile.TemporaryDirectory() as workdir:
        for name in args.names.split(","):
            r = rows[name] = first_load(name, hf_file(name, Path(workdir)), args.runs)
            print(f"{name:15} {r['ours load wall best']:.3f}/{r['ours load wall median']:.3f}"
                  f" {r['hf load wall best']:.3f}/{r['hf load wall median']:.3f}"
                  f" {r['ratio']:5.2f}x {r['ours load cpu best']:.3f}/"
                  f"{r['ours load cpu median']:.3f} {r['hf load cpu best']:.3f}/"
                  f"{r['hf load cpu median']:.3f} {r['ratio cpu']:5.2f}x", flush=True)
    ours_import = statistics.median(r["ours import wall median"] for r in rows.values())
    hf_import = statistics.median(r["hf import wall median"] for r in rows.values())
    print(f"import (wall, median): bbpe_core {ours_import:.3f} s, tokenizers {hf_import:.3f} s")


if __name__ == "__main__":
    main()
