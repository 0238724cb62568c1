"""Extending Llama 2 for Chinese, as Chinese-LLaMA did: train Chinese pieces with our Unigram
trainer, append those Llama 2 lacks (score 0: ``extend_vocabulary``), and count the tokens
of held-back Chinese and English before and after.

Chinese: the shipped Tang poems (classical Chinese, the corpus the repository has: 1 MB,
about 330,000 characters); the last 10% of its lines are held back, with the UDHR in
Simplified and Traditional Chinese. English: the last 10% of the Python docs corpus and the
UDHR in English. Ids are checked first: the ``sentencepiece`` library on the extended
``.model`` gives ours. Prints a markdown table and writes bench/results/extend.md.

    python bench/bench_extend.py [--pieces 8000]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "playground" / "assets"
sys.path.insert(0, str(ROOT))

import sentencepiece as spm  # noqa: E402

import bbpe_core  # noqa: E402
from bbpe_core.training.unigram import train_unigram_model  # noqa: E402


def split(name: str) -> tuple[str, str]:
    """``(training text, held-back text)`` of a corpus: the last 10% of lines held back."""
    lines = (ASSETS / "corpora" / name).read_text(encoding="utf-8").splitlines()
    cut = len(lines) * 9 // 10
    return "\n".join(lines[:cut]), "\n".join(lines[cut:])


def udhr(code: str) -> str:
    return (ASSETS / "udhr" / f"{code}.txt").read_text(encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pieces", type=int, default=8000,
                        help="vocab_size of the Chinese model whose pieces are appended")
    args = parser.parse_args()
    train, held_zh = split("zh_tang_poems.txt")
    _, held_en = split("en_python_docs.txt")
    start = time.perf_counter()
    chinese = train_unigram_model(train, args.pieces)
    seconds = time.perf_counter() - start
    base = bbpe_core.get_encoding("llama2")
    extended = bbpe_core.extend_vocabulary(
        base, [p.piece for p in chinese.pieces if p.type == "NORMAL"], name="llama2_zh")
    texts = {"Chinese (held-back Tang poems)": held_zh, "Chinese (UDHR, Simplified)":
             udhr("cmn_hans"), "Chinese (UDHR, Traditional)": udhr("cmn_hant"),
             "English (held-back Python docs)": held_en, "English (UDHR)": udhr("eng")}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "llama2_zh.model")
        bbpe_core.save_sentencepiece_model(extended, path)
        sp = spm.SentencePieceProcessor(model_file=path)
        for label, text in texts.items():
            assert sp.encode(text) == extended.encode_ordinary(text), label
    rows = []
    for label, text in texts.items():
        before, after = len(base.encode_ordinary(text)), len(extended.encode_ordinary(text))
        rows.append(f"| {label} | {len(text):,} | {before:,} | {after:,} "
                    f"| {(after / before - 1) * 100:+.1f}% |")
    header = (f"Llama 2 (32,000 pieces) extended with the {extended.n_vocab - base.n_vocab:,} "
              f"pieces of a {args.pieces:,}-piece Chinese Unigram model it lacked "
              f"(trained by bbpe_core on {len(train):,} characters in {seconds:.0f} s) -> "
              f"{extended.n_vocab:,} pieces. Ids checked against sentencepiece "
              f"{spm.__version__} on the extended .model. Python {platform.python_version()}, "
              f"load average {os.getloadavg()[0]:.1f}.\n\n")
    table = ["| text | characters | Llama 2 tokens | extended tokens | change |",
             "|---|---:|---:|---:|---:|", *rows]
    out = header + "\n".join(table) + "\n"
    print(out)
    (ROOT / "bench" / "results" / "extend.md").write_text(out, encoding="utf-8")


if __name__ == "__main__":
    main()
