"""Training a Unigram LM tokenizer (Kudo 2018, "Subword Regularization"), as sentencepiece's
``src/unigram_model_trainer.cc`` does it (``Trainer::Train``):

1. Seed a large vocabulary: every character and the most frequent substrings
   (``unigram_corpus``), scored by their share of the corpus (log probabilities).
2. Repeat: ``num_sub_iterations`` (2) rounds of EM (``models.unigram.trainer``: expected counts by
   forward-backward, then digamma-smoothed probabilities; rarely used pieces drop out);
   stop once the vocabulary is at most 1.1 x ``vocab_size`` (or once a pruning finds
   nothing it may remove); else prune by loss, keeping ``shrinking_factor`` (0.75) of the
   pieces, never a single character.
3. Finalize (``FinalizeSentencePieces``): the required characters first (with their score,
   or just below the lowest), then the best-scored pieces up to ``vocab_size``; ids are
   ``<unk>``, ``<s>``, ``</s>``, the user-defined symbols, the 256 byte pieces if
   ``byte_fallback``, then the pieces by score (highest first, ties by piece).

The vocabulary shrinks, where BPE's grows; ``progress`` sees each round. The corpus is read
and normalized as sentencepiece reads it, with its options and defaults (``sp_corpus``,
``spec``: ``nmt_nfkc``, extra spaces removed, a dummy prefix); ``spec.LOSSLESS`` keeps every
character and space. Bounds: options checked (``budget``), units at most
``max_sentence_length`` bytes, lattices packed (``models.unigram.trainer``), and a ``stop`` function
checked all along. What sentencepiece does and this does not: sentence sampling and
shuffling, threads.
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from math import log

from ..encoding import Encoding
from ..formats.sentencepiece_model import SentencePieceModel
from ..formats.sentencepiece_unigram import sentencepiece_unigram
from ..models.budget import Stop, check_stop, int_option, real_option
from ..models.unigram.trainer import Lattices, m_step, prune
from .sp_corpus import MAX_TRAIN_CHARS, prepare, trained_model
from .unigram_corpus import UNK_CHAR, replace_rare, seed_pieces

__all__ = ["MAX_SEED_SIZE", "MAX_SUB_ITERATIONS", "UnigramRound", "train_unigram",
           "train_unigram_model"]

MAX_SEED_SIZE = 10_000_000
"""The largest ``seed_size`` accepted (sentencepiece's ``seed_sentencepiece_size`` default is
1,000,000)."""

MAX_SUB_ITERATIONS = 100
"""The largest ``num_sub_iterations`` accepted (sentencepiece's default is 2)."""

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
    stop: Stop = None,
    **normalizer_options,
) -> SentencePieceModel:
    """Train a Unigram LM vocabulary (see the module) and return it as a ``.model``'s contents.

    Args:
        text_or_iterable: the corpus: a string or an iterable of strings, read line by line
            (each line a sentence).
        vocab_size: the number of pieces wanted, meta (3), user-defined and byte pieces (256)
            included; fewer come out if the corpus has fewer candidates.
        character_coverage: the share of character occurrences the vocabulary must spell,
            in (0, 1]; rarer characters become ``<unk>`` (or bytes, with ``byte_fallback``).
        byte_fallback: add the 256 ``<0xNN>`` pieces.
        max_piece_length: the longest piece, in characters (1 to 64; sentencepiece's
            ``max_sentencepiece_length``).
        seed_size: the most substrings in the seed vocabulary (0 to ``MAX_SEED_SIZE``;
            sentencepiece's ``seed_sentencepiece_size``).
        shrinking_factor: the share of pieces each pruning keeps, in (0, 1).
        num_sub_iterations: EM rounds between prunings (1 to ``MAX_SUB_ITERATIONS``).
        max_chars: the largest corpus accepted, in characters (1 to ``MAX_TRAIN_CHARS``).
        progress: called after each round with an ``UnigramRound``.
        stop: a function of no arguments, checked all along (``budget.deadline`` makes one);
            training raises ``TrainingStopped`` once it returns True.
        **normalizer_options: sentencepiece's ``normalization_rule_name``,
            ``remove_extra_whitespaces``, ``add_dummy_prefix``, ``split_digits``,
            ``user_defined_symbols``, ``max_sentence_length`` (``spec.NormalizerSpec``, with
            sentencepiece's defaults; ``spec.LOSSLESS`` keeps the text as it is).

    Returns:
        The trained model (``model_type`` UNIGRAM); ``save_sentencepiece_model`` writes it.

    Raises:
        ValueError: for an empty corpus, one over ``max_chars``, an option out of range or
            not finite (named), or a ``vocab_size`` too small for the characters to cover.
        TypeError: if the corpus holds something other than strings, or an unknown option
            is given.
        TrainingStopped: when ``stop`` says so.
    """
    who = "train_unigram"
    max_piece_length = int_option(who, "max_piece_length", max_piece_length, 1, 64)
    seed_size = int_option(who, "seed_size", seed_size, 0, MAX_SEED_SIZE)
    shrinking_factor = real_option(who, "shrinking_factor", shrinking_factor, 0.0, 1.0,
                                   low_open=True, high_open=True)
    num_sub_iterations = int_option(who, "num_sub_iterations", num_sub_iterations, 1,
                                    MAX_SUB_ITERATIONS)
    prepared = prepare(who, text_or_iterable, vocab_size, character_coverage=character_coverage,
                       byte_fallback=byte_fallback, max_chars=max_chars, stop=stop,
                       **normalizer_options)
    kept = prepared.kept
    units = replace_rare(prepared.units, kept)
    seed = seed_pieces(units, kept, seed_size=seed_size, max_piece_length=max_piece_length,
                       stop=stop)
    total = sum(score for _, score in seed)
    pieces = [piece for piece, _ in seed]
    scores = [log(score) - log(total) for _, score in seed]
    lattices = Lattices(units, pieces, max_piece_length, stop)
    target = int(prepared.room * 1.1)
    stalled = False
    for number in itertools.count(1):
        check_stop(stop, who)
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
    final = _finalize(pieces, scores, kept, prepared.room)
    return trained_model(final, "UNIGRAM", prepared)


def train_unigram(text_or_iterable: str | Iterable[str], vocab_size: int, *,
                  name: str = "unigram", **options) -> Encoding:
    """Train a Unigram LM tokenizer and return its ``Encoding`` (the sentencepiece flavour:
    ``encode_ordinary`` gives the ``sentencepiece`` library's ids on the saved ``.model``).

    Args:
        text_or_iterable: the corpus (see ``train_unigram_model``).
        vocab_size: the number of pieces wanted, meta and byte pieces included.
        name: the encoding's name.
        **options: ``train_unigram_model``'s keyword arguments (``progress``, ``stop``,
            ``byte_fallback``, ``character_coverage``, sentencepiece's normalizer options,
            ...).

    Returns:
        The encoding; ``save_sentencepiece_model`` and ``save_hf_tokenizer_json`` write it.

    Raises:
        ValueError, TypeError, TrainingStopped: as ``train_unigram_model``.

    >>> enc = train_unigram(["low lower lowest", "new newer newest"] * 20, 40)
    >>> enc.decode(enc.encode("lowest newer"))
    'lowest newer'
    """
    return sentencepiece_unigram(train_unigram_model(text_or_iterable, vocab_size, **options),
                                 name)
