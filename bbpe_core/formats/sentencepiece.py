"""An ``Encoding`` from a SentencePiece BPE ``.model`` (Llama 2, Mistral 7B v0.1 and v0.3); a
Unigram ``.model`` goes to ``sentencepiece_unigram``.

The stages the ``sentencepiece`` library runs for ``encode(text)``, from the model's own
settings (``sentencepiece_model`` reads them):

- normalizer: ``▁`` before the text (``add_dummy_prefix``) and for every space
  (``escape_whitespaces``), as ``normalizer.cc`` does with the ``identity`` rules; a model
  with a precompiled map (``nmt_nfkc``) or ``remove_extra_whitespaces`` gets the library's
  whole normalizer, as a Unigram model does (``sentencepiece_unigram.model_normalizer``);
- model: ``models.bpe.char_bpe`` with each piece's score as its merge priority
  (``bpe_model.cc``), USER_DEFINED pieces matched whole, byte fallback to the BYTE pieces;
- decoder: each piece's bytes (``▁`` -> space, ``<0xNN>`` -> its byte), then the dummy
  prefix's space removed (``decoders.Strip``).

CONTROL and UNKNOWN pieces (``<s>``, ``</s>``, ``<unk>``, Mistral's ``[INST]``) are never
matched from text by the library; here they are special tokens, matched only when allowed
(tiktoken's rules), so ``encode_ordinary`` equals the library's ``encode``. What the reader
reports but we do not reproduce for BPE is refused by name: WORD and CHAR models, UNUSED
pieces. A precompiled map (``nmt_nfkc``, the library's default) or ``remove_extra_whitespaces``
use the Unigram path's normalizer (``sentencepiece_unigram.model_normalizer``) and the
library's decoding of leading spaces (``sentencepiece_unigram.model_decoder``).
"""

from __future__ import annotations

import os

from ..decoders import Strip
from ..encoding import Encoding
from ..models.bpe.char_bpe import CharBPEEncoder, score_priority
from ..normalizers.replace import SPACE_MARK, NormalizerSequence, Prepend, Replace
from ..pre_tokenizers import Sequence
from ..processors import TemplateProcessing
from .hf_stages import refuse
from .sentencepiece_model import SentencePieceModel, check_pieces, read_sentencepiece_model
from .sentencepiece_pieces import piece_table
from .sentencepiece_unigram import model_decoder, model_normalizer, sentencepiece_unigram

__all__ = ["load_sentencepiece_model", "sentencepiece_encoding"]


def _check(model: SentencePieceModel, name: str) -> None:
    if model.model_type != "BPE":
        raise refuse(name, f"model_type {model.model_type}")
    if any(p.type == "UNUSED" for p in model.pieces):
        raise refuse(name, "a model with UNUSED pieces")


def load_sentencepiece_model(source: str | os.PathLike | bytes, *, name: str = "sentencepiece",
                             max_bytes: int | None = None,
                             expected_hash: str | None = None) -> Encoding:
    """Build an ``Encoding`` from a SentencePiece BPE or Unigram ``.model``.

    Args:
        source: a path or the file's bytes (``.gz`` is gunzipped).
        name: the encoding's name (also used in messages).
        max_bytes: size cap, checked before parsing.
        expected_hash: hex sha256 of the uncompressed file, checked if given.

    Returns:
        The encoding; ``post_process`` adds ``<s>`` when the model has it.

    Raises:
        VocabFileError: for a damaged file, pieces ``sentencepiece_model.check_pieces``
            refuses, or a setting we do not reproduce (named).
        OSError: if the path cannot be read.
    """
    model = read_sentencepiece_model(source, name=name, max_bytes=max_bytes,
                                     expected_hash=expected_hash)
    return sentencepiece_encoding(model, name)


def sentencepiece_encoding(model: SentencePieceModel, name: str,
                           fields: tuple[str, str, str] = ("pieces",) * 3) -> Encoding:
    """The ``Encoding`` of a SentencePiece model already read (from a ``.model``, or from a
    GGUF file's ``llama`` tokenizer: ``formats.gguf``): BPE here, Unigram by
    ``sentencepiece_unigram``; its pieces checked first by the one set of rules of every
    file (``sentencepiece_model.check_pieces``).

    Args:
        model: the pieces and settings.
        name: the encoding's name (also used in messages).
        fields: the file's fields of the pieces, scores and types, for messages.

    Raises:
        VocabFileError: for a setting we do not reproduce (named) or pieces
            ``check_pieces`` refuses.
    """
    if model.model_type == "UNIGRAM":
        return sentencepiece_unigram(model, name, fields)
    check_pieces(model, name, fields)
    _check(model, name)
    table, special, byte_ids = piece_table(model, name)
    piece_ids = {p.piece: i for i, p in enumerate(model.pieces)
                 if p.type in ("NORMAL", "USER_DEFINED")}
    unk = next((i for i, p in enumerate(model.pieces) if p.type == "UNKNOWN"), None)
    encoder = CharBPEEncoder(
        piece_ids, score_priority({p.piece: p.score for p in model.pieces
                                   if p.type in ("NORMAL", "USER_DEFINED")}),
        user_defined=[p.piece for p in model.pieces if p.type == "USER_DEFINED"],
        byte_ids=byte_ids if model.byte_fallback else {}, unk_id=unk,
        fuse_unk=True,  # sentencepiece_processor.cc merges a run of unknown pieces into one
        scores={p.piece: p.score for p in model.pieces},
    )
    bos = special.get("<s>")
    post = TemplateProcessing((bos,)) if bos is not None else None
    if model.precompiled_charsmap or model.remove_extra_whitespaces:  # the library's normalizer
        return Encoding(
            name, vocab=table, model=encoder, pre_tokenizer=Sequence([]),
            normalizer=model_normalizer(model, name), post_processor=post,
            decoder=model_decoder(model, special))
    steps = ([Prepend(SPACE_MARK)] if model.add_dummy_prefix else []) + (
        [Replace(" ", SPACE_MARK)] if model.escape_whitespaces else [])
    return Encoding(
        name, vocab=table, model=encoder, pre_tokenizer=Sequence([]),
        normalizer=NormalizerSequence(steps) if steps else None, post_processor=post,
        decoder=Strip(" ", start=1) if model.add_dummy_prefix else None,
    )
