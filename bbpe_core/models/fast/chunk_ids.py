"""The fast path's chunk level: each chunk's packed ids (``packed_ids``) from a bounded cache,
new chunks looked up whole or merged, Chinese-like chunks cut first where no merge crosses
(``cjk_cut``). Lists of chunks are looked up with ``map`` at C speed; Python code runs
only for chunks not seen before.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress, repeat
from operator import is_

from ...pre_tokenizers.patterns import find_chunks
from ...vocab import Vocab
from .cjk_cut import CjkCut
from .packed_ids import MARKER, pack, pack_one

__all__ = ["CACHED_CHARS", "ChunkIds", "look_up", "remember"]

CACHED_CHARS = 256
"""Chunks, phrases and parts this many characters long or longer are not cached (the caches
count entries, so this bounds their characters)."""


def look_up(cache: dict[str, bytes], keys: list[str]) -> tuple[dict[str, bytes | None], list[str]]:
    """Each distinct key of ``keys`` with its value in ``cache`` (None if missing), and
    the missing keys in order: one snapshot, so a cache emptied meanwhile by another
    thread cannot leave a key both known and missing. At C speed."""
    unique = dict.fromkeys(keys)
    known = dict(zip(unique, map(cache.get, unique)))
    return known, list(compress(known, map(is_, known.values(), repeat(None))))


def remember(cache: dict, keys: list[str], known: dict, cache_size: int) -> None:
    """Put each of ``keys`` shorter than ``CACHED_CHARS`` into ``cache`` with its ids from
    ``known``; ``cache`` is emptied first if they would pass ``cache_size`` entries (and then
    takes only the first ``cache_size``). ``known``'s other keys, if any, are short and their
    ids right: taken too if all fit (one C-speed update)."""
    if max(map(len, keys), default=0) >= CACHED_CHARS:  # rare: keep the short ones
        keys = [key for key in keys if len(key) < CACHED_CHARS]
    elif len(cache) + len(known) <= cache_size:
        cache.update(known)
        return
    if len(cache) + len(keys) > cache_size:
        cache.clear()
    keys = keys[:cache_size]
    cache.update(zip(keys, map(known.__getitem__, keys)))


class ChunkIds:
    """Chunks -> packed ids for one vocabulary and one shipped pattern.

    Args:
        vocab: the vocabulary.
        pat_str: one of ``patterns.SHIPPED_PATTERNS``.
        cache_size: entries of the chunk cache (emptied when full).
    """

    def __init__(self, vocab: Vocab, pat_str: str, cache_size: int) -> None:
        self.vocab = vocab
        self.pat_str = pat_str
        self.cache_size = cache_size
        self.cache: dict[str, bytes] = {}
        self.cut = CjkCut(vocab)

    def merge_chunk(self, chunk: str) -> bytes:
        """A chunk's packed ids by BPE alone (no whole look-up, no cut, no cache)."""
        ranks = self.vocab.mergeable_ranks
        return pack(map(ranks.__getitem__, self.vocab.bpe(chunk.encode("utf-8"))))

    def encode_new(self, chunk: str) -> bytes:
        """A new chunk's packed ids: the CJK cut if it holds two CJK_LETTERS side by side, then
        BPE."""
        if len(chunk) > 1 and not chunk.isascii() and (cut := self.cut.find(chunk)):
            parts = cut.split(chunk)
            if len(parts) > 1:
                return b"".join(self.ids(parts))
        return self.merge_chunk(chunk)

    def ids(self, chunks: list[str]) -> list[bytes]:
        """Each chunk's packed ids, from the chunk cache; only new chunks run Python code."""
        try:
            return list(map(self.cache.__getitem__, chunks))
        except KeyError:
            return list(map(self.id_map(chunks).__getitem__, chunks))

    def id_map(self, chunks: list[str]) -> dict[str, bytes]:
        """Each distinct chunk -> its packed ids, from or into the chunk cache."""
        known, new = look_up(self.cache, chunks)
        known.update(zip(new, self.new_ids(new, self.encode_new)))
        remember(self.cache, new, known, self.cache_size)
        return known

    def new_ids(self, chunks: list[str], encode: Callable[[str], bytes]) -> list[bytes]:
        """The packed ids of chunks (each one whole chunk): a chunk that is a token is
        that token if the vocabulary looks chunks up whole (tiktoken; found at C speed),
        else ``encode(chunk)``."""
        if not self.vocab.ignore_merges:
            return list(map(encode, chunks))
        whole = map(self.vocab.mergeable_ranks.get, map(str.encode, chunks))
        return [encode(chunk) if rank is None else pack_one(rank)
                for chunk, rank in zip(chunks, whole)]

    def encode_text(self, text: str) -> bytes:
        """The packed ids of text that starts at a chunk boundary, chunk by chunk."""
        return b"".join(self.ids(find_chunks(text, self.pat_str)))

    def split_at_markers(self, chunks: list[str], ids_of: dict[str, bytes], parts: int,
                         refusal: str) -> list[bytes]:
        """The packed ids of ``chunks`` (``ids_of`` maps each to its ids, some holding
        ``MARKER``), joined and split at the markers into ``parts`` runs.

        Raises:
            RuntimeError: ``pat_str`` + ``refusal``, if there are not ``parts`` runs (a
                pattern other than the shipped ones chunked across a place the caller
                marked).
        """
        packed = b"".join(map(ids_of.__getitem__, chunks)).split(MARKER)
        if len(packed) != parts:  # cannot happen for the shipped patterns (tested)
            raise RuntimeError(f"{self.pat_str!r} {refusal}")
        return packed


