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


def _merge_word(word: list[int], a: int, b: int, new: int) -> tuple[list[int], dict]:
    """Merge every ``(a, b)`` of ``word`` left to right; return the new word and the change
    of each adjacent pair's count (computed around each merge, as HF's ``Word::merge``).

    >>> _merge_word([1, 1, 1], 1, 1, 9)
    ([9, 1], {(1, 1): -2, (9, 1): 1})
    """
    out: list[int] = []
    changes: dict[tuple[int, int], int] = {}
    i, n = 0, len(word)
    while True:
        try:
            j = word.index(a, i)  # jump to the next candidate (C speed)
        except ValueError:
            out.extend(word[i:])
            return out, changes
        out.extend(word[i:j])
        if j + 1 < n and word[j + 1] == b:
            if out:
                prev = out[-1]
                changes[(prev, a)] = changes.get((prev, a), 0) - 1
                changes[(prev, new)] = changes.get((prev, new), 0) + 1
            if j + 2 < n:
                nxt = word[j + 2]
                changes[(b, nxt)] = changes.get((b, nxt), 0) - 1
                changes[(new, nxt)] = changes.get((new, nxt), 0) + 1
            changes[(a, b)] = changes.get((a, b), 0) - 1
            out.append(new)
            i = j + 2
        else:
            out.append(a)
            i = j + 1


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
    counts: Counter = Counter()
    where: dict[tuple[int, int], set[int]] = {}
    for k, (word, n) in enumerate(chunks):
        for pair, m in _pairs(word).items():
            counts[pair] += m * n
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
        touched: set[tuple[int, int]] = set()
        for k in where.pop((a, b)):  # entries may be stale: the merge then changes nothing
            word, n = chunks[k]
            new_word, changes = _merge_word(word, a, b, new)
            if not changes:
                continue
            for pair, delta in changes.items():
                if delta:
                    counts[pair] += delta * n
                    touched.add(pair)
                    if delta > 0:
                        where.setdefault(pair, set()).add(k)
            chunks[k] = (new_word, n)
            corpus_tokens -= (len(word) - len(new_word)) * n
        counts.pop((a, b), None)
        for pair in touched - {(a, b)}:
            if counts[pair] > 0:
                heapq.heappush(heap, (-counts[pair], vocab[pair[0]], vocab[pair[1]], *pair))
        if on_merge:
            on_merge(merges[-1], -neg, corpus_tokens)
    return merges, ids
