"""The facts of the two lessons about tokenization algorithms (``lessons.LESSONS``): where
▁ and <0xE4> come from, and how BPE, byte-level BPE, WordPiece and Unigram differ. Every
number is computed from the encodings (and, for the kinds no shipped model uses, from the
Algorithms page's trainers on its bounded corpus)."""

from __future__ import annotations

from functools import lru_cache

from bbpe_core import Encoding

from ..algorithms.side_by_side import byte_spelled, run, space_marker
from ..algorithms.training import Trained, corpus_parts, train_all

__all__ = ["ALGORITHM_LESSON_ENCODINGS", "TRAINED_SIZE", "algorithm_facts", "marks_facts"]

ALGORITHM_LESSON_ENCODINGS = ("gpt2", "llama2", "gemma3", "bert_base_uncased")
"""The encodings these lessons show (those shipped)."""
TRAINED_SIZE = 2000
"""Vocabulary size of the character-level BPE and Unigram trained for the comparison."""


def _byte_piece_count(strings: list[str]) -> int:
    return sum(len(s) == 6 and s.startswith("<0x") and s.endswith(">") for s in strings)


def marks_facts(encs: dict[str, Encoding], text: str) -> list[dict]:
    """Per encoding: its pieces, how it writes a space, its byte-fallback pieces and the
    characters it spells in bytes."""
    rows = []
    for name, enc in encs.items():
        r = run(enc, text)
        marker = space_marker(r)
        spaces = ("" if " " not in text else
                  marker if any(marker and marker in s for s in r.strings) else "dropped")
        spelled = byte_spelled(r, text)
        rows.append({"encoding": name, "algorithm": r.kind, "tokens": len(r.ids),
                     "pieces": " | ".join(r.strings), "a space is written": spaces,
                     "<0xNN> pieces": _byte_piece_count(r.strings),
                     "characters spelled in bytes": " ".join(spelled)})
    return rows


@lru_cache(maxsize=1)
def _trained() -> tuple[Trained, ...]:
    """Character-level BPE and Unigram from the Algorithms page's corpus (seconds, once)."""
    models = train_all(corpus_parts()[0], TRAINED_SIZE)
    return tuple(m for m in models if m.algorithm in ("character-level BPE", "Unigram"))


def algorithm_facts(encs: dict[str, Encoding], text: str) -> list[dict]:
    """Per encoding and per trained kind: its algorithm, what it starts from, its tokens,
    its unknown tokens and whether decoding gives the text back."""
    rows = []
    for name, enc in encs.items():
        r = run(enc, text)
        starts = {"byte-level BPE": "256 bytes",
                  "WordPiece": "characters; no bytes (a word it cannot cover is [UNK])"}.get(
            r.kind, "characters, and 256 <0xNN> byte pieces for the rest")
        unknown = sum(i == r.unk_id for i in r.ids) if r.unk_id is not None else 0
        rows.append({"tokenizer": name, "algorithm": r.kind, "starts from": starts,
                     "tokens": len(r.ids), "unknown tokens": unknown,
                     "gives the text back": r.decoded == text, "pieces": " | ".join(r.strings)})
    for m in _trained():
        tokens = m.tokenize(text)
        rows.append({"tokenizer": f"{m.algorithm} (trained here, {TRAINED_SIZE:,} tokens)",
                     "algorithm": m.algorithm,
                     "starts from": "the corpus' characters" if m.algorithm != "Unigram" else
                     "a large set of substrings, pruned to the likeliest",
                     "tokens": len(tokens), "unknown tokens": tokens.count(m.unknown),
                     "gives the text back": m.round_trip(text) == text,
                     "pieces": " | ".join(tokens)})
    return rows
