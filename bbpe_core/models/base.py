"""The model stage's interface: what ``Encoding`` asks of an encoder.

An encoder turns special-free, normalized text into ids. It owns its caches (each a
``cache.BoundedCache``); ``Encoding`` owns none. Each declares its ``model_kind``:

- byte-level BPE (``bpe/``): ``simple.SimpleEncoder`` (the reference: any pre-tokenizer),
  ``fast.FastEncoder`` (the three shipped patterns only, proven equal to the reference in
  ``tests/test_encoders.py``), ``cjk_parts.CjkPartsEncoder`` (the reference with the CJK
  cut, for the other patterns) and ``missing_bytes.MissingBytesEncoder`` (the reference for a
  vocabulary that lacks single bytes);
- SentencePiece BPE: ``bpe.char_bpe.CharBPEEncoder``; WordPiece:
  ``wordpiece.model.WordPieceEncoder``; Unigram: ``unigram.model.UnigramEncoder`` (their
  encodings ``Encoding.from_model`` builds).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

__all__ = ["BYTE_LEVEL_BPE", "Encoder", "SENTENCEPIECE_BPE", "UNIGRAM", "WORDPIECE"]

BYTE_LEVEL_BPE = "byte-level BPE"
"""GPT-2's model (Radford et al. 2019): BPE merges over UTF-8 bytes, tokens keyed by bytes."""
SENTENCEPIECE_BPE = "SentencePiece BPE"
"""BPE over characters with optional byte fallback (Kudo & Richardson 2018; Llama 2, Gemma)."""
WORDPIECE = "WordPiece"
"""Greedy longest match from the start of each word (Schuster & Nakajima 2012, as BERT)."""
UNIGRAM = "Unigram"
"""The best-scoring segmentation over the pieces' log probabilities (Kudo 2018)."""


class Encoder(ABC):
    """Text without special tokens -> ids.

    Attributes:
        model_kind: which model it runs, one of ``BYTE_LEVEL_BPE``, ``SENTENCEPIECE_BPE``,
            ``WORDPIECE``, ``UNIGRAM`` (declared by each implementation).
        unk_id: the unknown token's id, or None for a model that has none (byte-level BPE
            spells every text in bytes).
    """

    model_kind: str
    unk_id: int | None = None

    @abstractmethod
    def encode_segment(self, segment: str) -> list[int]:
        """The ids of a whole segment: split into chunks by the pre-tokenizer, each chunk
        encoded (``encode_chunk``), the ids joined.

        Args:
            segment: normalized text holding no special or added token.

        Raises:
            PatternTimeoutError: if a user-supplied pattern ran out of time.
        """

    @abstractmethod
    def encode_chunk(self, chunk: str) -> list[int]:
        """The ids of one chunk (one pre-token); what the viewer asks for, chunk by chunk.

        Args:
            chunk: one chunk as the pre-tokenizer cut it.
        """

    def chunk_surfaces(self, chunk: str, ids: list[int], surface: dict[int, bytes]
                       ) -> list[bytes]:
        """Each id's bytes of ``chunk`` text, for the viewer's spans (they concatenate to the
        chunk's UTF-8).

        Args:
            chunk: one chunk, as passed to ``encode_chunk``.
            ids: its ids.
            surface: id -> the bytes of normalized text the token stands for (the
                vocabulary's ``surface``); a model whose token can stand for any text (an
                unknown token) overrides this.
        """
        return [surface[i] for i in ids]

    @abstractmethod
    def clear_cache(self) -> None:
        """Forget every cached result (for cold-cache benchmarks); ids do not change."""
