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
``write_sentencepiece_model`` is the reader's counterpart: the same fields, by the same
field numbers, back to bytes. This module builds no encoding (see ``formats.sentencepiece``).
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from ..source import VocabFileError, read_bytes
from ..validate import MAX_VOCAB_ENTRIES
from ..validate import check_pieces as check_vocabulary

__all__ = [
    "MAX_PIECES",
    "MODEL_FIELDS",
    "MODEL_TYPES",
    "NORMALIZER_FIELDS",
    "PIECE_FIELDS",
    "PIECE_TYPES",
    "TRAINER_FIELDS",
    "Piece",
    "SentencePieceModel",
    "check_pieces",
    "read_sentencepiece_model",
    "write_sentencepiece_model",
]

PIECE_TYPES = {1: "NORMAL", 2: "UNKNOWN", 3: "CONTROL", 4: "USER_DEFINED", 5: "UNUSED", 6: "BYTE"}
"""``ModelProto.SentencePiece.Type`` values and names."""

MODEL_TYPES = {1: "UNIGRAM", 2: "BPE", 3: "WORD", 4: "CHAR"}
"""``TrainerSpec.ModelType`` values and names."""

MAX_PIECES = MAX_VOCAB_ENTRIES
"""Pieces a ``.model`` may hold, counted as they are read (Jurassic-2 and Gemma: 262,144;
umT5: 256,300): bounds the memory of a file that declares millions."""

MODEL_FIELDS = {"pieces": 1, "trainer_spec": 2, "normalizer_spec": 3}
"""``ModelProto``'s field numbers (the fields we read and write)."""

PIECE_FIELDS = {"piece": 1, "score": 2, "type": 3}
"""``ModelProto.SentencePiece``'s field numbers."""

TRAINER_FIELDS = {"model_type": 3, "vocab_size": 4, "byte_fallback": 35}
"""``TrainerSpec``'s field numbers (the fields we read and write)."""

NORMALIZER_FIELDS = {"name": 1, "precompiled_charsmap": 2, "add_dummy_prefix": 3,
                     "remove_extra_whitespaces": 4, "escape_whitespaces": 5}
"""``NormalizerSpec``'s field numbers."""

_VARINT, _FIXED64, _LENGTH, _FIXED32 = 0, 1, 2, 5
_FLOAT = struct.Struct("<f")


class Piece(NamedTuple):
    """One entry of the vocabulary; its id is its position (a named tuple: a file of
    hundreds of thousands of pieces is read with one tuple each, where a frozen dataclass's
    ``__init__`` sets each field through ``object.__setattr__``).

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


def _fields(data: bytes, name: str, pos: int = 0) -> Iterator[tuple[int, int, int | bytes]]:
    """``(field number, wire type, value)`` of one message from byte ``pos``: an int for
    varints, the raw bytes for the others."""
    end = len(data)
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
        if number == PIECE_FIELDS["piece"]:
            _expect(wire, _LENGTH, name, f"pieces[{index}].piece")
            piece = _text(value, name, f"pieces[{index}].piece")
        elif number == PIECE_FIELDS["score"]:
            _expect(wire, _FIXED32, name, f"pieces[{index}].score")
            score = struct.unpack("<f", value)[0]
        elif number == PIECE_FIELDS["type"]:
            _expect(wire, _VARINT, name, f"pieces[{index}].type")
            kind = value
    if piece is None:
        raise VocabFileError(f"{name}: pieces[{index}] has no piece string")
    if kind not in PIECE_TYPES:
        raise VocabFileError(f"{name}: pieces[{index}] ({piece!r}) has unknown type {kind}")
    return Piece(piece, score, PIECE_TYPES[kind])


def _leading_pieces(data: bytes, name: str) -> tuple[list[Piece], int]:
    """The pieces the file starts with, in one loop: a piece of the common layout
    (``piece`` under 128 bytes, ``score``, an optional one-byte ``type``) is read in line,
    any other by ``_piece``; and where the general reader must go on (the first field that
    is not a piece)."""
    pieces: list[Piece] = []
    append, unpack, types = pieces.append, _FLOAT.unpack_from, PIECE_TYPES
    pos, size = 0, len(data)
    while pos < size and data[pos] == 0x0A and len(pieces) < MAX_PIECES:  # then the
        # general reader refuses the next piece
        length, start = _varint(data, pos + 1, name)
        end = start + length
        if end > size:
            break  # the general reader names the damage
        at = start + 2 + data[start + 1] if length >= 7 else end
        if length >= 7 and data[start] == 0x0A and data[start + 1] < 0x80 and at + 5 <= end \
                and data[at] == 0x15 and (at + 5 == end or (
                    at + 7 == end and data[at + 5] == 0x18 and data[at + 6] in types)):
            try:
                piece = data[start + 2:at].decode("utf-8")
            except UnicodeDecodeError:
                piece = None
            if piece is not None:
                kind = "NORMAL" if at + 5 == end else types[data[at + 6]]
                append(Piece(piece, unpack(data, at + 1)[0], kind))
                pos = end
                continue
        append(_piece(data[start:end], name, len(pieces)))
        pos = end
    return pieces, pos


def _flags(data: bytes, name: str, wanted: dict[int, str]) -> dict[str, object]:
    """The wanted fields of a sub-message: varints as ints, strings and bytes as bytes."""
    found: dict[str, object] = {}
    for number, _, value in _fields(data, name):
        if number in wanted:
            found[wanted[number]] = value
    return found


def check_pieces(model: SentencePieceModel, name: str,
                 fields: tuple[str, str, str] = ("pieces",) * 3) -> None:
    """Refuse a model's pieces by ``validate.check_pieces``' rules (what sentencepiece refuses
    to load, and what would load and encode wrongly), whatever file they came from; the
    reader reads them all, so that a model can be written back as it was.

    Args:
        model: what ``read_sentencepiece_model`` read (or a GGUF file's tokenizer).
        name: the file's name for messages.
        fields: the file's fields of the pieces, scores and types, for messages.

    Raises:
        VocabFileError: naming the file, the field and the first such piece by id.
    """
    pieces = model.pieces
    try:
        check_vocabulary([p.piece for p in pieces], [p.type for p in pieces],
                         [p.score for p in pieces], model.byte_fallback, fields)
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from e


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
            ``MAX_PIECES`` (``check_pieces`` refuses what would not load or encode exactly).
        OSError: if the path cannot be read.
    """
    data, name = read_bytes(source, name=name, max_bytes=max_bytes, expected_hash=expected_hash)
    pieces, start = _leading_pieces(data, name)
    trainer: dict[str, object] = {}
    normalizer: dict[str, object] = {}
    for number, wire, value in _fields(data, name, start):
        if number in MODEL_FIELDS.values():
            _expect(wire, _LENGTH, name, f"ModelProto field {number}")
        if number == MODEL_FIELDS["pieces"]:
            if len(pieces) == MAX_PIECES:
                raise VocabFileError(f"{name}: more than {MAX_PIECES:,} pieces")
            pieces.append(_piece(value, name, len(pieces)))
        elif number == MODEL_FIELDS["trainer_spec"]:
            trainer = _flags(value, name, {TRAINER_FIELDS["model_type"]: "model_type",
                                           TRAINER_FIELDS["byte_fallback"]: "byte_fallback"})
        elif number == MODEL_FIELDS["normalizer_spec"]:
            normalizer = _flags(value, name, {v: k for k, v in NORMALIZER_FIELDS.items()})
    if not pieces:
        raise VocabFileError(f"{name}: no pieces (not a SentencePiece model?)")
    byte_fallback = bool(trainer.get("byte_fallback", 0))
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


def _key(number: int, wire: int) -> bytes:
    return _varint_bytes(number << 3 | wire)


def _varint_bytes(value: int) -> bytes:
    value &= (1 << 64) - 1  # negative int32/int64 as ten bytes, as protobuf writes them
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def _length_field(number: int, payload: bytes) -> bytes:
    return _key(number, _LENGTH) + _varint_bytes(len(payload)) + payload


def _varint_field(number: int, value: int) -> bytes:
    return _key(number, _VARINT) + _varint_bytes(value)


def write_sentencepiece_model(model: SentencePieceModel) -> bytes:
    """The ``.model`` bytes of ``model``: the fields ``read_sentencepiece_model`` reads.

    Every piece is written with its string, score (a 32-bit float, as the proto has it) and
    type; ``trainer_spec`` with ``model_type``, ``vocab_size`` (the number of pieces) and
    ``byte_fallback``; ``normalizer_spec`` with all five of its fields, so no proto default
    is relied on. ``sentencepiece``'s loader needs nothing else to encode.

    Args:
        model: the pieces and settings.

    Returns:
        The serialized ``ModelProto``; ``read_sentencepiece_model`` gives ``model`` back
        (scores rounded to 32-bit floats).

    Raises:
        ValueError: for a piece type or model type not in ``PIECE_TYPES`` / ``MODEL_TYPES``.
    """
    type_numbers = {kind: number for number, kind in PIECE_TYPES.items()}
    model_numbers = {kind: number for number, kind in MODEL_TYPES.items()}
    if model.model_type not in model_numbers:
        raise ValueError(f"unknown model_type {model.model_type!r}")
    out = bytearray()
    for index, p in enumerate(model.pieces):
        if p.type not in type_numbers:
            raise ValueError(f"pieces[{index}] ({p.piece!r}) has unknown type {p.type!r}")
        body = (_length_field(PIECE_FIELDS["piece"], p.piece.encode("utf-8"))
                + _key(PIECE_FIELDS["score"], _FIXED32) + struct.pack("<f", p.score)
                + _varint_field(PIECE_FIELDS["type"], type_numbers[p.type]))
        out += _length_field(MODEL_FIELDS["pieces"], body)
    trainer = (_varint_field(TRAINER_FIELDS["model_type"], model_numbers[model.model_type])
               + _varint_field(TRAINER_FIELDS["vocab_size"], len(model.pieces))
               + _varint_field(TRAINER_FIELDS["byte_fallback"], int(model.byte_fallback)))
    out += _length_field(MODEL_FIELDS["trainer_spec"], trainer)
    normalizer = (
        _length_field(NORMALIZER_FIELDS["name"], model.normalizer_name.encode("utf-8"))
        + _length_field(NORMALIZER_FIELDS["precompiled_charsmap"], model.precompiled_charsmap)
        + b"".join(_varint_field(NORMALIZER_FIELDS[flag], int(getattr(model, flag)))
                   for flag in ("add_dummy_prefix", "remove_extra_whitespaces",
                                "escape_whitespaces")))
    out += _length_field(MODEL_FIELDS["normalizer_spec"], normalizer)
    return bytes(out)
