"""Which tokenization algorithm an encoding's model runs, named as the field names it.

>>> from bbpe_core import get_encoding
>>> [model_kind(get_encoding(n)) for n in ("gpt2", "llama2", "bert_base_uncased", "t5")]
['byte-level BPE', 'SentencePiece BPE with byte fallback', 'WordPiece', 'Unigram']
"""

from __future__ import annotations

from bbpe_core import Encoding
from bbpe_core.models.char_bpe import CharBPEEncoder
from bbpe_core.models.unigram import UnigramEncoder
from bbpe_core.models.wordpiece import WordPieceEncoder

__all__ = ["model_kind", "has_merges"]


def model_kind(enc: Encoding) -> str:
    """``"byte-level BPE"`` (GPT-2's, Radford et al. 2019), ``"SentencePiece BPE"`` over
    characters (Kudo & Richardson 2018; ``"... with byte fallback"`` where ``<0xNN>`` pieces
    spell a character the vocabulary lacks), ``"WordPiece"`` (Schuster & Nakajima 2012, as
    BERT uses it), ``"Unigram"`` (Kudo 2018, the best-scoring segmentation over the
    vocabulary's pieces, as sentencepiece's ``unigram_model.cc`` runs it), or
    ``"another model"``."""
    if enc.byte_level:
        return "byte-level BPE"
    if isinstance(enc.encoder, CharBPEEncoder):
        return "SentencePiece BPE" + (" with byte fallback" if enc.encoder.byte_ids else "")
    if isinstance(enc.encoder, WordPieceEncoder):
        return "WordPiece"
    if isinstance(enc.encoder, UnigramEncoder):
        return "Unigram"
    return "another model"


def has_merges(enc: Encoding) -> bool:
    """Whether the model builds tokens by merging pairs (the BPE kinds), so a merge trace
    applies; WordPiece has no merges."""
    return enc.byte_level or isinstance(enc.encoder, CharBPEEncoder)
