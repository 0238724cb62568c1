"""``FastEncoder``: the fast path, for the three shipped patterns only (gpt2's, cl100k's and
o200k's). Why each cut is exact and what each step gained are in this folder's README.

Text without special tokens -> words (``presplit``: a space + a letter of a script written
with spaces starts a chunk under every shipped pattern) -> a word cache looked up at C speed;
new words are chunked in one scan and merged (``chunk_ids``); text without spaces (Chinese)
goes by phrases and parts (``unspaced``). Every cache is a ``cache.BoundedCache``; cached ids
are packed into bytes (``packed_ids``) and unpacked once per call.
"""

from __future__ import annotations

import re
from itertools import filterfalse, islice
from typing import TYPE_CHECKING

from ....pre_tokenizers.patterns import SHIPPED_PATTERNS, find_chunks
from ...base import BYTE_LEVEL_BPE, Encoder
from ...cache import BoundedCache
from .chunk_ids import ChunkIds
from .packed_ids import MARKER, unpack
from .presplit import BOUNDARY, WORD_STARTS
from .unspaced import LONG_CHARS, UnspacedText

if TYPE_CHECKING:
    from ....vocab import Vocab

__all__ = ["FastEncoder"]

_WORD_START = re.compile(f" [{WORD_STARTS}]").match
"""Whether a chunk starts a presplit word: a space + a letter of ``WORD_STARTS``."""


class FastEncoder(Encoder):
    """Byte-level BPE for a shipped pattern, with word, phrase, part and chunk caches.

    Args:
        vocab: the vocabulary.
        pat_str: one of ``patterns.SHIPPED_PATTERNS``.
        cache_size: entries of each cache (``cache.BoundedCache``, also bounded in
            characters); each is emptied when full.

    Raises:
        ValueError: if ``pat_str`` is not a shipped pattern (its cuts are not proven).
    """

    model_kind = BYTE_LEVEL_BPE

    def __init__(self, vocab: Vocab, pat_str: str, cache_size: int = 65536) -> None:
        if pat_str not in SHIPPED_PATTERNS:
            raise ValueError("the fast path serves the shipped patterns only; use SimpleEncoder")
        self.chunks = ChunkIds(vocab, pat_str, cache_size)
        self.unspaced = UnspacedText(self.chunks)
        self.word_cache: BoundedCache[bytes] = BoundedCache(cache_size)  # "w" -> ids of " w"

    def clear_cache(self) -> None:
        """Empty the word, phrase, part and chunk caches; what comes from the vocabulary
        alone (the CJK cut, the character path) stays."""
        self.chunks.cache.clear()
        self.unspaced.clear()
        self.word_cache.clear()

    def encode_chunk(self, chunk: str) -> list[int]:
        """The ids of one chunk, from the chunk cache."""
        return unpack(self.chunks.ids([chunk])[0])

    def encode_chunks(self, chunks: list[str]) -> list[int]:
        """The ids of several chunks, joined, from the chunk cache."""
        return unpack(b"".join(self.chunks.ids(chunks)))

    def encode_segment(self, segment: str) -> list[int]:
        """Cut before each space + letter of a script written with spaces
        (``presplit.BOUNDARY``) and look every word up in the word cache at C speed; only new
        words are encoded."""
        head, *words = BOUNDARY.split(segment)  # each word stands for " " + word
        try:
            ids = b"".join(map(self.word_cache.entries.__getitem__, words))
        except KeyError:
            ids = self._encode_words(words)
        return unpack(self.unspaced.encode(head) + ids if head else ids)

    def _encode_words(self, words: list[str]) -> bytes:
        """The packed ids of words not all in the word cache; the new ones are encoded in two
        batches (ASCII words of any length, then shorter other words: ``_encode_new_words``)
        and longer other words one by one by phrases (``unspaced``)."""
        known, new = self.word_cache.look_up(words)
        found = self._encode_new_words(list(filter(str.isascii, new)))
        others = list(filterfalse(str.isascii, new))
        found.update(self._encode_new_words([w for w in others if len(w) < LONG_CHARS]))
        long = [w for w in others if len(w) >= LONG_CHARS]
        found.update(zip(long, [self.unspaced.encode(" " + w) for w in long]))
        self.word_cache.remember(found)
        known.update(found)
        return b"".join(map(known.__getitem__, words))

    def _encode_new_words(self, words: list[str]) -> dict[str, bytes]:
        """Each word -> the packed ids of ``" " + word``, with one regex scan of the words
        joined by spaces.

        A space + letter of ``WORD_STARTS`` starts a chunk in any context (``presplit``'s
        first cut), and a word holds one only at its start (``BOUNDARY`` cut there), so the
        chunks that start with one (``_WORD_START``) are the words' first chunks. In a
        local copy of the chunk-id map (the cache keeps its own ids), ``MARKER`` goes
        before their ids, and the joined ids are split at the markers."""
        if not words:
            return {}
        chunks = find_chunks(" " + " ".join(words), self.chunks.pat_str)
        ids_of = self.chunks.id_map(chunks)
        firsts = list(filter(_WORD_START, ids_of))
        ids_of.update(zip(firsts, map(MARKER.__add__, map(ids_of.__getitem__, firsts))))
        packed = self.chunks.split_at_markers(chunks, ids_of, len(words) + 1,
                                              "split words apart; encode them one by one")
        return dict(zip(words, islice(packed, 1, None)))
