"""Packed Unigram: a HF ``tokenizer.json`` with a ``Unigram`` model whose ``model.vocab`` is
moved into binary arrays, so that a shipped vocabulary loads without parsing tens of thousands
of JSON score texts one by one (``scripts/fetch_vocabularies.py`` packs T5's and umT5's files
with ``pack_unigram_json``).

Layout (every number little-endian)::

    bbpe-packed-unigram 1 <pieces>\\n          magic, format version, the number of pieces
    <the tokenizer.json object without model.vocab: one line of JSON>\\n
    piece lengths: <pieces> uint16, in characters (code points)
    scores: <pieces> float64, each the value HF's parser reads from the file's score text
        (``hf_unigram.serde_float``), so no rounding happens on the way
    the pieces' UTF-8 text, concatenated in id order

The JSON line is read by the same code as a tokenizer.json (``hf_unigram.unigram_encoding``:
every section's type checked, anything not reproduced refused), so a file loads to exactly
the encoding that ``load_hf_tokenizer_json`` builds from the tokenizer.json it was packed from.
"""

from __future__ import annotations

import math
import os
from array import array

from ..encoding import Encoding
from ..models.base import UNIGRAM
from ..source import VocabFileError, read_bytes, read_json_object
from ..validate import MAX_VOCAB_ENTRIES
from .hf_json import load_hf_tokenizer_json
from .hf_unigram import serde_float, unigram_encoding
from .packed import array_bytes, packed_bytes, read_array, read_header, split_text

__all__ = ["load_packed_unigram", "pack_unigram_json"]

MAGIC = b"bbpe-packed-unigram"
VERSION = b"1"
_LENGTH, _SCORE = "H", "d"
"""array type codes of uint16 and float64 (2 and 8 bytes wherever CPython runs)."""


def pack_unigram_json(data: bytes, *, name: str = "tokenizer.json") -> bytes:
    """The packed form of a Unigram tokenizer.json.

    The file is loaded first (``load_hf_tokenizer_json``, every check), so only a
    tokenizer.json that loads is packed.

    Args:
        data: the tokenizer.json's bytes.
        name: its name for messages.

    Returns:
        The packed file's bytes (the same bytes for the same input).

    Raises:
        VocabFileError: if the file does not load (its pieces are at most
            ``validate.MAX_PIECE_BYTES``, so each length fits the uint16 it is packed in) or
            its model is not Unigram.
    """
    enc = load_hf_tokenizer_json(data, name=name)
    if enc.model_kind != UNIGRAM:
        raise VocabFileError(f"{name}: only a Unigram tokenizer.json is packed here")
    doc, _ = read_json_object(data, name=name, parse_float=serde_float)
    pieces, scores = map(list, zip(*doc["model"]["vocab"]))
    lengths = array(_LENGTH, map(len, pieces))
    return packed_bytes(doc, [array_bytes(lengths), array_bytes(array(_SCORE, map(float, scores))),
                              "".join(pieces).encode("utf-8")],
                        magic=MAGIC, version=VERSION, counts=[len(pieces)], in_arrays=("vocab",))


def load_packed_unigram(
    source: str | os.PathLike | bytes,
    *,
    name: str = "packed-unigram",
    expected_hash: str | None = None,
    max_bytes: int | None = None,
) -> Encoding:
    """Build an ``Encoding`` from a packed Unigram file (plain or gzipped).

    Args:
        source: a path or the file's bytes.
        name: the encoding's name (also used in messages).
        expected_hash: hex sha256 of the uncompressed content, checked if given.
        max_bytes: size cap, checked before parsing.

    Raises:
        VocabFileError: (a ValueError) naming the file and what is malformed: the first
            line, the JSON line or a section of it, array sizes that do not add up, text
            that is not UTF-8 or not as long as the piece lengths say, a score that is not
            finite, or tables ``Encoding`` refuses.
    """
    data, name = read_bytes(source, name=name, max_bytes=max_bytes, expected_hash=expected_hash)
    (n_pieces,), doc, body = read_header(
        data, name, magic=MAGIC, version=VERSION, kind="Unigram",
        caps={"pieces": MAX_VOCAB_ENTRIES}, in_arrays=("vocab",))
    model = doc.get("model")
    if not isinstance(model, dict) or model.get("type") != "Unigram":
        raise VocabFileError(f"{name}: the JSON line's model must be an object of type Unigram")
    if n_pieces == 0:
        raise VocabFileError(f"{name}: model.vocab must be a non-empty list of [piece, score]")
    fixed = 10 * n_pieces
    if len(body) < fixed:
        raise VocabFileError(f"{name}: {len(body):,} bytes of arrays, fewer than the "
                             f"{n_pieces:,} pieces need")
    lengths = read_array(_LENGTH, body[:2 * n_pieces])
    scores = read_array(_SCORE, body[2 * n_pieces:fixed]).tolist()
    if not all(map(math.isfinite, scores)):
        raise VocabFileError(f"{name}: a score is not a finite number")
    pieces = split_text(body[fixed:], lengths, name)
    return unigram_encoding(doc, pieces, scores, name)
