"""The model stage's interface: what ``Encoding`` asks of an encoder.

An encoder turns special-free, normalized text into ids. It owns its caches; ``Encoding``
owns none. Two implement it for byte-level BPE: ``simple.SimpleEncoder`` (the reference: any
pre-tokenizer) and ``fast.FastEncoder`` (the three shipped patterns only, proven equal to
the reference in ``tests/test_encoders.py``); ``char_bpe.CharBPEEncoder`` for SentencePiece
BPE, whose encodings ``Encoding.from_model`` builds.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

__all__ = ["Encoder"]


class Encoder(ABC):
    """Text without special tokens -> ids."""

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

    @abstractmethod
    def clear_cache(self) -> None:
        """Forget every cached result (for cold-cache benchmarks); ids do not change."""
