"""Benchmark: SentencePiece BPE with byte fallback (llama2, gemma3) against HF tokenizers
(Rust) and, for llama2, the ``sentencepiece`` library (C++), single-string encode on about
1 MB each of English, Chinese and Python code, cold (our caches emptied before each call)
and warm. Ids are checked equal to HF's before anything is timed.

HF tokenizers reads tests/.refs/gemma3.tokenizer.json and, for llama2, Mistral 7B v0.1's
tokenizer.json (the same kind of model; llama2's own file is the ``.model``), so llama2's
HF column times a model of the same size and kind; its ids are checked against
``sentencepiece`` instead.

Run from the repository root: ``python3 bench/bench_sentencepiece.py [--size BYTES]
[--repeats N]``. Writes ``bench/results/sentencepiece.md``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import sentencepiece
from tokenizers import Tokenizer

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's bbpe_core
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_encode import best_time  # noqa: E402
from report import results_page  # noqa: E402
from texts import MB, ROOT, texts  # noqa: E402

import bbpe_core  # noqa: E402

REFS = ROOT / "tests" / ".refs"


def references(name: str) -> dict:
    """Reference name -> (text -> ids), the first one the ids are checked against."""
    if name == "llama2":
        processor = sentencepiece.SentencePieceProcessor(model_file=str(REFS / "llama2.model"))
        hf = Tokenizer.from_file(str(REFS / "mistral_v1.tokenizer.json"))
        return {"sentencepiece": processor.encode,
                "HF (Mistral 7B file)": lambda t: hf.encode(t, add_special_tokens=False).ids}
    hf = Tokenizer.from_file(str(REFS / f"{name}.tokenizer.json"))
    return {"HF tokenizers": lambda t: hf.encode(t, add_special_tokens=False).ids}


def run(name: str, corpus: dict[str, str], repeats: int) -> list[dict]:
    """Time one encoding on every text; one row per text and reference."""
    enc = bbpe_core.get_encoding(name)
    ours = enc.encode_ordinary if name == "llama2" else (
        lambda t: enc.encode(t, allowed_special="all"))
    return compare(name, enc, ours, references(name), corpus, repeats)


def compare(name: str, enc, ours, refs: dict, corpus: dict[str, str], repeats: int
            ) -> list[dict]:
    """Time ``ours`` (text -> ids of ``enc``, cold and warm) and each reference on every
    text, after checking the ids equal to the first reference's; one row per text and
    reference (also used by ``bench_unigram``). Each repeat times ours cold, ours warm and
    every reference in turn, so that a busy spell of a shared machine slows all alike; the
    best of each is kept."""
    check_name, check = next(iter(refs.items()))
    rows = []
    for label, text in corpus.items():
        if ours(text) != check(text):
            raise SystemExit(f"{name}: other ids than {check_name} on {label}")
        cold = warm = float("inf")
        ref_times = dict.fromkeys(refs, float("inf"))
        for _ in range(repeats):
            cold = min(cold, best_time(ours, text, 1, enc.clear_cache))
            warm = min(warm, best_time(ours, text, 1))
            for ref_name, ref in refs.items():
                ref_times[ref_name] = min(ref_times[ref_name], best_time(ref, text, 1))
        for ref_name, ref_time in ref_times.items():
            rows.append({"encoding": name, "text": label, "reference": ref_name,
                         "cold": ref_time / cold, "warm": ref_time / warm,
                         "ours cold s": cold, "ours warm s": warm, "ref s": ref_time})
            print(f"{name:8} {label:14} vs {ref_name:22} cold {ref_time / cold:5.2f}x  "
                  f"warm {ref_time / warm:5.2f}x  ({cold:.3f} / {warm:.3f} / {ref_time:.3f} s)",
                  flush=True)
    return rows


def markdown(rows: list[dict], size: int) -> str:
    """The results table (ratios are the reference's time / ours: above 1 we are faster)."""
    return results_page(
        "SentencePiece BPE with byte fallback vs HF tokenizers and sentencepiece",
        [f"Texts of about {size:,} bytes; ratio = the reference's time / ours (above 1: "
         "faster than it); cold = our caches emptied before each call. Best of the repeats."],
        ["encoding", "text", "reference", "cold", "warm", "ours cold / warm / reference (s)"],
        [[r["encoding"], r["text"], r["reference"], f"{r['cold']:.2f}x", f"{r['warm']:.2f}x",
          f"{r['ours cold s']:.3f} / {r['ours warm s']:.3f} / {r['ref s']:.3f}"]
         for r in rows])


def main() -> None:
    """Run the benchmark and write bench/results/sentencepiece.md."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=MB)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--names", default="llama2,gemma3")
    args = parser.parse_args()
    corpus = {k: v for k, v in texts(args.size).items() if not k.startswith("worst")}
    rows = [r for name in args.names.split(",") for r in run(name, corpus, args.repeats)]
    out = ROOT / "bench" / "results" / "sentencepiece.md"
    out.write_text(markdown(rows, args.size), encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
