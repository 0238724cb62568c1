"""An ``Encoding`` from a SentencePiece Unigram ``.model`` (Jurassic-2, T5's and ALBERT's
``spiece.model``, sentencepiece's own test models).

The stages the ``sentencepiece`` library runs for ``encode(text)``, from the model's settings
(``sentencepiece_model`` reads them):

- normalizer: ``normalizers.sentencepiece.SentencePieceNormalizer``: the precompiled map
  (``nmt_nfkc``, ``nfkc``, read by ``normalizers.precompiled``), ``remove_extra_whitespaces``,
  ``add_dummy_prefix``, ``escape_whitespaces``, USER_DEFINED pieces kept whole;
- model: ``models.unigram.model.UnigramEncoder`` with the ``sentencepiece`` flavour, on the whole
  normalized text (the library does not pre-tokenize);
- decoder: each piece's bytes (``▁`` -> space, ``<0xNN>`` -> its byte, the unknown piece
  -> `` ⁇ ``, the library's ``kDefaultUnknownSymbol``, a CONTROL piece -> nothing; one table
  for both SentencePiece kinds: ``sentencepiece_pieces``), then leading spaces removed as the
  library does (``decoders.SentencePieceStrip``).

CONTROL and UNKNOWN pieces are special tokens here, matched only when allowed (the library
never matches them in text), so ``encode_ordinary`` equals the library's ``encode``.
"""

from __future__ import annotations

from ..decoders import SentencePieceStrip
from ..encoding import Encoding
from ..models.unigram.model import UnigramEncoder
from ..normalizers.precompiled import CharsMap
from ..normalizers.sentencepiece import SentencePieceNormalizer
from ..pre_tokenizers import Sequence
from ..processors import TemplateProcessing
from ..source import VocabFileError
from .sentencepiece_model import SentencePieceModel, check_pieces
from .sentencepiece_pieces import piece_table

__all__ = ["UNKNOWN_SURFACE", "model_decoder", "model_normalizer", "sentencepiece_unigram"]

UNKNOWN_SURFACE = " \u2047 "
"""What the library decodes the unknown piece to (``kDefaultUnknownSymbol``)."""


def sentencepiece_unigram(model: SentencePieceModel, name: str,
                          fields: tuple[str, str, str] = ("pieces",) * 3) -> Encoding:
    """Build the ``Encoding`` of a Unigram ``.model`` already read.

    Args:
        model: what ``read_sentencepiece_model`` returned (``model_type`` UNIGRAM).
        name: the encoding's name (also used in messages).
        fields: the file's fields of the pieces, scores and types, for messages.

    Returns:
        The encoding; ``post_process`` adds ``<s>`` when the model has it.

    Raises:
        VocabFileError: for pieces ``sentencepiece_model.check_pieces`` refuses (an empty,
            repeated, too long or malformed piece, a score that is NaN or infinite, no or
            several UNKNOWN pieces, BYTE pieces that do not match ``byte_fallback``), or a
            damaged precompiled map.
    """
    check_pieces(model, name, fields)
    unk = next(i for i, p in enumerate(model.pieces) if p.type == "UNKNOWN")
    # a CONTROL piece decodes to nothing, the unknown one to " ⁇ ", as the library does
    table, special, _ = piece_table(model, name, control=b"",
                                    unknown=UNKNOWN_SURFACE.encode("utf-8"))
    normalizer = model_normalizer(model, name)
    encoder = UnigramEncoder(
        [p.piece for p in model.pieces], [p.score for p in model.pieces],
        types=[p.type for p in model.pieces], unk_id=unk, byte_fallback=model.byte_fallback,
        flavour="sentencepiece")
    bos = special.get("<s>")
    return Encoding(
        name, vocab=table, model=encoder, pre_tokenizer=Sequence([]), normalizer=normalizer,
        post_processor=TemplateProcessing((bos,)) if bos is not None else None,
        decoder=model_decoder(model, special),
    )


def model_normalizer(model: SentencePieceModel, name: str) -> SentencePieceNormalizer:
    """The library's normalizer of ``model`` (its ``normalizer_spec``: the precompiled map,
    the whitespace flags, the USER_DEFINED pieces kept whole); used for both model types.

    Raises:
        VocabFileError: for a damaged precompiled map (named).
    """
    try:
        charsmap = CharsMap(model.precompiled_charsmap) if model.precompiled_charsmap else None
    except ValueError as e:
        raise VocabFileError(f"{name}: normalizer_spec.{e}") from e
    return SentencePieceNormalizer(
        charsmap, add_dummy_prefix=model.add_dummy_prefix,
        remove_extra_whitespaces=model.remove_extra_whitespaces,
        escape_whitespaces=model.escape_whitespaces,
        user_defined=[p.piece for p in model.pieces if p.type == "USER_DEFINED"])


def model_decoder(model: SentencePieceModel, special: dict[str, int]
                  ) -> SentencePieceStrip | None:
    """The library's decoding of ``model``: leading spaces removed as it removes them (None
    when neither a dummy prefix nor removed extra spaces ask for it).

    Args:
        model: the model read.
        special: its CONTROL and UNKNOWN pieces' ids (``piece_table``'s second value).
    """
    if not (model.add_dummy_prefix or model.remove_extra_whitespaces):
        return None
    return SentencePieceStrip(model.remove_extra_whitespaces,
                              frozenset(i for i, p in enumerate(model.pieces)
                                        if p.type == "BYTE"),
                              frozenset(special.values()))
