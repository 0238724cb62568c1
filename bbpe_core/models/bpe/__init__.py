"""BPE merging of one chunk's bytes (or characters): where a merge happens.

- ``textbook``: the O(n²) loop of openai/gpt-2's ``encoder.py``, one step at a time (the
  merge trace; the oracle of the fast merges).
- ``ranked``: tiktoken's list algorithm (``merge_ranked``; ``merge_listed`` for a merge
  list) and the heap over a linked list (``merge``) for long chunks.
- ``runs``: one byte repeated (``"=" * 80``), by runs of equal parts.
- ``recover``: the merge list behind tiktoken's ranks.

Nothing here knows text, patterns, ids or caches.
"""

from .ranked import HEAP_THRESHOLD, PairRank, merge, merge_listed, merge_parts, merge_ranked
from .recover import recover_merges
from .textbook import MergeStep, merge_steps, textbook_merge

__all__ = [
    "HEAP_THRESHOLD",
    "MergeStep",
    "PairRank",
    "merge",
    "merge_listed",
    "merge_parts",
    "merge_ranked",
    "merge_steps",
    "recover_merges",
    "textbook_merge",
]
