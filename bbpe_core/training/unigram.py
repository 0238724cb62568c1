"""Training a Unigram LM tokenizer (Kudo 2018, "Subword Regularization"), as sentencepiece's
``src/unigram_model_trainer.cc`` does it (``Trainer::Train``):

1. Seed a large vocabulary: every character and the most frequent substrings
   (``unigram_corpus``), scored by their share of the corpus (log probabilities).
2. Repeat: ``num_sub_iterations`` (2) rounds of EM (``unigram_em``: expected counts by
   forward-backward, then digamma-smoothed probabilities; rarely used pieces drop out);
   stop once the vocabulary is at most 1.1 x ``vocab_size`` (or once a pruning finds
   nothing it may remove); else prune by loss, keeping ``shrinking_factor`` (0.75) of the
   pieces, never a single character.
3. Finalize (``FinalizeSentencePieces``): the required characters first (with their score,
   or just below the lowest), then the best-scored pieces up to ``vocab_size``; ids are
   ``<unk>``, ``<s>``, ``</s>``, the 256 byte pieces if ``byte_fallback``, then the pieces
   by score (highest first, ties by piece).

The vocabulary shrinks, where BPE's grows; ``progress`` sees each round. The normalizer is
``identity`` with a dummy prefix, spaces written ``▁``, extra spaces kept
(``remove_extra_whitespaces = false``): train sentencepiece with
``normalization_rule_name="identity", remove_extra_whitespaces=False`` for the same setting.
What sentencepiece does and this does not: sentence sampling and shuffling, the
``max_sentence_length`` filter, threads, user-defined and control symbols.
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from math import log

from ..encoding import Encoding
from ..formats.sentencepiece_model import Piece, SentencePieceModel
from ..formats.sentencepiece_unigram import sentencepiece_unigram
from .unigram_corpus import (
    UNK_CHAR,
    count_units,
    replace_rare,
    required_chars,
    seed_pieces,
)
from .unigram_em import Lattices, m_step, prune

__all__ = ["MAX_TRAIN_CHARS", "UnigramRound", "train_unigram", "train_unigram_model",
           "reserved_pieces", "trained_model"]

MAX_TRAIN_CHARS = 64_000_000
"""The largest corpus ``train_unigram_model`` accepts, in characters."""

MAX_VOCAB_SIZE = 1_000_000
"""The largest ``vocab_size`` accepted."""

META_PIECES = (("<unk>", "UNKNOWN"), ("<s>", "CONTROL"), ("</s>", "CONTROL"))
"""sentencepiece's default meta pieces, ids 0, 1, 2 (``unk_id``, ``bos_id``, ``eos_id``)."""

MIN_SCORE_PENALTY_DELTA = 0.0001
"""``kMinScorePenaltyDelta`` of ``FinalizeSentencePieces``."""


@dataclass(frozen=True)
class UnigramRound:
    """One round of training, for progress bars and charts.

    Attributes:
        round: 1 for the first.
        pieces: the vocabulary's size after this round's EM (meta and byte pieces not
            counted).
        kept: its size after pruning (``pieces`` on the last round, which does not prune).
        log_likelihood: the corpus' log-likelihood (natural log) at the last E step.
        tokens: tokens of the corpus in its best segmentation before pruning (0 on the last
            round).
        pruned: each piece pruned, with its loss (how much the likelihood, per unit of the
            corpus, drops without it; 0.0 for pieces no best segmentation keeps whole).
    """

    round: int
    pieces: int
    kept: int
    log_likelihood: float
    tokens: int
    pruned: tuple[tuple[str, float], ...]


def _lines(text_or_iterable: str | Iterable[str], max_chars: int,
           who: str = "train_unigram") -> list[str]:
    """The corpus' non-empty lines (``\\r\\n`` read as ``\\n``); ``who`` names the caller in
    the TypeError / ValueError raised for a non-string or a corpus over ``max_chars``."""
    texts = [text_or_iterable] if isinstance(text_or_iterable, str) else text_or_iterable
    lines: list[str] = []
    size = 0
    for text in texts:
        if not isinstance(text, str):
            raise TypeError(f"{who}: expected str texts, got {type(text).__name__}")
        size += len(text)
        if size > max_chars:
            raise ValueError(f"{who}: the corpus is over {max_chars:,} characters")
        lines.extend(line for line in text.replace("\r\n", "\n").split("\n") if line)
    return lines


def reserved_pieces(vocab_size: int, byte_fallback: bool, who: str) -> int:
    """The meta and byte pieces a trained model starts with (3, or 259 with byte fallback),
    after checking that ``vocab_size`` is an int above them and at most ``MAX_VOCAB_SIZE``.

    Raises:
        ValueError: naming ``who`` and the range, for any other ``vocab_size``.
    """
    reserved = len(META_PIECES) + (256 if byte_fallback else 0)
    if isinstance(vocab_size, bool) or not isinstance(vocab_size, int) or not (
            reserved < vocab_size <= MAX_VOCAB_SIZE):
        raise ValueError(f"{who}: vocab_size must be an int in ({reserved}, "
                         f"{MAX_VOCAB_SIZE:,}], got {vocab_size!r}")
    return reserved


def _finalize(pieces: list[str], scores: list[float], kept: dict[str, int],
              size: int) -> list[tuple[str, float]]:
    """``FinalizeSentencePieces``: required characters, then the best pieces, by score."""
    current = dict(zip(pieces, scores))
    low = min(scores)
    final: dict[str, float] = {}
    penalty = 0.0
    for char in sorted(kept, key=lambda c: (-kept[c], c)):
        if char == UNK_CHAR:
            continue
        if char in current:
            final[char] = current[char]
        else:
            final[char] = low + penalty
            penalty += MIN_SCORE_PENALTY_DELTA
    for piece, score in sorted(current.items(), key=lambda kv: (-kv[1], kv[0])):
        if len(final) >= size:
            break
        final.setdefault(piece, score)
    as_float32 = {piece: struct.unpack("<f", struct.pack("<f", score))[0]
                  for piece, score in final.items()}  # as the .model stores them
    return sorted(as_float32.items(), key=lambda kv: (-kv[1], kv[0]))


def train_unigram_model(
    text_or_iterable: str | Iterable[str],
    vocab_size: int,
    *,
    character_coverage: float = 0.9995,
    byte_fallback: bool = False,
    max_piece_length: int = 16,
    seed_size: int = 1_000_000,
    shrinking_factor: float = 0.75,
    num_sub_iterations: int = 2,
    max_chars: int = MAX_TRAIN_CHARS,
    progress: Callable[[UnigramRound], None] | None = None,
) -> SentencePieceModel:
    """Train a Unigram LM vocabulary (see the module) and return it as a ``.model``'s contents.

    Args:
        text_or_iterable: the corpus: a string or an iterable of strings, read line by line
            (each line a sentence).
        vocab_size: the number of pieces wanted, meta (3) and byte pieces (256) included;
            fewer come out if the corpus has fewer candidates.
        character_coverage: the share of character occurrences the vocabulary must spell,
            in (0, 1]; rarer characters become ``<unk>`` (or bytes, with ``byte_fallback``).
        byte_fallback: add the 256 ``<0xNN>`` pieces.
        max_piece_length: the longest piece, in characters (1 to 64).
        seed_size: the most substrings in the seed vocabulary.
        shrinking_factor: the share of pieces each pruning keeps, in (0, 1).
        num_sub_iterations: EM rounds between prunings (at least 1).
        max_chars: the largest corpus accepted, in characters.
        progress: called after each round with an ``UnigramRound``.

    Returns:
        The trained model (``model_type`` UNIGRAM); ``save_sentencepiece_model`` writes it.

    Raises:
        ValueError: for an empty corpus, one over ``max_chars``, an option out of range
            (named), or a ``vocab_size`` too small for the characters to cover.
        TypeError: if the corpus holds something other than strings.
    """
    reserved = reserved_pieces(vocab_size, byte_fallback, "train_unigram")
    checks = {"character_coverage": 0 < character_coverage <= 1,
              "max_piece_length": 1 <= max_piece_length <= 64, "seed_size": seed_size >= 0,
              "shrinking_factor": 0 < shrinking_factor < 1,
              "num_sub_iterations": num_sub_iterations >= 1}
    bad = next((name for name, ok in checks.items() if not ok), None)
    if bad is not None:
        raise ValueError(f"train_unigram: {bad} is out of range")
    units, chars = count_units(_lines(text_or_iterable, max_chars))
    if not units:
        raise ValueError("train_unigram: the corpus is empty")
    kept = required_chars(chars, character_coverage)
    wanted = vocab_size - reserved
    if len(kept) - (UNK_CHAR in kept) > wanted:
        raise ValueError(f"train_unigram: vocab_size {vocab_size:,} leaves room for {wanted:,} "
                         f"pieces, fewer than the {len(kept):,} characters the coverage "
                         "needs (raise vocab_size or lower character_coverage)")
    units = replace_rare(units, kept)
    seed = seed_pieces(units, kept, seed_size=seed_size, max_piece_length=max_piece_length)
    total = sum(score for _, score in seed)
    pieces = [piece for piece, _ in seed]
    scores = [log(score) - log(total) for _, score in seed]
    lattices = Lattices(units, pieces, max_piece_length)
    target = int(wanted * 1.1)
    stalled = False
    for number in itertools.count(1):
        for _ in range(num_sub_iterations):
            expected, loglik = lattices.e_step(scores)
            keep, scores = m_step(pieces, expected)
            pieces = [pieces[i] for i in keep]
            lattices.keep(keep)
        if len(pieces) <= target or stalled:
            if progress is not None:
                progress(UnigramRound(number, len(pieces), len(pieces), loglik, 0, ()))
            break
        keep, removed, tokens = prune(pieces, scores, lattices, target=target,
                                      shrinking_factor=shrinking_factor,
                                      max_piece_length=max_piece_length)
        if progress is not None:
            progress(UnigramRound(number, len(pieces), len(keep), loglik, tokens,
                                  tuple(removed)))
        stalled = len(keep) == len(pieces)  # only pieces that must stay are left
        pieces = [pieces[i] for i in keep]
        scores = [scores[i] for i in keep]
        lattices.keep(keep)
    final = _finalize(pieces, scores, kept, wanted)
    return trained_model(final, "UNIGRAM", byte_fallback)


def trained_model(scored: list[tuple[str, float]], model_type: str,
                  byte_fallback: bool) -> SentencePieceModel:
    """A trained model's ``.model`` contents: ``<unk>``, ``<s>``, ``</s>``, the 256 byte
    pieces if ``byte_fallback`` (sentencepiece's ``InitMetaPieces``), then ``scored``'s
    ``(piece, score)`` as NORMAL pieces in order; the ``identity`` normalizer with a dummy
    prefix and extra spaces kept.

    Args:
        scored: the learned pieces with their scores, in id order.
        model_type: ``"UNIGRAM"`` or ``"BPE"``.
        byte_fallback: add the byte pieces and set the flag.
    """
    out = [Piece(p, 0.0, kind) for p, kind in META_PIECES]
    if byte_fallback:
        out += [Piece(f"<0x{b:02X}>", 0.0, "BYTE") for b in range(256)]
    out += [Piece(p, s, "NORMAL") for p, s in scored]
    return SentencePieceModel(
        pieces=tuple(out), model_type=model_type, byte_fallback=byte_fallback,
        normalizer_name="identity", precompiled_charsmap=b"", add_dummy_prefix=True,
        remove_extra_whitespaces=False, escape_whitespaces=True)


def train_unigram(text_or_iterable: str | Iterable[str], vocab_size: int, *,
                  name: str = "unigram", **options) -> Encoding:
    """Train a Unigram LM tokenizer and return its ``Encoding`` (the sentencepiece flavour:
    ``encode_ordinary`` gives the ``sentencepiece`` library's ids on the saved ``.model``).

    Args:
        text_or_iterable: the corpus (see ``train_unigram_model``).
        vocab_size: the number of pieces wanted, meta and byte pieces included.
        name: the encoding's name.
        **options: ``train_unigram_model``'s keyword arguments (``progress``,
            ``byte_fallback``, ``character_coverage``, ...).

    Returns:
        The encoding; ``save_sentencepiece_model`` and ``save_hf_tokenizer_json`` write it.

    Raises:
        ValueError, TypeError: as ``train_unigram_model``.

    >>> enc = train_unigram(["low lower lowest", "new newer newest"] * 20, 40)
    >>> enc.decode(enc.encode("lowest newer"))
    'lowest newer'
    """
    return sentencepiece_unigram(train_unigram_model(text_or_iterable, vocab_size, **options),
                                 name)
