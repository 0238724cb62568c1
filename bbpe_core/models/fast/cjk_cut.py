"""The CJK cut, one per vocabulary: where runs of CJK, kana and Hangul may be cut between
characters no merge joins (``char_cuts`` says why such a cut changes no id), and the character
path (``char_path``) for phrases that go character by character. ``FastEncoder`` and
``CjkPartsEncoder`` both take it.

The cut is read off the merge results (``char_cuts.crossing_pairs``) and tested two ways, each
for the caller it is fastest for:

- ``find``, ``joined``: ``char_cuts.cjk_cut``, a few groups of character classes in one ``re``,
  at C speed over many phrases joined (the fast path, whose vocabularies join few pairs of
  characters: OpenAI's 30 to 4,898);
- ``split``: each boundary A|B between two CJK_LETTERS tested in Python against the pairs
  themselves, exactly: the pair (A, B) of single characters, and the B a wide entry joins
  after A. With vocabularies whose tokens join tens of thousands of pairs (Qwen's,
  DeepSeek's: ``CjkPartsEncoder``, one chunk at a time) the groups keep many boundaries no
  merge crosses, whose parts must then be merged, and their ``re`` is slower than this loop
  (``bench/results/fast_path_log.md``, item 29).

Both cut only where no merge crosses and never next to or inside a ``char_cuts.unreachable``
token; ``split`` cuts at least wherever the groups do (``tests/test_cjk_parts.py``).
Each is built on first use (most texts hold no two such characters side by side) and
survives ``clear_cache``.

>>> from bbpe_core.vocab import Vocab
>>> ranks = {bytes([b]): b for b in range(256)} | {"中国".encode(): 256}
>>> CjkCut(Vocab("v", ranks, {}, ignore_merges=False)).split("x中国人民")
['x中国', '人', '民']
"""

from __future__ import annotations

import re
from collections.abc import Collection
from itertools import count

from ...vocab import Vocab
from .char_cuts import CJK_LETTERS, CJK_RANGES, cjk_cut, crossing_pairs, unreachable
from .char_path import CharPath

__all__ = ["CJK_PAIR", "CjkCut", "SEPARATOR"]

CJK_PAIR = re.compile(f"[{CJK_LETTERS}]{{2}}")
"""Two CJK_LETTERS side by side: text the cut may fall in."""

SEPARATOR = "\x00"
"""Joins new phrases for one CJK-cut scan (``unspaced``); never a ``CJK_LETTERS`` character."""


class CjkCut:
    """The cut and the character path of one vocabulary, built on first use.

    Args:
        vocab: the vocabulary whose merges decide where no merge crosses.

    Attributes:
        joined: after ``find``'s build, its cut or a captured ``SEPARATOR``.
        char_path: after ``find``'s build, the ``CharPath``.
    """

    def __init__(self, vocab: Vocab) -> None:
        self._vocab = vocab
        self._cut: re.Pattern | None = None  # None: build on first use
        self.joined: re.Pattern | None = None
        self.char_path: CharPath | None = None
        self._after: dict[str, frozenset[str]] | None = None  # None: build on first split
        self._pairs: frozenset[str] = frozenset()
        self._beside: tuple[str, ...] = ()

    def find(self, text: str) -> re.Pattern | None:
        """The groups' cut if ``text`` holds two CJK_LETTERS side by side, else None."""
        if not CJK_PAIR.search(text):
            return None
        if self._cut is None:
            self._build()
        return self._cut

    def _build(self) -> None:
        vocab = self._vocab
        merged, tokens = _merge_results(vocab)
        cut = cjk_cut(merged, vocab.bpe, tokens)
        results = merged if vocab.merges is None else [*merged, *tokens]
        # set first: a thread that sees the cut sees these too
        self.char_path = CharPath.build(results, vocab.bpe, vocab.mergeable_ranks,
                                        whole=vocab.ignore_merges)
        self.joined = re.compile(f"({SEPARATOR})|{cut.pattern}")
        self._cut = cut

    def split(self, text: str) -> list[str]:
        """``text`` cut between two CJK_LETTERS no merge can join, not next to an
        unreachable token (every such boundary).

        Args:
            text: any text (a chunk).

        Returns:
            Non-empty parts whose concatenation is ``text`` (``[""]`` for ``""``).
        """
        if self._after is None:
            self._build_pairs()
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

    def _build_pairs(self) -> None:
        """``split``'s tables: each CJK letter -> the seconds its wide entries join after it,
        the exact pairs as strings of two characters, the unreachable tokens."""
        vocab = self._vocab
        merged, tokens = _merge_results(vocab)
        whole = unreachable(tokens, vocab.bpe)
        wide, exact = crossing_pairs([*merged, *map(str.encode, whole)])
        nothing: frozenset[str] = frozenset()
        after = {chr(p): nothing for lo, hi in CJK_RANGES for p in range(lo, hi + 1)}
        entries: dict[int, list[int]] = {}  # a first -> the wide entries holding it
        for i, (firsts, _) in enumerate(wide):
            for a in firsts:
                entries.setdefault(a, []).append(i)
        shared: dict[tuple[int, ...], frozenset[str]] = {}  # many firsts, few distinct sets
        for a, held in entries.items():
            key = tuple(held)
            if key not in shared:
                shared[key] = frozenset(chr(b) for i in key for b in wide[i][1])
            after[chr(a)] = shared[key]
        # set first: a thread that sees the table sees these too
        self._pairs = frozenset(chr(a) + chr(b) for a, b in exact)
        self._beside = tuple(whole)
        self._after = after


def _merge_results(vocab: Vocab) -> tuple[Collection[bytes], dict[bytes, int]]:
    """What a merge of ``vocab`` can produce (every token, under tiktoken's semantics; else
    ``left + right`` of each listed merge), and the tokens looked up whole before merging
    (none without ``ignore_merges``)."""
    ranks = vocab.mergeable_ranks
    tokens = ranks if vocab.ignore_merges else {}
    merged = ranks if vocab.merges is None else [left + right for left, right in vocab.merges]
    return merged, tokens
