"""The merge-learning loop shared by byte-level and character-level training.

Symbols are ints; ``vocab`` gives each its value (bytes for byte-level BPE, str for
character-level), and values concatenate into new tokens and break ties. Pair counts
and a pair -> chunks index are updated only around each merge (as HF ``tokenizers``'
``Word::merge``), and the next pair comes from a heap whose stale entries are skipped.
The result equals the textbook algorithm's (tests/test_train.py checks it).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable

__all__ = ["learn_merges"]


def _pairs(word: list[int]) -> Counter:
    return Counter(zip(word, word[1:]))


def _merge_word(word: list[int], a: int, b: int, new: int, n: int, k: int,
                deltas: dict, where: dict) -> list[int] | None:
    """Merge every ``(a, b)`` of chunk ``k`` (counted ``n`` times) left to right.

    Adds each neighbouring pair's change of count, times ``n``, to ``deltas`` (computed
    around each merge, as HF's ``Word::merge``; the merged pair itself is left out), and
    records chunk ``k`` under every pair it gains in ``where``.

    Returns:
        The new word, or None if it held no ``(a, b)`` (a stale index entry).

    >>> deltas, where = {}, {}
    >>> _merge_word([1, 1, 1], 1, 1, 9, 2, 0, deltas, where), deltas, where
    ([9, 1], {(1, 1): -2, (9, 1): 2}, {(9, 1): {0}})
    """
    out: list[int] = []
    get = deltas.get
    i, size, merged = 0, len(word), False
    while True:
        try:
            j = word.index(a, i)  # jump to the next candidate (C speed)
        except ValueError:
            break
        if j + 1 < size and word[j + 1] == b:
            out.extend(word[i:j])
            if out:
                old, gained = (out[-1], a), (out[-1], new)
                deltas[old] = get(old, 0) - n
                deltas[gained] = get(gained, 0) + n
                where.setdefault(gained, set()).add(k)
            if j + 2 < size:
                old, gained = (b, word[j + 2]), (new, word[j + 2])
                deltas[old] = get(old, 0) - n
                deltas[gained] = get(gained, 0) + n
                where.setdefault(gained, set()).add(k)
            out.append(new)
            i, merged = j + 2, True
        else:
            out.extend(word[i : j + 1])
            i = j + 1
    if not merged:
        return None
    out.extend(word[i:])
    return out


def learn_merges(
    chunks: list[tuple[list[int], int]],
    vocab: dict,
    wanted: int,
    min_frequency: int,
    on_merge: Callable[[tuple, int, int], None] | None = None,
) -> tuple[list[tuple], dict]:
    """Learn up to ``wanted`` merges.

    Args:
        chunks: ``[(symbols, count), ...]``; rewritten in place as merges apply.
        vocab: symbol id -> value (bytes or str) for every initial symbol; extended.
        wanted: merges to learn at most.
        min_frequency: stop when the best pair occurs fewer times.
        on_merge: called as ``on_merge(pair_values, count, corpus_tokens)`` per merge.

    Returns:
        ``(merges, ids)``: the merged value pairs in order, and value -> id for all
        symbols (a merge whose value already exists reuses that id).
    """
    ids = {v: i for i, v in vocab.items()}
    counts: dict[tuple[int, int], int] = {}
    where: dict[tuple[int, int], set[int]] = {}
    for k, (word, n) in enumerate(chunks):
        for pair, m in _pairs(word).items():
            counts[pair] = counts.get(pair, 0) + m * n
            where.setdefault(pair, set()).add(k)
    corpus_tokens = sum(len(word) * n for word, n in chunks)
    heap = [(-c, vocab[a], vocab[b], a, b) for (a, b), c in counts.items()]
    heapq.heapify(heap)
    merges: list[tuple] = []
    next_id = max(vocab) + 1
    while len(merges) < wanted and heap:
        neg, _, _, a, b = heapq.heappop(heap)
        if counts.get((a, b), 0) != -neg or -neg <= 0:
            continue  # stale entry
        if -neg < min_frequency:
            break
        merged = vocab[a] + vocab[b]
        new = ids.get(merged)
        if new is None:
            new, next_id = next_id, next_id + 1
            vocab[new], ids[merged] = merged, new
        merges.append((vocab[a], vocab[b]))
        deltas: dict[tuple[int, int], int] = {}
        for k in where.pop((a, b)):  # entries may be stale: the merge then changes nothing
            word, n = chunks[k]
            new_word = _merge_word(word, a, b, new, n, k, deltas, where)
            if new_word is not None:
                chunks[k] = (new_word, n)
                corpus_tokens -= (len(word) - len(new_word)) * n
        counts.pop((a, b), None)
        deltas.pop((a, b), None)
        for pair, delta in deltas.items():
            if delta:
                count = counts[pair] = counts.get(pair, 0) + delta
                if count > 0:
                    heapq.heappush(heap, (-count, vocab[pair[0]], vocab[pair[1]], *pair))
        if on_merge:
            on_merge(merges[-1], -neg, corpus_tokens)
    return merges, ids
