"""Unigram training, ours against sentencepiece's own trainer, at the same vocabulary size
and settings: time, and tokens per character on held-back text (both models encoded by
the ``sentencepiece`` library, so only the vocabularies differ).

Corpora: the shipped English (Python docs) and Chinese (Tang poems) files; the last 10% of
each file's lines are held back. Settings on both sides, ``--settings lossless`` (like for
like): identity normalizer, dummy prefix, extra spaces kept, ``character_coverage`` 0.9995,
16-character pieces, shrinking factor 0.75, 2 sub-iterations (sentencepiece also shuffles
nothing here: every line is used). ``--settings defaults``: each trainer with its defaults
(sentencepiece's: ``nmt_nfkc``, extra spaces removed, which ours now share), as a user
trains. Prints a markdown table and writes it to bench/results/unigram_train.md (or
unigram_train_defaults.md).

    python bench/bench_unigram_train.py [--vocab 8000] [--settings lossless|defaults]
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

from bbpe_core.formats.sentencepiece_save import save_sentencepiece_model  # noqa: E402
from bbpe_core.training.spec import LOSSLESS  # noqa: E402
from bbpe_core.training.unigram import train_unigram_model  # noqa: E402

CORPORA = {"English": "en_python_docs.txt", "Chinese": "zh_tang_poems.txt"}


def split(name: str) -> tuple[str, str]:
    """``(training text, held-back text)``: the last 10% of the lines held back."""
    lines = (ASSETS / "corpora" / name).read_text(encoding="utf-8").splitlines()
    cut = len(lines) * 9 // 10
    return "\n".join(lines[:cut]), "\n".join(lines[cut:])


def sp_train(text: str, vocab: int, prefix: str, lossless: bool) -> float:
    """sentencepiece's trainer on ``text`` (identity and extra spaces kept if ``lossless``,
    else its defaults): seconds."""
    path = prefix + ".txt"
    Path(path).write_text(text, encoding="utf-8")
    start = time.perf_counter()
    spm.SentencePieceTrainer.train(
        input=path, model_prefix=prefix, vocab_size=vocab, model_type="unigram",
        **({"normalization_rule_name": "identity", "remove_extra_whitespaces": False}
           if lossless else {}),
        character_coverage=0.9995, max_sentence_length=1 << 20, num_threads=1,
        minloglevel=2, hard_vocab_limit=False)
    return time.perf_counter() - start


def tokens_per_char(model_file: str, held: str) -> float:
    sp = spm.SentencePieceProcessor(model_file=model_file)
    lines = [line for line in held.splitlines() if line]
    return sum(len(sp.encode(line)) for line in lines) / sum(map(len, lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vocab", type=int, default=8000)
    parser.add_argument("--settings", choices=("lossless", "defaults"), default="lossless")
    args = parser.parse_args()
    lossless = args.settings == "lossless"
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for language, file in CORPORA.items():
            train, held = split(file)
            sp_seconds = sp_train(train, args.vocab, os.path.join(tmp, "sp"), lossless)
            start = time.perf_counter()
            model = train_unigram_model(train, args.vocab, max_sentence_length=65_536,
                                        **(LOSSLESS if lossless else {}))
            ours_seconds = time.perf_counter() - start
            ours_file = os.path.join(tmp, "ours.model")
            save_sentencepiece_model(model, ours_file)
            ours_tpc = tokens_per_char(ours_file, held)
            sp_tpc = tokens_per_char(os.path.join(tmp, "sp.model"), held)
            rows.append((language, len(train.encode("utf-8")), args.vocab, ours_tpc, sp_tpc,
                         (ours_tpc / sp_tpc - 1) * 100, ours_seconds, sp_seconds))
            print(rows[-1], flush=True)
    table = [
        "| corpus | training bytes | vocab | ours tokens/char | sentencepiece tokens/char "
        "| difference | ours s | sentencepiece s |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        *(f"| {lang} | {size:,} | {vocab:,} | {ours:.4f} | {sp:.4f} | {diff:+.2f}% "
          f"| {t1:.1f} | {t2:.1f} |" for lang, size, vocab, ours, sp, diff, t1, t2 in rows),
    ]
    header = (f"Unigram training, {args.settings} (held-back text: the last 10% of lines). Python "
              f"{platform.python_version()}, sentencepiece {spm.__version__}, one process, "
              f"load average {os.getloadavg()[0]:.1f}.\n\n")
    out = header + "\n".join(table) + "\n"
    print(out)
    name = "unigram_train.md" if lossless else "unigram_train_defaults.md"
    (ROOT / "bench" / "results" / name).write_text(out, encoding="utf-8")


if __name__ == "__main__":
    main()
