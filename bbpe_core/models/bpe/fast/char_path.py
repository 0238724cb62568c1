"""Encoding phrases character by character, where no merge can join two neighbours.

BPE never crosses a boundary that no merge result crosses (``char_cuts``): a chunk whose
boundaries between characters are all such is merged into the concatenation of its
characters' BPE, and chunk boundaries only cut more. So a phrase whose characters are
all in ``CHARACTERS`` (CJK ideographs, kana, CJK and general punctuation, full-width
forms, ideographic space) or newlines, with no two neighbours that ``crossing_pairs``
says a merge could join, has as ids the concatenation of each character's ids, whatever
the split pattern makes of it: each character's ids read from a dict in one C loop per
phrase (``codecs.charmap_encode``), no cut, no merge, no part cache. The test is a ``re``
search with ``group_pairs``' few groups, at C speed; their products hold more pairs than a
merge joins, so a phrase it flags is tested again (after its head, below) with each wide
entry and the set of exact pairs (one Python call per flagged phrase).

cl100k_base and o200k_base have tokens such as "。\\n", gpt2 has "\\n\\n". A phrase that
starts with newlines before a letter, alone or after a letter or mark (``_HEAD``; a
phrase after a letter starts with its newline), may go by character from that letter on:
no alternative of the shipped patterns holds a newline followed by a letter, so the
letter starts a chunk, and the chunks before it are those of the head and a letter
encoded on their own, less the letter's own (the head's chunks depend on what follows
only through ``\\s+(?!\\S)``, and a letter follows in both). ``split_marks``
already cuts after a lone newline that follows anything but whitespace, so heads are runs
of newlines, and newlines at a text's start. In the Chinese corpus (poems, a newline every
line) 87-95% of the phrases go by character with each of the three; the others hold a
pair that a token joins (o200k_base has 142 tokens starting with "，") and take the CJK cut.

Whole look-up (tiktoken): a chunk of one character is looked up whole, so a character
that is a token is encoded as that token only if BPE merges it to itself; characters that
do not are left out of the table. A chunk of two or more characters is never a token
here: every token is counted as a merge result, so it would have marked the pair.
``tests/test_char_path.py`` checks it all against tiktoken.

>>> ranks = {chr(p).encode(): p for p in [10, *range(0x2000, 0xD800), *range(0xE000, 0x10000)]}
>>> path = CharPath.build([*ranks, "中国".encode()], lambda chunk: [chunk], ranks, whole=True)
>>> done, others = path.encode(["中文", "中国", "x中", "x\\n文"], lambda head: b"")
>>> others  # 中|国 joins in a merge result; x is not in the table
['中国', 'x中']
>>> from bbpe_core.models.bpe.fast.packed_ids import unpack
>>> {phrase: unpack(ids) for phrase, ids in done.items()}
{'中文': [20013, 25991], 'x\\n文': [25991]}
"""

from __future__ import annotations

import re
from codecs import charmap_encode
from collections.abc import Callable, Iterable
from itertools import compress, filterfalse, repeat
from operator import is_, itemgetter, not_
from typing import NamedTuple

from .char_cuts import NEWLINE, Ranges, class_body, crossing_pairs, group_pairs
from .packed_ids import pack
from .presplit import LETTERS, MARKS

__all__ = ["CHARACTERS", "CharPath", "CharTables", "char_tables"]

CHARACTERS: Ranges = (
    (0x2010, 0x2027),  # dashes, quotation marks, bullets, ellipsis
    (0x2030, 0x205E),  # per mille, primes, reference marks
    (0x3000, 0x303F),  # CJK symbols and punctuation (、。「」 and the ideographic space)
    (0x3041, 0x3096),  # hiragana
    (0x30A0, 0x30FF),  # katakana, with ー and ・
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xFF01, 0xFF60),  # full-width forms (，：；！？（）)
)
"""The characters (all of three UTF-8 bytes) a phrase of the character path may hold,
besides newlines. Hangul is not here: Korean puts spaces between words."""


_HEAD = re.compile(f"(?:[{LETTERS}{MARKS.replace(chr(10), '')}]?\\n+(?=[{LETTERS}]))?")
"""Newlines before a letter, after a letter or mark or not, at a phrase's start (or
nothing)."""


def _not_in(points: set[int]) -> str:
    """A ``re`` item matching one character whose code point is not in ``points``."""
    return f"[^{class_body(points)}]" if points else "(?s:.)"


def _joinable_neighbours(chars: set[int], groups: list[tuple[set[int], set[int]]]) -> re.Pattern:
    """Matches a character not in ``chars``, or one of two neighbours that are a first and
    a second of one of ``groups``: one class first (``re`` skips characters outside it at
    C speed), then which case. The class is the seconds (matched at the second, with a
    look-behind) or the firsts (at the first, with a look-ahead), whichever is smaller:
    gpt2's byte-level merges make nearly every ideograph a second, and few a first."""
    cls = [(class_body(a), class_body(b)) for a, b in groups]
    firsts = set().union(*(first for first, _ in groups))
    seconds = set().union(*(second for _, second in groups))
    if len(firsts) < len(seconds):
        lead = firsts
        cases = "".join(f"|(?<=[{a}])(?=[{b}])" for a, b in cls)
    else:
        lead = seconds
        cases = "".join(f"|(?<=[{a}][{b}])" for a, b in cls)
    return re.compile(f"{_not_in(chars - lead)}(?:(?<={_not_in(chars)}){cases})")


class CharTables(NamedTuple):
    """What one encoding's ``CharPath`` is read off (``char_tables``).

    Attributes:
        wide: ``crossing_pairs``' ``(firsts, seconds)`` code points over ``CHARACTERS``
            and newline.
        exact: its pairs ``(A, B)`` of single characters.
        ids: each character (``CHARACTERS`` or newline) that may go alone -> its ids, as
            one chunk of that character alone.
    """

    wide: list[tuple[list[int], list[int]]]
    exact: set[tuple[int, int]]
    ids: dict[str, list[int]]


def char_tables(merged: Iterable[bytes], merge_whole: Callable[[bytes], list[bytes]],
                ranks: dict[bytes, int], *, whole: bool) -> CharTables:
    """What the character path of one encoding is read off: a pass over every merge
    result in Python, and the BPE of each character.

    Args:
        merged: every byte string a merge can produce, and every token that may be
            looked up whole (``crossing_pairs``).
        merge_whole: the encoding's BPE of one chunk's bytes, without looking it up whole.
        ranks: token bytes -> id, for every part ``merge_whole`` gives.
        whole: whether the encoding looks a chunk up whole before merging (tiktoken).
    """
    wide, exact = crossing_pairs(merged, CHARACTERS, newline=True)
    ids = {}
    for point in [NEWLINE, *(p for lo, hi in CHARACTERS for p in range(lo, hi + 1))]:
        data = chr(point).encode()
        parts = merge_whole(data)
        if whole and data in ranks and parts != [data]:
            continue  # alone, looked up whole; in a longer chunk, merged otherwise
        ids[chr(point)] = list(map(ranks.__getitem__, parts))
    return CharTables(wide, exact, ids)


class CharPath:
    """One encoding's character table and its test of which phrases may use it.

    Args:
        table: each character (``CHARACTERS`` or newline) -> its packed ids
            (``packed_ids``), as one chunk of that character alone.
        coarse: matches in a phrase a character not in ``table``, or one of two
            neighbours a merge could join, or a few more (``group_pairs``' groups).
        wide: the same for each entry of ``crossing_pairs``' ``wide`` alone.
        pairs: ``crossing_pairs``' ``exact`` pairs, each as a string of two characters.
    """

    def __init__(self, table: dict[str, bytes], coarse: re.Pattern, wide: re.Pattern,
                 pairs: frozenset[str]) -> None:
        self.table = table
        self._by_point = {ord(char): ids for char, ids in table.items()}  # for charmap_encode
        self._coarse = coarse.search
        self._wide = wide.search
        self._pairs = pairs

    @classmethod
    def build(cls, merged: Iterable[bytes], merge_whole: Callable[[bytes], list[bytes]],
              ranks: dict[bytes, int], *, whole: bool) -> CharPath:
        """The character path of one encoding: ``char_tables``, then ``from_tables``.

        Args: as ``char_tables``'.
        """
        return cls.from_tables(char_tables(merged, merge_whole, ranks, whole=whole))

    @classmethod
    def from_tables(cls, tables: CharTables) -> CharPath:
        """The character path of the encoding ``tables`` were read off: its table packed,
        its tests compiled.

        Args:
            tables: the encoding's ``char_tables`` (read off it, or shipped:
                ``cut_tables``).
        """
        wide, exact, ids = tables
        table = {char: pack(char_ids) for char, char_ids in ids.items()}
        chars = set(map(ord, table))
        coarse = _joinable_neighbours(chars, group_pairs(wide, exact))
        # a few dozen:
        each = _joinable_neighbours(chars, [(set(firsts), set(seconds))
                                            for firsts, seconds in wide])
        return cls(table, coarse, each, frozenset(chr(a) + chr(b) for a, b in exact))

    def encode(self, phrases: list[str], encode_head: Callable[[str], bytes]
               ) -> tuple[dict[str, bytes], list[str]]:
        """Encode the phrases that may go character by character, at C speed.

        Args:
            phrases: distinct phrases, each starting at a chunk boundary.
            encode_head: the packed ids of a head (``_HEAD``) and a letter after it,
                encoded on their own.

        Returns:
            Each phrase encoded -> its packed ids; the phrases left, in order.
        """
        coarse = list(map(is_, map(self._coarse, phrases), repeat(None)))
        clean = list(compress(phrases, coarse))
        done = dict(zip(clean, self._ids(clean)))
        flagged = list(compress(phrases, map(not_, coarse)))
        heads = list(map(re.Match.group, map(_HEAD.match, flagged)))  # the head's pair is often why
        plain = list(compress(flagged, map(not_, heads)))
        fine = list(compress(plain, map(not_, map(self._joinable, plain))))
        done.update(zip(fine, self._ids(fine)))
        headed, heads = list(compress(flagged, heads)), list(filter(None, heads))
        tails = list(map(str.__getitem__, headed, map(slice, map(len, heads), repeat(None))))
        tail_ok = self._by_char(tails)
        good, heads, tails = (list(compress(items, tail_ok)) for items in (headed, heads, tails))
        letters = dict(zip(heads, map(itemgetter(0), tails)))  # a few heads, a letter after each
        head_ids = {head: encode_head(head + letter)[: -len(self.table[letter])]
                    for head, letter in letters.items()}
        head_then_tail = map(bytes.__add__, map(head_ids.__getitem__, heads), self._ids(tails))
        done.update(zip(good, head_then_tail))
        return done, list(filterfalse(done.__contains__, flagged))

    def _by_char(self, phrases: list[str]) -> list[bool]:
        """Whether each phrase may go by character: the coarse test at C speed, then, for
        the phrases it flags, the wide pairs and the exact pairs (one Python call each)."""
        coarse = list(map(is_, map(self._coarse, phrases), repeat(None)))
        flagged = list(compress(phrases, map(not_, coarse)))
        second = iter(list(map(not_, map(self._joinable, flagged))))
        return [ok or next(second) for ok in coarse]

    def _joinable(self, phrase: str) -> bool:
        """Whether ``phrase`` holds a character not in the table or two neighbours a
        merge could join."""
        pairs = map(str.__add__, phrase, phrase[1:])
        return self._wide(phrase) is not None or not self._pairs.isdisjoint(pairs)

    def _ids(self, phrases: Iterable[str]) -> list[bytes]:
        """The packed ids of phrases that may go by character: ``codecs.charmap_encode``
        (the codec behind ``cp1252`` and the like) writes each character's bytes from a
        dict, in one C loop per phrase (twice as fast as ``bytes.join`` over a ``map``)."""
        encoded = map(charmap_encode, phrases, repeat("strict"), repeat(self._by_point))
        return list(map(itemgetter(0), encoded))  # (bytes, characters read)
