"""Which tokenization algorithm an encoding's model runs, named as the field names it.

>>> from bbpe_core import get_encoding
>>> [model_kind(get_encoding(n)) for n in ("gpt2", "llama2", "bert_base_uncased", "t5")]
['byte-level BPE', 'SentencePiece BPE with byte fallback', 'WordPiece', 'Unigram']
"""

from __future__ import annotations

from bbpe_core import Encoding
from bbpe_core.models.base import BYTE_LEVEL_BPE, SENTENCEPIECE_BPE

__all__ = ["model_kind", "has_merges"]


def model_kind(enc: Encoding) -> str:
    """``enc.model_kind`` (``"byte-level BPE"``, ``"SentencePiece BPE"``, ``"WordPiece"``,
    ``"Unigram"``: see ``bbpe_core.models.base``), with ``" with byte fallback"`` after
    SentencePiece BPE where ``<0xNN>`` pieces spell a character the vocabulary lacks."""
    kind = enc.model_kind
    if kind == SENTENCEPIECE_BPE and enc.encoder.byte_ids:
        return kind + " with byte fallback"
    return kind


def has_merges(enc: Encoding) -> bool:
    """Whether the model builds tokens by merging pairs (the BPE kinds), so a merge trace
    applies; WordPiece and Unigram have no merges."""
    return enc.model_kind in (BYTE_LEVEL_BPE, SENTENCEPIECE_BPE)
