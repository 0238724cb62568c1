"""BPE of one byte repeated (``"=" * 80``, a megabyte of ``"a"``), by runs of equal parts.

tiktoken's semantics (``ranked.merge_ranked``): the pair of lowest rank merges first, the
leftmost on a tie, and a pair's rank is that of ``left + right`` in ``mergeable_ranks``.
On ``unit * n`` every part is ``unit * length``, so the parts are kept as runs
``[length, count]`` and a pair's rank depends only on the two lengths.

When the leftmost pair of lowest rank lies inside the first run, of ``count`` parts of
``length``, the list algorithm merges the pairs of that run left to right, one after the
other, unless a pair it creates ranks lower first: ``2·length`` then ``length`` (rank of
``3·length``), or two ``2·length`` side by side (``4·length``). If neither ranks lower,
the whole sweep is done at once: the run becomes ``count // 2`` parts of ``2·length``, and
one part of ``length`` if ``count`` is odd. A pair between two runs merges alone. Each
sweep halves the run, so ``n`` parts take O(log n) steps instead of n heap operations. If
a sweep would be cut short, falls in a later run (where the part before it could join
too; never seen), or the runs grow many, ``merge_run`` gives up (None) and the caller
merges the usual way; so it does after ``MAX_STEPS`` steps, which bounds the work for any
vocabulary. (Our own reading of tiktoken's list algorithm, ``_byte_pair_merge`` in its
src/lib.rs; ``tests/test_bpe_runs.py`` checks it against the heap.)

>>> ranks = {b"a": 0, b"aa": 1, b"aaaa": 2}
>>> merge_run(b"a", 11, ranks)
[b'aaaa', b'aaaa', b'aa', b'a']
"""

from __future__ import annotations

__all__ = ["MAX_RUNS", "MAX_STEPS", "merge_run"]

MAX_RUNS = 64
"""``merge_run`` gives up if the parts fall into more runs than this (never seen with the
shipped vocabularies, whose runs stay under ten)."""

MAX_STEPS = 1024
"""``merge_run`` gives up after this many sweeps and merges between runs (a megabyte of
any one byte takes at most 8 with the shipped vocabularies)."""


def merge_run(unit: bytes, n: int, ranks: dict[bytes, int]) -> list[bytes] | None:
    """The BPE parts of ``unit * n`` with tiktoken's semantics, or None where the runs do
    not tell them cheaply (a sweep cut short, in a later run, too many runs or steps): the
    caller then merges the usual way.

    Args:
        unit: one byte.
        n: how many times it is repeated (at least 1).
        ranks: ``mergeable_ranks`` (token bytes -> rank).

    Returns:
        The parts in order (``b"".join(parts) == unit * n``), or None.
    """
    runs = [[1, n]]  # [length, count], neighbours of different lengths
    for _ in range(MAX_STEPS):
        best = _leftmost_lowest(unit, runs, ranks)
        if best is None:
            parts: list[bytes] = []
            for length, count in runs:
                parts += [unit * length] * count  # one bytes object per run
            return parts
        rank, i, inside = best
        length, count = runs[i]
        if inside:
            if i > 0 or not _sweeps(unit, runs[i], rank, ranks):  # i > 0: never seen
                return None
            runs[i : i + 1] = [[2 * length, count // 2]] + ([[length, 1]] if count % 2 else [])
        else:  # the last part of run i and the first of run i + 1 merge alone
            right = runs[i + 1][0]
            runs[i][1] -= 1
            runs[i + 1][1] -= 1
            runs.insert(i + 1, [length + right, 1])
        runs = _normalised(runs)
        if len(runs) > MAX_RUNS:
            return None
    return None


def _leftmost_lowest(unit: bytes, runs: list[list[int]], ranks: dict[bytes, int]
                     ) -> tuple[int, int, bool] | None:
    """``(rank, run index, inside the run?)`` of the leftmost pair of lowest rank, or None."""
    best = None
    for i, (length, count) in enumerate(runs):
        candidates = []
        if count >= 2:
            candidates.append((ranks.get(unit * (2 * length)), True))
        if i + 1 < len(runs):
            candidates.append((ranks.get(unit * (length + runs[i + 1][0])), False))
        for rank, inside in candidates:  # inside the run comes first, at its left end
            if rank is not None and (best is None or rank < best[0]):
                best = (rank, i, inside)
    return best


def _sweeps(unit: bytes, run: list[int], rank: int, ranks: dict[bytes, int]) -> bool:
    """Whether merging the pairs of ``run`` (the first run) left to right is never
    interrupted by a pair it creates that ranks below ``rank`` (the pair being merged)."""
    length, count = run
    created = [3 * length] if count >= 3 else []  # 2·length, then length
    if count >= 4:
        created.append(4 * length)  # two 2·length
    return all((r := ranks.get(unit * total)) is None or r > rank for total in created)


def _normalised(runs: list[list[int]]) -> list[list[int]]:
    """Runs without empty ones, neighbours of equal length joined."""
    out: list[list[int]] = []
    for length, count in runs:
        if count == 0:
            continue
        if out and out[-1][0] == length:
            out[-1][1] += count
        else:
            out.append([length, count])
    return out
