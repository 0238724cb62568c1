"""The textbook BPE trainer, as a reference for the real one (tests and benchmarks only).

Sennrich et al. 2016, as Karpathy's minbpe ``BasicTokenizer.train`` tells it: recount every
pair at each step and merge the most frequent everywhere. Quadratic; the trainer in
``bbpe_core.training`` must give exactly its merges.
"""

from __future__ import annotations

from collections import Counter

__all__ = ["naive_merges"]


def naive_merges(chunk_counts: Counter, n_merges: int,
                 min_frequency: int) -> list[tuple[bytes, bytes]]:
    """The merges of ``n_merges`` textbook steps over ``chunk_counts`` (chunk text -> count).

    Each step recounts every pair and merges the best everywhere; ties go to the highest
    count, then the smallest (left bytes, right bytes), as the trainer breaks them. Stops
    early when no pair is left or the best is seen fewer than ``min_frequency`` times."""
    words = [[bytes([b]) for b in c.encode()] for c in chunk_counts]
    freqs = list(chunk_counts.values())
    merges = []
    while len(merges) < n_merges:
        counts: Counter = Counter()
        for w, n in zip(words, freqs):
            for pair in zip(w, w[1:]):
                counts[pair] += n
        if not counts:
            break
        pair = min(counts, key=lambda p: (-counts[p], p[0], p[1]))
        if counts[pair] < min_frequency:
            break
        merges.append(pair)
        for k, w in enumerate(words):
            out, i = [], 0
            while i < len(w):
                if i + 1 < len(w) and (w[i], w[i + 1]) == pair:
                    out.append(w[i] + w[i + 1])
                    i += 2
                else:
                    out.append(w[i])
                    i += 1
            words[k] = out
    return merges
