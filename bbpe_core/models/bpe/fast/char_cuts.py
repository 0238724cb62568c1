"""The CJK cut: inside runs of CJK, kana or Hangul, between characters no merge can join.

``CJK_LETTERS`` (hiragana, katakana, CJK Unified Ideographs, Hangul syllables) are letters
(Lo) of three UTF-8 bytes; two of them side by side always sit in one chunk of the shipped
patterns, which is why Chinese chunks are long and slow to merge. Yet BPE joins two
characters A and B only through a merge whose two parts meet between them: a part P that
ends there and a part Q that starts there, with P + Q a merge result (tiktoken's
semantics: a token; merges.txt: ``left + right`` of a listed merge). P either ends with
all of A's bytes or is a proper suffix of them at the start of P + Q; Q likewise with B.
If no merge result has that shape, no merge ever crosses the boundary, and BPE of the run
is BPE of the part before it followed by BPE of the part after it (the argument that lets
tiktoken merge chunk by chunk). ``crossing_tables`` lists, from the merge results, the pairs
(A, B) one of them could join: ``exact`` pairs of single characters, and ``wide`` entries
(every A of some firsts with every B of some seconds). The cut falls at every boundary
between two CJK_LETTERS whose pair is in neither (``cjk_cut.CjkCut.split``, pair by pair).
``groups_cut`` is its form at C speed: the same tables in a few groups (``group_pairs``),
character classes in one ``re``, which cut wherever no group holds A as a first and B as
a second: a subset of the same cut, as the groups' products hold more pairs than the tables.
In the Chinese corpus the groups cut 98% of the boundaries between two such characters with
gpt2 and cl100k_base, and 87% with o200k_base (whose 2-character tokens make the groups'
products coarse).

The parts are merged on their own, each looked up whole first as tiktoken does with a
chunk. A token that merges to itself gives the same ids either way; one that does not
(``unreachable``: Llama 3's "しない" and ten others, tokens of the file that no sequence of
its merges reaches) is its own id only as a whole chunk. So the cut never falls next to
one of those (a look-ahead and look-behinds), nor inside one (each counts as a merge
result): a part, or a chunk of a part, that equals one is a whole chunk of the text.
The cut falls between two letters of one letter run, so each part's chunks, split on
their own, are the run's chunks cut there (``tests/test_char_cuts.py`` checks all of it
against tiktoken). ``cjk_cut.CjkCut`` holds this cut for one vocabulary; ``crossing_pairs``
and ``group_pairs`` serve ``char_path`` too, over more characters.

>>> cut = groups_cut(crossing_tables([b"ab"], lambda chunk: [chunk]))
>>> cut.split("床前明月光")
['床', '前', '明', '月', '光']
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable
from itertools import accumulate
from typing import NamedTuple

from ....pre_tokenizers.patterns import code_point_ranges, code_point_runs

__all__ = ["CJK_LETTERS", "CJK_RANGES", "PAIRS_PER_GROUP", "CrossingTables", "Pairs", "Ranges",
           "class_body", "crossing_pairs", "crossing_tables", "group_pairs", "groups_cut",
           "unreachable"]

CJK_RANGES = ((0x3041, 0x3096), (0x30A1, 0x30FA), (0x4E00, 0x9FFF), (0xAC00, 0xD7A3))
"""Hiragana, katakana, CJK Unified Ideographs, Hangul syllables (code points, inclusive)."""
CJK_LETTERS = "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in CJK_RANGES)
"""The characters the CJK cut may fall between (a ``re`` character-class body; all category Lo
in Unicode 16.0, all three UTF-8 bytes: lead bytes E3 to ED)."""

_ONE = re.compile(f"[{CJK_LETTERS}]")

Ranges = tuple[tuple[int, int], ...]
"""Code point ranges ``(lo, hi)``, inclusive, of characters of three UTF-8 bytes."""

NEWLINE = 0x0A


def _join_pattern(ranges: Ranges, newline: bool) -> re.Pattern:
    """Matches the last byte of one character before the first byte of the next, where
    both may be in ``ranges`` (or be a newline, if ``newline``)."""
    leads = "".join(f"\\x{0xE0 | lo >> 12:02x}-\\x{0xE0 | hi >> 12:02x}" for lo, hi in ranges)
    nl = "\\n" if newline else ""
    return re.compile(f"[\\x80-\\xbf{nl}](?=[{leads}{nl}])".encode())


def _code_point(data: bytes, ranges: Ranges) -> int | None:
    """The code point if ``data`` is the UTF-8 of one character in ``ranges``, else None."""
    try:
        char = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(char) == 1 and any(lo <= ord(char) <= hi for lo, hi in ranges):
        return ord(char)
    return None


def _continuations(data: bytes) -> bool:
    """Whether every byte of ``data`` is a UTF-8 continuation byte (0x80-0xBF)."""
    return all(0x80 <= b < 0xC0 for b in data)


def _ending_with(suffix: bytes, ranges: Ranges) -> Iterable[int]:
    """Code points in ``ranges`` whose UTF-8 ends with ``suffix`` (1 or 2 continuation bytes)."""
    step = 64 ** len(suffix)
    value = suffix[-1] & 0x3F if len(suffix) == 1 else (suffix[0] & 0x3F) << 6 | suffix[1] & 0x3F
    for lo, hi in ranges:
        yield from range(lo + (value - lo) % step, hi + 1, step)


def _starting_with(prefix: bytes, ranges: Ranges) -> Iterable[int]:
    """Code points in ``ranges`` whose UTF-8 starts with ``prefix`` (a lead byte, then at
    most one continuation byte)."""
    first = (prefix[0] & 0x0F) << 12
    if len(prefix) == 2:
        first |= (prefix[1] & 0x3F) << 6
    last = first + (0xFFF if len(prefix) == 1 else 0x3F)
    for lo, hi in ranges:
        yield from range(max(lo, first), min(hi, last) + 1)


def _before(token: bytes, k: int, ranges: Ranges, newline: bool) -> list[int]:
    """The characters A that a merge result ``token`` could hold all of, or end of, just
    before byte ``k`` (the first part P of the merge ends there)."""
    if token[k - 1] == NEWLINE:
        return [NEWLINE] if newline else []
    if k >= 3:
        a = _code_point(token[k - 3 : k], ranges)
        return [] if a is None else [a]
    # P is a proper suffix of A, at the token's start
    return list(_ending_with(token[:k], ranges)) if _continuations(token[:k]) else []


def _after(token: bytes, k: int, ranges: Ranges, newline: bool) -> list[int]:
    """The characters B that ``token`` could hold all of, or start of, from byte ``k``."""
    if token[k] == NEWLINE:
        return [NEWLINE] if newline else []
    if len(token) - k >= 3:
        b = _code_point(token[k : k + 3], ranges)
        return [] if b is None else [b]
    # Q is a proper prefix of B, at the token's end
    return list(_starting_with(token[k:], ranges)) if _continuations(token[k + 1 :]) else []


PAIRS_PER_GROUP = 1500
"""Pairs of single characters are spread over one group per this many pairs (by the
second's code point): o200k_base's 4,898 pairs in 4 groups cut 87% of the boundaries
in Chinese text instead of 80% in one, for a few more class checks per character."""


Pairs = tuple[list[tuple[list[int], list[int]]], set[tuple[int, int]]]
"""``crossing_pairs``' answer: ``(wide, exact)``."""


def crossing_pairs(merged: Iterable[bytes], ranges: Ranges = CJK_RANGES,
                   newline: bool = False) -> Pairs:
    """Which characters a merge could join (the shape of the module docstring, read off
    each merge result), before ``group_pairs`` groups them.

    Args:
        merged: every byte string a merge can produce (any order).
        ranges: the characters (of three UTF-8 bytes each) A and B are taken from
            (default: CJK_LETTERS).
        newline: take ``"\n"`` (code point 10) as one of them too.

    Returns:
        ``wide``: ``(firsts, seconds)`` code points for each merge result starting or
        ending inside a character (every A of firsts with every B of seconds), and
        ``exact``: the pairs ``(A, B)`` of single characters.

    >>> crossing_pairs(["中国".encode(), b"x"])
    ([], {(20013, 22269)})
    """
    tokens = list(merged)
    starts = list(accumulate((len(p) + 1 for p in tokens), initial=0))
    blob = b"\0".join(tokens)  # NUL is in neither class of the join: no match spans two
    wide: list[tuple[list[int], list[int]]] = []
    exact: set[tuple[int, int]] = set()
    for match in _join_pattern(ranges, newline).finditer(blob):
        at = match.end()
        i = bisect_right(starts, at) - 1
        token, k = tokens[i], at - starts[i]
        left, right = _before(token, k, ranges, newline), _after(token, k, ranges, newline)
        if len(left) == len(right) == 1:
            exact.add((left[0], right[0]))
        elif left and right:
            wide.append((left, right))
    return wide, exact


def group_pairs(wide: list[tuple[list[int], list[int]]], exact: set[tuple[int, int]]
                ) -> list[tuple[set[int], set[int]]]:
    """``crossing_pairs``' answer in a few groups ``(firsts, seconds)``, each standing for
    every A of firsts with every B of seconds: pairs where both sides stand for many
    characters, where the first does, where the second does, and pairs of single
    characters (one group per ``PAIRS_PER_GROUP``). Keeping them apart keeps each group's
    product close to the pairs it stands for. Empty groups are left out."""
    n_exact = 1 + len(exact) // PAIRS_PER_GROUP
    groups: list[tuple[set[int], set[int]]] = [(set(), set()) for _ in range(3 + n_exact)]
    for left, right in wide:
        g = 0 if len(left) > 1 and len(right) > 1 else 1 if len(left) > 1 else 2
        groups[g][0].update(left)
        groups[g][1].update(right)
    for a, b in exact:
        groups[3 + b % n_exact][0].add(a)
        groups[3 + b % n_exact][1].add(b)
    return [group for group in groups if group[0]]


def class_body(points: Iterable[int]) -> str:
    """The inside of a standard ``re`` character class matching ``points`` (code points),
    written literally (``code_point_ranges``: fast to compile)."""
    return code_point_ranges(code_point_runs(points), literal=True)


def unreachable(tokens: Iterable[bytes], merge_whole: Callable[[bytes], list[bytes]]) -> list[str]:
    """The tokens, as text, holding a CJK_LETTERS character that BPE does not merge to
    themselves (a token that is no valid UTF-8 is never a chunk: left out).

    Args:
        tokens: tokens looked up whole before merging (empty if the encoding does not).
        merge_whole: the encoding's BPE of one chunk's bytes, without looking it up whole.
    """
    found = []
    for token in tokens:
        try:
            text = token.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if _ONE.search(text) and merge_whole(token) != [token]:
            found.append(text)
    return found


def _not_beside(texts: list[str]) -> str:
    """Look-arounds that fail where one of ``texts`` starts or ends: one look-ahead, and a
    look-behind per length (``re``'s must have a fixed width)."""
    by_length: dict[int, list[str]] = {}
    for text in sorted(texts):
        by_length.setdefault(len(text), []).append(re.escape(text))
    ahead = f"(?!{'|'.join(map(re.escape, sorted(texts)))})" if texts else ""
    return ahead + "".join(f"(?<!{'|'.join(group)})" for _, group in sorted(by_length.items()))


class CrossingTables(NamedTuple):
    """What the CJK cut of one vocabulary is read off (``crossing_tables``).

    Attributes:
        wide: ``crossing_pairs``' ``(firsts, seconds)`` code points, per merge result
            starting or ending inside a character.
        exact: ``crossing_pairs``' pairs ``(A, B)`` of single characters.
        whole: the ``unreachable`` tokens, as text.
    """

    wide: list[tuple[list[int], list[int]]]
    exact: set[tuple[int, int]]
    whole: list[str]


def crossing_tables(merged: Iterable[bytes], merge_whole: Callable[[bytes], list[bytes]],
                    tokens: Iterable[bytes] = ()) -> CrossingTables:
    """The pairs of CJK_LETTERS a merge of one encoding could join, and its unreachable
    tokens (each also counted as a merge result: the cut never falls inside one).

    Args:
        merged: every byte string a merge can produce (``crossing_pairs``).
        merge_whole: the encoding's BPE of one chunk's bytes, without looking it up whole.
        tokens: tokens looked up whole before merging (empty if the encoding does not).

    >>> crossing_tables(["中国".encode()], lambda chunk: [chunk])
    CrossingTables(wide=[], exact={(20013, 22269)}, whole=[])
    """
    whole = unreachable(tokens, merge_whole)
    wide, exact = crossing_pairs([*merged, *map(str.encode, whole)])
    return CrossingTables(wide, exact, whole)


def groups_cut(tables: CrossingTables) -> re.Pattern:
    """The CJK cut's groups, compiled: a zero-width ``re`` that matches between two
    CJK_LETTERS where, for every group of ``group_pairs``, A is not a first or B not a
    second, and not next to a ``tables.whole`` token (the module docstring says why). It
    matches at a subset of the places ``cjk_cut.CjkCut.split`` cuts, at C speed.

    Args:
        tables: the encoding's ``crossing_tables``.
    """
    # per group "not (A a first and B a second)": a look-ahead holding a look-behind is
    # 3x faster in ``re`` than the alternation (?<![firsts])|(?![seconds])
    apart = "".join(f"(?!(?<=[{class_body(firsts)}])[{class_body(seconds)}])"
                    for firsts, seconds in group_pairs(tables.wide, tables.exact))
    return re.compile(f"(?<=[{CJK_LETTERS}])(?=[{CJK_LETTERS}]){apart}"
                      f"{_not_beside(tables.whole)}")
