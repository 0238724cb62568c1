"""The model stage: special-free, normalized text -> ids.

- ``base.Encoder``: the interface ``Encoding`` uses.
- ``cache.BoundedCache``: the one cache every encoder keeps its results in (bounded in
  entries and characters, emptied when full).
- ``simple.SimpleEncoder``: the reference (read it first); any pre-tokenizer.
- ``fast.FastEncoder``: the fast path for the three shipped patterns (its README says why it
  is exact and what each step gained).
- ``cjk_parts.CjkPartsEncoder``: the reference with the fast path's CJK cut, for every other
  pattern (``Encoding``'s default off the fast path).
- ``missing_bytes.MissingBytesEncoder``: the reference for a vocabulary that lacks single
  bytes (Falcon's, StarCoder's), whose surfaces step over the bytes left out.
- ``char_bpe.CharBPEEncoder``: SentencePiece BPE over characters with byte fallback (Llama 2,
  Mistral 7B, Gemma), for ``Encoding(..., model=...)``.
- ``unigram.UnigramEncoder``: the Unigram model (Viterbi over piece scores; T5, XLM-R,
  ALBERT, Jurassic-2), for ``Encoding(..., model=...)``.
"""

from .base import Encoder
from .char_bpe import CharBPEEncoder
from .cjk_parts import CjkPartsEncoder
from .fast import FastEncoder
from .missing_bytes import MissingBytesEncoder
from .simple import SimpleEncoder
from .unigram import UnigramEncoder

__all__ = ["CharBPEEncoder", "CjkPartsEncoder", "Encoder", "FastEncoder", "MissingBytesEncoder",
           "SimpleEncoder",
           "UnigramEncoder"]
