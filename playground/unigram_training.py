"""The Train page's Unigram side: a run's rounds as chart and table rows, and its files.

A Unigram LM trainer (Kudo 2018; sentencepiece's ``unigram_model_trainer.cc``, here
``bbpe_core.train_unigram``) starts from a large seed vocabulary and shrinks it round by
round: EM re-estimates the pieces' probabilities, then the pieces whose removal costs the
corpus' likelihood least are pruned.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bbpe_core import Encoding, UnigramRound, save_hf_tokenizer_json, save_sentencepiece_model
from bbpe_core.formats.sentencepiece_save import (
    save_sentencepiece_tokenizer_json,
    sentencepiece_model_of,
)

__all__ = ["ALGORITHMS", "round_rows", "pruned_rows", "round_fraction", "model_files"]

ALGORITHMS = {
    "Byte-level BPE": "Merges over UTF-8 bytes, as GPT-2 and tiktoken (bbpe_core.train)",
    "BPE (SentencePiece)": "Merges over characters, spaces written ▁, unseen characters as "
                           "bytes, as sentencepiece's BPE (bbpe_core.train_sentencepiece_bpe)",
    "Unigram (SentencePiece)": "A seed vocabulary pruned round by round, as sentencepiece's "
                               "default model (bbpe_core.train_unigram)",
}
"""The algorithms the Train page trains, with one line each."""


def round_rows(rounds: list[UnigramRound]) -> list[dict]:
    """Per round: the vocabulary's size after EM and after pruning, and the log-likelihood.

    Args:
        rounds: the ``UnigramRound`` records the trainer's ``progress`` received, in order.

    Returns:
        One dict per round: ``round``, ``pieces`` (after EM), ``kept`` (after pruning),
        ``log-likelihood`` (natural log, whole corpus), ``pruned`` (count).
    """
    return [{"round": r.round, "pieces": r.pieces, "kept": r.kept,
             "log-likelihood": r.log_likelihood, "pruned": len(r.pruned)} for r in rounds]


def pruned_rows(rounds: list[UnigramRound]) -> list[dict]:
    """Every pruned piece with its round and loss (the likelihood lost per unit of corpus
    without it), rounds in order and, within one, as the trainer listed them."""
    return [{"round": r.round, "piece": piece, "loss": loss}
            for r in rounds for piece, loss in r.pruned]


def round_fraction(first: UnigramRound, r: UnigramRound, vocab_size: int) -> float:
    """How far the run is, in [0, 1]: the share of the way from the first round's
    vocabulary (``first.pieces``) down to ``vocab_size`` that pruning has come by round
    ``r`` (1.0 on the last round, which does not prune)."""
    if r.pieces == r.kept or first.pieces <= vocab_size:
        return 1.0
    return max(0.0, min(1.0, (first.pieces - r.kept) / (first.pieces - vocab_size)))


def model_files(enc: Encoding) -> dict[str, bytes]:
    """The files the engine writes for a trained or extended encoding: for a SentencePiece
    encoding (BPE or Unigram) ``<name>.model`` and ``tokenizer.json`` (written from its
    SentencePiece model, so a Unigram model is a Unigram tokenizer.json); for a byte-level
    BPE encoding ``tokenizer.json`` (a ``.model`` holds no byte-level BPE).

    Returns:
        ``{file name: content}``.

    Raises:
        ValueError: as ``sentencepiece_model_of`` for an encoding of neither kind.
    """
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        if enc.byte_level:
            save_hf_tokenizer_json(enc, root / "tokenizer.json")
        else:
            save_sentencepiece_model(enc, root / f"{enc.name}.model")
            save_sentencepiece_tokenizer_json(sentencepiece_model_of(enc), root / "tokenizer.json")
        return {p.name: p.read_bytes() for p in sorted(root.iterdir())}
