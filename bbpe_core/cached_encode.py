"""The encode path with its caches, mixed into ``Encoding``.

Text without special tokens -> words (``presplit``) -> chunks (``pre_tokenizer``) ->
BPE parts (``bpe``) -> ids. Four bounded caches per encoding: words (for the shipped
patterns), the phrases of long words and their parts (``long_pieces``), and chunks. All
are looked up at C speed with ``map`` and ``bytes.join``; Python code runs only for what is
new. Each is emptied when full, so memory stays bounded whatever is encoded. Cached ids
are packed into bytes (``packed_ids``) and unpacked once per call.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import filterfalse, islice

from .bpe import merge, merge_ranked
from .char_path import CharPath
from .long_pieces import CACHED_WORD_CHARS, LongPieceMethods, look_up
from .packed_ids import MARKER, pack, pack_one, unpack
from .pre_tokenizer import find_chunks
from .presplit import BOUNDARY, WORD_STARTS

__all__ = ["CachedEncodeMethods", "CACHED_WORD_CHARS", "WORD_CACHE_CHARS"]

WORD_CACHE_CHARS = 1 << 23
"""The word cache is emptied when its words would pass this many characters in all."""


_WORD_START = re.compile(f" [{WORD_STARTS}]").match
"""Whether a chunk starts a presplit word: a space + a letter of ``WORD_STARTS``."""


class CachedEncodeMethods(LongPieceMethods):
    """``Encoding``'s encode path (a mixin). Needs ``_mergeable_ranks``, ``_merges``, ``_pair_rank``,
    ``ignore_merges``, ``add_prefix_space``, ``pat_str``, ``pre_tokenizer`` and
    ``pattern_timeout``."""

    def _init_caches(self, cache_size: int, *, presplit: bool) -> None:
        """Create the caches (``cache_size`` entries each); ``presplit`` only for the
        shipped patterns, whose cuts ``presplit`` knows."""
        self._chunk_cache: dict[str, bytes] = {}  # values: packed ids (packed_ids)
        self._cache_size = cache_size
        self._word_cache: dict[str, bytes] = {}  # "w" -> ids of " w"
        self._word_chars = 0  # characters of the words in _word_cache
        self._piece_cache: dict[str, bytes] = {}  # phrases of long pieces
        self._part_cache: dict[str, bytes] = {}  # their parts (cut 3)
        self._presplit = presplit
        self._cut3: re.Pattern | None | bool = True if presplit else None  # True: build on first use
        self._cut3_joined: re.Pattern | None = None  # the cut, or a captured separator
        self._char_path: CharPath | None = None  # built with the cut

    def clear_cache(self) -> None:
        """Empty the word, phrase, part and merged-chunk caches (for cold-cache
        benchmarks); what comes from the vocabulary alone (``_ideograph_cut``) stays."""
        self._chunk_cache.clear()
        self._word_cache.clear()
        self._word_chars = 0
        self._piece_cache.clear()
        self._part_cache.clear()

    # ---- encoding ------------------------------------------------------------
    def _encode_chunk(self, chunk: str) -> bytes:
        """A chunk's packed ids: cut 3 if it holds two IDEOGRAPHS side by side, then BPE."""
        if len(chunk) > 1 and not chunk.isascii() and (cut := self._ideograph_cut(chunk)):
            parts = cut.split(chunk)
            if len(parts) > 1:
                return b"".join(self._chunk_ids(parts))
        return self._merge_chunk(chunk)

    def _merge_chunk(self, chunk: str) -> bytes:
        """A chunk's packed ids by BPE alone (no whole look-up: ``_new_ids`` does it; no
        cut, no cache)."""
        piece = chunk.encode("utf-8")
        ranks = self._mergeable_ranks
        if self._merges is None:
            return pack(map(ranks.__getitem__, merge_ranked(piece, ranks)))
        return pack(map(ranks.__getitem__, merge(piece, self._pair_rank)))

    def _segment_chunks(self, segment: str) -> list[str]:
        if self.add_prefix_space and not segment.startswith(" "):
            segment = " " + segment
        if self.pre_tokenizer is not None:
            return self.pre_tokenizer.chunks(segment)
        return find_chunks(segment, self.pat_str, timeout=self.pattern_timeout)

    def _chunk_ids(self, chunks: list[str]) -> list[bytes]:
        """Each chunk's packed ids, from the chunk cache; only new chunks run Python code."""
        cache = self._chunk_cache
        try:
            return list(map(cache.__getitem__, chunks))
        except KeyError:
            return list(map(self._chunk_id_map(chunks).__getitem__, chunks))

    def _chunk_id_map(self, chunks: list[str]) -> dict[str, bytes]:
        """Each distinct chunk -> its packed ids, from or into the chunk cache."""
        known, new = look_up(self._chunk_cache, chunks)
        known.update(zip(new, self._new_ids(new, self._encode_chunk)))
        self._remember(self._chunk_cache, new, known)
        return known

    def _split_at_markers(self, chunks: list[str], ids_of: dict[str, bytes], parts: int,
                          refusal: str) -> list[bytes]:
        """The packed ids of ``chunks`` (``ids_of`` maps each to its ids, some holding
        ``MARKER``), joined and split at the markers into ``parts`` pieces.

        Raises:
            RuntimeError: ``pat_str`` + ``refusal``, if there are not ``parts`` pieces (a
                pattern other than the shipped ones chunked across a place the caller
                marked).
        """
        pieces = b"".join(map(ids_of.__getitem__, chunks)).split(MARKER)
        if len(pieces) != parts:  # cannot happen for the shipped patterns (tested)
            raise RuntimeError(f"{self.pat_str!r} {refusal}")
        return pieces

    def _new_ids(self, chunks: list[str], encode: Callable[[str], bytes]) -> list[bytes]:
        """The packed ids of chunks (each one whole chunk): a chunk that is a token is
        that token if the encoding looks chunks up whole (tiktoken; found at C speed),
        else ``encode(chunk)``."""
        if not self.ignore_merges:
            return list(map(encode, chunks))
        whole = map(self._mergeable_ranks.get, map(str.encode, chunks))
        return [encode(chunk) if rank is None else pack_one(rank) for chunk, rank in zip(chunks, whole)]

    def _encode_chunks(self, segment: str) -> bytes:
        return b"".join(self._chunk_ids(self._segment_chunks(segment)))

    def _encode_segment(self, segment: str) -> list[int]:
        """Ids of text without special tokens. For the shipped patterns: cut before each
        space + letter of a script written with spaces (``presplit.BOUNDARY``) and look
        every word up in the word cache at C speed; only new words are encoded. Else chunk
        by chunk."""
        if not self._presplit:
            return unpack(self._encode_chunks(segment))
        head, *words = BOUNDARY.split(segment)  # each word stands for " " + word
        try:
            ids = b"".join(map(self._word_cache.__getitem__, words))
        except KeyError:
            ids = self._encode_words(words)
        return unpack(self._encode_piece(head) + ids if head else ids)

    def _encode_words(self, words: list[str]) -> bytes:
        cache = self._word_cache
        new = list(filterfalse(cache.__contains__, dict.fromkeys(words)))
        self._fill_word_cache(list(filter(str.isascii, new)))  # the ASCII fast path, any length
        others = list(filterfalse(str.isascii, new))
        self._fill_word_cache([w for w in others if len(w) < CACHED_WORD_CHARS])
        for word in others:
            if len(word) >= CACHED_WORD_CHARS:
                found = self._encode_piece(" " + word)
                self._make_room(1, len(word))
                cache[word] = found
        try:
            return b"".join(map(cache.__getitem__, words))
        except KeyError:  # the cache was emptied on the way (full, or by another thread)
            return b"".join(self._encode_piece(" " + w) if (found := cache.get(w)) is None else found
                            for w in words)

    def _make_room(self, words: int, chars: int) -> None:
        """Empty the word cache if ``words`` more words of ``chars`` characters in all
        would pass ``cache_size`` words or ``WORD_CACHE_CHARS`` characters."""
        if (len(self._word_cache) + words > self._cache_size
                or self._word_chars + chars > WORD_CACHE_CHARS):
            self._word_cache.clear()
            self._word_chars = 0
        self._word_chars += chars

    def _fill_word_cache(self, words: list[str]) -> None:
        """Encode new words into the word cache (``_encode_new_words``)."""
        words = words[: self._cache_size]
        if words:
            self._make_room(len(words), sum(map(len, words)))
            self._word_cache.update(self._encode_new_words(words))

    def _encode_new_words(self, words: list[str]) -> dict[str, bytes]:
        """Each word -> the packed ids of ``" " + word``, with one regex scan of the words
        joined by spaces.

        A space + letter of ``WORD_STARTS`` starts a chunk in any context (``presplit``'s
        cut 1), and a word holds one only at its start (``BOUNDARY`` cut there), so the
        chunks that start with one (``_WORD_START``) are the words' first chunks. In a
        local copy of the chunk-id map (the cache keeps its own ids), ``MARKER`` goes
        before their ids, and the joined ids are split at the markers."""
        if not words:
            return {}
        chunks = find_chunks(" " + " ".join(words), self.pat_str)
        ids_of = self._chunk_id_map(chunks)
        firsts = list(filter(_WORD_START, ids_of))
        ids_of.update(zip(firsts, map(MARKER.__add__, map(ids_of.__getitem__, firsts))))
        pieces = self._split_at_markers(chunks, ids_of, len(words) + 1,
                                        "split words apart; encode them one by one")
        return dict(zip(words, islice(pieces, 1, None)))
