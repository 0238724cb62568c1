"""Encoding long pieces (text of scripts written without spaces), mixed into ``Encoding``.

A long piece is cut into phrases (``presplit.split_marks``), each cached with its ids:
text seen before costs one dict look-up per phrase. A new phrase none of whose neighbours
a merge can join goes character by character (``char_path``: most phrases of Chinese).
The other new phrases are cut again into parts between characters no merge joins
(``char_cuts``, cut 3: about one part per character of Chinese), each part encoded once,
looked up in a cache of its own, and the phrases' ids split out of the joined parts' ids
at markers (``packed_ids.MARKER``), with no Python loop per part. A new part of one
character is read from the character table; a run of IDEOGRAPHS is merged as one chunk;
the other new parts are chunked together in one scan (``_encode_batch``).
"""

from __future__ import annotations

import re
from itertools import compress, filterfalse, repeat
from operator import is_, not_

import regex

from .bpe import merge, merge_ranked
from .char_cuts import IDEOGRAPHS, ideograph_cut
from .char_path import CharPath
from .packed_ids import MARKER
from .pre_tokenizer import find_chunks
from .presplit import split_marks

__all__ = ["LongPieceMethods", "CACHED_WORD_CHARS", "look_up"]

CACHED_WORD_CHARS = 256
"""Presplit words that are not ASCII and this many characters long or longer are encoded
one by one, as long pieces (by phrases, for scripts written without spaces); the others in
batches. Phrases, parts and chunks this long or longer are not cached (the caches count
entries, so this bounds their characters)."""


_RUN = re.compile(f"[{IDEOGRAPHS}]+")
_PAIR = re.compile(f"[{IDEOGRAPHS}]{{2}}")
_SEPARATOR = "\x00"
"""Joins new phrases for one cut-3 scan (``_encode_parts``); never an IDEOGRAPHS character."""
_DIGIT = "\u0660"
"""Joins parts for one chunk scan (``_encode_batch``): ARABIC-INDIC DIGIT ZERO (Nd)."""
_BATCHABLE = regex.compile(f"(?s)(?!\\p{{N}}).*[{IDEOGRAPHS}]").fullmatch
"""A part that ``_encode_batch`` may join: not starting with a digit, ending with IDEOGRAPHS."""


def look_up(cache: dict[str, bytes], keys: list[str]) -> tuple[dict[str, bytes | None], list[str]]:
    """Each distinct key of ``keys`` with its value in ``cache`` (None if missing), and
    the missing keys in order: one snapshot, so a cache emptied meanwhile by another
    thread cannot leave a key both known and missing. At C speed."""
    unique = dict.fromkeys(keys)
    known = dict(zip(unique, map(cache.get, unique)))
    return known, list(compress(known, map(is_, known.values(), repeat(None))))


class LongPieceMethods:
    """The long-piece path (a mixin). Needs ``_encode_chunks``, ``_merge_chunk``, ``_new_ids``,
    ``_chunk_id_map``, ``_split_at_markers``, ``pat_str``, ``_piece_cache``, ``_part_cache``,
    ``_cache_size``, ``_cut3``, ``_cut3_joined``, ``_char_path`` and the vocabulary
    attributes ``_mergeable_ranks``, ``_merges``, ``_pair_rank``, ``ignore_merges``."""

    def _ideograph_cut(self, text: str) -> re.Pattern | None:
        """Cut 3 (``char_cuts``) if ``text`` holds two IDEOGRAPHS side by side, else None.

        Built from this encoding's merges on first use, with the character path
        (``char_path``), and kept by ``clear_cache``: both come from the vocabulary, not
        from text. Never for text without such a pair. None for patterns other than the
        shipped ones, or if it would not be exact."""
        if self._cut3 is None or not _PAIR.search(text):
            return None
        if self._cut3 is True:
            ranks = self._mergeable_ranks
            tokens = ranks if self.ignore_merges else {}
            if self._merges is None:
                merged, merge_whole = ranks, lambda piece: merge_ranked(piece, ranks)
                results = ranks  # every token is a merge result
            else:
                merged = [left + right for left, right in self._merges]
                merge_whole = lambda piece: merge(piece, self._pair_rank)  # noqa: E731
                results = [*merged, *tokens]
            cut = ideograph_cut(merged, merge_whole, tokens)
            if cut is not None:  # set first: a thread that sees the cut sees these too
                self._char_path = CharPath.build(results, merge_whole, ranks, whole=self.ignore_merges)
                self._cut3_joined = re.compile(f"({_SEPARATOR})|{cut.pattern}")
            self._cut3 = cut
        return self._cut3

    def _encode_piece(self, piece: str) -> bytes:
        """Packed ids of text that starts at a chunk boundary: whole if short, else by phrases
        (``split_marks``) from the phrase cache, or, if one is new, by ``_char_path`` or
        ``_encode_parts``."""
        if len(piece) < CACHED_WORD_CHARS:
            return self._encode_chunks(piece)
        cache, phrases = self._piece_cache, split_marks(piece)
        try:
            return b"".join(map(cache.__getitem__, phrases))
        except KeyError:
            pass
        cut = self._ideograph_cut(piece)
        if cut is None:
            return b"".join(map(self._encode_phrase, phrases))
        known, new = look_up(cache, phrases)
        by_char, others = self._char_path.encode(new, self._encode_chunks)
        known.update(by_char)
        if others:
            known.update(zip(others, self._encode_parts(others)))
        self._remember(cache, new, known)
        return b"".join(map(known.__getitem__, phrases))

    def _encode_phrase(self, phrase: str) -> bytes:
        """One phrase's packed ids, from or into the phrase cache (emptied when full)."""
        cache = self._piece_cache
        found = cache.get(phrase)
        if found is None:
            found = self._encode_chunks(phrase)
            self._remember(cache, [phrase], {phrase: found})
        return found

    def _encode_parts(self, phrases: list[str]) -> list[bytes]:
        """The packed ids of each phrase, through its parts (cut 3) and the part cache.

        The phrases are joined by ``_SEPARATOR`` and cut in one scan that also captures the
        separators; each new part is encoded on its own (it starts at a chunk boundary or
        at a cut no merge crosses). The parts' ids, with ``MARKER`` for each separator, are
        joined and split at the markers: no Python loop per part. A phrase that holds the
        separator (rare) is encoded alone."""
        if not phrases:
            return []
        joined = _SEPARATOR.join(phrases)
        if joined.count(_SEPARATOR) != len(phrases) - 1:
            held = {phrase for phrase in phrases if _SEPARATOR in phrase}
            found = dict(zip(held, map(self._encode_chunks, held)))
            rest = list(filterfalse(held.__contains__, phrases))
            found.update(zip(rest, self._encode_parts(rest)))
            return list(map(found.__getitem__, phrases))
        cut_text = self._cut3_joined.split(joined)  # part, separator or None (a cut), part, ...
        parts = cut_text[::2]
        known, new = look_up(self._part_cache, parts)
        is_run = list(map(_RUN.fullmatch, new))  # a run of IDEOGRAPHS is one chunk
        runs, others = list(compress(new, is_run)), list(compress(new, map(not_, is_run)))
        by_char, runs = look_up(self._char_path.table, runs)  # one character: from the table
        known.update(by_char)  # None for the runs left, set next
        known.update(zip(runs, self._new_ids(runs, self._merge_chunk)))
        known.update(self._encode_batch(others))
        self._remember(self._part_cache, new, known)
        known[None], known[_SEPARATOR] = b"", MARKER  # no part is either
        return b"".join(map(known.__getitem__, cut_text)).split(MARKER)

    def _encode_batch(self, parts: list[str]) -> dict[str, bytes]:
        """Each part (starting at a chunk boundary) -> its packed ids, as if encoded on its
        own (``_encode_chunks``). The parts that do not start with a digit and end with
        IDEOGRAPHS (``_BATCHABLE``) are chunked in one scan, joined by ``_DIGIT``.

        In the shipped patterns a chunk that starts at a place depends on the text from
        there on alone (no look-behind). After an IDEOGRAPHS letter, a digit starts a
        chunk (no alternative takes a letter, then a digit), and a digit followed by a
        non-digit is a chunk of its own (no alternative before the digit runs takes one
        as a prefix). So every ``_DIGIT`` is a chunk (no part holds one), the chunks between
        two of them are the part's own chunks, and with ``MARKER`` for the digit's ids,
        the parts' ids are the pieces between the markers."""
        batch = list(filter(_BATCHABLE, parts))
        joined = _DIGIT.join(batch)
        if joined.count(_DIGIT) != len(batch) - 1:  # none, or a part holds the digit itself
            batch = []
        alone = list(filterfalse(set(batch).__contains__, parts))
        found = dict(zip(alone, map(self._encode_chunks, alone)))
        if not batch:
            return found
        chunks = find_chunks(joined, self.pat_str)
        ids_of = self._chunk_id_map(chunks)  # a new dict: the cache keeps the digit's ids
        ids_of[_DIGIT] = MARKER
        found.update(zip(batch, self._split_at_markers(chunks, ids_of, len(batch),
                                                       f"joined parts across {_DIGIT!r}")))
        return found

    def _remember(self, cache: dict, keys: list[str], known: dict) -> None:
        """Put each of ``keys`` shorter than ``CACHED_WORD_CHARS`` into ``cache`` with its
        ids from ``known``; ``cache`` is emptied first if they would pass ``_cache_size``
        entries (and then takes only the first ``_cache_size``). ``known``'s other keys,
        if any, are short and their ids right: taken too if all fit (one C-speed update)."""
        if max(map(len, keys), default=0) >= CACHED_WORD_CHARS:  # rare: keep the short ones
            keys = [key for key in keys if len(key) < CACHED_WORD_CHARS]
        elif len(cache) + len(known) <= self._cache_size:
            cache.update(known)
            return
        if len(cache) + len(keys) > self._cache_size:
            cache.clear()
        keys = keys[: self._cache_size]
        cache.update(zip(keys, map(known.__getitem__, keys)))
