"""The CJK cut of the fast path, built once per vocabulary: where runs of CJK, kana and Hangul may
be cut between characters no merge joins (``char_cuts``), and the character path
(``char_path``) for phrases that go character by character.

Both come from the vocabulary alone, are built on first use (most texts hold no two such
characters side by side) and survive ``clear_cache``.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from ...vocab import Vocab
from .char_cuts import CJK_LETTERS, cjk_cut
from .char_path import CharPath

__all__ = ["CJK_PAIR", "CjkCut", "SEPARATOR", "merge_results"]

CJK_PAIR = re.compile(f"[{CJK_LETTERS}]{{2}}")
"""Two CJK_LETTERS side by side: text the cut may fall in."""

SEPARATOR = "\x00"
"""Joins new phrases for one CJK-cut scan (``unspaced``); never a ``CJK_LETTERS`` character."""


class CjkCut:
    """The cut and the character path of one vocabulary, built on first use.

    Args:
        vocab: the vocabulary whose merges decide where no merge crosses.

    Attributes:
        joined: after the build, the cut or a captured ``SEPARATOR``.
        char_path: after the build, the ``CharPath``.
    """

    def __init__(self, vocab: Vocab) -> None:
        self._vocab = vocab
        self._cut: re.Pattern | None = None  # None: build on first use
        self.joined: re.Pattern | None = None
        self.char_path: CharPath | None = None

    def find(self, text: str) -> re.Pattern | None:
        """The cut if ``text`` holds two CJK_LETTERS side by side, else None."""
        if not CJK_PAIR.search(text):
            return None
        if self._cut is None:
            self._build()
        return self._cut

    def _build(self) -> None:
        vocab = self._vocab
        merged, tokens = merge_results(vocab)
        cut = cjk_cut(merged, vocab.bpe, tokens)
        results = merged if vocab.merges is None else [*merged, *tokens]
        # set first: a thread that sees the cut sees these too
        self.char_path = CharPath.build(results, vocab.bpe, vocab.mergeable_ranks,
                                        whole=vocab.ignore_merges)
        self.joined = re.compile(f"({SEPARATOR})|{cut.pattern}")
        self._cut = cut


def merge_results(vocab: Vocab) -> tuple[Collection[bytes], dict[bytes, int]]:
    """What a merge of ``vocab`` can produce (every token, under tiktoken's semantics; else
    ``left + right`` of each listed merge), and the tokens looked up whole before merging
    (none without ``ignore_merges``): the arguments of ``char_cuts.cjk_cut``.

    Args:
        vocab: a byte-level vocabulary.
    """
    ranks = vocab.mergeable_ranks
    tokens = ranks if vocab.ignore_merges else {}
    merged = ranks if vocab.merges is None else [left + right for left, right in vocab.merges]
    return merged, tokens
