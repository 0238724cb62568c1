"""The piece lookup of a Unigram model: which pieces start at a position of a text (the
common-prefix search of sentencepiece's ``unigram_model.cc``, done there with a Darts
double-array trie, and of HF tokenizers' ``models/unigram/trie.rs``).

A trie walk stops as soon as the text leaves every piece; here the walk is a dict of string
keys, at C speed per step. Keys for every prefix of every piece would cost the square of a
piece's length (a piece of 8,000 characters: 32 million characters of keys), so:

- ``keys``: every matched piece -> its id, and every proper prefix of one up to ``DEPTH``
  characters -> -1. The walk from a position tries ``text[i:i + 1]``, ``text[i:i + 2]``, ...
  while the key is there, as far as ``DEPTH``: at most ``DEPTH`` short keys per piece.
- ``long``: for a piece longer than ``DEPTH``, its prefixes of ``DEPTH * 2 ** m``
  characters (shorter than the piece) -> the distinct lengths in ``(q, 2q]`` of the pieces
  that start with that prefix of ``q`` characters. Past ``DEPTH`` the walk doubles: a
  prefix of ``q`` characters that is a key names the lengths to try up to ``2q``, and the
  prefix of ``2q`` characters says whether to go on. Each piece adds keys of at most twice
  its characters.

So the lookup holds keys of at most ``DEPTH + 2`` times the vocabulary's characters, and the
work at a position is bounded by the longest prefix of a piece found there, not by the
longest piece of the vocabulary. Which pieces are found, and in which order of ends, is what
the full trie gives: the ids of a Viterbi pass over them do not change.

>>> lookup = PieceLookup(["a", "ab", "b" * 40], [True, True, True])
>>> lookup.keys["a"], lookup.keys["ab"], "b" * 16 in lookup.long
(0, 1, True)
>>> lookup.long_matches("b" * 45, 0, 16)
[(40, 2)]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import compress

from ...pre_tokenizers.patterns import code_point_ranges, code_point_runs

__all__ = ["DEPTH", "PieceLookup"]

DEPTH = 16
"""Characters up to which every prefix of a piece is a key (sentencepiece trains pieces of
at most 16 characters by default, ``max_sentencepiece_length``: the T5 and umT5
vocabularies are walked by short keys alone)."""


def _prefix_keys(pieces: list[str]) -> dict[str, int]:
    """Every proper prefix of at most ``DEPTH`` characters of the ``pieces`` -> -1. A
    piece's prefixes are added longest first until one is already there: the keys stay
    closed under taking a prefix, so the shorter ones are there too."""
    keys: dict[str, int] = {}
    for piece in pieces:
        for k in range(min(len(piece) - 1, DEPTH), 0, -1):
            prefix = piece[:k]
            if prefix in keys:
                break
            keys[prefix] = -1
    return keys


class PieceLookup:
    """Every matched piece of a Unigram model, found by the prefixes of a text.

    Args:
        pieces: every piece string, in id order (id = position).
        matched: per piece, whether the model matches it in text (the sentencepiece
            flavour never matches CONTROL, UNKNOWN, BYTE and UNUSED pieces).

    Attributes:
        keys (dict[str, int]): see the module; a key of ``DEPTH`` characters or fewer is a
            piece (its id) or a prefix of one (-1); a longer key is a piece.
        long (dict[str, tuple[int, ...]]): see the module.
        longest (int): the longest matched piece's characters.
        chars (frozenset[str]): every character of a matched piece.
    """

    def __init__(self, pieces: Sequence[str], matched: Sequence[bool]) -> None:
        ids = [i for i in compress(range(len(pieces)), matched) if pieces[i]]
        chosen = [pieces[i] for i in ids]
        keys = _prefix_keys(chosen)
        keys.update(zip(chosen, ids))
        self.keys = keys
        self.longest = max(map(len, chosen), default=0)
        self.chars = frozenset("".join(chosen))
        lengths: dict[str, set[int]] = {}
        for piece in chosen:
            size, q = len(piece), DEPTH
            while q < size:
                bucket = lengths.setdefault(piece[:q], set())
                if size <= 2 * q:
                    bucket.add(size)
                q *= 2
        self.long = {key: tuple(sorted(found)) for key, found in lengths.items()}

    def long_matches(self, text: str, i: int, after: int) -> list[tuple[int, int]]:
        """The pieces longer than ``DEPTH`` characters that start at ``text[i]`` and end
        after ``after``, as ``(end, id)`` by end: each level of ``long`` whose prefix the
        text holds names the lengths to try."""
        out: list[tuple[int, int]] = []
        n, q = len(text), DEPTH
        long_get, keys_get = self.long.get, self.keys.get
        while i + q <= n and (lengths := long_get(text[i:i + q])) is not None:
            for size in lengths:
                end = i + size
                if end > n:
                    return out
                if end <= after:
                    continue
                pid = keys_get(text[i:end])
                if pid is not None:
                    out.append((end, pid))
            q *= 2
        return out

    def unknown_runs(self) -> re.Pattern:
        """A search for runs of characters that no matched piece holds."""
        held = code_point_runs(map(ord, self.chars))
        return re.compile(f"[^{code_point_ranges(held)}]+" if held else ".+", re.S)
