"""Benchmark: the first use of an encoding and the memory it keeps, ours against the reference
libraries (issue 47's table), every row in fresh processes, ours and the reference in turns.

Rows:

- *ready* = load + one short encode (what a visitor waits for before the first tokens), and
  the resident memory it added after the imports (RSS, MiB), for gemma3, umt5, qwen3 and
  llama3 against HF tokenizers' ``Tokenizer.from_file`` on the official tokenizer.json in
  ``tests/.refs`` (``scripts/fetch_vocabularies.py --references tests/.refs``);
- *all shipped encodings in one process*: each loaded and given one short encode, against
  HF's gemma3 ``from_file`` time (target: 6x that at most, and 1 GiB);
- *cold 1 MB of Chinese* (import + load + encode, one process): o200k_base and cl100k_base
  against tiktoken built from the same ranks file (the uncompressed ``.tiktoken`` written to a
  temporary folder: tiktoken's ``load_tiktoken_bpe`` on a local file);
- *jurassic2, 300 KB of English, warm*: ours against sentencepiece on the same ``.model``.

Each child prints its own timings (wall seconds, ``time.perf_counter``) and RSS
(``/proc/self/statm``); the table shows medians over ``--rounds`` and the ratio ours /
reference with the issue's target.

Run from the repository root: ``python3 bench/bench_memory.py [--rounds 5] [--rows a,b]``;
rows are ``ready``, ``all``, ``chinese``, ``jurassic2``. Prints a markdown table; writes no
file (``bench/results/memory.md`` keeps the runs).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT / "playground" / "assets" / "corpora"
REFS = ROOT / "tests" / ".refs"
DATA = ROOT / "bbpe_core" / "data"
SHORT = "Hello world, 你好世界! A short first encode."

_PRELUDE = """
import json, sys, time
def rss():
    with open('/proc/self/statm') as f:
        return int(f.read().split()[1]) * 4096 / 2**20
t0 = time.perf_counter()
"""

OURS_READY = _PRELUDE + """
import bbpe_core
t1, m1 = time.perf_counter(), rss()
enc = bbpe_core.get_encoding(sys.argv[1])
enc.encode(sys.argv[2], allowed_special="all")
t2 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "ready": t2 - t1, "mib": rss() - m1}))
"""

HF_READY = _PRELUDE + """
from tokenizers import Tokenizer
t1, m1 = time.perf_counter(), rss()
tok = Tokenizer.from_file(sys.argv[1])
tok.encode(sys.argv[2], add_special_tokens=False)
t2 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "ready": t2 - t1, "mib": rss() - m1}))
"""

OURS_ALL = _PRELUDE + """
import bbpe_core
t1, m1 = time.perf_counter(), rss()
names = bbpe_core.list_encoding_names()
encs = [bbpe_core.get_encoding(n) for n in names]
t2, m2 = time.perf_counter(), rss()
for enc in encs:
    enc.encode(sys.argv[1], allowed_special="all")
t3 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "load": t2 - t1, "ready": t3 - t1, "mib_loaded": m2 - m1,
                  "mib": rss() - m1, "count": len(names)}))
"""

_ENCODE_AND_REPORT = """
t2 = time.perf_counter()
n = len(enc.encode_ordinary(text))
t3 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "load": t2 - t1, "encode": t3 - t2, "ready": t3 - t0,
                  "n": n}))
"""
"""The end of both cold Chinese scripts: ``enc`` encodes ``text`` once; the times printed."""

OURS_CHINESE = _PRELUDE + """
import bbpe_core
text = open(sys.argv[2], encoding="utf-8").read()
t1 = time.perf_counter()
enc = bbpe_core.get_encoding(sys.argv[1])
""" + _ENCODE_AND_REPORT

TIKTOKEN_CHINESE = _PRELUDE + """
import tiktoken
from tiktoken.load import load_tiktoken_bpe
text = open(sys.argv[3], encoding="utf-8").read()
t1 = time.perf_counter()
enc = tiktoken.Encoding("x", pat_str=sys.argv[2], mergeable_ranks=load_tiktoken_bpe(sys.argv[1]),
                        special_tokens={})
""" + _ENCODE_AND_REPORT

OURS_WARM = _PRELUDE + """
import bbpe_core
first, text = (open(p, encoding="utf-8").read() for p in sys.argv[2:4])
enc = bbpe_core.get_encoding(sys.argv[1])
enc.encode_ordinary(first)
t1 = time.perf_counter()
enc.encode_ordinary(text)
print(json.dumps({"ready": time.perf_counter() - t1}))
"""
"""Warm: the encoding loaded and one text encoded (every table built), then a text it has not
seen timed (the same text again would be answered by the whole-text cache, not the model)."""

SP_WARM = _PRELUDE + """
import sentencepiece
first, text = (open(p, encoding="utf-8").read() for p in sys.argv[2:4])
sp = sentencepiece.SentencePieceProcessor(model_file=sys.argv[1])
sp.encode(first)
t1 = time.perf_counter()
sp.encode(text)
print(json.dumps({"ready": time.perf_counter() - t1}))
"""

READY = {"gemma3": "gemma3", "umt5": "umt5", "qwen3": "qwen3", "llama3": "llama3"}
"""Our encoding -> the stem of its tokenizer.json in tests/.refs."""


def child(script: str, *args: str) -> dict:
    """Run ``script`` in a fresh interpreter (this checkout first on the path); its JSON line.

    Raises:
        subprocess.CalledProcessError: if the child fails.
    """
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    out = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def in_turns(ours: tuple, theirs: tuple | None, rounds: int) -> tuple[list, list]:
    """``rounds`` runs of each, ours then theirs, so that a busy spell slows both alike."""
    a, b = [], []
    for _ in range(rounds):
        a.append(child(*ours))
        if theirs is not None:
            b.append(child(*theirs))
    return a, b


def median(runs: list[dict], key: str) -> float:
    """The median of one key over the runs."""
    return statistics.median(r[key] for r in runs)


def ready_rows(rounds: int) -> list[str]:
    """gemma3, umt5, qwen3, llama3: ready time and memory against HF's ``from_file``."""
    rows = []
    for name, stem in READY.items():
        path = REFS / f"{stem}.tokenizer.json"
        ours, hf = in_turns((OURS_READY, name, SHORT), (HF_READY, str(path), SHORT), rounds)
        t, m = median(ours, "ready"), median(ours, "mib")
        ht, hm = median(hf, "ready"), median(hf, "mib")
        rows.append(f"| {name} ready (load + one short encode) | {t:.2f} s, +{m:.0f} MiB | HF "
                    f"`Tokenizer.from_file`: {ht:.2f} s, +{hm:.0f} MiB | {t / ht:.2f}x time, "
                    f"{m / hm:.2f}x memory | <= 1.0x, <= 0.6x |")
    return rows


def all_row(rounds: int) -> list[str]:
    """Every shipped encoding in one process against HF's gemma3 load."""
    ours, hf = in_turns((OURS_ALL, SHORT), (HF_READY, str(REFS / "gemma3.tokenizer.json"),
                                            SHORT), rounds)
    t, m, ht = median(ours, "ready"), median(ours, "mib"), median(hf, "ready")
    return [f"| all {ours[0]['count']} shipped encodings in one process (load + one short "
            f"encode each) | {t:.1f} s, {m / 1024:.2f} GiB ({median(ours, 'load'):.1f} s, "
            f"{median(ours, 'mib_loaded') / 1024:.2f} GiB before the encodes) | HF loads gemma3 "
            f"in {ht:.2f} s | {t / ht:.1f}x | <= 6x, <= 1 GiB |"]


def chinese_rows(rounds: int, workdir: Path) -> list[str]:
    """Cold 1 MB of Chinese: import + load + encode, ours against tiktoken."""
    sys.path.insert(0, str(ROOT))
    from oracles import TIKTOKEN_PATTERNS

    text = workdir / "zh.txt"
    zh = (CORPORA / "zh_tang_poems.txt").read_text(encoding="utf-8")
    text.write_text(zh[:1_000_000 // 3], encoding="utf-8")
    cells = []
    for name in ("o200k_base", "cl100k_base"):
        ranks = workdir / f"{name}.tiktoken"
        ranks.write_bytes(gzip.decompress((DATA / f"{name}.tiktoken.gz").read_bytes()))
        ours, tk = in_turns((OURS_CHINESE, name, str(text)),
                            (TIKTOKEN_CHINESE, str(ranks), TIKTOKEN_PATTERNS[name], str(text)),
                            rounds)
        assert ours[0]["n"] == tk[0]["n"], "ids counts differ"
        cells.append((name, median(ours, "ready"), median(tk, "ready"),
                      median(ours, "encode"), median(tk, "encode")))
    o = ", ".join(f"{n.split('_')[0]} {t:.2f} s (encode {e:.2f})" for n, t, _, e, _ in cells)
    r = " / ".join(f"{tk:.2f}" for _, _, tk, _, _ in cells)
    ratio = " / ".join(f"{tk / t:.2f}" for _, t, tk, _, _ in cells)
    return [f"| cold 1 MB Chinese (import + load + encode) | {o} | tiktoken {r} s | {ratio}x "
            "(tiktoken / ours) | >= 0.5x |"]


def jurassic2_row(rounds: int, workdir: Path) -> list[str]:
    """jurassic2 on 300 KB of English not seen before, warm (after another 300 KB), against
    sentencepiece."""
    first, text = workdir / "en_first.txt", workdir / "en.txt"
    en = (CORPORA / "en_python_docs.txt").read_text(encoding="utf-8")
    first.write_text(en[300_000:600_000], encoding="utf-8")
    text.write_text(en[:300_000], encoding="utf-8")
    ours, sp = in_turns((OURS_WARM, "jurassic2", str(first), str(text)),
                        (SP_WARM, str(REFS / "jurassic2.model"), str(first), str(text)), rounds)
    t, st = median(ours, "ready"), median(sp, "ready")
    return [f"| jurassic2, 300 KB English not seen before, warm | {t:.3f} s | sentencepiece "
            f"{st:.3f} s | {st / t:.2f}x (sentencepiece / ours) | >= 0.25x |"]


def main() -> None:
    """Print the table of the chosen rows."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--rows", default="ready,all,chinese,jurassic2")
    args = parser.parse_args()
    chosen = args.rows.split(",")
    print(f"{args.rounds} fresh processes each, in turns; medians\n")
    print("| what | ours | reference | ratio | target |\n|---|---|---|---|---|", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        for row, make in (("ready", lambda: ready_rows(args.rounds)),
                          ("all", lambda: all_row(args.rounds)),
                          ("chinese", lambda: chinese_rows(args.rounds, workdir)),
                          ("jurassic2", lambda: jurassic2_row(args.rounds, workdir))):
            if row in chosen:
                for line in make():
                    print(line, flush=True)


if __name__ == "__main__":
    main()
