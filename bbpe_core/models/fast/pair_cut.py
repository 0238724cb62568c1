"""The CJK cut decided pair by pair, exactly (for ``models.cjk_parts``).

``char_cuts.cjk_cut`` tests each boundary at C speed against a few groups, each standing
for every first of the group with every second, so it keeps some boundaries that no merge
crosses: many with vocabularies whose tokens join tens of thousands of pairs of
characters (Qwen's, DeepSeek's), and its parts are then often two or three characters
that must be merged (the fast path's README has the numbers). ``PairCut``
tests each boundary A|B between two CJK_LETTERS in Python against what ``crossing_pairs``
reads off the merge results, exactly: the pair (A, B) of single characters, and the B a
wide entry joins after A. It cuts where neither holds and no ``char_cuts.unreachable``
token starts or ends (``char_cuts`` says why each cut is exact). The fast path keeps the
groups: its parts are mostly phrases that the character path takes whole.

>>> cut = PairCut(["中国".encode()], lambda chunk: [chunk])
>>> cut.split("x中国人民")
['x中国', '人', '民']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import count

from .char_cuts import CJK_RANGES, crossing_pairs, unreachable

__all__ = ["PairCut"]


class PairCut:
    """Where runs of CJK_LETTERS may be cut for one vocabulary, pair by pair.

    Args:
        merged: every byte string a merge can produce (``char_cuts.crossing_pairs``).
        merge_whole: the encoding's BPE of one chunk's bytes, without looking it up whole.
        tokens: tokens looked up whole before merging (empty if the encoding does not).
    """

    def __init__(self, merged: Iterable[bytes], merge_whole: Callable[[bytes], list[bytes]],
                 tokens: Iterable[bytes] = ()) -> None:
        whole = unreachable(tokens, merge_whole)
        wide, exact = crossing_pairs([*merged, *map(str.encode, whole)])
        self._pairs = frozenset(chr(a) + chr(b) for a, b in exact)
        nothing: frozenset[str] = frozenset()
        self._after = {chr(p): nothing for lo, hi in CJK_RANGES for p in range(lo, hi + 1)}
        entries: dict[int, list[int]] = {}  # a first -> the wide entries holding it
        for i, (firsts, _) in enumerate(wide):
            for a in firsts:
                entries.setdefault(a, []).append(i)
        shared: dict[tuple[int, ...], frozenset[str]] = {}  # many firsts, few distinct sets
        for a, held in entries.items():
            key = tuple(held)
            if key not in shared:
                shared[key] = frozenset(chr(b) for i in key for b in wide[i][1])
            self._after[chr(a)] = shared[key]
        self._beside = tuple(whole)

    def split(self, text: str) -> list[str]:
        """``text`` cut between two CJK_LETTERS no merge can join, not next to an
        unreachable token.

        Args:
            text: any text (a chunk).

        Returns:
            Non-empty parts whose concatenation is ``text`` (``[""]`` for ``""``).
        """
        after, pairs, beside = self._after, self._pairs, self._beside
        parts, start = [], 0
        for i, a, b in zip(count(1), text, text[1:]):
            seconds = after.get(a)  # None: A is no CJK letter
            if seconds is None or b in seconds or b not in after or a + b in pairs:
                continue
            if beside and (text.startswith(beside, i) or text.endswith(beside, 0, i)):
                continue
            parts.append(text[start:i])
            start = i
        parts.append(text[start:])
        return parts
