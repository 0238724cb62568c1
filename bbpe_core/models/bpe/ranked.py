"""Rank-based BPE merging of one chunk's bytes.

Start from single bytes; repeatedly merge the adjacent pair with the lowest rank,
the leftmost one on a tie, until no adjacent pair has a rank. What a pair's rank
is comes from the caller (``pair_rank``), which serves both semantics we support:

- tiktoken's: the rank of ``left + right`` in ``mergeable_ranks`` (any pair whose
  concatenation is a token may merge);
- GPT-2 / HF files': the position of ``(left, right)`` in merges.txt (only listed
  pairs merge).

Two algorithms give the same result. ``merge`` (any ``pair_rank``) keeps a heap of
``(rank, start)`` over a linked list of parts, O(n log n), as tiktoken 0.13's
``_byte_pair_merge_large`` and HF ``tokenizers``' ``Word::merge_all``: safe on long
chunks (``"a" * 200_000``, runs of spaces, CJK without spaces), where a list
algorithm is quadratic (tiktoken#195). ``merge_ranked`` serves tiktoken's semantics,
the shipped encodings' hot path: tiktoken's ``_byte_pair_merge`` (src/lib.rs), a list
of pair ranks, O(n·m) for n bytes and m merges, fastest on the short chunks of real
text, and the heap above ``HEAP_THRESHOLD`` bytes (one byte repeated that long goes by
runs, ``runs``). ``merge_listed`` is the same list algorithm for a merge list.

This module knows nothing of text, patterns, ids or caches.

>>> ranks = {b"a": 0, b"b": 1, b"ab": 2, b"aba": 3}
>>> merge(b"abab", lambda l, r: ranks.get(l + r))
[b'ab', b'ab']
>>> merge(b"aba", lambda l, r: ranks.get(l + r))
[b'aba']
"""

from __future__ import annotations

import heapq
import sys
from array import array
from collections.abc import Callable
from itertools import islice

from .runs import merge_run

__all__ = ["PairRank", "merge", "merge_listed", "merge_parts", "merge_ranked", "HEAP_THRESHOLD"]

PairRank = Callable[[bytes, bytes], "int | None"]
"""``pair_rank(left, right)``: the merge priority of two adjacent parts (lower merges
first), or None if they never merge."""

HEAP_THRESHOLD = 256
"""``merge_ranked`` merges chunks longer than this many bytes with the heap algorithm."""

_NO_RANK = sys.maxsize


_BYTES = [bytes([b]) for b in range(256)]


def merge_ranked(chunk: bytes, ranks: dict[bytes, int]) -> list[bytes]:
    """``merge`` with tiktoken's semantics (a pair's rank is ``ranks[left + right]``):
    tiktoken's list algorithm for chunks up to ``HEAP_THRESHOLD`` bytes, with the rank
    look-ups inlined (no call per pair), else the heap.

    Args:
        chunk: the chunk's UTF-8 bytes.
        ranks: ``mergeable_ranks`` (token bytes -> rank).

    Returns:
        The parts, in order.

    >>> merge_ranked(b"abab", {b"a": 0, b"b": 1, b"ab": 2, b"aba": 3})
    [b'ab', b'ab']
    """
    if len(chunk) > HEAP_THRESHOLD:
        if chunk.count(chunk[:1]) == len(chunk):  # one byte repeated: by runs if it can
            parts = merge_run(chunk[:1], len(chunk), ranks)
            if parts is not None:
                return parts
        return merge(chunk, lambda left, right: ranks.get(left + right))
    get, no_rank = ranks.get, _NO_RANK
    parts = list(map(_BYTES.__getitem__, chunk))
    pair_ranks = [get(a + b, no_rank) for a, b in zip(parts, parts[1:])]
    while pair_ranks:
        best = min(pair_ranks)
        if best == no_rank:
            break
        i = pair_ranks.index(best)  # the leftmost pair of lowest rank, as tiktoken
        parts[i] += parts.pop(i + 1)
        del pair_ranks[i]
        if i:
            pair_ranks[i - 1] = get(parts[i - 1] + parts[i], no_rank)
        if i < len(pair_ranks):
            pair_ranks[i] = get(parts[i] + parts[i + 1], no_rank)
    return parts


def merge_listed(chunk: bytes, priority: dict[tuple[bytes, bytes], int]) -> list[bytes]:
    """``merge`` with GPT-2 / HF semantics (a pair's rank is its place in the merge list,
    ``priority[(left, right)]``): ``merge_ranked``'s list algorithm, the look-ups inlined,
    for chunks up to ``HEAP_THRESHOLD`` bytes, else the heap. Both merge the leftmost pair
    of lowest rank first, so they give the same parts.

    Args:
        chunk: the chunk's UTF-8 bytes.
        priority: ``(left, right)`` -> the pair's index in the merge list.

    Returns:
        The parts, in order.

    >>> merge_listed(b"abab", {(b"b", b"a"): 0, (b"a", b"b"): 1})
    [b'a', b'ba', b'b']
    """
    if len(chunk) > HEAP_THRESHOLD:
        return merge(chunk, lambda left, right: priority.get((left, right)))
    get, no_rank = priority.get, _NO_RANK
    parts = list(map(_BYTES.__getitem__, chunk))
    pair_ranks = [get(pair, no_rank) for pair in zip(parts, parts[1:])]
    while pair_ranks:
        best = min(pair_ranks)
        if best == no_rank:
            break
        i = pair_ranks.index(best)
        parts[i] += parts.pop(i + 1)
        del pair_ranks[i]
        if i:
            pair_ranks[i - 1] = get((parts[i - 1], parts[i]), no_rank)
        if i < len(pair_ranks):
            pair_ranks[i] = get((parts[i], parts[i + 1]), no_rank)
    return parts


def merge(chunk: bytes, pair_rank: PairRank) -> list[bytes]:
    """Merge the bytes of one chunk into its BPE parts, for any ``pair_rank`` (the heap).

    Args:
        chunk: the chunk's UTF-8 bytes (any length; empty gives ``[]``).
        pair_rank: the priority of merging two adjacent parts, or None.

    Returns:
        The parts, in order; ``b"".join(result) == chunk``.
    """
    return merge_parts([chunk[i : i + 1] for i in range(len(chunk))], pair_rank)


def merge_parts(parts: list, pair_rank: Callable) -> list:
    """Merge a sequence of initial parts (bytes, or characters of text for character-level
    BPE) with the heap over a linked list: the adjacent pair of lowest rank first, the
    leftmost on a tie (SentencePiece's ``bpe_model.cc`` orders its agenda the same way).

    Args:
        parts: the initial parts, all bytes or all str (the list is consumed).
        pair_rank: the priority of merging two adjacent parts (lower first; any ordered
            values, all ints or none), or None if they never merge.

    Returns:
        The merged parts, in order; their concatenation equals the initial parts'.

    >>> priority = {"aa": -1.0}
    >>> merge_parts(list("aaa"), lambda left, right: priority.get(left + right))
    ['aa', 'a']
    """
    n = len(parts)
    # Memory, for a chunk of megabytes (6 MB of U+200D is one chunk under GPT-2's pattern):
    # the links are C arrays (4 or 8 bytes an entry, not a list's 8 + an int object's 28-32),
    # and int ranks go into the heap as one int, rank * n + start (0 <= start < n keeps the
    # order of (rank, start)): 8 + 32 bytes an entry, not 8 + a tuple's 56 + an int's 28.
    links = "i" if n < 1 << 31 else "q"
    nxt = array(links, range(1, n + 1))  # index of the next live part; n means none
    prv = array(links, range(-1, n - 1))  # index of the previous live part; -1 means none
    ranks = list(map(pair_rank, parts, islice(parts, 1, None)))
    packed = all(type(rank) is int for rank in ranks if rank is not None)
    heap = [rank * n + i if packed else (rank, i)
            for i, rank in enumerate(ranks) if rank is not None]
    del ranks
    heapq.heapify(heap)
    while heap:
        rank, i = divmod(heapq.heappop(heap), n) if packed else heapq.heappop(heap)
        j = nxt[i]
        # Entries go stale when a neighbour merges; a live pair's rank is unchanged.
        if not parts[i] or j >= n or pair_rank(parts[i], parts[j]) != rank:
            continue
        parts[i] += parts[j]
        parts[j] = parts[j][:0]
        nxt[i] = nxt[j]
        if nxt[i] < n:
            prv[nxt[i]] = i
        for left, right in ((prv[i], i), (i, nxt[i])):
            if left >= 0 and right < n:
                new_rank = pair_rank(parts[left], parts[right])
                if new_rank is not None:
                    heapq.heappush(heap, new_rank * n + left if packed else (new_rank, left))
    return [p for p in parts if p]
