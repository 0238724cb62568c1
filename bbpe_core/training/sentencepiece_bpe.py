"""Training a SentencePiece BPE model (character-level BPE with ``▁`` for whitespace), after
sentencepiece's ``src/bpe_model_trainer.cc`` (``Trainer::Train``):

1. Sentences are the corpus' lines, normalized as sentencepiece does with its options and
   defaults (``sp_corpus``, ``spec``: ``nmt_nfkc``, extra spaces removed, a ``▁`` before
   each, every space a ``▁``; ``spec.LOSSLESS`` keeps them as they are), split into words
   before each ``▁`` (``SplitSentencesByWhitespace``) and at script changes
   (``IsValidSentencePiece``); the units and the required characters come from
   ``unigram_corpus``, as for Unigram.
2. Characters are kept by ``character_coverage`` (sentencepiece's default 0.9995: the most
   frequent characters covering that share of the corpus; 1.0 keeps all); the others become
   ``<unk>``, or bytes with byte fallback, and no piece contains them.
3. The merge loop over characters is ``models.bpe.trainer.learn_merges`` (the one byte-level and
   character-level BPE use): it learns ``vocab_size`` minus the meta pieces and the
   required characters. A merge that makes a piece already made is skipped, as
   sentencepiece's ``dup`` set does, so a run may end with fewer pieces.
4. The pieces: ``<unk>``, ``<s>``, ``</s>``, the user-defined symbols, the 256 ``<0xNN>``
   pieces with byte fallback
   (``InitMetaPieces``), then the merged pieces in order, each scored minus its index among
   the learned pieces, then the required characters (most frequent first) continuing the
   same scores (``-static_cast<float>(final_pieces_.size())``).

Where this differs from sentencepiece: ties between pairs of equal count go by the pair's
left then right string (``learn_merges``' rule; sentencepiece takes the shorter piece, then
the smaller string); ``max_piece_length`` is not enforced; no sentence sampling.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

from ..encoding import Encoding
from ..formats.sentencepiece import sentencepiece_encoding
from ..formats.sentencepiece_model import SentencePieceModel
from ..models.bpe.trainer import learn_merges
from ..models.budget import Stop, check_stop
from .sp_corpus import MAX_TRAIN_CHARS, prepare, trained_model
from .trainer import TrainStep
from .unigram_corpus import UNK_CHAR

__all__ = ["train_sentencepiece_bpe", "train_sentencepiece_bpe_model"]

_WHO = "train_sentencepiece_bpe"


def _chunks(units, ids: dict[str, int]) -> list[tuple[list[int], int]]:
    """Units as symbol ids, cut at every character outside ``ids`` (no piece holds one)."""
    chunks = []
    for unit, n in units.items():
        run: list[int] = []
        for char in unit:
            if char in ids:
                run.append(ids[char])
                continue
            if run:
                chunks.append((run, n))
            run = []
        if run:
            chunks.append((run, n))
    return chunks


def train_sentencepiece_bpe_model(
    text_or_iterable: str | Iterable[str],
    vocab_size: int,
    *,
    character_coverage: float = 0.9995,
    byte_fallback: bool = True,
    max_chars: int = MAX_TRAIN_CHARS,
    progress: Callable[[TrainStep], None] | None = None,
    stop: Stop = None,
    **normalizer_options,
) -> SentencePieceModel:
    """Train a SentencePiece BPE vocabulary (see the module) as a ``.model``'s contents.

    Args:
        text_or_iterable: the corpus: a string or an iterable of strings, read line by line.
        vocab_size: the number of pieces wanted, meta (3), user-defined and byte pieces (256)
            included.
        character_coverage: the share of character occurrences the vocabulary must spell,
            in (0, 1]; sentencepiece's default 0.9995.
        byte_fallback: add the 256 ``<0xNN>`` pieces (characters outside the vocabulary
            become their UTF-8 bytes instead of ``<unk>``).
        max_chars: the largest corpus accepted, in characters (1 to ``MAX_TRAIN_CHARS``).
        progress: called after each merge with a ``TrainStep`` whose ``pair`` holds the two
            pieces (str) merged and ``corpus_tokens`` the corpus' units' length in pieces.
        stop: a function of no arguments, checked after each merge and while reading;
            training raises ``TrainingStopped`` once it returns True.
        **normalizer_options: sentencepiece's ``normalization_rule_name``,
            ``remove_extra_whitespaces``, ``add_dummy_prefix``, ``split_digits``,
            ``user_defined_symbols``, ``max_sentence_length`` (``spec.NormalizerSpec``).

    Returns:
        The model (``model_type`` BPE); ``save_sentencepiece_model`` writes it.

    Raises:
        ValueError: for an empty corpus, one over ``max_chars``, an option out of range or
            not finite (named), or a ``vocab_size`` not above the meta, user-defined and byte
            pieces plus the characters to cover.
        TypeError: if the corpus holds something other than strings, or an unknown option
            is given.
        TrainingStopped: when ``stop`` says so.
    """
    prepared = prepare(_WHO, text_or_iterable, vocab_size, character_coverage=character_coverage,
                       byte_fallback=byte_fallback, max_chars=max_chars, stop=stop,
                       **normalizer_options)
    kept = [c for c in prepared.kept if c != UNK_CHAR]
    wanted = prepared.room - len(kept)
    ids = {char: i for i, char in enumerate(kept)}
    numbers = itertools.count(1)

    def on_merge(pair: tuple[str, str], count: int, corpus_tokens: int) -> None:
        check_stop(stop, _WHO)
        if progress is not None:
            progress(TrainStep(next(numbers), wanted, pair, count, corpus_tokens))

    merges, _ = learn_merges(_chunks(prepared.units, ids), dict(enumerate(kept)), wanted, 1,
                             on_merge)
    learned = list(dict.fromkeys(left + right for left, right in merges))  # dup skipped
    return trained_model([(p, -float(i)) for i, p in enumerate([*learned, *kept])], "BPE",
                         prepared)


def train_sentencepiece_bpe(text_or_iterable: str | Iterable[str], vocab_size: int, *,
                            name: str = "sentencepiece-bpe", **options) -> Encoding:
    """Train a SentencePiece BPE tokenizer and return its ``Encoding``, built from the model
    as a ``.model`` file's is (``encode_ordinary`` gives the ``sentencepiece`` library's ids
    on the saved ``.model``).

    Args:
        text_or_iterable: the corpus (see ``train_sentencepiece_bpe_model``).
        vocab_size: the number of pieces wanted, meta and byte pieces included.
        name: the encoding's name.
        **options: ``train_sentencepiece_bpe_model``'s keyword arguments (``progress``,
            ``stop``, ``byte_fallback``, ``character_coverage``, ``max_chars``,
            sentencepiece's normalizer options).

    Returns:
        The encoding; ``save_sentencepiece_model`` and the tokenizer.json writers write it.

    Raises:
        ValueError, TypeError, TrainingStopped: as ``train_sentencepiece_bpe_model``.

    >>> enc = train_sentencepiece_bpe(["low lower lowest", "new newer newest"] * 20, 290)
    >>> enc.decode(enc.encode("lowest newer"))
    'lowest newer'
    """
    return sentencepiece_encoding(
        train_sentencepiece_bpe_model(text_or_iterable, vocab_size, **options), name)
