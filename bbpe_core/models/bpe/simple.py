"""The reference encoder: chunks -> whole-token look-up or BPE merge, one bounded cache.

This is the path to read first. The pre-tokenizer cuts the segment into chunks; a chunk
seen before is read from the cache; a new one is looked up whole or merged by the
vocabulary (``vocab.Vocab.chunk_ids``: tiktoken's ``CoreBPE::encode_ordinary``, openai/gpt-2's
``encoder.py``). Every pattern a user supplies goes this way, and ``tests/test_encoders.py``
holds the fast path to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...pre_tokenizers import PreTokenizer
from ..base import BYTE_LEVEL_BPE, Encoder
from ..cache import BoundedCache

if TYPE_CHECKING:
    from ...vocab import Vocab

__all__ = ["SimpleEncoder"]


class SimpleEncoder(Encoder):
    """Byte-level BPE over any pre-tokenizer.

    Args:
        vocab: the vocabulary (merge semantics, whole look-up).
        pre_tokenizer: cuts a segment into chunks.
        cache_size: chunks remembered; the cache (``cache.BoundedCache``, also bounded in
            characters) is emptied when full, so memory stays bounded whatever is encoded.
    """

    model_kind = BYTE_LEVEL_BPE

    def __init__(self, vocab: Vocab, pre_tokenizer: PreTokenizer, cache_size: int = 65536) -> None:
        self.vocab = vocab
        self.pre_tokenizer = pre_tokenizer
        self._cache = BoundedCache(cache_size, compute=vocab.chunk_ids)

    def encode_chunk(self, chunk: str) -> list[int]:
        """The ids of one chunk, from the cache or the vocabulary."""
        return self._cache.ids(chunk)

    def encode_chunks(self, chunks: list[str]) -> list[int]:
        """The ids of several chunks, joined; chunks seen before at C speed."""
        return self._cache.joined_ids(chunks)

    def encode_segment(self, segment: str) -> list[int]:
        """The ids of a segment, chunk by chunk; chunks seen before at C speed."""
        return self._cache.joined_ids(self.pre_tokenizer.chunks(segment))

    def clear_cache(self) -> None:
        """Empty the chunk cache."""
        self._cache.clear()
