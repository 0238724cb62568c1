"""The fast path's unspaced text (runs of scripts written without spaces, such as Chinese).

Unspaced text is cut into phrases (``presplit.split_marks``), each cached with its ids:
text seen before costs one dict look-up per phrase. A new phrase none of whose neighbours
a merge can join goes character by character (``char_path``: most phrases of Chinese).
The other new phrases are cut again into parts between characters no merge joins
(``cjk_cut``, the CJK cut: about one part per character of Chinese; the groups' ``re`` over
all of them in one scan, then ``CjkCut.split`` on each new part it leaves), each part encoded once,
looked up in a cache of its own, and the phrases' ids split out of the joined parts' ids
at markers (``packed_ids.MARKER``), with no Python loop per part. A new part of one
character is read from the character table; a run of CJK_LETTERS is merged as one chunk;
the other new parts are chunked together in one scan (``encode_batch``).
"""

from __future__ import annotations

import re
from itertools import chain, compress, filterfalse
from operator import not_

import regex

from ....pre_tokenizers.patterns import find_chunks
from ...cache import BoundedCache
from .char_cuts import CJK_LETTERS
from .chunk_ids import ChunkIds
from .cjk_cut import CJK_PAIR, SEPARATOR
from .packed_ids import MARKER
from .presplit import split_marks

__all__ = ["LONG_CHARS", "UnspacedText"]

LONG_CHARS = 256
"""Text this many characters long or longer is cut into phrases (``split_marks``) before its
chunks are looked up (``UnspacedText.encode``)."""

_RUN = re.compile(f"[{CJK_LETTERS}]+")
_ARABIC_INDIC_ZERO_JOINER = "\u0660"
"""Joins parts for one chunk scan (``encode_batch``): ARABIC-INDIC DIGIT ZERO (Nd)."""
_BATCHABLE = regex.compile(f"(?s)(?!\\p{{N}}).*[{CJK_LETTERS}]").fullmatch
"""A part that ``encode_batch`` may join: not starting with a digit, ending with CJK_LETTERS."""


class UnspacedText:
    """Unspaced text -> packed ids, with a phrase cache and a part cache.

    Args:
        chunks: the chunk level (vocabulary, pattern, chunk cache, the CJK cut).
    """

    def __init__(self, chunks: ChunkIds) -> None:
        self.chunks = chunks
        self.phrase_cache: BoundedCache[bytes] = BoundedCache(chunks.cache_size)  # phrases
        self.part_cache: BoundedCache[bytes] = BoundedCache(chunks.cache_size)  # their parts

    def clear(self) -> None:
        """Empty the phrase and part caches."""
        self.phrase_cache.clear()
        self.part_cache.clear()

    def encode(self, text: str) -> bytes:
        """Packed ids of text that starts at a chunk boundary: whole if short, else by phrases
        (``split_marks``) from the phrase cache, or, if one is new, by the character path
        or ``_encode_parts``."""
        chunks = self.chunks
        if len(text) < LONG_CHARS:
            return chunks.encode_text(text)
        cache, phrases = self.phrase_cache, split_marks(text)
        try:
            return b"".join(map(cache.entries.__getitem__, phrases))
        except KeyError:
            pass
        cut = chunks.cut.find(text)
        if cut is None:
            return b"".join(map(self._encode_phrase, phrases))
        known, new = cache.look_up(phrases)
        found, others = chunks.cut.char_path.encode(new, chunks.encode_text)
        if others:
            found.update(zip(others, self._encode_parts(others)))
        cache.remember(found)
        known.update(found)
        return b"".join(map(known.__getitem__, phrases))

    def _encode_phrase(self, phrase: str) -> bytes:
        """One phrase's packed ids, from or into the phrase cache (emptied when full)."""
        found = self.phrase_cache.entries.get(phrase)
        if found is None:
            found = self.chunks.encode_text(phrase)
            self.phrase_cache.put(phrase, found)
        return found

    def _encode_parts(self, phrases: list[str]) -> list[bytes]:
        """The packed ids of each phrase, through its parts (the CJK cut) and the part cache.

        The phrases are joined by ``SEPARATOR`` and cut in one scan that also captures the
        separators; each new part is encoded on its own (it starts at a chunk boundary or
        at a cut no merge crosses). The parts' ids, with ``MARKER`` for each separator, are
        joined and split at the markers: no Python loop per part. A phrase that holds the
        separator (rare) is encoded alone."""
        if not phrases:
            return []
        chunks = self.chunks
        joined = SEPARATOR.join(phrases)
        if joined.count(SEPARATOR) != len(phrases) - 1:
            held = {phrase for phrase in phrases if SEPARATOR in phrase}
            found = dict(zip(held, map(chunks.encode_text, held)))
            rest = list(filterfalse(held.__contains__, phrases))
            found.update(zip(rest, self._encode_parts(rest)))
            return list(map(found.__getitem__, phrases))
        cut_text = chunks.cut.joined.split(joined)  # part, separator or None (a cut), part, ...
        known, new = self.part_cache.look_up(cut_text[::2])
        pieces = self._cut_further(new)
        if pieces:
            known_pieces, new = self.part_cache.look_up(
                [*filterfalse(pieces.__contains__, new), *chain.from_iterable(pieces.values())])
            known.update(known_pieces)
        found = self._new_part_ids(new)
        self.part_cache.remember(found)
        known.update(found)
        joined_pieces = {part: b"".join(map(known.__getitem__, each))
                         for part, each in pieces.items()}
        self.part_cache.remember(joined_pieces)
        known.update(joined_pieces)
        known[None], known[SEPARATOR] = b"", MARKER  # no part is either
        return b"".join(map(known.__getitem__, cut_text)).split(MARKER)

    def _cut_further(self, parts: list[str]) -> dict[str, list[str]]:
        """Each part that the CJK cut's exact test (``CjkCut.split``) cuts further -> its
        pieces. The groups' scan leaves some boundaries no merge crosses; the pieces
        between them are cached and merged on their own, as ``CjkPartsEncoder``'s are."""
        split = self.chunks.cut.split
        held = compress(parts, map(CJK_PAIR.search, parts))
        return {part: pieces for part in held if len(pieces := split(part)) > 1}

    def _new_part_ids(self, new: list[str]) -> dict[str, bytes]:
        """Each new part (no two CJK_LETTERS of it are cut apart) -> its packed ids: a
        character from the character table, a run of CJK_LETTERS merged as one chunk, the
        others chunked together (``encode_batch``)."""
        chunks = self.chunks
        is_run = list(map(_RUN.fullmatch, new))  # a run of CJK_LETTERS is one chunk
        runs, others = list(compress(new, is_run)), list(compress(new, map(not_, is_run)))
        table = chunks.cut.char_path.table  # a run of one character: its ids
        in_table = list(filter(table.__contains__, runs))
        found = dict(zip(in_table, map(table.__getitem__, in_table)))
        runs = list(filterfalse(table.__contains__, runs))
        found.update(zip(runs, chunks.new_ids(runs, chunks.merge_chunk)))
        found.update(self.encode_batch(others))
        return found

    def encode_batch(self, parts: list[str]) -> dict[str, bytes]:
        """Each part (starting at a chunk boundary) -> its packed ids, as if encoded on its
        own (``ChunkIds.encode_text``). The parts that do not start with a digit and end with
        CJK_LETTERS (``_BATCHABLE``) are chunked in one scan, joined by
        ``_ARABIC_INDIC_ZERO_JOINER``.

        In the shipped patterns a chunk that starts at a place depends on the text from
        there on alone (no look-behind). After a ``CJK_LETTERS`` letter, a digit starts a
        chunk (no alternative takes a letter, then a digit), and a digit followed by a
        non-digit is a chunk of its own (no alternative before the digit runs takes one
        as a prefix). So every ``_ARABIC_INDIC_ZERO_JOINER`` is a chunk (no part holds one), the
        chunks between two of them are the part's own chunks, and with ``MARKER`` for the digit's
        ids, the parts' ids are the runs between the markers."""
        batch = list(filter(_BATCHABLE, parts))
        joined = _ARABIC_INDIC_ZERO_JOINER.join(batch)
        # none, or a part holds the digit itself:
        if joined.count(_ARABIC_INDIC_ZERO_JOINER) != len(batch) - 1:
            batch = []
        level = self.chunks
        alone = list(filterfalse(set(batch).__contains__, parts))
        found = dict(zip(alone, map(level.encode_text, alone)))
        if not batch:
            return found
        chunks = find_chunks(joined, level.pat_str)
        ids_of = level.id_map(chunks)  # a new dict: the cache keeps the digit's ids
        ids_of[_ARABIC_INDIC_ZERO_JOINER] = MARKER
        found.update(zip(batch, level.split_at_markers(
            chunks, ids_of, len(batch), f"joined parts across {_ARABIC_INDIC_ZERO_JOINER!r}")))
        return found
