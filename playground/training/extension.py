"""The Train page's "Extend a vocabulary": train new pieces on a language corpus, append
those a shipped base lacks (``bbpe_core.extend_vocabulary``), and measure the token cost of
the UDHR languages before and after.

The recipe is Chinese-LLaMA's (Cui et al. 2023, ymcui/Chinese-LLaMA-Alpaca's
``merge_tokenizers.py``): pieces of a Unigram model trained on the new language, appended
with score 0 to a SentencePiece base. For a byte-level BPE base (gpt2) the same Unigram
pieces are appended as merges (the engine's analogue, see ``bbpe_core.training.extend``).

For a SentencePiece base the characters the new pieces are made of that the base lacks are
appended too, before the pieces, as a trained model has them (``with_characters``): in HF
tokenizers' BPE a character that is no piece falls back to its bytes before any merge, so
a piece holding it is never made there, while sentencepiece (and so the engine, which
reads the extension as a ``.model``) still merges it, and the downloaded tokenizer.json
would give other ids than the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from bbpe_core import Encoding, extend_vocabulary, get_encoding
from bbpe_core.formats.sentencepiece_save import sentencepiece_model_of
from bbpe_core.normalizers.replace import SPACE_MARK
from bbpe_core.training import deadline, train_unigram_model
from bbpe_core.training.spec import LOSSLESS

from ..caps import MAX_EXTEND_CHARS, MAX_EXTEND_PIECES, MAX_SEED_VOCAB, TRAIN_SECONDS
from ..lab.languages import Sample

__all__ = ["BASES", "Extension", "extend", "new_pieces", "with_characters", "cost_rows",
           "first_sentence"]

BASES = ("llama2", "mistral_v3", "mistral_v1", "gpt2")
"""Shipped encodings offered as bases: SentencePiece BPE ones, and gpt2 (byte-level BPE)."""


@dataclass(frozen=True)
class Extension:
    """One extension: the base, the extended encoding, the pieces it added in order (ids
    after the base's), and how many of them come first as characters of the others."""

    base: Encoding
    extended: Encoding
    added: list[str]
    characters: int = 0


def _known(base: Encoding):
    """A test: is this piece (``▁`` for a space) already one token of ``base``?"""
    if base.byte_level:
        ranks = base.mergeable_ranks
        return lambda piece: piece.replace(SPACE_MARK, " ").encode("utf-8") in ranks
    pieces = {p.piece for p in sentencepiece_model_of(base).pieces}
    return pieces.__contains__


def new_pieces(base: Encoding, text: str, n: int, progress=None) -> list[str]:
    """The ``n`` most probable pieces of a Unigram model trained on ``text`` that ``base``
    lacks (fewer if the model has fewer), trained lossless (the text as ``base`` sees it:
    its own normalizer runs when the pieces are used) within ``caps.TRAIN_SECONDS``.

    Args:
        base: the encoding to extend (SentencePiece or byte-level BPE).
        text: the corpus, at most ``MAX_EXTEND_CHARS`` characters.
        n: 1 to ``MAX_EXTEND_PIECES``.
        progress: None, or a callable given each ``UnigramRound`` of the training.

    Raises:
        ValueError: for ``n`` or ``text`` out of bounds, or as ``train_unigram_model`` (an
            empty corpus, one needing more characters than ``MAX_SEED_VOCAB``).
        TrainingStopped: past ``caps.TRAIN_SECONDS``.
    """
    if not 1 <= n <= MAX_EXTEND_PIECES:
        raise ValueError(f"the number of new pieces must be 1 to {MAX_EXTEND_PIECES:,}, not {n:,}")
    if len(text) > MAX_EXTEND_CHARS:
        raise ValueError(f"the corpus has {len(text):,} characters; at most {MAX_EXTEND_CHARS:,}")
    size = min(MAX_SEED_VOCAB, len(set(text)) + 2 * n + 3)
    model = train_unigram_model(text, size, progress=progress, stop=deadline(TRAIN_SECONDS),
                                **LOSSLESS)
    known = _known(base)
    normal = sorted((p for p in model.pieces if p.type == "NORMAL"), key=lambda p: -p.score)
    return [p.piece for p in normal if not known(p.piece)][:n]


def with_characters(base: Encoding, pieces: list[str]) -> tuple[list[str], int]:
    """The characters of ``pieces`` that ``base`` lacks and ``pieces`` do not hold as
    pieces (each once, in order of first use), then ``pieces``, and how many characters
    lead (see the module: without them HF tokenizers never makes a piece holding one)."""
    known, listed = _known(base), set(pieces)
    chars = [c for c in dict.fromkeys(c for p in pieces for c in p)
             if c not in listed and not known(c)]
    return chars + list(pieces), len(chars)


def extend(base_name: str, text: str, n: int, progress=None) -> Extension:
    """``base_name`` (one of ``BASES``) extended with ``new_pieces(base, text, n, progress)``
    (after their characters the base lacks, for a SentencePiece base: ``with_characters``).

    Raises:
        ValueError: for a base not in ``BASES``, or as ``new_pieces``.
    """
    if base_name not in BASES:
        raise ValueError(f"the base must be one of {', '.join(BASES)}")
    base = get_encoding(base_name)
    added, characters = new_pieces(base, text, n, progress), 0
    if not base.byte_level:
        added, characters = with_characters(base, added)
    return Extension(base, extend_vocabulary(base, added, name=f"{base_name}_extended"), added,
                     characters)


def cost_rows(ext: Extension, samples: list[Sample]) -> list[dict]:
    """Per sample and encoding (base, extended): tokens of the sample's text.

    Returns:
        Dicts with ``language``, ``encoding`` (``"before"`` / ``"after"``) and ``tokens``,
        ready for a grouped bar chart.
    """
    rows = []
    for s in samples:
        for label, enc in (("before", ext.base), ("after", ext.extended)):
            rows.append({"language": s.language, "encoding": label,
                         "tokens": len(enc.encode_ordinary(s.text))})
    return rows


def first_sentence(text: str, limit: int = 200) -> str:
    """The first non-empty line of ``text``, cut after its first full stop (``.`` or ``。``)
    and at ``limit`` characters."""
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    for stop in ("。", ". "):
        if stop in line:
            line = line[:line.index(stop) + 1]
            break
    return line[:limit]
