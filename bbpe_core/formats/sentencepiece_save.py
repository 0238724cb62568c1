"""Saving SentencePiece encodings: a ``.model`` the ``sentencepiece`` library loads, and a
``tokenizer.json`` HF tokenizers loads, both giving the encoding's ids.

``sentencepiece_model_of`` reads an ``Encoding`` back into a ``SentencePieceModel`` (what
``sentencepiece_model`` reads and writes):

- pieces in id order; types from the encoding's parts: special tokens are CONTROL (the
  encoder's unknown piece UNKNOWN), added tokens and the encoder's user-defined pieces
  USER_DEFINED, byte-fallback pieces BYTE, the rest NORMAL;
- scores: the ``.model``'s own when the encoding was read from one; for a tokenizer.json
  (Gemma), each piece's score is minus the rank of the first merge that makes it (what
  ``bpe_model.cc`` needs: the merged piece of higher score first), and pieces no merge
  makes score below every merge;
- normalizer: ``identity`` with ``add_dummy_prefix`` / ``escape_whitespaces`` from its
  ``Prepend("▁")`` / ``Replace(" ", "▁")`` steps; anything else is refused by name.

A Unigram encoding of the sentencepiece flavour (``sentencepiece_unigram``: read from a
``.model``, or trained) gives back its pieces, types, scores (USER_DEFINED ones 0, as
sentencepiece writes them) and normalizer (the precompiled map's bytes rebuilt from
``precompiled.CharsMap``; the normalizer's name is not kept: ``precompiled`` is written,
the library reads the map, not the name).

Byte fallback without all 256 BYTE pieces is refused by name (``model_interface.cc``,
``ModelInterface::InitializePieces``, refuses such a ``.model``). Gemma 2's tokenizer.json
has ``\t`` at id 226 where ``<0x09>`` would be; writing that piece as ``<0x09>`` (BYTE) would
satisfy the rule with the same ids for tabs (the library's BPE never needs a one-character
piece for a merge, and an ASCII character that is not a piece falls back to its one byte
piece), but Gemma 2's runs of ``▁`` (ids 139-168) are added tokens in its tokenizer.json and
would be USER_DEFINED pieces in a ``.model``, which the library matches longest first: 33
spaces give 31 + 2 there, 16 + 17 in HF. So Gemma 2 is written as tokenizer.json only.

``tokenizer_json_of_model`` writes the converter's layout (transformers'
``convert_slow_tokenizer.py``: a ``Precompiled`` normalizer with the map in base64 when the
model has one (after a ``Replace`` of CR LF where HF would read that cluster otherwise than
sentencepiece, ``_precompiled_steps``), ``Prepend`` + ``Replace``, no pre-tokenizer (the
library does not split the text), a ``BPE`` with byte fallback whose merges are
``generate_merges`` of the vocabulary ordered by piece score, or a ``Unigram`` with the
pieces' scores; CONTROL pieces are special added tokens, USER_DEFINED ones non-special).
Not written: a pre-tokenizer (Gemma 3's ``Split`` is dropped on loading only when it can
never match, ``hf_char_bpe``), ``remove_extra_whitespaces``. A Unigram encoding read from a
tokenizer.json (T5, umT5) is written with its own stages (``unigram_json``) and is not
written as a ``.model`` (see ``_unigram_model_of``).

Where the two libraries differ, a Unigram tokenizer.json of a ``.model`` (Jurassic-2, a
trained or extended one) cannot be exact: HF matches every piece, so a text that spells a
BYTE piece (``<0x41>``) gets that piece, where sentencepiece never matches it; HF applies
the precompiled map per grapheme cluster (``precompiled``), sentencepiece by longest match,
which differ on some clusters of several characters (Hangul jamo; CR LF is made the same); HF
sums scores in 64 bits, sentencepiece in 32 (a near tie may break the other way).
"""

from __future__ import annotations

import base64
import os

from ..encoding import Encoding
from ..models.base import SENTENCEPIECE_BPE, UNIGRAM
from ..models.unigram.model import UnigramEncoder
from ..normalizers.precompiled import CharsMap, HFPrecompiled
from ..normalizers.replace import SPACE_MARK, Prepend, Replace
from ..normalizers.sentencepiece import SentencePieceNormalizer
from .sentencepiece_model import Piece, SentencePieceModel, write_sentencepiece_model
from .unigram_json import charsmap_bytes, dumps_tokenizer_json, hf_unigram_tokenizer_json

__all__ = [
    "generate_merges",
    "save_sentencepiece_model",
    "save_sentencepiece_tokenizer_json",
    "sentencepiece_model_of",
    "tokenizer_json_of_model",
]


def _spec_fields(norm: SentencePieceNormalizer) -> dict:
    """The ``normalizer_spec`` fields of the library's normalizer."""
    charsmap = charsmap_bytes(norm.charsmap)
    return {"normalizer_name": "precompiled" if charsmap else "identity",
            "precompiled_charsmap": charsmap, "add_dummy_prefix": norm.add_dummy_prefix,
            "remove_extra_whitespaces": norm.remove_extra_whitespaces,
            "escape_whitespaces": norm.escape_whitespaces}


def _normalizer_fields(enc: Encoding) -> dict:
    """The ``normalizer_spec`` fields of a SentencePiece BPE encoding's normalizer: the
    library's own (``SentencePieceNormalizer``), or ``identity`` with the flags its steps say.

    Raises:
        ValueError: for a step a ``.model``'s ``identity`` normalizer cannot say.
    """
    if isinstance(enc.normalizer, SentencePieceNormalizer):
        return _spec_fields(enc.normalizer)
    steps = [] if enc.normalizer is None else getattr(enc.normalizer, "steps", [enc.normalizer])
    prefix = escape = False
    for step in steps:
        if isinstance(step, Prepend) and step.prepend == SPACE_MARK and not step.unless_present:
            prefix = True
        elif isinstance(step, Replace) and (step.pattern, step.content) == (" ", SPACE_MARK):
            escape = True
        else:
            raise ValueError(f"{enc.name}: a .model cannot hold the normalizer step {step!r}")
    return {"normalizer_name": "identity", "precompiled_charsmap": b"",
            "add_dummy_prefix": prefix, "remove_extra_whitespaces": False,
            "escape_whitespaces": escape}


def _merge_scores(merges: list[tuple[str, str]]) -> dict[str, float]:
    """Piece -> minus the rank of the first merge that makes it."""
    scores: dict[str, float] = {}
    for rank, (left, right) in enumerate(merges):
        scores.setdefault(left + right, -float(rank))
    return scores


def _unigram_model_of(enc: Encoding, encoder: UnigramEncoder) -> SentencePieceModel:
    """The ``.model`` contents of a Unigram encoding read from a ``.model`` or trained."""
    norm = enc.normalizer
    if encoder.flavour != "sentencepiece" or not isinstance(norm, SentencePieceNormalizer) \
            or encoder.pre_tokenizer is not None:
        raise ValueError(
            f"{enc.name}: a Unigram encoding read from a tokenizer.json cannot be written as a "
            ".model: sentencepiece cannot say HF's stages (its Precompiled map applied per "
            "grapheme cluster, Metaspace's prefix unless present and split at each ▁, "
            "' {2,}' collapsed without stripping the ends, every piece matched, 64-bit scores)")
    scores = [0.0 if t == "USER_DEFINED" else s for s, t in zip(encoder.scores, encoder.types)]
    return SentencePieceModel(
        pieces=tuple(map(Piece, encoder.pieces, scores, encoder.types)), model_type="UNIGRAM",
        byte_fallback=encoder.byte_fallback, **_spec_fields(norm))


def sentencepiece_model_of(enc: Encoding) -> SentencePieceModel:
    """The ``.model`` contents of a SentencePiece BPE or Unigram encoding (see the module).

    Args:
        enc: an encoding whose model is ``CharBPEEncoder`` (Llama 2, Mistral 7B, Gemma, an
            extended one) or a ``UnigramEncoder`` of the sentencepiece flavour (read from a
            ``.model`` or trained).

    Returns:
        Its pieces (id order, every id from 0 to ``n_vocab - 1``), scores, types and settings.

    Raises:
        ValueError: for another model, a pre-tokenizer, a normalizer step a ``.model``
            cannot hold, or a gap in the ids.
    """
    encoder = enc.encoder
    if encoder.model_kind == UNIGRAM:
        return _unigram_model_of(enc, encoder)
    if encoder.model_kind != SENTENCEPIECE_BPE:
        raise ValueError(f"{enc.name}: not a SentencePiece encoding "
                         f"(its model is {encoder.model_kind})")
    if encoder.pre_tokenizer is not None:
        raise ValueError(f"{enc.name}: a .model cannot hold its pre-tokenizer")
    normalizer = _normalizer_fields(enc)
    table = enc.vocab
    missing = next((i for i in range(enc.n_vocab) if i not in table.pieces), None)
    if missing is not None:
        raise ValueError(f"{enc.name}: id {missing} has no piece (a .model has no gaps)")
    if encoder.scores is not None:
        scores = encoder.scores
    else:
        scores = _merge_scores(encoder.merges or [])
    floor = min(scores.values(), default=0.0) - 1.0
    byte_ids = set(encoder.byte_ids.values())
    pieces = []
    for i in range(enc.n_vocab):
        piece = table.pieces[i]
        if piece in table.special_tokens:
            kind = "UNKNOWN" if i == encoder.unk_id else "CONTROL"
        elif i in byte_ids:
            kind = "BYTE"
        elif piece in table.added_tokens or piece in encoder.user_defined:
            kind = "USER_DEFINED"
        else:
            kind = "NORMAL"
        score = scores.get(piece, 0.0 if kind != "NORMAL" or len(piece) == 1 else floor)
        pieces.append(Piece(piece, score, kind))
    return SentencePieceModel(
        pieces=tuple(pieces), model_type="BPE", byte_fallback=bool(byte_ids), **normalizer)


def save_sentencepiece_model(enc: Encoding | SentencePieceModel, path: str | os.PathLike) -> None:
    """Write a SentencePiece ``.model`` that the ``sentencepiece`` library loads to give
    ``enc``'s ids (``encode`` there equals ``encode_ordinary`` here).

    Args:
        enc: the encoding (see ``sentencepiece_model_of``), or a model already built (a
            trained Unigram's).
        path: the file to write (overwritten).

    Raises:
        ValueError: if ``enc`` cannot be written as a ``.model`` (the reason named), among
            them byte fallback without all 256 byte pieces.
    """
    model = enc if isinstance(enc, SentencePieceModel) else sentencepiece_model_of(enc)
    byte_pieces = sum(p.type == "BYTE" for p in model.pieces)
    if model.byte_fallback and byte_pieces != 256:
        raise ValueError(f"{getattr(enc, 'name', 'model')}: byte fallback with {byte_pieces} "
                         "byte pieces (sentencepiece needs all 256 in a .model)")
    data = write_sentencepiece_model(model)
    with open(path, "wb") as f:
        f.write(data)


def generate_merges(model: SentencePieceModel, only: set[str] | None = None
                    ) -> list[list[str]]:
    """Every ``(left, right)`` whose concatenation is a NORMAL piece, both parts pieces,
    by the merged piece's score (highest first), then longer left parts, then ids
    (transformers' ``generate_merges`` with ``vocab_scores``); with ``only``, just those
    whose concatenation is in ``only`` (an extension's new pieces)."""
    ids = {p.piece: i for i, p in enumerate(model.pieces) if p.type == "NORMAL" or p.type == "BYTE"}
    found: list[tuple[float, int, int, str, str]] = []
    for p in model.pieces:
        if p.type != "NORMAL" or (only is not None and p.piece not in only):
            continue
        local = [(p.piece[:k], p.piece[k:]) for k in range(1, len(p.piece))
                 if p.piece[:k] in ids and p.piece[k:] in ids]
        local.sort(key=lambda pair: (ids[pair[0]], ids[pair[1]]))
        found.extend((-p.score, -len(left), -len(right), left, right) for left, right in local)
    found.sort(key=lambda item: item[:3])  # stable: ties keep the id order
    return [[left, right] for *_, left, right in found]


def _longest_match_map(charsmap: CharsMap, text: str) -> str:
    """``text`` through the map as sentencepiece applies it (longest rule at each place)."""
    out, pos = [], 0
    while pos < len(text):
        found = charsmap.longest_match(text, pos)
        out.append(found[1] if found else text[pos])
        pos += found[0] if found else 1
    return "".join(out)


def _precompiled_steps(data: bytes) -> list[dict]:
    """The ``Precompiled`` normalizer of a map (none for no map), after a ``Replace`` of
    CR LF by what sentencepiece makes of it when HF's reading differs: CR LF is one
    grapheme cluster, which HF replaces whole by its first character's rule (Jurassic-2:
    one space where sentencepiece writes two)."""
    if not data:
        return []
    charsmap = CharsMap(data)
    steps = []
    crlf = _longest_match_map(charsmap, "\r\n")
    if crlf != HFPrecompiled(charsmap).normalize("\r\n"):
        steps.append({"type": "Replace", "pattern": {"String": "\r\n"}, "content": crlf})
    return steps + [{"type": "Precompiled",
                     "precompiled_charsmap": base64.b64encode(data).decode("ascii")}]


def tokenizer_json_of_model(model: SentencePieceModel,
                            merges: list[tuple[str, str]] | None = None) -> dict:
    """A tokenizer.json document (HF tokenizers' layout) for a BPE or Unigram ``.model``.

    Args:
        model: the pieces and settings; its normalizer must be ``identity``.
        merges: a BPE's merge list as read from a tokenizer.json (kept as it is), or None
            to generate it from the pieces' scores.

    Returns:
        The JSON object, ready for ``unigram_json.dumps_tokenizer_json``.

    Raises:
        ValueError: for a precompiled normalizer, ``remove_extra_whitespaces``, or a model
            type other than BPE and UNIGRAM.
    """
    if model.remove_extra_whitespaces:
        raise ValueError("tokenizer.json: remove_extra_whitespaces is not written (HF's Strip "
                         "and Replace steps strip other whitespace than sentencepiece does)")
    steps = _precompiled_steps(model.precompiled_charsmap) + (
        [{"type": "Prepend", "prepend": SPACE_MARK}] if model.add_dummy_prefix else []) + (
        [{"type": "Replace", "pattern": {"String": " "}, "content": SPACE_MARK}]
        if model.escape_whitespaces else [])
    unk = next((i for i, p in enumerate(model.pieces) if p.type == "UNKNOWN"), None)
    if model.model_type == "BPE":
        body = {
            "type": "BPE", "dropout": None,
            "unk_token": model.pieces[unk].piece if unk is not None else None,
            "continuing_subword_prefix": None, "end_of_word_suffix": None,
            "fuse_unk": True, "byte_fallback": model.byte_fallback, "ignore_merges": False,
            "vocab": {p.piece: i for i, p in enumerate(model.pieces)},
            "merges": ([list(pair) for pair in merges] if merges is not None
                       else generate_merges(model)),
        }
    elif model.model_type == "UNIGRAM":
        body = {"type": "Unigram", "unk_id": unk, "byte_fallback": model.byte_fallback,
                "vocab": [[p.piece, p.score] for p in model.pieces]}
    else:
        raise ValueError(f"tokenizer.json: model_type {model.model_type} is not written")
    decoders = [{"type": "Replace", "pattern": {"String": SPACE_MARK}, "content": " "},
                {"type": "ByteFallback"}, {"type": "Fuse"}]
    if model.add_dummy_prefix:
        decoders.append({"type": "Strip", "content": " ", "start": 1, "stop": 0})
    return {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [
            {"id": i, "content": p.piece, "single_word": False, "lstrip": False,
             "rstrip": False, "normalized": False, "special": p.type != "USER_DEFINED"}
            for i, p in enumerate(model.pieces)
            if p.type in ("CONTROL", "UNKNOWN", "USER_DEFINED")],
        "normalizer": {"type": "Sequence", "normalizers": steps} if steps else None,
        "pre_tokenizer": None, "post_processor": None,
        "decoder": {"type": "Sequence", "decoders": decoders},
        "model": body,
    }


def save_sentencepiece_tokenizer_json(enc: Encoding | SentencePieceModel,
                                      path: str | os.PathLike) -> None:
    """Write the tokenizer.json of a SentencePiece encoding or model
    (``tokenizer_json_of_model``; a Unigram read from a tokenizer.json:
    ``unigram_json.hf_unigram_tokenizer_json``); HF tokenizers gives ``enc.encode(text,
    allowed_special="all")``'s ids, except where the module says the libraries differ. A BPE
    encoding read from a tokenizer.json keeps its merge list.

    Args:
        enc: the encoding or model.
        path: the file to write (overwritten).

    Raises:
        ValueError: as ``sentencepiece_model_of``, ``tokenizer_json_of_model`` and
            ``hf_unigram_tokenizer_json``.
    """
    if isinstance(enc, SentencePieceModel):
        doc = tokenizer_json_of_model(enc)
    elif enc.model_kind == UNIGRAM and enc.encoder.flavour == "hf":
        doc = hf_unigram_tokenizer_json(enc)
    else:
        model = sentencepiece_model_of(enc)
        doc = tokenizer_json_of_model(model, enc.encoder.merges if model.model_type == "BPE"
                                      else None)
    with open(path, "w", encoding="utf-8") as f:
        f.write(dumps_tokenizer_json(doc))
