"""Decode mode: ids typed by a person -> bytes and text, with every problem named.

Every bad item is named (not a number, out of range, unassigned) and the others still
decode. Bytes that are not valid UTF-8 (a character cut at the end or start of the list)
are kept as bytes: the report says how many characters could still be recovered
and where the invalid bytes are (byte-level BPE can give ids that are not whole UTF-8 characters).
"""

from __future__ import annotations

from dataclasses import dataclass

from bbpe_core import Encoding
from bbpe_core.id_list import id_items

from .caps import MAX_DECODE_BYTES, MAX_DECODE_CHARS, MAX_DECODE_IDS, check

__all__ = ["DecodeReport", "decode_ids", "id_problem"]


@dataclass(frozen=True)
class DecodeReport:
    """The result of decoding a list of ids.

    Attributes:
        ids: the valid ids, in order.
        problems: one sentence per bad item, naming it (empty when all are ids).
        data: their bytes as ``Encoding.decode_bytes`` gives them (the decoder, if the
            model has one, applied: SentencePiece's dummy-prefix space removed, WordPiece's
            pieces joined and its special tokens skipped).
        pieces: ``[(text, is_valid), ...]``: runs of decoded text (True) and runs
            of bytes that are not valid UTF-8, as space-separated hex (False).
        recovered_chars: characters decoded from valid UTF-8.
        invalid_bytes: bytes that are not valid UTF-8.
    """

    ids: list[int]
    problems: list[str]
    data: bytes
    pieces: list[tuple[str, bool]]
    recovered_chars: int
    invalid_bytes: int

    @property
    def valid_utf8(self) -> bool:
        """Whether all the bytes decode as UTF-8."""
        return self.invalid_bytes == 0

    def drawn(self, max_chars: int) -> list[tuple[str, bool]]:
        """``pieces`` cut after ``max_chars`` characters in all (a run of hex counts its
        text's characters), for a view drawn with labels."""
        out: list[tuple[str, bool]] = []
        left = max_chars
        for text, ok in self.pieces:
            if left <= 0:
                break
            out.append((text[:left], ok))
            left -= len(text)
        return out

    @property
    def text(self) -> str:
        """The bytes decoded as plain text (U+FFFD for bytes that are not valid UTF-8), to copy."""
        return self.data.decode("utf-8", errors="replace")


def _pieces(data: bytes) -> list[tuple[str, bool]]:
    """Runs of decoded text and of invalid bytes (as hex), built in one pass (each run
    joined once, so the work is linear in ``data``)."""
    text = data.decode("utf-8", errors="surrogateescape")
    pieces: list[tuple[str, bool]] = []
    run: list[str] = []
    valid = True
    for ch in text:
        bad = "\udc80" <= ch <= "\udcff"
        if run and valid == bad:  # the kind changes: close the run
            pieces.append((("" if valid else " ").join(run), valid))
            run = []
        valid = not bad
        run.append(f"{ord(ch) - 0xDC00:02x}" if bad else ch)
    if run:
        pieces.append((("" if valid else " ").join(run), valid))
    return pieces


def id_problem(enc: Encoding, k: int, item: str, tid: int | None) -> str | int:
    """Why item ``k`` (1-based; ``item`` as typed, ``tid`` its id or None if it is not a
    non-negative integer) is not a token of ``enc``, or its token's length in bytes if it is
    one (what the decoded text's cap, ``caps.MAX_DECODE_BYTES``, adds up)."""
    if tid is None:
        return f"item {k} ({item!r:.60}) is not a token id (a non-negative integer)"
    try:
        return len(enc.decode_single_token_bytes(tid))
    except KeyError:
        why = "out of range" if tid > enc.max_token_value else "an unassigned id"
        return (f"item {k} ({tid}) is not a token of {enc.name}: {why} "
                f"(ids run 0..{enc.max_token_value})")


def decode_ids(enc: Encoding, typed: str) -> DecodeReport:
    """Parse and decode ids, naming every bad item and decoding the others.

    Args:
        enc: the encoding.
        typed: ids separated by spaces/commas, or a JSON list.

    Returns:
        The ``DecodeReport``: the valid ids decoded in order, and one problem per bad
        item (not a number, or an id out of range or unassigned in ``enc``).

    Raises:
        ValueError: before any id is decoded, if ``typed`` is longer than
            ``caps.MAX_DECODE_CHARS``, holds more items than ``caps.MAX_DECODE_IDS``, or
            its tokens hold more than ``caps.MAX_DECODE_BYTES`` bytes.

    >>> from bbpe_core import get_encoding
    >>> r = decode_ids(get_encoding("gpt2"), "31373 x 995 60000")
    >>> r.text, r.problems[0]
    ('hello world', "item 2 ('x') is not a token id (a non-negative integer)")
    """
    check("The list", len(typed), MAX_DECODE_CHARS, "characters")
    items = id_items(typed)
    check("The list", len(items), MAX_DECODE_IDS, "items")
    ids, problems, size = [], [], 0
    for k, (item, tid) in enumerate(items, start=1):
        why = id_problem(enc, k, item, tid)
        if isinstance(why, str):
            problems.append(why)
        else:
            ids.append(tid)
            size += why
    check("The decoded text", size, MAX_DECODE_BYTES, "bytes")
    data = enc.decode_bytes(ids)  # through the decoder: WordPiece joins ## pieces
    pieces = _pieces(data)
    recovered = sum(len(t) for t, ok in pieces if ok)
    invalid = sum(len(t.split()) for t, ok in pieces if not ok)
    return DecodeReport(ids, problems, data, pieces, recovered, invalid)
