"""The model stage: special-free, normalized text -> ids. One package per model kind, as HF
tokenizers' ``models/{bpe,wordpiece,unigram}``, and three shared modules beside them.

- ``base``: ``Encoder``, the interface ``Encoding`` uses, and the model kinds' names.
- ``cache``: ``BoundedCache``, the one cache every encoder keeps its results in (bounded in
  entries and characters, emptied when full).
- ``budget``: every trainer's option checks and its ``stop`` function (``TrainingStopped``).
- ``bpe/``: byte-level BPE (the reference ``simple.SimpleEncoder``, read it first; the fast
  path ``fast.FastEncoder``, whose README says why it is exact; ``cjk_parts``,
  ``missing_bytes``), SentencePiece-style BPE over characters (``char_bpe.CharBPEEncoder``),
  the merge functions and the trainers' merge loop.
- ``wordpiece/``: ``WordPieceEncoder`` (BERT).
- ``unigram/``: ``UnigramEncoder`` (Viterbi over piece scores; T5, XLM-R, ALBERT) and its EM.

A kind imports no other kind and no format (``tests/test_layers.py``).
"""

from .base import Encoder
from .bpe.char_bpe import CharBPEEncoder
from .bpe.cjk_parts import CjkPartsEncoder
from .bpe.fast import FastEncoder
from .bpe.missing_bytes import MissingBytesEncoder
from .bpe.simple import SimpleEncoder
from .unigram.model import UnigramEncoder

__all__ = ["CharBPEEncoder", "CjkPartsEncoder", "Encoder", "FastEncoder", "MissingBytesEncoder",
           "SimpleEncoder",
           "UnigramEncoder"]
