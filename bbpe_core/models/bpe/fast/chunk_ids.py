"""The fast path's chunk level: each chunk's packed ids (``packed_ids``) from a bounded cache
(``cache.BoundedCache``), new chunks looked up whole or merged, Chinese-like chunks cut first
where no merge crosses (``cjk_cut``). Lists of chunks are looked up with ``map`` at C speed;
Python code runs only for chunks not seen before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ....pre_tokenizers.patterns import find_chunks
from ...cache import BoundedCache
from .cjk_cut import cjk_cut_of
from .packed_ids import MARKER, pack, pack_one

if TYPE_CHECKING:
    from ....vocab import Vocab

__all__ = ["ChunkIds"]


class ChunkIds:
    """Chunks -> packed ids for one vocabulary and one shipped pattern.

    Args:
        vocab: the vocabulary.
        pat_str: one of ``patterns.SHIPPED_PATTERNS``.
        cache_size: entries of the chunk cache (emptied when full; also bounded in
            characters).
    """

    def __init__(self, vocab: Vocab, pat_str: str, cache_size: int) -> None:
        self.vocab = vocab
        self.pat_str = pat_str
        self.cache_size = cache_size
        self.cache: BoundedCache[bytes] = BoundedCache(cache_size)
        self.cut = cjk_cut_of(vocab)

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
            return list(map(self.cache.entries.__getitem__, chunks))
        except KeyError:
            return list(map(self.id_map(chunks).__getitem__, chunks))

    def id_map(self, chunks: list[str]) -> dict[str, bytes]:
        """Each distinct chunk -> its packed ids, from or into the chunk cache."""
        known, new = self.cache.look_up(chunks)
        found = dict(zip(new, self.new_ids(new, self.encode_new)))
        self.cache.remember(found)
        known.update(found)
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


