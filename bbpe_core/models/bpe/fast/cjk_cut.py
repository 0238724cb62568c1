"""The CJK cut, one per vocabulary: where runs of CJK, kana and Hangul are cut between
characters no merge joins (``char_cuts`` says why such a cut changes no id), and the character
path (``char_path``) for phrases that go character by character. ``FastEncoder`` and
``CjkPartsEncoder`` both take it, and both cut exactly where ``split`` does.

The cut is read off the merge results once (``char_cuts.crossing_tables``; for a shipped
vocabulary, from its precomputed file: ``cut_tables``):

- ``split`` tests each boundary A|B between two CJK_LETTERS in Python against the tables:
  the pair (A, B) of single characters, and the B a wide entry joins after A.
  ``CjkPartsEncoder`` cuts each new chunk with it.
- ``find`` and ``joined`` hold its form at C speed, ``char_cuts.groups_cut``: the same tables
  in a few groups of character classes in one ``re``, which cuts many phrases joined in one
  scan at a subset of ``split``'s places. The fast path cuts each new part the groups leave
  with ``split`` (``unspaced``), so its parts are ``split``'s parts
  (``tests/test_cjk_parts.py`` checks both on the shipped vocabularies). The groups suit
  vocabularies whose tokens join few pairs of characters (OpenAI's: 30 to 4,898): with
  Qwen's and DeepSeek's (tens of thousands) they keep most boundaries no merge crosses,
  and their ``re`` is slower than ``split`` alone (``bench/results/fast_path_log.md``,
  item 29).

Neither cuts next to or inside a ``char_cuts.unreachable`` token. Each is built on first use
(most texts hold no two such characters side by side) from ``cut_tables.tables_of`` (shipped
or read off the vocabulary) and survives ``clear_cache``.

>>> from bbpe_core.vocab import Vocab
>>> ranks = {bytes([b]): b for b in range(256)} | {"中国".encode(): 256}
>>> CjkCut(Vocab("v", ranks, {}, ignore_merges=False)).split("x中国人民")
['x中国', '人', '民']
"""

from __future__ import annotations

import re
import weakref
from itertools import count
from typing import TYPE_CHECKING

from .char_cuts import CJK_LETTERS, CJK_RANGES, CrossingTables, groups_cut
from .char_path import CharPath
from .cut_tables import tables_of, vocab_digest

if TYPE_CHECKING:
    from ....vocab import Vocab

__all__ = ["CJK_PAIR", "CjkCut", "SEPARATOR", "cjk_cut_of"]

CJK_PAIR = re.compile(f"[{CJK_LETTERS}]{{2}}")
"""Two CJK_LETTERS side by side: text the cut may fall in."""

SEPARATOR = "\x00"
"""Joins new phrases for one CJK-cut scan (``unspaced``); never a ``CJK_LETTERS`` character."""


class CjkCut:
    """The cut and the character path of one vocabulary, built on first use.

    Args:
        vocab: the vocabulary whose merges decide where no merge crosses.

    The groups' cut is built on the first ``find`` that needs it, ``joined`` and
    ``char_path`` on first access (a short text needs neither), ``split``'s tables on the
    first ``split``.
    """

    def __init__(self, vocab: Vocab) -> None:
        self._vocab = vocab
        self._vocab_digest: str | None = None  # None: computed on first use
        self._tables: CrossingTables | None = None  # None: read on first use
        self._cut: re.Pattern | None = None  # None: build on first use
        self._joined: re.Pattern | None = None  # likewise
        self._char_path: CharPath | None = None  # likewise
        self._after: dict[str, frozenset[str]] | None = None  # None: build on first split
        self._pairs: frozenset[str] = frozenset()
        self._beside: tuple[str, ...] = ()

    def find(self, text: str) -> re.Pattern | None:
        """The groups' cut if ``text`` holds two CJK_LETTERS side by side, else None."""
        if not CJK_PAIR.search(text):
            return None
        return self._groups()

    def _groups(self) -> re.Pattern:
        """The groups' cut (``char_cuts.groups_cut``), built on first use."""
        if self._cut is None:
            self._cut = groups_cut(self._crossing())
        return self._cut

    @property
    def joined(self) -> re.Pattern:
        """The groups' cut, or a captured ``SEPARATOR`` (``unspaced``'s one scan of many
        phrases), built on first use."""
        if self._joined is None:
            self._joined = re.compile(f"({SEPARATOR})|{self._groups().pattern}")
        return self._joined

    @property
    def char_path(self) -> CharPath:
        """The vocabulary's ``CharPath``, built on first use."""
        if self._char_path is None:
            self._char_path = CharPath.from_tables(
                tables_of("chars", self._vocab, self._digest()))
        return self._char_path

    def _digest(self) -> str:
        """The vocabulary's ``cut_tables.vocab_digest``, computed on first use."""
        if self._vocab_digest is None:
            self._vocab_digest = vocab_digest(self._vocab)
        return self._vocab_digest

    def _crossing(self) -> CrossingTables:
        """The vocabulary's ``crossing_tables``, shipped or read off it on first use."""
        if self._tables is None:
            self._tables = tables_of("cjk", self._vocab, self._digest())
        return self._tables

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
        wide, exact, whole = self._crossing()
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


_SHARED: weakref.WeakValueDictionary[tuple, CjkCut] = weakref.WeakValueDictionary()
"""(id of the ranks, ``ignore_merges``, ``missing_bytes``) -> the cut of every vocabulary
with those ranks under tiktoken's semantics; an entry lives while an encoder holds its cut
(which holds its vocabulary, so the id is not reused meanwhile)."""


def cjk_cut_of(vocab: Vocab) -> CjkCut:
    """The ``CjkCut`` of ``vocab``: one for all the vocabularies that share a ranks object
    without a merge list (o200k_base and o200k_harmony, cl100k_base and phi4, p50k_base and
    p50k_edit, gpt2 and whisper_en), whose cuts are the same (the cut reads only the ranks,
    ``ignore_merges`` and the missing bytes' rule), so the tables are read off once.

    Args:
        vocab: the vocabulary.
    """
    if vocab.merges is not None:
        return CjkCut(vocab)
    key = (id(vocab.mergeable_ranks), vocab.ignore_merges, vocab.missing_bytes)
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = CjkCut(vocab)
    return found

