"""The BPE model kind: byte-level BPE (GPT-2, tiktoken's encodings) and SentencePiece-style BPE
over characters (Llama 2, Mistral, Gemma): one merge rule, the stages around it differ.

The merging of one chunk's bytes (or characters), re-exported here:

- ``textbook``: the O(n²) loop of openai/gpt-2's ``encoder.py``, one step at a time (the
  merge trace; the oracle of the fast merges).
- ``ranked``: tiktoken's list algorithm (``merge_ranked``; ``merge_listed`` for a merge
  list) and the heap over a linked list (``merge``) for long chunks.
- ``runs``: one byte repeated (``"=" * 80``), by runs of equal parts.
- ``recover``: the merge list behind tiktoken's ranks.

The encoders: ``simple.SimpleEncoder`` (the reference: read it first), ``fast/`` (the fast
path for the three shipped patterns; its README says why it is exact), ``cjk_parts`` (the
reference with the fast path's CJK cut), ``missing_bytes`` (a vocabulary without every single
byte), ``char_bpe.CharBPEEncoder`` (SentencePiece BPE with byte fallback, and the two merge
priority rules: ``score_priority`` for a ``.model``, ``merge_table.MergeTable`` for a merge
list, held as arrays).

The trainers: ``trainer`` (``count_chunks`` and the merge loop ``learn_merges``) and
``trainer_chars`` (character-level BPE, for contrast); ``training`` builds encodings from them.

This package imports no other model kind and no format (``tests/test_layers.py``).
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
