"""HF ``tokenizer.json`` with a ``Unigram`` model (T5 / Flan-T5, umT5, XLM-R, ALBERT-style
files converted from a SentencePiece ``.model``).

``hf_json.load_hf_tokenizer_json`` hands a file here when ``model.type`` is ``Unigram``.
Accepted, as HF tokenizers reads them (``models/unigram/serialization.rs``,
``normalizers``, ``pre_tokenizers/metaspace.rs``, ``decoders``):

- model: ``vocab`` (a list of ``[piece, score]``), ``unk_id`` (an id or null),
  ``byte_fallback`` (optional); encoded by ``encoders.unigram.UnigramEncoder`` with the
  ``hf`` flavour, one Metaspace chunk at a time;
- normalizer: ``Precompiled`` (HF's reading of the map, ``precompiled.HFPrecompiled``),
  ``Replace`` (``String`` or ``Regex``), ``Prepend``, a Unicode form, or a ``Sequence``;
- pre-tokenizer: ``Metaspace`` (``prepend_scheme`` always or never, older files'
  ``add_prefix_space``), as ``hf_char_bpe`` reads it;
- decoder: ``Metaspace``, or the ``Replace`` / ``ByteFallback`` / ``Fuse`` / ``Strip``
  sequence; post-processor and added tokens as for every tokenizer.json.

Anything else is refused with a ``VocabFileError`` naming it.
"""

from __future__ import annotations

from ..encoders.unigram import UnigramEncoder
from ..encoding import Encoding
from ..pre_tokenizers import Sequence
from ..replace_normalizers import SPACE_MARK, NormalizerSequence
from ..token_table import TokenTable
from .hf_char_bpe import byte_value, metaspace_stage, normalizer_steps, piece_decoder
from .hf_stages import added_tokens, post_processor, refuse
from .source import VocabFileError

__all__ = ["load_hf_unigram"]


def _vocab(model: dict, name: str) -> tuple[list[str], list[float]]:
    """``model.vocab`` as pieces and scores, every entry checked."""
    vocab = model.get("vocab")
    if not isinstance(vocab, list) or not vocab:
        raise VocabFileError(f"{name}: model.vocab must be a non-empty list of [piece, score]")
    pieces: list[str] = []
    scores: list[float] = []
    for k, entry in enumerate(vocab):
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], str)
                or isinstance(entry[1], bool) or not isinstance(entry[1], (int, float))):
            raise VocabFileError(f"{name}: model.vocab[{k}] is not [piece, score]: "
                                 f"{str(entry)[:80]}")
        pieces.append(entry[0])
        scores.append(float(entry[1]))
    return pieces, scores


def _unk_id(model: dict, size: int, name: str) -> int | None:
    unk = model.get("unk_id")
    if unk is None:
        return None
    if isinstance(unk, bool) or not isinstance(unk, int) or not 0 <= unk < size:
        raise VocabFileError(f"{name}: model.unk_id must be null or an id below {size}, "
                             f"not {unk!r}")
    return unk


def load_hf_unigram(doc: dict, name: str) -> Encoding:
    """Build an ``Encoding`` from a parsed tokenizer.json whose model is ``Unigram``.

    Args:
        doc: the file's JSON object.
        name: the encoding's name (also used in messages).

    Raises:
        VocabFileError: naming the field that is malformed or the component not
            reproduced.
    """
    model = doc["model"]
    pieces, scores = _vocab(model, name)
    unk = _unk_id(model, len(pieces), name)
    byte_fallback = model.get("byte_fallback", False)
    if not isinstance(byte_fallback, bool):
        raise VocabFileError(f"{name}: model.byte_fallback must be true or false")
    pre = doc.get("pre_tokenizer")
    if pre is not None and not (isinstance(pre, dict) and pre.get("type") == "Metaspace"):
        raise refuse(name, f"a Unigram model with the pre_tokenizer {str(pre)[:120]}")
    extra, split = metaspace_stage(pre, name)
    steps = normalizer_steps(doc.get("normalizer"), name) + extra
    strip = piece_decoder(doc.get("decoder"), name) if doc.get("decoder") is not None else None
    special, plain = added_tokens(doc.get("added_tokens"), name)
    token_bytes: dict[int, bytes] = {}
    surface: dict[int, bytes] = {}
    for i, piece in enumerate(pieces):
        value = byte_value(piece) if byte_fallback else None
        if value is not None:
            token_bytes[i] = surface[i] = bytes([value])
        else:
            token_bytes[i] = piece.replace(SPACE_MARK, " ").encode("utf-8")
            surface[i] = piece.encode("utf-8")
    table_pieces = dict(enumerate(pieces))
    for text, i in {**plain, **special}.items():
        if table_pieces.setdefault(i, text) != text:
            raise VocabFileError(f"{name}: added token {text!r} has the id {i} of the piece "
                                 f"{table_pieces[i]!r}")
    encoder = UnigramEncoder(pieces, scores, unk_id=unk, byte_fallback=byte_fallback,
                             flavour="hf", pre_tokenizer=split)
    try:
        table = TokenTable(name, table_pieces, token_bytes, special, plain, surface=surface)
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from e
    return Encoding.from_model(
        name, table=table, encoder=encoder,
        pre_tokenizer=split if split is not None else Sequence([]),
        normalizer=NormalizerSequence(steps) if steps else None,
        post_processor=post_processor(doc.get("post_processor"), name), decoder=strip,
    )
