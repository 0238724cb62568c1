"""Packed byte-level BPE: a HF ``tokenizer.json`` with its vocabulary and merges moved into
binary arrays, so that a large shipped vocabulary loads without decoding its GPT-2 strings
and splitting its merge strings again (``scripts/fetch_vocabularies.py`` packs DeepSeek's
official files with ``pack_tokenizer_json``).

Layout (every integer little-endian)::

    bbpe-packed-bpe 1 <tokens> <merges>\\n      magic, format version, the two counts
    <the tokenizer.json object without model.vocab and model.merges: one line of JSON>\\n
    token lengths: <tokens> uint16
    token ids: <tokens> uint32
    the tokens' bytes, concatenated in the same order
    merges, in priority order: <merges> pairs of uint32, the left and the right part as
        positions in that token list

The JSON line is read by the same code as a tokenizer.json (``hf_json.byte_level_options``:
every section's type checked, anything not reproduced refused), and the tables go through the
same ``Encoding`` checks, so a file loads to exactly the encoding that
``load_hf_tokenizer_json`` builds from the tokenizer.json it was packed from.
"""

from __future__ import annotations

import os
from array import array
from itertools import accumulate, chain

from ..encoding import Encoding
from ..source import VocabFileError, read_bytes, read_json_object
from ..validate import MAX_MERGES, MAX_VOCAB_ENTRIES
from .hf_json import (
    DEFAULT_PATTERN_TIMEOUT,
    byte_level_encoding,
    byte_level_options,
    load_hf_tokenizer_json,
)
from .packed import array_bytes, packed_bytes, read_array, read_header

__all__ = ["load_packed_bpe", "pack_tokenizer_json"]

MAGIC = b"bbpe-packed-bpe"
VERSION = b"1"
_LENGTH, _ID = "H", "I"
"""array type codes of uint16 and uint32 (2 and 4 bytes wherever CPython runs)."""


def pack_tokenizer_json(data: bytes, *, name: str = "tokenizer.json") -> bytes:
    """The packed form of a byte-level BPE tokenizer.json.

    The file is loaded first (``load_hf_tokenizer_json``, every check), so only a
    tokenizer.json that loads is packed.

    Args:
        data: the tokenizer.json's bytes.
        name: its name for messages.

    Returns:
        The packed file's bytes (the same bytes for the same input).

    Raises:
        VocabFileError: if the file does not load, is not byte-level BPE, or has a token
            longer than 65,535 bytes.
    """
    enc = load_hf_tokenizer_json(data, name=name, pattern_timeout=None)
    if not enc.byte_level:
        raise VocabFileError(f"{name}: only byte-level BPE is packed")
    doc, _ = read_json_object(data, name=name)
    ranks = enc.mergeable_ranks
    tokens = sorted(ranks, key=ranks.__getitem__)
    position = {token: k for k, token in enumerate(tokens)}
    try:
        lengths = array(_LENGTH, map(len, tokens))
    except OverflowError:
        raise VocabFileError(f"{name}: a token is longer than 65,535 bytes") from None
    ids = array(_ID, map(ranks.__getitem__, tokens))
    merges = enc.merges
    pairs = array(_ID, map(position.__getitem__, chain.from_iterable(merges)))
    return packed_bytes(doc, [array_bytes(lengths), array_bytes(ids), *tokens,
                              array_bytes(pairs)], magic=MAGIC, version=VERSION,
                        counts=[len(tokens), len(merges)], in_arrays=("vocab", "merges"))


def load_packed_bpe(
    source: str | os.PathLike | bytes,
    *,
    name: str = "packed-bpe",
    expected_hash: str | None = None,
    max_bytes: int | None = None,
    pattern_timeout: float | None = DEFAULT_PATTERN_TIMEOUT,
) -> Encoding:
    """Build an ``Encoding`` from a packed BPE file (plain or gzipped).

    Args:
        source: a path or the file's bytes.
        name: the encoding's name (also used in messages).
        expected_hash: hex sha256 of the uncompressed content, checked if given.
        max_bytes: size cap, checked before parsing.
        pattern_timeout: seconds a split by the file's pattern may take.

    Raises:
        VocabFileError: (a ValueError) naming the file and what is malformed: the first
            line, a section of the JSON line, array sizes that do not add up, a token
            listed twice, a merge naming a position outside the token list, or tables
            ``Encoding`` refuses.
    """
    data, name = read_bytes(source, name=name, max_bytes=max_bytes, expected_hash=expected_hash)
    (n_tokens, n_merges), doc, body = read_header(
        data, name, magic=MAGIC, version=VERSION, kind="BPE",
        caps={"tokens": MAX_VOCAB_ENTRIES, "merges": MAX_MERGES}, in_arrays=("vocab", "merges"))
    options = byte_level_options(doc, name, pattern_timeout)
    fixed = 6 * n_tokens + 8 * n_merges
    if len(body) < fixed:
        raise VocabFileError(f"{name}: {len(body):,} bytes of arrays, fewer than the "
                             f"{n_tokens:,} tokens and {n_merges:,} merges need")
    lengths = read_array(_LENGTH, body[:2 * n_tokens])
    ids = read_array(_ID, body[2 * n_tokens:6 * n_tokens])
    end = 6 * n_tokens + sum(lengths)
    if len(body) != end + 8 * n_merges:
        raise VocabFileError(f"{name}: {len(body):,} bytes of arrays, not the "
                             f"{end + 8 * n_merges:,} its counts and token lengths give")
    blob = bytes(body[6 * n_tokens:end])
    ends = list(accumulate(lengths))
    tokens = list(map(blob.__getitem__, map(slice, [0, *ends], ends)))
    ranks = dict(zip(tokens, ids))
    if len(ranks) != n_tokens:
        raise VocabFileError(f"{name}: a token is listed twice")
    positions = read_array(_ID, body[end:])
    try:
        lefts = list(map(tokens.__getitem__, positions[0::2]))
        rights = list(map(tokens.__getitem__, positions[1::2]))
    except IndexError:
        k = next(k for k, p in enumerate(positions) if p >= n_tokens)
        raise VocabFileError(f"{name}: merge {k // 2 + 1} names token {positions[k]:,}, "
                             f"outside the {n_tokens:,} tokens") from None
    return byte_level_encoding(name, ranks, list(zip(lefts, rights)), options)
