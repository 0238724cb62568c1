"""HF ``tokenizer.json`` with a ``Unigram`` model (T5 / Flan-T5, umT5, XLM-R, ALBERT-style
files converted from a SentencePiece ``.model``).

``hf_json.load_hf_tokenizer_json`` hands a file here when ``model.type`` is ``Unigram``.
Accepted, as HF tokenizers reads them (``models/unigram/serialization.rs``,
``normalizers``, ``pre_tokenizers/metaspace.rs``, ``decoders``):

- model: ``vocab`` (a list of ``[piece, score]``, scores as HF's JSON parser reads them:
  ``serde_f64``), ``unk_id`` (an id or null), ``byte_fallback`` (optional); encoded by ``encoders.unigram.UnigramEncoder`` with the
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
from ..pre_tokenizers import MarkSplit, Sequence
from ..replace_normalizers import SPACE_MARK, NormalizerSequence
from ..token_table import TokenTable
from .hf_char_bpe import byte_value, metaspace_stage, normalizer_steps, piece_decoder
from .hf_stages import added_tokens, post_processor, refuse
from .source import VocabFileError

__all__ = ["load_hf_unigram", "serde_f64"]


_POW10 = [float(f"1e{k}") for k in range(309)]


def serde_f64(value: float) -> float:
    """``value`` as HF tokenizers reads it from JSON: serde_json's default float parser
    (``de.rs``, ``f64_from_parts``, without ``float_roundtrip``) turns the digits into an
    integer, converts it to a float, then multiplies or divides by a power of ten, so a
    17-digit score can come out one unit in the last place off the correctly rounded value
    Python reads; Unigram ties then break differently. The digits are ``repr(value)``, the
    shortest form that reads back as ``value``, which is how HF and Python write scores.

    >>> serde_f64(-12.130167007446289) == -12.130167007446289
    False
    """
    text = repr(value)
    mantissa, _, exp = text.lstrip("-").partition("e")
    whole, _, fraction = mantissa.partition(".")
    significand = int(whole + fraction)
    exponent = (int(exp) if exp else 0) - len(fraction)
    if significand <= 1 << 53 and abs(exponent) <= 22:
        return value  # both steps exact or correctly rounded: Python's value
    f = float(significand)
    while abs(exponent) > 308 and f != 0.0:
        f /= 1e308
        exponent += 308
    if abs(exponent) <= 308:
        f = f * _POW10[exponent] if exponent >= 0 else f / _POW10[-exponent]
    return -f if text.startswith("-") else f


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
        scores.append(serde_f64(entry[1]) if isinstance(entry[1], float) else float(entry[1]))
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
    if split is not None:  # Split on ▁ with MergedWithNext, in one scan
        split = MarkSplit(SPACE_MARK)
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
