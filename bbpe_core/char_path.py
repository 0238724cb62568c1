"""Encoding phrases character by character, where no merge can join two neighbours.

BPE never crosses a boundary that no merge result crosses (``char_cuts``): a chunk whose
boundaries between characters are all such is merged into the concatenation of its
characters' BPE, and chunk boundaries only cut more. So a phrase whose characters are
all in ``CHARACTERS`` (CJK ideographs, kana, CJK and general punctuation, full-width
forms, ideographic space) or newlines, with no two neighbours that ``crossing_groups``
says a merge could join, has as ids the concatenation of each character's ids, whatever
the split pattern makes of it: one dict look-up per character at C speed, no cut, no
merge, no part cache. In the Chinese corpus (poems, a newline every line) this holds for
83% of the phrases with gpt2, 81% with cl100k_base (with the heads below) and 38% with
o200k_base. cl100k_base and o200k_base have tokens such as "。\\n"; a
phrase that starts with a letter or mark and one newline before a letter (``_HEAD``) may
go by character after them: no alternative of the shipped patterns holds a newline
followed by a letter, and that newline's chunk is the same whether a letter or the end
of the text follows it (``\\s*[\\r\\n]+``, or a mark's ``[\\r\\n]*``; for gpt2 ``\\s+``
there and ``\\s+(?!\\S)`` at the end: with two newlines or a space before it, these
would differ), so the head is encoded on its own. Phrases holding a pair that a token
joins (many in o200k_base, which has 142 tokens starting with "，") take cut 3.

Whole look-up (tiktoken): a chunk of one character is looked up whole, so a character
that is a token is encoded as that token only if BPE merges it to itself; characters that
do not are left out of the table. A chunk of two or more characters is never a token
here: every token is counted as a merge result, so it would have marked the pair.
``tests/test_char_path.py`` checks it all against tiktoken.

>>> ranks = {chr(p).encode(): p for p in [10, *range(0x2000, 0xD800), *range(0xE000, 0x10000)]}
>>> path = CharPath.build([*ranks, "中国".encode()], lambda piece: [piece], ranks, whole=True)
>>> done, others = path.encode(["中文", "中国", "x中", "x\\n文"], lambda head: b"")
>>> others  # 中|国 joins in a merge result; x is not in the table
['中国', 'x中']
>>> from bbpe_core.packed_ids import unpack
>>> {phrase: unpack(ids) for phrase, ids in done.items()}
{'中文': [20013, 25991], 'x\\n文': [25991]}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from itertools import compress, filterfalse, islice, repeat
from operator import is_, not_

from .char_cuts import NEWLINE, Ranges, char_class, crossing_groups
from .packed_ids import pack
from .presplit import LETTERS, MARKS

__all__ = ["CHARACTERS", "CharPath"]

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


_HEAD = re.compile(f"(?:[{LETTERS}{MARKS.replace(chr(10), '')}]\\n(?=[{LETTERS}]))?")
"""A letter or mark and one newline before a letter, at a phrase's start (or nothing)."""


def _not_in(points: set[int]) -> str:
    """A ``re`` item matching one character whose code point is not in ``points``."""
    return f"[^{char_class(points)}]" if points else "(?s:.)"


class CharPath:
    """One encoding's character table and its test of which phrases may use it.

    Args:
        table: each character (``CHARACTERS`` or newline) -> its packed ids
            (``packed_ids``), as one chunk of that character alone.
        unsafe: matches in a phrase a character not in ``table``, or the second of two
            neighbours a merge could join.
    """

    def __init__(self, table: dict[str, bytes], unsafe: re.Pattern) -> None:
        self.table = table
        self._unsafe = unsafe.search

    @classmethod
    def build(cls, merged: Iterable[bytes], merge_whole: Callable[[bytes], list[bytes]],
              ranks: dict[bytes, int], *, whole: bool) -> CharPath:
        """The character path of one encoding (0.05-0.3 s for the shipped ones).

        Args:
            merged: every byte string a merge can produce, and every token that may be
                looked up whole (``crossing_groups``).
            merge_whole: the encoding's BPE of one chunk's bytes, without looking it up whole.
            ranks: token bytes -> id, for every part ``merge_whole`` gives.
            whole: whether the encoding looks a chunk up whole before merging (tiktoken).
        """
        groups = crossing_groups(merged, CHARACTERS, newline=True)
        table = {}
        for point in [NEWLINE, *(p for lo, hi in CHARACTERS for p in range(lo, hi + 1))]:
            piece = chr(point).encode()
            parts = merge_whole(piece)
            if whole and piece in ranks and parts != [piece]:
                continue  # alone, looked up whole; in a longer chunk, merged otherwise
            table[chr(point)] = pack(map(ranks.__getitem__, parts))
        # one class first (``re`` skips characters outside it at C speed), then which case
        chars = set(map(ord, table))
        seconds = set().union(*(second for _, second in groups))
        cases = "".join(f"|(?<=[{char_class(firsts)}][{char_class(second)}])"
                        for firsts, second in groups)
        return cls(table, re.compile(f"{_not_in(chars - seconds)}(?:(?<={_not_in(chars)}){cases})"))

    def encode(self, phrases: list[str], encode_head: Callable[[str], bytes]
               ) -> tuple[dict[str, bytes], list[str]]:
        """Encode the phrases that may go character by character, at C speed.

        Args:
            phrases: distinct phrases, each starting at a chunk boundary.
            encode_head: the packed ids of a head (``_HEAD``), encoded on its own.

        Returns:
            Each phrase encoded -> its packed ids; the phrases left, in order.
        """
        safe = list(map(is_, map(self._unsafe, phrases), repeat(None)))  # holds no match objects
        clean = list(compress(phrases, safe))
        done = dict(zip(clean, self._ids(clean)))
        rest = list(compress(phrases, map(not_, safe)))
        heads = list(map(re.Match.group, map(_HEAD.match, rest)))
        headed, heads = list(compress(rest, heads)), list(filter(None, heads))
        starts = list(map(len, heads))
        tail_ok = list(map(is_, map(self._unsafe, headed, starts), repeat(None)))
        good, heads = list(compress(headed, tail_ok)), list(compress(heads, tail_ok))
        head_ids = {head: encode_head(head) for head in set(heads)}  # a few distinct ones
        tails = list(map(islice, good, map(len, heads), repeat(None)))
        head_then_tail = map(bytes.__add__, map(head_ids.__getitem__, heads), self._ids(tails))
        done.update(zip(good, head_then_tail))
        return done, list(filterfalse(done.__contains__, rest))

    def _ids(self, phrases: Iterable[Iterable[str]]) -> list[bytes]:
        """The packed ids of phrases (or of iterators over their characters) that may go
        by character."""
        return list(map(b"".join, map(map, repeat(self.table.__getitem__), phrases)))
