"""The textbook BPE merge, one step at a time: what the merge trace shows and what the fast
merges are tested against.

Start from single bytes; at each step find every adjacent pair that has a rank, merge the
one of lowest rank (the leftmost on a tie), and stop when no pair has a rank. This is the
loop of openai/gpt-2's ``encoder.py`` (``bpe``), transformers' ``GPT2Tokenizer.bpe`` and
tiktoken's ``_educational.py``, written to expose each step. It is O(n²) per step, so it is
for short chunks: ``ranked.merge_ranked`` and ``ranked.merge`` give the same parts fast.

>>> ranks = {b"a": 0, b"b": 1, b"ab": 2, b"aba": 3}
>>> [step.parts for step in merge_steps(b"aba", lambda l, r: ranks.get(l + r))]
[[b'ab', b'a'], [b'aba']]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .ranked import PairRank

__all__ = ["MergeStep", "merge_steps", "textbook_merge"]


@dataclass(frozen=True)
class MergeStep:
    """One merge of the textbook loop.

    Attributes:
        pair: the two parts merged, as bytes.
        position: the index of the pair's left part before the merge.
        rank: its rank (merge priority; lower merges first).
        runner_up: the other mergeable pairs at this step, ``[(pair, rank), ...]`` by
            rank then position (other copies of the chosen pair included).
        parts: the parts after the merge.
    """

    pair: tuple[bytes, bytes]
    position: int
    rank: int
    runner_up: list[tuple[tuple[bytes, bytes], int]]
    parts: list[bytes]


def merge_steps(chunk: bytes, pair_rank: PairRank) -> Iterator[MergeStep]:
    """Yield each merge of ``chunk``'s bytes, in order.

    Args:
        chunk: a chunk's UTF-8 bytes.
        pair_rank: ``pair_rank(left, right)``: the priority of merging two adjacent parts
            (lower first), or None if they never merge.

    Yields:
        One ``MergeStep`` per merge; the last one's ``parts`` are the chunk's BPE parts.
    """
    parts = [chunk[i : i + 1] for i in range(len(chunk))]
    while True:
        ranked = [
            ((parts[i], parts[i + 1]), rank, i)
            for i in range(len(parts) - 1)
            if (rank := pair_rank(parts[i], parts[i + 1])) is not None
        ]
        if not ranked:
            return
        ranked.sort(key=lambda c: (c[1], c[2]))
        pair, rank, i = ranked[0]
        parts = parts[:i] + [pair[0] + pair[1]] + parts[i + 2 :]
        yield MergeStep(pair, i, rank, [(p, r) for p, r, _ in ranked[1:]], list(parts))


def textbook_merge(chunk: bytes, pair_rank: PairRank) -> list[bytes]:
    """The BPE parts of ``chunk`` by the textbook loop (``merge_steps``); same arguments.

    >>> textbook_merge(b"abab", lambda l, r: {b"ab": 0}.get(l + r))
    [b'ab', b'ab']
    """
    parts = [chunk[i : i + 1] for i in range(len(chunk))]
    for step in merge_steps(chunk, pair_rank):
        parts = step.parts
    return parts
