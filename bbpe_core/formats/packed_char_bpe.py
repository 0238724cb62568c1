"""Packed SentencePiece-style BPE: a HF ``tokenizer.json`` whose ``BPE`` has byte fallback
(Gemma 2 / 3) with its vocabulary and merges moved into binary arrays, so that a shipped
vocabulary of 262,144 pieces and half a million merges loads without parsing them as JSON
strings and lists (``scripts/fetch_vocabularies.py`` packs Gemma's files with
``pack_char_bpe_json``).

Layout (every integer little-endian)::

    bbpe-packed-char-bpe 1 <pieces> <merges>\\n  magic, format version, the two counts
    <the tokenizer.json object without model.vocab and model.merges: one line of JSON>\\n
    piece lengths: <pieces> uint16, in characters (code points)
    piece ids: <pieces> uint32
    merges, in priority order: <merges> pairs of uint32, the left and the right part as
        positions in that piece list
    the pieces' UTF-8 text, concatenated in model.vocab's order

The JSON line is read by the same code as a tokenizer.json (``hf_char_bpe.char_bpe_encoding``:
every section's type checked, anything not reproduced refused), and the merges stay arrays
(``models.bpe.merge_table.MergeTable``), so a file loads to exactly the encoding that
``load_hf_tokenizer_json`` builds from the tokenizer.json it was packed from.
"""

from __future__ import annotations

import os
from array import array

from ..encoding import Encoding
from ..models.base import SENTENCEPIECE_BPE
from ..models.bpe.merge_table import POSITION, MergeTable
from ..source import VocabFileError, read_bytes, read_json_object
from ..validate import MAX_MERGES, MAX_VOCAB_ENTRIES
from .hf_char_bpe import char_bpe_encoding
from .hf_json import DEFAULT_PATTERN_TIMEOUT, load_hf_tokenizer_json
from .packed import array_bytes, packed_bytes, read_array, read_header, split_text

__all__ = ["load_packed_char_bpe", "pack_char_bpe_json"]

MAGIC = b"bbpe-packed-char-bpe"
VERSION = b"1"
_LENGTH, _ID = "H", "I"
"""array type codes of uint16 and uint32 (2 and 4 bytes wherever CPython runs)."""
_IN_ARRAYS = ("vocab", "merges")


def pack_char_bpe_json(data: bytes, *, name: str = "tokenizer.json") -> bytes:
    """The packed form of a tokenizer.json whose BPE has byte fallback.

    The file is loaded first (``load_hf_tokenizer_json``, every check), so only a
    tokenizer.json that loads is packed.

    Args:
        data: the tokenizer.json's bytes.
        name: its name for messages.

    Returns:
        The packed file's bytes (the same bytes for the same input).

    Raises:
        VocabFileError: if the file does not load, its model is not BPE with byte
            fallback, or a piece is longer than 65,535 characters (its length is a uint16).
    """
    enc = load_hf_tokenizer_json(data, name=name, pattern_timeout=None)
    if enc.model_kind != SENTENCEPIECE_BPE:
        raise VocabFileError(f"{name}: only a BPE tokenizer.json with byte fallback is packed "
                             "here")
    doc, _ = read_json_object(data, name=name)
    merges = getattr(enc.encoder, "merges", None)
    if not isinstance(merges, MergeTable):
        raise VocabFileError(f"{name}: only a BPE tokenizer.json with byte fallback is packed "
                             "here")
    pieces = merges.pieces  # model.vocab's order, as load_hf_char_bpe keeps it
    ids = array(_ID, map(doc["model"]["vocab"].__getitem__, pieces))
    try:
        lengths = array(_LENGTH, map(len, pieces))
    except OverflowError:
        raise VocabFileError(f"{name}: a piece is longer than 65,535 characters") from None
    return packed_bytes(doc, [array_bytes(lengths), array_bytes(ids),
                              array_bytes(array(POSITION, merges.positions)),
                              "".join(pieces).encode("utf-8")],
                        magic=MAGIC, version=VERSION, counts=[len(pieces), len(merges)],
                        in_arrays=_IN_ARRAYS)


def load_packed_char_bpe(
    source: str | os.PathLike | bytes,
    *,
    name: str = "packed-char-bpe",
    expected_hash: str | None = None,
    max_bytes: int | None = None,
    pattern_timeout: float | None = DEFAULT_PATTERN_TIMEOUT,
    merges_checked: bool = False,
) -> Encoding:
    """Build an ``Encoding`` from a packed SentencePiece-style BPE file (plain or gzipped).

    Args:
        source: a path or the file's bytes.
        name: the encoding's name (also used in messages).
        expected_hash: hex sha256 of the uncompressed content, checked if given.
        max_bytes: size cap, checked before parsing.
        pattern_timeout: seconds a split by the file's pattern may take.
        merges_checked: True for a shipped file (``encodings.zoo``), whose sha256 the
            registry checked against the manifest: it was packed by ``pack_char_bpe_json``,
            which loaded it with every check, so each merge is not joined again to check
            that it makes a piece (the other checks still run).

    Raises:
        VocabFileError: (a ValueError) naming the file and what is malformed: the first
            line, the JSON line or a section of it, array sizes that do not add up, text
            that is not UTF-8 or not as long as the piece lengths say, a piece listed twice,
            a merge naming a position outside the piece list, or tables the tokenizer.json
            reader refuses.
    """
    data, name = read_bytes(source, name=name, max_bytes=max_bytes, expected_hash=expected_hash)
    (n_pieces, n_merges), doc, body = read_header(
        data, name, magic=MAGIC, version=VERSION, kind="SentencePiece-style BPE",
        caps={"pieces": MAX_VOCAB_ENTRIES, "merges": MAX_MERGES}, in_arrays=_IN_ARRAYS)
    model = doc.get("model")
    if not isinstance(model, dict) or model.get("type", "BPE") != "BPE" \
            or model.get("byte_fallback") is not True:
        raise VocabFileError(f"{name}: the JSON line's model must be an object of type BPE "
                             "with byte_fallback true")
    fixed = 6 * n_pieces + 8 * n_merges
    if len(body) < fixed:
        raise VocabFileError(f"{name}: {len(body):,} bytes of arrays, fewer than the "
                             f"{n_pieces:,} pieces and {n_merges:,} merges need")
    lengths = read_array(_LENGTH, body[:2 * n_pieces])
    ids = read_array(_ID, body[2 * n_pieces:6 * n_pieces])
    positions = read_array(POSITION, body[6 * n_pieces:fixed])
    pieces = split_text(body[fixed:], lengths, name)
    vocab = dict(zip(pieces, ids))
    if len(vocab) != n_pieces:
        raise VocabFileError(f"{name}: a piece is listed twice")
    try:
        merges = MergeTable(pieces, positions)
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from None
    return char_bpe_encoding(doc, name, vocab, merges, pattern_timeout,
                             check_merges=not merges_checked)
