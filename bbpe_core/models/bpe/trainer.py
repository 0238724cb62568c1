"""Training BPE: counting the chunks (``count_chunks``, the map step) and the merge-learning
loop (``learn_merges``) shared by byte-level, character-level and SentencePiece BPE training.

Symbols are ints; ``vocab`` gives each its value (bytes for byte-level BPE, str for
character-level), and values concatenate into new tokens and break ties.

All unique chunks sit in one array of symbols, linked both ways, with a separator (-1)
between chunks (the layout of SentencePiece's and fastBPE's trainers). Each pair keeps
the positions where it starts, so a merge touches only its own occurrences: it links the
right symbol out and moves the two neighbouring pairs' counts, as HF ``tokenizers``'
``Word::merge`` does, without rewriting whole chunks. The next pair comes from a heap that
holds an upper bound of every pair's count (pushed when a count grows; a popped entry
whose count has since shrunk goes back with the current count). The result equals the
textbook algorithm's (tests/test_train.py checks it).
"""

from __future__ import annotations

import heapq
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable

from ...pre_tokenizers.patterns import GPT2_PATTERN, find_chunks

__all__ = ["MAX_BPE_VOCAB", "count_chunks", "learn_merges"]

MAX_BPE_VOCAB = 1_000_000
"""The largest ``vocab_size`` a byte-level BPE is trained to."""


def count_chunks(texts: Iterable[str], pat_str: str | None = GPT2_PATTERN,
                 timeout: float | None = None) -> Counter:
    """Count the chunks (pre-tokens) of some texts: the map step of training.

    Args:
        texts: strings.
        pat_str: the split pattern, or None for whole texts as chunks.
        timeout: seconds each text's split may take (for a user's pattern), or None.

    Raises:
        PatternTimeoutError: if a split runs past ``timeout``.

    Returns:
        chunk -> count. Counters add (``+``), which is the reduce step.

    >>> count_chunks(["a dog, a dog"])
    Counter({' dog': 2, 'a': 1, ',': 1, ' a': 1})
    """
    counts: Counter = Counter()
    for text in texts:
        counts.update([text] if pat_str is None else find_chunks(text, pat_str, timeout=timeout))
    return counts


_SEP, _DEAD = -1, -2


def _layout(chunks: list[tuple[list[int], int]]) -> tuple[list[int], list[int]]:
    """Chunks in one array: ``[-1, *w1, -1, *w2, ..., -1]`` and each position's count.

    >>> _layout([([5, 6], 3), ([7], 2)])
    ([-1, 5, 6, -1, 7, -1], [0, 3, 3, 0, 2, 0])
    """
    sym, cnt = [_SEP], [0]
    for word, n in chunks:
        sym += word
        sym.append(_SEP)
        cnt += [n] * len(word)
        cnt.append(0)
    return sym, cnt


def learn_merges(
    chunks: list[tuple[list[int], int]],
    vocab: dict,
    wanted: int,
    min_frequency: int,
    on_merge: Callable[[tuple, int, int], None] | None = None,
) -> tuple[list[tuple], dict]:
    """Learn up to ``wanted`` merges.

    Args:
        chunks: ``[(symbols, count), ...]``, each unique chunk once with its count.
        vocab: symbol id -> value (bytes or str) for every initial symbol; extended.
        wanted: merges to learn at most.
        min_frequency: stop when the best pair occurs fewer times.
        on_merge: called as ``on_merge(pair_values, count, corpus_tokens)`` per merge.

    Returns:
        ``(merges, ids)``: the merged value pairs in order, and value -> id for all
        symbols (a merge whose value already exists reuses that id).

    Wikipedia's example, ``aaabdaaabac``: Z = aa, then Y = ab, then X = ZY.

    >>> merges, _ = learn_merges([([0, 0, 0, 1, 3, 0, 0, 0, 1, 0, 2], 1)],
    ...                          {0: "a", 1: "b", 2: "c", 3: "d"}, 3, 1)
    >>> merges
    [('a', 'a'), ('a', 'b'), ('aa', 'ab')]
    """
    ids = {v: i for i, v in vocab.items()}
    sym, cnt = _layout(chunks)
    nxt = list(range(1, len(sym) + 1))
    prv = list(range(-1, len(sym) - 1))
    where: defaultdict[tuple[int, int], list[int]] = defaultdict(list)
    for p, pair in enumerate(zip(sym, sym[1:])):
        where[pair].append(p)  # pairs with a separator are never looked up
    counts: Counter[tuple[int, int]] = Counter()
    for word, n in chunks:
        for pair, m in Counter(zip(word, word[1:])).items():
            counts[pair] += m * n
    corpus_tokens = sum(len(word) * n for word, n in chunks)
    heap = [(-c, vocab[a], vocab[b], a, b) for (a, b), c in counts.items()]
    heapq.heapify(heap)
    merges: list[tuple] = []
    next_id = max(vocab) + 1
    while len(merges) < wanted and heap:
        neg, va, vb, a, b = heapq.heappop(heap)
        count = counts.get((a, b), 0)
        if count != -neg:
            if 0 < count < -neg:  # shrank since pushed: back with the current count
                heapq.heappush(heap, (-count, va, vb, a, b))
            continue
        if count < min_frequency or count <= 0:
            break
        merged = va + vb
        new = ids.get(merged)
        if new is None:
            new, next_id = next_id, next_id + 1
            vocab[new], ids[merged] = merged, new
        merges.append((va, vb))
        grown = set()
        for p in sorted(where.pop((a, b))):  # left to right: overlaps merge as in a word
            q = nxt[p]
            if sym[p] != a or sym[q] != b:
                continue  # an entry made stale by an earlier merge
            n, left, right = cnt[p], prv[p], nxt[q]
            x, y = sym[left], sym[right]
            if x >= 0:
                counts[(x, a)] -= n
                pair = (x, new)
                counts[pair] += n
                where[pair].append(left)
                grown.add(pair)
            if y >= 0:
                counts[(b, y)] -= n
                pair = (new, y)
                counts[pair] += n
                where[pair].append(p)
                grown.add(pair)
            sym[p], sym[q] = new, _DEAD
            nxt[p], prv[right] = right, p
            corpus_tokens -= n
        del counts[(a, b)]
        grown.discard((a, b))
        for pair in grown:
            heapq.heappush(heap, (-counts[pair], vocab[pair[0]], vocab[pair[1]], *pair))
        if on_merge:
            on_merge(merges[-1], count, corpus_tokens)
    return merges, ids
