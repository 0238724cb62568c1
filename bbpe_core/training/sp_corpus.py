"""What both SentencePiece trainers (Unigram and BPE) share: their options checked, the corpus
read into counted units, and the trained ``.model``'s pieces and normalizer (sentencepiece's
``trainer_interface.cc``: ``LoadSentences``, ``InitMetaPieces``, ``Serialize``).

Bounds: the corpus is at most ``max_chars`` characters (``MAX_TRAIN_CHARS`` at most); a line
over ``max_sentence_length`` UTF-8 bytes is skipped (sentencepiece's rule), so no unit is
longer; the ``stop`` function (``budget``) is checked while reading and counting.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..formats.sentencepiece_model import Piece, SentencePieceModel
from ..models.budget import Stop, bool_option, check_stop, int_option
from .spec import NormalizerSpec, coverage_option
from .unigram_corpus import UNK_CHAR, count_units, required_chars

__all__ = ["MAX_TRAIN_CHARS", "MAX_VOCAB_SIZE", "META_PIECES", "Prepared", "prepare",
           "trained_model"]

MAX_TRAIN_CHARS = 64_000_000
"""The largest corpus (and ``max_chars``) a SentencePiece trainer accepts, in characters."""

MAX_VOCAB_SIZE = 1_000_000
"""The largest ``vocab_size`` accepted."""

META_PIECES = (("<unk>", "UNKNOWN"), ("<s>", "CONTROL"), ("</s>", "CONTROL"))
"""sentencepiece's default meta pieces, ids 0, 1, 2 (``unk_id``, ``bos_id``, ``eos_id``)."""


def _lines(text_or_iterable: str | Iterable[str], max_chars: int, max_bytes: int,
           who: str, stop: Stop) -> list[str]:
    """The corpus' non-empty lines (``\\r\\n`` read as ``\\n``) of at most ``max_bytes`` UTF-8
    bytes (longer ones skipped, as sentencepiece skips them)."""
    texts = [text_or_iterable] if isinstance(text_or_iterable, str) else text_or_iterable
    lines: list[str] = []
    size = 0
    for text in texts:
        check_stop(stop, who)
        if not isinstance(text, str):
            raise TypeError(f"{who}: expected str texts, got {type(text).__name__}")
        size += len(text)
        if size > max_chars:
            raise ValueError(f"{who}: the corpus is over {max_chars:,} characters")
        lines.extend(line for line in text.replace("\r\n", "\n").split("\n")
                     if line and len(line) <= max_bytes
                     and len(line.encode("utf-8", "surrogatepass")) <= max_bytes)
    return lines


@dataclass(frozen=True)
class Prepared:
    """A corpus ready for a SentencePiece trainer.

    Attributes:
        units: unit -> count (``unigram_corpus``), rare characters not yet replaced.
        kept: the required characters with their counts, most frequent first (``UNK_CHAR``
            possibly among them).
        room: the pieces left to learn: ``vocab_size`` minus the meta, user-defined and byte
            pieces.
        spec: the normalizer's options.
        byte_fallback: whether the model gets the 256 byte pieces.
    """

    units: Counter
    kept: dict[str, int]
    room: int
    spec: NormalizerSpec
    byte_fallback: bool


def prepare(who: str, text_or_iterable: str | Iterable[str], vocab_size: int, *,
            character_coverage: float, byte_fallback: bool, max_chars: int, stop: Stop,
            **normalizer_options) -> Prepared:
    """Check a SentencePiece trainer's options and read its corpus (see the module).

    Args:
        who: the trainer's name, for messages.
        text_or_iterable: a string or strings, read line by line.
        vocab_size: the pieces wanted, meta, user-defined and byte pieces included.
        character_coverage: the share of characters the vocabulary must spell, in (0, 1].
        byte_fallback: add the 256 ``<0xNN>`` pieces.
        max_chars: the largest corpus accepted, in characters (1 to ``MAX_TRAIN_CHARS``).
        stop: the ``budget`` stop function, or None.
        **normalizer_options: ``spec.NormalizerSpec``'s options.

    Raises:
        ValueError: naming the option that is out of range, for an empty corpus (or one
            whose every line is over ``max_sentence_length``), one over ``max_chars``, or a
            ``vocab_size`` with no room for the characters the coverage needs.
        TypeError: if the corpus holds something other than strings.
        TrainingStopped: when ``stop`` says so.
    """
    spec = NormalizerSpec.checked(who, **normalizer_options)
    coverage = coverage_option(who, character_coverage)
    byte_fallback = bool_option(who, "byte_fallback", byte_fallback)
    max_chars = int_option(who, "max_chars", max_chars, 1, MAX_TRAIN_CHARS)
    reserved = len(META_PIECES) + len(spec.user_defined_symbols) + (256 if byte_fallback else 0)
    if isinstance(vocab_size, bool) or not isinstance(vocab_size, int) or not (
            reserved < vocab_size <= MAX_VOCAB_SIZE):
        raise ValueError(f"{who}: vocab_size must be an int in ({reserved}, "
                         f"{MAX_VOCAB_SIZE:,}], got {vocab_size!r}")
    lines = _lines(text_or_iterable, max_chars, spec.max_sentence_length, who, stop)
    units, chars = count_units(spec.normalize_lines(lines, stop), str,
                               split_digits=spec.split_digits,
                               user_defined=spec.user_defined_symbols, stop=stop)
    if not units:
        raise ValueError(f"{who}: the corpus is empty (or every line is over "
                         f"max_sentence_length, {spec.max_sentence_length:,} bytes)")
    kept = required_chars(chars, coverage)
    room = vocab_size - reserved
    needed = len(kept) - (UNK_CHAR in kept)
    if needed > room:
        raise ValueError(f"{who}: vocab_size {vocab_size:,} leaves room for {room:,} pieces, "
                         f"fewer than the {needed:,} characters the coverage needs (raise "
                         "vocab_size or lower character_coverage)")
    return Prepared(units, kept, room, spec, byte_fallback)


def trained_model(scored: list[tuple[str, float]], model_type: str,
                  prepared: Prepared) -> SentencePieceModel:
    """A trained model's ``.model`` contents: ``<unk>``, ``<s>``, ``</s>``, the user-defined
    symbols, the 256 byte pieces with byte fallback (sentencepiece's ``InitMetaPieces``),
    then ``scored``'s ``(piece, score)`` as NORMAL pieces in order; the normalizer of
    ``prepared.spec``.

    Args:
        scored: the learned pieces with their scores, in id order.
        model_type: ``"UNIGRAM"`` or ``"BPE"``.
        prepared: the run's corpus and options (``prepare``).
    """
    out = [Piece(p, 0.0, kind) for p, kind in META_PIECES]
    out += [Piece(p, 0.0, "USER_DEFINED") for p in prepared.spec.user_defined_symbols]
    if prepared.byte_fallback:
        out += [Piece(f"<0x{b:02X}>", 0.0, "BYTE") for b in range(256)]
    out += [Piece(p, s, "NORMAL") for p, s in scored]
    return SentencePieceModel(pieces=tuple(out), model_type=model_type,
                              byte_fallback=prepared.byte_fallback, **prepared.spec.model_fields())
