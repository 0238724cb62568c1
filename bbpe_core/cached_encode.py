"""The encode path with its caches, mixed into ``Encoding``.

Text without special tokens -> words (``presplit``) -> chunks (``pre_tokenizer``) ->
BPE parts (``bpe``) -> ids. Three bounded caches per encoding: words (for the shipped
patterns; looked up at C speed with ``map`` and ``chain``), pieces of long words
(``presplit.split_marks``), and merged chunks (an LRU). Each is emptied or evicts when
full, so memory stays bounded whatever is encoded.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from .bpe import merge
from .pre_tokenizer import find_chunks
from .presplit import BOUNDARY, split_marks

__all__ = ["CachedEncodeMethods", "CACHED_CHUNK_CHARS", "CACHED_WORD_CHARS"]

CACHED_CHUNK_CHARS = 64
"""Chunks of at most this many characters are cached after merging."""
CACHED_WORD_CHARS = 256
"""Presplit words shorter than this many characters are cached (bounds the caches'
memory); longer ones are cut further (``presplit.split_marks``)."""


class CachedEncodeMethods:
    """``Encoding``'s encode path (a mixin). Needs ``_mergeable_ranks``, ``_pair_rank``,
    ``ignore_merges``, ``add_prefix_space``, ``pat_str`` and ``pattern_timeout``."""

    def _init_caches(self, cache_size: int, *, presplit: bool) -> None:
        """Create the caches (``cache_size`` entries each); ``presplit`` only for the
        shipped patterns, whose cuts ``presplit`` knows."""
        self._cached_chunk = lru_cache(maxsize=cache_size)(self._encode_chunk)
        self._cache_size = cache_size
        self._word_cache: dict[str, tuple[int, ...]] = {}  # "w" -> ids of " w"
        self._piece_cache: dict[str, tuple[int, ...]] = {}
        self._presplit = presplit

    def clear_cache(self) -> None:
        """Empty the merged-chunk and word caches (for cold-cache benchmarks)."""
        self._cached_chunk.cache_clear()
        self._word_cache.clear()
        self._piece_cache.clear()

    # ---- encoding ------------------------------------------------------------
    def _encode_chunk(self, chunk: str) -> tuple[int, ...]:
        piece = chunk.encode("utf-8")
        ranks = self._mergeable_ranks
        if self.ignore_merges and piece in ranks:
            return (ranks[piece],)
        return tuple([ranks[part] for part in merge(piece, self._pair_rank)])

    def _segment_chunks(self, segment: str) -> list[str]:
        if self.add_prefix_space and not segment.startswith(" "):
            segment = " " + segment
        return find_chunks(segment, self.pat_str, timeout=self.pattern_timeout)

    def _encode_chunks(self, segment: str) -> list[int]:
        ids: list[int] = []
        cached, uncached = self._cached_chunk, self._encode_chunk
        for chunk in self._segment_chunks(segment):
            ids.extend(cached(chunk) if len(chunk) <= CACHED_CHUNK_CHARS else uncached(chunk))
        return ids

    def _encode_segment(self, segment: str) -> list[int]:
        """Ids of text without special tokens. For the shipped patterns: cut before each
        space + ASCII letter (``presplit.BOUNDARY``) and look every word up in the word
        cache at C speed; only new words are encoded. Else chunk by chunk."""
        if not self._presplit:
            return self._encode_chunks(segment)
        head, *words = BOUNDARY.split(segment)  # each word stands for " " + word
        try:
            ids = list(chain.from_iterable(map(self._word_cache.__getitem__, words)))
        except KeyError:
            ids = self._encode_words(words)
        return self._encode_piece(head) + ids if head else ids

    def _encode_words(self, words: list[str]) -> list[int]:
        cache = self._word_cache
        self._fill_word_cache([w for w in dict.fromkeys(words)
                               if w not in cache and len(w) < CACHED_WORD_CHARS])
        ids: list[int] = []
        for word in words:  # a word too long to cache, or one dropped by a full cache
            found = cache.get(word)
            ids.extend(self._encode_piece(" " + word) if found is None else found)
        return ids

    def _fill_word_cache(self, words: list[str]) -> None:
        """Encode new words with one regex scan of ``" " + " ".join(words)``: each starts
        with a space + ASCII letter, a chunk boundary in any context, so no chunk
        crosses two words."""
        cache, limit = self._word_cache, CACHED_CHUNK_CHARS
        if not words:
            return
        if len(cache) + len(words) > self._cache_size:
            cache.clear()
        words = words[: self._cache_size]
        cached, uncached = self._cached_chunk, self._encode_chunk
        pos, k, end, current = 0, 0, 0, []
        for chunk in find_chunks(" " + " ".join(words), self.pat_str):
            while pos >= end:  # the chunk starts the next word
                if k:
                    cache[words[k - 1]] = tuple(current)
                end, k, current = end + len(words[k]) + 1, k + 1, []
            current.extend(cached(chunk) if len(chunk) <= limit else uncached(chunk))
            pos += len(chunk)
        if k:
            cache[words[k - 1]] = tuple(current)

    def _encode_piece(self, piece: str) -> list[int]:
        """Ids of text that starts at a chunk boundary: whole if short, else cut at
        ``presplit.split_marks`` with each part cached (scripts without spaces)."""
        if len(piece) < CACHED_WORD_CHARS:
            return self._encode_chunks(piece)
        cache, ids = self._piece_cache, []
        for part in split_marks(piece):
            found = cache.get(part)
            if found is None:
                found = self._encode_chunks(part)
                if len(part) < CACHED_WORD_CHARS:
                    if len(cache) >= self._cache_size:
                        cache.clear()
                    cache[part] = tuple(found)
            ids.extend(found)
        return ids
