"""HF ``tokenizer.json`` with a ``Unigram`` model (T5 / Flan-T5, umT5, XLM-R, ALBERT-style
files converted from a SentencePiece ``.model``).

``hf_json.load_hf_tokenizer_json`` hands a file here when ``model.type`` is ``Unigram``.
Accepted, as HF tokenizers reads them (``models/unigram/serialization.rs``,
``normalizers``, ``pre_tokenizers/metaspace.rs``, ``decoders``):

- model: ``vocab`` (a list of ``[piece, score]``; ``hf_json`` reads scores as HF's JSON parser
  does, ``serde_float``), ``unk_id`` (an id or null), ``byte_fallback`` (optional); encoded
  by ``encoders.unigram.UnigramEncoder`` with the ``hf`` flavour, one Metaspace chunk at a
  time;
- normalizer: ``Precompiled`` (HF's reading of the map, ``precompiled.HFPrecompiled``),
  ``Replace`` (``String`` or ``Regex``), ``Prepend``, a Unicode form, or a ``Sequence``;
- pre-tokenizer: ``Metaspace`` (``prepend_scheme`` always or never, older files'
  ``add_prefix_space``), as ``hf_char_bpe`` reads it; or ``Sequence([WhitespaceSplit,
  Metaspace(always, split)])``, what transformers 5 builds for T5 and XLM-R (the whitespace
  split written as normalizer steps: ``whitespace_split_steps``);
- decoder: ``Metaspace``, or the ``Replace`` / ``ByteFallback`` / ``Fuse`` / ``Strip``
  sequence; post-processor and added tokens as for every tokenizer.json.

Anything else is refused with a ``VocabFileError`` naming it.
"""

from __future__ import annotations

from itertools import repeat

import regex

from ..encoding import Encoding
from ..models.unigram.model import UnigramEncoder
from ..normalizers.replace import SPACE_MARK, NormalizerSequence, Prepend, RegexReplace
from ..pre_tokenizers import MarkSplit, PreTokenizer, Sequence
from ..source import VocabFileError
from ..token_table import TokenTable, byte_value
from ..validate import check_piece_texts, check_scores
from .hf_char_bpe import metaspace_stage, normalizer_steps, piece_decoder
from .hf_stages import added_tokens, post_processor, refuse

__all__ = ["WHITESPACE_SPLIT", "load_hf_unigram", "serde_float", "unigram_encoding",
           "whitespace_split_steps"]

WHITESPACE_SPLIT = {"type": "Sequence", "pretokenizers": [
    {"type": "WhitespaceSplit"},
    {"type": "Metaspace", "replacement": SPACE_MARK, "prepend_scheme": "always", "split": True}]}
"""The pre-tokenizer transformers 5.25.0's ``T5Tokenizer`` and ``XLMRobertaTokenizer`` build
(``models/t5/tokenization_t5.py``, ``models/xlm_roberta/tokenization_xlm_roberta.py``), as a
tokenizer.json writes it."""

_WHITESPACE = r"\p{White_Space}+"


def whitespace_split_steps() -> list:
    """Normalizer steps that, before a ``MarkSplit("▁")``, give the chunks of
    ``WHITESPACE_SPLIT``: HF's ``WhitespaceSplit`` drops every run of ``char::is_whitespace``
    characters (the White_Space property; ``pre_tokenizers/whitespace.rs``), then
    ``Metaspace`` puts ``▁`` before each word that does not start with one and splits before
    every ``▁`` (``metaspace.rs``). Dropping the runs at either end and before a word that
    starts with ``▁``, writing each other run as one ``▁`` and putting ``▁`` first (unless
    there) makes the words' chunks, side by side."""
    return [RegexReplace(f"^{_WHITESPACE}|{_WHITESPACE}$|{_WHITESPACE}(?={SPACE_MARK})", ""),
            RegexReplace(_WHITESPACE, SPACE_MARK), Prepend(SPACE_MARK, unless_present=True)]


def is_whitespace_split(steps: list) -> bool:
    """Whether ``steps`` end with ``whitespace_split_steps()``."""
    return len(steps) >= 3 and list(map(repr, steps[-3:])) == list(
        map(repr, whitespace_split_steps()))


_POW10 = [float(f"1e{k}") for k in range(309)]
_U64 = (1 << 64) - 1
_NUMBER = regex.compile(r"-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?")


def serde_float(text: str) -> float:
    """A JSON number as HF tokenizers reads it (``json.loads``' ``parse_float``): serde_json's
    default parser (``de.rs``: ``parse_integer``, ``parse_decimal``, ``f64_from_parts``,
    without ``float_roundtrip``) gathers up to 19 or 20 digits into an integer, converts it
    to a float, then multiplies or divides by a power of ten, so a 17-digit score can be one
    unit in the last place off the correctly rounded value; Unigram ties then break by it.

    >>> serde_float("-12.130167007446289") == float("-12.130167007446289")
    False
    >>> serde_float("0.5"), serde_float("1e-320")
    (0.5, 1e-320)
    """
    size = len(text)
    plain = "e" not in text and "E" not in text
    if size <= 17 and plain:
        return float(text)  # at most 15 digits: both steps exact or rounded once
    dot = text.find(".")
    if plain and 0 < dot and size <= 20:  # at most 19 digits, at most 18 places
        # the integer of the digits to a float (rounded once), then divided by an exact
        # power of ten: int / float converts the int as float() does
        if text[0] == "-":
            return -(int(text[1:dot] + text[dot + 1:]) / _POW10[size - dot - 1])
        return int(text[:dot] + text[dot + 1:]) / _POW10[size - dot - 1]
    match = _NUMBER.fullmatch(text)
    if match is None:
        return float(text)
    whole, fraction, exp = match.group(1), match.group(2) or "", match.group(3)
    significand, used = 0, 0
    for digit in map(int, whole + fraction):
        if significand > (_U64 - digit) // 10:
            break  # serde ignores the digits that would overflow a u64
        significand = significand * 10 + digit
        used += 1
    exponent = (int(exp) if exp else 0) + max(len(whole) - used, 0) - max(used - len(whole), 0)
    f = float(significand)
    while abs(exponent) > 308 and f != 0.0:
        if exponent > 0:
            return float(text)  # serde refuses it as out of range; so does json here
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
    if set(map(type, vocab)) == {list} and set(map(len, vocab)) == {2}:
        pieces, scores = map(list, zip(*vocab))
        if set(map(type, pieces)) == {str} and set(map(type, scores)) <= {float, int}:
            return pieces, list(map(float, scores))
    for k, entry in enumerate(vocab):  # name the first bad entry
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], str)
                or type(entry[1]) not in (float, int)):
            raise VocabFileError(f"{name}: model.vocab[{k}] is not [piece, score]: "
                                 f"{str(entry)[:80]}")
    raise AssertionError("unreachable: every entry was checked")


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
    pieces, scores = _vocab(doc["model"], name)
    return unigram_encoding(doc, pieces, scores, name)


def unigram_encoding(doc: dict, pieces: list[str], scores: list[float], name: str
                     ) -> Encoding:
    """Build an ``Encoding`` from a tokenizer.json's sections and its Unigram vocabulary, read
    apart (``load_hf_unigram`` from ``model.vocab``; ``packed_unigram`` from its arrays).

    Args:
        doc: the file's JSON object (``model.vocab`` is not read).
        pieces: the pieces in id order.
        scores: each piece's score (a float, as HF's parser reads it).
        name: the encoding's name (also used in messages).

    Raises:
        VocabFileError: naming the field that is malformed (a piece of
            ``validate.MAX_PIECE_BYTES`` bytes or more, a score that is not finite) or the
            component not reproduced.
    """
    model = doc["model"]
    try:  # the piece-length cap of every loader; JSON has no NaN, json.loads reads one
        check_piece_texts(pieces, "model.vocab", empty=True)
        check_scores(scores, pieces, "model.vocab")
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from e
    unk = _unk_id(model, len(pieces), name)
    byte_fallback = model.get("byte_fallback", False)
    if not isinstance(byte_fallback, bool):
        raise VocabFileError(f"{name}: model.byte_fallback must be true or false")
    pre = doc.get("pre_tokenizer")
    split: PreTokenizer | None
    if pre == WHITESPACE_SPLIT:
        extra, split = whitespace_split_steps(), MarkSplit(SPACE_MARK)
    elif pre is not None and not (isinstance(pre, dict) and pre.get("type") == "Metaspace"):
        raise refuse(name, f"a Unigram model with the pre_tokenizer {str(pre)[:120]}")
    else:
        extra, split = metaspace_stage(pre, name)
    if split is not None:  # Split on ▁ with MergedWithNext, in one scan
        split = MarkSplit(SPACE_MARK)
    steps = normalizer_steps(doc.get("normalizer"), name) + extra
    strip = piece_decoder(doc.get("decoder"), name) if doc.get("decoder") is not None else None
    special, plain = added_tokens(doc.get("added_tokens"), name)
    token_bytes = dict(enumerate(map(str.encode, map(str.replace, pieces, repeat(SPACE_MARK),
                                                     repeat(" ")))))
    surface = dict(enumerate(map(str.encode, pieces)))
    for i, piece in enumerate(pieces if byte_fallback else ()):
        try:
            value = byte_value(piece)
        except ValueError as e:
            raise VocabFileError(f"{name}: model.vocab[{i}]: {e}") from e
        if value is not None:
            token_bytes[i] = surface[i] = bytes([value])
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
    return Encoding(
        name, vocab=table, model=encoder,
        pre_tokenizer=split if split is not None else Sequence([]),
        normalizer=NormalizerSequence(steps) if steps else None,
        post_processor=post_processor(doc.get("post_processor"), name), decoder=strip,
    )
