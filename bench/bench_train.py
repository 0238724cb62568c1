"""Training speed, in one process: bbpe_core's trainer, HF tokenizers' BpeTrainer, and the
textbook (naive) algorithm of the seeds, on ~1 MB of real English and Chinese.

Prints a markdown table and writes it to bench/results/train.md. The naive algorithm
recounts the whole corpus per merge: run to the full vocabulary it takes tens of minutes
(Chinese), so ``--quick`` stops it (and a second bbpe_core run) after 100 merges.

    python bench/bench_train.py [--quick]
"""

from __future__ import annotations

import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "playground" / "assets"
sys.path.insert(0, str(ROOT))  # this checkout's oracles (never installed with the package)

import bbpe_core  # noqa: E402
from oracles.naive_trainer import naive_merges  # noqa: E402

VOCAB = 8192
QUICK_MERGES = 100


def hf_train(text: str) -> float:
    from tokenizers import Regex, Tokenizer, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.Split(Regex(bbpe_core.GPT2_PATTERN), behavior="isolated"),
        pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)])
    trainer = trainers.BpeTrainer(vocab_size=VOCAB, min_frequency=2, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    start = time.perf_counter()
    tok.train_from_iterator([text], trainer=trainer)
    return time.perf_counter() - start


def ours(text: str, vocab: int) -> float:
    start = time.perf_counter()
    bbpe_core.train(text, vocab)
    return time.perf_counter() - start


def naive(text: str, merges: int) -> float:
    start = time.perf_counter()
    naive_merges(bbpe_core.count_chunks([text]), merges, 2)
    return time.perf_counter() - start


def main() -> None:
    merges = QUICK_MERGES if "--quick" in sys.argv[1:] else VOCAB - 256
    corpora = {"English (1 MB)": ASSETS / "corpora/en_python_docs.txt",
               "Chinese (1 MB)": ASSETS / "corpora/zh_tang_poems.txt"}
    lines = [f"Machine: {platform.machine()}, Python {platform.python_version()}; one process.", "",
             f"| corpus | bbpe_core, vocab {VOCAB} (s) | HF BpeTrainer, vocab {VOCAB} (s) | "
             f"ours ÷ HF | naive, {merges} merges (s) | bbpe_core, {merges} merges (s) | "
             "naive ÷ ours |",
             "|---|---|---|---|---|---|---|"]
    for label, path in corpora.items():
        text = path.read_text(encoding="utf-8")
        t_ours, t_hf = ours(text, VOCAB), hf_train(text)
        t_naive = naive(text, merges)
        t_small = t_ours if merges == VOCAB - 256 else ours(text, 256 + merges)
        lines.append(f"| {label} | {t_ours:.2f} | {t_hf:.2f} | {t_ours / t_hf:.1f}x | "
                     f"{t_naive:.1f} | {t_small:.2f} | {t_naive / t_small:.0f}x |")
        print(lines[-1], flush=True)
    table = "\n".join(lines) + "\n"
    print(table)
    (Path(__file__).resolve().parent / "results").mkdir(exist_ok=True)
    (Path(__file__).resolve().parent / "results" / "train.md").write_text(table, encoding="utf-8")


if __name__ == "__main__":
    main()
