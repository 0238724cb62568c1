"""SentencePiece ``.model`` files: our own reader of the protobuf wire format.

A ``.model`` is a serialized ``ModelProto`` (sentencepiece's ``sentencepiece_model.proto``).
We read the fields a BPE model with byte fallback needs and skip every other one:

- ``pieces`` (field 1): ``piece`` (1, string), ``score`` (2, float), ``type`` (3, enum:
  NORMAL, UNKNOWN, CONTROL, USER_DEFINED, BYTE, UNUSED; NORMAL if absent);
- ``trainer_spec`` (2): ``model_type`` (3: UNIGRAM if absent, BPE, WORD, CHAR),
  ``byte_fallback`` (35, false if absent);
- ``normalizer_spec`` (3): ``name`` (1), ``precompiled_charsmap`` (2),
  ``add_dummy_prefix`` (3), ``remove_extra_whitespaces`` (4), ``escape_whitespaces`` (5),
  all three true if absent (proto2 defaults).

Wire format: protocol buffers' encoding (varints, 32- and 64-bit fields, length-delimited
fields; groups are refused). Damaged input raises ``VocabFileError``, never another error.
This module builds no encoding (see ``formats.sentencepiece``).
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterator
from dataclasses import dataclass

from ..validate import MAX_VOCAB_ENTRIES, check_whole_tokens
from .source import VocabFileError, read_bytes

__all__ = ["BYTE_PIECES", "MAX_PIECES", "MAX_PIECE_BYTES", "PIECE_TYPES", "MODEL_TYPES", "Piece",
           "SentencePieceModel", "read_sentencepiece_model"]

PIECE_TYPES = {1: "NORMAL", 2: "UNKNOWN", 3: "CONTROL", 4: "USER_DEFINED", 5: "UNUSED", 6: "BYTE"}
"""``ModelProto.SentencePiece.Type`` values and names."""

MODEL_TYPES = {1: "UNIGRAM", 2: "BPE", 3: "WORD", 4: "CHAR"}
"""``TrainerSpec.ModelType`` values and names."""

BYTE_PIECES = {f"<0x{b:02X}>": b for b in range(256)}
"""The byte pieces and their bytes: exactly ``<0x%02X>`` (sentencepiece's ``ByteToPiece`` and
``PieceToByte``, ``model_interface.cc``), so ``<0xe4>`` or ``<0x+1>`` is no byte piece."""

MAX_PIECES = MAX_VOCAB_ENTRIES
"""Pieces a ``.model`` may hold, counted as they are read (Jurassic-2 and Gemma: 262,144;
umT5: 256,300): bounds the memory of a file that declares millions."""

MAX_PIECE_BYTES = 8_000
"""A piece must be shorter than this many bytes (sentencepiece's ``kMaxPieceSize``)."""

_VARINT, _FIXED64, _LENGTH, _FIXED32 = 0, 1, 2, 5
_WHOLE_TYPES = ("UNKNOWN", "CONTROL", "USER_DEFINED")
"""Piece types matched whole (user-defined) or kept as special tokens: one compiled pattern."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One entry of the vocabulary; its id is its position.

    Attributes:
        piece: the piece string (``▁the``, ``<0xE4>``, ``<s>``).
        score: its score (BPE: higher merges first).
        type: one of ``PIECE_TYPES``' names.
    """

    piece: str
    score: float
    type: str


@dataclass(frozen=True, slots=True)
class SentencePieceModel:
    """What a ``.model`` says about its vocabulary, model and normalizer.

    Attributes:
        pieces: the pieces, in id order.
        model_type: one of ``MODEL_TYPES``' names.
        byte_fallback: unknown characters become ``<0xNN>`` byte pieces.
        normalizer_name: ``normalizer_spec.name`` (``identity``, ``nmt_nfkc``, ...).
        precompiled_charsmap: the normalizer's compiled rules (empty for ``identity``).
        add_dummy_prefix: ``▁`` is added before the text.
        remove_extra_whitespaces: leading, trailing and repeated spaces are removed.
        escape_whitespaces: spaces become ``▁``.
    """

    pieces: tuple[Piece, ...]
    model_type: str
    byte_fallback: bool
    normalizer_name: str
    precompiled_charsmap: bytes
    add_dummy_prefix: bool
    remove_extra_whitespaces: bool
    escape_whitespaces: bool


def _varint(data: bytes, pos: int, name: str) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= len(data):
            raise VocabFileError(f"{name}: truncated varint at byte {pos}")
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7
        if shift >= 70:
            raise VocabFileError(f"{name}: varint longer than 10 bytes at byte {pos}")


def _fields(data: bytes, name: str) -> Iterator[tuple[int, int, int | bytes]]:
    """``(field number, wire type, value)`` of one message: an int for varints, the raw
    bytes for the others."""
    pos, end = 0, len(data)
    while pos < end:
        key, pos = _varint(data, pos, name)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise VocabFileError(f"{name}: field number 0 at byte {pos}")
        if wire == _VARINT:
            value, pos = _varint(data, pos, name)
            yield number, wire, value
            continue
        if wire == _LENGTH:
            size, pos = _varint(data, pos, name)
        elif wire in (_FIXED32, _FIXED64):
            size = 4 if wire == _FIXED32 else 8
        else:
            raise VocabFileError(f"{name}: unsupported protobuf wire type {wire} at byte {pos}")
        if pos + size > end:
            raise VocabFileError(f"{name}: field {number} runs past the end (byte {pos})")
        yield number, wire, data[pos:pos + size]
        pos += size


def _expect(wire: int, wanted: int, name: str, what: str) -> None:
    if wire != wanted:
        raise VocabFileError(f"{name}: {what} has wire type {wire}, expected {wanted}")


def _text(value: bytes, name: str, what: str) -> str:
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError as e:
        raise VocabFileError(f"{name}: {what} is not UTF-8 ({e})") from e


def _piece(data: bytes, name: str, index: int) -> Piece:
    piece, score, kind = None, 0.0, 1
    for number, wire, value in _fields(data, name):
        if number == 1:
            _expect(wire, _LENGTH, name, f"pieces[{index}].piece")
            piece = _text(value, name, f"pieces[{index}].piece")
        elif number == 2:
            _expect(wire, _FIXED32, name, f"pieces[{index}].score")
            score = struct.unpack("<f", value)[0]
        elif number == 3:
            _expect(wire, _VARINT, name, f"pieces[{index}].type")
            kind = value
    if piece is None:
        raise VocabFileError(f"{name}: pieces[{index}] has no piece string")
    if kind not in PIECE_TYPES:
        raise VocabFileError(f"{name}: pieces[{index}] ({piece!r}) has unknown type {kind}")
    return Piece(piece, score, PIECE_TYPES[kind])


def _flags(data: bytes, name: str, wanted: dict[int, str]) -> dict[str, object]:
    """The wanted fields of a sub-message: varints as ints, strings and bytes as bytes."""
    found: dict[str, object] = {}
    for number, _, value in _fields(data, name):
        if number in wanted:
            found[wanted[number]] = value
    return found


def _check_pieces(pieces: list[Piece], byte_fallback: bool, name: str) -> None:
    """Refuse what sentencepiece's ``ModelInterface::InitializePieces`` refuses
    (``model_interface.cc``): an empty piece, one with NUL or of ``MAX_PIECE_BYTES`` bytes or
    more, a BYTE piece not written ``<0xHH>``, BYTE pieces without ``byte_fallback`` or not
    all 256 with it, no UNKNOWN piece or more than one; and more pieces matched whole than
    ``validate.check_whole_tokens`` admits.

    Raises:
        VocabFileError: naming the first such piece by id.
    """
    texts = [p.piece for p in pieces]
    if not all(texts) or "\0" in "".join(texts) or 4 * max(map(len, texts)) >= MAX_PIECE_BYTES:
        for i, text in enumerate(texts):  # checked at C speed above; this names the fault
            if not text or "\0" in text or len(text.encode("utf-8")) >= MAX_PIECE_BYTES:
                raise VocabFileError(f"{name}: piece {i} is empty, holds NUL or has "
                                     f"{MAX_PIECE_BYTES:,} bytes or more")
    unknown, byte_values = 0, set()
    for i, p in enumerate(pieces):
        if p.type == "UNKNOWN":
            unknown += 1
        elif p.type == "BYTE":
            if p.piece not in BYTE_PIECES:
                raise VocabFileError(f"{name}: BYTE piece {p.piece!r} (id {i}) is not <0xHH>")
            byte_values.add(BYTE_PIECES[p.piece])
    try:
        check_whole_tokens([p.piece for p in pieces if p.type in _WHOLE_TYPES])
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from e
    if unknown != 1:
        raise VocabFileError(f"{name}: {unknown} UNKNOWN pieces, not one")
    if byte_values and not byte_fallback:
        raise VocabFileError(f"{name}: BYTE pieces without byte_fallback")
    if byte_fallback and len(byte_values) != 256:
        raise VocabFileError(f"{name}: byte_fallback with {len(byte_values)} of the 256 BYTE "
                             "pieces")


def read_sentencepiece_model(source: str | os.PathLike | bytes, *, name: str | None = None,
                             max_bytes: int | None = None,
                             expected_hash: str | None = None) -> SentencePieceModel:
    """Read a SentencePiece ``.model`` file (or its bytes; ``.gz`` is gunzipped).

    Args:
        source: a path or the file's bytes.
        name: the name used in messages.
        max_bytes: size cap, checked before parsing.
        expected_hash: hex sha256 of the (uncompressed) content, checked if given.

    Returns:
        The model's pieces and settings.

    Raises:
        VocabFileError: for damaged or truncated input, a field of the wrong wire type, a
            piece without a string or of an unknown type, no pieces at all, more than
            ``MAX_PIECES``, or pieces the library refuses to load (``_check_pieces``).
        OSError: if the path cannot be read.
    """
    data, name = read_bytes(source, name=name, max_bytes=max_bytes, expected_hash=expected_hash)
    pieces: list[Piece] = []
    trainer: dict[str, object] = {}
    normalizer: dict[str, object] = {}
    for number, wire, value in _fields(data, name):
        if number in (1, 2, 3):
            _expect(wire, _LENGTH, name, f"ModelProto field {number}")
        if number == 1:
            if len(pieces) == MAX_PIECES:
                raise VocabFileError(f"{name}: more than {MAX_PIECES:,} pieces")
            pieces.append(_piece(value, name, len(pieces)))
        elif number == 2:
            trainer = _flags(value, name, {3: "model_type", 35: "byte_fallback"})
        elif number == 3:
            normalizer = _flags(value, name, {
                1: "name", 2: "precompiled_charsmap", 3: "add_dummy_prefix",
                4: "remove_extra_whitespaces", 5: "escape_whitespaces"})
    if not pieces:
        raise VocabFileError(f"{name}: no pieces (not a SentencePiece model?)")
    byte_fallback = bool(trainer.get("byte_fallback", 0))
    _check_pieces(pieces, byte_fallback, name)
    for key, value in (*trainer.items(), *normalizer.items()):
        wants_bytes = key in ("name", "precompiled_charsmap")
        if isinstance(value, bytes) != wants_bytes:
            raise VocabFileError(f"{name}: {key} has the wrong wire type")
    model_type = trainer.get("model_type", 1)
    if model_type not in MODEL_TYPES:
        raise VocabFileError(f"{name}: unknown model_type {model_type}")
    return SentencePieceModel(
        pieces=tuple(pieces),
        model_type=MODEL_TYPES[model_type],
        byte_fallback=byte_fallback,
        normalizer_name=_text(normalizer.get("name", b""), name, "normalizer_spec.name"),
        precompiled_charsmap=normalizer.get("precompiled_charsmap", b""),
        add_dummy_prefix=bool(normalizer.get("add_dummy_prefix", 1)),
        remove_extra_whitespaces=bool(normalizer.get("remove_extra_whitespaces", 1)),
        escape_whitespaces=bool(normalizer.get("escape_whitespaces", 1)),
    )
