"""The Train page's Unigram side: a run's rounds as chart and table rows, and its files.

A Unigram LM trainer (Kudo 2018; sentencepiece's ``unigram_model_trainer.cc``, here
``bbpe_core.train_unigram``) starts from a large seed vocabulary and shrinks it round by
round: EM re-estimates the pieces' probabilities, then the pieces whose removal costs the
corpus' likelihood least are pruned.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from bbpe_core import Encoding, UnigramRound, save_hf_tokenizer_json, save_sentencepiece_model
from bbpe_core.formats.sentencepiece_save import (
    save_sentencepiece_tokenizer_json,
    sentencepiece_model_of,
)
from bbpe_core.training.spec import LOSSLESS

__all__ = ["ALGORITHMS", "COVERAGES", "FITS", "NORMALIZATIONS", "fitting_coverage", "model_files",
           "pruned_rows", "round_fraction", "round_rows", "sentences"]

ALGORITHMS = {
    "Byte-level BPE": "Merges over UTF-8 bytes, as GPT-2 and tiktoken (bbpe_core.train)",
    "BPE (SentencePiece)": "Merges over characters, spaces written ▁, unseen characters as "
                           "bytes, as sentencepiece's BPE (bbpe_core.train_sentencepiece_bpe)",
    "Unigram (SentencePiece)": "A seed vocabulary pruned round by round, as sentencepiece's "
                               "default model (bbpe_core.train_unigram)",
}
"""The algorithms the Train page trains, with one line each."""


NORMALIZATIONS = {
    "as sentencepiece": {},
    "lossless": LOSSLESS,
}
"""The Train page's normalization choice for both SentencePiece trainers: sentencepiece's
defaults (``nmt_nfkc``, extra spaces removed; fewer tokens, as the library trains), or none
(every character and space kept, so ``decode(encode(text)) == text``)."""

FITS = "fits the vocabulary"
"""The Train page's default coverage: the highest share up to sentencepiece's 0.9995 whose
characters fill at most half the pieces left to learn (``fitting_coverage``)."""

COVERAGES = (FITS, 1.0, 0.9995, 0.999, 0.995, 0.99, 0.98, 0.95)
"""The ``character_coverage`` choices the Train page offers (0.9995 is sentencepiece's
default; its README suggests it for CJK, 1.0 for languages with small alphabets)."""


def fitting_coverage(text: str, room: int, ceiling: float = 0.9995) -> float:
    """The largest ``character_coverage`` up to ``ceiling`` whose required characters (the
    most frequent first, as ``bbpe_core``'s trainers count them) are at most ``room // 2``:
    a coverage that always leaves half the pieces to learn, as a sentencepiece user lowers
    the coverage for a CJK corpus and a small vocabulary.

    Args:
        text: the corpus (its characters are counted as they are; normalization changes the
            counts a little, which the half left free absorbs).
        room: the pieces left after the meta and byte pieces.
        ceiling: the coverage wanted when the characters fit.
    """
    counts = Counter(text.replace("\n", ""))
    total = sum(counts.values())
    top = sorted(counts.values(), reverse=True)[:max(1, room // 2)]
    if not total or len(top) == len(counts):
        return ceiling
    return min(ceiling, sum(top) / total)


def sentences(text: str, max_bytes: int = 4192) -> list[str]:
    """The corpus' lines, each over ``max_bytes`` UTF-8 bytes cut into pieces of at most that
    (after the last space that fits, else at a character), so that the trainers, which skip
    such lines as sentencepiece does (``max_sentence_length``), read all of a pasted text.

    >>> [len(s) for s in sentences("ab " * 3000, 4000)]
    [3999, 3999, 1002]
    """
    out: list[str] = []
    for line in text.split("\n"):
        while len(line.encode("utf-8", "surrogatepass")) > max_bytes:
            head = line.encode("utf-8", "surrogatepass")[:max_bytes].decode("utf-8", "ignore")
            cut = head.rfind(" ") + 1 or len(head)
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out


def round_rows(rounds: list[UnigramRound], final: int | None = None) -> list[dict]:
    """Per round: the vocabulary's size after EM and after pruning, and the log-likelihood;
    then, given ``final``, the final cut (``FinalizeSentencePieces``: the rounds stop within
    1.1 x the size wanted, and the best-scored pieces up to it are kept).

    Args:
        rounds: the ``UnigramRound`` records the trainer's ``progress`` received, in order.
        final: the trained vocabulary's learned pieces (meta and byte pieces not counted), or
            None for no final row.

    Returns:
        One dict per round: ``round``, ``step`` (``EM + pruning``, ``EM`` on the last
        round, ``final cut``), ``pieces`` (after EM), ``kept`` (after pruning),
        ``log-likelihood`` (natural log, whole corpus; None on the final cut), ``pruned``
        (count).
    """
    rows = [{"round": r.round, "step": "EM + pruning" if r.kept < r.pieces else "EM",
             "pieces": r.pieces, "kept": r.kept, "log-likelihood": r.log_likelihood,
             "pruned": r.pieces - r.kept} for r in rounds]  # every piece is kept or pruned
    if final is not None and rounds:
        last = rounds[-1].kept
        rows.append({"round": rounds[-1].round + 1, "step": "final cut", "pieces": last,
                     "kept": final, "log-likelihood": None, "pruned": max(0, last - final)})
    return rows


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
    encoding (BPE or Unigram) ``<name>.model``, and ``tokenizer.json`` where HF's stages can
    say its normalizer (a lossless run; sentencepiece's ``nmt_nfkc`` with extra spaces
    removed is not written: HF's Strip and Replace strip other whitespace); for a byte-level
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
            model = sentencepiece_model_of(enc)
            if not (model.precompiled_charsmap or model.remove_extra_whitespaces):
                save_sentencepiece_tokenizer_json(model, root / "tokenizer.json")
        return {p.name: p.read_bytes() for p in sorted(root.iterdir())}
