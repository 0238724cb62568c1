"""``CjkPartsEncoder``: the reference encoder with the CJK cut, for every pre-tokenizer the
fast path does not serve (Qwen's, DeepSeek's, Tekken's patterns, a user's).

Most patterns keep a run of ideographs, kana or Hangul in one chunk, so a chunk of Chinese
is a clause, new in most texts and slow to merge whole. A new chunk holding two
CJK_LETTERS side by side is cut first between characters no merge of the vocabulary can
join (the fast path's ``CjkCut``, tested pair by pair: ``CjkCut.split``; BPE of the chunk
is BPE of its parts, and a part is looked up whole only where that gives the same ids),
and its parts, mostly single characters that recur, are read from a cache of their own.
The cut is built on the first such chunk, from its tables (shipped precomputed for the
shipped vocabularies: ``fast.cut_tables``). ``Encoding(..., fast=False)``
takes ``SimpleEncoder``, which merges every chunk whole; ``tests/test_cjk_parts.py`` holds
this one to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...pre_tokenizers import PreTokenizer
from ..cache import BoundedCache
from .fast.cjk_cut import CJK_PAIR, cjk_cut_of
from .simple import SimpleEncoder

if TYPE_CHECKING:
    from ...vocab import Vocab

__all__ = ["CjkPartsEncoder"]


class CjkPartsEncoder(SimpleEncoder):
    """``SimpleEncoder`` whose new chunks are cut between CJK characters no merge joins.

    Args:
        vocab: the vocabulary (merge semantics, whole look-up; where the cut may fall).
        pre_tokenizer: cuts a segment into chunks.
        cache_size: entries of the chunk cache and of the part cache; each is emptied when
            full.
    """

    def __init__(self, vocab: Vocab, pre_tokenizer: PreTokenizer, cache_size: int = 65536) -> None:
        super().__init__(vocab, pre_tokenizer, cache_size)
        self._cache = BoundedCache(cache_size, compute=self._new_chunk_ids)
        self._parts = BoundedCache(cache_size, compute=vocab.chunk_ids)
        self._cut = cjk_cut_of(vocab)  # built on first use

    def _new_chunk_ids(self, chunk: str) -> list[int]:
        """The ids of a chunk not in the chunk cache: of its parts, if it may be cut."""
        if chunk.isascii() or not CJK_PAIR.search(chunk):
            return self.vocab.chunk_ids(chunk)
        return self._parts.joined_ids(self._cut.split(chunk))

    def clear_cache(self) -> None:
        """Empty the chunk and part caches (the cut, read off the vocabulary, stays)."""
        super().clear_cache()
        self._parts.clear()
