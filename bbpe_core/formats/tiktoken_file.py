"""The ``.tiktoken`` format: one ``base64(token_bytes) rank`` pair per line.

Source: tiktoken's ``load.py`` (``load_tiktoken_bpe`` / ``dump_tiktoken_bpe``).
The format holds only ``mergeable_ranks``; the split pattern and the special
tokens are given separately.
"""

from __future__ import annotations

import base64
import binascii
import os
from functools import partial

from ..encoding import Encoding
from ..source import VocabFileError, numbered_lines, parse_digits, read_bytes
from ..validate import MAX_VOCAB_ENTRIES

__all__ = ["load_tiktoken_bpe", "load_tiktoken", "save_tiktoken_bpe"]

MAX_LINES = MAX_VOCAB_ENTRIES
"""A .tiktoken file may hold at most this many lines (counted before any is decoded)."""

_FIELD_BYTES = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
"""The bytes of both fields of a line (base64's alphabet and padding, the rank's digits)."""
_strict_b64decode = partial(binascii.a2b_base64, strict_mode=True)


def load_tiktoken_bpe(
    source: str | os.PathLike | bytes,
    *,
    name: str | None = None,
    expected_hash: str | None = None,
    max_bytes: int | None = None,
) -> dict[bytes, int]:
    """Read a ``.tiktoken`` file (plain or gzipped) into ``mergeable_ranks``.

    Args:
        source: a path or the file's bytes.
        name: the name for messages.
        expected_hash: hex sha256 of the uncompressed content, checked if given.
        max_bytes: size cap, checked before parsing.

    Returns:
        token bytes -> rank.

    Raises:
        VocabFileError: (a ValueError) naming file and line for a malformed line, a
            duplicate token or rank, a negative rank, too many lines, a hash mismatch.
    """
    data, name = read_bytes(source, name=name, max_bytes=max_bytes, expected_hash=expected_hash)
    if data.count(b"\n") >= MAX_LINES + 1:
        raise VocabFileError(f"{name}: more than {MAX_LINES:,} lines")
    try:  # fast path: the whole file at C speed; any problem falls back to the careful loop
        ranks = _parse_plain(data)
        if ranks is not None:
            return ranks
    except (ValueError, binascii.Error):
        pass
    return _parse_carefully(data, name)


def _parse_plain(data: bytes) -> dict[bytes, int] | None:
    """The ranks of a file of ``base64 rank`` lines (one space, one newline, the last one
    optional, nothing else), checked at C speed; None for any other file.

    Raises:
        binascii.Error: for a field that is no strict base64 (padding, length).
    """
    if data.translate(None, _FIELD_BYTES + b" \n"):  # a byte of no field and no separator
        return None
    separators = data.translate(None, _FIELD_BYTES)  # the spaces and newlines, in order
    lines = (len(separators) + 1) // 2
    if separators != (b" \n" * lines)[: len(separators)]:
        return None
    fields = data.split()
    if len(fields) != 2 * lines:  # a field is empty: a separator at the start, two side by side
        return None
    rank_fields = fields[1::2]
    if not b"".join(rank_fields).isdigit():  # ASCII digits only (int() takes "+1", "1_0")
        return None
    tokens = list(map(_strict_b64decode, fields[0::2]))
    ranks = dict(zip(tokens, map(int, rank_fields)))
    if 0 < len(ranks) == len(tokens) <= MAX_LINES and b"" not in ranks \
            and len(set(ranks.values())) == len(ranks):
        return ranks
    return None


def _parse_carefully(data: bytes, name: str) -> dict[bytes, int]:
    """Parse line by line, raising ``VocabFileError`` at the first bad line."""
    ranks: dict[bytes, int] = {}
    seen: set[int] = set()
    for number, line in numbered_lines(data, name):
        if number > MAX_LINES:
            raise VocabFileError(f"{name}: more than {MAX_LINES:,} lines")
        if not line:
            continue
        try:
            b64, rank_text = line.split(" ")
            token = base64.b64decode(b64, validate=True)
        except (ValueError, binascii.Error) as e:
            raise VocabFileError(
                f"{name}:{number}: expected 'base64 rank', got {line[:60]!r}") from e
        rank = parse_digits(rank_text, f"{name}:{number}", "rank")  # not int(): '٣', '3_00'
        if rank in seen or token in ranks or not token:
            raise VocabFileError(f"{name}:{number}: empty token, or duplicate rank or token")
        ranks[token] = rank
        seen.add(rank)
    if not ranks:
        raise VocabFileError(f"{name}: no tokens")
    return ranks


def load_tiktoken(
    source: str | os.PathLike | bytes,
    *,
    name: str,
    pat_str: str,
    special_tokens: dict[str, int] | None = None,
    expected_hash: str | None = None,
    max_bytes: int | None = None,
    pattern_timeout: float | None = None,
) -> Encoding:
    """Build an ``Encoding`` from a ``.tiktoken`` file.

    Args:
        source, expected_hash, max_bytes: as for ``load_tiktoken_bpe``.
        name: the encoding's name.
        pat_str: its split pattern.
        special_tokens: text -> id (default none).
        pattern_timeout: seconds a split may take (for a user's pattern).

    Raises:
        ValueError: for a malformed file or an inconsistent vocabulary (named).
    """
    ranks = load_tiktoken_bpe(source, name=name, expected_hash=expected_hash, max_bytes=max_bytes)
    try:
        return Encoding(
            name,
            pat_str=pat_str,
            mergeable_ranks=ranks,
            special_tokens=special_tokens or {},
            pattern_timeout=pattern_timeout,
        )
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from e


def save_tiktoken_bpe(mergeable_ranks: dict[bytes, int], path: str | os.PathLike) -> None:
    """Write ``mergeable_ranks`` as a ``.tiktoken`` file, in rank order.

    The file reproduces an encoding's ids only with tiktoken's semantics (ids are
    merge priorities), which holds for the shipped encodings and ours trained.

    Args:
        mergeable_ranks: token bytes -> rank.
        path: where to write (overwritten).
    """
    with open(path, "w", encoding="ascii", newline="\n") as f:
        for token, rank in sorted(mergeable_ranks.items(), key=lambda kv: kv[1]):
            f.write(f"{base64.b64encode(token).decode()} {rank}\n")
